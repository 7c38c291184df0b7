//! SystemC's scheduler semantics beyond plain events (IEEE 1666-2011, 4.2): primitive
//! channels' update requests and the update phase, method processes, static sensitivity,
//! `dont_initialize`, waits on event or-lists / and-lists with an optional timeout,
//! `next_trigger`, `timed_out`, `sc_event::cancel` and `sc_stop`.
//!
//! The *data* of a channel (a signal's current and next value, a FIFO's buffer) lives in
//! program variables, written by the C macros of `include/systemc.h`; the scheduler only keeps
//! which channels requested an update in this evaluation phase and which events their update
//! notifies (a bit set chosen by the writer, which compares the values: a data-dependent
//! branch the engine explores). The update phase (at the end of an evaluation phase, before
//! the delta notification phase) clears the requests and gives the chosen events a delta
//! notification, so processes sensitive to them run in the next delta cycle, exactly as
//! `sc_prim_channel::update` calling `notify(SC_ZERO_TIME)`. A channel's "update pending" flag
//! is what its C read macro asks (`update-pending`): a pending signal still shows its old value.
//!
//! Method processes are thread instances restarted at their entry each time they are
//! dispatched (fresh locals); reaching their exit makes them wait for their trigger
//! (`next_trigger`'s, else their static sensitivity).

use super::bind::PrimitiveCall;
use super::spec::{Action, SchedulerSpec};
use super::state::{Pending, SchedState, ThreadInstance, ThreadStatus};
use super::SchedError;

/// Entries of the wait / sensitivity lists and of the pending update requests.
pub const MAX_SC_ENTRIES: usize = 48;
pub const MAX_UPDATES: usize = 16;
/// Events an update request can name.
pub const MAX_UPDATE_EVENTS: usize = 3;

/// What a method process waits for when it returns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Trigger {
    /// Its static sensitivity (no `next_trigger` call in this activation).
    #[default]
    Static,
    /// The dynamic wait list (`next_trigger(e)`, `next_trigger(t)`, `next_trigger(t, e)`).
    Any,
    All,
}

/// SystemC data of one thread instance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScProc {
    /// A method process (`SC_METHOD`): runs to completion, restarted at its entry.
    pub method: bool,
    /// `dont_initialize()`: not runnable at the start of the simulation.
    pub dont_init: bool,
    /// The last wait with a timeout returned because of the timeout (`timed_out()`).
    pub timed_out: bool,
    /// Method processes: the trigger set by `next_trigger` in the current activation.
    pub trigger: Trigger,
    /// Method processes: the timeout of that trigger (absolute, as `ThreadInfo::deadline`).
    pub trigger_time: Option<u64>,
    /// A clocked thread (`SC_CTHREAD`).
    pub cthread: bool,
    /// Waiting for its static sensitivity (`wait()`, `wait(n)`).
    pub static_wait: bool,
    /// `wait(n)`: static triggers still to skip.
    pub cycles: u32,
    /// A primitive channel's `update()` (`make-updater`): the channel's key. The process runs
    /// only in the update phase, once for each update request of the channel.
    pub update_of: Option<i128>,
}

/// A channel's pending update request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UpdateReq {
    /// The channel's address.
    pub key: i128,
    /// Events to notify (delta) in the update phase; 0 = none.
    pub events: [i128; MAX_UPDATE_EVENTS],
    /// A signal's request (`signal-update`): the trace may show its new value.
    pub signal: bool,
}

/// SystemC part of the scheduler state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScState {
    /// (process, event key): the events a `WaitingList` process waits for (and-lists: those
    /// not notified yet); for a running method, its `next_trigger` events. Sorted.
    pub waits: crate::sched::capvec::CapVec<(ThreadInstance, i128), MAX_SC_ENTRIES>,
    /// (process, event key): static sensitivity. Sorted.
    pub sens: crate::sched::capvec::CapVec<(ThreadInstance, i128), MAX_SC_ENTRIES>,
    /// Update requests of this evaluation phase, sorted by channel.
    pub updates: crate::sched::capvec::CapVec<UpdateReq, MAX_UPDATES>,
    /// `sc_stop()` was called: the simulation ends after this evaluation and update phase.
    pub stop: bool,
    /// The initialization phase ran (a later `sc_start` continues the simulation).
    pub initialized: bool,
    /// `sc_start(duration)`: the end time (relative to now when time is not observable).
    pub limit: Option<u64>,
    /// `sc_start(SC_ZERO_TIME)`: sc_main resumes after one delta cycle (the reference's
    /// `crunch(once)`: one evaluation phase, its update phase and delta notification phase).
    pub once: bool,
    pub clocks: crate::sched::capvec::CapVec<
        super::systemc_clock::Clock,
        { super::systemc_clock::MAX_CLOCKS },
    >,
    /// `reset_signal_is` / `async_reset_signal_is` of the processes.
    pub resets: crate::sched::capvec::CapVec<Reset, MAX_RESETS>,
    /// Current values of the (non-clock) reset signals, sorted by key.
    pub levels: crate::sched::capvec::CapVec<(i128, bool), MAX_RESETS>,
    /// Writer policy bookkeeping of the written signals, sorted by key.
    pub writers: crate::sched::capvec::CapVec<Writer, MAX_SC_ENTRIES>,
    /// The program asks `event-occurred` (`sc_signal::event()`): [`Self::changed`] is kept
    /// (else it stays empty, so that it never tells states apart).
    pub track_changes: bool,
    /// The channels (signals, clocks) whose value changed in the update phase just before
    /// this evaluation phase, sorted: `sc_signal::event()` is true for them (the reference's
    /// change stamp: bumped by each update phase and each time advance).
    pub changed: crate::sched::capvec::CapVec<i128, MAX_CHANGED>,
}

