//! ESST: explicit-scheduler, symbolic-thread model checking of threaded programs
//! (`--engine esst`, and every program that creates threads).
//!
//! # Design
//!
//! **ARF.** An ARF node is (one CFG location per thread instance, the data regions, the
//! explicit scheduler state 𝕊 of `crate::sched`, a "just scheduled" flag). Thread instances
//! are created by spawn primitives and recorded by the scheduler state; instance `i` executes
//! the CFG of its entry with its own copy of every `Scope::Local` variable: variables are keyed
//! by `(VarId, instance)` ([`VKey`]; globals use [`GLOBAL`]). Nodes live in a `Vec` arena (the
//! ARF is rebuilt from the root after each refinement, so nodes are never removed).
//!
//! **Regions and precision placement** (seed section 4.1, `--precision-placement`). A node has
//! the global region φ (over the precision π) and one thread region φ_i per instance (over
//! π_{T_i} ∪ π_{(i,l_i)}, its thread precision and the precision of its current location).
//! A predicate learned by refinement is placed by its free variables (`Esst::home`): over
//! the locals of one instance `i` (and globals) it goes to π_{(i,l)} (`location`) or
//! π_{T_i} (`thread`, the default: fewer refinements than `location` on the SV-COMP tasks), where `l` is `i`'s location at the interpolant's state; a predicate
//! over `i`'s locals *and* globals learned after another thread's step goes to π (that step
//! would havoc it at once); predicates over globals only or over several instances, and every
//! predicate under `global`, go to π. When a refinement adds nothing new (the thread regions
//! lost the predicates to havoc), its predicates are added to π. A predicate learned for
//! instance `i` of an entry is also instantiated for every other instance of the same entry
//! seen so far (sound: adding predicates only refines). Abstraction is Cartesian, switched to
//! Boolean (all-SAT) when a refinement finds no new predicate at all.
//!
//! **Post (E2/E3).** For a step of the running thread `i` (and the instances whose locals the
//! step writes: a spawned thread's parameter, a restarted handler), φ' and φ'_i are the abstract
//! post of φ ∧ φ_i (∧ φ_j of the spawned instance) over their precisions at the new locations;
//! every other region φ_j is `SP_havoc(op)`: its literals over variables the step writes are
//! dropped (E2.2), without a solver call. Literals over unwritten variables are copied.
//!
//! **Expansion.** E1/E2: the running thread takes one CFG edge; the abstract post is computed
//! by the solver over canonical constants (one per `VKey`) and fresh post constants.
//! E3: calls that bind to the scheduler description (`sched::Binder`) run through
//! `sched::sexec` (constant arguments only; otherwise the edge is a *blocker*, see below);
//! unbound calls are externals (result and `may_write` cells become nondeterministic).
//! Queue items are copied by value: the scheduler state makes each send/receive's slot
//! concrete, and slot `s` of queue `q` is a ghost global cell (`Ghosts`, appended after the
//! program's variables; a run restarts once per queue when its first copy needs them), so a
//! send is `slot := *item` and a receive `*item := slot` (the item pointer resolved to a scalar
//! cell of the running thread or a global of exactly the item size; anything else is a blocker).
//! E4: when no thread runs, one ARF connector per outcome of `sched::sched`. Preemption:
//! before an edge that `sched::is_preemption_point_edge` flags (pthreads: every shared access,
//! primitive, atomic-section start and a thread's last edge, never inside atomic sections), one
//! connector per outcome of `sched::preempt` besides "continue". A node
//! reached by a connector is not preempted again before its first edge (that interleaving is
//! one of the connectors already), and the flag is part of the cover key. Primitive arguments
//! are bound by `sched::Binder` (scheduler-valued variables such as `pthread_t` handles are
//! kept exactly in the scheduler state; the engine reports every ordinary op through
//! `Binder::track`). Covers: same locations, same scheduler state, same flag, and every
//! region (global and per thread) syntactically entailed, against nodes created earlier only. Deadlocks are leaves (not errors).
//!
//! **Counterexamples and refinement.** An `Op::Error` edge of the running thread from a node
//! (whose region is satisfiable) is an abstract counterexample. Its suppressed ARF path (the
//! thread steps without the connectors) becomes an SSA path formula (per-instance locals,
//! shared globals, initial values of globals as facts). Satisfiable in exact BitVector
//! semantics (Integer with `--int-math`) → FAILED with `Step::Edge{thread, instance, ..}` and
//! `Step::Sched` for connectors and primitive outcomes. Unsatisfiable → sequence interpolants
//! → atoms → new predicates placed as above; the ARF is rebuilt. Interpolation is
//! tried first on the Integer-semantics path formula (10 s at most; MCSAT stalls on the
//! wraparound `ite`s; a stall is retried in short attempts over renamed constants, then on an
//! unsat-core slice: the policy of `smt::itp_retry`), then on the exact one; any predicate is sound, only progress matters. Exploration and
//! interpolation use WrappedInt (exact wraparound for linear arithmetic); a counterexample
//! feasible there but not in bit-vectors restarts the analysis in BitVector semantics.
//!
//! **Blockers.** `Op::Unsupported` edges, calls whose arguments are not constant, scheduler
//! errors (capacity exceeded, misuse) and queue copies stop the expansion of a node. The path
//! to such a point is checked like a counterexample: spurious → refine; feasible → the point
//! is recorded and the final verdict is UNKNOWN with its reason, unless a real error is found.
//! Timeouts, the memory limit and solver Unknown answers give UNKNOWN; SUCCESSFUL is given only
//! for a complete ARF without error nodes and without feasible blockers.
//!
//! **`--abstraction impact`** (`impact.rs`): the same expansion without abstract posts, node
//! labels from interpolants and a persistent ARF instead of regions and precisions.
//!
//! **Files.** This module owns the entry points, restarts with ghost cells (`Ghosts`) and the
//! engine state `Esst`; `node.rs` the ARF's data structures; `post.rs` the encoding of edges
//! and the abstract post; `explore.rs` the main loop, the ARF construction with covers and the
//! expansion (E1-E4); `refine.rs` counterexample analysis and refinement.

