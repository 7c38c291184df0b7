//! `Sexec`: executes one primitive call of the running thread on the scheduler state and returns
//! every outcome (several when the primitive is nondeterministic: a condition signal choosing a
//! waiter, a finite timeout that may expire when time is not modelled, spurious wake-ups).
//!
//! Blocking primitives (mutex lock, semaphore take, queue send/receive, join, condition
//! re-acquire) that cannot complete leave the thread `Blocked` with `advance == false`: the call
//! is executed again when the thread runs, so it re-checks the resource; a timeout that expired
//! meanwhile (`ThreadInfo::timed_out`) makes the re-execution fail.
//!
//! This module owns the outcome types, the common epilogue of every primitive ([`sexec`]:
//! rescheduling, `pxHigherPriorityTaskWoken`, return conventions, tracked bindings), the helpers
//! the object families share, and the thread, time and event actions; each object family runs in
//! its own module (`mutex`, `semaphore`, `queue`, `critical`, `cond`, `notify`, `event_group`,
//! `timer`, `stream_buffer`, `queue_set`, `systemc`), dispatched from `exec` by its `handles`.

use crate::ir::{Expr, Program, ThreadId, Type, VarId};

use super::bind::{PrimitiveCall, Timeout, VarRef};
use super::policy::{self, reschedule};
use super::spec::{Action, MainAfter, NotifyMode, Policy, Returns, SchedulerSpec, TimeModel};
use super::state::{
    running, BlockOn, HandleKind, Pending, SchedState, ThreadInfo, ThreadInstance, ThreadStatus,
};
use super::SchedError;

/// Direction of a queue copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CopyDir {
    /// Copy `item_size` bytes from the object `item` points to into the slot.
    IntoQueue,
    /// Copy the slot into the object `item` points to.
    OutOfQueue,
}

/// Values handed over through a queue: the engine keeps ghost cells per (queue, slot) holding
/// an item (`item_size` bytes, laid out like the sender's object) and copies them.
#[derive(Clone, Debug, PartialEq)]
pub struct QueueCopy {
    /// Index into `SchedState::queues`.
    pub queue: u8,
    pub slot: u16,
    pub dir: CopyDir,
    /// The item pointer argument as written in the program.
    pub item: Expr,
    pub item_size: u32,
    /// A stream-buffer copy: `item_size` bytes between the object at `item` and the `u8` slots
    /// `slot, slot + 1, ..` (modulo the queue's capacity), see `sched::stream_buffer`.
    pub stream: bool,
}

/// The exit value a completed join hands over (`pthread_join(t, &ret)`, `thrd_join(t, &res)`):
/// the engine copies the joined instance's exit-value cell (`ir::Cfg::ret` of its entry: what
/// its entry function returned or `pthread_exit` / `thrd_exit` was given, see the lowering) into
/// the cell the out-parameter points to, the way a queue copy moves an item between threads.
#[derive(Clone, Debug, PartialEq)]
pub struct ExitCopy {
    /// The joined instance.
    pub from: ThreadInstance,
    /// The out-parameter as written in the program (a non-null pointer).
    pub into: Expr,
}

/// The cells of an exit-value copy: the exit-value cell of the joined instance's entry
/// `joined` and the scalar cell of the same width the out-parameter's address `addr` points at
/// the start of; `Err(why)` when the entry has no scalar exit value or `addr` is not such a cell.
pub fn exit_copy_cells(
    prog: &Program,
    joined: ThreadId,
    addr: i128,
) -> Result<(VarId, VarId), String> {
    let src = prog.thread(joined).ret.ok_or_else(|| {
        format!(
            "the joined thread `{}` has no scalar exit value",
            prog.thread(joined).name
        )
    })?;
    let bytes = u32::from(prog.var(src).ty.bits()) / 8;
    let dst = queue_item_cell(prog, addr, bytes)
        .map_err(|why| format!("the join's out-parameter: {why}"))?;
    Ok((src, dst))
}

