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
mod modular;
#[cfg(test)]
mod tests;

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
    let start = Instant::now();
    let s0 = smt::stats();
    let deadline = Deadline::new(opts.timeout);
    let mut stats = Stats::default();
    let mut certificate = None;
    let (verdict, summary) = if prog.threads.is_empty() {
        (Verdict::unknown_other("program has no main thread"), None)
    } else if prog.is_concurrent() {
        (Verdict::unknown_other("threads need --engine esst"), None)
    } else {
        let sem = if opts.int_math {
            Semantics::Integer
        } else {
            Semantics::WrappedInt
        };
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
    let s1 = smt::stats();
    stats.solver_calls = s1.calls.saturating_sub(s0.calls);
    stats.solver_time = s1.time.saturating_sub(s0.time);
    stats.total_time = start.elapsed();
    stats.peak_memory_kb = crate::engine::peak_memory_kb();
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

/// Terms for the program variables under one semantics.
struct World {
    enc: Encoder,
    /// One constant per variable (abstract states and predicates are over these).
    canon: Vec<Term>,
    /// Range fact of each canonical constant (true when not applicable).
    canon_range: Vec<Term>,
    /// Variable values at program start: initial constants, or fresh constants.
    root_input: Vec<Term>,
    /// Initial values / range facts of the initial constants.
    root_facts: Term,
    /// The same, per variable.
    root_fact: Vec<Term>,
    /// Fresh initial constants → variable.
    root_vars: HashMap<Term, VarId>,
    /// Canonical constant → variable.
    canon_var: HashMap<Term, VarId>,
}

static WORLD_COUNTER: AtomicU64 = AtomicU64::new(0);

impl World {
    fn new(prog: &Program, sem: Semantics) -> World {
        let id = WORLD_COUNTER.fetch_add(1, Ordering::Relaxed);
        let enc = Encoder::new(sem);
        let mut canon = Vec::with_capacity(prog.vars.len());
        let mut canon_range = Vec::with_capacity(prog.vars.len());
        let mut root_input = Vec::with_capacity(prog.vars.len());
        let mut facts = Vec::new();
        let mut root_vars = HashMap::new();
        for (i, v) in prog.vars.iter().enumerate() {
            let c = Term::var(&format!("{}~{}", v.name, id), enc.sort(v.ty));
            canon.push(c);
            canon_range.push(if sem == Semantics::WrappedInt {
                enc.range(c, v.ty)
            } else {
                Term::tt()
            });
            // Initial values are constants too (not the values themselves), so that
            // interpolants can speak about variables never written on a path.
            let t = Term::var(&format!("{}@init~{}", v.name, id), enc.sort(v.ty));
            match v.init {
                Some(k) => facts.push(t.eq(enc.constant(v.ty.wrap(k), v.ty))),
                None => facts.push(enc.range(t, v.ty)),
            }
            root_vars.insert(t, VarId(i as u32));
            root_input.push(t);
        }
        let canon_var = canon
            .iter()
            .enumerate()
            .map(|(i, t)| (*t, VarId(i as u32)))
            .collect();
        World {
            enc,
            canon,
            canon_range,
            root_input,
            root_facts: Term::and(&facts),
            root_fact: facts,
            root_vars,
            canon_var,
        }
    }
}

/// The path formula of an abstract counterexample.
struct PathFormula {
    blocks: Vec<Block>,
    keys: Vec<EndKey>,
    parts: Vec<Term>,
    var_of: HashMap<Term, VarId>,
}

static PATH_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Variants of a path formula (see [`BuildOpts`]), per segment where it applies.
#[derive(Clone, Copy, Default)]
struct PathOpts<'a> {
    havoc: Option<&'a [bool]>,
    only: Option<&'a [HashSet<EdgeId>]>,
    selectors: bool,
    keep_assumes: Option<&'a [HashSet<EdgeId>]>,
    drop: Option<&'a [bool]>,
    /// The formula starts at a node other than the root: per program variable its value
    /// there (tracked and known) or anywhere in its range, instead of the initial state.
    start: Option<&'a [Option<i128>]>,
    /// Per segment: the values (per program variable) the ART path's tracked variables have
    /// after it, asserted at its end (a block end can have several valuations; the ART path
    /// took one).
    pin: Option<&'a [Vec<Option<i128>>]>,
    /// Facts at the start (over the canonical constants), asserted with the start's values.
    start_lits: Option<&'a [Term]>,
}

fn path_formula(
    prog: &Program,
    cfg: &Cfg,
    w: &World,
    abs_point: &[bool],
    segments: &[(LocId, EndKey)],
    po: PathOpts,
) -> PathFormula {
    let havoc = po.havoc;
    let tag = PATH_COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut namer = Namer::new("");
    namer
        .var_of
        .extend(w.root_vars.iter().map(|(a, b)| (*a, *b)));
    let mut input = w.root_input.clone();
    let mut blocks = Vec::new();
    let mut keys = Vec::new();
    let mut parts = Vec::new();
    for (i, &(start, key)) in segments.iter().enumerate() {
        namer.set_prefix(&format!(".p{tag}.{i}"));
        let o = BuildOpts {
            boundary: true,
            havoc,
            only: po.only.and_then(|o| o.get(i)),
            selectors: po.selectors,
            keep_assumes: po.keep_assumes.and_then(|o| o.get(i)),
            drop: po.drop,
        };
        let b = block::build(prog, cfg, &w.enc, abs_point, start, &input, &mut namer, o);
        let mut part = match b.ends.get(&key) {
            Some(end) => {
                for (v, t) in &end.out {
                    input[v.0 as usize] = *t;
                }
                end.formula
            }
            None => Term::ff(),
        };
        if i == 0 {
            let facts = if havoc.is_none() && po.drop.is_none() && po.start.is_none() {
                w.root_facts
            } else {
                // Dropped variables are unconstrained, havocked ones start anywhere in their
                // range, and from a node other than the root only the tracked values are known.
                let fs: Vec<Term> = prog
                    .vars
                    .iter()
                    .enumerate()
                    .map(|(i, var)| {
                        let anywhere = || w.enc.range(w.root_input[i], var.ty);
                        if po.drop.is_some_and(|d| d[i]) {
                            Term::tt()
                        } else if havoc.is_some_and(|h| h[i]) {
                            anywhere()
                        } else if let Some(s) = po.start {
                            s[i].map_or_else(anywhere, |k| {
                                w.root_input[i].eq(w.enc.constant(k, var.ty))
                            })
                        } else {
                            w.root_fact[i]
                        }
                    })
                    .collect();
                Term::and(&fs)
            };
            part = facts.and2(part);
            if let Some(ls) = po.start_lits {
                let lits: Vec<Term> = ls
                    .iter()
                    .map(|l| l.subst(&w.canon, &w.root_input))
                    .collect();
                part = Term::and(&lits).and2(part);
            }
        }
        if let Some(p) = po.pin.and_then(|p| p.get(i)) {
            let eqs: Vec<Term> = p
                .iter()
                .enumerate()
                .filter(|(v, _)| !po.drop.is_some_and(|d| d[*v]))
                .filter_map(|(v, k)| k.map(|k| input[v].eq(w.enc.constant(k, prog.vars[v].ty))))
                .collect();
            part = part.and2(Term::and(&eqs));
        }
        parts.push(part);
        blocks.push(b);
        keys.push(key);
    }
    PathFormula {
        blocks,
        keys,
        parts,
        var_of: namer.var_of,
    }
}

/// Turns a model of a path formula into counterexample steps (None if the model does not
/// determine a path).
fn steps_from_model(prog: &Program, w: &World, pf: &PathFormula, m: &Model) -> Option<Vec<Step>> {
    let mut steps = Vec::new();
    for (b, k) in pf.blocks.iter().zip(pf.keys.iter()) {
        for c in b.path_from_model(*k, m)? {
            let val = |v: VarId, t: Term| w.enc.decode(m, t, prog.var(v).ty).unwrap_or(0);
            let nondet: Vec<i128> = c
                .nondet
                .iter()
                .zip(c.writes.iter())
                .map(|(t, (v, _))| val(*v, *t))
                .collect();
            let assigned = c.writes.iter().map(|(v, t)| (*v, val(*v, *t))).collect();
            steps.push(Step::Edge {
                thread: ThreadId(0),
                instance: 0,
                edge: c.edge,
                nondet,
                assigned,
            });
        }
    }
    Some(steps)
}

/// A refinement variant: (havocked variables, one CFG path per block, time budget, name).
type Variant<'v> = (
    Option<&'v [bool]>,
    Option<&'v [HashSet<EdgeId>]>,
    Option<Duration>,
    &'static str,
);

/// Result of one interpolation variant: minimised interpolants, boundary constants.
type Refined = (Vec<Term>, HashMap<Term, VarId>);

/// A path slice: the variables left out, and the assume edges kept per segment.
type Slice = (Vec<bool>, Vec<HashSet<EdgeId>>);

/// Literals (predicate, polarity) of a cube.
type Lits = Vec<(PredId, bool)>;

/// Outcome of [`Analysis::refine_by_candidates`].
enum Replay {
    /// The replay refutes the path; the first node whose precision changed.
    Pivot(usize),
    /// Every block of the path is satisfiable from the replay's cubes (one per node).
    Feasible(Vec<Lits>),
    /// Refuted, but no precision changed (or the minimisation failed).
    NoProgress,
}

fn only(s: &[HashSet<EdgeId>]) -> PathOpts<'_> {
    PathOpts {
        only: Some(s),
        ..PathOpts::default()
    }
}

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

/// Affine equalities (see [`affine`]) offered as candidates at most.
const MAX_AFFINE: usize = 256;

/// Predicates derived by eliminations (see [`Analysis::derive_equalities`]) at most.
const MAX_DERIVED: usize = 256;

/// Time budget of the integer interpolation of a replay-guided concrete path.
const GUIDED_INT_ITP_MS: u64 = 2000;
/// Time budget of its interpolation in the exploring world (when the integer one fails); the
/// whole blocks' refinements come next.
const GUIDED_ITP_MS: u64 = 5000;

