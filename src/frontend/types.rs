//! C types and their sizes under a target profile; integer promotions and conversions.
//!
//! [`CType`] is the C-level type the lowering computes for every expression; struct and union
//! definitions live in a [`TypeTable`] (so that self-referential structs work through pointers).
//! Layout follows the System V rules parameterised by the [`Target`]: each member at the next
//! multiple of its alignment, bit-fields packed into units of their declared type without
//! crossing a unit boundary, the struct size rounded up to its alignment. Integer promotions, the
//! usual arithmetic conversions (C99 6.3.1.1, 6.3.1.8) and the type of integer literals
//! (6.4.4.1) are computed exactly for the target's widths.

use crate::ir;
use crate::target::{ScalarKind, Target};
use std::rc::Rc;

/// The integer types, including `_Bool` and plain `char` (whose signedness is the target's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntKind {
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
    Int128,
    UInt128,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    Float,
    Double,
    LongDouble,
}

/// Index of a struct or union definition in a [`TypeTable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StructId(pub u32);

/// A C type (qualifiers dropped: they do not change values).
#[derive(Clone, Debug, PartialEq)]
pub enum CType {
    Void,
    Int(IntKind),
    Float(FloatKind),
    Pointer(Box<CType>),
    /// Array with its number of elements (`None`: incomplete, `int a[]`).
    Array(Box<CType>, Option<u64>),
    Struct(StructId),
    Func(Rc<FuncType>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct FuncType {
    pub ret: CType,
    pub params: Vec<CType>,
    pub variadic: bool,
    /// False for old-style `f()` declarations (any arguments accepted).
    pub prototyped: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aggregate {
    Struct,
    Union,
}

/// A member of a struct or union, with its layout.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// `None` for an anonymous struct/union member (its fields are found through it).
    pub name: Option<String>,
    pub ty: CType,
    /// Byte offset (for a bit-field: of the byte holding its first bit).
    pub offset: u64,
    /// For bit-fields: (bit offset inside the byte at `offset`, width).
    pub bitfield: Option<(u16, u16)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StructDef {
    pub kind: Aggregate,
    pub tag: Option<String>,
    pub fields: Vec<Field>,
    pub size: u64,
    pub align: u64,
    pub complete: bool,
}

/// A member as declared, before layout.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldSpec {
    pub name: Option<String>,
    pub ty: CType,
    pub bit_width: Option<u16>,
    /// An alignment request on the member (`_Alignas`, `aligned(N)`): at least this.
    pub align: Option<u64>,
    /// `__attribute__((packed))` on the member: alignment 1 (before `align`).
    pub packed: bool,
}

/// Layout requests on a whole struct or union (GCC's rules).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Packing {
    /// `__attribute__((packed))`: members aligned to 1 unless they request an alignment;
    /// bit-fields packed bit by bit.
    pub packed: bool,
    /// `#pragma pack(N)`: every member's alignment (including requested ones) capped at N;
    /// zero-width bit-fields still align to their type.
    pub pack: Option<u64>,
    /// `__attribute__((aligned(N)))` on the type: its alignment is at least N.
    pub align: Option<u64>,
}

/// All struct/union definitions of a translation unit.
#[derive(Clone, Debug, Default)]
pub struct TypeTable {
    pub structs: Vec<StructDef>,
}

/// One scalar cell of a flattened object: its access path suffix (`.f`, `[2]`, `.a[1].x`),
/// byte offset, C type and bit-field position.
#[derive(Clone, Debug, PartialEq)]
pub struct CellShape {
    pub path: String,
    pub offset: u64,
    pub ty: CType,
    pub bitfield: Option<(u16, u16)>,
}

impl IntKind {
    /// Conversion rank (C99 6.3.1.1); plain/signed/unsigned char share one rank.
    pub fn rank(self) -> u8 {
        match self {
            IntKind::Bool => 0,
            IntKind::Char | IntKind::SChar | IntKind::UChar => 1,
            IntKind::Short | IntKind::UShort => 2,
            IntKind::Int | IntKind::UInt => 3,
            IntKind::Long | IntKind::ULong => 4,
            IntKind::LongLong | IntKind::ULongLong => 5,
            IntKind::Int128 | IntKind::UInt128 => 6,
        }
    }

