//! `--abstraction impact`: ESST with lazy abstraction with interpolants (McMillan's Impact,
//! as combined with source-set DPOR and summaries in AbPress) instead of predicate
//! abstraction. Owns the persistent abstract reachability forest with node labels and the
//! covering relation ([`Art`]) and the Impact main loop ([`Esst::impact_run`]).
//!
//! # Design
//!
//! **Nodes and labels.** An ARF node is the same explicit part as in predicate mode (one CFG
//! location per thread instance, the scheduler state 𝕊, the "just scheduled" flag; the
//! successors come from [`Esst::expand`], so connectors, preemption, primitives, blockers
//! and `sched::replay`-compatible labels are shared with predicate mode). Its data part is
//! one *label*: a conjunction of formulas over the canonical constants of the variable
//! instances ([`super::VKey`]: the locals of every thread instance and the globals), i.e. one
//! formula for all regions together. Labels start at TRUE; expansion computes no abstract
//! post (the `post` hook in `mod.rs` returns the regions unchanged), so the tree is an
//! unwinding of the explicit part with TRUE labels until refinement strengthens them.
//!
//! **Refine.** An error edge (or a blocker) taken from node `n` gives the ARF path root → `n`;
//! its SSA path formula is `Esst::path_formula` (the same as predicate mode). Satisfiable →
//! the predicate-mode analysis (`Esst::analyse`) builds the FAILED verdict, whose trace the
//! driver replays with the scheduler (`sched::replay`), or records a feasible blocker.
//! Unsatisfiable → sequence interpolants, one per cut; the interpolant of the cut before
//! the first part after node `j` is un-SSA'd (each constant must be the version of its variable live at
//! `j`) and conjoined to `j`'s label (the last node gets FALSE). Under WrappedInt, the
//! interpolants of the Integer path formula are tried first (MCSAT is much faster without
//! wraparound `ite`s) and used only when every step of the path is checked to preserve them
//! in the exact semantics (`I_j ∧ T_j ⇒ I_{j+1}`, and the initial values imply `I_0`);
//! otherwise the exact formula is interpolated. A node whose label changes loses the covers
//! where it is the coverer; a node labelled FALSE, with its subtree (dead from then on, never
//! expanded), loses every cover where one of them is the coverer (otherwise a node covered by
//! a dead node would be explored by nobody: the states it stands for were lost); the
//! uncovered nodes are re-queued.
//!
//! **Close.** A node `v` is covered by `w` only when `w` was created earlier, `w` is
//! uncovered (neither `w` nor an ancestor is covered, and no label on the way is FALSE), both
//! have the same locations, scheduler state and scheduled flag, POR allows it (the coverer's
//! sleep set is a subset of `v`'s) and `label(v) ⇒ label(w)` (SMT, with the type ranges of
//! the constants). Covering `v` removes the covers whose coverer is `v` or a descendant of
//! `v` (they are covered now) and re-queues those nodes. Covered nodes and their descendants
//! are not expanded; Close is tried when a node is taken from the work list and, after each
//! refinement, along the refined path from the root (the first covered node ends it).
//!
//! **POR.** The hooks of `por.rs` are called as in predicate mode: `por_select` (Choose) at
//! each expansion, `por_child`/`por_push` for every new node (every node has a POR node, so
//! the POR arena stays parallel), `por_may_cover` and `por_covered` (summaries, cycle
//! proviso) when a node becomes covered, `por_dead_end` for nodes without successors and for
//! the parent of a node whose label became FALSE when all its children are FALSE (what predicate
//! mode sees as an empty post), and `por_resume` (summary fixpoint) when the work list runs
//! dry. A cover that is removed later stays a POR leaf: its races only add backtrack
//! points (more exploration, never less).
//!
//! **Verdicts.** SUCCESSFUL when the work list and the POR fixpoint are exhausted without
//! feasible error paths or blockers; UNKNOWN on timeout, memory limit, solver Unknown, or an
//! interpolant that cannot be expressed over a node's variables.

use super::por::{PNode, Por};
use super::{Esst, Found, Label, Node, PathFormula, Regions, Res, Stop, Succ, VKey};
use crate::ir::LocId;
use crate::sched::SchedState;
use crate::smt::{Context, Encoder, SatResult, Semantics, Term};
use crate::verdict::{UnknownReason, Verdict};
use std::collections::{HashMap, VecDeque};
use std::time::Instant;