/// Channels one update phase can change: the update requests and the clocks.
pub const MAX_CHANGED: usize = MAX_UPDATES + super::systemc_clock::MAX_CLOCKS;

pub const MAX_RESETS: usize = 16;

/// A process's reset signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reset {
    pub proc: ThreadInstance,
    pub key: i128,
    /// The active level.
    pub level: bool,
    pub asynchronous: bool,
}

/// A signal's writer policy state (IEEE 1666 6.4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Writer {
    pub key: i128,
    /// `SC_MANY_WRITERS` (else `SC_ONE_WRITER`).
    pub many: bool,
    /// The process that wrote it (SC_ONE_WRITER: ever; SC_MANY_WRITERS: a changed value in
    /// this delta cycle).
    pub writer: Option<ThreadInstance>,
}

fn cap(what: &str) -> SchedError {
    SchedError::CapacityExceeded(what.to_string())
}

fn insert_sorted(
    v: &mut crate::sched::capvec::CapVec<(ThreadInstance, i128), MAX_SC_ENTRIES>,
    x: (ThreadInstance, i128),
) -> Result<(), SchedError> {
    if v.contains(&x) {
        return Ok(());
    }
    let at = v.partition_point(|y| *y < x);
    v.insert(at, x).map_err(|_| {
        cap(&format!(
            "more than {MAX_SC_ENTRIES} SystemC sensitivity entries"
        ))
    })
}

impl ScState {
    pub fn is_pending(&self, key: i128) -> bool {
        self.updates.iter().any(|u| u.key == key)
    }

    /// Time advanced: no channel changed in the update phase before the next evaluation
    /// phase (the reference bumps its change stamp at each time step).
    pub fn time_advanced(&mut self) {
        self.changed.clear();
    }
}

/// True for the actions this module executes.
pub fn handles(a: Action) -> bool {
    use Action::*;
    matches!(
        a,
        RequestUpdate
            | UpdatePending
            | MakeMethod
            | MakeUpdater
            | Sensitive
            | DontInitialize
            | WaitAny
            | WaitAll
            | WaitStatic
            | NextTrigger
            | TimedOut
            | EventCancel
            | Stop
            | MakeCthread
            | ResetSignal
            | ClockInit
            | ManyWriters
            | NextTriggerAll
            | SignalUpdate
            | EventOccurred
    )
}

/// The most recently created process (the target of `sensitive`, `dont_initialize`, ...).
fn last_process(st: &SchedState, f: &str) -> Result<ThreadInstance, SchedError> {
    let n = st.threads.len();
    if n <= 1 || st.started {
        return Err(SchedError::Misuse(format!(
            "{f} outside elaboration or before any process was created"
        )));
    }
    Ok(ThreadInstance((n - 1) as u8))
}

fn event_list(call: &PrimitiveCall) -> Vec<i128> {
    let mut v: Vec<i128> = call.events.iter().copied().filter(|&k| k != 0).collect();
    v.sort();
    v.dedup();
    v
}

/// The process starts waiting for the events of `keys` (any / all of them), with an optional
/// timeout at `deadline`.
fn wait_list(
    st: &mut SchedState,
    r: ThreadInstance,
    keys: &[i128],
    all: bool,
    deadline: Option<u64>,
) -> Result<(), SchedError> {
    st.sc.waits.retain(|(t, _)| *t != r);
    for &k in keys {
        insert_sorted(&mut st.sc.waits, (r, k))?;
    }
    let th = st.thread_mut(r);
    th.status = ThreadStatus::WaitingList { all };
    th.deadline = deadline;
    th.sc.timed_out = false;
    th.sc.static_wait = false;
    th.sc.cycles = 0;
    Ok(())
}

