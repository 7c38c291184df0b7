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
//! unsat-core slice), then on the exact one; any predicate is sound, only progress matters. Exploration and
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

mod arf;
mod certificate;
mod impact;
mod por;
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
use crate::verdict::{Counterexample, Outcome, Stats, Step, UnknownReason, Verdict, Violation};
use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Longest exact (WrappedInt / BitVector) interpolation of one path: MCSAT can stall on
/// wraparound `ite`s and bit-vector products; without `--timeout` this bounds it (UNKNOWN).
const EXACT_ITP_BUDGET: Duration = Duration::from_secs(120);

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
    let start = Instant::now();
    let s0 = smt::stats();
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
    let s1 = smt::stats();
    stats.solver_calls = s1.calls.saturating_sub(s0.calls);
    stats.solver_time = s1.time.saturating_sub(s0.time);
    stats.total_time = start.elapsed();
    stats.peak_memory_kb = crate::engine::peak_memory_kb();
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
    let mut spec = load_spec_unconfigured(prog, opts)?;
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
    let spec = match load_spec(prog, opts) {
        Ok(s) => s,
        Err(e) => return Verdict::Unknown(UnknownReason::classify(e)),
    };
    if let Some(why) = unbounded::unbounded_creation(prog) {
        // Unboundedly many threads: look for errors with a few of them for a part of the
        // budget (a complete ARF within that bound is still a proof), else say so.
        let mut probe = opts.clone();
        probe.max_threads = opts.max_threads.min(unbounded::PROBE_THREADS);
        let budget = deadline.remaining().map_or(unbounded::PROBE_TIME, |r| {
            (r / 3).min(unbounded::PROBE_TIME)
        });
        let d = Deadline::new(Some(budget));
        return match run_with(prog, &probe, &spec, &d, stats, arf, cert) {
            v @ (Verdict::Unsafe(_) | Verdict::Safe { .. }) => v,
            Verdict::Unknown(r) if matches!(r.kind(), "memory_limit" | "internal") => {
                Verdict::Unknown(r)
            }
            _ => Verdict::Unknown(UnknownReason::bound(why)),
        };
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

/// The value an assignment gives.
#[derive(Clone, Debug)]
enum Rhs {
    /// An expression read in the context of a thread instance.
    Expr(Expr, u8),
    Const(i128),
    Havoc,
}

/// The effect of one ARF edge: simultaneous assignments, then assumptions (over the
/// pre-state).
#[derive(Clone, Debug, Default)]
struct Action {
    assigns: Vec<(VKey, Rhs)>,
    assumes: Vec<(Expr, u8)>,
}

impl Action {
    /// Adds an assignment, replacing an earlier one to the same key.
    fn assign(&mut self, k: VKey, r: Rhs) {
        self.assigns.retain(|(x, _)| *x != k);
        self.assigns.push((k, r));
    }
}

/// What labels an ARF edge.
#[derive(Clone, Debug)]
struct Label {
    /// The CFG edge taken: (thread entry, instance index, instance number, edge).
    step: Option<(ThreadId, u8, u32, EdgeId)>,
    action: Action,
    /// Variables whose post-values are the step's nondeterministic values (`Step::Edge.nondet`).
    nondet: Vec<VKey>,
    /// Scheduler text shown after the step (connectors, primitive outcomes).
    text: Option<String>,
}

/// The data regions of an ARF node: the global region φ and the thread regions φ_i (index =
/// thread instance; missing entries are `true`). The thread regions are shared between a node
/// and its successors until one of them changes (`Rc::make_mut`): a scheduler connector, one
/// per enabled thread at every preemption point, changes none.
#[derive(Clone, Debug)]
struct Regions {
    global: AbsState,
    threads: std::rc::Rc<Vec<AbsState>>,
}

impl Regions {
    fn top() -> Regions {
        Regions {
            global: AbsState::top(),
            threads: std::rc::Rc::new(Vec::new()),
        }
    }
    fn thread(&self, j: u8) -> AbsState {
        self.threads
            .get(j as usize)
            .cloned()
            .unwrap_or_else(AbsState::top)
    }
    /// Syntactic entailment, region by region (the seed's node coverage).
    fn entails(&self, other: &Regions) -> bool {
        if !self.global.entails(&other.global) {
            return false;
        }
        let n = self.threads.len().max(other.threads.len());
        (0..n).all(|j| {
            let top = AbsState::top();
            let a = self.threads.get(j).unwrap_or(&top);
            other.threads.get(j).is_none_or(|b| a.entails(b))
        })
    }
    fn to_term(&self, preds: &PredTable) -> Term {
        let mut v = vec![self.global.to_term(preds)];
        v.extend(self.threads.iter().map(|r| r.to_term(preds)));
        Term::and(&v)
    }
}

/// Where a predicate is placed (seed section 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Home {
    Global,
    Thread(u8),
    Loc(u8, LocId),
}

/// The precisions: π of the global region, π_{T_i} per thread instance and π_{(i,l)} per
/// instance and location; thread `i`'s region at `l` uses π_{T_i} ∪ π_{(i,l)}.
#[derive(Default)]
struct Precisions {
    global: Vec<PredId>,
    thread: HashMap<u8, Vec<PredId>>,
    loc: HashMap<(u8, LocId), Vec<PredId>>,
}

impl Precisions {
    /// Adds `p` at `home`; false when already there.
    fn add(&mut self, home: Home, p: PredId) -> bool {
        let v = match home {
            Home::Global => &mut self.global,
            Home::Thread(j) => self.thread.entry(j).or_default(),
            Home::Loc(j, l) => self.loc.entry((j, l)).or_default(),
        };
        if v.contains(&p) {
            return false;
        }
        v.push(p);
        true
    }
    fn len(&self) -> usize {
        self.global.len()
            + self.thread.values().map(Vec::len).sum::<usize>()
            + self.loc.values().map(Vec::len).sum::<usize>()
    }
}

/// A successor of a node before the cover check.
struct Succ {
    locs: Vec<LocId>,
    sched: SchedState,
    regions: Regions,
    label: Label,
    scheduled: bool,
}

struct Node {
    locs: Vec<LocId>,
    sched: SchedState,
    regions: Regions,
    parent: Option<(usize, Label)>,
    /// Reached by a scheduler connector: no preemption before its first edge.
    scheduled: bool,
}

/// Candidate coverers by a fingerprint of (locations, scheduler state, scheduled flag); the
/// candidates are compared with the successor in full (a fingerprint collision only merges
/// two lists), so the index holds no second copy of every node's scheduler state.
type CoverIndex = HashMap<u64, Vec<usize>>;

/// The cover indexes of one ARF construction: exact control states, and up to thread
/// symmetry (symmetry.rs) when it applies.
struct Covers {
    exact: CoverIndex,
    sym: Option<symmetry::SymIndex>,
}

/// The cover-index fingerprint of a control state (deterministic: SipHash with fixed keys).
fn control_key(locs: &[LocId], sched: &SchedState, scheduled: bool) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    locs.hash(&mut h);
    sched.hash(&mut h);
    scheduled.hash(&mut h);
    h.finish()
}

/// Where the exploration must stop: a CFG edge of a thread instance with a reason.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum BlockKey {
    Edge(ThreadId, EdgeId),
    Sched(String),
}

enum Found {
    /// An error edge taken from node `n`.
    Error {
        n: usize,
        thread: ThreadId,
        inst: u8,
        edge: EdgeId,
    },
    /// A point where the expansion cannot continue.
    Blocker {
        n: usize,
        key: BlockKey,
        reason: UnknownReason,
    },
}

