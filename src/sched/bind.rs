//! Binding an `Op::Call` (or `Op::AtomicBegin/End`) to a scheduler description: the
//! [`PrimitiveCall`] with its constant arguments.
//!
//! ESST needs the arguments of primitives statically. [`bind`] accepts constants only (constant
//! expressions, object addresses, function designators). [`Binder`] additionally resolves
//! *scheduler-valued variables*: variables whose every write is the result or out-parameter of a
//! primitive returning a handle or a time (`xSemaphoreCreateMutex`, `pthread_create`'s `&t`,
//! `xTaskGetTickCount`, `vTaskDelayUntil`'s `*prev`), or an assignment from such variables
//! and constants. Their values are kept in the scheduler state ([`SchedState::bindings`]),
//! written by `sexec` and by [`Binder::track`], which the engine calls after every ordinary
//! operation of the running thread. A write the engine reports through `track` but whose value
//! is not a constant (`Op::Nondet`, such as the front end's havoc of an uninitialised
//! `pthread_t t;`, the result or a `may_write` cell of an external call, an assignment from an
//! unknown value) records the value as *unknown*; a primitive reading an unknown value is a
//! [`BindError::NonConstant`]. Writes the engine performs without `track` (a thread's return
//! cell, a buffer received into through a computed pointer) exclude a variable; a buffer
//! received into through a constant pointer is recorded as unknown by `sexec`
//! ([`PrimitiveCall::item_cells`]), so a handle cell beside it (a queue set's peek into a
//! handle variable) stays tracked. So a recorded value is always the
//! variable's current value.
//!
//! Handles in arrays: the variables a scheduler argument reads (the loop counter `i` of
//! `pthread_create(&t[i], ..)` / `pthread_join(t[i])`, a worker's index read through its
//! argument for `&locks[id]`), the variables those are copied from, and the variables of the
//! conditions of thread-creating loops are tracked the same way; a thread parameter is recorded
//! at the spawn ([`Binder::spawned`]). A computed handle address (`&t[i]`) marks every cell of the
//! object it points into as scheduler-written. Tracked values are exact, so the engine prunes
//! assumes they falsify ([`Binder::decide`]) and replaces what they determine by constants
//! ([`Binder::specialise`]). An index whose value is unknown is never guessed: a read of a
//! handle array at such an index (`pthread_join(t[k], 0)`) is split into one case per handle
//! the array may yield, each guarded by the data condition selecting it ([`bind_cases`]);
//! anything else stays a `NonConstant` error (UNKNOWN).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::diag::{Diag, Loc};
use crate::ir::{CallArg, Expr, Op, Program, Scope, ThreadId, Type, VarId};

use super::sexec::ReturnValue;
use super::spec::{Action, MainAfter, NotifyMode, Primitive, Returns, SchedulerSpec};
use super::state::{SchedState, ThreadInstance};
use super::SchedError;

/// A finite or infinite timeout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Timeout {
    /// The largest value of the argument's type (`portMAX_DELAY`): wait forever.
    Forever,
    Ticks(u64),
}

/// A program variable a primitive writes (result or out-parameter cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VarRef {
    pub var: VarId,
    pub ty: Type,
    /// Thread-local variable (its binding belongs to the running instance).
    pub local: bool,
    /// A scheduler-valued variable whose value `sexec` records in the state.
    pub tracked: bool,
}

/// The bound form of a primitive call: the action and its constant arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct PrimitiveCall {
    pub func: String,
    pub action: Action,
    pub returns: Returns,
    /// Function designator (spawn, interrupt-trigger).
    pub entry: Option<ThreadId>,
    /// Event / mutex / semaphore / queue / condition / thread: its address or handle value.
    pub object: Option<i128>,
    /// The mutex of a condition wait.
    pub mutex: Option<i128>,
    /// The queue set of a queue-set member operation (its handle).
    pub set: Option<i128>,
    pub priority: Option<i128>,
    /// Time (wait-time, timed notify) or ticks (delay-ticks, delay-until increment).
    pub time: Option<i128>,
    /// `None` when the primitive has no timeout argument (it waits forever).
    pub timeout: Option<Timeout>,
    /// delay-until: the `*prev` cell and its current value.
    pub prev: Option<(VarRef, i128)>,
    pub length: Option<i128>,
    pub item_size: Option<i128>,
    pub max: Option<i128>,
    pub initial: Option<i128>,
    pub mode: Option<NotifyMode>,
    pub front: bool,
    /// queue-send: replace the item of a full queue of length 1.
    pub overwrite: bool,
    /// interrupts-restore: the mask value (0 unmasks).
    pub mask: Option<i128>,
    /// mutex-lock / mutex-unlock of a recursive mutex.
    pub recursive: bool,
    /// queue-receive without removing the item.
    pub peek: bool,
    /// The `pxHigherPriorityTaskWoken` cell (None: no such argument, or NULL).
    pub woken: Option<VarRef>,
    /// isr-yield: the flag's value.
    pub flag: Option<i128>,
    /// Task notifications (see `ArgMap`).
    pub notify_action: Option<i128>,
    pub value: Option<i128>,
    pub index: Option<i128>,
    pub previous: Option<VarRef>,
    pub clear: Option<i128>,
    pub clear_entry: Option<i128>,
    pub clear_exit: Option<i128>,
    pub value_out: Option<VarRef>,
    /// mutex-create: the attribute object's address (0 for NULL).
    pub attr: Option<i128>,
    /// Event groups: the bits to set, clear or wait for.
    pub bits: Option<i128>,
    /// Software timers: the period, the timer ID, the command number.
    pub period: Option<i128>,
    pub id: Option<i128>,
    pub command: Option<i128>,
    /// timer-pend: the pended function's first argument (a constant).
    pub param: Option<i128>,
    pub main_after: Option<MainAfter>,
    /// Queue item / buffer pointer, as written in the program (the engine copies the value).
    pub item: Option<Expr>,
    /// queue-receive: the scheduler-valued cells of the object a constant item pointer points
    /// into; the engine's copy out of the queue overwrites them, so `sexec` records them as
    /// unknown (a queue set's peek writes a known handle instead, through `value_out`).
    pub item_cells: Vec<VarRef>,
    /// The argument handed to a spawned thread's parameter (may be symbolic).
    pub data_arg: Option<Expr>,
    /// The cell receiving the created handle (pthread_create's `&t`, xTaskCreate's `&h`).
    pub handle_out: Option<VarRef>,
    /// The call's result variable.
    pub ret: Option<VarRef>,
    /// SystemC event lists: the event addresses (0 for NULL).
    pub events: Vec<i128>,
    /// spawn / task-get-handle: the task name `value` points to, when a string literal.
    pub name: Option<super::task_name::TaskName>,
    /// spawn / task-get-name: the kernel's copies of task names the program has.
    pub name_copies: Vec<super::task_name::NameCopy>,
    /// spawn: the bytes of the new task's name copy, when its name is a string literal.
    pub name_bytes: Option<Vec<u8>>,
}

