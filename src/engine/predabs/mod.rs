//! Lazy predicate abstraction with interpolant refinement (the sequential core of ESST):
//! `--engine predabs`.
//!
//! # Design
//!
//! **ART with large blocks.** The abstract reachability tree is built over the inlined CFG of
//! `threads[0]`. Abstractions are computed only at *abstraction points*: loop heads and the
//! error location ([`block::abstraction_points`]); the CFG between abstraction points is acyclic,
//! and [`block::build`] summarises all its paths from one point to each next one as one SSA
//! formula (joins are merged with φ constants, as in CPAchecker's adjustable-block encoding). An
//! ART node is (abstraction point, abstract state); an ART edge is one block. Nodes live in a
//! `slotmap` arena; each records the precision version it was abstracted with.
//!
//! **Abstraction.** Cartesian by default (the strongest cube of predicate literals entailed by
//! the block's post, [`crate::abs::predicate::cartesian`]), Boolean with
//! `--abstraction boolean` (all-SAT, [`crate::abs::predicate::boolean`]). Precisions are per
//! location or global ([`Precision`]). Every block end has its own incremental solver context
//! (only that end's formula: a context with all ends made every check assign all of their
//! Boolean variables). Cartesian posts are cached by (pre-state, block, end) across precision
//! versions: Cartesian abstraction is literal-wise and precisions only grow, so a new version
//! only evaluates the predicates added since; other posts are cached by (pre-state, block, end,
//! precision version). A node is *covered* when an uncovered node created earlier at the same
//! location has a weaker state; covered nodes are not expanded. When refinement removes a
//! covering node, the nodes it covered are re-checked against earlier nodes and re-queued.
//!
//! **Explicit values.** Variables whose every write is determined by other such variables
//! (flags, program counters, bounded counters: [`explicit`]) are not abstracted by predicates
//! but tracked by value in every ART node; a block end has one successor per valuation of the
//! tracked variables it writes (enumerated by the solver, projected when there are too many),
//! the exploration solves blocks specialised to the node's values, and covers require equal
//! values. A counter that takes too many values stops being tracked (the analysis restarts
//! without it). `--no-explicit-values` turns this off.
//!
//! **Refinement.** An abstract path to the error location (or to an `Unsupported` edge) is
//! checked by its path formula (the blocks' formulas chained through fresh boundary constants).
//! If it is unsatisfiable, the cheapest refinement comes first: a Cartesian *replay* of the
//! path over candidate predicates (the atoms of the program's conditions, `x == c` of constant
//! assignments, the affine equalities of a Karr analysis over the explicit values ([`affine`]),
//! and every predicate found so far with the modular closures and pairwise eliminations of its
//! equalities ([`modular`]); cached per block and cube, a grown pool only evaluates its new
//! candidates); when it refutes
//! the path, an unsat-core pass backwards keeps only the needed literals and their predicates
//! go to the path's locations (this excludes the path for good). Interpolation only proposes
//! candidates for the replay: the shortest infeasible suffix of the path started from open data
//! (only the tracked values and the replay's cube known, so its interpolants state relations,
//! not the initial values), single concrete paths consistent with the replay's cubes, then the
//! whole blocks sliced to an unsat core of their conditions and its cone of influence (in
//! mathematical integers first). Failing that, Yices sequence interpolants give predicates
//! (their atoms, boundary constants mapped back to program variables) for the locations of the
//! path's nodes; the subtree below the first node whose precision changed is removed and its
//! parent re-expanded (lazy abstraction). If no node gains a predicate, the path's locations
//! switch from Cartesian to Boolean abstraction (first, before whole-block interpolation, at the
//! locations with at most 20 predicates; with every interpolant atom present, Boolean
//! abstraction provably excludes the path); if nothing changes at all, the answer is
//! `UNKNOWN: refinement made no progress`, never a loop.
//!
//! **Semantics and soundness.** The IR is bit-precise. By default exploration and
//! interpolation use [`Semantics::WrappedInt`]: integers with exact two's-complement wraparound
//! for linear operations, while non-linear and bitwise operations become fresh in-range values.
//! Every bit-vector execution maps to a WrappedInt execution with the same values (an
//! over-approximation), canonical variables carry their type ranges (true invariants of the C
//! program), and the abstract post only keeps literals/cubes proven by the solver, so a complete
//! ART without reachable error node proves the C program safe. A FAILED verdict is given only
//! after the path formula is satisfiable in exact [`Semantics::BitVector`] semantics, and the
//! trace values come from that bit-vector model. If WrappedInt finds a path feasible that
//! bit-vectors refute (an over-approximation artefact), the whole analysis restarts in
//! BitVector semantics (exact; bit-level interpolants are still sound predicates). With
//! `--int-math` everything uses mathematical integers (range facts for nondet and initial
//! values) and SUCCESSFUL says "assuming no integer overflow (--int-math)". Any solver Unknown,
//! timeout or memory limit ends in UNKNOWN; a feasible path to an `Unsupported` edge makes the
//! final verdict UNKNOWN unless a real error is found.

