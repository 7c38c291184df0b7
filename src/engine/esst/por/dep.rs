//! Dependence of ESST transitions for partial-order reduction (`super`, `--por sleep|source-sets`):
//! the signature ([`Sig`]) of a CFG edge (shared reads and writes, the scheduler objects of a
//! bound primitive call, conservative flags when unsure), the scheduler effect of an ARF edge
//! found by comparing the scheduler states before and after it, the static
//! over-approximation of a thread's next transition (for sleep entries), and the dependence
//! relation itself ([`Sig::dep`]). The exploration bookkeeping (transitions, sleep sets,
//! source sets, races, summaries at covers) lives in `super` and only asks this module.

use super::Por;
use crate::engine::esst::Esst;
use crate::ir::{CallArg, Edge, Expr, LocId, Op, VarId};
use crate::sched::{self, SchedState, ThreadInstance};
use std::collections::BTreeSet;

/// Scheduler-object keys of the tables whose creation order gives handles their values.
const TABLE_MUTEX: i128 = i128::MIN;
const TABLE_SEM: i128 = i128::MIN + 1;
const TABLE_QUEUE: i128 = i128::MIN + 2;
/// The queue sets: every member send posts to one (see `sched::queue_set`).
const TABLE_QSET: i128 = i128::MIN + 3;

/// What a transition touches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(in crate::engine::esst) struct Sig {
    pub(in crate::engine::esst) reads: BTreeSet<VarId>,
    pub(in crate::engine::esst) writes: BTreeSet<VarId>,
    /// Scheduler objects (events, mutexes, semaphores, queues, conditions: their key, i.e.
    /// address or handle value; object tables: `TABLE_*`) it uses; every use counts as a
    /// write.
    pub(in crate::engine::esst) objs: BTreeSet<i128>,
    /// A scheduler operation whose object is unknown (or thread exit, join, spawn, atomic
    /// sections): dependent with every scheduler operation.
    pub(in crate::engine::esst) sany: bool,
    /// Changes global scheduler state (time, ticks, delta cycles, critical sections, the
    /// start of the scheduler; under priorities: readiness or priorities of threads):
    /// dependent with everything.
    pub(in crate::engine::esst) glob: bool,
    /// May disable every other thread (main's return ends the program; errors).
    pub(in crate::engine::esst) all: bool,
    /// Instances it creates or whose status it changes (wakes): happens-before to their
    /// later transitions, and removes them from sleep sets.
    pub(in crate::engine::esst) hb_to: BTreeSet<u8>,
}

impl Sig {
    pub(in crate::engine::esst) fn key(&self) -> (usize, usize, usize, bool, bool, bool, usize) {
        (
            self.reads.len(),
            self.writes.len(),
            self.objs.len(),
            self.sany,
            self.glob,
            self.all,
            self.hb_to.len(),
        )
    }
    /// Adds `o`; true when something changed.
    pub(in crate::engine::esst) fn union(&mut self, o: &Sig) -> bool {
        let before = self.key();
        self.reads.extend(o.reads.iter().copied());
        self.writes.extend(o.writes.iter().copied());
        self.objs.extend(o.objs.iter().copied());
        self.sany |= o.sany;
        self.glob |= o.glob;
        self.all |= o.all;
        self.hb_to.extend(o.hb_to.iter().copied());
        before != self.key()
    }
    pub(in crate::engine::esst) fn is_empty(&self) -> bool {
        self.reads.is_empty()
            && self.writes.is_empty()
            && self.objs.is_empty()
            && !self.sany
            && !self.glob
            && !self.all
            && self.hb_to.is_empty()
    }
    pub(in crate::engine::esst) fn sched(&self) -> bool {
        self.sany || !self.objs.is_empty()
    }
    /// Conservative dependence (unknown = dependent).
    pub(in crate::engine::esst) fn dep(&self, o: &Sig) -> bool {
        if self.all || o.all || self.glob || o.glob {
            return true;
        }
        if (self.sany && o.sched()) || (o.sany && self.sched()) {
            return true;
        }
        if self.objs.iter().any(|k| o.objs.contains(k)) {
            return true;
        }
        self.writes
            .iter()
            .any(|v| o.writes.contains(v) || o.reads.contains(v))
            || o.writes.iter().any(|v| self.reads.contains(v))
    }
}

/// The variables of `e` two instances may share ([`Por::shared`]).
fn globals_of(e: &Expr, por: &Por, out: &mut BTreeSet<VarId>) {
    e.for_each_var(&mut |v| {
        if por.shared[v.0 as usize] {
            out.insert(v);
        }
    });
}

