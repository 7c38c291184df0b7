//! Symbolic execution of one CFG into Yices terms, goto-symex style.
//!
//! Two walks share the machinery here:
//! - [`Symex::unroll`] (BMC): walks the locations in program order from the entry, keeping a
//!   guarded symbolic state per pending location and merging states at join points (values
//!   become `ite` over the incoming guards). Back edges are followed by jumping back to the loop
//!   head with a per-loop iteration counter carried by the state; at the bound the back edge is
//!   cut and recorded (the caller asserts or assumes that its guard is false).
//! - [`Symex::block`] (k-induction): one loop-free block from given cut points (loop heads) to
//!   the next arrival at any cut point.
//!
//! Counters (CBMC's rule): a back edge to head `h` increments the counter of the loop of `h`; a
//! forward edge into `h` resets it. States are merged at a location only when the counters of
//! the loops whose program-order range `[head, last back-edge source]` contains the location
//! agree; the other counters are merged by `min` (which can only unroll more, never less).
//! Termination: along any infinite chain of states, the loop with the smallest head whose back
//! edge is taken infinitely often is never reset afterwards (a reset needs a forward edge into
//! its head, i.e. a location below it), so it reaches its bound. The `min` merge can defeat this
//! argument only in irreducible CFGs; a step cap turns that case into UNKNOWN.
//!
//! Exclusivity: at a location with several out-edges the edge guards are made mutually exclusive
//! (the conditions of a two-way branch when they are syntactic complements, otherwise fresh
//! choice variables), so in any model the true guards form exactly one CFG path; this is what
//! makes `ite` merging sound and lets [`super::trace`] rebuild the path from a model.

use crate::diag::Loc;
use crate::engine::common::Budget;
use crate::ir::{Cfg, EdgeId, LocId, Op, Program, Type, VarId};
use crate::smt::{bool_sort, bv_sort, Encoder, Semantics, Sort, Term};
use std::collections::{BTreeMap, HashMap, HashSet};

/// A loop as the engines see it: all back edges to one head.
#[derive(Clone, Debug)]
pub(crate) struct LoopRec {
    /// The id from `cfg.loops` (or a synthesized one for a head the lowering did not list).
    pub id: u32,
    pub head: LocId,
    /// The last (highest) source of a back edge to `head`.
    pub max_src: LocId,
    pub loc: Loc,
}

/// The loops of a CFG, indexed densely.
#[derive(Clone, Debug, Default)]
pub(crate) struct LoopTable {
    pub loops: Vec<LoopRec>,
    pub by_head: HashMap<LocId, usize>,
}

impl LoopTable {
    pub fn new(cfg: &Cfg) -> LoopTable {
        let mut t = LoopTable::default();
        let mut next_id = cfg.loops.iter().map(|l| l.id + 1).max().unwrap_or(0);
        for e in &cfg.edges {
            if e.to > e.from {
                continue;
            }
            let idx = match t.by_head.get(&e.to) {
                Some(&i) => i,
                None => {
                    let (id, loc) = match cfg.loops.iter().find(|l| l.head == e.to) {
                        Some(l) => (l.id, l.loc),
                        None => {
                            next_id += 1;
                            (
                                next_id - 1,
                                cfg.loc_src
                                    .get(e.to.0 as usize)
                                    .copied()
                                    .unwrap_or_default(),
                            )
                        }
                    };
                    t.loops.push(LoopRec {
                        id,
                        head: e.to,
                        max_src: e.from,
                        loc,
                    });
                    t.by_head.insert(e.to, t.loops.len() - 1);
                    t.loops.len() - 1
                }
            };
            if e.from > t.loops[idx].max_src {
                t.loops[idx].max_src = e.from;
            }
        }
        t
    }

    pub(crate) fn live(&self, i: usize, l: LocId) -> bool {
        let r = &self.loops[i];
        r.head <= l && l <= r.max_src
    }
}

/// A guarded symbolic state: the path condition and one term per program variable.
#[derive(Clone, Debug)]
pub(crate) struct SymState {
    pub guard: Term,
    pub vals: Vec<Term>,
    /// Conjunctions added to the guard since it was last a plain variable (to bound term depth).
    pub(crate) depth: u32,
}

impl SymState {
    pub fn new(guard: Term, vals: Vec<Term>) -> SymState {
        SymState {
            guard,
            vals,
            depth: 0,
        }
    }
}

