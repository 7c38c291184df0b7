//! The checker's own symbolic encoding of the main CFG between cut points (independent of the
//! engines' block builders): from a set of start locations sharing one input valuation, every
//! loop-free path up to the next arrival at a cut point, at a bad edge (an `Op::Error` or
//! `Op::Unsupported` edge, or any edge into the error location) or at the exit.
//!
//! Every CFG cycle passes a cut point (the caller checks that every backward edge targets one),
//! so the part of the CFG walked here is acyclic and location order is a topological order.
//!
//! Soundness of the encoding: every location with more than one outgoing edge gets fresh
//! Boolean selectors that choose exactly one edge, and the start guards are exclusive, so each
//! assignment of the selectors and of the fresh values determines one walk. Path guards of
//! different contributions to a join are therefore mutually exclusive and the φ equalities
//! (`guard_i → φ = t_i`) are definitional: every concrete execution of the region is a model
//! (selectors set along its path, fresh values to its nondeterministic choices), and the
//! encoding constrains nothing else. Nondeterministic values and the results and pointer writes
//! of external calls are fresh constants within their type's range; expressions go through
//! [`crate::smt::Encoder`] (which only over-approximates).

use crate::ir::{Cfg, EdgeId, LocId, Op, Program, VarId};
use crate::smt::{bool_sort, Encoder, Term};
use std::collections::{BTreeMap, HashMap};

/// Variable values relative to an input valuation: only the variables written differ.
pub type Overrides = HashMap<VarId, Term>;

/// The paths of one region.
pub struct Region {
    /// Arrivals at cut points: (cut point, path guard, values written on the way).
    pub ends: Vec<(LocId, Term, Overrides)>,
    /// Bad edges taken: (edge, guard of taking it).
    pub bad: Vec<(EdgeId, Term)>,
    /// Definitions (range facts of fresh values, φ equalities, selector constraints): always
    /// satisfiable for any values of the inputs, asserted unguarded.
    pub defs: Vec<Term>,
}

/// A fresh constant of a variable's sort with its range fact pushed to `defs`.
pub fn fresh_value(prog: &Program, enc: &Encoder, v: VarId, defs: &mut Vec<Term>) -> Term {
    let ty = prog.var(v).ty;
    let t = Term::var(&format!("chk!{}", prog.var(v).name), enc.sort(ty));
    defs.push(enc.range(t, ty));
    t
}

/// Exclusive choice among `n` alternatives: one guard per alternative, exactly one holds.
pub fn choice(n: usize, name: &str) -> Vec<Term> {
    if n <= 1 {
        return vec![Term::tt(); n];
    }
    let bits: Vec<Term> = (0..n - 1).map(|_| Term::var(name, bool_sort())).collect();
    let mut out = Vec::with_capacity(n);
    let mut none_before = Term::tt();
    for b in &bits {
        out.push(none_before.and2(*b));
        none_before = none_before.and2(b.not());
    }
    out.push(none_before);
    out
}

/// Walks the region from `starts` (each a location and an exclusive guard; all share `input`).
/// `cuts[l]`: location `l` is a cut point (arrivals there end the walk).
pub fn walk(
    prog: &Program,
    cfg: &Cfg,
    enc: &Encoder,
    cuts: &[bool],
    input: &[Term],
    starts: &[(LocId, Term)],
) -> Region {
    let mut r = Region {
        ends: Vec::new(),
        bad: Vec::new(),
        defs: Vec::new(),
    };
    let mut pending: BTreeMap<LocId, Vec<(Term, Overrides)>> = BTreeMap::new();
    for &(l, g) in starts {
        step(
            prog,
            cfg,
            enc,
            cuts,
            input,
            l,
            g,
            &Overrides::new(),
            &mut pending,
            &mut r,
        );
    }
    while let Some((l, contribs)) = pending.pop_first() {
        let (g, over) = merge(prog, enc, input, contribs, &mut r.defs);
        step(
            prog,
            cfg,
            enc,
            cuts,
            input,
            l,
            g,
            &over,
            &mut pending,
            &mut r,
        );
    }
    r
}

