//! The k-induction inductive step over cut points (loop heads).
//!
//! The program is viewed as a transition system whose states are (cut point, valuation); one
//! transition is a *block*: a loop-free path from a cut point to the next arrival at any cut
//! point (every CFG cycle contains a back edge, whose target is a loop head, so blocks are
//! finite DAG walks). The inductive step I(k) starts at an arbitrary cut point in an arbitrary
//! state, constrained only by facts that hold at every reachable cut-point state:
//! - variables written on no edge reachable from a cut point keep the value they had at the end
//!   of the prologue (the block from the entry to the first cut-point arrival), for some
//!   prologue execution that reaches a cut point;
//! - with strengthening, the interval invariant of that cut point and the candidate invariants
//!   that [`super::houdini`] proved (and the same at every later cut point
//!   of the chain).
//!
//! It then assumes k-1 blocks without a bad edge (error or unsupported) and asks whether the
//! k-th block can take one. Everything added for the inductive step is guarded by an
//! activation literal, so the same context also serves the base case (in push/pop scopes).

use super::symex::{vars_written_in_loops, SymState, Symex};
use crate::ir::{Expr, LocId};
use crate::smt::{Context, Term};
use std::collections::{HashMap, HashSet};

/// The cut points (loop heads) of the main CFG, sorted, and as a set.
pub(crate) fn cut_points(sx: &Symex) -> (Vec<LocId>, HashSet<LocId>) {
    let mut cuts: Vec<LocId> = sx.loops.loops.iter().map(|l| l.head).collect();
    cuts.sort();
    cuts.dedup();
    let cutset = cuts.iter().copied().collect();
    (cuts, cutset)
}

/// An arbitrary cut-point state constrained by the prologue facts (see the module doc).
pub(crate) struct Start {
    /// `at[i]`: the state is at `cuts[i]` (one-hot).
    pub at: Vec<Term>,
    pub vals: Vec<Term>,
    /// Facts to assume (under an activation literal): some prologue execution reaches a cut
    /// point, and the kept variables equal its values.
    pub constraints: Vec<Term>,
    /// The prologue's arrivals at cut points (first arrivals of every execution).
    pub prologue: Vec<(LocId, SymState)>,
}

/// Builds a [`Start`] with fresh constants named after `name`; its definitions are left in
/// `sx.defs` (definitional, safe to assert unguarded).
pub(crate) fn start_state(
    sx: &mut Symex,
    cuts: &[LocId],
    cutset: &HashSet<LocId>,
    name: &str,
) -> Start {
    let cfg = sx.cfg;
    // Prologue: from the entry to the first arrival at a cut point.
    let init = sx.initial_vals();
    let ends = if cutset.contains(&cfg.entry) {
        vec![(cfg.entry, SymState::new(Term::tt(), init))]
    } else {
        sx.block(vec![(cfg.entry, SymState::new(Term::tt(), init))], cutset)
            .ends
    };
    let written = vars_written_in_loops(cfg, cutset);
    let n = sx.prog.vars.len();
    let mut keep: Vec<Option<Term>> = vec![None; n];
    let mut constraints = Vec::new();
    if !ends.is_empty() {
        let reach = Term::or(&ends.iter().map(|(_, s)| s.guard).collect::<Vec<_>>());
        let merged = sx.merge(ends.iter().map(|(_, s)| s.clone()).collect());
        for (i, k) in keep.iter_mut().enumerate() {
            if !written.contains(&crate::ir::VarId(i as u32)) {
                *k = Some(merged.vals[i]);
            }
        }
        constraints.push(reach);
    } else {
        // No cut point is reachable: the chain cannot start anywhere.
        constraints.push(Term::ff());
    }
    let vals = sx.havoc_vals(&keep);
    let at = sx.selector(name, cuts.len());
    Start {
        at,
        vals,
        constraints,
        prologue: ends,
    }
}

