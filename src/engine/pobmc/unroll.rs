//! Per-thread symbolic execution into a symbolic event structure: guarded shared-memory
//! accesses with clocks, thread instances, and the claims (errors, cuts, unsupported edges).
//!
//! Each thread instance is unrolled like [`crate::engine::bmc::symex`] (the same branch
//! exclusivity, merging and loop counters). Locals are plain SSA values. Shared memory is
//! reached only in *groups*: a location (outside an atomic section) one of whose out-edges is
//! a preemption point of the pthread scheduler (touches a global, calls a primitive, starts an
//! atomic section, or reaches the thread's exit) opens a group with a fresh integer clock. At a
//! group start every global the out-edges read gets a fresh value (a read event), and every
//! global an edge writes becomes a write event with the group's clock. An atomic section
//! (`AtomicBegin` … `AtomicEnd`) is a single group: it reads the globals its body may read or
//! write at its start, computes on local copies, and writes back every global its body may
//! write at its end (a global the taken path did not write is written back with the value read,
//! which no other thread can observe as different, since nothing lies between the read and the
//! write). So each group executes atomically at its clock, exactly like one preemption-free
//! step of ESST. Clocks of one instance increase strictly in the order groups are created
//! (program order on every path). Blocking (mutexes, joins, `assume`) only strengthens guards;
//! there are no hard constraints that an execution stopping early could violate.
//!
//! Mutexes are memory locations of their own ([`MemLoc::Mutex`], 0 = free, else owner + 1).
//! A mutex reached through a computed pointer (`&locks[i]`, `&p->m`) is one of the candidate
//! mutexes at the cell addresses of the program's objects: one guarded access per candidate,
//! selected by the pointer's value; a pointer that may be none of them (NULL, an address inside
//! a cell) is an unsupported claim.

use super::super::bmc::symex::{LoopTable, SymState, Symex};
use super::barrier::{is_store_store_fence, section_barrier, Barrier, Section};
use super::MemoryModel;
use crate::engine::common::Budget;
use crate::ir::{CallArg, Cfg, EdgeId, Expr, LocId, Op, Program, Scope, ThreadId, Type, VarId};
use crate::sched::policy::touches_shared;
use crate::smt::{int_sort, Semantics, Term};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A shared memory location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum MemLoc {
    Var(VarId),
    /// A pthread mutex, by its address.
    Mutex(i128),
}

/// The type of a mutex location's values.
pub(crate) const MUTEX_TY: Type = Type::Int {
    bits: 32,
    signed: false,
};

/// One guarded shared-memory event.
#[derive(Clone, Debug)]
pub(crate) struct Access {
    pub loc: MemLoc,
    pub write: bool,
    pub guard: Term,
    pub value: Term,
    pub clock: Term,
    /// Thread instance.
    pub inst: usize,
    /// Position of its group in the instance's clock chain (same position = same group).
    pub pos: usize,
    /// Weak memory: a write that enters the store buffer at its group's clock and becomes
    /// visible at `clock` (a later one).
    pub buffered: bool,
}

/// One instance of a CFG edge taken in a thread instance's unrolling.
#[derive(Clone, Debug)]
pub(crate) struct TEdge {
    pub edge: EdgeId,
    pub guard: Term,
    pub nondet: Vec<(Term, Type)>,
    pub assigned: Vec<(VarId, Term)>,
    pub target: Option<usize>,
    /// The clock of the group this edge starts (None: it continues the current segment).
    pub group: Option<Term>,
}

/// A recorded edge with a meaning.
#[derive(Clone, Debug)]
pub(crate) struct PClaim {
    pub inst: usize,
    pub tedge: usize,
    pub guard: Term,
    /// The clock of the segment the edge belongs to.
    pub clock: Term,
    pub loop_idx: usize,
    pub reason: String,
}

/// A thread instance.
pub(crate) struct Instance {
    pub entry: ThreadId,
    pub create_guard: Term,
    pub create_clock: Term,
    pub start_clock: Term,
    pub param: Option<Term>,
    pub creator: usize,
    /// Defined after the unrolling: the instance reached its exit.
    pub exit: Term,
    /// Clock of the group reaching the exit (when `exit`).
    pub end: Term,
    /// Index in the scheduler's thread table (main 0; others by creation order).
    pub sched_index: Term,
    pub visits: Vec<Vec<usize>>,
    pub edges: Vec<TEdge>,
    pub exits: Vec<(Term, Term)>,
    /// The instance's exit value (its entry's `ir::Cfg::ret` cell where it finishes: what it
    /// returned or gave `pthread_exit`), defined on every path reaching its exit; None when the
    /// entry has no scalar result.
    pub exit_value: Option<(Term, Type)>,
    pub loops: LoopTable,
}

/// A `pthread_join` waiting to be resolved once all instances are known.
pub(crate) struct JoinReq {
    pub inst: usize,
    pub handle: Term,
    pub handle_ty: Type,
    pub guard: Term,
    pub ok: Term,
    pub clock: Term,
    pub tedge: usize,
    /// The value the out-parameter's cell receives (of that cell's type): the joined
    /// instance's exit value, defined once the joined instance is resolved.
    pub value: Option<(Term, Type)>,
}

/// The event structure of the whole program for one unwinding bound.
#[derive(Default)]
pub(crate) struct Structure {
    pub defs: Vec<Term>,
    pub accesses: Vec<Access>,
    pub instances: Vec<Instance>,
    pub errors: Vec<PClaim>,
    pub cuts: Vec<PClaim>,
    pub unsupported: Vec<PClaim>,
    pub joins: Vec<JoinReq>,
    /// Handle terms requested: (instance, type) → term (defined at the end).
    pub handles: HashMap<(usize, Type), Term>,
    pub approximated: bool,
    pub aborted: Option<String>,
    pub visits: u64,
}