/// Time budget of each feasibility check of a path suffix (beyond it: no suffix).
const SUFFIX_CHECK_MS: u64 = 1000;

/// Time budget of the interpolation of an infeasible path suffix (per world).
const SUFFIX_ITP_MS: u64 = 2000;

/// Time budget of the interpolation of one concrete CFG path per block (the whole blocks'
/// interpolation comes last, without a budget of its own).
const PATH_ITP_MS: u64 = 10000;

/// Time budget of the unsat-core check that slices a path (beyond it: no slice).
const SLICE_CORE_MS: u64 = 3000;

/// Time budget of the deletion-based minimisation of a slicing core.
const CORE_MIN_MS: u64 = 500;

/// Time budget of the interpolation of the whole blocks sliced by an unsat core.
const SLICED_FULL_ITP_MS: u64 = 5000;

/// Time budget of the interpolation of a counter-sliced path.
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

    /// The smaller of `ms` milliseconds and the time left.
    fn budget(&self, ms: u64) -> Option<Duration> {
        let b = Duration::from_millis(ms);
        Some(self.remaining().map_or(b, |r| r.min(b)))
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

    /// The node exists and is not covered.
    fn live(&self, n: NodeId) -> bool {
        self.art.get(n).is_some_and(|x| x.covered_by.is_none())
    }

    fn new_node(
        &mut self,
        loc: LocId,
        state: AbsState,
        vals: Vals,
        parent: Option<NodeId>,
        via: EndKey,
        version: Version,
    ) -> NodeId {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.nodes += 1;
        let id = self.art.insert(Node {
            loc,
            state,
            vals,
            parent,
            via,
            children: Vec::new(),
            covered_by: None,
            covering: Vec::new(),
            seq,
            version,
        });
        if let Some(p) = parent {
            self.art[p].children.push(id);
        }
        self.per_loc.entry(loc).or_default().push(id);
        id
    }

    fn is_root(&self, n: NodeId) -> bool {
        self.root == Some(n)
    }

    fn block_of(&mut self, n: NodeId) -> Rc<Block> {
        let loc = self.art[n].loc;
        let root = self.is_root(n);
        if let Some(b) = self.blocks.get(&(loc, root)) {
            return b.clone();
        }
        let mut namer = Namer::new(&format!(".b{}{}", loc.0, if root { "r" } else { "" }));
        let input = if root {
            self.w.root_input.clone()
        } else {
            self.w.canon.clone()
        };
        let t0 = Instant::now();
        let b = Rc::new(block::build(
            self.prog,
            self.cfg,
            &self.w.enc,
            &self.abs_point,
            loc,
            &input,
            &mut namer,
            BuildOpts::default(),
        ));
        self.prof("block", t0);
        self.blocks.insert((loc, root), b.clone());
        b
    }

    /// Takes the solver context of the block from `n` out of the cache (made on first use: the
    /// formula of every end behind an activation literal, plus the range facts of the canonical
    /// constants, or the initial-state facts for the root), with the assumptions that select end
    /// `k` from the node's abstract state. Put it back with [`Self::put_ctx`].
    fn take_ctx(&mut self, n: NodeId, block: &Block, k: EndKey) -> (BlockCtx, Vec<Term>) {
        let key = (self.art[n].loc, self.is_root(n), k);
        let bc = match self.ctxs.remove(&key) {
            Some(c) => c,
            None => {
                let mut ctx = Context::new();
                if key.1 {
                    ctx.assert(self.w.root_facts);
                } else {
                    for r in &self.w.canon_range {
                        if !r.is_true() {
                            ctx.assert(*r);
                        }
                    }
                }
                // Only this end's formula: a context holding every end of the block behind
                // activation literals makes each check assign the Boolean variables of all
                // ends (the SAT search dominated the Boolean abstraction's time).
                let mut act = HashMap::new();
                let end = &block.ends[&k];
                let a = Term::var(
                    &format!("act.{}{}.{:?}", key.0 .0, if key.1 { "r" } else { "" }, k),
                    crate::smt::bool_sort(),
                );
                ctx.assert(a.implies(end.formula));
                act.insert(k, a);
                BlockCtx { ctx, act, key }
            }
        };
        let mut base = vec![bc.act[&k]];
        if !key.1 {
            let st = self.art[n].state.to_term(&self.preds);
            if !st.is_true() {
                base.push(st);
            }
            let vt = self.vals_term(&self.art[n].vals);
            if !vt.is_true() {
                base.push(vt);
            }
        }
        (bc, base)
    }

    fn put_ctx(&mut self, _n: NodeId, bc: BlockCtx) {
        self.ctxs.insert(bc.key, bc);
    }

    fn expand_end(&mut self, n: NodeId, k: EndKey) -> Res<()> {
        let block = self.spec_block(n);
        if !block.block.ends.contains_key(&k) {
            return Ok(());
        }
        match k {
            EndKey::Loc(l) if l == self.cfg.error => {
                if self.feasible(n, &block, k)? {
                    self.analyse(n, k)?;
                }
            }
            EndKey::Unsupported(e) => {
                if self.feasible_unsupported.contains(&e) {
                    return Ok(());
                }
                if self.feasible(n, &block, k)? {
                    self.analyse(n, k)?;
                }
            }
            EndKey::Loc(l) => {
                for (vals, assume) in self.successor_vals(n, &block, k)? {
                    self.note_values(l, &vals)?;
                    let version = self.prec.version(l);
                    let Some(s) = self.post_under(n, &block, k, l, &vals, assume)? else {
                        continue;
                    };
                    let c = self.new_node(l, s, vals, Some(n), k, version);
                    if !self.try_cover(c) {
                        self.work.push(Task::Expand(c));
                    }
                }
            }
        }
        Ok(())
    }

    /// The abstract predicate state of the successor of `n` through end `k` at `l` whose tracked
    /// variables have the values `vals` (`assume`: those values over the end's output terms);
    /// None when that successor is unreachable. Cached.
    fn post_under(
        &mut self,
        n: NodeId,
        block: &SpecBlock,
        k: EndKey,
        l: LocId,
        vals: &Vals,
        assume: Term,
    ) -> Res<Option<AbsState>> {
        if !self.prec.is_boolean(l) && self.prec.at(l).groups().is_empty() {
            let t0 = Instant::now();
            let post = self.cartesian_post_inc(n, block, k, l, vals, assume)?;
            self.prof("post-cart", t0);
            return Ok(post);
        }
        let version = self.prec.version(l);
        let node = &self.art[n];
        let key = (
            node.state.clone(),
            node.vals.clone(),
            node.loc,
            self.is_root(n),
            k,
            vals.clone(),
            version,
        );
        if let Some(p) = self.post_cache.get(&key) {
            return Ok(p.clone());
        }
        let t0 = Instant::now();
        let plist: Vec<PredId> = self.prec.at(l).preds().to_vec();
        let p = self.abstract_post_over(n, block, k, l, &plist, vals, assume)?;
        self.prof(
            if self.prec.is_boolean(l) {
                "post-bool"
            } else {
                "post-cart"
            },
            t0,
        );
        if let Some(s) = &p {
            let e = self.prof.entry("post-cubes").or_default();
            e.0 += s.cubes().len() as u64;
            let e = self.prof.entry("post-preds").or_default();
            e.0 += self.prec.at(l).len() as u64;
        }
        self.post_cache.insert(key, p.clone());
        Ok(p)
    }

    /// Is the block end reachable from the node's abstract state?
    fn feasible(&mut self, n: NodeId, block: &SpecBlock, k: EndKey) -> Res<bool> {
        let t0 = Instant::now();
        let (mut ctx, base) = self.take_spec_ctx(n, block, k);
        let r = ctx.ctx.check_assuming_with_timeout(&base, self.remaining());
        self.put_spec_ctx(n, k, ctx);
        self.prof("feasible", t0);
        match r {
            SatResult::Sat => Ok(true),
            SatResult::Unsat => Ok(false),
            SatResult::Unknown => Err(self.solver_unknown()),
        }
    }

    /// The abstract successor of `n` at abstraction point `l` through block end `k` over the
    /// predicates `plist` (of the precision at `l`), under the assumption `assume` over the
    /// end's output terms that gives the successor's tracked values `vals` (None when the end
    /// is unreachable from the node's state).
    #[allow(clippy::too_many_arguments)]
    fn abstract_post_over(
        &mut self,
        n: NodeId,
        block: &SpecBlock,
        k: EndKey,
        l: LocId,
        plist: &[PredId],
        vals: &[Option<i128>],
        assume: Term,
    ) -> Res<Option<AbsState>> {
        let (mut ctx, mut base) = self.take_spec_ctx(n, block, k);
        if !assume.is_true() {
            base.push(assume);
        }
        let r = self.abstract_post_in(&mut ctx.ctx, &base, block, k, l, plist, vals);
        self.put_spec_ctx(n, k, ctx);
        r
    }

    /// The Cartesian post of `n` through end `k` at `l` (no groups, not Boolean), evaluating
    /// only the predicates of `l`'s precision not yet evaluated for this (state, block, end).
    #[allow(clippy::too_many_arguments)]
    fn cartesian_post_inc(
        &mut self,
        n: NodeId,
        block: &SpecBlock,
        k: EndKey,
        l: LocId,
        vals: &Vals,
        assume: Term,
    ) -> Res<Option<AbsState>> {
        let node = &self.art[n];
        let key = (
            node.state.clone(),
            node.vals.clone(),
            node.loc,
            self.is_root(n),
            k,
            vals.clone(),
        );
        let plist = self.prec.at(l).preds();
        let (done, mut cube) = match self.cart_cache.get(&key) {
            Some(None) => return Ok(None),
            Some(Some((d, c))) => (*d, c.clone()),
            None => (0, Cube::top()),
        };
        let first = !self.cart_cache.contains_key(&key);
        if !first && done == plist.len() {
            return Ok(Some(AbsState::from_cube(cube)));
        }
        let missing: Vec<PredId> = plist[done.min(plist.len())..].to_vec();
        let total = plist.len();
        let Some(post) = self.abstract_post_over(n, block, k, l, &missing, vals, assume)? else {
            // Reachable before (when cached) and unreachable now cannot happen: the formula
            // and the state are the same.
            self.cart_cache.insert(key, None);
            return Ok(None);
        };
        if let Some(c) = post.cubes().first() {
            for p in c.pos.iter() {
                cube.pos.insert(p);
            }
            for p in c.neg.iter() {
                cube.neg.insert(p);
            }
        }
        {
            let e = self.prof.entry("post-preds-evaluated").or_default();
            e.0 += missing.len() as u64;
        }
        self.cart_cache.insert(key, Some((total, cube.clone())));
        Ok(Some(AbsState::from_cube(cube)))
    }

    #[allow(clippy::too_many_arguments)]
    fn abstract_post_in(
        &mut self,
        ctx: &mut Context,
        base: &[Term],
        block: &SpecBlock,
        k: EndKey,
        l: LocId,
        plist: &[PredId],
        vals: &[Option<i128>],
    ) -> Res<Option<AbsState>> {
        match ctx.check_assuming_with_timeout(base, self.remaining()) {
            SatResult::Sat => {}
            SatResult::Unsat => return Ok(None),
            SatResult::Unknown => return Err(self.solver_unknown()),
        }
        if plist.is_empty() {
            return Ok(Some(AbsState::top()));
        }
        // Instantiate the predicates over the end's output terms and the successor's known
        // values (a predicate over known values only is a constant: no solver check).
        let end = &block.block.ends[&k];
        let insts: Vec<PredInstance> = plist
            .iter()
            .map(|&p| PredInstance {
                id: p,
                term: self.instantiate_spec(
                    block,
                    end,
                    vals,
                    self.preds.term(p),
                    &self.pred_vars[p.0 as usize],
                ),
            })
            .collect();
        let dl = self.deadline;
        let timeout = move || dl.remaining();
        let r = if self.prec.is_boolean(l) {
            predicate::boolean(ctx, base, &insts, &timeout, MAX_CUBES)
        } else {
            let m = ctx.model();
            let pos: HashMap<PredId, usize> =
                plist.iter().enumerate().map(|(i, p)| (*p, i)).collect();
            let groups: Vec<Vec<usize>> = self
                .prec
                .at(l)
                .groups()
                .iter()
                .map(|g| g.iter().filter_map(|p| pos.get(p).copied()).collect())
                .collect();
            if groups.is_empty() {
                predicate::cartesian(ctx, base, m, &insts, &timeout).map(AbsState::from_cube)
            } else {
                predicate::cartesian_with_groups(ctx, base, m, &insts, &groups, &timeout, MAX_CUBES)
            }
        };
        match r {
            Ok(s) => Ok(Some(s)),
            Err(AbsError::SolverUnknown) => Err(self.solver_unknown()),
        }
    }

    /// Covers `v` by an uncovered node created before it at the same location whose state is
    /// entailed by `v`'s.
    fn try_cover(&mut self, v: NodeId) -> bool {
        let (loc, seq) = (self.art[v].loc, self.art[v].seq);
        let found = self.per_loc.get(&loc).and_then(|list| {
            list.iter().copied().find(|&w| {
                w != v
                    && self.art.get(w).is_some_and(|wn| {
                        wn.seq < seq
                            && wn.covered_by.is_none()
                            && explicit::covers(&wn.vals, &self.art[v].vals)
                            && self.art[v].state.entails(&wn.state)
                    })
            })
        });
        match found {
            Some(w) => {
                self.art[v].covered_by = Some(w);
                self.art[w].covering.push(v);
                self.covers += 1;
                true
            }
            None => false,
        }
    }

    /// Removes the subtree rooted at `r`; nodes covered by removed nodes are uncovered and
    /// re-checked (re-queued when no earlier node covers them).
    fn remove_subtree(&mut self, r: NodeId) {
        if let Some(p) = self.art[r].parent {
            self.art[p].children.retain(|&c| c != r);
        }
        let mut stack = vec![r];
        let mut removed: Vec<Node> = Vec::new();
        let mut removed_ids: HashSet<NodeId> = HashSet::new();
        while let Some(x) = stack.pop() {
            if let Some(node) = self.art.remove(x) {
                stack.extend(node.children.iter().copied());
                removed_ids.insert(x);
                removed.push(node);
            }
        }
        let mut uncover: Vec<NodeId> = Vec::new();
        let mut locs: HashSet<LocId> = HashSet::new();
        for node in &removed {
            locs.insert(node.loc);
            if let Some(w) = node.covered_by {
                if let Some(wn) = self.art.get_mut(w) {
                    wn.covering.retain(|c| !removed_ids.contains(c));
                }
            }
            uncover.extend(node.covering.iter().copied());
        }
        for l in locs {
            if let Some(list) = self.per_loc.get_mut(&l) {
                list.retain(|x| !removed_ids.contains(x));
            }
        }
        uncover.sort_by_key(|&v| self.art.get(v).map(|n| n.seq).unwrap_or(0));
        for v in uncover {
            if !self.art.contains_key(v) {
                continue;
            }
            self.art[v].covered_by = None;
            if !self.try_cover(v) {
                self.work.push(Task::Expand(v));
            }
        }
    }

    // ------------------------------------------------------------------ counterexamples

    fn path_to(&self, n: NodeId) -> Vec<NodeId> {
        let mut p = vec![n];
        let mut c = n;
        while let Some(q) = self.art[c].parent {
            p.push(q);
            c = q;
        }
        p.reverse();
        p
    }

    fn bv_world(&mut self) -> &World {
        if self.bv.is_none() {
            self.bv = Some(World::new(self.prog, Semantics::BitVector));
        }
        self.bv.as_ref().expect("made above")
    }

    /// Checks the abstract path root..n + end `k`: a real error (Stop), a feasible unsupported
    /// edge (recorded), or a spurious path (refined).
    fn analyse(&mut self, n: NodeId, k: EndKey) -> Res<()> {
        let path = self.path_to(n);
        let mut segments: Vec<(LocId, EndKey)> = Vec::with_capacity(path.len());
        for i in 1..path.len() {
            segments.push((self.art[path[i - 1]].loc, self.art[path[i]].via));
        }
        segments.push((self.art[n].loc, k));
        let pf = path_formula(
            self.prog,
            self.cfg,
            &self.w,
            &self.abs_point,
            &segments,
            PathOpts::default(),
        );
        let t0 = Instant::now();
        let mut ctx = Context::new();
        ctx.assert_all(&pf.parts);
        let r = ctx.check_with_timeout(self.remaining());
        self.prof("path-check", t0);
        match r {
            SatResult::Unknown => Err(self.solver_unknown()),
            SatResult::Sat => {
                let exact = self.w.enc.sem != Semantics::WrappedInt;
                let steps = if exact {
                    let m = ctx.model().ok_or_else(|| self.solver_unknown())?;
                    steps_from_model(self.prog, &self.w, &pf, &m)
                } else {
                    drop(ctx);
                    let remaining = self.remaining();
                    let (prog, cfg) = (self.prog, self.cfg);
                    let abs_point = self.abs_point.clone();
                    let bw = self.bv_world();
                    let bpf =
                        path_formula(prog, cfg, bw, &abs_point, &segments, PathOpts::default());
                    let mut bctx = Context::new();
                    bctx.assert_all(&bpf.parts);
                    match bctx.check_with_timeout(remaining) {
                        SatResult::Sat => {}
                        SatResult::Unsat => return Err(Stop::NeedBitVector),
                        SatResult::Unknown => return Err(self.solver_unknown()),
                    }
                    let m = bctx.model().ok_or_else(|| self.solver_unknown())?;
                    let bw = self.bv.as_ref().expect("made above");
                    steps_from_model(prog, bw, &bpf, &m)
                };
                let Some(steps) = steps else {
                    return Err(Stop::Verdict(Verdict::Unknown(UnknownReason::internal(
                        "could not extract a concrete path from the model",
                    ))));
                };
                if let EndKey::Loc(_) = k {
                    self.error_end = Some((n, k));
                }
                self.counterexample(k, steps)
            }
            SatResult::Unsat => {
                drop(ctx);
                self.refine(&path, &segments)
            }
        }
    }

    /// Refines a spurious abstract path. Cheap variants first: one concrete CFG path per block
    /// (conjunctive formulas interpolate much faster than whole blocks), with loop counters
    /// abstracted away (their interpolants would unroll loops one iteration at a time), then
    /// plain; then the whole blocks; finally Boolean groups for the interpolants' disjunctions.
    fn refine(&mut self, path: &[NodeId], segments: &[(LocId, EndKey)]) -> Res<()> {
        // Cheapest first: the program's own atoms and every predicate known so far, placed
        // by a Cartesian replay of the path.
        let pool = self.candidate_pool();
        let mut cubes = match self.refine_by_candidates(path, segments, &pool)? {
            Replay::Pivot(j) => {
                self.apply_refinement(path, j);
                return Ok(());
            }
            Replay::Feasible(c) => Some(c),
            Replay::NoProgress => None,
        };
        // Guided rounds: one concrete CFG path per block consistent with the replay's cubes.
        // Its interpolants must mention what the candidates miss; they become candidates.
        for _ in 0..GUIDED_ROUNDS {
            let Some(c) = &cubes else { break };
            let Some(s) = self.concrete_block_paths(path, segments, Some(c))? else {
                break;
            };
            // Infeasible suffixes first (their interpolants do not depend on the initial
            // data): the shortest and the longest in turn.
            if let Some((itps, var_of)) = self.suffix_interpolants(path, segments, c)? {
                if self.intern_candidates(&itps, &var_of) {
                    let pool = self.candidate_pool();
                    cubes = match self.refine_by_candidates(path, segments, &pool)? {
                        Replay::Pivot(j) => {
                            self.apply_refinement(path, j);
                            return Ok(());
                        }
                        Replay::Feasible(c) => Some(c),
                        Replay::NoProgress => None,
                    };
                    continue;
                }
            }
            // Mathematical integers first (clean equalities, whose modular closures become
            // candidates too), then the exploring world.
            let budget = Some(Duration::from_millis(GUIDED_INT_ITP_MS));
            let mut r = None;
            if self.w.enc.sem == Semantics::WrappedInt {
                r = self.interpolate_in(segments, only(&s), budget, "itp-guided-int", true)?;
            }
            if r.is_none() {
                let budget = Some(Duration::from_millis(GUIDED_ITP_MS));
                r = self.interpolate_variant(segments, only(&s), budget, "itp-guided")?;
            }
            let Some((itps, var_of)) = r else {
                break;
            };
            if !self.intern_candidates(&itps, &var_of) {
                break;
            }
            let pool = self.candidate_pool();
            cubes = match self.refine_by_candidates(path, segments, &pool)? {
                Replay::Pivot(j) => {
                    self.apply_refinement(path, j);
                    return Ok(());
                }
                Replay::Feasible(c) => Some(c),
                Replay::NoProgress => None,
            };
        }
        // The whole blocks, sliced to an unsat core of their conditions and its cone of
        // influence: usually few variables, which MCSAT interpolates quickly.
        if let Some(((dropped, keep), _)) = self.slice(segments, None, None, None, &[])? {
            let po = PathOpts {
                drop: Some(&dropped),
                keep_assumes: Some(&keep),
                ..PathOpts::default()
            };
            let budget = Some(Duration::from_millis(SLICED_FULL_ITP_MS));
            let mut r = self.interpolate_in(segments, po, budget, "itp-core-sliced-int", true)?;
            if r.is_none() {
                r = self.interpolate_in(segments, po, budget, "itp-core-sliced", false)?;
            }
            if let Some((itps, var_of)) = r {
                let pivot = self.replay_with_interpolants(path, segments, &itps, &var_of)?;
                if let Some(j) = pivot.or_else(|| self.add_predicates(path, &itps, &var_of)) {
                    self.apply_refinement(path, j);
                    return Ok(());
                }
            }
        }
        let single = self.concrete_block_paths(path, segments, None)?;
        let counters = self.has_counters.then(|| self.counters.clone());
        let sliced = Some(Duration::from_millis(SLICED_ITP_MS));
        let mut variants: Vec<Variant> = Vec::new();
        if let Some(s) = &single {
            if let Some(c) = &counters {
                variants.push((Some(c), Some(s), sliced, "itp-path-sliced"));
            }
            variants.push((
                None,
                Some(s),
                Some(Duration::from_millis(PATH_ITP_MS)),
                "itp-path",
            ));
        } else if let Some(c) = &counters {
            variants.push((Some(c), None, sliced, "itp-sliced"));
        }
        let mut single_itps = None;
        for (havoc, only, budget, what) in variants {
            let Some((itps, var_of)) = self.interpolate_variant(
                segments,
                PathOpts {
                    havoc,
                    only,
                    ..Default::default()
                },
                budget,
                what,
            )?
            else {
                continue;
            };
            // The interpolants propose predicates; the replay places them along the whole
            // blocks (a concrete path's interpolants need not refute the other paths).
            let pivot = self.replay_with_interpolants(path, segments, &itps, &var_of)?;
            if let Some(j) = pivot.or_else(|| self.add_predicates(path, &itps, &var_of)) {
                self.apply_refinement(path, j);
                return Ok(());
            }
            if havoc.is_none() {
                single_itps = Some((itps, var_of));
            }
        }
        // The concrete paths' interpolants are all known: their disjunctions need Boolean
        // groups (cheaper than interpolating the whole blocks).
        if let Some((itps, var_of)) = single_itps {
            if let Some(j) = self.add_groups(path, &itps, &var_of) {
                self.apply_refinement(path, j);
                return Ok(());
            }
            // Still nothing: the blocks' other paths need disjunctions of known predicates.
            // Boolean abstraction at the locations where the concrete path's interpolants say
            // something is much cheaper than interpolating the whole blocks.
            if let Some(j) = self.make_boolean_upto(path, &itps, EARLY_BOOLEAN_MAX_PREDS) {
                self.apply_refinement(path, j);
                return Ok(());
            }
        }
        let Some((itps, var_of)) =
            self.interpolate_variant(segments, PathOpts::default(), None, "itp-full")?
        else {
            return Err(self.solver_unknown());
        };
        let pivot = self
            .replay_with_interpolants(path, segments, &itps, &var_of)?
            .or_else(|| self.add_predicates(path, &itps, &var_of))
            .or_else(|| self.add_groups(path, &itps, &var_of))
            .or_else(|| self.make_boolean(path, &itps));
        match pivot {
            Some(j) => {
                self.apply_refinement(path, j);
                Ok(())
            }
            None => Err(Stop::Verdict(Verdict::Unknown(UnknownReason::no_progress(
                "refinement made no progress",
            )))),
        }
    }

    /// Interpolants as new candidates, placed by a Cartesian replay of the path: the pivot of
    /// the refinement when the replay refutes the path with them (None when they add no
    /// candidate or the replay makes no progress).
    fn replay_with_interpolants(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
        itps: &[Term],
        var_of: &HashMap<Term, VarId>,
    ) -> Res<Option<usize>> {
        if !self.intern_candidates(itps, var_of) {
            return Ok(None);
        }
        let pool = self.candidate_pool();
        match self.refine_by_candidates(path, segments, &pool)? {
            Replay::Pivot(j) => Ok(Some(j)),
            _ => Ok(None),
        }
    }

    /// Candidate predicates for refinement: the atoms of every assume condition of the CFG and
    /// `x == c` for every assignment of a constant, over the canonical constants (made once),
    /// followed by every predicate found by interpolation so far.
    fn candidate_pool(&mut self) -> Vec<PredId> {
        if self.atom_pool.is_none() {
            let mut pool = Vec::new();
            let mut seen = HashSet::new();
            for e in &self.cfg.edges {
                let canon = &self.w.canon;
                let t = match &e.op {
                    Op::Assume(c) => self
                        .w
                        .enc
                        .expr(c, &self.prog.vars, &mut |v| canon[v.0 as usize]),
                    Op::Assign(x, rhs) => {
                        let mut r = rhs;
                        while let Expr::Cast(_, a) = r {
                            r = a;
                        }
                        let Expr::Const(k, _) = r else { continue };
                        let ty = self.prog.var(*x).ty;
                        canon[x.0 as usize].eq(self.w.enc.constant(ty.wrap(*k), ty))
                    }
                    _ => continue,
                };
                for a in t.atoms() {
                    if !seen.insert(a) {
                        continue;
                    }
                    let fv = a.free_vars();
                    let Some(mut vars) = fv
                        .iter()
                        .map(|t| self.w.canon_var.get(t).copied())
                        .collect::<Option<Vec<VarId>>>()
                    else {
                        continue;
                    };
                    if vars.is_empty() {
                        continue;
                    }
                    vars.sort();
                    vars.dedup();
                    let (id, fresh) = self.preds.intern(a);
                    if fresh {
                        self.pred_vars.push(vars);
                    }
                    pool.push(id);
                }
            }
            let affine = self.affine_candidates();
            self.affine_ids = affine.iter().copied().collect();
            pool.extend(affine);
            self.atom_pool = Some(pool);
        }
        let mut pool = self.atom_pool.clone().unwrap_or_default();
        let mut seen: HashSet<PredId> = pool.iter().copied().collect();
        for i in 0..self.preds.len() {
            let p = PredId(i as u32);
            if seen.insert(p) {
                pool.push(p);
            }
        }
        pool
    }

    /// Refinement by candidate predicates: replays the abstract path with Cartesian
    /// abstraction over all of `pool` at every node. If that already refutes the path, a
    /// backward pass keeps at each node only the literals needed (an unsat core of "literals ∧
    /// block ⇒ needed literals of the next node"), and their predicates are added at the
    /// nodes' locations. With them the Cartesian posts along the path imply the kept literals,
    /// so the path cannot come back. Returns the pivot (None when the replay does not refute
    /// the path or adds nothing new).
    fn refine_by_candidates(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
        pool: &[PredId],
    ) -> Res<Replay> {
        let t0 = Instant::now();
        let c0 = smt::stats().calls;
        let r = self.replay_candidates(path, segments, pool);
        self.prof("replay", t0);
        self.prof.entry("replay-checks").or_default().0 += smt::stats().calls - c0;
        if debug() {
            eprintln!("[predabs] replay over {} candidates", pool.len());
        }
        let (r, cubes) = match r? {
            Ok(x) => x,
            Err(cubes) => return Ok(Replay::Feasible(cubes)),
        };
        let t0 = Instant::now();
        let needed = self.needed_literals(path, segments, r, &cubes);
        self.prof("replay-minimize", t0);
        let Some(needed) = needed? else {
            return Ok(Replay::NoProgress);
        };
        let mut pivot = None;
        for (j, lits) in needed.iter().enumerate().skip(1) {
            let (loc, version) = (self.art[path[j]].loc, self.art[path[j]].version);
            let mut new_here = false;
            for &(p, _) in lits {
                self.prec.add(loc, p);
                if !self.prec.known_in(loc, p, version) {
                    new_here = true;
                }
            }
            if new_here && pivot.is_none() {
                pivot = Some(j);
            }
        }
        if debug() {
            let shown: Vec<String> = needed
                .iter()
                .enumerate()
                .skip(1)
                .map(|(j, lits)| {
                    let ls: Vec<String> = lits
                        .iter()
                        .map(|&(p, pos)| {
                            let t = self.preds.term(p);
                            if pos {
                                t.to_string()
                            } else {
                                format!("(not {t})")
                            }
                        })
                        .collect();
                    format!("{:?}: {}", self.art[path[j]].loc, ls.join(" "))
                })
                .collect();
            eprintln!(
                "[predabs] candidates refute at segment {r} of {}, pivot {pivot:?}: {}",
                segments.len(),
                shown.join(" | ")
            );
        }
        Ok(pivot.map_or(Replay::NoProgress, Replay::Pivot))
    }

    /// Forward pass of [`Self::refine_by_candidates`]: the Cartesian cubes over `pool` along the
    /// path (`cubes[j]` at `path[j]`) up to the first segment `r` that is unsatisfiable with its
    /// cube; Err(cubes of all nodes) when every segment is satisfiable.
    #[allow(clippy::type_complexity)]
    fn replay_candidates(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
        pool: &[PredId],
    ) -> Res<Result<(usize, Vec<Lits>), Vec<Lits>>> {
        let mut cubes: Vec<Vec<(PredId, bool)>> = vec![Vec::new()];
        let dl = self.deadline;
        let timeout = move || dl.remaining();
        for (j, &(_, key)) in segments.iter().enumerate() {
            let n = path[j];
            let last = j + 1 == segments.len();
            let ck: ReplayKey = (
                self.art[n].loc,
                self.is_root(n),
                key,
                cubes[j].clone(),
                self.art[n].vals.clone(),
                path.get(j + 1).map(|&m| self.art[m].vals.clone()),
            );
            // The cube over a prefix of the pool, when cached.
            let mut prev: Option<(usize, Vec<(PredId, bool)>)> = None;
            if !last {
                match self.replay_cache.get(&ck) {
                    Some(None) => return Ok(Ok((j, cubes))),
                    Some(Some((len, lastp, c)))
                        if *len <= pool.len()
                            && (*len == 0 || pool.get(*len - 1).copied() == *lastp) =>
                    {
                        if *len == pool.len() {
                            let c = c.clone();
                            cubes.push(c);
                            continue;
                        }
                        prev = Some((*len, c.clone()));
                    }
                    _ => {}
                }
            }
            let block = self.block_of(n);
            let Some(end) = block.ends.get(&key) else {
                return Ok(Err(cubes));
            };
            let cube_term = self.literals_term(&cubes[j]);
            let (mut bc, base0) = self.take_ctx(n, &block, key);
            let mut base = vec![base0[0]];
            if !cube_term.is_true() {
                base.push(cube_term);
            }
            base.extend(self.path_vals_assumptions(path, j, end));
            let r = bc.ctx.check_assuming_with_timeout(&base, self.remaining());
            match r {
                SatResult::Sat => {}
                SatResult::Unsat => {
                    self.put_ctx(n, bc);
                    self.replay_cache.insert(ck, None);
                    return Ok(Ok((j, cubes)));
                }
                SatResult::Unknown => {
                    self.put_ctx(n, bc);
                    return Err(self.solver_unknown());
                }
            }
            if last {
                self.put_ctx(n, bc);
                return Ok(Err(cubes));
            }
            let start = prev.as_ref().map_or(0, |p| p.0);
            let insts: Vec<PredInstance> = pool[start..]
                .iter()
                .map(|&p| PredInstance {
                    id: p,
                    term: self.instantiate(
                        n,
                        end,
                        self.preds.term(p),
                        &self.pred_vars[p.0 as usize],
                    ),
                })
                .collect();
            let m = bc.ctx.model();
            let c = predicate::cartesian(&mut bc.ctx, &base, m, &insts, &timeout);
            self.put_ctx(n, bc);
            match c {
                Ok(mut c) => {
                    if let Some((_, old)) = prev {
                        for (p, pos) in old {
                            if pos {
                                c.pos.insert(p);
                            } else {
                                c.neg.insert(p);
                            }
                        }
                    }
                    let c = c.literals();
                    let lastp = pool.last().copied();
                    self.replay_cache
                        .insert(ck, Some((pool.len(), lastp, c.clone())));
                    cubes.push(c);
                }
                Err(AbsError::SolverUnknown) => return Err(self.solver_unknown()),
            }
        }
        Ok(Err(cubes))
    }

    /// The tracked values along an abstract path, as assumptions for segment `j` (the block
    /// from `path[j]` through `end`): the node's values over the block's input (the root's are
    /// its initial facts) and the successor's values over the end's outputs. The ART abstracts
    /// every successor under exactly these values, so a replay under them refutes the path as
    /// the ART will see it again, while one without them must also refute control paths of the
    /// blocks that the values exclude (which needs disjunctions the Cartesian replay lacks).
    fn path_vals_assumptions(&self, path: &[NodeId], j: usize, end: &block::End) -> Vec<Term> {
        let n = path[j];
        let mut out = Vec::new();
        if !self.is_root(n) {
            let vt = self.vals_term(&self.art[n].vals);
            if !vt.is_true() {
                out.push(vt);
            }
        }
        if let Some(&next) = path.get(j + 1) {
            let vals = &self.art[next].vals;
            let vt = self.vals_term(vals);
            if !vt.is_true() {
                let vars: Vec<VarId> = self
                    .tracked
                    .vars
                    .iter()
                    .zip(vals.iter())
                    .filter(|(_, k)| k.is_some())
                    .map(|(v, _)| *v)
                    .collect();
                out.push(self.instantiate(n, end, vt, &vars));
            }
        }
        out
    }

    /// The conjunction of literals over canonical constants.
    fn literals_term(&self, lits: &[(PredId, bool)]) -> Term {
        let ts: Vec<Term> = lits
            .iter()
            .map(|&(p, pos)| {
                let t = self.preds.term(p);
                if pos {
                    t
                } else {
                    t.not()
                }
            })
            .collect();
        Term::and(&ts)
    }

    /// Backward pass of [`Self::refine_by_candidates`]: for nodes `r` down to 1, the literals of
    /// `cubes[j]` needed so that block `j` implies the needed literals of node `j + 1` (false
    /// after segment `r`). None when a check does not confirm it (should not happen).
    #[allow(clippy::type_complexity)]
    fn needed_literals(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
        r: usize,
        cubes: &[Vec<(PredId, bool)>],
    ) -> Res<Option<Vec<Vec<(PredId, bool)>>>> {
        let mut needed: Vec<Vec<(PredId, bool)>> = vec![Vec::new(); r + 1];
        let mut next: Vec<(PredId, bool)> = Vec::new();
        for j in (1..=r).rev() {
            let n = path[j];
            let key = segments[j].1;
            let block = self.block_of(n);
            let Some(end) = block.ends.get(&key) else {
                return Ok(None);
            };
            let goal = if j == r {
                None
            } else if next.is_empty() {
                // Nothing is needed after this node: nothing is needed before it either.
                break;
            } else {
                let t = self.literals_term(&next);
                let vars = self.lits_vars(&next);
                Some(self.instantiate(n, end, t, &vars).not())
            };
            let (mut bc, base0) = self.take_ctx(n, &block, key);
            let mut assume = vec![base0[0]];
            if let Some(g) = goal {
                assume.push(g);
            }
            assume.extend(self.path_vals_assumptions(path, j, end));
            let mut lit_of: HashMap<Term, (PredId, bool)> = HashMap::new();
            for &(p, pos) in &cubes[j] {
                let t = self.preds.term(p);
                let t = if pos { t } else { t.not() };
                lit_of.insert(t, (p, pos));
                assume.push(t);
            }
            let res = bc
                .ctx
                .check_assuming_with_timeout(&assume, self.remaining());
            let core = if res == SatResult::Unsat {
                bc.ctx.unsat_core()
            } else {
                Vec::new()
            };
            self.put_ctx(n, bc);
            match res {
                SatResult::Unsat => {}
                SatResult::Sat => return Ok(None),
                SatResult::Unknown => return Err(self.solver_unknown()),
            }
            let mut lits: Vec<(PredId, bool)> =
                core.iter().filter_map(|t| lit_of.get(t).copied()).collect();
            lits.sort();
            lits.dedup();
            needed[j] = lits.clone();
            next = lits;
        }
        Ok(Some(needed))
    }

    /// Slices a spurious path: an unsat core over its assume conditions (each guarded by a
    /// selector), and the variables outside the data cone of influence of the kept conditions
    /// (to be left out). The sliced path formula is weaker than the original and still
    /// unsatisfiable, so its interpolants are interpolants of the original, with fewer
    /// irrelevant facts (and MCSAT interpolates it much faster). None when no core was found.
    fn slice(
        &mut self,
        segments: &[(LocId, EndKey)],
        only: Option<&[HashSet<EdgeId>]>,
        start: Option<&[Option<i128>]>,
        pin: Option<&[Vec<Option<i128>>]>,
        start_lits: &[(Term, Vec<VarId>)],
    ) -> Res<Option<(Slice, Vec<Term>)>> {
        let t0 = Instant::now();
        let po = PathOpts {
            only,
            start,
            pin,
            selectors: true,
            ..PathOpts::default()
        };
        let pf = path_formula(self.prog, self.cfg, &self.w, &self.abs_point, segments, po);
        let mut sel_of: HashMap<Term, (usize, EdgeId)> = HashMap::new();
        for (i, b) in pf.blocks.iter().enumerate() {
            for (t, e) in &b.selectors {
                sel_of.insert(*t, (i, *e));
            }
        }
        let mut sels: Vec<Term> = sel_of.keys().copied().collect();
        let mut ctx = Context::new();
        ctx.assert_all(&pf.parts);
        // The start facts behind selectors of their own: the core says which are needed.
        let mut lit_of: HashMap<Term, usize> = HashMap::new();
        for (k, (l, _)) in start_lits.iter().enumerate() {
            let a = Term::var(&format!("slice.lit.{k}"), crate::smt::bool_sort());
            ctx.assert(a.implies(l.subst(&self.w.canon, &self.w.root_input)));
            lit_of.insert(a, k);
            sels.push(a);
        }
        let r = ctx.check_assuming_with_timeout(&sels, self.budget(SLICE_CORE_MS));
        let mut core = match r {
            SatResult::Unsat => ctx.unsat_core(),
            SatResult::Sat => return Ok(None),
            SatResult::Unknown if self.deadline.expired() => return Err(self.solver_unknown()),
            SatResult::Unknown => {
                self.prof("slice-giveup", t0);
                return Ok(None);
            }
        };
        // Deletion-based minimisation (cheap DPLL(T) checks, bounded: each check gets what is
        // left of the budget, and an unfinished check ends the minimisation).
        let mut i = 0;
        let t_min = Instant::now();
        let min_budget = Duration::from_millis(CORE_MIN_MS);
        while i < core.len() && t_min.elapsed() < min_budget {
            let mut trial = core.clone();
            trial.remove(i);
            let left = min_budget.saturating_sub(t_min.elapsed());
            let tb = self.remaining().map_or(left, |r| r.min(left));
            match ctx.check_assuming_with_timeout(&trial, Some(tb)) {
                SatResult::Unsat => {
                    let c2 = ctx.unsat_core();
                    core = if c2.len() < trial.len() { c2 } else { trial };
                }
                SatResult::Sat => i += 1,
                SatResult::Unknown if self.deadline.expired() => return Err(self.solver_unknown()),
                SatResult::Unknown => break,
            }
        }
        drop(ctx);
        let mut keep: Vec<HashSet<EdgeId>> = vec![HashSet::new(); segments.len()];
        let mut relevant = vec![false; self.prog.vars.len()];
        let mut lits = Vec::new();
        for t in core {
            if let Some(&k) = lit_of.get(&t) {
                lits.push(start_lits[k].0);
                for v in &start_lits[k].1 {
                    relevant[v.0 as usize] = true;
                }
            }
            if let Some(&(i, e)) = sel_of.get(&t) {
                keep[i].insert(e);
                if let Op::Assume(c) = &self.cfg.edge(e).op {
                    c.for_each_var(&mut |v| relevant[v.0 as usize] = true);
                }
            }
        }
        // Data cone of influence over the assignments of the path's blocks.
        let mut assigns: Vec<EdgeId> = Vec::new();
        for b in &pf.blocks {
            let contribs = b
                .incoming
                .values()
                .flatten()
                .chain(b.ends.values().flat_map(|e| e.incoming.iter()));
            for c in contribs {
                if matches!(self.cfg.edge(c.edge).op, Op::Assign(..)) {
                    assigns.push(c.edge);
                }
            }
        }
        assigns.sort();
        assigns.dedup();
        loop {
            let mut changed = false;
            for &e in &assigns {
                if let Op::Assign(x, rhs) = &self.cfg.edge(e).op {
                    if relevant[x.0 as usize] {
                        rhs.for_each_var(&mut |v| {
                            if !relevant[v.0 as usize] {
                                relevant[v.0 as usize] = true;
                                changed = true;
                            }
                        });
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let havoc: Vec<bool> = relevant.iter().map(|r| !r).collect();
        self.prof("slice", t0);
        if debug() {
            let kept: usize = keep.iter().map(|k| k.len()).sum();
            let vars = relevant.iter().filter(|r| **r).count();
            eprintln!("[predabs] slice: {kept} assumes, {vars} variables");
        }
        Ok(Some(((havoc, keep), lits)))
    }

    /// Puts the interpolants' atoms, and their conjuncts that are not literals (disjunctions),
    /// into the predicate table as candidates; true when some are new.
    fn intern_candidates(&mut self, itps: &[Term], var_of: &HashMap<Term, VarId>) -> bool {
        let mut new = false;
        for &itp in itps {
            if itp.is_true() || itp.is_false() {
                continue;
            }
            let mut ts = itp.atoms();
            for c in cexpr::conjuncts(itp).unwrap_or_else(|| vec![itp]) {
                let atoms = c.atoms();
                if !(atoms.len() == 1 && (c == atoms[0] || c == atoms[0].not())) {
                    ts.push(c);
                }
            }
            if self.w.enc.sem == Semantics::WrappedInt {
                ts.extend(self.modular_candidates(itp, var_of));
            }
            for t in ts {
                let Some((p, vars)) = self.unssa(t, var_of) else {
                    continue;
                };
                let (_, fresh) = self.preds.intern(p);
                if fresh {
                    self.pred_vars.push(vars);
                    new = true;
                }
            }
        }
        if self.w.enc.sem != Semantics::BitVector {
            new |= self.derive_equalities();
        }
        new
    }

    /// The affine equalities at the abstraction points (see [`affine`]) over the variables not
    /// tracked by value, and (WrappedInt) their modular closures, interned as predicates (not
    /// in the bit-vector world, whose constants are not integers).
    fn affine_candidates(&mut self) -> Vec<PredId> {
        if self.w.enc.sem == Semantics::BitVector {
            return Vec::new();
        }
        let t0 = Instant::now();
        let eqs = affine::equalities(self.prog, self.cfg, &self.abs_point, &self.tracked.index);
        let mut out = Vec::new();
        if debug() {
            for (coeffs, b) in &eqs {
                let cs: Vec<String> = coeffs
                    .iter()
                    .map(|(v, a)| format!("{a}*{}", self.prog.var(*v).name))
                    .collect();
                eprintln!("[predabs]   affine: {} == {b}", cs.join(" + "));
            }
        }
        for (coeffs, b) in eqs.into_iter().take(MAX_AFFINE) {
            let mut vars: Vec<VarId> = coeffs.iter().map(|c| c.0).collect();
            vars.sort();
            let mut d = Term::int(-b);
            for &(v, a) in &coeffs {
                d = d.add(Term::int(a).mul(self.w.canon[v.0 as usize]));
            }
            out.extend(self.intern_equality(d, &vars).into_iter().map(|(id, _)| id));
        }
        if debug() {
            eprintln!("[predabs] affine candidates: {}", out.len());
        }
        self.prof("affine", t0);
        out
    }

    /// Interns the eliminations (see [`modular::eliminate`]) of the linear equalities among
    /// the predicates not scanned yet with those known, and (WrappedInt) their modular
    /// closures; true when a predicate is new. At most [`MAX_DERIVED`] in all.
    fn derive_equalities(&mut self) -> bool {
        let mut new_atoms = false;
        for i in self.lin_scanned..self.preds.len() {
            let p = PredId(i as u32);
            let t = self.preds.term(p);
            // Interpolants' and affine atoms only: the program's own atoms (mostly `x == x_t`
            // copies guarded by flags) multiply the eliminations without adding relations.
            let from_program = !self.affine_ids.contains(&p)
                && self.atom_pool.as_ref().is_some_and(|a| a.contains(&p));
            if !from_program && !self.lin_derived.contains(&p) && t.atoms() == [t] {
                self.lin_atoms.push(t);
                new_atoms = true;
            }
        }
        self.lin_scanned = self.preds.len();
        if !new_atoms || self.lin_derived.len() >= MAX_DERIVED {
            return false;
        }
        let fresh_eqs: Vec<modular::Linear> = modular::equalities(&self.lin_atoms)
            .into_iter()
            .filter(|d| self.lin_known.insert(*d))
            .filter_map(modular::linear)
            .collect();
        let mut new = false;
        for e in fresh_eqs {
            for known in self.lin_eqs.clone() {
                for d in modular::eliminate(&known, &e) {
                    let Some(mut vars) = d
                        .coeffs
                        .iter()
                        .map(|(x, _)| self.w.canon_var.get(x).copied())
                        .collect::<Option<Vec<VarId>>>()
                    else {
                        continue;
                    };
                    vars.sort();
                    for (id, fresh) in self.intern_equality(d.term(), &vars) {
                        if fresh {
                            self.lin_derived.insert(id);
                            new = true;
                        }
                    }
                }
                if self.lin_derived.len() >= MAX_DERIVED {
                    return new;
                }
            }
            self.lin_eqs.push(e);
        }
        new
    }

    /// The width of the modular closure (see [`modular`]) of an equality over `vars`: in the
    /// WrappedInt world, the widest variable's, when no variable is Bool and it has at least
    /// 8 bits.
    fn closure_width(&self, vars: &[VarId]) -> Option<u32> {
        if self.w.enc.sem != Semantics::WrappedInt {
            return None;
        }
        let tys: Vec<crate::ir::Type> = vars.iter().map(|v| self.prog.var(*v).ty).collect();
        if tys.contains(&crate::ir::Type::Bool) {
            return None;
        }
        let w = tys.iter().map(|t| t.bits()).max().unwrap_or(0);
        (w >= 8).then_some(w as u32)
    }

    /// Interns `d == 0` (an integer term over the canonical constants of the sorted `vars`)
    /// and its modular closure where one applies ([`Self::closure_width`]) as predicates: each
    /// id and whether it is new. Nothing over a Bool variable.
    fn intern_equality(&mut self, d: Term, vars: &[VarId]) -> Vec<(PredId, bool)> {
        if vars
            .iter()
            .any(|v| self.prog.var(*v).ty == crate::ir::Type::Bool)
        {
            return Vec::new();
        }
        let mut ts = vec![d.eq(Term::int(0))];
        if let Some(w) = self.closure_width(vars) {
            ts.push(modular::closure(d, w));
        }
        let mut out = Vec::new();
        for t in ts {
            if t.is_true() || t.is_false() {
                continue;
            }
            let (id, fresh) = self.preds.intern(t);
            if fresh {
                self.pred_vars.push(vars.to_vec());
            }
            out.push((id, fresh));
        }
        out
    }

    /// The modular closures (see [`modular`]) of the integer equalities an interpolant states,
    /// over its boundary constants.
    fn modular_candidates(&self, itp: Term, var_of: &HashMap<Term, VarId>) -> Vec<Term> {
        let mut out = Vec::new();
        for d in modular::equalities(&itp.atoms()) {
            let Some((_, vars)) = self.unssa(d.eq(Term::int(0)), var_of) else {
                continue;
            };
            if let Some(w) = self.closure_width(&vars) {
                out.push(modular::closure(d, w));
            }
        }
        out
    }

    /// Interpolates one variant of the path formula: the minimised interpolants and the
    /// boundary constants. None when the variant is feasible or interpolation failed or ran out
    /// of its budget.
    fn interpolate_variant(
        &mut self,
        segments: &[(LocId, EndKey)],
        po: PathOpts,
        budget: Option<Duration>,
        what: &'static str,
    ) -> Res<Option<Refined>> {
        self.interpolate_in(segments, po, budget, what, false)
    }

    /// [`Self::interpolate_variant`], optionally in mathematical integers (`int`; only when
    /// exploring in WrappedInt, whose canonical constants have the same sort). Integer
    /// interpolants are only candidates: the replay in the exploring world decides.
    fn interpolate_in(
        &mut self,
        segments: &[(LocId, EndKey)],
        po: PathOpts,
        budget: Option<Duration>,
        what: &'static str,
        int: bool,
    ) -> Res<Option<Refined>> {
        if int && self.w.enc.sem != Semantics::WrappedInt {
            return Ok(None);
        }
        if int && self.iw.is_none() {
            self.iw = Some(World::new(self.prog, Semantics::Integer));
        }
        let w = if int {
            self.iw.as_ref().expect("made above")
        } else {
            &self.w
        };
        let pf = path_formula(self.prog, self.cfg, w, &self.abs_point, segments, po);
        if int
            || po.havoc.is_some()
            || po.keep_assumes.is_some()
            || po.drop.is_some()
            || po.start.is_some()
        {
            let mut ctx = Context::new();
            ctx.assert_all(&pf.parts);
            if ctx.check_with_timeout(self.remaining()) != SatResult::Unsat {
                return Ok(None);
            }
        }
        let t0 = Instant::now();
        let tb = match (budget, self.remaining()) {
            (Some(b), Some(r)) => Some(b.min(r)),
            (b, r) => b.or(r),
        };
        let r = smt::sequence_interpolants(&pf.parts, tb);
        self.prof(what, t0);
        if self.deadline.expired() {
            return Err(self.solver_unknown());
        }
        let Ok(itps) = r else { return Ok(None) };
        let itps = self.minimize_itps(&pf.parts, &itps);
        if debug() {
            for (i, t) in itps.iter().enumerate() {
                if !t.is_true() {
                    eprintln!("[predabs]   {what} itp {}: {t}", i + 1);
                }
            }
        }
        Ok(Some((itps, pf.var_of)))
    }

    /// Interpolants of a suffix of the abstract path that is infeasible on its own: from node
    /// `path[i]` with only the tracked values known (every other variable anywhere in its
    /// range) through the whole blocks, each segment's end pinned to the ART path's tracked
    /// values, sliced to an unsat core, in mathematical integers first. The prefix of a path
    /// pins the data to their initial values, and interpolants of the whole path then state
    /// those values (`x == 0`, `p == s` for a variable never written), where the suffix's state
    /// the relations that refute it whatever the data (`d == 2 * p`). Whole blocks, not one
    /// CFG path per block: concrete paths chosen block by block take data-dependent branches
    /// that contradict each other (`x != t` in one block, `x == t` in the next), and the
    /// shortest infeasible suffix would be about that. Only candidates: the replay decides.
    /// None when no suffix is infeasible or interpolation fails.
    fn suffix_interpolants(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
        cubes: &[Vec<(PredId, bool)>],
    ) -> Res<Option<Refined>> {
        let t0 = Instant::now();
        // The replay's cube at each node: implied by the path up to it, so a suffix may start
        // from it (the candidates' facts make suffixes shorter and their interpolants state
        // what the candidates miss).
        let lits_at = |a: &Analysis, j: usize| -> Vec<(Term, Vec<VarId>)> {
            if j == 0 {
                return Vec::new();
            }
            cubes
                .get(j)
                .map(|c| {
                    c.iter()
                        .map(|&(p, pos)| {
                            let t = a.preds.term(p);
                            let t = if pos { t } else { t.not() };
                            (t, a.pred_vars[p.0 as usize].clone())
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        let vals_at = |a: &Analysis, j: usize| -> Vec<Option<i128>> {
            let mut st = vec![None; a.prog.vars.len()];
            for (v, k) in a.tracked.vars.iter().zip(a.art[path[j]].vals.iter()) {
                st[v.0 as usize] = *k;
            }
            st
        };
        let pins: Vec<Vec<Option<i128>>> = (1..path.len()).map(|j| vals_at(self, j)).collect();
        // With the ends pinned, infeasibility is monotone in the suffix's length (a longer
        // suffix implies the shorter one's start): binary search for the shortest, i.e. the
        // largest start `i` whose suffix is infeasible. The whole path (i = 0, from the
        // initial state) is infeasible; open data from i = 0 need not be.
        let infeasible = |a: &mut Analysis, i: usize| -> Option<bool> {
            let st = vals_at(a, i);
            let lits: Vec<Term> = lits_at(a, i).into_iter().map(|l| l.0).collect();
            let po = PathOpts {
                start: Some(&st),
                pin: Some(&pins[i..]),
                start_lits: Some(&lits),
                ..PathOpts::default()
            };
            let pf = path_formula(a.prog, a.cfg, &a.w, &a.abs_point, &segments[i..], po);
            let mut ctx = Context::new();
            ctx.assert_all(&pf.parts);
            match ctx.check_with_timeout(a.budget(SUFFIX_CHECK_MS)) {
                SatResult::Unsat => Some(true),
                SatResult::Sat => Some(false),
                SatResult::Unknown => None,
            }
        };
        if infeasible(self, 0) != Some(true) {
            self.prof("suffix-search", t0);
            return Ok(None);
        }
        // The suffix from `lo` is infeasible, the one from `hi` feasible (or empty).
        let (mut lo, mut hi) = (0, segments.len());
        while lo + 1 < hi {
            let mid = (lo + hi) / 2;
            match infeasible(self, mid) {
                Some(true) => lo = mid,
                Some(false) => hi = mid,
                None => break,
            }
        }
        self.prof("suffix-search", t0);
        let i = lo;
        if debug() {
            eprintln!(
                "[predabs] suffix from segment {i} of {} infeasible",
                segments.len()
            );
        }
        let st = vals_at(self, i);
        let segs = &segments[i..];
        let pin = &pins[i..];
        // Sliced to an unsat core of its conditions and their cone of influence.
        let lits = lits_at(self, i);
        let Some(((dropped, keep), lits)) = self.slice(segs, None, Some(&st), Some(pin), &lits)?
        else {
            return Ok(None);
        };
        let po = PathOpts {
            start: Some(&st),
            pin: Some(pin),
            start_lits: Some(&lits),
            drop: Some(&dropped),
            keep_assumes: Some(&keep),
            ..PathOpts::default()
        };
        let budget = Some(Duration::from_millis(SUFFIX_ITP_MS));
        let mut r = self.interpolate_in(segs, po, budget, "itp-suffix-int", true)?;
        if r.is_none() {
            r = self.interpolate_in(segs, po, budget, "itp-suffix", false)?;
        }
        Ok(r)
    }

    /// One concrete CFG path through each block of the abstract path, consistent with the
    /// abstract states at both ends (None if some block has no such path).
    fn concrete_block_paths(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
        cubes: Option<&[Lits]>,
    ) -> Res<Option<Vec<HashSet<EdgeId>>>> {
        let t0 = Instant::now();
        let mut out = Vec::with_capacity(segments.len());
        for (i, &(_, key)) in segments.iter().enumerate() {
            let n = path[i];
            let block = self.block_of(n);
            let Some(end) = block.ends.get(&key) else {
                return Ok(None);
            };
            // The next node's tracked values, and its state or the replay's cube.
            let (target, tvars) = match path.get(i + 1) {
                Some(&next) => {
                    let node = &self.art[next];
                    let (t, mut vars) = match cubes.and_then(|c| c.get(i + 1)) {
                        Some(c) => (self.literals_term(c), self.lits_vars(c)),
                        None => (
                            node.state.to_term(&self.preds),
                            self.state_vars(&node.state),
                        ),
                    };
                    vars.extend(
                        self.tracked
                            .vars
                            .iter()
                            .zip(node.vals.iter())
                            .filter(|(_, k)| k.is_some())
                            .map(|(v, _)| *v),
                    );
                    vars.sort();
                    vars.dedup();
                    (t.and2(self.vals_term(&node.vals)), vars)
                }
                None => (Term::tt(), Vec::new()),
            };
            let (mut bc, mut base) = self.take_ctx(n, &block, key);
            if let Some(c) = cubes.and_then(|c| c.get(i)) {
                // The replay's cube instead of the node's state (the root has none), with the
                // node's tracked values.
                base.truncate(1);
                let t = self.literals_term(c);
                if !t.is_true() {
                    base.push(t);
                }
                if !self.is_root(n) {
                    let vt = self.vals_term(&self.art[n].vals);
                    if !vt.is_true() {
                        base.push(vt);
                    }
                }
            }
            if !target.is_true() {
                base.push(self.instantiate(n, end, target, &tvars));
            }
            let r = bc.ctx.check_assuming_with_timeout(&base, self.remaining());
            let m = if r == SatResult::Sat {
                bc.ctx.model()
            } else {
                None
            };
            self.put_ctx(n, bc);
            match r {
                SatResult::Sat => {}
                SatResult::Unsat => return Ok(None),
                SatResult::Unknown => return Err(self.solver_unknown()),
            }
            let Some(m) = m else {
                return Ok(None);
            };
            let Some(cs) = block.path_from_model(key, &m) else {
                return Ok(None);
            };
            out.push(cs.iter().map(|c| c.edge).collect());
        }
        self.prof("concrete-paths", t0);
        Ok(Some(out))
    }

    /// The variables of the predicates of literals.
    fn lits_vars(&self, lits: &[(PredId, bool)]) -> Vec<VarId> {
        let mut vars: Vec<VarId> = lits
            .iter()
            .flat_map(|(p, _)| self.pred_vars[p.0 as usize].iter().copied())
            .collect();
        vars.sort();
        vars.dedup();
        vars
    }

    /// The variables of the predicates of a state.
    fn state_vars(&self, st: &AbsState) -> Vec<VarId> {
        let mut vars = Vec::new();
        for c in st.cubes() {
            for p in c.pos.iter().chain(c.neg.iter()) {
                vars.extend(self.pred_vars[p.0 as usize].iter().copied());
            }
        }
        vars.sort();
        vars.dedup();
        vars
    }

    /// `t` (over canonical constants of `vars`) instantiated at the end of a block from `n`.
    fn instantiate(&self, n: NodeId, end: &block::End, t: Term, vars: &[VarId]) -> Term {
        let input: &[Term] = if self.is_root(n) {
            &self.w.root_input
        } else {
            &self.w.canon
        };
        let from: Vec<Term> = vars.iter().map(|v| self.w.canon[v.0 as usize]).collect();
        let to: Vec<Term> = vars
            .iter()
            .map(|v| match end.out.binary_search_by_key(v, |(x, _)| *x) {
                Ok(i) => end.out[i].1,
                Err(_) => input[v.0 as usize],
            })
            .collect();
        t.subst(&from, &to)
    }

    fn counterexample(&mut self, k: EndKey, steps: Vec<Step>) -> Res<()> {
        match k {
            EndKey::Unsupported(e) => {
                let edge = self.cfg.edge(e);
                let reason = match &edge.op {
                    Op::Unsupported(r) => r.clone(),
                    _ => "unsupported construct".into(),
                };
                self.feasible_unsupported.insert(e);
                if self.unsupported.is_none() {
                    self.unsupported = Some((reason, edge.loc));
                }
                Ok(())
            }
            EndKey::Loc(_) => {
                let last = steps.iter().rev().find_map(|s| match s {
                    Step::Edge { edge, .. } => Some(*edge),
                    _ => None,
                });
                let (description, loc) = match last.map(|e| self.cfg.edge(e)) {
                    Some(edge) => (
                        match &edge.op {
                            Op::Error(ErrorKind::AssertFail(t)) => format!("assertion {t}"),
                            _ => "reach_error()".to_string(),
                        },
                        edge.loc,
                    ),
                    None => ("reach_error()".to_string(), Loc::default()),
                };
                Err(Stop::Verdict(Verdict::Unsafe(Counterexample {
                    violation: Violation::Property { description, loc },
                    steps,
                })))
            }
        }
    }

    /// Maps an interpolant atom over boundary constants to a predicate over canonical
    /// constants (None when some constant is not a boundary constant, or the atom is trivial).
    fn unssa(&self, atom: Term, var_of: &HashMap<Term, VarId>) -> Option<(Term, Vec<VarId>)> {
        let fv = atom.free_vars();
        if fv.is_empty() {
            return None;
        }
        let mut from = Vec::with_capacity(fv.len());
        let mut to = Vec::with_capacity(fv.len());
        let mut vars = Vec::with_capacity(fv.len());
        for t in fv {
            let v = *var_of.get(&t)?;
            from.push(t);
            to.push(self.w.canon[v.0 as usize]);
            vars.push(v);
        }
        let p = atom.subst(&from, &to);
        if p.is_true() || p.is_false() {
            return None;
        }
        vars.sort();
        vars.dedup();
        Some((p, vars))
    }

    /// Shrinks a sequence interpolant: from the last cut backwards, keeps only the conjuncts of
    /// `I_j` needed to refute `P_(j+1) ∧ ¬S_(j+1)` (an unsat core). The result is again a
    /// sequence interpolant (`P_1 ⇒ I_1 ⇒ S_1`, `S_j ∧ P_(j+1) ⇒ S_(j+1)`, `S_(n-1) ∧ P_n` unsat)
    /// with fewer atoms (MCSAT interpolants list many irrelevant facts).
    fn minimize_itps(&mut self, parts: &[Term], itps: &[Term]) -> Vec<Term> {
        let t0 = Instant::now();
        let mut out = itps.to_vec();
        let mut next = Term::ff();
        for j in (0..itps.len()).rev() {
            if let Some(cs) = cexpr::conjuncts(itps[j]).filter(|c| c.len() > 1) {
                let mut ctx = Context::new();
                ctx.assert(parts[j + 1]);
                ctx.assert(next.not());
                if ctx.check_assuming_with_timeout(&cs, self.remaining()) == SatResult::Unsat {
                    out[j] = Term::and(&ctx.unsat_core());
                }
            }
            next = out[j];
        }
        self.prof("itp-minimize", t0);
        out
    }

    /// Adds the un-SSA'd atoms of the interpolants to the precisions of the path's nodes;
    /// returns the first node index whose precision gained a predicate it did not have.
    fn add_predicates(
        &mut self,
        path: &[NodeId],
        itps: &[Term],
        var_of: &HashMap<Term, VarId>,
    ) -> Option<usize> {
        let mut pivot: Option<usize> = None;
        if debug() {
            eprintln!("[predabs] refine path of {} nodes", path.len());
            for (i, t) in itps.iter().enumerate() {
                eprintln!(
                    "[predabs]   itp {} at {:?}: {}",
                    i + 1,
                    self.art[path[i + 1]].loc,
                    t
                );
            }
        }
        for (j, &nj) in path.iter().enumerate().skip(1) {
            let Some(&itp) = itps.get(j - 1) else { break };
            let (loc, version) = (self.art[nj].loc, self.art[nj].version);
            let mut new_here = false;
            for atom in itp.atoms() {
                let Some((p, vars)) = self.unssa(atom, var_of) else {
                    continue;
                };
                let (id, fresh) = self.preds.intern(p);
                if fresh {
                    self.pred_vars.push(vars);
                }
                self.prec.add(loc, id);
                if !self.prec.known_in(loc, id, version) {
                    new_here = true;
                }
            }
            if new_here && pivot.is_none() {
                pivot = Some(j);
            }
        }
        pivot
    }

    /// Every interpolant atom was already known: Cartesian abstraction lost the interpolants'
    /// disjunctions. Each conjunct of an interpolant that is not a literal becomes a Boolean
    /// group at its node's location (Boolean abstraction over a group implies the conjunct, so
    /// with all groups the path is excluded); if that changes nothing either, the locations
    /// switch to full Boolean abstraction. Returns the first node index whose abstraction
    /// changes.
    fn add_groups(
        &mut self,
        path: &[NodeId],
        itps: &[Term],
        var_of: &HashMap<Term, VarId>,
    ) -> Option<usize> {
        let mut pivot = None;
        for (j, &nj) in path.iter().enumerate().skip(1) {
            let Some(&itp) = itps.get(j - 1) else { break };
            let (loc, version) = (self.art[nj].loc, self.art[nj].version);
            if itp.is_true() || version.boolean {
                continue;
            }
            let conj = cexpr::conjuncts(itp).unwrap_or_else(|| vec![itp]);
            let mut changed = false;
            for c in conj {
                let mut g: Vec<PredId> = c
                    .atoms()
                    .into_iter()
                    .filter_map(|a| self.unssa(a, var_of))
                    .filter_map(|(p, _)| self.preds.get(p))
                    .collect();
                g.sort();
                g.dedup();
                if g.len() >= 2 && self.prec.add_group(loc, g, version) {
                    changed = true;
                }
            }
            if changed && pivot.is_none() {
                pivot = Some(j);
            }
        }
        if debug() {
            eprintln!("[predabs] boolean groups: pivot {pivot:?}");
        }
        pivot
    }

    /// Last resort: full Boolean abstraction at the path's locations.
    fn make_boolean(&mut self, path: &[NodeId], itps: &[Term]) -> Option<usize> {
        self.make_boolean_upto(path, itps, usize::MAX)
    }

    /// [`Self::make_boolean`] only at locations with at most `max_preds` predicates (all-SAT
    /// over many predicates can take seconds per post).
    fn make_boolean_upto(
        &mut self,
        path: &[NodeId],
        itps: &[Term],
        max_preds: usize,
    ) -> Option<usize> {
        let mut pivot = None;
        {
            for (j, &nj) in path.iter().enumerate().skip(1) {
                let Some(&itp) = itps.get(j - 1) else { break };
                let (loc, version) = (self.art[nj].loc, self.art[nj].version);
                if itp.is_true() || version.boolean || self.prec.at(loc).len() > max_preds {
                    continue;
                }
                self.prec.make_boolean(loc);
                if pivot.is_none() {
                    pivot = Some(j);
                }
            }
        }
        if debug() {
            eprintln!("[predabs] upgrade to boolean: pivot {pivot:?}");
        }
        pivot
    }

    /// Lazy abstraction: removes the subtree at `path[j]` and re-expands its parent's block.
    fn apply_refinement(&mut self, path: &[NodeId], j: usize) {
        self.refinements += 1;
        let node = path[j];
        let (parent, via) = (path[j - 1], self.art[node].via);
        self.remove_subtree(node);
        if self.live(parent) {
            self.work.push(Task::ExpandEnd(parent, via));
        }
    }

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

    fn summary(&self) -> ArtSummary {
        let names: HashMap<Term, String> = self
            .w
            .canon
            .iter()
            .enumerate()
            .map(|(i, t)| (*t, self.prog.vars[i].name.clone()))
            .collect();
        let mut heads: Vec<LocId> = self.cfg.loops.iter().map(|l| l.head).collect();
        heads.sort();
        heads.dedup();
        // Integer ranges of the canonical constants: literals are written as C whose value is
        // the mathematical one (arithmetic in `long long`, see `cexpr::to_c_exact`).
        let ranges: HashMap<Term, (i128, i128)> = self
            .w
            .canon
            .iter()
            .zip(&self.prog.vars)
            .filter(|(_, v)| matches!(v.ty, crate::ir::Type::Int { .. }))
            .map(|(t, v)| (*t, (v.ty.min_value(), v.ty.max_value())))
            .collect();
        let mut invariants = Vec::new();
        for h in heads {
            let mut disj: Vec<Vec<String>> = Vec::new();
            let mut any = false;
            for &n in self.per_loc.get(&h).map(|v| v.as_slice()).unwrap_or(&[]) {
                let Some(node) = self.art.get(n) else {
                    continue;
                };
                if node.covered_by.is_some() {
                    continue;
                }
                any = true;
                let known = self.vals_c(&node.vals, &names);
                for c in node.state.cubes() {
                    let mut lits = known.clone();
                    for (p, pos) in c.literals() {
                        match cexpr::to_c_exact(self.preds.term(p), &names, &ranges) {
                            Some(s) if pos => lits.push(s),
                            Some(s) => lits.push(format!("!({s})")),
                            // Unprintable literal: dropping it weakens the cube (still sound).
                            None => {}
                        }
                    }
                    disj.push(lits);
                }
            }
            let inv = if !any {
                "0".to_string()
            } else {
                cexpr::dnf_to_c(disj)
            };
            invariants.push((h, inv));
        }
        ArtSummary { invariants }
    }
}
