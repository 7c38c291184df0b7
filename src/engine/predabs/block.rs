//! Large-block encoding: the SSA path formula of all CFG paths from one abstraction point to the
//! next ones.
//!
//! Abstraction points are the loop heads, the error location and the sources of back edges'
//! targets (see [`abstraction_points`]). Every other edge goes forward in location order (IR
//! invariant), so the part of the CFG reachable from an abstraction point without passing
//! another one is acyclic and location order is a topological order. [`build`] walks it in that
//! order, keeping for every location a path condition (`pc`) and an SSA map (variable → current
//! term); where paths join, the incoming conditions are disjoined and variables whose terms differ
//! get a fresh φ constant with one equality per incoming path. The result for each block *end*
//! (an abstraction point, or an `Unsupported` edge) is one formula over the input terms and fresh
//! constants, plus the output term of every variable written in the block.
//!
//! Each incoming contribution is kept ([`Contrib`]) with its guard, so a model of a block
//! formula can be turned back into one concrete CFG path ([`Block::path_from_model`]).

use crate::ir::{Cfg, EdgeId, LocId, Op, Program, VarId};
use crate::smt::{Encoder, Model, Term};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Where a block ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EndKey {
    /// At an abstraction point (loop head or the error location).
    Loc(LocId),
    /// Just before an `Op::Unsupported` edge (the edge itself is not executed).
    Unsupported(EdgeId),
}

/// One way into a location (or block end): the edge taken and its effect.
#[derive(Clone, Debug)]
pub struct Contrib {
    pub edge: EdgeId,
    pub from: LocId,
    /// Condition of reaching `from`, taking the edge, and (after a join) the φ equalities.
    pub guard: Term,
    /// Terms of the values chosen by the edge's nondeterminism (Nondet, external Call).
    pub nondet: Vec<Term>,
    /// Variables written by the edge and their new terms.
    pub writes: Vec<(VarId, Term)>,
}

/// The formula of one block end.
#[derive(Clone, Debug)]
pub struct End {
    /// Reaching this end from the block start.
    pub formula: Term,
    /// Output term of every variable written on some path to this end (sorted by variable);
    /// variables not listed keep their input term.
    pub out: Vec<(VarId, Term)>,
    pub incoming: Vec<Contrib>,
}

/// All block ends reachable from one start location.
#[derive(Clone, Debug)]
pub struct Block {
    pub start: LocId,
    pub ends: BTreeMap<EndKey, End>,
    /// Incoming contributions of the interior locations.
    pub incoming: HashMap<LocId, Vec<Contrib>>,
    /// With [`BuildOpts::selectors`]: the selector constant guarding each assume edge.
    pub selectors: Vec<(Term, EdgeId)>,
}

/// Makes fresh SSA constants and remembers which program variable each boundary constant
/// stands for.
pub struct Namer {
    prefix: String,
    counter: u64,
    /// Boundary / input constants → program variable (for un-SSA of interpolants).
    pub var_of: HashMap<Term, VarId>,
}

impl Namer {
    pub fn new(prefix: &str) -> Self {
        Namer {
            prefix: prefix.to_string(),
            counter: 0,
            var_of: HashMap::new(),
        }
    }
    fn fresh(&mut self, prog: &Program, enc: &Encoder, v: VarId, what: &str) -> Term {
        self.counter += 1;
        let var = prog.var(v);
        Term::var(
            &format!("{}{}{}#{}", var.name, what, self.prefix, self.counter),
            enc.sort(var.ty),
        )
    }
    /// A fresh constant that represents variable `v` at a block boundary.
    pub fn boundary(&mut self, prog: &Program, enc: &Encoder, v: VarId) -> Term {
        let t = self.fresh(prog, enc, v, "@");
        self.var_of.insert(t, v);
        t
    }
    pub fn set_prefix(&mut self, p: &str) {
        self.prefix = p.to_string();
    }
}