impl<'a> Esst<'a> {
    pub(in crate::engine::esst) fn por_candidate(&self, cfg: &crate::ir::Cfg, e: &Edge) -> bool {
        e.to == cfg.exit
            || sched::policy::is_blocking_assume(cfg, e)
            || matches!(e.op, Op::AtomicBegin)
            || matches!(&e.op, Op::Call { func, .. } if self.spec.primitive(func).is_some())
            || sched::policy::touches_shared(&e.op, self.prog)
    }

    pub(in crate::engine::esst) fn por_atomic_delta(&self, op: &Op) -> i8 {
        let act = |func: &str| self.spec.primitive(func).map(|p| p.action);
        match op {
            Op::AtomicBegin => 1,
            Op::AtomicEnd => -1,
            Op::Call { func, .. } => match act(func) {
                Some(sched::Action::AtomicBegin) => 1,
                Some(sched::Action::AtomicEnd) => -1,
                _ => 0,
            },
            _ => 0,
        }
    }

    /// The scheduler part of the signature of a bound primitive call: per object (the
    /// constant arguments bound by `sched::bind`), conservative (`sany`/`glob`) otherwise.
    pub(in crate::engine::esst) fn por_prim_sig(
        &self,
        call: &sched::PrimitiveCall,
        prio: bool,
        qsets: bool,
        s: &mut Sig,
    ) {
        use sched::Action::*;
        let obj = |o: Option<i128>, s: &mut Sig| match o {
            Some(k) => {
                s.objs.insert(k);
            }
            None => s.sany = true,
        };
        if qsets && matches!(call.action, QueueSend | SemGive) {
            s.objs.insert(TABLE_QSET);
        }
        match call.action {
            WaitEvent | Notify | MutexLock | MutexUnlock | MutexTrylock | MutexDestroy
            | SemTake | SemGive | QueueSend | QueueReceive | QueueCount | QueueSpaces
            | QueueReset | ObjectDelete | CondInit | CondSignal | CondBroadcast | EventGroupSet
            | EventGroupClear | EventGroupGet | EventGroupWait | EventGroupSync | MutexattrInit
            | MutexattrSettype | MutexattrGettype => obj(call.object, s),
            CondWait => {
                obj(call.object, s);
                obj(call.mutex, s);
            }
            MutexCreate | SemCreateBinary | SemCreateCounting | QueueCreate => {
                // the handle is the creation index; an object given by address is created
                // (or reset) here: dependent with its uses
                s.objs.insert(match call.action {
                    MutexCreate => TABLE_MUTEX,
                    QueueCreate => TABLE_QUEUE,
                    _ => TABLE_SEM,
                });
                if let Some(k) = call.object {
                    s.objs.insert(k);
                }
                // the attribute object's type is read
                if let Some(a) = call.attr.filter(|&a| a != 0) {
                    s.objs.insert(a);
                }
            }
            // queue sets: a set, its members' sends, their handles' order
            QueueSetCreate | QueueSetAdd | QueueSetRemove | QueueSetSelect => {
                s.objs.insert(TABLE_QSET);
                s.sany = true;
            }
            AbortDelay => s.glob = true,
            // stream buffers: the buffer, and the bytes copied from / into program memory
            StreamSend | StreamReceive => s.all = true,
            StreamBytes | StreamSpaces | StreamIsEmpty | StreamIsFull | StreamNextLength
            | StreamReset | StreamSetTrigger => obj(call.object, s),
            StreamCreate | BasepriRaise | TimerGetExpiry => s.glob = true,
            InsideInterrupt => {}
            // instance numbering, joiners, atomic sections: every scheduler operation
            Spawn | Join | Exit | AtomicBegin | AtomicEnd => s.sany = true,
            // only the caller's own status (time changes are global events themselves)
            Yield | CurrentThread | GetTime | PriorityGet | WaitTime | DelayTicks | DelayUntil
            | Noop => {}
            Start | CriticalEnter | CriticalExit | InterruptsDisable | InterruptsRestore
            | IsrYield | TaskNotify | TaskNotifyTake | TaskNotifyWait | TaskNotifyStateClear
            | TaskNotifyValueClear | EventGroupCreate | TimerCreate | TimerStamp | TimerCommand
            | TimerGetId | TimerSetId | TimerIsActive | TimerGetPeriod | TimerSetReload
            | TimerGetReload | TimerGetName | TimerPend | EventGroupDeferSet
            | EventGroupDeferClear | TaskState | EventGroupDelete | SchedSuspend | SchedResume
            | Tick | InterruptTrigger | Delete | Suspend | Resume | PrioritySet
            // task names and the task count read every task's status
            | TaskGetName | TaskGetHandle | TaskCount => s.glob = true,
            // SystemC: a channel's update request / pending flag / last update, an event's
            // notification
            RequestUpdate | SignalUpdate | UpdatePending | EventOccurred | EventCancel => {
                obj(call.object, s)
            }
            WaitAny | WaitAll | NextTrigger | NextTriggerAll => {
                for k in &call.events {
                    s.objs.insert(*k);
                }
            }
            TimedOut => {}
            MakeMethod | MakeUpdater | Sensitive | DontInitialize | WaitStatic | Stop
            | MakeCthread
            | ResetSignal | ClockInit | ManyWriters => s.glob = true,
        }
        if prio {
            // may block, wake or preempt: readiness decides who else may run
            s.glob = true;
        }
    }