struct Pend {
    st: SymState,
    ctr: Vec<u32>,
    inc: Option<usize>,
    clock: Term,
    atomic: Option<EdgeId>,
}

/// Where an edge is being unrolled: its instance, its index among the instance's edges, and
/// the clock of its segment.
#[derive(Clone, Copy)]
struct EdgeAt {
    ki: usize,
    tid: usize,
    clock: Term,
}

impl EdgeAt {
    /// A claim on this edge under `guard`.
    fn claim(&self, guard: Term, reason: String) -> PClaim {
        PClaim {
            inst: self.ki,
            tedge: self.tid,
            guard,
            clock: self.clock,
            loop_idx: 0,
            reason,
        }
    }
}

/// The effect of one edge on the unrolled state (see `Builder::edge_effect`).
struct Effect {
    guard: Term,
    vals: Vec<Term>,
    nondet: Vec<(Term, Type)>,
    assigned: Vec<(VarId, Term)>,
    /// Shared writes: location, value, guard.
    writes: Vec<(MemLoc, Term, Term)>,
    /// The path ends on this edge (error, unsupported, thread exit).
    ends: bool,
    /// The atomic section open after the edge.
    atomic_after: Option<EdgeId>,
}

pub(crate) fn is_atomic_begin(op: &Op) -> bool {
    matches!(op, Op::AtomicBegin)
        || matches!(op, Op::Call { func, .. } if func == "__VERIFIER_atomic_begin")
}

pub(crate) fn is_atomic_end(op: &Op) -> bool {
    matches!(op, Op::AtomicEnd)
        || matches!(op, Op::Call { func, .. } if func == "__VERIFIER_atomic_end")
}

/// Primitive names of the pthread description this engine implements.
const HANDLED: &[&str] = &[
    "pthread_create",
    "pthread_join",
    "pthread_mutex_lock",
    "pthread_mutex_unlock",
    "pthread_mutex_init",
    "pthread_mutex_destroy",
    "pthread_detach",
    "pthread_attr_init",
    "pthread_attr_destroy",
    "pthread_mutexattr_init",
    "pthread_mutexattr_destroy",
    "__VERIFIER_atomic_begin",
    "__VERIFIER_atomic_end",
];

/// What a fence of the instance being unrolled orders (weak memory; see [`super::barrier`]).
enum Fence {
    /// Every earlier buffered store before the fence's group.
    Full,
    /// The earlier buffered stores to these addresses before the fence's group.
    Addresses(BTreeSet<VarId>),
    /// A store-store fence under PSO, by the number of accesses recorded before it (accesses
    /// are recorded in program order along every path): every earlier buffered store is
    /// visible before every later store.
    StoreStore(usize),
}

pub(crate) struct Builder<'p> {
    prog: &'p Program,
    mm: MemoryModel,
    /// Weak memory, per instance being unrolled: the visibility clock of the last buffered
    /// write (TSO) or of the last buffered write of each location (PSO).
    last_visible: HashMap<Option<VarId>, Term>,
    /// Weak memory, per instance being unrolled: buffered writes (index in `s.accesses`) and
    /// fences (guard, clock, group position, what they order).
    buffered: Vec<usize>,
    fences: Vec<(Term, Term, usize, Fence)>,
    spec: &'p crate::sched::SchedulerSpec,
    sem: Semantics,
    enc: crate::smt::Encoder,
    pub s: Structure,
    sections: HashMap<(ThreadId, EdgeId), Section>,
    /// Per variable: a global only `main` names (SSA values of the main instance, no events;
    /// see [`super::main_only`]); none under TSO/PSO.
    main_only: Vec<bool>,
    /// The bound on thread instances (`--max-threads`).
    pub max_instances: usize,
    /// Cap on the symbolic steps of one unrolling.
    pub max_visits: usize,
}

fn globals_of(e: &Expr, prog: &Program, out: &mut BTreeSet<VarId>) {
    e.for_each_var(&mut |v| {
        if prog.var(v).scope == Scope::Global {
            out.insert(v);
        }
    });
}

/// Globals an op reads (expressions, and for calls the cells it may write, whose current
/// values appear in traces) and writes.
pub(crate) fn op_globals(op: &Op, prog: &Program) -> (BTreeSet<VarId>, BTreeSet<VarId>) {
    let mut r = BTreeSet::new();
    let mut w = BTreeSet::new();
    let g = |v: &VarId| prog.var(*v).scope == Scope::Global;
    match op {
        Op::Assign(v, e) => {
            globals_of(e, prog, &mut r);
            if g(v) {
                w.insert(*v);
            }
        }
        Op::Nondet(v) if g(v) => {
            w.insert(*v);
        }
        Op::Assume(e) => globals_of(e, prog, &mut r),
        Op::Call {
            args,
            ret,
            may_write,
            ..
        } => {
            for a in args {
                if let CallArg::Value(e) = a {
                    globals_of(e, prog, &mut r);
                }
            }
            for v in ret.iter().chain(may_write.iter()) {
                if g(v) {
                    w.insert(*v);
                    r.insert(*v);
                }
            }
        }
        _ => {}
    }
    (r, w)
}