mod affine;
mod arf;
mod block;
pub(crate) mod cexpr;
mod explicit;
mod explore;
mod learn;
mod modular;
mod path;
mod refine;
#[cfg(test)]
mod tests;
mod witness;

/// The random source of this module's randomised unit tests: a linear congruential generator
/// from `seed`, called with `m` for a number below `m`.
#[cfg(test)]
fn test_rng(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |m| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % m
    }
}

use crate::abs::precision::{Precision, Version};
use crate::abs::predicate::{self, AbsError, AbsState, Cube, PredId, PredInstance, PredTable};
use crate::diag::Loc;
use crate::engine::{Abstraction, Deadline, VerifyOptions};
use crate::ir::{BinOp, Cfg, EdgeId, ErrorKind, Expr, LocId, Op, Program, ThreadId, VarId};
use crate::smt::{self, Context, Encoder, Model, SatResult, Semantics, Term};
use crate::verdict::{Counterexample, Outcome, Stats, Step, UnknownReason, Verdict, Violation};
use block::{Block, BuildOpts, EndKey, Namer};
use explicit::{SpecBlock, SpecCtx, SpecKey, Tracked, Vals};
use slotmap::{new_key_type, SlotMap};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What a safe ART says about the loops, for correctness witnesses.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArtSummary {
    /// For each loop head (by location): the disjunction of the abstract states of the ART's
    /// uncovered nodes there, as a C expression over the program variables (`1` when the
    /// state is not expressible in C).
    pub invariants: Vec<(LocId, String)>,
}

/// Runs the sequential predicate-abstraction engine on `threads[0]`.
pub fn verify(prog: &Program, opts: &VerifyOptions) -> Outcome {
    verify_with_art(prog, opts).0
}

/// Like [`verify`], and for a SUCCESSFUL verdict also the loop-head invariants of the final ART.
pub fn verify_with_art(prog: &Program, opts: &VerifyOptions) -> (Outcome, Option<ArtSummary>) {
    let (o, s, _) = verify_with_evidence(prog, opts, false);
    (o, s)
}