    /// The signature of one CFG edge of instance `inst`; primitive arguments are bound in
    /// `st` when given (scheduler-valued variables), else from constants only.
    pub(in crate::engine::esst) fn por_edge_sig(
        &self,
        por: &Por,
        e: &Edge,
        exit: LocId,
        inst: u8,
        st: Option<&SchedState>,
    ) -> Sig {
        let prog = self.prog;
        let mut s = Sig::default();
        let global = |v: &VarId| por.shared[v.0 as usize];
        match &e.op {
            Op::Assign(v, x) => {
                if global(v) {
                    s.writes.insert(*v);
                }
                globals_of(x, por, &mut s.reads);
            }
            Op::Nondet(v) => {
                if global(v) {
                    s.writes.insert(*v);
                }
            }
            Op::Assume(x) => globals_of(x, por, &mut s.reads),
            Op::Call {
                func,
                args,
                ret,
                may_write,
            } => {
                for a in args {
                    if let CallArg::Value(x) = a {
                        globals_of(x, por, &mut s.reads);
                    }
                }
                for v in ret.iter().chain(may_write.iter()) {
                    if global(v) {
                        s.writes.insert(*v);
                    }
                }
                if self.spec.primitive(func).is_some() {
                    let bound = match st {
                        Some(st) => self.binder.bind(&e.op, st, ThreadInstance(inst)),
                        None => sched::bind(self.spec, &e.op, prog),
                    };
                    match bound {
                        Ok(Some(call)) => self.por_prim_sig(&call, por.prio, por.qsets, &mut s),
                        _ => {
                            s.sany = true;
                            s.glob |= por.prio;
                        }
                    }
                }
            }
            Op::Error(_) | Op::Unsupported(_) => s.all = true,
            Op::Skip | Op::AtomicBegin | Op::AtomicEnd => {}
        }
        if matches!(e.op, Op::AtomicBegin | Op::AtomicEnd) && !por.simple {
            s.sany = true;
        }
        if e.to == exit {
            s.sany = true;
            s.glob |= por.prio;
            if inst == 0 {
                s.all = true;
            }
        }
        s
    }

