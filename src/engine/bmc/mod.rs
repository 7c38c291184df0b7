//! Bounded model checking, falsification, incremental BMC and k-induction.
//!
//! Entry point: [`verify`]. The symbolic executor ([`symex`]) turns the main CFG into guarded
//! Yices terms (bit-precise by default, mathematical integers with `--int-math`); the engines
//! differ only in which bound they unroll to and which queries they ask:
//!
//! - **bmc** (`--unwind K`, per-loop `--unwindset`): one unrolling; a loop head is visited at most
//!   K times per entry into the loop (CBMC's convention: `for (i = 0; i < 10; i++)` needs K = 11,
//!   a do-while with 10 iterations needs K = 10). The back edge that would start visit K+1 is
//!   *cut*: by default an unwinding assertion (its guard must be unsatisfiable, else FAILED with
//!   an `UnwindingAssertion` trace ending with that back edge); with
//!   `--no-unwinding-assertions` the cut is an assumption; with `--partial-loops` the path just
//!   stops there (which, in this IR, is the same as assuming — no spurious paths are added).
//!   SUCCESSFUL requires that no cut is reachable: with assertions that is the unwinding
//!   assertion check; without them the engine still asks whether a cut is reachable and answers
//!   UNKNOWN ("no violation up to unwind K (unwinding assertions disabled)") if so — unlike
//!   ESBMC, which prints VERIFICATION SUCCESSFUL. Without `--unwind`, loops are unrolled until
//!   every path leaves them (as ESBMC without a bound), capped at [`symex::MAX_VISITS`] steps.
//! - **falsify**: k = 1, 1+s, 1+2s, ... (`--k-step s`, up to `--max-k-step`, or unlimited) with
//!   unwinding assumptions; the first violation is reported (the shortest in k for s = 1).
//!   Never SUCCESSFUL.
//! - **incremental**: as falsify, and after each bug-free k asks whether a cut is reachable;
//!   if not, all loops were fully unrolled: SUCCESSFUL.
//! - **kinduction**: at each k the base case (BMC with bound k and unwinding assumptions: a
//!   violation is a real bug), the forward condition (no cut reachable: SUCCESSFUL), then the
//!   inductive step I(k) of [`kind`]: from an arbitrary cut-point state, k-1 blocks without
//!   a bad edge, then a bad edge in block k. Unsatisfiable: SUCCESSFUL.
//!
//! ## Soundness of the k-induction answer
//! Let an execution reach a bad edge (error, or an unsupported construct) after n arrivals at
//! cut points (loop heads). Every arrival at a head is counted by the unroller (a loop's counter
//! is reset only by a forward edge into its head and otherwise only merged by `min`), so the
//! counter a state carries never exceeds the number of arrivals at that head, which is at most
//! n. With bound k a back edge is cut only when the counter would reach k; hence the base case
//! with bound k contains every execution with n <= k-1, and as it is checked first (errors, then
//! unsupported edges), a SUCCESSFUL answer can only come from an execution with n >= k. Its
//! last k blocks start at the (n-k+1)-th arrival, a reachable cut-point state, which satisfies
//! every fact the inductive step assumes there: the interval invariant of that cut point (a
//! sound over-approximation of all reachable states there, computed under the same semantics
//! and re-assumed at every later cut point of the chain, which are reachable too), the
//! candidate invariants that survived [`houdini`] (which hold at every arrival of a bad-free
//! execution at a cut point, proven by initiation and consecution; see that module), and, for
//! variables written on no edge reachable from a cut point, equality with the values at the
//! end of the execution's own prologue. The k-1 blocks before the last are bad-free (the first
//! bad edge ends the execution) and the last takes a bad edge, so the execution's suffix is a
//! model of I(k). Contrapositive: I(k) unsatisfiable and base case clean ⇒ no execution reaches
//! a bad edge ⇒ SUCCESSFUL (and no unsupported construct was reachable, so the answer does not
//! depend on its unknown semantics). The forward condition is sound because an unrolling with
//! no reachable cut contains every execution. Integer semantics may over-approximate
//! (`Encoder::approximated`): proofs stay sound; a violation found under approximation is
//! reported as UNKNOWN.
//!
//! One solver context is used across all k: the base case and forward condition of each k in
//! a push/pop scope, the inductive chain at level 0 (extended by one block per k, all its
//! constraints under an activation literal).