/// The assignment of an exit-value copy made by instance `r` (of entry `entry`) in state `st`:
/// the cell the out-parameter points to, and the value it receives, an expression over the
/// joined instance's (`ec.from`) exit-value cell converted to the cell's type. The
/// out-parameter's address must be a constant once the binder's tracked values are put in, and
/// point at the start of a scalar cell of the exit value's width that is the joiner's own local
/// or a global holding no scheduler object; `Err(why)` otherwise (the engines answer UNKNOWN).
pub fn exit_copy_assignment(
    prog: &Program,
    binder: &super::Binder,
    st: &SchedState,
    r: ThreadInstance,
    entry: ThreadId,
    ec: &ExitCopy,
) -> Result<(VarId, Expr), String> {
    let Expr::Const(addr, _) = binder.specialise(st, r, &ec.into) else {
        return Err("the join's out-parameter is not a constant address".into());
    };
    let (src, dst) = exit_copy_cells(prog, st.thread(ec.from).entry, addr)?;
    let sty = prog.var(src).ty;
    let dv = prog.var(dst);
    if let crate::ir::Scope::Local(t) = dv.scope {
        if t != entry {
            return Err(format!(
                "the out-parameter `{}` is another thread's local",
                dv.name
            ));
        }
    }
    if binder.is_tracked(dst) {
        return Err(format!(
            "the out-parameter `{}` holds a scheduler object",
            dv.name
        ));
    }
    let x = if sty == dv.ty {
        Expr::Var(src)
    } else {
        Expr::cast(dv.ty, Expr::Var(src))
    };
    Ok((dst, x))
}

/// The scalar cell a queue copy reads or writes: the item pointer `addr` must point at the start
/// of a scalar cell of exactly `item_size` bytes (copies of structs, arrays or partial objects
/// are not supported yet).
pub fn queue_item_cell(prog: &Program, addr: i128, item_size: u32) -> Result<VarId, String> {
    let v = super::bind::cell_at(prog, addr)
        .ok_or_else(|| format!("the item pointer {addr:#x} is not the address of a variable"))?;
    let ty = prog.var(v).ty;
    if !matches!(ty, Type::Int { .. }) || u32::from(ty.bits()) != item_size.saturating_mul(8) {
        return Err(format!(
            "the item `{}` is not a scalar of the queue's item size ({item_size} bytes)",
            prog.var(v).name
        ));
    }
    Ok(v)
}

/// One outcome of a primitive.
#[derive(Clone, Debug, PartialEq)]
pub struct ReturnValue {
    /// Value of the call's result variable; `None`: leave it nondeterministic (or untouched when
    /// `advance` is false).
    pub ret: Option<i128>,
    /// Out-parameter cells to write (created handles, `*prev` of delay-until).
    pub writes: Vec<(VarId, i128)>,
    /// False when the thread blocked before completing the call (the edge is not taken).
    pub advance: bool,
    /// The thread instance created by a spawn.
    pub spawned: Option<ThreadInstance>,
    /// An interrupt handler instance to restart at its entry (software-triggered interrupt).
    pub restart: Option<ThreadInstance>,
    pub copy: Option<QueueCopy>,
    /// A completed join's exit-value copy.
    pub exit_copy: Option<ExitCopy>,
    /// Human-readable description for traces.
    pub label: String,
}

/// What happened, before mapping to the description's return convention.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Res {
    Ok,
    Fail,
    Value(i128),
}

pub(super) struct Out {
    pub(super) res: Res,
    pub(super) advance: bool,
    pub(super) writes: Vec<(VarRef, i128)>,
    pub(super) spawned: Option<ThreadInstance>,
    restart: Option<ThreadInstance>,
    pub(super) copy: Option<QueueCopy>,
    pub(super) exit_copy: Option<ExitCopy>,
    label: String,
}

impl Out {
    pub(super) fn new(res: Res, label: String) -> Out {
        Out {
            res,
            advance: true,
            writes: Vec::new(),
            spawned: None,
            restart: None,
            copy: None,
            exit_copy: None,
            label,
        }
    }
    pub(super) fn blocked(label: String) -> Out {
        let mut o = Out::new(Res::Ok, label);
        o.advance = false;
        o
    }
}

/// The bit of `SchedState::critical` set by `interrupts-disable` (masking without nesting);
/// the low bits count critical-section nesting.
pub(super) const MASK_BIT: u8 = 0x80;

pub(super) fn int_arg(
    call: &PrimitiveCall,
    v: Option<i128>,
    what: &str,
) -> Result<i128, SchedError> {
    v.ok_or_else(|| SchedError::Unsupported(format!("{}: missing {what} argument", call.func)))
}