pub(crate) type VisitId = usize;
pub(crate) type InstId = usize;

/// One processed (location, merged state).
#[derive(Clone, Debug)]
pub(crate) struct Visit {
    #[allow(dead_code)]
    pub loc: LocId,
    pub out: Vec<InstId>,
}

/// One instance of a CFG edge taken from a visit.
#[derive(Clone, Debug)]
pub(crate) struct EdgeInst {
    pub edge: EdgeId,
    pub guard: Term,
    /// Nondeterministic values in the order of `verdict::Step::Edge::nondet`.
    pub nondet: Vec<(Term, Type)>,
    pub assigned: Vec<(VarId, Term)>,
    /// The visit the edge leads to (None for error, unsupported, cut and dropped edges).
    pub target: Option<VisitId>,
}

/// A recorded edge instance with a meaning: error edge, unsupported edge or cut back edge.
#[derive(Clone, Debug)]
pub(crate) struct Claim {
    pub inst: InstId,
    pub guard: Term,
    /// Loop index (cuts) — unused otherwise.
    pub loop_idx: usize,
}

/// The result of [`Symex::unroll`].
#[derive(Debug, Default)]
pub(crate) struct Unrolling {
    /// Definitions of the fresh constants (always satisfiable; assert them before querying).
    pub defs: Vec<Term>,
    pub errors: Vec<Claim>,
    pub cuts: Vec<Claim>,
    pub unsupported: Vec<Claim>,
    pub visits: Vec<Visit>,
    pub insts: Vec<EdgeInst>,
    /// Some operation was over-approximated by the encoder (integer semantics).
    pub approximated: bool,
    /// Set when the walk gave up (step cap, timeout, memory): the unrolling is incomplete.
    pub aborted: Option<crate::verdict::UnknownReason>,
    /// Highest iteration count reached by any loop.
    pub max_count: u32,
}

/// The result of [`Symex::block`].
#[derive(Debug, Default)]
pub(crate) struct Block {
    /// Arrivals at cut points: (cut point, state).
    pub ends: Vec<(LocId, SymState)>,
    /// Guards of error and unsupported edges taken in the block.
    pub bad: Vec<Term>,
}

/// Maximal number of location visits of one unrolling.
pub(crate) const MAX_VISITS: usize = 400_000;

struct Pend {
    st: SymState,
    ctr: Vec<u32>,
    inc: Option<InstId>,
}

/// The symbolic executor for one CFG.
pub(crate) struct Symex<'p> {
    pub prog: &'p Program,
    pub cfg: &'p Cfg,
    pub enc: Encoder,
    pub loops: LoopTable,
    /// Definitions and facts produced while building terms (drained by the caller).
    pub defs: Vec<Term>,
    /// Cap on the visits of one unrolling (see [`MAX_VISITS`]).
    pub max_visits: usize,
}

const GUARD_DEPTH: u32 = 24;

impl<'p> Symex<'p> {
    pub fn new(prog: &'p Program, cfg: &'p Cfg, sem: Semantics) -> Self {
        Symex {
            prog,
            cfg,
            enc: Encoder::new(sem),
            loops: LoopTable::new(cfg),
            defs: Vec::new(),
            max_visits: MAX_VISITS,
        }
    }

    /// A fresh value of type `ty` (with its range fact under integer semantics).
    pub fn fresh_value(&mut self, name: &str, ty: Type) -> Term {
        let t = Term::var(name, self.enc.sort(ty));
        let r = self.enc.range(t, ty);
        if !r.is_true() {
            self.defs.push(r);
        }
        t
    }

    pub(crate) fn fresh_bool(&mut self, name: &str) -> Term {
        Term::var(name, bool_sort())
    }

    /// The initial state: globals at their initial values, the rest fresh.
    pub fn initial_vals(&mut self) -> Vec<Term> {
        let prog = self.prog;
        prog.vars
            .iter()
            .map(|v| match v.init {
                Some(c) => self.enc.constant(c, v.ty),
                None => self.fresh_value(&format!("{}!init", v.name), v.ty),
            })
            .collect()
    }

    /// Fresh values for every variable (k-induction havoc).
    pub fn havoc_vals(&mut self, keep: &[Option<Term>]) -> Vec<Term> {
        let prog = self.prog;
        prog.vars
            .iter()
            .enumerate()
            .map(|(i, v)| match keep.get(i).copied().flatten() {
                Some(t) => t,
                None => self.fresh_value(&format!("{}!havoc", v.name), v.ty),
            })
            .collect()
    }