/// The Impact data of one ARF node.
#[derive(Clone, Debug, Default)]
pub(super) struct INode {
    parent: Option<usize>,
    /// Conjuncts over canonical constants; empty = TRUE; containing `false` = FALSE.
    label: Vec<Term>,
    covered_by: Option<usize>,
    /// Nodes this one covers (entries whose `covered_by` is no longer this node are stale).
    covers: Vec<usize>,
    children: Vec<usize>,
    expanded: bool,
    /// In the work list.
    queued: bool,
}

/// The persistent ARF of Impact: parents, labels, the covering relation.
#[derive(Default, Debug)]
pub(super) struct Art {
    n: Vec<INode>,
}

impl Art {
    /// A new node with label TRUE under `parent`.
    pub(super) fn add(&mut self, parent: Option<usize>) -> usize {
        let id = self.n.len();
        self.n.push(INode {
            parent,
            ..INode::default()
        });
        if let Some(p) = parent {
            self.n[p].children.push(id);
        }
        id
    }

    #[cfg(test)]
    pub(super) fn label(&self, v: usize) -> &[Term] {
        &self.n[v].label
    }

    pub(super) fn is_false(&self, v: usize) -> bool {
        self.n[v].label.iter().any(|t| t.is_false())
    }

    #[cfg(test)]
    pub(super) fn covered_by(&self, v: usize) -> Option<usize> {
        self.n[v].covered_by
    }

    /// `v` or an ancestor is covered or labelled FALSE: `v` is not expanded.
    pub(super) fn dead(&self, v: usize) -> bool {
        let mut c = Some(v);
        while let Some(x) = c {
            if self.n[x].covered_by.is_some() || self.is_false(x) {
                return true;
            }
            c = self.n[x].parent;
        }
        false
    }

    /// The label of `v` as a proof certificate's region: None when `v` is dead (covered,
    /// below a covered node, or FALSE: its states are covered by another node or none).
    pub(super) fn proof_label(&self, v: usize) -> Option<Term> {
        (!self.dead(v)).then(|| Term::and(&self.n[v].label))
    }

    /// `v` and its descendants.
    fn subtree(&self, v: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![v];
        while let Some(x) = stack.pop() {
            out.push(x);
            stack.extend(self.n[x].children.iter().copied());
        }
        out
    }

    /// Removes every cover whose coverer is `y`; the uncovered nodes go to `requeue`.
    fn uncover_by(&mut self, y: usize, requeue: &mut Vec<usize>) {
        for x in std::mem::take(&mut self.n[y].covers) {
            if self.n[x].covered_by == Some(y) {
                self.n[x].covered_by = None;
                requeue.push(x);
            }
        }
    }

    /// Records that `w` covers `v`: `w` must be earlier and not dead. Every cover whose
    /// coverer is `v` or one of its descendants is removed (uncovered nodes to `requeue`).
    pub(super) fn cover(&mut self, v: usize, w: usize, requeue: &mut Vec<usize>) {
        debug_assert!(w < v && !self.dead(w));
        for y in self.subtree(v) {
            self.uncover_by(y, requeue);
        }
        self.n[v].covered_by = Some(w);
        self.n[w].covers.push(v);
    }

    /// Conjoins `f` to the label of `v` unless `implied(label, f)`; a changed label removes
    /// the covers where `v` is the coverer, FALSE those of every node of `v`'s subtree (dead
    /// now; uncovered nodes to `requeue`). True when changed.
    pub(super) fn strengthen(
        &mut self,
        v: usize,
        f: Term,
        implied: &mut dyn FnMut(&[Term], Term) -> bool,
        requeue: &mut Vec<usize>,
    ) -> bool {
        if f.is_true() || self.is_false(v) || self.n[v].label.contains(&f) {
            return false;
        }
        if f.is_false() {
            self.n[v].label = vec![f];
            // `v` and its subtree are dead now: they cover nothing any more (as when `v`
            // becomes covered, [`Self::cover`]); a node covered by a dead node would be
            // explored by nobody
            for y in self.subtree(v) {
                self.uncover_by(y, requeue);
            }
            return true;
        }
        if !self.n[v].label.is_empty() && implied(&self.n[v].label, f) {
            return false;
        }
        self.n[v].label.push(f);
        self.uncover_by(v, requeue);
        true
    }

    /// Close: the first node of `candidates` (same explicit state as `v`) created before `v`,
    /// not dead, accepted by `may` and whose label `v`'s label implies.
    pub(super) fn find_coverer(
        &self,
        v: usize,
        candidates: &[usize],
        may: &mut dyn FnMut(usize) -> bool,
        implies: &mut dyn FnMut(&[Term], &[Term]) -> bool,
    ) -> Option<usize> {
        candidates.iter().copied().find(|&w| {
            w < v
                && !self.dead(w)
                && may(w)
                && (self.n[w].label.is_empty()
                    || self.is_false(v)
                    || self.n[w].label.iter().all(|t| self.n[v].label.contains(t))
                    || implies(&self.n[v].label, &self.n[w].label))
        })
    }
}

