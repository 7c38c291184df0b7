//! The semantics of the IR's operators: the one implementation of every operator ([`UnOp`],
//! [`BinOp`], casts) on concrete values, under either of the two semantics a run can use
//! ([`IntSemantics`]: bit-precise two's complement, or mathematical integers with `--int-math`).
//!
//! Everything that computes concrete values calls these functions: constant folding in the
//! frontend ([`eval_defined`], via `frontend::lower::fold`), the interpreter that replays
//! counterexamples (`ir::interp`), the scheduler's constant arguments (`sched::bind`), and the
//! test oracles. The interval domain (`abs::interval`) and the SMT encoding (`smt::encode`)
//! over-approximate, resp. encode, the same rules under the same [`IntSemantics`] choice, so a
//! solver model replays exactly.
//!
//! Values are stored normalised: signed types as (possibly negative) numbers in their range,
//! unsigned types as non-negative numbers, `Bool` as 0/1. Comparisons are therefore plain
//! integer comparisons.
//!
//! Rules (see also the doc of `ir::interp`):
//! - [`IntSemantics::BitVector`]: every arithmetic result is wrapped into its type
//!   ([`Type::wrap`]).
//! - [`IntSemantics::MathInt`]: no wraparound; integer casts are the identity (the engine
//!   assumed no overflow), casts to and from `Bool` as usual; an `i128` overflow is an
//!   [`Overflow`] error.
//! - Division/remainder by zero (undefined in C) follow the SMT-LIB bit-vector convention:
//!   `x / 0` is all ones (unsigned, bit-precise) or `x >= 0 ? -1 : 1` (signed, or `--int-math`),
//!   `x % 0 == x`. `INT_MIN / -1` wraps in `BitVector`.
//! - Shifts: the amount is read as an unsigned value of its type (a negative amount is huge) in
//!   `BitVector`; an amount `>=` the width gives 0 (`<<`, unsigned `>>`) or the sign fill
//!   (signed `>>`), as SMT-LIB `bvshl/bvlshr/bvashr`. In `MathInt`, `x << k` is `x * 2^k`.
//!
//! Where C leaves an operation undefined ([`is_defined`] is false: division by zero, shift
//! amount out of range), constant folding does not fold; the total rules above are what the
//! solver and the interpreter do at run time.
//!
//! The IEEE 754 operators ([`crate::ir::FloatOp`]) are in [`float`].

pub mod float;

use crate::ir::{BinOp, Expr, Type, UnOp, Var, VarId};

/// Which arithmetic a run uses: the bit-precise vs `--int-math` choice. (The SMT encoding has
/// its own, finer choice of *encoding*, `smt::Semantics`; [`crate::smt::Semantics::int`] maps
/// it to this.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum IntSemantics {
    /// Bit-precise two's complement with wraparound (exact C semantics).
    #[default]
    BitVector,
    /// Mathematical integers (no overflow), `--int-math`.
    MathInt,
}

impl IntSemantics {
    /// The semantics selected by the `--int-math` flag.
    pub fn from_int_math(int_math: bool) -> Self {
        if int_math {
            IntSemantics::MathInt
        } else {
            IntSemantics::BitVector
        }
    }
}

/// A mathematical-integer result does not fit the evaluator's `i128`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow;

/// `v` as a value of type `t`: wrapped in `BitVector`, unchanged in `MathInt`.
pub fn fit(t: Type, v: i128, sem: IntSemantics) -> i128 {
    match sem {
        IntSemantics::BitVector => t.wrap(v),
        IntSemantics::MathInt => v,
    }
}

/// A value `x` stored into a variable of type `t`: wrapped in `BitVector`; in `MathInt` only
/// `Bool` is normalised to 0/1.
pub fn store(t: Type, x: i128, sem: IntSemantics) -> i128 {
    if sem == IntSemantics::BitVector {
        t.wrap(x)
    } else if t == Type::Bool {
        (x != 0) as i128
    } else {
        x
    }
}

