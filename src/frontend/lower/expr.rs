//! Expressions: C expressions to pure, well-typed IR expressions, with side effects emitted as
//! edges in evaluation order; lvalues (cells of a slot, possibly at a symbolic index, or memory
//! through a pointer) and their reads and writes; conversions.

use super::cfg::Label;
use super::lvalue::{sub_lvalue, LValue, Place};
use super::observe::ObserveKind;
use super::*;
use crate::frontend::ast::{BinaryOp, Expr as AExpr, ExprKind, UnaryOp, WideKind};
use crate::frontend::types::{self as ty, IntKind};
use crate::ir::{BinOp, Op, UnOp};

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

/// Whether evaluating `e` may check a precondition (an index in bounds, a pointer that can be
/// dereferenced, a divisor or shift amount): such an operand of `&&`/`||` in a condition is
/// lowered after the branch on its left operand, so its check holds only where C evaluates it
/// (`x < n && a[x]`, `p && p->f`).
fn may_check(e: &AExpr) -> bool {
    match &e.kind {
        ExprKind::Index(..) | ExprKind::Unary(UnaryOp::Deref, _) => true,
        ExprKind::Member { arrow: true, .. } => true,
        ExprKind::Binary(BinaryOp::Div | BinaryOp::Rem | BinaryOp::Shl | BinaryOp::Shr, ..) => true,
        ExprKind::Unary(_, a) | ExprKind::Cast(_, a) | ExprKind::Member { base: a, .. } => {
            may_check(a)
        }
        ExprKind::Binary(_, a, b) | ExprKind::Comma(a, b) => may_check(a) || may_check(b),
        ExprKind::Cond(a, b, c) => may_check(a) || may_check(b) || may_check(c),
        _ => false,
    }
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

    /// `len * es` as a `size_t` value (the size of a variable-length array).
    fn runtime_size(&self, len: Expr, es: u64) -> Val {
        let k = self.size_t();
        let st = k.ir(self.target);
        let n = fold::bin(
            BinOp::Mul,
            fold::cast(st, len, &self.vars),
            Expr::Const(es as i128, st),
            &self.vars,
        );
        Val::R(n, CType::Int(k))
    }

    /// Lowers an expression whose value is not used. A discarded scalar lvalue through a
    /// pointer or an index (`p->f;`, `*p;`, `a[i];`) is still read (C11 6.3.2.1p2: the lvalue
    /// is converted to its value even in a void expression), so a dereference of NULL or of
    /// an invalid pointer there is what the same read would be (undefined behaviour).
    pub fn discard(&mut self, e: &'a AExpr) -> Result<(), Diag> {
        self.depth += 1;
        let r = self.expr_inner(e, true);
        self.depth -= 1;
        if let Val::L(lv) = r? {
            let through = match &lv.place {
                Place::Mem { .. } => true,
                Place::Slot { idx, .. } => !idx.is_empty(),
            };
            if through && lv.ty.is_scalar() && !lv.ty.is_float() {
                let (x, _) = self.rvalue_of(Val::L(lv), e.loc)?;
                let t = self.temp(x.ty(&self.vars));
                self.b.emit(Op::Assign(t, x));
            }
        }
        Ok(())
    }

    /// Lowers an expression to a scalar rvalue (arrays and functions decay to pointers).
    pub fn rv(&mut self, e: &'a AExpr) -> Result<(Expr, CType), Diag> {
        let v = self.expr(e)?;
        self.rvalue_of(v, e.loc)
    }

    pub fn rvalue_of(&mut self, v: Val, loc: Loc) -> Result<(Expr, CType), Diag> {
        match v {
            Val::R(x, t) => Ok((x, t)),
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
                CType::Void => Err(self.type_err(loc, "void value not ignored as it ought to be")),
                t => {
                    if let Some(x) = self.raw_bool_read(&lv) {
                        // GCC at -O0 and CBMC read the byte (`b == 0 || b == 1` may fail) but
                        // copy it whole into another `_Bool` (`c = b; b == c` holds), which our
                        // `_Bool` values cannot hold: a byte other than 0 or 1 is unsupported
                        if !self.scratch {
                            let t = x.ty(&self.vars);
                            let bad = Expr::bin(BinOp::Gt, x.clone(), Expr::Const(1, t));
                            let lbad = self.b.new_label();
                            let ok = self.b.new_label();
                            self.b.branch_to(bad.clone(), lbad);
                            self.b.branch_to(fold::not(bad), ok);
                            self.b.cur = None;
                            self.b.place(lbad);
                            self.b.emit(Op::Unsupported(
                                "read of an uninitialised `_Bool` holding neither 0 nor 1".into(),
                            ));
                            self.b.cur = None;
                            self.b.place(ok);
                        }
                        return Ok((x, CType::Int(IntKind::UChar)));
                    }
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

    /// The byte of an uninitialised-at-declaration `_Bool` (see `raw_bools`) read directly as
    /// an `unsigned char` value: 0 or 1 once written, any byte value before (as GCC at `-O0`
    /// and CBMC: `b == 0 || b == 1` may fail). `None` for every other lvalue.
    fn raw_bool_read(&self, lv: &LValue) -> Option<Expr> {
        match &lv.place {
            Place::Slot { slot, off: 0, idx }
                if idx.is_empty()
                    && lv.bitfield.is_none()
                    && matches!(lv.ty, CType::Int(IntKind::Bool))
                    && self.raw_bools.contains(slot)
                    && self.is_bytes(*slot) =>
            {
                self.byte_word(*slot, 0, 1)
            }
            _ => None,
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
        if let CType::Float(k) = t {
            return self.float_cond(x, *k, loc);
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
                    self.convert_float(x, &from, to, loc)
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

    /// An implicit conversion as if by assignment (assignment, initialisation, argument
    /// passing, `return`). A pointer converted to an integer this way (a constraint violation
    /// GCC accepts with a warning) is the address as an integer, as by a cast
    /// ([`Lowerer::address_as_int`]).
    pub fn convert_assign(
        &mut self,
        x: Expr,
        from: &CType,
        to: &CType,
        loc: Loc,
    ) -> Result<Expr, Diag> {
        if from.decay().is_pointer() && to.is_integer() && !matches!(to, CType::Int(IntKind::Bool))
        {
            let pt = self.ptr_type();
            let x = self.address_as_int(fold::cast(pt, x, &self.vars));
            let size_t = CType::Int(ty::size_t_kind(self.target));
            return self.convert(x, &size_t, to, loc);
        }
        self.convert(x, from, to, loc)
    }

    pub(super) fn promote_val(
        &mut self,
        x: Expr,
        t: &CType,
        loc: Loc,
    ) -> Result<(Expr, IntKind), Diag> {
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
            ExprKind::FloatLit(text) => {
                let (x, t) = self.float_literal(text, loc)?;
                Ok(Val::R(x, t))
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
            ExprKind::WideStringLit(k, units) => {
                let s = self.wide_string_slot(*k, units, loc);
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
                    if let CType::Struct(id) = &t {
                        if self.types.get(*id).kind == ty::Aggregate::Union {
                            return self.cast_to_union(*id, &t, v, vt, loc);
                        }
                    }
                    return Err(
                        self.type_err(loc, format!("cannot cast to `{}`", self.types.display(&t)))
                    );
                }
                let quiet = std::mem::replace(&mut self.quiet_addr_cast, false);
                let hint = self.alloc_hint_for(&t);
                let prev = std::mem::replace(&mut self.alloc_hint, hint);
                // `(T *)(uintptr_t)p`: the integer only carries the address back
                self.quiet_addr_cast = t.is_pointer() && matches!(a.kind, ExprKind::Cast(..));
                let r = self.rv(a);
                self.quiet_addr_cast = false;
                self.alloc_hint = prev;
                let (mut x, mut from) = r?;
                if from.decay().is_pointer()
                    && t.is_integer()
                    && !matches!(t, CType::Int(IntKind::Bool))
                {
                    // a round trip through an integer as wide as a pointer keeps the address
                    let wide = self.sizeof(&t, loc)? * 8 >= u64::from(self.target.pointer_bits);
                    if !(quiet && wide) {
                        // the address as an integer: its object's symbolic base plus the offset
                        let pt = self.ptr_type();
                        x = self.address_as_int(fold::cast(pt, x, &self.vars));
                        from = CType::Int(ty::size_t_kind(self.target));
                    }
                }
                let x = self.convert(x, &from, &t, loc)?;
                if from.is_integer() && t.is_pointer() && !matches!(a.kind, ExprKind::Cast(..)) {
                    self.observe(ObserveKind::FromInt, x.clone(), None);
                }
                Ok(Val::R(x, t))
            }
            ExprKind::SizeofExpr(a) => {
                let v = self.scratch_expr(a)?;
                let t = self.val_type(&v);
                // an assignment has the type of its left operand; for a bit-field GCC gives that
                // type the width of the field, rounded up to 1, 2, 4 or 8 bytes, Clang (and
                // CBMC, ESBMC) the declared type: where they differ the program's meaning
                // depends on the compiler
                if let ExprKind::Assign(_, lhs, _) | ExprKind::IncDec { arg: lhs, .. } = &a.kind {
                    if let Val::L(LValue {
                        bitfield: Some((_, w)),
                        ty: decl,
                        ..
                    }) = self.scratch_expr(lhs)?
                    {
                        let n = (u64::from(w).div_ceil(8)).max(1).next_power_of_two();
                        let m = self.sizeof(&decl, loc)?;
                        if n != m {
                            return Err(unsup(
                                loc,
                                format!(
                                    "sizeof of an assignment to a {w}-bit bit-field of type `{}`: \
                                     compilers differ (GCC: {n} bytes, Clang: {m})",
                                    self.types.display(&decl)
                                ),
                            ));
                        }
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
                // a variable-length array: its length at the declaration times the element's size
                if let Val::L(LValue {
                    place: Place::Slot { slot, off: 0, idx },
                    ty: CType::Array(elem, _),
                    ..
                }) = &v
                {
                    if let Some(&len) = self.vla_len.get(slot).filter(|_| idx.is_empty()) {
                        let es = self.sizeof(elem, loc)?;
                        return Ok(self.runtime_size(Expr::Var(len), es));
                    }
                }
                let n = self.sizeof(&t, loc)?;
                let k = self.size_t();
                Ok(Val::R(self.int_const(n as i128, k), CType::Int(k)))
            }
            ExprKind::SizeofType(tn) => {
                let base = self.base_type(&tn.specs)?;
                if let (CType::Array(elem, None), Some(e)) =
                    self.declarator_type(base, &tn.declarator)?
                {
                    // `sizeof(T[n])`: the length is evaluated (with its side effects)
                    let (x, _) = self.rv(e)?;
                    let es = self.sizeof(&elem, loc)?;
                    return Ok(self.runtime_size(x, es));
                }
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
                if sc != Scope::Global && !self.in_lifelong_block() {
                    self.begin_lifetime(s);
                }
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
            ExprKind::Quantifier { forall, decl, body } => {
                self.quantifier(*forall, decl, body, loc)
            }
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

    /// The element type of a wide string literal on this target: `wchar_t` is `int` (as our
    /// `<stddef.h>` and GCC on Linux), `char16_t` `unsigned short`, `char32_t` a 32-bit
    /// unsigned type.
    pub fn wide_kind(&self, k: WideKind) -> IntKind {
        match k {
            WideKind::Wchar => IntKind::Int,
            WideKind::Char16 => IntKind::UShort,
            WideKind::Char32 if self.target.int_bits >= 32 => IntKind::UInt,
            WideKind::Char32 => IntKind::ULong,
        }
    }

    /// The (global, constant) object holding a wide string literal.
    pub fn wide_string_slot(&mut self, k: WideKind, units: &[u32], loc: Loc) -> SlotId {
        let key = (k, units.to_vec());
        if let Some(&s) = self.wide_strings.get(&key) {
            return s;
        }
        let ek = self.wide_kind(k);
        let t = CType::Array(Box::new(CType::Int(ek)), Some(units.len() as u64 + 1));
        let n = self.wide_strings.len();
        let s = self.new_slot(&format!("wstr${}", n), &t, Scope::Global, true, loc);
        let cells: Vec<VarId> = self.slots[s].cells.iter().map(|(_, v)| *v).collect();
        let es = self
            .types
            .size_of(&CType::Int(ek), self.target)
            .unwrap_or(4) as usize;
        let et = ek.ir(self.target);
        for (i, &u) in units.iter().enumerate() {
            let val = et.wrap(i128::from(u));
            if self.slots[s].bytes {
                // byte-precise: the unit's bytes in the target's order
                for b in 0..es {
                    let sh = if self.target.big_endian() {
                        es - 1 - b
                    } else {
                        b
                    };
                    if let Some(&v) = cells.get(i * es + b) {
                        self.vars[v.0 as usize].init = Some((val >> (8 * sh)) & 0xff);
                    }
                }
            } else if let Some(&v) = cells.get(i) {
                self.vars[v.0 as usize].init = Some(val);
            }
        }
        // the terminating 0 and byte cells not set above
        for v in cells {
            if self.vars[v.0 as usize].init.is_none() {
                self.vars[v.0 as usize].init = Some(0);
            }
        }
        self.wide_strings.insert(key, s);
        s
    }

    fn unary(&mut self, op: UnaryOp, a: &'a AExpr, loc: Loc) -> Result<Val, Diag> {
        match op {
            UnaryOp::Plus | UnaryOp::Neg | UnaryOp::BitNot => {
                let (x, t) = self.rv(a)?;
                if let (CType::Float(k), UnaryOp::Plus | UnaryOp::Neg) = (&t, op) {
                    let x = if op == UnaryOp::Neg {
                        self.float_neg(x, *k, loc)?
                    } else {
                        x
                    };
                    return Ok(Val::R(x, t));
                }
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
                // `&a[i]` is `a + i` (C11 6.5.3.2p3): one past the end of a member array or an
                // inner dimension is a valid address there (`access`)
                self.addr_operand = matches!(a.kind, crate::frontend::ast::ExprKind::Index(..));
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
                // `b` is evaluated only when `a` does not decide the result
                let ctx = if op == BinaryOp::LogAnd {
                    x.clone()
                } else {
                    fold::not(x.clone())
                };
                let y = self.in_context(ctx, |l| l.cond(b))?;
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
                // `(uintptr_t)p == (uintptr_t)q` compares addresses as `p == q` does
                let both = matches!(op, BinaryOp::Eq | BinaryOp::Ne)
                    && matches!(a.kind, ExprKind::Cast(..))
                    && matches!(b.kind, ExprKind::Cast(..));
                self.quiet_addr_cast = both;
                let x = self.expr(a);
                self.quiet_addr_cast = both;
                let y = self.expr(b);
                self.quiet_addr_cast = false;
                let (x, y) = (x?, y?);
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
            if self.scratch {
                let ct = if is_cmp {
                    CType::int()
                } else {
                    CType::Float(ty::FloatKind::Double)
                };
                let it = self.ir_of(&ct, loc)?;
                return Ok((Expr::Const(0, it), ct));
            }
            return self.float_arith(op, xa, &ta, yb, &tb, loc);
        }
        let it = IntKind::Int.ir(self.target);
        // pointer cases
        if ta.is_pointer() || tb.is_pointer() {
            if is_cmp {
                let a = fold::cast(pt, xa, &self.vars);
                let b = fold::cast(pt, yb, &self.vars);
                let kind = if matches!(op, BinaryOp::Eq | BinaryOp::Ne) {
                    ObserveKind::Coincide
                } else {
                    ObserveKind::Order
                };
                self.observe(kind, a.clone(), Some(b.clone()));
                let c = fold::bin(cmp_op(op), a, b, &self.vars);
                return Ok((fold::cast(it, c, &self.vars), CType::int()));
            }
            match op {
                BinaryOp::Add | BinaryOp::Sub if ta.is_pointer() && tb.is_integer() => {
                    let es = self.elem_size(&ta, loc)?;
                    let off = self.scale(yb, &tb, es, loc);
                    let o = if op == BinaryOp::Add {
                        BinOp::Add
                    } else {
                        BinOp::Sub
                    };
                    return Ok((fold::bin(o, xa, off, &self.vars), ta));
                }
                BinaryOp::Add if tb.is_pointer() && ta.is_integer() => {
                    let es = self.elem_size(&tb, loc)?;
                    let off = self.scale(xa, &ta, es, loc);
                    return Ok((fold::bin(BinOp::Add, yb, off, &self.vars), tb));
                }
                BinaryOp::Sub if ta.is_pointer() && tb.is_pointer() => {
                    let es = self.elem_size(&ta, loc)?;
                    let dk = ty::ptrdiff_kind(self.target);
                    let dt = dk.ir(self.target);
                    self.observe(ObserveKind::Order, xa.clone(), Some(yb.clone()));
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
                    let mut a = fold::cast(pt, xa, &self.vars);
                    let mut b = fold::cast(pt, yb, &self.vars);
                    // the addresses as integers: their objects' symbolic bases plus the offsets
                    if ta.is_pointer() {
                        a = self.address_as_int(a);
                    }
                    if tb.is_pointer() {
                        b = self.address_as_int(b);
                    }
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
                    if matches!(op, BinaryOp::Div | BinaryOp::Rem) {
                        self.division_guard(&a, &b, t, op == BinaryOp::Rem, loc);
                    }
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
    pub(super) fn scale(&mut self, i: Expr, _t: &CType, es: u64, loc: Loc) -> Expr {
        self.offset_wrap_guard(&i, es, loc);
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
            // each arm is evaluated only on its side of the condition
            let nc = fold::not(cc.clone());
            let x = self.in_context(cc.clone(), |l| l.expr(a))?;
            let y = self.in_context(nc.clone(), |l| l.expr(b))?;
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
            let (xe, xt) = self.in_context(cc.clone(), |l| l.rvalue_of(x, a.loc))?;
            let (ye, yt) = self.in_context(nc, |l| l.rvalue_of(y, b.loc))?;
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
            (CType::Float(_), CType::Float(_) | CType::Int(_))
            | (CType::Int(_), CType::Float(_)) => Ok(CType::Float(self.float_common(&tx, &ty_))),
            (CType::Float(_), _) | (_, CType::Float(_)) => {
                Err(self.type_err(loc, "incompatible operand types in conditional expression"))
            }
            _ => Err(self.type_err(loc, "incompatible operand types in conditional expression")),
        }
    }

    /// Jumps to `t` when the condition holds, else to `f`; `&&`, `||`, `!` with side effects
    /// become control flow.
    pub fn branch(&mut self, e: &'a AExpr, t: Label, f: Label) -> Result<(), Diag> {
        match &e.kind {
            ExprKind::Binary(BinaryOp::LogAnd, a, b) if has_side_effects(b) || may_check(b) => {
                let mid = self.b.new_label();
                self.branch(a, mid, f)?;
                self.b.place(mid);
                self.branch(b, t, f)
            }
            ExprKind::Binary(BinaryOp::LogOr, a, b) if has_side_effects(b) || may_check(b) => {
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

    /// GNU cast to a union, `(union U)x`: a temporary union whose member of `x`'s type (after
    /// array and function decay; a bit-field member by its declared type, as Clang does) is
    /// initialised with `x`, the rest unspecified. No such member: GCC's error.
    fn cast_to_union(
        &mut self,
        id: ty::StructId,
        t: &CType,
        v: Val,
        vt: CType,
        loc: Loc,
    ) -> Result<Val, Diag> {
        let decayed = match &vt {
            CType::Array(e, _) => CType::Pointer(e.clone()),
            CType::Func(_) => CType::Pointer(Box::new(vt.clone())),
            _ => vt.clone(),
        };
        // the same type: `compatible` relates all arithmetic types (for assignments)
        let same = |a: &CType, b: &CType| match (a, b) {
            (CType::Int(_) | CType::Float(_), _) | (_, CType::Int(_) | CType::Float(_)) => a == b,
            _ => self.types.compatible(a, b),
        };
        let member = self
            .types
            .get(id)
            .fields
            .iter()
            .find(|f| f.name.is_some() && (same(&f.ty, &vt) || same(&f.ty, &decayed)));
        let Some(f) = member.cloned() else {
            return Err(self.type_err(
                loc,
                format!(
                    "cast to union type from type not present in union (`{}` to `{}`)",
                    self.types.display(&vt),
                    self.types.display(t)
                ),
            ));
        };
        if self.frame().func.is_none() {
            return Err(unsup(loc, "cast to a union in a file-scope initializer"));
        }
        let name = format!("{}::compound$", self.frame().display);
        let sc = self.local_scope();
        let s = self.new_slot(&name, t, sc, true, loc);
        if !self.slots[s].summarized {
            // the bytes beyond the member are unspecified
            let cells: Vec<VarId> = self.slots[s].cells.iter().map(|(_, v)| *v).collect();
            for c in cells {
                self.b.emit(Op::Nondet(c));
            }
        }
        let lv = LValue {
            place: Place::Slot {
                slot: s,
                off: f.offset,
                idx: vec![],
            },
            ty: f.ty.clone(),
            bitfield: f.bitfield,
        };
        self.assign_val(&lv, v, loc)?;
        Ok(Val::L(LValue {
            place: Place::Slot {
                slot: s,
                off: 0,
                idx: vec![],
            },
            ty: t.clone(),
            bitfield: None,
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
