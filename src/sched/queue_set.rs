//! FreeRTOS queue sets (`configUSE_QUEUE_SETS`), as in FreeRTOS-Kernel's `queue.c`: `Sexec`
//! for the `queue-set-*` actions and the hook by which a send to a member posts to its set.
//!
//! - create (`xQueueCreateSet(n)`, `..Static`): a set is a queue of `n` member handles;
//!   length 0 fails the kernel's `configASSERT` (UNKNOWN with that reason).
//! - add (`xQueueAddToSet(member, set)`): fails (`pdFAIL`) when the member is already in a set
//!   or is not empty (items waiting, a semaphore's count above 0); otherwise the member belongs
//!   to the set. Members are queues and binary / counting semaphores; a mutex, a set or another
//!   object as member is not modelled (UNKNOWN).
//! - remove (`xQueueRemoveFromSet(member, set)`): fails when the member is not in that set or
//!   is not empty.
//! - a successful send to a member (a queue send to back or front, an overwrite of an empty
//!   queue, a semaphore give, their `FromISR` variants) posts the member's handle to the back
//!   of its set and wakes the tasks selecting from the set (`prvNotifyQueueSetContainer`);
//!   as in the kernel, it does *not* wake tasks blocked receiving from the member itself. An
//!   overwrite that replaces an item posts nothing. A full set fails the kernel's
//!   `configASSERT` (the set must be as long as its members together): UNKNOWN with that
//!   reason.
//! - select (`xQueueSelectFromSet(set, ticks)`, `..FromISR`): a receive from the set; returns
//!   the oldest posted handle, or NULL when the block time ends (at once for `FromISR` and a
//!   zero block time).
//!
//! Reading a member without selecting it first: the kernel only documents that a receive /
//! take on a member must follow a select that returned it. schedmc models what the kernel
//! does, not the rule: the read succeeds when the member has an item, the set keeps the
//! member's handle, and a later select returns that handle although the member may be empty
//! (a following `xQueueReceive(member, .., 0)` then fails); a task blocked receiving from a
//! member is woken by a send to the member only through its timeout. A program that depends
//! on such a read gets the verdict of the kernel's actual behaviour.

use super::bind::PrimitiveCall;
use super::sexec::{done, int_arg, invalid, unavailable, woke_label, Out, Res};
use super::spec::{Action, Returns, SchedulerSpec};
use super::state::{BlockOn, HandleKind, SchedState, ThreadInstance, ThreadStatus};
use super::SchedError;
use crate::sched::capvec::CapVec;

/// Queue sets kept.
pub const MAX_SETS: usize = 4;
/// Members in all sets together.
pub const MAX_MEMBERS: usize = 16;
/// Largest set length.
pub const MAX_SET_LEN: usize = 64;

/// One queue set: its posted member handles, oldest first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SetInfo {
    pub key: i128,
    pub cap: u16,
    pub items: CapVec<i128, MAX_SET_LEN>,
}

/// The queue sets and the set each member belongs to.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct QueueSetState {
    pub sets: CapVec<SetInfo, MAX_SETS>,
    /// (member key, index into `sets`).
    pub members: CapVec<(i128, u8), MAX_MEMBERS>,
}

impl QueueSetState {
    pub fn set_index(&self, key: i128) -> Option<u8> {
        self.sets.iter().position(|s| s.key == key).map(|i| i as u8)
    }
    /// The set `member` belongs to.
    pub fn container(&self, member: i128) -> Option<u8> {
        self.members
            .iter()
            .find(|(m, _)| *m == member)
            .map(|(_, s)| *s)
    }
}