impl<'p> Builder<'p> {
    pub fn new(
        prog: &'p Program,
        spec: &'p crate::sched::SchedulerSpec,
        sem: Semantics,
        mm: MemoryModel,
    ) -> Builder<'p> {
        Builder {
            prog,
            mm,
            last_visible: HashMap::new(),
            buffered: Vec::new(),
            fences: Vec::new(),
            spec,
            sem,
            enc: crate::smt::Encoder::new(sem),
            s: Structure::default(),
            sections: HashMap::new(),
            // weak memory: the replay buffers every store to a global, so each needs its
            // write event (and flush step)
            main_only: if mm == MemoryModel::Sc {
                super::main_only::main_only_globals(prog)
            } else {
                vec![false; prog.vars.len()]
            },
            max_visits: super::super::bmc::symex::MAX_VISITS,
            max_instances: crate::sched::state::DEFAULT_MAX_THREADS,
        }
    }

    fn is_primitive(&self, op: &Op) -> bool {
        matches!(op, Op::Call { func, .. } if self.spec.primitive(func).is_some())
    }

    fn group_edge(&self, cfg: &Cfg, op: &Op, to: LocId) -> bool {
        is_atomic_begin(op) || self.is_primitive(op) || self.touches_shared(op) || to == cfg.exit
    }

    /// The op touches a global some thread other than `main` may name (`touches_shared`
    /// without the main-only globals).
    fn touches_shared(&self, op: &Op) -> bool {
        if !touches_shared(op, self.prog) {
            return false;
        }
        let (r, w) = op_globals(op, self.prog);
        r.iter()
            .chain(w.iter())
            .any(|v| !self.main_only[v.0 as usize])
    }

    fn section(&mut self, t: ThreadId, cfg: &Cfg, begin: EdgeId) -> Section {
        if let Some(s) = self.sections.get(&(t, begin)) {
            return s.clone();
        }
        let sec = super::barrier::section(self.prog, cfg, begin);
        self.sections.insert((t, begin), sec.clone());
        sec
    }

    fn fresh_clock(&self, name: &str) -> Term {
        Term::var(name, int_sort())
    }

    /// Adds instance `entry` and returns its index.
    #[allow(clippy::too_many_arguments)]
    fn add_instance(
        &mut self,
        entry: ThreadId,
        create_guard: Term,
        create_clock: Term,
        param: Option<Term>,
        creator: usize,
    ) -> usize {
        let k = self.s.instances.len();
        let start = if k == 0 {
            Term::int(0)
        } else {
            let c = self.fresh_clock("start");
            self.s.defs.push(create_clock.lt(c));
            c
        };
        let cfg = self.prog.thread(entry);
        self.s.instances.push(Instance {
            entry,
            create_guard,
            create_clock,
            start_clock: start,
            param,
            creator,
            exit: Term::var("exit", crate::smt::bool_sort()),
            end: self.fresh_clock("end"),
            sched_index: if k == 0 {
                Term::int(0)
            } else {
                Term::var("sched_index", int_sort())
            },
            visits: Vec::new(),
            edges: Vec::new(),
            exits: Vec::new(),
            exit_value: cfg
                .ret
                .map(|r| self.prog.var(r).ty)
                .map(|ty| (Term::var("exit_value", self.enc.sort(ty)), ty)),
            loops: LoopTable::new(cfg),
        });
        k
    }

    /// Instance `ki` reaches its exit under `g` at `clock` with the values `vals`: its exit
    /// value is its result cell's value there.
    fn finish(&mut self, ki: usize, g: Term, clock: Term, vals: &[Term]) {
        let inst = &mut self.s.instances[ki];
        inst.exits.push((g, clock));
        let ret = self.prog.thread(inst.entry).ret;
        if let (Some(r), Some((x, _))) = (ret, inst.exit_value) {
            self.s.defs.push(g.implies(x.eq(vals[r.0 as usize])));
        }
    }

    /// The handle value of instance `k` as a term of type `ty`.
    fn handle(&mut self, k: usize, ty: Type) -> Term {
        if let Some(t) = self.s.handles.get(&(k, ty)) {
            return *t;
        }
        let t = Term::var("handle", self.enc.sort(ty));
        self.s.handles.insert((k, ty), t);
        t
    }

    /// Unrolls every instance with the per-loop bound `k` (None: until the loops exit).
    pub fn build(&mut self, k: Option<u32>, budget: &Budget) {
        let main = ThreadId(0);
        self.add_instance(main, Term::tt(), Term::int(-1), None, 0);
        let mut i = 0;
        while i < self.s.instances.len() {
            if self.s.instances.len() > self.max_instances {
                // An instance is a pthread_create the unrolling reaches on one of its paths,
                // not a thread of one execution: paths the unrolling keeps apart (an input
                // parsed digit by digit by sscanf, then a creating loop bounded by
                // `--unwind`) each create their own instances, so this bound can be passed
                // while no execution creates that many threads.
                self.s.aborted = Some(format!(
                    "more than {} thread instances in the partial-order unrolling (one per \
                     pthread_create on each path it keeps apart, not threads of one execution; \
                     --max-threads, or bound the thread-creating loops)",
                    self.max_instances
                ));
                return;
            }
            self.unroll_instance(i, k, budget);
            if self.s.aborted.is_some() {
                return;
            }
            i += 1;
        }
    }

    fn unroll_instance(&mut self, ki: usize, k: Option<u32>, budget: &Budget) {
        let prog = self.prog;
        let entry = self.s.instances[ki].entry;
        let cfg = prog.thread(entry);
        let mut sx = Symex::new(prog, cfg, self.sem);
        let nloops = sx.loops.loops.len();
        let bounds: Vec<u32> = vec![k.unwrap_or(u32::MAX); nloops];
        let mut init = sx.initial_vals();
        if let (Some(p), Some(v)) = (cfg.param, self.s.instances[ki].param) {
            init[p.0 as usize] = v;
        }
        self.last_visible.clear();
        self.buffered.clear();
        self.fences.clear();
        let g0 = self.s.instances[ki].create_guard;
        let start = self.s.instances[ki].start_clock;
        let mut last_clock = start;
        let mut pos = 0usize;
        let mut pending: BTreeMap<LocId, Vec<Pend>> = BTreeMap::new();
        pending.entry(cfg.entry).or_default().push(Pend {
            st: SymState::new(g0, init),
            ctr: vec![0; nloops],
            inc: None,
            clock: start,
            atomic: None,
        });
        while let Some((l, pends)) = pending.pop_first() {
            let mut groups: Vec<(Vec<u32>, Vec<Pend>)> = Vec::new();
            for p in pends {
                let key: Vec<u32> = (0..nloops)
                    .map(|i| {
                        if sx.loops.live(i, l) {
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
                self.s.visits += 1;
                if self.s.visits as usize >= self.max_visits {
                    self.s.aborted = Some(format!(
                        "the unrolling exceeds {} symbolic steps{}",
                        self.max_visits,
                        if k.is_none() {
                            " (give a bound with --unwind K)"
                        } else {
                            ""
                        }
                    ));
                    return;
                }
                if self.s.visits % 256 == 255 {
                    if let Some(r) = budget.exhausted() {
                        self.s.aborted = Some(r.to_string());
                        return;
                    }
                }
                let inst = &mut self.s.instances[ki];
                let vid = inst.visits.len();
                inst.visits.push(Vec::new());
                let mut ctr = group[0].ctr.clone();
                let atomic = group[0].atomic;
                if group.iter().any(|p| p.atomic != atomic) {
                    self.s.aborted = Some(
                        "an atomic section is entered on some paths only (unstructured atomic \
                         section)"
                            .into(),
                    );
                    return;
                }
                for p in &group {
                    if let Some(i) = p.inc {
                        inst.edges[i].target = Some(vid);
                    }
                    for (c, pc) in ctr.iter_mut().zip(&p.ctr) {
                        *c = (*c).min(*pc);
                    }
                }
                // merged segment clock
                let mut clock = group.last().unwrap().clock;
                for p in group.iter().rev().skip(1) {
                    if p.clock != clock {
                        clock = Term::ite(p.st.guard, p.clock, clock);
                    }
                }
                let st = sx.merge(group.into_iter().map(|p| p.st).collect());
                if st.guard.is_false() || l == cfg.error || l == cfg.exit {
                    continue;
                }
                self.expand(
                    &mut sx,
                    ki,
                    vid,
                    l,
                    st,
                    &ctr,
                    &bounds,
                    clock,
                    atomic,
                    &mut last_clock,
                    &mut pos,
                    &mut pending,
                );
                if self.s.aborted.is_some() {
                    return;
                }
            }
        }
        self.s.approximated |= sx.enc.approximated();
        self.s.defs.append(&mut sx.defs);
        self.flush_at_fences(ki);
        // exit and end clock
        let inst = &self.s.instances[ki];
        let gs: Vec<Term> = inst.exits.iter().map(|(g, _)| *g).collect();
        let mut d = vec![inst.exit.iff(Term::or(&gs))];
        for (g, c) in &inst.exits {
            d.push(g.implies(inst.end.eq(*c)));
        }
        self.s.defs.extend(d);
    }

    /// Expands location `l` of instance `ki` (its visit `vid`): opens a group when one of the
    /// out-edges is a preemption point, then records each feasible out-edge (its effect and
    /// its shared writes) and queues its target.
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        sx: &mut Symex<'p>,
        ki: usize,
        vid: usize,
        l: LocId,
        mut st: SymState,
        ctr: &[u32],
        bounds: &[u32],
        mut clock: Term,
        atomic: Option<EdgeId>,
        last_clock: &mut Term,
        pos: &mut usize,
        pending: &mut BTreeMap<LocId, Vec<Pend>>,
    ) {
        let prog = self.prog;
        let cfg = prog.thread(self.s.instances[ki].entry);
        let starts = atomic.is_none()
            && cfg
                .out_edges(l)
                .any(|(_, e)| self.group_edge(cfg, &e.op, e.to));
        let group_clock = if starts {
            clock = self.open_group(sx, ki, l, &mut st, last_clock, pos);
            Some(clock)
        } else {
            None
        };
        let conds = sx.branch_conds(l, &st.vals);
        for (k, (eid, e)) in cfg.out_edges(l).enumerate() {
            let (g, depth) = sx.conj(&st, conds[k]);
            if g.is_false() {
                continue;
            }
            let at = EdgeAt {
                ki,
                tid: self.s.instances[ki].edges.len(),
                clock,
            };
            let eff = self.edge_effect(sx, at, eid, &st, g, atomic, *pos);
            let g = eff.guard;
            self.record_writes(ki, &e.op, atomic, clock, *pos, eff.writes);
            let inst = &mut self.s.instances[ki];
            inst.edges.push(TEdge {
                edge: eid,
                guard: g,
                nondet: eff.nondet,
                assigned: eff.assigned,
                target: None,
                group: group_clock,
            });
            inst.visits[vid].push(at.tid);
            if eff.ends {
                continue;
            }
            let t = e.to;
            if t == cfg.exit {
                self.finish(ki, g, clock, &eff.vals);
                self.fences.push((g, clock, *pos, Fence::Full));
            }
            let Some(nctr) = self.counters_after(at, g, l, t, ctr, bounds) else {
                continue;
            };
            pending.entry(t).or_default().push(Pend {
                st: SymState {
                    guard: g,
                    vals: eff.vals,
                    depth,
                },
                ctr: nctr,
                inc: Some(at.tid),
                clock,
                atomic: eff.atomic_after,
            });
        }
    }

    /// Opens a group at `l`: a fresh clock after the instance's last one, and a read event
    /// with a fresh value for every global the out-edges read (for an atomic section, its
    /// whole body's). Returns the group's clock.
    fn open_group(
        &mut self,
        sx: &mut Symex<'p>,
        ki: usize,
        l: LocId,
        st: &mut SymState,
        last_clock: &mut Term,
        pos: &mut usize,
    ) -> Term {
        let prog = self.prog;
        let entry = self.s.instances[ki].entry;
        let cfg = prog.thread(entry);
        let c = self.fresh_clock("clk");
        self.s.defs.push((*last_clock).lt(c));
        *last_clock = c;
        *pos += 1;
        let mut reads = BTreeSet::new();
        for (eid, e) in cfg.out_edges(l) {
            if is_atomic_begin(&e.op) {
                reads.extend(self.section(entry, cfg, eid).reads);
            } else {
                reads.extend(op_globals(&e.op, prog).0);
            }
        }
        for x in reads.into_iter().filter(|x| !self.main_only[x.0 as usize]) {
            let var = prog.var(x);
            let t = sx.fresh_value(&format!("{}!rd", var.name), var.ty);
            st.vals[x.0 as usize] = t;
            self.s.accesses.push(Access {
                loc: MemLoc::Var(x),
                write: false,
                guard: st.guard,
                value: t,
                clock: c,
                inst: ki,
                pos: *pos,
                buffered: false,
            });
        }
        c
    }

    /// The effect of edge `eid` taken under `g` from state `st`, inside the atomic section
    /// begun at `atomic` (if any): new values, shared writes, and whether the path ends. An
    /// error, unsupported or cut edge is recorded as a claim here.
    #[allow(clippy::too_many_arguments)]
    fn edge_effect(
        &mut self,
        sx: &mut Symex<'p>,
        at: EdgeAt,
        eid: EdgeId,
        st: &SymState,
        g: Term,
        atomic: Option<EdgeId>,
        pos: usize,
    ) -> Effect {
        let prog = self.prog;
        let entry = self.s.instances[at.ki].entry;
        let cfg = prog.thread(entry);
        let op = &cfg.edge(eid).op;
        let clock = at.clock;
        let mut eff = Effect {
            guard: g,
            vals: st.vals.clone(),
            nondet: Vec::new(),
            assigned: Vec::new(),
            writes: Vec::new(),
            ends: false,
            atomic_after: atomic,
        };
        // an atomic section's begin or end: its call's result (if any) is 0
        let zero_result = |sx: &mut Symex<'p>, eff: &mut Effect| {
            if let Op::Call { ret: Some(v), .. } = op {
                let t = sx.enc.constant(0, prog.var(*v).ty);
                eff.vals[v.0 as usize] = t;
                eff.nondet.push((t, prog.var(*v).ty));
                eff.assigned.push((*v, t));
            }
        };
        match op {
            Op::Error(_) => {
                self.s.errors.push(at.claim(g, String::new()));
                eff.ends = true;
            }
            Op::Unsupported(r) => {
                self.s.unsupported.push(at.claim(g, r.clone()));
                eff.ends = true;
            }
            op if is_atomic_begin(op) => {
                // weak memory: the section's barrier (see `barrier`)
                let sec = self.section(entry, cfg, eid);
                match section_barrier(self.mm, &sec) {
                    Barrier::None => {}
                    Barrier::Full => self.fences.push((g, clock, pos, Fence::Full)),
                    Barrier::Addresses(a) => self.fences.push((g, clock, pos, Fence::Addresses(a))),
                }
                if atomic.is_some() {
                    self.s
                        .unsupported
                        .push(at.claim(g, "nested atomic sections".into()));
                    eff.ends = true;
                } else {
                    eff.atomic_after = Some(eid);
                    zero_result(sx, &mut eff);
                }
            }
            op if is_atomic_end(op) => match atomic {
                Some(b) => {
                    let sec = self.section(entry, cfg, b);
                    for x in sec.writes {
                        eff.writes.push((MemLoc::Var(x), st.vals[x.0 as usize], g));
                    }
                    eff.atomic_after = None;
                    zero_result(sx, &mut eff);
                }
                None => {
                    self.s
                        .unsupported
                        .push(at.claim(g, "end of an atomic section that was not entered".into()));
                    eff.ends = true;
                }
            },
            op if is_store_store_fence(op) => {
                if self.mm == MemoryModel::Pso {
                    let n = self.s.accesses.len();
                    self.fences.push((g, clock, pos, Fence::StoreStore(n)));
                }
            }
            Op::Call { func, ret, .. } if func == "pthread_exit" && atomic.is_none() => {
                self.fences.push((g, clock, pos, Fence::Full));
                // the thread finishes here (as at its exit)
                if let Some(v) = ret {
                    let t = sx.enc.constant(0, prog.var(*v).ty);
                    eff.nondet.push((t, prog.var(*v).ty));
                    eff.assigned.push((*v, t));
                }
                self.finish(at.ki, g, clock, &st.vals);
                eff.ends = true;
            }
            Op::Call { func, .. } if self.spec.primitive(func).is_some() => {
                if atomic.is_some() || !HANDLED.contains(&func.as_str()) {
                    let why = if atomic.is_some() {
                        format!("{func} inside an atomic section (partial-order BMC)")
                    } else {
                        format!("{func} (not supported by partial-order BMC)")
                    };
                    self.s.unsupported.push(at.claim(g, why));
                    eff.ends = true;
                } else {
                    self.fences.push((g, clock, pos, Fence::Full));
                    match self.primitive(sx, at.ki, op, st, g, clock, at.tid, pos) {
                        Ok(p) => {
                            eff.guard = p.guard;
                            eff.vals = p.vals;
                            eff.nondet = p.nondet;
                            eff.assigned = p.assigned;
                            eff.writes = p.writes;
                            for (ug, why) in p.unsupported {
                                self.s.unsupported.push(at.claim(ug, why));
                            }
                        }
                        Err(why) => {
                            self.s.unsupported.push(at.claim(g, why));
                            eff.ends = true;
                        }
                    }
                }
            }
            op => {
                let (v2, n2, a2) = sx.apply(op, &st.vals).unwrap_or_default();
                eff.vals = v2;
                eff.nondet = n2;
                eff.assigned = a2;
                if atomic.is_none() {
                    eff.writes = self.plain_writes(sx, op, st, g, &eff.assigned);
                }
            }
        }
        eff
    }

    /// The shared writes of a plain edge outside atomic sections: one per global it assigns.
    fn plain_writes(
        &self,
        sx: &mut Symex<'p>,
        op: &Op,
        st: &SymState,
        g: Term,
        assigned: &[(VarId, Term)],
    ) -> Vec<(MemLoc, Term, Term)> {
        let mut writes = Vec::new();
        for (v, t) in assigned {
            if self.prog.var(*v).scope != Scope::Global {
                continue;
            }
            // the lowering's conditional write `v := c ? x : v` stores only when `c` holds
            // (`split_shared::keep_condition`): its write-back of `v` would otherwise be a
            // store of its own, buffered under TSO/PSO over another thread's later store
            let wg = match op {
                Op::Assign(x, e) if x == v => {
                    match crate::ir::split_shared::keep_condition(e, *v) {
                        Some(k) => {
                            let kt = sx.encode(&k, &st.vals);
                            Term::and(&[g, kt.not()])
                        }
                        None => g,
                    }
                }
                _ => g,
            };
            writes.push((MemLoc::Var(*v), *t, wg));
        }
        writes
    }

    /// Records an edge's shared writes as write events. Weak memory: a plain write (outside
    /// atomic sections and primitives) enters the store buffer at the group's clock and
    /// becomes visible at a later clock.
    fn record_writes(
        &mut self,
        ki: usize,
        op: &Op,
        atomic: Option<EdgeId>,
        clock: Term,
        pos: usize,
        writes: Vec<(MemLoc, Term, Term)>,
    ) {
        for (loc, value, wg) in writes {
            if matches!(loc, MemLoc::Var(v) if self.main_only[v.0 as usize]) {
                continue;
            }
            let buffered = self.mm != MemoryModel::Sc
                && atomic.is_none()
                && !self.is_primitive(op)
                && !is_atomic_end(op)
                && matches!(loc, MemLoc::Var(_));
            let wclock = if buffered {
                let m = self.fresh_clock("visible");
                self.s.defs.push(clock.lt(m));
                let key = match (self.mm, loc) {
                    (MemoryModel::Pso, MemLoc::Var(v)) => Some(v),
                    _ => None,
                };
                if let Some(prev) = self.last_visible.insert(key, m) {
                    self.s.defs.push(prev.lt(m));
                }
                self.buffered.push(self.s.accesses.len());
                m
            } else {
                clock
            };
            self.s.accesses.push(Access {
                loc,
                write: true,
                guard: wg,
                value,
                clock: wclock,
                inst: ki,
                pos,
                buffered,
            });
        }
    }

    /// The loop counters after the edge from `l` to `t`: a back edge counts one more
    /// iteration (None, with a cut claim, when that reaches the loop's bound); entering a
    /// loop from outside resets its counter.
    fn counters_after(
        &mut self,
        at: EdgeAt,
        g: Term,
        l: LocId,
        t: LocId,
        ctr: &[u32],
        bounds: &[u32],
    ) -> Option<Vec<u32>> {
        let loops = &self.s.instances[at.ki].loops;
        let mut nctr = ctr.to_vec();
        if t <= l {
            let li = loops.by_head[&t];
            let c = nctr[li].saturating_add(1);
            if c >= bounds[li].max(1) {
                let mut cl = at.claim(g, String::new());
                cl.loop_idx = li;
                self.s.cuts.push(cl);
                return None;
            }
            nctr[li] = c;
        } else if let Some(&li) = loops.by_head.get(&t) {
            nctr[li] = 0;
        }
        Some(nctr)
    }
}

