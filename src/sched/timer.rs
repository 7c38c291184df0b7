//! FreeRTOS software timers and the timer service task, as in FreeRTOS-Kernel's `timers.c`.
//!
//! - `xTimerCreate` / `xTimerCreateStatic` make a dormant timer (period, auto-reload, ID,
//!   callback) and, for the first timer, the timer service task ("Tmr Svc") at
//!   `configTIMER_TASK_PRIORITY`: a thread instance that runs the callbacks.
//! - Start / reset / stop / change-period / delete (`xTimerGenericCommandFromTask`,
//!   `..FromISR`) only *send a command* to the service task's queue of
//!   `configTIMER_QUEUE_LENGTH` items: a full queue fails the call at once with no block time
//!   (always from an interrupt, and before the scheduler starts), or blocks the caller. The
//!   commands take effect when the service task processes them, at its priority.
//! - The service task, when the policy dispatches it, does what `prvTimerTask` does: process
//!   the earliest expired timer (an auto-reload timer is re-armed from its expiry time, with
//!   one callback per period missed), then every queued command in order (start / reset arm
//!   the timer at command time + period, calling the callback at once when that is already
//!   past; change-period arms it at now + new period; stop and delete disarm it); a callback
//!   is run by restarting the service task's instance at the callback with the timer's handle
//!   as its argument, and the work continues when the callback returns. With nothing to do the
//!   task blocks until the earliest expiry or the next command. Timers with equal expiry
//!   expire in the order they were armed (the kernel's sorted list).
//! - `xTimerPendFunctionCall` / `..FromISR` send a command to call `f(pvParameter1,
//!   ulParameter2)` (both constants as the binder sees them): the service task runs it when it
//!   processes the command, as a callback (its instance restarted at `f` with both
//!   parameters). The kernel defers `xEventGroupSetBitsFromISR` / `xEventGroupClearBitsFromISR`
//!   the same way: their commands set / clear the group's bits when processed (waking the
//!   waiters as `xEventGroupSetBits` does; a woken task of higher priority than the service
//!   task runs before it processes its next command). The service task is created at the
//!   first timer or pended call (the kernel creates it when the scheduler starts).
//! - `pvTimerGetTimerID`, `vTimerSetTimerID`, `xTimerIsTimerActive` (armed: started and not
//!   yet processed is *not* active), `xTimerGetPeriod`, `vTimerSetReloadMode`,
//!   `xTimerGetReloadMode`, `pcTimerGetName` (the name pointer given at creation).
//!
//! Approximations (documented in `schedulers/README.md`): the service task's bookkeeping
//! between two callbacks is one atomic step (no tick or interrupt between processing two
//! commands), and after a callback returns the service task competes again with the ready
//! tasks of its priority (a time slice that the kernel would not take: more interleavings,
//! never fewer). Tick-count overflow is not modelled (ticks stay below the time bound).

use crate::ir::ThreadId;

use super::bind::{PrimitiveCall, Timeout};
use super::sexec::{done, int_arg, invalid, unavailable, Out, Res};
use super::spec::{Action, Returns, SchedulerSpec};
use super::state::{
    BlockOn, HandleKind, SchedState, ThreadInfo, ThreadInstance, ThreadStatus, MAX_TIMERS,
};
use super::SchedError;

/// Largest timer command queue kept (commands beyond it are a capacity error).
pub const MAX_TIMER_COMMANDS: usize = 16;
/// Callbacks due at once (missed periods of an auto-reload timer).
const MAX_DUE: usize = 16;

/// One software timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimerInfo {
    pub key: i128,
    pub callback: ThreadId,
    pub period: u64,
    pub auto_reload: bool,
    /// Armed (in the kernel's active list) with this expiry time.
    pub expiry: Option<u64>,
    /// With unobservable time (stored times relative to now): the ticks since an armed
    /// expiry that has passed while the service task could not process it (the expiry stays
    /// 0). An auto-reload timer is re-armed from its real expiry time, so the lateness must be
    /// kept: lost, a timer processed late fired a period late (one callback missing).
    pub overdue: u64,
    pub id: i128,
    /// The name given to `xTimerCreate` (a pointer value), when known.
    pub name: Option<i128>,
    pub deleted: bool,
}