    pub fn bits(self, t: &Target) -> u16 {
        match self {
            IntKind::Bool => t.bool_bits,
            IntKind::Char | IntKind::SChar | IntKind::UChar => t.char_bits,
            IntKind::Short | IntKind::UShort => t.short_bits,
            IntKind::Int | IntKind::UInt => t.int_bits,
            IntKind::Long | IntKind::ULong => t.long_bits,
            IntKind::LongLong | IntKind::ULongLong => t.long_long_bits,
            IntKind::Int128 | IntKind::UInt128 => 128,
        }
    }

    pub fn is_signed(self, t: &Target) -> bool {
        match self {
            IntKind::Char => t.char_signed,
            IntKind::SChar
            | IntKind::Short
            | IntKind::Int
            | IntKind::Long
            | IntKind::LongLong
            | IntKind::Int128 => true,
            _ => false,
        }
    }

    /// The unsigned type of the same rank.
    pub fn to_unsigned(self) -> IntKind {
        match self {
            IntKind::Char | IntKind::SChar => IntKind::UChar,
            IntKind::Short => IntKind::UShort,
            IntKind::Int => IntKind::UInt,
            IntKind::Long => IntKind::ULong,
            IntKind::LongLong => IntKind::ULongLong,
            IntKind::Int128 => IntKind::UInt128,
            k => k,
        }
    }

    /// The IR type of a value of this kind (`_Bool` is `Bool`).
    pub fn ir(self, t: &Target) -> ir::Type {
        match self {
            IntKind::Bool => ir::Type::Bool,
            k => ir::Type::Int {
                bits: k.bits(t),
                signed: k.is_signed(t),
            },
        }
    }

    /// Value range of the kind on the target.
    pub fn range(self, t: &Target) -> (i128, i128) {
        let ty = self.ir(t);
        (ty.min_value(), ty.max_value())
    }

