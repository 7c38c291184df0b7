//! The partial-order-reduction argument of the ESST proof check: the transitions the engine
//! pruned at a node and that the certificate does not cover are justified by a persistent-set
//! argument the checker verifies itself, from the IR, independently of the engine's reduction
//! (`engine::esst::por`, whose source sets, sleep sets and summaries it does not read).
//!
//! # The argument
//! At node `n`, let `E(n)` be the thread instances whose every transition at `n` was explored
//! or is covered by the certificate anyway (checked directly), and `P(n)` the instances with a
//! pruned transition the certificate does not cover. Think of the model as the interleaving
//! of the threads' CFG edges (ESST's connectors are scheduling glue between them). Take a
//! concrete path from a state `σ` of `n` to an error whose first step is a `P(n)` step. The
//! checker verifies, for every node `m` the argument passes through:
//! - **persistence** (static): every out-edge of every `E(m)` instance at its location is
//!   independent of every edge any other live instance can reach from its location in its
//!   CFG (a reachable-edges closure). Independent: no shared variable one writes and the
//!   other reads or writes; a scheduler operation (any call, atomic sections, an edge into
//!   the thread's exit, a thread at its exit, an unsupported edge) is independent only of
//!   edges that touch no shared variable at all (this covers threads spawned later: a spawn
//!   is a scheduler operation of its spawner);
//! - **enabledness** (`C0`, a solver query): from every state of `m`, some `E(m)` transition
//!   is enabled (the region entails the disjunction of their guards);
//! - **proviso** (a least fixpoint over the certificate): for a pruned instance `u`, every
//!   path from `m` along `E` transitions (into any node of the successor class) reaches a
//!   node where `u`'s transitions are all explored or covered.
//!
//! Then the path can be rearranged: if it contains an `E(m)` step, the first one commutes to
//! the front (persistence), and the explored successor lies in the certificate (consecution),
//! so the rest is shorter; if it contains none, an enabled `E(m)` step (`C0`) commutes with
//! the whole path, which then starts at an explored successor, closer to a node where `u`'s
//! step is checked (proviso). By induction every error state is reached within the
//! certificate, where the safety check excludes it.
//!
//! Scope: fully preemptive policies (pthreads) preempting at shared accesses, without
//! interrupt handlers. Elsewhere, or when a condition fails at a node the argument needs, the
//! pruned transitions are not re-checked and the verdict says how many.

use super::{ArfChecker, Class};
use crate::check::CheckError;
use crate::ir::{Edge, LocId, Op, Scope, ThreadId, VarId};
use crate::sched::spec::PreemptAt;
use crate::sched::{Policy, ThreadStatus};
use crate::smt::{Context, Term};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// What the POR argument needs of one node, recorded while its transitions are checked.
#[derive(Clone, Debug, Default)]
pub(super) struct PorInfo {
    /// Per thread instance with a transition here: whether every one of its transitions is
    /// explored or covered by the certificate.
    pub checked: BTreeMap<u8, bool>,
    /// Successor classes of the explored-or-covered transitions (the E transitions).
    pub next: Vec<Class>,
    /// Disjunction of the guards of the E transitions.
    pub guard: Option<Term>,
    /// The node's region is empty: every condition holds vacuously.
    pub vacuous: bool,
}

impl PorInfo {
    /// The instances with an uncovered pruned transition.
    fn pruned(&self) -> impl Iterator<Item = u8> + '_ {
        self.checked.iter().filter(|(_, c)| !**c).map(|(t, _)| *t)
    }
}

/// Shared accesses of a set of edges.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Access {
    pub reads: BTreeSet<VarId>,
    pub writes: BTreeSet<VarId>,
    /// A scheduler operation (or something the argument treats as one).
    pub sched: bool,
}

impl Access {
    fn touches(&self) -> bool {
        !self.reads.is_empty() || !self.writes.is_empty()
    }
    fn union(&mut self, o: &Access) {
        self.reads.extend(o.reads.iter().copied());
        self.writes.extend(o.writes.iter().copied());
        self.sched |= o.sched;
    }
    /// Conservative dependence (see the module doc).
    pub fn dependent(&self, o: &Access) -> bool {
        (self.sched && (o.sched || o.touches()))
            || (o.sched && self.touches())
            || self
                .writes
                .iter()
                .any(|v| o.reads.contains(v) || o.writes.contains(v))
            || o.writes.iter().any(|v| self.reads.contains(v))
    }
}

