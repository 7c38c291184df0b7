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