/// Like [`verify_with_art`], and with `want_arf` also the final ART as a picture-ready
/// [`Arf`](crate::report::arf::Arf) (any verdict; for FAILED with the error path marked).
pub fn verify_with_evidence(
    prog: &Program,
    opts: &VerifyOptions,
    want_arf: bool,
) -> (Outcome, Option<ArtSummary>, Option<crate::report::arf::Arf>) {
    let mut arf = None;
    let meter = crate::engine::common::Meter::start();
    let deadline = Deadline::new(opts.timeout);
    let mut stats = Stats::default();
    let mut certificate = None;
    let (verdict, summary) = if prog.threads.is_empty() {
        (Verdict::unknown_other("program has no main thread"), None)
    } else if prog.is_concurrent() {
        (Verdict::unknown_other("threads need --engine esst"), None)
    } else {
        let sem = crate::engine::start_semantics(prog, opts, Semantics::WrappedInt);
        // Restarts: in exact bit-vectors when WrappedInt found a spurious counterexample, and
        // without a tracked variable that took too many values.
        let mut sem = sem;
        let mut untracked: HashSet<VarId> = HashSet::new();
        loop {
            let mut an = Analysis::new(prog, opts, sem, &deadline, &untracked);
            let r = an.run();
            an.add_stats(&mut stats);
            match r {
                Err(Stop::NeedBitVector) if sem != Semantics::BitVector => {
                    sem = Semantics::BitVector;
                }
                Err(Stop::Untrack(v)) => {
                    if debug() {
                        eprintln!("[predabs] restart without tracking {}", prog.var(v).name);
                    }
                    untracked.insert(v);
                }
                r => {
                    arf = want_arf.then(|| an.arf_for(&r));
                    let (v, s) = an.finish(r);
                    if matches!(v, Verdict::Safe { .. }) {
                        certificate = Some(Box::new(an.certificate()));
                    }
                    break (v, s);
                }
            }
        }
    };
    meter.finish(&mut stats);
    (
        Outcome {
            verdict,
            stats,
            certificate,
        },
        summary,
        arf,
    )
}

new_key_type! {
    struct NodeId;
}

/// An ART node: an abstraction point and an abstract data region.
#[derive(Debug)]
struct Node {
    loc: LocId,
    state: AbsState,
    /// Values of the tracked variables (see [`explicit`]).
    vals: Vals,
    parent: Option<NodeId>,
    /// The block end by which the parent reached this node.
    via: EndKey,
    children: Vec<NodeId>,
    covered_by: Option<NodeId>,
    covering: Vec<NodeId>,
    /// Creation order (covers only use earlier nodes).
    seq: u64,
    /// Precision version at `loc` used for `state`.
    version: Version,
}

#[derive(Clone, Copy, Debug)]
enum Task {
    Expand(NodeId),
    ExpandEnd(NodeId, EndKey),
}

/// Why the exploration stopped early.
#[derive(Debug)]
enum Stop {
    Verdict(Verdict),
    /// A WrappedInt counterexample is infeasible in bit-vectors: restart exactly.
    NeedBitVector,
    /// A variable tracked by value takes too many values: restart without tracking it.
    Untrack(VarId),
}

type Res<T> = Result<T, Stop>;

use path::*;

/// Rounds of replay-guided single-path interpolation in one refinement.
const GUIDED_ROUNDS: usize = 6;

/// Key of [`Analysis::cart_cache`]: (pre-state, pre-values, block start, root, end,
/// successor values).
type CartKey = (AbsState, Vals, LocId, bool, EndKey, Vals);

/// Key of [`Analysis::post_cache`]: a [`CartKey`] and the precision version.
type PostKey = (AbsState, Vals, LocId, bool, EndKey, Vals, Version);

/// Key of [`Analysis::replay_cache`]: (block start, root, end, cube, the node's tracked values,
/// the successor's tracked values (None after the last segment)).
type ReplayKey = (LocId, bool, EndKey, Vec<(PredId, bool)>, Vals, Option<Vals>);

/// Value of [`Analysis::replay_cache`]: None when the block is unsatisfiable from the cube,
/// else the candidate pool prefix evaluated (its length and last element) and the cube after
/// the block over that prefix (the pool only grows at its end; Cartesian abstraction is
/// literal-wise, so a longer pool only needs its new candidates).
type ReplayVal = Option<(usize, Option<PredId>, Vec<(PredId, bool)>)>;

/// A solver context holding the formulas of one block's ends behind activation literals.
struct BlockCtx {
    ctx: Context,
    act: HashMap<EndKey, Term>,
    /// (block start, root, end) this context belongs to.
    key: (LocId, bool, EndKey),
}

