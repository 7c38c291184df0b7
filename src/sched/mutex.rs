//! Mutex primitives (create, lock, trylock, unlock, attributes) of `sexec`: ownership,
//! recursion counts, priority inheritance and the waiters a release wakes. [`lock`] and
//! [`unlock`] also serve a condition wait's release and re-acquisition (`super::cond`).

use super::bind::PrimitiveCall;
use super::sexec::*;
use super::spec::{Action, Returns, SchedulerSpec};
use super::state::{BlockOn, MutexKind, SchedState, ThreadInstance};
use super::SchedError;

/// Whether `a` is a mutex primitive.
pub fn handles(a: Action) -> bool {
    matches!(
        a,
        Action::MutexCreate
            | Action::MutexLock
            | Action::MutexTrylock
            | Action::MutexUnlock
            | Action::MutexattrInit
            | Action::MutexattrSettype
            | Action::MutexattrGettype
    )
}

/// Runs a mutex primitive: `call` of running thread `r`; `st` is a copy of `state` to update.
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
        Action::MutexCreate => {
            let (m, key) = match call.object {
                Some(key) => match st.mutex_index(key) {
                    Some(m) => {
                        st.mutexes[m as usize].owner = None;
                        st.mutexes[m as usize].depth = 0;
                        (m, key)
                    }
                    None => {
                        if key == 0 || st.is_handle(key) {
                            return Err(invalid(call, key));
                        }
                        (st.add_mutex(Some(key))?, key)
                    }
                },
                None => {
                    let m = st.add_mutex(None)?;
                    (m, st.mutexes[m as usize].key)
                }
            };
            let kind = match (call.attr, call.value) {
                (Some(a), _) if a != 0 => st.mutex_attr_kind(a),
                // 0x100 | a POSIX type (glibc's typed static initialisers, lower::libc_mutex)
                (_, Some(t)) if t & 0x100 != 0 => {
                    MutexKind::from_posix(t & 0xff).unwrap_or(MutexKind::Normal)
                }
                // C11 `mtx_init(m, type)`: recursive when `type & mtx_recursive` (1)
                (_, Some(t)) if t & 1 != 0 => MutexKind::Recursive,
                _ => MutexKind::Normal,
            };
            st.mutexes[m as usize].kind = kind;
            let res = if call.returns == Returns::Handle {
                Res::Value(key)
            } else {
                Res::Ok
            };
            let l = match kind {
                MutexKind::Normal => format!("{f}: creates mutex {}", st.object_name(key)),
                MutexKind::Recursive => {
                    format!("{f}: creates recursive mutex {}", st.object_name(key))
                }
                MutexKind::ErrorCheck => {
                    format!("{f}: creates error-checking mutex {}", st.object_name(key))
                }
            };
            one(Out::new(res, l), st)
        }
        Action::MutexLock | Action::MutexTrylock => {
            let key = int_arg(call, call.object, "mutex")?;
            let m = mutex_for(&mut st, call, key)?;
            lock(spec, st, r, call, m, call.action == Action::MutexTrylock)
        }
        Action::MutexUnlock => {
            let key = int_arg(call, call.object, "mutex")?;
            let m = mutex_for(&mut st, call, key)?;
            unlock(st, r, call, m)
        }
        Action::MutexattrInit => {
            let key = int_arg(call, call.object, "mutex attribute")?;
            st.set_mutex_attr_kind(key, MutexKind::Normal)?;
            one(Out::new(Res::Ok, f.to_string()), st)
        }
        Action::MutexattrSettype => {
            let key = int_arg(call, call.object, "mutex attribute")?;
            let t = int_arg(call, call.value, "mutex type")?;
            match MutexKind::from_posix(t) {
                Some(kind) => {
                    st.set_mutex_attr_kind(key, kind)?;
                    one(Out::new(Res::Ok, format!("{f}: type {t}")), st)
                }
                None => one(
                    Out::new(Res::Fail, format!("{f}: invalid type {t}, fails")),
                    st,
                ),
            }
        }
        Action::MutexattrGettype => {
            let key = int_arg(call, call.object, "mutex attribute")?;
            let t = st.mutex_attr_kind(key).posix();
            let mut o = Out::new(Res::Ok, format!("{f}: type {t}"));
            if let Some(p) = call.value_out {
                o.writes.push((p, t));
            }
            one(o, st)
        }
        _ => Err(SchedError::Unsupported(format!(
            "{f}: action {} is not a mutex primitive",
            call.action
        ))),
    }
}