    /// The scheduler effect of an ARF edge from state `a` to `b` taken by instance `me`
    /// (None for connectors): woken or created instances (`hb_to`), changed objects,
    /// global changes (`glob`; under priorities also readiness and priorities).
    pub(in crate::engine::esst) fn por_effect(
        por: &Por,
        a: &SchedState,
        b: &SchedState,
        me: Option<u8>,
        s: &mut Sig,
    ) {
        use sched::ThreadStatus::{Runnable, Running};
        if a.now != b.now
            || a.started != b.started
            || a.critical != b.critical
            || a.sched_suspended != b.sched_suspended
        {
            s.glob = true;
        }
        if b.ended && !a.ended {
            s.all = true;
        }
        if a.atomic != b.atomic && !por.simple {
            s.sany = true;
        }
        for i in a.threads.len()..b.threads.len() {
            s.hb_to.insert(i as u8);
            s.glob |= por.prio;
        }
        let ready = |x: sched::ThreadStatus| matches!(x, Runnable | Running);
        for (i, (x, y)) in a.threads.iter().zip(b.threads.iter()).enumerate() {
            if por.prio
                && !x.is_isr
                && (x.eff_prio != y.eff_prio
                    || x.base_prio != y.base_prio
                    || ready(x.status) != ready(y.status))
            {
                s.glob = true;
            }
            if Some(i as u8) == me || x.is_isr {
                continue;
            }
            let same = x.status == y.status || (ready(x.status) && ready(y.status));
            if !same
                || x.deadline != y.deadline
                || x.timed_out != y.timed_out
                || x.cond_woken != y.cond_woken
            {
                s.hb_to.insert(i as u8);
            }
        }
        for e in &b.events {
            if a.events.iter().find(|x| x.key == e.key) != Some(e) {
                s.objs.insert(e.key);
            }
        }
        for m in &b.mutexes {
            if a.mutexes.iter().find(|x| x.key == m.key) != Some(m) {
                s.objs.insert(m.key);
            }
        }
        for m in &b.semaphores {
            if a.semaphores.iter().find(|x| x.key == m.key) != Some(m) {
                s.objs.insert(m.key);
            }
        }
        for m in &b.queues {
            if a.queues.iter().find(|x| x.key == m.key) != Some(m) {
                s.objs.insert(m.key);
            }
        }
        for m in &b.conds {
            if a.conds.iter().find(|x| x.key == m.key) != Some(m) {
                s.objs.insert(m.key);
            }
        }
        if a.mutex_attrs != b.mutex_attrs {
            for (k, _) in a.mutex_attrs.iter().chain(b.mutex_attrs.iter()) {
                if a.mutex_attr_kind(*k) != b.mutex_attr_kind(*k) {
                    s.objs.insert(*k);
                }
            }
        }
        if a.mutexes.len() != b.mutexes.len() {
            s.objs.insert(TABLE_MUTEX);
        }
        if a.semaphores.len() != b.semaphores.len() {
            s.objs.insert(TABLE_SEM);
        }
        if a.queues.len() != b.queues.len() {
            s.objs.insert(TABLE_QUEUE);
        }
        if a.qset != b.qset {
            s.objs.insert(TABLE_QSET);
        }
    }

    /// True when a primitive edge certainly ends the running thread's turn (it waits,
    /// sleeps, yields or exits): the static closure of a transition may stop after it.
    pub(in crate::engine::esst) fn por_ends_turn(&self, e: &Edge) -> bool {
        use sched::Action::*;
        match &e.op {
            Op::Call { func, .. } => self.spec.primitive(func).is_some_and(|p| {
                matches!(
                    p.action,
                    WaitEvent | WaitTime | Yield | DelayTicks | DelayUntil | Exit | Start
                )
            }),
            _ => false,
        }
    }

    /// Static over-approximation of the next transition of instance `q` in state `st`.
    pub(in crate::engine::esst) fn por_next_sig(
        &self,
        por: &mut Por,
        st: &SchedState,
        locs: &[LocId],
        q: u8,
    ) -> Sig {
        let t = ThreadInstance(q);
        if q as usize >= st.threads.len() {
            return Sig {
                all: true,
                ..Sig::default()
            };
        }
        let info = st.thread(t);
        let entry = info.entry;
        let cfg = self.prog.thread(entry);
        let l = if info.is_isr && info.status == sched::ThreadStatus::Idle {
            // an idle handler starts over at its entry when it fires
            cfg.entry
        } else {
            match locs.get(q as usize) {
                Some(&l) => l,
                None => {
                    return Sig {
                        all: true,
                        ..Sig::default()
                    }
                }
            }
        };
        let d0: u8 = st.atomic.is_some_and(|(o, _)| o == t) as u8;
        if let Some(s) = por.closure.get(&(entry, l, d0)) {
            return s.clone();
        }
        let mut sig = Sig::default();
        if l == cfg.exit {
            sig.sany = true;
            sig.glob |= por.prio;
            sig.all |= q == 0;
        }
        let mut seen: BTreeSet<(LocId, u8)> = BTreeSet::new();
        let mut stack = vec![(l, d0, true)];
        while let Some((m, d, first)) = stack.pop() {
            if !seen.insert((m, d)) && !first {
                continue;
            }
            // pthreads: the transition ends before the next preemption point; other
            // policies: only a wait, sleep, yield or exit certainly ends it (going further is
            // an over-approximation)
            if por.simple
                && !first
                && d == 0
                && cfg.out_edges(m).any(|(_, e)| self.por_candidate(cfg, e))
            {
                continue;
            }
            for (_, e) in cfg.out_edges(m) {
                sig.union(&self.por_edge_sig(por, e, cfg.exit, q, None));
                if !por.simple && self.por_ends_turn(e) {
                    continue;
                }
                let nd = (d as i8 + self.por_atomic_delta(&e.op)).clamp(0, 3) as u8;
                stack.push((e.to, nd, false));
            }
        }
        por.closure.insert((entry, l, d0), sig.clone());
        sig
    }
}
