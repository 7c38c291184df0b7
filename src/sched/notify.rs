//! FreeRTOS direct-to-task notifications (`Sexec` for the `task-notify*` actions): every task
//! has `configTASK_NOTIFICATION_ARRAY_ENTRIES` notification values, each with the kernel's
//! state (not waiting, waiting, received), as in FreeRTOS-Kernel's `tasks.c`:
//!
//! - notify (`xTaskGenericNotify`, `..FromISR`, `vTaskGenericNotifyGiveFromISR`): the previous
//!   value goes to `*pulPreviousNotificationValue`; the value changes by the `eNotifyAction`
//!   (`eSetValueWithoutOverwrite` fails when a notification is already received); the index
//!   becomes *received* (also for `eNoAction`); a task waiting on that index is unblocked;
//! - take (`ulTaskGenericNotifyTake`): a non-zero value is returned and cleared or
//!   decremented; a zero value blocks (the index is *waiting*); after the block (notified or
//!   timed out) the call returns the value then, updated the same way;
//! - wait (`xTaskGenericNotifyWait`): a received notification returns pdTRUE at once (value out,
//!   exit mask cleared); otherwise the entry mask clears bits once, the task blocks, and after
//!   the block returns pdTRUE (exit mask cleared) if a notification was received, else pdFALSE;
//!   the value out-parameter gets the value in both cases;
//! - state clear / value clear (`xTaskGenericNotifyStateClear`, `ulTaskGenericNotifyValueClear`).
//!
//! A wait in progress is marked in `ThreadInfo::notify_waiting` (the re-execution of the
//! blocking call completes it); `notify_pending` marks *received*. An index not below
//! `configTASK_NOTIFICATION_ARRAY_ENTRIES` fails the kernel's `configASSERT`: UNKNOWN, with
//! the reason.

use super::bind::{PrimitiveCall, Timeout};
use super::sexec::{done, int_arg, target_thread, unavailable, Out, Res};
use super::spec::{Action, SchedulerSpec};
use super::state::{BlockOn, SchedState, ThreadInstance, ThreadStatus, MAX_NOTIFY_INDICES};
use super::SchedError;

/// Most increments (`eIncrement`, `xTaskNotifyGive`) a notification value takes since it was
/// last set from the program or taken to zero ([`ThreadInfo::notify_incs`]); one more is
/// capacity exceeded. The value itself is the kernel's `uint32_t`, exact at every width: the
/// values a program sets are its own constants (finitely many), only an unbounded chain of
/// increments would make the state space infinite.
///
/// [`ThreadInfo::notify_incs`]: super::state::ThreadInfo::notify_incs
const MAX_NOTIFY_INCREMENTS: u8 = 255;

/// True for the actions this module executes.
pub fn handles(a: Action) -> bool {
    matches!(
        a,
        Action::TaskNotify
            | Action::TaskNotifyTake
            | Action::TaskNotifyWait
            | Action::TaskNotifyStateClear
            | Action::TaskNotifyValueClear
    )
}

/// The notification index of a call (absent: 0), checked against the configuration.
fn index(spec: &SchedulerSpec, call: &PrimitiveCall) -> Result<usize, SchedError> {
    let i = call.index.unwrap_or(0);
    let entries = spec.notify_entries.max(1) as i128;
    if i < 0 || i >= entries {
        return Err(SchedError::Misuse(format!(
            "{}: notification index {i} is not below configTASK_NOTIFICATION_ARRAY_ENTRIES ({entries}): the kernel's configASSERT fails",
            call.func
        )));
    }
    if i as usize >= MAX_NOTIFY_INDICES {
        return Err(SchedError::CapacityExceeded(format!(
            "notification index {i} (at most {MAX_NOTIFY_INDICES} indices are modelled)"
        )));
    }
    Ok(i as usize)
}

fn bit(i: usize) -> u8 {
    1u8 << i
}

