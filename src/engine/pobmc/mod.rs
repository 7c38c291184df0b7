//! Partial-order BMC for threaded programs (fully preemptive schedulers, i.e. pthreads), after
//! Alglave, Kroening and Tautschnig, "Partial Orders for Efficient BMC of Concurrent Software"
//! (CAV 2013), under sequential consistency.
//!
//! Instead of enumerating interleavings, every thread instance is unrolled on its own
//! ([`unroll`]: guarded SSA with loop bounds, thread instances created by `pthread_create`
//! edges, shared accesses as guarded read/write events grouped into atomic *groups* with integer
//! clocks) and the threads are composed by [`order`]: read-from with its value constraints,
//! coherence and from-read as difference constraints over the clocks, program order as the
//! clock chain of each instance, create/join ordering, mutexes as memory locations. A model is
//! one consistent execution; sorting its groups by clock gives an interleaving ([`trace`]),
//! which the driver replays with the pthread scheduler (`sched::replay::replay_scheduled`).
//!
//! Engines (`--engine`): **bmc** unrolls once (bound `--unwind K`, else until every loop exits,
//! capped); SUCCESSFUL only when no unwinding assertion (cut back edge in any instance, before
//! `main` returns) is reachable, so a fully unwound program is proved. A reachable cut is
//! UNKNOWN (not FAILED: no interleaving trace ends at a cut). **falsify** / **incremental** /
//! **kinduction** iterate k = 1, 1+s, ... with unwinding assumptions; incremental and
//! kinduction answer SUCCESSFUL at the first k whose cuts are unreachable (kinduction has no
//! inductive step for threads here). Every primitive the engine does not model
//! ([`unroll`]'s list: condition variables, trylock, `pthread_exit`, ...) is an unsupported
//! edge: reachable → UNKNOWN with the reason.
//!
//! `main` returning ends the program (the pthread description's `main_return`): errors, cuts
//! and unsupported edges of other threads count only when their group's clock precedes every
//! group in which `main` reaches its exit.

/// The memory model partial-order BMC encodes (`--mm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MemoryModel {
    /// Sequential consistency: program order is kept.
    #[default]
    Sc,
    /// Total store order (x86-TSO): a write may become visible after later reads of other
    /// addresses (a FIFO store buffer per thread); a thread reads its own buffered writes.
    Tso,
    /// Partial store order (SPARC PSO): additionally writes to different addresses may become
    /// visible out of program order (one FIFO buffer per thread and address).
    Pso,
}

impl MemoryModel {
    pub fn name(self) -> &'static str {
        match self {
            MemoryModel::Sc => "sc",
            MemoryModel::Tso => "tso",
            MemoryModel::Pso => "pso",
        }
    }
}

pub(crate) mod barrier;
pub(crate) mod main_only;
pub(crate) mod order;
pub(crate) mod trace;
pub(crate) mod unroll;

use crate::check::unrolling::{self as cert_u, UnrollingCertificate};
use crate::engine::common::Budget;
use crate::engine::{EngineKind, VerifyOptions};
use crate::ir::Program;
use crate::sched::Policy;
use crate::smt::{self, Context, Model, SatResult, Semantics, Term};
use crate::verdict::{Outcome, Stats, Verdict};
use unroll::{Builder, PClaim, Structure};

/// The unrolling cap under `--engine auto` (the dev-set tasks this engine decides need a few
/// hundred symbolic steps).
const AUTO_MAX_VISITS: usize = 20_000;

