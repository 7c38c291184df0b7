//! FreeRTOS event groups (`Sexec` for the `event-group-*` actions), as in FreeRTOS-Kernel's
//! `event_groups.c`:
//!
//! - create: a group with no bits set (its handle);
//! - set (`xEventGroupSetBits`): ORs the bits in, then unblocks *every* waiting task whose
//!   condition (any / all of its bits) holds; each of them returns the group's bits at that
//!   moment; the bits of the woken waiters that asked for clear-on-exit are cleared after all
//!   were tested; returns the bits after that clearing;
//! - clear (`xEventGroupClearBits`, and `xEventGroupGetBits` which is `ClearBits(g, 0)`):
//!   returns the bits before clearing; get-from-ISR returns the bits;
//! - wait (`xEventGroupWaitBits`): a condition that holds returns the bits (cleared on exit if
//!   asked); with no block time it returns the bits (condition not met); otherwise the task
//!   blocks; on a timeout it returns the bits then (clearing them when the condition happens
//!   to hold, as the kernel does);
//! - sync (`xEventGroupSync`): sets its bits (waking others as set does), and when all the
//!   bits it waits for are then set returns the bits before clearing the waited-for bits;
//!   otherwise waits for all of them with clear-on-exit (a timeout returns the bits then).
//!
//! - delete (`vEventGroupDelete`): every task waiting on the group is unblocked and its wait
//!   returns 0 (the kernel removes them with `eventUNBLOCKED_DUE_TO_BIT_SET` and no bits).
//!
//! The `..FromISR` set and clear are deferred by the kernel through the timer service task
//! (`xTimerPendFunctionCallFromISR`): they are not mapped (a verdict that depends on them is
//! UNKNOWN). Bits in the kernel's control byte, or waiting for no bit, fail the kernel's
//! `configASSERT`: UNKNOWN with that reason.

use super::bind::{PrimitiveCall, Timeout};
use super::sexec::{done, int_arg, invalid, unavailable, woke_label, Out, Res};
use super::spec::{Action, Returns, SchedulerSpec};
use super::state::{BlockOn, SchedState, ThreadInstance, ThreadStatus};
use super::SchedError;

/// The condition of a task blocked in an event-group wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EgWait {
    pub bits: u32,
    pub all: bool,
    pub clear: bool,
}

impl EgWait {
    fn holds(&self, bits: u32) -> bool {
        if self.all {
            bits & self.bits == self.bits
        } else {
            bits & self.bits != 0
        }
    }
}

/// The kernel's control byte (the top byte of a 32-bit `EventBits_t`).
const CONTROL: u32 = 0xff00_0000;

/// True for the actions this module executes.
pub fn handles(a: Action) -> bool {
    matches!(
        a,
        Action::EventGroupCreate
            | Action::EventGroupSet
            | Action::EventGroupClear
            | Action::EventGroupGet
            | Action::EventGroupWait
            | Action::EventGroupSync
            | Action::EventGroupDelete
    )
}

fn group(st: &SchedState, call: &PrimitiveCall) -> Result<(u8, String), SchedError> {
    let key = int_arg(call, call.object, "event group")?;
    let g = st.group_index(key).ok_or_else(|| invalid(call, key))?;
    Ok((g, format!("{}({})", call.func, st.object_name(key))))
}

pub(super) fn bits_arg(
    call: &PrimitiveCall,
    v: Option<i128>,
    what: &str,
) -> Result<u32, SchedError> {
    let b = int_arg(call, v, what)?;
    let b = u32::try_from(b).map_err(|_| {
        SchedError::Unsupported(format!("{}: {what} {b:#x} wider than 32 bits", call.func))
    })?;
    if b & CONTROL != 0 {
        return Err(SchedError::Misuse(format!(
            "{}: {what} {b:#x} use the kernel's control byte: the kernel's configASSERT fails",
            call.func
        )));
    }
    Ok(b)
}