    fn scalar_kind(self) -> ScalarKind {
        match self {
            IntKind::Bool => ScalarKind::Bool,
            IntKind::Char | IntKind::SChar | IntKind::UChar => ScalarKind::Char,
            IntKind::Short | IntKind::UShort => ScalarKind::Short,
            IntKind::Int | IntKind::UInt => ScalarKind::Int,
            IntKind::Long | IntKind::ULong => ScalarKind::Long,
            IntKind::LongLong | IntKind::ULongLong => ScalarKind::LongLong,
            IntKind::Int128 | IntKind::UInt128 => ScalarKind::Int128,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            IntKind::Bool => "_Bool",
            IntKind::Char => "char",
            IntKind::SChar => "signed char",
            IntKind::UChar => "unsigned char",
            IntKind::Short => "short",
            IntKind::UShort => "unsigned short",
            IntKind::Int => "int",
            IntKind::UInt => "unsigned int",
            IntKind::Long => "long",
            IntKind::ULong => "unsigned long",
            IntKind::LongLong => "long long",
            IntKind::ULongLong => "unsigned long long",
            IntKind::Int128 => "__int128",
            IntKind::UInt128 => "unsigned __int128",
        }
    }
}

/// Integer promotion (C99 6.3.1.1p2): types of rank below int become int when int can represent
/// all their values, else unsigned int.
pub fn promote(k: IntKind, t: &Target) -> IntKind {
    if k.rank() >= IntKind::Int.rank() {
        return k;
    }
    if fits_in(k, IntKind::Int, t) {
        IntKind::Int
    } else {
        IntKind::UInt
    }
}

/// Promotion of a bit-field of `width` bits declared with kind `k`.
pub fn promote_bitfield(k: IntKind, width: u16, t: &Target) -> IntKind {
    if k == IntKind::Bool {
        return IntKind::Int;
    }
    if k.rank() > IntKind::Int.rank() {
        return k;
    }
    let signed = k.is_signed(t);
    let ib = t.int_bits;
    if (signed && width <= ib) || (!signed && width < ib) {
        IntKind::Int
    } else {
        IntKind::UInt
    }
}

/// True when every value of `a` is representable in `b`.
pub fn fits_in(a: IntKind, b: IntKind, t: &Target) -> bool {
    let (alo, ahi) = a.range(t);
    let (blo, bhi) = b.range(t);
    blo <= alo && ahi <= bhi
}

/// The usual arithmetic conversions (C99 6.3.1.8) on two integer kinds: the common type.
pub fn usual_arith(a: IntKind, b: IntKind, t: &Target) -> IntKind {
    let a = promote(a, t);
    let b = promote(b, t);
    if a == b {
        return a;
    }
    let (sa, sb) = (a.is_signed(t), b.is_signed(t));
    if sa == sb {
        return if a.rank() >= b.rank() { a } else { b };
    }
    let (s, u) = if sa { (a, b) } else { (b, a) };
    if u.rank() >= s.rank() {
        u
    } else if fits_in(u, s, t) {
        s
    } else {
        s.to_unsigned()
    }
}

/// The type of an integer constant (C99 6.4.4.1): the first kind of the candidate list that
/// can represent the value; `None` when none can (the caller reports it).
pub fn literal_type(
    value: u128,
    unsigned: bool,
    long: u8,
    non_decimal: bool,
    t: &Target,
) -> Option<IntKind> {
    use IntKind::*;
    let cands: &[IntKind] = match (unsigned, long, non_decimal) {
        (false, 0, false) => &[Int, Long, LongLong],
        (false, 0, true) => &[Int, UInt, Long, ULong, LongLong, ULongLong],
        (true, 0, _) => &[UInt, ULong, ULongLong],
        (false, 1, false) => &[Long, LongLong],
        (false, 1, true) => &[Long, ULong, LongLong, ULongLong],
        (true, 1, _) => &[ULong, ULongLong],
        (false, _, false) => &[LongLong],
        (false, _, true) => &[LongLong, ULongLong],
        (true, _, _) => &[ULongLong],
    };
    cands
        .iter()
        .copied()
        .find(|k| value <= k.range(t).1 as u128)
}

impl CType {
    pub fn int() -> CType {
        CType::Int(IntKind::Int)
    }
    pub fn ptr_to(t: CType) -> CType {
        CType::Pointer(Box::new(t))
    }
    pub fn is_integer(&self) -> bool {
        matches!(self, CType::Int(_))
    }
    pub fn is_pointer(&self) -> bool {
        matches!(self, CType::Pointer(_))
    }
    pub fn is_float(&self) -> bool {
        matches!(self, CType::Float(_))
    }
    pub fn is_arith(&self) -> bool {
        matches!(self, CType::Int(_) | CType::Float(_))
    }
    /// Integer, pointer or floating type.
    pub fn is_scalar(&self) -> bool {
        matches!(self, CType::Int(_) | CType::Float(_) | CType::Pointer(_))
    }
    pub fn is_void(&self) -> bool {
        matches!(self, CType::Void)
    }
    pub fn is_aggregate(&self) -> bool {
        matches!(self, CType::Array(..) | CType::Struct(_))
    }
    pub fn is_func(&self) -> bool {
        matches!(self, CType::Func(_))
    }
    pub fn pointee(&self) -> Option<&CType> {
        match self {
            CType::Pointer(t) => Some(t),
            _ => None,
        }
    }
    /// The function type of a function or a pointer to function.
    pub fn as_func(&self) -> Option<&Rc<FuncType>> {
        match self {
            CType::Func(f) => Some(f),
            CType::Pointer(t) => match &**t {
                CType::Func(f) => Some(f),
                _ => None,
            },
            _ => None,
        }
    }
    /// Array-to-pointer and function-to-pointer decay.
    pub fn decay(&self) -> CType {
        match self {
            CType::Array(e, _) => CType::Pointer(e.clone()),
            CType::Func(_) => CType::Pointer(Box::new(self.clone())),
            t => t.clone(),
        }
    }
}

impl TypeTable {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn get(&self, id: StructId) -> &StructDef {
        &self.structs[id.0 as usize]
    }

    /// Declares an (incomplete) struct or union and returns its id.
    pub fn declare(&mut self, kind: Aggregate, tag: Option<String>) -> StructId {
        self.structs.push(StructDef {
            kind,
            tag,
            fields: Vec::new(),
            size: 0,
            align: 1,
            complete: false,
        });
        StructId(self.structs.len() as u32 - 1)
    }

    /// Lays out the members of a declared struct/union and marks it complete.
    pub fn define(
        &mut self,
        id: StructId,
        fields: Vec<FieldSpec>,
        target: &Target,
    ) -> Result<(), String> {
        self.define_packed(id, fields, target, Packing::default())
    }

