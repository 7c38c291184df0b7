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
//!
//! **Eliminations.** Interpolants of different spurious paths often state a relation through a
//! third variable the program does not keep related: `pres_t == sum` on one path and
//! `dbl_t == 2 * sum` on another, where the invariant is `dbl_t == 2 * pres_t`. Eliminating a
//! shared variable from two known equalities ([`eliminate`]) gives those relations as
//! candidates; they are implied by the pair, hence sound predicates like any other (and the
//! replay again decides whether they are used).

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

/// A linear integer term `Σ a_i x_i + c`, with nonzero coefficients, sorted by variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Linear {
    pub coeffs: Vec<(Term, i128)>,
    pub constant: i128,
}

/// Variables of a linear term beyond which it is not decomposed or produced (as a candidate
/// equality, here and in [`super::affine`]).
pub(super) const MAX_VARS: usize = 4;
/// Largest coefficient of a candidate equality (an elimination's, an affine one's).
pub(super) const MAX_COEFF: i128 = 64;

impl Linear {
    /// The term.
    pub fn term(&self) -> Term {
        let mut t = Term::int(self.constant);
        for &(x, a) in &self.coeffs {
            t = t.add(Term::int(a).mul(x));
        }
        t
    }
}

/// `d` as a linear term over its free variables (None when it is not linear integer
/// arithmetic or has too many variables). Decomposed by evaluating at unit points and checked
/// by rebuilding it (Yices normalises polynomials, so the difference folds to 0).
pub(super) fn linear(d: Term) -> Option<Linear> {
    if !d.is_int() {
        return None;
    }
    let mut xs = d.free_vars();
    if xs.is_empty() || xs.len() > MAX_VARS || xs.iter().any(|x| !x.is_int()) {
        return None;
    }
    xs.sort_by_key(|t| t.raw());
    let zeros = vec![Term::int(0); xs.len()];
    let constant = d.subst(&xs, &zeros).int_const()?;
    let mut coeffs = Vec::new();
    for i in 0..xs.len() {
        let mut to = zeros.clone();
        to[i] = Term::int(1);
        let a = d.subst(&xs, &to).int_const()? - constant;
        if a != 0 {
            coeffs.push((xs[i], a));
        }
    }
    let lin = Linear { coeffs, constant };
    (d.sub(lin.term()).int_const() == Some(0)).then_some(lin)
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// The equalities `e == 0` implied by `a == 0` and `b == 0` that eliminate one variable
/// occurring in both (`a_x * b - b_x * a`), normalised (coefficients divided by their gcd, the
/// first positive); only those with at most [`MAX_VARS`] variables and small coefficients.
pub(super) fn eliminate(a: &Linear, b: &Linear) -> Vec<Linear> {
    let mut out = Vec::new();
    for &(x, ax) in &a.coeffs {
        let Some(&(_, bx)) = b.coeffs.iter().find(|(y, _)| *y == x) else {
            continue;
        };
        // bx * a - ax * b: the coefficient of x cancels.
        let mut coeffs: Vec<(Term, i128)> = Vec::new();
        for (&(y, c), m) in a
            .coeffs
            .iter()
            .map(|e| (e, bx))
            .chain(b.coeffs.iter().map(|e| (e, -ax)))
        {
            match coeffs.iter_mut().find(|(z, _)| *z == y) {
                Some(e) => e.1 += m * c,
                None => coeffs.push((y, m * c)),
            }
        }
        coeffs.retain(|&(_, c)| c != 0);
        let mut constant = bx * a.constant - ax * b.constant;
        if coeffs.is_empty() || coeffs.len() > MAX_VARS {
            continue;
        }
        coeffs.sort_by_key(|(t, _)| t.raw());
        let g = coeffs.iter().fold(constant, |g, &(_, c)| gcd(g, c));
        let sign = if coeffs[0].1 < 0 { -1 } else { 1 };
        for e in &mut coeffs {
            e.1 = sign * e.1 / g;
        }
        constant = sign * constant / g;
        if coeffs.iter().any(|&(_, c)| c.abs() > MAX_COEFF) {
            continue;
        }
        let lin = Linear { coeffs, constant };
        if !out.contains(&lin) {
            out.push(lin);
        }
    }
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
    fn decomposes_linear_terms_only() {
        let x = Term::var("lx", int_sort());
        let y = Term::var("ly", int_sort());
        let d = x.sub(Term::int(2).mul(y)).add(Term::int(3));
        let l = linear(d).expect("linear");
        assert_eq!(l.constant, 3);
        assert_eq!(l.coeffs.len(), 2);
        assert!(l.coeffs.contains(&(x, 1)) && l.coeffs.contains(&(y, -2)));
        assert_eq!(linear(x.mul(y)), None);
    }

    #[test]
    fn elimination_relates_through_a_shared_variable() {
        // pres == sum and dbl == 2 * sum give dbl == 2 * pres.
        let pres = Term::var("epres", int_sort());
        let sum = Term::var("esum", int_sort());
        let dbl = Term::var("edbl", int_sort());
        let a = linear(pres.sub(sum)).unwrap();
        let b = linear(dbl.sub(Term::int(2).mul(sum))).unwrap();
        let es = eliminate(&a, &b);
        assert_eq!(es.len(), 1, "{es:?}");
        let e = es[0].term();
        assert!(!e.free_vars().contains(&sum));
        // Implied: a == 0, b == 0, e != 0 is unsatisfiable; and e == 0 is not valid alone.
        let mut ctx = Context::new();
        ctx.assert(pres.sub(sum).eq(Term::int(0)));
        ctx.assert(dbl.sub(Term::int(2).mul(sum)).eq(Term::int(0)));
        assert_eq!(
            ctx.check_assuming(&[e.eq(Term::int(0)).not()]),
            SatResult::Unsat
        );
        let mut ctx = Context::new();
        ctx.assert(dbl.eq(Term::int(3)));
        ctx.assert(pres.eq(Term::int(1)));
        assert_eq!(ctx.check_assuming(&[e.eq(Term::int(0))]), SatResult::Unsat);
        // No shared variable: nothing; the same relation scaled: normalised to one form.
        let z = Term::var("ez", int_sort());
        assert!(eliminate(&linear(z.sub(Term::int(1))).unwrap(), &b).is_empty());
        let a2 = linear(Term::int(2).mul(pres).sub(Term::int(2).mul(sum))).unwrap();
        assert_eq!(eliminate(&a2, &b), es);
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