/// Locations where abstractions are computed: loop heads, targets of backward edges (robustness
/// against a missing loop entry) and the error location.
pub fn abstraction_points(cfg: &Cfg) -> Vec<bool> {
    let mut a = vec![false; cfg.num_locs as usize];
    for l in &cfg.loops {
        if let Some(x) = a.get_mut(l.head.0 as usize) {
            *x = true;
        }
    }
    for e in &cfg.edges {
        if e.to <= e.from {
            if let Some(x) = a.get_mut(e.to.0 as usize) {
                *x = true;
            }
        }
    }
    if let Some(x) = a.get_mut(cfg.error.0 as usize) {
        *x = true;
    }
    a
}

type Ssa = HashMap<VarId, Term>;

struct Arrival {
    contrib: Contrib,
    ssa: Ssa,
}

/// Joins the arrivals at one location: (pc, ssa, contributions with φ equalities added).
fn merge(
    prog: &Program,
    enc: &Encoder,
    namer: &mut Namer,
    input: &[Term],
    mut arr: Vec<Arrival>,
    boundary: bool,
) -> (Term, Ssa, Vec<Contrib>) {
    if arr.len() == 1 && !boundary {
        let a = arr.pop().expect("one arrival");
        return (a.contrib.guard, a.ssa, vec![a.contrib]);
    }
    let mut keys: Vec<VarId> = arr.iter().flat_map(|a| a.ssa.keys().copied()).collect();
    keys.sort();
    keys.dedup();
    let mut ssa: Ssa = HashMap::new();
    let mut extra: Vec<Vec<Term>> = vec![Vec::new(); arr.len()];
    for x in keys {
        let vals: Vec<Term> = arr
            .iter()
            .map(|a| a.ssa.get(&x).copied().unwrap_or(input[x.0 as usize]))
            .collect();
        let same = vals.iter().all(|&t| t == vals[0]);
        if same && !boundary {
            ssa.insert(x, vals[0]);
            continue;
        }
        if same && vals[0] == input[x.0 as usize] {
            // Written on every path but back to the input term: nothing to name.
            continue;
        }
        let phi = if boundary {
            namer.boundary(prog, enc, x)
        } else {
            namer.fresh(prog, enc, x, "%")
        };
        for (i, v) in vals.iter().enumerate() {
            extra[i].push(phi.eq(*v));
        }
        ssa.insert(x, phi);
    }
    let mut contribs = Vec::with_capacity(arr.len());
    let mut guards = Vec::with_capacity(arr.len());
    for (a, ex) in arr.into_iter().zip(extra) {
        let mut c = a.contrib;
        if !ex.is_empty() {
            let mut parts = vec![c.guard];
            parts.extend(ex);
            c.guard = Term::and(&parts);
        }
        guards.push(c.guard);
        contribs.push(c);
    }
    let pc = if guards.len() == 1 {
        guards[0]
    } else {
        Term::or(&guards)
    };
    (pc, ssa, contribs)
}

/// How to build a block.
#[derive(Clone, Copy, Default)]
pub struct BuildOpts<'a> {
    /// Every written variable gets a fresh boundary constant at each end (needed for
    /// interpolation: interpolants then speak about those constants).
    pub boundary: bool,
    /// Variables abstracted away: their assignments become arbitrary values and conditions
    /// reading them are dropped (an over-approximation of the block).
    pub havoc: Option<&'a [bool]>,
    /// Only these edges are followed (one CFG path through the block).
    pub only: Option<&'a HashSet<EdgeId>>,
    /// Every assume condition is guarded by a fresh selector constant (for unsat cores).
    pub selectors: bool,
    /// Only these assume edges keep their condition (the others act as `skip`).
    pub keep_assumes: Option<&'a HashSet<EdgeId>>,
    /// Variables left out entirely: never written, conditions reading them dropped. Only for
    /// variables no kept condition depends on (outside their cone of influence), where it
    /// preserves satisfiability while keeping the formula small.
    pub drop: Option<&'a [bool]>,
}