/// Sets bits of group `g` and wakes the waiters whose condition holds; returns the woken.
pub(super) fn set_bits(st: &mut SchedState, g: u8, bits: u32) -> Vec<ThreadInstance> {
    st.groups[g as usize].bits |= bits;
    let now = st.groups[g as usize].bits;
    let mut clear = 0u32;
    let mut woken = Vec::new();
    for (i, t) in st.threads.iter_mut().enumerate() {
        if t.status
            != (ThreadStatus::Blocked {
                on: BlockOn::EventGroup(g),
            })
        {
            continue;
        }
        let Some(w) = t.eg_wait else { continue };
        if w.holds(now) {
            if w.clear {
                clear |= w.bits;
            }
            t.status = ThreadStatus::Runnable;
            t.deadline = None;
            t.eg_result = Some(now);
            woken.push(ThreadInstance(i as u8));
        }
    }
    st.groups[g as usize].bits &= !clear;
    woken
}

/// The end of a wait that blocked: woken by a set (its bits), or timed out (the bits now,
/// cleared when the condition holds and clear-on-exit was asked).
fn finish_wait(st: &mut SchedState, r: ThreadInstance, g: u8, w: EgWait) -> (u32, String) {
    let th = st.thread_mut(r);
    th.eg_wait = None;
    let result = th.eg_result.take();
    done(st, r);
    if let Some(v) = result {
        return (v, format!("woken by the bits {v:#x}"));
    }
    let v = st.groups[g as usize].bits;
    if w.holds(v) && w.clear {
        st.groups[g as usize].bits &= !w.bits;
    }
    (v, format!("timeout expired, bits {v:#x}"))
}

/// Blocks thread `r` on group `g` with condition `w` (or fails at once without a time model).
fn block(
    spec: &SchedulerSpec,
    st: SchedState,
    r: ThreadInstance,
    g: u8,
    w: EgWait,
    timeout: Option<Timeout>,
    what: &str,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let outs = unavailable(spec, st, r, BlockOn::EventGroup(g), timeout, what)?;
    Ok(outs
        .into_iter()
        .map(|(mut o, mut s)| {
            if o.advance {
                // no time model: the timeout expired at once
                o.res = Res::Value(s.groups[g as usize].bits as i128);
            } else {
                s.thread_mut(r).eg_wait = Some(w);
            }
            (o, s)
        })
        .collect())
}