/// A command in the service task's queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimerCmd {
    pub timer: u8,
    pub cmd: i8,
    /// Ticks since the command time (start / reset), or the new period (change-period).
    pub value: u64,
    /// A pended call (`cmd` negative, `timer` unused).
    pub deferred: Option<Deferred>,
}

/// What a pended-call command does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deferred {
    /// Calls a function of the program with its two arguments.
    Call { entry: ThreadId, p1: i128, p2: i128 },
    /// Sets (`set`) or clears bits of the event group with this handle.
    Group { key: i128, bits: u32, set: bool },
}

/// A callback the service task runs before it goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Due {
    /// The callback of a timer (by index), with the timer's handle.
    Timer(u8),
    /// A pended function with its two arguments.
    Call { entry: ThreadId, p1: i128, p2: i128 },
}

/// The service task's state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TimerState {
    /// The service task's instance (created with the first timer).
    pub task: Option<ThreadInstance>,
    pub queue: crate::sched::capvec::CapVec<TimerCmd, MAX_TIMER_COMMANDS>,
    /// Armed timers by expiry (equal expiries in arming order).
    pub list: crate::sched::capvec::CapVec<u8, MAX_TIMERS>,
    /// Callbacks to run before the service task goes on.
    pub due: crate::sched::capvec::CapVec<Due, MAX_DUE>,
    /// The service task has processed the expired timer of its loop iteration and is
    /// draining the command queue.
    pub draining: bool,
    /// The service task's instance is running a callback.
    pub in_callback: bool,
}

/// True for the actions this module executes.
pub fn handles(a: Action) -> bool {
    matches!(
        a,
        Action::TimerCreate
            | Action::TimerStamp
            | Action::TimerCommand
            | Action::TimerGetId
            | Action::TimerSetId
            | Action::TimerIsActive
            | Action::TimerGetPeriod
            | Action::TimerGetExpiry
            | Action::TimerSetReload
            | Action::TimerGetReload
            | Action::TimerGetName
            | Action::TimerPend
            | Action::EventGroupDeferSet
            | Action::EventGroupDeferClear
    )
}

fn cap(what: &str) -> SchedError {
    SchedError::CapacityExceeded(what.to_string())
}

fn timer(st: &SchedState, call: &PrimitiveCall) -> Result<(usize, String), SchedError> {
    let key = int_arg(call, call.object, "timer")?;
    let t = st
        .timers
        .iter()
        .position(|t| t.key == key && !t.deleted)
        .ok_or_else(|| invalid(call, key))?;
    Ok((t, format!("{}({})", call.func, st.object_name(key))))
}

/// Arms timer `t` to expire at `at` (after the armed timers expiring no later).
fn arm(st: &mut SchedState, t: usize, at: u64) -> Result<(), SchedError> {
    disarm(st, t);
    st.timers[t].expiry = Some(at);
    st.timers[t].overdue = 0;
    let pos = st
        .tmr
        .list
        .iter()
        .position(|&o| st.timers[o as usize].expiry.is_some_and(|e| e > at))
        .unwrap_or(st.tmr.list.len());
    st.tmr
        .list
        .insert(pos, t as u8)
        .map_err(|_| cap("timer list"))
}

fn disarm(st: &mut SchedState, t: usize) {
    st.timers[t].expiry = None;
    st.timers[t].overdue = 0;
    st.tmr.list.retain(|&o| o as usize != t);
}

fn due(st: &mut SchedState, t: usize) -> Result<(), SchedError> {
    st.tmr
        .due
        .push(Due::Timer(t as u8))
        .map_err(|_| cap(&format!("more than {MAX_DUE} timer callbacks due at once")))
}

/// `prvReloadTimer`: re-arms an auto-reload timer that expired `since` ticks ago, one
/// callback per further period already past.
fn reload(st: &mut SchedState, t: usize, mut since: u64) -> Result<(), SchedError> {
    let p = st.timers[t].period.max(1);
    while since >= p {
        since -= p;
        due(st, t)?;
    }
    let at = st.now + (p - since);
    arm(st, t, at)
}