impl BuildOpts<'_> {
    /// Whether variable `x` is left out of the block entirely.
    fn dropped(&self, x: VarId) -> bool {
        flagged(self.drop, x)
    }

    /// Whether variable `x` is abstracted away (assignments give it any value).
    fn havocked(&self, x: VarId) -> bool {
        flagged(self.havoc, x)
    }
}

/// Whether `x`'s flag is set in an optional per-variable table.
fn flagged(table: Option<&[bool]>, x: VarId) -> bool {
    table.is_some_and(|h| h.get(x.0 as usize).copied().unwrap_or(false))
}

/// Whether `e` reads a variable `is` selects.
fn reads_any(e: &crate::ir::Expr, is: impl Fn(VarId) -> bool) -> bool {
    let mut r = false;
    e.for_each_var(&mut |x| r |= is(x));
    r
}

/// One edge of a block encoded from the state it leaves: its guard (the path condition
/// conjoined with the edge's own condition), the variables' terms after it, the fresh values it
/// chose and the writes it made, and the block end it reaches when it ends the block there
/// (the error location or an unsupported edge).
struct EdgeStep {
    guard: Term,
    ssa: Ssa,
    nondet: Vec<Term>,
    writes: Vec<(VarId, Term)>,
    end: Option<EndKey>,
}

/// The variables' terms at the start of a block and the fresh names of its values: what
/// encoding one edge needs besides the edge.
struct EdgeCtx<'c, 'n> {
    prog: &'c Program,
    cfg: &'c Cfg,
    enc: &'c Encoder,
    input: &'c [Term],
    namer: &'n mut Namer,
}

impl EdgeCtx<'_, '_> {
    /// A fresh value of `x`'s type for the step: the guard gets its range.
    fn fresh(&mut self, x: VarId, step: &mut EdgeStep) -> Term {
        let ty = self.prog.var(x).ty;
        let n = self.namer.fresh(self.prog, self.enc, x, "?");
        step.guard = step.guard.and2(self.enc.range(n, ty));
        step.ssa.insert(x, n);
        step.writes.push((x, n));
        n
    }

    /// Encodes edge `eid` taken from path condition `pc` and terms `ssa` under the options;
    /// assume conditions guarded by selectors get theirs appended to `selectors`.
    fn step(
        &mut self,
        o: &BuildOpts,
        selectors: &mut Vec<(Term, EdgeId)>,
        eid: EdgeId,
        op: &Op,
        pc: Term,
        ssa: &Ssa,
    ) -> EdgeStep {
        let mut step = EdgeStep {
            guard: pc,
            ssa: ssa.clone(),
            nondet: Vec::new(),
            writes: Vec::new(),
            end: None,
        };
        let input = self.input;
        let lookup = |v: VarId| match ssa.get(&v) {
            Some(t) => *t,
            None => input[v.0 as usize],
        };
        match op {
            Op::Skip | Op::AtomicBegin | Op::AtomicEnd => {}
            Op::Assign(x, _) | Op::Nondet(x) if o.dropped(*x) => {}
            Op::Assume(c) if reads_any(c, |x| o.dropped(x)) => {}
            Op::Assign(x, _) if o.havocked(*x) => {
                self.fresh(*x, &mut step);
            }
            Op::Assume(c) if reads_any(c, |x| o.havocked(x)) => {}
            Op::Assume(_) if o.keep_assumes.is_some_and(|k| !k.contains(&eid)) => {}
            Op::Assign(x, rhs) => {
                let t = self.enc.expr(rhs, &self.prog.vars, &mut { lookup });
                step.ssa.insert(*x, t);
                step.writes.push((*x, t));
            }
            Op::Nondet(x) => {
                let n = self.fresh(*x, &mut step);
                step.nondet.push(n);
            }
            Op::Assume(c) => {
                let t = self.enc.expr(c, &self.prog.vars, &mut { lookup });
                if o.selectors && !t.is_true() {
                    let sel = Term::var(&format!("sel{}", eid.0), crate::smt::bool_sort());
                    selectors.push((sel, eid));
                    step.guard = step.guard.and2(sel.implies(t));
                } else {
                    step.guard = step.guard.and2(t);
                }
            }
            Op::Call { ret, may_write, .. } => {
                for x in ret.iter().chain(may_write.iter()) {
                    if !o.dropped(*x) {
                        let n = self.fresh(*x, &mut step);
                        step.nondet.push(n);
                    }
                }
            }
            Op::Error(_) => step.end = Some(EndKey::Loc(self.cfg.error)),
            Op::Unsupported(_) => step.end = Some(EndKey::Unsupported(eid)),
        }
        step
    }
}