/// `(to) x` for `x` of type `from`.
pub fn cast(from: Type, to: Type, x: i128, sem: IntSemantics) -> i128 {
    match (from, to) {
        (_, Type::Bool) => (x != 0) as i128,
        (Type::Bool, _) => x,
        _ => fit(to, x, sem),
    }
}

/// A unary operation on an operand of type `t`.
pub fn unop(op: UnOp, t: Type, x: i128, sem: IntSemantics) -> Result<i128, Overflow> {
    Ok(match op {
        UnOp::Not => (x == 0) as i128,
        UnOp::Neg => match sem {
            IntSemantics::BitVector => t.wrap(x.wrapping_neg()),
            IntSemantics::MathInt => x.checked_neg().ok_or(Overflow)?,
        },
        UnOp::BitNot => fit(t, !x, sem),
    })
}

/// True when `x op y` (operands of signed type `t`, `int` or wider) overflows: `+`, `-` and `*`
/// whose exact result lies outside `t`, undefined behaviour in C (C11 6.5p5) that the
/// bit-precise semantics wraps. Narrower signed types never overflow in C (their operands are
/// promoted to `int`), so an operation the lowering does in one of them is not checked; nor are
/// conversions (implementation-defined, not undefined) or shifts.
pub fn signed_overflows(op: BinOp, t: Type, x: i128, y: i128) -> bool {
    if !t.is_signed() || t.bits() < 32 {
        return false;
    }
    let exact = match op {
        BinOp::Add => x.checked_add(y),
        BinOp::Sub => x.checked_sub(y),
        BinOp::Mul => x.checked_mul(y),
        _ => return false,
    };
    exact.is_none_or(|r| r < t.min_value() || r > t.max_value())
}

/// True when `-x` (`x` of signed type `t`, `int` or wider) overflows: `x` is `t`'s minimum.
pub fn signed_neg_overflows(t: Type, x: i128) -> bool {
    t.is_signed() && t.bits() >= 32 && x == t.min_value()
}

/// False when C leaves `x op y` (operands of type `t`) undefined whatever `x` is: division or
/// remainder by zero, a shift amount outside `0..width`.
pub fn is_defined(op: BinOp, t: Type, y: i128) -> bool {
    match op {
        BinOp::Div | BinOp::Rem => y != 0,
        BinOp::Shl | BinOp::Shr => (0..t.bits() as i128).contains(&y),
        _ => true,
    }
}

