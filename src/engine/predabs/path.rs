//! Path formulas of predicate abstraction: the program variables' terms under one semantics
//! ([`World`]), an abstract path's formula chained through fresh boundary constants, and
//! counterexample steps read back from a model.

use super::*;

/// Terms for the program variables under one semantics.
pub(super) struct World {
    pub(super) enc: Encoder,
    /// One constant per variable (abstract states and predicates are over these).
    pub(super) canon: Vec<Term>,
    /// Range fact of each canonical constant (true when not applicable).
    pub(super) canon_range: Vec<Term>,
    /// Variable values at program start: initial constants, or fresh constants.
    pub(super) root_input: Vec<Term>,
    /// Initial values / range facts of the initial constants.
    pub(super) root_facts: Term,
    /// The same, per variable.
    pub(super) root_fact: Vec<Term>,
    /// Fresh initial constants → variable.
    pub(super) root_vars: HashMap<Term, VarId>,
    /// Canonical constant → variable.
    pub(super) canon_var: HashMap<Term, VarId>,
}

static WORLD_COUNTER: AtomicU64 = AtomicU64::new(0);

impl World {
    pub(super) fn new(prog: &Program, sem: Semantics) -> World {
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
pub(super) struct PathFormula {
    pub(super) blocks: Vec<Block>,
    pub(super) keys: Vec<EndKey>,
    pub(super) parts: Vec<Term>,
    pub(super) var_of: HashMap<Term, VarId>,
}

static PATH_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Variants of a path formula (see [`BuildOpts`]), per segment where it applies.
#[derive(Clone, Copy, Default)]
pub(super) struct PathOpts<'a> {
    pub(super) havoc: Option<&'a [bool]>,
    pub(super) only: Option<&'a [HashSet<EdgeId>]>,
    pub(super) selectors: bool,
    pub(super) keep_assumes: Option<&'a [HashSet<EdgeId>]>,
    pub(super) drop: Option<&'a [bool]>,
    /// The formula starts at a node other than the root: per program variable its value
    /// there (tracked and known) or anywhere in its range, instead of the initial state.
    pub(super) start: Option<&'a [Option<i128>]>,
    /// Per segment: the values (per program variable) the ART path's tracked variables have
    /// after it, asserted at its end (a block end can have several valuations; the ART path
    /// took one).
    pub(super) pin: Option<&'a [Vec<Option<i128>>]>,
    /// Facts at the start (over the canonical constants), asserted with the start's values.
    pub(super) start_lits: Option<&'a [Term]>,
}

pub(super) fn path_formula(
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
pub(super) fn steps_from_model(
    prog: &Program,
    w: &World,
    pf: &PathFormula,
    m: &Model,
) -> Option<Vec<Step>> {
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
pub(super) type Variant<'v> = (
    Option<&'v [bool]>,
    Option<&'v [HashSet<EdgeId>]>,
    Option<Duration>,
    &'static str,
);

/// Result of one interpolation variant: minimised interpolants, boundary constants.
pub(super) type Refined = (Vec<Term>, HashMap<Term, VarId>);

/// A path slice: the variables left out, and the assume edges kept per segment.
pub(super) type Slice = (Vec<bool>, Vec<HashSet<EdgeId>>);

/// Literals (predicate, polarity) of a cube.
pub(super) type Lits = Vec<(PredId, bool)>;

/// Outcome of [`Analysis::refine_by_candidates`].
pub(super) enum Replay {
    /// The replay refutes the path; the first node whose precision changed.
    Pivot(usize),
    /// Every block of the path is satisfiable from the replay's cubes (one per node).
    Feasible(Vec<Lits>),
    /// Refuted, but no precision changed (or the minimisation failed).
    NoProgress,
}

pub(super) fn only(s: &[HashSet<EdgeId>]) -> PathOpts<'_> {
    PathOpts {
        only: Some(s),
        ..PathOpts::default()
    }
}