impl PrimitiveCall {
    /// A call with only the action set (tests, atomic sections).
    pub fn new(func: &str, action: Action, returns: Returns) -> PrimitiveCall {
        PrimitiveCall {
            func: func.to_string(),
            action,
            returns,
            entry: None,
            object: None,
            mutex: None,
            set: None,
            priority: None,
            time: None,
            timeout: None,
            prev: None,
            length: None,
            item_size: None,
            max: None,
            initial: None,
            mode: None,
            front: false,
            overwrite: false,
            mask: None,
            recursive: false,
            peek: false,
            woken: None,
            flag: None,
            notify_action: None,
            value: None,
            index: None,
            previous: None,
            clear: None,
            clear_entry: None,
            clear_exit: None,
            value_out: None,
            attr: None,
            bits: None,
            period: None,
            id: None,
            command: None,
            param: None,
            main_after: None,
            item: None,
            item_cells: Vec::new(),
            data_arg: None,
            handle_out: None,
            ret: None,
            events: Vec::new(),
            name: None,
            name_copies: Vec::new(),
            name_bytes: None,
        }
    }
}

/// Why a call could not be bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BindError {
    /// An argument the scheduler needs is not a constant.
    NonConstant { func: String, pos: usize },
    /// The call has fewer arguments than the description's positions.
    MissingArgument { func: String, pos: usize },
    /// The entry argument is not a function designator of a thread entry.
    NotAThread { func: String, pos: usize },
    /// An out-parameter is not the address of a scalar cell of a program object.
    BadPointer {
        func: String,
        pos: usize,
        value: i128,
    },
    /// An out-parameter points into an object the front end keeps without cells (more than
    /// `frontend::lower::MAX_CELLS` scalars, e.g. a handle array of more than 4,096 elements).
    Summarized {
        func: String,
        pos: usize,
        object: String,
    },
}

impl fmt::Display for BindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BindError::NonConstant { func, pos } => {
                write!(f, "unsupported: non-constant argument to {func} (argument {})", pos + 1)
            }
            BindError::MissingArgument { func, pos } => {
                write!(f, "unsupported: call to {func} without argument {}", pos + 1)
            }
            BindError::NotAThread { func, pos } => write!(
                f,
                "unsupported: argument {} of {func} is not a thread entry function",
                pos + 1
            ),
            BindError::BadPointer { func, pos, value } => write!(
                f,
                "unsupported: argument {} of {func} ({value:#x}) does not point to a scalar variable",
                pos + 1
            ),
            BindError::Summarized { func, pos, object } => write!(
                f,
                "unsupported: argument {} of {func} points into `{object}`, an object of more than {} scalar cells (not kept cell by cell)",
                pos + 1,
                crate::frontend::lower::MAX_CELLS
            ),
        }
    }
}

impl std::error::Error for BindError {}

impl BindError {
    pub fn to_diag(&self, loc: Option<Loc>) -> Diag {
        Diag::error(crate::diag::DiagKind::Unsupported, loc, self.to_string())
    }
}

/// Evaluates a side-effect-free expression over constants and known variables (bit-precise,
/// `None` where C leaves an operation undefined: [`crate::ir::semantics::eval_defined`]).
pub fn eval_const(
    e: &Expr,
    prog: &Program,
    lookup: &dyn Fn(VarId) -> Option<i128>,
) -> Option<i128> {
    crate::ir::semantics::eval_defined(e, &prog.vars, &|v| {
        lookup(v).map(|x| prog.var(v).ty.wrap(x))
    })
}

/// The scalar cell at an address.
pub fn cell_at(prog: &Program, addr: i128) -> Option<VarId> {
    let a = u64::try_from(addr).ok()?;
    prog.objects.iter().find_map(|o| {
        if a >= o.base && a < o.base + o.size.max(1) {
            o.cells
                .iter()
                .find(|(off, _)| o.base + off == a)
                .map(|(_, v)| *v)
        } else {
            None
        }
    })
}

/// Binds a call with constant arguments only; `None` for functions the description does not
/// map (externals) and for other operations.
pub fn bind(
    spec: &SchedulerSpec,
    op: &Op,
    prog: &Program,
) -> Result<Option<PrimitiveCall>, BindError> {
    bind_with(spec, op, prog, &|_| None, &|_| false)
}

