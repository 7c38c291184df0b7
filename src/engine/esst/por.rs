//! Partial-order reduction for ESST (`--por sleep|source-sets`, AbPress-style): the
//! exploration bookkeeping — transitions, happens-before ([`super::vclock`]), sleep sets,
//! source-set DPOR (`ComputeBT`, `NotDep`, `Choose`) and access summaries at covering nodes
//! (`Backtrack` with ghost entries) — as hooks of the ARF construction in
//! `super::Esst::build`. What a transition touches and when two transitions are dependent
//! is [`dep`]'s.
//!
//! # Model
//! A *transition* is a maximal sequence of ARF edges of one thread instance between two
//! *boundary* nodes. Boundaries follow the policy, so that the threads offered at a boundary
//! are exactly the policy's alternatives there (`enabled`, the threads of the node's
//! successors):
//! - fully preemptive without interrupt handlers (pthreads): a node where no thread runs
//!   (rule E4), or where the running thread is, outside an atomic section and not just
//!   scheduled, at a location with a scheduler-relevant out-edge (shared access, primitive,
//!   atomic begin, edge into the exit), or whose successors belong to several threads;
//! - cooperative (SystemC) and fixed priorities (FreeRTOS), and any policy with interrupt
//!   handlers: only where the policy offers a choice: no thread runs (the runnable threads,
//!   resp. the highest ready priority level), or the successors belong to several threads
//!   or to another thread than the open transition (a preemption point with a tick, a time
//!   slice or an interrupt handler that may fire while interrupts are unmasked). So a
//!   SystemC transition is a whole turn: dispatch, run, wait.
//!
//! A transition's signature ([`Sig`]) is the union of its edges' signatures: shared reads and
//! writes (flattened cells, so pointer accesses are their `Ite` cells); scheduler *objects*
//! (`objs`: the constant primitive arguments bound by `sched::bind`/`Binder` — notify/wait
//! on one event, give/take on one semaphore or queue, lock/unlock on one mutex, condition
//! variables — and every object whose state the edge changed, found by comparing the
//! scheduler states before and after it); `sany` for scheduler operations of unknown object
//! and for spawns, joins, thread exits and atomic sections (dependent with every scheduler
//! operation); `glob` for global scheduler changes (time advance, ticks, delta cycles,
//! dispatches after them, critical sections, scheduler start/suspend, task
//! delete/suspend/resume, priority changes, and under priorities every change of readiness
//! or priority, since readiness decides who else may run): dependent with everything; `all`
//! (main's return ends the program; errors); and `hb_to`, the instances it spawns or whose
//! status it changes (wakes): happens-before to their later transitions, and removed from
//! sleep sets. When unsure, dependent.
//!
//! # Status
//! Default (`--por source-sets`), under every policy. The wrong SUCCESSFUL on
//! `pthread-wmm/mix000_tso.oepc.i` (main's `assume_abort_if_not(cnt == 2)`) came from
//! transitions that get stuck between boundaries (`abort()` is `assume(false)`): fixed by the
//! halting rule below.

//! # Soundness measures
//! - Halting: a dead end between boundaries (the open transition got stuck) fully expands
//!   the start boundary of that transition, since it disables every thread enabled there.
//!   Every dead end records the pending transitions of its runnable threads as ghost
//!   summary entries, so nodes it covers race them too.
//! - Disabling: a thread enabled at the start of a transition but not at its end (a woken
//!   higher priority, an interrupt handler after which only the interrupted thread resumes,
//!   the program ended) is added to the backtrack set of that start (a disabling transition
//!   is dependent with the pending transition of the thread it disables).
//! - Sleep entries use a static over-approximation of a thread's next transition: pthreads,
//!   all edges reachable from its location up to the next boundary location; other
//!   policies, up to a primitive that certainly ends the turn (wait, sleep, yield, exit);
//!   an idle interrupt handler from its entry.
//! - A node covers another only if its sleep set is a subset of the other's.
//! - Source sets: every race on an explored path adds a thread of `I(NotDep.v)` (or every
//!   enabled thread when none is enabled); covered nodes race every transition of their path
//!   with the summary of the coverer (per thread, the union of the signatures in its subtree,
//!   closed over nested covers; a fixpoint recomputed whenever the work list runs dry) and
//!   add the initials of `NotDep` together with every summary thread. Races with ghost entries
//!   ignore happens-before (more races, never fewer). The exploration stops only when the
//!   fixpoint adds no backtrack point.
//! - `--no-summaries` (the seed's naive baseline): a covered node's path is raced exactly
//!   with every path (suffix) of its coverer's subtree, following nested covers into their
//!   coverers' subtrees; a suffix that re-enters a coverer already on it (a program loop)
//!   is cut there and raced with that coverer's summary, and after 2,000,000 suffixes per
//!   fixpoint round (or at the deadline) the remaining covered nodes use the summary: both
//!   sound, and counted in the statistics (`naive_cycle_cuts`, `naive_fallbacks`).

use super::vclock::VClock;
use super::{Esst, Node, Succ};
use crate::engine::PorMode;
use crate::ir::{CallArg, LocId, Op, Program, ThreadId, VarId};
use crate::sched::symmetry::{self, Perm};
use crate::sched::{self, running, Policy, ThreadInstance};
use std::collections::{BTreeMap, BTreeSet, HashMap};

mod dep;
use dep::Sig;

/// A (possibly still open) transition on a path.
#[derive(Clone, Debug)]
struct Tr {
    thread: u8,
    /// The boundary node it starts at (`pre` of the transition).
    start: usize,
    sig: Sig,
    /// Its number among its thread's transitions on the path (1-based).
    idx: u32,
    vc: VClock,
}

#[derive(Clone, Debug, Default)]
pub(super) struct PNode {
    tr: Option<Tr>,
    /// (thread, signature of its next transition), sorted by thread.
    sleep: Vec<(u8, Sig)>,
    boundary: bool,
    enabled: Vec<u8>,
    /// Threads expanded here, in expansion order.
    done: Vec<u8>,
    backtrack: BTreeSet<u8>,
    parent: Option<usize>,
}

impl PNode {
    fn asleep(&self, t: u8) -> bool {
        self.sleep.iter().any(|(x, _)| *x == t)
    }
}