/// Runs partial-order BMC (`kind`: bmc, falsify, incremental or kinduction) on a threaded program.
pub fn verify(prog: &Program, opts: &VerifyOptions, kind: EngineKind) -> Outcome {
    let budget = Budget::new(opts);
    let meter = crate::engine::common::Meter::start();
    let mut stats = Stats::default();
    let mut cert = None;
    let verdict = match crate::engine::esst::spec_for(prog, opts) {
        Err(m) => unknown(m),
        Ok(spec) if spec.policy != Policy::FullyPreemptive => unknown(format!(
            "partial-order BMC handles fully preemptive schedulers (pthreads) only, not `{}` \
             (use --engine esst)",
            spec.name
        )),
        Ok(spec) => {
            let mut r = Runner {
                prog,
                opts,
                spec: &spec,
                budget: &budget,
                visits: 0,
                k: None,
                cert: None,
            };
            let v = r.run(kind);
            stats.k = r.k;
            stats.nodes = r.visits;
            cert = r.cert.take();
            v
        }
    };
    meter.finish(&mut stats);
    let mut out = Outcome::new(verdict, stats);
    if matches!(out.verdict, Verdict::Safe { .. }) {
        out.certificate = cert.map(|c| {
            Box::new(crate::check::Certificate {
                engine: "partial-order BMC",
                sem: crate::engine::start_semantics(prog, opts, Semantics::BitVector),
                labels: crate::check::Labels::Unrolling(Box::new(c)),
                k: 1,
                exhaustive: false,
            })
        });
    }
    out
}

struct Runner<'a> {
    prog: &'a Program,
    opts: &'a VerifyOptions,
    spec: &'a crate::sched::SchedulerSpec,
    budget: &'a Budget,
    visits: u64,
    k: Option<u32>,
    /// The certificate of the last bound whose claims were all unreachable.
    cert: Option<UnrollingCertificate>,
}

/// What one bound found.
enum Found {
    Verdict(Verdict),
    Clean {
        cuts_reachable: bool,
        unsupported: Option<String>,
    },
}

enum Q {
    Sat(Model),
    Unsat,
    Unknown,
}