/// Binds a call, resolving variables through `lookup`; `tracked` says which written variables
/// are scheduler-valued.
pub fn bind_with(
    spec: &SchedulerSpec,
    op: &Op,
    prog: &Program,
    lookup: &dyn Fn(VarId) -> Option<i128>,
    tracked: &dyn Fn(VarId) -> bool,
) -> Result<Option<PrimitiveCall>, BindError> {
    let (func, args, ret) = match op {
        Op::AtomicBegin => {
            return Ok(Some(PrimitiveCall::new(
                "__VERIFIER_atomic_begin",
                Action::AtomicBegin,
                Returns::None,
            )))
        }
        Op::AtomicEnd => {
            return Ok(Some(PrimitiveCall::new(
                "__VERIFIER_atomic_end",
                Action::AtomicEnd,
                Returns::None,
            )))
        }
        Op::Call {
            func, args, ret, ..
        } => (func, args, ret),
        _ => return Ok(None),
    };
    let Some(p) = spec.primitive(func) else {
        return Ok(None);
    };
    let b = ArgBinder {
        p,
        args,
        prog,
        lookup,
        tracked,
    };
    let a = &p.args;
    let mut c = PrimitiveCall::new(func, p.action, p.returns);
    c.mode = a.mode;
    c.front = a.front;
    c.overwrite = a.overwrite;
    c.recursive = a.recursive;
    c.peek = a.peek;
    c.mask = a.mask.map(|i| b.int(i)).transpose()?;
    c.main_after = a.main_after;
    if let Some(g) = a.entry.and_then(|i| b.kernel_group_callback(i)) {
        // the older kernels' `xEventGroupSetBitsFromISR` macro: pends the kernel's own
        // callback with the group and the bits
        c.action = if g {
            Action::EventGroupDeferSet
        } else {
            Action::EventGroupDeferClear
        };
        c.object = a.arg.map(|i| b.int(i)).transpose()?;
        c.bits = a.value.map(|i| b.int(i)).transpose()?;
        c.timeout = a.timeout.map(|i| b.timeout(i)).transpose()?;
        if a.nonblocking {
            c.timeout = Some(Timeout::Ticks(0));
        }
        c.woken = match a.woken {
            Some(i) => b.out(i)?,
            None => None,
        };
        c.ret = ret.map(|v| var_ref(prog, v, tracked));
        return Ok(Some(c));
    }
    c.entry = a.entry.map(|i| b.entry(i)).transpose()?;
    c.object = a.object.map(|i| b.int(i)).transpose()?;
    c.mutex = a.mutex.map(|i| b.int(i)).transpose()?;
    c.attr = a.attr.map(|i| b.int(i)).transpose()?;
    c.set = a.set.map(|i| b.int(i)).transpose()?;
    c.priority = a.priority.map(|i| b.int(i)).transpose()?;
    c.time = match (a.time, a.ticks) {
        (Some(i), _) | (None, Some(i)) => Some(b.int(i)?),
        _ => None,
    };
    c.timeout = a.timeout.map(|i| b.timeout(i)).transpose()?;
    if a.nonblocking {
        c.timeout = Some(Timeout::Ticks(0));
    }
    c.woken = match a.woken {
        Some(i) => b.out(i)?,
        None => None,
    };
    c.flag = a.flag.map(|i| b.int(i)).transpose()?;
    c.events = a
        .events
        .iter()
        .map(|&i| b.int(i))
        .collect::<Result<_, _>>()?;
    c.notify_action = a.notify_action.map(|i| b.int(i)).transpose()?;
    c.value = match (p.action, a.value) {
        // a timer's or task's name: kept when it is a known pointer (for pcTimerGetName,
        // pcTaskGetName, xTaskGetHandle), else open
        (Action::TimerCreate | Action::Spawn | Action::TaskGetHandle, Some(i)) => b.int(i).ok(),
        // an exit value only the engines' data state holds (the thread's result cell)
        (Action::Exit, _) => None,
        _ => a.value.map(|i| b.int(i)).transpose()?,
    };
    if matches!(p.action, Action::Spawn | Action::TaskGetHandle) {
        c.name = c
            .value
            .and_then(|v| super::task_name::literal(prog, v, spec.task_name_len));
    }
    if matches!(p.action, Action::Spawn | Action::TaskGetName) {
        c.name_copies = super::task_name::copies(prog, spec.task_name_len);
    }
    if p.action == Action::Spawn && !c.name_copies.is_empty() {
        c.name_bytes = c
            .value
            .and_then(|v| super::task_name::copy_bytes(prog, v, spec.task_name_len));
    }
    c.index = a.index.map(|i| b.int(i)).transpose()?;
    c.clear = a.clear.map(|i| b.int(i)).transpose()?;
    c.clear_entry = a.clear_entry.map(|i| b.int(i)).transpose()?;
    c.clear_exit = a.clear_exit.map(|i| b.int(i)).transpose()?;
    c.bits = a.bits.map(|i| b.int(i)).transpose()?;
    c.period = a.period.map(|i| b.int(i)).transpose()?;
    c.id = a.id.map(|i| b.int(i)).transpose()?;
    c.command = a.command.map(|i| b.int(i)).transpose()?;
    c.previous = match a.previous {
        Some(i) => b.out(i)?,
        None => None,
    };
    c.value_out = match a.value_out {
        Some(i) => b.out(i)?,
        None => None,
    };
    c.length = a.length.map(|i| b.int(i)).transpose()?;
    c.item_size = a.item_size.map(|i| b.int(i)).transpose()?;
    c.max = a.max.map(|i| b.int(i)).transpose()?;
    c.initial = a.initial.map(|i| b.int(i)).transpose()?;
    c.item = a.item.map(|i| b.expr(i)).transpose()?;
    if p.action == Action::Join
        && c.item
            .as_ref()
            .is_some_and(|x| eval_const(x, prog, lookup) == Some(0))
    {
        // a join without an out-parameter (NULL) copies no exit value
        c.item = None;
    }
    if p.action == Action::QueueReceive {
        let base = a
            .item
            .and_then(|i| match args.get(i) {
                Some(CallArg::Value(x)) => eval_const(x, prog, &|_| None),
                _ => None,
            })
            .and_then(|x| u64::try_from(x).ok());
        c.item_cells = base
            .map(|x| object_cells(prog, x))
            .unwrap_or_default()
            .into_iter()
            .filter(|v| tracked(*v))
            .map(|v| var_ref(prog, v, tracked))
            .collect();
    }
    if p.action == Action::QueueReceive && a.peek {
        // a peek of a queue set writes the member handle to this cell (when it is one)
        c.value_out = a.item.and_then(|i| b.out(i).ok().flatten());
    }
    c.data_arg = match a.arg {
        // a pended function's argument is kept in the timer command: a constant
        Some(i) if p.action == Action::TimerPend => {
            c.param = Some(b.int(i)?);
            None
        }
        Some(i) => match args.get(i) {
            Some(CallArg::Value(e)) => Some(e.clone()),
            Some(_) => None,
            None => return Err(b.missing(i)),
        },
        None => None,
    };
    c.handle_out = match a.handle {
        Some(i) => b.out(i)?,
        None => None,
    };
    c.prev = match a.prev {
        Some(i) => {
            let Some(r) = b.out(i)? else {
                return Err(BindError::BadPointer {
                    func: func.clone(),
                    pos: i,
                    value: 0,
                });
            };
            let v = lookup(r.var).ok_or_else(|| BindError::NonConstant {
                func: func.clone(),
                pos: i,
            })?;
            Some((r, r.ty.wrap(v)))
        }
        None => None,
    };
    c.ret = ret.map(|v| var_ref(prog, v, tracked));
    Ok(Some(c))
}

