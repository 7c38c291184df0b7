//! The IEEE 754 operators of the IR ([`FloatOp`]) on concrete values: bit patterns of binary32
//! and binary64 held as non-negative `i128`s, computed with Rust's `f32`/`f64` (IEEE
//! arithmetic, round to nearest ties to even, subnormals kept, as x86-64 SSE code compiled
//! with `FLT_EVAL_METHOD == 0`).
//!
//! NaN results follow x86-64 SSE, so that programs reading the bits through a union agree with
//! the compiled program: an operation with a NaN operand returns the first NaN operand quieted,
//! an invalid operation (`inf - inf`, `0 * inf`, `0 / 0`, `inf / inf`) the default NaN
//! `0xFFC00000` / `0xFFF8000000000000`; negation and `fabs` only touch the sign bit; a
//! conversion between formats keeps the sign and the payload's top bits, quieted.
//! `smt::float` encodes exactly these rules as bit-vector circuits.

use crate::ir::{FloatFmt, FloatOp, Type};

/// The default NaN of an invalid operation (x86-64 SSE: negative, quiet).
pub fn default_nan(f: FloatFmt) -> i128 {
    match f {
        FloatFmt::F32 => 0xFFC0_0000,
        FloatFmt::F64 => 0xFFF8_0000_0000_0000,
    }
}

/// The quiet bit of a NaN's payload.
fn quiet_bit(f: FloatFmt) -> i128 {
    1i128 << (f.precision() - 2)
}

fn mask(f: FloatFmt) -> i128 {
    (1i128 << f.bits()) - 1
}

/// True when the bits are a NaN.
pub fn is_nan(f: FloatFmt, x: i128) -> bool {
    match f {
        FloatFmt::F32 => f32::from_bits(x as u32).is_nan(),
        FloatFmt::F64 => f64::from_bits(x as u64).is_nan(),
    }
}

/// The value as an `f64` (exact: every binary32 value is a binary64 value).
pub fn to_f64(f: FloatFmt, x: i128) -> f64 {
    match f {
        FloatFmt::F32 => f32::from_bits(x as u32) as f64,
        FloatFmt::F64 => f64::from_bits(x as u64),
    }
}

/// The bits of an `f64` value in the format (rounded to nearest-even for binary32).
pub fn from_f64(f: FloatFmt, v: f64) -> i128 {
    match f {
        FloatFmt::F32 => (v as f32).to_bits() as i128,
        FloatFmt::F64 => v.to_bits() as i128,
    }
}

/// The NaN result of a binary operation, if any (see the module doc).
fn nan_result(f: FloatFmt, x: i128, y: i128, invalid: bool) -> Option<i128> {
    if is_nan(f, x) {
        Some(x | quiet_bit(f))
    } else if is_nan(f, y) {
        Some(y | quiet_bit(f))
    } else if invalid {
        Some(default_nan(f))
    } else {
        None
    }
}

fn arith(
    f: FloatFmt,
    x: i128,
    y: i128,
    op: fn(f64, f64) -> f64,
    op32: fn(f32, f32) -> f32,
) -> i128 {
    match f {
        FloatFmt::F32 => op32(f32::from_bits(x as u32), f32::from_bits(y as u32)).to_bits() as i128,
        FloatFmt::F64 => op(f64::from_bits(x as u64), f64::from_bits(y as u64)).to_bits() as i128,
    }
}

