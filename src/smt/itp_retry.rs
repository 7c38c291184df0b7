//! Interpolation that copes with MCSAT stalls: the retry and slicing policy every engine that
//! refines with sequence interpolants uses (ESST in predicate mode and Impact).
//!
//! Yices' MCSAT interpolation ([`super::sequence_interpolants`]) sometimes stalls on a trivial
//! linear path (`result = 2*input`), and fails on a cut whose new part is `true`. The policy,
//! in one place:
//! - parts that are `true` are left out; the interpolant of a cut after one is the previous one
//!   ([`interpolants`]); so are satisfiable parts over constants no other part names (the range
//!   facts of havocked cells nothing reads again);
//! - a stall (`Unknown`) is a matter of MCSAT's search order, not of the problem: the same
//!   parts over renamed constants are retried in short attempts with growing caps
//!   ([`retrying`], counted by [`retries`]);
//! - a path formula restricted to an unsat core of its conjuncts ([`core_slice`]) interpolates
//!   much faster (without the range facts of irrelevant variables);
//! - the work caps: [`INT_CAP`] for the mathematical-integer formula (only candidates: any
//!   predicate is sound, only progress matters), [`EXACT_CAP`] for the exact one, and the
//!   caps of the attempts in [`retrying`].
//!
//! The caps are work limits, measured in CPU time of the calling thread ([`Budget`]), not
//! wall-clock time: on a loaded machine a wall-clock cap gave up on attempts that had done only
//! a fraction of their work, so which interpolants an exploration learned, its node counts and
//! even its verdict (timeout or answer) depended on the load. The run's `--timeout` stays the
//! only wall-clock limit (the budget's wall part).
//!
//! Predicate abstraction (`engine::predabs::learn`) calls [`super::sequence_interpolants`]
//! directly with its own per-variant budgets (it replays candidates instead of retrying).

