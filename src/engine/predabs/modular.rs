//! Modular versions of linear equalities, as candidate predicates in the WrappedInt world.
//!
//! C arithmetic on `int` wraps modulo 2^32, so a relation such as `data == t + 1` or
//! `dbl == 2 * pres` that the program maintains holds *modulo 2^w*, not over the integers:
//! after `data += 1` from `INT_MAX` the integer equality is false while the C one still holds.
//! Interpolants, in mathematical integers or in WrappedInt, propose the integer equality (often
//! as the pair `d >= 0`, `-d >= 0`), which is then not inductive at the wrap and refinement
//! would have to unroll. For each such equality `d == 0` over variables of at most `w` bits,
//! the candidate `d == k * 2^w` for some `k` in `-K..=K` is its modular closure within the
//! variables' ranges (exact when `|d| < (K + 1) * 2^w`, and always a sound predicate: only the
//! replay decides whether a candidate is used).

use crate::smt::Term;

/// Multiples of the modulus in a modular closure (`d == k * 2^w` for `|k| <= K`).
const K: i128 = 2;

/// The differences `d` (as `a - b`) of the integer equalities among `atoms`: each `a == b`,
/// and each pair of atoms `a >= b`, `b >= a` (in any syntactic form).
pub(super) fn equalities(atoms: &[Term]) -> Vec<Term> {
    let mut out: Vec<Term> = Vec::new();
    let mut ges: Vec<Term> = Vec::new();
    for &t in atoms {
        if let Some((a, b)) = t.int_eq_sides() {
            out.push(a.sub(b));
        } else if let Some((a, b)) = t.cmp_sides() {
            if a.is_int() && b.is_int() {
                ges.push(a.sub(b));
            }
        }
    }
    for (i, &d) in ges.iter().enumerate() {
        for &e in &ges[i + 1..] {
            if d.add(e).int_const() == Some(0) {
                out.push(d);
            }
        }
    }
    out.sort_by_key(|t| t.raw());
    out.dedup();
    out
}

/// The modular closure of `d == 0` for `w`-bit variables: `d == k * 2^w` for `|k| <= K`.
pub(super) fn closure(d: Term, w: u32) -> Term {
    let m: i128 = 1 << w;
    let eqs: Vec<Term> = (-K..=K).map(|k| d.eq(Term::int(k * m))).collect();
    Term::or(&eqs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smt::{int_sort, Context, SatResult};

    #[test]
    fn finds_equalities_and_opposite_inequalities() {
        let x = Term::var("mx", int_sort());
        let y = Term::var("my", int_sort());
        let eq = x.eq(y.add(Term::int(1)));
        let ge1 = x.ge(y.mul(Term::int(2)));
        let ge2 = y.mul(Term::int(2)).ge(x);
        let lone = x.ge(Term::int(3));
        let ds = equalities(&[eq, ge1, ge2, lone]);
        assert_eq!(ds.len(), 2, "{ds:?}");
        // x = 7, y = 6 satisfies x == y + 1 but not x == 2y: exactly one difference is zero.
        let mut ctx = Context::new();
        ctx.assert(x.eq(Term::int(7)));
        ctx.assert(y.eq(Term::int(6)));
        let zero = ds
            .iter()
            .filter(|&&d| ctx.check_assuming(&[d.eq(Term::int(0))]) == SatResult::Sat)
            .count();
        assert_eq!(zero, 1);
    }

    #[test]
    fn closure_holds_across_the_wrap() {
        // data == t + 1 (mod 2^32): data = INT_MIN, t = INT_MAX.
        let data = Term::var("mdata", int_sort());
        let t = Term::var("mt", int_sort());
        let c = closure(data.sub(t.add(Term::int(1))), 32);
        let mut ctx = Context::new();
        ctx.assert(data.eq(Term::int(i32::MIN as i128)));
        ctx.assert(t.eq(Term::int(i32::MAX as i128)));
        ctx.assert(c);
        assert_eq!(ctx.check(), SatResult::Sat);
        let mut ctx = Context::new();
        ctx.assert(data.eq(Term::int(5)));
        ctx.assert(t.eq(Term::int(5)));
        ctx.assert(c);
        assert_eq!(ctx.check(), SatResult::Unsat);
    }
}
