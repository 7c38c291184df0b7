//! Houdini: keeps the candidate cut-point invariants that are proven invariant.
//!
//! A candidate is a Boolean IR expression attached to one cut point (loop head). The checked
//! set is the greatest subset S of the candidates such that
//! - *initiation*: every first arrival at a cut point (the prologue from the entry, as a BMC
//!   query) satisfies the candidates of S at that cut point, and
//! - *consecution*: from any state at a cut point satisfying the already proven facts there
//!   (intervals, the prologue facts of [`super::kind::start_state`]) and the candidates of S
//!   at that cut point, every block (loop-free path to the next cut-point arrival that takes no
//!   bad edge) arrives in a state satisfying the candidates of S at its cut point.
//!
//! Then every arrival of a bad-free execution at a cut point satisfies S (induction on the
//! number of arrivals: the first by initiation, each later one by consecution from the
//! previous, which satisfies the proven facts and, by the induction hypothesis, S). Both
//! checks drop every candidate the model of a satisfiable query violates and repeat until the
//! query is unsatisfiable (a fixpoint: each round drops at least one candidate). A solver
//! *unknown* or the deadline gives up with `None`: no candidate is used.
//!
//! Everything happens in one push/pop scope of the engine's context (the scope is popped at
//! the end, so the caller's context is unchanged).

use super::kind::start_state;
use super::symex::Symex;
use crate::engine::Deadline;
use crate::ir::{Expr, LocId};
use crate::smt::{Context, Model, SatResult, Term};
use std::collections::{HashMap, HashSet};

/// A candidate invariant of one cut point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    pub loc: LocId,
    pub expr: Expr,
}

/// What one Houdini run did (for diagnostics and tests).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct HoudiniStats {
    pub candidates: usize,
    pub dropped_initiation: usize,
    pub dropped_consecution: usize,
    pub rounds: usize,
}

enum Check {
    Sat(Model),
    Unsat,
    Unknown,
}

fn check(ctx: &mut Context, ts: &[Term], deadline: &Deadline) -> Check {
    ctx.push();
    for t in ts {
        ctx.assert(*t);
    }
    let r = match ctx.check_with_timeout(deadline.remaining()) {
        SatResult::Sat => match ctx.model() {
            Some(m) => Check::Sat(m),
            None => Check::Unknown,
        },
        SatResult::Unsat => Check::Unsat,
        SatResult::Unknown => Check::Unknown,
    };
    ctx.pop();
    r
}

/// Drops candidates until no `viol[i]` (of a still alive `i`) is satisfiable together with
/// `assume(alive)`. `false` when the solver gave up.
fn fixpoint(
    ctx: &mut Context,
    alive: &mut [bool],
    viol: &[Term],
    assume: &dyn Fn(&[bool]) -> Vec<Term>,
    deadline: &Deadline,
    rounds: &mut usize,
    dropped: &mut usize,
) -> bool {
    loop {
        let live: Vec<Term> = (0..viol.len())
            .filter(|&i| alive[i] && !viol[i].is_false())
            .map(|i| viol[i])
            .collect();
        if live.is_empty() {
            return true;
        }
        let mut ts = assume(alive);
        ts.push(Term::or(&live));
        *rounds += 1;
        match check(ctx, &ts, deadline) {
            Check::Unsat => return true,
            Check::Unknown => return false,
            Check::Sat(m) => {
                let mut any = false;
                for i in 0..viol.len() {
                    if alive[i] && !viol[i].is_false() && m.eval_bool(viol[i]) != Some(false) {
                        alive[i] = false;
                        any = true;
                        *dropped += 1;
                    }
                }
                if !any {
                    // The model satisfies the disjunction, so some disjunct is true; not
                    // finding it means the model is unusable.
                    return false;
                }
            }
        }
    }
}