/// Merges exclusive contributions (guard, overrides) into one: the disjunction of the guards
/// and, for every variable whose values differ, a φ constant equal to each contribution's
/// value under its guard.
pub fn merge(
    prog: &Program,
    enc: &Encoder,
    input: &[Term],
    mut contribs: Vec<(Term, Overrides)>,
    defs: &mut Vec<Term>,
) -> (Term, Overrides) {
    if contribs.len() == 1 {
        return contribs
            .pop()
            .unwrap_or_else(|| (Term::ff(), Overrides::new()));
    }
    let guard = Term::or(&contribs.iter().map(|(g, _)| *g).collect::<Vec<_>>());
    let mut keys: Vec<VarId> = contribs
        .iter()
        .flat_map(|(_, o)| o.keys().copied())
        .collect();
    keys.sort();
    keys.dedup();
    let mut over = Overrides::new();
    for v in keys {
        let vals: Vec<Term> = contribs
            .iter()
            .map(|(_, o)| o.get(&v).copied().unwrap_or(input[v.0 as usize]))
            .collect();
        if vals.iter().all(|t| *t == vals[0]) {
            over.insert(v, vals[0]);
            continue;
        }
        let phi = Term::var(
            &format!("chk!phi!{}", prog.var(v).name),
            enc.sort(prog.var(v).ty),
        );
        for ((g, _), t) in contribs.iter().zip(&vals) {
            defs.push(g.implies(phi.eq(*t)));
        }
        over.insert(v, phi);
    }
    (guard, over)
}

#[allow(clippy::too_many_arguments)]
fn step(
    prog: &Program,
    cfg: &Cfg,
    enc: &Encoder,
    cuts: &[bool],
    input: &[Term],
    l: LocId,
    pc: Term,
    over: &Overrides,
    pending: &mut BTreeMap<LocId, Vec<(Term, Overrides)>>,
    r: &mut Region,
) {
    if pc.is_false() {
        return;
    }
    let outs: Vec<(EdgeId, &crate::ir::Edge)> = cfg.out_edges(l).collect();
    let sels = choice(outs.len(), "chk!sel");
    for ((eid, e), sel) in outs.into_iter().zip(sels) {
        let mut guard = pc.and2(sel);
        let mut o = over.clone();
        let mut lookup = |v: VarId| o.get(&v).copied().unwrap_or(input[v.0 as usize]);
        let mut is_bad = e.to == cfg.error;
        match &e.op {
            Op::Skip | Op::AtomicBegin | Op::AtomicEnd => {}
            Op::Assign(x, rhs) => {
                let t = enc.expr(rhs, &prog.vars, &mut lookup);
                o.insert(*x, t);
            }
            Op::Nondet(x) => {
                let t = fresh_value(prog, enc, *x, &mut r.defs);
                o.insert(*x, t);
            }
            Op::Assume(c) => {
                let t = enc.expr(c, &prog.vars, &mut lookup);
                guard = guard.and2(t);
            }
            Op::Call { ret, may_write, .. } => {
                for x in ret.iter().chain(may_write.iter()) {
                    let t = fresh_value(prog, enc, *x, &mut r.defs);
                    o.insert(*x, t);
                }
            }
            Op::Error(_) | Op::Unsupported(_) => is_bad = true,
        }
        if guard.is_false() {
            continue;
        }
        if is_bad {
            r.bad.push((eid, guard));
        } else if e.to == cfg.exit {
            // The thread ends: nothing to check beyond.
        } else if cuts.get(e.to.0 as usize).copied().unwrap_or(false) {
            r.ends.push((e.to, guard, o));
        } else {
            pending.entry(e.to).or_default().push((guard, o));
        }
    }
}