pub(super) fn nonneg(v: i128) -> u64 {
    u64::try_from(v.max(0)).unwrap_or(u64::MAX)
}

/// Runs one primitive call of the running thread.
pub fn sexec(
    spec: &SchedulerSpec,
    state: &SchedState,
    call: &PrimitiveCall,
) -> Result<Vec<(ReturnValue, SchedState)>, SchedError> {
    let r = running(state).ok_or(SchedError::NoRunningThread)?;
    let outs = exec(spec, state, call, r)?;
    let mut res = Vec::with_capacity(outs.len());
    // `pxHigherPriorityTaskWoken`: the priority a readied thread must exceed
    let base = state
        .interrupted
        .filter(|_| state.thread(r).is_isr)
        .unwrap_or(r);
    let base_prio = state.thread(base).eff_prio;
    for (o, mut st) in outs {
        let mut o = o;
        if let Some(w) = call.woken {
            let woke_higher = st.instances().any(|(t, info)| {
                !info.is_isr
                    && t != base
                    && info.status == ThreadStatus::Runnable
                    && info.eff_prio > base_prio
                    // (a thread created by the call, the timer service task, was readied too)
                    && state
                        .threads
                        .get(t.index())
                        .is_none_or(|i| i.status != ThreadStatus::Runnable)
            });
            if o.advance && woke_higher {
                o.writes.push((w, 1));
            }
        }
        if st.thread(r).is_isr && !o.advance {
            return Err(SchedError::Misuse(format!(
                "{} would block in interrupt handler {}",
                call.func,
                st.thread_name(r)
            )));
        }
        if st.thread(r).is_isr
            && !matches!(
                st.thread(r).status,
                ThreadStatus::Running | ThreadStatus::Finished | ThreadStatus::Idle
            )
        {
            return Err(SchedError::Misuse(format!(
                "{} suspends interrupt handler {}",
                call.func,
                st.thread_name(r)
            )));
        }
        let th = *st.thread(r);
        let stopped =
            !matches!(th.status, ThreadStatus::Running | ThreadStatus::Finished) && !th.is_isr;
        if stopped && (st.critical > 0 || st.sched_suspended > 0) {
            return Err(SchedError::Misuse(format!(
                "{} blocks or yields inside a critical section or with the scheduler suspended",
                call.func
            )));
        }
        if stopped && !o.advance && st.atomic.is_some_and(|(a, _)| a == r) {
            return Err(SchedError::Unsupported(format!(
                "{} blocks inside an atomic section",
                call.func
            )));
        }
        policy::recompute_priorities(spec, &mut st);
        let mut label = o.label;
        if let Some(l) = reschedule(spec, &mut st) {
            label = format!("{label}; {l}");
        }
        if st.thread(r).status != ThreadStatus::Running {
            st.ghost.0.last = Some(r);
        }
        let ret = if !o.advance {
            None
        } else {
            match (call.returns, o.res) {
                (Returns::None, _) => None,
                (Returns::Const(c), _) => Some(c),
                (Returns::SuccessFlag { ok, .. }, Res::Ok) => Some(ok),
                (Returns::SuccessFlag { fail, .. }, Res::Fail) => Some(fail),
                (_, Res::Value(v)) => Some(v),
                (_, Res::Ok) | (_, Res::Fail) => None,
            }
        };
        if o.advance {
            if let Some(rv) = call.ret {
                if rv.tracked {
                    let owner = rv.local.then_some(r);
                    st.set_binding(rv.var, owner, ret.map(|v| rv.ty.wrap(v)))?;
                }
            }
        }
        if o.copy
            .as_ref()
            .is_some_and(|c| c.dir == CopyDir::OutOfQueue)
        {
            // the engine copies the item into the buffer: what the scheduler knew of it is gone
            for vr in &call.item_cells {
                st.set_binding(vr.var, vr.local.then_some(r), None)?;
            }
        }
        let mut writes = Vec::new();
        for (vr, v) in o.writes {
            let v = vr.ty.wrap(v);
            if vr.tracked {
                st.set_binding(vr.var, vr.local.then_some(r), Some(v))?;
            }
            writes.push((vr.var, v));
        }
        res.push((
            ReturnValue {
                ret: ret.map(|v| match call.ret {
                    Some(rv) => rv.ty.wrap(v),
                    None => v,
                }),
                writes,
                advance: o.advance,
                spawned: o.spawned,
                restart: o.restart,
                copy: o.copy,
                exit_copy: o.exit_copy,
                label,
            },
            st,
        ));
    }
    Ok(res)
}