/// A covered successor: its would-be POR node and its coverer.
struct Leaf {
    node: PNode,
    coverer: usize,
    /// A cover up to thread symmetry: the leaf's instance `i` is the coverer's `perm[i]`
    /// (instances created later keep their index); None: the identity.
    perm: Option<Perm>,
}

/// `sum`, a summary in a coverer's instance numbering, in the numbering of a leaf it covers
/// through `perm` (the leaf's `i` is the coverer's `perm[i]`): threads and `hb_to` renamed
/// by the inverse (indices beyond the permutation are instances created later, in the same
/// order on both sides, so they keep their index).
fn rename_summary<'s>(sum: &'s Summary, perm: Option<&Perm>) -> std::borrow::Cow<'s, Summary> {
    let Some(perm) = perm else {
        return std::borrow::Cow::Borrowed(sum);
    };
    let inv = symmetry::inverse(perm);
    let r = |t: u8| inv.get(t as usize).copied().unwrap_or(t);
    let mut out = Summary::new();
    for (t, g) in sum {
        let mut g = g.clone();
        g.hb_to = g.hb_to.iter().map(|&h| r(h)).collect();
        match out.get_mut(&r(*t)) {
            Some(x) => {
                x.union(&g);
            }
            None => {
                out.insert(r(*t), g);
            }
        }
    }
    std::borrow::Cow::Owned(out)
}

/// POR statistics of one ARF construction.
#[derive(Clone, Debug, Default)]
pub(super) struct PorStats {
    pub backtrack_points: u64,
    pub sleep_prunings: u64,
    pub ghost_races: u64,
    pub fixpoint_rounds: u64,
    /// `--no-summaries`: subtree paths (suffixes) enumerated.
    pub enumerated_paths: u64,
    /// `--no-summaries`: suffixes that re-entered a coverer already on them (a loop), raced
    /// with that coverer's summary instead of unrolling again.
    pub naive_cycle_cuts: u64,
    /// `--no-summaries`: covered nodes raced with the summary because the budget ran out.
    pub naive_fallbacks: u64,
}

/// POR statistics accumulated over the ARF constructions of one analysis.
#[derive(Clone, Debug, Default)]
pub(super) struct PorTotals {
    pub backtrack_points: u64,
    pub sleep_prunings: u64,
    /// Leaves of the last ARF.
    pub interleavings: u64,
    /// Per node of the last ARF, the thread instances whose successors were explored (None:
    /// all; empty without POR): the proof certificate's `explored` (certificate.rs).
    pub explored: Vec<Option<Vec<u8>>>,
}

type Summary = BTreeMap<u8, Sig>;

/// The POR state of one ARF construction (parallel to the node arena).
pub(super) struct Por {
    pub mode: PorMode,
    summaries: bool,
    /// Fully preemptive without interrupt handlers: a boundary at every preemption point
    /// (static rule); otherwise boundaries only where the policy offers a choice.
    simple: bool,
    /// Fixed-priority policy: readiness and priority changes are global.
    prio: bool,
    /// The program adds members to queue sets: a send or give may post to a set, so every
    /// send and give depends on the sets (and on each other through a set's order).
    qsets: bool,
    /// Per variable: may two thread instances both access it? False for a global cell only
    /// the main thread's CFG names (main's locals whose address is taken, e.g. a handle
    /// array `pthread_t t[1024]`): main has one instance, so no two transitions of different
    /// instances both touch it and signatures leave it out (their size then follows the
    /// cells that other threads may share, not every cell of main's arrays).
    shared: Vec<bool>,
    pn: Vec<PNode>,
    leaves: Vec<Leaf>,
    pending: HashMap<usize, Vec<(u8, Succ)>>,
    /// Successors to insert now: (parent, successor).
    pub ready: Vec<(usize, Succ)>,
    closure: HashMap<(ThreadId, LocId, u8), Sig>,
    pub stats: PorStats,
    /// `Esst::covers` when this construction started.
    covers0: u64,
    /// Dead ends: the pending transitions of their runnable threads (ghost entries for the
    /// nodes they cover).
    dead: HashMap<usize, Summary>,
}

/// [`Por::shared`]: every global except those only the main thread's CFG names, when every
/// primitive that starts a thread names a thread entry other than main's.
fn shared_cells(prog: &Program, spec: &sched::SchedulerSpec) -> Vec<bool> {
    let mut shared: Vec<bool> = prog
        .vars
        .iter()
        .map(|v| v.scope == crate::ir::Scope::Global)
        .collect();
    let mut others = vec![false; prog.vars.len()];
    let mut main_spawned = false;
    for (t, cfg) in prog.threads.iter().enumerate() {
        for e in &cfg.edges {
            let mut mark = |v: VarId| {
                if t != 0 {
                    others[v.0 as usize] = true;
                }
            };
            match &e.op {
                Op::Assign(v, x) => {
                    mark(*v);
                    x.for_each_var(&mut mark);
                }
                Op::Nondet(v) => mark(*v),
                Op::Assume(x) => x.for_each_var(&mut mark),
                Op::Call {
                    func,
                    args,
                    ret,
                    may_write,
                } => {
                    // a start whose entry is main's or not a named thread entry (a function
                    // pointer value)
                    if let Some(i) = spec.primitive(func).and_then(|p| p.args.entry) {
                        main_spawned |=
                            !matches!(args.get(i), Some(CallArg::Thread(t)) if t.0 != 0);
                    }
                    for a in args {
                        match a {
                            CallArg::Value(x) => x.for_each_var(&mut mark),
                            CallArg::Thread(ThreadId(0)) => main_spawned = true,
                            _ => {}
                        }
                    }
                    for v in ret.iter().chain(may_write.iter()) {
                        mark(*v);
                    }
                }
                _ => {}
            }
        }
    }
    if !main_spawned {
        for (s, o) in shared.iter_mut().zip(&others) {
            *s &= *o;
        }
    }
    shared
}

/// How a successor relates to its parent.
enum Kind {
    /// A CFG edge of the running thread.
    Step,
    /// A scheduler connector (dispatch or switch) to the tagged thread.
    Connector,
    /// A scheduler effect of the running thread without an edge (blocking, exit).
    SchedEvent,
}