struct Analysis<'a> {
    prog: &'a Program,
    cfg: &'a Cfg,
    opts: &'a VerifyOptions,
    deadline: &'a Deadline,
    w: World,
    /// The exact world for re-checking WrappedInt counterexamples (made on demand).
    bv: Option<World>,
    /// Mathematical integers, for proposing candidate predicates (made on demand).
    iw: Option<World>,
    abs_point: Vec<bool>,
    /// Variables tracked by value instead of by predicates.
    tracked: Tracked,
    /// Distinct values seen per (abstraction point, counter position in `tracked`).
    seen_values: HashMap<(LocId, usize), HashSet<i128>>,
    /// Per tracked position: how often its many values forced merged successors.
    overflows: Vec<u32>,
    /// Loop-counter-like variables (`x = x ± c`), abstracted away first in refinement.
    counters: Vec<bool>,
    has_counters: bool,
    preds: PredTable,
    pred_vars: Vec<Vec<VarId>>,
    prec: Precision,
    art: SlotMap<NodeId, Node>,
    root: Option<NodeId>,
    next_seq: u64,
    per_loc: HashMap<LocId, Vec<NodeId>>,
    work: Vec<Task>,
    blocks: HashMap<(LocId, bool), Rc<Block>>,
    /// One incremental solver context per block end (see [`Analysis::take_ctx`]).
    ctxs: HashMap<(LocId, bool, EndKey), BlockCtx>,
    /// Blocks specialised to the known values at their start (see [`explicit::SpecBlock`]).
    spec_blocks: HashMap<SpecKey, Rc<SpecBlock>>,
    /// Solver contexts of specialised block ends (a bounded cache).
    spec_ctxs: HashMap<(LocId, bool, EndKey), SpecCtx>,
    post_cache: HashMap<PostKey, Option<AbsState>>,
    /// Cartesian posts without groups, independent of the precision version (Cartesian
    /// abstraction is literal-wise, and precisions only grow): (pre-state, block start, root,
    /// end) → None when the end is unreachable, else the number of the target precision's
    /// predicates evaluated so far and the cube over them. A new version only evaluates the
    /// predicates added since.
    cart_cache: HashMap<CartKey, Option<(usize, Cube)>>,
    /// Candidate predicates from the program text (made on first refinement).
    atom_pool: Option<Vec<PredId>>,
    /// Eliminations (see [`modular::eliminate`]): the predicates scanned so far, their atoms,
    /// the linear equalities among them, and the predicates derived (never scanned again).
    lin_scanned: usize,
    lin_atoms: Vec<Term>,
    lin_eqs: Vec<modular::Linear>,
    lin_known: HashSet<Term>,
    lin_derived: HashSet<PredId>,
    /// The affine candidates (see [`affine`]) in the atom pool.
    affine_ids: HashSet<PredId>,
    /// Replay steps already computed: (block start, root, end, cube, pool size) → the cube
    /// after the block (None: the block is unsatisfiable from the cube).
    replay_cache: HashMap<ReplayKey, ReplayVal>,
    /// Per variable, the locations where it is live ([`explicit::live_locs`]), computed on
    /// demand for the replay's candidate filter.
    live_cache: HashMap<VarId, Vec<bool>>,
    unsupported: Option<(String, Loc)>,
    feasible_unsupported: HashSet<EdgeId>,
    /// The node and end of the feasible error path (for the `--dot-arf` picture).
    error_end: Option<(NodeId, EndKey)>,
    nodes: u64,
    covers: u64,
    refinements: u64,
    iterations: u64,
    /// Time and count per activity (printed with `PREDABS_DEBUG`).
    prof: std::collections::BTreeMap<&'static str, (u64, Duration)>,
}