    pub fn encode(&self, e: &crate::ir::Expr, vals: &[Term]) -> Term {
        self.enc
            .expr(e, &self.prog.vars, &mut |v| vals[v.0 as usize])
    }

    /// Merges states (with mutually exclusive guards) into one, defining fresh constants.
    pub fn merge(&mut self, mut sts: Vec<SymState>) -> SymState {
        if sts.len() == 1 {
            return sts.pop().unwrap();
        }
        let guards: Vec<Term> = sts.iter().map(|s| s.guard).collect();
        let g = self.fresh_bool("g");
        self.defs.push(g.iff(Term::or(&guards)));
        let n = self.prog.vars.len();
        let mut vals = Vec::with_capacity(n);
        for i in 0..n {
            let first = sts[0].vals[i];
            if sts.iter().all(|s| s.vals[i] == first) {
                vals.push(first);
                continue;
            }
            let mut t = sts.last().unwrap().vals[i];
            for s in sts.iter().rev().skip(1) {
                if s.vals[i] != t {
                    t = Term::ite(s.guard, s.vals[i], t);
                }
            }
            let v = &self.prog.vars[i];
            let x = Term::var(&format!("{}!phi", v.name), self.enc.sort(v.ty));
            self.defs.push(x.eq(t));
            vals.push(x);
        }
        SymState {
            guard: g,
            vals,
            depth: 0,
        }
    }

    /// `guard ∧ c`, introducing a fresh guard constant when the conjunction grows deep.
    pub(crate) fn conj(&mut self, st: &SymState, c: Term) -> (Term, u32) {
        if c.is_true() {
            return (st.guard, st.depth);
        }
        let g = st.guard.and2(c);
        if st.depth + 1 >= GUARD_DEPTH && !g.is_false() {
            let f = self.fresh_bool("g");
            self.defs.push(f.iff(g));
            (f, 0)
        } else {
            (g, st.depth + 1)
        }
    }

    /// The branch condition of every out-edge of `l`, mutually exclusive.
    pub(crate) fn branch_conds(&mut self, l: LocId, vals: &[Term]) -> Vec<Term> {
        let cfg = self.cfg;
        let conds: Vec<Term> = cfg
            .out_edges(l)
            .map(|(_, e)| match &e.op {
                Op::Assume(c) => self.encode(c, vals),
                _ => Term::tt(),
            })
            .collect();
        let n = conds.len();
        if n <= 1 {
            return conds;
        }
        let live: Vec<usize> = (0..n).filter(|&i| !conds[i].is_false()).collect();
        if live.len() <= 1 {
            return conds;
        }
        if live.len() == 2 && conds[live[0]].not() == conds[live[1]] {
            return conds;
        }
        // Fresh choice variables: edge i (among the live ones) is chosen iff b_1..b_{i-1} are
        // false and b_i is true (the last one when all are false).
        let mut out = conds.clone();
        let mut none_before: Vec<Term> = Vec::new();
        for (j, &i) in live.iter().enumerate() {
            let sel = if j + 1 == live.len() {
                Term::and(&none_before)
            } else {
                let b = self.fresh_bool("choice");
                let mut v = none_before.clone();
                v.push(b);
                none_before.push(b.not());
                Term::and(&v)
            };
            out[i] = conds[i].and2(sel);
        }
        out
    }

    /// Applies the effect of a non-branching op; returns the new values, the nondet terms and
    /// the assigned terms. `None` for ops that end the path (Error, Unsupported).
    #[allow(clippy::type_complexity)]
    pub(crate) fn apply(
        &mut self,
        op: &Op,
        vals: &[Term],
    ) -> Option<(Vec<Term>, Vec<(Term, Type)>, Vec<(VarId, Term)>)> {
        let prog = self.prog;
        let mut nv = vals.to_vec();
        let mut nd = Vec::new();
        let mut asg = Vec::new();
        match op {
            Op::Skip | Op::AtomicBegin | Op::AtomicEnd | Op::Assume(_) => {}
            Op::Error(_) | Op::Unsupported(_) => return None,
            Op::Assign(v, e) => {
                let t = self.encode(e, vals);
                nv[v.0 as usize] = t;
                asg.push((*v, t));
            }
            Op::Nondet(v) => {
                let var = prog.var(*v);
                let t = self.fresh_value(&format!("{}!nondet", var.name), var.ty);
                nv[v.0 as usize] = t;
                nd.push((t, var.ty));
                asg.push((*v, t));
            }
            Op::Call { ret, may_write, .. } => {
                for v in ret.iter().chain(may_write.iter()) {
                    let var = prog.var(*v);
                    let t = self.fresh_value(&format!("{}!ext", var.name), var.ty);
                    nv[v.0 as usize] = t;
                    nd.push((t, var.ty));
                    asg.push((*v, t));
                }
            }
        }
        Some((nv, nd, asg))
    }