impl Runner<'_> {
    fn sem(&self) -> Semantics {
        crate::engine::start_semantics(self.prog, self.opts, Semantics::BitVector)
    }

    fn safe(&self) -> Verdict {
        Verdict::Safe {
            note: self
                .opts
                .int_math
                .then(|| "assuming no integer overflow (--int-math)".to_string()),
        }
    }

    fn run(&mut self, kind: EngineKind) -> Verdict {
        match kind {
            EngineKind::Bmc => {
                if !self.opts.unwindset.is_empty() {
                    return unknown(
                        "--unwindset is not supported by partial-order BMC (use --unwind)".into(),
                    );
                }
                self.k = self.opts.unwind;
                let assert_cuts = self.opts.unwinding_assertions && !self.opts.partial_loops;
                match self.bound(self.opts.unwind, assert_cuts, true) {
                    Found::Verdict(v) => v,
                    Found::Clean {
                        cuts_reachable,
                        unsupported,
                    } => match unsupported {
                        Some(r) => unknown(r),
                        None if cuts_reachable => unknown(format!(
                            "no violation up to unwind {} (unwinding assertions disabled)",
                            self.opts.unwind.unwrap_or(0)
                        )),
                        None => self.safe(),
                    },
                }
            }
            _ => {
                let step = self.opts.k_step.max(1);
                let max = if self.opts.unlimited_k_steps {
                    u32::MAX
                } else {
                    self.opts.max_k_step.max(1)
                };
                let mut k = 1u32;
                let mut steps = 0u32;
                loop {
                    if let Some(r) = self.budget.exhausted() {
                        return Verdict::Unknown(r);
                    }
                    self.k = Some(k);
                    match self.bound(Some(k), false, kind != EngineKind::Falsify) {
                        Found::Verdict(v) => return v,
                        Found::Clean {
                            cuts_reachable,
                            unsupported,
                        } => {
                            if !cuts_reachable {
                                return match unsupported {
                                    Some(r) => unknown(r),
                                    None if kind == EngineKind::Falsify => unknown(format!(
                                        "no violation (all loops unwound at k = {k})"
                                    )),
                                    None => self.safe(),
                                };
                            }
                        }
                    }
                    steps += 1;
                    if steps >= max {
                        return unknown(format!("no violation up to k = {k}"));
                    }
                    k = k.saturating_add(step);
                }
            }
        }
    }

    fn query(&self, ctx: &mut Context, t: Term) -> Q {
        if t.is_false() {
            return Q::Unsat;
        }
        ctx.push();
        ctx.assert(t);
        let r = match ctx.check_with_timeout(self.budget.deadline.remaining()) {
            SatResult::Sat => match ctx.model() {
                Some(m) => Q::Sat(m),
                None => Q::Unknown,
            },
            SatResult::Unsat => Q::Unsat,
            SatResult::Unknown => Q::Unknown,
        };
        ctx.pop();
        r
    }

    fn solver_unknown(&self, ctx: &Context) -> Verdict {
        if self.budget.deadline.expired() {
            Verdict::Unknown(crate::verdict::UnknownReason::timeout())
        } else {
            unknown(crate::engine::common::solver_detail(ctx))
        }
    }

    /// The guard of a claim restricted to executions in which `main` has not returned before
    /// the claim's group, and no other thread stopped at a cut back edge before it (the
    /// unwinding assertions account for those; the clocks of a model can always be chosen
    /// pairwise distinct, so excluding equal clocks loses no execution).
    ///
    /// A thread that blocks for ever (`abort()` or a failing assumption, lowered as `assume`)
    /// excludes nothing: a blocking assumption is a preemption point, so the thread may be
    /// stopped there after its last visible step while the others run on (ESST's semantics,
    /// `sched::policy::is_blocking_assume`). Excluding claims after the death's group made
    /// `flag = 1; if (!ready) abort();` hide another thread's `flag == 1`: a wrong SUCCESSFUL.
    fn effective(s: &Structure, c: &PClaim) -> Term {
        let mut before: Vec<Term> = Vec::new();
        if c.inst != 0 {
            before.extend(
                s.instances[0]
                    .exits
                    .iter()
                    .map(|&(g, ck)| g.and2(ck.le(c.clock))),
            );
        }
        // a cut back edge stops its thread between preemption points as well
        before.extend(
            s.cuts
                .iter()
                .filter(|d| d.inst != c.inst)
                .map(|d| d.guard.and2(d.clock.le(c.clock))),
        );
        c.guard.and2(Term::or(&before).not())
    }

    /// Builds and checks the event structure for bound `k`: errors, then (when `assert_cuts`)
    /// unwinding assertions, then unsupported edges, then (when `check_cuts`) cut reachability.
    fn bound(&mut self, k: Option<u32>, assert_cuts: bool, check_cuts: bool) -> Found {
        let sem = self.sem();
        let enc = smt::Encoder::new(sem);
        let mut b = Builder::new(self.prog, self.spec, sem, self.opts.mm);
        b.max_instances = self.opts.max_threads;
        if self.opts.auto {
            // `--engine auto` tries this engine first: a spin loop must give up early, its
            // terms slow down ESST (which runs next in the same Yices instance)
            b.max_visits = AUTO_MAX_VISITS;
        }
        b.build(k, self.budget);
        self.visits += b.s.visits;
        crate::report::progress::PROGRESS.bound(self.visits, self.k);
        if let Some(r) = b.s.aborted.take() {
            return Found::Verdict(unknown(r));
        }
        let extra = order::constrain(&mut b.s, self.prog, &enc, self.opts.mm);
        for (inst, tedge, guard, clock, reason) in extra {
            b.s.unsupported.push(PClaim {
                inst,
                tedge,
                guard,
                clock,
                loop_idx: 0,
                reason,
            });
        }
        let s = &b.s;
        let mut ctx = Context::new();
        ctx.assert(Term::and(&s.defs));
        let eff =
            |cs: &[PClaim]| -> Vec<Term> { cs.iter().map(|c| Self::effective(s, c)).collect() };
        let first_true = |m: &Model, cs: &[PClaim], gs: &[Term]| -> Option<usize> {
            (0..cs.len()).find(|&i| crate::engine::bmc::trace::eval_bool(m, gs[i]))
        };
        // 1. errors
        let eg = eff(&s.errors);
        match self.query(&mut ctx, Term::or(&eg)) {
            Q::Sat(m) => {
                if s.approximated {
                    return Found::Verdict(unknown(
                        "possible violation found under approximated integer semantics \
                         (--int-math)"
                            .into(),
                    ));
                }
                return Found::Verdict(match first_true(&m, &s.errors, &eg) {
                    Some(i) => trace::counterexample(&m, &enc, self.prog, s, &s.errors[i]),
                    None => unknown("internal error: no error edge in the model".to_string()),
                });
            }
            Q::Unknown => return Found::Verdict(self.solver_unknown(&ctx)),
            Q::Unsat => {}
        }
        // 2. unwinding assertions
        let cg = eff(&s.cuts);
        let mut cuts_reachable = None;
        if assert_cuts {
            match self.query(&mut ctx, Term::or(&cg)) {
                Q::Sat(m) => {
                    let what = match first_true(&m, &s.cuts, &cg) {
                        Some(i) => {
                            let c = &s.cuts[i];
                            let inst = &s.instances[c.inst];
                            let l = &inst.loops.loops[c.loop_idx];
                            format!("loop {} in {}", l.id, self.prog.thread(inst.entry).name)
                        }
                        None => "a loop".into(),
                    };
                    return Found::Verdict(unknown(format!(
                        "unwinding assertion fails: {what} needs more than {} iterations \
                         (increase --unwind)",
                        k.map_or("the cap of".to_string(), |k| k.to_string())
                    )));
                }
                Q::Unknown => return Found::Verdict(self.solver_unknown(&ctx)),
                Q::Unsat => cuts_reachable = Some(false),
            }
        }
        // 3. unsupported constructs
        let ug = eff(&s.unsupported);
        let unsupported = match self.query(&mut ctx, Term::or(&ug)) {
            Q::Sat(m) => Some(
                first_true(&m, &s.unsupported, &ug)
                    .map(|i| format!("unsupported: {}", s.unsupported[i].reason))
                    .unwrap_or_else(|| "unsupported construct".into()),
            ),
            Q::Unknown => return Found::Verdict(self.solver_unknown(&ctx)),
            Q::Unsat => None,
        };
        // 4. cut reachability
        let cuts_reachable = match cuts_reachable {
            Some(b) => b,
            None if !check_cuts => true,
            None => match self.query(&mut ctx, Term::or(&cg)) {
                Q::Sat(_) => true,
                Q::Unsat => false,
                Q::Unknown => return Found::Verdict(self.solver_unknown(&ctx)),
            },
        };
        if !cuts_reachable && unsupported.is_none() {
            self.cert = Some(Self::certificate(
                s,
                k,
                &[(&s.errors, &eg), (&s.cuts, &cg), (&s.unsupported, &ug)],
            ));
        }
        Found::Clean {
            cuts_reachable,
            unsupported,
        }
    }

    /// The certificate of a bound in which no claim is reachable (`check::unrolling`): the
    /// encoding, the claims with their effective guards, and every instance's steps.
    fn certificate(
        s: &Structure,
        k: Option<u32>,
        claims: &[(&Vec<PClaim>, &Vec<Term>); 3],
    ) -> UnrollingCertificate {
        let kinds = [
            cert_u::ClaimKind::Error,
            cert_u::ClaimKind::Cut,
            cert_u::ClaimKind::Unsupported,
        ];
        let mut out = Vec::new();
        for ((cs, gs), kind) in claims.iter().zip(kinds) {
            for (c, g) in cs.iter().zip(gs.iter()) {
                out.push(cert_u::Claim {
                    kind,
                    inst: c.inst,
                    step: c.tedge,
                    guard: *g,
                });
            }
        }
        UnrollingCertificate {
            defs: s.defs.clone(),
            claims: out,
            instances: s
                .instances
                .iter()
                .enumerate()
                .map(|(i, inst)| cert_u::Instance {
                    thread: inst.entry,
                    creator: (i > 0).then_some(inst.creator),
                    steps: inst
                        .edges
                        .iter()
                        .map(|e| cert_u::Step {
                            edge: e.edge,
                            followed: e.target.is_some(),
                        })
                        .collect(),
                })
                .collect(),
            bound: k,
        }
    }
}

/// An UNKNOWN verdict from this engine's text, typed by its prefix ([`UnknownReason::classify`]).
pub(crate) fn unknown(text: String) -> Verdict {
    Verdict::Unknown(crate::verdict::UnknownReason::classify(text))
}

#[cfg(test)]
mod tests;
