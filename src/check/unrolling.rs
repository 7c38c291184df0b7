//! The proof check of a bounded unrolling of a threaded program (partial-order BMC,
//! `engine::pobmc`): the engine answers SUCCESSFUL when, in its symbolic event structure, no
//! error, no unwinding assertion (cut back edge) and no unsupported edge is reachable. Its
//! [`UnrollingCertificate`] lists the encoding (the definitions), the claims (each with the
//! guard under which it is reached) and, per thread instance, every CFG edge the unrolling
//! stepped through.
//!
//! What this module re-checks, sharing nothing with the engine's exploration code:
//! - **coverage**: every step is either followed to a further visit of its thread, or ends the
//!   thread (an edge into the CFG's exit or a `pthread_exit` call), or is a claim (error, cut,
//!   unsupported) included in the final query. In particular every step through a loop back
//!   edge that the bound cut off carries an unwinding assertion; the back edges are taken from
//!   the front end's loop table ([`crate::ir::LoopInfo`]) and from the CFG (`to <= from`), not
//!   from the engine;
//! - **threads**: every step through a `pthread_create` call that is not a claim created an
//!   instance of the named thread (per creating instance, as a multiset), and every instance
//!   but `main` was created by an earlier one;
//! - **the final query**: the encoding with the disjunction of all claim guards is unsatisfiable,
//!   re-solved in a fresh Yices context.
//!
//! What it does not re-check (named in the statistics): that the encoding of each step (guards,
//! values, the read-from / coherence / from-read orderings of the memory model) is right, and
//! that the edges the unrolling left out of a visit are infeasible (their guard was false).

use super::{CheckError, CheckStats};
use crate::ir::{CallArg, EdgeId, Op, Program, ThreadId};
use crate::smt::{Context, SatResult, Term};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// What a claim stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimKind {
    Error,
    /// An unwinding assertion: a loop back edge the bound cut off.
    Cut,
    Unsupported,
}

/// A reachability claim of the unrolling: reaching step `step` of instance `inst` under
/// `guard` (the engine's effective guard) would refute the proof.
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    pub kind: ClaimKind,
    pub inst: usize,
    pub step: usize,
    pub guard: Term,
}

/// One step of an instance's unrolling: a CFG edge, and whether the unrolling continued after
/// it (at a further visit of the edge's target).
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub edge: EdgeId,
    pub followed: bool,
}

/// One unrolled thread instance.
#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    pub thread: ThreadId,
    /// The instance whose `pthread_create` started it (None: `main`).
    pub creator: Option<usize>,
    pub steps: Vec<Step>,
}

/// The certificate of a SUCCESSFUL bounded unrolling (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct UnrollingCertificate {
    /// The encoding's definitions (asserted together).
    pub defs: Vec<Term>,
    pub claims: Vec<Claim>,
    pub instances: Vec<Instance>,
    /// The loop bound (None: until every loop exits).
    pub bound: Option<u32>,
}

