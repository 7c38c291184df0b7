//! The explicit scheduler state ESST keeps in every ARF node: thread instances with their status
//! and priorities, events with pending notifications, mutexes, semaphores, queues, event groups,
//! software timers (with the timer service task), condition variables, time, critical-section /
//! atomic-section bookkeeping and the values of
//! scheduler-valued program variables (handles, tick values; see `sched::bind`).
//!
//! A small value type with bounded tables (`capvec::CapVec`): cheap to clone, `Hash + Eq` for
//! ARF covers. Exceeding a capacity is [`SchedError::CapacityExceeded`], never a panic.
//! Display-only data (delta counter, absolute time when time is normalised, names for traces)
//! lives in a [`Ghost`] that equality and hashing ignore: no decision depends on it.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::ir::{ThreadId, VarId};

use super::SchedError;

/// Hard limit of thread instances (instance indices are `u8`, 255 marks globals in ESST, and
/// handle values encode the index in 8 bits).
pub const MAX_THREADS: usize = 254;
/// Default of `--max-threads`.
pub const DEFAULT_MAX_THREADS: usize = 128;
pub const MAX_EVENTS: usize = 32;
pub const MAX_MUTEXES: usize = 16;
/// Mutex attribute objects with a type other than normal.
pub const MAX_MUTEX_ATTRS: usize = 8;
pub const MAX_SEMAPHORES: usize = 16;
pub const MAX_QUEUES: usize = 16;
pub const MAX_CONDS: usize = 16;
pub const MAX_GROUPS: usize = 8;
pub const MAX_TIMERS: usize = 8;
/// Direct-to-task notification indices kept per task (FreeRTOS
/// `configTASK_NOTIFICATION_ARRAY_ENTRIES` may not exceed it).
pub const MAX_NOTIFY_INDICES: usize = 4;
/// Largest queue length (the ESST engine keeps one ghost slot per item).
pub const MAX_QUEUE_LEN: u16 = 64;

/// Index of a thread instance in [`SchedState::threads`] (0 is `main`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ThreadInstance(pub u8);

impl ThreadInstance {
    pub const MAIN: ThreadInstance = ThreadInstance(0);
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a blocked thread waits for. Blocking primitives are re-executed when the thread runs
/// again (the call edge is not taken while blocked), so a woken thread retries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockOn {
    /// Index into `mutexes`.
    Mutex(u8),
    /// Index into `semaphores`.
    Semaphore(u8),
    /// Queue full (index into `queues`).
    QueueSend(u8),
    /// Queue empty.
    QueueReceive(u8),
    /// Until the thread instance finishes.
    Join(ThreadInstance),
    /// `main` after `sc_start()`: until the simulation ends.
    SimulationEnd,
    /// Forever (a blocking call with an infinite timeout in a model without the resource).
    Forever,
    /// A direct-to-task notification (this index) of the blocked thread itself.
    Notification(u8),
    /// Bits of an event group (index into `groups`); the condition is `ThreadInfo::eg_wait`.
    EventGroup(u8),
    /// The FreeRTOS timer service task with nothing to do (until its deadline, the earliest
    /// timer expiry, or a command).
    TimerDaemon,
    /// Sending to the full timer command queue.
    TimerQueueSend,
    /// Selecting from an empty queue set (index into `qset.sets`).
    QueueSet(u8),
}

/// Status of a thread instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThreadStatus {
    /// Created before the scheduler started.
    NotStarted,
    /// Ready to run.
    Runnable,
    Running,
    /// Waiting for a notification of an event (index into `events`).
    Waiting {
        event: u8,
    },
    /// SystemC: waiting for the events listed for it in `SchedState::sc.waits` (any of them,
    /// or all of them), or for the timeout in `ThreadInfo::deadline`.
    WaitingList {
        all: bool,
    },
    /// Waiting on a condition variable (index into `conds`).
    WaitingCond {
        cond: u8,
    },
    /// Delayed until a time / tick (SystemC: `until == now` wakes in the next delta cycle).
    Sleeping {
        until: u64,
    },
    /// Blocked in a primitive; `ThreadInfo::deadline` holds the timeout, if any.
    Blocked {
        on: BlockOn,
    },
    Suspended,
    Finished,
    /// An interrupt handler that is not executing.
    Idle,
}