fn classify(node: &Node, sc: &Succ) -> (Option<u8>, Kind) {
    if let Some((_, inst, _, _)) = sc.label.step {
        return (Some(inst), Kind::Step);
    }
    match running(&node.sched) {
        Some(t) => match running(&sc.sched) {
            Some(u) if u != t => (Some(u.0), Kind::Connector),
            _ => (Some(t.0), Kind::SchedEvent),
        },
        None => (running(&sc.sched).map(|u| u.0), Kind::Connector),
    }
}

impl Por {
    /// The POR state for a program under a scheduler (every policy; see the module doc for
    /// how boundaries and dependence follow the policy).
    pub fn new(mode: PorMode, summaries: bool, prog: &Program, spec: &sched::SchedulerSpec) -> Por {
        let simple = spec.policy == Policy::FullyPreemptive
            && !prog
                .threads
                .iter()
                .any(|t| spec.is_interrupt_handler(&t.name));
        Por {
            mode,
            summaries,
            simple,
            prio: spec.policy == Policy::FixedPriorityPreemptive,
            qsets: prog.threads.iter().any(|t| {
                t.edges.iter().any(|e| match &e.op {
                    Op::Call { func, .. } => spec
                        .primitive(func)
                        .is_some_and(|p| p.action == sched::Action::QueueSetAdd),
                    _ => false,
                })
            }),
            shared: shared_cells(prog, spec),
            pn: vec![PNode {
                boundary: true,
                ..PNode::default()
            }],
            leaves: Vec::new(),
            pending: HashMap::new(),
            ready: Vec::new(),
            closure: HashMap::new(),
            stats: PorStats::default(),
            covers0: 0,
            dead: HashMap::new(),
        }
    }

    pub fn active(&self) -> bool {
        self.mode != PorMode::None
    }

    /// May node `w` cover the successor whose POR node is `child` up to the permutation
    /// `sigma` (`child`'s instance `i` is `w`'s `sigma[i]`)? Only when every thread asleep
    /// at `w` is, renamed back, asleep at `child`: then `w`'s exploration, renamed, prunes
    /// nothing `child`'s would explore.
    pub fn may_cover_permuted(&self, w: usize, child: &PNode, sigma: &[u8]) -> bool {
        if !self.active() {
            return true;
        }
        let inv = symmetry::inverse(sigma);
        self.sleep_threads(w)
            .all(|t| child.asleep(inv.get(t as usize).copied().unwrap_or(t)))
    }

    fn sleep_threads(&self, n: usize) -> impl Iterator<Item = u8> + '_ {
        self.pn[n].sleep.iter().map(|(t, _)| *t)
    }

    /// Adds `q` to the backtrack set of boundary `b`; explores it when possible.
    fn add_backtrack(&mut self, b: usize, q: u8) {
        let p = &mut self.pn[b];
        if !p.backtrack.insert(q) {
            return;
        }
        self.stats.backtrack_points += 1;
        if p.done.contains(&q) || p.asleep(q) || !p.enabled.contains(&q) {
            return;
        }
        p.done.push(q);
        if let Some(list) = self.pending.get_mut(&b) {
            let mut keep = Vec::new();
            for (t, s) in list.drain(..) {
                if t == q {
                    self.ready.push((b, s));
                } else {
                    keep.push((t, s));
                }
            }
            *list = keep;
        }
    }

    /// `ComputeBT`: a race of the transition starting at `b` with a later one whose
    /// `NotDep.v` initials are `initials`.
    fn compute_bt(&mut self, b: usize, initials: &[u8]) {
        let p = &self.pn[b];
        if initials.iter().any(|q| p.backtrack.contains(q)) {
            return;
        }
        let pick = initials.iter().find(|q| p.enabled.contains(q)).copied();
        match pick {
            Some(q) => self.add_backtrack(b, q),
            None => {
                for q in p.enabled.clone() {
                    self.add_backtrack(b, q);
                }
            }
        }
    }

    /// The completed transitions before `tr` on its path (latest first).
    fn chain(&self, start: usize) -> Vec<&Tr> {
        let mut out = Vec::new();
        let mut b = start;
        while let Some(t) = &self.pn[b].tr {
            out.push(t);
            b = t.start;
        }
        out
    }

    /// Happens-before clock of `tr` and its races (indices into `chain`).
    fn clock_and_races(chain: &[&Tr], thread: u8, sig: &Sig) -> (VClock, u32, Vec<usize>) {
        let mut j = VClock::new();
        let mut idx = None;
        let mut races = Vec::new();
        for (i, x) in chain.iter().enumerate() {
            let same = x.thread == thread;
            if same && idx.is_none() {
                idx = Some(x.idx + 1);
            }
            let d = x.sig.dep(sig);
            if !(same || d || x.sig.hb_to.contains(&thread)) {
                continue;
            }
            if !same && d && !j.covers(x.thread, x.idx) {
                races.push(i);
            }
            j.join(&x.vc);
        }
        let idx = idx.unwrap_or(1);
        j.set(thread, idx);
        (j, idx, races)
    }

    /// Initials of the sequence `seq` (path order): threads whose first transition has no
    /// happens-before predecessor in the sequence.
    fn initials(seq: &[(u8, u32, &VClock)]) -> Vec<u8> {
        let mut seen: Vec<u8> = Vec::new();
        let mut out = Vec::new();
        for (i, (t, _, vc)) in seq.iter().enumerate() {
            if seen.contains(t) {
                continue;
            }
            seen.push(*t);
            if seq[..i].iter().all(|(h, hi, _)| !vc.covers(*h, *hi)) {
                out.push(*t);
            }
        }
        out
    }

    /// `NotDep(u, v)`: the transitions of `chain` after `chain[ui]` that do not happen after
    /// it, in path order.
    fn notdep<'c>(chain: &'c [&'c Tr], ui: usize) -> Vec<(u8, u32, &'c VClock)> {
        let u = chain[ui];
        chain[..ui]
            .iter()
            .rev()
            .filter(|y| !y.vc.covers(u.thread, u.idx))
            .map(|y| (y.thread, y.idx, &y.vc))
            .collect()
    }

    /// Race analysis of an open transition (source sets).
    fn races_of(&mut self, tr: &Tr) {
        if self.mode != PorMode::SourceSets || tr.sig.is_empty() {
            return;
        }
        if tr.sig.all {
            // A transition that may disable every other thread (main's return ends the
            // program): it races with the pending transition of every thread enabled at its
            // start (Flanagan-Godefroid's rule for pending transitions), which source sets
            // alone miss because such threads never run on this path.
            for q in self.pn[tr.start].enabled.clone() {
                self.add_backtrack(tr.start, q);
            }
        }
        let chain: Vec<Tr> = self.chain(tr.start).into_iter().cloned().collect();
        let refs: Vec<&Tr> = chain.iter().collect();
        let (_, _, races) = Self::clock_and_races(&refs, tr.thread, &tr.sig);
        let mut todo = Vec::new();
        for ui in races {
            let mut seq = Self::notdep(&refs, ui);
            seq.push((tr.thread, tr.idx, &tr.vc));
            todo.push((refs[ui].start, Self::initials(&seq)));
        }
        for (b, init) in todo {
            self.compute_bt(b, &init);
        }
    }
}