/// The most cases [`bind_cases`] splits a call into.
pub const MAX_CASES: usize = 64;

/// One case of a call: the bound call (`None` for an operation that is not a primitive) and
/// the condition on the data state under which it is the call the program makes (`None`: always).
pub type BindCase = (Option<PrimitiveCall>, Option<Expr>);

/// One outcome of a split call: its case's guard and the primitive's outcome.
pub type CaseOutcome = (Option<Expr>, (ReturnValue, SchedState));

/// Executes every bound case of [`bind_cases`] from `st` (operations that are no primitive are
/// skipped), each outcome with its case's guard; the first scheduler error ends it. ESST and its
/// proof checker expand a split call the same way.
pub fn sexec_cases(
    spec: &SchedulerSpec,
    st: &SchedState,
    cases: &[BindCase],
) -> Result<Vec<CaseOutcome>, SchedError> {
    let mut outs = Vec::new();
    for (c, guard) in cases.iter().filter_map(|(c, g)| Some((c.as_ref()?, g))) {
        let o = super::sexec::sexec(spec, st, c)?;
        outs.extend(o.into_iter().map(|o| (guard.clone(), o)));
    }
    Ok(outs)
}

/// Binds a call like [`bind_with`], splitting it when a scheduler argument is not a constant
/// but selects among constants: a read of a handle array at an index the explicit state does
/// not know (`pthread_join(t[k], 0)` with a nondeterministic `k`) is an `ite` tree over the
/// array's cells, whose values are known. Each distinct value `h` of the argument gives one
/// case, bound with `h`, with the guard `arg == h` (evaluated before the call, over the data
/// state); the cases cover every value the argument can take, so the split is exact. An
/// argument whose leaves are not all known, a computed address (`&locks[k]`: arithmetic, not a
/// selection) and more than [`MAX_CASES`] cases stay [`BindError::NonConstant`].
pub fn bind_cases(
    spec: &SchedulerSpec,
    op: &Op,
    prog: &Program,
    lookup: &dyn Fn(VarId) -> Option<i128>,
    tracked: &dyn Fn(VarId) -> bool,
) -> Result<Vec<BindCase>, BindError> {
    let err = match bind_with(spec, op, prog, lookup, tracked) {
        Ok(c) => return Ok(vec![(c, None)]),
        Err(e @ BindError::NonConstant { .. }) => e,
        Err(e) => return Err(e),
    };
    let BindError::NonConstant { pos, .. } = &err else {
        return Err(err);
    };
    let Op::Call {
        func,
        args,
        ret,
        may_write,
    } = op
    else {
        return Err(err);
    };
    let Some(CallArg::Value(e)) = args.get(*pos) else {
        return Err(err);
    };
    if eval_const(e, prog, lookup).is_some() {
        // the argument is known; what is not is elsewhere (a `*prev` cell's value)
        return Err(err);
    }
    let mut vals: Vec<i128> = Vec::new();
    if !selected_values(e, prog, lookup, &mut vals) || vals.len() > MAX_CASES {
        return Err(err);
    }
    let ty = e.ty(&prog.vars);
    let mut out: Vec<BindCase> = Vec::new();
    for h in vals {
        let mut args2 = args.clone();
        args2[*pos] = CallArg::Value(Expr::Const(h, ty));
        let op2 = Op::Call {
            func: func.clone(),
            args: args2,
            ret: *ret,
            may_write: may_write.clone(),
        };
        let guard = Expr::bin(crate::ir::BinOp::Eq, e.clone(), Expr::Const(h, ty));
        for (call, g) in bind_cases(spec, &op2, prog, lookup, tracked)? {
            let g = match g {
                Some(g) => Expr::bin(crate::ir::BinOp::And, guard.clone(), g),
                None => guard.clone(),
            };
            out.push((call, Some(g)));
            if out.len() > MAX_CASES {
                return Err(err);
            }
        }
    }
    Ok(out)
}