/// The explicit part of a node: the cover key.
type Key = (Vec<LocId>, SchedState, bool);

/// The Impact construction state.
struct State {
    nodes: Vec<Node>,
    art: Art,
    /// POR node of each ARF node at its creation (sleep set, transition) for covers.
    pnodes: Vec<Option<PNode>>,
    index: HashMap<Key, Vec<usize>>,
    work: VecDeque<usize>,
    por: Por,
}

impl State {
    /// Queues `v` unless it is queued already.
    fn push(&mut self, v: usize) {
        if !self.art.n[v].queued {
            self.art.n[v].queued = true;
            self.work.push_back(v);
        }
    }
    fn push_all(&mut self, vs: Vec<usize>) {
        for v in vs {
            self.push(v);
        }
    }
}

impl<'a> Esst<'a> {
    /// The Impact main loop (see the module doc).
    pub(super) fn impact_run(&mut self) -> Res<Verdict> {
        let (s0, locs) = self.root_state()?;
        let por_t0 = Instant::now();
        let por = self.por_new();
        self.times.por(por_t0);
        let mut st = State {
            nodes: Vec::new(),
            art: Art::default(),
            pnodes: Vec::new(),
            index: HashMap::new(),
            work: VecDeque::new(),
            por,
        };
        st.nodes.push(Node {
            locs: locs.clone(),
            sched: s0.clone(),
            regions: Regions::top(),
            parent: None,
            scheduled: true,
        });
        st.art.add(None);
        st.pnodes.push(None);
        st.index.entry((locs, s0, true)).or_default().push(0);
        st.push(0);
        self.nodes += 1;
        let mut count: u64 = 0;
        let r = self.impact_loop(&mut st, &mut count);
        let por_t0 = Instant::now();
        self.por_stats(&st.por, &st.nodes);
        self.times.por(por_t0);
        r?;
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
        let label = |v: usize| st.art.proof_label(v);
        self.cert = Some(self.certificate_with(&st.nodes, "ESST (Impact)", &label));
        Ok(Verdict::Safe { note })
    }

    fn impact_loop(&mut self, st: &mut State, count: &mut u64) -> Res<()> {
        loop {
            let v = match st.work.pop_front() {
                Some(v) => {
                    st.art.n[v].queued = false;
                    v
                }
                None => {
                    let por_t0 = Instant::now();
                    let more = self.por_resume(&mut st.por);
                    self.times.por(por_t0);
                    if !more {
                        return Ok(());
                    }
                    for (p, sc) in std::mem::take(&mut st.por.ready) {
                        self.impact_insert(st, p, sc);
                    }
                    continue;
                }
            };
            *count += 1;
            if self.deadline.expired() {
                return Err(self.timeout_verdict());
            }
            // Impact does a refinement per error path, so memory can grow fast between two
            // takes: poll often (reading /proc/self/statm is cheap), including the
            // address-space cap `schedmc bench` sets.
            if count.is_multiple_of(16) {
                if let Some(why) = crate::memory::exceeded(self.opts.memory_limit_mb) {
                    return Err(Stop::Verdict(Verdict::Unknown(
                        UnknownReason::memory_limit(why),
                    )));
                }
            }
            if super::debug() && count.is_multiple_of(2000) {
                eprintln!(
                    "[impact] {count} taken, {} nodes, {} refinements",
                    st.nodes.len(),
                    self.refinements
                );
            }
            if st.art.dead(v) {
                continue;
            }
            if self.impact_close(st, v)? {
                continue;
            }
            if st.art.n[v].expanded {
                // re-queued after losing its cover: continue below it
                let kids = st.art.n[v].children.clone();
                st.push_all(kids);
                continue;
            }
            let mut succ: Vec<Succ> = Vec::new();
            if let Some(f) = self.expand(&st.nodes, v, &mut succ)? {
                let t0 = Instant::now();
                let r = self.impact_found(st, f);
                self.times.refinement(t0);
                r?;
                continue;
            }
            st.art.n[v].expanded = true;
            let por_t0 = Instant::now();
            let succ = self.por_select(&mut st.por, &st.nodes, v, succ);
            self.times.por(por_t0);
            if succ.is_empty() {
                let por_t0 = Instant::now();
                self.por_dead_end(&mut st.por, &st.nodes, v);
                self.times.por(por_t0);
            }
            for sc in succ {
                self.impact_insert(st, v, sc);
            }
            for (p, sc) in std::mem::take(&mut st.por.ready) {
                self.impact_insert(st, p, sc);
            }
        }
    }