/// Runs an event-group primitive of thread `r`.
pub(super) fn exec(
    spec: &SchedulerSpec,
    mut st: SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let f = call.func.as_str();
    let one = |o: Out, s: SchedState| Ok(vec![(o, s)]);
    match call.action {
        Action::EventGroupCreate => {
            let g = st.add_group(call.object)?;
            let key = st.groups[g as usize].key;
            let res = if call.returns == Returns::Handle {
                Res::Value(key)
            } else {
                Res::Ok
            };
            let l = format!("{f}: creates event group {}", st.object_name(key));
            one(Out::new(res, l), st)
        }
        Action::EventGroupSet => {
            let (g, what) = group(&st, call)?;
            let bits = bits_arg(call, call.bits, "bits to set")?;
            let woken = set_bits(&mut st, g, bits);
            let v = st.groups[g as usize].bits;
            let l = format!(
                "{what}: sets {bits:#x}, bits now {v:#x}{}",
                woke_label(&st, &woken)
            );
            one(Out::new(Res::Value(v as i128), l), st)
        }
        Action::EventGroupClear => {
            let (g, what) = group(&st, call)?;
            let bits = bits_arg(call, call.bits, "bits to clear")?;
            let v = st.groups[g as usize].bits;
            st.groups[g as usize].bits = v & !bits;
            let l = if bits == 0 {
                format!("{what}: bits {v:#x}")
            } else {
                format!("{what}: bits {v:#x}, clears {bits:#x}")
            };
            one(Out::new(Res::Value(v as i128), l), st)
        }
        Action::EventGroupGet => {
            let (g, what) = group(&st, call)?;
            let v = st.groups[g as usize].bits;
            one(
                Out::new(Res::Value(v as i128), format!("{what}: bits {v:#x}")),
                st,
            )
        }
        Action::EventGroupWait => {
            let (g, what) = group(&st, call)?;
            let bits = bits_arg(call, call.bits, "bits to wait for")?;
            if bits == 0 {
                return Err(SchedError::Misuse(format!(
                    "{f}: waits for no bit: the kernel's configASSERT fails"
                )));
            }
            let w = EgWait {
                bits,
                all: int_arg(call, call.flag, "wait-for-all flag")? != 0,
                clear: int_arg(call, call.clear, "clear-on-exit flag")? != 0,
            };
            if st.thread(r).eg_wait.is_some() {
                let (v, how) = finish_wait(&mut st, r, g, w);
                return one(
                    Out::new(Res::Value(v as i128), format!("{what}: {how}")),
                    st,
                );
            }
            let v = st.groups[g as usize].bits;
            if w.holds(v) {
                if w.clear {
                    st.groups[g as usize].bits &= !bits;
                }
                done(&mut st, r);
                let l = format!("{what}: bits {v:#x} satisfy the wait");
                return one(Out::new(Res::Value(v as i128), l), st);
            }
            if call.timeout == Some(Timeout::Ticks(0)) {
                let l = format!("{what}: bits {v:#x}, not satisfied (no block time)");
                return one(Out::new(Res::Value(v as i128), l), st);
            }
            let what = format!("{what}: bits {v:#x} do not satisfy the wait for {bits:#x}");
            block(spec, st, r, g, w, call.timeout, &what)
        }
        Action::EventGroupDelete => {
            let (g, what) = group(&st, call)?;
            let mut woken = Vec::new();
            for (i, t) in st.threads.iter_mut().enumerate() {
                if t.status
                    == (ThreadStatus::Blocked {
                        on: BlockOn::EventGroup(g),
                    })
                {
                    t.status = ThreadStatus::Runnable;
                    t.deadline = None;
                    t.eg_result = Some(0);
                    woken.push(ThreadInstance(i as u8));
                }
            }
            let l = format!("{what}: deleted{}", woke_label(&st, &woken));
            one(Out::new(Res::Ok, l), st)
        }
        Action::EventGroupSync => {
            let (g, what) = group(&st, call)?;
            let set = bits_arg(call, call.value, "bits to set")?;
            let bits = bits_arg(call, call.bits, "bits to wait for")?;
            if bits == 0 {
                return Err(SchedError::Misuse(format!(
                    "{f}: waits for no bit: the kernel's configASSERT fails"
                )));
            }
            let w = EgWait {
                bits,
                all: true,
                clear: true,
            };
            if st.thread(r).eg_wait.is_some() {
                let (v, how) = finish_wait(&mut st, r, g, w);
                return one(
                    Out::new(Res::Value(v as i128), format!("{what}: {how}")),
                    st,
                );
            }
            let orig = st.groups[g as usize].bits;
            let woken = set_bits(&mut st, g, set);
            let woke = woke_label(&st, &woken);
            if (orig | set) & bits == bits {
                st.groups[g as usize].bits &= !bits;
                done(&mut st, r);
                let v = orig | set;
                let l = format!("{what}: sets {set:#x}, all of {bits:#x} set{woke}");
                return one(Out::new(Res::Value(v as i128), l), st);
            }
            if call.timeout == Some(Timeout::Ticks(0)) {
                let v = st.groups[g as usize].bits;
                let l = format!("{what}: sets {set:#x}, bits {v:#x}, not all set{woke}");
                return one(Out::new(Res::Value(v as i128), l), st);
            }
            let what = format!("{what}: sets {set:#x}, waits for all of {bits:#x}{woke}");
            block(spec, st, r, g, w, call.timeout, &what)
        }
        _ => Err(SchedError::Unsupported(format!(
            "{f}: action {} is not an event-group action",
            call.action
        ))),
    }
}
