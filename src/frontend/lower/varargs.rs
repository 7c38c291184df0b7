//! Variable arguments (`<stdarg.h>`): a call to a variadic function defined in the program
//! whose body uses `va_start` stores its variable arguments, after the default argument
//! promotions (C11 6.5.2.2p6-7), in a per-call array of slots `struct __schedmc_va_slot`
//! (the promoted type's code, the value in the member of its class), ended by a slot of code
//! 0. `va_list` (`__builtin_va_list`) is a pointer to a slot: `va_start` points it at the
//! call's first slot, `va_arg(ap, T)` reads the slot `ap` points to as `T` and advances `ap`,
//! `va_copy` copies the pointer, `va_end` does nothing. Reading past the last argument, or
//! with a type the argument does not have (C11 7.16.1.1p2: compatible types, or the signed
//! and unsigned types of one size, or any two pointer types as GCC passes them alike), is
//! undefined behaviour: an `Unsupported` guard (UNKNOWN where reachable). Arguments of a
//! type without a slot class (structs, `long double` wider than `double`, `__int128`) make
//! the call unsupported.

use super::expr::{unsup, Val};
use super::lvalue::{add_const, LValue, Place};
use super::*;
use crate::frontend::ast::{Expr as AExpr, ExprKind};
use crate::frontend::types::{self as ty, Aggregate, FieldSpec, FloatKind, IntKind};
use crate::ir::{BinOp, Op};

/// The slot's members: the code, then the value of an integer, a `double`, a pointer.
const KIND: usize = 0;
const INT: usize = 1;
const DOUBLE: usize = 2;
const PTR: usize = 3;

/// Codes of the promoted argument types (0: past the last argument).
const END: i128 = 0;
const SIGNED: i128 = 0x100;
const UNSIGNED: i128 = 0x200;
const CODE_DOUBLE: i128 = 0x300;
const CODE_PTR: i128 = 0x400;

/// The class of a promoted argument or of a `va_arg` type: its code(s) and the member.
enum Class {
    /// An integer type of this many bytes, signed or not.
    Int(u64, bool),
    Double,
    Ptr,
}

impl<'a> Lowerer<'a> {
    /// `struct __schedmc_va_slot`, declared on first use.
    fn va_slot_struct(&mut self) -> StructId {
        if let Some(id) = self.va_slot {
            return id;
        }
        let id = self
            .types
            .declare(Aggregate::Struct, Some("__schedmc_va_slot".into()));
        let field = |n: &str, t: CType| FieldSpec {
            name: Some(n.into()),
            ty: t,
            bit_width: None,
            align: None,
            packed: false,
        };
        let fields = vec![
            field("__kind", CType::int()),
            field("__int", CType::Int(IntKind::ULongLong)),
            field("__double", CType::Float(FloatKind::Double)),
            field("__ptr", CType::ptr_to(CType::Void)),
        ];
        self.types
            .define(id, fields, self.target)
            .expect("the va slot lays out");
        self.va_slot = Some(id);
        id
    }

    /// The type `va_list` and `__builtin_va_list` name: a pointer to a slot.
    pub(crate) fn va_list_type(&mut self) -> CType {
        CType::ptr_to(CType::Struct(self.va_slot_struct()))
    }

    fn va_member(&mut self, m: usize) -> (u64, CType) {
        let id = self.va_slot_struct();
        let f = &self.types.get(id).fields[m];
        (f.offset, f.ty.clone())
    }

    fn va_slot_size(&mut self) -> u64 {
        let id = self.va_slot_struct();
        self.types.get(id).size
    }

    /// The class of a promoted type; `None` when no slot holds it.
    fn va_class(&self, t: &CType, loc: Loc) -> Result<Option<Class>, Diag> {
        Ok(match t {
            CType::Int(k) if !matches!(k, IntKind::Int128 | IntKind::UInt128) => {
                let size = self.sizeof(t, loc)?;
                Some(Class::Int(size, k.is_signed(self.target)))
            }
            CType::Float(FloatKind::Double) => Some(Class::Double),
            CType::Float(FloatKind::LongDouble)
                if self.sizeof(t, loc)?
                    == self.sizeof(&CType::Float(FloatKind::Double), loc)? =>
            {
                Some(Class::Double)
            }
            CType::Pointer(_) => Some(Class::Ptr),
            _ => None,
        })
    }