/// One thread instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ThreadInfo {
    pub entry: ThreadId,
    pub status: ThreadStatus,
    pub base_prio: u8,
    /// Base priority raised by priority inheritance.
    pub eff_prio: u8,
    pub is_isr: bool,
    /// Deadline (time / tick) of the blocking call in progress with a finite timeout.
    pub deadline: Option<u64>,
    /// The blocking call in progress timed out: its re-execution returns failure.
    pub timed_out: bool,
    /// A condition wait was signalled (or woke spuriously): its re-execution re-acquires the mutex.
    pub cond_woken: bool,
    /// FreeRTOS direct-to-task notifications: the value per index and which indices have one
    /// pending (bit `i` for index `i`).
    pub notify_value: [u32; MAX_NOTIFY_INDICES],
    /// Per index, the increments (`eIncrement`, give) since the value was last set from the
    /// program or taken to zero, less the takes that decremented it (`sched::notify` bounds
    /// it so that the values stay finitely many).
    pub notify_incs: [u8; MAX_NOTIFY_INDICES],
    pub notify_pending: u8,
    /// Indices with a notification wait (take or wait) in progress: the blocked call's
    /// re-execution completes it.
    pub notify_waiting: u8,
    /// FreeRTOS event groups: the condition of the wait in progress (`xEventGroupWaitBits`,
    /// `xEventGroupSync`), and the group's bits delivered by the `xEventGroupSetBits` that
    /// satisfied it (the woken call returns them).
    pub eg_wait: Option<super::event_group::EgWait>,
    pub eg_result: Option<u32>,
    /// FreeRTOS timers: ticks since this thread read the tick count for the timer command it
    /// sends next (`xTimerStart`'s `xTaskGetTickCount()`).
    pub stamp: Option<u64>,
    /// SystemC process data (method, dont_initialize, timed_out, next_trigger).
    pub sc: super::systemc::ScProc,
    /// FreeRTOS: the task's name, when it was a string literal (`sched::task_name`).
    pub name: Option<super::task_name::TaskName>,
    /// FreeRTOS: deleted by another task (the kernel frees it at once; a task that deleted
    /// itself stays until the idle task frees it).
    pub reaped: bool,
}

impl ThreadInfo {
    pub fn new(entry: ThreadId, status: ThreadStatus, prio: u8) -> ThreadInfo {
        ThreadInfo {
            entry,
            status,
            base_prio: prio,
            eff_prio: prio,
            is_isr: false,
            deadline: None,
            timed_out: false,
            cond_woken: false,
            notify_value: [0; MAX_NOTIFY_INDICES],
            notify_incs: [0; MAX_NOTIFY_INDICES],
            notify_pending: 0,
            notify_waiting: 0,
            eg_wait: None,
            eg_result: None,
            stamp: None,
            sc: super::systemc::ScProc::default(),
            name: None,
            reaped: false,
        }
    }
}

/// A pending notification of an event (SystemC keeps at most one: the earliest survives).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    None,
    Delta,
    /// At this time.
    Timed(u64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EventInfo {
    /// The event's identity: its object address (or handle).
    pub key: i128,
    pub pending: Pending,
}

/// POSIX mutex types (`pthread_mutexattr_settype`).
///
/// - `Normal`: relocking by the owner blocks it forever (a deadlock the model shows as a
///   thread that never runs again); unlocking a mutex the caller does not own (or an unlocked
///   one) is undefined in POSIX: the model makes the call fail with the primitive's `fail`
///   value (EPERM) and changes nothing, as glibc's error-checking type does.
/// - `Recursive`: the owner's relock (lock or trylock) counts (`depth`), each unlock by the
///   owner gives one back; unlocking by another thread fails (EPERM).
/// - `ErrorCheck`: the owner's relock fails with the primitive's `fail` value (EDEADLK for
///   `pthread_mutex_lock`, EBUSY for trylock); unlocking by a non-owner fails (EPERM).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MutexKind {
    #[default]
    Normal,
    Recursive,
    ErrorCheck,
}

