//! Message-queue primitives (create, send, receive, peek, overwrite, count, spaces, reset) of
//! `sexec`: slot bookkeeping, item copies ([`super::sexec::QueueCopy`]), blocking senders and
//! receivers and the waiters an operation wakes.

use super::bind::PrimitiveCall;
use super::sexec::*;
use super::spec::{Action, Returns, SchedulerSpec};
use super::state::{BlockOn, SchedState, ThreadInstance, MAX_QUEUE_LEN};
use super::SchedError;

/// Whether `a` is a queue primitive.
pub fn handles(a: Action) -> bool {
    matches!(
        a,
        Action::QueueCreate
            | Action::QueueSend
            | Action::QueueReceive
            | Action::QueueCount
            | Action::QueueSpaces
            | Action::QueueReset
    )
}

/// Runs a queue primitive: `call` of running thread `r`; `st` is a copy of `state` to update.
pub(super) fn exec(
    spec: &SchedulerSpec,
    state: &SchedState,
    mut st: SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let f = call.func.as_str();
    let one = |o: Out, s: SchedState| Ok(vec![(o, s)]);
    match call.action {
        Action::QueueCreate => {
            let len = int_arg(call, call.length, "length")?;
            let size = call.item_size.unwrap_or(1).max(0);
            if len <= 0 {
                return one(
                    Out::new(Res::Value(0), format!("{f}: length {len}, returns NULL")),
                    st,
                );
            }
            if len > MAX_QUEUE_LEN as i128 {
                return Err(SchedError::CapacityExceeded(format!(
                    "queue of length {len} (at most {MAX_QUEUE_LEN})"
                )));
            }
            let q = st.add_queue(
                call.object,
                len as u16,
                u32::try_from(size).unwrap_or(u32::MAX),
            )?;
            let key = st.queues[q as usize].key;
            let res = if call.returns == Returns::Handle {
                Res::Value(key)
            } else {
                Res::Ok
            };
            let l = format!("{f}: creates queue {} (length {len})", st.object_name(key));
            one(Out::new(res, l), st)
        }
        Action::QueueSend | Action::QueueReceive => {
            let key = int_arg(call, call.object, "queue")?;
            if st.queue_index(key).is_none()
                && (st.sem_index(key).is_some() || st.mutex_index(key).is_some())
            {
                // FreeRTOS: semaphores and mutexes are queues of empty items; giving is a send
                // (`xSemaphoreGive` is `xQueueGenericSend(s, NULL, 0, queueSEND_TO_BACK)`),
                // taking from an interrupt a receive
                let mut c = call.clone();
                c.action = if call.action == Action::QueueSend {
                    Action::SemGive
                } else {
                    Action::SemTake
                };
                return super::semaphore::exec(spec, state, state.clone(), &c, r);
            }
            if call.action == Action::QueueReceive && call.peek {
                if let Some(set) = st.qset.set_index(key) {
                    return super::queue_set::peek(spec, st, call, r, set);
                }
            }
            let q = st.queue_index(key).ok_or_else(|| invalid(call, key))?;
            let item = call
                .item
                .clone()
                .ok_or_else(|| SchedError::Unsupported(format!("{f}: missing item pointer")))?;
            let what = format!("{f}({})", st.object_name(key));
            let qi = st.queues[q as usize];
            if call.action == Action::QueueSend && call.overwrite && qi.count == qi.cap {
                if qi.cap != 1 {
                    return Err(SchedError::Misuse(format!(
                        "{what}: overwrite on a queue of length {} (FreeRTOS allows length 1 only)",
                        qi.cap
                    )));
                }
                let slot = qi.head;
                done(&mut st, r);
                let mut o = Out::new(
                    Res::Ok,
                    format!("{what}: item overwrites slot {slot} (1 of 1)"),
                );
                o.copy = Some(QueueCopy {
                    queue: q,
                    slot,
                    dir: CopyDir::IntoQueue,
                    item,
                    item_size: qi.item_size,
                    stream: false,
                });
                one(o, st)
            } else if call.action == Action::QueueSend {
                if qi.count < qi.cap {
                    let slot = if call.front {
                        let s = (qi.head + qi.cap - 1) % qi.cap;
                        st.queues[q as usize].head = s;
                        s
                    } else {
                        (qi.head + qi.count) % qi.cap
                    };
                    st.queues[q as usize].count += 1;
                    done(&mut st, r);
                    // a member of a queue set posts to the set instead of waking its receivers
                    let woke = match super::queue_set::posted(&mut st, key)? {
                        Some((_, l)) => l,
                        None => {
                            let woken = wake_blocked(&mut st, BlockOn::QueueReceive(q));
                            woke_label(&st, &woken)
                        }
                    };
                    let mut o = Out::new(
                        Res::Ok,
                        format!(
                            "{what}: item into slot {slot} ({} of {}){woke}",
                            qi.count + 1,
                            qi.cap,
                        ),
                    );
                    o.copy = Some(QueueCopy {
                        queue: q,
                        slot,
                        dir: CopyDir::IntoQueue,
                        item,
                        item_size: qi.item_size,
                        stream: false,
                    });
                    one(o, st)
                } else {
                    unavailable(
                        spec,
                        st,
                        r,
                        BlockOn::QueueSend(q),
                        call.timeout,
                        &format!("{what}: full"),
                    )
                }
            } else if qi.count > 0 && call.peek {
                let slot = qi.head;
                done(&mut st, r);
                let mut o = Out::new(
                    Res::Ok,
                    format!("{what}: peeks at slot {slot} ({} items)", qi.count),
                );
                o.copy = Some(QueueCopy {
                    queue: q,
                    slot,
                    dir: CopyDir::OutOfQueue,
                    item,
                    item_size: qi.item_size,
                    stream: false,
                });
                one(o, st)
            } else if qi.count > 0 {
                let slot = qi.head;
                let qm = &mut st.queues[q as usize];
                qm.head = (qi.head + 1) % qi.cap;
                qm.count -= 1;
                done(&mut st, r);
                let woken = wake_blocked(&mut st, BlockOn::QueueSend(q));
                let mut o = Out::new(
                    Res::Ok,
                    format!(
                        "{what}: item from slot {slot} ({} left){}",
                        qi.count - 1,
                        woke_label(&st, &woken)
                    ),
                );
                o.copy = Some(QueueCopy {
                    queue: q,
                    slot,
                    dir: CopyDir::OutOfQueue,
                    item,
                    item_size: qi.item_size,
                    stream: false,
                });
                one(o, st)
            } else {
                unavailable(
                    spec,
                    st,
                    r,
                    BlockOn::QueueReceive(q),
                    call.timeout,
                    &format!("{what}: empty"),
                )
            }
        }
        Action::QueueCount => {
            let key = int_arg(call, call.object, "queue")?;
            // FreeRTOS: uxSemaphoreGetCount is uxQueueMessagesWaiting on the semaphore
            let c = if let Some(s) = st.sem_index(key) {
                st.semaphores[s as usize].count as i128
            } else if let Some(m) = st.mutex_index(key) {
                st.mutexes[m as usize].owner.is_none() as i128
            } else if let Some(q) = st.qset.set_index(key) {
                st.qset.sets[q as usize].items.len() as i128
            } else {
                let q = st.queue_index(key).ok_or_else(|| invalid(call, key))?;
                st.queues[q as usize].count as i128
            };
            one(Out::new(Res::Value(c), format!("{f}: {c}")), st)
        }
        Action::QueueSpaces => {
            // uxQueueSpacesAvailable: the length less the items waiting
            let key = int_arg(call, call.object, "queue")?;
            let c = if let Some(s) = st.sem_index(key) {
                let sm = &st.semaphores[s as usize];
                sm.max as i128 - sm.count as i128
            } else if let Some(m) = st.mutex_index(key) {
                st.mutexes[m as usize].owner.is_some() as i128
            } else if let Some(q) = st.qset.set_index(key) {
                let set = &st.qset.sets[q as usize];
                set.cap as i128 - set.items.len() as i128
            } else {
                let q = st.queue_index(key).ok_or_else(|| invalid(call, key))?;
                let qi = &st.queues[q as usize];
                qi.cap as i128 - qi.count as i128
            };
            one(Out::new(Res::Value(c), format!("{f}: {c}")), st)
        }
        Action::QueueReset => {
            let key = int_arg(call, call.object, "queue")?;
            let q = st.queue_index(key).ok_or_else(|| invalid(call, key))?;
            let qm = &mut st.queues[q as usize];
            qm.count = 0;
            qm.head = 0;
            let woken = wake_blocked(&mut st, BlockOn::QueueSend(q));
            let l = format!(
                "{f}({}): emptied{}",
                st.object_name(key),
                woke_label(&st, &woken)
            );
            one(Out::new(Res::Ok, l), st)
        }
        _ => Err(SchedError::Unsupported(format!(
            "{f}: action {} is not a queue primitive",
            call.action
        ))),
    }
}
