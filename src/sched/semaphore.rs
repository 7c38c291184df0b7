//! Semaphore primitives (create binary or counting, take, give) of `sexec`: counts, blocking
//! takes and the waiter a give wakes.

use super::bind::PrimitiveCall;
use super::mutex::{lock, unlock};
use super::sexec::*;
use super::spec::{Action, Returns, SchedulerSpec};
use super::state::{BlockOn, SchedState, ThreadInstance};
use super::SchedError;

/// Whether `a` is a semaphore primitive.
pub fn handles(a: Action) -> bool {
    matches!(
        a,
        Action::SemCreateBinary | Action::SemCreateCounting | Action::SemTake | Action::SemGive
    )
}

/// Runs a semaphore primitive: `call` of running thread `r`; `st` is a copy of `state` to update.
pub(super) fn exec(
    spec: &SchedulerSpec,
    _state: &SchedState,
    mut st: SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let f = call.func.as_str();
    let one = |o: Out, s: SchedState| Ok(vec![(o, s)]);
    match call.action {
        Action::SemCreateBinary | Action::SemCreateCounting => {
            let (count, max) = if call.action == Action::SemCreateBinary {
                (0u32, 1u32)
            } else {
                let max = int_arg(call, call.max, "maximum count")?;
                let init = int_arg(call, call.initial, "initial count")?;
                if max < 1 || init < 0 || init > max {
                    return one(
                        Out::new(Res::Value(0), format!("{f}: invalid counts, returns NULL")),
                        st,
                    );
                }
                (
                    u32::try_from(init).unwrap_or(u32::MAX),
                    u32::try_from(max).unwrap_or(u32::MAX),
                )
            };
            let s = st.add_sem(call.object, count, max)?;
            let key = st.semaphores[s as usize].key;
            let res = if call.returns == Returns::Handle {
                Res::Value(key)
            } else {
                Res::Ok
            };
            let l = format!(
                "{f}: creates semaphore {} (count {count}, max {max})",
                st.object_name(key)
            );
            one(Out::new(res, l), st)
        }
        Action::SemTake => {
            let key = int_arg(call, call.object, "semaphore")?;
            if let Some(m) = st.mutex_index(key) {
                return lock(spec, st, r, call, m, false);
            }
            let s = st.sem_index(key).ok_or_else(|| invalid(call, key))?;
            let what = format!("{f}({})", st.object_name(key));
            let sem = &mut st.semaphores[s as usize];
            if sem.count > 0 {
                sem.count -= 1;
                let c = sem.count;
                done(&mut st, r);
                one(Out::new(Res::Ok, format!("{what}: taken (count {c})")), st)
            } else {
                unavailable(
                    spec,
                    st,
                    r,
                    BlockOn::Semaphore(s),
                    call.timeout,
                    &format!("{what}: count 0"),
                )
            }
        }
        Action::SemGive => {
            let key = int_arg(call, call.object, "semaphore")?;
            if let Some(m) = st.mutex_index(key) {
                return unlock(st, r, call, m);
            }
            let s = st.sem_index(key).ok_or_else(|| invalid(call, key))?;
            let what = format!("{f}({})", st.object_name(key));
            let sem = &mut st.semaphores[s as usize];
            if sem.count < sem.max {
                sem.count += 1;
                let c = sem.count;
                // a member of a queue set posts to the set instead of waking its takers
                let l = match super::queue_set::posted(&mut st, key)? {
                    Some((_, l)) => format!("{what}: given (count {c}){l}"),
                    None => {
                        let woken = wake_blocked(&mut st, BlockOn::Semaphore(s));
                        format!("{what}: given (count {c}){}", woke_label(&st, &woken))
                    }
                };
                one(Out::new(Res::Ok, l), st)
            } else {
                one(
                    Out::new(Res::Fail, format!("{what}: already at its maximum, fails")),
                    st,
                )
            }
        }
        _ => Err(SchedError::Unsupported(format!(
            "{f}: action {} is not a semaphore primitive",
            call.action
        ))),
    }
}