/// The process waits for its static sensitivity.
fn wait_static(st: &mut SchedState, r: ThreadInstance) -> Result<(), SchedError> {
    let keys: Vec<i128> = st
        .sc
        .sens
        .iter()
        .filter(|(t, _)| *t == r)
        .map(|(_, k)| *k)
        .collect();
    wait_list(st, r, &keys, false, None)?;
    st.thread_mut(r).sc.static_wait = true;
    Ok(())
}

/// Timeout of a wait: the `time` argument `SC_NO_TIMEOUT` (the largest `sc_time`, `u64::MAX`;
/// `-1` of a signed type in older C models) means none; any other time, however large, is one
/// (beyond the time bound: a capacity error, never silently none).
fn deadline(
    spec: &SchedulerSpec,
    st: &SchedState,
    call: &PrimitiveCall,
) -> Result<Option<u64>, SchedError> {
    match call.time {
        Some(t) if t == -1 || t == u64::MAX as i128 => Ok(None),
        Some(t) if t >= 0 => Ok(Some(st.time_after(super::sexec::nonneg(t), spec.time.max)?)),
        Some(t) => Err(SchedError::Unsupported(format!(
            "{}: a negative timeout ({t})",
            call.func
        ))),
        None => Ok(None),
    }
}

fn names(st: &SchedState, keys: &[i128], sep: &str) -> String {
    keys.iter()
        .map(|k| st.object_name(*k))
        .collect::<Vec<_>>()
        .join(sep)
}

