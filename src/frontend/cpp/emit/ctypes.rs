//! The C types of the emitted model: the C type of a value type (`sc_uint<N>`/`sc_int<N>` as
//! the narrowest C integer holding them, plain structs as C structs), the conversion of a value
//! to a type (masking / sign extension to the width), and the C struct types of the channels
//! (signals, FIFOs) of an element type.

use super::*;

pub(super) fn c_type(t: &Type) -> Option<String> {
    Some(match t {
        Type::Scalar(s) if s != "sc_module_name" => s.clone(),
        Type::ScInt { bits, signed } => match (*bits <= 32, signed) {
            (true, false) => "unsigned int".into(),
            (true, true) => "int".into(),
            (false, false) => "unsigned long long".into(),
            (false, true) => "long long".into(),
        },
        Type::Time => "sc_time".into(),
        Type::Void => "void".into(),
        Type::Struct(mi) => format!("struct sc_s{mi}_"),
        _ => return None,
    })
}

/// The value `c` converted to `t` (sc_uint / sc_int wrap to their width).
pub(super) fn conv(c: &str, t: &Type) -> String {
    match t {
        Type::ScInt { bits, signed } => {
            let b = *bits;
            match (signed, b) {
                (false, 32) => format!("((unsigned int)({c}))"),
                (false, 64) => format!("((unsigned long long)({c}))"),
                (false, b) if b < 32 => format!("((unsigned int)({c}) & {}u)", (1u64 << b) - 1),
                (false, b) => format!("((unsigned long long)({c}) & {}ull)", (1u64 << b) - 1),
                (true, 32) => format!("((int)({c}))"),
                (true, 64) => format!("((long long)({c}))"),
                (true, b) if b < 32 => {
                    let s = 1u64 << (b - 1);
                    format!(
                        "((int)(((unsigned int)({c}) & {}u) ^ {s}u) - {s})",
                        (1u64 << b) - 1
                    )
                }
                (true, b) => {
                    let s = 1u64 << (b - 1);
                    format!(
                        "((long long)(((unsigned long long)({c}) & {}ull) ^ {s}ull) - {s}ll)",
                        (1u64 << b) - 1
                    )
                }
            }
        }
        Type::Scalar(s) if s == "_Bool" => format!("((_Bool)({c}))"),
        _ => c.to_string(),
    }
}

/// True for C's floating-point types as the subset spells them.
pub(super) fn is_float(s: &str) -> bool {
    matches!(s, "float" | "double")
}

/// The type of a binary arithmetic operation on `a` and `b` when one is floating-point (C's
/// usual arithmetic conversions: `double` if either is, else `float`).
pub(super) fn float_result(a: &Type, b: &Type) -> Option<&'static str> {
    let f = |t: &Type| match t {
        Type::Scalar(s) if is_float(s) => Some(s == "double"),
        _ => None,
    };
    match (f(a), f(b)) {
        (None, None) => None,
        (Some(true), _) | (_, Some(true)) => Some("double"),
        _ => Some("float"),
    }
}

/// An operand of an arithmetic or comparison operator as SystemC converts it: an `sc_int<N>`
/// is an `int64` and an `sc_uint<N>` a `uint64` there (`sc_int_base::operator int_type()`,
/// `sc_uint_base::operator uint_type()`, IEEE 1666 7.5.4, 7.5.5), so `sc_uint<8>(0) - 1` is
/// 2^64 - 1, not C's `unsigned int` 2^32 - 1. Other operands are returned as they are.
pub(super) fn sc_operand(c: String, t: Type) -> (String, Type) {
    match t {
        Type::ScInt { signed: true, .. } => (
            format!("((long long)({c}))"),
            Type::Scalar("long long".into()),
        ),
        Type::ScInt { signed: false, .. } => (
            format!("((unsigned long long)({c}))"),
            Type::Scalar("unsigned long long".into()),
        ),
        t => (c, t),
    }
}

