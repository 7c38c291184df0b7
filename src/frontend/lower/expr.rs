//! Expressions: C expressions to pure, well-typed IR expressions, with side effects emitted as
//! edges in evaluation order; lvalues (cells of a slot, possibly at a symbolic index, or memory
//! through a pointer) and their reads and writes; conversions.

use super::cfg::{Label, POp, Store};
use super::*;
use crate::frontend::ast::{BinaryOp, Expr as AExpr, ExprKind, UnaryOp};
use crate::frontend::types::{self as ty, IntKind};
use crate::ir::{BinOp, Op, UnOp};

/// A symbolic array index inside a slot: `idx` ranges over `0..count`, each step `stride` bytes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Index {
    pub idx: Expr,
    pub stride: u64,
    pub count: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Place {
    /// Cells of a slot at a constant byte offset plus symbolic indices.
    Slot {
        slot: SlotId,
        off: u64,
        idx: Vec<Index>,
    },
    /// Memory at a pointer value (resolved by the points-to analysis).
    Mem { addr: Expr },
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LValue {
    pub place: Place,
    pub ty: CType,
    pub bitfield: Option<(u16, u16)>,
}

/// The result of lowering an expression.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Val {
    /// A scalar value; the expression's IR type is the C type's.
    R(Expr, CType),
    /// An lvalue, not yet read (aggregates stay lvalues).
    L(LValue),
    /// A function designator.
    Func(FuncId),
    Void,
}

pub(crate) fn unsup(loc: Loc, what: impl std::fmt::Display) -> Diag {
    Diag::unsupported(Some(loc), what)
}

/// True when evaluating the expression can have side effects (assignments, calls, ...).
pub(crate) fn has_side_effects(e: &AExpr) -> bool {
    e.has_side_effects()
}

impl<'a> Lowerer<'a> {
    pub fn val_type(&self, v: &Val) -> CType {
        match v {
            Val::R(_, t) => t.clone(),
            Val::L(lv) => lv.ty.clone(),
            Val::Func(f) => CType::Func(self.funcs[*f].ty.clone()),
            Val::Void => CType::Void,
        }
    }

    pub fn ir_of(&self, t: &CType, loc: Loc) -> Result<Type, Diag> {
        ty::ir_type(t, self.target).ok_or_else(|| {
            self.type_err(
                loc,
                format!("`{}` is not a scalar type", self.types.display(t)),
            )
        })
    }

    pub fn int_const(&self, v: i128, k: IntKind) -> Expr {
        let t = k.ir(self.target);
        Expr::Const(t.wrap(v), t)
    }

    pub fn size_t(&self) -> IntKind {
        ty::size_t_kind(self.target)
    }

    pub fn sizeof(&self, t: &CType, loc: Loc) -> Result<u64, Diag> {
        self.types.size_of(t, self.target).ok_or_else(|| {
            self.type_err(
                loc,
                format!(
                    "invalid application of sizeof to incomplete type `{}`",
                    self.types.display(t)
                ),
            )
        })
    }

    /// Lowers an expression for its value.
    pub fn expr(&mut self, e: &'a AExpr) -> Result<Val, Diag> {
        self.depth += 1;
        if self.depth > 2000 {
            self.depth -= 1;
            return Err(unsup(e.loc, "expression nested too deeply"));
        }
        let r = self.expr_inner(e, false);
        self.depth -= 1;
        r
    }

    /// Lowers an expression whose value is not used.
    pub fn discard(&mut self, e: &'a AExpr) -> Result<(), Diag> {
        self.depth += 1;
        let r = self.expr_inner(e, true);
        self.depth -= 1;
        r.map(|_| ())
    }

    /// Lowers an expression to a scalar rvalue (arrays and functions decay to pointers).
    pub fn rv(&mut self, e: &'a AExpr) -> Result<(Expr, CType), Diag> {
        let v = self.expr(e)?;
        self.rvalue_of(v, e.loc)
    }

    pub fn rvalue_of(&mut self, v: Val, loc: Loc) -> Result<(Expr, CType), Diag> {
        match v {
            Val::R(x, t) => {
                if t.is_float() && !self.scratch {
                    return Err(unsup(loc, "floating point"));
                }
                Ok((x, t))
            }
            Val::Func(f) => {
                let o = self.func_object(f);
                let base = self.objs[o.0 as usize].base;
                let pt = self.ptr_type();
                Ok((
                    Expr::Const(base as i128, pt),
                    CType::ptr_to(CType::Func(self.funcs[f].ty.clone())),
                ))
            }
            Val::Void => Err(self.type_err(loc, "void value not ignored as it ought to be")),
            Val::L(lv) => match &lv.ty {
                CType::Array(elem, _) => {
                    let a = self.addr_of(&lv, loc)?;
                    Ok((a, CType::Pointer(elem.clone())))
                }
                CType::Func(_) => {
                    let a = self.addr_of(&lv, loc)?;
                    Ok((a, CType::ptr_to(lv.ty.clone())))
                }
                CType::Struct(_) => Err(self.type_err(
                    loc,
                    format!(
                        "a value of type `{}` is used where a scalar is required",
                        self.types.display(&lv.ty)
                    ),
                )),
                CType::Float(_) if !self.scratch => Err(unsup(loc, "floating point")),
                CType::Void => Err(self.type_err(loc, "void value not ignored as it ought to be")),
                t => {
                    let t = t.clone();
                    let x = self.read(&lv, loc)?;
                    let t = match (&t, lv.bitfield) {
                        (CType::Int(k), Some((_, w))) => {
                            CType::Int(ty::promote_bitfield(*k, w, self.target))
                        }
                        _ => t,
                    };
                    Ok((x, t))
                }
            },
        }
    }

    /// A scalar condition as a Bool IR expression.
    pub fn cond(&mut self, e: &'a AExpr) -> Result<Expr, Diag> {
        let (x, t) = self.rv(e)?;
        self.as_cond(x, &t, e.loc)
    }

    pub fn as_cond(&mut self, x: Expr, t: &CType, loc: Loc) -> Result<Expr, Diag> {
        if !t.is_scalar() {
            return Err(self.type_err(loc, "used a non-scalar value where a condition is required"));
        }
        if t.is_float() {
            return Err(unsup(loc, "floating point"));
        }
        Ok(fold::cast(Type::Bool, x, &self.vars))
    }

    /// Converts a scalar value between C types (C99 6.3).
    pub fn convert(&mut self, x: Expr, from: &CType, to: &CType, loc: Loc) -> Result<Expr, Diag> {
        let from = from.decay();
        match (&from, to) {
            (_, CType::Void) => Ok(x),
            (CType::Float(_), _) | (_, CType::Float(_)) => {
                if self.scratch {
                    Ok(Expr::Const(
                        0,
                        ty::ir_type(to, self.target).unwrap_or(Type::Bool),
                    ))
                } else {
                    Err(unsup(loc, "floating point"))
                }
            }
            (CType::Int(_) | CType::Pointer(_), CType::Int(_) | CType::Pointer(_)) => {
                let t = self.ir_of(to, loc)?;
                Ok(fold::cast(t, x, &self.vars))
            }
            _ => Err(self.type_err(
                loc,
                format!(
                    "cannot convert a value of type `{}` to `{}`",
                    self.types.display(&from),
                    self.types.display(to)
                ),
            )),
        }
    }

    fn promote_val(&mut self, x: Expr, t: &CType, loc: Loc) -> Result<(Expr, IntKind), Diag> {
        match t {
            CType::Int(k) => {
                let p = ty::promote(*k, self.target);
                let x = fold::cast(p.ir(self.target), x, &self.vars);
                Ok((x, p))
            }
            CType::Float(_) => Err(unsup(loc, "floating point")),
            _ => Err(self.type_err(
                loc,
                format!("invalid operand of type `{}`", self.types.display(t)),
            )),
        }
    }