/// Variables incremented or decremented by a constant somewhere (`x = x ± c`, casts allowed).
fn counter_vars(prog: &Program, cfg: &Cfg) -> Vec<bool> {
    fn strip(mut e: &Expr) -> &Expr {
        while let Expr::Cast(_, a) = e {
            e = a;
        }
        e
    }
    let mut c = vec![false; prog.vars.len()];
    for e in &cfg.edges {
        if let Op::Assign(x, rhs) = &e.op {
            if let Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) = strip(rhs) {
                let (a, b) = (strip(a), strip(b));
                let is_x = |t: &Expr| *t == Expr::Var(*x);
                let is_c = |t: &Expr| matches!(t, Expr::Const(..));
                if (is_x(a) && is_c(b)) || (*op == BinOp::Add && is_c(a) && is_x(b)) {
                    c[x.0 as usize] = true;
                }
            }
        }
    }
    c
}

fn debug() -> bool {
    static D: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *D.get_or_init(|| std::env::var_os("PREDABS_DEBUG").is_some())
}

/// Cartesian posts over at most this many undecided predicates use entailment checks
/// ([`predicate::cartesian_by_checks`]) instead of a model and the fixpoint: on large blocks
/// the model construction cost more than a few incremental checks (token ring N = 6: 65% of
/// the run was Yices' `build_model`).
const CHECKS_NOT_MODEL: usize = 64;

/// Affine equalities (see [`affine`]) offered as candidates at most.
const MAX_AFFINE: usize = 256;

/// Predicates derived by eliminations (see [`Analysis::derive_equalities`]) at most.
const MAX_DERIVED: usize = 256;

// The refinement's budgets below are work limits in milliseconds of CPU time of the exploring
// thread ([`Analysis::budget`]); the run's --timeout is its only wall-clock limit.

/// Work budget of the integer interpolation of a replay-guided concrete path.
const GUIDED_INT_ITP_MS: u64 = 2000;
/// Work budget of its interpolation in the exploring world (when the integer one fails); the
/// whole blocks' refinements come next.
const GUIDED_ITP_MS: u64 = 5000;

/// Work budget of each feasibility check of a path suffix (beyond it: no suffix).
const SUFFIX_CHECK_MS: u64 = 1000;

/// Work budget of the interpolation of an infeasible path suffix (per world).
const SUFFIX_ITP_MS: u64 = 2000;

/// Work budget of the interpolation of one concrete CFG path per block (the whole blocks'
/// interpolation comes last, without a budget of its own).
const PATH_ITP_MS: u64 = 10000;

/// Work budget of the unsat-core check that slices a path (beyond it: no slice).
const SLICE_CORE_MS: u64 = 3000;

/// Work budget of the deletion-based minimisation of a slicing core.
const CORE_MIN_MS: u64 = 500;

/// Work budget of the interpolation of the whole blocks sliced by an unsat core.
const SLICED_FULL_ITP_MS: u64 = 5000;

/// Work budget of the interpolation of a counter-sliced path.
const SLICED_ITP_MS: u64 = 1000;

/// Largest precision switched to Boolean abstraction before interpolating whole blocks.
const EARLY_BOOLEAN_MAX_PREDS: usize = 20;

/// Cap on the cubes of one Boolean abstraction (beyond it, Cartesian is used for that post).
const MAX_CUBES: usize = 4096;

impl<'a> Analysis<'a> {
    fn new(
        prog: &'a Program,
        opts: &'a VerifyOptions,
        sem: Semantics,
        deadline: &'a Deadline,
        untracked: &HashSet<VarId>,
    ) -> Self {
        let cfg = prog.main();
        let counters = counter_vars(prog, cfg);
        let tracked = explicit::tracked_vars(prog, cfg, opts.explicit_values, untracked);
        Analysis {
            overflows: vec![0; tracked.vars.len()],
            seen_values: HashMap::new(),
            tracked,
            has_counters: counters.iter().any(|&c| c),
            counters,
            prog,
            cfg,
            opts,
            deadline,
            w: World::new(prog, sem),
            bv: None,
            iw: None,
            abs_point: block::abstraction_points(cfg),
            preds: PredTable::new(),
            pred_vars: Vec::new(),
            prec: Precision::new(opts.precision, opts.abstraction == Abstraction::Boolean),
            art: SlotMap::with_key(),
            root: None,
            next_seq: 0,
            per_loc: HashMap::new(),
            work: Vec::new(),
            blocks: HashMap::new(),
            ctxs: HashMap::new(),
            spec_blocks: HashMap::new(),
            spec_ctxs: HashMap::new(),
            post_cache: HashMap::new(),
            cart_cache: HashMap::new(),
            atom_pool: None,
            lin_scanned: 0,
            lin_atoms: Vec::new(),
            lin_eqs: Vec::new(),
            lin_known: HashSet::new(),
            lin_derived: HashSet::new(),
            affine_ids: HashSet::new(),
            replay_cache: HashMap::new(),
            live_cache: HashMap::new(),
            unsupported: None,
            feasible_unsupported: HashSet::new(),
            error_end: None,
            nodes: 0,
            covers: 0,
            refinements: 0,
            iterations: 0,
            prof: Default::default(),
        }
    }