impl MutexKind {
    /// The kind of a POSIX type number (`PTHREAD_MUTEX_*`; 3 is glibc's adaptive mutex, a
    /// normal one); None for an invalid type.
    pub fn from_posix(t: i128) -> Option<MutexKind> {
        match t {
            0 | 3 => Some(MutexKind::Normal),
            1 => Some(MutexKind::Recursive),
            2 => Some(MutexKind::ErrorCheck),
            _ => None,
        }
    }

    pub fn posix(self) -> i128 {
        match self {
            MutexKind::Normal => 0,
            MutexKind::Recursive => 1,
            MutexKind::ErrorCheck => 2,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MutexInfo {
    pub key: i128,
    pub owner: Option<ThreadInstance>,
    /// Recursive takes by the owner beyond the first (`recursive` mutex-lock, or a
    /// `Recursive` mutex).
    pub depth: u8,
    pub kind: MutexKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SemInfo {
    pub key: i128,
    pub count: u32,
    pub max: u32,
}

/// A bounded FIFO. Items live in ghost slots `0..cap` the engine keeps per queue: a send writes
/// slot `(head + count) % cap` (to the front: `head - 1`), a receive reads slot `head`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueueInfo {
    pub key: i128,
    pub count: u16,
    pub cap: u16,
    pub head: u16,
    pub item_size: u32,
}

/// A FreeRTOS event group: its bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GroupInfo {
    pub key: i128,
    pub bits: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CondInfo {
    pub key: i128,
}

/// The value of a scheduler-valued program variable (a handle or a tick value written by a
/// primitive and copied by plain assignments) since its last write; `None` when that write's
/// value is unknown. `owner` is the thread instance for locals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Binding {
    pub var: VarId,
    pub owner: Option<ThreadInstance>,
    pub value: Option<i128>,
}

/// Names for human-readable trace labels.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// Entry function name per `ThreadId`.
    pub threads: Vec<String>,
    /// (base address, name) of the program's objects.
    pub objects: Vec<(u64, String)>,
}

/// Display-only bookkeeping, ignored by `Eq` and `Hash`.
#[derive(Clone, Debug, Default)]
pub struct GhostInfo {
    /// Delta cycles so far.
    pub delta: u64,
    /// Absolute time / tick count (equal to `now` when time is observable).
    pub abs_time: u64,
    /// The thread that ran last (for "switch a -> b" labels).
    pub last: Option<ThreadInstance>,
    pub names: Arc<Names>,
}

/// A wrapper that every `Ghost` equals and that hashes to nothing.
#[derive(Clone, Debug, Default)]
pub struct Ghost<T>(pub T);

impl<T> PartialEq for Ghost<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<T> Eq for Ghost<T> {}
impl<T> Hash for Ghost<T> {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// The scheduler state 𝕊 of an ARF node.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SchedState {
    pub threads: Vec<ThreadInfo>,
    /// The bound on thread instances (`--max-threads`, at most [`MAX_THREADS`]); creating one
    /// more is [`SchedError::CapacityExceeded`].
    pub max_threads: u8,
    /// The scheduler was started (`start` primitive); always true for descriptions without one.
    pub started: bool,
    /// The program has ended (main returned with `ends-program`, or the simulation ended and main
    /// finished).
    pub ended: bool,
    pub events: crate::sched::capvec::CapVec<EventInfo, MAX_EVENTS>,
    pub mutexes: crate::sched::capvec::CapVec<MutexInfo, MAX_MUTEXES>,
    /// Mutex attribute objects (address, type) whose type is not normal, sorted by address.
    pub mutex_attrs: crate::sched::capvec::CapVec<(i128, MutexKind), MAX_MUTEX_ATTRS>,
    pub semaphores: crate::sched::capvec::CapVec<SemInfo, MAX_SEMAPHORES>,
    pub queues: crate::sched::capvec::CapVec<QueueInfo, MAX_QUEUES>,
    pub conds: crate::sched::capvec::CapVec<CondInfo, MAX_CONDS>,
    pub groups: crate::sched::capvec::CapVec<GroupInfo, MAX_GROUPS>,
    /// FreeRTOS software timers and the timer service task.
    pub timers: crate::sched::capvec::CapVec<super::timer::TimerInfo, MAX_TIMERS>,
    pub tmr: super::timer::TimerState,
    /// FreeRTOS stream and message buffers.
    pub sb: super::stream_buffer::StreamState,
    /// FreeRTOS queue sets and their members.
    pub qset: super::queue_set::QueueSetState,
    /// Current time / tick count. When the program never observes time it stays 0 and every
    /// stored time is relative to now (so that the state space stays finite).
    pub now: u64,
    pub time_observable: bool,
    /// The running thread was dispatched by a decision in which no tick arrived (a blocking
    /// call, a yield, the end of an interrupt handler): a tick may still arrive before its
    /// first step. Ticks are one period apart and every stretch between two scheduler-visible
    /// steps takes less than a period, so after a tick the next one waits for a step.
    pub untimed_dispatch: bool,
    /// Critical-section nesting: interrupts and ticks are masked while > 0.
    pub critical: u8,
    /// `vTaskSuspendAll` nesting: no context switches while > 0.
    pub sched_suspended: u8,
    /// Owner and nesting depth of an atomic section.
    pub atomic: Option<(ThreadInstance, u8)>,
    /// The thread an executing interrupt handler interrupted.
    pub interrupted: Option<ThreadInstance>,
    /// The executing interrupt handler asked for a context switch at its end
    /// (`portYIELD_FROM_ISR(pdTRUE)`, action `isr-yield`).
    pub isr_yield: bool,
    pub bindings: Vec<Binding>,
    /// SystemC: wait lists, static sensitivity, update requests, `sc_stop`.
    pub sc: super::systemc::ScState,
    /// Target pointer width (handle encoding).
    pub ptr_bits: u8,
    pub ghost: Ghost<GhostInfo>,
}

/// Object kinds encoded in handles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandleKind {
    Thread = 1,
    Mutex = 2,
    Semaphore = 3,
    Queue = 4,
    Event = 5,
    Cond = 6,
    EventGroup = 7,
    Timer = 8,
    Stream = 9,
    QueueSet = 10,
}