pub(crate) mod candidates;
pub(crate) mod houdini;
pub(crate) mod kind;
pub(crate) mod symex;
pub(crate) mod trace;

#[cfg(test)]
mod tests;

use crate::abs::interval::analyze_mode;
use crate::engine::{Deadline, EngineKind, VerifyOptions};
use crate::ir::semantics::IntSemantics;
use crate::ir::{Expr, LocId, Op, Program};
use crate::smt::{Context, Model, SatResult, Semantics, Term};
use crate::verdict::{Counterexample, Outcome, Stats, UnknownReason, Verdict, Violation};
use std::collections::HashMap;
use symex::{Claim, Symex, Unrolling};

pub(crate) use crate::engine::common::Budget;

const INT_MATH_NOTE: &str = "assuming no integer overflow (--int-math)";

/// Runs one of the BMC-family engines on the main thread of `prog`.
pub fn verify(prog: &Program, opts: &VerifyOptions, kind: EngineKind) -> Outcome {
    let budget = Budget::new(opts);
    let meter = crate::engine::common::Meter::start();
    let mut stats = Stats::default();
    if prog.is_concurrent() {
        return crate::engine::pobmc::verify(prog, opts, kind);
    }
    let mut certificate = None;
    let verdict = if prog.threads.is_empty() {
        Verdict::unknown_other("the program has no main thread")
    } else {
        let mut r = Runner::new(prog, opts, budget);
        let v = match kind {
            EngineKind::Bmc => r.bmc(),
            EngineKind::Falsify => r.iterative(Iter::Falsify),
            EngineKind::Incremental => r.iterative(Iter::Incremental),
            EngineKind::Kinduction => r.iterative(Iter::Kinduction),
            EngineKind::Predabs => Verdict::unknown_other("predabs is not a BMC engine"),
            EngineKind::Esst => Verdict::unknown_other("esst is not a BMC engine"),
        };
        stats.k = r.k;
        stats.nodes = r.visits;
        if matches!(v, Verdict::Safe { .. }) {
            certificate = r.certificate.take().map(Box::new);
        }
        v
    };
    meter.finish(&mut stats);
    Outcome {
        verdict,
        stats,
        certificate,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Iter {
    Falsify,
    Incremental,
    Kinduction,
}

/// The answer of one query.
enum Q {
    Sat(Model),
    Unsat,
    Unknown,
}

struct Runner<'p> {
    prog: &'p Program,
    opts: &'p VerifyOptions,
    sx: Symex<'p>,
    ctx: Context,
    budget: Budget,
    k: Option<u32>,
    visits: u64,
    /// The proof of a SUCCESSFUL k-induction answer, for `crate::check`.
    certificate: Option<crate::check::Certificate>,
}

/// What a base-case / BMC unrolling found.
enum Found {
    Verdict(Verdict),
    /// No violation; `cuts_reachable` tells whether some cut back edge is reachable, `unsup` the
    /// reason of a reachable unsupported edge.
    Clean {
        cuts_reachable: bool,
        unsup: Option<String>,
        /// The unrolling cut no back edge at all (syntactically complete).
        no_cuts: bool,
    },
}

impl<'p> Runner<'p> {
    fn new(prog: &'p Program, opts: &'p VerifyOptions, budget: Budget) -> Self {
        let sem = crate::engine::start_semantics(prog, opts, Semantics::BitVector);
        Runner {
            prog,
            opts,
            sx: Symex::new(prog, prog.main(), sem),
            ctx: Context::new(),
            budget,
            k: None,
            visits: 0,
            certificate: None,
        }
    }

    /// SUCCESSFUL because the unrolling contains every execution: the certificate asks the
    /// checker to follow every execution to its end.
    fn safe_unrolled(&mut self) -> Verdict {
        self.certificate = Some(crate::check::Certificate {
            engine: "bmc",
            sem: self.sx.enc.sem,
            labels: crate::check::Labels::Exprs(Vec::new()),
            k: 1,
            exhaustive: true,
        });
        self.safe()
    }

    fn safe(&self) -> Verdict {
        Verdict::Safe {
            note: self.opts.int_math.then(|| INT_MATH_NOTE.to_string()),
        }
    }

    /// Bounds per loop index: `k` for every loop (or unbounded), overridden by `--unwindset`
    /// when `use_unwindset`.
    fn bounds(&self, k: Option<u32>, use_unwindset: bool) -> Vec<u32> {
        self.sx
            .loops
            .loops
            .iter()
            .map(|l| {
                let over = use_unwindset
                    .then(|| {
                        self.opts
                            .unwindset
                            .iter()
                            .rev()
                            .find(|(id, _)| *id == l.id)
                            .map(|(_, b)| *b)
                    })
                    .flatten();
                over.or(k).unwrap_or(u32::MAX)
            })
            .collect()
    }

    /// Checks whether `t` is satisfiable together with the context's assertions, in a push/pop
    /// scope. (Not `check_assuming`: in Yices 2.6.4 a check with assumptions makes later
    /// assertions ineffective — SRI-CSL/yices2#433 — which we reproduced.)
    fn query(&mut self, t: Term) -> Q {
        self.query_all(&[t])
    }

    fn query_all(&mut self, ts: &[Term]) -> Q {
        if ts.iter().any(|t| t.is_false()) {
            return Q::Unsat;
        }
        self.ctx.push();
        for t in ts {
            self.ctx.assert(*t);
        }
        let r = match self
            .ctx
            .check_with_timeout(self.budget.deadline.remaining())
        {
            SatResult::Sat => match self.ctx.model() {
                Some(m) => Q::Sat(m),
                None => Q::Unknown,
            },
            SatResult::Unsat => Q::Unsat,
            SatResult::Unknown => Q::Unknown,
        };
        self.ctx.pop();
        r
    }

    fn solver_unknown(&self) -> Verdict {
        if self.budget.deadline.expired() {
            Verdict::Unknown(UnknownReason::timeout())
        } else {
            Verdict::Unknown(UnknownReason::solver(crate::engine::common::solver_detail(
                &self.ctx,
            )))
        }
    }

    /// The first claim whose guard is true in the model.
    fn true_claim<'a>(m: &Model, claims: &'a [Claim]) -> Option<&'a Claim> {
        claims.iter().find(|c| trace::eval_bool(m, c.guard))
    }

    fn counterexample(&self, m: &Model, u: &Unrolling, claim: &Claim, cut: bool) -> Verdict {
        let cfg = self.sx.cfg;
        let Some(steps) = trace::rebuild(m, &self.sx.enc, u, &self.prog.vars, claim.inst) else {
            return Verdict::Unknown(UnknownReason::internal(
                "internal error: the counterexample path could not be rebuilt from the model",
            ));
        };
        let edge = cfg.edge(u.insts[claim.inst].edge);
        let violation = if cut {
            let l = &self.sx.loops.loops[claim.loop_idx];
            Violation::UnwindingAssertion {
                loop_id: l.id,
                loc: l.loc,
            }
        } else {
            let description = match &edge.op {
                Op::Error(k) => trace::describe(k),
                _ => "error".into(),
            };
            Violation::Property {
                description,
                loc: edge.loc,
            }
        };
        Verdict::Unsafe(Counterexample { violation, steps })
    }

    /// Unrolls with `bounds` and runs the queries in a push/pop scope: errors, then (when
    /// `assert_cuts`) unwinding assertions, then unsupported edges, then (when `check_cuts`)
    /// whether a cut is reachable.
    fn run_unrolling(&mut self, bounds: &[u32], assert_cuts: bool, check_cuts: bool) -> Found {
        let u = self.sx.unroll(bounds, &self.budget);
        self.visits += u.visits.len() as u64;
        crate::report::progress::PROGRESS.bound(self.visits, self.k);
        if let Some(r) = &u.aborted {
            return Found::Verdict(Verdict::Unknown(r.clone()));
        }
        self.ctx.push();
        self.ctx.assert(Term::and(&u.defs));
        let r = self.queries(&u, assert_cuts, check_cuts);
        self.ctx.pop();
        r
    }

    fn queries(&mut self, u: &Unrolling, assert_cuts: bool, check_cuts: bool) -> Found {
        let approx_unknown = || {
            Found::Verdict(Verdict::Unknown(UnknownReason::no_progress(
                "possible violation found under approximated integer semantics (--int-math)",
            )))
        };
        // 1. Property violations.
        let errs = Term::or(&u.errors.iter().map(|c| c.guard).collect::<Vec<_>>());
        match self.query(errs) {
            Q::Sat(m) => {
                if u.approximated {
                    return approx_unknown();
                }
                return Found::Verdict(match Self::true_claim(&m, &u.errors) {
                    Some(c) => self.counterexample(&m, u, c, false),
                    None => Verdict::Unknown(UnknownReason::internal(
                        "internal error: no error edge in the model",
                    )),
                });
            }
            Q::Unknown => return Found::Verdict(self.solver_unknown()),
            Q::Unsat => {}
        }
        let cuts = Term::or(&u.cuts.iter().map(|c| c.guard).collect::<Vec<_>>());
        // 2. Unwinding assertions.
        let mut cuts_reachable = None;
        if assert_cuts {
            match self.query(cuts) {
                Q::Sat(m) => {
                    if u.approximated {
                        return approx_unknown();
                    }
                    return Found::Verdict(match Self::true_claim(&m, &u.cuts) {
                        Some(c) => self.counterexample(&m, u, c, true),
                        None => Verdict::Unknown(UnknownReason::internal(
                            "internal error: no cut in the model",
                        )),
                    });
                }
                Q::Unknown => return Found::Verdict(self.solver_unknown()),
                Q::Unsat => cuts_reachable = Some(false),
            }
        }
        // 3. Unsupported constructs.
        let uns = Term::or(&u.unsupported.iter().map(|c| c.guard).collect::<Vec<_>>());
        let unsup = match self.query(uns) {
            Q::Sat(m) => {
                let reason = Self::true_claim(&m, &u.unsupported)
                    .map(|c| match &self.sx.cfg.edge(u.insts[c.inst].edge).op {
                        Op::Unsupported(r) => r.clone(),
                        _ => "?".into(),
                    })
                    .unwrap_or_else(|| "?".into());
                Some(reason)
            }
            Q::Unknown => return Found::Verdict(self.solver_unknown()),
            Q::Unsat => None,
        };
        // 4. Reachability of the cuts.
        let cuts_reachable = match cuts_reachable {
            Some(b) => b,
            None if !check_cuts => true,
            None => match self.query(cuts) {
                Q::Sat(_) => true,
                Q::Unsat => false,
                Q::Unknown => return Found::Verdict(self.solver_unknown()),
            },
        };
        Found::Clean {
            cuts_reachable,
            unsup,
            no_cuts: u.cuts.is_empty(),
        }
    }

    fn bmc(&mut self) -> Verdict {
        self.k = self.opts.unwind;
        let bounds = self.bounds(self.opts.unwind, true);
        let assert_cuts = self.opts.unwinding_assertions && !self.opts.partial_loops;
        match self.run_unrolling(&bounds, assert_cuts, true) {
            Found::Verdict(v) => v,
            Found::Clean { unsup: Some(r), .. } => {
                Verdict::Unknown(UnknownReason::unsupported(format!("unsupported: {r}")))
            }
            Found::Clean {
                cuts_reachable: true,
                ..
            } => Verdict::Unknown(UnknownReason::bound(format!(
                "no violation up to unwind {} (unwinding assertions disabled)",
                self.opts
                    .unwind
                    .map_or_else(|| "bound".to_string(), |k| k.to_string())
            ))),
            Found::Clean { .. } => self.safe_unrolled(),
        }
    }

    fn iterative(&mut self, mode: Iter) -> Verdict {
        let step = self.opts.k_step.max(1);
        let max = if self.opts.unlimited_k_steps {
            u32::MAX
        } else {
            self.opts.max_k_step.max(1)
        };
        let mut induction: Option<kind::Induction> = None;
        let mut facts: HashMap<LocId, Vec<Expr>> = HashMap::new();
        let mut induction_ready = false;
        let mut unsupported: Option<String> = None;
        let mut k = 1u32;
        loop {
            if let Some(r) = self.budget.exhausted() {
                return Verdict::Unknown(r);
            }
            self.k = Some(k);
            let bounds = self.bounds(Some(k), false);
            let check_cuts = mode != Iter::Falsify && unsupported.is_none();
            match self.run_unrolling(&bounds, false, check_cuts) {
                Found::Verdict(v) => return v,
                Found::Clean {
                    cuts_reachable,
                    unsup,
                    no_cuts,
                } => {
                    if unsupported.is_none() {
                        unsupported = unsup;
                    }
                    let fully_unrolled = no_cuts || !cuts_reachable;
                    if mode == Iter::Falsify || unsupported.is_some() {
                        if fully_unrolled {
                            return self.exhausted_answer(mode, k, &unsupported, true);
                        }
                    } else if fully_unrolled {
                        return self.safe_unrolled();
                    }
                }
            }
            // Inductive step.
            if mode == Iter::Kinduction && unsupported.is_none() {
                if !induction_ready {
                    induction_ready = true;
                    let inv = if self.opts.strengthening {
                        self.strengthening()
                    } else {
                        HashMap::new()
                    };
                    facts = inv.clone();
                    induction = kind::Induction::new(&mut self.sx, &mut self.ctx, inv);
                }
                if let Some(ind) = induction.as_mut() {
                    let bad = ind.extend_to(&mut self.sx, &mut self.ctx, k);
                    let act = ind.act;
                    let proved = bad.is_false() || matches!(self.query_all(&[act, bad]), Q::Unsat);
                    if proved {
                        let mut at: Vec<(LocId, Vec<Expr>)> = facts.into_iter().collect();
                        at.sort_by_key(|(l, _)| *l);
                        self.certificate = Some(crate::check::Certificate {
                            engine: "kinduction",
                            sem: self.sx.enc.sem,
                            labels: crate::check::Labels::Exprs(at),
                            k,
                            exhaustive: false,
                        });
                        return self.safe();
                    }
                }
            }
            if k >= max {
                return self.exhausted_answer(mode, k, &unsupported, false);
            }
            k = k.saturating_add(step).min(max);
        }
    }

    /// The proven facts per cut point for the inductive step: the interval invariant and the
    /// candidate invariants ([`candidates`]) that survive [`houdini`].
    fn strengthening(&mut self) -> HashMap<LocId, Vec<Expr>> {
        let m = IntSemantics::from_int_math(self.opts.int_math);
        let itv = analyze_mode(self.sx.cfg, &self.prog.vars, m);
        let (cuts, cutset) = kind::cut_points(&self.sx);
        let base: HashMap<LocId, Expr> = cuts.iter().map(|c| (*c, itv.to_expr(*c))).collect();
        let t0 = std::time::Instant::now();
        let cands = candidates::generate(self.prog, self.sx.cfg, &cuts, self.opts.int_math, {
            let mut l = candidates::Limits::default();
            if let Some(v) = std::env::var("SCHEDMC_HOUDINI_PER_CUT")
                .ok()
                .and_then(|v| v.parse().ok())
            {
                l.per_cut = v;
            }
            if let Some(v) = std::env::var("SCHEDMC_HOUDINI_GUARD_VALUES")
                .ok()
                .and_then(|v| v.parse().ok())
            {
                l.guard_values = v;
            }
            l
        });
        let t1 = t0.elapsed();
        // Houdini gets a quarter of the remaining time, so that the base cases (which find
        // bugs) still run when it cannot finish; giving up only means no candidate is used.
        let hd = Deadline::new(self.budget.deadline.remaining().map(|r| r / 4));
        let (kept, st) = houdini::houdini(
            &mut self.sx,
            &mut self.ctx,
            &cuts,
            &cutset,
            &base,
            cands,
            &hd,
        );
        if std::env::var_os("SCHEDMC_DEBUG_HOUDINI").is_some() {
            eprintln!(
                "houdini: generated in {:.2?}, checked in {:.2?}: {} candidates, {} dropped by initiation, {} by consecution, {} rounds, {}",
                t1,
                t0.elapsed() - t1,
                st.candidates,
                st.dropped_initiation,
                st.dropped_consecution,
                st.rounds,
                match &kept {
                    Some(k) => format!("{} kept", k.len()),
                    None => "gave up".into(),
                }
            );
        }
        let mut inv: HashMap<LocId, Vec<Expr>> =
            base.into_iter().map(|(c, e)| (c, vec![e])).collect();
        for c in kept.unwrap_or_default() {
            inv.entry(c.loc).or_default().push(c.expr);
        }
        inv
    }

    fn exhausted_answer(
        &self,
        mode: Iter,
        k: u32,
        unsupported: &Option<String>,
        complete: bool,
    ) -> Verdict {
        if let Some(r) = unsupported {
            return Verdict::Unknown(UnknownReason::unsupported(format!("unsupported: {r}")));
        }
        Verdict::Unknown(UnknownReason::bound(match (mode, complete) {
            (Iter::Falsify, true) => format!(
                "no counterexample: all loops fully unrolled at k = {k} (falsification does not prove)"
            ),
            (Iter::Falsify, false) => format!("no counterexample up to k = {k}"),
            (Iter::Incremental, _) => format!("no counterexample and loops not fully unrolled up to k = {k}"),
            (Iter::Kinduction, _) => format!("k-induction: no proof and no counterexample up to k = {k}"),
        }))
    }
}