    fn expr_inner(&mut self, e: &'a AExpr, discard: bool) -> Result<Val, Diag> {
        let loc = e.loc;
        match &e.kind {
            ExprKind::Ident(n) => self.ident(n, loc),
            ExprKind::IntLit {
                value,
                unsigned,
                long,
                non_decimal,
            } => {
                let k = match ty::literal_type(*value, *unsigned, *long, *non_decimal, self.target)
                {
                    Some(k) => k,
                    None => {
                        self.warn(loc, "integer constant is too large for its type");
                        if *value > u64::MAX as u128 {
                            IntKind::UInt128
                        } else {
                            IntKind::ULongLong
                        }
                    }
                };
                Ok(Val::R(self.int_const(*value as i128, k), CType::Int(k)))
            }
            ExprKind::FloatLit(_) => {
                if self.scratch {
                    let t = CType::Float(ty::FloatKind::Double);
                    let it = self.ir_of(&t, loc)?;
                    Ok(Val::R(Expr::Const(0, it), t))
                } else {
                    Err(unsup(loc, "floating point"))
                }
            }
            ExprKind::CharLit(v) => {
                let v = if (0..=255).contains(v) {
                    IntKind::Char.ir(self.target).wrap(*v as i128)
                } else {
                    *v as i128
                };
                Ok(Val::R(self.int_const(v, IntKind::Int), CType::int()))
            }
            ExprKind::StringLit(bytes) => {
                let s = self.string_slot(bytes, loc);
                Ok(Val::L(LValue {
                    place: Place::Slot {
                        slot: s,
                        off: 0,
                        idx: vec![],
                    },
                    ty: self.slots[s].ty.clone(),
                    bitfield: None,
                }))
            }
            ExprKind::Unary(op, a) => self.unary(*op, a, loc),
            ExprKind::IncDec { pre, inc, arg } => self.incdec(*pre, *inc, arg, loc, discard),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, e),
            ExprKind::Assign(op, a, b) => self.assign(*op, a, b, loc, discard),
            ExprKind::Cond(c, a, b) => self.conditional(c, a, b, loc, discard),
            ExprKind::Comma(a, b) => {
                self.discard(a)?;
                if discard {
                    self.discard(b)?;
                    Ok(Val::Void)
                } else {
                    self.expr(b)
                }
            }
            ExprKind::Cast(tn, a) => {
                let t = self.type_name(tn)?;
                if t.is_void() {
                    self.discard(a)?;
                    return Ok(Val::Void);
                }
                if !t.is_scalar() {
                    // GNU cast to a union / same struct type
                    let v = self.expr(a)?;
                    let vt = self.val_type(&v);
                    if self.types.compatible(&vt, &t) {
                        return Ok(v);
                    }
                    return Err(
                        self.type_err(loc, format!("cannot cast to `{}`", self.types.display(&t)))
                    );
                }
                let hint = self.alloc_hint_for(&t);
                let prev = std::mem::replace(&mut self.alloc_hint, hint);
                let r = self.rv(a);
                self.alloc_hint = prev;
                let (x, from) = r?;
                let x = self.convert(x, &from, &t, loc)?;
                Ok(Val::R(x, t))
            }
            ExprKind::SizeofExpr(a) => {
                let v = self.scratch_expr(a)?;
                let t = self.val_type(&v);
                // an assignment has the type of its left operand; for a bit-field GCC gives that
                // type the width of the field, rounded up to 1, 2, 4 or 8 bytes
                if let ExprKind::Assign(_, lhs, _) | ExprKind::IncDec { arg: lhs, .. } = &a.kind {
                    if let Val::L(LValue {
                        bitfield: Some((_, w)),
                        ..
                    }) = self.scratch_expr(lhs)?
                    {
                        let n = (u64::from(w).div_ceil(8)).max(1).next_power_of_two();
                        let k = self.size_t();
                        return Ok(Val::R(self.int_const(n as i128, k), CType::Int(k)));
                    }
                }
                if let Val::L(LValue {
                    bitfield: Some(_), ..
                }) = v
                {
                    return Err(self.type_err(loc, "sizeof applied to a bit-field"));
                }
                let n = self.sizeof(&t, loc)?;
                let k = self.size_t();
                Ok(Val::R(self.int_const(n as i128, k), CType::Int(k)))
            }
            ExprKind::SizeofType(tn) => {
                let t = self.type_name(tn)?;
                let n = self.sizeof(&t, loc)?;
                let k = self.size_t();
                Ok(Val::R(self.int_const(n as i128, k), CType::Int(k)))
            }
            ExprKind::AlignofType(tn) => {
                let t = self.type_name(tn)?;
                let n = self
                    .types
                    .align_of(&t, self.target)
                    .ok_or_else(|| self.type_err(loc, "alignof applied to an incomplete type"))?;
                let k = self.size_t();
                Ok(Val::R(self.int_const(n as i128, k), CType::Int(k)))
            }
            ExprKind::BuiltinOffsetof(tn, path) => {
                let t = self.type_name(tn)?;
                let mut off = 0u64;
                let mut cur = t;
                for f in path {
                    // a path element may carry array subscripts: `a[2]`
                    let (name, subs) = split_subscripts(f);
                    if !name.is_empty() {
                        let id = match &cur {
                            CType::Struct(id) => *id,
                            _ => return Err(self.type_err(loc, "offsetof on a non-struct type")),
                        };
                        let (o, fld) = self.types.find_field(id, name).ok_or_else(|| {
                            self.type_err(loc, format!("no member named `{}`", name))
                        })?;
                        off += o;
                        cur = fld.ty;
                    }
                    for k in subs {
                        let elem = match &cur {
                            CType::Array(e, _) => (**e).clone(),
                            _ => {
                                return Err(
                                    self.type_err(loc, "subscript of a non-array in offsetof")
                                )
                            }
                        };
                        off += k * self.sizeof(&elem, loc)?;
                        cur = elem;
                    }
                }
                let k = self.size_t();
                Ok(Val::R(self.int_const(off as i128, k), CType::Int(k)))
            }
            ExprKind::Call(f, args) => self.call(f, args, loc, discard),
            ExprKind::Index(a, b) => self.index(a, b, loc),
            ExprKind::Member { base, field, arrow } => self.member(base, field, *arrow, loc),
            ExprKind::CompoundLit(tn, init) => {
                let mut t = self.type_name(tn)?;
                if let CType::Array(_, None) = t {
                    t = self.complete_array_type(&t, init)?;
                }
                let name = format!("{}::compound$", self.frame().display);
                let sc = if self.frame().func.is_some() {
                    self.local_scope()
                } else {
                    Scope::Global
                };
                let s = self.new_slot(&name, &t, sc, true, loc);
                if sc == Scope::Global {
                    self.static_init(s, init)?;
                } else {
                    self.local_init(s, init, loc)?;
                }
                Ok(Val::L(LValue {
                    place: Place::Slot {
                        slot: s,
                        off: 0,
                        idx: vec![],
                    },
                    ty: t,
                    bitfield: None,
                }))
            }
            ExprKind::StmtExpr(s) => self.stmt_expr(s, discard),
        }
    }

    fn ident(&mut self, n: &str, loc: Loc) -> Result<Val, Diag> {
        match self.lookup(n) {
            Some(Sym::Var(s)) => {
                let s = self.thread_local_slot(s, loc)?;
                Ok(Val::L(LValue {
                    place: Place::Slot {
                        slot: s,
                        off: 0,
                        idx: vec![],
                    },
                    ty: self.slots[s].ty.clone(),
                    bitfield: None,
                }))
            }
            Some(Sym::Func(f)) => Ok(Val::Func(f)),
            Some(Sym::Enum(v, k)) => Ok(Val::R(self.int_const(v, k), CType::Int(k))),
            Some(Sym::Typedef(_)) => {
                Err(self.type_err(loc, format!("unexpected type name `{}`", n)))
            }
            None => match n {
                "__func__" | "__FUNCTION__" | "__PRETTY_FUNCTION__" => {
                    let name = self.frame().fname.clone().into_bytes();
                    let s = self.string_slot(&name, loc);
                    Ok(Val::L(LValue {
                        place: Place::Slot {
                            slot: s,
                            off: 0,
                            idx: vec![],
                        },
                        ty: self.slots[s].ty.clone(),
                        bitfield: None,
                    }))
                }
                _ => Err(self.type_err(loc, format!("use of undeclared identifier `{}`", n))),
            },
        }
    }

    /// The (global, constant) object holding a string literal.
    pub fn string_slot(&mut self, bytes: &[u8], loc: Loc) -> SlotId {
        if let Some(&s) = self.strings.get(bytes) {
            return s;
        }
        let t = CType::Array(
            Box::new(CType::Int(IntKind::Char)),
            Some(bytes.len() as u64 + 1),
        );
        let n = self.strings.len();
        let s = self.new_slot(&format!("str${}", n), &t, Scope::Global, true, loc);
        for (i, b) in bytes.iter().enumerate() {
            if let Some((_, v)) = self.slots[s].cells.get(i) {
                let v = *v;
                let ct = self.vars[v.0 as usize].ty;
                self.vars[v.0 as usize].init = Some(ct.wrap(*b as i128));
            }
        }
        self.strings.insert(bytes.to_vec(), s);
        s
    }

    fn unary(&mut self, op: UnaryOp, a: &'a AExpr, loc: Loc) -> Result<Val, Diag> {
        match op {
            UnaryOp::Plus | UnaryOp::Neg | UnaryOp::BitNot => {
                let (x, t) = self.rv(a)?;
                let (x, k) = self.promote_val(x, &t, loc)?;
                let r = match op {
                    UnaryOp::Plus => x,
                    UnaryOp::Neg => {
                        let irt = k.ir(self.target);
                        match x {
                            Expr::Const(c, _) => Expr::Const(irt.wrap(-c), irt),
                            x => Expr::Unary(UnOp::Neg, Box::new(x)),
                        }
                    }
                    _ => {
                        let irt = k.ir(self.target);
                        match x {
                            Expr::Const(c, _) => Expr::Const(irt.wrap(!c), irt),
                            x => Expr::Unary(UnOp::BitNot, Box::new(x)),
                        }
                    }
                };
                Ok(Val::R(r, CType::Int(k)))
            }
            UnaryOp::Not => {
                let c = self.cond(a)?;
                let r = fold::not(c);
                let it = IntKind::Int.ir(self.target);
                Ok(Val::R(fold::cast(it, r, &self.vars), CType::int()))
            }
            UnaryOp::Deref => {
                let v = self.expr(a)?;
                if let Val::Func(f) = v {
                    return Ok(Val::Func(f));
                }
                let (x, t) = self.rvalue_of(v, a.loc)?;
                match t {
                    CType::Pointer(pt) => {
                        if let CType::Func(_) = &*pt {
                            return Ok(Val::R(x, CType::Pointer(pt)));
                        }
                        if pt.is_void() {
                            return Err(self.type_err(loc, "dereferencing a `void *` pointer"));
                        }
                        Ok(Val::L(self.mem_lvalue(x, (*pt).clone())))
                    }
                    _ => Err(self.type_err(
                        loc,
                        format!(
                            "indirection requires a pointer operand (`{}` invalid)",
                            self.types.display(&t)
                        ),
                    )),
                }
            }
            UnaryOp::AddrOf => {
                let v = self.expr(a)?;
                match v {
                    Val::L(lv) => {
                        if lv.bitfield.is_some() {
                            return Err(
                                self.type_err(loc, "cannot take the address of a bit-field")
                            );
                        }
                        let x = self.addr_of(&lv, loc)?;
                        Ok(Val::R(x, CType::ptr_to(lv.ty)))
                    }
                    Val::Func(f) => Ok(Val::Func(f)),
                    Val::R(x, t) if matches!(t, CType::Pointer(ref p) if p.is_func()) => {
                        Ok(Val::R(x, t))
                    }
                    _ => Err(self.type_err(loc, "cannot take the address of an rvalue")),
                }
            }
        }
    }

    /// An lvalue through a pointer; a constant address of a known object becomes a direct access.
    pub fn mem_lvalue(&mut self, addr: Expr, t: CType) -> LValue {
        if let Expr::Const(c, _) = addr {
            let c = c as u64;
            for o in &self.objs {
                if let ObjKind::Slot(s) = o.kind {
                    if c >= o.base && c < o.base + o.size && !self.slots[s].summarized {
                        return LValue {
                            place: Place::Slot {
                                slot: s,
                                off: c - o.base,
                                idx: vec![],
                            },
                            ty: t,
                            bitfield: None,
                        };
                    }
                }
            }
        }
        LValue {
            place: Place::Mem { addr },
            ty: t,
            bitfield: None,
        }
    }

    /// The address of an lvalue (its slot gets an object).
    pub fn addr_of(&mut self, lv: &LValue, _loc: Loc) -> Result<Expr, Diag> {
        match &lv.place {
            Place::Mem { addr } => Ok(addr.clone()),
            Place::Slot { slot, off, idx } => {
                let o = self.slot_object(*slot);
                let base = self.objs[o.0 as usize].base;
                let pt = self.ptr_type();
                let mut a = Expr::Const(pt.wrap((base + off) as i128), pt);
                for ix in idx {
                    let i = fold::cast(pt, ix.idx.clone(), &self.vars);
                    let scaled = fold::bin(
                        BinOp::Mul,
                        i,
                        Expr::Const(ix.stride as i128, pt),
                        &self.vars,
                    );
                    a = fold::bin(BinOp::Add, a, scaled, &self.vars);
                }
                Ok(a)
            }
        }
    }

    /// The IR type of the cell an lvalue denotes.
    pub fn cell_ir_type(&self, lv: &LValue, loc: Loc) -> Result<Type, Diag> {
        match (&lv.ty, lv.bitfield) {
            (CType::Int(k), Some((_, w))) => Ok(ty::bitfield_ir_type(*k, w, self.target)),
            (t, _) => self.ir_of(t, loc),
        }
    }

    /// Candidate (offset, condition) pairs of a slot place.
    pub(crate) fn candidates(
        &self,
        off: u64,
        idx: &[Index],
        loc: Loc,
    ) -> Result<Vec<(u64, Option<Expr>)>, Diag> {
        let mut out: Vec<(u64, Option<Expr>)> = vec![(off, None)];
        for ix in idx {
            let it = ix.idx.ty(&self.vars);
            let mut next = Vec::new();
            for (o, c) in &out {
                for k in 0..ix.count {
                    if (k as i128) > it.max_value() {
                        break;
                    }
                    let eq = Expr::bin(BinOp::Eq, ix.idx.clone(), Expr::Const(k as i128, it));
                    let cond = match c {
                        None => eq,
                        Some(c) => Expr::bin(BinOp::And, c.clone(), eq),
                    };
                    next.push((o + k * ix.stride, Some(cond)));
                    if next.len() > MAX_CELLS {
                        return Err(unsup(loc, "symbolic index over too many cells"));
                    }
                }
            }
            out = next;
        }
        Ok(out)
    }

    /// Finds the cell of a slot at an offset for an access of `size` bytes.
    pub fn find_cell(
        &self,
        s: SlotId,
        off: u64,
        bitfield: Option<(u16, u16)>,
        size: u64,
    ) -> Option<(usize, VarId)> {
        let slot = &self.slots[s];
        let ids = slot.index.get(&(off, bitfield))?;
        let mut best = None;
        for &i in ids {
            let (shape, v) = &slot.cells[i];
            let ok = bitfield.is_some() || self.types.size_of(&shape.ty, self.target) == Some(size);
            if ok {
                best = Some((i, *v));
                break;
            }
        }
        best
    }

    /// The value (IR type `cty`) at a constant offset of a slot: its cell, or its bytes when the
    /// slot is byte-precise. `None` (the slot is recorded as accessed under more than one type)
    /// when no cell matches.
    fn slot_leaf(
        &self,
        slot: SlotId,
        off: u64,
        bitfield: Option<(u16, u16)>,
        size: u64,
        cty: Type,
    ) -> Option<Expr> {
        if self.is_bytes(slot) {
            return self.byte_read(slot, off, size, bitfield, cty);
        }
        match self.find_cell(slot, off, bitfield, size) {
            Some((_, v)) => Some(fold::cast(cty, Expr::Var(v), &self.vars)),
            None => {
                self.mark_bytes(slot);
                None
            }
        }
    }

    /// Reads the scalar an lvalue denotes (bit-fields promoted).
    pub fn read(&mut self, lv: &LValue, loc: Loc) -> Result<Expr, Diag> {
        let cty = self.cell_ir_type(lv, loc)?;
        let size = if lv.bitfield.is_some() {
            0
        } else {
            self.sizeof(&lv.ty, loc)?
        };
        let raw = match &lv.place {
            Place::Slot { slot, off, idx } => {
                let slot = *slot;
                if self.slots[slot].summarized {
                    return Err(unsup(
                        loc,
                        format!(
                            "read of `{}`, an object too large or of unknown size",
                            self.slots[slot].name
                        ),
                    ));
                }
                if self.slots[slot].incomplete {
                    return Err(self.type_err(
                        loc,
                        format!("`{}` has an incomplete type", self.slots[slot].name),
                    ));
                }
                if !idx.is_empty() {
                    let n: u64 = idx.iter().map(|ix| ix.count.max(1)).product();
                    if n > MAX_CELLS as u64 {
                        return Err(unsup(loc, "symbolic index over too many cells"));
                    }
                    self.index_tree(slot, *off, idx, 0, lv.bitfield, size, cty, loc)?
                } else {
                    let cands = self.candidates(*off, idx, loc)?;
                    let mut cells = Vec::new();
                    for (o, c) in cands {
                        match self.slot_leaf(slot, o, lv.bitfield, size, cty) {
                            Some(x) => {
                                cells.push((c, x));
                            }
                            None => {
                                if idx.is_empty() {
                                    return Err(unsup(
                                        loc,
                                        format!(
                                            "access to `{}` at byte {} with a different type",
                                            self.slots[slot].name, o
                                        ),
                                    ));
                                }
                            }
                        }
                    }
                    let mut it = cells.into_iter().rev();
                    let (_, mut acc) = it.next().ok_or_else(|| {
                        unsup(loc, format!("access outside `{}`", self.slots[slot].name))
                    })?;
                    for (c, x) in it {
                        acc = match c {
                            Some(c) => fold::ite(c, x, acc),
                            None => x,
                        };
                    }
                    acc
                }
            }
            Place::Mem { addr } => {
                if self.scratch {
                    Expr::Const(0, cty)
                } else {
                    let n = self.loads.len();
                    let v = self.new_var(
                        &format!("load${}", n),
                        cty,
                        Scope::Global,
                        None,
                        true,
                        Some(loc),
                    );
                    self.loads.insert(
                        v,
                        LoadInfo {
                            addr: addr.clone(),
                            size,
                            bitfield: lv.bitfield,
                            ty: cty,
                            heap_size: false,
                        },
                    );
                    Expr::Var(v)
                }
            }
        };
        Ok(match (&lv.ty, lv.bitfield) {
            (CType::Int(k), Some((_, w))) => {
                let p = ty::promote_bitfield(*k, w, self.target);
                fold::cast(p.ir(self.target), raw, &self.vars)
            }
            _ => raw,
        })
    }

    /// A read at symbolic indices as a balanced `Ite` tree over `idx < mid` (depth logarithmic
    /// in the number of cells; out-of-range indices are undefined behaviour in C).
    #[allow(clippy::too_many_arguments)]
    fn index_tree(
        &self,
        slot: SlotId,
        off: u64,
        idx: &[Index],
        level: usize,
        bitfield: Option<(u16, u16)>,
        size: u64,
        cty: Type,
        loc: Loc,
    ) -> Result<Expr, Diag> {
        if level == idx.len() {
            return match self.slot_leaf(slot, off, bitfield, size, cty) {
                Some(x) => Ok(x),
                None => Err(unsup(
                    loc,
                    format!(
                        "access to `{}` at byte {} with a different type",
                        self.slots[slot].name, off
                    ),
                )),
            };
        }
        let ix = &idx[level];
        let it = ix.idx.ty(&self.vars);
        let hi = ix.count.max(1).min(it.max_value().max(0) as u64 + 1) - 1;
        self.index_range(slot, off, idx, level, 0, hi, bitfield, size, cty, it, loc)
    }

    #[allow(clippy::too_many_arguments)]
    fn index_range(
        &self,
        slot: SlotId,
        off: u64,
        idx: &[Index],
        level: usize,
        lo: u64,
        hi: u64,
        bitfield: Option<(u16, u16)>,
        size: u64,
        cty: Type,
        it: Type,
        loc: Loc,
    ) -> Result<Expr, Diag> {
        let ix = &idx[level];
        if lo == hi {
            return self.index_tree(
                slot,
                off + lo * ix.stride,
                idx,
                level + 1,
                bitfield,
                size,
                cty,
                loc,
            );
        }
        let mid = lo + (hi - lo).div_ceil(2);
        let l = self.index_range(
            slot,
            off,
            idx,
            level,
            lo,
            mid - 1,
            bitfield,
            size,
            cty,
            it,
            loc,
        )?;
        let r = self.index_range(slot, off, idx, level, mid, hi, bitfield, size, cty, it, loc)?;
        let c = Expr::bin(BinOp::Lt, ix.idx.clone(), Expr::Const(mid as i128, it));
        Ok(fold::ite(c, l, r))
    }

    /// Writes a scalar (already converted to the lvalue's C type) into an lvalue.
    pub fn write(&mut self, lv: &LValue, val: Expr, loc: Loc) -> Result<(), Diag> {
        if self.scratch {
            return Ok(());
        }
        if lv.ty.is_float() {
            return Err(unsup(loc, "floating point"));
        }
        let cty = self.cell_ir_type(lv, loc)?;
        let val = fold::cast(cty, val, &self.vars);
        let size = if lv.bitfield.is_some() {
            0
        } else {
            self.sizeof(&lv.ty, loc)?
        };
        match &lv.place {
            Place::Mem { addr } => {
                self.b.emit_p(POp::Store(Store {
                    addr: addr.clone(),
                    val,
                    size,
                    bitfield: lv.bitfield,
                    ty: cty,
                }));
                Ok(())
            }
            Place::Slot { slot, off, idx } => {
                let slot = *slot;
                if self.slots[slot].summarized {
                    return Ok(());
                }
                if self.slots[slot].incomplete {
                    return Err(self.type_err(
                        loc,
                        format!("`{}` has an incomplete type", self.slots[slot].name),
                    ));
                }
                if self.is_bytes(slot) {
                    return self.write_bytes(slot, *off, idx, lv.bitfield, size, val, loc);
                }
                let cands = self.candidates(*off, idx, loc)?;
                let mut targets = Vec::new();
                for (o, c) in cands {
                    match self.find_cell(slot, o, lv.bitfield, size) {
                        Some((i, v)) => targets.push((i, v, c)),
                        None => {
                            self.mark_bytes(slot);
                            if idx.is_empty() {
                                return Err(unsup(
                                    loc,
                                    format!(
                                        "access to `{}` at byte {} with a different type",
                                        self.slots[slot].name, o
                                    ),
                                ));
                            }
                        }
                    }
                }
                // conditions must be evaluated before any cell changes
                let mut idx_snap: Vec<Index> = idx.clone();
                if targets.len() > 1 {
                    let cellset: HashSet<VarId> =
                        self.slots[slot].cells.iter().map(|(_, v)| *v).collect();
                    let mut need = false;
                    for ix in idx.iter() {
                        ix.idx.for_each_var(&mut |v| need |= cellset.contains(&v));
                    }
                    if need {
                        for ix in idx_snap.iter_mut() {
                            let t = self.temp(ix.idx.ty(&self.vars));
                            self.b.emit(Op::Assign(t, ix.idx.clone()));
                            ix.idx = Expr::Var(t);
                        }
                        let cands = self.candidates(*off, &idx_snap, loc)?;
                        targets.clear();
                        for (o, c) in cands {
                            if let Some((i, v)) = self.find_cell(slot, o, lv.bitfield, size) {
                                targets.push((i, v, c));
                            }
                        }
                    }
                }
                for (i, v, c) in targets {
                    // a cell of the same size but another type (a `_Bool` written as a byte)
                    let vt = self.vars[v.0 as usize].ty;
                    let val = fold::cast(vt, val.clone(), &self.vars);
                    let new = match &c {
                        None => val,
                        Some(c) => fold::ite(c.clone(), val, Expr::Var(v)),
                    };
                    self.b.emit(Op::Assign(v, new));
                    if self.slots[slot].has_union {
                        self.union_overlaps(slot, i, c.as_ref());
                    }
                }
                Ok(())
            }
        }
    }

    /// After writing cell `i` of a slot containing unions, keeps the cells of other members that
    /// share its bytes consistent: exact overlaps get the converted value, partial overlaps an
    /// arbitrary one.
    fn union_overlaps(&mut self, slot: SlotId, i: usize, cond: Option<&Expr>) {
        let (shape, v) = self.slots[slot].cells[i].clone();
        let size = self.cell_size(&shape);
        let lo = shape.offset;
        let hi = lo + size.max(1);
        let others: Vec<(CellShape, VarId)> = self.slots[slot]
            .cells
            .iter()
            .enumerate()
            .filter(|(j, (c, _))| {
                *j != i && {
                    let s = self.cell_size(c).max(1);
                    c.offset < hi
                        && lo < c.offset + s
                        && !(c.offset == lo
                            && c.bitfield == shape.bitfield
                            && s == size
                            && c.path == shape.path)
                }
            })
            .map(|(_, c)| c.clone())
            .collect();
        for (c, w) in others {
            let exact = c.offset == lo
                && c.bitfield.is_none()
                && shape.bitfield.is_none()
                && self.cell_size(&c) == size;
            if exact {
                let wt = self.vars[w.0 as usize].ty;
                let x = fold::cast(wt, Expr::Var(v), &self.vars);
                self.b.emit(Op::Assign(w, x));
            } else {
                // the members share bytes in different shapes: byte-precise next round
                self.mark_bytes(slot);
                match cond {
                    None => self.b.emit(Op::Nondet(w)),
                    Some(c) => {
                        let wt = self.vars[w.0 as usize].ty;
                        let t = self.temp(wt);
                        self.b.emit(Op::Nondet(t));
                        self.b.emit(Op::Assign(
                            w,
                            fold::ite(c.clone(), Expr::Var(t), Expr::Var(w)),
                        ));
                    }
                }
            }
        }
    }

    pub fn cell_size(&self, c: &CellShape) -> u64 {
        match c.bitfield {
            Some((b, w)) => (b as u64 + w as u64).div_ceil(8),
            None => self.types.size_of(&c.ty, self.target).unwrap_or(1),
        }
    }

    /// Assigns a value (scalar or aggregate) to an lvalue, converting scalars.
    pub fn assign_val(&mut self, lv: &LValue, v: Val, loc: Loc) -> Result<(), Diag> {
        match &lv.ty {
            CType::Struct(_) | CType::Array(..) => {
                let src = match v {
                    Val::L(src) => src,
                    _ => return Err(self.type_err(loc, "incompatible types in assignment")),
                };
                if !self.types.compatible(&lv.ty, &src.ty) {
                    return Err(self.type_err(
                        loc,
                        format!(
                            "assigning `{}` to `{}`: incompatible types",
                            self.types.display(&src.ty),
                            self.types.display(&lv.ty)
                        ),
                    ));
                }
                self.copy_aggregate(lv, &src, loc)
            }
            CType::Void | CType::Func(_) => Err(self.type_err(loc, "assignment to a non-object")),
            t => {
                let t = t.clone();
                if self.scratch {
                    return Ok(());
                }
                if t.is_float() {
                    return Err(unsup(loc, "floating point"));
                }
                let (x, from) = self.rvalue_of(v, loc)?;
                self.check_assignable(&from, &t, &x, loc)?;
                let x = self.convert(x, &from, &t, loc)?;
                self.write(lv, x, loc)
            }
        }
    }

    fn check_assignable(&self, from: &CType, to: &CType, x: &Expr, loc: Loc) -> Result<(), Diag> {
        let ok = match (from, to) {
            (CType::Int(_), CType::Int(_)) => true,
            (CType::Pointer(_), CType::Pointer(_)) => true,
            (CType::Pointer(_), CType::Int(_)) | (CType::Int(_), CType::Pointer(_)) => {
                // allowed with a warning in C89 compilers; keep it (null constants included)
                let _ = x;
                true
            }
            (CType::Float(_), _) | (_, CType::Float(_)) => true,
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(self.type_err(
                loc,
                format!(
                    "assigning to `{}` from incompatible type `{}`",
                    self.types.display(to),
                    self.types.display(from)
                ),
            ))
        }
    }

    /// Copies every cell of an aggregate.
    pub fn copy_aggregate(&mut self, dst: &LValue, src: &LValue, loc: Loc) -> Result<(), Diag> {
        if self.scratch || dst == src {
            return Ok(());
        }
        let pt = self.ptr_type();
        let shapes = self
            .types
            .cells(&dst.ty, self.target, MAX_CELLS)
            .ok_or_else(|| unsup(loc, "copy of an aggregate too large to model"))?;
        // read everything first when the two may overlap through memory
        let mut vals = Vec::new();
        for c in &shapes {
            let s = sub_lvalue(src, c, pt);
            let x = self.read_raw(&s, loc)?;
            vals.push(x);
        }
        let snapshot =
            matches!(dst.place, Place::Mem { .. }) || matches!(src.place, Place::Mem { .. });
        if snapshot && shapes.len() > 1 {
            let mut tmp = Vec::new();
            for x in vals {
                let t = self.temp(x.ty(&self.vars));
                self.b.emit(Op::Assign(t, x));
                tmp.push(Expr::Var(t));
            }
            vals = tmp;
        }
        for (c, x) in shapes.iter().zip(vals) {
            let d = sub_lvalue(dst, c, pt);
            self.write(&d, x, loc)?;
        }
        Ok(())
    }

    /// Reads a cell without bit-field promotion (the cell's own IR type).
    fn read_raw(&mut self, lv: &LValue, loc: Loc) -> Result<Expr, Diag> {
        let x = self.read(lv, loc)?;
        let t = self.cell_ir_type(lv, loc)?;
        Ok(fold::cast(t, x, &self.vars))
    }

    fn incdec(
        &mut self,
        pre: bool,
        inc: bool,
        arg: &'a AExpr,
        loc: Loc,
        discard: bool,
    ) -> Result<Val, Diag> {
        if self.names_atomic(arg) && !self.scratch {
            // `x++` on an `_Atomic` object: one seq_cst read-modify-write step
            self.seq_cst_fence();
            self.b.emit(Op::AtomicBegin);
            let r = self.incdec_plain(pre, inc, arg, loc, discard);
            self.b.emit(Op::AtomicEnd);
            return r;
        }
        self.incdec_plain(pre, inc, arg, loc, discard)
    }

    /// The full fence (an empty atomic section) before a seq_cst store or read-modify-write
    /// of an `_Atomic` object: under PSO a writing atomic section is atomic on its own
    /// addresses only, the fence orders the thread's earlier stores (C11 to SPARC: `membar`
    /// before the store / `cas`). A no-op under SC and TSO.
    fn seq_cst_fence(&mut self) {
        self.b.emit(Op::AtomicBegin);
        self.b.emit(Op::AtomicEnd);
    }

    fn incdec_plain(
        &mut self,
        pre: bool,
        inc: bool,
        arg: &'a AExpr,
        loc: Loc,
        discard: bool,
    ) -> Result<Val, Diag> {
        let lv = match self.expr(arg)? {
            Val::L(lv) => lv,
            _ => return Err(self.type_err(loc, "expression is not assignable")),
        };
        if !lv.ty.is_scalar() {
            return Err(self.type_err(loc, "cannot increment a value of this type"));
        }
        if lv.ty.is_float() {
            return Err(unsup(loc, "floating point"));
        }
        let old = self.read(&lv, loc)?;
        let old_ty = match (&lv.ty, lv.bitfield) {
            (CType::Int(k), Some((_, w))) => CType::Int(ty::promote_bitfield(*k, w, self.target)),
            (t, _) => t.clone(),
        };
        let (old, saved) = if !pre && !discard {
            let t = self.temp(old.ty(&self.vars));
            self.b.emit(Op::Assign(t, old));
            (Expr::Var(t), true)
        } else {
            (old, false)
        };
        let one = Val::R(self.int_const(1, IntKind::Int), CType::int());
        let cur = Val::R(old.clone(), old_ty.clone());
        let op = if inc { BinaryOp::Add } else { BinaryOp::Sub };
        let (nx, nt) = self.arith(op, cur, one, loc)?;
        let nx = self.convert(nx, &nt, &lv.ty, loc)?;
        self.write(&lv, nx, loc)?;
        if discard {
            return Ok(Val::Void);
        }
        if saved {
            Ok(Val::R(old, old_ty))
        } else {
            let v = self.read(&lv, loc)?;
            Ok(Val::R(v, old_ty))
        }
    }

    fn assign(
        &mut self,
        op: Option<BinaryOp>,
        a: &'a AExpr,
        b: &'a AExpr,
        loc: Loc,
        discard: bool,
    ) -> Result<Val, Diag> {
        let lv = match self.expr(a)? {
            Val::L(lv) => lv,
            _ => return Err(self.type_err(a.loc, "expression is not assignable")),
        };
        if matches!(lv.ty, CType::Array(..)) {
            return Err(self.type_err(a.loc, "array type is not assignable"));
        }
        match op {
            None => {
                let hint = self.alloc_hint_for(&lv.ty);
                let prev = std::mem::replace(&mut self.alloc_hint, hint);
                let r = self.expr(b);
                self.alloc_hint = prev;
                let v = r?;
                // `x = v` on an `_Atomic` object is a sequentially consistent store: one
                // atomic step (a fence under TSO/PSO); the value is computed before it
                if self.names_atomic(a) && !self.scratch {
                    let v = match v {
                        Val::R(e, t) => {
                            let tmp = self.temp(e.ty(&self.vars));
                            self.b.emit(Op::Assign(tmp, e));
                            Val::R(Expr::Var(tmp), t)
                        }
                        v => v,
                    };
                    self.seq_cst_fence();
                    self.b.emit(Op::AtomicBegin);
                    self.assign_val(&lv, v, loc)?;
                    self.b.emit(Op::AtomicEnd);
                } else {
                    self.assign_val(&lv, v, loc)?;
                }
            }
            Some(op) => {
                if lv.ty.is_float() {
                    return Err(unsup(loc, "floating point"));
                }
                let rhs = self.expr(b)?;
                // `x op= v` on an `_Atomic` object: one read-modify-write step (the operand
                // is evaluated before)
                let atomic = self.names_atomic(a) && !self.scratch;
                if atomic {
                    self.seq_cst_fence();
                    self.b.emit(Op::AtomicBegin);
                }
                let cur = self.read(&lv, loc)?;
                let cur_ty = match (&lv.ty, lv.bitfield) {
                    (CType::Int(k), Some((_, w))) => {
                        CType::Int(ty::promote_bitfield(*k, w, self.target))
                    }
                    (t, _) => t.clone(),
                };
                let (x, t) = self.arith(op, Val::R(cur, cur_ty), rhs, loc)?;
                let x = self.convert(x, &t, &lv.ty, loc)?;
                if atomic {
                    // the expression's value is the value stored, not a later re-read
                    let tmp = self.temp(x.ty(&self.vars));
                    self.b.emit(Op::Assign(tmp, x));
                    self.write(&lv, Expr::Var(tmp), loc)?;
                    self.b.emit(Op::AtomicEnd);
                    if discard {
                        return Ok(Val::Void);
                    }
                    return Ok(Val::R(Expr::Var(tmp), lv.ty.clone()));
                }
                self.write(&lv, x, loc)?;
            }
        }
        if discard || !lv.ty.is_scalar() {
            return Ok(if lv.ty.is_scalar() {
                Val::Void
            } else {
                Val::L(lv)
            });
        }
        let v = self.read(&lv, loc)?;
        let t = match (&lv.ty, lv.bitfield) {
            (CType::Int(k), Some((_, w))) => CType::Int(ty::promote_bitfield(*k, w, self.target)),
            (t, _) => t.clone(),
        };
        Ok(Val::R(v, t))
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        a: &'a AExpr,
        b: &'a AExpr,
        whole: &'a AExpr,
    ) -> Result<Val, Diag> {
        let loc = whole.loc;
        match op {
            BinaryOp::LogAnd | BinaryOp::LogOr => {
                let it = IntKind::Int.ir(self.target);
                if has_side_effects(b) {
                    let t = self.temp(it);
                    let lt = self.b.new_label();
                    let lf = self.b.new_label();
                    let join = self.b.new_label();
                    self.branch(whole, lt, lf)?;
                    self.b.place(lt);
                    self.b.emit(Op::Assign(t, Expr::Const(1, it)));
                    self.b.jump(join);
                    self.b.place(lf);
                    self.b.emit(Op::Assign(t, Expr::Const(0, it)));
                    self.b.place(join);
                    return Ok(Val::R(Expr::Var(t), CType::int()));
                }
                let x = self.cond(a)?;
                let y = self.cond(b)?;
                let r = fold::bin(
                    if op == BinaryOp::LogAnd {
                        BinOp::And
                    } else {
                        BinOp::Or
                    },
                    x,
                    y,
                    &self.vars,
                );
                Ok(Val::R(fold::cast(it, r, &self.vars), CType::int()))
            }
            _ => {
                let x = self.expr(a)?;
                let y = self.expr(b)?;
                let (e, t) = self.arith(op, x, y, loc)?;
                Ok(Val::R(e, t))
            }
        }
    }

    /// A binary arithmetic, bitwise or comparison operation on two values (pointer arithmetic
    /// included).
    pub fn arith(&mut self, op: BinaryOp, x: Val, y: Val, loc: Loc) -> Result<(Expr, CType), Diag> {
        let (xa, ta) = self.rvalue_of(x, loc)?;
        let (yb, tb) = self.rvalue_of(y, loc)?;
        let pt = self.ptr_type();
        let is_cmp = matches!(
            op,
            BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne
        );
        if ta.is_float() || tb.is_float() {
            return Err(unsup(loc, "floating point"));
        }
        let it = IntKind::Int.ir(self.target);
        // pointer cases
        if ta.is_pointer() || tb.is_pointer() {
            if is_cmp {
                let a = fold::cast(pt, xa, &self.vars);
                let b = fold::cast(pt, yb, &self.vars);
                let c = fold::bin(cmp_op(op), a, b, &self.vars);
                return Ok((fold::cast(it, c, &self.vars), CType::int()));
            }
            match op {
                BinaryOp::Add | BinaryOp::Sub if ta.is_pointer() && tb.is_integer() => {
                    let es = self.elem_size(&ta, loc)?;
                    let off = self.scale(yb, &tb, es);
                    let o = if op == BinaryOp::Add {
                        BinOp::Add
                    } else {
                        BinOp::Sub
                    };
                    return Ok((fold::bin(o, xa, off, &self.vars), ta));
                }
                BinaryOp::Add if tb.is_pointer() && ta.is_integer() => {
                    let es = self.elem_size(&tb, loc)?;
                    let off = self.scale(xa, &ta, es);
                    return Ok((fold::bin(BinOp::Add, yb, off, &self.vars), tb));
                }
                BinaryOp::Sub if ta.is_pointer() && tb.is_pointer() => {
                    let es = self.elem_size(&ta, loc)?;
                    let dk = ty::ptrdiff_kind(self.target);
                    let dt = dk.ir(self.target);
                    let diff =
                        fold::cast(dt, fold::bin(BinOp::Sub, xa, yb, &self.vars), &self.vars);
                    let r = if es > 1 {
                        fold::bin(BinOp::Div, diff, Expr::Const(es as i128, dt), &self.vars)
                    } else {
                        diff
                    };
                    return Ok((r, CType::Int(dk)));
                }
                BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor | BinaryOp::Rem => {
                    // GNU-style integer arithmetic on pointer values
                    let a = fold::cast(pt, xa, &self.vars);
                    let b = fold::cast(pt, yb, &self.vars);
                    let k = ty::size_t_kind(self.target);
                    return Ok((fold::bin(arith_op(op), a, b, &self.vars), CType::Int(k)));
                }
                _ => return Err(self.type_err(loc, "invalid operands to binary expression")),
            }
        }
        let (ka, kb) = match (&ta, &tb) {
            (CType::Int(a), CType::Int(b)) => (*a, *b),
            _ => {
                return Err(self.type_err(
                    loc,
                    format!(
                        "invalid operands to binary expression (`{}` and `{}`)",
                        self.types.display(&ta),
                        self.types.display(&tb)
                    ),
                ))
            }
        };
        match op {
            BinaryOp::Shl | BinaryOp::Shr => {
                let pa = ty::promote(ka, self.target);
                let pb = ty::promote(kb, self.target);
                let at = pa.ir(self.target);
                let a = fold::cast(at, xa, &self.vars);
                let b = fold::cast(pb.ir(self.target), yb, &self.vars);
                let b = fold::cast(at, b, &self.vars);
                let o = if op == BinaryOp::Shl {
                    BinOp::Shl
                } else {
                    BinOp::Shr
                };
                Ok((fold::bin(o, a, b, &self.vars), CType::Int(pa)))
            }
            _ => {
                let k = ty::usual_arith(ka, kb, self.target);
                let t = k.ir(self.target);
                let a = fold::cast(t, xa, &self.vars);
                let b = fold::cast(t, yb, &self.vars);
                if is_cmp {
                    let c = fold::bin(cmp_op(op), a, b, &self.vars);
                    Ok((fold::cast(it, c, &self.vars), CType::int()))
                } else {
                    Ok((fold::bin(arith_op(op), a, b, &self.vars), CType::Int(k)))
                }
            }
        }
    }

    fn elem_size(&self, pt: &CType, loc: Loc) -> Result<u64, Diag> {
        match pt {
            CType::Pointer(e) => match &**e {
                CType::Void | CType::Func(_) => Ok(1),
                e => self.sizeof(e, loc),
            },
            _ => Ok(1),
        }
    }

    /// An integer offset scaled by an element size, as a pointer-width value.
    fn scale(&self, i: Expr, _t: &CType, es: u64) -> Expr {
        let pt = self.ptr_type();
        let i = fold::cast(pt, i, &self.vars);
        fold::bin(BinOp::Mul, i, Expr::Const(es as i128, pt), &self.vars)
    }

    fn conditional(
        &mut self,
        c: &'a AExpr,
        a: &'a AExpr,
        b: &'a AExpr,
        loc: Loc,
        discard: bool,
    ) -> Result<Val, Diag> {
        let side = has_side_effects(a) || has_side_effects(b);
        if !side {
            let cc = self.cond(c)?;
            let x = self.expr(a)?;
            let y = self.expr(b)?;
            let tx = self.val_type(&x);
            let ty_ = self.val_type(&y);
            if tx.is_void() || ty_.is_void() {
                return Ok(Val::Void);
            }
            if let (CType::Struct(_), CType::Struct(_)) = (&tx, &ty_) {
                // select into a temporary
                return self.cond_aggregate_pure(cc, x, y, &tx, loc);
            }
            let rt = self.cond_result_type(&x, &y, loc)?;
            let (xe, xt) = self.rvalue_of(x, a.loc)?;
            let (ye, yt) = self.rvalue_of(y, b.loc)?;
            let xe = self.convert(xe, &xt, &rt, loc)?;
            let ye = self.convert(ye, &yt, &rt, loc)?;
            return Ok(Val::R(fold::ite(cc, xe, ye), rt));
        }
        // control flow
        let lt = self.b.new_label();
        let lf = self.b.new_label();
        let join = self.b.new_label();
        // type of the result from a scratch evaluation
        let sx = self.scratch_expr(a)?;
        let sy = self.scratch_expr(b)?;
        let tx = self.val_type(&sx);
        let ty_ = self.val_type(&sy);
        let result_void = discard || tx.is_void() || ty_.is_void();
        self.branch(c, lt, lf)?;
        if result_void {
            self.b.place(lt);
            self.discard(a)?;
            self.b.jump(join);
            self.b.place(lf);
            self.discard(b)?;
            self.b.place(join);
            return Ok(Val::Void);
        }
        if let CType::Struct(_) = tx {
            let name = format!("{}::cond$", self.frame().display);
            let sc = self.local_scope();
            let s = self.new_slot(&name, &tx, sc, true, loc);
            let dst = LValue {
                place: Place::Slot {
                    slot: s,
                    off: 0,
                    idx: vec![],
                },
                ty: tx.clone(),
                bitfield: None,
            };
            self.b.place(lt);
            let x = self.expr(a)?;
            self.assign_val(&dst, x, loc)?;
            self.b.jump(join);
            self.b.place(lf);
            let y = self.expr(b)?;
            self.assign_val(&dst, y, loc)?;
            self.b.place(join);
            return Ok(Val::L(dst));
        }
        let rt = self.cond_result_type(&sx, &sy, loc)?;
        let irt = self.ir_of(&rt, loc)?;
        let t = self.temp(irt);
        self.b.place(lt);
        let (xe, xt) = self.rv(a)?;
        let xe = self.convert(xe, &xt, &rt, loc)?;
        self.b.emit(Op::Assign(t, xe));
        self.b.jump(join);
        self.b.place(lf);
        let (ye, yt) = self.rv(b)?;
        let ye = self.convert(ye, &yt, &rt, loc)?;
        self.b.emit(Op::Assign(t, ye));
        self.b.place(join);
        Ok(Val::R(Expr::Var(t), rt))
    }

    fn cond_aggregate_pure(
        &mut self,
        cc: Expr,
        x: Val,
        y: Val,
        t: &CType,
        loc: Loc,
    ) -> Result<Val, Diag> {
        let name = format!("{}::cond$", self.frame().display);
        let sc = self.local_scope();
        let s = self.new_slot(&name, t, sc, true, loc);
        let dst = LValue {
            place: Place::Slot {
                slot: s,
                off: 0,
                idx: vec![],
            },
            ty: t.clone(),
            bitfield: None,
        };
        let (Val::L(xl), Val::L(yl)) = (x, y) else {
            return Err(self.type_err(loc, "invalid struct operands of ?:"));
        };
        let shapes = self
            .types
            .cells(t, self.target, MAX_CELLS)
            .ok_or_else(|| unsup(loc, "aggregate too large"))?;
        let pt = self.ptr_type();
        for c in &shapes {
            let a = self.read_raw(&sub_lvalue(&xl, c, pt), loc)?;
            let b = self.read_raw(&sub_lvalue(&yl, c, pt), loc)?;
            self.write(&sub_lvalue(&dst, c, pt), fold::ite(cc.clone(), a, b), loc)?;
        }
        Ok(Val::L(dst))
    }

    fn cond_result_type(&self, x: &Val, y: &Val, loc: Loc) -> Result<CType, Diag> {
        let tx = self.val_type(x).decay();
        let ty_ = self.val_type(y).decay();
        match (&tx, &ty_) {
            (CType::Int(a), CType::Int(b)) => Ok(CType::Int(ty::usual_arith(*a, *b, self.target))),
            (CType::Pointer(p), CType::Pointer(_)) => {
                if p.is_void() {
                    Ok(ty_)
                } else {
                    Ok(tx)
                }
            }
            (CType::Pointer(_), CType::Int(_)) => Ok(tx),
            (CType::Int(_), CType::Pointer(_)) => Ok(ty_),
            (CType::Float(_), _) | (_, CType::Float(_)) => {
                if self.scratch {
                    Ok(CType::Float(ty::FloatKind::Double))
                } else {
                    Err(unsup(loc, "floating point"))
                }
            }
            _ => Err(self.type_err(loc, "incompatible operand types in conditional expression")),
        }
    }

    /// Jumps to `t` when the condition holds, else to `f`; `&&`, `||`, `!` with side effects
    /// become control flow.
    pub fn branch(&mut self, e: &'a AExpr, t: Label, f: Label) -> Result<(), Diag> {
        match &e.kind {
            ExprKind::Binary(BinaryOp::LogAnd, a, b) if has_side_effects(b) => {
                let mid = self.b.new_label();
                self.branch(a, mid, f)?;
                self.b.place(mid);
                self.branch(b, t, f)
            }
            ExprKind::Binary(BinaryOp::LogOr, a, b) if has_side_effects(b) => {
                let mid = self.b.new_label();
                self.branch(a, t, mid)?;
                self.b.place(mid);
                self.branch(b, t, f)
            }
            ExprKind::Unary(UnaryOp::Not, a) => self.branch(a, f, t),
            _ => {
                let c = self.cond(e)?;
                self.branch_on(c, t, f);
                Ok(())
            }
        }
    }

    /// Two `Assume` edges (or one jump when the condition is constant).
    pub fn branch_on(&mut self, c: Expr, t: Label, f: Label) {
        match c {
            Expr::Const(v, _) => {
                self.b.jump(if v != 0 { t } else { f });
            }
            c => {
                self.b.branch_to(c.clone(), t);
                self.b.branch_to(fold::not(c), f);
                self.b.cur = None;
            }
        }
    }

    fn index(&mut self, a: &'a AExpr, b: &'a AExpr, loc: Loc) -> Result<Val, Diag> {
        let va = self.expr(a)?;
        let vb = self.expr(b)?;
        // normalise so that the array/pointer is first
        let (base, idx) = {
            let ta = self.val_type(&va);
            if matches!(ta, CType::Array(..) | CType::Pointer(_)) {
                (va, vb)
            } else {
                (vb, va)
            }
        };
        let (ix, it) = self.rvalue_of(idx, loc)?;
        if !it.is_integer() {
            return Err(self.type_err(loc, "array subscript is not an integer"));
        }
        // direct indexing into an array slot
        if let Val::L(LValue {
            place: Place::Slot { slot, off, idx },
            ty: CType::Array(elem, n),
            ..
        }) = &base
        {
            let es = self.sizeof(elem, loc)?;
            let mut idx = idx.clone();
            let mut off = *off;
            match fold::const_value(&ix, &self.vars) {
                Some(k) => {
                    let total = self
                        .types
                        .size_of(&self.slots[*slot].ty, self.target)
                        .unwrap_or(0);
                    if k < 0 || off + (k as u64 + 1) * es > total {
                        return Err(unsup(loc, format!("array index {} out of bounds", k)));
                    }
                    let _ = n;
                    off += k as u64 * es;
                }
                None => {
                    let (ix, _) = self.promote_val(ix, &it, loc)?;
                    let count = match n {
                        Some(n) => *n,
                        None => {
                            let total = self
                                .types
                                .size_of(&self.slots[*slot].ty, self.target)
                                .unwrap_or(0);
                            total.saturating_sub(off) / es.max(1)
                        }
                    };
                    idx.push(Index {
                        idx: ix,
                        stride: es,
                        count,
                    });
                }
            }
            return Ok(Val::L(LValue {
                place: Place::Slot {
                    slot: *slot,
                    off,
                    idx,
                },
                ty: (**elem).clone(),
                bitfield: None,
            }));
        }
        let (p, pt) = self.rvalue_of(base, loc)?;
        let elem = match &pt {
            CType::Pointer(e) => (**e).clone(),
            _ => return Err(self.type_err(loc, "subscripted value is not an array or pointer")),
        };
        if elem.is_void() || elem.is_func() {
            return Err(self.type_err(loc, "subscript of a pointer to void or function"));
        }
        let es = self.sizeof(&elem, loc)?;
        let off = self.scale(ix, &it, es);
        let addr = fold::bin(BinOp::Add, p, off, &self.vars);
        Ok(Val::L(self.mem_lvalue(addr, elem)))
    }

    fn member(&mut self, base: &'a AExpr, field: &str, arrow: bool, loc: Loc) -> Result<Val, Diag> {
        if arrow {
            let (p, pt) = self.rv(base)?;
            let sid = match &pt {
                CType::Pointer(t) => match &**t {
                    CType::Struct(id) => *id,
                    _ => {
                        return Err(self.type_err(
                            loc,
                            format!(
                                "member reference `->{}` on a pointer to a non-struct",
                                field
                            ),
                        ))
                    }
                },
                _ => {
                    return Err(self.type_err(
                        loc,
                        format!("member reference `->{}` on a non-pointer", field),
                    ))
                }
            };
            if !self.types.get(sid).complete {
                return Err(self.type_err(loc, "member access into an incomplete type"));
            }
            let (off, f) = self.types.find_field(sid, field).ok_or_else(|| {
                self.type_err(
                    loc,
                    format!(
                        "no member named `{}` in `{}`",
                        field,
                        self.types.display(&CType::Struct(sid))
                    ),
                )
            })?;
            let pty = self.ptr_type();
            let addr = fold::bin(BinOp::Add, p, Expr::Const(off as i128, pty), &self.vars);
            let mut lv = self.mem_lvalue(addr, f.ty.clone());
            lv.bitfield = f.bitfield;
            return Ok(Val::L(lv));
        }
        let v = self.expr(base)?;
        let lv = match v {
            Val::L(lv) => lv,
            other => {
                let t = self.val_type(&other);
                return Err(self.type_err(
                    loc,
                    format!(
                        "member reference `.{}` on a value of type `{}`",
                        field,
                        self.types.display(&t)
                    ),
                ));
            }
        };
        let sid = match &lv.ty {
            CType::Struct(id) => *id,
            t => {
                return Err(self.type_err(
                    loc,
                    format!(
                        "member reference `.{}` on a non-struct type `{}`",
                        field,
                        self.types.display(t)
                    ),
                ))
            }
        };
        if !self.types.get(sid).complete {
            return Err(self.type_err(loc, "member access into an incomplete type"));
        }
        let (off, f) = self.types.find_field(sid, field).ok_or_else(|| {
            self.type_err(
                loc,
                format!(
                    "no member named `{}` in `{}`",
                    field,
                    self.types.display(&lv.ty)
                ),
            )
        })?;
        let place = match lv.place {
            Place::Slot { slot, off: o, idx } => Place::Slot {
                slot,
                off: o + off,
                idx,
            },
            Place::Mem { addr } => {
                let pty = self.ptr_type();
                Place::Mem {
                    addr: fold::bin(BinOp::Add, addr, Expr::Const(off as i128, pty), &self.vars),
                }
            }
        };
        Ok(Val::L(LValue {
            place,
            ty: f.ty,
            bitfield: f.bitfield,
        }))
    }

    /// The element type a `malloc` result converted to `t` is used with.
    pub fn alloc_hint_for(&self, t: &CType) -> Option<CType> {
        match t {
            CType::Pointer(e) if !e.is_void() && !e.is_func() => Some((**e).clone()),
            _ => None,
        }
    }
}

