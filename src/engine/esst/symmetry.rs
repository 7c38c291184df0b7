//! Covers up to thread symmetry (`--symmetry`, issue 22): a successor is covered by an earlier
//! node whose control state is a permutation σ of the successor's (same-entry instances
//! exchanged, `sched::symmetry`) when the successor's regions, renamed by σ, entail the
//! node's. N identical workers then cost about the orbits of their control states instead of
//! every ordering of them.
//!
//! Sound when σ is a symmetry of the model (`sched::symmetry::Symmetry::new` decides that for
//! the whole program) and the renamed regions describe the permuted states: a predicate over
//! instance `i`'s locals becomes the same predicate over `σ(i)`'s (looked up in the predicate
//! table: refinement instantiates a thread's predicates for every instance of its entry; a
//! missing one refuses the cover), and a region that mentions a variable that may hold a thread
//! handle refuses it (handle values are renamed by σ, predicates over them are not).
//!
//! Candidates are found by a fingerprint of the canonical image of the control state
//! (`Symmetry::canonical`); the permutation between the successor and a candidate is checked in
//! full (locations, scheduler state). The proof checker finds the permutation itself
//! (`check::esst`).
//!
//! Under partial-order reduction (source sets with access summaries; not the naive
//! `--no-summaries` walk) a cover through σ is allowed only when σ maps the coverer's sleep
//! set into the covered node's (renamed back, every thread asleep at the coverer is asleep at
//! the covered node: the coverer's exploration, renamed, prunes nothing the covered node's
//! would explore), and the coverer's summary is renamed through σ⁻¹ (threads and `hb_to`)
//! before the covered node's path is raced with it (`por::rename_summary`): the model is
//! symmetric, so the continuations of the covered node are the renamed continuations of the
//! coverer, and signatures name shared cells and object keys, which no instance owns.

use super::{control_key, Esst, Node, Regions, Succ, GLOBAL};
use crate::abs::predicate::{AbsState, Cube, PredId, PredSet};
use crate::sched::symmetry::{self, Perm, Symmetry};
use std::collections::HashMap;

/// A predicate and the renaming of its instance keys (instance, new instance).
type Renaming = (PredId, Vec<(u8, u8)>);

/// The symmetric-cover index of one ARF construction.
pub(super) struct SymIndex {
    sym: Symmetry,
    /// Nodes by the fingerprint of their canonical control state.
    index: HashMap<u64, Vec<usize>>,
    /// Each node's canonical permutation (by node id).
    perms: Vec<Perm>,
    /// Renamed predicates: (predicate, its instance keys' renaming) → the renamed predicate.
    renamed: HashMap<Renaming, Option<PredId>>,
    /// Predicates that mention a handle variable.
    handle_preds: HashMap<PredId, bool>,
}

impl SymIndex {
    pub(super) fn new(sym: Symmetry) -> SymIndex {
        SymIndex {
            sym,
            index: HashMap::new(),
            perms: Vec::new(),
            renamed: HashMap::new(),
            handle_preds: HashMap::new(),
        }
    }

    /// The canonical fingerprint and permutation of a control state.
    fn canonical(&self, n: (&[crate::ir::LocId], &crate::sched::SchedState, bool)) -> (u64, Perm) {
        let perm = self.sym.canonical(n.0, n.1);
        let locs = symmetry::permute_locs(n.0, &perm);
        let s = self.sym.permute(n.1, &perm);
        (control_key(&locs, &s, n.2), perm)
    }

    /// Records node `id` (nodes are recorded in order).
    pub(super) fn record(&mut self, nodes: &[Node], id: usize) {
        debug_assert_eq!(id, self.perms.len());
        let n = &nodes[id];
        let (k, perm) = self.canonical((&n.locs, &n.sched, n.scheduled));
        self.index.entry(k).or_default().push(id);
        self.perms.push(perm);
    }
}

