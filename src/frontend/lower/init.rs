//! Initialisers: brace lists with designators and brace elision flattened to per-cell items;
//! static (constant, evaluated at lowering time) and automatic (assignment edges) forms.

use super::expr::Val;
use super::lvalue::{sub_lvalue, LValue, Place};
use super::*;
use crate::frontend::ast::{Designator, Expr as AExpr, ExprKind, Initializer};
use crate::frontend::types::IntKind;
use crate::ir::Op;

/// One initialised piece of an object.
#[derive(Clone, Debug)]
pub(crate) enum Item<'a> {
    /// A scalar member at a byte offset.
    Scalar {
        off: u64,
        ty: CType,
        bitfield: Option<(u16, u16)>,
        src: &'a AExpr,
    },
    /// A character of a string literal initialising a char array.
    Byte { off: u64, ty: CType, val: i128 },
    /// A struct member initialised from a struct-valued expression.
    Agg { off: u64, ty: CType, src: &'a AExpr },
}

impl<'a> Lowerer<'a> {
    /// The code units of a string literal that can initialise an array of `elem`: a narrow
    /// literal for a character type, a wide one for an integer type of its element's size.
    fn string_units(&self, e: &AExpr, elem: &CType) -> Option<Vec<i128>> {
        match (&e.kind, elem) {
            (
                ExprKind::StringLit(b),
                CType::Int(IntKind::Char | IntKind::SChar | IntKind::UChar),
            ) => Some(b.iter().map(|&c| i128::from(c)).collect()),
            (ExprKind::WideStringLit(k, u), CType::Int(ek)) => {
                let wk = self.wide_kind(*k);
                (ek.bits(self.target) == wk.bits(self.target)).then(|| {
                    let t = wk.ir(self.target);
                    u.iter().map(|&c| t.wrap(i128::from(c))).collect()
                })
            }
            _ => None,
        }
    }

    /// `T a[] = init`: the array type with the length the initialiser implies.
    pub fn complete_array_type(&mut self, t: &CType, init: &'a Initializer) -> Result<CType, Diag> {
        let elem = match t {
            CType::Array(e, None) => (**e).clone(),
            t => return Ok(t.clone()),
        };
        let n = match init {
            Initializer::Expr(e) if self.string_units(e, &elem).is_some() => self
                .string_units(e, &elem)
                .map_or(0, |u| u.len() as u64 + 1),
            Initializer::List(items, _) => {
                // a single braced string literal
                if let [(ds, Initializer::Expr(e))] = items.as_slice() {
                    if let Some(u) = self.string_units(e, &elem).filter(|_| ds.is_empty()) {
                        return Ok(CType::Array(Box::new(elem), Some(u.len() as u64 + 1)));
                    }
                }
                let mut out = Vec::new();
                let mut pos = 0;
                self.init_agg(
                    &CType::Array(Box::new(elem.clone()), None),
                    0,
                    items,
                    &mut pos,
                    &mut out,
                    true,
                )?
            }
            Initializer::Expr(e) => {
                return Err(self.type_err(e.loc, "array initializer must be a list"))
            }
        };
        Ok(CType::Array(Box::new(elem), Some(n)))
    }

