//! GCC's checked arithmetic built-ins: `__builtin_add_overflow`, `__builtin_sub_overflow`,
//! `__builtin_mul_overflow` (operands of any integer types) and the typed family
//! `__builtin_{s,u}{add,sub,mul}{,l,ll}_overflow` (operands converted to `int`, `long`,
//! `long long` or their unsigned types first).
//!
//! The result is the infinitely precise one: computed in 128 bits (enough for any pair of
//! operands of at most 64 bits; a product of two unsigned operands in unsigned 128 bits),
//! stored through the third argument wrapped to its pointee type, and the call's value is
//! whether it did not fit. Wider operands (`__int128`) are unsupported.

use super::expr::{unsup, Val};
use super::*;
use crate::frontend::ast::Expr as AExpr;
use crate::frontend::types::IntKind;
use crate::ir::BinOp;

impl<'a> Lowerer<'a> {
    /// The operation and operand type of a checked-arithmetic built-in's name, if it is one.
    pub(crate) fn overflow_builtin_kind(name: &str) -> Option<(BinOp, Option<IntKind>)> {
        let rest = name.strip_prefix("__builtin_")?.strip_suffix("_overflow")?;
        let (typed, rest) = match rest.as_bytes().first() {
            Some(b's') if rest.len() > 3 && !rest.starts_with("sub") => (Some(true), &rest[1..]),
            Some(b's') if rest.starts_with("ssub") => (Some(true), &rest[1..]),
            Some(b'u') => (Some(false), &rest[1..]),
            _ => (None, rest),
        };
        let (op, suffix) = if let Some(s) = rest.strip_prefix("add") {
            (BinOp::Add, s)
        } else if let Some(s) = rest.strip_prefix("sub") {
            (BinOp::Sub, s)
        } else if let Some(s) = rest.strip_prefix("mul") {
            (BinOp::Mul, s)
        } else {
            return None;
        };
        let kind = match (typed, suffix) {
            (None, "") => None,
            (Some(true), "") => Some(IntKind::Int),
            (Some(true), "l") => Some(IntKind::Long),
            (Some(true), "ll") => Some(IntKind::LongLong),
            (Some(false), "") => Some(IntKind::UInt),
            (Some(false), "l") => Some(IntKind::ULong),
            (Some(false), "ll") => Some(IntKind::ULongLong),
            _ => return None,
        };
        Some((op, kind))
    }

    /// `__builtin_OP_overflow(a, b, res)`: see the module documentation.
    pub(crate) fn overflow_builtin(
        &mut self,
        name: &str,
        op: BinOp,
        typed: Option<IntKind>,
        args: &'a [AExpr],
        loc: Loc,
    ) -> Result<Val, Diag> {
        if args.len() != 3 {
            return Err(self.type_err(loc, format!("`{name}` takes three arguments")));
        }
        let (mut a, mut at) = self.rv(&args[0])?;
        let (mut b, mut bt) = self.rv(&args[1])?;
        let (p, ptype) = self.rv(&args[2])?;
        let res_ty = match ptype.decay() {
            CType::Pointer(t) if t.is_integer() => *t,
            _ => {
                return Err(self.type_err(
                    loc,
                    format!("the third argument of `{name}` must point to an integer"),
                ))
            }
        };
        if let Some(k) = typed {
            let t = CType::Int(k);
            a = self.convert(a, &at, &t, loc)?;
            b = self.convert(b, &bt, &t, loc)?;
            at = t.clone();
            bt = t;
        }
        let kind_of = |t: &CType| match t.decay() {
            CType::Int(k) => Some(k),
            _ => None,
        };
        let (Some(ka), Some(kb), Some(kr)) = (kind_of(&at), kind_of(&bt), kind_of(&res_ty)) else {
            return Err(self.type_err(loc, format!("`{name}` needs integer operands")));
        };
        let tgt = self.target;
        if ka.bits(tgt) > 64 || kb.bits(tgt) > 64 || kr.bits(tgt) > 64 {
            return Err(unsup(loc, format!("`{name}` on 128-bit integers")));
        }
        if kr == IntKind::Bool {
            return Err(self.type_err(loc, format!("`{name}` storing to a `_Bool`")));
        }
        let unsigned_product = op == BinOp::Mul && !ka.is_signed(tgt) && !kb.is_signed(tgt);
        let wide = Type::int(128, !unsigned_product);
        let a = fold::cast(wide, a, &self.vars);
        let b = fold::cast(wide, b, &self.vars);
        let exact = Expr::bin(op, a, b);
        let rt = kr.ir(tgt);
        let mut out_of_range =
            Expr::bin(BinOp::Gt, exact.clone(), Expr::Const(rt.max_value(), wide));
        if !unsigned_product {
            out_of_range = Expr::bin(
                BinOp::Or,
                out_of_range,
                Expr::bin(BinOp::Lt, exact.clone(), Expr::Const(rt.min_value(), wide)),
            );
        }
        if self.scratch {
            return Ok(Val::R(Expr::bool(false), CType::Int(IntKind::Bool)));
        }
        let flag = self.temp(Type::Bool);
        self.b.emit(crate::ir::Op::Assign(flag, out_of_range));
        let stored = fold::cast(rt, exact, &self.vars);
        let lv = self.mem_lvalue(p, res_ty);
        self.write(&lv, stored, loc)?;
        Ok(Val::R(Expr::Var(flag), CType::Int(IntKind::Bool)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_names() {
        type L<'a> = Lowerer<'a>;
        assert_eq!(
            L::overflow_builtin_kind("__builtin_add_overflow"),
            Some((BinOp::Add, None))
        );
        assert_eq!(
            L::overflow_builtin_kind("__builtin_sub_overflow"),
            Some((BinOp::Sub, None))
        );
        assert_eq!(
            L::overflow_builtin_kind("__builtin_ssub_overflow"),
            Some((BinOp::Sub, Some(IntKind::Int)))
        );
        assert_eq!(
            L::overflow_builtin_kind("__builtin_saddll_overflow"),
            Some((BinOp::Add, Some(IntKind::LongLong)))
        );
        assert_eq!(
            L::overflow_builtin_kind("__builtin_umull_overflow"),
            Some((BinOp::Mul, Some(IntKind::ULong)))
        );
        assert_eq!(L::overflow_builtin_kind("__builtin_add_overflow_p"), None);
        assert_eq!(L::overflow_builtin_kind("__builtin_addx_overflow"), None);
    }
}