    /// [`TypeTable::define`] with layout requests.
    pub fn define_packed(
        &mut self,
        id: StructId,
        fields: Vec<FieldSpec>,
        target: &Target,
        packing: Packing,
    ) -> Result<(), String> {
        let kind = self.get(id).kind;
        let mut out = Vec::new();
        let mut bitpos: u64 = 0; // struct: next free bit
        let mut size: u64 = 0; // union: max member size
        let mut align: u64 = 1;
        let nfields = fields.len();
        for (i, f) in fields.into_iter().enumerate() {
            let fsize = match self.size_of(&f.ty, target) {
                Some(s) => s,
                None => {
                    // a flexible array member at the end of a struct
                    if i + 1 == nfields && matches!(f.ty, CType::Array(_, None)) {
                        0
                    } else {
                        return Err(format!(
                            "field `{}` has incomplete type",
                            f.name.clone().unwrap_or_default()
                        ));
                    }
                }
            };
            let natural = self.align_of(&f.ty, target).unwrap_or(1);
            let mut falign = if f.packed || (packing.packed && f.bit_width.is_none()) {
                1
            } else {
                natural
            };
            if let Some(a) = f.align {
                falign = falign.max(a);
            }
            if let Some(p) = packing.pack {
                falign = falign.min(p);
            }
            if f.bit_width == Some(0) {
                // a zero-width bit-field aligns to its type whatever the packing
                falign = natural;
            }
            if packing.packed && f.bit_width.is_some_and(|w| w > 0) && kind == Aggregate::Struct {
                // packed bit-fields: bit by bit, no storage units (and no alignment demand)
                let w = f.bit_width.unwrap_or(0);
                if f.name.is_some() {
                    out.push(Field {
                        name: f.name,
                        ty: f.ty,
                        offset: bitpos / 8,
                        bitfield: Some(((bitpos % 8) as u16, w)),
                    });
                }
                bitpos += w as u64;
                continue;
            }
            match f.bit_width {
                Some(w) => {
                    if !f.ty.is_integer() {
                        return Err("bit-field has non-integer type".into());
                    }
                    let unit = fsize * 8;
                    if w as u64 > unit {
                        return Err(format!(
                            "width of bit-field `{}` ({}) exceeds its type",
                            f.name.clone().unwrap_or_default(),
                            w
                        ));
                    }
                    if kind == Aggregate::Union {
                        if w > 0 {
                            out.push(Field {
                                name: f.name,
                                ty: f.ty,
                                offset: 0,
                                bitfield: Some((0, w)),
                            });
                            size = size.max((w as u64).div_ceil(8));
                            align = align.max(falign);
                        }
                        continue;
                    }
                    if w == 0 {
                        bitpos = align_up(bitpos, falign * 8);
                        continue;
                    }
                    // GCC (PCC_BITFIELD_TYPE_MATTERS): a field may not straddle an aligned
                    // storage unit of its declared type; the unit starts at a multiple of the
                    // type's alignment (4 for `long long` on i386, so such a unit may start
                    // at any 32-bit boundary).
                    let unit_bits = unit.max(8);
                    let align_bits = (falign * 8).max(8);
                    if (bitpos % align_bits) + w as u64 > unit_bits {
                        bitpos = align_up(bitpos, align_bits);
                    }
                    if f.name.is_some() {
                        align = align.max(falign);
                    }
                    if f.name.is_some() {
                        out.push(Field {
                            name: f.name,
                            ty: f.ty,
                            offset: bitpos / 8,
                            bitfield: Some(((bitpos % 8) as u16, w)),
                        });
                    }
                    bitpos += w as u64;
                }
                None => {
                    if kind == Aggregate::Union {
                        size = size.max(fsize);
                        align = align.max(falign);
                        out.push(Field {
                            name: f.name,
                            ty: f.ty,
                            offset: 0,
                            bitfield: None,
                        });
                    } else {
                        let off = align_up(bitpos.div_ceil(8), falign);
                        align = align.max(falign);
                        out.push(Field {
                            name: f.name,
                            ty: f.ty,
                            offset: off,
                            bitfield: None,
                        });
                        bitpos = (off + fsize) * 8;
                    }
                }
            }
        }
        let raw = if kind == Aggregate::Union {
            size
        } else {
            bitpos.div_ceil(8)
        };
        if let Some(a) = packing.align {
            align = align.max(a);
        }
        let def = &mut self.structs[id.0 as usize];
        def.fields = out;
        def.align = align;
        def.size = align_up(raw, align);
        def.complete = true;
        Ok(())
    }