    /// At the entry of an inlined variadic function that uses `va_start`: the slots of the
    /// call's variable arguments `extra` (evaluated in the caller), recorded in the frame.
    pub(crate) fn va_store_args(&mut self, extra: Vec<Val>, loc: Loc) -> Result<(), Diag> {
        let sid = self.va_slot_struct();
        let n = extra.len() as u64 + 1;
        let area_ty = CType::Array(Box::new(CType::Struct(sid)), Some(n));
        let display = self.frame().display.clone();
        let sc = self.local_scope();
        let area = self.new_slot(&format!("{display}::va$args"), &area_ty, sc, true, loc);
        let size = self.va_slot_size();
        let (kind_off, kind_ty) = self.va_member(KIND);
        for (j, v) in extra.into_iter().enumerate() {
            let base = j as u64 * size;
            let v = match v {
                Val::L(lv) if matches!(lv.ty, CType::Struct(_)) => {
                    self.b.emit(Op::Unsupported(format!(
                        "a struct or union passed as a variable argument of `{}`",
                        self.frame().fname
                    )));
                    continue;
                }
                v => v,
            };
            let (x, t0) = self.rvalue_of(v, loc)?;
            // default argument promotions
            let t = match &t0 {
                CType::Int(k) => CType::Int(ty::promote(*k, self.target)),
                CType::Float(FloatKind::Float) => CType::Float(FloatKind::Double),
                t => t.clone(),
            };
            let x = self.convert(x, &t0, &t, loc)?;
            let (code, member) = match self.va_class(&t, loc)? {
                Some(Class::Int(s, true)) => (SIGNED + s as i128, INT),
                Some(Class::Int(s, false)) => (UNSIGNED + s as i128, INT),
                Some(Class::Double) => (CODE_DOUBLE, DOUBLE),
                Some(Class::Ptr) => (CODE_PTR, PTR),
                None => {
                    self.b.emit(Op::Unsupported(format!(
                        "a variable argument of type `{}` (of `{}`)",
                        self.types.display(&t),
                        self.frame().fname
                    )));
                    continue;
                }
            };
            let (off, mty) = self.va_member(member);
            let val = self.convert(x, &t, &mty, loc)?;
            let slot_lv = |off: u64, ty: CType| LValue {
                place: Place::Slot {
                    slot: area,
                    off,
                    idx: vec![],
                },
                ty,
                bitfield: None,
            };
            let k = self.int_const(code, IntKind::Int);
            self.write(&slot_lv(base + kind_off, kind_ty.clone()), k, loc)?;
            self.write(&slot_lv(base + off, mty), val, loc)?;
        }
        let end = LValue {
            place: Place::Slot {
                slot: area,
                off: (n - 1) * size + kind_off,
                idx: vec![],
            },
            ty: kind_ty,
            bitfield: None,
        };
        let k = self.int_const(END, IntKind::Int);
        self.write(&end, k, loc)?;
        self.frame_mut().va_area = Some(area);
        Ok(())
    }

    /// `__builtin_va_start/arg/end/copy`.
    pub(crate) fn va_builtin(
        &mut self,
        name: &str,
        args: &'a [AExpr],
        loc: Loc,
    ) -> Result<Val, Diag> {
        match name {
            "__builtin_va_start" => {
                let [ap, _last] = args else {
                    return Err(self.type_err(loc, "`va_start` takes two arguments"));
                };
                let fid = self.frame().func;
                let variadic = fid.is_some_and(|f| self.funcs[f].ty.variadic);
                if !variadic {
                    return Err(
                        self.type_err(loc, "`va_start` used in a function with fixed arguments")
                    );
                }
                let Some(area) = self.frame().va_area else {
                    return Err(unsup(
                        loc,
                        "`va_start` here (variable arguments not recorded)",
                    ));
                };
                let lv = LValue {
                    place: Place::Slot {
                        slot: area,
                        off: 0,
                        idx: vec![],
                    },
                    ty: CType::Struct(self.va_slot_struct()),
                    bitfield: None,
                };
                let a = self.addr_of(&lv, loc)?;
                let t = self.va_list_type();
                self.va_set(ap, Val::R(a, t), loc)?;
                Ok(Val::Void)
            }
            "__builtin_va_arg" => {
                let [ap, ty_arg] = args else {
                    return Err(self.type_err(loc, "`va_arg` takes two arguments"));
                };
                let ExprKind::SizeofType(tn) = &ty_arg.kind else {
                    return Err(self.type_err(loc, "`va_arg`'s second argument is a type"));
                };
                let t = self.type_name(tn)?;
                self.va_arg(ap, t, loc)
            }
            "__builtin_va_end" => {
                let [ap] = args else {
                    return Err(self.type_err(loc, "`va_end` takes one argument"));
                };
                self.discard(ap)?;
                Ok(Val::Void)
            }
            "__builtin_va_copy" => {
                let [dst, src] = args else {
                    return Err(self.type_err(loc, "`va_copy` takes two arguments"));
                };
                let v = self.rv(src)?;
                self.va_set(dst, Val::R(v.0, v.1), loc)?;
                Ok(Val::Void)
            }
            _ => Err(unsup(loc, format!("`{name}`"))),
        }
    }