    /// A new node for successor `sc` of `p` with label TRUE (queued; Close happens when it is
    /// taken from the work list).
    fn impact_insert(&mut self, st: &mut State, p: usize, sc: Succ) {
        let child = if st.por.active() {
            {
                let por_t0 = Instant::now();
                let c = self.por_child(&mut st.por, &st.nodes, p, &sc);
                self.times.por(por_t0);
                Some(c)
            }
        } else {
            None
        };
        let id = st.nodes.len();
        let key = (sc.locs, sc.sched, sc.scheduled);
        st.index.entry(key.clone()).or_default().push(id);
        st.nodes.push(Node {
            locs: key.0,
            sched: key.1,
            regions: Regions::top(),
            parent: Some((p, sc.label)),
            scheduled: key.2,
        });
        st.art.add(Some(p));
        if let Some(c) = &child {
            let por_t0 = Instant::now();
            self.por_push(&mut st.por, c.clone());
            self.times.por(por_t0);
        }
        st.pnodes.push(child);
        self.nodes += 1;
        st.push(id);
    }

    /// Close(v): covers `v` by an earlier uncovered node when possible; true when covered.
    fn impact_close(&mut self, st: &mut State, v: usize) -> Res<bool> {
        let nd = &st.nodes[v];
        let key = (nd.locs.clone(), nd.sched.clone(), nd.scheduled);
        let Some(cands) = st.index.get(&key) else {
            return Ok(false);
        };
        let cands: Vec<usize> = cands.iter().copied().take_while(|&w| w < v).collect();
        if cands.is_empty() {
            return Ok(false);
        }
        let pn = st.pnodes[v].clone();
        // POR first (borrows `self` immutably), then the SMT implication checks
        let ok: Vec<usize> = cands
            .into_iter()
            .filter(|&w| {
                pn.as_ref().is_none_or(|c| {
                    let por_t0 = Instant::now();
                    let r = self.por_may_cover(&st.por, w, c);
                    self.times.por(por_t0);
                    r
                })
            })
            .collect();
        let mut trouble = false;
        let mut implies_fn = |a: &[Term], b: &[Term]| -> bool {
            match self.impact_implies(a, b) {
                Some(x) => x,
                None => {
                    trouble = true;
                    false
                }
            }
        };
        let found = st.art.find_coverer(v, &ok, &mut |_| true, &mut implies_fn);
        if trouble && self.deadline.expired() {
            return Err(self.timeout_verdict());
        }
        let Some(w) = found else {
            return Ok(false);
        };
        let mut requeue = Vec::new();
        st.art.cover(v, w, &mut requeue);
        self.covers += 1;
        if let Some(c) = pn {
            let por_t0 = Instant::now();
            self.por_covered(&mut st.por, c, w, None);
            self.times.por(por_t0);
        }
        st.push_all(requeue);
        Ok(true)
    }

    /// `a ⇒ b` over canonical constants (with their type ranges); None when the solver gives
    /// up (the caller then does not cover).
    fn impact_implies(&mut self, a: &[Term], b: &[Term]) -> Option<bool> {
        if b.is_empty() || a.iter().any(|t| t.is_false()) {
            return Some(true);
        }
        let mut keys: Vec<VKey> = Vec::new();
        for t in a.iter().chain(b) {
            for x in t.free_vars() {
                if let Some(k) = self.canon_key.get(&x) {
                    keys.push(*k);
                }
            }
        }
        keys.sort();
        keys.dedup();
        let ranges = self.range_of_keys(keys);
        let mut ctx = Context::new();
        ctx.assert_all(a);
        ctx.assert_all(&ranges);
        ctx.assert(Term::and(b).not());
        match ctx.check_with_timeout(self.remaining()) {
            SatResult::Unsat => Some(true),
            SatResult::Sat => Some(false),
            SatResult::Unknown => None,
        }
    }