/// The values a selection may take: `e`'s value when the known variables determine it, else
/// the union over the branches of an `ite` whose condition they do not decide (casts applied
/// to the branches' values). False when some leaf is not known or not a selection.
fn selected_values(
    e: &Expr,
    prog: &Program,
    lookup: &dyn Fn(VarId) -> Option<i128>,
    out: &mut Vec<i128>,
) -> bool {
    if let Some(v) = eval_const(e, prog, lookup) {
        let v = e.ty(&prog.vars).wrap(v);
        if !out.contains(&v) {
            out.push(v);
        }
        return out.len() <= MAX_CASES;
    }
    match e {
        Expr::Ite(c, a, b) => match eval_const(c, prog, lookup) {
            Some(0) => selected_values(b, prog, lookup, out),
            Some(_) => selected_values(a, prog, lookup, out),
            None => selected_values(a, prog, lookup, out) && selected_values(b, prog, lookup, out),
        },
        Expr::Cast(t, a) => {
            let mut inner = Vec::new();
            if !selected_values(a, prog, lookup, &mut inner) {
                return false;
            }
            let at = a.ty(&prog.vars);
            for v in inner {
                let x = Expr::cast(*t, Expr::Const(v, at));
                let Some(w) = eval_const(&x, prog, &|_| None) else {
                    return false;
                };
                let w = t.wrap(w);
                if !out.contains(&w) {
                    out.push(w);
                }
            }
            out.len() <= MAX_CASES
        }
        _ => false,
    }
}

/// The scalar cells of the object the address `a` points into.
fn object_cells(prog: &Program, a: u64) -> Vec<VarId> {
    prog.objects
        .iter()
        .filter(|o| a >= o.base && a < o.base + o.size.max(1))
        .flat_map(|o| o.cells.iter().map(|(_, c)| *c))
        .collect()
}

pub(super) fn var_ref(prog: &Program, v: VarId, tracked: &dyn Fn(VarId) -> bool) -> VarRef {
    let var = prog.var(v);
    VarRef {
        var: v,
        ty: var.ty,
        local: matches!(var.scope, Scope::Local(_)),
        tracked: tracked(v),
    }
}

struct ArgBinder<'a> {
    p: &'a Primitive,
    args: &'a [CallArg],
    prog: &'a Program,
    lookup: &'a dyn Fn(VarId) -> Option<i128>,
    tracked: &'a dyn Fn(VarId) -> bool,
}

impl ArgBinder<'_> {
    fn missing(&self, pos: usize) -> BindError {
        BindError::MissingArgument {
            func: self.p.name.clone(),
            pos,
        }
    }
    fn nonconst(&self, pos: usize) -> BindError {
        BindError::NonConstant {
            func: self.p.name.clone(),
            pos,
        }
    }
    fn value(&self, pos: usize) -> Result<&Expr, BindError> {
        match self.args.get(pos) {
            Some(CallArg::Value(e)) => Ok(e),
            Some(_) => Err(self.nonconst(pos)),
            None => Err(self.missing(pos)),
        }
    }
    fn int(&self, pos: usize) -> Result<i128, BindError> {
        let e = self.value(pos)?;
        eval_const(e, self.prog, self.lookup).ok_or_else(|| self.nonconst(pos))
    }
    fn expr(&self, pos: usize) -> Result<Expr, BindError> {
        self.value(pos).cloned()
    }
    /// A pended function that is the kernel's bodiless `vEventGroupSetBitsCallback` (`true`)
    /// or `vEventGroupClearBitsCallback` (`false`).
    fn kernel_group_callback(&self, pos: usize) -> Option<bool> {
        if self.p.action != Action::TimerPend {
            return None;
        }
        let Some(CallArg::Value(e)) = self.args.get(pos) else {
            return None;
        };
        let a = u64::try_from(eval_const(e, self.prog, &|_| None)?).ok()?;
        let o = self.prog.objects.iter().find(|o| o.base == a)?;
        match o.name.as_str() {
            "vEventGroupSetBitsCallback" => Some(true),
            "vEventGroupClearBitsCallback" => Some(false),
            _ => None,
        }
    }
    fn entry(&self, pos: usize) -> Result<ThreadId, BindError> {
        match self.args.get(pos) {
            Some(CallArg::Thread(t)) => Ok(*t),
            Some(_) => Err(BindError::NotAThread {
                func: self.p.name.clone(),
                pos,
            }),
            None => Err(self.missing(pos)),
        }
    }
    fn timeout(&self, pos: usize) -> Result<Timeout, BindError> {
        let e = self.value(pos)?;
        let v = eval_const(e, self.prog, self.lookup).ok_or_else(|| self.nonconst(pos))?;
        let ty = e.ty(&self.prog.vars);
        // the largest value of the type (portMAX_DELAY) or a negative value: forever
        if (matches!(ty, Type::Int { .. }) && v == ty.max_value()) || v < 0 {
            Ok(Timeout::Forever)
        } else {
            Ok(Timeout::Ticks(u64::try_from(v).unwrap_or(u64::MAX)))
        }
    }
    /// An out-parameter: `None` for NULL.
    fn out(&self, pos: usize) -> Result<Option<VarRef>, BindError> {
        let a = self.int(pos)?;
        if a == 0 {
            return Ok(None);
        }
        let v = cell_at(self.prog, a).ok_or_else(|| {
            let inside = u64::try_from(a).ok().and_then(|a| {
                self.prog
                    .objects
                    .iter()
                    .find(|o| a >= o.base && a < o.base + o.size.max(1))
            });
            match inside {
                Some(o)
                    if o.cells.is_empty() && o.size > crate::frontend::lower::MAX_CELLS as u64 =>
                {
                    BindError::Summarized {
                        func: self.p.name.clone(),
                        pos,
                        object: o.name.clone(),
                    }
                }
                _ => BindError::BadPointer {
                    func: self.p.name.clone(),
                    pos,
                    value: a,
                },
            }
        })?;
        Ok(Some(var_ref(self.prog, v, self.tracked)))
    }
}

/// A handler restarted by a scheduler step ([`Binder::restarted`]): instance `inst` of thread
/// `entry` starts again at its entry location with arbitrary locals, except its parameters,
/// which take the given values when there are some.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Restart {
    pub inst: ThreadInstance,
    pub entry: ThreadId,
    pub param: Option<(VarId, i128)>,
    /// The second parameter (a function pended to the timer service task).
    pub param2: Option<(VarId, i128)>,
}