    fn prof(&mut self, what: &'static str, since: Instant) {
        let e = self.prof.entry(what).or_default();
        e.0 += 1;
        e.1 += since.elapsed();
    }

    fn add_stats(&self, s: &mut Stats) {
        if debug() {
            for (k, (n, t)) in &self.prof {
                eprintln!("[predabs] prof {k}: {n} in {:.3}s", t.as_secs_f64());
            }
            let mut locs: Vec<(LocId, usize, bool)> = (0..self.cfg.num_locs)
                .map(LocId)
                .filter(|l| !self.prec.at(*l).is_empty())
                .map(|l| (l, self.prec.at(l).len(), self.prec.is_boolean(l)))
                .collect();
            locs.sort();
            eprintln!("[predabs] precision: {locs:?}");
        }
        s.nodes += self.nodes;
        s.covers += self.covers;
        s.refinements += self.refinements;
        // Predicates in use (the table also holds candidates never placed).
        let mut used: HashSet<PredId> = HashSet::new();
        for l in 0..self.cfg.num_locs {
            used.extend(self.prec.at(LocId(l)).preds().iter().copied());
        }
        s.predicates = s.predicates.max(used.len() as u64);
    }

    fn remaining(&self) -> Option<Duration> {
        self.deadline.remaining()
    }

    /// The budget of one bounded step of the refinement (a slice's core, an interpolation): the
    /// run's time left (its only wall-clock limit) and at most `ms` milliseconds of work (CPU
    /// time of this thread, so that what the refinement learns does not depend on the
    /// machine's load; see [`smt::Budget`]).
    fn budget(&self, ms: u64) -> smt::Budget {
        self.work_budget(Some(Duration::from_millis(ms)))
    }

    /// [`Self::budget`] with the work limit `work` (None: the time left only).
    fn work_budget(&self, work: Option<Duration>) -> smt::Budget {
        smt::Budget::new(self.remaining(), work)
    }

    fn solver_unknown(&self) -> Stop {
        if self.deadline.expired() {
            Stop::Verdict(Verdict::Unknown(UnknownReason::timeout()))
        } else {
            Stop::Verdict(Verdict::Unknown(UnknownReason::solver("solver gave up")))
        }
    }

    fn check_resources(&mut self) -> Res<()> {
        self.iterations += 1;
        crate::report::progress::PROGRESS.tree(
            self.nodes,
            self.refinements,
            self.preds.len() as u64,
        );
        if self.deadline.expired() {
            return Err(Stop::Verdict(Verdict::Unknown(UnknownReason::timeout())));
        }
        if self.iterations % 16 == 1 {
            if let Some(why) = crate::memory::exceeded(self.opts.memory_limit_mb) {
                return Err(Stop::Verdict(Verdict::Unknown(
                    UnknownReason::memory_limit(why),
                )));
            }
        }
        Ok(())
    }