/// A binary operation on two operands of type `t`, total (see the module doc for the rules at
/// undefined operands). `And`/`Or` are strict here; lazy evaluation is the caller's business.
pub fn binop(op: BinOp, t: Type, x: i128, y: i128, sem: IntSemantics) -> Result<i128, Overflow> {
    let bv = sem == IntSemantics::BitVector;
    let ov = |r: Option<i128>| r.ok_or(Overflow);
    let signed = t.is_signed();
    if !signed && t.bits() >= 128 {
        // `unsigned __int128`: values of 2^127 and above are held as negative `i128`s (the
        // same bits); ordering, division and right shifts are those of `u128`
        let (a, b) = (x as u128, y as u128);
        match op {
            BinOp::Lt => return Ok((a < b) as i128),
            BinOp::Le => return Ok((a <= b) as i128),
            BinOp::Gt => return Ok((a > b) as i128),
            BinOp::Ge => return Ok((a >= b) as i128),
            BinOp::Div if b != 0 => return Ok((a / b) as i128),
            BinOp::Rem if b != 0 => return Ok((a % b) as i128),
            BinOp::Shr if (0..128).contains(&y) => return Ok((a >> y) as i128),
            _ => {}
        }
    }
    Ok(match op {
        BinOp::Add if bv => t.wrap(x.wrapping_add(y)),
        BinOp::Add => ov(x.checked_add(y))?,
        BinOp::Sub if bv => t.wrap(x.wrapping_sub(y)),
        BinOp::Sub => ov(x.checked_sub(y))?,
        BinOp::Mul if bv => t.wrap(x.wrapping_mul(y)),
        BinOp::Mul => ov(x.checked_mul(y))?,
        BinOp::Div => {
            if y == 0 {
                if signed || !bv {
                    if x >= 0 {
                        -1
                    } else {
                        1
                    }
                } else {
                    t.max_value()
                }
            } else if bv {
                t.wrap(x.wrapping_div(y))
            } else {
                ov(x.checked_div(y))?
            }
        }
        BinOp::Rem => {
            if y == 0 {
                x
            } else if bv {
                t.wrap(x.wrapping_rem(y))
            } else {
                ov(x.checked_rem(y))?
            }
        }
        BinOp::Shl | BinOp::Shr => {
            // The amount as an unsigned number of the operand width: a negative amount is huge.
            let amt = if bv {
                Type::int(t.bits(), false).wrap(y)
            } else {
                y
            };
            let huge = amt < 0 || amt >= t.bits() as i128;
            if op == BinOp::Shl {
                if huge {
                    0
                } else if bv {
                    t.wrap(x.wrapping_shl(amt as u32))
                } else {
                    let r = ov(x.checked_mul(1i128.checked_shl(amt as u32).unwrap_or(0)))?;
                    if amt >= 127 {
                        return Err(Overflow);
                    }
                    r
                }
            } else if huge {
                if x < 0 {
                    -1
                } else {
                    0
                }
            } else {
                // Values are normalised: signed negative values shift arithmetically, unsigned
                // values are non-negative so the shift is logical.
                x >> amt
            }
        }
        BinOp::BitAnd => fit(t, x & y, sem),
        BinOp::BitOr => fit(t, x | y, sem),
        BinOp::BitXor => fit(t, x ^ y, sem),
        BinOp::Eq => (x == y) as i128,
        BinOp::Ne => (x != y) as i128,
        BinOp::Lt => (x < y) as i128,
        BinOp::Le => (x <= y) as i128,
        BinOp::Gt => (x > y) as i128,
        BinOp::Ge => (x >= y) as i128,
        BinOp::And => (x != 0 && y != 0) as i128,
        BinOp::Or => (x != 0 || y != 0) as i128,
    })
}

/// `x op y` in bit-precise semantics when C defines it ([`is_defined`]), `None` otherwise.
pub fn binop_defined(op: BinOp, t: Type, x: i128, y: i128) -> Option<i128> {
    if !is_defined(op, t, y) {
        return None;
    }
    binop(op, t, x, y, IntSemantics::BitVector).ok()
}