impl Esst<'_> {
    /// A node covering `sc` up to a permutation σ (`sc`'s instance `i` is the node's
    /// `σ(i)`), with σ, when there is one that `allowed` accepts (partial-order reduction:
    /// the node's sleep set must be the image of a subset of `sc`'s).
    pub(super) fn sym_cover(
        &mut self,
        sx: &mut SymIndex,
        nodes: &[Node],
        sc: &Succ,
        allowed: &dyn Fn(usize, &[u8]) -> bool,
    ) -> Option<(usize, Perm)> {
        let (k, pc) = sx.canonical((&sc.locs, &sc.sched, sc.scheduled));
        let cands = sx.index.get(&k)?.clone();
        for w in cands {
            let m = &nodes[w];
            if m.scheduled != sc.scheduled || m.locs.len() != sc.locs.len() {
                continue;
            }
            // σ = canon_w⁻¹ ∘ canon_sc
            let inv = symmetry::inverse(&sx.perms[w]);
            let sigma: Perm = pc.iter().map(|&p| inv[p as usize]).collect();
            // (the identity too: the states may differ in unread handle variables only)
            if !Symmetry::admissible(&sc.sched, &sigma)
                || symmetry::permute_locs(&sc.locs, &sigma) != m.locs
                || sx.sym.permute(&sc.sched, &sigma)
                    != sx.sym.permute(&m.sched, &symmetry::identity(m.locs.len()))
            {
                continue;
            }
            if !allowed(w, &sigma) || self.mentions_handles(sx, &m.regions) {
                continue;
            }
            let Some(r) = self.rename_regions(sx, &sc.regions, &sigma) else {
                continue;
            };
            if r.entails(&m.regions) {
                self.sym_covers += 1;
                return Some((w, sigma));
            }
        }
        None
    }

    fn mentions_handles(&self, sx: &mut SymIndex, r: &Regions) -> bool {
        let mut preds: Vec<PredId> = Vec::new();
        for a in std::iter::once(&r.global).chain(r.threads.iter()) {
            for c in a.cubes() {
                preds.extend(c.pos.iter().chain(c.neg.iter()));
            }
        }
        preds.into_iter().any(|p| {
            *sx.handle_preds.entry(p).or_insert_with(|| {
                self.pred_keys[p.0 as usize]
                    .iter()
                    .any(|k| sx.sym.is_handle_var(k.0))
            })
        })
    }

    /// `r` with instance `i`'s thread region moved to `σ(i)` and every predicate renamed;
    /// None when a predicate mentions a handle variable or has no renamed counterpart.
    fn rename_regions(&mut self, sx: &mut SymIndex, r: &Regions, sigma: &[u8]) -> Option<Regions> {
        let global = self.rename_abs(sx, &r.global, sigma)?;
        let mut threads = vec![AbsState::top(); r.threads.len().max(sigma.len())];
        for (j, a) in r.threads.iter().enumerate() {
            let to = sigma.get(j).map_or(j, |&p| p as usize);
            threads[to] = self.rename_abs(sx, a, sigma)?;
        }
        Some(Regions {
            global,
            threads: std::rc::Rc::new(threads),
        })
    }

    fn rename_abs(&mut self, sx: &mut SymIndex, a: &AbsState, sigma: &[u8]) -> Option<AbsState> {
        if a.is_top() {
            return Some(a.clone());
        }
        let mut cubes = Vec::with_capacity(a.cubes().len());
        for c in a.cubes() {
            let mut out = Cube::top();
            for (set, lits) in [(&mut out.pos, &c.pos), (&mut out.neg, &c.neg)] {
                let mut s = PredSet::new();
                for p in lits.iter() {
                    s.insert(self.rename_pred(sx, p, sigma)?);
                }
                *set = s;
            }
            cubes.push(out);
        }
        Some(AbsState::from_cubes(cubes))
    }

    fn rename_pred(&mut self, sx: &mut SymIndex, p: PredId, sigma: &[u8]) -> Option<PredId> {
        let keys = self.pred_keys[p.0 as usize].clone();
        if keys.iter().any(|k| sx.sym.is_handle_var(k.0)) {
            return None;
        }
        let mut moves: Vec<(u8, u8)> = keys
            .iter()
            .filter(|k| k.1 != GLOBAL)
            .filter_map(|k| {
                let to = *sigma.get(k.1 as usize)?;
                (to != k.1).then_some((k.1, to))
            })
            .collect();
        // an instance beyond the permutation's would not be renamed consistently
        if keys
            .iter()
            .any(|k| k.1 != GLOBAL && k.1 as usize >= sigma.len())
        {
            return None;
        }
        if moves.is_empty() {
            return Some(p);
        }
        moves.sort();
        moves.dedup();
        if let Some(r) = sx.renamed.get(&(p, moves.clone())) {
            return *r;
        }
        let (from, to): (Vec<_>, Vec<_>) = keys
            .iter()
            .filter(|k| k.1 != GLOBAL && sigma[k.1 as usize] != k.1)
            .map(|&k| (self.canon(k), self.canon((k.0, sigma[k.1 as usize]))))
            .unzip();
        let t = self.preds.term(p).subst(&from, &to);
        let r = self.preds.get(t);
        sx.renamed.insert((p, moves), r);
        r
    }
}