pub(crate) struct Induction {
    cuts: Vec<LocId>,
    cutset: HashSet<LocId>,
    /// `at[i]`: the current chain state is at cut point `cuts[i]`.
    at: Vec<Term>,
    vals: Vec<Term>,
    /// Activation literal of every inductive-step constraint.
    pub act: Term,
    /// Number of blocks in the chain.
    pub blocks: u32,
    /// Bad-edge guard of the last block (not yet assumed false).
    last_bad: Option<Term>,
    /// Proven invariant of each cut point (intervals and checked candidates); empty without
    /// strengthening.
    inv: HashMap<LocId, Vec<Expr>>,
}

impl Induction {
    /// Sets up the start state of the chain; asserts its constraints (under `act`) in `ctx`,
    /// which must be at push depth 0. `None` when the CFG has no loop (no cut point). Every
    /// fact in `inv` must hold at every reachable state of its cut point.
    pub fn new(
        sx: &mut Symex,
        ctx: &mut Context,
        inv: HashMap<LocId, Vec<Expr>>,
    ) -> Option<Induction> {
        let (cuts, cutset) = cut_points(sx);
        if cuts.is_empty() {
            return None;
        }
        let act = Term::var("kind!act", crate::smt::bool_sort());
        let st = start_state(sx, &cuts, &cutset, "kind!start");
        let mut constraints = st.constraints;
        let ind = Induction {
            cuts,
            cutset,
            at: st.at,
            vals: st.vals,
            act,
            blocks: 0,
            last_bad: None,
            inv,
        };
        constraints.extend(ind.invariant_facts(sx));
        let mut all: Vec<Term> = sx.defs.drain(..).collect();
        all.push(act.implies(Term::and(&constraints)));
        ctx.assert(Term::and(&all));
        Some(ind)
    }

    /// `at_c → Inv_c(vals)` for every cut point (with strengthening).
    fn invariant_facts(&self, sx: &Symex) -> Vec<Term> {
        self.cuts
            .iter()
            .zip(&self.at)
            .filter(|(_, a)| !a.is_false())
            .filter_map(|(c, a)| {
                self.inv.get(c).map(|es| {
                    let ts: Vec<Term> = es.iter().map(|e| sx.encode(e, &self.vals)).collect();
                    a.implies(Term::and(&ts))
                })
            })
            .collect()
    }

    /// Extends the chain to `k` blocks (assuming the earlier blocks bad-free) and returns the
    /// bad-edge guard of block `k`.
    pub fn extend_to(&mut self, sx: &mut Symex, ctx: &mut Context, k: u32) -> Term {
        while self.blocks < k {
            if let Some(b) = self.last_bad.take() {
                ctx.assert(self.act.implies(b.not()));
            }
            let starts: Vec<(LocId, SymState)> = self
                .cuts
                .iter()
                .zip(&self.at)
                .filter(|(_, a)| !a.is_false())
                .map(|(c, a)| (*c, SymState::new(*a, self.vals.clone())))
                .collect();
            let b = sx.block(starts, &self.cutset);
            let bad = Term::or(&b.bad);
            // Next chain state.
            let mut at = Vec::with_capacity(self.cuts.len());
            for c in &self.cuts {
                let gs: Vec<Term> = b
                    .ends
                    .iter()
                    .filter(|(l, _)| l == c)
                    .map(|(_, s)| s.guard)
                    .collect();
                at.push(match gs.len() {
                    0 => Term::ff(),
                    1 => gs[0],
                    _ => {
                        let g = Term::var("kind!at", crate::smt::bool_sort());
                        sx.defs.push(g.iff(Term::or(&gs)));
                        g
                    }
                });
            }
            if !b.ends.is_empty() {
                let merged = sx.merge(b.ends.into_iter().map(|(_, s)| s).collect());
                self.vals = merged.vals;
            }
            self.at = at;
            let facts = self.invariant_facts(sx);
            let mut all: Vec<Term> = sx.defs.drain(..).collect();
            all.push(self.act.implies(Term::and(&facts)));
            ctx.assert(Term::and(&all));
            self.blocks += 1;
            self.last_bad = Some(bad);
        }
        self.last_bad.unwrap_or_else(Term::ff)
    }
}
