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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bmc::kind::cut_points;
    use crate::engine::bmc::tests::{bin, c, program, v, var, I32};
    use crate::engine::{EngineKind, VerifyOptions};
    use crate::ir::{BinOp, ErrorKind, Op, VarId};
    use crate::smt::Semantics;
    use crate::verdict::Verdict;

    /// `x = 0; y = 0; while (*) { x++; y++; if (*) { if (x != y) error; } }`: not k-inductive
    /// for any k without the invariant `x == y` (the check can be skipped k-1 times).
    fn lockstep() -> crate::ir::Program {
        program(
            vec![var("x", I32, Some(0)), var("y", I32, Some(0))],
            vec![
                (0, 1, Op::Skip),
                (1, 2, Op::Assign(VarId(0), bin(BinOp::Add, v(0), c(1)))),
                (2, 3, Op::Assign(VarId(1), bin(BinOp::Add, v(1), c(1)))),
                (3, 1, Op::Skip),
                (3, 4, Op::Skip),
                (4, 1, Op::Assume(bin(BinOp::Eq, v(0), v(1)))),
                (4, 5, Op::Assume(bin(BinOp::Ne, v(0), v(1)))),
                (5, 7, Op::Error(ErrorKind::ReachError)),
            ],
            8,
        )
    }

    /// Runs Houdini on `p` with candidates at loop head 1 (no prologue facts, no deadline);
    /// returns what it kept, its statistics and the engine context it ran in.
    fn check(
        p: &crate::ir::Program,
        exprs: Vec<Expr>,
    ) -> (Option<Vec<Candidate>>, HoudiniStats, Context) {
        let mut sx = Symex::new(p, p.main(), Semantics::BitVector);
        let mut ctx = Context::new();
        let (cuts, cutset) = cut_points(&sx);
        assert_eq!(cuts, vec![LocId(1)]);
        let cands = exprs.into_iter().map(cand).collect();
        let (kept, st) = houdini(
            &mut sx,
            &mut ctx,
            &cuts,
            &cutset,
            &HashMap::new(),
            cands,
            &Deadline::new(None),
        );
        (kept, st, ctx)
    }

    fn cand(expr: Expr) -> Candidate {
        Candidate {
            loc: LocId(1),
            expr,
        }
    }

    #[test]
    fn houdini_drops_non_invariants_and_keeps_inductive_ones() {
        let x_eq_y = bin(BinOp::Eq, v(0), v(1));
        let x_eq_0 = bin(BinOp::Eq, v(0), c(0)); // initiation holds, consecution fails
        let x_eq_5 = bin(BinOp::Eq, v(0), c(5)); // initiation fails
        let (kept, st, mut ctx) = check(&lockstep(), vec![x_eq_0, x_eq_y.clone(), x_eq_5]);
        assert_eq!(kept, Some(vec![cand(x_eq_y)]));
        assert_eq!(st.candidates, 3);
        assert_eq!(st.dropped_initiation, 1);
        assert_eq!(st.dropped_consecution, 1);
        // The engine context is left as it was: still satisfiable, nothing asserted.
        assert_eq!(ctx.check_with_timeout(None), SatResult::Sat);
    }

    #[test]
    fn houdini_drops_a_true_but_not_inductive_candidate() {
        // `x != 0 ∨ y == 7` is false initially (dropped by initiation). `x == 0 ∨ y != 0`
        // holds in every reachable state (x == y there) but is not inductive without `x == y`
        // (x = 5, y = -1 steps to x = 6, y = 0), so Houdini must drop it too.
        let bad_init = bin(
            BinOp::Or,
            Expr::not(bin(BinOp::Eq, v(0), c(0))),
            bin(BinOp::Eq, v(1), c(7)),
        );
        let not_inductive = bin(
            BinOp::Or,
            bin(BinOp::Eq, v(0), c(0)),
            bin(BinOp::Ne, v(1), c(0)),
        );
        let (kept, _, _) = check(&lockstep(), vec![bad_init, not_inductive]);
        assert_eq!(kept, Some(vec![]));
    }

    #[test]
    fn houdini_drops_a_candidate_once_the_one_it_relied_on_is_dropped() {
        // `w = 0; x = 0; while (*) { w += x; x++; }`: `w == 0` survives the first consecution
        // round only because `x == 0` is assumed; once `x == 0` is dropped, it must go too.
        let p = program(
            vec![var("w", I32, Some(0)), var("x", I32, Some(0))],
            vec![
                (0, 1, Op::Skip),
                (1, 2, Op::Assign(VarId(0), bin(BinOp::Add, v(0), v(1)))),
                (2, 3, Op::Assign(VarId(1), bin(BinOp::Add, v(1), c(1)))),
                (3, 1, Op::Skip),
            ],
            6,
        );
        let (kept, st, _) = check(
            &p,
            vec![bin(BinOp::Eq, v(1), c(0)), bin(BinOp::Eq, v(0), c(0))],
        );
        assert_eq!(kept, Some(vec![]));
        assert_eq!(st.dropped_initiation, 0);
        assert_eq!(st.dropped_consecution, 2);
        // Initiation needs no query (the prologue is concrete, its violations fold to false);
        // consecution drops `x == 0` in round 1 and `w == 0` in round 2.
        assert_eq!(st.rounds, 2);
    }

    #[test]
    fn kinduction_proves_lockstep_only_with_checked_candidates() {
        let p = lockstep();
        let o = crate::engine::bmc::verify(&p, &VerifyOptions::default(), EngineKind::Kinduction);
        assert!(matches!(o.verdict, Verdict::Safe { .. }), "{:?}", o.verdict);
        let o = crate::engine::bmc::verify(
            &p,
            &VerifyOptions {
                strengthening: false,
                max_k_step: 6,
                ..VerifyOptions::default()
            },
            EngineKind::Kinduction,
        );
        assert!(matches!(o.verdict, Verdict::Unknown(_)), "{:?}", o.verdict);
    }

    #[test]
    fn generated_candidates_hold_on_the_lockstep_loop() {
        let p = lockstep();
        let sx = Symex::new(&p, p.main(), Semantics::BitVector);
        let (cuts, _) = cut_points(&sx);
        let cs = crate::engine::bmc::candidates::generate(
            &p,
            p.main(),
            &cuts,
            false,
            crate::engine::bmc::candidates::Limits::default(),
        );
        assert!(
            cs.iter().any(|c| c.expr == bin(BinOp::Eq, v(0), v(1))),
            "{cs:?}"
        );
    }
}
