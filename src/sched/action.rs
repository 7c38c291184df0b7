//! The primitive actions a scheduler description maps C functions to: their kebab-case
//! names in `schedulers/*.toml`, the argument keys each one requires or accepts, and which
//! ones create an object.

use std::fmt;

use serde::Deserialize;

/// What a primitive does to the scheduler state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    Spawn,
    Start,
    Yield,
    WaitEvent,
    Notify,
    WaitTime,
    DelayTicks,
    DelayUntil,
    MutexCreate,
    MutexLock,
    MutexUnlock,
    MutexTrylock,
    MutexDestroy,
    /// A mutex attribute object (its address) is reset to the normal type.
    MutexattrInit,
    /// A mutex attribute object gets a type (`value`: 0 normal, 1 recursive, 2 error-checking,
    /// POSIX's numbering as in `<pthread.h>`; 3 is glibc's adaptive, a normal mutex).
    MutexattrSettype,
    /// The type of a mutex attribute object, written to `value_out`.
    MutexattrGettype,
    SemCreateBinary,
    SemCreateCounting,
    SemTake,
    SemGive,
    QueueCreate,
    QueueSend,
    QueueReceive,
    QueueCount,
    QueueReset,
    ObjectDelete,
    CriticalEnter,
    CriticalExit,
    InterruptsDisable,
    InterruptsRestore,
    IsrYield,
    TaskNotify,
    TaskNotifyTake,
    TaskNotifyWait,
    TaskNotifyStateClear,
    TaskNotifyValueClear,
    EventGroupCreate,
    EventGroupSet,
    EventGroupClear,
    EventGroupGet,
    EventGroupWait,
    EventGroupSync,
    TimerCreate,
    TimerStamp,
    TimerCommand,
    TimerGetId,
    TimerSetId,
    TimerIsActive,
    TimerGetPeriod,
    TimerSetReload,
    TimerGetReload,
    StreamCreate,
    StreamSend,
    StreamReceive,
    StreamBytes,
    StreamSpaces,
    StreamIsEmpty,
    StreamIsFull,
    StreamNextLength,
    StreamReset,
    StreamSetTrigger,
    InsideInterrupt,
    BasepriRaise,
    TimerGetExpiry,
    SchedSuspend,
    SchedResume,
    AtomicBegin,
    AtomicEnd,
    Join,
    Exit,
    Delete,
    Suspend,
    Resume,
    PrioritySet,
    PriorityGet,
    CurrentThread,
    GetTime,
    Tick,
    InterruptTrigger,
    CondInit,
    CondWait,
    CondSignal,
    CondBroadcast,
    Noop,
    RequestUpdate,
    UpdatePending,
    MakeMethod,
    /// The last created process runs a primitive channel's `update()` in the update phase.
    MakeUpdater,
    Sensitive,
    DontInitialize,
    WaitAny,
    WaitAll,
    WaitStatic,
    NextTrigger,
    TimedOut,
    EventCancel,
    Stop,
    MakeCthread,
    ResetSignal,
    ClockInit,
    ManyWriters,
    NextTriggerAll,
    SignalUpdate,
    EventOccurred,
    QueueSetCreate,
    QueueSetAdd,
    QueueSetRemove,
    QueueSetSelect,
    AbortDelay,
    TaskState,
    TimerGetName,
    EventGroupDelete,
    /// `xTimerPendFunctionCall(FromISR)`: a command to the timer service task to call
    /// `entry(arg, value)` (`arg` and `value` constants).
    TimerPend,
    /// `xEventGroupSetBitsFromISR` / `xEventGroupClearBitsFromISR`: the set / clear deferred
    /// through the timer service task's queue, as the kernel does.
    EventGroupDeferSet,
    EventGroupDeferClear,
    /// `uxQueueSpacesAvailable`: the length less the items waiting (queues, semaphores, sets).
    QueueSpaces,
    /// `pcTaskGetName`: the name given at the task's creation (a string literal).
    TaskGetName,
    /// `xTaskGetHandle`: the task whose name (a string literal) is `value`'s text.
    TaskGetHandle,
    /// `uxTaskGetNumberOfTasks`: the tasks the kernel counts.
    TaskCount,
}