/// The sub-lvalue of an aggregate lvalue for one of its cells.
pub(crate) fn sub_lvalue(lv: &LValue, c: &CellShape, pt: Type) -> LValue {
    let place = match &lv.place {
        Place::Slot { slot, off, idx } => Place::Slot {
            slot: *slot,
            off: off + c.offset,
            idx: idx.clone(),
        },
        Place::Mem { addr } => Place::Mem {
            addr: add_const(addr, c.offset, pt),
        },
    };
    LValue {
        place,
        ty: c.ty.clone(),
        bitfield: c.bitfield,
    }
}

/// `addr + k` in pointer type `pt` (folded for constants).
pub(crate) fn add_const(addr: &Expr, k: u64, pt: Type) -> Expr {
    if k == 0 {
        return addr.clone();
    }
    match addr {
        Expr::Const(c, t) => Expr::Const(t.wrap(c + k as i128), *t),
        Expr::Binary(BinOp::Add, a, b) => match **b {
            Expr::Const(c, t) => Expr::bin(
                BinOp::Add,
                (**a).clone(),
                Expr::Const(t.wrap(c + k as i128), t),
            ),
            _ => Expr::bin(
                BinOp::Add,
                addr.clone(),
                Expr::Const(pt.wrap(k as i128), pt),
            ),
        },
        _ => Expr::bin(
            BinOp::Add,
            addr.clone(),
            Expr::Const(pt.wrap(k as i128), pt),
        ),
    }
}