/// Executes a SystemC primitive of the running process `r` on `st`; returns the call's value
/// (if any) and the trace label.
pub fn exec(
    spec: &SchedulerSpec,
    st: &mut SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
) -> Result<(Option<i128>, String), SchedError> {
    let f = call.func.as_str();
    let me = st.thread_name(r);
    let obj = || {
        call.object
            .ok_or_else(|| SchedError::Unsupported(format!("{f}: missing object argument")))
    };
    let method = st.thread(r).sc.method;
    let no_wait_in_method = |what: &str| {
        if method {
            Err(SchedError::Misuse(format!(
                "{what} in method process {me} (methods run to completion; use next_trigger)"
            )))
        } else {
            Ok(())
        }
    };
    match call.action {
        Action::RequestUpdate | Action::SignalUpdate => {
            let key = obj()?;
            if st.sc.clock(key).is_some() {
                if call.action == Action::SignalUpdate {
                    return Ok((
                        Some(0),
                        format!(
                            "{f}({}): {me} writes an sc_clock (an error in SystemC)",
                            st.object_name(key)
                        ),
                    ));
                }
                return Err(SchedError::Misuse(format!(
                    "{f}: update request of the sc_clock {}",
                    st.object_name(key)
                )));
            }
            let flags = call.flag.unwrap_or(0);
            let mut ret = None;
            if call.action == Action::SignalUpdate {
                match check_writer(st, key, r, flags != 0)? {
                    Ok(()) => ret = Some(1),
                    Err(other) => {
                        return Ok((
                            Some(0),
                            format!(
                                "{f}({}): writer policy violated: written by {other} and by {me}",
                                st.object_name(key)
                            ),
                        ))
                    }
                }
            }
            let mut events = [0i128; MAX_UPDATE_EVENTS];
            for (i, k) in call.events.iter().enumerate().take(MAX_UPDATE_EVENTS) {
                if flags & (1 << i) != 0 {
                    events[i] = *k;
                }
            }
            let req = UpdateReq {
                key,
                events,
                signal: call.action == Action::SignalUpdate,
            };
            let u = &mut st.sc.updates;
            match u.iter().position(|x| x.key == key) {
                Some(i) => u[i] = req,
                None => {
                    let at = u.partition_point(|x| x.key < key);
                    u.insert(at, req)
                        .map_err(|_| cap(&format!("more than {MAX_UPDATES} update requests")))?;
                }
            }
            let ev: Vec<i128> = events.iter().copied().filter(|&k| k != 0).collect();
            let what = if ev.is_empty() {
                "no event".to_string()
            } else {
                names(st, &ev, ", ")
            };
            Ok((
                ret,
                format!(
                    "{f}({}): update requested (notifies {what})",
                    channel_name(st, key, call.action == Action::SignalUpdate)
                ),
            ))
        }
        Action::EventOccurred => {
            let key = obj()?;
            let e = st.sc.changed.contains(&key);
            Ok((
                Some(e as i128),
                format!(
                    "{f}({}): {}",
                    channel_name(st, key, true),
                    if e {
                        "changed in the last update phase"
                    } else {
                        "not changed in the last update phase"
                    }
                ),
            ))
        }
        Action::UpdatePending => {
            let key = obj()?;
            if let Some(c) = st.sc.clock(key) {
                let v = c.value;
                return Ok((
                    Some(v as i128),
                    format!("{f}({}): clock value {}", st.object_name(key), v as u8),
                ));
            }
            let p = st.sc.is_pending(key);
            Ok((
                Some(p as i128),
                format!(
                    "{f}({}): {}",
                    st.object_name(key),
                    if p {
                        "update pending"
                    } else {
                        "no pending update"
                    }
                ),
            ))
        }
        Action::MakeMethod => {
            let t = last_process(st, f)?;
            st.thread_mut(t).sc.method = true;
            Ok((
                None,
                format!("{f}: {} is a method process", st.thread_name(t)),
            ))
        }
        Action::MakeUpdater => {
            let t = last_process(st, f)?;
            let key = obj()?;
            let th = st.thread_mut(t);
            th.sc.method = true;
            th.sc.dont_init = true;
            th.sc.update_of = Some(key);
            Ok((
                None,
                format!(
                    "{f}: {} updates {} in the update phase",
                    st.thread_name(t),
                    st.object_name(key)
                ),
            ))
        }
        Action::Sensitive => {
            let t = last_process(st, f)?;
            let key = obj()?;
            insert_sorted(&mut st.sc.sens, (t, key))?;
            Ok((
                None,
                format!(
                    "{f}: {} sensitive to {}",
                    st.thread_name(t),
                    st.object_name(key)
                ),
            ))
        }
        Action::DontInitialize => {
            let t = last_process(st, f)?;
            st.thread_mut(t).sc.dont_init = true;
            Ok((None, format!("{f}: {} not initialized", st.thread_name(t))))
        }
        Action::WaitAny | Action::WaitAll => {
            let all = call.action == Action::WaitAll;
            no_wait_in_method("wait")?;
            let keys = event_list(call);
            let dl = deadline(spec, st, call)?;
            if keys.is_empty() && dl.is_none() {
                return Err(SchedError::Misuse(format!("{f}: waits for nothing")));
            }
            wait_list(st, r, &keys, all, dl)?;
            let sep = if all { " & " } else { " | " };
            // the timeout as the model gave it, when it is one (not `SC_NO_TIMEOUT`)
            let t = match (call.time, dl) {
                (Some(t), Some(_)) if keys.is_empty() => format!("timeout {t}"),
                (Some(t), Some(_)) => format!(", timeout {t}"),
                _ => String::new(),
            };
            Ok((
                None,
                format!("{f}({}{t}): {me} waits", names(st, &keys, sep)),
            ))
        }
        Action::WaitStatic => {
            no_wait_in_method("wait()")?;
            let n = call.value.unwrap_or(1);
            if !(1..=u32::MAX as i128).contains(&n) {
                return Err(SchedError::Misuse(format!(
                    "{f}({n}): wait(n) needs n >= 1"
                )));
            }
            wait_static(st, r)?;
            st.thread_mut(r).sc.cycles = (n - 1) as u32;
            let what = match n {
                1 => String::new(),
                n => format!(" ({n} times)"),
            };
            Ok((
                None,
                format!("{f}: {me} waits for its static sensitivity{what}"),
            ))
        }
        Action::MakeCthread => {
            let t = last_process(st, f)?;
            let th = st.thread_mut(t);
            th.sc.cthread = true;
            th.sc.dont_init = true;
            Ok((
                None,
                format!("{f}: {} is a clocked thread", st.thread_name(t)),
            ))
        }
        Action::ResetSignal => {
            let t = last_process(st, f)?;
            let key = obj()?;
            let mode = call.flag.unwrap_or(0);
            let reset = Reset {
                proc: t,
                key,
                level: mode & 1 != 0,
                asynchronous: mode & 2 != 0,
            };
            if st.sc.clock(key).is_none() {
                let v = mode & 4 != 0;
                let l = &mut st.sc.levels;
                match l.iter().position(|x| x.0 == key) {
                    Some(i) => l[i].1 = v,
                    None => {
                        let at = l.partition_point(|x| x.0 < key);
                        l.insert(at, (key, v))
                            .map_err(|_| cap(&format!("more than {MAX_RESETS} reset signals")))?;
                    }
                }
            }
            if !st.sc.resets.contains(&reset) {
                st.sc
                    .resets
                    .push(reset)
                    .map_err(|_| cap(&format!("more than {MAX_RESETS} resets")))?;
            }
            Ok((
                None,
                format!(
                    "{f}: {} has {} reset {} (active {})",
                    st.thread_name(t),
                    if reset.asynchronous {
                        "an asynchronous"
                    } else {
                        "a synchronous"
                    },
                    st.object_name(key),
                    reset.level as u8
                ),
            ))
        }
        Action::ClockInit => {
            let key = obj()?;
            let need = |v: Option<i128>, what: &str| {
                v.ok_or_else(|| SchedError::Unsupported(format!("{f}: missing {what}")))
            };
            let l = super::systemc_clock::clock_init(
                st,
                key,
                need(call.time, "period")?,
                need(call.value, "high time")?,
                need(call.initial, "start time")?,
                need(call.flag, "posedge_first")? != 0,
                &call.events,
            )?;
            Ok((None, format!("{f}: {l}")))
        }
        Action::ManyWriters => {
            let key = obj()?;
            if st.started {
                return Err(SchedError::Misuse(format!("{f} after sc_start")));
            }
            writer_entry(st, key)?.many = true;
            Ok((
                None,
                format!("{f}({}): SC_MANY_WRITERS", st.object_name(key)),
            ))
        }
        Action::NextTrigger | Action::NextTriggerAll => {
            if !method {
                return Err(SchedError::Misuse(format!(
                    "{f} in thread process {me} (only method processes)"
                )));
            }
            let keys = event_list(call);
            let dl = deadline(spec, st, call)?;
            st.sc.waits.retain(|(t, _)| *t != r);
            let th = st.thread_mut(r);
            if keys.is_empty() && dl.is_none() {
                th.sc.trigger = Trigger::Static;
                th.sc.trigger_time = None;
                return Ok((
                    None,
                    format!("{f}(): {me} triggered by its static sensitivity"),
                ));
            }
            let all = call.action == Action::NextTriggerAll && !keys.is_empty();
            th.sc.trigger = if all { Trigger::All } else { Trigger::Any };
            th.sc.trigger_time = dl;
            for &k in &keys {
                insert_sorted(&mut st.sc.waits, (r, k))?;
            }
            let sep = if all { " & " } else { " | " };
            Ok((
                None,
                format!("{f}({}): next trigger of {me}", names(st, &keys, sep)),
            ))
        }
        Action::TimedOut => {
            let v = st.thread(r).sc.timed_out;
            Ok((Some(v as i128), format!("{f}: {v}")))
        }
        Action::EventCancel => {
            let key = obj()?;
            if let Some(e) = st.event_index(key) {
                st.events[e as usize].pending = Pending::None;
            }
            Ok((
                None,
                format!(
                    "{f}({}): pending notification cancelled",
                    st.object_name(key)
                ),
            ))
        }
        Action::Stop => {
            st.sc.stop = true;
            Ok((
                None,
                format!("{f}: simulation stops after this delta cycle's update phase"),
            ))
        }
        _ => Err(SchedError::Unsupported(format!(
            "{f}: not a SystemC action"
        ))),
    }
}

