//! SystemC time at compile time: time units, `sc_time(v, unit)` rounded to the time resolution
//! as the Accellera kernel does (`from_value_and_unit`: `(int64)(v * (unit / resolution) +
//! 0.5)` in double precision), and constant time expressions (clock periods, start times).
//!
//! Run-time times are C `sc_time` values (64-bit counts of the resolution) built by
//! `include/systemc.h`'s `sc_time_make`, which rounds the same way for integer values.

use super::ast::{Expr, ExprKind, Program, Type};
use super::elaborate::{const_eval, Ctx};

/// The femtoseconds of a time unit name (`SC_NS` → 10^6).
pub fn unit_fs(name: &str) -> Option<i64> {
    Some(match name {
        "SC_FS" => 1,
        "SC_PS" => 1_000,
        "SC_NS" => 1_000_000,
        "SC_US" => 1_000_000_000,
        "SC_MS" => 1_000_000_000_000,
        "SC_SEC" => 1_000_000_000_000_000,
        _ => return None,
    })
}

/// The femtoseconds of a unit expression (an identifier `SC_NS`, ...); 0 when it is none.
pub fn unit_of(e: &Expr) -> i64 {
    match &e.kind {
        ExprKind::Ident(n) => unit_fs(n).unwrap_or(0),
        _ => 0,
    }
}

/// `sc_time(v, unit)` in resolution units (`res_fs` femtoseconds), as the Accellera kernel.
pub fn from_value_and_unit(v: f64, unit_fs: i64, res_fs: i64) -> i64 {
    if v == 0.0 {
        return 0;
    }
    let scale = unit_fs as f64 / res_fs as f64;
    (v * scale + 0.5) as i64
}

/// True when `e` is syntactically a time (`sc_time(...)`, `SC_ZERO_TIME`, time arithmetic).
pub fn is_time_expr(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Construct(Type::Time, _) => true,
        ExprKind::Ident(n) => n == "SC_ZERO_TIME",
        ExprKind::Binary("+" | "-", l, r) => is_time_expr(l) || is_time_expr(r),
        ExprKind::Binary("*" | "/", l, r) => is_time_expr(l) || is_time_expr(r),
        _ => false,
    }
}

/// A constant number (an integer constant or a floating literal), for `sc_time(2.5, SC_NS)`
/// and a clock's duty cycle.
pub fn const_number(prog: &Program, e: &Expr, ctx: &Ctx) -> Option<f64> {
    match &e.kind {
        ExprKind::Float(s) => s.trim_end_matches(['f', 'F', 'l', 'L']).parse().ok(),
        ExprKind::Unary("-", x) => const_number(prog, x, ctx).map(|v| -v),
        _ => const_eval(prog, e, ctx, 0).map(|v| v as f64),
    }
}

/// A constant time expression in resolution units: `sc_time(v, unit)`, `SC_ZERO_TIME`, sums and
/// differences of times, products and quotients with numbers (rounded as `sc_time`'s
/// `operator*=` / `operator/=`), constructor parameters bound to such.
pub fn const_time(prog: &Program, e: &Expr, ctx: &Ctx, res_fs: i64) -> Option<i64> {
    const_time_d(prog, e, ctx, res_fs, 0)
}

fn const_time_d(prog: &Program, e: &Expr, ctx: &Ctx, res: i64, depth: u32) -> Option<i64> {
    if depth > 64 {
        return None;
    }
    let t = |x: &Expr| const_time_d(prog, x, ctx, res, depth + 1);
    match &e.kind {
        ExprKind::Construct(Type::Time, a) => match a.as_slice() {
            [] => Some(0),
            [x] => t(x),
            [v, u] if unit_of(u) > 0 => Some(from_value_and_unit(
                const_number(prog, v, ctx)?,
                unit_of(u),
                res,
            )),
            _ => None,
        },
        ExprKind::Ident(n) if n == "SC_ZERO_TIME" => Some(0),
        ExprKind::Ident(n) => {
            let (_, a, c) = ctx.params.iter().find(|(p, _, _)| p == n)?;
            const_time_d(prog, a, c, res, depth + 1)
        }
        ExprKind::Binary("+", l, r) => t(l)?.checked_add(t(r)?),
        ExprKind::Binary("-", l, r) => t(l)?.checked_sub(t(r)?),
        ExprKind::Binary("*", l, r) => {
            let (tv, d) = match t(l) {
                Some(tv) => (tv, const_number(prog, r, ctx)?),
                None => (t(r)?, const_number(prog, l, ctx)?),
            };
            Some((tv as f64 * d + 0.5) as i64)
        }
        ExprKind::Binary("/", l, r) => {
            let d = const_number(prog, r, ctx)?;
            let tv = t(l)?;
            (d != 0.0).then(|| (tv as f64 / d + 0.5) as i64)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_as_the_reference_kernel() {
        // 1 ps resolution: 10 ns = 10000, 2.5 ns = 2500, 1 fs rounds to 0, 600 fs to 1
        assert_eq!(from_value_and_unit(10.0, 1_000_000, 1000), 10_000);
        assert_eq!(from_value_and_unit(2.5, 1_000_000, 1000), 2_500);
        assert_eq!(from_value_and_unit(1.0, 1, 1000), 0);
        assert_eq!(from_value_and_unit(600.0, 1, 1000), 1);
    }
}