    /// An error edge or a blocker from node `n`: check the path; feasible → predicate-mode
    /// analysis (FAILED / feasible blocker); infeasible → Refine.
    fn impact_found(&mut self, st: &mut State, f: Found) -> Res<()> {
        let n = match &f {
            Found::Error { n, .. } | Found::Blocker { n, .. } => *n,
        };
        let labels = Self::path_labels(&st.nodes, n);
        let pf = self.path_formula(&labels);
        let mut ctx = Context::new();
        ctx.assert_all(&pf.parts);
        let r = ctx.check_with_timeout(self.remaining());
        drop(ctx);
        match r {
            SatResult::Unknown => Err(self.solver_unknown()),
            SatResult::Sat => {
                let blocker = matches!(f, Found::Blocker { .. });
                let known = self.feasible_blockers.len();
                self.analyse(&st.nodes, f)?;
                if blocker && self.feasible_blockers.len() > known {
                    // recorded: expand `n` again without that edge
                    st.push(n);
                    Ok(())
                } else {
                    Err(Stop::Verdict(Verdict::Unknown(UnknownReason::internal(
                        "internal error: feasibility checks disagree",
                    ))))
                }
            }
            SatResult::Unsat => self.impact_refine(st, n, &labels, &pf),
        }
    }

    /// Refine along the infeasible path root → `n` (see the module doc).
    fn impact_refine(
        &mut self,
        st: &mut State,
        n: usize,
        labels: &[Label],
        pf: &PathFormula,
    ) -> Res<()> {
        self.refinements += 1;
        let path = Self::path_nodes(&st.nodes, n);
        let mut itps: Option<Vec<Term>> = None;
        if self.enc.sem == Semantics::WrappedInt {
            let saved = std::mem::replace(&mut self.enc, Encoder::new(Semantics::Integer));
            let ipf = self.path_formula(labels);
            self.enc = saved;
            // the whole Integer formula, then its unsat-core slice (faster per refinement, but on most examples more refinements)
            for sliced in [false, true] {
                let cap = crate::smt::itp_retry::INT_CAP;
                let parts = if sliced {
                    Self::sliced(&ipf, &self.itp_budget(cap))
                } else {
                    ipf.parts.clone()
                };
                let t = self.itp_budget(cap);
                itps = self.integer_candidates(labels, &ipf, &parts, &t)?;
                if itps.is_some() {
                    break;
                }
            }
        }
        let itps = match itps {
            Some(v) => v,
            None => {
                let cap = crate::smt::itp_retry::EXACT_CAP;
                let parts = Self::sliced(pf, &self.itp_budget(cap));
                let budget = self.itp_budget(cap);
                let v = match crate::smt::itp_retry::interpolants(&parts, &budget) {
                    Ok(v) => v,
                    Err(_) => return Err(self.exact_itp_failed(&budget)),
                };
                match self.node_interpolants(pf, &v, labels.len()) {
                    Some(x) => x,
                    None => return Err(Stop::Verdict(Verdict::Unknown(UnknownReason::no_progress(
                        "impact: an interpolant is not expressible over the variables of its node",
                    )))),
                }
            }
        };
        if super::debug() {
            eprintln!(
                "[impact] refinement {}: path of {} steps",
                self.refinements,
                labels.len()
            );
        }
        let mut requeue = Vec::new();
        let mut newly_false = Vec::new();
        for (j, &v) in path.iter().enumerate() {
            let f = itps[j];
            let was_false = st.art.is_false(v);
            let mut implied = |a: &[Term], b: Term| -> bool {
                self.impact_implies(a, std::slice::from_ref(&b))
                    .unwrap_or(false)
            };
            st.art.strengthen(v, f, &mut implied, &mut requeue);
            if !was_false && st.art.is_false(v) {
                newly_false.push(v);
            }
        }
        // POR: a parent all of whose children are FALSE now is a dead end (predicate mode
        // sees an empty post there)
        for &v in &newly_false {
            if let Some(p) = st.art.n[v].parent {
                if !st.art.is_false(p) && st.art.n[p].children.iter().all(|&c| st.art.is_false(c)) {
                    let por_t0 = Instant::now();
                    self.por_dead_end(&mut st.por, &st.nodes, p);
                    self.times.por(por_t0);
                }
            }
        }
        st.push_all(requeue);
        // Close along the refined path from the root
        for &v in &path {
            if st.art.dead(v) {
                break;
            }
            if self.impact_close(st, v)? {
                break;
            }
        }
        Ok(())
    }

