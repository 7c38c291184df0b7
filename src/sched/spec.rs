//! Scheduler descriptions: `schedulers/*.toml` parsed (serde + toml) into a [`SchedulerSpec`]:
//! the policy with its configuration (preemption points, time model, priorities, interrupt
//! handlers) and the table mapping C function names and argument positions to scheduler
//! [`Action`]s. The schema is documented in `schedulers/README.md`.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;
use toml::Spanned;

use crate::diag::{Diag, DiagKind};
use crate::ir::{self, Op};

pub use super::action::Action;
pub use super::macro_value::{macro_eval, macro_int};

/// The scheduling policy implemented in Rust (`sched::policy`); the description configures it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    /// Threads run until they block, wait or yield (SystemC): any runnable thread may be chosen.
    Cooperative,
    /// Only a ready thread of the highest (effective) priority runs (FreeRTOS).
    FixedPriorityPreemptive,
    /// Any enabled thread may run at every preemption point (pthreads).
    FullyPreemptive,
}

/// Where a running thread may be preempted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PreemptAt {
    /// Before every operation that reads or writes a shared (global) variable, and before every
    /// scheduler primitive.
    SharedAccess,
    /// Where a tick or an interrupt may arrive: before every shared access (ticks are
    /// asynchronous), but only the priority policy decides who runs after it.
    Ticks,
    /// Only at primitives (yield, wait, blocking calls).
    YieldOnly,
}

/// What happens when `main` returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MainReturn {
    /// Returning from `main` ends the program: every other thread stops (C `exit` semantics).
    EndsProgram,
    /// Only the main thread finishes; the others keep running.
    ExitsThread,
}

/// The time model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TimeModel {
    /// No time: a finite timeout may expire at any moment (nondeterministically).
    None,
    /// A tick counter: delays and timeouts count ticks; ticks advance when every task is
    /// blocked or delayed, and at preemption points.
    Ticks,
    /// SystemC: delta cycles (delta notifications, zero-time waits) and timed events.
    DeltaTimed,
}

/// Kind of a notification (`notify` action).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NotifyMode {
    /// Wakes the threads waiting now; cancels a pending notification.
    Immediate,
    /// Fires in the next delta cycle (SystemC `notify(SC_ZERO_TIME)`).
    Delta,
    /// Fires after the `time` argument (0 means delta).
    Timed,
}

/// When a higher-priority thread readied by an interrupt handler runs (fixed priority).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SwitchAtExit {
    /// As soon as the handler ends.
    Always,
    /// When the handler ends only if it asked for it (`isr-yield` with a non-zero flag:
    /// FreeRTOS's `portYIELD_FROM_ISR(xHigherPriorityTaskWoken)`); otherwise the interrupted
    /// thread continues until the next tick or a primitive reschedules.
    OnRequest,
}

/// What `main` does after a `start` primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MainAfter {
    /// `main` never runs again (`vTaskStartScheduler` does not return).
    Finished,
    /// `main` blocks until the simulation ends, then resumes after the call (`sc_start`).
    ResumesAtEnd,
}

/// What a primitive returns in its result variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Returns {
    /// Nothing the scheduler knows: the result variable (if any) is left nondeterministic.
    None,
    /// Always this constant (e.g. `pdPASS`, `0`).
    Const(i128),
    /// The handle of the created object / thread.
    Handle,
    /// `ok` on success, `fail` when the primitive fails (lock busy, timeout expired, queue
    /// full/empty with zero timeout, misuse such as unlocking a mutex the caller does not own).
    SuccessFlag { ok: i128, fail: i128 },
    /// The current time / tick count.
    Time,
    /// The number of items in a queue.
    Count,
    /// The (effective) priority of a thread.
    Priority,
    /// The interrupt mask before the call: 1 masked, 0 not (`interrupts-disable`).
    Mask,
}