/// Target thread of a handle argument: NULL (0) is the caller.
pub(super) fn target_thread(
    st: &SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
) -> Result<ThreadInstance, SchedError> {
    let v = int_arg(call, call.object, "thread")?;
    if v == 0 {
        return Ok(r);
    }
    match st.decode_handle(v) {
        Some((HandleKind::Thread, i)) if i < st.threads.len() => Ok(ThreadInstance(i as u8)),
        _ => Err(SchedError::InvalidObject {
            func: call.func.clone(),
            value: v,
        }),
    }
}

pub(super) fn invalid(call: &PrimitiveCall, v: i128) -> SchedError {
    SchedError::InvalidObject {
        func: call.func.clone(),
        value: v,
    }
}

/// Wakes every thread blocked on `on` (they re-execute their call).
pub(super) fn wake_blocked(st: &mut SchedState, on: BlockOn) -> Vec<ThreadInstance> {
    let mut woken = Vec::new();
    for (i, t) in st.threads.iter_mut().enumerate() {
        if t.status == (ThreadStatus::Blocked { on }) {
            t.status = ThreadStatus::Runnable;
            woken.push(ThreadInstance(i as u8));
        }
    }
    woken
}

pub(super) fn names(st: &SchedState, ts: &[ThreadInstance]) -> String {
    ts.iter()
        .map(|t| st.thread_name(*t))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn woke_label(st: &SchedState, ts: &[ThreadInstance]) -> String {
    if ts.is_empty() {
        String::new()
    } else {
        format!("; wakes {}", names(st, ts))
    }
}

/// The resource a blocking primitive needs is unavailable: fail, block (with the timeout's
/// deadline), or — without a time model and with a finite timeout — both.
pub(super) fn unavailable(
    spec: &SchedulerSpec,
    mut st: SchedState,
    r: ThreadInstance,
    on: BlockOn,
    timeout: Option<Timeout>,
    what: &str,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let th = *st.thread(r);
    if th.timed_out {
        let t = st.thread_mut(r);
        t.timed_out = false;
        t.deadline = None;
        return Ok(vec![(
            Out::new(Res::Fail, format!("{what}: timeout expired")),
            st,
        )]);
    }
    let block = |mut s: SchedState, deadline: Option<u64>| {
        let t = s.thread_mut(r);
        t.status = ThreadStatus::Blocked { on };
        t.deadline = deadline;
        s
    };
    match timeout {
        Some(Timeout::Ticks(0)) => Ok(vec![(
            Out::new(
                Res::Fail,
                format!("{what}: unavailable, fails (no timeout)"),
            ),
            st,
        )]),
        None | Some(Timeout::Forever) => {
            let s = block(st, None);
            Ok(vec![(Out::blocked(format!("{what}: blocked")), s)])
        }
        Some(Timeout::Ticks(n)) => match spec.time.model {
            TimeModel::None => {
                let fail = (
                    Out::new(Res::Fail, format!("{what}: unavailable, timeout expires")),
                    st.clone(),
                );
                let s = block(st, None);
                Ok(vec![(Out::blocked(format!("{what}: blocked")), s), fail])
            }
            _ => {
                let dl = match th.deadline {
                    Some(d) => d,
                    None => st.time_after(n, spec.time.max)?,
                };
                st = block(st, Some(dl));
                let at = if st.time_observable {
                    format!("{dl}")
                } else {
                    format!("{}", st.abs_time() + dl)
                };
                Ok(vec![(
                    Out::blocked(format!("{what}: blocked (timeout at {at})")),
                    st,
                )])
            }
        },
    }
}

/// SystemC method processes run to completion: a wait in one is a misuse.
pub(super) fn sc_no_wait_in_method(
    st: &SchedState,
    r: ThreadInstance,
    f: &str,
) -> Result<(), SchedError> {
    if st.thread(r).sc.method {
        return Err(SchedError::Misuse(format!(
            "{f} in method process {} (methods run to completion; use next_trigger)",
            st.thread_name(r)
        )));
    }
    Ok(())
}

/// Completed a blocking primitive: clear its timeout bookkeeping.
pub(super) fn done(st: &mut SchedState, r: ThreadInstance) {
    let t = st.thread_mut(r);
    t.deadline = None;
    t.timed_out = false;
}

pub(super) fn clamp_prio(spec: &SchedulerSpec, p: i128) -> u8 {
    p.clamp(0, spec.priorities.levels as i128 - 1) as u8
}

/// Finds or creates (statically initialised, e.g. PTHREAD_MUTEX_INITIALIZER) a mutex keyed by
/// an object address; handles must exist.
fn exec(
    spec: &SchedulerSpec,
    state: &SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let mut st = state.clone();
    let me = st.thread_name(r);
    let f = call.func.as_str();
    let one = |o: Out, s: SchedState| Ok(vec![(o, s)]);
    match call.action {
        Action::Spawn => {
            let entry: ThreadId = call
                .entry
                .ok_or_else(|| SchedError::Unsupported(format!("{f}: missing entry")))?;
            let prio = call
                .priority
                .map(|p| clamp_prio(spec, p))
                .unwrap_or(spec.priorities.default);
            let status = if st.started {
                ThreadStatus::Runnable
            } else {
                ThreadStatus::NotStarted
            };
            let mut info = ThreadInfo::new(entry, status, prio);
            info.name = call.name;
            let t = st.add_thread(info)?;
            let h = st.handle(HandleKind::Thread, t.index());
            let mut o = Out::new(
                if call.returns == Returns::Handle {
                    Res::Value(h)
                } else {
                    Res::Ok
                },
                format!("{f}: creates {} (priority {prio})", st.thread_name(t)),
            );
            o.spawned = Some(t);
            super::task_name::fill_copy(call, t, &mut o);
            if let Some(out) = call.handle_out {
                o.writes.push((out, h));
            }
            one(o, st)
        }
        Action::Start => {
            st.started = true;
            for t in st.threads.iter_mut() {
                if t.status == ThreadStatus::NotStarted && !t.is_isr {
                    t.status = ThreadStatus::Runnable;
                }
            }
            let after = call.main_after.unwrap_or(match spec.policy {
                Policy::Cooperative => MainAfter::ResumesAtEnd,
                _ => MainAfter::Finished,
            });
            let l = match after {
                MainAfter::Finished => {
                    st.thread_mut(r).status = ThreadStatus::Finished;
                    format!("{f}: scheduler starts; {me} ends")
                }
                MainAfter::ResumesAtEnd => {
                    st.thread_mut(r).status = ThreadStatus::Blocked {
                        on: BlockOn::SimulationEnd,
                    };
                    format!("{f}: simulation starts; {me} waits for its end")
                }
            };
            let l = if spec.time.model == TimeModel::DeltaTimed {
                let (woken, mut text) = super::systemc::initialize(&mut st)?;
                let lim = super::systemc_clock::set_limit(spec, &mut st, call.time)?;
                if !lim.is_empty() {
                    text = format!("{text}; {lim}");
                }
                match text.is_empty() {
                    true => l,
                    false => format!("{l}; {text}{}", woke_label(&st, &woken)),
                }
            } else {
                l
            };
            one(Out::new(Res::Ok, l), st)
        }
        Action::Yield => {
            st.thread_mut(r).status = ThreadStatus::Runnable;
            one(Out::new(Res::Ok, format!("{f}: {me} yields")), st)
        }
        Action::WaitEvent => {
            sc_no_wait_in_method(&st, r, f)?;
            let key = int_arg(call, call.object, "event")?;
            let e = st.event_or_create(key)?;
            st.thread_mut(r).status = ThreadStatus::Waiting { event: e };
            let l = format!("{f}({}): {me} waits", st.object_name(key));
            one(Out::new(Res::Ok, l), st)
        }
        Action::Notify => {
            let key = int_arg(call, call.object, "event")?;
            let e = st.event_or_create(key)? as usize;
            let name = st.object_name(key);
            let mut mode = call.mode.unwrap_or(NotifyMode::Immediate);
            let mut delay = 0u64;
            if mode == NotifyMode::Timed {
                delay = nonneg(int_arg(call, call.time, "time")?);
                if delay == 0 {
                    mode = NotifyMode::Delta;
                }
            }
            if mode == NotifyMode::Immediate && st.thread(r).sc.update_of.is_some() {
                // IEEE 1666 5.10.6: an error (the reference kernel reports it and stops)
                return Err(SchedError::Unsupported(format!(
                    "immediate notification of {name} in a primitive channel's update()"
                )));
            }
            let l = match mode {
                NotifyMode::Immediate => {
                    st.events[e].pending = Pending::None;
                    let mut woken = Vec::new();
                    for (i, t) in st.threads.iter_mut().enumerate() {
                        if t.status == (ThreadStatus::Waiting { event: e as u8 }) {
                            t.status = ThreadStatus::Runnable;
                            woken.push(ThreadInstance(i as u8));
                        }
                    }
                    woken.extend(super::systemc::wake_list_waiters(&mut st, &[key]));
                    woken.sort();
                    format!(
                        "{f}({name}): immediate notification{}",
                        woke_label(&st, &woken)
                    )
                }
                NotifyMode::Delta => {
                    st.events[e].pending = Pending::Delta;
                    format!("{f}({name}): delta notification pending")
                }
                NotifyMode::Timed => {
                    let at = st.time_after(delay, spec.time.max)?;
                    st.events[e].pending = match st.events[e].pending {
                        Pending::None => Pending::Timed(at),
                        Pending::Timed(x) => Pending::Timed(x.min(at)),
                        Pending::Delta => Pending::Delta,
                    };
                    format!("{f}({name}, {delay}): timed notification pending")
                }
            };
            one(Out::new(Res::Ok, l), st)
        }
        Action::WaitTime | Action::DelayTicks => {
            sc_no_wait_in_method(&st, r, f)?;
            let d = nonneg(int_arg(call, call.time, "time")?);
            if call.action == Action::DelayTicks && d == 0 {
                st.thread_mut(r).status = ThreadStatus::Runnable;
                return one(Out::new(Res::Ok, format!("{f}(0): {me} yields")), st);
            }
            if spec.time.model == TimeModel::None {
                // no time: the thread may resume at any later scheduling point
                st.thread_mut(r).status = ThreadStatus::Runnable;
                return one(
                    Out::new(Res::Ok, format!("{f}({d}): {me} yields (no time model)")),
                    st,
                );
            }
            let until = st.time_after(d, spec.time.max)?;
            st.thread_mut(r).status = ThreadStatus::Sleeping { until };
            let l = if d == 0 {
                format!("{f}(0): {me} waits for the next delta cycle")
            } else {
                format!(
                    "{f}({d}): {me} sleeps until {}",
                    spec.fmt_time(st.abs_time() + d)
                )
            };
            one(Out::new(Res::Ok, l), st)
        }
        Action::DelayUntil => {
            let (prev, pv) = call.prev.ok_or_else(|| {
                SchedError::Unsupported(format!("{f}: missing previous wake time"))
            })?;
            let inc = int_arg(call, call.time, "increment")?;
            let wake = prev.ty.wrap(pv + inc);
            if spec.time.model == TimeModel::None || !st.time_observable {
                return Err(SchedError::Unsupported(format!(
                    "{f} needs an observable tick counter"
                )));
            }
            let mut o;
            if wake > st.now as i128 {
                let until = nonneg(wake);
                if until > spec.time.max {
                    return Err(SchedError::CapacityExceeded(format!(
                        "tick count beyond the bound {}",
                        spec.time.max
                    )));
                }
                st.thread_mut(r).status = ThreadStatus::Sleeping { until };
                o = Out::new(Res::Ok, format!("{f}: {me} sleeps until tick {until}"));
            } else {
                st.thread_mut(r).status = ThreadStatus::Runnable;
                // `xTaskDelayUntil` returns pdFALSE: the task did not block
                o = Out::new(
                    Res::Fail,
                    format!("{f}: wake time {wake} already passed; {me} yields"),
                );
            }
            o.writes.push((prev, wake));
            one(o, st)
        }
        a if super::mutex::handles(a) => super::mutex::exec(spec, state, st, call, r),
        Action::MutexDestroy | Action::ObjectDelete | Action::Noop => {
            one(Out::new(Res::Ok, f.to_string()), st)
        }
        a if super::semaphore::handles(a) => super::semaphore::exec(spec, state, st, call, r),
        a if super::queue::handles(a) => super::queue::exec(spec, state, st, call, r),
        a if super::critical::handles(a) => super::critical::exec(spec, state, st, call, r),
        a if super::notify::handles(a) => super::notify::exec(spec, st, call, r),
        a if super::event_group::handles(a) => super::event_group::exec(spec, st, call, r),
        a if super::timer::handles(a) => super::timer::exec(spec, st, call, r),
        a if super::stream_buffer::handles(a) => super::stream_buffer::exec(spec, st, call, r),
        a if super::queue_set::handles(a) => super::queue_set::exec(spec, st, call, r),
        a if super::task_name::handles(a) => super::task_name::exec(spec, st, call, r),
        Action::Join => {
            let t = target_thread(&st, call, r)?;
            let what = format!("{f}({})", st.thread_name(t));
            if t == r {
                return one(
                    Out::new(Res::Fail, format!("{what}: joins itself, fails")),
                    st,
                );
            }
            if st.thread(t).status == ThreadStatus::Finished {
                let mut o = Out::new(Res::Ok, format!("{what}: already finished"));
                // a non-null out-parameter receives the thread's exit value
                o.exit_copy = call.item.clone().map(|into| ExitCopy { from: t, into });
                one(o, st)
            } else {
                st.thread_mut(r).status = ThreadStatus::Blocked {
                    on: BlockOn::Join(t),
                };
                one(
                    Out::blocked(format!("{what}: {me} blocked until it finishes")),
                    st,
                )
            }
        }
        Action::Exit => {
            let st = policy::thread_exit(spec, &st, r)?;
            one(Out::new(Res::Ok, format!("{f}: {me} exits")), st)
        }
        Action::Delete => {
            let t = target_thread(&st, call, r)?;
            if t == r {
                let st = policy::thread_exit(spec, &st, r)?;
                return one(Out::new(Res::Ok, format!("{f}: {me} deletes itself")), st);
            }
            let name = st.thread_name(t);
            let was_running = st.thread(t).status != ThreadStatus::Finished;
            let mut st = policy::thread_exit(spec, &st, t)?;
            // the kernel frees a task another task deletes at once
            st.thread_mut(t).reaped |= was_running;
            one(Out::new(Res::Ok, format!("{f}: deletes {name}")), st)
        }
        Action::Suspend => {
            let t = target_thread(&st, call, r)?;
            let name = st.thread_name(t);
            if st.thread(t).is_isr {
                return Err(invalid(call, call.object.unwrap_or(0)));
            }
            if st.thread(t).status != ThreadStatus::Finished {
                st.thread_mut(t).status = ThreadStatus::Suspended;
            }
            one(Out::new(Res::Ok, format!("{f}: {name} suspended")), st)
        }
        Action::Resume => {
            let t = target_thread(&st, call, r)?;
            let name = st.thread_name(t);
            let l = if st.thread(t).status == ThreadStatus::Suspended {
                st.thread_mut(t).status = ThreadStatus::Runnable;
                format!("{f}: {name} resumed")
            } else {
                format!("{f}: {name} is not suspended")
            };
            one(Out::new(Res::Ok, l), st)
        }
        Action::TaskState => {
            // eTaskGetState: eRunning 0, eReady 1, eBlocked 2 (delayed, or waiting with or
            // without a block time), eSuspended 3 (vTaskSuspend), eDeleted 4
            if int_arg(call, call.object, "task")? == 0 {
                return Err(SchedError::Misuse(format!(
                    "{f}(NULL): the kernel's configASSERT fails"
                )));
            }
            let t = target_thread(&st, call, r)?;
            let (e, w) = match st.thread(t).status {
                _ if t == r => (0, "eRunning"),
                ThreadStatus::Running => (0, "eRunning"),
                ThreadStatus::Runnable | ThreadStatus::NotStarted => (1, "eReady"),
                ThreadStatus::Sleeping { .. }
                | ThreadStatus::Blocked { .. }
                | ThreadStatus::Waiting { .. }
                | ThreadStatus::WaitingList { .. }
                | ThreadStatus::WaitingCond { .. } => (2, "eBlocked"),
                ThreadStatus::Suspended => (3, "eSuspended"),
                ThreadStatus::Finished => (4, "eDeleted"),
                ThreadStatus::Idle => return Err(invalid(call, call.object.unwrap_or(0))),
            };
            let l = format!("{f}: {} {w}", st.thread_name(t));
            one(Out::new(Res::Value(e), l), st)
        }
        Action::AbortDelay => {
            // xTaskAbortDelay: a task in the Blocked state (delayed, or waiting with or
            // without a block time) becomes ready; its blocking call returns as on a timeout
            let v = int_arg(call, call.object, "task")?;
            if v == 0 {
                return Err(SchedError::Misuse(format!(
                    "{f}(NULL): the kernel's configASSERT fails"
                )));
            }
            let t = target_thread(&st, call, r)?;
            let name = st.thread_name(t);
            let th = st.thread_mut(t);
            let aborted = match th.status {
                ThreadStatus::Sleeping { .. } => {
                    th.status = ThreadStatus::Runnable;
                    true
                }
                ThreadStatus::Blocked {
                    on:
                        BlockOn::TimerDaemon
                        | BlockOn::Join(_)
                        | BlockOn::SimulationEnd
                        | BlockOn::Forever,
                } => {
                    return Err(SchedError::Unsupported(format!(
                        "{f} on {name}, which waits for something the model does not abort"
                    )))
                }
                ThreadStatus::Blocked { .. } => {
                    th.status = ThreadStatus::Runnable;
                    th.deadline = None;
                    th.timed_out = true;
                    true
                }
                _ => false,
            };
            let l = if aborted {
                format!("{f}: {name} no longer blocked")
            } else {
                format!("{f}: {name} is not blocked, fails")
            };
            one(Out::new(if aborted { Res::Ok } else { Res::Fail }, l), st)
        }
        Action::PrioritySet => {
            let t = target_thread(&st, call, r)?;
            let p = clamp_prio(spec, int_arg(call, call.priority, "priority")?);
            st.thread_mut(t).base_prio = p;
            let l = format!("{f}: {} priority {p}", st.thread_name(t));
            one(Out::new(Res::Ok, l), st)
        }
        Action::PriorityGet => {
            let t = target_thread(&st, call, r)?;
            let p = st.thread(t).eff_prio;
            one(Out::new(Res::Value(p as i128), format!("{f}: {p}")), st)
        }
        Action::CurrentThread => {
            let h = st.handle(HandleKind::Thread, r.index());
            one(Out::new(Res::Value(h), format!("{f}: {me}")), st)
        }
        Action::GetTime => {
            if !st.time_observable {
                return Err(SchedError::Unsupported(format!(
                    "{f} in a state with unobservable time"
                )));
            }
            let now = st.now;
            one(Out::new(Res::Value(now as i128), format!("{f}: {now}")), st)
        }
        Action::Tick => {
            if spec.time.model != TimeModel::Ticks {
                return Err(SchedError::Unsupported(format!(
                    "{f} without a tick time model"
                )));
            }
            let woken = policy::tick(spec, &mut st, 1)?;
            let l = format!("{f}: tick {}{}", st.abs_time(), woke_label(&st, &woken));
            one(Out::new(Res::Ok, l), st)
        }
        Action::InterruptTrigger => {
            let entry = call
                .entry
                .ok_or_else(|| SchedError::Unsupported(format!("{f}: missing handler")))?;
            let isr = st
                .instances()
                .find(|(_, t)| t.is_isr && t.entry == entry)
                .map(|(i, _)| i)
                .ok_or_else(|| {
                    SchedError::Unsupported(format!(
                        "{f}: the function is not an interrupt handler"
                    ))
                })?;
            if st.critical > 0 || st.thread(r).is_isr {
                return Err(SchedError::Unsupported(format!(
                    "{f}: interrupt raised while interrupts are masked"
                )));
            }
            st.thread_mut(r).status = ThreadStatus::Runnable;
            st.thread_mut(isr).status = ThreadStatus::Running;
            st.interrupted = Some(r);
            let mut o = Out::new(
                Res::Ok,
                format!("{f}: interrupt {} fires", st.thread_name(isr)),
            );
            o.restart = Some(isr);
            one(o, st)
        }
        a if super::cond::handles(a) => super::cond::exec(spec, state, st, call, r),
        a if super::systemc::handles(a) => {
            let (v, l) = super::systemc::exec(spec, &mut st, call, r)?;
            one(Out::new(v.map_or(Res::Ok, Res::Value), l), st)
        }
        _ => Err(SchedError::Unsupported(format!(
            "{f}: action {} is not implemented",
            call.action
        ))),
    }
}