    /// Size in bytes, `None` for incomplete types, void and functions.
    pub fn size_of(&self, ty: &CType, t: &Target) -> Option<u64> {
        match ty {
            CType::Void | CType::Func(_) => None,
            CType::Int(k) => Some(t.scalar_bytes(k.scalar_kind())),
            CType::Float(k) => Some(t.scalar_bytes(float_kind(*k))),
            CType::Pointer(_) => Some(t.scalar_bytes(ScalarKind::Pointer)),
            CType::Array(e, n) => {
                let es = self.size_of(e, t)?;
                Some(es.checked_mul((*n)?)?)
            }
            CType::Struct(id) => {
                let d = self.get(*id);
                d.complete.then_some(d.size)
            }
        }
    }

    /// Alignment in bytes.
    pub fn align_of(&self, ty: &CType, t: &Target) -> Option<u64> {
        match ty {
            CType::Void | CType::Func(_) => None,
            CType::Int(k) => Some(t.scalar_align(k.scalar_kind())),
            CType::Float(k) => Some(t.scalar_align(float_kind(*k))),
            CType::Pointer(_) => Some(t.scalar_align(ScalarKind::Pointer)),
            CType::Array(e, _) => self.align_of(e, t),
            CType::Struct(id) => {
                let d = self.get(*id);
                d.complete.then_some(d.align)
            }
        }
    }