    fn finish(&self, r: Res<()>) -> (Verdict, Option<ArtSummary>) {
        match r {
            Err(Stop::Verdict(v)) => (v, None),
            Err(Stop::NeedBitVector) => (
                Verdict::Unknown(UnknownReason::no_progress(
                    "counterexample infeasible in bit-vector semantics",
                )),
                None,
            ),
            Err(Stop::Untrack(_)) => (
                Verdict::Unknown(UnknownReason::internal(
                    "internal error: untracking not handled",
                )),
                None,
            ),
            Ok(()) => {
                if let Some((reason, loc)) = &self.unsupported {
                    return (
                        Verdict::Unknown(UnknownReason::unsupported(format!(
                            "unsupported: {reason} at line {}:{}",
                            loc.line, loc.col
                        ))),
                        None,
                    );
                }
                let note = self
                    .opts
                    .int_math
                    .then(|| "assuming no integer overflow (--int-math)".to_string());
                (Verdict::Safe { note }, Some(self.summary()))
            }
        }
    }

    // ------------------------------------------------------------------ exploration

    fn run(&mut self) -> Res<()> {
        if self.deadline.expired() {
            return Err(Stop::Verdict(Verdict::Unknown(UnknownReason::timeout())));
        }
        let vals = self.root_vals();
        let root = self.new_node(
            self.cfg.entry,
            AbsState::top(),
            vals,
            None,
            EndKey::Loc(self.cfg.entry),
            Version::default(),
        );
        self.root = Some(root);
        if debug() {
            let names: Vec<&str> = self
                .tracked
                .vars
                .iter()
                .map(|v| self.prog.var(*v).name.as_str())
                .collect();
            eprintln!("[predabs] tracked by value: {}", names.join(" "));
        }
        self.work.push(Task::Expand(root));
        while let Some(t) = self.work.pop() {
            self.check_resources()?;
            match t {
                Task::Expand(n) => {
                    if !self.live(n) {
                        continue;
                    }
                    let block = self.spec_block(n);
                    // Pushed in reverse so that the error end (if any) is tried first and the
                    // others in location order.
                    let mut keys: Vec<EndKey> = block.block.ends.keys().copied().collect();
                    keys.sort_by_key(|k| match k {
                        EndKey::Loc(l) if *l == self.cfg.error => (0, 0),
                        EndKey::Unsupported(e) => (1, e.0),
                        EndKey::Loc(l) => (2, l.0),
                    });
                    for k in keys.into_iter().rev() {
                        self.work.push(Task::ExpandEnd(n, k));
                    }
                }
                Task::ExpandEnd(n, k) => {
                    if self.live(n) {
                        self.expand_end(n, k)?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl<'a> Analysis<'a> {
    // ------------------------------------------------------------------ summary

    /// The ART as a proof for [`crate::check`]: at every abstraction point except the error
    /// location, the disjunction of the uncovered nodes' states (abstract state and tracked
    /// values), over the canonical constants.
    fn certificate(&self) -> crate::check::Certificate {
        let points = block::abstraction_points(self.cfg);
        let mut at = Vec::new();
        for (i, &p) in points.iter().enumerate() {
            let l = LocId(i as u32);
            if !p || l == self.cfg.error {
                continue;
            }
            let mut disj = Vec::new();
            for &n in self.per_loc.get(&l).map(|v| v.as_slice()).unwrap_or(&[]) {
                let Some(node) = self.art.get(n) else {
                    continue;
                };
                if node.covered_by.is_some() {
                    continue;
                }
                let fixed = self
                    .tracked
                    .vars
                    .iter()
                    .zip(node.vals.iter())
                    .filter_map(|(v, k)| k.map(|k| (*v, k)))
                    .collect();
                disj.push(crate::check::Disjunct {
                    fixed,
                    rest: node.state.to_term(&self.preds),
                });
            }
            at.push((l, disj));
        }
        crate::check::Certificate {
            engine: "predabs",
            sem: self.w.enc.sem,
            labels: crate::check::Labels::Terms {
                canon: self.w.canon.clone(),
                at,
            },
            k: 1,
            exhaustive: false,
        }
    }
}
