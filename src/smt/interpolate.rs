//! Craig interpolation with Yices' MCSAT model interpolation, and sequence interpolants.
//!
//! Each call builds two fresh MCSAT contexts (A with `model-interpolation=true`, B plain) and
//! runs `yices_check_context_with_interpolation`, which alternates models of B with
//! refutations by A; the interpolant is the conjunction of A's model interpolants. It works for
//! linear integer arithmetic and bit-vectors (bit-vector interpolants come back bit-level:
//! `(bit x 0)`, `bv-concat`, ...). Integer `div`/`mod` can make MCSAT very slow.
//!
//! Measured limitation of MCSAT's bit-vector model interpolation (Yices 2.6.4): when A relates
//! the shared variables through a multiplication by a constant that is not a power of two
//! (`y = 3*x`), a sum of two non-constant terms (`y = (x << 1) + x`), or a division/remainder
//! by a constant that is not a power of two, the refutations do not generalise and the call
//! runs until the timeout (→ `Unknown`). `+ const`, negation, shifts and multiplication or
//! division by powers of two, masks and extracts interpolate in milliseconds. The integer
//! semantics (LIA) do not have this problem. Always pass a timeout.
//!
//! Every returned interpolant is checked syntactically (its free constants must be shared by A
//! and B); a violation answers `Unknown` rather than returning a bad interpolant.

use super::context::{
    new_context_raw, record_call, status_to_result, with_budget, Budget, Model, SatResult,
};
use super::lock::lock;
use super::term::Term;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};
use yices2::sys;

/// Result of [`interpolate`].
#[derive(Debug)]
pub enum Interpolation {
    /// A ∧ B is unsat; the interpolant I: A ⇒ I, I ∧ B unsat, vars(I) ⊆ vars(A) ∩ vars(B).
    Unsat(Term),
    /// A ∧ B is satisfiable: a model of A ∧ B (of all their constants whenever a re-check of
    /// A ∧ B within the time left succeeds, else of A's constants and the shared ones).
    Sat(Model),
    /// Timeout, solver error or an unsupported term.
    Unknown,
}

struct Owned(*mut sys::context_t);
impl Drop for Owned {
    fn drop(&mut self) {
        // SAFETY: contract 2 and 4: lock held; the context pointer is alive (owned by the caller's context owner); terms are valid indices (contract 3).
        unsafe { sys::yices_free_context(self.0) };
    }
}

fn mcsat(interp: bool) -> Option<Owned> {
    let mut p = vec![("solver-type", "mcsat"), ("mode", "push-pop")];
    if interp {
        p.push(("model-interpolation", "true"));
    }
    new_context_raw(&p).map(Owned)
}

fn assert_all(ctx: *mut sys::context_t, ts: &[Term]) -> bool {
    ts.iter()
        // SAFETY: contract 2 and 4: lock held; the context pointer is alive (owned by the caller's context owner); terms are valid indices (contract 3).
        .all(|t| unsafe { sys::yices_assert_formula(ctx, t.0) } >= 0)
}

/// Interpolant of (A, B), where A and B are conjunctions of the given Boolean terms.
pub fn interpolate(a: &[Term], b: &[Term], timeout: Option<Duration>) -> Interpolation {
    let _g = lock();
    let start = Instant::now();
    let r = interpolate_locked(a, b, &Budget::wall(timeout));
    record_call(start, true);
    r
}

fn interpolate_locked(a: &[Term], b: &[Term], budget: &Budget) -> Interpolation {
    let (Some(ca), Some(cb)) = (mcsat(true), mcsat(false)) else {
        return Interpolation::Unknown;
    };
    if !assert_all(ca.0, a) || !assert_all(cb.0, b) {
        return Interpolation::Unknown;
    }
    let mut ictx = sys::interpolation_context_t {
        ctx_A: ca.0,
        ctx_B: cb.0,
        interpolant: -1,
        model: std::ptr::null_mut(),
        ..Default::default()
    };
    // SAFETY: contract 2 and 4: lock held; the context pointer is alive (owned by the caller's context owner); terms are valid indices (contract 3).
    let st = with_budget(&[ca.0, cb.0], budget, || unsafe {
        sys::yices_check_context_with_interpolation(&mut ictx, std::ptr::null(), 1)
    });
    let partial = (!ictx.model.is_null()).then(|| Model { mdl: ictx.model });
    match status_to_result(st) {
        SatResult::Unsat => {
            let i = Term(ictx.interpolant);
            if ictx.interpolant < 0 || !shared_only(i, a, b) {
                return Interpolation::Unknown;
            }
            Interpolation::Unsat(i)
        }
        SatResult::Sat => match full_model(a, b, budget) {
            Some(m) => Interpolation::Sat(m),
            None => match partial {
                Some(m) => Interpolation::Sat(m),
                None => Interpolation::Unknown,
            },
        },
        SatResult::Unknown => Interpolation::Unknown,
    }
}