mod arf;
mod certificate;
mod explore;
mod impact;
mod modular;
mod node;
mod por;
mod post;
mod refine;
mod symmetry;
#[cfg(test)]
mod tests;
mod unbounded;
mod vclock;

use crate::abs::predicate::{self, AbsState, Cube, PredId, PredInstance, PredTable};
use crate::diag::Loc;
use crate::engine::{Abstraction, Deadline, PlacementKind, VerifyOptions};
use crate::ir::VarId;
use crate::ir::{EdgeId, ErrorKind, Expr, LocId, Op, Program, Scope, ThreadId, Type};
use crate::sched::{
    self, all_finished, running, Binder, SchedEvent, SchedState, SchedulerSpec, ThreadInstance,
};
use crate::smt::{self, Context, Encoder, Model, SatResult, Semantics, Term};
use crate::verdict::{
    Counterexample, Outcome, SchedDecision, Stats, Step, UnknownReason, Verdict, Violation,
};
use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use node::*;
use refine::PathFormula;

/// Instance marker of shared (global) variables in a [`VKey`].
pub const GLOBAL: u8 = u8::MAX;

/// A variable instance: (variable, thread instance index) or (variable, [`GLOBAL`]).
pub type VKey = (VarId, u8);

/// Runs ESST on a (possibly) threaded program.
pub fn verify(prog: &Program, opts: &VerifyOptions) -> Outcome {
    verify_with_evidence(prog, opts, false).0
}

/// [`verify`], and with `want_arf` also the final ARF as a picture-ready
/// [`Arf`](crate::report::arf::Arf) (arf.rs; partial after a timeout between two expansions;
/// None when the run stopped inside a solver call or before the first ARF).
pub fn verify_with_evidence(
    prog: &Program,
    opts: &VerifyOptions,
    want_arf: bool,
) -> (Outcome, Option<crate::report::arf::Arf>) {
    let meter = crate::engine::common::Meter::start();
    let deadline = Deadline::new(opts.timeout);
    let mut stats = Stats::default();
    let mut arf = want_arf.then(arf::Recorder::default);
    let mut certificate = None;
    let verdict = run(
        prog,
        opts,
        &deadline,
        &mut stats,
        &mut arf,
        &mut certificate,
    );
    meter.finish(&mut stats);
    let picture = arf.and_then(|mut r| r.take());
    let certificate = certificate.filter(|_| matches!(verdict, Verdict::Safe { .. }));
    let outcome = Outcome {
        certificate: certificate.map(Box::new),
        ..Outcome::new(verdict, stats)
    };
    (outcome, picture)
}