/// The writer policy entry of signal `key` (created on first use).
fn writer_entry(st: &mut SchedState, key: i128) -> Result<&mut Writer, SchedError> {
    let w = &mut st.sc.writers;
    let i = match w.iter().position(|x| x.key == key) {
        Some(i) => i,
        None => {
            let at = w.partition_point(|x| x.key < key);
            w.insert(
                at,
                Writer {
                    key,
                    many: false,
                    writer: None,
                },
            )
            .map_err(|_| cap(&format!("more than {MAX_SC_ENTRIES} written signals")))?;
            at
        }
    };
    Ok(&mut w[i])
}

/// The writer policy check of a write of signal `key` by `r` (`changed`: the new value differs
/// from the current one), as the Accellera kernel's `sc_writer_policy_check_write` /
/// `_check_delta`: writes outside processes (sc_main) are not checked; SC_ONE_WRITER records
/// the first writing process for the whole simulation and rejects any other; SC_MANY_WRITERS
/// rejects a second process writing a changed value in the same delta cycle. `Err(name)`
/// names the earlier writer.
fn check_writer(
    st: &mut SchedState,
    key: i128,
    r: ThreadInstance,
    changed: bool,
) -> Result<Result<(), String>, SchedError> {
    if r == ThreadInstance::MAIN || !st.started {
        return Ok(Ok(()));
    }
    let w = writer_entry(st, key)?;
    if w.many && !changed {
        return Ok(Ok(()));
    }
    match w.writer {
        Some(o) if o != r => Ok(Err(st.thread_name(o))),
        _ => {
            w.writer = Some(r);
            Ok(Ok(()))
        }
    }
}

/// The current value of reset signal `key` (a clock's or a recorded signal's).
fn level(st: &SchedState, key: i128) -> Option<bool> {
    match st.sc.clock(key) {
        Some(c) => Some(c.value),
        None => st.sc.levels.iter().find(|x| x.0 == key).map(|x| x.1),
    }
}

