//! The scaffolding every engine's `verify` shares: its budget (time and memory limits, one
//! check for both), the statistics epilogue (solver calls and time over the run, total time,
//! peak memory) and the wording of a solver's give-up.
//!
//! Engines keep what differs: when they poll the budget, and which [`UnknownReason`] a
//! give-up becomes.

use super::{current_memory_kb, peak_memory_kb, Deadline, VerifyOptions};
use crate::smt::{self, Context, SolverStats};
use crate::verdict::{Stats, UnknownReason};
use std::time::Instant;

/// Time and memory limits of one run.
pub(crate) struct Budget {
    pub deadline: Deadline,
    pub memory_limit_mb: Option<u64>,
}

impl Budget {
    /// The limits of `opts`, the time limit counted from now.
    pub fn new(opts: &VerifyOptions) -> Budget {
        Budget {
            deadline: Deadline::new(opts.timeout),
            memory_limit_mb: opts.memory_limit_mb,
        }
    }

    /// Why the run must stop now, if it must.
    pub fn exhausted(&self) -> Option<UnknownReason> {
        if self.deadline.expired() {
            return Some(UnknownReason::timeout());
        }
        if let (Some(limit), Some(cur)) = (self.memory_limit_mb, current_memory_kb()) {
            if cur / 1024 >= limit {
                return Some(UnknownReason::memory_limit(format!(
                    "memory limit of {limit} MB reached"
                )));
            }
        }
        None
    }
}

/// The statistics epilogue of a run: started when the engine starts, [`Meter::finish`] fills
/// in what every engine reports the same way.
pub(crate) struct Meter {
    start: Instant,
    solver: SolverStats,
}

impl Meter {
    pub fn start() -> Meter {
        Meter {
            start: Instant::now(),
            solver: smt::stats(),
        }
    }

    /// Solver calls and time since the start, the total time and the peak memory.
    pub fn finish(&self, stats: &mut Stats) {
        let now = smt::stats();
        stats.solver_calls = now.calls.saturating_sub(self.solver.calls);
        stats.solver_time = now.time.saturating_sub(self.solver.time);
        stats.total_time = self.start.elapsed();
        stats.peak_memory_kb = peak_memory_kb();
    }
}

/// Why a query in `ctx` came back undecided, for an UNKNOWN verdict's text.
pub(crate) fn solver_detail(ctx: &Context) -> String {
    match ctx.error() {
        Some(e) => format!("solver could not decide the query: {e}"),
        None => "solver returned unknown".into(),
    }
}