/// Processes one command (`prvProcessReceivedCommands`); returns a label and the tasks a
/// deferred event-group set woke.
fn process(st: &mut SchedState, c: TimerCmd) -> Result<(String, Vec<ThreadInstance>), SchedError> {
    match c.deferred {
        Some(Deferred::Call { entry, p1, p2 }) => {
            st.tmr
                .due
                .push(Due::Call { entry, p1, p2 })
                .map_err(|_| cap(&format!("more than {MAX_DUE} callbacks due at once")))?;
            return Ok((String::new(), Vec::new()));
        }
        Some(Deferred::Group { key, bits, set }) => {
            let g = st.group_index(key).ok_or_else(|| {
                SchedError::Unsupported(format!(
                    "a deferred event-group {} for {}, no longer an event group",
                    if set { "set" } else { "clear" },
                    st.object_name(key)
                ))
            })?;
            let name = st.object_name(key);
            if set {
                let woken = super::event_group::set_bits(st, g, bits);
                let v = st.groups[g as usize].bits;
                let l = format!(
                    "sets {bits:#x} of {name} (deferred), bits now {v:#x}{}",
                    super::sexec::woke_label(st, &woken)
                );
                return Ok((l, woken));
            }
            st.groups[g as usize].bits &= !bits;
            let v = st.groups[g as usize].bits;
            return Ok((
                format!("clears {bits:#x} of {name} (deferred), bits now {v:#x}"),
                Vec::new(),
            ));
        }
        None => {}
    }
    process_timer(st, c).map(|l| (l, Vec::new()))
}

/// Processes a command for a timer.
fn process_timer(st: &mut SchedState, c: TimerCmd) -> Result<String, SchedError> {
    let t = c.timer as usize;
    let name = st.object_name(st.timers[t].key);
    if st.timers[t].deleted {
        return Ok(format!("command for deleted timer {name} ignored"));
    }
    disarm(st, t);
    let now = st.now;
    let p = st.timers[t].period;
    Ok(match c.cmd {
        1 | 2 | 6 | 7 => {
            // expiry = command time + period; the command time was `c.value` ticks ago
            if c.value >= p {
                if st.timers[t].auto_reload {
                    reload(st, t, c.value - p)?;
                }
                due(st, t)?;
                format!("starts {name}: already expired")
            } else {
                let at = now + (p - c.value);
                arm(st, t, at)?;
                format!("starts {name} (expires at {})", show(st, at))
            }
        }
        3 | 8 => format!("stops {name}"),
        4 | 9 => {
            if c.value == 0 {
                return Err(SchedError::Misuse(format!(
                    "period 0 for timer {name}: the kernel's configASSERT fails"
                )));
            }
            st.timers[t].period = c.value;
            let at = now + c.value;
            arm(st, t, at)?;
            format!("{name} period {} (expires at {})", c.value, show(st, at))
        }
        5 => {
            st.timers[t].deleted = true;
            format!("deletes {name}")
        }
        other => format!("unknown timer command {other} ignored"),
    })
}

fn show(st: &SchedState, at: u64) -> String {
    if st.time_observable {
        format!("{at}")
    } else {
        format!("{}", st.abs_time() + at.saturating_sub(st.now))
    }
}

