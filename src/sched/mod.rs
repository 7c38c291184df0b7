//! Explicit schedulers for ESST: scheduler descriptions (`schedulers/*.toml` → [`SchedulerSpec`]),
//! the scheduler state 𝕊 ([`SchedState`]), `Sexec` (run one primitive: [`sexec`]) and `Sched`
//! (every next scheduler state: [`sched`], [`preempt`]) for the cooperative (SystemC),
//! fixed-priority preemptive (FreeRTOS) and fully preemptive (pthreads) policies.
//!
//! # Contract with the ESST engine
//! - Start from [`initial`] (`main` running). Before each edge of the running thread, if
//!   [`is_preemption_point_edge`] holds (shared accesses, primitives, atomic-section starts and
//!   the edge reaching the thread's exit), expand with [`preempt`] (its first successor is
//!   "continue").
//! - An edge whose op binds ([`Binder::bind`], or [`bind`] for constant arguments only) to a
//!   [`PrimitiveCall`] is run by [`sexec`] (rule E3). Each outcome is a [`ReturnValue`]:
//!   `advance == false` means the thread blocked *before* completing the call: its location stays
//!   at the call's source and the call is executed again when the thread runs again (blocking
//!   primitives retry). Otherwise take the edge, assign `ret` to the call's result (`None`: leave
//!   the result nondeterministic), apply `writes` to their cells, for `spawned` put the new
//!   instance at its entry and assign its parameter from the call's `data_arg`, and perform
//!   `copy` (queues: see [`QueueCopy`]). These are *all* the effects of a bound primitive: the
//!   `may_write` list the lowering attaches to the `Op::Call` (its over-approximation for an
//!   unknown external) is not havocked for primitives.
//! - After every ordinary op of the running thread call [`Binder::track`] (scheduler-valued
//!   variables such as handles), and when the running thread reaches its CFG exit call
//!   [`thread_exit`].
//! - When no thread runs ([`running`] is `None`), expand with [`sched`] (rule E4). A successor
//!   whose [`SchedEvent::restart`] names an interrupt handler restarts that instance at its
//!   entry (fresh locals).
//! - Every [`SchedError`] and [`BindError`] becomes `UNKNOWN` with its message.
//! - Before any engine runs, the driver renames generic entry points after their selector and
//!   turns unmapped API calls into `Op::Unsupported` ([`prepare::prepare`]), and the
//!   description is configured from the program's macros ([`SchedulerSpec::configure`]).

pub mod action;
pub mod addr_flow;
pub mod arg_writes;
pub mod bind;
pub mod capvec;
pub mod cond;
pub mod critical;
pub mod decision;
pub mod event_group;
pub mod handed_back;
pub mod macro_value;
pub mod mutex;
pub mod notify;
pub mod policy;
pub mod prepare;
pub mod queue;
pub mod queue_set;
pub mod replay;
pub mod semaphore;
pub mod sexec;
pub mod spec;
pub mod state;
pub(crate) mod storebuf;
pub mod stream_buffer;
pub mod symmetry;
pub mod systemc;
pub mod systemc_clock;
pub mod task_name;
pub mod timer;

#[cfg(test)]
mod kernel_tests;
#[cfg(test)]
mod tests;

use std::fmt;

pub use bind::{
    bind, bind_cases, bind_with, sexec_cases, BindError, Binder, PrimitiveCall, Restart, Timeout,
    VarRef,
};
pub use policy::{
    after_decision, initial, is_preemption_point, is_preemption_point_edge, preempt,
    preempts_within_statements, sched, thread_exit, unpreempted_section, SchedEvent,
    SchedEventKind,
};
pub use sexec::{
    exit_copy_assignment, exit_copy_cells, queue_item_cell, sexec, CopyDir, ExitCopy, QueueCopy,
    ReturnValue,
};
pub use spec::{infer, Action, Policy, SchedulerSpec};
pub use state::{
    all_finished, deadlocked, enabled, running, BlockOn, SchedState, ThreadInfo, ThreadInstance,
    ThreadStatus,
};

/// Convenience: every shipped description name.
pub fn builtin_names() -> Vec<&'static str> {
    spec::builtin_names()
}

/// Why the scheduler cannot continue; the engine answers UNKNOWN with this message.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SchedError {
    /// A fixed capacity of the scheduler state (threads, events, objects, time bound) is exceeded.
    CapacityExceeded(String),
    /// A primitive ran while no thread was running (an engine bug).
    NoRunningThread,
    /// A primitive was given a value that is not a valid object / handle.
    InvalidObject { func: String, value: i128 },
    /// The program misuses the API in a way the model does not define (blocking in an
    /// interrupt handler, leaving a critical section never entered, ...).
    Misuse(String),
    /// A behaviour the model does not support.
    Unsupported(String),
}

impl fmt::Display for SchedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchedError::CapacityExceeded(w) => write!(f, "scheduler capacity exceeded: {w}"),
            SchedError::NoRunningThread => {
                write!(f, "internal error: primitive without a running thread")
            }
            SchedError::InvalidObject { func, value } => {
                write!(
                    f,
                    "unsupported: {func} applied to an invalid object or handle ({value:#x})"
                )
            }
            SchedError::Misuse(m) => write!(f, "unsupported: {m}"),
            SchedError::Unsupported(m) => write!(f, "unsupported: {m}"),
        }
    }
}

impl std::error::Error for SchedError {}