impl<'a> Esst<'a> {
    pub(super) fn por_new(&self) -> Por {
        let mut p = Por::new(self.opts.por, self.opts.summaries, self.prog, self.spec);
        p.covers0 = self.covers;
        p
    }

    /// Records the statistics of a finished construction.
    pub(super) fn por_stats(&mut self, por: &Por, nodes: &[Node]) {
        let mut has_child = vec![false; nodes.len()];
        for nd in nodes {
            if let Some((p, _)) = &nd.parent {
                has_child[*p] = true;
            }
        }
        let leaves = has_child.iter().filter(|c| !**c).count() as u64;
        self.por_totals.backtrack_points += por.stats.backtrack_points;
        self.por_totals.sleep_prunings += por.stats.sleep_prunings;
        self.por_totals.interleavings = leaves + self.covers.saturating_sub(por.covers0);
        self.por_totals.explored = if por.active() {
            let ex = |p: &PNode| p.boundary.then(|| p.done.clone());
            por.pn.iter().map(ex).collect()
        } else {
            Vec::new()
        };
        if super::debug() {
            eprintln!("[esst] por {:?}: {:?}", por.mode, por.stats);
        }
    }

    fn por_static_boundary(&self, node: &Node) -> bool {
        let Some(t) = running(&node.sched) else {
            return true;
        };
        if node.scheduled || node.sched.atomic.is_some_and(|(o, _)| o == t) {
            return false;
        }
        let cfg = self.prog.thread(node.sched.thread(t).entry);
        let Some(&l) = node.locs.get(t.index()) else {
            return true;
        };
        l == cfg.exit || cfg.out_edges(l).any(|(_, e)| self.por_candidate(cfg, e))
    }

    /// `Choose`: which successors of node `n` to insert now (the others wait in the pending
    /// list of `n` until a race adds their thread to its source set).
    pub(super) fn por_select(
        &mut self,
        por: &mut Por,
        nodes: &[Node],
        n: usize,
        succ: Vec<Succ>,
    ) -> Vec<Succ> {
        if !por.active() {
            return succ;
        }
        let node = &nodes[n];
        let tags: Vec<Option<u8>> = succ.iter().map(|s| classify(node, s).0).collect();
        let mut enabled: Vec<u8> = Vec::new();
        for t in tags.iter().flatten() {
            if !enabled.contains(t) {
                enabled.push(*t);
            }
        }
        let open = por.pn[n].tr.as_ref().map(|t| t.thread);
        // pthreads: every preemption point (static rule); other policies: only where the
        // policy offers a choice (no running thread, several threads, another thread), so a
        // transition is a whole non-preemptible turn (SystemC: dispatch to wait).
        let static_b = if por.simple {
            self.por_static_boundary(node)
        } else {
            running(&node.sched).is_none()
        };
        let boundary =
            n == 0 || static_b || enabled.len() > 1 || enabled.iter().any(|t| Some(*t) != open);
        por.pn[n].boundary = boundary;
        if !boundary {
            return succ;
        }
        // Disabling (Flanagan-Godefroid: a transition that disables a thread is dependent
        // with its pending transition): threads enabled where the open transition started
        // but not here (a higher priority woken, an interrupt handler forcing the resume of
        // the interrupted thread, the program ended) are explored at that start.
        if por.mode == PorMode::SourceSets {
            if let Some(tr) = por.pn[n].tr.clone() {
                for q in por.pn[tr.start].enabled.clone() {
                    if q != tr.thread && !enabled.contains(&q) {
                        por.add_backtrack(tr.start, q);
                    }
                }
            }
        }
        let p = &mut por.pn[n];
        p.enabled = enabled.clone();
        if tags.iter().any(|t| t.is_none()) {
            // a successor of unknown thread: no reduction at this node
            p.done = enabled.clone();
            p.backtrack = enabled.into_iter().collect();
            return succ;
        }
        let asleep: Vec<u8> = enabled.iter().copied().filter(|t| p.asleep(*t)).collect();
        por.stats.sleep_prunings += asleep.len() as u64;
        let mut cands: Vec<u8> = enabled
            .iter()
            .copied()
            .filter(|t| !asleep.contains(t))
            .collect();
        if let Some(r) = running(&node.sched) {
            if let Some(i) = cands.iter().position(|t| *t == r.0) {
                let t = cands.remove(i);
                cands.insert(0, t);
            }
        }
        let chosen: Vec<u8> = match por.mode {
            PorMode::Sleep => cands,
            _ => cands.into_iter().take(1).collect(),
        };
        p.done = chosen.clone();
        p.backtrack = chosen.iter().copied().collect();
        let mut now = Vec::new();
        let mut later = Vec::new();
        for (s, t) in succ.into_iter().zip(tags) {
            let t = t.expect("tagged");
            if chosen.contains(&t) {
                now.push(s);
            } else if !asleep.contains(&t) {
                later.push((t, s));
            }
        }
        if !later.is_empty() {
            por.pending.insert(n, later);
        }
        now
    }