/// Evaluates an expression in bit-precise semantics; variables are looked up with `env`.
/// `None` when a variable is unknown or an operation is undefined in C ([`is_defined`]).
/// `And`, `Or` and `Ite` are strict in their operands (all must evaluate).
pub fn eval_defined(e: &Expr, vars: &[Var], env: &dyn Fn(VarId) -> Option<i128>) -> Option<i128> {
    let bv = IntSemantics::BitVector;
    match e {
        Expr::Const(c, _) => Some(*c),
        Expr::Var(v) => env(*v),
        Expr::Unary(op, a) => {
            let t = a.ty(vars);
            let x = eval_defined(a, vars, env)?;
            unop(*op, t, x, bv).ok()
        }
        Expr::Binary(op, a, b) => {
            let t = a.ty(vars);
            let x = eval_defined(a, vars, env)?;
            let y = eval_defined(b, vars, env)?;
            binop_defined(*op, t, x, y)
        }
        Expr::Cast(t, a) => {
            let x = eval_defined(a, vars, env)?;
            Some(cast(a.ty(vars), *t, x, bv))
        }
        Expr::Ite(c, a, b) => {
            if eval_defined(c, vars, env)? != 0 {
                eval_defined(a, vars, env)
            } else {
                eval_defined(b, vars, env)
            }
        }
        Expr::Float(op, xs) => {
            let vals: Option<Vec<i128>> = xs.iter().map(|x| eval_defined(x, vars, env)).collect();
            let vals = vals?;
            if let crate::ir::FloatOp::ToInt(f, t) = op {
                // out of range: undefined in C
                return float::to_int(*f, *t, vals[0]);
            }
            Some(float::eval(*op, &vals))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const I8: Type = Type::Int {
        bits: 8,
        signed: true,
    };
    const U8: Type = Type::Int {
        bits: 8,
        signed: false,
    };
    const BV: IntSemantics = IntSemantics::BitVector;
    const MI: IntSemantics = IntSemantics::MathInt;

    #[test]
    fn signed_overflow_is_checked_on_int_and_wider_only() {
        let i32_ = Type::int(32, true);
        let i64_ = Type::int(64, true);
        let i128_ = Type::int(128, true);
        let max = i32_.max_value();
        assert!(signed_overflows(BinOp::Add, i32_, max, 1));
        assert!(signed_overflows(BinOp::Sub, i32_, i32_.min_value(), 1));
        assert!(signed_overflows(BinOp::Mul, i32_, 65536, 32768));
        assert!(!signed_overflows(BinOp::Mul, i32_, 65536, 32767));
        assert!(!signed_overflows(BinOp::Add, i32_, max, 0));
        assert!(!signed_overflows(BinOp::Add, i64_, max, 1));
        assert!(signed_overflows(BinOp::Mul, i64_, i64_.max_value(), 2));
        assert!(signed_overflows(BinOp::Mul, i128_, i128::MAX, 2));
        // promoted in C: the lowering's narrow arithmetic, unsigned types, other operators
        assert!(!signed_overflows(BinOp::Add, I8, 127, 1));
        assert!(!signed_overflows(
            BinOp::Add,
            Type::int(32, false),
            u32::MAX as i128,
            1
        ));
        assert!(!signed_overflows(BinOp::Shl, i32_, 1, 31));
        assert!(!signed_overflows(BinOp::Div, i32_, i32_.min_value(), -1));
        assert!(signed_neg_overflows(i32_, i32_.min_value()));
        assert!(!signed_neg_overflows(i32_, -max));
        assert!(!signed_neg_overflows(I8, -128));
    }

    #[test]
    fn wraparound_only_in_bitvector() {
        assert_eq!(binop(BinOp::Add, I8, 127, 1, BV), Ok(-128));
        assert_eq!(binop(BinOp::Add, I8, 127, 1, MI), Ok(128));
        assert_eq!(unop(UnOp::Neg, I8, -128, BV), Ok(-128));
        assert_eq!(unop(UnOp::BitNot, U8, 0, BV), Ok(255));
        assert_eq!(binop(BinOp::Mul, I8, i128::MAX, 2, MI), Err(Overflow));
        assert_eq!(cast(I8, U8, -1, BV), 255);
        assert_eq!(cast(I8, U8, -1, MI), -1);
        assert_eq!(cast(U8, Type::Bool, 7, MI), 1);
    }

    #[test]
    fn division_and_shifts_at_undefined_operands() {
        assert_eq!(binop(BinOp::Div, U8, 5, 0, BV), Ok(255));
        assert_eq!(binop(BinOp::Div, I8, -5, 0, BV), Ok(1));
        assert_eq!(binop(BinOp::Rem, I8, -5, 0, BV), Ok(-5));
        assert_eq!(binop(BinOp::Div, I8, -128, -1, BV), Ok(-128));
        assert_eq!(binop(BinOp::Div, I8, -7, 2, BV), Ok(-3));
        assert_eq!(binop(BinOp::Rem, I8, -7, 2, BV), Ok(-1));
        assert_eq!(binop(BinOp::Shl, I8, 1, -1, BV), Ok(0));
        assert_eq!(binop(BinOp::Shr, I8, -8, 9, BV), Ok(-1));
        assert_eq!(binop(BinOp::Shr, I8, -8, 1, BV), Ok(-4));
        assert_eq!(binop(BinOp::Shl, I8, 1, 7, MI), Ok(128));
        assert!(!is_defined(BinOp::Div, I8, 0));
        assert!(!is_defined(BinOp::Shl, I8, 8));
        assert_eq!(binop_defined(BinOp::Shl, I8, 1, 8), None);
        assert_eq!(binop_defined(BinOp::Shl, I8, 1, 7), Some(-128));
    }
}