/// The shared accesses of edge `e` of thread `entry` (its own locals are private; a local of
/// another thread reached through a pointer is shared).
pub(super) fn edge_access(
    prog: &crate::ir::Program,
    entry: ThreadId,
    exit: LocId,
    e: &Edge,
) -> Access {
    let mut a = Access::default();
    let shared = |v: VarId| match prog.var(v).scope {
        Scope::Global => true,
        Scope::Local(t) => t != entry,
    };
    let read = |a: &mut Access, x: &crate::ir::Expr| {
        x.for_each_var(&mut |v| {
            if shared(v) {
                a.reads.insert(v);
            }
        })
    };
    match &e.op {
        Op::Skip | Op::Error(_) => {}
        Op::Assign(v, x) => {
            read(&mut a, x);
            if shared(*v) {
                a.writes.insert(*v);
            }
        }
        Op::Nondet(v) => {
            if shared(*v) {
                a.writes.insert(*v);
            }
        }
        Op::Assume(c) => read(&mut a, c),
        Op::Call {
            args,
            ret,
            may_write,
            ..
        } => {
            a.sched = true;
            for arg in args {
                if let crate::ir::CallArg::Value(x) = arg {
                    read(&mut a, x);
                }
            }
            for v in ret.iter().chain(may_write) {
                if shared(*v) {
                    a.writes.insert(*v);
                }
            }
        }
        Op::AtomicBegin | Op::AtomicEnd | Op::Unsupported(_) => a.sched = true,
    }
    if e.to == exit {
        a.sched = true;
    }
    a
}

/// Counts of the pruned transitions the certificate does not cover.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct PorOutcome {
    /// Justified by the POR argument.
    pub argued: u64,
    /// Not re-checked (outside the argument's scope, or a condition failed).
    pub unchecked: u64,
}

/// Per-thread access closures, memoised by (thread, location).
#[derive(Default)]
pub(super) struct Reach {
    memo: HashMap<(ThreadId, LocId), Access>,
}

impl Reach {
    /// Every edge reachable from `l` in the CFG of `t`.
    pub(super) fn from(&mut self, prog: &crate::ir::Program, t: ThreadId, l: LocId) -> &Access {
        self.memo.entry((t, l)).or_insert_with(|| {
            let cfg = prog.thread(t);
            let mut acc = Access::default();
            if l == cfg.exit {
                acc.sched = true;
            }
            let mut seen = vec![false; cfg.num_locs as usize];
            let mut work = vec![l];
            seen[l.0 as usize] = true;
            while let Some(x) = work.pop() {
                for (_, e) in cfg.out_edges(x) {
                    acc.union(&edge_access(prog, t, cfg.exit, e));
                    if !seen[e.to.0 as usize] {
                        seen[e.to.0 as usize] = true;
                        work.push(e.to);
                    }
                }
            }
            acc
        })
    }
}