fn split_subscripts(s: &str) -> (&str, Vec<u64>) {
    match s.find('[') {
        None => (s, vec![]),
        Some(i) => {
            let name = &s[..i];
            let subs = s[i..]
                .split(['[', ']'])
                .filter(|x| !x.trim().is_empty())
                .filter_map(|x| x.trim().parse().ok())
                .collect();
            (name, subs)
        }
    }
}

fn cmp_op(op: BinaryOp) -> BinOp {
    match op {
        BinaryOp::Lt => BinOp::Lt,
        BinaryOp::Gt => BinOp::Gt,
        BinaryOp::Le => BinOp::Le,
        BinaryOp::Ge => BinOp::Ge,
        BinaryOp::Eq => BinOp::Eq,
        _ => BinOp::Ne,
    }
}

fn arith_op(op: BinaryOp) -> BinOp {
    match op {
        BinaryOp::Mul => BinOp::Mul,
        BinaryOp::Div => BinOp::Div,
        BinaryOp::Rem => BinOp::Rem,
        BinaryOp::Add => BinOp::Add,
        BinaryOp::Sub => BinOp::Sub,
        BinaryOp::Shl => BinOp::Shl,
        BinaryOp::Shr => BinOp::Shr,
        BinaryOp::BitAnd => BinOp::BitAnd,
        BinaryOp::BitXor => BinOp::BitXor,
        _ => BinOp::BitOr,
    }
}