/// Builds the block starting at `start`. `input[v]` is the term of variable `v` at the start.
#[allow(clippy::too_many_arguments)]
pub fn build(
    prog: &Program,
    cfg: &Cfg,
    enc: &Encoder,
    abs_point: &[bool],
    start: LocId,
    input: &[Term],
    namer: &mut Namer,
    o: BuildOpts,
) -> Block {
    let mut selectors: Vec<(Term, EdgeId)> = Vec::new();
    let mut pending: BTreeMap<LocId, Vec<Arrival>> = BTreeMap::new();
    let mut end_arr: BTreeMap<EndKey, Vec<Arrival>> = BTreeMap::new();
    let mut incoming: HashMap<LocId, Vec<Contrib>> = HashMap::new();
    let mut cur: Option<(LocId, Term, Ssa)> = Some((start, Term::tt(), HashMap::new()));
    while let Some((l, pc, ssa)) = cur.take() {
        let mut ctx = EdgeCtx {
            prog,
            cfg,
            enc,
            input,
            namer,
        };
        for (eid, e) in cfg.out_edges(l) {
            if o.only.is_some_and(|only| !only.contains(&eid)) {
                continue;
            }
            let step = ctx.step(&o, &mut selectors, eid, &e.op, pc, &ssa);
            if step.guard.is_false() {
                continue;
            }
            let arrival = Arrival {
                contrib: Contrib {
                    edge: eid,
                    from: l,
                    guard: step.guard,
                    nondet: step.nondet,
                    writes: step.writes,
                },
                ssa: step.ssa,
            };
            let to = e.to;
            let end = step.end.or({
                if abs_point.get(to.0 as usize).copied().unwrap_or(false) || to <= l {
                    Some(EndKey::Loc(to))
                } else {
                    None
                }
            });
            if let Some(k) = end {
                end_arr.entry(k).or_default().push(arrival);
            } else if to == cfg.exit {
                // Normal termination: nothing to check beyond.
            } else {
                pending.entry(to).or_default().push(arrival);
            }
        }
        if let Some((l2, arr)) = pending.pop_first() {
            let (pc2, ssa2, contribs) = merge(prog, enc, namer, input, arr, false);
            incoming.insert(l2, contribs);
            cur = Some((l2, pc2, ssa2));
        }
    }
    let mut ends = BTreeMap::new();
    for (k, arr) in end_arr {
        let (pc, ssa, contribs) = merge(prog, enc, namer, input, arr, o.boundary);
        let mut out: Vec<(VarId, Term)> = ssa.into_iter().collect();
        out.sort();
        ends.insert(
            k,
            End {
                formula: pc,
                out,
                incoming: contribs,
            },
        );
    }
    Block {
        start,
        ends,
        incoming,
        selectors,
    }
}

impl Block {
    /// The CFG path (edge contributions, in order) to end `k` taken in model `m` of that end's
    /// formula. None if the model does not determine one (should not happen).
    pub fn path_from_model(&self, k: EndKey, m: &Model) -> Option<Vec<&Contrib>> {
        let end = self.ends.get(&k)?;
        let mut rev: Vec<&Contrib> = Vec::new();
        let mut c = end
            .incoming
            .iter()
            .find(|c| m.eval_bool(c.guard) == Some(true))?;
        loop {
            rev.push(c);
            if c.from == self.start {
                break;
            }
            let inc = self.incoming.get(&c.from)?;
            c = inc.iter().find(|c| m.eval_bool(c.guard) == Some(true))?;
        }
        rev.reverse();
        Some(rev)
    }
}