impl ArfChecker<'_> {
    /// True when the argument applies to the certificate's scheduler at all.
    fn por_in_scope(&self) -> bool {
        self.spec.policy == Policy::FullyPreemptive
            && self.spec.preemption.at == PreemptAt::SharedAccess
            && self.spec.interrupt_handlers.is_empty()
    }

    /// Static persistence of E(i) at node `i`.
    fn persistent(&self, i: usize, reach: &mut Reach) -> bool {
        let n = &self.nodes[i];
        let info = &self.por[i];
        let mut next = Vec::new();
        for (&t, &checked) in &info.checked {
            if !checked {
                continue;
            }
            let Some(th) = n.sched.threads.get(t as usize) else {
                return false;
            };
            if th.is_isr {
                return false;
            }
            let cfg = self.prog.thread(th.entry);
            let l = n.locs[t as usize];
            let mut a = Access::default();
            if l == cfg.exit {
                a.sched = true;
            }
            for (_, e) in cfg.out_edges(l) {
                a.union(&edge_access(self.prog, th.entry, cfg.exit, e));
            }
            next.push(a);
        }
        if next.is_empty() {
            return false;
        }
        for (w, th) in n.sched.threads.iter().enumerate() {
            if info.checked.get(&(w as u8)) == Some(&true) || th.status == ThreadStatus::Finished {
                continue;
            }
            if th.is_isr {
                return false;
            }
            let r = reach.from(self.prog, th.entry, n.locs[w]);
            if next.iter().any(|a| a.dependent(r)) {
                return false;
            }
        }
        true
    }

    /// C0: every state of node `i` has an enabled E transition.
    fn enabled(&mut self, i: usize) -> Result<bool, CheckError> {
        let Some(g) = self.por[i].guard else {
            return Ok(false);
        };
        if g.is_true() {
            return Ok(true);
        }
        let region = self.nodes[i].region;
        let mut used: BTreeSet<Term> = self.free_vars(i).iter().copied().collect();
        used.extend(g.free_vars());
        let ranges = self.ranges_of(&used);
        let mut ctx = Context::new();
        ctx.assert_all(&ranges);
        ctx.assert(region);
        let what = || format!("the enabledness of node {i}'s explored transitions");
        Ok(!self.sat(&mut ctx, g.not(), &what)?)
    }

    /// Justifies the uncovered pruned transitions (see the module doc).
    pub(super) fn por_argument(&mut self) -> Result<PorOutcome, CheckError> {
        // (a solver timeout in the enabledness check only leaves transitions unchecked)
        let total: u64 = self.por_uncovered.iter().map(|(_, c)| *c).sum();
        let mut out = PorOutcome::default();
        if total == 0 {
            return Ok(out);
        }
        if !self.por_in_scope() {
            out.unchecked = total;
            return Ok(out);
        }
        let nn = self.nodes.len();
        // per node: None not yet decided, Some(ok) whether persistence and C0 hold
        let mut local: Vec<Option<bool>> = vec![None; nn];
        let mut reach = Reach::default();
        // successor nodes of the E transitions
        let succ: Vec<Vec<usize>> = (0..nn)
            .map(|i| {
                let mut v: Vec<usize> = self.por[i]
                    .next
                    .iter()
                    .flat_map(|c| self.classes.get(c).cloned().unwrap_or_default())
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            })
            .collect();
        let threads: BTreeSet<u8> = self
            .por_uncovered
            .iter()
            .flat_map(|(i, _)| self.por[*i].pruned().collect::<Vec<_>>())
            .collect();
        // good[u][m]: from m every E path reaches a node where u is checked, with persistence
        // and C0 on the way (least fixpoint)
        let mut good: HashMap<u8, Vec<bool>> = HashMap::new();
        for &u in &threads {
            let mut g: Vec<bool> = (0..nn)
                .map(|m| self.por[m].vacuous || self.por[m].checked.get(&u) == Some(&true))
                .collect();
            loop {
                let mut changed = false;
                for m in 0..nn {
                    if g[m] || succ[m].is_empty() || !succ[m].iter().all(|&s| g[s]) {
                        continue;
                    }
                    if local[m].is_none() {
                        let ok = self.persistent(m, &mut reach) && self.enabled(m).unwrap_or(false);
                        local[m] = Some(ok);
                    }
                    if local[m] == Some(true) {
                        g[m] = true;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            good.insert(u, g);
        }
        let uncovered = std::mem::take(&mut self.por_uncovered);
        for &(i, count) in &uncovered {
            let ok = self.por[i]
                .pruned()
                .all(|u| good.get(&u).is_some_and(|g| g[i]));
            if !ok && std::env::var_os("SCHEDMC_DEBUG_POR").is_some() {
                let p = self.persistent(i, &mut reach);
                let e = self.enabled(i).unwrap_or(false);
                eprintln!(
                    "[por] node {i}: not argued (persistent {p}, enabled {e}, checked {:?}, succs {:?})",
                    self.por[i].checked, succ[i]
                );
            }
            if ok {
                out.argued += count;
            } else {
                out.unchecked += count;
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acc(r: &[u32], w: &[u32], sched: bool) -> Access {
        Access {
            reads: r.iter().map(|v| VarId(*v)).collect(),
            writes: w.iter().map(|v| VarId(*v)).collect(),
            sched,
        }
    }

    #[test]
    fn dependence_is_conservative() {
        // write/read and write/write conflicts
        assert!(acc(&[], &[1], false).dependent(&acc(&[1], &[], false)));
        assert!(acc(&[1], &[], false).dependent(&acc(&[], &[1], false)));
        assert!(acc(&[], &[1], false).dependent(&acc(&[], &[1], false)));
        // reads commute
        assert!(!acc(&[1], &[], false).dependent(&acc(&[1], &[], false)));
        // disjoint accesses commute
        assert!(!acc(&[2], &[1], false).dependent(&acc(&[3], &[4], false)));
        // a scheduler operation commutes only with private edges
        assert!(acc(&[], &[], true).dependent(&acc(&[7], &[], false)));
        assert!(acc(&[], &[], true).dependent(&acc(&[], &[], true)));
        assert!(!acc(&[], &[], true).dependent(&acc(&[], &[], false)));
    }
}