/// The service task `d` was dispatched (not in a callback): its work up to the next callback.
/// Returns the callback to run (entry, its argument: the timer handle, or a pended function's
/// two arguments) and a label, or `None` with the task blocked until the earliest expiry or
/// the next command, or (still runnable) preempted by a task of higher priority that a
/// deferred event-group set woke.
#[allow(clippy::type_complexity)]
pub fn dispatch(
    st: &mut SchedState,
    d: ThreadInstance,
) -> Result<(Option<(ThreadId, i128, Option<i128>)>, String), SchedError> {
    let mut text: Vec<String> = Vec::new();
    {
        let th = st.thread_mut(d);
        th.timed_out = false;
        th.deadline = None;
    }
    loop {
        if !st.tmr.due.is_empty() {
            let (entry, p1, p2) = match st.tmr.due.remove(0) {
                Due::Timer(t) => {
                    let info = st.timers[t as usize];
                    text.push(format!("calls {}", st.object_name(info.key)));
                    (info.callback, info.key, None)
                }
                Due::Call { entry, p1, p2 } => {
                    text.push(format!("calls the pended function ({p1:#x}, {p2})"));
                    (entry, p1, Some(p2))
                }
            };
            st.tmr.in_callback = true;
            st.thread_mut(d).entry = entry;
            st.thread_mut(d).status = ThreadStatus::Running;
            return Ok((Some((entry, p1, p2)), text.join(", ")));
        }
        if !st.tmr.draining {
            st.tmr.draining = true;
            let head = st.tmr.list.first().map(|&t| t as usize);
            if let Some(t) = head {
                let at = st.timers[t].expiry.unwrap_or(u64::MAX);
                if at <= st.now {
                    let late = st.now - at + st.timers[t].overdue;
                    disarm(st, t);
                    if st.timers[t].auto_reload {
                        reload(st, t, late)?;
                    }
                    due(st, t)?;
                    text.push(format!("{} expired", st.object_name(st.timers[t].key)));
                    continue;
                }
            }
            if st.tmr.queue.is_empty() {
                // block until the earliest expiry or a command
                st.tmr.draining = false;
                let dl = st
                    .tmr
                    .list
                    .first()
                    .and_then(|&t| st.timers[t as usize].expiry);
                let th = st.thread_mut(d);
                th.status = ThreadStatus::Blocked {
                    on: BlockOn::TimerDaemon,
                };
                th.deadline = dl;
                text.push("waits".into());
                return Ok((None, text.join(", ")));
            }
        }
        if st.tmr.queue.is_empty() {
            st.tmr.draining = false;
            continue;
        }
        let c = st.tmr.queue.remove(0);
        let (l, woken) = process(st, c)?;
        if !l.is_empty() {
            text.push(l);
        }
        // a freed slot: senders blocked on the full queue retry
        for th in st.threads.iter_mut() {
            if th.status
                == (ThreadStatus::Blocked {
                    on: BlockOn::TimerQueueSend,
                })
            {
                th.status = ThreadStatus::Runnable;
            }
        }
        let mine = st.thread(d).eff_prio;
        if woken.iter().any(|&w| st.thread(w).eff_prio > mine) {
            // the set's xTaskResumeAll yields to the woken task: the service task stays
            // ready and goes on draining its queue when dispatched again
            text.push("yields".into());
            return Ok((None, text.join(", ")));
        }
    }
}

/// A callback returned: the service task goes on with its work when dispatched again.
pub fn callback_returns(st: &mut SchedState, d: ThreadInstance) {
    st.tmr.in_callback = false;
    st.thread_mut(d).status = ThreadStatus::Runnable;
}

/// True when instance `t` is the service task outside a callback (the policy runs its work
/// instead of its code).
pub fn is_idle_daemon(st: &SchedState, t: ThreadInstance) -> bool {
    st.tmr.task == Some(t) && !st.tmr.in_callback
}

/// `d` ticks passed: the ages of queued start / reset commands and of tick-count reads for a
/// timer command grow (beyond the time bound: capacity exceeded); with time normalised to
/// now = 0 (`shift_expiries`) the expiry times move too.
pub fn age(st: &mut SchedState, d: u64, max: u64, shift_expiries: bool) -> Result<(), SchedError> {
    let grow = |a: u64| {
        a.checked_add(d)
            .filter(|&x| x <= max)
            .ok_or_else(|| cap(&format!("timer command older than the time bound {max}")))
    };
    for c in st.tmr.queue.iter_mut() {
        if matches!(c.cmd, 1 | 2 | 6 | 7) {
            c.value = grow(c.value)?;
        }
    }
    for th in st.threads.iter_mut() {
        if let Some(a) = th.stamp {
            th.stamp = Some(grow(a)?);
        }
    }
    if shift_expiries {
        for t in st.timers.iter_mut() {
            if let Some(e) = &mut t.expiry {
                if *e < d {
                    t.overdue = t
                        .overdue
                        .checked_add(d - *e)
                        .filter(|&x| x <= max)
                        .ok_or_else(|| {
                            cap(&format!("timer overdue beyond the time bound {max}"))
                        })?;
                }
                *e = e.saturating_sub(d);
            }
        }
    }
    Ok(())
}

/// Creates the timer service task (at `configTIMER_TASK_PRIORITY`) if it does not exist yet,
/// starting at `entry` (it runs only callbacks); returns it when created.
fn ensure_task(
    spec: &SchedulerSpec,
    st: &mut SchedState,
    entry: ThreadId,
) -> Result<Option<ThreadInstance>, SchedError> {
    if st.tmr.task.is_some() {
        return Ok(None);
    }
    let status = if st.started {
        ThreadStatus::Runnable
    } else {
        ThreadStatus::NotStarted
    };
    let d = st.add_thread(ThreadInfo::new(entry, status, spec.timer_priority()))?;
    st.tmr.task = Some(d);
    Ok(Some(d))
}

