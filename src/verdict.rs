//! What every engine returns: a verdict with its evidence and statistics.
//!
//! Invariant: `Verdict::Unsafe` carries a [`Counterexample`] whose path the engine found
//! satisfiable and whose nondeterministic values come from the solver's model; the driver replays
//! it on the concrete interpreter (`ir::interp`) before printing it.

use crate::diag::Loc;
use crate::ir::{EdgeId, ThreadId, VarId};
use std::time::Duration;

#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The property holds (for every execution, or up to the stated bound).
    Safe {
        /// Qualification printed with the verdict, e.g. "assuming no integer overflow (--int-math)"
        /// or "bounded proof: loops unwound at most 5 times".
        note: Option<String>,
    },
    Unsafe(Counterexample),
    Unknown(String),
}

/// What was violated.
#[derive(Clone, Debug, PartialEq)]
pub enum Violation {
    /// `reach_error()` / failed assertion reached: the Error edge's kind text and location.
    Property { description: String, loc: Loc },
    /// A BMC unwinding assertion: the loop needed more iterations than the bound.
    UnwindingAssertion { loop_id: u32, loc: Loc },
}

/// One step of a counterexample.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Thread `thread` takes CFG edge `edge`. `nondet` holds the values chosen by the edge's
    /// nondeterminism, in order: for `Op::Nondet(v)` one value; for an external `Op::Call`, the
    /// return value (if any) then one per `may_write` variable. `assigned` lists the values of
    /// variables written by the step (for display).
    Edge {
        thread: ThreadId,
        /// Which instance of the thread entry (0 for the first).
        instance: u32,
        edge: EdgeId,
        nondet: Vec<i128>,
        assigned: Vec<(VarId, i128)>,
    },
    /// A scheduler decision (switch, notification, delta cycle, time advance), as text.
    Sched(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Counterexample {
    pub violation: Violation,
    pub steps: Vec<Step>,
}

/// Counters every engine fills in as far as they apply.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    pub nodes: u64,
    pub covers: u64,
    pub refinements: u64,
    pub predicates: u64,
    pub solver_calls: u64,
    pub solver_time: Duration,
    pub total_time: Duration,
    /// Peak resident memory in KiB, when the platform reports it.
    pub peak_memory_kb: Option<u64>,
    /// Current or final bound for BMC engines.
    pub k: Option<u32>,
    /// ESST with POR: threads added to source sets by races (backtrack points).
    pub backtrack_points: u64,
    /// ESST with POR: successors not explored because their thread was in the sleep set.
    pub sleep_prunings: u64,
    /// ESST: leaves (ends of explored interleavings, covered nodes included) of the last ARF.
    pub interleavings: u64,
}

/// A verdict with its statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub verdict: Verdict,
    pub stats: Stats,
}

impl Counterexample {
    /// The functions this path calls through an external `Op::Call` (sorted, each once) for
    /// which `is_primitive` is false: calls without a body, a C library model or a scheduler
    /// mapping, whose results and pointer writes are havocked.
    pub fn unmodelled_calls(
        &self,
        prog: &crate::ir::Program,
        is_primitive: &dyn Fn(&str) -> bool,
    ) -> Vec<String> {
        let mut out = std::collections::BTreeSet::new();
        for s in &self.steps {
            if let Step::Edge { thread, edge, .. } = s {
                let Some(cfg) = prog.threads.get(thread.0 as usize) else {
                    continue;
                };
                if let Some(e) = cfg.edges.get(edge.0 as usize) {
                    if let crate::ir::Op::Call { func, .. } = &e.op {
                        if !is_primitive(func) {
                            out.insert(func.clone());
                        }
                    }
                }
            }
        }
        out.into_iter().collect()
    }
}