static WORLD_COUNTER: AtomicU64 = AtomicU64::new(0);
static RETRY_COUNTER: AtomicU64 = AtomicU64::new(0);

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
        s.interpolation_retries = RETRY_COUNTER.load(Ordering::Relaxed);
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

    fn solver_unknown(&self) -> Stop {
        if self.deadline.expired() {
            self.timeout_verdict()
        } else {
            Stop::Verdict(Verdict::Unknown(UnknownReason::solver(
                "solver returned unknown",
            )))
        }
    }

    /// The assignment a queue item copy makes: `slot := *item` (send) or `*item := slot`
    /// (receive), with the item pointer resolved to the running thread's scalar cell it points
    /// to; `Ok(Err(why))` for copies not supported, `Err(NeedGhosts)` when the queue's slots
    /// have no ghost cells yet.
    fn queue_copy(
        &self,
        st: &SchedState,
        entry: ThreadId,
        inst: u8,
        cp: &sched::QueueCopy,
    ) -> Res<Result<Vec<(VKey, Rhs)>, String>> {
        // an item address computed from tracked values (`&buf[i]`) is exact
        let item = self.binder.specialise(st, ThreadInstance(inst), &cp.item);
        let Expr::Const(addr, _) = item else {
            return Ok(Err("the item pointer is not a constant address".into()));
        };
        if cp.stream {
            return self.stream_copy(st, entry, inst, cp, addr);
        }
        let cell = match sched::queue_item_cell(self.prog, addr, cp.item_size) {
            Ok(c) => c,
            Err(why) => return Ok(Err(why)),
        };
        let cv = self.prog.var(cell);
        if let Scope::Local(t) = cv.scope {
            if t != entry {
                return Ok(Err(format!(
                    "the item `{}` is another thread's local",
                    cv.name
                )));
            }
        }
        // a receive into a scheduler-valued cell would change it behind the binder's back (a
        // send only reads the cell's data value)
        if self.binder.is_tracked(cell) && matches!(cp.dir, sched::CopyDir::OutOfQueue) {
            return Ok(Err(format!(
                "the item `{}` holds a scheduler object",
                cv.name
            )));
        }
        let Some(&ghost) = self.ghosts.slots.get(&(cp.queue, cp.slot)) else {
            let cap = st.queues.get(cp.queue as usize).map_or(0, |q| q.cap);
            if cp.slot >= cap {
                return Ok(Err("queue slot out of range".into()));
            }
            return Err(Stop::NeedGhosts(cp.queue, cap, cv.ty));
        };
        let gty = self.prog.var(ghost).ty;
        let conv = |x: Expr, from: Type, to: Type| {
            if from == to {
                x
            } else {
                Expr::cast(to, x)
            }
        };
        Ok(Ok(vec![match cp.dir {
            sched::CopyDir::IntoQueue => (
                (ghost, GLOBAL),
                Rhs::Expr(conv(Expr::Var(cell), cv.ty, gty), inst),
            ),
            sched::CopyDir::OutOfQueue => (
                self.key(cell, inst),
                Rhs::Expr(conv(Expr::Var(ghost), gty, cv.ty), inst),
            ),
        }]))
    }

    /// The assignments of a stream-buffer copy (`sched::stream_buffer`): byte-wise between the
    /// object at `addr` and the buffer's `u8` ghost slots.
    fn stream_copy(
        &self,
        st: &SchedState,
        entry: ThreadId,
        inst: u8,
        cp: &sched::QueueCopy,
        addr: i128,
    ) -> Res<Result<Vec<(VKey, Rhs)>, String>> {
        let plan = match sched::stream_buffer::byte_cells(self.prog, addr, cp.item_size) {
            Ok(p) => p,
            Err(why) => return Ok(Err(why)),
        };
        for &(cell, _) in &plan {
            let cv = self.prog.var(cell);
            if let Scope::Local(t) = cv.scope {
                if t != entry {
                    return Ok(Err(format!("`{}` is another thread's local", cv.name)));
                }
            }
            if self.binder.is_tracked(cell) && matches!(cp.dir, sched::CopyDir::OutOfQueue) {
                return Ok(Err(format!("`{}` holds a scheduler object", cv.name)));
            }
        }
        let cap = st.queues.get(cp.queue as usize).map_or(0, |q| q.cap);
        if cap == 0 {
            return Ok(Err("stream buffer of no bytes".into()));
        }
        let mut slots = Vec::with_capacity(plan.len());
        for i in 0..plan.len() {
            let slot = ((cp.slot as usize + i) % cap as usize) as u16;
            match self.ghosts.slots.get(&(cp.queue, slot)) {
                Some(&g) => slots.push(g),
                None => return Err(Stop::NeedGhosts(cp.queue, cap, Type::int(8, false))),
            }
        }
        let asg = sched::stream_buffer::byte_assignments(self.prog, &plan, &slots, cp.dir);
        Ok(Ok(asg
            .into_iter()
            .map(|(v, x)| (self.key(v, inst), Rhs::Expr(x, inst)))
            .collect()))
    }

    fn key(&self, v: VarId, ctx: u8) -> VKey {
        match self.prog.var(v).scope {
            Scope::Global => (v, GLOBAL),
            Scope::Local(_) => (v, ctx),
        }
    }

    fn ty(&self, k: VKey) -> Type {
        self.prog.var(k.0).ty
    }

    fn canon(&mut self, k: VKey) -> Term {
        if let Some(t) = self.canon.get(&k) {
            return *t;
        }
        let v = self.prog.var(k.0);
        let name = if k.1 == GLOBAL {
            format!("{}~e{}", v.name, self.world)
        } else {
            format!("{}#{}~e{}", v.name, k.1, self.world)
        };
        let t = Term::var(&name, self.enc.sort(v.ty));
        self.canon.insert(k, t);
        self.canon_key.insert(t, k);
        t
    }

    fn fresh_term(&mut self, k: VKey, tag: &str) -> Term {
        self.fresh += 1;
        let v = self.prog.var(k.0);
        let name = format!("{}#{}{}{}~e{}", v.name, k.1, tag, self.fresh, self.world);
        Term::var(&name, self.enc.sort(v.ty))
    }

    /// Encodes an action: constraints over the `pre` terms of the keys it reads, with the
    /// `post` terms of the assigned keys; assignments to keys without a post term are dropped
    /// (they cannot matter to the caller).
    fn encode_action(
        &self,
        a: &Action,
        pre: &HashMap<VKey, Term>,
        post: &HashMap<VKey, Term>,
    ) -> Vec<Term> {
        let prog = self.prog;
        let enc_expr = |e: &Expr, ctx: u8| -> Term {
            self.enc.expr(e, &prog.vars, &mut |v| {
                pre.get(&self.key(v, ctx)).copied().unwrap_or_else(Term::tt)
            })
        };
        let mut cons = Vec::new();
        for (e, ctx) in &a.assumes {
            cons.push(enc_expr(e, *ctx));
        }
        for (k, r) in &a.assigns {
            let Some(&p) = post.get(k) else { continue };
            let ty = self.ty(*k);
            cons.push(match r {
                Rhs::Expr(e, ctx) => p.eq(enc_expr(e, *ctx)),
                Rhs::Const(c) => p.eq(self.enc.constant(ty.wrap(*c), ty)),
                Rhs::Havoc => self.enc.range(p, ty),
            });
        }
        cons
    }

    // ------------------------------------------------------------------ abstract post

    fn range_of_keys(&mut self, keys: impl IntoIterator<Item = VKey>) -> Vec<Term> {
        let mut out = Vec::new();
        if self.enc.sem == Semantics::BitVector {
            return out;
        }
        for k in keys {
            let c = self.canon(k);
            out.push(self.enc.range(c, self.ty(k)));
        }
        out
    }

    fn action_reads(&self, a: &Action) -> Vec<VKey> {
        let mut ks = Vec::new();
        let add = |e: &Expr, ctx: u8, ks: &mut Vec<VKey>| {
            e.for_each_var(&mut |v| ks.push(self.key(v, ctx)));
        };
        for (_, r) in &a.assigns {
            if let Rhs::Expr(e, ctx) = r {
                add(e, *ctx, &mut ks);
            }
        }
        for (e, ctx) in &a.assumes {
            add(e, *ctx, &mut ks);
        }
        ks.sort();
        ks.dedup();
        ks
    }

    /// The precision of thread instance `j`'s region at location `l`: π_{T_j} ∪ π_{(j,l)}.
    fn thread_prec(&self, j: u8, l: Option<LocId>) -> Vec<PredId> {
        let mut v: Vec<PredId> = self.precs.thread.get(&j).cloned().unwrap_or_default();
        if let Some(l) = l {
            if let Some(x) = self.precs.loc.get(&(j, l)) {
                for p in x {
                    if !v.contains(p) {
                        v.push(*p);
                    }
                }
            }
        }
        v
    }

    /// The successor regions of `regions` (at the locations `old_locs`) under `a`, the ARF
    /// post of rules E2/E3. The global region φ' and the regions of the instances in `exact`
    /// (the running thread, and instances whose locals `a` writes: spawn, restart) are the
    /// abstract post of φ ∧ ⋀_{j ∈ exact} φ_j over their precisions at their new locations
    /// `new_locs`. Every other thread's region is the havoc of the variables `a` writes
    /// (E2.2): its literals over written variables are dropped (exact up to what φ would add).
    /// None when the post is empty.
    fn post(
        &mut self,
        regions: &Regions,
        old_locs: &[LocId],
        new_locs: &[LocId],
        a: &Action,
        exact: &[u8],
    ) -> Res<Option<Regions>> {
        if self.deadline.expired() {
            return Err(self.timeout_verdict());
        }
        // Hook (impact.rs): Impact computes no abstract post; labels live in its own ARF.
        if self.opts.abstraction == Abstraction::Impact {
            return Ok(Some(regions.clone()));
        }
        let n_threads = new_locs.len().max(regions.threads.len());
        let written: HashSet<VKey> = a.assigns.iter().map(|(k, _)| *k).collect();
        let mut out = regions.clone();
        if out.threads.len() < n_threads {
            std::rc::Rc::make_mut(&mut out.threads).resize(n_threads, AbsState::top());
        }
        // E2.2: the other threads' regions forget what `a` may change
        if !written.is_empty() {
            for j in 0..out.threads.len() {
                if exact.contains(&(j as u8)) {
                    continue;
                }
                let r = &out.threads[j];
                let hit = |p: PredId| {
                    self.pred_keys[p.0 as usize]
                        .iter()
                        .any(|k| written.contains(k))
                };
                if r.cubes()
                    .iter()
                    .any(|c| c.pos.iter().chain(c.neg.iter()).any(hit))
                {
                    let cubes: Vec<Cube> = r
                        .cubes()
                        .iter()
                        .map(|c| {
                            let mut d = Cube::top();
                            for p in c.pos.iter().filter(|p| !hit(*p)) {
                                d.pos.insert(p);
                            }
                            for p in c.neg.iter().filter(|p| !hit(*p)) {
                                d.neg.insert(p);
                            }
                            d
                        })
                        .collect();
                    std::rc::Rc::make_mut(&mut out.threads)[j] = AbsState::from_cubes(cubes);
                }
            }
        }
        // The recomputed slots: (slot, new precision, old precision); slot None = global.
        let mut slots: Vec<(Option<u8>, Vec<PredId>, Vec<PredId>)> =
            vec![(None, self.precs.global.clone(), self.precs.global.clone())];
        for &j in exact {
            let newp = self.thread_prec(j, new_locs.get(j as usize).copied());
            let oldp = self.thread_prec(j, old_locs.get(j as usize).copied());
            slots.push((Some(j), newp, oldp));
        }
        let old_of = |slot: Option<u8>| -> AbsState {
            match slot {
                None => regions.global.clone(),
                Some(j) => regions.thread(j),
            }
        };
        let post_keys: Vec<VKey> = a
            .assigns
            .iter()
            .map(|(k, _)| *k)
            .filter(|k| self.prec_keys.contains(k))
            .collect();
        // Which predicates must be computed; the others keep their literal or stay unknown.
        let mut fixed: Vec<Cube> = Vec::new();
        let mut todo: Vec<Vec<PredId>> = Vec::new();
        for (slot, newp, oldp) in &slots {
            let old = old_of(*slot);
            let single = (!self.boolean && old.cubes().len() == 1).then(|| old.cubes()[0].clone());
            let mut f = Cube::top();
            let mut t = Vec::new();
            for &p in newp {
                let affected = self.pred_keys[p.0 as usize]
                    .iter()
                    .any(|k| written.contains(k));
                if !affected {
                    if let Some(c) = &single {
                        if c.pos.contains(p) {
                            f.pos.insert(p);
                            continue;
                        }
                        if c.neg.contains(p) {
                            f.neg.insert(p);
                            continue;
                        }
                        if a.assumes.is_empty() && oldp.contains(&p) {
                            // not determined before, nothing new assumed: stays unknown
                            continue;
                        }
                    }
                }
                t.push(p);
            }
            fixed.push(f);
            todo.push(t);
        }
        let set = |out: &mut Regions, slot: Option<u8>, r: AbsState| match slot {
            None => out.global = r,
            Some(j) => std::rc::Rc::make_mut(&mut out.threads)[j as usize] = r,
        };
        if a.assumes.is_empty() && todo.iter().all(|t| t.is_empty()) {
            for ((slot, _, _), f) in slots.iter().zip(fixed) {
                set(&mut out, *slot, AbsState::from_cube(f));
            }
            return Ok(Some(out));
        }
        let reads = self.action_reads(a);
        let pre: HashMap<VKey, Term> = reads.iter().map(|k| (*k, self.canon(*k))).collect();
        let mut post: HashMap<VKey, Term> = HashMap::new();
        for k in post_keys {
            let t = self.fresh_term(k, "'");
            post.insert(k, t);
        }
        let cons = self.encode_action(a, &pre, &post);
        let posts: Vec<(VKey, Term)> = post.into_iter().collect();
        let mut ctx = Context::new();
        ctx.assert(regions.global.to_term(&self.preds));
        for &j in exact {
            ctx.assert(regions.thread(j).to_term(&self.preds));
        }
        ctx.assert_all(&cons);
        let mut keys: Vec<VKey> = self.prec_keys.iter().copied().collect();
        keys.extend(reads);
        keys.sort();
        keys.dedup();
        let ranges = self.range_of_keys(keys);
        ctx.assert_all(&ranges);
        let model = match ctx.check_with_timeout(self.remaining()) {
            SatResult::Unsat => return Ok(None),
            SatResult::Unknown => return Err(self.solver_unknown()),
            SatResult::Sat => ctx.model(),
        };
        let mut all: Vec<PredId> = Vec::new();
        for t in &todo {
            for p in t {
                if !all.contains(p) {
                    all.push(*p);
                }
            }
        }
        let inst: Vec<PredInstance> = all
            .iter()
            .map(|&p| {
                let pk = &self.pred_keys[p.0 as usize];
                let (from, to): (Vec<Term>, Vec<Term>) = posts
                    .iter()
                    .filter(|(k, _)| pk.contains(k))
                    .map(|(k, t)| (self.canon[k], *t))
                    .unzip();
                let term = if from.is_empty() {
                    self.preds.term(p)
                } else {
                    self.preds.term(p).subst(&from, &to)
                };
                PredInstance { id: p, term }
            })
            .collect();
        let remaining = || self.deadline.remaining();
        let cubes: Vec<Cube> = if inst.is_empty() {
            vec![Cube::top()]
        } else if self.boolean {
            match predicate::boolean(&mut ctx, &[], &inst, &remaining, 4096) {
                Ok(s) => s.cubes().to_vec(),
                Err(_) => return Err(self.solver_unknown()),
            }
        } else {
            match predicate::cartesian(&mut ctx, &[], model, &inst, &remaining) {
                Ok(c) => vec![c],
                Err(_) => return Err(self.solver_unknown()),
            }
        };
        for (((slot, _, _), f), t) in slots.iter().zip(fixed).zip(todo) {
            let restricted: Vec<Cube> = cubes
                .iter()
                .map(|c| {
                    let mut d = f.clone();
                    for p in c.pos.iter().filter(|p| t.contains(p)) {
                        d.pos.insert(p);
                    }
                    for p in c.neg.iter().filter(|p| t.contains(p)) {
                        d.neg.insert(p);
                    }
                    d
                })
                .collect();
            set(&mut out, *slot, AbsState::from_cubes(restricted));
        }
        Ok(Some(out))
    }

    // ------------------------------------------------------------------ main loop

    fn run(&mut self) -> Res<Verdict> {
        // Hook (impact.rs): `--abstraction impact` runs the Impact loop instead.
        if self.opts.abstraction == Abstraction::Impact {
            return self.impact_run();
        }
        loop {
            if self.deadline.expired() {
                return Err(self.timeout_verdict());
            }
            self.arf_reset();
            let (nodes, found) = self.build()?;
            self.publish_progress();
            match found {
                None => {
                    self.arf_record(&nodes, None);
                    if let Some(reason) = self
                        .feasible_blockers
                        .values()
                        .min_by_key(|r| r.to_string())
                    {
                        return Ok(Verdict::Unknown(reason.clone()));
                    }
                    let note = self
                        .opts
                        .int_math
                        .then(|| "assuming no integer overflow (--int-math)".to_string());
                    self.cert = Some(self.certificate(&nodes));
                    return Ok(Verdict::Safe { note });
                }
                Some(f) => {
                    let error = arf::error_of(&f);
                    let r = self.analyse(&nodes, f);
                    if let Err(Stop::Verdict(v)) = &r {
                        let failed = matches!(v, Verdict::Unsafe(_));
                        self.arf_record(&nodes, error.filter(|_| failed));
                    }
                    r?
                }
            }
        }
    }

    fn initial_action(&self) -> Action {
        let mut a = Action::default();
        for (i, v) in self.prog.vars.iter().enumerate() {
            let k = self.key(VarId(i as u32), 0);
            if let Some(c) = v.init {
                a.assign(k, Rhs::Const(c));
            }
        }
        a
    }

    /// The root's scheduler state and thread locations (every thread at its entry).
    fn root_state(&self) -> Res<(SchedState, Vec<LocId>)> {
        let mut s0 = sched::initial(self.spec, self.prog)
            .map_err(|e| Stop::Verdict(Verdict::Unknown(UnknownReason::classify(e.to_string()))))?;
        s0.max_threads = self.opts.max_threads.min(sched::state::MAX_THREADS) as u8;
        let locs: Vec<LocId> = s0
            .threads
            .iter()
            .map(|t| self.prog.thread(t.entry).entry)
            .collect();
        Ok((s0, locs))
    }

    /// Builds the ARF from the root until it is complete or a counterexample/blocker is found.
    fn build(&mut self) -> Res<(Vec<Node>, Option<Found>)> {
        let (s0, locs) = self.root_state()?;
        let init = self.initial_action();
        let regions = self
            .post(&Regions::top(), &[], &locs, &init, &[0])?
            .unwrap_or_else(Regions::top);
        let mut nodes: Vec<Node> = vec![Node {
            locs,
            sched: s0,
            regions,
            parent: None,
            scheduled: true,
        }];
        self.nodes += 1;
        let mut index = Covers {
            exact: HashMap::new(),
            sym: None,
        };
        index
            .exact
            .entry(control_key(&nodes[0].locs, &nodes[0].sched, true))
            .or_default()
            .push(0);
        let mut work: VecDeque<usize> = VecDeque::from([0]);
        let mut count: u64 = 0;
        // POR hook (por.rs): the POR state parallel to `nodes`.
        let mut por = self.por_new();
        // symmetric covers (symmetry.rs), not combined with POR
        if !por.active() {
            index.sym = self.symmetry.clone().map(symmetry::SymIndex::new);
            if let Some(sx) = index.sym.as_mut() {
                sx.record(&nodes, 0);
            }
        }
        loop {
            let n = match work.pop_front() {
                Some(n) => n,
                None => {
                    // POR hook: covered nodes' backtrack points (summaries); more successors.
                    if !self.por_resume(&mut por) {
                        break;
                    }
                    for (p, sc) in std::mem::take(&mut por.ready) {
                        self.insert_succ(&mut por, &mut nodes, &mut index, &mut work, p, sc);
                    }
                    continue;
                }
            };
            count += 1;
            self.publish_progress();
            if self.deadline.expired() {
                self.arf_record(&nodes, None);
                return Err(self.timeout_verdict());
            }
            if debug() && count.is_multiple_of(2000) {
                let nd = &nodes[n];
                eprintln!(
                    "[esst] {count} expanded, {} nodes; at {:?} {}",
                    nodes.len(),
                    nd.locs,
                    nd.sched,
                );
            }
            if count.is_multiple_of(256) {
                if let Some(why) = crate::memory::exceeded(self.opts.memory_limit_mb) {
                    self.arf_record(&nodes, None);
                    return Err(Stop::Verdict(Verdict::Unknown(
                        UnknownReason::memory_limit(why),
                    )));
                }
            }
            for (i, t) in nodes[n].sched.threads.iter().enumerate() {
                self.seen_instances.insert((i as u8, t.entry));
            }
            let mut succ: Vec<Succ> = Vec::new();
            if let Some(f) = self.expand(&nodes, n, &mut succ)? {
                self.por_stats(&por, &nodes);
                return Ok((nodes, Some(f)));
            }
            // POR hook: `Choose` (the other threads' successors wait for backtrack points).
            let succ = self.por_select(&mut por, &nodes, n, succ);
            if succ.is_empty() {
                self.por_dead_end(&mut por, &nodes, n);
            }
            for sc in succ {
                self.insert_succ(&mut por, &mut nodes, &mut index, &mut work, n, sc);
            }
            for (p, sc) in std::mem::take(&mut por.ready) {
                self.insert_succ(&mut por, &mut nodes, &mut index, &mut work, p, sc);
            }
        }
        self.por_stats(&por, &nodes);
        Ok((nodes, None))
    }

    /// Inserts successor `sc` of node `n` unless an earlier node covers it.
    fn insert_succ(
        &mut self,
        por: &mut por::Por,
        nodes: &mut Vec<Node>,
        index: &mut Covers,
        work: &mut VecDeque<usize>,
        n: usize,
        sc: Succ,
    ) {
        let child = if por.active() {
            Some(self.por_child(por, nodes, n, &sc))
        } else {
            None
        };
        let list = index
            .exact
            .entry(control_key(&sc.locs, &sc.sched, sc.scheduled))
            .or_default();
        let mut coverer = list.iter().copied().find(|&w| {
            let m = &nodes[w];
            m.scheduled == sc.scheduled
                && m.locs == sc.locs
                && m.sched == sc.sched
                && sc.regions.entails(&m.regions)
                && child.as_ref().is_none_or(|c| self.por_may_cover(por, w, c))
        });
        if coverer.is_none() {
            if let Some(sx) = index.sym.as_mut() {
                coverer = self.sym_cover(sx, nodes, &sc);
            }
        }
        if let Some(w) = coverer {
            self.covers += 1;
            let existing = nodes.len();
            self.arf_covered(existing, n, &sc.locs, &sc.sched, &sc.regions, &sc.label, w);
            if let Some(c) = child {
                self.por_covered(por, c, w);
            }
            return;
        }
        let id = nodes.len();
        index
            .exact
            .entry(control_key(&sc.locs, &sc.sched, sc.scheduled))
            .or_default()
            .push(id);
        nodes.push(Node {
            locs: sc.locs,
            sched: sc.sched,
            regions: sc.regions,
            parent: Some((n, sc.label)),
            scheduled: sc.scheduled,
        });
        if let Some(sx) = index.sym.as_mut() {
            sx.record(nodes, id);
        }
        if let Some(c) = child {
            self.por_push(por, c);
        }
        self.nodes += 1;
        work.push_back(id);
    }

    fn sched_label(text: String) -> Label {
        Label {
            step: None,
            action: Action::default(),
            nondet: Vec::new(),
            text: Some(text),
        }
    }

    /// Havocs the locals of instance `inst` running `entry`.
    fn havoc_locals(&self, a: &mut Action, entry: ThreadId, inst: u8) {
        for &v in &self.locals_of[entry.0 as usize] {
            // thread-local objects start at their initial value, other locals are arbitrary
            let r = self
                .prog
                .var(v)
                .thread_start()
                .map_or(Rhs::Havoc, Rhs::Const);
            a.assign((v, inst), r);
        }
    }

    /// The ARF connector from `node` to the scheduler state `s2` reached by `ev` (a `sched` or
    /// `preempt` outcome). When `ev` restarts an interrupt handler, the handler's instance starts
    /// at its entry with havocked locals; None when that post is empty.
    fn connector(&mut self, node: &Node, s2: SchedState, ev: &SchedEvent) -> Res<Option<Succ>> {
        let mut locs = node.locs.clone();
        let mut regions = node.regions.clone();
        let mut label = Self::sched_label(ev.text.clone());
        let mut s2 = s2;
        let restart = self
            .binder
            .restarted(&mut s2, ev)
            .map_err(|e| Stop::Verdict(Verdict::Unknown(UnknownReason::classify(e.to_string()))))?;
        if let Some(rs) = restart {
            let isr = rs.inst;
            rs.place(self.prog, &mut locs);
            let mut a = Action::default();
            self.havoc_locals(&mut a, rs.entry, isr.0);
            if let Some((p, v)) = rs.param {
                a.assign((p, isr.0), Rhs::Const(v));
            }
            match self.post(&regions, &node.locs, &locs, &a, &[isr.0])? {
                Some(p) => regions = p,
                None => return Ok(None),
            }
            label.action = a;
        }
        Ok(Some(Succ {
            locs,
            sched: s2,
            regions,
            label,
            scheduled: true,
        }))
    }

    /// Expands node `n` into `succ`; returns a counterexample or blocker instead when found.
    fn expand(&mut self, nodes: &[Node], n: usize, succ: &mut Vec<Succ>) -> Res<Option<Found>> {
        let node = &nodes[n];
        let st = &node.sched;
        let blocker = |key: BlockKey, reason: UnknownReason, loc: Option<Loc>| Found::Blocker {
            n,
            key,
            reason: match loc {
                Some(l) if l != Loc::default() => {
                    reason.with_suffix(&format!(" (line {})", l.line))
                }
                _ => reason,
            },
        };
        let Some(r) = running(st) else {
            if st.ended || all_finished(st) {
                return Ok(None);
            }
            let outs = match sched::sched(self.spec, st) {
                Ok(o) => o,
                Err(e) => {
                    let reason = e.to_string();
                    return Ok(self.blocked(blocker(
                        BlockKey::Sched(reason.clone()),
                        UnknownReason::classify(reason),
                        None,
                    )));
                }
            };
            for (s2, ev) in outs {
                if let Some(c) = self.connector(node, s2, &ev)? {
                    succ.push(c);
                }
            }
            return Ok(None);
        };
        let inst = r.0;
        let entry = st.thread(r).entry;
        let cfg = self.prog.thread(entry);
        let Some(&l) = node.locs.get(r.index()) else {
            return Err(Stop::Verdict(Verdict::Unknown(UnknownReason::internal(
                "internal error: thread instance without location",
            ))));
        };
        let number = st.instance_number(r);
        if l == cfg.exit {
            // Still running at its exit (e.g. it yielded on its last edge): it finishes now.
            let s2 = match sched::thread_exit(self.spec, st, r) {
                Ok(s) => s,
                Err(e) => {
                    let reason = e.to_string();
                    return Ok(self.blocked(blocker(
                        BlockKey::Sched(reason.clone()),
                        UnknownReason::classify(reason),
                        None,
                    )));
                }
            };
            succ.push(Succ {
                locs: node.locs.clone(),
                sched: s2,
                regions: node.regions.clone(),
                label: Self::sched_label(format!("{} exits", st.thread_name(r))),
                scheduled: false,
            });
            return Ok(None);
        }
        // Preemption (connectors) before a shared access, a primitive, an atomic-section
        // start or the thread's last edge (`sched::is_preemption_point_edge`).
        let preempt_here = |e: &crate::ir::Edge| {
            sched::is_preemption_point_edge(self.spec, st, e, cfg.exit, self.prog)
        };
        if !node.scheduled && cfg.out_edges(l).any(|(_, e)| preempt_here(e)) {
            match sched::preempt(self.spec, st) {
                Ok(outs) => {
                    for (s2, ev) in outs.into_iter().skip(1) {
                        if let Some(c) = self.connector(node, s2, &ev)? {
                            succ.push(c);
                        }
                    }
                }
                Err(e) => {
                    let reason = e.to_string();
                    return Ok(self.blocked(blocker(
                        BlockKey::Sched(reason.clone()),
                        UnknownReason::classify(reason),
                        None,
                    )));
                }
            }
        }
        for (eid, e) in cfg.out_edges(l) {
            let bkey = BlockKey::Edge(entry, eid);
            match &e.op {
                Op::Error(_) => {
                    return Ok(Some(Found::Error {
                        n,
                        thread: entry,
                        inst,
                        edge: eid,
                    }))
                }
                Op::Unsupported(why) => {
                    if let Some(f) = self.blocked(blocker(
                        bkey,
                        UnknownReason::of_unsupported_edge(why.clone()),
                        Some(e.loc),
                    )) {
                        return Ok(Some(f));
                    }
                    continue;
                }
                _ => {}
            }
            let lookup = |v: VarId| self.binder.value(st, r, v);
            let tracked = |v: VarId| self.binder.is_tracked(v);
            let call = match sched::bind_with(self.spec, &e.op, self.prog, &lookup, &tracked) {
                Ok(c) => c,
                Err(be) => {
                    if let Some(f) = self.blocked(blocker(
                        bkey,
                        UnknownReason::classify(be.to_string()),
                        Some(e.loc),
                    )) {
                        return Ok(Some(f));
                    }
                    continue;
                }
            };
            let step_nondet = |me: &Self| -> Vec<VKey> {
                match &e.op {
                    Op::Nondet(v) => vec![me.key(*v, inst)],
                    Op::Call { ret, may_write, .. } => ret
                        .iter()
                        .chain(may_write.iter())
                        .map(|v| me.key(*v, inst))
                        .collect(),
                    _ => Vec::new(),
                }
            };
            let mut outcomes: Vec<(Vec<LocId>, SchedState, Label)> = Vec::new();
            match call {
                Some(call) => {
                    let outs = match sched::sexec(self.spec, st, &call) {
                        Ok(o) => o,
                        Err(se) => {
                            if let Some(f) = self.blocked(blocker(
                                bkey,
                                UnknownReason::classify(se.to_string()),
                                Some(e.loc),
                            )) {
                                return Ok(Some(f));
                            }
                            continue;
                        }
                    };
                    for (rv, s2) in outs {
                        let copy = match &rv.copy {
                            Some(cp) => match self.queue_copy(st, entry, inst, cp)? {
                                Ok(c) => Some(c),
                                Err(why) => {
                                    let why = format!(
                                        "unsupported: queue item copies ({}): {why}",
                                        call.func
                                    );
                                    if let Some(f) = self.blocked(blocker(
                                        bkey.clone(),
                                        UnknownReason::classify(why),
                                        Some(e.loc),
                                    )) {
                                        return Ok(Some(f));
                                    }
                                    continue;
                                }
                            },
                            None => None,
                        };
                        if !rv.advance {
                            let mut label = Self::sched_label(rv.label.clone());
                            label.text = Some(rv.label.clone());
                            outcomes.push((node.locs.clone(), s2, label));
                            continue;
                        }
                        let mut a = Action::default();
                        if let Op::Call {
                            ret: Some(rv_var), ..
                        } = &e.op
                        {
                            let k = self.key(*rv_var, inst);
                            match rv.ret {
                                Some(c) => a.assign(k, Rhs::Const(c)),
                                None => a.assign(k, Rhs::Havoc),
                            }
                        }
                        for (v, c) in &rv.writes {
                            a.assign(self.key(*v, inst), Rhs::Const(*c));
                        }
                        for (k, rhs) in copy.into_iter().flatten() {
                            a.assign(k, rhs);
                        }
                        let mut locs = node.locs.clone();
                        locs[r.index()] = e.to;
                        let mut s2 = s2;
                        for t in [rv.spawned, rv.restart].into_iter().flatten() {
                            let te = s2.thread(t).entry;
                            let spawner = (Some(t) == rv.spawned).then_some(r);
                            if let Err(se) =
                                self.binder
                                    .spawned(&mut s2, spawner, t, te, call.data_arg.as_ref())
                            {
                                return Ok(self.blocked(blocker(
                                    bkey.clone(),
                                    UnknownReason::classify(se.to_string()),
                                    Some(e.loc),
                                )));
                            }
                            if locs.len() <= t.index() {
                                locs.resize(t.index() + 1, LocId(0));
                            }
                            locs[t.index()] = self.prog.thread(te).entry;
                            self.havoc_locals(&mut a, te, t.0);
                            if Some(t) == rv.spawned {
                                if let (Some(p), Some(d)) =
                                    (self.prog.thread(te).param, call.data_arg.as_ref())
                                {
                                    let d = self.binder.specialise(st, r, d);
                                    a.assign((p, t.0), Rhs::Expr(d, inst));
                                }
                            }
                        }
                        let s2 = self.exit_check(s2, r, e.to, cfg.exit)?;
                        let (s2, exit_text) = match s2 {
                            Ok(s) => s,
                            Err(why) => {
                                if let Some(f) = self.blocked(blocker(
                                    bkey.clone(),
                                    UnknownReason::classify(why),
                                    Some(e.loc),
                                )) {
                                    return Ok(Some(f));
                                }
                                continue;
                            }
                        };
                        let mut nondet = step_nondet(self);
                        if let Some(t) = rv.spawned {
                            // The interpreter takes the new instance's parameter as one more
                            // nondet value of the spawning call.
                            if let Some(p) = self.prog.thread(s2.thread(t).entry).param {
                                nondet.push((p, t.0));
                            }
                        }
                        let text = match exit_text {
                            Some(x) => format!("{}; {x}", rv.label),
                            None => rv.label.clone(),
                        };
                        let label = Label {
                            step: Some((entry, inst, number, eid)),
                            action: a,
                            nondet,
                            text: Some(text),
                        };
                        outcomes.push((locs, s2, label));
                    }
                }
                None => {
                    let mut a = Action::default();
                    match &e.op {
                        Op::Assign(v, x) => a.assign(
                            self.key(*v, inst),
                            Rhs::Expr(self.binder.specialise(st, r, x), inst),
                        ),
                        Op::Nondet(v) => a.assign(self.key(*v, inst), Rhs::Havoc),
                        Op::Assume(c) => {
                            // tracked variables are exact: an assume they falsify is infeasible
                            if self.binder.decide(st, r, c) == Some(false) {
                                continue;
                            }
                            a.assumes.push((self.binder.specialise(st, r, c), inst))
                        }
                        Op::Call { ret, may_write, .. } => {
                            for v in ret.iter().chain(may_write.iter()) {
                                a.assign(self.key(*v, inst), Rhs::Havoc);
                            }
                        }
                        _ => {}
                    }
                    let s1 = match self.binder.track(st, r, &e.op) {
                        Ok(s) => s.unwrap_or_else(|| st.clone()),
                        Err(se) => {
                            if let Some(f) = self.blocked(blocker(
                                bkey,
                                UnknownReason::classify(se.to_string()),
                                Some(e.loc),
                            )) {
                                return Ok(Some(f));
                            }
                            continue;
                        }
                    };
                    let (s2, exit_text) = match self.exit_check(s1, r, e.to, cfg.exit)? {
                        Ok(s) => s,
                        Err(why) => {
                            if let Some(f) = self.blocked(blocker(
                                bkey,
                                UnknownReason::classify(why),
                                Some(e.loc),
                            )) {
                                return Ok(Some(f));
                            }
                            continue;
                        }
                    };
                    let mut locs = node.locs.clone();
                    locs[r.index()] = e.to;
                    let label = Label {
                        step: Some((entry, inst, number, eid)),
                        action: a,
                        nondet: step_nondet(self),
                        text: exit_text,
                    };
                    outcomes.push((locs, s2, label));
                }
            }
            for (locs, s2, label) in outcomes {
                // the running thread, and the instances whose locals the step writes (spawn)
                let mut exact = vec![inst];
                for ((_, j), _) in &label.action.assigns {
                    if *j != GLOBAL && !exact.contains(j) {
                        exact.push(*j);
                    }
                }
                if let Some(regions) =
                    self.post(&node.regions, &node.locs, &locs, &label.action, &exact)?
                {
                    succ.push(Succ {
                        locs,
                        sched: s2,
                        regions,
                        label,
                        scheduled: false,
                    });
                }
            }
        }
        Ok(None)
    }

    /// The thread reaching its CFG exit finishes (`thread_exit`); the second component is the
    /// trace text when it did.
    #[allow(clippy::type_complexity)]
    fn exit_check(
        &self,
        s: SchedState,
        r: ThreadInstance,
        to: LocId,
        exit: LocId,
    ) -> Res<Result<(SchedState, Option<String>), String>> {
        if to == exit && s.thread(r).status == sched::ThreadStatus::Running {
            let text = sched::replay::exit_text(&s, r);
            return Ok(sched::thread_exit(self.spec, &s, r)
                .map(|s| (s, Some(text)))
                .map_err(|e| e.to_string()));
        }
        Ok(Ok((s, None)))
    }

    /// A blocker: None when already known feasible (the node is just not expanded there).
    fn blocked(&mut self, f: Found) -> Option<Found> {
        if let Found::Blocker { key, .. } = &f {
            if self.feasible_blockers.contains_key(key) {
                return None;
            }
        }
        Some(f)
    }

    // ------------------------------------------------------------------ counterexamples

    /// The nodes from the root to `n`.
    fn path_nodes(nodes: &[Node], n: usize) -> Vec<usize> {
        let mut out = vec![n];
        let mut c = n;
        while let Some((p, _)) = &nodes[c].parent {
            out.push(*p);
            c = *p;
        }
        out.reverse();
        out
    }

    fn path_labels(nodes: &[Node], n: usize) -> Vec<Label> {
        let mut out = Vec::new();
        let mut c = n;
        while let Some((p, l)) = &nodes[c].parent {
            out.push(l.clone());
            c = *p;
        }
        out.reverse();
        out
    }

    fn analyse(&mut self, nodes: &[Node], f: Found) -> Res<()> {
        let n = match &f {
            Found::Error { n, .. } | Found::Blocker { n, .. } => *n,
        };
        let labels = Self::path_labels(nodes, n);
        let pf = self.path_formula(&labels);
        if debug() {
            for (i, p) in pf.parts.iter().enumerate() {
                eprintln!("[esst]   path part {i}: {p}");
            }
        }
        let mut ctx = Context::new();
        ctx.assert_all(&pf.parts);
        match ctx.check_with_timeout(self.remaining()) {
            SatResult::Unknown => Err(self.solver_unknown()),
            SatResult::Sat => {
                let steps = if self.enc.sem != Semantics::WrappedInt {
                    let m = ctx.model().ok_or_else(|| self.solver_unknown())?;
                    self.steps_from_model(&labels, &pf, &self.enc, &m)
                } else {
                    drop(ctx);
                    let bv = Encoder::new(Semantics::BitVector);
                    let saved = std::mem::replace(&mut self.enc, bv);
                    let bpf = self.path_formula(&labels);
                    let mut bctx = Context::new();
                    bctx.assert_all(&bpf.parts);
                    let r = bctx.check_with_timeout(self.remaining());
                    let res = match r {
                        SatResult::Sat => match bctx.model() {
                            Some(m) => Ok(self.steps_from_model(&labels, &bpf, &self.enc, &m)),
                            None => Err(self.solver_unknown()),
                        },
                        SatResult::Unsat => Err(Stop::NeedBitVector),
                        SatResult::Unknown => Err(self.solver_unknown()),
                    };
                    self.enc = saved;
                    res?
                };
                match f {
                    Found::Error {
                        thread, inst, edge, ..
                    } => {
                        let mut steps = steps;
                        let st = &nodes[n].sched;
                        let number = st
                            .threads
                            .get(inst as usize)
                            .map(|_| st.instance_number(ThreadInstance(inst)))
                            .unwrap_or(0);
                        steps.push(Step::Edge {
                            thread,
                            instance: number,
                            edge,
                            nondet: Vec::new(),
                            assigned: Vec::new(),
                        });
                        let e = self.prog.thread(thread).edge(edge);
                        let description = match &e.op {
                            Op::Error(ErrorKind::AssertFail(t)) => format!("assertion {t}"),
                            _ => "reach_error()".to_string(),
                        };
                        Err(Stop::Verdict(Verdict::Unsafe(Counterexample {
                            violation: Violation::Property {
                                description,
                                loc: e.loc,
                            },
                            steps,
                        })))
                    }
                    Found::Blocker { key, reason, .. } => {
                        if debug() {
                            eprintln!("[esst] feasible blocker: {reason}");
                        }
                        self.feasible_blockers.insert(key, reason);
                        Ok(())
                    }
                }
            }
            SatResult::Unsat => {
                drop(ctx);
                // Interpolate first under mathematical integers (no wraparound `ite`s, which
                // MCSAT handles badly); any predicate is sound, so these are used whenever
                // the integer path is infeasible too. When they add nothing new (e.g.
                // `r = x + 1` does not survive a wrapping `+ 1`, so the same spurious path
                // comes back), interpolate the exact (WrappedInt / BitVector) formula.
                let path = Self::path_nodes(nodes, n);
                // the state each interpolant describes: after the step of its part
                let at_of = |pf: &PathFormula| -> Vec<(Vec<LocId>, Option<u8>)> {
                    pf.part_label
                        .iter()
                        .map(|pl| match pl {
                            None => (nodes[path[0]].locs.clone(), None),
                            Some(li) => (
                                nodes[path[li + 1]].locs.clone(),
                                labels[*li].step.map(|s| s.1),
                            ),
                        })
                        .collect()
                };
                self.refinements += 1;
                if debug() {
                    for (i, p) in pf.parts.iter().enumerate() {
                        eprintln!("[esst]   exact part {i}: {p}");
                    }
                }
                let mut added = 0;
                let mut itps = Vec::new();
                if self.enc.sem == Semantics::WrappedInt {
                    let saved = std::mem::replace(&mut self.enc, Encoder::new(Semantics::Integer));
                    let ipf = self.path_formula(&labels);
                    self.enc = saved;
                    let t = self
                        .remaining()
                        .map_or(Duration::from_secs(10), |r| r.min(Duration::from_secs(10)));
                    if debug() {
                        for (i, p) in ipf.parts.iter().enumerate() {
                            eprintln!("[esst]   integer part {i}: {p}");
                        }
                    }
                    // not sliced: the unsat core of the integer formula often keeps only
                    // the values of one unrolling (counting interpolants, no convergence on
                    // transmitter / producer_consumer / isr_shared_counter)
                    let sl = ipf.parts.clone();
                    if debug() {
                        for (i, p) in sl.iter().enumerate() {
                            eprintln!("[esst]   sliced part {i}: {p}");
                        }
                    }
                    let mut r = Self::interpolants(&sl, Some(t));
                    if r.is_err() {
                        // MCSAT stalled (it can, on a trivial linear path such as
                        // `result = 2*input`): the path restricted to an unsat core, without
                        // the range facts of irrelevant variables, is interpolated quickly.
                        let t = self
                            .remaining()
                            .map_or(Duration::from_secs(10), |r| r.min(Duration::from_secs(10)));
                        let core = Self::sliced(&ipf, Some(t));
                        r = Self::interpolants(&core, Some(t));
                    }
                    if debug() {
                        eprintln!(
                            "[esst]   integer interpolation: {}",
                            if r.is_ok() { "ok" } else { "failed" }
                        );
                    }
                    if let Ok(v) = r {
                        added = self.place(&v, &ipf.var_of, &at_of(&ipf), true);
                        itps = v;
                    }
                }
                if added == 0 {
                    // no integer interpolants, or they are not enough under wraparound (an
                    // integer invariant such as `token == local + 1` is not preserved by a
                    // wrapping increment): interpolate the exact path formula
                    let t = self.itp_budget(EXACT_ITP_BUDGET);
                    let parts = Self::sliced(&pf, Some(t));
                    match Self::interpolants(&parts, Some(t)) {
                        Ok(v) => {
                            added = self.place(&v, &pf.var_of, &at_of(&pf), false);
                            itps = v;
                        }
                        Err(_) => return Err(self.solver_unknown()),
                    }
                }
                if debug() {
                    let mut c = n;
                    loop {
                        eprintln!(
                            "[esst]   node {c} region {}",
                            nodes[c].regions.to_term(&self.preds)
                        );
                        match &nodes[c].parent {
                            Some((p, _)) => c = *p,
                            None => break,
                        }
                    }
                    for l in &labels {
                        eprintln!("[esst]   step {:?} {:?} {:?}", l.step, l.action, l.text);
                    }
                    for (i, p) in pf.parts.iter().enumerate() {
                        eprintln!("[esst]   part {i}: {p}");
                    }
                    for (i, p) in itps.iter().enumerate() {
                        eprintln!("[esst]   itp {i}: {p}");
                    }
                }
                if debug() {
                    eprintln!(
                        "[esst] refinement {}: path of {} steps, {} new predicates (total {})",
                        self.refinements,
                        labels.len(),
                        added,
                        self.precs.len()
                    );
                }
                if added == 0 {
                    if self.boolean {
                        return Err(Stop::Verdict(Verdict::Unknown(UnknownReason::no_progress(
                            "refinement made no progress",
                        ))));
                    }
                    self.boolean = true;
                }
                Ok(())
            }
        }
    }

    /// Time for one interpolation: `cap`, at most the time left.
    fn itp_budget(&self, cap: Duration) -> Duration {
        self.remaining().map_or(cap, |r| r.min(cap))
    }

    /// Adds the predicates of `itps` at their homes, else (when that adds nothing: the
    /// thread regions lost them to E2.2 havoc) to π; returns how many placements are new.
    fn place(
        &mut self,
        itps: &[Term],
        var_of: &HashMap<Term, VKey>,
        at: &[(Vec<LocId>, Option<u8>)],
        wrap: bool,
    ) -> usize {
        let added = self.add_predicates(itps, var_of, at, false, wrap);
        if added == 0 && self.placement != PlacementKind::Global {
            return self.add_predicates(itps, var_of, at, true, wrap);
        }
        added
    }

    /// Where a predicate over `keys` learned from an interpolant at a state with thread
    /// locations `locs`, just after a step of instance `stepper`, goes (seed section 4.1):
    /// over the locals of one instance `j` only, to `j`'s precision (at its location under
    /// `Location`); over `j`'s locals and globals, the same when `j` made the step (another
    /// thread's step would havoc it at once, E2.2), else π; over globals only or several
    /// instances, and everything under `Global`, to π.
    fn home(&self, keys: &[VKey], locs: &[LocId], stepper: Option<u8>) -> Home {
        if self.placement == PlacementKind::Global {
            return Home::Global;
        }
        let insts: BTreeSet<u8> = keys.iter().filter(|k| k.1 != GLOBAL).map(|k| k.1).collect();
        if insts.len() != 1 {
            return Home::Global;
        }
        let j = *insts.iter().next().expect("one instance");
        let globals = keys.iter().any(|k| k.1 == GLOBAL);
        if globals && stepper != Some(j) {
            return Home::Global;
        }
        match (self.placement, locs.get(j as usize)) {
            (PlacementKind::Location, Some(l)) => Home::Loc(j, *l),
            _ => Home::Thread(j),
        }
    }

    /// Adds the un-SSA'd interpolant atoms (and their copies for the other instances of the
    /// same entry) to the precisions: the atoms of `itps[k]` at the home chosen for the state
    /// `at[k]` (thread locations, instance that made the step), or all to π when
    /// `force_global`; returns how many placements are new. With `wrap` (integer
    /// interpolants used in a WrappedInt analysis), every equality `a = b` over two or more
    /// variables of one integer width `w` (also `a >= b`) gives `(a - b) mod 2^w = 0`, its wraparound
    /// form (`token = local + 1` does not survive a wrapping `+ 1`; its wrapped form does).
    fn add_predicates(
        &mut self,
        itps: &[Term],
        var_of: &HashMap<Term, VKey>,
        at: &[(Vec<LocId>, Option<u8>)],
        force_global: bool,
        wrap: bool,
    ) -> usize {
        let mut added = 0;
        let mut atoms: Vec<(Term, usize)> = Vec::new();
        for (k, itp) in itps.iter().enumerate() {
            for a in itp.atoms() {
                let w = if wrap {
                    self.wrapped_eq(a, var_of)
                } else {
                    None
                };
                for a in std::iter::once(a).chain(w) {
                    if !atoms.contains(&(a, k)) {
                        atoms.push((a, k));
                    }
                }
            }
        }
        for (atom, k) in atoms {
            let fv = atom.free_vars();
            if fv.is_empty() {
                continue;
            }
            let mut keys = Vec::new();
            let mut ok = true;
            for t in &fv {
                match var_of.get(t) {
                    Some(k) => keys.push(*k),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            let (locs, stepper) = at.get(k).cloned().unwrap_or_default();
            let home = if force_global {
                Home::Global
            } else {
                self.home(&keys, &locs, stepper)
            };
            // Instances this atom speaks about (locals): instantiate for same-entry instances.
            let insts: BTreeSet<u8> = keys.iter().filter(|k| k.1 != GLOBAL).map(|k| k.1).collect();
            let mut variants: Vec<(Vec<VKey>, Home)> = vec![(keys.clone(), home)];
            if insts.len() == 1 {
                let i = *insts.iter().next().expect("one");
                let entries: Vec<ThreadId> = self
                    .seen_instances
                    .iter()
                    .filter(|(x, _)| *x == i)
                    .map(|(_, e)| *e)
                    .collect();
                for (j, ej) in self.seen_instances.clone() {
                    if j != i && entries.contains(&ej) {
                        let ok_vars = keys
                            .iter()
                            .all(|k| k.1 == GLOBAL || self.prog.var(k.0).scope == Scope::Local(ej));
                        if ok_vars {
                            let h = match home {
                                Home::Global => Home::Global,
                                Home::Thread(_) => Home::Thread(j),
                                Home::Loc(_, l) => Home::Loc(j, l),
                            };
                            variants.push((
                                keys.iter()
                                    .map(|k| if k.1 == GLOBAL { *k } else { (k.0, j) })
                                    .collect(),
                                h,
                            ));
                        }
                    }
                }
            }
            for (vk, h) in variants {
                let to: Vec<Term> = vk.iter().map(|k| self.canon(*k)).collect();
                let p = atom.subst(&fv, &to);
                if p.is_true() || p.is_false() {
                    continue;
                }
                let (id, fresh) = self.preds.intern(p);
                if fresh {
                    let mut ks = vk.clone();
                    ks.sort();
                    ks.dedup();
                    self.pred_keys.push(ks);
                }
                if self.precs.add(h, id) {
                    for k in &self.pred_keys[id.0 as usize] {
                        self.prec_keys.insert(*k);
                    }
                    added += 1;
                }
            }
        }
        added
    }

    /// `(a - b) mod 2^w = 0` for an integer equality `a = b` or inequality `a >= b` over two
    /// or more variables (mapped by `var_of`) of integer types of one width `w`, else None
    /// (interpolants often state an equality as two inequalities).
    fn wrapped_eq(&self, atom: Term, var_of: &HashMap<Term, VKey>) -> Option<Term> {
        let (a, b) = atom.cmp_sides()?;
        if !a.is_int() || !b.is_int() {
            return None;
        }
        let fv = atom.free_vars();
        if fv.len() < 2 {
            return None;
        }
        let mut width = None;
        for t in &fv {
            let k = var_of.get(t)?;
            let w = match self.ty(*k) {
                Type::Int { bits, .. } if bits < 64 => bits,
                _ => return None,
            };
            if *width.get_or_insert(w) != w {
                return None;
            }
        }
        let m = Term::int(1i128 << width?);
        Some(a.sub(b).int_mod(m).eq(Term::int(0)))
    }

    /// The SSA path formula of the suppressed ARF path: one part per non-empty step.
    fn path_formula(&mut self, labels: &[Label]) -> PathFormula {
        let mut cur: HashMap<VKey, Term> = HashMap::new();
        let mut var_of: HashMap<Term, VKey> = HashMap::new();
        let mut parts = Vec::new();
        let mut after: Vec<Vec<Term>> = Vec::with_capacity(labels.len());
        let mut written: Vec<Vec<(VKey, Term)>> = Vec::with_capacity(labels.len());
        // The initial values of the globals form the first part (the root's abstraction).
        let mut init_facts = Vec::new();
        // (and of main's thread-local objects: instance 0 exists from the start)
        for (i, v) in self.prog.vars.iter().enumerate() {
            let k = match v.scope {
                Scope::Global => (VarId(i as u32), GLOBAL),
                Scope::Local(ThreadId(0)) => (VarId(i as u32), 0),
                Scope::Local(_) => continue,
            };
            if v.init.is_some() {
                self.initial_value(k, &mut cur, &mut var_of, &mut init_facts);
            }
        }
        parts.push(Term::and(&init_facts));
        let mut part_facts = vec![init_facts];
        let mut part_label: Vec<Option<usize>> = vec![None];
        for (i, l) in labels.iter().enumerate() {
            let mut facts: Vec<Term> = Vec::new();
            let mut pre: HashMap<VKey, Term> = HashMap::new();
            for k in self.action_reads(&l.action) {
                let t = self.initial_value(k, &mut cur, &mut var_of, &mut facts);
                pre.insert(k, t);
            }
            let mut post: HashMap<VKey, Term> = HashMap::new();
            let mut posts = Vec::new();
            for (k, _) in &l.action.assigns {
                let t = self.fresh_term(*k, &format!("@{i}."));
                var_of.insert(t, *k);
                post.insert(*k, t);
                posts.push((*k, t));
            }
            let cons = self.encode_action(&l.action, &pre, &post);
            for (k, t) in &posts {
                cur.insert(*k, *t);
            }
            let vals: Vec<Term> = l
                .nondet
                .iter()
                .map(|k| self.initial_value(*k, &mut cur, &mut var_of, &mut facts))
                .collect();
            after.push(vals);
            written.push(posts);
            facts.extend(cons);
            if !facts.is_empty() {
                parts.push(Term::and(&facts));
                part_label.push(Some(i));
                part_facts.push(facts);
            }
        }
        PathFormula {
            parts,
            part_facts,
            part_label,
            var_of,
            after,
            written,
        }
    }

    /// Sequence interpolants of `parts` (one per cut), computed without the parts that are
    /// `true` (Yices' MCSAT interpolation can fail on a cut whose new part is `true`): the
    /// interpolant of a cut after a `true` part is the previous one.
    fn interpolants(parts: &[Term], t: Option<Duration>) -> Result<Vec<Term>, SatResult> {
        let kept: Vec<usize> = (0..parts.len()).filter(|&i| !parts[i].is_true()).collect();
        let c: Vec<Term> = kept.iter().map(|&i| parts[i]).collect();
        let ci = if c.len() < 2 {
            // one part: unsat on its own (or the whole formula is `true`: satisfiable)
            if c.is_empty() {
                return Err(SatResult::Sat);
            }
            Self::retrying_interpolants(&c, t)?;
            Vec::new()
        } else {
            Self::retrying_interpolants(&c, t)?
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

    /// `smt::sequence_interpolants`, retried over fresh copies of the constants when it gives
    /// up: MCSAT sometimes stalls on a trivial linear problem and solves the same problem over
    /// renamed constants at once (its search order depends on the terms).
    fn retrying_interpolants(parts: &[Term], t: Option<Duration>) -> Result<Vec<Term>, SatResult> {
        let start = Instant::now();
        let left = |cap: Duration| {
            let r = t.map(|t| t.saturating_sub(start.elapsed()));
            Some(r.map_or(cap, |r| r.min(cap)))
        };
        // A stall is a matter of the search order, not of the problem (the same path over
        // renamed constants is often solved at once): many short attempts first.
        const CAPS_MS: [u64; 11] = [250, 250, 250, 500, 500, 1000, 1000, 2000, 2000, 4000, 8000];
        match smt::sequence_interpolants(parts, left(Duration::from_millis(CAPS_MS[0]))) {
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
            if t.is_some_and(|t| start.elapsed() >= t) {
                break;
            }
            let n = RETRY_COUNTER.fetch_add(1, Ordering::Relaxed);
            let fresh: Vec<Term> = vars
                .iter()
                .enumerate()
                .map(|(i, v)| Term::var(&format!("itp~r{n}~{i}"), v.sort()))
                .collect();
            let renamed: Vec<Term> = parts.iter().map(|p| p.subst(&vars, &fresh)).collect();
            let cap = Duration::from_millis(*cap_ms);
            match smt::sequence_interpolants(&renamed, left(cap)) {
                Ok(v) => return Ok(v.iter().map(|i| i.subst(&fresh, &vars)).collect()),
                Err(SatResult::Unknown) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(SatResult::Unknown)
    }

    /// The parts of an unsatisfiable path formula restricted to an unsat core of their
    /// conjuncts (interpolation of the slice is much faster, e.g. without the range facts of
    /// irrelevant variables; its interpolants still refute the path); the parts themselves
    /// when no core is found.
    fn sliced(pf: &PathFormula, t: Option<Duration>) -> Vec<Term> {
        let all: Vec<Term> = pf.part_facts.iter().flatten().copied().collect();
        let mut ctx = Context::new();
        if ctx.check_assuming_with_timeout(&all, t) != SatResult::Unsat {
            return pf.parts.clone();
        }
        let core: HashSet<Term> = ctx.unsat_core().into_iter().collect();
        if core.is_empty() {
            return pf.parts.clone();
        }
        pf.part_facts
            .iter()
            .map(|f| {
                let kept: Vec<Term> = f.iter().copied().filter(|x| core.contains(x)).collect();
                Term::and(&kept)
            })
            .collect()
    }

    /// The current SSA term of `k`, creating its initial constant (with its initial-value or
    /// range fact in `facts`) on first use.
    fn initial_value(
        &mut self,
        k: VKey,
        cur: &mut HashMap<VKey, Term>,
        var_of: &mut HashMap<Term, VKey>,
        facts: &mut Vec<Term>,
    ) -> Term {
        if let Some(t) = cur.get(&k) {
            return *t;
        }
        let t = self.fresh_term(k, "@init");
        let v = self.prog.var(k.0);
        match v.init {
            Some(c) => facts.push(t.eq(self.enc.constant(v.ty.wrap(c), v.ty))),
            None => facts.push(self.enc.range(t, v.ty)),
        }
        cur.insert(k, t);
        var_of.insert(t, k);
        t
    }

    fn steps_from_model(
        &self,
        labels: &[Label],
        pf: &PathFormula,
        enc: &Encoder,
        m: &Model,
    ) -> Vec<Step> {
        let mut steps = Vec::new();
        for (i, l) in labels.iter().enumerate() {
            if let Some((thread, _, number, edge)) = l.step {
                let val = |k: VKey, t: Term| {
                    let ty = self.ty(k);
                    enc.decode(m, t, ty).map(|x| ty.wrap(x)).unwrap_or(0)
                };
                let nondet = l
                    .nondet
                    .iter()
                    .zip(pf.after[i].iter())
                    .map(|(k, t)| val(*k, *t))
                    .collect();
                let assigned = pf.written[i]
                    .iter()
                    .filter(|(k, _)| (k.0 .0 as usize) < self.ghosts.orig_vars)
                    .filter(|(k, _)| k.1 == GLOBAL || Some(k.1) == l.step.map(|s| s.1))
                    .map(|(k, t)| (k.0, val(*k, *t)))
                    .collect();
                steps.push(Step::Edge {
                    thread,
                    instance: number,
                    edge,
                    nondet,
                    assigned,
                });
            }
            if let Some(t) = &l.text {
                steps.push(Step::Sched(t.clone()));
            }
        }
        steps
    }
}

struct PathFormula {
    parts: Vec<Term>,
    /// Per part: its conjuncts.
    part_facts: Vec<Vec<Term>>,
    /// Per part: the label it encodes (None: the initial values).
    part_label: Vec<Option<usize>>,
    var_of: HashMap<Term, VKey>,
    /// Per label: the SSA terms of its `nondet` keys after the step.
    after: Vec<Vec<Term>>,
    /// Per label: the post terms of its assignments.
    written: Vec<Vec<(VKey, Term)>>,
}