/// The scheduler description ESST uses for `prog` (`--scheduler`, else inferred from the
/// primitives the program calls); the driver replays counterexamples with it.
pub fn load_spec(prog: &Program, opts: &VerifyOptions) -> Result<SchedulerSpec, String> {
    configure_spec(load_spec_unconfigured(prog, opts)?, opts)
}

/// The scheduler description for `prog`: the one the driver handed over
/// (`opts.sched_spec`), else [`load_spec`].
pub fn spec_for<'a>(
    prog: &Program,
    opts: &'a VerifyOptions,
) -> Result<std::borrow::Cow<'a, SchedulerSpec>, String> {
    match &opts.sched_spec {
        Some(s) => Ok(std::borrow::Cow::Borrowed(&**s)),
        None => load_spec(prog, opts).map(std::borrow::Cow::Owned),
    }
}

/// `spec` configured by the program's configuration macros (`opts.scheduler_config`).
pub fn configure_spec(
    mut spec: SchedulerSpec,
    opts: &VerifyOptions,
) -> Result<SchedulerSpec, String> {
    spec.configure(&opts.scheduler_config)?;
    Ok(spec)
}

/// [`load_spec`] without the program's configuration macros.
pub fn load_spec_unconfigured(
    prog: &Program,
    opts: &VerifyOptions,
) -> Result<SchedulerSpec, String> {
    match &opts.scheduler {
        Some(n) => SchedulerSpec::load(n).map_err(|d| format!("scheduler: {}", d.message)),
        None => {
            let name = match sched::infer(prog) {
                Some(n) => n,
                None if prog.is_concurrent() => return Err(
                    "no scheduler description matches the program's primitives (use --scheduler)"
                        .into(),
                ),
                None => "pthread",
            };
            SchedulerSpec::builtin(name).ok_or_else(|| format!("scheduler `{name}` not available"))
        }
    }
}

fn run(
    prog: &Program,
    opts: &VerifyOptions,
    deadline: &Deadline,
    stats: &mut Stats,
    arf: &mut Option<arf::Recorder>,
    cert: &mut Option<crate::check::Certificate>,
) -> Verdict {
    if prog.threads.is_empty() {
        return Verdict::unknown_other("program has no main thread");
    }
    let spec = match spec_for(prog, opts) {
        Ok(s) => s,
        Err(e) => return Verdict::Unknown(UnknownReason::classify(e)),
    };
    if let Some(why) = unbounded::unbounded_creation(prog) {
        // a proof for any number of threads first (cheap when it works), then errors with
        // few threads
        match modular::prove(prog, &spec, opts, deadline.remaining()) {
            Ok(v) => return v,
            Err(e) if debug() => {
                eprintln!("[esst] no thread-modular proof: {e}")
            }
            Err(_) => {}
        }
        return unbounded::bounded_search(&why, opts, deadline, stats, |o, d, stats| {
            run_with(prog, o, &spec, d, stats, arf, cert)
        });
    }
    run_with(prog, opts, &spec, deadline, stats, arf, cert)
}

/// [`run`] with the scheduler description loaded.
fn run_with(
    prog: &Program,
    opts: &VerifyOptions,
    spec: &SchedulerSpec,
    deadline: &Deadline,
    stats: &mut Stats,
    arf: &mut Option<arf::Recorder>,
    cert: &mut Option<crate::check::Certificate>,
) -> Verdict {
    let sem = crate::engine::start_semantics(prog, opts, Semantics::WrappedInt);
    let mut ghosts = Ghosts::new(prog.vars.len());
    let mut sem = sem;
    loop {
        let aug = ghosts.program(prog);
        let mut an = Esst::new(&aug, spec, opts, deadline, sem, &ghosts);
        an.arf = arf.take();
        let r = an.run();
        an.add_stats(stats);
        *arf = an.arf.take();
        *cert = an.cert.take();
        match r {
            Ok(v) | Err(Stop::Verdict(v)) => return v,
            Err(Stop::NeedBitVector) if sem != Semantics::BitVector => sem = Semantics::BitVector,
            Err(Stop::NeedBitVector) => {
                return Verdict::Unknown(UnknownReason::internal(
                    "internal error: exact semantics disagree",
                ))
            }
            Err(Stop::NeedGhosts(q, cap, ty)) => {
                if ghosts.has(q) {
                    return Verdict::Unknown(UnknownReason::internal(
                        "internal error: queue slots requested twice",
                    ));
                }
                // Restart with ghost cells for the queue's slots (found on its first copy).
                ghosts.add(q, cap, ty);
            }
        }
    }
}