/// The value of `op` applied to `args` (bit patterns for floating operands, normalised integers
/// for integer ones, 0/1 for Bool results).
pub fn eval(op: FloatOp, args: &[i128]) -> i128 {
    let x = args.first().copied().unwrap_or(0);
    let y = args.get(1).copied().unwrap_or(0);
    match op {
        FloatOp::Add(f) | FloatOp::Sub(f) | FloatOp::Mul(f) | FloatOp::Div(f) => {
            let (a, b) = (to_f64(f, x), to_f64(f, y));
            let invalid = match op {
                FloatOp::Add(_) => a.is_infinite() && b.is_infinite() && (a > 0.0) != (b > 0.0),
                FloatOp::Sub(_) => a.is_infinite() && b.is_infinite() && (a > 0.0) == (b > 0.0),
                FloatOp::Mul(_) => (a.is_infinite() && b == 0.0) || (a == 0.0 && b.is_infinite()),
                _ => (a == 0.0 && b == 0.0) || (a.is_infinite() && b.is_infinite()),
            };
            if let Some(n) = nan_result(f, x, y, invalid) {
                return n;
            }
            match op {
                FloatOp::Add(_) => arith(f, x, y, |a, b| a + b, |a, b| a + b),
                FloatOp::Sub(_) => arith(f, x, y, |a, b| a - b, |a, b| a - b),
                FloatOp::Mul(_) => arith(f, x, y, |a, b| a * b, |a, b| a * b),
                _ => arith(f, x, y, |a, b| a / b, |a, b| a / b),
            }
        }
        FloatOp::Neg(f) => (x ^ (1i128 << (f.bits() - 1))) & mask(f),
        FloatOp::Abs(f) => x & (mask(f) >> 1),
        FloatOp::Sqrt(f) => {
            // Rust's sqrt is IEEE's (correctly rounded), as sqrtsd/sqrtss
            if is_nan(f, x) {
                x | quiet_bit(f)
            } else if to_f64(f, x) < 0.0 {
                default_nan(f)
            } else {
                match f {
                    FloatFmt::F32 => f32::from_bits(x as u32).sqrt().to_bits() as i128,
                    FloatFmt::F64 => f64::from_bits(x as u64).sqrt().to_bits() as i128,
                }
            }
        }
        FloatOp::Eq(f) => (to_f64(f, x) == to_f64(f, y)) as i128,
        FloatOp::Lt(f) => (to_f64(f, x) < to_f64(f, y)) as i128,
        FloatOp::Le(f) => (to_f64(f, x) <= to_f64(f, y)) as i128,
        FloatOp::IsNan(f) => is_nan(f, x) as i128,
        FloatOp::IsInf(f) => to_f64(f, x).is_infinite() as i128,
        FloatOp::Convert(a, b) => {
            if is_nan(a, x) {
                let sign = (x >> (a.bits() - 1)) & 1;
                let frac = x & ((1i128 << (a.precision() - 1)) - 1);
                let (pa, pb) = (a.precision() as i32, b.precision() as i32);
                let frac = if pb >= pa {
                    frac << (pb - pa)
                } else {
                    frac >> (pa - pb)
                };
                let exp = ((1i128 << b.exp_bits()) - 1) << (b.precision() - 1);
                (sign << (b.bits() - 1)) | exp | frac | quiet_bit(b)
            } else {
                from_f64(b, to_f64(a, x))
            }
        }
        FloatOp::FromInt(t, f) => {
            // Rust's integer-to-float conversions round to nearest, ties to even.
            let v = if t == Type::Bool { (x != 0) as i128 } else { x };
            let unsigned_wide = !t.is_signed() && t.bits() >= 128;
            match f {
                FloatFmt::F32 if unsigned_wide => (v as u128 as f32).to_bits() as i128,
                FloatFmt::F32 => (v as f32).to_bits() as i128,
                FloatFmt::F64 if unsigned_wide => (v as u128 as f64).to_bits() as i128,
                FloatFmt::F64 => (v as f64).to_bits() as i128,
            }
        }
        FloatOp::ToInt(f, t) => to_int(f, t, x).unwrap_or_default(),
        FloatOp::ToIntOk(f, t) => to_int(f, t, x).is_some() as i128,
    }
}