    /// BMC unrolling from the entry with per-loop bounds (`bounds[i]` for loop index `i`:
    /// the head is visited at most that many times per entry into the loop).
    pub fn unroll(&mut self, bounds: &[u32], budget: &Budget) -> Unrolling {
        self.enc.clear_approximated();
        let mut u = Unrolling::default();
        let cfg = self.cfg;
        let nloops = self.loops.loops.len();
        let init = self.initial_vals();
        let mut pending: BTreeMap<LocId, Vec<Pend>> = BTreeMap::new();
        pending.entry(cfg.entry).or_default().push(Pend {
            st: SymState::new(Term::tt(), init),
            ctr: vec![0; nloops],
            inc: None,
        });
        while let Some((l, pends)) = pending.pop_first() {
            // Group by the counters of the loops live at l.
            let mut groups: Vec<(Vec<u32>, Vec<Pend>)> = Vec::new();
            for p in pends {
                let key: Vec<u32> = (0..nloops)
                    .map(|i| {
                        if self.loops.live(i, l) {
                            p.ctr[i]
                        } else {
                            u32::MAX
                        }
                    })
                    .collect();
                match groups.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, g)) => g.push(p),
                    None => groups.push((key, vec![p])),
                }
            }
            for (_, group) in groups {
                if u.visits.len() >= self.max_visits {
                    u.aborted = Some(crate::verdict::UnknownReason::bound(
                        if bounds.contains(&u32::MAX) {
                            format!(
                                "the loops do not terminate within {} symbolic steps \
                             (give a bound with --unwind K)",
                                self.max_visits
                            )
                        } else {
                            format!("the unrolling exceeds {} symbolic steps", self.max_visits)
                        },
                    ));
                    break;
                }
                if u.visits.len() % 256 == 255 {
                    if let Some(r) = budget.exhausted() {
                        u.aborted = Some(r);
                        break;
                    }
                }
                let vid = u.visits.len();
                u.visits.push(Visit {
                    loc: l,
                    out: Vec::new(),
                });
                let mut ctr = group[0].ctr.clone();
                for p in &group {
                    if let Some(i) = p.inc {
                        u.insts[i].target = Some(vid);
                    }
                    for (c, pc) in ctr.iter_mut().zip(&p.ctr) {
                        *c = (*c).min(*pc);
                    }
                }
                let st = self.merge(group.into_iter().map(|p| p.st).collect());
                if st.guard.is_false() || l == cfg.error || l == cfg.exit {
                    continue;
                }
                self.expand(&mut u, vid, l, st, &ctr, bounds, &mut pending);
            }
            if u.aborted.is_some() {
                break;
            }
        }
        u.approximated = self.enc.approximated();
        u.defs.append(&mut self.defs);
        u
    }

    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        u: &mut Unrolling,
        vid: VisitId,
        l: LocId,
        st: SymState,
        ctr: &[u32],
        bounds: &[u32],
        pending: &mut BTreeMap<LocId, Vec<Pend>>,
    ) {
        let cfg = self.cfg;
        let conds = self.branch_conds(l, &st.vals);
        for (k, (eid, e)) in cfg.out_edges(l).enumerate() {
            let (g, depth) = self.conj(&st, conds[k]);
            if g.is_false() {
                continue;
            }
            let iid = u.insts.len();
            let applied = self.apply(&e.op, &st.vals);
            let (nv, nd, asg) = applied.clone().unwrap_or_default();
            u.insts.push(EdgeInst {
                edge: eid,
                guard: g,
                nondet: nd,
                assigned: asg,
                target: None,
            });
            u.visits[vid].out.push(iid);
            match &e.op {
                Op::Error(_) => {
                    u.errors.push(Claim {
                        inst: iid,
                        guard: g,
                        loop_idx: 0,
                    });
                    continue;
                }
                Op::Unsupported(_) => {
                    u.unsupported.push(Claim {
                        inst: iid,
                        guard: g,
                        loop_idx: 0,
                    });
                    continue;
                }
                _ => {}
            }
            let t = e.to;
            let mut nctr = ctr.to_vec();
            if t <= l {
                let li = self.loops.by_head[&t];
                let c = nctr[li].saturating_add(1);
                if c >= bounds[li].max(1) {
                    u.cuts.push(Claim {
                        inst: iid,
                        guard: g,
                        loop_idx: li,
                    });
                    continue;
                }
                nctr[li] = c;
                u.max_count = u.max_count.max(c);
            } else if let Some(&li) = self.loops.by_head.get(&t) {
                nctr[li] = 0;
            }
            pending.entry(t).or_default().push(Pend {
                st: SymState {
                    guard: g,
                    vals: nv,
                    depth,
                },
                ctr: nctr,
                inc: Some(iid),
            });
        }
    }

    /// One block from the given start states (at cut points) to the next arrivals at cut points.
    pub fn block(&mut self, starts: Vec<(LocId, SymState)>, cuts: &HashSet<LocId>) -> Block {
        self.enc.clear_approximated();
        let cfg = self.cfg;
        let mut b = Block::default();
        let mut pending: BTreeMap<LocId, Vec<SymState>> = BTreeMap::new();
        for (l, s) in starts {
            pending.entry(l).or_default().push(s);
        }
        while let Some((l, sts)) = pending.pop_first() {
            let st = self.merge(sts);
            if st.guard.is_false() || l == cfg.error || l == cfg.exit {
                continue;
            }
            let conds = self.branch_conds(l, &st.vals);
            for (k, (_, e)) in cfg.out_edges(l).enumerate() {
                let (g, depth) = self.conj(&st, conds[k]);
                if g.is_false() {
                    continue;
                }
                let Some((nv, _, _)) = self.apply(&e.op, &st.vals) else {
                    b.bad.push(g);
                    continue;
                };
                let ns = SymState {
                    guard: g,
                    vals: nv,
                    depth,
                };
                if cuts.contains(&e.to) {
                    b.ends.push((e.to, ns));
                } else {
                    debug_assert!(e.to > l, "back edge to a non-cut location");
                    pending.entry(e.to).or_default().push(ns);
                }
            }
        }
        b
    }

    /// A fresh selector over `n` alternatives: returns the one-hot Boolean terms (exactly one
    /// true in every model of the returned constraint, which is pushed to `defs`).
    pub fn selector(&mut self, name: &str, n: usize) -> Vec<Term> {
        if n == 0 {
            return Vec::new();
        }
        if n == 1 {
            return vec![Term::tt()];
        }
        let bits = (usize::BITS - (n - 1).leading_zeros()).max(1);
        let s = Term::var(name, bv_sort(bits));
        if n < (1usize << bits) {
            self.defs.push(s.bvult(Term::bv(bits, n as i128)));
        }
        (0..n).map(|i| s.eq(Term::bv(bits, i as i128))).collect()
    }
}

/// The locations from which a cut point is reachable... (helper for k-induction): the set of
/// variables written on some edge reachable from a loop head.
pub(crate) fn vars_written_in_loops(cfg: &Cfg, heads: &HashSet<LocId>) -> HashSet<VarId> {
    let mut seen = vec![false; cfg.num_locs as usize];
    let mut stack: Vec<LocId> = heads.iter().copied().collect();
    let mut w = HashSet::new();
    while let Some(l) = stack.pop() {
        if std::mem::replace(&mut seen[l.0 as usize], true) {
            continue;
        }
        for (_, e) in cfg.out_edges(l) {
            match &e.op {
                Op::Assign(v, _) | Op::Nondet(v) => {
                    w.insert(*v);
                }
                Op::Call { ret, may_write, .. } => {
                    w.extend(ret.iter().copied());
                    w.extend(may_write.iter().copied());
                }
                _ => {}
            }
            stack.push(e.to);
        }
    }
    w
}

/// Default value of a sort (for constants a model does not mention).
pub(crate) fn default_of(sort: Sort) -> Term {
    if sort.is_bool() {
        Term::ff()
    } else if let Some(w) = sort.bv_width() {
        Term::bv(w, 0)
    } else {
        Term::int(0)
    }
}