/// Sends command `c` to the service task's queue (`xQueueSendToBack` on the timer queue): a
/// full queue fails or blocks the caller (never before the scheduler starts); a queued command
/// wakes the service task when it waits.
fn send(
    spec: &SchedulerSpec,
    mut st: SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
    c: TimerCmd,
    what: &str,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let d = st.tmr.task.ok_or_else(|| invalid(call, 0))?;
    if st.tmr.queue.len() >= spec.timer_queue_len as usize {
        // before the scheduler starts the kernel sends without blocking
        let timeout = if st.started {
            call.timeout
        } else {
            Some(Timeout::Ticks(0))
        };
        let w = format!("{what}: timer command queue full");
        return unavailable(spec, st, r, BlockOn::TimerQueueSend, timeout, &w);
    }
    st.tmr
        .queue
        .push(c)
        .map_err(|_| cap(&format!("more than {MAX_TIMER_COMMANDS} timer commands")))?;
    done(&mut st, r);
    st.thread_mut(r).stamp = None;
    let th = st.thread_mut(d);
    let woke = th.status
        == (ThreadStatus::Blocked {
            on: BlockOn::TimerDaemon,
        });
    if woke {
        th.status = ThreadStatus::Runnable;
        th.deadline = None;
        th.timed_out = false;
    }
    let n = st.tmr.queue.len();
    let w = if woke { "; wakes Tmr Svc" } else { "" };
    let cmd = c.cmd;
    Ok(vec![(
        Out::new(
            Res::Ok,
            format!("{what}: command {cmd} queued ({n} queued){w}"),
        ),
        st,
    )])
}