fn cap_err(what: &str) -> SchedError {
    SchedError::CapacityExceeded(what.to_string())
}

impl SchedState {
    /// An empty state (no threads) for a target with the given pointer width.
    pub fn empty(ptr_bits: u16) -> SchedState {
        SchedState {
            threads: Vec::new(),
            max_threads: DEFAULT_MAX_THREADS as u8,
            started: false,
            ended: false,
            events: crate::sched::capvec::CapVec::new(),
            mutexes: crate::sched::capvec::CapVec::new(),
            mutex_attrs: crate::sched::capvec::CapVec::new(),
            semaphores: crate::sched::capvec::CapVec::new(),
            queues: crate::sched::capvec::CapVec::new(),
            conds: crate::sched::capvec::CapVec::new(),
            groups: crate::sched::capvec::CapVec::new(),
            timers: crate::sched::capvec::CapVec::new(),
            tmr: super::timer::TimerState::default(),
            sb: super::stream_buffer::StreamState::default(),
            qset: super::queue_set::QueueSetState::default(),
            now: 0,
            time_observable: false,
            untimed_dispatch: false,
            critical: 0,
            sched_suspended: 0,
            atomic: None,
            interrupted: None,
            isr_yield: false,
            bindings: Vec::new(),
            sc: super::systemc::ScState::default(),
            ptr_bits: ptr_bits.clamp(8, 64) as u8,
            ghost: Ghost(GhostInfo::default()),
        }
    }

