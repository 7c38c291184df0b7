//! FreeRTOS task names and the task count (`Sexec` for `task-get-name`, `task-get-handle`,
//! `task-count`), as FreeRTOS-Kernel's `tasks.c` keeps them:
//!
//! - a task's name is copied into its control block at creation, truncated to
//!   `configMAX_TASK_NAME_LEN - 1` characters; schedmc keeps it when the name given is a
//!   string literal ([`literal`]: its text is known and never changes), else the name is
//!   unknown;
//! - `pcTaskGetName(h)` (NULL: the caller) returns a pointer to the kernel's copy
//!   (`pxTCB->pcTaskName`, a `char[configMAX_TASK_NAME_LEN]` inside the control block, which
//!   `prvCreateTask` zeroes and `prvInitialiseNewTask` fills with the name, truncated and
//!   NUL-terminated): schedmc gives the program one such array per task instance
//!   ([`copies_text`], objects `__schedmc_task_name_<i>` for instances 1 to [`COPIES`], added
//!   to a program that names `pcTaskGetName`), written at the task's creation, so comparing the
//!   pointer with the literal or writing through it has the kernel's outcome; a name that is
//!   not a string literal, or a later instance, gives UNKNOWN;
//! - `xTaskGetHandle(name)` searches every list of the kernel, the tasks deleted but not yet
//!   freed included: exactly one live task with that name gives its handle, none gives NULL;
//!   several, a task whose name is unknown, a task that deleted itself or ended (the idle task
//!   frees it at a moment schedmc does not model) with that name, the idle or timer service
//!   task's name: UNKNOWN;
//! - `uxTaskGetNumberOfTasks()` counts the tasks not deleted, plus, once the scheduler runs,
//!   the idle task and the timer service task (`configUSE_TIMERS`); a task that deleted itself
//!   is counted until the idle task frees it: UNKNOWN then, as when `configUSE_TIMERS` is not
//!   known.

use crate::ir::Program;

use super::bind::PrimitiveCall;
use super::sexec::{int_arg, target_thread, Out, Res};
use super::spec::{Action, SchedulerSpec};
use super::state::{HandleKind, SchedState, ThreadInstance, ThreadStatus};
use super::SchedError;

/// The prefix of the objects holding the kernel's copies of task names (`<prefix><i>` for
/// task instance `i`).
pub const COPY_PREFIX: &str = "__schedmc_task_name_";
/// Task instances (1 to this) that have a name copy: `pcTaskGetName` of a later one is UNKNOWN.
pub const COPIES: u8 = 16;

/// The C declarations of the name copies (`char __schedmc_task_name_<i>[configMAX_TASK_NAME_LEN]`
/// for `i` in 1..=[`COPIES`], with the program's `configMAX_TASK_NAME_LEN`, 16 when it has
/// none or it is no constant: the scheduler checks the size against its configuration), and
/// an array of their addresses so each has an object.
pub fn copies_text(macros: &[(String, String)]) -> String {
    let len = macros
        .binary_search_by(|(k, _)| k.as_str().cmp("configMAX_TASK_NAME_LEN"))
        .ok()
        .and_then(|i| {
            super::macro_value::macro_int(&macros[i].1)
                .or_else(|| super::macro_value::macro_eval(&macros[i].1, macros, 0))
        })
        .filter(|v| (1..=1024).contains(v))
        .unwrap_or(16);
    let mut s = String::new();
    for i in 1..=COPIES {
        s.push_str(&format!("char {COPY_PREFIX}{i}[{len}];\n"));
    }
    s.push_str(&format!("char *const {COPY_PREFIX}all[{COPIES}] = {{"));
    for i in 1..=COPIES {
        s.push_str(&format!(" {COPY_PREFIX}{i},"));
    }
    s.push_str(" };\n");
    s
}

/// The kernel's copy of a task's name: its object's address and its cells, one per byte.
#[derive(Clone, Debug, PartialEq)]
pub struct NameCopy {
    pub instance: u8,
    pub base: i128,
    pub cells: Vec<super::bind::VarRef>,
}

/// The name copies of `prog` whose cells are exactly one per byte of a
/// `configMAX_TASK_NAME_LEN`-byte array (`max_len`), by instance.
pub fn copies(prog: &Program, max_len: u16) -> Vec<NameCopy> {
    let mut out = Vec::new();
    for o in &prog.objects {
        let Some(i) = o
            .name
            .strip_prefix(COPY_PREFIX)
            .and_then(|n| n.parse::<u8>().ok())
        else {
            continue;
        };
        let n = u64::from(max_len);
        let one_per_byte = o.size == n
            && o.cells.len() as u64 == n
            && o.cells
                .iter()
                .enumerate()
                .all(|(k, (off, v))| *off == k as u64 && prog.vars[v.0 as usize].ty.bits() == 8);
        if one_per_byte {
            out.push(NameCopy {
                instance: i,
                base: i128::from(o.base),
                cells: o
                    .cells
                    .iter()
                    .map(|(_, v)| super::bind::var_ref(prog, *v, &|_| false))
                    .collect(),
            });
        }
    }
    out
}