/// Checks `cert` against `prog` within `budget`.
pub fn check_unrolling(
    prog: &Program,
    cert: &UnrollingCertificate,
    budget: Option<Duration>,
) -> Result<CheckStats, CheckError> {
    let start = Instant::now();
    let refuted = |m: String| Err(CheckError::Refuted(m));
    match cert.instances.first() {
        Some(i) if i.thread == ThreadId(0) && i.creator.is_none() => {}
        _ => return refuted("the unrolling does not start with `main`".into()),
    }
    let mut claimed: HashMap<(usize, usize), ClaimKind> = HashMap::new();
    for c in &cert.claims {
        let ok = cert
            .instances
            .get(c.inst)
            .is_some_and(|i| c.step < i.steps.len());
        if !ok {
            return refuted(format!(
                "a claim names step {} of instance {}, which does not exist",
                c.step, c.inst
            ));
        }
        claimed.insert((c.inst, c.step), c.kind);
    }
    let mut cut_steps = 0u64;
    let mut back_steps = 0u64;
    let mut loops_cut = std::collections::BTreeSet::new();
    let mut loops_total = 0u64;
    let mut steps = 0u64;
    for (ii, inst) in cert.instances.iter().enumerate() {
        let Some(cfg) = prog.threads.get(inst.thread.0 as usize) else {
            return refuted(format!("instance {ii} runs an unknown thread"));
        };
        if ii > 0 && inst.creator.is_none_or(|c| c >= ii) {
            return refuted(format!(
                "instance {ii} ({}) was not created by an earlier instance",
                cfg.name
            ));
        }
        loops_total += cfg.loops.len() as u64;
        let loop_of: HashMap<EdgeId, u32> = cfg
            .loops
            .iter()
            .flat_map(|l| l.back_edges.iter().map(move |e| (*e, l.id)))
            .collect();
        // threads this instance must have created: (thread) -> count
        let mut must_create: HashMap<ThreadId, i64> = HashMap::new();
        for (si, st) in inst.steps.iter().enumerate() {
            steps += 1;
            let Some(e) = cfg.edges.get(st.edge.0 as usize) else {
                return refuted(format!(
                    "instance {ii} ({}) steps through an unknown edge",
                    cfg.name
                ));
            };
            let back = e.to <= e.from || loop_of.contains_key(&st.edge);
            if back {
                back_steps += 1;
            }
            let claim = claimed.get(&(ii, si)).copied();
            match claim {
                Some(ClaimKind::Cut) => {
                    if !back {
                        return refuted(format!(
                            "an unwinding assertion of instance {ii} ({}) is not on a back edge",
                            cfg.name
                        ));
                    }
                    cut_steps += 1;
                    loops_cut.insert((inst.thread, loop_of.get(&st.edge).copied()));
                }
                // a claim on any other edge only adds to the final query
                Some(ClaimKind::Error | ClaimKind::Unsupported) | None => {}
            }
            if claim.is_some() {
                continue;
            }
            if matches!(e.op, Op::Error(_)) || e.to == cfg.error {
                return refuted(format!(
                    "an error edge of instance {ii} ({}) is not in the final query",
                    cfg.name
                ));
            }
            if let Op::Call { func, args, .. } = &e.op {
                if func == "pthread_exit" {
                    continue;
                }
                if func == "pthread_create" {
                    for a in args {
                        if let CallArg::Thread(t) = a {
                            *must_create.entry(*t).or_default() += 1;
                        }
                    }
                }
            }
            if !st.followed && e.to != cfg.exit {
                return refuted(format!(
                    "the unrolling of instance {ii} ({}) stops after the edge at line {} without a \
                     claim{}",
                    cfg.name,
                    e.loc.line,
                    if back {
                        " (a back edge without an unwinding assertion)"
                    } else {
                        ""
                    }
                ));
            }
        }
        for other in cert.instances.iter().skip(1) {
            if other.creator == Some(ii) {
                *must_create.entry(other.thread).or_default() -= 1;
            }
        }
        if let Some((t, n)) = must_create.iter().find(|(_, n)| **n != 0) {
            let name = prog
                .threads
                .get(t.0 as usize)
                .map_or("?", |c| c.name.as_str());
            return refuted(format!(
                "instance {ii} ({}) creates {} {} instance(s) of `{name}` than the unrolling has",
                cfg.name,
                n.abs(),
                if *n > 0 { "more" } else { "fewer" }
            ));
        }
    }
    // the final query in a fresh context
    let mut ctx = Context::new();
    ctx.assert(Term::and(&cert.defs));
    let guards: Vec<Term> = cert.claims.iter().map(|c| c.guard).collect();
    ctx.assert(Term::or(&guards));
    let left = budget.map(|b| b.saturating_sub(start.elapsed()));
    match ctx.check_with_timeout(left) {
        SatResult::Unsat => {}
        SatResult::Sat => {
            return refuted(
                "the final query is satisfiable: a claim (error, unwinding assertion or \
                 unsupported edge) is reachable in the encoding"
                    .into(),
            )
        }
        SatResult::Unknown => {
            return Err(CheckError::Inconclusive(match ctx.error() {
                Some(e) => format!("the final query: {e}"),
                None => "the final query was not decided in time".into(),
            }))
        }
    }
    let mut stats = CheckStats {
        queries: 1,
        time: start.elapsed(),
        ..CheckStats::default()
    };
    stats.obligations.safety = cert.claims.len() as u64;
    stats.detail = Some(format!(
        "{} instances, {steps} steps covered, {back_steps} back-edge steps ({cut_steps} cut by \
         unwinding assertions in {} of {loops_total} loops), {} claims unreachable; unchecked: \
         the encoding of each step and of the memory model, the infeasibility of pruned edges",
        cert.instances.len(),
        loops_cut.len(),
        cert.claims.len()
    ));
    Ok(stats)
}