    pub fn thread(&self, t: ThreadInstance) -> &ThreadInfo {
        &self.threads[t.index()]
    }
    pub fn thread_mut(&mut self, t: ThreadInstance) -> &mut ThreadInfo {
        &mut self.threads[t.index()]
    }
    pub fn instances(&self) -> impl Iterator<Item = (ThreadInstance, &ThreadInfo)> {
        self.threads
            .iter()
            .enumerate()
            .map(|(i, t)| (ThreadInstance(i as u8), t))
    }

    pub fn add_thread(&mut self, t: ThreadInfo) -> Result<ThreadInstance, SchedError> {
        let i = self.threads.len();
        if i >= usize::from(self.max_threads).min(MAX_THREADS) {
            return Err(cap_err(&format!(
                "more than {} threads (--max-threads)",
                self.max_threads
            )));
        }
        self.threads.push(t);
        Ok(ThreadInstance(i as u8))
    }

    // --- handles -------------------------------------------------------------------------

    fn handle_base(&self) -> i128 {
        3i128 << (self.ptr_bits - 2)
    }
    /// The handle value of object `idx` of a kind (distinct from object addresses and NULL).
    pub fn handle(&self, kind: HandleKind, idx: usize) -> i128 {
        self.handle_base() + ((kind as i128) << 8) + idx as i128 + 1
    }
    /// Decodes a handle value.
    pub fn decode_handle(&self, v: i128) -> Option<(HandleKind, usize)> {
        let off = v - self.handle_base();
        if !(0..0x1000).contains(&off) {
            return None;
        }
        let kind = match off >> 8 {
            1 => HandleKind::Thread,
            2 => HandleKind::Mutex,
            3 => HandleKind::Semaphore,
            4 => HandleKind::Queue,
            5 => HandleKind::Event,
            6 => HandleKind::Cond,
            7 => HandleKind::EventGroup,
            8 => HandleKind::Timer,
            9 => HandleKind::Stream,
            10 => HandleKind::QueueSet,
            _ => return None,
        };
        let low = (off & 0xff) as usize;
        if low == 0 {
            return None;
        }
        Some((kind, low - 1))
    }
    /// True when a value is in the handle range (not an object address).
    pub fn is_handle(&self, v: i128) -> bool {
        self.decode_handle(v).is_some()
    }

    // --- lookups by key ----------------------------------------------------------------------