/// Runs Houdini on `cands` over the cut points `cuts`; `base` holds the already proven facts
/// per cut point (assumed at the start state). Returns the surviving candidates, or `None`
/// when the solver or the deadline gave up. `ctx` must be at push depth 0 and is left as it was.
pub(crate) fn houdini(
    sx: &mut Symex,
    ctx: &mut Context,
    cuts: &[LocId],
    cutset: &HashSet<LocId>,
    base: &HashMap<LocId, Expr>,
    cands: Vec<Candidate>,
    deadline: &Deadline,
) -> (Option<Vec<Candidate>>, HoudiniStats) {
    let mut stats = HoudiniStats {
        candidates: cands.len(),
        ..Default::default()
    };
    if cands.is_empty() || cuts.is_empty() {
        return (Some(cands), stats);
    }
    let idx: HashMap<LocId, usize> = cuts.iter().enumerate().map(|(i, c)| (*c, i)).collect();
    if cands.iter().any(|c| !idx.contains_key(&c.loc)) {
        // A candidate at a location that is no cut point: not checkable here.
        return (None, stats);
    }
    ctx.push();
    let r = run(
        sx, ctx, cuts, cutset, base, &cands, &idx, deadline, &mut stats,
    );
    ctx.pop();
    let out = r.map(|alive| {
        cands
            .into_iter()
            .zip(alive)
            .filter(|(_, a)| *a)
            .map(|(c, _)| c)
            .collect()
    });
    (out, stats)
}

#[allow(clippy::too_many_arguments)]
fn run(
    sx: &mut Symex,
    ctx: &mut Context,
    cuts: &[LocId],
    cutset: &HashSet<LocId>,
    base: &HashMap<LocId, Expr>,
    cands: &[Candidate],
    idx: &HashMap<LocId, usize>,
    deadline: &Deadline,
    stats: &mut HoudiniStats,
) -> Option<Vec<bool>> {
    let n = cands.len();
    let mut alive = vec![true; n];
    let st = start_state(sx, cuts, cutset, "houdini!start");
    // Violation of candidate i by a set of (loc, state) arrivals.
    let viol_at = |sx: &Symex, ends: &[(LocId, super::symex::SymState)], c: &Candidate| {
        let ds: Vec<Term> = ends
            .iter()
            .filter(|(l, _)| *l == c.loc)
            .map(|(_, s)| s.guard.and2(sx.encode(&c.expr, &s.vals).not()))
            .collect();
        Term::or(&ds)
    };
    // 1. Initiation: the prologue's arrivals.
    let init_viol: Vec<Term> = cands.iter().map(|c| viol_at(sx, &st.prologue, c)).collect();
    let defs: Vec<Term> = sx.defs.drain(..).collect();
    ctx.assert(Term::and(&defs));
    let none = |_: &[bool]| Vec::new();
    if !fixpoint(
        ctx,
        &mut alive,
        &init_viol,
        &none,
        deadline,
        &mut stats.rounds,
        &mut stats.dropped_initiation,
    ) {
        return None;
    }
    // 2. Consecution: one block from an arbitrary cut-point state.
    let act = Term::var("houdini!act", crate::smt::bool_sort());
    let mut facts = st.constraints.clone();
    for (c, a) in cuts.iter().zip(&st.at) {
        if let Some(e) = base.get(c) {
            facts.push(a.implies(sx.encode(e, &st.vals)));
        }
    }
    let starts = cuts
        .iter()
        .zip(&st.at)
        .filter(|(_, a)| !a.is_false())
        .map(|(c, a)| (*c, super::symex::SymState::new(*a, st.vals.clone())))
        .collect();
    let b = sx.block(starts, cutset);
    let pre: Vec<Term> = cands
        .iter()
        .map(|c| st.at[idx[&c.loc]].implies(sx.encode(&c.expr, &st.vals)))
        .collect();
    let post_viol: Vec<Term> = cands.iter().map(|c| viol_at(sx, &b.ends, c)).collect();
    let mut all: Vec<Term> = sx.defs.drain(..).collect();
    all.push(act.implies(Term::and(&facts)));
    ctx.assert(Term::and(&all));
    let assume = |alive: &[bool]| {
        let mut ts = vec![act];
        ts.extend((0..pre.len()).filter(|&i| alive[i]).map(|i| pre[i]));
        ts
    };
    if !fixpoint(
        ctx,
        &mut alive,
        &post_viol,
        &assume,
        deadline,
        &mut stats.rounds,
        &mut stats.dropped_consecution,
    ) {
        return None;
    }
    Some(alive)
}