    /// Finds a member (also inside anonymous members): the path of fields from the struct to it
    /// and the accumulated byte offset.
    pub fn find_field(&self, id: StructId, name: &str) -> Option<(u64, Field)> {
        let d = self.get(id);
        for f in &d.fields {
            match &f.name {
                Some(n) if n == name => return Some((f.offset, f.clone())),
                None => {
                    if let CType::Struct(inner) = &f.ty {
                        if let Some((off, g)) = self.find_field(*inner, name) {
                            return Some((f.offset + off, g));
                        }
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// The scalar cells of an object of type `ty`, in layout order; `None` when the type is
    /// incomplete or has more than `limit` cells.
    pub fn cells(&self, ty: &CType, t: &Target, limit: usize) -> Option<Vec<CellShape>> {
        let mut out = Vec::new();
        self.cells_rec(ty, t, "", 0, &mut out, limit)?;
        (out.len() <= limit).then_some(out)
    }

    fn cells_rec(
        &self,
        ty: &CType,
        t: &Target,
        path: &str,
        off: u64,
        out: &mut Vec<CellShape>,
        limit: usize,
    ) -> Option<()> {
        if out.len() > limit {
            return None;
        }
        match ty {
            CType::Void | CType::Func(_) => None,
            CType::Int(_) | CType::Float(_) | CType::Pointer(_) => {
                out.push(CellShape {
                    path: path.to_string(),
                    offset: off,
                    ty: ty.clone(),
                    bitfield: None,
                });
                Some(())
            }
            CType::Array(e, n) => {
                let n = (*n)?;
                if n as usize > limit {
                    return None;
                }
                let es = self.size_of(e, t)?;
                for i in 0..n {
                    self.cells_rec(e, t, &format!("{}[{}]", path, i), off + i * es, out, limit)?;
                }
                Some(())
            }
            CType::Struct(id) => {
                let d = self.get(*id);
                if !d.complete {
                    return None;
                }
                for f in &d.fields {
                    let p = match &f.name {
                        Some(n) => format!("{}.{}", path, n),
                        None => path.to_string(),
                    };
                    if let Some(bf) = f.bitfield {
                        out.push(CellShape {
                            path: p,
                            offset: off + f.offset,
                            ty: f.ty.clone(),
                            bitfield: Some(bf),
                        });
                    } else {
                        self.cells_rec(&f.ty, t, &p, off + f.offset, out, limit)?;
                    }
                }
                Some(())
            }
        }
    }

    /// True when values of the two types can be assigned to each other without a cast
    /// (struct types by identity or by structure).
    pub fn compatible(&self, a: &CType, b: &CType) -> bool {
        match (a, b) {
            (CType::Struct(x), CType::Struct(y)) => {
                if x == y {
                    return true;
                }
                let (dx, dy) = (self.get(*x), self.get(*y));
                dx.kind == dy.kind
                    && dx.tag == dy.tag
                    && dx.complete
                    && dy.complete
                    && dx.fields.len() == dy.fields.len()
                    && dx
                        .fields
                        .iter()
                        .zip(&dy.fields)
                        .all(|(f, g)| f.name == g.name && self.compatible(&f.ty, &g.ty))
            }
            (CType::Array(x, n), CType::Array(y, m)) => {
                (n.is_none() || m.is_none() || n == m) && self.compatible(x, y)
            }
            (CType::Pointer(_), CType::Pointer(_)) => true,
            (CType::Int(_), CType::Int(_)) | (CType::Float(_), CType::Float(_)) => true,
            (CType::Func(_), CType::Func(_)) => true,
            (CType::Void, CType::Void) => true,
            _ => false,
        }
    }

    /// A readable C spelling of the type.
    pub fn display(&self, ty: &CType) -> String {
        match ty {
            CType::Void => "void".into(),
            CType::Int(k) => k.name().into(),
            CType::Float(FloatKind::Float) => "float".into(),
            CType::Float(FloatKind::Double) => "double".into(),
            CType::Float(FloatKind::LongDouble) => "long double".into(),
            CType::Pointer(t) => format!("{} *", self.display(t)),
            CType::Array(t, Some(n)) => format!("{}[{}]", self.display(t), n),
            CType::Array(t, None) => format!("{}[]", self.display(t)),
            CType::Struct(id) => {
                let d = self.get(*id);
                let k = match d.kind {
                    Aggregate::Struct => "struct",
                    Aggregate::Union => "union",
                };
                match &d.tag {
                    Some(tg) => format!("{} {}", k, tg),
                    None => format!("{} <anonymous>", k),
                }
            }
            CType::Func(f) => {
                let ps: Vec<String> = f.params.iter().map(|p| self.display(p)).collect();
                format!("{} ({})", self.display(&f.ret), ps.join(", "))
            }
        }
    }
}

fn float_kind(k: FloatKind) -> ScalarKind {
    match k {
        FloatKind::Float => ScalarKind::Float,
        FloatKind::Double => ScalarKind::Double,
        FloatKind::LongDouble => ScalarKind::LongDouble,
    }
}

pub fn align_up(x: u64, a: u64) -> u64 {
    if a <= 1 {
        x
    } else {
        x.div_ceil(a) * a
    }
}

/// The IR type of a scalar C type (`None` for void, aggregates and functions). Floating types
/// are the unsigned integers of their width holding the IEEE bit patterns (`lower::float`).
pub fn ir_type(ty: &CType, t: &Target) -> Option<ir::Type> {
    match ty {
        CType::Int(k) => Some(k.ir(t)),
        CType::Pointer(_) => Some(ir::Type::Int {
            bits: t.pointer_bits,
            signed: false,
        }),
        CType::Float(k) => Some(ir::Type::Int {
            bits: (t.scalar_bytes(float_kind(*k)) * 8) as u16,
            signed: false,
        }),
        _ => None,
    }
}

/// The IR type of a bit-field cell of declared kind `k` and `width` bits.
pub fn bitfield_ir_type(k: IntKind, width: u16, t: &Target) -> ir::Type {
    if k == IntKind::Bool {
        ir::Type::Bool
    } else {
        ir::Type::Int {
            bits: width.max(1),
            signed: k.is_signed(t),
        }
    }
}

/// The integer kind used for `size_t` (unsigned, pointer width) and `ptrdiff_t` (signed).
pub fn size_t_kind(t: &Target) -> IntKind {
    if t.pointer_bits <= t.int_bits {
        IntKind::UInt
    } else if t.pointer_bits <= t.long_bits {
        IntKind::ULong
    } else {
        IntKind::ULongLong
    }
}

pub fn ptrdiff_kind(t: &Target) -> IntKind {
    match size_t_kind(t) {
        IntKind::UInt => IntKind::Int,
        IntKind::ULong => IntKind::Long,
        _ => IntKind::LongLong,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use IntKind::*;

    fn all() -> Vec<Target> {
        Target::builtin_names()
            .into_iter()
            .map(|n| Target::builtin(n).unwrap())
            .collect()
    }
    fn tgt(n: &str) -> Target {
        Target::builtin(n).unwrap()
    }

    #[test]
    fn promotions() {
        for t in all() {
            assert_eq!(promote(Char, &t), Int);
            assert_eq!(promote(UChar, &t), Int);
            assert_eq!(promote(Bool, &t), Int);
            assert_eq!(promote(Short, &t), Int);
            assert_eq!(promote(Long, &t), Long);
        }
        // unsigned short promotes to unsigned int where int is 16 bits
        assert_eq!(promote(UShort, &tgt("avr")), UInt);
        assert_eq!(promote(UShort, &tgt("ilp32")), Int);
        assert_eq!(promote_bitfield(UInt, 3, &tgt("ilp32")), Int);
        assert_eq!(promote_bitfield(UInt, 32, &tgt("ilp32")), UInt);
        assert_eq!(promote_bitfield(UInt, 16, &tgt("avr")), UInt);
    }

    #[test]
    fn usual_arithmetic_conversions() {
        for t in all() {
            assert_eq!(usual_arith(Int, UInt, &t), UInt);
            assert_eq!(usual_arith(Char, Char, &t), Int);
            assert_eq!(usual_arith(Long, ULong, &t), ULong);
            assert_eq!(usual_arith(LongLong, UInt, &t), LongLong);
            assert_eq!(usual_arith(ULongLong, Int, &t), ULongLong);
        }
        assert_eq!(usual_arith(UInt, Long, &tgt("avr")), Long);
        assert_eq!(usual_arith(UInt, Long, &tgt("ilp32")), ULong);
        assert_eq!(usual_arith(UInt, Long, &tgt("cortex-m4")), ULong);
        assert_eq!(usual_arith(UInt, Long, &tgt("lp64")), Long);
        assert_eq!(usual_arith(ULong, LongLong, &tgt("ilp32")), LongLong);
        assert_eq!(usual_arith(ULong, LongLong, &tgt("lp64")), ULongLong);
        assert_eq!(usual_arith(UShort, Int, &tgt("avr")), UInt);
        assert_eq!(usual_arith(UShort, Int, &tgt("ilp32")), Int);
        assert_eq!(usual_arith(UChar, UChar, &tgt("cortex-m4")), Int);
    }

    #[test]
    fn char_signedness() {
        assert!(Char.is_signed(&tgt("ilp32")));
        assert!(!Char.is_signed(&tgt("cortex-m4")));
        assert_eq!(Char.ir(&tgt("cortex-m4")), ir::Type::int(8, false));
        assert_eq!(Int.ir(&tgt("avr")), ir::Type::int(16, true));
        assert_eq!(Bool.ir(&tgt("avr")), ir::Type::Bool);
    }

    #[test]
    fn literal_types() {
        let i = tgt("ilp32");
        let a = tgt("avr");
        let l = tgt("lp64");
        assert_eq!(literal_type(1, false, 0, false, &i), Some(Int));
        assert_eq!(
            literal_type(2147483648, false, 0, false, &i),
            Some(LongLong)
        );
        assert_eq!(literal_type(2147483648, false, 0, false, &l), Some(Long));
        assert_eq!(literal_type(0x80000000, false, 0, true, &i), Some(UInt));
        assert_eq!(literal_type(0xffffffff, false, 0, true, &l), Some(UInt));
        assert_eq!(literal_type(40000, false, 0, false, &a), Some(Long));
        assert_eq!(literal_type(40000, false, 0, true, &a), Some(UInt));
        assert_eq!(literal_type(70000, false, 0, true, &a), Some(Long));
        assert_eq!(literal_type(5, true, 0, false, &a), Some(UInt));
        assert_eq!(literal_type(70000, true, 0, false, &a), Some(ULong));
        assert_eq!(literal_type(5, false, 1, false, &i), Some(Long));
        assert_eq!(literal_type(5, true, 2, false, &i), Some(ULongLong));
        assert_eq!(literal_type(u64::MAX as u128, false, 0, false, &i), None);
        assert_eq!(
            literal_type(u64::MAX as u128, false, 0, true, &i),
            Some(ULongLong)
        );
        for t in all() {
            assert_eq!(literal_type(0, false, 0, false, &t), Some(Int));
        }
    }

    #[test]
    fn sizes_and_layout() {
        for t in all() {
            let mut tt = TypeTable::new();
            let s = tt.declare(Aggregate::Struct, Some("s".into()));
            tt.define(
                s,
                vec![
                    FieldSpec {
                        name: Some("c".into()),
                        ty: CType::Int(Char),
                        bit_width: None,
                        align: None,
                        packed: false,
                    },
                    FieldSpec {
                        name: Some("i".into()),
                        ty: CType::Int(Int),
                        bit_width: None,
                        align: None,
                        packed: false,
                    },
                    FieldSpec {
                        name: Some("ll".into()),
                        ty: CType::Int(LongLong),
                        bit_width: None,
                        align: None,
                        packed: false,
                    },
                ],
                &t,
            )
            .unwrap();
            let (ioff, _) = tt.find_field(s, "i").unwrap();
            let (lloff, _) = tt.find_field(s, "ll").unwrap();
            let size = tt.size_of(&CType::Struct(s), &t).unwrap();
            match t.name.as_str() {
                "ilp32" => assert_eq!((ioff, lloff, size), (4, 8, 16)),
                "lp64" => assert_eq!((ioff, lloff, size), (4, 8, 16)),
                "cortex-m4" => assert_eq!((ioff, lloff, size), (4, 8, 16)),
                "avr" => assert_eq!((ioff, lloff, size), (1, 3, 11)),
                "ppc32" => assert_eq!((ioff, lloff, size), (4, 8, 16)),
                _ => unreachable!(),
            }
            let p = CType::ptr_to(CType::Int(Char));
            assert_eq!(tt.size_of(&p, &t), Some(t.pointer_bits as u64 / 8));
            let arr = CType::Array(Box::new(CType::Int(Short)), Some(3));
            assert_eq!(tt.size_of(&arr, &t), Some(6));
        }
        // struct { char c; long long x; } : 12 on i386, 16 on cortex-m4
        for (n, sz) in [("ilp32", 12), ("cortex-m4", 16), ("lp64", 16), ("avr", 9)] {
            let t = tgt(n);
            let mut tt = TypeTable::new();
            let s = tt.declare(Aggregate::Struct, None);
            tt.define(
                s,
                vec![
                    FieldSpec {
                        name: Some("c".into()),
                        ty: CType::Int(Char),
                        bit_width: None,
                        align: None,
                        packed: false,
                    },
                    FieldSpec {
                        name: Some("x".into()),
                        ty: CType::Int(LongLong),
                        bit_width: None,
                        align: None,
                        packed: false,
                    },
                ],
                &t,
            )
            .unwrap();
            assert_eq!(tt.size_of(&CType::Struct(s), &t), Some(sz), "{n}");
        }
    }

    #[test]
    fn bitfields_and_cells() {
        let t = tgt("ilp32");
        let mut tt = TypeTable::new();
        let s = tt.declare(Aggregate::Struct, Some("b".into()));
        let bf = |n: &str, w| FieldSpec {
            name: Some(n.into()),
            ty: CType::Int(UInt),
            bit_width: Some(w),
            align: None,
            packed: false,
        };
        tt.define(s, vec![bf("a", 3), bf("b", 5), bf("c", 30)], &t)
            .unwrap();
        let (_, a) = tt.find_field(s, "a").unwrap();
        let (_, b) = tt.find_field(s, "b").unwrap();
        let (coff, c) = tt.find_field(s, "c").unwrap();
        assert_eq!(a.bitfield, Some((0, 3)));
        assert_eq!((b.offset, b.bitfield), (0, Some((3, 5))));
        assert_eq!((coff, c.bitfield), (4, Some((0, 30))));
        assert_eq!(tt.size_of(&CType::Struct(s), &t), Some(8));
        let arr = CType::Array(Box::new(CType::Struct(s)), Some(2));
        let cells = tt.cells(&arr, &t, 100).unwrap();
        let paths: Vec<&str> = cells.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(
            paths,
            ["[0].a", "[0].b", "[0].c", "[1].a", "[1].b", "[1].c"]
        );
        assert_eq!(cells[3].offset, 8);
        assert!(tt.cells(&arr, &t, 3).is_none());
        assert_eq!(
            bitfield_ir_type(UInt, 3, &t),
            ir::Type::Int {
                bits: 3,
                signed: false
            }
        );
    }

    #[test]
    fn unions() {
        for t in all() {
            let mut tt = TypeTable::new();
            let u = tt.declare(Aggregate::Union, Some("u".into()));
            tt.define(
                u,
                vec![
                    FieldSpec {
                        name: Some("c".into()),
                        ty: CType::Int(Char),
                        bit_width: None,
                        align: None,
                        packed: false,
                    },
                    FieldSpec {
                        name: Some("l".into()),
                        ty: CType::Int(Long),
                        bit_width: None,
                        align: None,
                        packed: false,
                    },
                ],
                &t,
            )
            .unwrap();
            assert_eq!(
                tt.size_of(&CType::Struct(u), &t),
                Some(t.long_bits as u64 / 8)
            );
            assert_eq!(tt.cells(&CType::Struct(u), &t, 10).unwrap().len(), 2);
        }
    }

    #[test]
    fn size_t() {
        assert_eq!(size_t_kind(&tgt("ilp32")), UInt);
        assert_eq!(size_t_kind(&tgt("lp64")), ULong);
        assert_eq!(size_t_kind(&tgt("avr")), UInt);
        assert_eq!(ptrdiff_kind(&tgt("lp64")), Long);
    }
}