/// The truncation toward zero of `x` as a value of `t`, `None` when it is not representable
/// (or `x` is NaN): undefined behaviour in C. To `Bool`: `x != 0` (NaN gives 1).
pub fn to_int(f: FloatFmt, t: Type, x: i128) -> Option<i128> {
    let v = to_f64(f, x);
    if t == Type::Bool {
        return Some((v != 0.0) as i128);
    }
    if v.is_nan() {
        return None;
    }
    let tr = v.trunc();
    // `tr` is an integer-valued double; compare against the type's bounds exactly.
    let (lo, hi) = (t.min_value(), t.max_value());
    if tr.is_infinite() || tr.abs() >= 2f64.powi(127) {
        return None;
    }
    let n = tr as i128;
    (lo..=hi).contains(&n).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    const F: FloatFmt = FloatFmt::F32;
    const D: FloatFmt = FloatFmt::F64;
    fn f(v: f32) -> i128 {
        v.to_bits() as i128
    }

    #[test]
    fn arithmetic_rounds_and_handles_special_values() {
        assert_eq!(eval(FloatOp::Add(F), &[f(0.1), f(0.2)]), f(0.1f32 + 0.2f32));
        assert_eq!(eval(FloatOp::Add(F), &[f(0.0), f(-0.0)]), f(0.0));
        assert_eq!(eval(FloatOp::Add(F), &[f(-0.0), f(-0.0)]), f(-0.0));
        assert_eq!(
            eval(FloatOp::Sub(F), &[f(f32::INFINITY), f(f32::INFINITY)]),
            0xFFC0_0000
        );
        assert_eq!(
            eval(FloatOp::Mul(F), &[f(0.0), f(f32::INFINITY)]),
            0xFFC0_0000
        );
        assert_eq!(
            eval(FloatOp::Div(F), &[f(1.0), f(-0.0)]),
            f(f32::NEG_INFINITY)
        );
        assert_eq!(eval(FloatOp::Neg(F), &[f(0.0)]), f(-0.0));
        assert_eq!(eval(FloatOp::Abs(F), &[f(-2.5)]), f(2.5));
        // a NaN operand is returned quieted
        assert_eq!(eval(FloatOp::Add(F), &[0x7F80_0001, f(1.0)]), 0x7FC0_0001);
    }

    #[test]
    fn comparisons_and_conversions() {
        assert_eq!(eval(FloatOp::Eq(F), &[f(0.0), f(-0.0)]), 1);
        assert_eq!(eval(FloatOp::Eq(F), &[f(f32::NAN), f(f32::NAN)]), 0);
        assert_eq!(eval(FloatOp::Lt(F), &[f(-1.0), f(f32::NAN)]), 0);
        assert_eq!(
            eval(FloatOp::Convert(F, D), &[f(0.1)]),
            (0.1f32 as f64).to_bits() as i128
        );
        assert_eq!(
            eval(FloatOp::Convert(D, F), &[0.1f64.to_bits() as i128]),
            f(0.1)
        );
        assert_eq!(
            eval(FloatOp::Convert(F, D), &[0xFFC0_0000]),
            0xFFF8_0000_0000_0000
        );
        let i32t = Type::int(32, true);
        assert_eq!(to_int(F, i32t, f(-2.9)), Some(-2));
        assert_eq!(to_int(F, i32t, f(2147483648.0)), None);
        assert_eq!(to_int(F, i32t, f(-2147483648.0)), Some(i32::MIN as i128));
        assert_eq!(to_int(F, Type::int(32, false), f(-0.5)), Some(0));
        assert_eq!(to_int(F, Type::int(32, false), f(-1.0)), None);
        assert_eq!(to_int(F, Type::Bool, f(f32::NAN)), Some(1));
        assert_eq!(
            eval(FloatOp::FromInt(Type::int(32, true), F), &[16777217]),
            f(16777216.0)
        );
        assert_eq!(
            eval(
                FloatOp::FromInt(Type::int(64, false), F),
                &[u64::MAX as i128]
            ),
            f(u64::MAX as f32)
        );
    }
}