    /// `ap = v` for a `va_list` lvalue `ap`.
    fn va_set(&mut self, ap: &'a AExpr, v: Val, loc: Loc) -> Result<(), Diag> {
        match self.expr(ap)? {
            Val::L(lv) => self.assign_val(&lv, v, loc),
            _ => Err(self.type_err(ap.loc, "a `va_list` object is required here")),
        }
    }

    /// `va_arg(ap, t)`: the slot `ap` points to, read as `t` after the undefined cases are
    /// guarded; `ap` advanced to the next slot.
    fn va_arg(&mut self, ap: &'a AExpr, t: CType, loc: Loc) -> Result<Val, Diag> {
        let Val::L(ap_lv) = self.expr(ap)? else {
            return Err(self.type_err(ap.loc, "a `va_list` object is required here"));
        };
        // `ap` and the value as they are before `ap` advances
        let pt = self.ptr_type();
        let p = self.read(&ap_lv, loc)?;
        let p = self.va_snapshot(p, pt);
        let (kind_off, kind_ty) = self.va_member(KIND);
        let kind_lv = self.mem_lvalue(add_const(&p, kind_off, pt), kind_ty);
        let kind = self.read(&kind_lv, loc)?;
        let kt = kind.ty(&self.vars);
        let shown = self.types.display(&t);
        let is_code = |c: i128, vars: &[crate::ir::Var]| {
            fold::bin(BinOp::Eq, kind.clone(), Expr::Const(c, kt), vars)
        };
        self.ub_guard(
            is_code(END, &self.vars),
            format!("`va_arg(..., {shown})` reads past the last variable argument (undefined behaviour)"),
        );
        let promoted_from = |t: &CType| match t {
            CType::Int(k) => ty::promote(*k, self.target) != *k,
            CType::Float(FloatKind::Float) => true,
            _ => false,
        };
        let class = if promoted_from(&t) {
            None
        } else {
            self.va_class(&t, loc)?
        };
        let (ok, member) = match class {
            Some(Class::Int(s, _)) => {
                let a = is_code(SIGNED + s as i128, &self.vars);
                let b = is_code(UNSIGNED + s as i128, &self.vars);
                (fold::bin(BinOp::Or, a, b, &self.vars), INT)
            }
            Some(Class::Double) => (is_code(CODE_DOUBLE, &self.vars), DOUBLE),
            Some(Class::Ptr) => (is_code(CODE_PTR, &self.vars), PTR),
            None => {
                // no argument has this type after the promotions
                let msg = format!(
                    "`va_arg(..., {shown})`: no variable argument has this type after the default argument promotions (undefined behaviour)"
                );
                self.b.emit(Op::Unsupported(msg));
                return self.va_nondet(&t, loc);
            }
        };
        let not_end = fold::not(is_code(END, &self.vars));
        let bad = fold::bin(BinOp::And, not_end, fold::not(ok), &self.vars);
        self.ub_guard(
            bad,
            format!("`va_arg(..., {shown})` reads a variable argument of another type (undefined behaviour)"),
        );
        let (off, mty) = self.va_member(member);
        let lv = self.mem_lvalue(add_const(&p, off, pt), mty.clone());
        let x = self.read(&lv, loc)?;
        let x = self.convert(x, &mty, &t, loc)?;
        let it = self.ir_of(&t, loc)?;
        let x = self.va_snapshot(x, it);
        let size = self.va_slot_size();
        let next = add_const(&p, size, pt);
        self.write(&ap_lv, next, loc)?;
        Ok(Val::R(x, t))
    }

    /// `x` in a fresh temporary (unless constant).
    fn va_snapshot(&mut self, x: Expr, t: Type) -> Expr {
        if matches!(x, Expr::Const(..)) || self.b.cur.is_none() {
            return x;
        }
        let v = self.temp(t);
        self.b.emit(Op::Assign(v, x));
        Expr::Var(v)
    }

    /// A value of `t` after an unsupported `va_arg`.
    fn va_nondet(&mut self, t: &CType, loc: Loc) -> Result<Val, Diag> {
        let it = self.ir_of(t, loc)?;
        let v = self.temp(it);
        self.b.emit(Op::Nondet(v));
        self.nondet_sources.insert(v);
        Ok(Val::R(Expr::Var(v), t.clone()))
    }
}
