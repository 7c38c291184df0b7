//! Assignments and increments: `=`, compound assignment, `++`/`--` (plain or on `_Atomic`
//! objects as one atomic step), aggregate copies. The value of an assignment expression is
//! the value stored (converted to the left operand's type, a bit-field's width), never a
//! re-read of the object: under a preemptive scheduler another thread may write it in between.

use super::expr::{unsup, Val};
use super::lvalue::{sub_lvalue, LValue, Place};
use super::*;
use crate::frontend::ast::{BinaryOp, Expr as AExpr};
use crate::frontend::types::{self as ty, IntKind};
use crate::ir::Op;

impl<'a> Lowerer<'a> {
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

    pub(super) fn incdec(
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

    pub(super) fn assign(
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
}