/// Argument positions (0-based) and options of one mapped primitive.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ArgMap {
    pub entry: Option<usize>,
    pub arg: Option<usize>,
    pub priority: Option<usize>,
    pub handle: Option<usize>,
    pub object: Option<usize>,
    pub mutex: Option<usize>,
    /// Queue-set membership: the set's handle.
    pub set: Option<usize>,
    pub time: Option<usize>,
    pub ticks: Option<usize>,
    pub prev: Option<usize>,
    pub timeout: Option<usize>,
    pub item: Option<usize>,
    pub length: Option<usize>,
    pub item_size: Option<usize>,
    pub max: Option<usize>,
    pub initial: Option<usize>,
    pub mode: Option<NotifyMode>,
    pub front: bool,
    /// queue-send: a full queue of length 1 has its item replaced (`xQueueOverwrite`).
    pub overwrite: bool,
    /// interrupts-restore: the mask value (0 unmasks).
    pub mask: Option<usize>,
    /// mutex-lock / mutex-unlock: the owner may take the mutex again (counted).
    pub recursive: bool,
    /// Never blocks (interrupt-safe `FromISR` variants): as a zero timeout.
    pub nonblocking: bool,
    /// queue-receive: copies the oldest item without removing it (`xQueuePeek`).
    pub peek: bool,
    /// Out-parameter (`BaseType_t *pxHigherPriorityTaskWoken`) set to 1 when the call readies
    /// a task of higher priority than the interrupted (or running) one; left unchanged otherwise.
    pub woken: Option<usize>,
    /// isr-yield: the flag argument (non-zero requests a context switch).
    pub flag: Option<usize>,
    /// Task notifications: the eNotifyAction argument (absent: eIncrement, as
    /// `vTaskNotifyGiveFromISR`), the value, the index (must be 0), the previous-value
    /// out-parameter, take's clear flag, wait's clear masks and value out-parameter.
    pub notify_action: Option<usize>,
    pub value: Option<usize>,
    pub index: Option<usize>,
    pub previous: Option<usize>,
    pub clear: Option<usize>,
    pub clear_entry: Option<usize>,
    pub clear_exit: Option<usize>,
    pub value_out: Option<usize>,
    /// mutex-create: the mutex attribute object (its type: see `mutexattr-settype`).
    pub attr: Option<usize>,
    /// Event groups: the bits to set, clear or wait for.
    pub bits: Option<usize>,
    /// Software timers: the period, the timer ID, the command number.
    pub period: Option<usize>,
    pub id: Option<usize>,
    pub command: Option<usize>,
    pub main_after: Option<MainAfter>,
    /// SystemC event lists (wait-any / wait-all / next-trigger / request-update): positions of
    /// event pointer arguments (NULL entries are ignored).
    pub events: Vec<usize>,
}

/// A generic entry point whose meaning depends on a constant selector argument (FreeRTOS's
/// `xQueueGenericSend(q, item, ticks, queueSEND_TO_FRONT)`): calls are renamed to the mapped
/// primitive of the selector's value (`sched::prepare`), whose argument positions refer to the
/// generic call's arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dispatch {
    pub select: usize,
    /// Selector value -> mapped primitive name.
    pub cases: BTreeMap<i128, String>,
}

/// Names of the program's configuration macros that override the description's settings
/// (FreeRTOS's `configUSE_TIME_SLICING`, ...), read from the preprocessed program.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConfigMacros {
    /// 0: cooperative scheduling (no preemption by ticks).
    pub preemption: Option<String>,
    pub time_slicing: Option<String>,
    /// Number of priority levels.
    pub levels: Option<String>,
    /// 0: no mutexes, hence no priority inheritance.
    pub inheritance: Option<String>,
    /// Number of direct-to-task notification indices.
    pub notify_entries: Option<String>,
    /// The timer service task's priority and command queue length.
    pub timer_priority: Option<String>,
    pub timer_queue: Option<String>,
    /// FreeRTOS: whether the timer service task exists (`configUSE_TIMERS`) and how many
    /// characters of a task's name the kernel keeps, its terminator included
    /// (`configMAX_TASK_NAME_LEN`).
    pub timers: Option<String>,
    pub name_length: Option<String>,
    /// The length of one time unit in femtoseconds (SystemC's time resolution,
    /// `SC_TIME_RESOLUTION_FS`): traces print times with units (`10 ns`).
    pub time_unit_fs: Option<String>,
    /// The type of a message buffer's length prefix (FreeRTOS
    /// `configMESSAGE_BUFFER_LENGTH_TYPE`, default `size_t`).
    pub message_length: Option<String>,
    /// The BASEPRI value of masked interrupts (FreeRTOS
    /// `configMAX_SYSCALL_INTERRUPT_PRIORITY`), what `ulPortRaiseBASEPRI` returns when masked.
    pub max_syscall: Option<String>,
}

/// One C function mapped to a scheduler action.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Primitive {
    pub name: String,
    pub action: Action,
    pub args: ArgMap,
    pub returns: Returns,
}

/// Preemption configuration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Preemption {
    pub at: PreemptAt,
    /// Equal-priority tasks may take turns at a tick (FreeRTOS `configUSE_TIME_SLICING`).
    pub time_slicing: bool,
    pub main_return: MainReturn,
    /// Condition waits may wake without a signal (POSIX allows it).
    pub spurious_wakeups: bool,
}

/// Time configuration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimeSpec {
    pub model: TimeModel,
    /// Largest absolute time / tick count kept exactly when the program observes time
    /// (`get-time`, `delay-until`); beyond it Sched reports `CapacityExceeded`.
    pub max: u64,
    /// Whether ticks may arrive at preemption points while a task runs (besides when all tasks
    /// are blocked or delayed).
    pub tick_at_preemption: bool,
}

/// Priority configuration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Priorities {
    /// Priorities are 0..levels-1; larger values are clamped to levels-1.
    pub levels: u8,
    /// Priority of `main` (before the scheduler starts).
    pub main: u8,
    /// Priority of a spawned thread when the primitive has no priority argument.
    pub default: u8,
    /// Mutexes raise their owner's effective priority to that of its highest waiter.
    pub inheritance: bool,
}