impl Restart {
    /// The parameters the restart assigns, with their values.
    pub fn params(&self) -> impl Iterator<Item = (VarId, i128)> {
        self.param.into_iter().chain(self.param2)
    }
}

impl Restart {
    /// Puts the instance at its thread's entry location in `locs` (one per instance).
    pub fn place(&self, prog: &Program, locs: &mut Vec<crate::ir::LocId>) {
        if locs.len() <= self.inst.index() {
            locs.resize(self.inst.index() + 1, crate::ir::LocId(0));
        }
        locs[self.inst.index()] = prog.thread(self.entry).entry;
    }
}

/// Resolves scheduler-valued variables for one program and description (see the module doc).
pub struct Binder<'a> {
    pub spec: &'a SchedulerSpec,
    pub prog: &'a Program,
    tracked: BTreeSet<VarId>,
}

/// How one site writes a variable, for the tracking analysis.
enum Write {
    /// Known value from a primitive.
    Sched,
    /// Assignment from an expression (its value when all its variables are known).
    Copy(Expr),
    /// A nondeterministic value the engine reports through [`Binder::track`] (`Op::Nondet`,
    /// external call results and `may_write` cells), or a queue item `sexec` records as
    /// unknown: recorded as unknown.
    Havoc,
    /// A thread parameter: the engine records the spawn's argument ([`Binder::spawned`]).
    Param,
    /// A write the engine performs without `track`: the variable cannot be tracked.
    Unknown,
}

/// The argument positions whose values the scheduler needs as constants (all but the entry,
/// the spawned thread's argument and the queue item pointer).
fn scalar_positions(a: &super::spec::ArgMap) -> impl Iterator<Item = usize> {
    [
        a.priority,
        a.handle,
        a.object,
        a.mutex,
        a.attr,
        a.set,
        a.time,
        a.ticks,
        a.prev,
        a.timeout,
        a.length,
        a.item_size,
        a.max,
        a.initial,
        a.mask,
        a.woken,
        a.flag,
        a.notify_action,
        a.value,
        a.index,
        a.previous,
        a.clear,
        a.clear_entry,
        a.clear_exit,
        a.value_out,
        a.bits,
        a.period,
        a.id,
        a.command,
    ]
    .into_iter()
    .flatten()
}

/// The scalar cells a computed address may denote: the cells of every object one of the
/// expression's constants points into (C's pointer arithmetic stays inside its object), limited
/// to the call's `may_write` cells when it has any.
pub(crate) fn pointee_cells(prog: &Program, x: &Expr, may_write: &[VarId]) -> Vec<VarId> {
    let mut consts: Vec<i128> = Vec::new();
    x.for_each_const(&mut |c, _| consts.push(c));
    let mut out: Vec<VarId> = Vec::new();
    for c in consts {
        let Ok(a) = u64::try_from(c) else { continue };
        for o in &prog.objects {
            if a >= o.base && a < o.base + o.size.max(1) {
                for (_, v) in &o.cells {
                    if (may_write.is_empty() || may_write.contains(v)) && !out.contains(v) {
                        out.push(*v);
                    }
                }
            }
        }
    }
    out
}

