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
        self.assign_val_keep(lv, v, loc, false).map(|_| ())
    }

    /// [`Self::assign_val`] giving, when `keep`, the value of the assignment expression: the
    /// value stored (see [`Self::store`]); an aggregate stays an lvalue.
    fn assign_val_keep(&mut self, lv: &LValue, v: Val, loc: Loc, keep: bool) -> Result<Val, Diag> {
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
                self.copy_aggregate(lv, &src, loc)?;
                Ok(Val::L(lv.clone()))
            }
            CType::Void | CType::Func(_) => Err(self.type_err(loc, "assignment to a non-object")),
            t => {
                let t = t.clone();
                if self.scratch {
                    return self.store(lv, Expr::Const(0, Type::Bool), loc, keep);
                }
                let (x, from) = self.rvalue_of(v, loc)?;
                self.check_assignable(&from, &t, &x, loc)?;
                let x = self.convert_assign(x, &from, &t, loc)?;
                self.store(lv, x, loc, keep)
            }
        }
    }

    /// Writes a scalar already converted to the lvalue's C type. When `keep`, returns the value
    /// stored as an rvalue (converted to the cell: a bit-field's width, promoted like a read of
    /// the field), held in a temporary assigned before the write unless constant, so that the
    /// value of `y = (x = v)`, `y = ++x` or `y = (x += v)` is never a re-read of `x` (another
    /// thread may write `x` in between under a preemptive scheduler). Else `Val::Void`.
    fn store(&mut self, lv: &LValue, x: Expr, loc: Loc, keep: bool) -> Result<Val, Diag> {
        if !keep {
            self.write(lv, x, loc)?;
            return Ok(Val::Void);
        }
        if self.scratch {
            // only the type matters (`sizeof`, `typeof`); not a constant expression
            let x = self.read(lv, loc)?;
            return Ok(Val::R(x, self.read_type(lv)));
        }
        let cty = self.cell_ir_type(lv, loc)?;
        let mut x = fold::cast(cty, x, &self.vars);
        if !matches!(x, Expr::Const(..)) {
            let t = self.temp(cty);
            self.b.emit(Op::Assign(t, x));
            x = Expr::Var(t);
        }
        self.write(lv, x.clone(), loc)?;
        Ok(match (&lv.ty, lv.bitfield) {
            (CType::Int(k), Some((_, w))) => {
                let p = ty::promote_bitfield(*k, w, self.target);
                Val::R(fold::cast(p.ir(self.target), x, &self.vars), CType::Int(p))
            }
            (t, _) => Val::R(x, t.clone()),
        })
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

    /// Runs `f` as one sequentially consistent atomic step when `atomic` (an access to an
    /// `_Atomic` object): the full fence, then `f`'s edges between `AtomicBegin` and
    /// `AtomicEnd` (also closed when `f` fails).
    fn atomic_step<R>(
        &mut self,
        atomic: bool,
        f: impl FnOnce(&mut Self) -> Result<R, Diag>,
    ) -> Result<R, Diag> {
        if !atomic {
            return f(self);
        }
        self.seq_cst_fence();
        self.b.emit(Op::AtomicBegin);
        let r = f(self);
        self.b.emit(Op::AtomicEnd);
        r
    }

    /// The full fence (an empty atomic section) before a seq_cst store or read-modify-write
    /// of an `_Atomic` object: under PSO a writing atomic section is atomic on its own
    /// addresses only, the fence orders the thread's earlier stores (C11 to SPARC: `membar`
    /// before the store / `cas`). A no-op under SC and TSO.
    fn seq_cst_fence(&mut self) {
        self.b.emit(Op::AtomicBegin);
        self.b.emit(Op::AtomicEnd);
    }

    /// The value type of a read of `lv` (a bit-field promoted).
    fn read_type(&self, lv: &LValue) -> CType {
        match (&lv.ty, lv.bitfield) {
            (CType::Int(k), Some((_, w))) => CType::Int(ty::promote_bitfield(*k, w, self.target)),
            (t, _) => t.clone(),
        }
    }

    /// `++x`, `--x`, `x++`, `x--` (on an `_Atomic` object: one read-modify-write step). The
    /// value of a postfix form is the value read, of a prefix form the value stored.
    pub(super) fn incdec(
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
        let atomic = self.names_atomic(arg) && !self.scratch;
        self.atomic_step(atomic, |l| {
            let old = l.read(&lv, loc)?;
            let old_ty = l.read_type(&lv);
            let old = if !pre && !discard && !l.scratch {
                let t = l.temp(old.ty(&l.vars));
                l.b.emit(Op::Assign(t, old));
                Expr::Var(t)
            } else {
                old
            };
            let one = Val::R(l.int_const(1, IntKind::Int), CType::int());
            let op = if inc { BinaryOp::Add } else { BinaryOp::Sub };
            let (nx, nt) = l.arith(op, Val::R(old.clone(), old_ty.clone()), one, loc)?;
            let nx = l.convert(nx, &nt, &lv.ty, loc)?;
            let stored = l.store(&lv, nx, loc, pre && !discard)?;
            Ok(if discard {
                Val::Void
            } else if pre {
                stored
            } else {
                Val::R(old, old_ty)
            })
        })
    }

    /// `a = b` and `a op= b` (on an `_Atomic` object: a seq_cst store, or one read-modify-write
    /// step, the right operand evaluated before). The value is the value stored.
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
        let atomic = self.names_atomic(a) && !self.scratch;
        let keep = !discard;
        match op {
            None => {
                let hint = self.alloc_hint_for(&lv.ty);
                let prev = std::mem::replace(&mut self.alloc_hint, hint);
                let r = self.expr(b);
                self.alloc_hint = prev;
                let v = r?;
                let v = match v {
                    // the value is computed before the atomic store
                    Val::R(e, t) if atomic => {
                        let tmp = self.temp(e.ty(&self.vars));
                        self.b.emit(Op::Assign(tmp, e));
                        Val::R(Expr::Var(tmp), t)
                    }
                    v => v,
                };
                let r = self.atomic_step(atomic, |l| l.assign_val_keep(&lv, v, loc, keep))?;
                Ok(match r {
                    Val::L(_) if discard => Val::Void,
                    r => r,
                })
            }
            Some(op) => {
                let rhs = self.expr(b)?;
                self.atomic_step(atomic, |l| {
                    let cur = l.read(&lv, loc)?;
                    let cur_ty = l.read_type(&lv);
                    let (x, t) = l.arith(op, Val::R(cur, cur_ty), rhs, loc)?;
                    let x = l.convert(x, &t, &lv.ty, loc)?;
                    l.store(&lv, x, loc, keep)
                })
            }
        }
    }
}