    pub fn event_index(&self, key: i128) -> Option<u8> {
        self.events
            .iter()
            .position(|e| e.key == key)
            .map(|i| i as u8)
    }
    /// The event with this key, created (no pending notification) on first use.
    pub fn event_or_create(&mut self, key: i128) -> Result<u8, SchedError> {
        if let Some(i) = self.event_index(key) {
            return Ok(i);
        }
        // Sorted by key, not by first use: states reached by interleavings that first touch
        // the events in different orders are then equal (and cover each other).
        let pos = self.events.partition_point(|e| e.key < key);
        self.events
            .insert(
                pos,
                EventInfo {
                    key,
                    pending: Pending::None,
                },
            )
            .map_err(|_| cap_err(&format!("more than {MAX_EVENTS} events")))?;
        let pos = pos as u8;
        for t in self.threads.iter_mut() {
            if let ThreadStatus::Waiting { event } = &mut t.status {
                if *event >= pos {
                    *event += 1;
                }
            }
        }
        Ok(pos)
    }
    pub fn mutex_index(&self, key: i128) -> Option<u8> {
        self.mutexes
            .iter()
            .position(|m| m.key == key)
            .map(|i| i as u8)
    }
    /// The type a mutex attribute object at `key` gives (normal when never set).
    pub fn mutex_attr_kind(&self, key: i128) -> MutexKind {
        self.mutex_attrs
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(MutexKind::Normal, |(_, t)| *t)
    }
    /// Sets the type of the mutex attribute object at `key` (normal ones are not stored).
    pub fn set_mutex_attr_kind(&mut self, key: i128, kind: MutexKind) -> Result<(), SchedError> {
        self.mutex_attrs.retain(|(k, _)| *k != key);
        if kind == MutexKind::Normal {
            return Ok(());
        }
        let pos = self.mutex_attrs.partition_point(|(k, _)| *k < key);
        self.mutex_attrs.insert(pos, (key, kind)).map_err(|_| {
            cap_err(&format!(
                "more than {MAX_MUTEX_ATTRS} mutex attribute objects"
            ))
        })
    }
    pub fn add_mutex(&mut self, key: Option<i128>) -> Result<u8, SchedError> {
        let i = self.mutexes.len();
        let key = key.unwrap_or_else(|| self.handle(HandleKind::Mutex, i));
        // Sorted by key (see `event_or_create`): statically initialised mutexes are created on
        // first use, in interleaving-dependent order.
        let pos = self.mutexes.partition_point(|m| m.key < key);
        self.mutexes
            .insert(
                pos,
                MutexInfo {
                    key,
                    owner: None,
                    depth: 0,
                    kind: MutexKind::Normal,
                },
            )
            .map_err(|_| cap_err(&format!("more than {MAX_MUTEXES} mutexes")))?;
        let pos = pos as u8;
        for t in self.threads.iter_mut() {
            if let ThreadStatus::Blocked {
                on: BlockOn::Mutex(m),
            } = &mut t.status
            {
                if *m >= pos {
                    *m += 1;
                }
            }
        }
        Ok(pos)
    }
    pub fn sem_index(&self, key: i128) -> Option<u8> {
        self.semaphores
            .iter()
            .position(|m| m.key == key)
            .map(|i| i as u8)
    }
    pub fn add_sem(&mut self, key: Option<i128>, count: u32, max: u32) -> Result<u8, SchedError> {
        let i = self.semaphores.len();
        let key = key.unwrap_or_else(|| self.handle(HandleKind::Semaphore, i));
        self.semaphores
            .push(SemInfo { key, count, max })
            .map_err(|_| cap_err(&format!("more than {MAX_SEMAPHORES} semaphores")))?;
        Ok(i as u8)
    }
    pub fn queue_index(&self, key: i128) -> Option<u8> {
        self.queues
            .iter()
            .position(|m| m.key == key)
            .map(|i| i as u8)
    }
    pub fn add_queue(
        &mut self,
        key: Option<i128>,
        cap: u16,
        item_size: u32,
    ) -> Result<u8, SchedError> {
        let i = self.queues.len();
        let key = key.unwrap_or_else(|| self.handle(HandleKind::Queue, i));
        self.queues
            .push(QueueInfo {
                key,
                count: 0,
                cap,
                head: 0,
                item_size,
            })
            .map_err(|_| cap_err(&format!("more than {MAX_QUEUES} queues")))?;
        Ok(i as u8)
    }
    pub fn cond_index(&self, key: i128) -> Option<u8> {
        self.conds
            .iter()
            .position(|m| m.key == key)
            .map(|i| i as u8)
    }
    pub fn cond_or_create(&mut self, key: i128) -> Result<u8, SchedError> {
        if let Some(i) = self.cond_index(key) {
            return Ok(i);
        }
        // Sorted by key (see `event_or_create`).
        let pos = self.conds.partition_point(|c| c.key < key);
        self.conds
            .insert(pos, CondInfo { key })
            .map_err(|_| cap_err(&format!("more than {MAX_CONDS} condition variables")))?;
        let pos = pos as u8;
        for t in self.threads.iter_mut() {
            if let ThreadStatus::WaitingCond { cond } = &mut t.status {
                if *cond >= pos {
                    *cond += 1;
                }
            }
        }
        Ok(pos)
    }