/// Runs a timer primitive of thread `r`.
pub(super) fn exec(
    spec: &SchedulerSpec,
    mut st: SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let f = call.func.as_str();
    let one = |o: Out, s: SchedState| Ok(vec![(o, s)]);
    match call.action {
        Action::TimerCreate => {
            let entry = call
                .entry
                .ok_or_else(|| SchedError::Unsupported(format!("{f}: missing callback")))?;
            let period = int_arg(call, call.period, "period")?;
            if period <= 0 {
                return Err(SchedError::Misuse(format!(
                    "{f}: period {period}: the kernel's configASSERT fails"
                )));
            }
            let i = st.timers.len();
            let key = call
                .object
                .unwrap_or_else(|| st.handle(HandleKind::Timer, i));
            st.timers
                .push(TimerInfo {
                    key,
                    callback: entry,
                    period: period as u64,
                    auto_reload: int_arg(call, call.flag, "auto-reload flag")? != 0,
                    expiry: None,
                    overdue: 0,
                    id: call.id.unwrap_or(0),
                    name: call.value,
                    deleted: false,
                })
                .map_err(|_| cap(&format!("more than {MAX_TIMERS} timers")))?;
            let spawned = ensure_task(spec, &mut st, entry)?;
            let res = if call.returns == Returns::Handle {
                Res::Value(key)
            } else {
                Res::Ok
            };
            let mut o = Out::new(
                res,
                format!(
                    "{f}: creates timer {} (period {period})",
                    st.object_name(key)
                ),
            );
            o.spawned = spawned;
            one(o, st)
        }
        Action::TimerCommand => {
            let (t, what) = timer(&st, call)?;
            let cmd = int_arg(call, call.command, "command")?;
            let mut value = u64::try_from(call.value.unwrap_or(0).max(0)).unwrap_or(u64::MAX);
            if matches!(cmd, 1 | 2 | 6 | 7) {
                // the command time: the caller's tick-count read just before (its age), or an
                // absolute tick count
                value = match st.thread(r).stamp {
                    Some(a) => a,
                    None if st.time_observable && value <= st.now => st.now - value,
                    None => {
                        return Err(SchedError::Unsupported(format!(
                            "{f}: a start command whose command time is not a tick count read just before"
                        )))
                    }
                };
            }
            if st.tmr.task.is_none() {
                return Err(invalid(call, 0));
            }
            let c = TimerCmd {
                timer: t as u8,
                cmd: cmd.clamp(-128, 127) as i8,
                value,
                deferred: None,
            };
            send(spec, st, call, r, c, &what)
        }
        Action::TimerPend | Action::EventGroupDeferSet | Action::EventGroupDeferClear => {
            let (deferred, entry) = if call.action == Action::TimerPend {
                let entry = call
                    .entry
                    .ok_or_else(|| SchedError::Unsupported(format!("{f}: missing function")))?;
                let p1 = int_arg(call, call.param, "first parameter")?;
                let p2 = int_arg(call, call.value, "second parameter")?;
                (Deferred::Call { entry, p1, p2 }, entry)
            } else {
                let key = int_arg(call, call.object, "event group")?;
                if st.group_index(key).is_none() {
                    return Err(invalid(call, key));
                }
                let set = call.action == Action::EventGroupDeferSet;
                let what = if set { "bits to set" } else { "bits to clear" };
                let bits = super::event_group::bits_arg(call, call.bits, what)?;
                // the service task's instance has no code of its own: it only runs callbacks
                (Deferred::Group { key, bits, set }, ThreadId(0))
            };
            let spawned = ensure_task(spec, &mut st, entry)?;
            let c = TimerCmd {
                timer: 0,
                // tmrCOMMAND_EXECUTE_CALLBACK (the ..FromISR variant's -2 acts the same)
                cmd: -1,
                value: 0,
                deferred: Some(deferred),
            };
            let mut outs = send(spec, st, call, r, c, f)?;
            for (o, _) in outs.iter_mut() {
                o.spawned = spawned;
            }
            Ok(outs)
        }
        Action::TimerStamp => {
            st.thread_mut(r).stamp = Some(0);
            one(
                Out::new(Res::Ok, format!("{f}: tick count for a timer command")),
                st,
            )
        }
        Action::TimerGetId => {
            let (t, what) = timer(&st, call)?;
            let id = st.timers[t].id;
            one(Out::new(Res::Value(id), format!("{what}: {id:#x}")), st)
        }
        Action::TimerSetId => {
            let (t, what) = timer(&st, call)?;
            let id = int_arg(call, call.id, "ID")?;
            st.timers[t].id = id;
            one(Out::new(Res::Ok, format!("{what}: ID {id:#x}")), st)
        }
        Action::TimerIsActive => {
            let (t, what) = timer(&st, call)?;
            // armed: started (the command processed) and not expired if one-shot
            let a = st.timers[t].expiry.is_some();
            one(Out::new(Res::Value(a as i128), format!("{what}: {a}")), st)
        }
        Action::TimerGetExpiry => {
            // the kernel returns the timer's list item value: its expiry tick when armed (the
            // last one otherwise, not kept here: the result is then left open)
            let (t, what) = timer(&st, call)?;
            if !st.time_observable {
                return Err(SchedError::Unsupported(format!(
                    "{} in a state with unobservable time",
                    call.func
                )));
            }
            match st.timers[t].expiry {
                Some(e) => one(Out::new(Res::Value(e as i128), format!("{what}: {e}")), st),
                None => one(
                    Out::new(Res::Ok, format!("{what}: not armed, its last expiry")),
                    st,
                ),
            }
        }
        Action::TimerGetName => {
            let (t, what) = timer(&st, call)?;
            let n = st.timers[t].name.ok_or_else(|| {
                SchedError::Unsupported(format!(
                    "{what}: the name given to the timer's creation is not a known pointer"
                ))
            })?;
            one(Out::new(Res::Value(n), format!("{what}: its name")), st)
        }
        Action::TimerGetPeriod => {
            let (t, what) = timer(&st, call)?;
            let p = st.timers[t].period;
            one(Out::new(Res::Value(p as i128), format!("{what}: {p}")), st)
        }
        Action::TimerSetReload => {
            let (t, what) = timer(&st, call)?;
            let a = int_arg(call, call.flag, "auto-reload flag")? != 0;
            st.timers[t].auto_reload = a;
            one(Out::new(Res::Ok, format!("{what}: auto-reload {a}")), st)
        }
        Action::TimerGetReload => {
            let (t, what) = timer(&st, call)?;
            let a = st.timers[t].auto_reload;
            one(Out::new(Res::Value(a as i128), format!("{what}: {a}")), st)
        }
        _ => Err(SchedError::Unsupported(format!(
            "{f}: action {} is not a timer action",
            call.action
        ))),
    }
}