impl Builder<'_> {
    /// Weak memory: every buffered write of the instance just unrolled is visible before each
    /// later fence (atomic sections, which include the lowered fences `__sync_synchronize`,
    /// `mfence`, `dmb`/`dsb` and `atomic_thread_fence(memory_order_seq_cst)`; scheduler
    /// primitives such as mutexes, create and join; the thread's exit). Guarded by both events'
    /// guards, so a fence on a path not taken orders nothing. Writes before an unconditional
    /// fence need not be repeated for later fences (clocks of groups increase).
    ///
    /// A store-store fence (PSO) gets a clock of its own that lies after the visibility of
    /// every earlier buffered write and before that of every later write (buffered or not):
    /// linear in the writes instead of one constraint per pair.
    fn flush_at_fences(&mut self, ki: usize) {
        if self.mm == MemoryModel::Sc {
            return;
        }
        let mut fences = std::mem::take(&mut self.fences);
        fences.sort_by_key(|f| f.2);
        let mut floor = 0usize;
        for (fg, fc, fpos, kind) in &fences {
            if let Fence::StoreStore(at) = kind {
                self.store_store(ki, *fg, *at, floor);
                continue;
            }
            for &i in &self.buffered {
                let w = &self.s.accesses[i];
                let ordered = match (kind, w.loc) {
                    (Fence::Addresses(a), MemLoc::Var(v)) => a.contains(&v),
                    (Fence::Addresses(_), MemLoc::Mutex(_)) => false,
                    _ => true,
                };
                if ordered && w.pos < *fpos && w.pos >= floor {
                    self.s.defs.push(fg.and2(w.guard).implies(w.clock.lt(*fc)));
                }
            }
            if fg.is_true() && matches!(kind, Fence::Full) {
                floor = *fpos;
            }
        }
    }

    /// The constraints of a store-store fence with guard `fg` recorded after `at` accesses
    /// (see [`Self::flush_at_fences`]); writes before `floor` are visible before an earlier
    /// unconditional full fence, hence before every later write already.
    fn store_store(&mut self, ki: usize, fg: Term, at: usize, floor: usize) {
        let before: Vec<usize> = self
            .buffered
            .iter()
            .copied()
            .filter(|&i| i < at && self.s.accesses[i].pos >= floor)
            .collect();
        if before.is_empty() {
            return;
        }
        let sf = self.fresh_clock("storestore");
        for i in before {
            let w = &self.s.accesses[i];
            self.s.defs.push(fg.and2(w.guard).implies(w.clock.lt(sf)));
        }
        for w in &self.s.accesses[at..] {
            if w.write && w.inst == ki {
                self.s.defs.push(fg.and2(w.guard).implies(sf.lt(w.clock)));
            }
        }
    }
}