/// A validated scheduler description.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SchedulerSpec {
    pub name: String,
    pub description: String,
    /// Where the description came from (`builtin:freertos` or a path), for messages.
    pub source: String,
    pub policy: Policy,
    pub preemption: Preemption,
    pub time: TimeSpec,
    pub priorities: Priorities,
    /// Glob patterns (`*` wildcard) naming the interrupt handler functions.
    pub interrupt_handlers: Vec<String>,
    pub switch_at_exit: SwitchAtExit,
    /// Mapped primitives by C function name.
    pub primitives: BTreeMap<String, Primitive>,
    /// Generic entry points dispatched on a selector argument.
    pub dispatch: BTreeMap<String, Dispatch>,
    /// Glob patterns naming the API this description belongs to: a bodiless function matching
    /// one that the active description does not map is reported (`sched::prepare`).
    pub api: Vec<String>,
    pub config: ConfigMacros,
    /// Macros schedmc defines in place of the program's (`NAME(params)`, body): port-layer
    /// macros whose own definitions use inline assembly or memory-mapped registers.
    pub macros: Vec<(String, String)>,
    /// Direct-to-task notification indices per task (FreeRTOS
    /// `configTASK_NOTIFICATION_ARRAY_ENTRIES`, default 1).
    pub notify_entries: u8,
    /// The FreeRTOS timer service task's priority (`configTIMER_TASK_PRIORITY`; default the
    /// highest) and command queue length (`configTIMER_QUEUE_LENGTH`, default 10).
    pub timer_priority: Option<u8>,
    pub timer_queue_len: u16,
    /// `configUSE_TIMERS` when the program defines it (None: unknown).
    pub use_timers: Option<bool>,
    /// `configMAX_TASK_NAME_LEN` (default 16, the kernel's).
    pub task_name_len: u16,
    /// The length of one time unit in femtoseconds when the model says so
    /// ([`ConfigMacros::time_unit_fs`]); times are then printed with units.
    pub time_unit_fs: Option<u64>,
    /// Bytes of a message buffer's length prefix (`None`: `size_t`; `Some(0)`: a type whose
    /// size is not known).
    pub message_length_bytes: Option<u8>,
    /// The BASEPRI value of masked interrupts (`None`: not configured).
    pub max_syscall: Option<i128>,
}