/// `xQueuePeek` on a set's handle (a set is a queue of member handles): copies the oldest
/// posted handle into the buffer without removing it; an empty set fails at once with no
/// block time (a peek that would block on a set is not modelled: UNKNOWN).
pub(super) fn peek(
    spec: &SchedulerSpec,
    st: SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
    set: u8,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let key = st.qset.sets[set as usize].key;
    let what = format!("{}({})", call.func, st.object_name(key));
    let Some(&h) = st.qset.sets[set as usize].items.first() else {
        if call.timeout == Some(super::bind::Timeout::Ticks(0)) {
            return unavailable(spec, st, r, BlockOn::QueueReceive(0), call.timeout, &what);
        }
        return Err(SchedError::Unsupported(format!(
            "{what}: a peek that blocks on a queue set"
        )));
    };
    let cell = call
        .value_out
        .filter(|v| v.ty.bits() == u16::from(st.ptr_bits))
        .ok_or_else(|| {
            SchedError::Unsupported(format!(
                "{what}: the buffer is not one pointer-sized variable at a known address"
            ))
        })?;
    let mut st = st;
    done(&mut st, r);
    let mut o = Out::new(Res::Ok, format!("{what}: {}", st.object_name(h)));
    o.writes.push((cell, h));
    Ok(vec![(o, st)])
}

/// True for the actions this module executes.
pub fn handles(a: Action) -> bool {
    matches!(
        a,
        Action::QueueSetCreate
            | Action::QueueSetAdd
            | Action::QueueSetRemove
            | Action::QueueSetSelect
    )
}

/// A successful send to (give of) `member`: when it belongs to a set, posts its handle to the
/// set and wakes the set's selectors, returning them with a label; `None` when it is in no
/// set (the caller wakes the member's own receivers).
pub(super) fn posted(
    st: &mut SchedState,
    member: i128,
) -> Result<Option<(Vec<ThreadInstance>, String)>, SchedError> {
    let Some(s) = st.qset.container(member) else {
        return Ok(None);
    };
    let set = &mut st.qset.sets[s as usize];
    let key = set.key;
    if set.items.len() >= usize::from(set.cap) || set.items.push(member).is_err() {
        return Err(SchedError::Misuse(format!(
            "queue set {} full when {} posts to it: the kernel's configASSERT in prvNotifyQueueSetContainer fails (a set must be as long as its members together)",
            st.object_name(key),
            st.object_name(member)
        )));
    }
    let n = set.items.len();
    let mut woken = Vec::new();
    for (i, t) in st.threads.iter_mut().enumerate() {
        if t.status
            == (ThreadStatus::Blocked {
                on: BlockOn::QueueSet(s),
            })
        {
            t.status = ThreadStatus::Runnable;
            woken.push(ThreadInstance(i as u8));
        }
    }
    let l = format!(
        "; posted to set {} ({n} posted){}",
        st.object_name(key),
        woke_label(st, &woken)
    );
    Ok(Some((woken, l)))
}

/// The number of items (a semaphore's count) of a member, or why it cannot be one.
fn member_fill(st: &SchedState, call: &PrimitiveCall, key: i128) -> Result<u32, SchedError> {
    if let Some(q) = st.queue_index(key) {
        return Ok(u32::from(st.queues[q as usize].count));
    }
    if let Some(s) = st.sem_index(key) {
        return Ok(st.semaphores[s as usize].count);
    }
    if st.mutex_index(key).is_some() || st.qset.set_index(key).is_some() {
        return Err(SchedError::Unsupported(format!(
            "{}: a mutex or a queue set as a queue-set member",
            call.func
        )));
    }
    Err(invalid(call, key))
}

fn set_of(st: &SchedState, call: &PrimitiveCall, v: Option<i128>) -> Result<u8, SchedError> {
    let key = int_arg(call, v, "queue set")?;
    st.qset.set_index(key).ok_or_else(|| invalid(call, key))
}

/// The operands of an add or remove: the member, the set's index, the member's fill and the
/// trace text `f(member, set)`.
fn membership(
    st: &SchedState,
    call: &PrimitiveCall,
) -> Result<(i128, u8, u32, String), SchedError> {
    let member = int_arg(call, call.object, "member")?;
    let s = set_of(st, call, call.set)?;
    let fill = member_fill(st, call, member)?;
    let what = format!(
        "{}({}, {})",
        call.func,
        st.object_name(member),
        st.object_name(st.qset.sets[s as usize].key)
    );
    Ok((member, s, fill, what))
}