pub(super) fn mutex_for(
    st: &mut SchedState,
    call: &PrimitiveCall,
    key: i128,
) -> Result<u8, SchedError> {
    if let Some(m) = st.mutex_index(key) {
        return Ok(m);
    }
    if key == 0 || st.is_handle(key) {
        return Err(invalid(call, key));
    }
    st.add_mutex(Some(key))
}

pub(super) fn lock(
    spec: &SchedulerSpec,
    mut st: SchedState,
    r: ThreadInstance,
    call: &PrimitiveCall,
    m: u8,
    try_only: bool,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let what = format!(
        "{}({})",
        call.func,
        st.object_name(st.mutexes[m as usize].key)
    );
    match st.mutexes[m as usize].owner {
        None => {
            st.mutexes[m as usize].owner = Some(r);
            st.mutexes[m as usize].depth = 0;
            done(&mut st, r);
            Ok(vec![(Out::new(Res::Ok, format!("{what}: acquired")), st)])
        }
        Some(o)
            if o == r
                && (call.recursive || st.mutexes[m as usize].kind == MutexKind::Recursive) =>
        {
            let mx = &mut st.mutexes[m as usize];
            mx.depth = mx
                .depth
                .checked_add(1)
                .ok_or_else(|| SchedError::CapacityExceeded("recursive mutex nesting".into()))?;
            let d = mx.depth + 1;
            done(&mut st, r);
            Ok(vec![(
                Out::new(Res::Ok, format!("{what}: taken again (held {d} times)")),
                st,
            )])
        }
        Some(o) if o == r && st.mutexes[m as usize].kind == MutexKind::ErrorCheck => {
            let l = if try_only {
                format!("{what}: already held by the caller, fails (busy)")
            } else {
                format!("{what}: already held by the caller, fails (deadlock detected)")
            };
            Ok(vec![(Out::new(Res::Fail, l), st)])
        }
        Some(o) if try_only => {
            let l = format!("{what}: busy (owned by {}), fails", st.thread_name(o));
            Ok(vec![(Out::new(Res::Fail, l), st)])
        }
        Some(o) => {
            let what = format!("{what} owned by {}", st.thread_name(o));
            unavailable(spec, st, r, BlockOn::Mutex(m), call.timeout, &what)
        }
    }
}

pub(super) fn unlock(
    mut st: SchedState,
    r: ThreadInstance,
    call: &PrimitiveCall,
    m: u8,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let what = format!(
        "{}({})",
        call.func,
        st.object_name(st.mutexes[m as usize].key)
    );
    if st.mutexes[m as usize].owner != Some(r) {
        return Ok(vec![(
            Out::new(Res::Fail, format!("{what}: not owned by the caller, fails")),
            st,
        )]);
    }
    let counted = call.recursive || st.mutexes[m as usize].kind == MutexKind::Recursive;
    if counted && st.mutexes[m as usize].depth > 0 {
        st.mutexes[m as usize].depth -= 1;
        let d = st.mutexes[m as usize].depth + 1;
        return Ok(vec![(
            Out::new(Res::Ok, format!("{what}: given back once (held {d} times)")),
            st,
        )]);
    }
    st.mutexes[m as usize].owner = None;
    st.mutexes[m as usize].depth = 0;
    let woken = wake_blocked(&mut st, BlockOn::Mutex(m));
    let l = format!("{what}: released{}", woke_label(&st, &woken));
    Ok(vec![(Out::new(Res::Ok, l), st)])
}
