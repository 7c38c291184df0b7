//! Primitives that shield code from other threads, in `sexec`: critical sections, interrupt
//! masking (disable/restore, BASEPRI), a handler's yield request, scheduler suspension and
//! atomic sections.

use super::bind::PrimitiveCall;
use super::sexec::*;
use super::spec::{Action, SchedulerSpec};
use super::state::{SchedState, ThreadInstance, ThreadStatus};
use super::SchedError;

/// Whether `a` is a critical-section, masking or atomic-section primitive.
pub fn handles(a: Action) -> bool {
    matches!(
        a,
        Action::CriticalEnter
            | Action::CriticalExit
            | Action::InterruptsDisable
            | Action::InterruptsRestore
            | Action::InsideInterrupt
            | Action::BasepriRaise
            | Action::IsrYield
            | Action::SchedSuspend
            | Action::SchedResume
            | Action::AtomicBegin
            | Action::AtomicEnd
    )
}

/// Runs a critical-section, masking or atomic-section primitive: `call` of running thread `r`; `st` is a copy of `state` to update.
pub(super) fn exec(
    spec: &SchedulerSpec,
    _state: &SchedState,
    mut st: SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let me = st.thread_name(r);
    let f = call.func.as_str();
    let one = |o: Out, s: SchedState| Ok(vec![(o, s)]);
    match call.action {
        Action::CriticalEnter => {
            let n = st.critical & !MASK_BIT;
            if n + 1 >= MASK_BIT {
                return Err(SchedError::CapacityExceeded(
                    "critical-section nesting".into(),
                ));
            }
            st.critical = (st.critical & MASK_BIT) | (n + 1);
            let l = format!("{f}: interrupts masked (nesting {})", n + 1);
            one(Out::new(Res::Ok, l), st)
        }
        Action::CriticalExit => {
            let n = st.critical & !MASK_BIT;
            if n == 0 {
                return Err(SchedError::Misuse(format!(
                    "{f} outside a critical section"
                )));
            }
            // leaving the outermost critical section unmasks interrupts (FreeRTOS ports
            // clear BASEPRI / re-enable interrupts there, whatever masked them before)
            st.critical = if n == 1 {
                0
            } else {
                (st.critical & MASK_BIT) | (n - 1)
            };
            let l = format!("{f}: nesting {}", n - 1);
            one(Out::new(Res::Ok, l), st)
        }
        Action::InterruptsDisable => {
            // the interrupt mask is the high bit of `critical` (nesting in the low bits):
            // masking without a nesting count (portDISABLE_INTERRUPTS, BASEPRI raised)
            let prev = (st.critical != 0) as i128;
            st.critical |= MASK_BIT;
            let l = format!("{f}: interrupts masked");
            one(Out::new(Res::Value(prev), l), st)
        }
        Action::InterruptsRestore => {
            let v = int_arg(call, call.mask, "mask")?;
            if v != 0 {
                st.critical |= MASK_BIT;
                one(
                    Out::new(Res::Ok, format!("{f}: interrupts stay masked")),
                    st,
                )
            } else if st.critical & !MASK_BIT != 0 {
                Err(SchedError::Unsupported(format!(
                    "{f}: unmasking interrupts inside a critical section"
                )))
            } else {
                st.critical = 0;
                one(Out::new(Res::Ok, format!("{f}: interrupts unmasked")), st)
            }
        }
        Action::InsideInterrupt => {
            let v = st.thread(r).is_isr as i128;
            one(Out::new(Res::Value(v), format!("{f}: {v}")), st)
        }
        Action::BasepriRaise => {
            // ARM_CM3/CM4F/CM7's ulPortRaiseBASEPRI: the previous BASEPRI (0: unmasked, else
            // configMAX_SYSCALL_INTERRUPT_PRIORITY, which critical sections and masking set)
            let prev = if st.critical != 0 {
                spec.max_syscall.ok_or_else(|| {
                    SchedError::Unsupported(format!(
                        "{f} with interrupts masked: configMAX_SYSCALL_INTERRUPT_PRIORITY is not known"
                    ))
                })?
            } else {
                0
            };
            st.critical |= MASK_BIT;
            let l = format!("{f}: interrupts masked (BASEPRI was {prev:#x})");
            one(Out::new(Res::Value(prev), l), st)
        }
        Action::IsrYield => {
            let flag = int_arg(call, call.flag, "flag")?;
            if flag == 0 {
                return one(Out::new(Res::Ok, format!("{f}: no switch requested")), st);
            }
            if st.thread(r).is_isr {
                st.isr_yield = true;
                let l = format!("{f}: context switch when the handler ends");
                one(Out::new(Res::Ok, l), st)
            } else {
                st.thread_mut(r).status = ThreadStatus::Runnable;
                one(Out::new(Res::Ok, format!("{f}: {me} yields")), st)
            }
        }
        Action::SchedSuspend => {
            st.sched_suspended = st.sched_suspended.checked_add(1).ok_or_else(|| {
                SchedError::CapacityExceeded("scheduler suspension nesting".into())
            })?;
            one(Out::new(Res::Ok, format!("{f}: scheduler suspended")), st)
        }
        Action::SchedResume => {
            if st.sched_suspended == 0 {
                return Err(SchedError::Misuse(format!(
                    "{f} without a suspended scheduler"
                )));
            }
            st.sched_suspended -= 1;
            one(Out::new(Res::Ok, format!("{f}: scheduler resumed")), st)
        }
        Action::AtomicBegin => {
            st.atomic = match st.atomic {
                None => Some((r, 1)),
                Some((o, d)) if o == r => Some((
                    r,
                    d.checked_add(1)
                        .ok_or_else(|| SchedError::CapacityExceeded("atomic nesting".into()))?,
                )),
                Some(_) => {
                    return Err(SchedError::Misuse(format!(
                        "{f} while another thread is atomic"
                    )))
                }
            };
            one(
                Out::new(Res::Ok, format!("{f}: {me} enters an atomic section")),
                st,
            )
        }
        Action::AtomicEnd => {
            st.atomic = match st.atomic {
                Some((o, d)) if o == r && d > 1 => Some((r, d - 1)),
                Some((o, _)) if o == r => None,
                _ => return Err(SchedError::Misuse(format!("{f} outside an atomic section"))),
            };
            one(
                Out::new(Res::Ok, format!("{f}: {me} leaves the atomic section")),
                st,
            )
        }
        _ => Err(SchedError::Unsupported(format!(
            "{f}: action {} is not a critical-section, masking or atomic-section primitive",
            call.action
        ))),
    }
}