/// Runs a queue-set primitive of thread `r`.
pub(super) fn exec(
    spec: &SchedulerSpec,
    mut st: SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let f = call.func.as_str();
    let one = |o: Out, s: SchedState| Ok(vec![(o, s)]);
    match call.action {
        Action::QueueSetCreate => {
            let len = int_arg(call, call.length, "length")?;
            if len <= 0 {
                return Err(SchedError::Misuse(format!(
                    "{f}: length {len}: the kernel's configASSERT fails"
                )));
            }
            if len > MAX_SET_LEN as i128 {
                return Err(SchedError::CapacityExceeded(format!(
                    "queue set of length {len} (at most {MAX_SET_LEN})"
                )));
            }
            let i = st.qset.sets.len();
            let key = call
                .object
                .unwrap_or_else(|| st.handle(HandleKind::QueueSet, i));
            st.qset
                .sets
                .push(SetInfo {
                    key,
                    cap: len as u16,
                    items: CapVec::new(),
                })
                .map_err(|_| {
                    SchedError::CapacityExceeded(format!("more than {MAX_SETS} queue sets"))
                })?;
            let res = if call.returns == Returns::Handle {
                Res::Value(key)
            } else {
                Res::Ok
            };
            let l = format!("{f}: creates set {} (length {len})", st.object_name(key));
            one(Out::new(res, l), st)
        }
        Action::QueueSetAdd => {
            let (member, s, fill, what) = membership(&st, call)?;
            if let Some(o) = st.qset.container(member) {
                let l = format!(
                    "{what}: already in set {}, fails",
                    st.object_name(st.qset.sets[o as usize].key)
                );
                return one(Out::new(Res::Fail, l), st);
            }
            if fill != 0 {
                let l = format!("{what}: not empty ({fill}), fails");
                return one(Out::new(Res::Fail, l), st);
            }
            st.qset.members.push((member, s)).map_err(|_| {
                SchedError::CapacityExceeded(format!("more than {MAX_MEMBERS} queue-set members"))
            })?;
            one(Out::new(Res::Ok, format!("{what}: added")), st)
        }
        Action::QueueSetRemove if int_arg(call, call.set, "queue set")? == 0 => {
            // the kernel compares the member's container with the set given: NULL matches a
            // member of no set, which is then "removed" (nothing changes) when it is empty
            let member = int_arg(call, call.object, "member")?;
            let fill = member_fill(&st, call, member)?;
            let what = format!("{f}({}, NULL)", st.object_name(member));
            let l = if st.qset.container(member).is_some() {
                format!("{what}: in a set, not NULL's, fails")
            } else if fill != 0 {
                format!("{what}: not empty ({fill}), fails")
            } else {
                return one(Out::new(Res::Ok, format!("{what}: in no set, passes")), st);
            };
            one(Out::new(Res::Fail, l), st)
        }
        Action::QueueSetRemove => {
            let (member, s, fill, what) = membership(&st, call)?;
            if st.qset.container(member) != Some(s) {
                let l = format!("{what}: not a member, fails");
                return one(Out::new(Res::Fail, l), st);
            }
            if fill != 0 {
                let l = format!("{what}: not empty ({fill}), fails");
                return one(Out::new(Res::Fail, l), st);
            }
            st.qset.members.retain(|(m, _)| *m != member);
            one(Out::new(Res::Ok, format!("{what}: removed")), st)
        }
        Action::QueueSetSelect => {
            let s = set_of(&st, call, call.object)?;
            let what = format!("{f}({})", st.object_name(st.qset.sets[s as usize].key));
            if !st.qset.sets[s as usize].items.is_empty() {
                let m = st.qset.sets[s as usize].items.remove(0);
                let left = st.qset.sets[s as usize].items.len();
                done(&mut st, r);
                let l = format!("{what}: {} ({left} left)", st.object_name(m));
                return one(Out::new(Res::Value(m), l), st);
            }
            let outs = unavailable(
                spec,
                st,
                r,
                BlockOn::QueueSet(s),
                call.timeout,
                &format!("{what}: empty"),
            )?;
            // the kernel returns NULL when nothing was selected
            Ok(outs
                .into_iter()
                .map(|(mut o, s)| {
                    if o.res == Res::Fail {
                        o.res = Res::Value(0);
                    }
                    (o, s)
                })
                .collect())
        }
        _ => Err(SchedError::Unsupported(format!(
            "{f}: action {} is not a queue-set action",
            call.action
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::super::bind::Timeout;
    use super::super::{running, sched, sexec, Action, PrimitiveCall, SchedulerSpec, ThreadInfo};
    use super::*;
    use crate::ir::{Expr, ThreadId, Type};

    fn spec() -> SchedulerSpec {
        SchedulerSpec::builtin("freertos").unwrap()
    }

    fn prim(spec: &SchedulerSpec, name: &str, f: impl FnOnce(&mut PrimitiveCall)) -> PrimitiveCall {
        let p = spec.primitive(name).unwrap();
        let mut c = PrimitiveCall::new(name, p.action, p.returns);
        c.overwrite = p.args.overwrite;
        if p.args.nonblocking {
            c.timeout = Some(Timeout::Ticks(0));
        }
        f(&mut c);
        c
    }

    fn one(spec: &SchedulerSpec, st: &SchedState, c: &PrimitiveCall) -> (Option<i128>, SchedState) {
        let mut v = sexec(spec, st, c).unwrap_or_else(|e| panic!("{}: {e}", c.func));
        assert_eq!(v.len(), 1);
        let (rv, s) = v.pop().unwrap();
        (rv.ret, s)
    }

    /// A started scheduler with one running task, a queue of length 1, a binary semaphore and
    /// a set of length `len`: (state, queue, semaphore, set).
    fn setup(spec: &SchedulerSpec, len: i128) -> (SchedState, i128, i128, i128) {
        let mut st = SchedState::empty(32);
        st.add_thread(ThreadInfo::new(ThreadId(0), ThreadStatus::Running, 0))
            .unwrap();
        let (q, s1) = one(
            spec,
            &st,
            &prim(spec, "xQueueCreate", |c| {
                c.length = Some(1);
                c.item_size = Some(4);
            }),
        );
        let (s, s2) = one(spec, &s1, &prim(spec, "xSemaphoreCreateBinary", |_| {}));
        let (set, s3) = one(
            spec,
            &s2,
            &prim(spec, "xQueueCreateSet", |c| c.length = Some(len)),
        );
        let mut sp = PrimitiveCall::new("xTaskCreate", Action::Spawn, Returns::Const(1));
        sp.entry = Some(ThreadId(0));
        sp.priority = Some(1);
        let s4 = sexec(spec, &s3, &sp).unwrap().pop().unwrap().1;
        let start = prim(spec, "vTaskStartScheduler", |_| {});
        let s5 = sexec(spec, &s4, &start).unwrap().pop().unwrap().1;
        let (s6, _) = sched(spec, &s5).unwrap().remove(0);
        assert!(running(&s6).is_some());
        (s6, q.unwrap(), s.unwrap(), set.unwrap())
    }

    fn send(spec: &SchedulerSpec, name: &str, q: i128) -> PrimitiveCall {
        prim(spec, name, |c| {
            c.object = Some(q);
            c.item = Some(Expr::Const(0x1000, Type::int(32, false)));
            c.timeout = Some(Timeout::Ticks(0));
        })
    }

    fn member(spec: &SchedulerSpec, name: &str, m: i128, set: i128) -> PrimitiveCall {
        prim(spec, name, |c| {
            c.object = Some(m);
            c.set = Some(set);
        })
    }

    #[test]
    fn sends_to_members_post_their_handles_in_order_and_select_returns_them() {
        let spec = spec();
        let (st, q, s, set) = setup(&spec, 2);
        let (r, st) = one(&spec, &st, &member(&spec, "xQueueAddToSet", q, set));
        assert_eq!(r, Some(1));
        // one set per member
        let (r, st) = one(&spec, &st, &member(&spec, "xQueueAddToSet", q, set));
        assert_eq!(r, Some(0));
        let (r, st) = one(&spec, &st, &member(&spec, "xQueueAddToSet", s, set));
        assert_eq!(r, Some(1));
        let give = prim(&spec, "xSemaphoreGive", |c| c.object = Some(s));
        let (_, st) = one(&spec, &st, &give);
        let (_, st) = one(&spec, &st, &send(&spec, "xQueueSend", q));
        assert_eq!(&st.qset.sets[0].items[..], &[s, q]);
        // a member with data cannot leave the set
        let (r, st) = one(&spec, &st, &member(&spec, "xQueueRemoveFromSet", q, set));
        assert_eq!(r, Some(0));
        let select = prim(&spec, "xQueueSelectFromSet", |c| {
            c.object = Some(set);
            c.timeout = Some(Timeout::Ticks(0));
        });
        let (r, st) = one(&spec, &st, &select);
        assert_eq!(r, Some(s));
        let (r, st) = one(&spec, &st, &select);
        assert_eq!(r, Some(q));
        // empty: NULL (from an interrupt's variant too)
        let (r, _) = one(&spec, &st, &select);
        assert_eq!(r, Some(0));
        let isr = prim(&spec, "xQueueSelectFromSetFromISR", |c| {
            c.object = Some(set)
        });
        let (r, _) = one(&spec, &st, &isr);
        assert_eq!(r, Some(0));
    }

    #[test]
    fn adding_a_non_empty_member_fails_and_a_full_set_is_the_kernels_assertion() {
        let spec = spec();
        let (st, q, s, set) = setup(&spec, 1);
        let (_, full) = one(&spec, &st, &send(&spec, "xQueueSend", q));
        let (r, _) = one(&spec, &full, &member(&spec, "xQueueAddToSet", q, set));
        assert_eq!(r, Some(0));
        let (_, st) = one(&spec, &st, &member(&spec, "xQueueAddToSet", q, set));
        let (_, st) = one(&spec, &st, &member(&spec, "xQueueAddToSet", s, set));
        // a mutex as member is not modelled
        let (m, st) = one(&spec, &st, &prim(&spec, "xSemaphoreCreateMutex", |_| {}));
        assert!(sexec(
            &spec,
            &st,
            &member(&spec, "xQueueAddToSet", m.unwrap(), set)
        )
        .is_err());
        let (_, st1) = one(&spec, &st, &send(&spec, "xQueueSend", q));
        // an overwrite of the full queue replaces its item and posts nothing
        let (_, st2) = one(&spec, &st1, &send(&spec, "xQueueOverwrite", q));
        assert_eq!(st2.qset.sets[0].items.len(), 1);
        // the set of length 1 holds the queue's handle: the semaphore's post overflows it
        let give = prim(&spec, "xSemaphoreGive", |c| c.object = Some(s));
        let e = sexec(&spec, &st2, &give).unwrap_err();
        assert!(e.to_string().contains("configASSERT"), "{e}");
    }

    #[test]
    fn a_member_read_without_select_leaves_its_handle_in_the_set() {
        let spec = spec();
        let (st, q, _, set) = setup(&spec, 1);
        let (_, st) = one(&spec, &st, &member(&spec, "xQueueAddToSet", q, set));
        let (_, st) = one(&spec, &st, &send(&spec, "xQueueSend", q));
        let recv = prim(&spec, "xQueueReceive", |c| {
            c.object = Some(q);
            c.item = Some(Expr::Const(0x1000, Type::int(32, false)));
            c.timeout = Some(Timeout::Ticks(0));
        });
        let (r, st) = one(&spec, &st, &recv);
        assert_eq!(r, Some(1));
        // the kernel's behaviour: the handle stays; the member is empty when selected
        let select = prim(&spec, "xQueueSelectFromSet", |c| {
            c.object = Some(set);
            c.timeout = Some(Timeout::Ticks(0));
        });
        let (r, st) = one(&spec, &st, &select);
        assert_eq!(r, Some(q));
        let (r, st) = one(&spec, &st, &recv);
        assert_eq!(r, Some(0));
        // now empty and selected: it may leave the set
        let (r, _) = one(&spec, &st, &member(&spec, "xQueueRemoveFromSet", q, set));
        assert_eq!(r, Some(1));
    }
}