/// The effect of one primitive call.
struct Prim {
    guard: Term,
    vals: Vec<Term>,
    nondet: Vec<(Term, Type)>,
    assigned: Vec<(VarId, Term)>,
    writes: Vec<(MemLoc, Term, Term)>,
    /// Unsupported claims of a primitive that is modelled only partly (guard, reason).
    unsupported: Vec<(Term, String)>,
}

/// At most this many candidate targets for a mutex reached through a computed pointer.
const MAX_MUTEX_TARGETS: usize = 256;

impl<'p> Builder<'p> {
    fn const_addr(&self, sx: &Symex<'p>, e: &Expr, vals: &[Term]) -> Option<i128> {
        let t = sx.encode(e, vals);
        t.bv_const(false).or_else(|| t.int_const())
    }

    /// The lock and unlock at `pos` of instance `ki` read each candidate mutex `(address,
    /// selector)` of `targets` (one read access under `g ∧ selector`, at the group's clock);
    /// returns the values read, in the order of `targets`.
    fn read_mutexes(
        &mut self,
        sx: &mut Symex<'p>,
        targets: &[(i128, Term)],
        g: Term,
        clock: Term,
        ki: usize,
        pos: usize,
    ) -> Vec<Term> {
        targets
            .iter()
            .map(|&(a, sel)| {
                let r = sx.fresh_value("mutex!rd", MUTEX_TY);
                self.s.accesses.push(Access {
                    loc: MemLoc::Mutex(a),
                    write: false,
                    guard: g.and2(sel),
                    value: r,
                    clock,
                    inst: ki,
                    pos,
                    buffered: false,
                });
                r
            })
            .collect()
    }

