//! `Sched` and preemption for the three policies, the initial scheduler state, thread exit, and
//! the helpers the ESST engine needs (preemption points).
//!
//! - **cooperative** (SystemC): when no thread runs, any runnable thread may be chosen (the
//!   evaluation phase); when none is runnable, pending delta notifications and zero-time waits
//!   fire (a new delta cycle); when still none is runnable, time advances to the earliest timed
//!   notification or timed wait; when nothing is pending the simulation ends and `main` resumes
//!   after `sc_start()`. Same order as the sequentialised SV-COMP tasks: `eval`,
//!   `fire_delta_events` + `activate_threads`, then (no runnable thread) `fire_time_events` +
//!   `activate_threads`, `stop_simulation`.
//! - **fixed-priority-preemptive** (FreeRTOS): only a ready thread of the highest effective
//!   priority runs (all of them are candidates: equal priorities interleave nondeterministically
//!   at yields and, with time slicing, at ticks); a primitive that readies a higher-priority
//!   thread preempts the caller at once; when every task is blocked or delayed the tick jumps to
//!   the earliest wake-up; at preemption points a tick may arrive (waking delayed tasks).
//! - **fully-preemptive** (pthreads): any enabled thread may run at every preemption point.
//!
//! Interrupt handlers fire at preemption points (and when no task is ready) while interrupts are
//! not masked (no critical section, no handler already executing, scheduler started); a handler
//! runs to completion, then the interrupted thread continues.

use std::fmt;
use std::sync::Arc;

use crate::ir::{Expr, Op, Program, ThreadId};

use super::spec::{Action, Policy, PreemptAt, SchedulerSpec, SwitchAtExit, TimeModel};
use super::state::{
    running, BlockOn, GhostInfo, Names, Pending, SchedState, ThreadInfo, ThreadInstance,
    ThreadStatus,
};
use super::SchedError;

/// What a scheduler step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SchedEventKind {
    /// The running thread continues (no preemption).
    Continue,
    /// A thread is dispatched.
    Switch { to: ThreadInstance },
    /// A delta cycle (then possibly a dispatch).
    DeltaCycle,
    /// Time advanced (SystemC).
    TimeAdvance,
    /// The tick counter advanced (FreeRTOS).
    Tick,
    /// An interrupt handler instance starts: the engine restarts it at its entry.
    Interrupt { isr: ThreadInstance },
    /// The simulation ended (`main` resumes after `sc_start()`).
    SimulationEnd,
}

/// A labelled scheduler step (an ARF connector).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchedEvent {
    pub kind: SchedEventKind,
    /// Human-readable, for traces: "switch producer -> consumer (highest ready priority 2)".
    pub text: String,
    /// A dispatched SystemC method process, or the FreeRTOS timer service task starting a
    /// callback: it starts again at its entry.
    pub method: Option<ThreadInstance>,
    /// The value of the restarted instance's parameter (a timer callback's timer handle, a
    /// pended function's first argument).
    pub param: Option<i128>,
    /// The value of its second parameter (a pended function's `uint32_t` argument).
    pub param2: Option<i128>,
}

impl SchedEvent {
    fn new(kind: SchedEventKind, text: String) -> SchedEvent {
        SchedEvent {
            kind,
            text,
            method: None,
            param: None,
            param2: None,
        }
    }
    /// The interrupt handler or method process instance to restart at its entry, if any.
    pub fn restart(&self) -> Option<ThreadInstance> {
        match self.kind {
            SchedEventKind::Interrupt { isr } => Some(isr),
            _ => self.method,
        }
    }
}

impl fmt::Display for SchedEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The initial scheduler state: `main` running, interrupt handlers idle.
pub fn initial(spec: &SchedulerSpec, prog: &Program) -> Result<SchedState, SchedError> {
    let mut st = SchedState::empty(prog.pointer_bits);
    st.started = !spec.has_action(Action::Start);
    st.add_thread(ThreadInfo::new(
        ThreadId(0),
        ThreadStatus::Running,
        spec.priorities.main,
    ))?;
    for (i, cfg) in prog.threads.iter().enumerate().skip(1) {
        if spec.is_interrupt_handler(&cfg.name) {
            let mut t = ThreadInfo::new(
                ThreadId(i as u32),
                ThreadStatus::Idle,
                spec.priorities.levels - 1,
            );
            t.is_isr = true;
            st.add_thread(t)?;
        }
    }
    st.time_observable = spec.time.model != TimeModel::None
        && prog.threads.iter().any(|c| {
            c.edges.iter().any(|e| match &e.op {
                Op::Call { func, .. } => spec.primitive(func).is_some_and(|p| {
                    matches!(
                        p.action,
                        Action::GetTime | Action::DelayUntil | Action::TimerGetExpiry
                    )
                }),
                _ => false,
            })
        });
    st.sc.track_changes = super::systemc::asks_event_occurred(spec, prog);
    let names = Names {
        threads: prog.threads.iter().map(|c| c.name.clone()).collect(),
        objects: prog
            .objects
            .iter()
            .flat_map(|o| {
                // the object, then its cells (e.g. a SystemC signal's events: `sig.changed`;
                // the first cell comes after the object's own name, which `object_name` finds)
                std::iter::once((o.base, o.name.clone())).chain(
                    o.cells
                        .iter()
                        .map(|(off, v)| (o.base + off, prog.var(*v).name.clone())),
                )
            })
            .collect(),
    };
    st.ghost.0 = GhostInfo {
        names: Arc::new(names),
        ..GhostInfo::default()
    };
    Ok(st)
}