/// A reset of process `t` is active now.
pub fn in_reset(st: &SchedState, t: ThreadInstance) -> bool {
    st.sc
        .resets
        .iter()
        .any(|x| x.proc == t && level(st, x.key) == Some(x.level))
}

/// Whether dispatching `t` restarts it at its entry, and why: a method process always (it runs
/// to completion), a thread process whose reset is active (IEEE 1666 5.2.13: a process resumed
/// while in reset is reset). Clears the `wait(n)` count of a reset thread.
pub fn restart_on_dispatch(st: &mut SchedState, t: ThreadInstance) -> Option<&'static str> {
    if st.thread(t).sc.method {
        return Some("");
    }
    if in_reset(st, t) {
        let th = st.thread_mut(t);
        th.sc.cycles = 0;
        th.sc.static_wait = false;
        return Some(" (in reset: restarts at its entry)");
    }
    None
}

/// Reset signals changed in the update phase: `changed` holds (signal, new value). An
/// asserted reset cancels pending `wait(n)` counts (Accellera `throw_reset`); an asserted
/// asynchronous reset makes its (not finished) process runnable at once, whatever it waits
/// for, so that it restarts in the next evaluation phase. Returns the woken processes.
fn resets_changed(st: &mut SchedState, changed: &[(i128, bool)]) -> Vec<ThreadInstance> {
    let mut woken = Vec::new();
    let resets: Vec<Reset> = st.sc.resets.iter().copied().collect();
    for x in resets {
        if !changed.contains(&(x.key, x.level)) {
            continue;
        }
        let t = x.proc;
        st.thread_mut(t).sc.cycles = 0;
        if !x.asynchronous {
            continue;
        }
        let th = st.thread_mut(t);
        if matches!(
            th.status,
            ThreadStatus::Finished | ThreadStatus::Runnable | ThreadStatus::Running
        ) {
            continue;
        }
        th.status = ThreadStatus::Runnable;
        th.deadline = None;
        th.sc.timed_out = false;
        th.sc.static_wait = false;
        st.sc.waits.retain(|(w, _)| *w != t);
        woken.push(t);
    }
    woken
}

/// Wakes the list waiters of the events with keys `fired` (or-lists: any; and-lists: when the
/// last one fired).
pub fn wake_list_waiters(st: &mut SchedState, fired: &[i128]) -> Vec<ThreadInstance> {
    if fired.is_empty() || st.sc.waits.is_empty() {
        return Vec::new();
    }
    let mut woken = Vec::new();
    for i in 0..st.threads.len() {
        let t = ThreadInstance(i as u8);
        let ThreadStatus::WaitingList { all } = st.threads[i].status else {
            continue;
        };
        let hit = st
            .sc
            .waits
            .iter()
            .any(|(w, k)| *w == t && fired.contains(k));
        if !hit {
            continue;
        }
        if st.threads[i].sc.static_wait && st.threads[i].sc.cycles > 0 {
            // wait(n): this trigger only counts
            st.threads[i].sc.cycles -= 1;
            continue;
        }
        if all {
            st.sc.waits.retain(|(w, k)| !(*w == t && fired.contains(k)));
            if st.sc.waits.iter().any(|(w, _)| *w == t) {
                continue;
            }
        } else {
            st.sc.waits.retain(|(w, _)| *w != t);
        }
        let th = &mut st.threads[i];
        th.status = ThreadStatus::Runnable;
        th.deadline = None;
        th.sc.timed_out = false;
        th.sc.static_wait = false;
        woken.push(t);
    }
    woken
}

/// Wakes list waiters whose timeout expired (at or before now).
pub fn wake_timeouts(st: &mut SchedState) -> Vec<ThreadInstance> {
    let now = st.now;
    let mut woken = Vec::new();
    for i in 0..st.threads.len() {
        let th = &mut st.threads[i];
        if matches!(th.status, ThreadStatus::WaitingList { .. })
            && th.deadline.is_some_and(|d| d <= now)
        {
            th.status = ThreadStatus::Runnable;
            th.deadline = None;
            th.sc.timed_out = true;
            let t = ThreadInstance(i as u8);
            st.sc.waits.retain(|(w, _)| *w != t);
            woken.push(t);
        }
    }
    woken
}

/// A timeout of a list waiter is due now (it wakes in this delta cycle).
pub fn timeout_due(st: &SchedState) -> bool {
    st.threads.iter().any(|t| {
        matches!(t.status, ThreadStatus::WaitingList { .. })
            && t.deadline.is_some_and(|d| d <= st.now)
    })
}