/// Ghost global cells holding the items stored in queue slots: appended after the program's
/// variables (so the program's `VarId`s keep their meaning), one cell per (queue, slot) with
/// the type of the first item copied into or out of the queue.
struct Ghosts {
    orig_vars: usize,
    /// (queue index, capacity, item type), in the order the queues were discovered.
    queues: Vec<(u8, u16, Type)>,
    slots: HashMap<(u8, u16), VarId>,
}

impl Ghosts {
    fn new(orig_vars: usize) -> Ghosts {
        Ghosts {
            orig_vars,
            queues: Vec::new(),
            slots: HashMap::new(),
        }
    }
    fn has(&self, q: u8) -> bool {
        self.queues.iter().any(|x| x.0 == q)
    }
    fn add(&mut self, q: u8, cap: u16, ty: Type) {
        let base = self.orig_vars + self.slots.len();
        for s in 0..cap {
            self.slots.insert((q, s), VarId((base + s as usize) as u32));
        }
        self.queues.push((q, cap, ty));
    }
    /// The program with the ghost cells appended (in the order of [`Ghosts::add`]).
    fn program<'p>(&self, prog: &'p Program) -> std::borrow::Cow<'p, Program> {
        if self.queues.is_empty() {
            return std::borrow::Cow::Borrowed(prog);
        }
        let mut p = prog.clone();
        for &(q, cap, ty) in &self.queues {
            for s in 0..cap {
                debug_assert_eq!(self.slots[&(q, s)].0 as usize, p.vars.len());
                p.vars.push(crate::ir::Var {
                    name: format!("queue#{q}[{s}]"),
                    ty,
                    scope: Scope::Global,
                    init: Some(0),
                    is_temp: true,
                    loc: None,
                });
            }
        }
        std::borrow::Cow::Owned(p)
    }
}

/// Why the analysis stopped early.
#[derive(Debug)]
enum Stop {
    Verdict(Verdict),
    /// A WrappedInt counterexample is infeasible in bit-vectors: restart exactly.
    NeedBitVector,
    /// A queue item copy needs ghost cells for queue `.0` (capacity `.1`, item type `.2`):
    /// restart with them.
    NeedGhosts(u8, u16, Type),
}

type Res<T> = Result<T, Stop>;

static WORLD_COUNTER: AtomicU64 = AtomicU64::new(0);

struct Esst<'a> {
    prog: &'a Program,
    ghosts: &'a Ghosts,
    spec: &'a SchedulerSpec,
    binder: Binder<'a>,
    opts: &'a VerifyOptions,
    deadline: &'a Deadline,
    enc: Encoder,
    world: u64,
    canon: HashMap<VKey, Term>,
    canon_key: HashMap<Term, VKey>,
    preds: PredTable,
    pred_keys: Vec<Vec<VKey>>,
    placement: PlacementKind,
    precs: Precisions,
    /// Keys mentioned by some predicate of some precision.
    prec_keys: HashSet<VKey>,
    boolean: bool,
    locals_of: Vec<Vec<VarId>>,
    /// (instance index, entry) pairs seen in the ARF (for predicate instantiation).
    seen_instances: BTreeSet<(u8, ThreadId)>,
    /// Blockers whose path was feasible: never expanded, final verdict UNKNOWN.
    feasible_blockers: HashMap<BlockKey, UnknownReason>,
    nodes: u64,
    covers: u64,
    refinements: u64,
    fresh: u64,
    /// POR statistics over all ARF constructions (por.rs).
    por_totals: por::PorTotals,
    /// The `--dot-arf` picture's recorder (arf.rs), when one is wanted.
    arf: Option<arf::Recorder>,
    /// The proof of a SUCCESSFUL verdict for `crate::check` (certificate.rs).
    cert: Option<crate::check::Certificate>,
    /// The model's thread symmetry, when it has one and `--no-symmetry` is not given.
    symmetry: Option<crate::sched::symmetry::Symmetry>,
    /// Covers up to a non-trivial permutation (all constructions).
    sym_covers: u64,
    /// Where the time goes (all constructions): the statistics' ESST time split.
    times: PhaseTimes,
}

/// Wall-clock time per phase of an ESST run (solver calls included); cells, so that the
/// cover test (a closure borrowing the engine) can add to them.
#[derive(Default)]
struct PhaseTimes {
    abstraction: std::cell::Cell<Duration>,
    refinement: std::cell::Cell<Duration>,
    por: std::cell::Cell<Duration>,
}

