//! Times in the emitted model: the comparison of `t.to_double()` with an integer constant
//! (exact on the integer value in resolution units), the division of a time by a positive
//! constant (rounded to the nearest unit, as `sc_time::operator/`), and the operations of a
//! time with a double (the quotient of two times, a time scaled by a double).

use super::*;

pub(super) fn is_time(t: &Type) -> bool {
    matches!(t, Type::Time)
}

impl Em<'_> {
    /// `t.to_double() op k` (or `k op t.to_double()`) of a time `t` and an integer constant
    /// `k` (also a floating literal with an integer value), `|k| < 2^53`: the comparison of
    /// doubles is exactly that of `t`'s integer value (in resolution units) with `k` (the
    /// conversion of `t` to double is monotonic and exact below 2^53). None: not of this form
    /// (any other use of a double is unsupported).
    pub(super) fn time_double_cmp(
        &mut self,
        op: &str,
        l: &Expr,
        r: &Expr,
        f: &mut Fn,
    ) -> R<Option<String>> {
        if !matches!(op, "==" | "!=" | "<" | ">" | "<=" | ">=") {
            return Ok(None);
        }
        let as_double = |e: &Expr| match &e.kind {
            ExprKind::Call(m, a) if a.is_empty() => match &m.kind {
                ExprKind::Member(b, n, _) if n == "to_double" => Some((**b).clone()),
                _ => None,
            },
            _ => None,
        };
        let konst = |em: &Self, e: &Expr, f: &Fn| -> Option<i64> {
            let k = match &e.kind {
                ExprKind::Float(t) => {
                    let v: f64 = t.trim_end_matches(['f', 'F', 'l', 'L']).parse().ok()?;
                    (v.fract() == 0.0 && v.abs() < 9.0e15).then_some(v as i64)?
                }
                _ => const_eval_d(em.prog, Some(em.d), e, &f.ctx, 0)?,
            };
            (k.unsigned_abs() < 1 << 53).then_some(k)
        };
        let (t, k, op) = match (as_double(l), as_double(r)) {
            (Some(b), None) => match konst(self, r, f) {
                Some(k) => (b, k, op.to_string()),
                None => return Ok(None),
            },
            (None, Some(b)) => match konst(self, l, f) {
                // k op t  ==  t op' k
                Some(k) => {
                    let flipped = match op {
                        "<" => ">",
                        ">" => "<",
                        "<=" => ">=",
                        ">=" => "<=",
                        o => o,
                    };
                    (b, k, flipped.to_string())
                }
                None => return Ok(None),
            },
            _ => return Ok(None),
        };
        let (c, ty) = self.value(&t, f)?;
        if !is_time(&ty) {
            return Ok(None);
        }
        // the time is unsigned: a negative constant is below every time
        if k < 0 {
            let below = matches!(op.as_str(), "!=" | ">" | ">=");
            return Ok(Some(format!("((void)({c}), {})", below as u8)));
        }
        Ok(Some(format!("(({c}) {op} {k}ULL)")))
    }

    /// The operations of a time with a double (IEEE 1666 5.11.3): `t1 / t2` is
    /// `t1.to_double() / t2.to_double()`, `t * d` and `d * t` round to the nearest resolution
    /// unit as `sc_time::operator*=(double)` (`(int64)(v * d + 0.5)`, then the unsigned time). None: another operation
    /// (integer operands keep the integer arithmetic, exact as the kernel's below 2^53).
    pub(super) fn time_arith(
        &self,
        op: &str,
        (a, ta): (&str, &Type),
        (b, tb): (&str, &Type),
    ) -> Option<Val> {
        let float = |t: &Type| matches!(t, Type::Scalar(s) if super::ctypes::is_float(s));
        match op {
            "/" if is_time(ta) && is_time(tb) => Some(Val::V(
                format!("((double)({a}) / (double)({b}))"),
                Type::Scalar("double".into()),
            )),
            "*" if is_time(ta) && float(tb) => Some(Val::V(
                format!("((sc_time)(long long)((double)({a}) * (double)({b}) + 0.5))"),
                Type::Time,
            )),
            "*" if float(ta) && is_time(tb) => Some(Val::V(
                format!("((sc_time)(long long)((double)({b}) * (double)({a}) + 0.5))"),
                Type::Time,
            )),
            _ => None,
        }
    }

    /// `t / d` of a time `t` (C text) by the expression `r`: as sc_time's
    /// `operator/=(double)`, the quotient rounded to the nearest resolution unit; `d` must be a
    /// positive constant (the quotient of two times is [`Self::time_arith`]'s).
    pub(super) fn time_div(&mut self, t: &str, r: &Expr, f: &mut Fn) -> R<String> {
        match const_eval_d(self.prog, Some(self.d), r, &f.ctx, 0) {
            Some(d) if d > 0 && d < (1 << 30) => Ok(format!("((({t}) * 2 + {d}) / {})", 2 * d)),
            _ => Err(unsup(
                r.loc,
                "dividing a time by something else than a positive constant",
            )),
        }
    }
}