/// Whether some user primitive channel's `update()` was requested (cheap: checked on every
/// scheduling step before [`user_updates`] is applied to a copy of the state).
pub fn user_update_pending(st: &SchedState) -> bool {
    st.threads
        .iter()
        .any(|t| t.sc.update_of.is_some_and(|k| st.sc.is_pending(k)))
}

/// The first part of the update phase (IEEE 1666 4.2.1.3): the `update()` of every user
/// primitive channel that requested an update becomes runnable (its request is consumed); the
/// policy dispatches them (any order) before the channels of [`update_phase_woken`]. False when
/// there is none.
pub fn user_updates(st: &mut SchedState) -> bool {
    let mut any = false;
    for i in 0..st.threads.len() {
        let Some(key) = st.threads[i].sc.update_of else {
            continue;
        };
        let Some(at) = st.sc.updates.iter().position(|u| u.key == key) else {
            continue;
        };
        st.sc.updates.remove(at);
        let t = ThreadInstance(i as u8);
        st.sc.waits.retain(|(w, _)| *w != t);
        let th = st.thread_mut(t);
        th.status = ThreadStatus::Runnable;
        th.deadline = None;
        th.sc.static_wait = false;
        any = true;
    }
    any
}

/// The update phase (IEEE 1666 4.2.1.3): every requested channel's events and every clock
/// edge's events get a delta notification; reset signals take their new values (asynchronous
/// resets wake their processes); SC_MANY_WRITERS signals forget this delta's writer. Returns
/// the trace text (empty when nothing was updated) and the processes an asynchronous reset
/// woke.
pub fn update_phase_woken(
    st: &mut SchedState,
) -> Result<(String, Vec<ThreadInstance>), SchedError> {
    for w in st.sc.writers.iter_mut() {
        if w.many {
            w.writer = None;
        }
    }
    let pending_clock = st.sc.clocks.iter().any(|c| c.pending.is_some());
    st.sc.changed.clear();
    if st.sc.updates.is_empty() && !pending_clock {
        return Ok((String::new(), Vec::new()));
    }
    let mut parts: Vec<String> = Some(update_parts(st, &|_| None))
        .filter(|p| !p.is_empty())
        .into_iter()
        .collect();
    let reqs: Vec<UpdateReq> = st.sc.updates.iter().copied().collect();
    st.sc.updates.clear();
    let mut changed = Vec::new();
    for u in reqs {
        if st.sc.track_changes && u.events.iter().any(|&k| k != 0) {
            mark_changed(st, u.key)?;
        }
        for k in u.events.into_iter().filter(|&k| k != 0) {
            let e = st.event_or_create(k)? as usize;
            st.events[e].pending = Pending::Delta;
        }
        if let Some(i) = st.sc.levels.iter().position(|x| x.0 == u.key) {
            // a bool signal: the posedge / negedge request bits give the new value
            let v = if u.events[1] != 0 {
                Some(true)
            } else if u.events[2] != 0 {
                Some(false)
            } else {
                None
            };
            if let Some(v) = v {
                if st.sc.levels[i].1 != v {
                    st.sc.levels[i].1 = v;
                    changed.push((u.key, v));
                }
            }
        }
    }
    let (clk, clk_parts) = super::systemc_clock::update_clocks(st)?;
    if st.sc.track_changes {
        for &(k, _) in &clk {
            mark_changed(st, k)?;
        }
    }
    changed.extend(clk);
    parts.extend(clk_parts);
    let woken = resets_changed(st, &changed);
    let mut text = format!("update: {}", parts.join(", "));
    if !woken.is_empty() {
        let n: Vec<String> = woken.iter().map(|t| st.thread_name(*t)).collect();
        text.push_str(&format!("; asynchronous reset of {}", n.join(", ")));
    }
    Ok((text, woken))
}

/// True when `prog` calls the `event-occurred` primitive of `spec` (`sc_signal::event()`):
/// only then does the state keep the channels changed by the last update phase.
pub fn asks_event_occurred(spec: &SchedulerSpec, prog: &crate::ir::Program) -> bool {
    prog.threads.iter().any(|c| {
        c.edges.iter().any(|e| match &e.op {
            crate::ir::Op::Call { func, .. } => spec
                .primitive(func)
                .is_some_and(|p| p.action == Action::EventOccurred),
            _ => false,
        })
    })
}

/// Records that channel `key` changed in this update phase (for `sc_signal::event()`).
fn mark_changed(st: &mut SchedState, key: i128) -> Result<(), SchedError> {
    let c = &mut st.sc.changed;
    if let Err(i) = c.binary_search(&key) {
        c.insert(i, key).map_err(|_| {
            SchedError::CapacityExceeded("channels changed in one update phase".to_string())
        })?;
    }
    Ok(())
}