impl<'a> Binder<'a> {
    pub fn new(spec: &'a SchedulerSpec, prog: &'a Program) -> Binder<'a> {
        let mut writes: BTreeMap<VarId, Vec<Write>> = BTreeMap::new();
        let mut all_cells_unknown = false;
        let mut add = |v: VarId, w: Write| writes.entry(v).or_default().push(w);
        // variables a scheduler argument reads (they, and what their values come from, are
        // kept exactly when every write is reported: loop counters indexing handle arrays)
        let mut needed: BTreeSet<VarId> = BTreeSet::new();
        for cfg in &prog.threads {
            for p in cfg.param.into_iter().chain(cfg.param2) {
                // recorded by the engine at the spawn ([`Binder::spawned`]) or restart
                add(p, Write::Param);
            }
            if let Some(r) = cfg.ret {
                add(r, Write::Unknown);
            }
            for e in &cfg.edges {
                match &e.op {
                    Op::Assign(v, x) => add(*v, Write::Copy(x.clone())),
                    Op::Nondet(v) => add(*v, Write::Havoc),
                    Op::Call {
                        func,
                        args,
                        ret,
                        may_write,
                    } => {
                        // a bound primitive's effects are exactly those its description
                        // defines (the lowering's `may_write` is the external over-approximation)
                        let Some(p) = spec.primitive(func) else {
                            for v in may_write {
                                add(*v, Write::Havoc);
                            }
                            if let Some(r) = ret {
                                add(*r, Write::Havoc);
                            }
                            continue;
                        };
                        if let Some(r) = ret {
                            // sexec records every result of a tracked variable (unknown when
                            // the primitive's result is not a handle or a time)
                            let known = matches!(
                                p.returns,
                                Returns::Handle | Returns::Time | Returns::Mask
                            );
                            add(*r, if known { Write::Sched } else { Write::Havoc });
                        }
                        let konst = |pos: usize| match args.get(pos) {
                            Some(CallArg::Value(x)) => eval_const(x, prog, &|_| None),
                            _ => None,
                        };
                        // a pended function's first argument is a constant too
                        let pend_arg = p.args.arg.filter(|_| p.action == Action::TimerPend);
                        for pos in scalar_positions(&p.args).chain(pend_arg) {
                            if let Some(CallArg::Value(x)) = args.get(pos) {
                                x.for_each_var(&mut |u| {
                                    needed.insert(u);
                                });
                            }
                        }
                        for pos in [
                            p.args.handle,
                            p.args.prev,
                            p.args.woken,
                            p.args.previous,
                            p.args.value_out,
                        ]
                        .into_iter()
                        .flatten()
                        {
                            if let Some(c) = konst(pos).and_then(|a| cell_at(prog, a)) {
                                add(c, Write::Sched);
                            } else if let Some(CallArg::Value(x)) = args.get(pos) {
                                // a computed address (`&t[i]`): every cell it may denote
                                for c in pointee_cells(prog, x, may_write) {
                                    add(c, Write::Sched);
                                }
                            }
                        }
                        if let (Action::Join, Some(pos)) = (p.action, p.args.item) {
                            // the engine copies the joined thread's exit value into the cell
                            // the out-parameter points to: not a value the binder knows
                            match konst(pos) {
                                Some(0) => {}
                                Some(a) => {
                                    for c in object_cells(prog, a as u64) {
                                        add(c, Write::Unknown);
                                    }
                                }
                                None => {
                                    if let Some(CallArg::Value(x)) = args.get(pos) {
                                        for c in pointee_cells(prog, x, may_write) {
                                            add(c, Write::Unknown);
                                        }
                                    }
                                }
                            }
                        }
                        if p.action == Action::QueueReceive {
                            // the engine writes the buffer: its cells are not scheduler-valued,
                            // except for a peek's (a queue set's peek writes a known member
                            // handle; `sexec` records them as unknown when the engine copies a
                            // plain queue's item, `PrimitiveCall::item_cells`); a computed
                            // buffer address could be any cell's
                            let w = || {
                                if p.args.peek {
                                    Write::Havoc
                                } else {
                                    Write::Unknown
                                }
                            };
                            match p.args.item.and_then(konst) {
                                Some(a) => {
                                    for c in object_cells(prog, a as u64) {
                                        add(c, w());
                                    }
                                }
                                None => all_cells_unknown = true,
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        if all_cells_unknown {
            for o in &prog.objects {
                for (_, c) in &o.cells {
                    writes.entry(*c).or_default().push(Write::Unknown);
                }
            }
        }
        // The variables a primitive's value reaches (directly or through copies), so that
        // loop counters and other constant-only variables stay out of the scheduler state;
        // minus those with a write the engine does not report (they could not be kept exact).
        let reads = |x: &Expr| {
            let mut v = Vec::new();
            x.for_each_var(&mut |u| v.push(u));
            v
        };
        let excluded: BTreeSet<VarId> = writes
            .iter()
            .filter(|(_, ws)| ws.iter().any(|w| matches!(w, Write::Unknown)))
            .map(|(v, _)| *v)
            .collect();
        let mut tracked: BTreeSet<VarId> = writes
            .iter()
            .filter(|(v, ws)| !excluded.contains(v) && ws.iter().any(|w| matches!(w, Write::Sched)))
            .map(|(v, _)| *v)
            .collect();
        // the conditions of thread-creating loops: their counters are finite-valued at creation
        for cfg in &prog.threads {
            for lp in crate::ir::loops::find_loops(cfg) {
                let last = lp
                    .back_edges
                    .iter()
                    .map(|b| cfg.edge(*b).from)
                    .max()
                    .unwrap_or(lp.head);
                let inside = |l: crate::ir::LocId| l >= lp.head && l <= last;
                let spawns = cfg.edges.iter().any(|e| {
                    inside(e.from)
                        && matches!(&e.op, Op::Call { func, .. }
                            if spec.primitive(func).is_some_and(|p| p.action == Action::Spawn))
                });
                if !spawns {
                    continue;
                }
                for e in cfg.edges.iter().filter(|e| inside(e.from)) {
                    if let Op::Assume(c) = &e.op {
                        c.for_each_var(&mut |u| {
                            needed.insert(u);
                        });
                    }
                }
            }
        }
        // the variables scheduler arguments read, closed under copies
        let mut work: Vec<VarId> = needed.iter().copied().collect();
        while let Some(v) = work.pop() {
            for w in writes.get(&v).into_iter().flatten() {
                if let Write::Copy(x) = w {
                    for u in reads(x) {
                        if needed.insert(u) {
                            work.push(u);
                        }
                    }
                }
            }
        }
        loop {
            let add: Vec<VarId> = writes
                .iter()
                .filter(|(v, _)| !tracked.contains(v) && !excluded.contains(v))
                .filter(|(_, ws)| {
                    ws.iter().any(|w| match w {
                        Write::Copy(x) => reads(x).iter().any(|u| tracked.contains(u)),
                        _ => false,
                    })
                })
                .map(|(v, _)| *v)
                .collect();
            if add.is_empty() {
                break;
            }
            tracked.extend(add);
        }
        // after the copies of handles: a value the scheduler reads does not make what is
        // computed from it scheduler-valued (a queue item computed from a task's index)
        tracked.extend(needed.into_iter().filter(|v| !excluded.contains(v)));
        Binder {
            spec,
            prog,
            tracked,
        }
    }

    /// True for scheduler-valued variables.
    pub fn is_tracked(&self, v: VarId) -> bool {
        self.tracked.contains(&v)
    }

    fn owner(&self, v: VarId, thread: ThreadInstance) -> Option<ThreadInstance> {
        match self.prog.var(v).scope {
            Scope::Local(_) => Some(thread),
            Scope::Global => None,
        }
    }

    /// The current value of a tracked variable for a thread instance.
    pub fn value(&self, state: &SchedState, thread: ThreadInstance, v: VarId) -> Option<i128> {
        if !self.is_tracked(v) {
            return None;
        }
        let owner = self.owner(v, thread);
        match state.binding(v, owner) {
            Some(val) => val,
            None if owner.is_none() => self.prog.var(v).init,
            None => None,
        }
    }

    /// Binds an operation of `thread`, resolving scheduler-valued variables from the state.
    pub fn bind(
        &self,
        op: &Op,
        state: &SchedState,
        thread: ThreadInstance,
    ) -> Result<Option<PrimitiveCall>, BindError> {
        bind_with(
            self.spec,
            op,
            self.prog,
            &|v| self.value(state, thread, v),
            &|v| self.is_tracked(v),
        )
    }

    /// The value of a condition over tracked variables, when they determine it (an assume the
    /// engine may prune: tracked values are exact).
    pub fn decide(&self, state: &SchedState, thread: ThreadInstance, c: &Expr) -> Option<bool> {
        eval_const(c, self.prog, &|u| self.value(state, thread, u)).map(|v| v != 0)
    }

    /// `e` with the subexpressions tracked variables determine replaced by their values (exact,
    /// so the abstract post needs no predicates over loop counters the scheduler state knows).
    pub fn specialise(&self, state: &SchedState, thread: ThreadInstance, e: &Expr) -> Expr {
        let lookup = |u: VarId| self.value(state, thread, u);
        let mut any = false;
        e.for_each_var(&mut |u| any |= self.is_tracked(u));
        if !any {
            return e.clone();
        }
        self.specialise_in(e, &lookup)
    }

    fn specialise_in(&self, e: &Expr, lookup: &dyn Fn(VarId) -> Option<i128>) -> Expr {
        if let Some(c) = eval_const(e, self.prog, lookup) {
            return Expr::Const(e.ty(&self.prog.vars).wrap(c), e.ty(&self.prog.vars));
        }
        let sp = |x: &Expr| Box::new(self.specialise_in(x, lookup));
        match e {
            Expr::Const(..) | Expr::Var(_) => e.clone(),
            Expr::Unary(op, a) => Expr::Unary(*op, sp(a)),
            Expr::Binary(op, a, b) => Expr::Binary(*op, sp(a), sp(b)),
            Expr::Cast(t, a) => Expr::Cast(*t, sp(a)),
            Expr::Ite(c, a, b) => match eval_const(c, self.prog, lookup) {
                Some(v) if v != 0 => self.specialise_in(a, lookup),
                Some(_) => self.specialise_in(b, lookup),
                None => Expr::Ite(sp(c), sp(a), sp(b)),
            },
            Expr::Float(op, xs) => Expr::Float(
                *op,
                xs.iter().map(|x| self.specialise_in(x, lookup)).collect(),
            ),
        }
    }

    /// Records a new (or restarted) instance `new` of `entry`: its locals have no recorded
    /// value, and its parameter (when tracked) takes the value of `data_arg` as `spawner` sees it.
    pub fn spawned(
        &self,
        state: &mut SchedState,
        spawner: Option<ThreadInstance>,
        new: ThreadInstance,
        entry: ThreadId,
        data_arg: Option<&Expr>,
    ) -> Result<(), SchedError> {
        let before = state.clone();
        state.bindings.retain(|b| b.owner != Some(new));
        if let (Some(p), Some(sp)) = (self.prog.thread(entry).param, spawner) {
            if self.is_tracked(p) {
                let val = data_arg
                    .and_then(|d| eval_const(d, self.prog, &|u| self.value(&before, sp, u)))
                    .map(|x| self.prog.var(p).ty.wrap(x));
                state.set_binding(p, Some(new), val)?;
            }
        }
        Ok(())
    }

    /// The restart connector of a scheduler step: when `ev` (a `sched` or `preempt` outcome
    /// leading to `state`) restarts a handler (an interrupt, a dispatched SystemC method, a
    /// timer callback), records the restart in `state`'s bindings (the instance's recorded
    /// values dropped, a tracked parameter bound to its value) and returns what it does to the
    /// data part (see [`Restart`]). The one definition the engine (ESST) and the proof checker
    /// share.
    pub fn restarted(
        &self,
        state: &mut SchedState,
        ev: &super::policy::SchedEvent,
    ) -> Result<Option<Restart>, SchedError> {
        let Some(inst) = ev.restart() else {
            return Ok(None);
        };
        let entry = state.thread(inst).entry;
        self.spawned(state, None, inst, entry, None)?;
        // a timer callback's argument (its timer handle), a pended function's two arguments
        let cfg = self.prog.thread(entry);
        let mut bind = |v: Option<i128>, p: Option<VarId>| -> Result<_, SchedError> {
            let (Some(v), Some(p)) = (v, p) else {
                return Ok(None);
            };
            let v = self.prog.var(p).ty.wrap(v);
            if self.is_tracked(p) {
                state.set_binding(p, Some(inst), Some(v))?;
            }
            Ok(Some((p, v)))
        };
        let param = bind(ev.param, cfg.param)?;
        let param2 = bind(ev.param2, cfg.param2)?;
        Ok(Some(Restart {
            inst,
            entry,
            param,
            param2,
        }))
    }

    /// Updates the bindings after `thread` executed an ordinary operation (not a primitive
    /// call): returns the new state when a tracked variable changed.
    pub fn track(
        &self,
        state: &SchedState,
        thread: ThreadInstance,
        op: &Op,
    ) -> Result<Option<SchedState>, SchedError> {
        let mut updates: Vec<(VarId, Option<i128>)> = Vec::new();
        match op {
            Op::Assign(v, e) if self.is_tracked(*v) => {
                let val = eval_const(e, self.prog, &|u| self.value(state, thread, u))
                    .map(|x| self.prog.var(*v).ty.wrap(x));
                updates.push((*v, val));
            }
            Op::Nondet(v) if self.is_tracked(*v) => updates.push((*v, None)),
            Op::Call {
                func,
                ret,
                may_write,
                ..
            } if self.spec.primitive(func).is_none() => {
                for v in ret.iter().chain(may_write.iter()) {
                    if self.is_tracked(*v) {
                        updates.push((*v, None));
                    }
                }
            }
            _ => {}
        }
        let mut out: Option<SchedState> = None;
        for (v, val) in updates {
            let owner = self.owner(v, thread);
            let cur = out.as_ref().unwrap_or(state);
            if cur.binding(v, owner) == Some(val) {
                continue;
            }
            let mut s = cur.clone();
            s.set_binding(v, owner, val)?;
            out = Some(s);
        }
        Ok(out)
    }
}