    /// The POR node of successor `sc` of `n` (transition, clock, sleep set); runs the race
    /// analysis of its open transition.
    pub(super) fn por_child(
        &mut self,
        por: &mut Por,
        nodes: &[Node],
        n: usize,
        sc: &Succ,
    ) -> PNode {
        let node = &nodes[n];
        let (tag, kind) = classify(node, sc);
        let Some(q) = tag else {
            return PNode {
                parent: Some(n),
                ..PNode::default()
            };
        };
        // signature of this ARF edge
        let mut esig = match kind {
            Kind::Connector => {
                // a pure switch has no effect; a dispatch after a delta cycle, time advance or
                // tick, or a tick at a preemption point, is global
                let mut e = Sig::default();
                Self::por_effect(por, &node.sched, &sc.sched, None, &mut e);
                if e.is_empty() {
                    e
                } else {
                    Sig {
                        glob: true,
                        all: e.all,
                        ..Sig::default()
                    }
                }
            }
            Kind::Step => {
                let (entry, inst, _, eid) = sc.label.step.expect("step");
                let cfg = self.prog.thread(entry);
                let mut e =
                    self.por_edge_sig(por, cfg.edge(eid), cfg.exit, inst, Some(&node.sched));
                Self::por_effect(por, &node.sched, &sc.sched, Some(inst), &mut e);
                e
            }
            Kind::SchedEvent => {
                // blocking in a primitive at the current location, exiting, or (priorities)
                // a tick after which the thread continues
                let t = ThreadInstance(q);
                let mut e = Sig::default();
                if (q as usize) < node.sched.threads.len() {
                    let cfg = self.prog.thread(node.sched.thread(t).entry);
                    match node.locs.get(q as usize) {
                        Some(&l) if l != cfg.exit => {
                            for (_, ed) in cfg.out_edges(l) {
                                e.union(&self.por_edge_sig(
                                    por,
                                    ed,
                                    cfg.exit,
                                    q,
                                    Some(&node.sched),
                                ));
                            }
                        }
                        _ => {
                            e.sany = true;
                            e.all |= q == 0;
                        }
                    }
                } else {
                    e.all = true;
                }
                Self::por_effect(por, &node.sched, &sc.sched, Some(q), &mut e);
                e
            }
        };
        for i in node.sched.threads.len()..sc.sched.threads.len() {
            esig.hb_to.insert(i as u8);
        }
        let pp = &por.pn[n];
        let new_tr = pp.boundary || pp.tr.as_ref().map(|t| t.thread) != Some(q);
        let (start, mut sig) = if new_tr {
            (n, Sig::default())
        } else {
            let t = pp.tr.as_ref().expect("open");
            (t.start, t.sig.clone())
        };
        let changed = sig.union(&esig) || new_tr;
        // sleep set: inherited entries plus the threads expanded at n before q, minus the
        // ones this edge depends on
        let mut sleep: Vec<(u8, Sig)> = pp.sleep.clone();
        if pp.boundary {
            if let Some(pos) = pp.done.iter().position(|t| *t == q) {
                let before: Vec<u8> = pp.done[..pos].to_vec();
                for r in before {
                    if !sleep.iter().any(|(x, _)| *x == r) {
                        let s = self.por_next_sig(por, &node.sched, &node.locs, r);
                        sleep.push((r, s));
                    }
                }
            }
        }
        sleep.retain(|(r, s)| *r != q && !s.dep(&esig) && !esig.hb_to.contains(r));
        sleep.sort_by_key(|(r, _)| *r);
        let tr = if changed {
            let chain = por.chain(start);
            let (vc, idx, _) = Por::clock_and_races(&chain, q, &sig);
            Tr {
                thread: q,
                start,
                sig,
                idx,
                vc,
            }
        } else {
            por.pn[n].tr.clone().expect("open")
        };
        if changed {
            por.races_of(&tr);
        }
        PNode {
            tr: Some(tr),
            sleep,
            parent: Some(n),
            ..PNode::default()
        }
    }

    /// Node `n` has no successor although threads may still be enabled (an infeasible
    /// continuation, the program ended, a blocker): the path is not maximal, so the pending
    /// transition of every enabled thread is raced with the path (Flanagan-Godefroid's rule:
    /// the latest dependent transition not ordered before the thread gets it as a backtrack
    /// point, or every enabled thread when it is not enabled there).
    pub(super) fn por_dead_end(&mut self, por: &mut Por, nodes: &[Node], n: usize) {
        if por.mode != PorMode::SourceSets {
            return;
        }
        let node = &nodes[n];
        let Some(tr) = por.pn[n].tr.clone() else {
            return;
        };
        let threads: Vec<u8> = node
            .sched
            .instances()
            .filter(|(_, i)| {
                matches!(
                    i.status,
                    sched::ThreadStatus::Runnable | sched::ThreadStatus::Running
                )
            })
            .map(|(t, _)| t.0)
            .collect();
        if !por.pn[n].boundary {
            // The open transition got stuck between boundaries (`abort()`, `assume(false)`
            // on a local condition, a dispatched thread whose first edge is infeasible): the
            // engine offers no other thread here, so the path halts the whole program. Such
            // a transition disables every thread enabled at its start: all of them are
            // explored there (its reads were raced when it was extended).
            for q in por.pn[tr.start].enabled.clone() {
                por.add_backtrack(tr.start, q);
            }
        }
        let mut todo: Vec<(usize, u8)> = Vec::new();
        {
            let mut chain: Vec<&Tr> = vec![&tr];
            chain.extend(por.chain(tr.start));
            let pending: Vec<(u8, Sig)> = threads
                .iter()
                .map(|q| (*q, self.por_next_sig(por, &node.sched, &node.locs, *q)))
                .collect();
            let mut chain2: Vec<Tr> = vec![tr.clone()];
            chain2.extend(por.chain(tr.start).into_iter().cloned());
            let mut ghost = Summary::new();
            for (q, g) in &pending {
                ghost.insert(*q, g.clone());
            }
            por.dead.insert(n, ghost);
            for (q, g) in pending {
                // q's last transition on the path orders everything it covers before q
                let last_q = chain2.iter().find(|x| x.thread == q).map(|x| x.vc.clone());
                let hit = chain2.iter().find(|u| {
                    u.thread != q
                        && u.sig.dep(&g)
                        && !last_q.as_ref().is_some_and(|c| c.covers(u.thread, u.idx))
                });
                if let Some(u) = hit {
                    todo.push((u.start, q));
                }
            }
        }
        for (b, q) in todo {
            if por.pn[b].enabled.contains(&q) {
                por.add_backtrack(b, q);
            } else {
                for r in por.pn[b].enabled.clone() {
                    por.add_backtrack(b, r);
                }
            }
        }
    }