    pub fn group_index(&self, key: i128) -> Option<u8> {
        self.groups
            .iter()
            .position(|g| g.key == key)
            .map(|i| i as u8)
    }
    pub fn add_group(&mut self, key: Option<i128>) -> Result<u8, SchedError> {
        let i = self.groups.len();
        let key = key.unwrap_or_else(|| self.handle(HandleKind::EventGroup, i));
        self.groups
            .push(GroupInfo { key, bits: 0 })
            .map_err(|_| cap_err(&format!("more than {MAX_GROUPS} event groups")))?;
        Ok(i as u8)
    }

    // --- bindings ----------------------------------------------------------------------------

    /// The recorded value of a scheduler-valued variable: `None` when it was never written,
    /// `Some(None)` when its last write had an unknown value.
    pub fn binding(&self, var: VarId, owner: Option<ThreadInstance>) -> Option<Option<i128>> {
        self.bindings
            .iter()
            .find(|b| b.var == var && b.owner == owner)
            .map(|b| b.value)
    }
    /// Records the value of a write.
    pub fn set_binding(
        &mut self,
        var: VarId,
        owner: Option<ThreadInstance>,
        value: Option<i128>,
    ) -> Result<(), SchedError> {
        let pos = self
            .bindings
            .iter()
            .position(|b| b.var == var && b.owner == owner);
        match pos {
            Some(i) => self.bindings[i].value = value,
            None => {
                // keep the list sorted so that equal contents give equal states
                let at = self
                    .bindings
                    .iter()
                    .position(|b| (b.var, b.owner) > (var, owner))
                    .unwrap_or(self.bindings.len());
                self.bindings.insert(at, Binding { var, owner, value });
            }
        }
        Ok(())
    }

    // --- time --------------------------------------------------------------------------------

    /// Absolute time / tick count (for labels).
    pub fn abs_time(&self) -> u64 {
        if self.time_observable {
            self.now
        } else {
            self.ghost.0.abs_time
        }
    }

    /// Advances time to `t` (≥ now). With unobservable time every stored time is shifted
    /// instead, so that `now` stays 0.
    pub fn advance_time(&mut self, t: u64, max: u64) -> Result<(), SchedError> {
        let d = t.saturating_sub(self.now);
        if d == 0 {
            return Ok(());
        }
        self.ghost.0.abs_time = self.ghost.0.abs_time.saturating_add(d);
        if self.time_observable {
            if t > max {
                return Err(cap_err(&format!(
                    "time / tick count beyond the bound {max}"
                )));
            }
            self.now = t;
            super::timer::age(self, d, max, false)?;
            return Ok(());
        }
        for th in self.threads.iter_mut() {
            if let ThreadStatus::Sleeping { until } = &mut th.status {
                *until = until.saturating_sub(d);
            }
            if let Some(dl) = &mut th.deadline {
                *dl = dl.saturating_sub(d);
            }
        }
        for e in self.events.iter_mut() {
            if let Pending::Timed(at) = &mut e.pending {
                *at = at.saturating_sub(d);
            }
        }
        super::timer::age(self, d, max, true)?;
        self.sc.shift_times(d);
        Ok(())
    }

    /// An absolute time `now + d`, checked against the bound.
    pub fn time_after(&self, d: u64, max: u64) -> Result<u64, SchedError> {
        let t = self
            .now
            .checked_add(d)
            .ok_or_else(|| cap_err("time overflow"))?;
        if self.time_observable && t > max {
            return Err(cap_err(&format!(
                "time / tick count beyond the bound {max}"
            )));
        }
        if !self.time_observable && d > max {
            return Err(cap_err(&format!("delay beyond the time bound {max}")));
        }
        Ok(t)
    }