impl Action {
    /// The kebab-case name used in the TOML files.
    pub fn name(self) -> &'static str {
        use Action::*;
        match self {
            Spawn => "spawn",
            Start => "start",
            Yield => "yield",
            WaitEvent => "wait-event",
            Notify => "notify",
            WaitTime => "wait-time",
            DelayTicks => "delay-ticks",
            DelayUntil => "delay-until",
            MutexCreate => "mutex-create",
            MutexLock => "mutex-lock",
            MutexUnlock => "mutex-unlock",
            MutexTrylock => "mutex-trylock",
            MutexDestroy => "mutex-destroy",
            MutexattrInit => "mutexattr-init",
            MutexattrSettype => "mutexattr-settype",
            MutexattrGettype => "mutexattr-gettype",
            SemCreateBinary => "sem-create-binary",
            SemCreateCounting => "sem-create-counting",
            SemTake => "sem-take",
            SemGive => "sem-give",
            QueueCreate => "queue-create",
            QueueSend => "queue-send",
            QueueReceive => "queue-receive",
            QueueCount => "queue-count",
            QueueReset => "queue-reset",
            ObjectDelete => "object-delete",
            CriticalEnter => "critical-enter",
            CriticalExit => "critical-exit",
            InterruptsDisable => "interrupts-disable",
            InterruptsRestore => "interrupts-restore",
            IsrYield => "isr-yield",
            TaskNotify => "task-notify",
            TaskNotifyTake => "task-notify-take",
            TaskNotifyWait => "task-notify-wait",
            TaskNotifyStateClear => "task-notify-state-clear",
            TaskNotifyValueClear => "task-notify-value-clear",
            EventGroupCreate => "event-group-create",
            EventGroupSet => "event-group-set",
            EventGroupClear => "event-group-clear",
            EventGroupGet => "event-group-get",
            EventGroupWait => "event-group-wait",
            EventGroupSync => "event-group-sync",
            TimerCreate => "timer-create",
            TimerStamp => "timer-stamp",
            TimerCommand => "timer-command",
            TimerGetId => "timer-get-id",
            TimerSetId => "timer-set-id",
            TimerIsActive => "timer-is-active",
            TimerGetPeriod => "timer-get-period",
            TimerSetReload => "timer-set-reload",
            TimerGetReload => "timer-get-reload",
            StreamCreate => "stream-create",
            StreamSend => "stream-send",
            StreamReceive => "stream-receive",
            StreamBytes => "stream-bytes",
            StreamSpaces => "stream-spaces",
            StreamIsEmpty => "stream-is-empty",
            StreamIsFull => "stream-is-full",
            StreamNextLength => "stream-next-length",
            StreamReset => "stream-reset",
            StreamSetTrigger => "stream-set-trigger",
            InsideInterrupt => "inside-interrupt",
            BasepriRaise => "basepri-raise",
            TimerGetExpiry => "timer-get-expiry",
            SchedSuspend => "sched-suspend",
            SchedResume => "sched-resume",
            AtomicBegin => "atomic-begin",
            AtomicEnd => "atomic-end",
            Join => "join",
            Exit => "exit",
            Delete => "delete",
            Suspend => "suspend",
            Resume => "resume",
            PrioritySet => "priority-set",
            PriorityGet => "priority-get",
            CurrentThread => "current-thread",
            GetTime => "get-time",
            Tick => "tick",
            InterruptTrigger => "interrupt-trigger",
            CondInit => "cond-init",
            CondWait => "cond-wait",
            CondSignal => "cond-signal",
            CondBroadcast => "cond-broadcast",
            Noop => "noop",
            RequestUpdate => "request-update",
            UpdatePending => "update-pending",
            MakeMethod => "make-method",
            MakeUpdater => "make-updater",
            Sensitive => "sensitive",
            DontInitialize => "dont-initialize",
            WaitAny => "wait-any",
            WaitAll => "wait-all",
            WaitStatic => "wait-static",
            NextTrigger => "next-trigger",
            TimedOut => "timed-out",
            EventCancel => "event-cancel",
            Stop => "stop",
            MakeCthread => "make-cthread",
            ResetSignal => "reset-signal",
            ClockInit => "clock-init",
            ManyWriters => "many-writers",
            NextTriggerAll => "next-trigger-all",
            SignalUpdate => "signal-update",
            EventOccurred => "event-occurred",
            QueueSetCreate => "queue-set-create",
            QueueSetAdd => "queue-set-add",
            QueueSetRemove => "queue-set-remove",
            QueueSetSelect => "queue-set-select",
            AbortDelay => "abort-delay",
            TaskState => "task-state",
            TimerGetName => "timer-get-name",
            EventGroupDelete => "event-group-delete",
            TimerPend => "timer-pend",
            EventGroupDeferSet => "event-group-defer-set",
            EventGroupDeferClear => "event-group-defer-clear",
            QueueSpaces => "queue-spaces",
            TaskGetName => "task-get-name",
            TaskGetHandle => "task-get-handle",
            TaskCount => "task-count",
        }
    }

    /// Keys (argument positions and options) the action requires and allows.
    pub(super) fn keys(self) -> (&'static [&'static str], &'static [&'static str]) {
        use Action::*;
        match self {
            // value: the task's name
            Spawn => (&["entry"], &["arg", "priority", "handle", "value"]),
            TaskGetName => (&["object"], &[]),
            TaskGetHandle => (&["value"], &[]),
            TaskCount => (&[], &[]),
            Start => (&[], &["main_after", "time"]),
            WaitEvent => (&["object"], &[]),
            Notify => (&["object", "mode"], &["time"]),
            WaitTime => (&["time"], &[]),
            DelayTicks => (&["ticks"], &[]),
            DelayUntil => (&["prev", "ticks"], &[]),
            MutexCreate => (&[], &["object", "attr", "value"]),
            SemCreateBinary => (&[], &["object"]),
            MutexattrInit => (&["object"], &[]),
            MutexattrSettype => (&["object", "value"], &[]),
            MutexattrGettype => (&["object", "value_out"], &[]),
            SemCreateCounting => (&["max", "initial"], &["object"]),
            MutexLock => (&["object"], &["timeout", "recursive"]),
            SemTake => (&["object"], &["timeout", "nonblocking", "woken"]),
            MutexUnlock => (&["object"], &["recursive"]),
            SemGive => (&["object"], &["woken"]),
            IsrYield => (&["flag"], &[]),
            TaskNotify => (
                &["object"],
                &["notify_action", "value", "index", "previous", "woken"],
            ),
            TaskNotifyTake => (&["clear"], &["timeout", "index"]),
            TaskNotifyStateClear => (&["object"], &["index"]),
            TaskNotifyValueClear => (&["object", "value"], &["index"]),
            EventGroupCreate => (&[], &["object"]),
            EventGroupSet | EventGroupClear => (&["object", "bits"], &[]),
            EventGroupGet | EventGroupDelete => (&["object"], &[]),
            EventGroupWait => (&["object", "bits", "clear", "flag"], &["timeout"]),
            EventGroupSync => (&["object", "value", "bits"], &["timeout"]),
            TimerCreate => (&["entry", "period", "flag"], &["id", "object", "value"]),
            TimerStamp => (&[], &[]),
            TimerCommand => (
                &["object", "command"],
                &["value", "woken", "timeout", "nonblocking"],
            ),
            TimerGetId | TimerIsActive | TimerGetPeriod | TimerGetReload => (&["object"], &[]),
            TimerSetId => (&["object", "id"], &[]),
            // max: the size, initial: the trigger level, flag: the type, id: a callback,
            // object: the static buffer
            StreamCreate => (&["max", "initial", "flag"], &["id", "value", "object"]),
            StreamSend | StreamReceive => (
                &["object", "item", "length"],
                &["timeout", "nonblocking", "woken"],
            ),
            StreamBytes | StreamSpaces | StreamIsEmpty | StreamIsFull | StreamNextLength
            | StreamReset => (&["object"], &[]),
            StreamSetTrigger => (&["object", "initial"], &[]),
            InsideInterrupt | BasepriRaise => (&[], &[]),
            TimerGetExpiry => (&["object"], &[]),
            TimerSetReload => (&["object", "flag"], &[]),
            TaskNotifyWait => (
                &["clear_entry", "clear_exit"],
                &["value_out", "timeout", "index"],
            ),
            // item: the out-parameter receiving the joined thread's exit value
            Join => (&["object"], &["item"]),
            // value: the exit value (the thread's result cell holds it, see the lowering)
            Exit => (&[], &["value"]),
            MutexTrylock | MutexDestroy | QueueCount | QueueSpaces | QueueReset | ObjectDelete
            | Delete | Suspend | Resume | PriorityGet | CondInit | CondSignal | CondBroadcast => {
                (&["object"], &[])
            }
            QueueCreate => (&["length"], &["item_size", "object"]),
            QueueSend => (
                &["object", "item"],
                &["timeout", "front", "overwrite", "nonblocking", "woken"],
            ),
            InterruptsRestore => (&["mask"], &[]),
            QueueReceive => (
                &["object", "item"],
                &["timeout", "nonblocking", "woken", "peek"],
            ),
            PrioritySet => (&["object", "priority"], &[]),
            InterruptTrigger => (&["entry"], &[]),
            CondWait => (&["object", "mutex"], &[]),
            Yield | CriticalEnter | CriticalExit | InterruptsDisable | SchedSuspend
            | SchedResume | AtomicBegin | AtomicEnd | CurrentThread | GetTime | Tick | Noop
            | MakeMethod | DontInitialize | TimedOut | Stop | MakeCthread => (&[], &[]),
            WaitStatic => (&[], &["value"]),
            RequestUpdate | SignalUpdate => (&["object", "flag", "events"], &[]),
            UpdatePending | Sensitive | EventCancel | ManyWriters | EventOccurred | MakeUpdater => {
                (&["object"], &[])
            }
            ResetSignal => (&["object", "flag"], &[]),
            ClockInit => (
                &["object", "time", "value", "initial", "flag", "events"],
                &[],
            ),
            WaitAny | WaitAll => (&["events"], &["time"]),
            QueueSetCreate => (&["length"], &["object"]),
            QueueSetAdd | QueueSetRemove => (&["object", "set"], &[]),
            QueueSetSelect => (&["object"], &["timeout", "nonblocking", "woken"]),
            AbortDelay | TaskState | TimerGetName => (&["object"], &[]),
            NextTrigger | NextTriggerAll => (&[], &["events", "time"]),
            TimerPend => (
                &["entry", "arg", "value"],
                &["timeout", "woken", "nonblocking"],
            ),
            EventGroupDeferSet | EventGroupDeferClear => {
                (&["object", "bits"], &["timeout", "woken", "nonblocking"])
            }
        }
    }

    /// True for the primitives that create an object (and may return its handle).
    pub fn creates(self) -> bool {
        use Action::*;
        matches!(
            self,
            Spawn
                | MutexCreate
                | SemCreateBinary
                | SemCreateCounting
                | QueueCreate
                | EventGroupCreate
                | TimerCreate
                | StreamCreate
                | QueueSetCreate
                | CondInit
                | CurrentThread
        )
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