    /// The interpolant of each node on the path (index j = after `labels[..j]`) over canonical
    /// constants: the interpolant of the cut after the last part before node `j` (FALSE after
    /// all parts). None when one mentions a constant that is not the live version of its
    /// variable at its node.
    fn node_interpolants(
        &mut self,
        pf: &PathFormula,
        itps: &[Term],
        n_labels: usize,
    ) -> Option<Vec<Term>> {
        // liveness of the SSA constants: node range [birth, death)
        let mut writes: HashMap<VKey, Vec<usize>> = HashMap::new();
        let mut birth: HashMap<Term, usize> = HashMap::new();
        for (i, w) in pf.written.iter().enumerate() {
            for (k, t) in w {
                writes.entry(*k).or_default().push(i);
                birth.insert(*t, i + 1);
            }
        }
        let live = |t: Term, k: VKey, j: usize| -> bool {
            let b = birth.get(&t).copied().unwrap_or(0);
            let death = writes
                .get(&k)
                .and_then(|ws| ws.iter().find(|&&i| i + 1 > b).map(|i| i + 1))
                .unwrap_or(usize::MAX);
            b <= j && j < death
        };
        let mut out = Vec::with_capacity(n_labels + 1);
        for j in 0..=n_labels {
            let c = pf
                .part_label
                .iter()
                .filter(|pl| pl.is_none_or(|li| li < j))
                .count();
            let itp = if c >= pf.parts.len() {
                Term::ff()
            } else if c == 0 {
                Term::tt()
            } else {
                *itps.get(c - 1)?
            };
            if itp.is_true() || itp.is_false() {
                out.push(itp);
                continue;
            }
            let fv = itp.free_vars();
            let mut to = Vec::with_capacity(fv.len());
            for t in &fv {
                let k = *pf.var_of.get(t)?;
                if !live(*t, k, j) {
                    return None;
                }
                to.push(self.canon(k));
            }
            out.push(itp.subst(&fv, &to));
        }
        Some(out)
    }

    /// The initial state implies `itps[0]` and every step `j` of the path preserves the chain
    /// (`itps[j] ∧ T_j ⇒ itps[j+1]`) in the analysis' semantics; Err on timeout.
    ///
    /// With `from_integer` (`itps` are the Integer formula's interpolants as they are), a step
    /// whose encoding is the same term in Integer and in the analysis' semantics (no operation
    /// that can wrap) is not checked: the interpolation chain already covers it.
    fn chain_valid(&mut self, labels: &[Label], itps: &[Term], from_integer: bool) -> Res<bool> {
        let keys_of = |me: &Self, t: Term| -> Vec<VKey> {
            t.free_vars()
                .iter()
                .filter_map(|x| me.canon_key.get(x).copied())
                .collect()
        };
        // initial values ⇒ I_0
        if !itps[0].is_true() {
            let mut facts = Vec::new();
            for k in keys_of(self, itps[0]) {
                let c = self.canon(k);
                let v = self.prog.var(k.0);
                // as `Esst::initial_value`: the declared initial value, else the type range
                let init = match v.init {
                    Some(x) => c.eq(self.enc.constant(v.ty.wrap(x), v.ty)),
                    None => self.enc.range(c, v.ty),
                };
                facts.push(init);
            }
            facts.push(itps[0].not());
            let mut ctx = Context::new();
            ctx.assert_all(&facts);
            match ctx.check_with_timeout(self.remaining()) {
                SatResult::Unsat => {}
                SatResult::Sat => return Ok(false),
                SatResult::Unknown => return self.unknown_or(false),
            }
        }
        for (j, l) in labels.iter().enumerate() {
            let (pre_i, post_i) = (itps[j], itps[j + 1]);
            if pre_i.is_false()
                || post_i.is_true()
                || (l.action.assigns.is_empty() && pre_i == post_i)
            {
                continue;
            }
            let reads = self.action_reads(&l.action);
            let pre: HashMap<VKey, Term> = reads.iter().map(|k| (*k, self.canon(*k))).collect();
            let mut post: HashMap<VKey, Term> = HashMap::new();
            for (k, _) in &l.action.assigns {
                let t = self.fresh_term(*k, "'");
                post.insert(*k, t);
            }
            let cons = self.encode_action(&l.action, &pre, &post);
            if from_integer {
                let saved = std::mem::replace(&mut self.enc, Encoder::new(Semantics::Integer));
                let icons = self.encode_action(&l.action, &pre, &post);
                self.enc = saved;
                if icons == cons {
                    continue;
                }
            }
            let (from, to): (Vec<Term>, Vec<Term>) =
                post.iter().map(|(k, t)| (self.canon(*k), *t)).unzip();
            let goal = post_i.subst(&from, &to);
            let mut keys = reads.clone();
            keys.extend(keys_of(self, pre_i));
            keys.extend(keys_of(self, post_i));
            keys.sort();
            keys.dedup();
            let ranges = self.range_of_keys(keys);
            let mut ctx = Context::new();
            ctx.assert(pre_i);
            ctx.assert_all(&ranges);
            ctx.assert_all(&cons);
            ctx.assert(goal.not());
            match ctx.check_with_timeout(self.remaining()) {
                SatResult::Unsat => {}
                SatResult::Sat => return Ok(false),
                SatResult::Unknown => return self.unknown_or(false),
            }
        }
        Ok(true)
    }