    #[allow(clippy::too_many_arguments)]
    fn primitive(
        &mut self,
        sx: &mut Symex<'p>,
        ki: usize,
        op: &Op,
        st: &SymState,
        g: Term,
        clock: Term,
        tid: usize,
        pos: usize,
    ) -> Result<Prim, String> {
        let prog = self.prog;
        let Op::Call {
            func,
            args,
            ret,
            may_write,
        } = op
        else {
            return Err("not a call".into());
        };
        let mut p = Prim {
            guard: g,
            vals: st.vals.clone(),
            nondet: Vec::new(),
            assigned: Vec::new(),
            writes: Vec::new(),
            unsupported: Vec::new(),
        };
        let arg = |i: usize| match args.get(i) {
            Some(CallArg::Value(e)) => Some(e.clone()),
            _ => None,
        };
        let mut ret_val: Option<Term> = ret.map(|v| sx.enc.constant(0, prog.var(v).ty));
        let me = (ki + 1) as i128;
        let mutexes_of =
            |sx: &Symex<'p>, p: &mut Prim| mutex_targets(prog, sx, func, arg(0), &st.vals, g, p);
        match func.as_str() {
            "pthread_create" => {
                let Some(CallArg::Thread(entry)) = args.get(2) else {
                    return Err("pthread_create without a known start routine".into());
                };
                self.create(sx, ki, *entry, arg(0), arg(3), st, g, clock, &mut p)?;
            }
            "pthread_join" => {
                let he = arg(0).ok_or("pthread_join: missing handle argument")?;
                let ty = he.ty(&prog.vars);
                let h = sx.encode(&he, &st.vals);
                let ok = Term::var("joined", crate::smt::bool_sort());
                p.guard = g.and2(ok);
                let value = self.join_value(sx, arg(1), st, p.guard, &mut p);
                self.s.joins.push(JoinReq {
                    inst: ki,
                    handle: h,
                    handle_ty: ty,
                    guard: g,
                    ok,
                    clock,
                    tedge: tid,
                    value,
                });
            }
            "pthread_mutex_lock" => {
                // the lock of the selected mutex is free; it becomes ours
                let targets = mutexes_of(sx, &mut p)?;
                let read = self.read_mutexes(sx, &targets, g, clock, ki, pos);
                let free: Vec<Term> = targets
                    .iter()
                    .zip(&read)
                    .map(|(&(_, sel), &r)| sel.and2(r.eq(sx.enc.constant(0, MUTEX_TY))))
                    .collect();
                p.guard = g.and2(Term::or(&free));
                for &(a, sel) in &targets {
                    p.writes.push((
                        MemLoc::Mutex(a),
                        sx.enc.constant(me, MUTEX_TY),
                        p.guard.and2(sel),
                    ));
                }
            }
            "pthread_mutex_unlock" => {
                let mut mine_any = Vec::new();
                let targets = mutexes_of(sx, &mut p)?;
                let read = self.read_mutexes(sx, &targets, g, clock, ki, pos);
                for (&(a, sel), &r) in targets.iter().zip(&read) {
                    let mine = r.eq(sx.enc.constant(me, MUTEX_TY));
                    p.writes.push((
                        MemLoc::Mutex(a),
                        Term::ite(mine, sx.enc.constant(0, MUTEX_TY), r),
                        g.and2(sel),
                    ));
                    mine_any.push(sel.and2(mine));
                }
                if let Some(v) = ret {
                    let ty = prog.var(*v).ty;
                    ret_val = Some(Term::ite(
                        Term::or(&mine_any),
                        sx.enc.constant(0, ty),
                        sx.enc.constant(1, ty),
                    ));
                }
            }
            "pthread_mutex_init" => {
                for (a, sel) in mutexes_of(sx, &mut p)? {
                    p.writes
                        .push((MemLoc::Mutex(a), sx.enc.constant(0, MUTEX_TY), g.and2(sel)));
                }
            }
            _ => {}
        }
        if let (Some(v), Some(t)) = (ret, ret_val) {
            p.vals[v.0 as usize] = t;
            p.nondet.push((t, prog.var(*v).ty));
            p.assigned.push((*v, t));
        }
        for v in may_write {
            let t = p.vals[v.0 as usize];
            p.nondet.push((t, prog.var(*v).ty));
            p.assigned.push((*v, t));
        }
        Ok(p)
    }
    /// The exit value `pthread_join(t, out)` stores through a non-null `out` (a constant address
    /// of a scalar cell): a fresh term the join's resolution defines as the joined instance's
    /// exit value (`order`), assigned to the cell under `g`; an out-parameter of another
    /// address is an unsupported claim.
    fn join_value(
        &mut self,
        sx: &mut Symex<'p>,
        out: Option<Expr>,
        st: &SymState,
        g: Term,
        p: &mut Prim,
    ) -> Option<(Term, Type)> {
        let prog = self.prog;
        let out = out?;
        let t = sx.encode(&out, &st.vals);
        let Some(addr) = t.bv_const(false).or_else(|| t.int_const()) else {
            p.unsupported.push((
                g,
                "pthread_join: the exit value's out-parameter is not a constant address".into(),
            ));
            return None;
        };
        if addr == 0 {
            return None;
        }
        let cell = crate::sched::bind::cell_at(prog, addr).and_then(|c| {
            let bytes = u32::from(prog.var(c).ty.bits()) / 8;
            crate::sched::queue_item_cell(prog, addr, bytes).ok()
        });
        let Some(cell) = cell else {
            p.unsupported.push((
                g,
                "pthread_join: the exit value's out-parameter is not the address of a scalar cell"
                    .into(),
            ));
            return None;
        };
        let ty = prog.var(cell).ty;
        let x = Term::var("joined_value", sx.enc.sort(ty));
        // (the trace shows it among the call's `may_write` cells)
        p.vals[cell.0 as usize] = x;
        if prog.var(cell).scope == Scope::Global {
            p.writes.push((MemLoc::Var(cell), x, g));
        }
        Some((x, ty))
    }