    /// Flattens an initialiser for an object of type `t`.
    pub fn flatten_init(
        &mut self,
        t: &CType,
        init: &'a Initializer,
    ) -> Result<Vec<Item<'a>>, Diag> {
        let mut out = Vec::new();
        match init {
            Initializer::Expr(e) => {
                // a lone expression: scalar, string for a char array, or a struct value
                let mut pos = 0;
                self.init_one(t, 0, e, &mut out, None, &mut pos)?;
            }
            Initializer::List(items, _) => {
                if t.is_scalar() {
                    // `int x = { 3 };`
                    if let Some((_, first)) = items.first() {
                        return self.flatten_init(t, first);
                    }
                    return Ok(out);
                }
                let mut pos = 0;
                self.init_agg(t, 0, items, &mut pos, &mut out, true)?;
            }
        }
        Ok(out)
    }

    /// One expression initialising a subobject of type `t` at `off`; with brace elision the
    /// following list items (from `list`, at `*pos`) may be consumed for an aggregate.
    fn init_one(
        &mut self,
        t: &CType,
        off: u64,
        e: &'a AExpr,
        out: &mut Vec<Item<'a>>,
        list: Option<&'a [(Vec<Designator>, Initializer)]>,
        pos: &mut usize,
    ) -> Result<(), Diag> {
        match t {
            CType::Array(elem, n) => {
                let units = match &e.kind {
                    ExprKind::StringLit(b) if matches!(&**elem, CType::Int(_)) => {
                        Some(b.iter().map(|&c| i128::from(c)).collect())
                    }
                    _ => self.string_units(e, elem),
                };
                if let Some(units) = units {
                    let es = self.sizeof(elem, e.loc)?;
                    let limit = n.unwrap_or(units.len() as u64 + 1);
                    for (i, v) in units.iter().chain(std::iter::once(&0)).enumerate() {
                        if (i as u64) < limit {
                            out.push(Item::Byte {
                                off: off + i as u64 * es,
                                ty: (**elem).clone(),
                                val: *v,
                            });
                        }
                    }
                    *pos += 1;
                    return Ok(());
                }
                match list {
                    Some(l) => {
                        self.init_agg(t, off, l, pos, out, false)?;
                        Ok(())
                    }
                    None => Err(self.type_err(e.loc, "array initializer must be a list")),
                }
            }
            CType::Struct(_) => {
                let v = self.scratch_expr(e)?;
                let vt = self.val_type(&v);
                if self.types.compatible(&vt, t) {
                    out.push(Item::Agg {
                        off,
                        ty: t.clone(),
                        src: e,
                    });
                    *pos += 1;
                    return Ok(());
                }
                match list {
                    Some(l) => {
                        self.init_agg(t, off, l, pos, out, false)?;
                        Ok(())
                    }
                    None => Err(self.type_err(e.loc, "invalid initializer for a struct")),
                }
            }
            _ => {
                out.push(Item::Scalar {
                    off,
                    ty: t.clone(),
                    bitfield: None,
                    src: e,
                });
                *pos += 1;
                Ok(())
            }
        }
    }

    /// Initialises the members of aggregate `t` from `list[*pos..]`; returns the number of
    /// array elements covered (for arrays).
    fn init_agg(
        &mut self,
        t: &CType,
        off: u64,
        list: &'a [(Vec<Designator>, Initializer)],
        pos: &mut usize,
        out: &mut Vec<Item<'a>>,
        braced: bool,
    ) -> Result<u64, Diag> {
        match t {
            CType::Array(elem, n) => {
                let es = self.types.size_of(elem, self.target).unwrap_or(0);
                let mut i: u64 = 0;
                let mut max: u64 = 0;
                while *pos < list.len() {
                    let (ds, init) = &list[*pos];
                    if !ds.is_empty() {
                        if !braced {
                            break;
                        }
                        let (lo, hi) = match &ds[0] {
                            Designator::Index(e) => {
                                let v = self.const_idx(e)?;
                                (v, v)
                            }
                            Designator::Range(a, b) => (self.const_idx(a)?, self.const_idx(b)?),
                            Designator::Field(f) => {
                                return Err(self.type_err(
                                    init_loc(init),
                                    format!("field designator `.{}` in an array initializer", f),
                                ))
                            }
                        };
                        for k in lo..=hi {
                            self.designated(elem, off + k * es, &ds[1..], init, out)?;
                        }
                        *pos += 1;
                        i = hi + 1;
                        max = max.max(i);
                        continue;
                    }
                    if let Some(n) = n {
                        if i >= *n {
                            if braced {
                                self.warn(init_loc(init), "excess elements in array initializer");
                                *pos = list.len();
                            }
                            break;
                        }
                    }
                    self.member_init(elem, off + i * es, list, pos, out)?;
                    i += 1;
                    max = max.max(i);
                }
                Ok(max)
            }
            CType::Struct(id) => {
                let def = self.types.get(*id).clone();
                let is_union = def.kind == crate::frontend::types::Aggregate::Union;
                let mut fi = 0usize;
                while *pos < list.len() {
                    let (ds, init) = &list[*pos];
                    if !ds.is_empty() {
                        if !braced {
                            break;
                        }
                        let fname = match &ds[0] {
                            Designator::Field(f) => f,
                            _ => {
                                return Err(self.type_err(
                                    init_loc(init),
                                    "array designator in a struct initializer",
                                ))
                            }
                        };
                        // find the top-level member (possibly through an anonymous member)
                        let idx = def
                            .fields
                            .iter()
                            .position(|f| f.name.as_deref() == Some(fname.as_str()));
                        match idx {
                            Some(k) => {
                                let f = &def.fields[k];
                                if is_union {
                                    let msize = self.types.size_of(&f.ty, self.target).unwrap_or(0);
                                    self.union_members
                                        .push((off, def.size, off + f.offset, msize));
                                }
                                if f.bitfield.is_some() && ds.len() == 1 {
                                    if let Initializer::Expr(e) = init {
                                        out.push(Item::Scalar {
                                            off: off + f.offset,
                                            ty: f.ty.clone(),
                                            bitfield: f.bitfield,
                                            src: e,
                                        });
                                    }
                                } else {
                                    self.designated(&f.ty, off + f.offset, &ds[1..], init, out)?;
                                }
                                fi = k + 1;
                            }
                            None => {
                                let (o, f) =
                                    self.types.find_field(*id, fname).ok_or_else(|| {
                                        self.type_err(
                                            init_loc(init),
                                            format!("no member named `{}`", fname),
                                        )
                                    })?;
                                self.designated(&f.ty, off + o, &ds[1..], init, out)?;
                                fi = def.fields.len();
                            }
                        }
                        *pos += 1;
                        if is_union {
                            fi = def.fields.len();
                        }
                        continue;
                    }
                    if fi >= def.fields.len() || (is_union && fi >= 1) {
                        if braced {
                            self.warn(init_loc(init), "excess elements in struct initializer");
                            *pos = list.len();
                        }
                        break;
                    }
                    let f = def.fields[fi].clone();
                    if is_union {
                        let msize = self.types.size_of(&f.ty, self.target).unwrap_or(0);
                        self.union_members
                            .push((off, def.size, off + f.offset, msize));
                    }
                    if f.bitfield.is_some() {
                        match init {
                            Initializer::Expr(e) => {
                                out.push(Item::Scalar {
                                    off: off + f.offset,
                                    ty: f.ty.clone(),
                                    bitfield: f.bitfield,
                                    src: e,
                                });
                                *pos += 1;
                            }
                            Initializer::List(sub, _) => {
                                if let Some((_, Initializer::Expr(e))) = sub.first() {
                                    out.push(Item::Scalar {
                                        off: off + f.offset,
                                        ty: f.ty.clone(),
                                        bitfield: f.bitfield,
                                        src: e,
                                    });
                                }
                                *pos += 1;
                            }
                        }
                    } else {
                        self.member_init(&f.ty, off + f.offset, list, pos, out)?;
                    }
                    fi += 1;
                }
                Ok(0)
            }
            _ => {
                // scalar with braces
                if *pos < list.len() {
                    let (_, init) = &list[*pos];
                    self.designated(t, off, &[], init, out)?;
                    *pos += 1;
                }
                Ok(0)
            }
        }
    }

    fn member_init(
        &mut self,
        t: &CType,
        off: u64,
        list: &'a [(Vec<Designator>, Initializer)],
        pos: &mut usize,
        out: &mut Vec<Item<'a>>,
    ) -> Result<(), Diag> {
        let (_, init) = &list[*pos];
        match init {
            Initializer::List(sub, _) => {
                if t.is_scalar() {
                    if let Some((_, first)) = sub.first() {
                        self.designated(t, off, &[], first, out)?;
                    }
                } else {
                    let mut p = 0;
                    // a braced string for a char array
                    self.init_agg_or_string(t, off, sub, &mut p, out)?;
                }
                *pos += 1;
                Ok(())
            }
            Initializer::Expr(e) => self.init_one(t, off, e, out, Some(list), pos),
        }
    }

    fn init_agg_or_string(
        &mut self,
        t: &CType,
        off: u64,
        sub: &'a [(Vec<Designator>, Initializer)],
        p: &mut usize,
        out: &mut Vec<Item<'a>>,
    ) -> Result<(), Diag> {
        if let (CType::Array(..), [(ds, Initializer::Expr(e))]) = (t, sub) {
            if ds.is_empty()
                && matches!(e.kind, ExprKind::StringLit(_) | ExprKind::WideStringLit(..))
            {
                return self.init_one(t, off, e, out, None, p);
            }
        }
        self.init_agg(t, off, sub, p, out, true)?;
        Ok(())
    }

    /// The initialiser of a designated subobject (remaining designators `ds`).
    fn designated(
        &mut self,
        t: &CType,
        off: u64,
        ds: &'a [Designator],
        init: &'a Initializer,
        out: &mut Vec<Item<'a>>,
    ) -> Result<(), Diag> {
        if let Some(d) = ds.first() {
            match (d, t) {
                (Designator::Field(f), CType::Struct(id)) => {
                    let (o, fld) = self.types.find_field(*id, f).ok_or_else(|| {
                        self.type_err(init_loc(init), format!("no member named `{}`", f))
                    })?;
                    if fld.bitfield.is_some() && ds.len() == 1 {
                        if let Initializer::Expr(e) = init {
                            out.push(Item::Scalar {
                                off: off + o,
                                ty: fld.ty.clone(),
                                bitfield: fld.bitfield,
                                src: e,
                            });
                        }
                        return Ok(());
                    }
                    return self.designated(&fld.ty, off + o, &ds[1..], init, out);
                }
                (Designator::Index(e), CType::Array(elem, _)) => {
                    let k = self.const_idx(e)?;
                    let es = self.sizeof(elem, e.loc)?;
                    return self.designated(elem, off + k * es, &ds[1..], init, out);
                }
                (Designator::Range(a, b), CType::Array(elem, _)) => {
                    let lo = self.const_idx(a)?;
                    let hi = self.const_idx(b)?;
                    let es = self.sizeof(elem, a.loc)?;
                    for k in lo..=hi {
                        self.designated(elem, off + k * es, &ds[1..], init, out)?;
                    }
                    return Ok(());
                }
                _ => {
                    return Err(self.type_err(
                        init_loc(init),
                        "designator does not match the initialized type",
                    ))
                }
            }
        }
        match init {
            Initializer::Expr(e) => {
                let mut p = 0;
                self.init_one(t, off, e, out, None, &mut p)
            }
            Initializer::List(sub, _) => {
                if t.is_scalar() {
                    if let Some((_, first)) = sub.first() {
                        return self.designated(t, off, &[], first, out);
                    }
                    return Ok(());
                }
                let mut p = 0;
                self.init_agg_or_string(t, off, sub, &mut p, out)
            }
        }
    }

    fn const_idx(&mut self, e: &'a AExpr) -> Result<u64, Diag> {
        match self.const_int(e)? {
            Some(v) if (0..=1 << 32).contains(&v) => Ok(v as u64),
            _ => Err(self.type_err(
                e.loc,
                "array designator is not a non-negative integer constant",
            )),
        }
    }

    /// Constant value of an initialiser expression converted to `t`, if it is constant.
    fn const_init_value(&mut self, t: &CType, e: &'a AExpr) -> Result<Option<i128>, Diag> {
        // a scalar compound literal with a constant initialiser, `(int){42}`, is a constant
        // (GNU, in static initialisers)
        if let ExprKind::CompoundLit(tn, init) = &e.kind {
            let inner = match &**init {
                Initializer::Expr(x) => Some(x),
                Initializer::List(items, _) => match items.as_slice() {
                    [(d, Initializer::Expr(x))] if d.is_empty() => Some(x),
                    _ => None,
                },
            };
            if let Some(x) = inner {
                if self.type_name(tn).is_ok_and(|ct| ct.is_scalar()) {
                    return self.const_init_value(t, x);
                }
            }
        }
        let saved = std::mem::take(&mut self.b);
        self.b.func = saved.func.clone();
        self.b.src = saved.src;
        let nloads = self.loads.len();
        let outer = self.const_addr_as_int.take();
        let r = (|| {
            let (x, from) = self.rv(e)?;
            self.convert_assign(x, &from, t, e.loc)
        })();
        // an address as an integer is the object's symbolic base plus an offset, chosen at
        // main's start: such an initialiser runs there (`bases`), not as a fixed value
        let addr_int = self.const_addr_as_int.is_some();
        self.const_addr_as_int = self.const_addr_as_int.or(outer);
        let clean = self.b.edges.is_empty() && self.loads.len() == nloads && !addr_int;
        self.b = saved;
        match r {
            Ok(x) if clean => Ok(fold::const_value(&x, &self.vars)),
            Ok(_) => Ok(None),
            Err(d) if d.kind == DiagKind::Unsupported => Ok(None),
            Err(d) => Err(d),
        }
    }

    /// Static initialisation: every cell's initial value. `Ok(false)` when some element is not
    /// a constant (the caller then initialises at run time).
    pub fn try_static_init(&mut self, s: SlotId, init: &'a Initializer) -> Result<bool, Diag> {
        let t = self.slots[s].ty.clone();
        let items = self.flatten_init(&t, init)?;
        let mut vals: Vec<(VarId, i128)> = Vec::new();
        let mut written: Vec<usize> = Vec::new();
        if self.is_bytes(s) {
            return self.static_init_bytes(s, items);
        }
        for it in items {
            match it {
                Item::Scalar {
                    off,
                    ty,
                    bitfield,
                    src,
                } => {
                    let v = match self.const_init_value(&ty, src)? {
                        Some(v) => v,
                        None => return Ok(false),
                    };
                    let size = if bitfield.is_some() {
                        0
                    } else {
                        self.sizeof(&ty, src.loc)?
                    };
                    if let Some((i, var)) = self.find_cell(s, off, bitfield, size) {
                        let vt = self.vars[var.0 as usize].ty;
                        vals.push((var, vt.wrap(v)));
                        written.push(i);
                    }
                }
                Item::Byte { off, ty, val } => {
                    let size = self.sizeof(&ty, Loc::default())?;
                    if let Some((i, var)) = self.find_cell(s, off, None, size) {
                        let vt = self.vars[var.0 as usize].ty;
                        vals.push((var, vt.wrap(val)));
                        written.push(i);
                    }
                }
                Item::Agg { .. } => return Ok(false),
            }
        }
        if self.slots[s].has_union {
            // the other members of an initialised union see the same bytes: an exact overlap
            // starts with the same value, a differently shaped one makes the object
            // byte-precise (the next round encodes the initialiser's bytes)
            let set: HashSet<VarId> = vals.iter().map(|(v, _)| *v).collect();
            let mut same = Vec::new();
            for (k, &i) in written.iter().enumerate() {
                let vt = self.vars[vals[k].0 .0 as usize].ty;
                for (w, exact) in self.overlapping_cells(s, i) {
                    let wt = self.vars[w.0 as usize].ty;
                    if !exact || wt == Type::Bool || vt == Type::Bool {
                        self.mark_bytes(s);
                    } else if !set.contains(&w) {
                        same.push((w, wt.wrap(vals[k].1)));
                    }
                }
            }
            vals.extend(same);
        }
        for (v, c) in vals {
            self.vars[v.0 as usize].init = Some(c);
        }
        Ok(true)
    }

    /// Static initialisation of a byte-precise object: the initial value of every byte.
    fn static_init_bytes(&mut self, s: SlotId, items: Vec<Item<'a>>) -> Result<bool, Diag> {
        let mut buf = vec![0u8; self.slots[s].cells.len()];
        for it in items {
            match it {
                Item::Scalar {
                    off,
                    ty,
                    bitfield,
                    src,
                } => {
                    let v = match self.const_init_value(&ty, src)? {
                        Some(v) => v,
                        None => return Ok(false),
                    };
                    let size = if bitfield.is_some() {
                        0
                    } else {
                        self.sizeof(&ty, src.loc)?
                    };
                    self.encode_const(&mut buf, off, size, bitfield, v);
                    if bitfield.is_none() && v > 0 {
                        // bytes of an address: the points-to analysis starts from its target
                        let n = Self::access_span(size, None);
                        for i in off..(off + n).min(buf.len() as u64) {
                            let var = self.slots[s].cells[i as usize].1;
                            self.byte_inits.push((var, v));
                        }
                    }
                }
                Item::Byte { off, ty, val } => {
                    let size = self.sizeof(&ty, Loc::default())?;
                    self.encode_const(&mut buf, off, size, None, val);
                }
                Item::Agg { .. } => return Ok(false),
            }
        }
        for (i, b) in buf.into_iter().enumerate() {
            let v = self.slots[s].cells[i].1;
            self.vars[v.0 as usize].init = Some(b as i128);
        }
        Ok(true)
    }

    /// Initialiser of a static local or compound literal at file scope: must be constant.
    pub fn static_init(&mut self, s: SlotId, init: &'a Initializer) -> Result<(), Diag> {
        self.const_addr_as_int = None;
        if self.try_static_init(s, init)? {
            Ok(())
        } else if let Some(at) = self.const_addr_as_int.take() {
            Err(Diag::unsupported(
                Some(at),
                "an object's address converted to an integer in the initialiser of a static \
                 local or a file-scope compound literal (its value depends on the memory layout)",
            ))
        } else {
            let loc = self.slots[s].loc;
            let t = self.slots[s].ty.clone();
            let floats = self
                .types
                .cells(&t, self.target, MAX_CELLS)
                .is_some_and(|cs| cs.iter().any(|c| c.ty.is_float()));
            if floats {
                // floating constants are not evaluated: not an error in the program
                return Err(Diag::unsupported(Some(loc), "floating point"));
            }
            Err(self.type_err(loc, "initializer element is not a compile-time constant"))
        }
    }

    /// Initialises all global variables (constant initialisers become initial values; others
    /// are assigned at the start of main).
    pub fn eval_global_inits(&mut self) -> Result<(), Diag> {
        let list = std::mem::take(&mut self.dyn_inits);
        for (s, init, loc) in list {
            self.b.src = loc;
            if !self.try_static_init(s, init)? {
                self.late_inits.push((s, init, loc));
            }
        }
        Ok(())
    }

    /// Automatic initialisation: assignment edges for the listed members, zero for the rest.
    pub fn local_init(&mut self, s: SlotId, init: &'a Initializer, loc: Loc) -> Result<(), Diag> {
        let t = self.slots[s].ty.clone();
        let bytes = self.is_bytes(s);
        let whole = LValue {
            place: Place::Slot {
                slot: s,
                off: 0,
                idx: vec![],
            },
            ty: t.clone(),
            bitfield: None,
        };
        if t.is_scalar() {
            let e = match init {
                Initializer::Expr(e) => e,
                Initializer::List(items, l) => match items.first() {
                    Some((_, Initializer::Expr(e))) => e,
                    _ => return Err(self.type_err(*l, "invalid scalar initializer")),
                },
            };
            let hint = self.alloc_hint_for(&t);
            let prev = std::mem::replace(&mut self.alloc_hint, hint);
            let r = self.expr(e);
            self.alloc_hint = prev;
            let v = r?;
            // remember constant initialisers (bounds of VLAs)
            if let Val::R(x, _) = &v {
                if let Some(c) = fold::const_value(x, &self.vars) {
                    if let Some((_, var)) = self.slots[s].cells.first().filter(|_| !bytes) {
                        self.const_inits.insert(*var, c);
                    }
                }
            }
            return self.assign_val(&whole, v, e.loc);
        }
        if self.slots[s].summarized {
            return Err(Diag::unsupported(
                Some(loc),
                "initialisation of an object too large to model",
            ));
        }
        self.union_members.clear();
        let items = self.flatten_init(&t, init)?;
        let unions = std::mem::take(&mut self.union_members);
        let pt = self.ptr_type();
        let mut covered: HashSet<usize> = HashSet::new();
        if bytes {
            // every byte is zero unless an item sets it
            let cells: Vec<VarId> = self.slots[s].cells.iter().map(|(_, v)| *v).collect();
            covered.extend(0..cells.len());
            for v in cells {
                self.b
                    .emit(Op::Assign(v, Expr::Const(0, Type::int(8, false))));
            }
        }
        for it in items {
            match it {
                Item::Scalar {
                    off,
                    ty,
                    bitfield,
                    src,
                } => {
                    let lv = LValue {
                        place: Place::Slot {
                            slot: s,
                            off,
                            idx: vec![],
                        },
                        ty: ty.clone(),
                        bitfield,
                    };
                    let v = self.expr(src)?;
                    self.assign_val(&lv, v, src.loc)?;
                    let size = if bitfield.is_some() {
                        0
                    } else {
                        self.sizeof(&ty, src.loc)?
                    };
                    if let Some((i, _)) = self.find_cell(s, off, bitfield, size) {
                        covered.insert(i);
                    }
                }
                Item::Byte { off, ty, val } if bytes => {
                    let lv = LValue {
                        place: Place::Slot {
                            slot: s,
                            off,
                            idx: vec![],
                        },
                        ty: ty.clone(),
                        bitfield: None,
                    };
                    let it = self.cell_ir_type(&lv, loc)?;
                    self.write(&lv, Expr::Const(it.wrap(val), it), loc)?;
                }
                Item::Byte { off, ty, val } => {
                    let size = self.sizeof(&ty, loc)?;
                    if let Some((i, var)) = self.find_cell(s, off, None, size) {
                        let vt = self.vars[var.0 as usize].ty;
                        self.b.emit(Op::Assign(var, Expr::Const(vt.wrap(val), vt)));
                        covered.insert(i);
                    }
                }
                Item::Agg { off, ty, src } => {
                    let lv = LValue {
                        place: Place::Slot {
                            slot: s,
                            off,
                            idx: vec![],
                        },
                        ty: ty.clone(),
                        bitfield: None,
                    };
                    let v = self.expr(src)?;
                    self.assign_val(&lv, v, src.loc)?;
                    let size = self.sizeof(&ty, src.loc)?;
                    for (i, (c, _)) in self.slots[s].cells.iter().enumerate() {
                        if c.offset >= off && c.offset < off + size {
                            covered.insert(i);
                        }
                    }
                }
            }
        }
        let _ = (sub_lvalue, pt);
        if bytes {
            // C11 6.7.9: a union initialiser sets the named member; the union's bytes beyond
            // it have unspecified values in an automatic object (CBMC: nondeterministic)
            for (uo, usize_, mo, msize) in unions {
                for b in uo..uo + usize_ {
                    if b >= mo && b < mo + msize {
                        continue;
                    }
                    if let Some((_, var)) = self.find_cell(s, b, None, 1) {
                        self.b.emit(Op::Nondet(var));
                    }
                }
            }
        }
        let rest: Vec<VarId> = self.slots[s]
            .cells
            .iter()
            .enumerate()
            .filter(|(i, _)| !covered.contains(i))
            .map(|(_, (_, v))| *v)
            .collect();
        for v in rest {
            let vt = self.vars[v.0 as usize].ty;
            self.b.emit(Op::Assign(v, Expr::Const(0, vt)));
        }
        Ok(())
    }
}

fn init_loc(i: &Initializer) -> Loc {
    match i {
        Initializer::Expr(e) => e.loc,
        Initializer::List(_, l) => *l,
    }
}