    /// May node `w` cover the successor whose POR node is `child`?
    pub(super) fn por_may_cover(&self, por: &Por, w: usize, child: &PNode) -> bool {
        if !por.active() {
            return true;
        }
        por.sleep_threads(w).all(|t| child.asleep(t))
    }

    pub(super) fn por_push(&self, por: &mut Por, child: PNode) {
        if por.active() {
            por.pn.push(child);
        }
    }

    pub(super) fn por_covered(
        &self,
        por: &mut Por,
        child: PNode,
        coverer: usize,
        perm: Option<Perm>,
    ) {
        if por.active() {
            // Cycle proviso (the ignoring problem): a cover may close a cycle along which
            // some enabled thread never runs; the last boundary of the covered node's path
            // is fully expanded, so every cycle with a scheduling choice has a fully expanded
            // node.
            if por.mode == PorMode::SourceSets {
                let b = child.tr.as_ref().map(|t| t.start).or(child.parent);
                if let Some(b) = b {
                    for q in por.pn[b].enabled.clone() {
                        por.add_backtrack(b, q);
                    }
                }
            }
            por.leaves.push(Leaf {
                node: child,
                coverer,
                perm,
            });
        }
    }

    /// The work list ran dry: recompute the summaries of covering nodes and race the paths
    /// of covered nodes with them (`Backtrack`); true when new successors are ready.
    pub(super) fn por_resume(&mut self, por: &mut Por) -> bool {
        if por.mode != PorMode::SourceSets || por.leaves.is_empty() {
            return !por.ready.is_empty();
        }
        por.stats.fixpoint_rounds += 1;
        let len = por.pn.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); len];
        for (i, p) in por.pn.iter().enumerate() {
            if let Some(par) = p.parent {
                children[par].push(i);
            }
        }
        let mut leaves_of: Vec<Vec<usize>> = vec![Vec::new(); len];
        for (i, l) in por.leaves.iter().enumerate() {
            if let Some(par) = l.node.parent {
                leaves_of[par].push(i);
            }
        }
        let add = |s: &mut Summary, t: u8, g: &Sig| -> bool {
            match s.get_mut(&t) {
                Some(x) => x.union(g),
                None => {
                    s.insert(t, g.clone());
                    true
                }
            }
        };
        let mut sums: Vec<Summary> = vec![Summary::new(); len];
        for (&x, g) in &por.dead {
            if x < len {
                sums[x] = g.clone();
            }
        }
        loop {
            let mut changed = false;
            for x in (0..len).rev() {
                let mut s = std::mem::take(&mut sums[x]);
                let mut ch = false;
                for &c in &children[x] {
                    if let Some(t) = &por.pn[c].tr {
                        ch |= add(&mut s, t.thread, &t.sig);
                    }
                    for (t, g) in &sums[c] {
                        ch |= add(&mut s, *t, g);
                    }
                }
                for &li in &leaves_of[x] {
                    let l = &por.leaves[li];
                    if let Some(t) = &l.node.tr {
                        ch |= add(&mut s, t.thread, &t.sig);
                    }
                    // (a node covering its own successor up to a permutation adds its
                    // summary renamed)
                    if l.coverer != x || l.perm.is_some() {
                        for (t, g) in rename_summary(&sums[l.coverer], l.perm.as_ref()).iter() {
                            ch |= add(&mut s, *t, g);
                        }
                    }
                }
                sums[x] = s;
                changed |= ch;
            }
            if !changed {
                break;
            }
        }
        let mut todo: Vec<(usize, Vec<u8>)> = Vec::new();
        let mut ghost = 0;
        let mut enumerated = 0;
        // --no-summaries: analysed suffixes per fixpoint round before falling back
        let mut budget: u64 = 2_000_000;
        let mut cuts = 0;
        let mut fallbacks = 0;
        for l in &por.leaves {
            let Some(ltr) = &l.node.tr else { continue };
            let summary = &*rename_summary(&sums[l.coverer], l.perm.as_ref());
            if summary.is_empty() {
                continue;
            }
            let mut chain: Vec<&Tr> = vec![ltr];
            chain.extend(por.chain(ltr.start));
            if !por.summaries {
                debug_assert!(l.perm.is_none(), "no symmetric covers without summaries");
                // naive baseline: race the path with every path of the coverer's subtree
                let mut nv = Naive {
                    por,
                    children: &children,
                    leaves_of: &leaves_of,
                    sums: &sums,
                    budget: &mut budget,
                    deadline: self.deadline,
                    paths: 0,
                    cuts: 0,
                    todo: Vec::new(),
                    stack: vec![l.coverer],
                };
                let merge = por.pn[l.coverer].tr.as_ref().map(|t| t.start);
                let suffix: Vec<(u8, Sig, usize)> = Vec::new();
                let ok = nv.walk(&chain, l.coverer, merge, &Sig::default(), &suffix);
                enumerated += nv.paths;
                cuts += nv.cuts;
                if ok {
                    todo.extend(nv.todo);
                    continue;
                }
                // budget or time exhausted: fall back to the summary (sound)
                fallbacks += 1;
            }
            let sum_threads: Vec<u8> = summary.keys().copied().collect();
            for (ui, u) in chain.iter().enumerate() {
                let racing = summary.iter().any(|(t, g)| *t != u.thread && u.sig.dep(g));
                if !racing {
                    continue;
                }
                ghost += 1;
                let seq = Por::notdep(&chain, ui);
                let mut cand = Por::initials(&seq);
                for t in &sum_threads {
                    if !cand.contains(t) {
                        cand.push(*t);
                    }
                }
                todo.push((u.start, cand));
            }
        }
        por.stats.ghost_races += ghost;
        por.stats.enumerated_paths += enumerated;
        por.stats.naive_cycle_cuts += cuts;
        por.stats.naive_fallbacks += fallbacks;
        for (b, cand) in todo {
            let enabled = por.pn[b].enabled.clone();
            let cand: Vec<u8> = cand.into_iter().filter(|t| enabled.contains(t)).collect();
            let add: Vec<u8> = if cand.is_empty() { enabled } else { cand };
            for q in add {
                por.add_backtrack(b, q);
            }
        }
        !por.ready.is_empty()
    }
}