    /// Node interpolants from the Integer path formula `ipf` (interpolating `parts`, its
    /// parts or a slice of them) that hold in the exact semantics: as they are, else in
    /// their wraparound form ([`Self::wrapped_form`]); None when neither does.
    fn integer_candidates(
        &mut self,
        labels: &[Label],
        ipf: &PathFormula,
        parts: &[Term],
        t: &crate::smt::Budget,
    ) -> Res<Option<Vec<Term>>> {
        let t0 = std::time::Instant::now();
        let r = crate::smt::itp_retry::interpolants(parts, t);
        if super::debug() {
            eprintln!("[impact]   integer interpolation: {:?}", t0.elapsed());
        }
        let v = match r {
            Ok(v) => v,
            Err(e) => {
                if super::debug() {
                    eprintln!("[impact]   integer interpolation failed: {e:?}");
                }
                return Ok(None);
            }
        };
        let Some(node_itps) = self.node_interpolants(ipf, &v, labels.len()) else {
            if super::debug() {
                eprintln!("[impact]   integer interpolants not expressible");
            }
            return Ok(None);
        };
        let t0 = std::time::Instant::now();
        let ok = self.chain_valid(labels, &node_itps, true)?;
        if super::debug() {
            eprintln!("[impact]   chain check: {:?}", t0.elapsed());
        }
        if super::debug() {
            eprintln!("[impact]   integer interpolants valid: {ok}");
            for (j, t) in node_itps.iter().enumerate() {
                eprintln!("[impact]     node {j}: {t}");
            }
        }
        if ok {
            return Ok(Some(node_itps));
        }
        // their wraparound form: every equality / `>=` over variables of one width becomes
        // `(a - b) mod 2^w = 0` (as predicate mode's wrapped predicates), kept only when the
        // chain holds in WrappedInt
        let wrapped: Vec<Term> = node_itps.iter().map(|t| self.wrapped_form(*t)).collect();
        let ok = self.chain_valid(labels, &wrapped, false)?;
        if super::debug() {
            eprintln!("[impact]   wrapped integer interpolants valid: {ok}");
        }
        Ok(ok.then_some(wrapped))
    }

    /// The conjunction of the atoms of `t`, each multi-variable equality or `>=` over
    /// variables of one integer width replaced by its wraparound form (`Esst::wrapped_eq`);
    /// `t` itself when nothing changes.
    fn wrapped_form(&self, t: Term) -> Term {
        if t.is_true() || t.is_false() {
            return t;
        }
        let atoms = t.atoms();
        let mut changed = false;
        let mut out = Vec::with_capacity(atoms.len());
        for a in atoms {
            match self.wrapped_eq(a, &self.canon_key) {
                Some(w) => {
                    changed = true;
                    if !out.contains(&w) {
                        out.push(w);
                    }
                }
                None => out.push(a),
            }
        }
        if changed {
            Term::and(&out)
        } else {
            t
        }
    }