// ---------------------------------------------------------------------------------------------
// The TOML schema (serde).

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpecFile {
    name: String,
    #[serde(default)]
    description: String,
    policy: Policy,
    #[serde(default)]
    preemption: PreemptionDef,
    #[serde(default)]
    time: TimeDef,
    #[serde(default)]
    priorities: PrioritiesDef,
    #[serde(default)]
    interrupts: InterruptsDef,
    #[serde(default)]
    primitives: BTreeMap<String, Spanned<PrimitiveDef>>,
    #[serde(default)]
    dispatch: BTreeMap<String, Spanned<DispatchDef>>,
    #[serde(default)]
    api: ApiDef,
    #[serde(default)]
    config: ConfigDef,
    #[serde(default)]
    macros: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DispatchDef {
    select: usize,
    cases: BTreeMap<String, String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ApiDef {
    #[serde(default)]
    families: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ConfigDef {
    preemption: Option<String>,
    time_slicing: Option<String>,
    levels: Option<String>,
    inheritance: Option<String>,
    notify_entries: Option<String>,
    timer_priority: Option<String>,
    timer_queue: Option<String>,
    timers: Option<String>,
    name_length: Option<String>,
    time_unit_fs: Option<String>,
    message_length: Option<String>,
    max_syscall: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PreemptionDef {
    at: Option<PreemptAt>,
    time_slicing: Option<bool>,
    main_return: Option<MainReturn>,
    spurious_wakeups: Option<bool>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct TimeDef {
    model: Option<TimeModel>,
    max: Option<u64>,
    tick_at_preemption: Option<bool>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PrioritiesDef {
    levels: Option<Spanned<u32>>,
    main: Option<u8>,
    default: Option<u8>,
    inheritance: Option<bool>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct InterruptsDef {
    #[serde(default)]
    handlers: Vec<String>,
    switch_at_exit: Option<SwitchAtExit>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum ReturnsDef {
    Int(i64),
    Word(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PrimitiveDef {
    action: Action,
    entry: Option<usize>,
    arg: Option<usize>,
    priority: Option<usize>,
    handle: Option<usize>,
    object: Option<usize>,
    mutex: Option<usize>,
    set: Option<usize>,
    time: Option<usize>,
    ticks: Option<usize>,
    prev: Option<usize>,
    timeout: Option<usize>,
    item: Option<usize>,
    length: Option<usize>,
    item_size: Option<usize>,
    max: Option<usize>,
    initial: Option<usize>,
    mode: Option<NotifyMode>,
    front: Option<bool>,
    overwrite: Option<bool>,
    mask: Option<usize>,
    recursive: Option<bool>,
    nonblocking: Option<bool>,
    peek: Option<bool>,
    woken: Option<usize>,
    flag: Option<usize>,
    notify_action: Option<usize>,
    value: Option<usize>,
    index: Option<usize>,
    previous: Option<usize>,
    clear: Option<usize>,
    clear_entry: Option<usize>,
    clear_exit: Option<usize>,
    value_out: Option<usize>,
    attr: Option<usize>,
    bits: Option<usize>,
    period: Option<usize>,
    id: Option<usize>,
    command: Option<usize>,
    main_after: Option<MainAfter>,
    events: Option<Vec<usize>>,
    returns: Option<ReturnsDef>,
    ok: Option<i64>,
    fail: Option<i64>,
}

impl PrimitiveDef {
    /// The keys present besides `action`, `returns`, `ok`, `fail`.
    fn present(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        let mut k = |b: bool, n: &'static str| {
            if b {
                v.push(n)
            }
        };
        k(self.entry.is_some(), "entry");
        k(self.arg.is_some(), "arg");
        k(self.priority.is_some(), "priority");
        k(self.handle.is_some(), "handle");
        k(self.object.is_some(), "object");
        k(self.mutex.is_some(), "mutex");
        k(self.set.is_some(), "set");
        k(self.time.is_some(), "time");
        k(self.ticks.is_some(), "ticks");
        k(self.prev.is_some(), "prev");
        k(self.timeout.is_some(), "timeout");
        k(self.item.is_some(), "item");
        k(self.length.is_some(), "length");
        k(self.item_size.is_some(), "item_size");
        k(self.max.is_some(), "max");
        k(self.initial.is_some(), "initial");
        k(self.mode.is_some(), "mode");
        k(self.front.is_some(), "front");
        k(self.overwrite.is_some(), "overwrite");
        k(self.mask.is_some(), "mask");
        k(self.recursive.is_some(), "recursive");
        k(self.nonblocking.is_some(), "nonblocking");
        k(self.peek.is_some(), "peek");
        k(self.woken.is_some(), "woken");
        k(self.flag.is_some(), "flag");
        k(self.notify_action.is_some(), "notify_action");
        k(self.value.is_some(), "value");
        k(self.index.is_some(), "index");
        k(self.previous.is_some(), "previous");
        k(self.clear.is_some(), "clear");
        k(self.clear_entry.is_some(), "clear_entry");
        k(self.clear_exit.is_some(), "clear_exit");
        k(self.value_out.is_some(), "value_out");
        k(self.attr.is_some(), "attr");
        k(self.bits.is_some(), "bits");
        k(self.period.is_some(), "period");
        k(self.id.is_some(), "id");
        k(self.command.is_some(), "command");
        k(self.main_after.is_some(), "main_after");
        k(self.events.is_some(), "events");
        v
    }
}

/// Largest argument position accepted (C calls with more arguments are not scheduler APIs).
const MAX_POSITION: usize = 15;

// ---------------------------------------------------------------------------------------------
// Error positions.

/// 1-based (line, column) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rsplit('\n')
        .next()
        .map(|s| s.chars().count())
        .unwrap_or(0)
        + 1;
    (line, col)
}

fn is_key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// The TOML key a span belongs to: `key = <span>` on the same line, or the key the span
/// itself covers (unknown-field errors point at the key).
fn key_at(text: &str, span: &std::ops::Range<usize>) -> Option<String> {
    let start = span.start.min(text.len());
    let line_start = text[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
    let left = text[line_start..start].trim_end();
    if let Some(l) = left.strip_suffix('=') {
        let l = l.trim_end();
        let k: String = l
            .chars()
            .rev()
            .take_while(|&c| is_key_char(c) || c == '"')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let k = k.trim_matches('"').to_string();
        if !k.is_empty() {
            return Some(k);
        }
    }
    let k: String = text[start..]
        .chars()
        .take_while(|&c| is_key_char(c))
        .collect();
    if k.is_empty() {
        None
    } else {
        Some(k)
    }
}

fn config_error(file: &str, text: &str, span: Option<std::ops::Range<usize>>, msg: &str) -> Diag {
    let msg = msg.trim().replace('\n', "; ");
    match span {
        Some(span) => {
            let (line, col) = line_col(text, span.start);
            let key = key_at(text, &span)
                .filter(|k| !msg.contains(&format!("`{k}`")) && !msg.starts_with("missing field"))
                .map(|k| format!(" (key `{k}`)"))
                .unwrap_or_default();
            Diag::error(
                DiagKind::Syntax,
                None,
                format!("{file}:{line}:{col}: invalid scheduler description: {msg}{key}"),
            )
        }
        None => Diag::error(
            DiagKind::Syntax,
            None,
            format!("{file}: invalid scheduler description: {msg}"),
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// Loading.

const BUILTINS: &[(&str, &str)] = &[
    ("systemc", include_str!("../../schedulers/systemc.toml")),
    ("freertos", include_str!("../../schedulers/freertos.toml")),
    ("pthread", include_str!("../../schedulers/pthread.toml")),
];

/// Names of the shipped descriptions.
pub fn builtin_names() -> Vec<&'static str> {
    BUILTINS.iter().map(|(n, _)| *n).collect()
}

fn builtin_cache() -> &'static Vec<(&'static str, Result<SchedulerSpec, Diag>)> {
    static CACHE: OnceLock<Vec<(&'static str, Result<SchedulerSpec, Diag>)>> = OnceLock::new();
    CACHE.get_or_init(|| {
        BUILTINS
            .iter()
            .map(|(n, text)| {
                (
                    *n,
                    SchedulerSpec::parse(
                        text,
                        &format!("schedulers/{n}.toml"),
                        &format!("builtin:{n}"),
                    ),
                )
            })
            .collect()
    })
}

impl SchedulerSpec {
    /// An absolute time for a trace: with a unit when the model's time unit is known (the
    /// largest of s, ms, us, ns, ps, fs that states it exactly, as SystemC prints `10 ns`),
    /// otherwise the bare count of time units / ticks.
    pub fn fmt_time(&self, t: u64) -> String {
        let Some(fs) = self.time_unit_fs else {
            return t.to_string();
        };
        let total = u128::from(t) * u128::from(fs);
        if total == 0 {
            return "0 s".to_string();
        }
        const UNITS: [(u128, &str); 6] = [
            (1_000_000_000_000_000, "s"),
            (1_000_000_000_000, "ms"),
            (1_000_000_000, "us"),
            (1_000_000, "ns"),
            (1_000, "ps"),
            (1, "fs"),
        ];
        let (k, u) = UNITS
            .iter()
            .find(|(k, _)| total % k == 0)
            .copied()
            .unwrap_or((1, "fs"));
        format!("{} {u}", total / k)
    }

    /// A shipped description by name (`systemc`, `freertos`, `pthread`).
    pub fn builtin(name: &str) -> Option<SchedulerSpec> {
        builtin_cache()
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, r)| r.as_ref().ok().cloned())
    }

    /// A shipped description by name, or a TOML file by path.
    pub fn load(name_or_path: &str) -> Result<SchedulerSpec, Diag> {
        if let Some((_, r)) = builtin_cache().iter().find(|(n, _)| *n == name_or_path) {
            return r.clone();
        }
        let looks_like_path = name_or_path.contains('/')
            || name_or_path.contains('\\')
            || name_or_path.ends_with(".toml");
        if !looks_like_path && !std::path::Path::new(name_or_path).exists() {
            return Err(Diag::error(
                DiagKind::Io,
                None,
                format!(
                    "unknown scheduler `{name_or_path}` (shipped: {}; or give the path of a .toml description)",
                    builtin_names().join(", ")
                ),
            ));
        }
        let text = std::fs::read_to_string(name_or_path).map_err(|e| {
            Diag::error(
                DiagKind::Io,
                None,
                format!("cannot read scheduler description {name_or_path}: {e}"),
            )
        })?;
        SchedulerSpec::parse(&text, name_or_path, name_or_path)
    }

    /// Parses and validates a description; `file` names it in error messages.
    pub fn parse(text: &str, file: &str, source: &str) -> Result<SchedulerSpec, Diag> {
        let def: SpecFile =
            toml::from_str(text).map_err(|e| config_error(file, text, e.span(), e.message()))?;
        let err =
            |span: std::ops::Range<usize>, msg: String| config_error(file, text, Some(span), &msg);

        let policy = def.policy;
        let levels = match &def.priorities.levels {
            Some(l) => {
                let v = *l.get_ref();
                if v == 0 || v > 250 {
                    return Err(err(l.span(), "`levels` must be between 1 and 250".into()));
                }
                v as u8
            }
            None => 1,
        };
        let clamp = |p: u8| p.min(levels - 1);
        let priorities = Priorities {
            levels,
            main: clamp(def.priorities.main.unwrap_or(0)),
            default: clamp(def.priorities.default.unwrap_or(0)),
            inheritance: def.priorities.inheritance.unwrap_or(false),
        };
        let default_at = match policy {
            Policy::Cooperative => PreemptAt::YieldOnly,
            Policy::FixedPriorityPreemptive => PreemptAt::Ticks,
            Policy::FullyPreemptive => PreemptAt::SharedAccess,
        };
        let preemption = Preemption {
            at: def.preemption.at.unwrap_or(default_at),
            time_slicing: def.preemption.time_slicing.unwrap_or(false),
            main_return: def
                .preemption
                .main_return
                .unwrap_or(MainReturn::EndsProgram),
            spurious_wakeups: def.preemption.spurious_wakeups.unwrap_or(true),
        };
        let time = TimeSpec {
            model: def.time.model.unwrap_or(TimeModel::None),
            max: def.time.max.unwrap_or(1_000_000),
            tick_at_preemption: def.time.tick_at_preemption.unwrap_or(true),
        };

        let mut primitives = BTreeMap::new();
        for (name, sp) in def.primitives {
            let span = sp.span();
            let d = sp.into_inner();
            let (req, opt) = d.action.keys();
            let present = d.present();
            for k in req {
                if !present.contains(k) {
                    return Err(err(
                        span,
                        format!("primitive `{name}`: action `{}` needs key `{k}`", d.action),
                    ));
                }
            }
            for k in &present {
                if !req.contains(k) && !opt.contains(k) {
                    return Err(err(
                        span,
                        format!(
                            "primitive `{name}`: key `{k}` is not used by action `{}`",
                            d.action
                        ),
                    ));
                }
            }
            if d.mode == Some(NotifyMode::Timed) && d.time.is_none() {
                return Err(err(
                    span,
                    format!("primitive `{name}`: a timed notification needs key `time`"),
                ));
            }
            let args = ArgMap {
                entry: d.entry,
                arg: d.arg,
                priority: d.priority,
                handle: d.handle,
                object: d.object,
                mutex: d.mutex,
                set: d.set,
                time: d.time,
                ticks: d.ticks,
                prev: d.prev,
                timeout: d.timeout,
                item: d.item,
                length: d.length,
                item_size: d.item_size,
                max: d.max,
                initial: d.initial,
                mode: d.mode,
                front: d.front.unwrap_or(false),
                overwrite: d.overwrite.unwrap_or(false),
                mask: d.mask,
                recursive: d.recursive.unwrap_or(false),
                nonblocking: d.nonblocking.unwrap_or(false),
                peek: d.peek.unwrap_or(false),
                woken: d.woken,
                flag: d.flag,
                notify_action: d.notify_action,
                value: d.value,
                index: d.index,
                previous: d.previous,
                clear: d.clear,
                clear_entry: d.clear_entry,
                clear_exit: d.clear_exit,
                value_out: d.value_out,
                attr: d.attr,
                bits: d.bits,
                period: d.period,
                id: d.id,
                command: d.command,
                main_after: d.main_after,
                events: d.events.clone().unwrap_or_default(),
            };
            let positions = [
                args.entry,
                args.arg,
                args.priority,
                args.handle,
                args.object,
                args.mutex,
                args.set,
                args.time,
                args.ticks,
                args.prev,
                args.timeout,
                args.item,
                args.length,
                args.item_size,
                args.max,
                args.initial,
                args.mask,
                args.woken,
                args.flag,
                args.notify_action,
                args.value,
                args.index,
                args.previous,
                args.clear,
                args.clear_entry,
                args.clear_exit,
                args.value_out,
                args.attr,
                args.bits,
                args.period,
                args.id,
                args.command,
            ];
            if positions.iter().flatten().any(|&p| p > MAX_POSITION)
                || args.events.iter().any(|&p| p > MAX_POSITION)
            {
                return Err(err(
                    span,
                    format!("primitive `{name}`: argument positions are 0..={MAX_POSITION}"),
                ));
            }
            let returns = match d.returns {
                None => {
                    if d.ok.is_some() || d.fail.is_some() {
                        return Err(err(
                            span,
                            format!("primitive `{name}`: `ok`/`fail` need `returns = \"success-flag\"`"),
                        ));
                    }
                    Returns::None
                }
                Some(ReturnsDef::Int(c)) => Returns::Const(c as i128),
                Some(ReturnsDef::Word(w)) => match w.as_str() {
                    "none" => Returns::None,
                    "handle" => {
                        // a queue-set select returns the handle of a member
                        if !d.action.creates() && d.action != Action::QueueSetSelect {
                            return Err(err(
                                span,
                                format!(
                                    "primitive `{name}`: action `{}` creates nothing and cannot return a handle",
                                    d.action
                                ),
                            ));
                        }
                        Returns::Handle
                    }
                    "success-flag" => Returns::SuccessFlag {
                        ok: d.ok.unwrap_or(1) as i128,
                        fail: d.fail.unwrap_or(0) as i128,
                    },
                    "time" => Returns::Time,
                    "count" => Returns::Count,
                    "priority" => Returns::Priority,
                    "mask" => Returns::Mask,
                    other => {
                        return Err(err(
                            span,
                            format!(
                                "primitive `{name}`: unknown `returns` value `{other}` (expected an integer, \"none\", \"handle\", \"success-flag\", \"time\", \"count\", \"priority\" or \"mask\")"
                            ),
                        ))
                    }
                },
            };
            if !matches!(returns, Returns::SuccessFlag { .. })
                && (d.ok.is_some() || d.fail.is_some())
            {
                return Err(err(
                    span,
                    format!("primitive `{name}`: `ok`/`fail` need `returns = \"success-flag\"`"),
                ));
            }
            primitives.insert(
                name.clone(),
                Primitive {
                    name,
                    action: d.action,
                    args,
                    returns,
                },
            );
        }
        let mut dispatch = BTreeMap::new();
        for (name, sd) in def.dispatch {
            let span = sd.span();
            let d = sd.into_inner();
            if d.select > MAX_POSITION {
                return Err(err(
                    span,
                    format!("dispatch `{name}`: argument positions are 0..={MAX_POSITION}"),
                ));
            }
            if primitives.contains_key(&name) {
                return Err(err(span, format!("dispatch `{name}` is also a primitive")));
            }
            let mut cases = BTreeMap::new();
            for (v, target) in d.cases {
                let Ok(v) = v.trim().parse::<i128>() else {
                    return Err(err(
                        span,
                        format!("dispatch `{name}`: case `{v}` is not an integer"),
                    ));
                };
                if !primitives.contains_key(&target) {
                    return Err(err(
                        span,
                        format!("dispatch `{name}`: case {v} names `{target}`, which is not a primitive"),
                    ));
                }
                cases.insert(v, target);
            }
            dispatch.insert(
                name,
                Dispatch {
                    select: d.select,
                    cases,
                },
            );
        }
        Ok(SchedulerSpec {
            name: def.name,
            description: def.description,
            source: source.to_string(),
            policy,
            preemption,
            time,
            priorities,
            interrupt_handlers: def.interrupts.handlers,
            switch_at_exit: def
                .interrupts
                .switch_at_exit
                .unwrap_or(SwitchAtExit::Always),
            primitives,
            dispatch,
            api: def.api.families,
            config: ConfigMacros {
                preemption: def.config.preemption,
                time_slicing: def.config.time_slicing,
                levels: def.config.levels,
                inheritance: def.config.inheritance,
                notify_entries: def.config.notify_entries,
                timer_priority: def.config.timer_priority,
                timer_queue: def.config.timer_queue,
                timers: def.config.timers,
                name_length: def.config.name_length,
                time_unit_fs: def.config.time_unit_fs,
                message_length: def.config.message_length,
                max_syscall: def.config.max_syscall,
            },
            message_length_bytes: None,
            max_syscall: None,
            notify_entries: 1,
            timer_priority: None,
            timer_queue_len: 10,
            use_timers: None,
            task_name_len: 16,
            time_unit_fs: None,
            macros: def.macros.into_iter().collect(),
        })
    }

    /// Applies the program's configuration macros (`ConfigMacros`; `macros` are the program's
    /// object-like macros, name and body text). Returns the settings changed (for notes), or
    /// why the configuration cannot be analysed (a value that is not an integer constant,
    /// cooperative scheduling).
    pub fn configure(&mut self, macros: &[(String, String)]) -> Result<Vec<String>, String> {
        let value = |name: &Option<String>| -> Result<Option<(String, i128)>, String> {
            let Some(n) = name else { return Ok(None) };
            let Ok(i) = macros.binary_search_by(|(k, _)| k.as_str().cmp(n)) else {
                return Ok(None);
            };
            match macro_int(&macros[i].1).or_else(|| macro_eval(&macros[i].1, macros, 0)) {
                Some(v) => Ok(Some((n.clone(), v))),
                None => Err(format!(
                    "unsupported: configuration macro {n} is not an integer constant (`{}`)",
                    macros[i].1
                )),
            }
        };
        let mut notes = Vec::new();
        if let Some((n, v)) = value(&self.config.preemption)? {
            if v == 0 {
                if self.policy != Policy::FixedPriorityPreemptive {
                    return Err(format!("unsupported: {n} 0 with policy {:?}", self.policy));
                }
                // cooperative: switches only where the running thread blocks or yields
                self.preemption.at = PreemptAt::YieldOnly;
                notes.push(format!("{n} 0"));
            }
        }
        if let Some((n, v)) = value(&self.config.time_slicing)? {
            self.preemption.time_slicing = v != 0;
            notes.push(format!("{n} {v}"));
        }
        if let Some((n, v)) = value(&self.config.levels)? {
            if !(1..=250).contains(&v) {
                return Err(format!("unsupported: {n} {v} (1 to 250 priorities)"));
            }
            let levels = v as u8;
            self.priorities.levels = levels;
            self.priorities.main = self.priorities.main.min(levels - 1);
            self.priorities.default = self.priorities.default.min(levels - 1);
            notes.push(format!("{n} {v}"));
        }
        if let Some((n, v)) = value(&self.config.inheritance)? {
            self.priorities.inheritance = self.priorities.inheritance && v != 0;
            notes.push(format!("{n} {v}"));
        }
        if let Some((n, v)) = value(&self.config.notify_entries)? {
            if !(1..=super::state::MAX_NOTIFY_INDICES as i128).contains(&v) {
                return Err(format!(
                    "unsupported: {n} {v} (1 to {} notification indices)",
                    super::state::MAX_NOTIFY_INDICES
                ));
            }
            self.notify_entries = v as u8;
            notes.push(format!("{n} {v}"));
        }
        if let Some((n, v)) = value(&self.config.timer_priority)? {
            if !(0..i128::from(self.priorities.levels)).contains(&v) {
                return Err(format!(
                    "unsupported: {n} {v} (not below configMAX_PRIORITIES {})",
                    self.priorities.levels
                ));
            }
            self.timer_priority = Some(v as u8);
            notes.push(format!("{n} {v}"));
        }
        if let Some((n, v)) = value(&self.config.timer_queue)? {
            if !(1..=super::timer::MAX_TIMER_COMMANDS as i128).contains(&v) {
                return Err(format!(
                    "unsupported: {n} {v} (1 to {} timer commands)",
                    super::timer::MAX_TIMER_COMMANDS
                ));
            }
            self.timer_queue_len = v as u16;
            notes.push(format!("{n} {v}"));
        }
        if let Some((_, v)) = value(&self.config.timers)? {
            // only what uxTaskGetNumberOfTasks counts: no configuration note
            self.use_timers = Some(v != 0);
        }
        if let Some((n, v)) = value(&self.config.name_length)? {
            if !(1..=1024).contains(&v) {
                return Err(format!("unsupported: {n} {v} (1 to 1024)"));
            }
            self.task_name_len = v as u16;
        }
        if let Some((n, v)) = value(&self.config.time_unit_fs)? {
            if !(1..=1_000_000_000_000_000).contains(&v) {
                return Err(format!("unsupported: {n} {v} (1 fs to 1 s)"));
            }
            // only how traces print times: no configuration note
            self.time_unit_fs = Some(v as u64);
        }
        // not fatal when it is no constant here (CMSIS's __NVIC_PRIO_BITS): only a
        // ulPortRaiseBASEPRI with interrupts masked needs it
        if let Ok(Some((n, v))) = value(&self.config.max_syscall) {
            self.max_syscall = Some(v);
            notes.push(format!("{n} {v}"));
        }
        if let Some(n) = &self.config.message_length {
            if let Ok(i) = macros.binary_search_by(|(k, _)| k.as_str().cmp(n)) {
                let body = macros[i]
                    .1
                    .trim()
                    .trim_start_matches('(')
                    .trim_end_matches(')');
                let body = body.trim();
                let bytes = match body {
                    "size_t" => None,
                    "uint8_t" | "unsigned char" | "char" | "int8_t" => Some(1),
                    "uint16_t" | "int16_t" | "unsigned short" | "short" => Some(2),
                    "uint32_t" | "int32_t" | "unsigned int" | "int" => Some(4),
                    "uint64_t" | "int64_t" => Some(8),
                    // a type whose size is not known here: message buffers are unsupported
                    _ => Some(0),
                };
                self.message_length_bytes = bytes;
                notes.push(format!("{n} {body}"));
            }
        }
        Ok(notes)
    }

    /// The priority of the FreeRTOS timer service task.
    pub fn timer_priority(&self) -> u8 {
        self.timer_priority
            .unwrap_or(self.priorities.levels - 1)
            .min(self.priorities.levels - 1)
    }

    /// The mapped primitive for a C function name.
    pub fn primitive(&self, func: &str) -> Option<&Primitive> {
        self.primitives.get(func)
    }

    /// True when some mapped primitive has this action.
    pub fn has_action(&self, a: Action) -> bool {
        self.primitives.values().any(|p| p.action == a)
    }

    /// True when a function name is an interrupt handler of this description.
    pub fn is_interrupt_handler(&self, func: &str) -> bool {
        self.interrupt_handlers.iter().any(|p| glob(p, func))
    }
}

/// The port-layer macros of every shipped description and of `extra` (the `--scheduler` file),
/// for the preprocessor (`PpOptions::fixed`).
pub fn fixed_macros(extra: Option<&SchedulerSpec>) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let specs = builtin_cache().iter().filter_map(|(_, r)| r.as_ref().ok());
    for s in specs.chain(extra) {
        for (n, b) in &s.macros {
            if !out.iter().any(|(m, _)| m == n) {
                out.push((n.clone(), b.clone()));
            }
        }
    }
    out
}

/// The API families (glob patterns) of every shipped description and of `extra`.
pub fn api_families(extra: Option<&SchedulerSpec>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let specs = builtin_cache().iter().filter_map(|(_, r)| r.as_ref().ok());
    for s in specs.chain(extra) {
        for p in &s.api {
            if !out.contains(p) {
                out.push(p.clone());
            }
        }
    }
    out
}

/// `*` matches any (possibly empty) sequence; everything else matches itself.
pub fn glob(pattern: &str, s: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let s: Vec<char> = s.chars().collect();
    let (mut pi, mut si) = (0usize, 0usize);
    let (mut star, mut mark) = (None::<usize>, 0usize);
    while si < s.len() {
        if pi < p.len() && p[pi] != '*' && p[pi] == s[si] {
            pi += 1;
            si += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = si;
            pi += 1;
        } else if let Some(st) = star {
            pi = st + 1;
            mark += 1;
            si = mark;
        } else {
            return false;
        }
    }
    while pi < p.len() && p[pi] == '*' {
        pi += 1;
    }
    pi == p.len()
}

/// Which shipped description matches the primitives a program calls: the one mapping the most
/// distinct called functions (atomic sections and no-op mappings do not count); `None` when no
/// description maps any called function or two match equally well.
pub fn infer(prog: &ir::Program) -> Option<&'static str> {
    let mut called = std::collections::BTreeSet::new();
    for cfg in &prog.threads {
        for e in &cfg.edges {
            if let Op::Call { func, .. } = &e.op {
                called.insert(func.as_str());
            }
        }
    }
    let mut best: Option<(&'static str, usize)> = None;
    let mut tie = false;
    for (name, r) in builtin_cache() {
        let Ok(spec) = r else { continue };
        let score = called
            .iter()
            .filter(|f| {
                spec.dispatch.contains_key(**f)
                    || spec.primitive(f).is_some_and(|p| {
                        !matches!(
                            p.action,
                            Action::AtomicBegin | Action::AtomicEnd | Action::Noop
                        )
                    })
            })
            .count();
        if score == 0 {
            continue;
        }
        match best {
            Some((_, b)) if b > score => {}
            Some((_, b)) if b == score => tie = true,
            _ => {
                best = Some((name, score));
                tie = false;
            }
        }
    }
    if tie {
        None
    } else {
        best.map(|(n, _)| n)
    }
}