/// `a * b`, `a / b` or `a % b` of two `sc_int` (or two `sc_uint`) operands, or one and a small
/// non-negative literal, whose exact result fits in 31 bits: computed in 32-bit C arithmetic
/// and widened, the same value as SystemC's int64 / uint64 operation (a 64-bit product or
/// quotient of symbolic values is costly for the solver's bit-vector reasoning). None: another
/// case, left to [`sc_operand`]'s 64-bit arithmetic.
pub(super) fn narrow_product(
    op: &str,
    (le, a, ta): (&Expr, &str, &Type),
    (re, b, tb): (&Expr, &str, &Type),
) -> Option<Val> {
    if !matches!(op, "*" | "/" | "%") {
        return None;
    }
    // (bits, signed); a literal below 2^15 takes the other operand's signedness
    let width = |e: &Expr, t: &Type| -> Option<(u32, Option<bool>)> {
        match t {
            Type::ScInt { bits, signed } => Some((*bits, Some(*signed))),
            _ => match &e.kind {
                ExprKind::Int(v) => {
                    let v = v.trim_end_matches(['u', 'U', 'l', 'L']);
                    let n: u64 = if let Some(h) = v.strip_prefix("0x").or(v.strip_prefix("0X")) {
                        u64::from_str_radix(h, 16).ok()?
                    } else if v.len() > 1 && v.starts_with('0') {
                        u64::from_str_radix(&v[1..], 8).ok()?
                    } else {
                        v.parse().ok()?
                    };
                    (n < 1 << 15).then_some((16, None))
                }
                _ => None,
            },
        }
    };
    let (wa, sa) = width(le, ta)?;
    let (wb, sb) = width(re, tb)?;
    let signed = match (sa, sb) {
        (Some(x), Some(y)) if x == y => x,
        (Some(x), None) | (None, Some(x)) => x,
        _ => return None,
    };
    let fits = if op == "*" {
        wa + wb <= 31
    } else {
        wa <= 31 && wb <= 31
    };
    if !fits {
        return None;
    }
    Some(if signed {
        Val::V(
            format!("((long long)((int)({a}) {op} (int)({b})))"),
            Type::Scalar("long long".into()),
        )
    } else {
        Val::V(
            format!("((unsigned long long)((unsigned int)({a}) {op} (unsigned int)({b})))"),
            Type::Scalar("unsigned long long".into()),
        )
    })
}

/// The type of `a op b` of two integer operands after [`sc_operand`]: 64-bit when either is
/// (unsigned when either 64-bit one is), else `int` (C's promotions of narrower operands).
pub(super) fn int_result(a: &Type, b: &Type) -> Type {
    let is = |t: &Type, n: &str| matches!(t, Type::Scalar(s) if s == n);
    if is(a, "unsigned long long") || is(b, "unsigned long long") {
        Type::Scalar("unsigned long long".into())
    } else if is(a, "long long") || is(b, "long long") {
        Type::Scalar("long long".into())
    } else {
        Type::Scalar("int".into())
    }
}

/// The C struct type of a channel whose element type is `t`.
pub(super) fn chan_struct(t: &Type) -> String {
    if let Type::Struct(mi) = t {
        return format!("sc_signal_s{mi}_");
    }
    match t {
        Type::Scalar(s) if is_float(s) => return format!("sc_signal_{s}"),
        Type::Scalar(s) if s == "_Bool" => "sc_signal_bool",
        Type::ScInt {
            bits,
            signed: false,
        } if *bits <= 32 => "sc_signal_uint",
        Type::Scalar(s) if s.starts_with("unsigned") && !s.contains("long") => "sc_signal_uint",
        Type::Scalar(s) if s.contains("long long") => {
            if s.starts_with("unsigned") {
                "sc_signal_ull"
            } else {
                "sc_signal_ll"
            }
        }
        Type::ScInt { bits, signed } if *bits > 32 => {
            if *signed {
                "sc_signal_ll"
            } else {
                "sc_signal_ull"
            }
        }
        _ => "sc_signal_int",
    }
    .into()
}

pub(super) fn fifo_struct(t: &Type) -> String {
    match t {
        Type::Struct(mi) => return format!("sc_fifo_s{mi}_"),
        Type::Scalar(s) if is_float(s) => return format!("sc_fifo_{s}"),
        Type::Scalar(s) if s == "_Bool" => "sc_fifo_bool",
        Type::ScInt { bits, .. } if *bits > 32 => "sc_fifo_ll",
        Type::Scalar(s) if s.contains("long long") => "sc_fifo_ll",
        _ => "sc_fifo_int",
    }
    .into()
}
