//! Condition-variable primitives (init, wait, signal, broadcast) of `sexec`: a wait releases
//! its mutex and re-acquires it when woken ([`super::mutex::lock`]); a signal may wake any
//! waiter (one outcome each).

use super::bind::PrimitiveCall;
use super::mutex::mutex_for;
use super::sexec::*;
use super::spec::{Action, SchedulerSpec};
use super::state::{BlockOn, SchedState, ThreadInstance, ThreadStatus};
use super::SchedError;

/// Whether `a` is a condition-variable primitive.
pub fn handles(a: Action) -> bool {
    matches!(
        a,
        Action::CondInit | Action::CondWait | Action::CondSignal | Action::CondBroadcast
    )
}

/// Runs a condition-variable primitive: `call` of running thread `r`; `st` is a copy of `state` to update.
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
        Action::CondInit => {
            let key = int_arg(call, call.object, "condition")?;
            st.cond_or_create(key)?;
            one(Out::new(Res::Ok, f.to_string()), st)
        }
        Action::CondWait => {
            let ckey = int_arg(call, call.object, "condition")?;
            let mkey = int_arg(call, call.mutex, "mutex")?;
            let c = st.cond_or_create(ckey)?;
            let m = mutex_for(&mut st, call, mkey)?;
            let what = format!("{f}({}, {})", st.object_name(ckey), st.object_name(mkey));
            if st.thread(r).cond_woken {
                // second half: re-acquire the mutex
                return match st.mutexes[m as usize].owner {
                    None => {
                        st.mutexes[m as usize].owner = Some(r);
                        st.thread_mut(r).cond_woken = false;
                        one(
                            Out::new(Res::Ok, format!("{what}: woken, mutex re-acquired")),
                            st,
                        )
                    }
                    Some(_) => {
                        st.thread_mut(r).status = ThreadStatus::Blocked {
                            on: BlockOn::Mutex(m),
                        };
                        one(
                            Out::blocked(format!("{what}: woken, waits for the mutex")),
                            st,
                        )
                    }
                };
            }
            if st.mutexes[m as usize].owner != Some(r) {
                return one(
                    Out::new(
                        Res::Fail,
                        format!("{what}: mutex not owned by the caller, fails"),
                    ),
                    st,
                );
            }
            if st.mutexes[m as usize].depth > 0 {
                return Err(SchedError::Unsupported(format!(
                    "{what}: waiting on a recursive mutex held more than once"
                )));
            }
            st.mutexes[m as usize].owner = None;
            let woken = wake_blocked(&mut st, BlockOn::Mutex(m));
            let mut res = Vec::new();
            if spec.preemption.spurious_wakeups {
                let mut s = st.clone();
                s.thread_mut(r).cond_woken = true;
                res.push((
                    Out::blocked(format!(
                        "{what}: releases the mutex, wakes spuriously{}",
                        woke_label(&s, &woken)
                    )),
                    s,
                ));
            }
            st.thread_mut(r).status = ThreadStatus::WaitingCond { cond: c };
            res.insert(
                0,
                (
                    Out::blocked(format!(
                        "{what}: releases the mutex and waits{}",
                        woke_label(&st, &woken)
                    )),
                    st,
                ),
            );
            Ok(res)
        }
        Action::CondSignal | Action::CondBroadcast => {
            let key = int_arg(call, call.object, "condition")?;
            let c = st.cond_or_create(key)?;
            let waiters: Vec<ThreadInstance> = st
                .instances()
                .filter(|(_, t)| t.status == ThreadStatus::WaitingCond { cond: c })
                .map(|(i, _)| i)
                .collect();
            let what = format!("{f}({})", st.object_name(key));
            let wake = |s: &mut SchedState, t: ThreadInstance| {
                let ti = s.thread_mut(t);
                ti.status = ThreadStatus::Runnable;
                ti.cond_woken = true;
            };
            if waiters.is_empty() {
                return one(Out::new(Res::Ok, format!("{what}: no waiter")), st);
            }
            if call.action == Action::CondBroadcast {
                for &w in &waiters {
                    wake(&mut st, w);
                }
                let l = format!("{what}: wakes {}", names(&st, &waiters));
                return one(Out::new(Res::Ok, l), st);
            }
            Ok(waiters
                .iter()
                .map(|&w| {
                    let mut s = st.clone();
                    wake(&mut s, w);
                    (
                        Out::new(Res::Ok, format!("{what}: wakes {}", s.thread_name(w))),
                        s,
                    )
                })
                .collect())
        }
        _ => Err(SchedError::Unsupported(format!(
            "{f}: action {} is not a condition-variable primitive",
            call.action
        ))),
    }
}