use super::context::{Budget, Context, SatResult};
use super::interpolate::sequence_interpolants_within;
use super::term::Term;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Most work (CPU time) for the interpolation of a mathematical-integer path formula (a
/// candidate source).
pub const INT_CAP: Duration = Duration::from_secs(10);

/// Most work (CPU time) for the exact (WrappedInt / BitVector) interpolation of one path:
/// MCSAT can stall on wraparound `ite`s and bit-vector products; this bounds it (UNKNOWN).
pub const EXACT_CAP: Duration = Duration::from_secs(120);

/// The work caps (CPU time) of the attempts in [`retrying`]: many short ones first.
const CAPS_MS: [u64; 11] = [250, 250, 250, 500, 500, 1000, 1000, 2000, 2000, 4000, 8000];

static RETRY_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Retries over renamed constants in this process so far (the statistics'
/// `interpolation_retries`).
pub fn retries() -> u64 {
    RETRY_COUNTER.load(Ordering::Relaxed)
}

/// Sequence interpolants of `parts` (one per cut), computed without the parts that are `true`
/// (MCSAT can fail on a cut whose new part is `true`): the interpolant of a cut after a `true`
/// part is the previous one. Each attempt through [`retrying`].
pub fn interpolants(parts: &[Term], t: &Budget) -> Result<Vec<Term>, SatResult> {
    let isolated = isolated_parts(parts, t);
    let kept: Vec<usize> = (0..parts.len())
        .filter(|&i| !parts[i].is_true() && !isolated.contains(&i))
        .collect();
    let c: Vec<Term> = kept.iter().map(|&i| parts[i]).collect();
    let ci = if c.len() < 2 {
        // one part: unsat on its own (or the whole formula is `true`: satisfiable)
        if c.is_empty() {
            return Err(SatResult::Sat);
        }
        retrying(&c, t)?;
        Vec::new()
    } else {
        retrying(&c, t)?
    };
    let mut out = Vec::with_capacity(parts.len().saturating_sub(1));
    for k in 0..parts.len().saturating_sub(1) {
        let before = kept.iter().filter(|&&i| i <= k).count();
        out.push(if before == 0 {
            Term::tt()
        } else if before >= kept.len() {
            Term::ff()
        } else {
            ci[before - 1]
        });
    }
    Ok(out)
}

/// The parts that share no constant with any other part, when together they are satisfiable
/// (one check): they are left out like `true` parts. Sound: with `P` such a part, the other
/// parts alone are unsatisfiable (a model of them extended by one of `P`, over disjoint
/// constants, would satisfy the path), and an interpolant of a cut of the other parts is one of
/// the same cut with `P` (its prefix implies it, its suffix only adds `P`, and it names no
/// constant of `P`). The havocs of a large uninitialised array (`pthread_t t[1024];`) give
/// one range fact per cell over a constant no later part reads: without this, each was a cut,
/// every cut a solver call over the rest of the path.
fn isolated_parts(parts: &[Term], t: &Budget) -> HashSet<usize> {
    let vars: Vec<Vec<Term>> = parts
        .iter()
        .map(|p| {
            if p.is_true() {
                Vec::new()
            } else {
                p.free_vars()
            }
        })
        .collect();
    let mut uses: std::collections::HashMap<Term, usize> = std::collections::HashMap::new();
    for vs in &vars {
        for v in vs {
            *uses.entry(*v).or_default() += 1;
        }
    }
    let cand: HashSet<usize> = (0..parts.len())
        .filter(|&i| !vars[i].is_empty() && vars[i].iter().all(|v| uses[v] == 1))
        .collect();
    if cand.is_empty() {
        return cand;
    }
    let mut ctx = Context::new();
    let ps: Vec<Term> = cand.iter().map(|&i| parts[i]).collect();
    ctx.assert_all(&ps);
    match ctx.check_assuming_within(&[], &t.narrowed(Some(Duration::from_secs(1)))) {
        SatResult::Sat => cand,
        _ => HashSet::new(),
    }
}

/// [`sequence_interpolants_within`], retried over fresh copies of the constants when it gives
/// up: MCSAT sometimes stalls on a trivial linear problem and solves the same problem over
/// renamed constants at once (its search order depends on the terms). `t` bounds all attempts;
/// each attempt has its own work cap besides ([`CAPS_MS`]).
pub fn retrying(parts: &[Term], t: &Budget) -> Result<Vec<Term>, SatResult> {
    let attempt = |cap_ms: u64| t.narrowed(Some(Duration::from_millis(cap_ms)));
    match sequence_interpolants_within(parts, &attempt(CAPS_MS[0])) {
        Err(SatResult::Unknown) => {}
        r => return r,
    }
    let vars: Vec<Term> = {
        let mut v: Vec<Term> = parts.iter().flat_map(|p| p.free_vars()).collect();
        v.sort();
        v.dedup();
        v
    };
    for cap_ms in &CAPS_MS[1..] {
        if t.exhausted() {
            break;
        }
        let n = RETRY_COUNTER.fetch_add(1, Ordering::Relaxed);
        let fresh: Vec<Term> = vars
            .iter()
            .enumerate()
            .map(|(i, v)| Term::var(&format!("itp~r{n}~{i}"), v.sort()))
            .collect();
        let renamed: Vec<Term> = parts.iter().map(|p| p.subst(&vars, &fresh)).collect();
        match sequence_interpolants_within(&renamed, &attempt(*cap_ms)) {
            Ok(v) => return Ok(v.iter().map(|i| i.subst(&fresh, &vars)).collect()),
            Err(SatResult::Unknown) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(SatResult::Unknown)
}

/// The parts of an unsatisfiable path formula (part `i` the conjunction of `part_facts[i]`)
/// restricted to an unsat core of their conjuncts; its interpolants still refute the path.
/// `parts` themselves when no core is found within `t`.
pub fn core_slice(parts: &[Term], part_facts: &[Vec<Term>], t: &Budget) -> Vec<Term> {
    let all: Vec<Term> = part_facts.iter().flatten().copied().collect();
    let mut ctx = Context::new();
    if ctx.check_assuming_within(&all, t) != SatResult::Unsat {
        return parts.to_vec();
    }
    let core: HashSet<Term> = ctx.unsat_core().into_iter().collect();
    if core.is_empty() {
        return parts.to_vec();
    }
    part_facts
        .iter()
        .map(|f| {
            let kept: Vec<Term> = f.iter().copied().filter(|x| core.contains(x)).collect();
            Term::and(&kept)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smt::int_sort;

    #[test]
    fn parts_over_constants_no_other_part_names_are_left_out() {
        let x0 = Term::var("itp_iso_x0", int_sort());
        let x1 = Term::var("itp_iso_x1", int_sort());
        let y = Term::var("itp_iso_y", int_sort());
        let havoc = y.ge(Term::int(0)).and2(y.le(Term::int(10)));
        let parts = [
            x0.eq(Term::int(0)),
            havoc,
            x1.eq(x0.add(Term::int(1))),
            x1.eq(Term::int(5)),
        ];
        assert_eq!(
            isolated_parts(&parts, &Budget::unlimited()),
            HashSet::from([1])
        );
        let v = interpolants(&parts, &Budget::unlimited()).unwrap();
        assert_eq!(v.len(), 3);
        // the cut after the isolated part keeps the interpolant before it
        assert_eq!(v[0], v[1]);
        assert!(!v[0].free_vars().contains(&y));
        // an unsatisfiable part over its own constants is not left out
        let bad = y.ge(Term::int(1)).and2(y.le(Term::int(0)));
        let parts = [x0.eq(Term::int(0)), bad, x0.eq(Term::int(0))];
        assert!(isolated_parts(&parts, &Budget::unlimited()).is_empty());
        assert!(interpolants(&parts, &Budget::unlimited()).is_ok());
    }
}