/// The bytes of the kernel's copy of the name `ptr` points to (a string literal): its text
/// truncated to `max_len - 1` characters, then zeros (the zeroed control block).
pub fn copy_bytes(prog: &Program, ptr: i128, max_len: u16) -> Option<Vec<u8>> {
    let a = u64::try_from(ptr).ok()?;
    let o = prog.objects.iter().find(|o| o.base == a && is_literal(o))?;
    let text = literal_text(prog, o)?;
    let n = usize::from(max_len.max(1));
    let mut b: Vec<u8> = text.into_iter().take(n - 1).collect();
    b.resize(n, 0);
    Some(b)
}

/// The writes that fill task `t`'s name copy at its creation (none when it has no copy or
/// its name is not known: `pcTaskGetName` is UNKNOWN then).
pub(super) fn fill_copy(call: &PrimitiveCall, t: ThreadInstance, o: &mut Out) {
    let Some(bytes) = &call.name_bytes else {
        return;
    };
    if let Some(c) = call
        .name_copies
        .iter()
        .find(|c| usize::from(c.instance) == t.index())
    {
        for (v, b) in c.cells.iter().zip(bytes) {
            o.writes.push((*v, v.ty.wrap(i128::from(*b))));
        }
    }
}

/// `xTaskGetHandle` compares the kernel's copies of the names, which schedmc knows by the
/// literal given at creation: when the program may write into a copy (through a
/// `pcTaskGetName` result), every `xTaskGetHandle` call becomes an `Unsupported` edge.
/// Returns the number of calls so replaced.
pub fn guard_get_handle(prog: &mut Program, spec: &SchedulerSpec) -> usize {
    use crate::ir::Op;
    use std::collections::HashSet;
    let cells: HashSet<crate::ir::VarId> = prog
        .objects
        .iter()
        .filter(|o| o.name.starts_with(COPY_PREFIX))
        .flat_map(|o| o.cells.iter().map(|(_, v)| *v))
        .collect();
    let summarized = prog
        .objects
        .iter()
        .any(|o| o.name.starts_with(COPY_PREFIX) && o.cells.is_empty());
    let written = summarized
        || prog
            .threads
            .iter()
            .flat_map(|c| c.edges.iter())
            .any(|e| match &e.op {
                Op::Assign(v, _) | Op::Nondet(v) => cells.contains(v),
                Op::Call { ret, may_write, .. } => {
                    ret.is_some_and(|r| cells.contains(&r))
                        || may_write.iter().any(|v| cells.contains(v))
                }
                _ => false,
            });
    if !written {
        return 0;
    }
    let mut n = 0;
    for c in prog.threads.iter_mut() {
        for e in c.edges.iter_mut() {
            let Op::Call { func, .. } = &e.op else {
                continue;
            };
            if spec.primitive(func).map(|p| p.action) == Some(Action::TaskGetHandle) {
                e.op = Op::Unsupported(format!(
                    "{func}: the program may write into a task's name (the kernel's copy pcTaskGetName returns), which the kernel compares"
                ));
                n += 1;
            }
        }
    }
    n
}

/// A task name that is a string literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TaskName {
    /// The pointer the program gave (the literal's address).
    pub ptr: i128,
    /// The name as the kernel keeps it: the address of the first string literal whose text,
    /// truncated as the kernel truncates names, is the same (equal keys: equal names).
    pub key: i128,
    /// The kernel keeps the whole text (it is shorter than `configMAX_TASK_NAME_LEN`).
    pub whole: bool,
}

/// The names of the kernel's own tasks (`configIDLE_TASK_NAME`,
/// `configTIMER_SERVICE_TASK_NAME` by default).
const KERNEL_TASKS: [&[u8]; 2] = [b"IDLE", b"Tmr Svc"];

/// The text of the string literal object `o` (up to its first NUL, which it must have).
pub(crate) fn literal_text(prog: &Program, o: &crate::ir::Object) -> Option<Vec<u8>> {
    let mut text = Vec::new();
    for off in 0..o.size {
        let (_, v) = o.cells.iter().find(|(k, _)| *k == off)?;
        let b = prog.vars[v.0 as usize].init? as u8;
        if b == 0 {
            return Some(text);
        }
        text.push(b);
    }
    None
}

/// True for the object of a narrow string literal (`str$N`, the front end's name).
pub(crate) fn is_literal(o: &crate::ir::Object) -> bool {
    o.name
        .strip_prefix("str$")
        .is_some_and(|n| n.bytes().all(|c| c.is_ascii_digit()))
}

/// The task name `ptr` points to when it is the start of a string literal, as the kernel
/// keeps it with `configMAX_TASK_NAME_LEN` = `max_len` (None otherwise, and for the names of
/// the kernel's own tasks).
pub fn literal(prog: &Program, ptr: i128, max_len: u16) -> Option<TaskName> {
    let a = u64::try_from(ptr).ok()?;
    let o = prog.objects.iter().find(|o| o.base == a && is_literal(o))?;
    let keep = usize::from(max_len.max(1) - 1);
    let text = literal_text(prog, o)?;
    let kept = &text[..text.len().min(keep)];
    if KERNEL_TASKS.iter().any(|k| &k[..k.len().min(keep)] == kept) {
        return None;
    }
    let key = prog
        .objects
        .iter()
        .filter(|o| is_literal(o))
        .filter(|o| literal_text(prog, o).is_some_and(|t| &t[..t.len().min(keep)] == kept))
        .map(|o| o.base)
        .min()?;
    Some(TaskName {
        ptr,
        key: i128::from(key),
        whole: text.len() <= keep,
    })
}