    /// On a solver Unknown: a timeout stops the analysis, otherwise `v`.
    fn unknown_or<T>(&self, v: T) -> Res<T> {
        if self.deadline.expired() {
            Err(self.timeout_verdict())
        } else {
            Ok(v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smt::int_sort;

    fn syntactic(a: &[Term], b: &[Term]) -> bool {
        b.iter().all(|t| a.contains(t))
    }

    #[test]
    fn labels_start_true_and_are_strengthened_by_conjunction() {
        let x = Term::var("x", int_sort());
        let mut art = Art::default();
        let r = art.add(None);
        let c = art.add(Some(r));
        assert!(art.label(r).is_empty() && art.label(c).is_empty());
        let mut rq = Vec::new();
        let p = x.ge(Term::int(0));
        let q = x.le(Term::int(5));
        assert!(art.strengthen(c, p, &mut |_, _| false, &mut rq));
        assert!(art.strengthen(c, q, &mut |_, _| false, &mut rq));
        assert_eq!(art.label(c), &[p, q]);
        // already a conjunct / implied / TRUE: no change
        assert!(!art.strengthen(c, p, &mut |_, _| false, &mut rq));
        assert!(!art.strengthen(c, x.ge(Term::int(-1)), &mut |_, _| true, &mut rq));
        assert!(!art.strengthen(c, Term::tt(), &mut |_, _| false, &mut rq));
        // FALSE replaces the label and makes the node (and its subtree) dead
        let g = art.add(Some(c));
        assert!(!art.dead(g));
        assert!(art.strengthen(c, Term::ff(), &mut |_, _| false, &mut rq));
        assert!(art.is_false(c) && art.dead(c) && art.dead(g) && !art.dead(r));
        assert!(rq.is_empty());
    }

    #[test]
    fn strengthening_a_coverer_removes_its_covers_and_requeues() {
        let x = Term::var("x", int_sort());
        let mut art = Art::default();
        let r = art.add(None);
        let a = art.add(Some(r));
        let b = art.add(Some(r));
        let b2 = art.add(Some(b));
        let mut rq = Vec::new();
        art.cover(b, a, &mut rq);
        assert_eq!(art.covered_by(b), Some(a));
        assert!(
            art.dead(b) && art.dead(b2),
            "descendants of covered nodes are covered"
        );
        // strengthening the covered node keeps the cover
        assert!(art.strengthen(b, x.ge(Term::int(1)), &mut |_, _| false, &mut rq));
        assert_eq!(art.covered_by(b), Some(a));
        assert!(rq.is_empty());
        // strengthening the coverer breaks it and re-queues b
        assert!(art.strengthen(a, x.ge(Term::int(2)), &mut |_, _| false, &mut rq));
        assert_eq!(art.covered_by(b), None);
        assert_eq!(rq, vec![b]);
        assert!(!art.dead(b2));
    }

    #[test]
    fn a_false_label_uncovers_the_nodes_its_subtree_covered() {
        let x = Term::var("x", int_sort());
        let mut art = Art::default();
        let r = art.add(None);
        let a = art.add(Some(r));
        let a1 = art.add(Some(a));
        let b = art.add(Some(r));
        let b1 = art.add(Some(b));
        let mut rq = Vec::new();
        art.cover(b1, a1, &mut rq); // a1 (earlier, alive) covers b1
        assert_eq!(art.covered_by(b1), Some(a1));
        // a refinement makes a1's ancestor `a` FALSE: a1 is dead and may cover nothing
        assert!(art.strengthen(a, x.ge(Term::int(0)), &mut |_, _| false, &mut rq));
        assert_eq!(
            art.covered_by(b1),
            Some(a1),
            "a satisfiable label keeps the cover"
        );
        assert!(art.strengthen(a, Term::ff(), &mut |_, _| false, &mut rq));
        assert!(art.dead(a1));
        assert_eq!(art.covered_by(b1), None);
        assert_eq!(rq, vec![b1]);
        assert!(!art.dead(b1));
    }

    #[test]
    fn covering_a_node_uncovers_the_nodes_its_subtree_covered() {
        let mut art = Art::default();
        let r = art.add(None);
        let a = art.add(Some(r));
        let b = art.add(Some(r));
        let b1 = art.add(Some(b));
        let c = art.add(Some(a));
        let mut rq = Vec::new();
        art.cover(c, b1, &mut rq); // b1 (earlier) covers c
        assert_eq!(art.covered_by(c), Some(b1));
        art.cover(b, a, &mut rq); // now b's subtree is covered: b1 may not cover any more
        assert_eq!(art.covered_by(c), None);
        assert_eq!(rq, vec![c]);
    }

    #[test]
    fn only_earlier_uncovered_nodes_with_implied_labels_cover() {
        let x = Term::var("x", int_sort());
        let p = x.ge(Term::int(0));
        let mut art = Art::default();
        let r = art.add(None);
        let a = art.add(Some(r));
        let b = art.add(Some(r));
        let c = art.add(Some(r));
        let mut rq = Vec::new();
        // a later node never covers an earlier one
        assert_eq!(
            art.find_coverer(a, &[b, c], &mut |_| true, &mut syntactic),
            None
        );
        // TRUE labels: the earliest candidate covers
        assert_eq!(
            art.find_coverer(c, &[a, b], &mut |_| true, &mut syntactic),
            Some(a)
        );
        // a stronger coverer label must be implied
        art.strengthen(a, p, &mut |_, _| false, &mut rq);
        assert_eq!(
            art.find_coverer(c, &[a, b], &mut |_| true, &mut syntactic),
            Some(b)
        );
        art.strengthen(c, p, &mut |_, _| false, &mut rq);
        assert_eq!(
            art.find_coverer(c, &[a, b], &mut |_| true, &mut syntactic),
            Some(a)
        );
        // a covered (dead) node does not cover; POR may veto
        art.cover(b, a, &mut rq);
        assert_eq!(
            art.find_coverer(c, &[b], &mut |_| true, &mut syntactic),
            None
        );
        assert_eq!(
            art.find_coverer(c, &[a], &mut |w| w != a, &mut syntactic),
            None
        );
    }
}