    /// `pthread_create(h, _, entry, param)`: a new instance of `entry` created under `g` at
    /// `clock`, its handle stored in `*h` (a constant address).
    #[allow(clippy::too_many_arguments)]
    fn create(
        &mut self,
        sx: &mut Symex<'p>,
        ki: usize,
        entry: ThreadId,
        handle: Option<Expr>,
        param: Option<Expr>,
        st: &SymState,
        g: Term,
        clock: Term,
        p: &mut Prim,
    ) -> Result<(), String> {
        let prog = self.prog;
        let he = handle.ok_or("pthread_create: missing handle argument")?;
        let addr = self
            .const_addr(sx, &he, &st.vals)
            .ok_or("pthread_create with a non-constant handle address")?;
        let cell = crate::sched::bind::cell_at(prog, addr)
            .ok_or("pthread_create: the handle address is not a variable")?;
        let value = param.as_ref().map(|e| sx.encode(e, &st.vals));
        let param = match (prog.thread(entry).param, param, value) {
            (Some(pv), Some(e), Some(t)) => {
                // converted to the parameter's type by the encoder's cast
                let pty = prog.var(pv).ty;
                Some(if e.ty(&prog.vars) == pty {
                    t
                } else {
                    sx.encode(&Expr::cast(pty, e), &st.vals)
                })
            }
            _ => None,
        };
        let k = self.add_instance(entry, g, clock, param, ki);
        let ty = prog.var(cell).ty;
        let h = self.handle(k, ty);
        p.vals[cell.0 as usize] = h;
        if prog.var(cell).scope == Scope::Global {
            p.writes.push((MemLoc::Var(cell), h, g));
        }
        Ok(())
    }
}