/// True for the actions this module executes.
pub fn handles(a: Action) -> bool {
    matches!(
        a,
        Action::TaskGetName | Action::TaskGetHandle | Action::TaskCount
    )
}

/// The kernel's tasks schedmc runs: not `main` (which is no task), not an interrupt handler,
/// not the timer service task.
fn app_tasks(st: &SchedState) -> impl Iterator<Item = (ThreadInstance, &super::state::ThreadInfo)> {
    st.threads.iter().enumerate().filter_map(move |(i, t)| {
        let ti = ThreadInstance(i as u8);
        (ti != ThreadInstance::MAIN && !t.is_isr && st.tmr.task != Some(ti)).then_some((ti, t))
    })
}

fn unknown(msg: String) -> SchedError {
    SchedError::Unsupported(msg)
}

/// Runs a task-name or task-count primitive of thread `r`.
pub(super) fn exec(
    spec: &SchedulerSpec,
    st: SchedState,
    call: &PrimitiveCall,
    r: ThreadInstance,
) -> Result<Vec<(Out, SchedState)>, SchedError> {
    let f = call.func.as_str();
    match call.action {
        Action::TaskGetName => {
            let t = target_thread(&st, call, r)?;
            if t == ThreadInstance::MAIN || st.thread(t).is_isr {
                return Err(unknown(format!("{f}: called outside a task")));
            }
            if st.tmr.task == Some(t) {
                return Err(unknown(format!("{f}: the timer service task's name")));
            }
            if st.thread(t).reaped {
                return Err(SchedError::Misuse(format!("{f}: the task was deleted")));
            }
            let who = st.thread_name(t);
            if st.thread(t).name.is_none() {
                return Err(unknown(format!(
                    "{f}: the name given to {who}'s creation is not a string literal"
                )));
            }
            match call.name_copies.iter().find(|c| usize::from(c.instance) == t.index()) {
                Some(c) => Ok(vec![(
                    Out::new(
                        Res::Value(c.base),
                        format!("{f}: the kernel's copy of the name of {who}"),
                    ),
                    st,
                )]),
                None => Err(unknown(format!(
                    "{f}: {who} has no copy of its name (the first {COPIES} task instances have one, with configMAX_TASK_NAME_LEN {} bytes)",
                    spec.task_name_len
                ))),
            }
        }
        Action::TaskGetHandle => {
            let Some(q) = call.name else {
                let v = int_arg(call, call.value, "name")?;
                return Err(unknown(format!(
                    "{f}: the name ({v:#x}) is not a string literal, or is a kernel task's"
                )));
            };
            let mut found = None;
            for (ti, t) in app_tasks(&st) {
                let gone = t.status == ThreadStatus::Finished;
                match t.name {
                    _ if t.reaped => {}
                    None => {
                        return Err(unknown(format!(
                            "{f}: {} has a name that is not a string literal",
                            st.thread_name(ti)
                        )))
                    }
                    Some(n) if n.key == q.key && gone => {
                        return Err(unknown(format!(
                            "{f}: {} ended or deleted itself: the kernel finds it until the idle task frees it",
                            st.thread_name(ti)
                        )))
                    }
                    Some(n) if n.key == q.key => {
                        if found.is_some() {
                            return Err(unknown(format!(
                                "{f}: several tasks have this name (the kernel returns one by its list order)"
                            )));
                        }
                        found = Some(ti);
                    }
                    Some(_) => {}
                }
            }
            let (v, l) = match found {
                Some(t) => (
                    st.handle(HandleKind::Thread, t.index()),
                    format!("{f}: {}", st.thread_name(t)),
                ),
                None => (0, format!("{f}: no task has this name")),
            };
            Ok(vec![(Out::new(Res::Value(v), l), st)])
        }
        Action::TaskCount => {
            let mut n: i128 = 0;
            for (ti, t) in app_tasks(&st) {
                if t.reaped {
                    continue;
                }
                if t.status == ThreadStatus::Finished {
                    return Err(unknown(format!(
                        "{f}: {} ended or deleted itself: the kernel counts it until the idle task frees it",
                        st.thread_name(ti)
                    )));
                }
                n += 1;
            }
            if st.started {
                // the idle task, and the timer service task
                n += 1;
                match spec.use_timers {
                    Some(true) => n += 1,
                    Some(false) => {}
                    None => {
                        return Err(unknown(format!(
                            "{f}: configUSE_TIMERS is not known (is there a timer service task?)"
                        )))
                    }
                }
            }
            Ok(vec![(Out::new(Res::Value(n), format!("{f}: {n}")), st)])
        }
        _ => Err(unknown(format!("{f}: not a task-name action"))),
    }
}