/// Runs a notification primitive of thread `r`.
pub(super) fn exec(
    spec: &SchedulerSpec,
    mut st: SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let f = call.func.as_str();
    let i = index(spec, call)?;
    super::stream_buffer::check_notify_index(&st, f, i)?;
    let one = |o: Out, s: SchedState| Ok(vec![(o, s)]);
    let at = if i == 0 {
        String::new()
    } else {
        format!("[{i}]")
    };
    match call.action {
        Action::TaskNotify => {
            let t = target_thread(&st, call, r)?;
            let value = call.value.unwrap_or(0);
            let th = *st.thread(t);
            let prev = th.notify_value[i];
            let received = th.notify_pending & bit(i) != 0;
            let how = call.notify_action.unwrap_or(2);
            let new = match how {
                0 => Some(prev),                  // eNoAction
                1 => Some(prev | (value as u32)), // eSetBits
                2 => Some(prev.wrapping_add(1)),  // eIncrement
                3 => Some(value as u32),          // eSetValueWithOverwrite
                4 if received => None,            // eSetValueWithoutOverwrite
                4 => Some(value as u32),
                other => {
                    return Err(SchedError::Unsupported(format!(
                        "{f}: notify action {other}"
                    )))
                }
            };
            let incs = match how {
                2 if th.notify_incs[i] == MAX_NOTIFY_INCREMENTS => {
                    return Err(SchedError::CapacityExceeded(format!(
                        "more than {MAX_NOTIFY_INCREMENTS} increments of a notification value"
                    )))
                }
                2 => th.notify_incs[i] + 1,
                3 | 4 if new.is_some() => 0,
                _ => th.notify_incs[i],
            };
            let tname = st.thread_name(t);
            let tm = st.thread_mut(t);
            // the index is received in every case (the kernel sets the state first)
            tm.notify_pending |= bit(i);
            if let Some(v) = new {
                tm.notify_value[i] = v;
                tm.notify_incs[i] = incs;
            }
            let woke = tm.status
                == (ThreadStatus::Blocked {
                    on: BlockOn::Notification(i as u8),
                });
            if woke {
                tm.status = ThreadStatus::Runnable;
                tm.deadline = None;
            }
            let w = if woke {
                format!("; wakes {tname}")
            } else {
                String::new()
            };
            let mut o = match new {
                None => Out::new(
                    Res::Fail,
                    format!("{f}({tname}){at}: a notification is pending, value kept, fails{w}"),
                ),
                Some(v) => Out::new(Res::Ok, format!("{f}({tname}){at}: value {v}{w}")),
            };
            if let Some(p) = call.previous {
                o.writes.push((p, prev as i128));
            }
            one(o, st)
        }
        Action::TaskNotifyTake => {
            let clear = int_arg(call, call.clear, "clear-on-exit")? != 0;
            let th = *st.thread(r);
            let v = th.notify_value[i];
            if v > 0 || th.notify_waiting & bit(i) != 0 {
                // a value to take, or the end of a block (notified or timed out)
                let tm = st.thread_mut(r);
                if v > 0 {
                    tm.notify_value[i] = if clear { 0 } else { v - 1 };
                    tm.notify_incs[i] = if clear {
                        0
                    } else {
                        tm.notify_incs[i].saturating_sub(1)
                    };
                }
                tm.notify_pending &= !bit(i);
                tm.notify_waiting &= !bit(i);
                let left = tm.notify_value[i];
                done(&mut st, r);
                let l = format!("{f}{at}: takes {v} (value now {left})");
                return one(Out::new(Res::Value(v as i128), l), st);
            }
            // value 0: the index is waiting (a received notification with value 0 is dropped)
            st.thread_mut(r).notify_pending &= !bit(i);
            if call.timeout == Some(Timeout::Ticks(0)) {
                return one(
                    Out::new(Res::Value(0), format!("{f}{at}: value 0, returns 0")),
                    st,
                );
            }
            let what = format!("{f}{at}: notification value 0");
            let on = BlockOn::Notification(i as u8);
            let outs = unavailable(spec, st, r, on, call.timeout, &what)?;
            Ok(outs
                .into_iter()
                .map(|(mut o, mut s)| {
                    if o.advance {
                        // no time model: the timeout expired at once
                        o.res = Res::Value(0);
                    } else {
                        s.thread_mut(r).notify_waiting |= bit(i);
                    }
                    (o, s)
                })
                .collect())
        }
        Action::TaskNotifyWait => {
            let entry = int_arg(call, call.clear_entry, "clear-on-entry mask")? as u32;
            let exit = int_arg(call, call.clear_exit, "clear-on-exit mask")? as u32;
            let th = *st.thread(r);
            let received = th.notify_pending & bit(i) != 0;
            if received || th.notify_waiting & bit(i) != 0 {
                // received before the call, or the end of a block
                let v = th.notify_value[i];
                let tm = st.thread_mut(r);
                if received {
                    tm.notify_value[i] = v & !exit;
                }
                tm.notify_pending &= !bit(i);
                tm.notify_waiting &= !bit(i);
                done(&mut st, r);
                let mut o = if received {
                    Out::new(Res::Ok, format!("{f}{at}: receives value {v}"))
                } else {
                    Out::new(
                        Res::Fail,
                        format!("{f}{at}: timeout expired (value {v}), fails"),
                    )
                };
                if let Some(p) = call.value_out {
                    o.writes.push((p, v as i128));
                }
                return one(o, st);
            }
            // the entry mask clears bits once, when the wait starts
            st.thread_mut(r).notify_value[i] &= !entry;
            let v = st.thread(r).notify_value[i];
            if call.timeout == Some(Timeout::Ticks(0)) {
                let mut o = Out::new(
                    Res::Fail,
                    format!("{f}{at}: no notification pending (value {v}), fails"),
                );
                if let Some(p) = call.value_out {
                    o.writes.push((p, v as i128));
                }
                return one(o, st);
            }
            let what = format!("{f}{at}: no notification pending");
            let on = BlockOn::Notification(i as u8);
            let outs = unavailable(spec, st, r, on, call.timeout, &what)?;
            Ok(outs
                .into_iter()
                .map(|(mut o, mut s)| {
                    if o.advance {
                        if let Some(p) = call.value_out {
                            o.writes.push((p, s.thread(r).notify_value[i] as i128));
                        }
                    } else {
                        s.thread_mut(r).notify_waiting |= bit(i);
                    }
                    (o, s)
                })
                .collect())
        }
        Action::TaskNotifyStateClear => {
            let t = target_thread(&st, call, r)?;
            let tname = st.thread_name(t);
            let tm = st.thread_mut(t);
            if tm.notify_pending & bit(i) != 0 {
                tm.notify_pending &= !bit(i);
                let l = format!("{f}({tname}){at}: pending notification cleared");
                one(Out::new(Res::Ok, l), st)
            } else {
                let l = format!("{f}({tname}){at}: no notification pending, fails");
                one(Out::new(Res::Fail, l), st)
            }
        }
        Action::TaskNotifyValueClear => {
            let t = target_thread(&st, call, r)?;
            let bits = int_arg(call, call.value, "bits to clear")? as u32;
            let tname = st.thread_name(t);
            let tm = st.thread_mut(t);
            let v = tm.notify_value[i];
            tm.notify_value[i] = v & !bits;
            let l = format!("{f}({tname}){at}: value {v}, now {}", v & !bits);
            one(Out::new(Res::Value(v as i128), l), st)
        }
        _ => Err(SchedError::Unsupported(format!(
            "{f}: action {} is not a notification",
            call.action
        ))),
    }
}
