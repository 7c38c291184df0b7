//! Constant folding: smart constructors that fold constants while building IR expressions, and
//! constant evaluation, which is [`crate::ir::semantics`] (bit-precise, undefined operations left
//! unfolded).

use crate::ir::semantics::{self, IntSemantics};
use crate::ir::{BinOp, Expr, Type, UnOp, Var, VarId};

/// Evaluates an expression; variables are looked up with `env`. `None` when a variable is
/// unknown or an operation is undefined in C (see [`semantics::eval_defined`]).
pub fn eval(e: &Expr, vars: &[Var], env: &dyn Fn(VarId) -> Option<i128>) -> Option<i128> {
    semantics::eval_defined(e, vars, env)
}

/// A binary operation on values of operand type `t`, `None` where C leaves it undefined
/// ([`semantics::binop_defined`]).
pub fn binop(op: BinOp, t: Type, x: i128, y: i128) -> Option<i128> {
    semantics::binop_defined(op, t, x, y)
}

/// Constant value of a variable-free expression.
pub fn const_value(e: &Expr, vars: &[Var]) -> Option<i128> {
    eval(e, vars, &|_| None)
}

/// `Cast(ty, e)`, folded for constants and dropped when `e` already has type `ty`.
pub fn cast(ty: Type, e: Expr, vars: &[Var]) -> Expr {
    let from = e.ty(vars);
    if from == ty {
        return e;
    }
    if let Expr::Const(c, _) = e {
        return Expr::Const(semantics::cast(from, ty, c, IntSemantics::BitVector), ty);
    }
    // Int -> Bool of a Bool -> Int cast is the original Bool
    if ty == Type::Bool {
        if let Expr::Cast(_, inner) = &e {
            if inner.ty(vars) == Type::Bool {
                return (**inner).clone();
            }
        }
    }
    Expr::Cast(ty, Box::new(e))
}

/// A binary expression, folded when both operands are constants.
pub fn bin(op: BinOp, a: Expr, b: Expr, vars: &[Var]) -> Expr {
    if let (Expr::Const(x, t), Expr::Const(y, _)) = (&a, &b) {
        if let Some(v) = binop(op, *t, *x, *y) {
            let rt = if op.is_comparison() || op.is_logical() {
                Type::Bool
            } else {
                *t
            };
            return Expr::Const(v, rt);
        }
    }
    match op {
        BinOp::And => {
            if let Expr::Const(x, _) = a {
                return if x != 0 { b } else { Expr::bool(false) };
            }
            if let Expr::Const(y, _) = b {
                return if y != 0 { a } else { Expr::bool(false) };
            }
        }
        BinOp::Or => {
            if let Expr::Const(x, _) = a {
                return if x != 0 { Expr::bool(true) } else { b };
            }
            if let Expr::Const(y, _) = b {
                return if y != 0 { Expr::bool(true) } else { a };
            }
        }
        BinOp::Add | BinOp::Sub => {
            if let Expr::Const(0, _) = b {
                return a;
            }
        }
        BinOp::Mul => {
            if let Expr::Const(1, _) = b {
                return a;
            }
        }
        _ => {}
    }
    let _ = vars;
    Expr::bin(op, a, b)
}

pub fn not(e: Expr) -> Expr {
    match e {
        Expr::Const(x, Type::Bool) => Expr::bool(x == 0),
        Expr::Unary(UnOp::Not, a) => *a,
        e => Expr::not(e),
    }
}

pub fn ite(c: Expr, a: Expr, b: Expr) -> Expr {
    if let Expr::Const(x, _) = c {
        return if x != 0 { a } else { b };
    }
    if a == b {
        return a;
    }
    Expr::ite(c, a, b)
}

/// A balanced conjunction/disjunction.
pub fn balanced(mut xs: Vec<Expr>, op: BinOp) -> Expr {
    if xs.is_empty() {
        return Expr::bool(op == BinOp::And);
    }
    while xs.len() > 1 {
        let mut next = Vec::with_capacity(xs.len().div_ceil(2));
        let mut it = xs.into_iter();
        while let Some(a) = it.next() {
            match it.next() {
                Some(b) => next.push(Expr::bin(op, a, b)),
                None => next.push(a),
            }
        }
        xs = next;
    }
    xs.pop().expect("one element")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding() {
        let i8t = Type::int(8, true);
        let u8t = Type::int(8, false);
        let e = Expr::bin(BinOp::Add, Expr::Const(127, i8t), Expr::Const(1, i8t));
        assert_eq!(const_value(&e, &[]), Some(-128));
        let e = Expr::cast(u8t, Expr::Const(-1, i8t));
        assert_eq!(const_value(&e, &[]), Some(255));
        let e = Expr::bin(BinOp::Div, Expr::Const(-7, i8t), Expr::Const(2, i8t));
        assert_eq!(const_value(&e, &[]), Some(-3));
        let e = Expr::bin(BinOp::Rem, Expr::Const(-7, i8t), Expr::Const(2, i8t));
        assert_eq!(const_value(&e, &[]), Some(-1));
        let e = Expr::bin(BinOp::Shr, Expr::Const(-8, i8t), Expr::Const(1, i8t));
        assert_eq!(const_value(&e, &[]), Some(-4));
        let e = Expr::bin(BinOp::Div, Expr::Const(1, i8t), Expr::Const(0, i8t));
        assert_eq!(const_value(&e, &[]), None);
        assert_eq!(
            bin(BinOp::Lt, Expr::Const(200, u8t), Expr::Const(100, u8t), &[]),
            Expr::bool(false)
        );
    }
}