    // --- names -------------------------------------------------------------------------------

    /// Number of the instance among the instances of its entry (0 for the first).
    pub fn instance_number(&self, t: ThreadInstance) -> u32 {
        let e = self.thread(t).entry;
        self.threads[..t.index()]
            .iter()
            .filter(|x| x.entry == e)
            .count() as u32
    }

    /// `producer`, or `worker#1` for the second instance of `worker`.
    pub fn thread_name(&self, t: ThreadInstance) -> String {
        let Some(info) = self.threads.get(t.index()) else {
            return format!("thread{}", t.0);
        };
        if self.tmr.task == Some(t) {
            return "Tmr Svc".into();
        }
        let base = self
            .ghost
            .0
            .names
            .threads
            .get(info.entry.0 as usize)
            .cloned()
            .unwrap_or_else(|| format!("thread{}", info.entry.0));
        match self.instance_number(t) {
            0 => base,
            k => format!("{base}#{k}"),
        }
    }

    /// The program object name at an address, or the handle, for labels.
    pub fn object_name(&self, key: i128) -> String {
        if let Some((_, n)) = self
            .ghost
            .0
            .names
            .objects
            .iter()
            .find(|(b, _)| *b as i128 == key)
        {
            return n.clone();
        }
        if let Some((k, i)) = self.decode_handle(key) {
            let k = match k {
                HandleKind::Thread => "task",
                HandleKind::Mutex => "mutex",
                HandleKind::Semaphore => "semaphore",
                HandleKind::Queue => "queue",
                HandleKind::Event => "event",
                HandleKind::Cond => "cond",
                HandleKind::EventGroup => "group",
                HandleKind::Timer => "timer",
                HandleKind::Stream => "stream",
                HandleKind::QueueSet => "set",
            };
            return format!("{k}{i}");
        }
        format!("{key:#x}")
    }
}

/// The running thread instance.
pub fn running(state: &SchedState) -> Option<ThreadInstance> {
    state
        .instances()
        .find(|(_, t)| t.status == ThreadStatus::Running)
        .map(|(i, _)| i)
}

/// Thread instances that may run now (running or runnable).
pub fn enabled(state: &SchedState) -> Vec<ThreadInstance> {
    state
        .instances()
        .filter(|(_, t)| matches!(t.status, ThreadStatus::Running | ThreadStatus::Runnable))
        .map(|(i, _)| i)
        .collect()
}

/// Every thread instance (interrupt handlers aside) has finished, or the program ended.
pub fn all_finished(state: &SchedState) -> bool {
    state.ended
        || state
            .threads
            .iter()
            .all(|t| t.is_isr || t.status == ThreadStatus::Finished)
}

/// No thread can ever run again although some has not finished: nothing is running or runnable,
/// no timed wake-up (delay, timeout, delta or timed notification) is pending, no interrupt
/// handler exists, and the program has not ended. (For SystemC this is "main waits for a
/// simulation that can make no progress"; a simulation that ends is not a deadlock.)
pub fn deadlocked(state: &SchedState) -> bool {
    if all_finished(state) {
        return false;
    }
    let any_isr = state.threads.iter().any(|t| t.is_isr);
    if any_isr {
        return false;
    }
    let progress = state.threads.iter().any(|t| {
        matches!(
            t.status,
            ThreadStatus::Running | ThreadStatus::Runnable | ThreadStatus::Sleeping { .. }
        ) || t.deadline.is_some()
            || matches!(
                t.status,
                ThreadStatus::Blocked {
                    on: BlockOn::SimulationEnd
                }
            )
    }) || state.events.iter().any(|e| e.pending != Pending::None)
        || !state.sc.updates.is_empty();
    !progress
}

impl fmt::Display for SchedState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.instances() {
            if i.0 > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{}:{:?}", self.thread_name(i), t.status)?;
        }
        write!(f, " @{}", self.abs_time())
    }
}