impl PhaseTimes {
    fn add(cell: &std::cell::Cell<Duration>, since: Instant) {
        cell.set(cell.get() + since.elapsed());
    }
    fn abstraction(&self, since: Instant) {
        Self::add(&self.abstraction, since);
    }
    fn refinement(&self, since: Instant) {
        Self::add(&self.refinement, since);
    }
    fn por(&self, since: Instant) {
        Self::add(&self.por, since);
    }
}

fn debug() -> bool {
    static D: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *D.get_or_init(|| std::env::var_os("ESST_DEBUG").is_some())
}

impl<'a> Esst<'a> {
    fn new(
        prog: &'a Program,
        spec: &'a SchedulerSpec,
        opts: &'a VerifyOptions,
        deadline: &'a Deadline,
        sem: Semantics,
        ghosts: &'a Ghosts,
    ) -> Self {
        let mut locals_of = vec![Vec::new(); prog.threads.len()];
        for (i, v) in prog.vars.iter().enumerate() {
            if let Scope::Local(t) = v.scope {
                if let Some(l) = locals_of.get_mut(t.0 as usize) {
                    l.push(VarId(i as u32));
                }
            }
        }
        Esst {
            prog,
            ghosts,
            spec,
            binder: Binder::new(spec, prog),
            opts,
            deadline,
            enc: Encoder::new(sem),
            world: WORLD_COUNTER.fetch_add(1, Ordering::Relaxed),
            canon: HashMap::new(),
            canon_key: HashMap::new(),
            preds: PredTable::new(),
            pred_keys: Vec::new(),
            placement: opts.placement,
            precs: Precisions::default(),
            prec_keys: HashSet::new(),
            boolean: opts.abstraction == Abstraction::Boolean,
            locals_of,
            seen_instances: BTreeSet::new(),
            feasible_blockers: HashMap::new(),
            nodes: 0,
            covers: 0,
            refinements: 0,
            fresh: 0,
            por_totals: por::PorTotals::default(),
            arf: None,
            cert: None,
            symmetry: opts
                .symmetry
                .then(|| crate::sched::symmetry::Symmetry::new(spec, prog))
                .flatten(),
            sym_covers: 0,
            times: PhaseTimes::default(),
        }
    }

    fn add_stats(&self, s: &mut Stats) {
        s.nodes += self.nodes;
        s.covers += self.covers;
        s.refinements += self.refinements;
        s.predicates = s.predicates.max(self.precs.len() as u64);
        s.backtrack_points += self.por_totals.backtrack_points;
        s.sleep_prunings += self.por_totals.sleep_prunings;
        s.interleavings = self.por_totals.interleavings;
        s.interpolation_retries = smt::itp_retry::retries();
        let add = |t: &mut Option<Duration>, d: &std::cell::Cell<Duration>| {
            *t = Some(t.unwrap_or_default() + d.get());
        };
        add(&mut s.abstraction_time, &self.times.abstraction);
        add(&mut s.refinement_time, &self.times.refinement);
        add(&mut s.por_time, &self.times.por);
        if debug() {
            eprintln!(
                "[esst] symmetry: {:?}; covers up to symmetry: {}",
                crate::sched::symmetry::Symmetry::check(self.spec, self.prog).err(),
                self.sym_covers
            );
        }
    }

    fn remaining(&self) -> Option<Duration> {
        self.deadline.remaining()
    }

    fn timeout_verdict(&self) -> Stop {
        Stop::Verdict(Verdict::Unknown(UnknownReason::timeout()))
    }

    /// The exact interpolation of a path under `budget` failed: a work limit when its cap
    /// ([`smt::itp_retry::EXACT_CAP`] of CPU time) was used up, else the solver's unknown.
    fn exact_itp_failed(&self, budget: &smt::Budget) -> Stop {
        if self.deadline.expired() || !budget.exhausted() {
            return self.solver_unknown();
        }
        Stop::Verdict(Verdict::Unknown(UnknownReason::bound(format!(
            "work limit: the exact interpolation of one spurious path used its {} s of CPU \
             time (EXACT_CAP)",
            smt::itp_retry::EXACT_CAP.as_secs()
        ))))
    }

    fn solver_unknown(&self) -> Stop {
        if self.deadline.expired() {
            self.timeout_verdict()
        } else {
            Stop::Verdict(Verdict::Unknown(UnknownReason::solver(
                "solver returned unknown",
            )))
        }
    }
}