/// A model of A ∧ B from a fresh context (DPLL(T) first, MCSAT if DPLL(T) rejects a term).
fn full_model(a: &[Term], b: &[Term], budget: &Budget) -> Option<Model> {
    let ctx = new_context_raw(&[("mode", "one-shot")])
        .map(Owned)
        .filter(|c| assert_all(c.0, a) && assert_all(c.0, b))
        .or_else(|| mcsat(false).filter(|c| assert_all(c.0, a) && assert_all(c.0, b)))?;
    // SAFETY: contract 2 and 4: lock held; the context pointer is alive (owned by the caller's context owner); terms are valid indices (contract 3).
    let st = with_budget(&[ctx.0], budget, || unsafe {
        sys::yices_check_context(ctx.0, std::ptr::null())
    });
    if status_to_result(st) != SatResult::Sat {
        return None;
    }
    // SAFETY: contract 2 and 4: lock held; `ctx` owns a live context (freed when it drops).
    let m = unsafe { sys::yices_get_model(ctx.0, 1) };
    (!m.is_null()).then(|| Model { mdl: m })
}

fn vars_of(ts: &[Term]) -> BTreeSet<Term> {
    ts.iter().flat_map(|t| t.free_vars()).collect()
}

fn shared_only(i: Term, a: &[Term], b: &[Term]) -> bool {
    let va = vars_of(a);
    let vb = vars_of(b);
    i.free_vars()
        .iter()
        .all(|v| va.contains(v) && vb.contains(v))
}

/// Sequence interpolants for `parts = [φ1, ..., φn]` whose conjunction is unsat: `n-1` terms
/// `I1..I(n-1)` with `φ1 ⇒ I1`, `I_k ∧ φ(k+1) ⇒ I(k+1)`, `I(n-1) ∧ φn` unsat, and each `I_k` over
/// the constants shared by `φ1..φk` and `φ(k+1)..φn`.
///
/// Computed left to right: `I1 = itp(φ1, φ2∧..∧φn)` and `I(k+1) = itp(I_k ∧ φ(k+1), φ(k+2)∧..∧φn)`,
/// which makes the chain condition hold by construction (so each `I_k` is also an interpolant
/// of the cut `(φ1∧..∧φk, φ(k+1)∧..∧φn)`). `timeout` bounds the whole computation.
/// `Err(Sat)` when the conjunction is satisfiable, `Err(Unknown)` on timeout or failure.
pub fn sequence_interpolants(
    parts: &[Term],
    timeout: Option<Duration>,
) -> Result<Vec<Term>, SatResult> {
    sequence_interpolants_within(parts, &Budget::wall(timeout))
}

/// [`sequence_interpolants`] within `budget` (wall-clock time and/or CPU-time work) for the
/// whole computation.
pub fn sequence_interpolants_within(
    parts: &[Term],
    budget: &Budget,
) -> Result<Vec<Term>, SatResult> {
    let _g = lock();
    let start = Instant::now();
    if parts.len() < 2 {
        // No cut: only decide satisfiability.
        let r = match interpolate_locked(parts, &[], budget) {
            Interpolation::Unsat(_) => Ok(Vec::new()),
            Interpolation::Sat(_) => Err(SatResult::Sat),
            Interpolation::Unknown => Err(SatResult::Unknown),
        };
        record_call(start, true);
        return r;
    }
    let mut out = Vec::with_capacity(parts.len() - 1);
    let mut prev: Option<Term> = None;
    for k in 1..parts.len() {
        let call = Instant::now();
        let mut a: Vec<Term> = prev.into_iter().collect();
        if k == 1 {
            a.push(parts[0]);
        } else {
            a.push(parts[k - 1]);
        }
        let b = &parts[k..];
        let r = interpolate_locked(&a, b, budget);
        record_call(call, true);
        match r {
            Interpolation::Unsat(i) => {
                out.push(i);
                prev = Some(i);
            }
            // Only the first cut can be satisfiable (later ones are unsat by construction).
            Interpolation::Sat(_) if k == 1 => return Err(SatResult::Sat),
            _ => return Err(SatResult::Unknown),
        }
    }
    Ok(out)
}