/// The name of channel `key` in traces: a signal's own name (`sig[1]`, not the name of its
/// first cell `sig[1].cur`).
fn channel_name(st: &SchedState, key: i128, signal: bool) -> String {
    if signal {
        let cur = st.ghost.0.names.objects.iter().find_map(|(b, n)| {
            (*b as i128 == key)
                .then(|| n.strip_suffix(".cur"))
                .flatten()
        });
        if let Some(n) = cur {
            return n.to_string();
        }
    }
    st.object_name(key)
}

/// The trace text of the pending update requests of `st` (`a = 5 -> notifies
/// a.value_changed, f -> notifies f.data_written`), joined by `, `; `value` gives a signal's
/// new value when it is known (the concrete replay knows it, the scheduler does not: the
/// data lives in program variables).
pub fn update_parts(st: &SchedState, value: &dyn Fn(i128) -> Option<i128>) -> String {
    let mut parts = Vec::new();
    for u in st.sc.updates.iter() {
        let ev: Vec<String> = u
            .events
            .iter()
            .filter(|&&k| k != 0)
            .map(|&k| st.object_name(k))
            .collect();
        let mut name = channel_name(st, u.key, u.signal);
        if let Some(v) = value(u.key).filter(|_| u.signal) {
            name = format!("{name} = {v}");
        }
        if ev.is_empty() {
            parts.push(format!("{name} unchanged"));
        } else {
            parts.push(format!("{name} -> notifies {}", ev.join(", ")));
        }
    }
    parts.join(", ")
}

/// The update-phase text of `text` (a scheduler step taken in state `st`, whose update phase
/// commits `st`'s requests) with the new values of the updated signals that `value` knows.
pub fn with_update_values(
    st: &SchedState,
    text: &str,
    value: &dyn Fn(i128) -> Option<i128>,
) -> String {
    if st.sc.updates.is_empty() {
        return text.to_string();
    }
    let plain = format!("update: {}", update_parts(st, &|_| None));
    let valued = format!("update: {}", update_parts(st, value));
    text.replacen(&plain, &valued, 1)
}

/// [`update_phase_woken`] without the woken processes (they are runnable in `st`).
pub fn update_phase(st: &mut SchedState) -> Result<String, SchedError> {
    Ok(update_phase_woken(st)?.0)
}

/// A method process `t` returned: it waits for its trigger (its status was Running).
pub fn method_returns(st: &mut SchedState, t: ThreadInstance) -> Result<(), SchedError> {
    let sc = st.thread(t).sc;
    {
        let th = st.thread_mut(t);
        th.sc.trigger = Trigger::Static;
        th.sc.trigger_time = None;
    }
    match sc.trigger {
        Trigger::Static => wait_static(st, t),
        Trigger::Any | Trigger::All => {
            let th = st.thread_mut(t);
            th.status = ThreadStatus::WaitingList {
                all: sc.trigger == Trigger::All,
            };
            th.deadline = sc.trigger_time;
            th.sc.timed_out = false;
            Ok(())
        }
    }
}

/// At `sc_start`: processes with `dont_initialize` wait for their static sensitivity instead of
/// becoming runnable; then the initialization's update phase and delta notification phase
/// (IEEE 1666 4.2.1.1) run. Returns the woken processes and a trace text.
pub fn initialize(st: &mut SchedState) -> Result<(Vec<ThreadInstance>, String), SchedError> {
    if st.sc.initialized {
        return Ok((Vec::new(), "the simulation continues".to_string()));
    }
    st.sc.initialized = true;
    if user_update_pending(st) {
        return Err(SchedError::Unsupported(
            "request_update() of a user primitive channel before sc_start".to_string(),
        ));
    }
    for i in 0..st.threads.len() {
        let t = ThreadInstance(i as u8);
        if st.threads[i].sc.dont_init && st.threads[i].status == ThreadStatus::Runnable {
            wait_static(st, t)?;
        }
    }
    let mut text = update_phase(st)?;
    // clocks with their first edge at 0: the edge action runs in the first evaluation phase
    let edges = super::systemc_clock::edge_actions(st)?;
    if !edges.is_empty() {
        if !text.is_empty() {
            text.push_str("; ");
        }
        text.push_str(&edges);
    }
    let mut fired = Vec::new();
    for e in st.events.iter_mut() {
        if e.pending == Pending::Delta {
            e.pending = Pending::None;
            fired.push(e.key);
        }
    }
    let woken = wake_list_waiters(st, &fired);
    if !fired.is_empty() {
        if !text.is_empty() {
            text.push_str("; ");
        }
        text.push_str(&format!(
            "initial delta notification: {}",
            names(st, &fired, ", ")
        ));
    }
    Ok((woken, text))
}