// --- shared helpers (also used by sexec) -----------------------------------------------------

/// Effective priorities: base priorities raised by inheritance from mutex waiters (transitively).
pub(crate) fn recompute_priorities(spec: &SchedulerSpec, st: &mut SchedState) {
    for t in st.threads.iter_mut() {
        t.eff_prio = t.base_prio;
    }
    if !spec.priorities.inheritance {
        return;
    }
    for _ in 0..st.threads.len() {
        let mut changed = false;
        for i in 0..st.threads.len() {
            if let ThreadStatus::Blocked {
                on: BlockOn::Mutex(m),
            } = st.threads[i].status
            {
                if let Some(o) = st.mutexes[m as usize].owner {
                    let p = st.threads[i].eff_prio;
                    if st.threads[o.index()].eff_prio < p {
                        st.threads[o.index()].eff_prio = p;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
}

fn highest_ready(st: &SchedState) -> Option<u8> {
    st.threads
        .iter()
        .filter(|t| !t.is_isr && t.status == ThreadStatus::Runnable)
        .map(|t| t.eff_prio)
        .max()
}

/// Fixed-priority policy: preempts the running thread when a ready thread has a higher
/// effective priority (not inside critical sections / with the scheduler suspended).
pub(crate) fn reschedule(spec: &SchedulerSpec, st: &mut SchedState) -> Option<String> {
    if spec.policy != Policy::FixedPriorityPreemptive
        || spec.preemption.at == PreemptAt::YieldOnly
        || st.critical > 0
        || st.sched_suspended > 0
    {
        return None;
    }
    let r = running(st)?;
    if st.thread(r).is_isr {
        return None;
    }
    let best = highest_ready(st)?;
    if best > st.thread(r).eff_prio {
        st.thread_mut(r).status = ThreadStatus::Runnable;
        st.ghost.0.last = Some(r);
        Some(format!(
            "{} preempted (a ready thread has priority {best})",
            st.thread_name(r)
        ))
    } else {
        None
    }
}

/// Wakes delayed threads whose time has come and blocked threads whose timeout expired.
fn wake_due(st: &mut SchedState) -> Vec<ThreadInstance> {
    let now = st.now;
    let mut woken = Vec::new();
    for (i, t) in st.threads.iter_mut().enumerate() {
        match t.status {
            ThreadStatus::Sleeping { until } if until <= now => {
                t.status = ThreadStatus::Runnable;
                woken.push(ThreadInstance(i as u8));
            }
            ThreadStatus::Blocked { .. } if t.deadline.is_some_and(|d| d <= now) => {
                t.status = ThreadStatus::Runnable;
                t.deadline = None;
                t.timed_out = true;
                woken.push(ThreadInstance(i as u8));
            }
            _ => {}
        }
    }
    woken.extend(super::systemc::wake_timeouts(st));
    woken
}

/// Advances the tick counter by `n` and wakes what is due.
pub(crate) fn tick(
    spec: &SchedulerSpec,
    st: &mut SchedState,
    n: u64,
) -> Result<Vec<ThreadInstance>, SchedError> {
    let t = st.time_after(n, spec.time.max)?;
    st.advance_time(t, spec.time.max)?;
    st.untimed_dispatch = false;
    Ok(wake_due(st))
}

/// The earliest pending wake-up time (delays, timeouts, timed notifications) after now.
fn next_wakeup(st: &SchedState) -> Option<u64> {
    let threads = st.threads.iter().filter_map(|t| match t.status {
        ThreadStatus::Sleeping { until } => Some(until),
        ThreadStatus::Blocked { .. } | ThreadStatus::WaitingList { .. } => t.deadline,
        _ => None,
    });
    let events = st.events.iter().filter_map(|e| match e.pending {
        Pending::Timed(at) => Some(at),
        _ => None,
    });
    threads
        .chain(events)
        .chain(super::systemc_clock::wakeups(st))
        .min()
}

fn names(st: &SchedState, ts: &[ThreadInstance]) -> String {
    ts.iter()
        .map(|t| st.thread_name(*t))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Interrupt handlers that may fire now.
fn fireable_isrs(st: &SchedState) -> Vec<ThreadInstance> {
    if !st.started || st.ended || st.critical > 0 {
        return Vec::new();
    }
    if st
        .threads
        .iter()
        .any(|t| t.is_isr && t.status == ThreadStatus::Running)
    {
        return Vec::new();
    }
    st.instances()
        .filter(|(_, t)| t.is_isr && t.status == ThreadStatus::Idle)
        .map(|(i, _)| i)
        .collect()
}

fn fire_isr(st: &SchedState, isr: ThreadInstance) -> (SchedState, SchedEvent) {
    let mut s = st.clone();
    let r = running(&s);
    if let Some(r) = r {
        s.thread_mut(r).status = ThreadStatus::Runnable;
        s.ghost.0.last = Some(r);
    }
    s.interrupted = r;
    s.thread_mut(isr).status = ThreadStatus::Running;
    let text = match r {
        Some(r) => format!(
            "interrupt {} fires (interrupts {})",
            s.thread_name(isr),
            s.thread_name(r)
        ),
        None => format!("interrupt {} fires", s.thread_name(isr)),
    };
    (s, SchedEvent::new(SchedEventKind::Interrupt { isr }, text))
}

/// Threads the policy may dispatch now (no thread running).
fn candidates(spec: &SchedulerSpec, st: &SchedState) -> Vec<ThreadInstance> {
    let ready: Vec<ThreadInstance> = st
        .instances()
        .filter(|(_, t)| !t.is_isr && t.status == ThreadStatus::Runnable)
        .map(|(i, _)| i)
        .collect();
    match spec.policy {
        Policy::FixedPriorityPreemptive => {
            let Some(best) = highest_ready(st) else {
                return Vec::new();
            };
            ready
                .into_iter()
                .filter(|t| st.thread(*t).eff_prio == best)
                .collect()
        }
        _ => ready,
    }
}

/// Dispatches every candidate; `prefix` describes what happened before (time, delta cycle).
fn dispatch(
    spec: &SchedulerSpec,
    st: &SchedState,
    prefix: Option<(SchedEventKind, String)>,
) -> Result<Vec<(SchedState, SchedEvent)>, SchedError> {
    let cands = candidates(spec, st);
    if cands.is_empty() {
        return Ok(prefix
            .map(|(k, t)| vec![(st.clone(), SchedEvent::new(k, t))])
            .unwrap_or_default());
    }
    let mut out = Vec::new();
    for c in cands {
        if super::timer::is_idle_daemon(st, c) {
            out.extend(run_daemon(spec, st, c, prefix.clone())?);
            continue;
        }
        out.push({
            let mut s = st.clone();
            s.thread_mut(c).status = ThreadStatus::Running;
            s.untimed_dispatch =
                ticks_preempt(spec) && !matches!(&prefix, Some((SchedEventKind::Tick, _)));
            let who = s.thread_name(c);
            let mut text = match s.ghost.0.last {
                Some(l) if l != c => format!("switch {} -> {who}", s.thread_name(l)),
                _ => format!("run {who}"),
            };
            if spec.policy == Policy::FixedPriorityPreemptive {
                text.push_str(&format!(
                    " (highest ready priority {})",
                    s.thread(c).eff_prio
                ));
            }
            let (kind, text) = match &prefix {
                Some((k, p)) => (*k, format!("{p}; {text}")),
                None => (SchedEventKind::Switch { to: c }, text),
            };
            let restart = super::systemc::restart_on_dispatch(&mut s, c);
            let text = format!("{text}{}", restart.unwrap_or(""));
            let mut ev = SchedEvent::new(kind, text);
            if restart.is_some() {
                ev.method = Some(c);
            }
            (s, ev)
        });
    }
    Ok(out)
}

/// The FreeRTOS timer service task `d` is dispatched outside a callback: its bookkeeping runs
/// at once (`timer::dispatch`); it then runs a callback (restarted at the callback with the
/// timer handle), or blocks and the policy dispatches another task.
fn run_daemon(
    spec: &SchedulerSpec,
    st: &SchedState,
    d: ThreadInstance,
    prefix: Option<(SchedEventKind, String)>,
) -> Result<Vec<(SchedState, SchedEvent)>, SchedError> {
    let mut s = st.clone();
    let (cb, work) = super::timer::dispatch(&mut s, d)?;
    let head = match &prefix {
        Some((_, p)) => format!("{p}; "),
        None => String::new(),
    };
    match cb {
        Some((_, p1, p2)) => {
            let text = match s.ghost.0.last {
                Some(l) if l != d => format!("switch {} -> Tmr Svc", s.thread_name(l)),
                _ => "run Tmr Svc".to_string(),
            };
            let kind = match &prefix {
                Some((k, _)) => *k,
                None => SchedEventKind::Switch { to: d },
            };
            let mut ev = SchedEvent::new(
                kind,
                format!(
                    "{head}{text} (highest ready priority {}): {work}",
                    s.thread(d).eff_prio
                ),
            );
            ev.method = Some(d);
            ev.param = Some(p1);
            ev.param2 = p2;
            s.untimed_dispatch = ticks_preempt(spec) && kind != SchedEventKind::Tick;
            Ok(vec![(s, ev)])
        }
        None => {
            let kind = match &prefix {
                Some((k, _)) => *k,
                None => SchedEventKind::Switch { to: d },
            };
            dispatch(spec, &s, Some((kind, format!("{head}Tmr Svc {work}"))))
        }
    }
}

fn woke(st: &SchedState, woken: &[ThreadInstance]) -> String {
    if woken.is_empty() {
        String::new()
    } else {
        format!(": {} unblocked", names(st, woken))
    }
}

/// The end of `sc_start(SC_ZERO_TIME)`'s delta cycle (its evaluation and update phases are
/// over; `upd` describes the update phase): the delta notification phase runs (the processes
/// it wakes are runnable, they run in a later `sc_start`), then sc_main resumes. Time does not
/// advance (IEEE 1666 4.3.4.2; the Accellera kernel's `simulate` with a zero duration calls
/// `crunch(true)` once).
fn one_delta_cycle_over(
    state: &SchedState,
    delta_pending: bool,
    upd: &str,
) -> (SchedState, SchedEvent) {
    let mut st = state.clone();
    st.sc.once = false;
    let mut text = String::from("sc_start(SC_ZERO_TIME)'s delta cycle");
    if !upd.is_empty() {
        text.push_str(&format!(" ({upd})"));
    }
    if delta_pending {
        st.ghost.0.delta += 1;
        let fired = fire_events(&mut st, |p| p == Pending::Delta);
        let mut woken = wake_due(&mut st);
        woken.extend(wake_waiters(&mut st, &fired));
        woken.sort();
        text.push_str(&format!(
            " ends with delta notifications{}{}",
            notified(&st, &fired),
            woke(&st, &woken)
        ));
    }
    let main = st.instances().find(|(_, t)| {
        t.status
            == ThreadStatus::Blocked {
                on: BlockOn::SimulationEnd,
            }
    });
    if let Some(m) = main.map(|(m, _)| m) {
        st.thread_mut(m).status = ThreadStatus::Running;
        text.push_str(&format!("; {} resumes", st.thread_name(m)));
    }
    (st, SchedEvent::new(SchedEventKind::SimulationEnd, text))
}

/// `Sched`: every next scheduler state when no thread is running (rule E4). With a running
/// thread the only successor is the unchanged state.
pub fn sched(
    spec: &SchedulerSpec,
    state: &SchedState,
) -> Result<Vec<(SchedState, SchedEvent)>, SchedError> {
    if state.ended {
        return Ok(Vec::new());
    }
    if let Some(r) = running(state) {
        let text = format!("{} continues", state.thread_name(r));
        return Ok(vec![(
            state.clone(),
            SchedEvent::new(SchedEventKind::Continue, text),
        )]);
    }
    let mut out = dispatch(spec, state, None)?;
    if !out.is_empty() {
        return Ok(out);
    }
    match spec.time.model {
        TimeModel::DeltaTimed => {
            // the update phase ends the evaluation phase (IEEE 1666 4.2.1.3): user primitive
            // channels' update() first (processes run to completion), then the built-in ones
            if super::systemc::user_update_pending(state) {
                let mut updating = state.clone();
                super::systemc::user_updates(&mut updating);
                return dispatch(spec, &updating, None);
            }
            let mut updated = state.clone();
            let (upd, reset_woken) = super::systemc::update_phase_woken(&mut updated)?;
            let upd_text = |t: String| match upd.is_empty() {
                true => t,
                false => format!("{upd}; {t}"),
            };
            let state = &updated;
            let delta_pending = state.events.iter().any(|e| e.pending == Pending::Delta)
                || state.threads.iter().any(
                    |t| matches!(t.status, ThreadStatus::Sleeping { until } if until <= state.now),
                )
                || super::systemc::timeout_due(state)
                || !reset_woken.is_empty();
            if state.sc.stop {
                if let Some(m) = state.instances().find(|(_, t)| {
                    t.status
                        == ThreadStatus::Blocked {
                            on: BlockOn::SimulationEnd,
                        }
                }) {
                    let m = m.0;
                    let mut st = state.clone();
                    st.sc.stop = false;
                    st.sc.once = false;
                    for (i, th) in st.threads.iter_mut().enumerate() {
                        if i != m.index() && !th.is_isr {
                            th.status = ThreadStatus::Finished;
                            th.deadline = None;
                        }
                    }
                    for e in st.events.iter_mut() {
                        e.pending = Pending::None;
                    }
                    st.sc.waits.clear();
                    st.thread_mut(m).status = ThreadStatus::Running;
                    let text = upd_text(format!(
                        "simulation stopped (sc_stop); {} resumes",
                        st.thread_name(m)
                    ));
                    out.push((st, SchedEvent::new(SchedEventKind::SimulationEnd, text)));
                }
            } else if state.sc.once {
                out.push(one_delta_cycle_over(state, delta_pending, &upd));
            } else if delta_pending {
                let mut st = state.clone();
                st.ghost.0.delta += 1;
                let fired = fire_events(&mut st, |p| p == Pending::Delta);
                let mut woken = wake_due(&mut st);
                woken.extend(wake_waiters(&mut st, &fired));
                woken.sort();
                let upd = match upd.is_empty() {
                    true => String::new(),
                    false => format!(" ({upd})"),
                };
                let text = format!(
                    "delta cycle {}{upd}{}{}",
                    st.ghost.0.delta,
                    notified(&st, &fired),
                    woke(&st, &woken)
                );
                out = dispatch(spec, &st, Some((SchedEventKind::DeltaCycle, text)))?;
            } else if let Some(t) =
                next_wakeup(state).filter(|t| state.sc.limit.is_none_or(|l| *t <= l))
            {
                let mut st = state.clone();
                st.advance_time(t, spec.time.max)?;
                st.sc.time_advanced();
                let now = st.now;
                let edges = super::systemc_clock::edge_actions(&mut st)?;
                let fired = fire_events(&mut st, |p| matches!(p, Pending::Timed(at) if at <= now));
                let mut woken = wake_due(&mut st);
                woken.extend(wake_waiters(&mut st, &fired));
                woken.sort();
                let edges = match edges.is_empty() {
                    true => edges,
                    false => format!(": {edges}"),
                };
                let text = upd_text(format!(
                    "time advances to {}{edges}{}{}",
                    spec.fmt_time(st.abs_time()),
                    notified(&st, &fired),
                    woke(&st, &woken)
                ));
                if st.sc.limit == Some(now) {
                    // sc_start(duration) returns before the evaluation phase at its end time
                    let main = st.instances().find(|(_, t)| {
                        t.status
                            == ThreadStatus::Blocked {
                                on: BlockOn::SimulationEnd,
                            }
                    });
                    if let Some((m, _)) = main {
                        st.sc.limit = None;
                        st.thread_mut(m).status = ThreadStatus::Running;
                        let text = format!(
                            "{text}; sc_start's duration is over: {} resumes",
                            st.thread_name(m)
                        );
                        out.push((st, SchedEvent::new(SchedEventKind::SimulationEnd, text)));
                    }
                } else {
                    out = dispatch(spec, &st, Some((SchedEventKind::TimeAdvance, text)))?;
                }
            } else if let Some(m) = state.instances().find(|(_, t)| {
                t.status
                    == ThreadStatus::Blocked {
                        on: BlockOn::SimulationEnd,
                    }
            }) {
                let m = m.0;
                let mut st = state.clone();
                let why = match st.sc.limit.take() {
                    Some(l) => {
                        st.advance_time(l, spec.time.max)?;
                        st.sc.time_advanced();
                        format!(
                            "sc_start's duration is over at {} (nothing pending before)",
                            spec.fmt_time(st.abs_time())
                        )
                    }
                    None => {
                        "simulation ends (no runnable thread, no pending notification)".to_string()
                    }
                };
                st.thread_mut(m).status = ThreadStatus::Running;
                let text = upd_text(format!("{why}; {} resumes", st.thread_name(m)));
                out.push((st, SchedEvent::new(SchedEventKind::SimulationEnd, text)));
            }
        }
        TimeModel::Ticks => {
            if state.started {
                if let Some(t) = next_wakeup(state) {
                    let mut st = state.clone();
                    let d = t.saturating_sub(st.now);
                    let woken = tick(spec, &mut st, d)?;
                    let text = format!("tick {}{}", st.abs_time(), woke(&st, &woken));
                    out = dispatch(spec, &st, Some((SchedEventKind::Tick, text)))?;
                }
            }
        }
        TimeModel::None => {}
    }
    for isr in fireable_isrs(state) {
        out.push(fire_isr(state, isr));
    }
    Ok(out)
}

/// Fires the events whose pending notification matches; returns their indices.
fn fire_events(st: &mut SchedState, which: impl Fn(Pending) -> bool) -> Vec<u8> {
    let mut fired = Vec::new();
    for (i, e) in st.events.iter_mut().enumerate() {
        if e.pending != Pending::None && which(e.pending) {
            e.pending = Pending::None;
            fired.push(i as u8);
        }
    }
    fired
}

fn wake_waiters(st: &mut SchedState, fired: &[u8]) -> Vec<ThreadInstance> {
    let mut woken = Vec::new();
    for (i, t) in st.threads.iter_mut().enumerate() {
        if let ThreadStatus::Waiting { event } = t.status {
            if fired.contains(&event) {
                t.status = ThreadStatus::Runnable;
                woken.push(ThreadInstance(i as u8));
            }
        }
    }
    let keys: Vec<i128> = fired.iter().map(|e| st.events[*e as usize].key).collect();
    woken.extend(super::systemc::wake_list_waiters(st, &keys));
    woken
}

fn notified(st: &SchedState, fired: &[u8]) -> String {
    if fired.is_empty() {
        return String::new();
    }
    let n: Vec<String> = fired
        .iter()
        .map(|e| st.object_name(st.events[*e as usize].key))
        .collect();
    format!(": notify {}", n.join(", "))
}

/// Every next scheduler state at a preemption point of the running thread; the first successor
/// is always "the running thread continues" (without a running thread this is [`sched`]).
pub fn preempt(
    spec: &SchedulerSpec,
    state: &SchedState,
) -> Result<Vec<(SchedState, SchedEvent)>, SchedError> {
    let Some(r) = running(state) else {
        return sched(spec, state);
    };
    let rname = state.thread_name(r);
    let mut out = vec![(
        state.clone(),
        SchedEvent::new(SchedEventKind::Continue, format!("{rname} continues")),
    )];
    if state.thread(r).is_isr || state.atomic.is_some_and(|(o, _)| o == r) || state.ended {
        return Ok(out);
    }
    match spec.policy {
        Policy::FullyPreemptive => {
            for (t, info) in state.instances() {
                if t != r && !info.is_isr && info.status == ThreadStatus::Runnable {
                    let mut s = state.clone();
                    s.thread_mut(r).status = ThreadStatus::Runnable;
                    s.thread_mut(t).status = ThreadStatus::Running;
                    s.ghost.0.last = Some(r);
                    let text = format!("switch {rname} -> {} (preemption)", s.thread_name(t));
                    out.push((s, SchedEvent::new(SchedEventKind::Switch { to: t }, text)));
                }
            }
        }
        Policy::FixedPriorityPreemptive => {
            if tick_possible(spec, state) {
                let mut st = state.clone();
                let woken = tick(spec, &mut st, 1)?;
                // a tick that changes nothing but the dispatch flag is no successor
                let changed = {
                    let mut before = state.clone();
                    before.untimed_dispatch = false;
                    st != before
                };
                let prefix = format!("tick {}{}", st.abs_time(), woke(&st, &woken));
                let mine = st.thread(r).eff_prio;
                let cooperative = spec.preemption.at == PreemptAt::YieldOnly;
                match highest_ready(&st) {
                    _ if cooperative => {
                        if changed {
                            out.push((
                                st.clone(),
                                SchedEvent::new(
                                    SchedEventKind::Tick,
                                    format!("{prefix}; {rname} continues (no preemption)"),
                                ),
                            ));
                        }
                    }
                    Some(best) if best > mine => {
                        st.thread_mut(r).status = ThreadStatus::Runnable;
                        st.ghost.0.last = Some(r);
                        out.extend(dispatch(spec, &st, Some((SchedEventKind::Tick, prefix)))?);
                    }
                    _ => {
                        if changed {
                            out.push((
                                st.clone(),
                                SchedEvent::new(
                                    SchedEventKind::Tick,
                                    format!("{prefix}; {rname} continues"),
                                ),
                            ));
                        }
                        if spec.preemption.time_slicing {
                            for (t, info) in st.instances() {
                                if t != r
                                    && !info.is_isr
                                    && info.status == ThreadStatus::Runnable
                                    && info.eff_prio == mine
                                {
                                    if super::timer::is_idle_daemon(&st, t) {
                                        let mut s = st.clone();
                                        s.thread_mut(r).status = ThreadStatus::Runnable;
                                        s.ghost.0.last = Some(r);
                                        let p = format!("{prefix}; time slice");
                                        out.extend(run_daemon(
                                            spec,
                                            &s,
                                            t,
                                            Some((SchedEventKind::Tick, p)),
                                        )?);
                                        continue;
                                    }
                                    let mut s = st.clone();
                                    s.thread_mut(r).status = ThreadStatus::Runnable;
                                    s.thread_mut(t).status = ThreadStatus::Running;
                                    s.ghost.0.last = Some(r);
                                    let text = format!(
                                        "{prefix}; time slice: switch {rname} -> {}",
                                        s.thread_name(t)
                                    );
                                    out.push((s, SchedEvent::new(SchedEventKind::Tick, text)));
                                }
                            }
                        }
                    }
                }
            }
        }
        Policy::Cooperative => {}
    }
    for isr in fireable_isrs(state) {
        out.push(fire_isr(state, isr));
    }
    Ok(out)
}

/// True when `ev`, a [`preempt`] outcome at `state`, is also explored where the running thread
/// was just scheduled (an ARF connector led to it). A thread just dispatched or resumed is not
/// preempted before its first step: the decision before it already offered every other thread
/// and interrupt. A tick is the exception when none arrived in that decision
/// ([`SchedState::untimed_dispatch`]): the previous thread may have blocked just before the
/// tick, so a low-priority task resumed between two reads of a variable can see a periodic
/// task run twice.
pub fn after_decision(state: &SchedState, ev: &SchedEvent) -> bool {
    ev.kind == SchedEventKind::Tick && state.untimed_dispatch
}

/// Ticks arrive at preemption points (FreeRTOS-like descriptions): only then can a tick
/// arrive before a just-dispatched thread's first step ([`SchedState::untimed_dispatch`],
/// kept false for other schedulers so that their states do not differ by it).
fn ticks_preempt(spec: &SchedulerSpec) -> bool {
    spec.time.model == TimeModel::Ticks && spec.time.tick_at_preemption
}

fn tick_possible(spec: &SchedulerSpec, st: &SchedState) -> bool {
    ticks_preempt(spec) && st.started && st.critical == 0 && st.sched_suspended == 0
}

fn reads_global(e: &Expr, prog: &Program) -> bool {
    let mut g = false;
    e.for_each_var(&mut |v| g |= prog.is_shared(v));
    g
}

/// True when an operation reads or writes a shared (global) variable.
pub fn touches_shared(op: &Op, prog: &Program) -> bool {
    let global = |v: &crate::ir::VarId| prog.is_shared(*v);
    match op {
        Op::Assign(v, e) => global(v) || reads_global(e, prog),
        Op::Nondet(v) => global(v),
        Op::Assume(e) => reads_global(e, prog),
        Op::Call {
            args,
            ret,
            may_write,
            ..
        } => {
            ret.as_ref().is_some_and(global)
                || may_write.iter().any(global)
                || args.iter().any(|a| match a {
                    crate::ir::CallArg::Value(e) => reads_global(e, prog),
                    _ => false,
                })
        }
        Op::Skip | Op::AtomicBegin | Op::AtomicEnd | Op::Error(_) | Op::Unsupported(_) => false,
    }
}

/// True when the engine must consider preemption (call [`preempt`]) before the running thread
/// executes `op`: the op accesses shared state (a global variable or a scheduler primitive),
/// the thread is not in an atomic section or an interrupt handler, and the policy can actually
/// do something else here (another thread may run, a tick matters, an interrupt may fire).
pub fn is_preemption_point(
    spec: &SchedulerSpec,
    state: &SchedState,
    op: &Op,
    prog: &Program,
) -> bool {
    let Some(r) = running(state) else {
        return false;
    };
    if state.thread(r).is_isr || state.atomic.is_some_and(|(o, _)| o == r) || state.ended {
        return false;
    }
    if !is_visible(spec, op, prog) {
        return false;
    }
    preemption_possible(spec, state, r)
}

/// True for an operation before which a preemption is considered: it accesses shared state
/// (a global variable) or is a scheduler action (a primitive call, or an atomic section's
/// start: its body then accesses shared state without preemption, so the other threads must
/// get their chance before it).
pub fn is_visible(spec: &SchedulerSpec, op: &Op, prog: &Program) -> bool {
    matches!(op, Op::AtomicBegin)
        || matches!(op, Op::Call { func, .. } if spec.primitive(func).is_some())
        || touches_shared(op, prog)
}

/// A thread blocking on a condition: an `assume` that is the only way on from its location
/// (`abort()` is `assume false`; SV-COMP's `__VERIFIER_assume(c)` is `assume c`, which loops
/// forever when `c` is false). The thread may be delayed before it: the other threads must
/// be able to run first, or their behaviours after its (local) previous steps are lost (a
/// wrong SUCCESSFUL: `g = 1; if (!c) abort();` hid another thread's read of `g == 1`).
pub fn is_blocking_assume(cfg: &crate::ir::Cfg, edge: &crate::ir::Edge) -> bool {
    matches!(edge.op, Op::Assume(_)) && cfg.out_edges(edge.from).count() == 1
}

/// [`is_preemption_point`] for a CFG edge of the running thread: also true before the edge
/// that reaches the thread's exit (finishing is a scheduler action: joiners wake, and `main`'s
/// return may end the program, so the other threads must be able to run before it) and before
/// a blocking `assume` ([`is_blocking_assume`]).
pub fn is_preemption_point_edge(
    spec: &SchedulerSpec,
    state: &SchedState,
    edge: &crate::ir::Edge,
    exit: crate::ir::LocId,
    prog: &Program,
) -> bool {
    if is_preemption_point(spec, state, &edge.op, prog) {
        return true;
    }
    let Some(r) = running(state) else {
        return false;
    };
    if edge.to != exit && !is_blocking_assume(prog.thread(state.thread(r).entry), edge) {
        return false;
    }
    if state.thread(r).is_isr || state.atomic.is_some_and(|(o, _)| o == r) || state.ended {
        return false;
    }
    preemption_possible(spec, state, r)
}

/// True when the running thread may lose the processor to another thread or an interrupt
/// handler between two shared accesses of one C statement, so that a statement must not be
/// one indivisible edge (`ir::split_shared`): a preemptive policy that switches at shared
/// accesses (pthreads, FreeRTOS with preemption), or any interrupt handler in the program
/// (handlers fire at every preemption point, [`preemption_possible`]). Not for a cooperative
/// policy (SystemC: a process runs until it waits) or FreeRTOS without preemption
/// (`yield-only`: ticks only advance time there) without interrupt handlers.
pub fn preempts_within_statements(spec: &SchedulerSpec, prog: &Program) -> bool {
    let handlers = prog
        .threads
        .iter()
        .skip(1)
        .any(|c| spec.is_interrupt_handler(&c.name));
    handlers || (spec.policy != Policy::Cooperative && spec.preemption.at != PreemptAt::YieldOnly)
}

/// Where `ir::spin` puts the preemption points of loops of purely local edges: once at their
/// entry when a preemption can only let other threads run (fully preemptive, no interrupt
/// handlers), else on every iteration (ticks advance time, handlers fire again).
pub fn spin_placement(spec: &SchedulerSpec, prog: &Program) -> crate::ir::spin::Placement {
    let handlers = prog
        .threads
        .iter()
        .skip(1)
        .any(|c| spec.is_interrupt_handler(&c.name));
    if spec.policy == Policy::FullyPreemptive && !handlers {
        crate::ir::spin::Placement::Entry
    } else {
        crate::ir::spin::Placement::Iteration
    }
}

/// For `ir::split_shared`: whether an operation enters (`Some(true)`) or leaves
/// (`Some(false)`) a section in which the running thread is never preempted besides atomic
/// sections: under a priority or cooperative policy a critical section (no tick, interrupts
/// masked: [`preemption_possible`] is false there). A fully preemptive policy switches
/// threads inside critical sections too, so there it names none.
pub fn unpreempted_section(spec: &SchedulerSpec) -> impl Fn(&Op) -> Option<bool> + '_ {
    move |op| {
        if spec.policy == Policy::FullyPreemptive {
            return None;
        }
        match op {
            Op::Call { func, .. } => match spec.primitive(func).map(|p| p.action) {
                Some(Action::CriticalEnter) => Some(true),
                Some(Action::CriticalExit) => Some(false),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The policy part of [`is_preemption_point`]: can something else happen now?
fn preemption_possible(spec: &SchedulerSpec, state: &SchedState, r: ThreadInstance) -> bool {
    if !fireable_isrs(state).is_empty() {
        return true;
    }
    if spec.preemption.at == PreemptAt::YieldOnly {
        // fixed priority without preemption (FreeRTOS configUSE_PREEMPTION 0): the running
        // thread keeps the processor, but ticks still advance time and wake delayed threads
        return spec.policy == Policy::FixedPriorityPreemptive
            && tick_possible(spec, state)
            && (state.time_observable || next_wakeup(state).is_some());
    }
    match spec.policy {
        Policy::Cooperative => false,
        Policy::FullyPreemptive => state
            .instances()
            .any(|(t, i)| t != r && !i.is_isr && i.status == ThreadStatus::Runnable),
        Policy::FixedPriorityPreemptive => {
            if !tick_possible(spec, state) {
                return false;
            }
            let mine = state.thread(r).eff_prio;
            state.time_observable
                || next_wakeup(state).is_some()
                // a higher-priority thread readied by an interrupt handler that did not
                // switch to it runs at the next tick
                || highest_ready(state).is_some_and(|b| b > mine)
                || (spec.preemption.time_slicing
                    && state.instances().any(|(t, i)| {
                        t != r
                            && !i.is_isr
                            && i.status == ThreadStatus::Runnable
                            && i.eff_prio == mine
                    }))
        }
    }
}

/// Thread instance `t` finished (reached its CFG exit, called `exit`, or was deleted): joiners
/// wake, its atomic section ends, and when `main` returns under `ends-program` the whole
/// program ends. An interrupt handler becomes idle again and the interrupted thread resumes.
pub fn thread_exit(
    spec: &SchedulerSpec,
    state: &SchedState,
    t: ThreadInstance,
) -> Result<SchedState, SchedError> {
    let mut st = state.clone();
    if t.index() >= st.threads.len() {
        return Err(SchedError::Unsupported(format!(
            "exit of unknown thread instance {}",
            t.0
        )));
    }
    st.ghost.0.last = Some(t);
    if st.thread(t).is_isr {
        st.thread_mut(t).status = ThreadStatus::Idle;
        let yield_requested = st.isr_yield;
        st.isr_yield = false;
        if let Some(i) = st.interrupted.take() {
            if st.thread(i).status == ThreadStatus::Runnable {
                let keep = match spec.policy {
                    Policy::FixedPriorityPreemptive => {
                        highest_ready(&st).is_none_or(|b| b <= st.thread(i).eff_prio)
                            || (spec.switch_at_exit == SwitchAtExit::OnRequest && !yield_requested)
                    }
                    _ => true,
                };
                if keep {
                    st.thread_mut(i).status = ThreadStatus::Running;
                }
            }
        }
        return Ok(st);
    }
    if st.tmr.task == Some(t) && !st.ended {
        // a timer callback returned: the service task goes on with its work
        super::timer::callback_returns(&mut st, t);
        st.bindings.retain(|b| b.owner != Some(t));
        recompute_priorities(spec, &mut st);
        return Ok(st);
    }
    if st.thread(t).sc.method && t != ThreadInstance::MAIN && !st.ended {
        // a SystemC method process returns: it waits for its next trigger
        super::systemc::method_returns(&mut st, t)?;
        return Ok(st);
    }
    {
        let th = st.thread_mut(t);
        th.status = ThreadStatus::Finished;
        th.deadline = None;
        th.timed_out = false;
        th.cond_woken = false;
    }
    for th in st.threads.iter_mut() {
        if th.status
            == (ThreadStatus::Blocked {
                on: BlockOn::Join(t),
            })
        {
            th.status = ThreadStatus::Runnable;
        }
    }
    if st.atomic.is_some_and(|(o, _)| o == t) {
        st.atomic = None;
    }
    st.bindings.retain(|b| b.owner != Some(t));
    if t == ThreadInstance::MAIN
        && spec.preemption.main_return == super::spec::MainReturn::EndsProgram
    {
        st.ended = true;
        for th in st.threads.iter_mut() {
            th.status = ThreadStatus::Finished;
            th.deadline = None;
        }
        st.interrupted = None;
        for e in st.events.iter_mut() {
            e.pending = Pending::None;
        }
    }
    recompute_priorities(spec, &mut st);
    Ok(st)
}