/// The mutexes a primitive's mutex argument `e` may address, each with its selector: one
/// with selector `true` for a constant pointer; for a computed pointer every cell address of
/// the program's objects (a pthread mutex starts at a cell), and an unsupported claim (in
/// `p`) for a pointer that is none of them.
fn mutex_targets<'p>(
    prog: &Program,
    sx: &Symex<'p>,
    func: &str,
    e: Option<Expr>,
    vals: &[Term],
    g: Term,
    p: &mut Prim,
) -> Result<Vec<(i128, Term)>, String> {
    let e = e.ok_or_else(|| format!("{func}: missing mutex argument"))?;
    let t = sx.encode(&e, vals);
    if let Some(a) = t.bv_const(false).or_else(|| t.int_const()) {
        return Ok(vec![(a, Term::tt())]);
    }
    let ty = e.ty(&prog.vars);
    let mut out: Vec<(i128, Term)> = Vec::new();
    for o in &prog.objects {
        for (off, _) in &o.cells {
            let a = i128::from(o.base + off);
            let sel = t.eq(sx.enc.constant(a, ty));
            if !sel.is_false() && !out.iter().any(|(b, _)| *b == a) {
                out.push((a, sel));
            }
        }
    }
    if out.len() > MAX_MUTEX_TARGETS {
        return Err(format!(
            "{func} through a pointer with more than {MAX_MUTEX_TARGETS} possible targets"
        ));
    }
    let any = Term::or(&out.iter().map(|(_, s)| *s).collect::<Vec<_>>());
    p.unsupported.push((
        g.and2(any.not()),
        format!("{func} through a pointer that is not the address of a variable's cell"),
    ));
    Ok(out)
}