/// One element of a concatenated path for the naive analysis.
struct El {
    thread: u8,
    sig: Sig,
    idx: u32,
    vc: VClock,
    /// The boundary it starts at (prefix elements only).
    start: Option<usize>,
}

/// `--no-summaries` (the seed's naive baseline): enumerates the paths of a coverer's subtree,
/// following nested covers into their coverer's subtree, and races each with the covered
/// node's path exactly. A suffix that re-enters a coverer already on it (a loop of the
/// program) is cut there and raced with that coverer's summary; a dead end contributes the
/// pending transitions recorded for it.
struct Naive<'p> {
    por: &'p Por,
    children: &'p [Vec<usize>],
    leaves_of: &'p [Vec<usize>],
    sums: &'p [Summary],
    budget: &'p mut u64,
    deadline: &'p crate::engine::Deadline,
    paths: u64,
    cuts: u64,
    /// (boundary, candidate threads) to add.
    todo: Vec<(usize, Vec<u8>)>,
    /// Coverers entered on the current suffix.
    stack: Vec<usize>,
}

impl Naive<'_> {
    fn spend(&mut self) -> bool {
        if *self.budget == 0 || (self.paths % 4096 == 4095 && self.deadline.expired()) {
            return false;
        }
        *self.budget -= 1;
        self.paths += 1;
        true
    }

    /// Appends transition `tr` to the suffix: an extension of the last element (of the
    /// covered path's last transition while the suffix is empty) when it starts at `merge`,
    /// else a new element. Returns the new `merge` (the start that continues it).
    fn extend(
        tr: &Tr,
        merge: Option<usize>,
        open_extra: &Sig,
        suffix: &[(u8, Sig, usize)],
    ) -> (Sig, Vec<(u8, Sig, usize)>, Option<usize>) {
        let mut extra = open_extra.clone();
        let mut suf = suffix.to_vec();
        if Some(tr.start) == merge {
            match suf.last_mut() {
                Some(l) => {
                    l.1.union(&tr.sig);
                }
                None => {
                    extra.union(&tr.sig);
                }
            }
            (extra, suf, merge)
        } else {
            suf.push((tr.thread, tr.sig.clone(), tr.start));
            (extra, suf, Some(tr.start))
        }
    }

    /// Walks the subtree below `x`; false when the budget ran out.
    fn walk(
        &mut self,
        chain: &[&Tr],
        x: usize,
        merge: Option<usize>,
        open_extra: &Sig,
        suffix: &[(u8, Sig, usize)],
    ) -> bool {
        let kids = &self.children[x];
        let lvs = &self.leaves_of[x];
        if kids.is_empty() && lvs.is_empty() {
            if !self.spend() {
                return false;
            }
            let ghost = self.por.dead.get(&x);
            self.analyse(chain, open_extra, suffix, ghost);
            return true;
        }
        for &c in kids {
            if let Some(tr) = &self.por.pn[c].tr {
                let (extra, suf, next) = Self::extend(tr, merge, open_extra, suffix);
                if !self.walk(chain, c, next, &extra, &suf) {
                    return false;
                }
            }
        }
        for &li in lvs {
            let l = &self.por.leaves[li];
            let Some(tr) = &l.node.tr else { continue };
            let (extra, suf, _) = Self::extend(tr, merge, open_extra, suffix);
            if self.stack.contains(&l.coverer) {
                // a loop: race with the coverer's summary instead of unrolling again
                if !self.spend() {
                    return false;
                }
                self.cuts += 1;
                let g = &self.sums[l.coverer];
                self.analyse(chain, &extra, &suf, Some(g));
                continue;
            }
            // the covered node continues as its coverer: the coverer's open transition is
            // the continuation of the leaf's last element
            let next = self.por.pn[l.coverer].tr.as_ref().map(|t| t.start);
            self.stack.push(l.coverer);
            let ok = self.walk(chain, l.coverer, next, &extra, &suf);
            self.stack.pop();
            if !ok {
                return false;
            }
        }
        true
    }

    /// Exact race analysis of the concatenation `chain ++ suffix` (ghost summary entries of a
    /// nested cover at the end are raced conservatively).
    fn analyse(
        &mut self,
        chain: &[&Tr],
        open_extra: &Sig,
        suffix: &[(u8, Sig, usize)],
        ghost: Option<&Summary>,
    ) {
        let mut els: Vec<El> = chain
            .iter()
            .rev()
            .map(|t| El {
                thread: t.thread,
                sig: t.sig.clone(),
                idx: t.idx,
                vc: t.vc.clone(),
                start: Some(t.start),
            })
            .collect();
        let npre = els.len();
        if let Some(last) = els.last_mut() {
            last.sig.union(open_extra);
        }
        for (q, sig, _) in suffix {
            let mut j = VClock::new();
            let mut idx = None;
            let mut races = Vec::new();
            for (i, x) in els.iter().enumerate().rev() {
                let same = x.thread == *q;
                if same && idx.is_none() {
                    idx = Some(x.idx + 1);
                }
                let d = x.sig.dep(sig);
                if !(same || d || x.sig.hb_to.contains(q)) {
                    continue;
                }
                if i < npre && !same && d && !j.covers(x.thread, x.idx) {
                    races.push(i);
                }
                j.join(&x.vc);
            }
            let idx = idx.unwrap_or(1);
            j.set(*q, idx);
            for ui in races {
                let u = &els[ui];
                let mut seq: Vec<(u8, u32, &VClock)> = els[ui + 1..]
                    .iter()
                    .filter(|y| !y.vc.covers(u.thread, u.idx))
                    .map(|y| (y.thread, y.idx, &y.vc))
                    .collect();
                seq.push((*q, idx, &j));
                let init = Por::initials(&seq);
                if let Some(b) = u.start {
                    self.todo.push((b, init));
                }
            }
            els.push(El {
                thread: *q,
                sig: sig.clone(),
                idx,
                vc: j,
                start: None,
            });
        }
        if let Some(summary) = ghost {
            let threads: Vec<u8> = summary.keys().copied().collect();
            for ui in 0..npre {
                let u = &els[ui];
                if !summary.iter().any(|(t, g)| *t != u.thread && u.sig.dep(g)) {
                    continue;
                }
                let mut cand: Vec<u8> = Vec::new();
                for y in &els[ui + 1..] {
                    if !cand.contains(&y.thread) {
                        cand.push(y.thread);
                    }
                }
                for t in &threads {
                    if !cand.contains(t) {
                        cand.push(*t);
                    }
                }
                if let Some(b) = u.start {
                    self.todo.push((b, cand));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::VarId;

    fn sig(r: &[u32], w: &[u32]) -> Sig {
        Sig {
            reads: r.iter().map(|v| VarId(*v)).collect(),
            writes: w.iter().map(|v| VarId(*v)).collect(),
            ..Sig::default()
        }
    }

    #[test]
    fn dependence_is_conservative() {
        assert!(!sig(&[0], &[]).dep(&sig(&[0], &[])), "two reads commute");
        assert!(sig(&[0], &[]).dep(&sig(&[], &[0])), "read/write");
        assert!(sig(&[], &[0]).dep(&sig(&[], &[0])), "write/write");
        assert!(!sig(&[], &[0]).dep(&sig(&[1], &[1])), "different cells");
        let mut a = sig(&[], &[]);
        a.sany = true;
        let mut b = sig(&[5], &[]);
        assert!(!a.dep(&b));
        b.sany = true;
        assert!(a.dep(&b), "two unknown primitives are dependent");
        let obj = |k: i128| Sig {
            objs: [k].into_iter().collect(),
            ..Sig::default()
        };
        assert!(obj(1).dep(&obj(1)), "same scheduler object");
        assert!(!obj(1).dep(&obj(2)), "different scheduler objects commute");
        assert!(
            a.dep(&obj(2)),
            "an unknown primitive depends on every object"
        );
        let glob = Sig {
            glob: true,
            ..Sig::default()
        };
        assert!(
            glob.dep(&sig(&[7], &[])),
            "time/delta/readiness changes are global"
        );
        let all = Sig {
            all: true,
            ..Sig::default()
        };
        assert!(all.dep(&Sig::default()), "`all` depends on everything");
        let mut u = sig(&[1], &[]);
        assert!(!u.union(&sig(&[1], &[])));
        assert!(u.union(&sig(&[], &[2])));
    }

    fn tr(thread: u8, start: usize, s: Sig, idx: u32, vc: &[(u8, u32)]) -> Tr {
        let mut c = VClock::new();
        for (t, v) in vc {
            c.set(*t, *v);
        }
        Tr {
            thread,
            start,
            sig: s,
            idx,
            vc: c,
        }
    }

    #[test]
    fn races_skip_transitively_ordered_pairs() {
        // path: t0 writes x (u), t1 writes x (w, after u), t2 reads x (e).
        // e races with w only: u -> w -> e.
        let u = tr(0, 0, sig(&[], &[0]), 1, &[(0, 1)]);
        let w = tr(1, 1, sig(&[], &[0]), 1, &[(0, 1), (1, 1)]);
        let chain = vec![&w, &u]; // latest first
        let (vc, idx, races) = Por::clock_and_races(&chain, 2, &sig(&[0], &[]));
        assert_eq!(idx, 1);
        assert_eq!(races, vec![0], "only the last write races");
        assert!(vc.covers(0, 1) && vc.covers(1, 1) && vc.covers(2, 1));
        // independent writer in between: both earlier writes of x and y race separately
        let a = tr(0, 0, sig(&[], &[0]), 1, &[(0, 1)]);
        let b = tr(1, 1, sig(&[], &[1]), 1, &[(1, 1)]);
        let chain = vec![&b, &a];
        let (_, _, races) = Por::clock_and_races(&chain, 2, &sig(&[0, 1], &[]));
        assert_eq!(races, vec![0, 1]);
    }

    #[test]
    fn initials_of_notdep() {
        // NotDep = [t1 (independent), t2 (after t1)], then v of t3 (independent of both)
        let c1 = {
            let mut c = VClock::new();
            c.set(1, 1);
            c
        };
        let c2 = {
            let mut c = VClock::new();
            c.set(1, 1);
            c.set(2, 1);
            c
        };
        let c3 = {
            let mut c = VClock::new();
            c.set(3, 1);
            c
        };
        let seq = vec![(1u8, 1u32, &c1), (2, 1, &c2), (3, 1, &c3)];
        assert_eq!(Por::initials(&seq), vec![1, 3], "t2 happens after t1");
    }
}

#[cfg(test)]
mod shared_tests {
    use super::shared_cells;
    use crate::ir::Program;

    fn load(src: &str) -> Program {
        let mut sm = crate::diag::SourceMap::new();
        let opts = crate::frontend::FrontendOptions {
            include_dirs: vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("include")],
            ..Default::default()
        };
        match crate::frontend::load_str("t.c", src, &opts, &mut sm) {
            Ok(l) => l.program,
            Err(d) => panic!("{}", d.render(&sm)),
        }
    }

    fn shared(p: &Program, name: &str) -> bool {
        let spec = crate::sched::SchedulerSpec::builtin("pthread").unwrap();
        shared_cells(p, &spec)[p.vars.iter().position(|v| v.name == name).unwrap()]
    }

    const SRC: &str = r#"
        #include <pthread.h>
        int g;
        void *w(void *arg) { g = g + 1; ARG return 0; }
        int main(void) {
          pthread_t t[4]; int ids[4];
          for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, &ids[i]);
          for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
          return g;
        }"#;

    #[test]
    fn cells_only_main_names_are_not_shared() {
        let p = load(&SRC.replace("ARG", ""));
        assert!(shared(&p, "g"));
        assert!(!shared(&p, "main::t[3]"));
        assert!(!shared(&p, "main::ids[0]"));
        // a worker that dereferences its argument names every cell the selection may read
        let p = load(&SRC.replace("ARG", "g = *(int *)arg;"));
        assert!(shared(&p, "main::ids[0]"));
        assert!(shared(&p, "main::t[3]"));
        // main started again as a thread: it has more than one instance
        let p = load(&SRC.replace("ARG", "").replace(
            "return g;",
            "pthread_create(&t[3], 0, (void *(*)(void *))main, 0); return g;",
        ));
        assert!(shared(&p, "main::t[3]"));
    }
}
