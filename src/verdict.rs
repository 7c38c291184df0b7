//! What every engine returns: a verdict with its evidence and statistics.
//!
//! Invariant: `Verdict::Unsafe` carries a [`Counterexample`] whose path the engine found
//! satisfiable and whose nondeterministic values come from the solver's model; the driver replays
//! it on the concrete interpreter (`ir::interp`) before printing it.

use crate::diag::Loc;
use crate::ir::{EdgeId, ThreadId, VarId};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// Why a run ended UNKNOWN. The kind is typed (JSON `unknown_kind`, bench summaries); the text
/// shown to the user ([`fmt::Display`]) is the detail each variant carries, unchanged from the
/// engine that produced it (variants without text render a fixed one).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum UnknownReason {
    /// `--timeout` reached: "timeout".
    Timeout,
    /// `--memory-limit` or the address-space cap reached, or an allocation failed; the text
    /// starts with "memory limit".
    MemoryLimit(String),
    /// A reachable construct the engines cannot analyse soundly; the text names it and
    /// usually its location ("unsupported: ... (line N)").
    Unsupported(String),
    /// The solver answered unknown or failed on a query.
    SolverGaveUp(String),
    /// Refinement found no new predicate, or a counterexample was found only under an
    /// approximation that refinement cannot remove.
    NoRefinementProgress(String),
    /// A bound ended the search without an answer: unwinding, k, scheduler capacity.
    BoundReached(String),
    /// The verdict depends on a function without a body or a model: its name.
    UnmodelledFunction(String),
    /// A bug of schedmc (a replay mismatch, an inconsistent model); the text starts with
    /// "internal error".
    Internal(String),
    /// Anything else (e.g. no main thread, no scheduler description).
    Other(String),
}

impl UnknownReason {
    pub fn timeout() -> Self {
        UnknownReason::Timeout
    }
    pub fn memory_limit(text: impl Into<String>) -> Self {
        UnknownReason::MemoryLimit(text.into())
    }
    /// An unsupported construct: the full text as shown (its location included).
    pub fn unsupported(text: impl Into<String>) -> Self {
        UnknownReason::Unsupported(text.into())
    }
    pub fn solver(text: impl Into<String>) -> Self {
        UnknownReason::SolverGaveUp(text.into())
    }
    pub fn no_progress(text: impl Into<String>) -> Self {
        UnknownReason::NoRefinementProgress(text.into())
    }
    pub fn bound(text: impl Into<String>) -> Self {
        UnknownReason::BoundReached(text.into())
    }
    pub fn unmodelled(function: impl Into<String>) -> Self {
        UnknownReason::UnmodelledFunction(function.into())
    }
    /// An internal error: the full text, starting with "internal error".
    pub fn internal(text: impl Into<String>) -> Self {
        UnknownReason::Internal(text.into())
    }
    pub fn other(text: impl Into<String>) -> Self {
        UnknownReason::Other(text.into())
    }

    /// The kind of a reason produced as text by code that does not type it (scheduler and
    /// binding errors, budgets): by its documented prefix, `Other` when none matches.
    pub fn classify(text: String) -> Self {
        const UNMODELLED: &str = "depends on unmodelled function ";
        if text == "timeout" {
            UnknownReason::Timeout
        } else if text.starts_with("memory limit") {
            UnknownReason::MemoryLimit(text)
        } else if text.starts_with("internal error") {
            UnknownReason::Internal(text)
        } else if text.starts_with("unsupported") {
            UnknownReason::Unsupported(text)
        } else if text.starts_with("scheduler capacity exceeded") {
            UnknownReason::BoundReached(text)
        } else if let Some(f) = text.strip_prefix(UNMODELLED) {
            UnknownReason::UnmodelledFunction(f.to_string())
        } else {
            UnknownReason::Other(text)
        }
    }

    /// The reason of reaching an `Op::Unsupported` edge with text `text`: `Unsupported`, unless
    /// the text names a more specific kind ([`UnknownReason::classify`], e.g. an unmodelled
    /// function).
    pub fn of_unsupported_edge(text: String) -> Self {
        match UnknownReason::classify(text) {
            UnknownReason::Other(t) => UnknownReason::Unsupported(t),
            r => r,
        }
    }

    /// The kind as a stable identifier (JSON `unknown_kind`, bench CSV).
    pub fn kind(&self) -> &'static str {
        match self {
            UnknownReason::Timeout => "timeout",
            UnknownReason::MemoryLimit(_) => "memory_limit",
            UnknownReason::Unsupported(_) => "unsupported",
            UnknownReason::SolverGaveUp(_) => "solver",
            UnknownReason::NoRefinementProgress(_) => "no_progress",
            UnknownReason::BoundReached(_) => "bound",
            UnknownReason::UnmodelledFunction(_) => "unmodelled_function",
            UnknownReason::Internal(_) => "internal",
            UnknownReason::Other(_) => "other",
        }
    }

    /// The same reason with `suffix` appended to its text (e.g. a location); reasons without
    /// free text are returned unchanged.
    pub fn with_suffix(self, suffix: &str) -> Self {
        use UnknownReason::*;
        match self {
            Timeout | UnmodelledFunction(_) => self,
            MemoryLimit(t) => MemoryLimit(t + suffix),
            Unsupported(t) => Unsupported(t + suffix),
            SolverGaveUp(t) => SolverGaveUp(t + suffix),
            NoRefinementProgress(t) => NoRefinementProgress(t + suffix),
            BoundReached(t) => BoundReached(t + suffix),
            Internal(t) => Internal(t + suffix),
            Other(t) => Other(t + suffix),
        }
    }
}

impl fmt::Display for UnknownReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use UnknownReason::*;
        match self {
            Timeout => write!(f, "timeout"),
            UnmodelledFunction(name) => write!(f, "depends on unmodelled function {name}"),
            MemoryLimit(t)
            | Unsupported(t)
            | SolverGaveUp(t)
            | NoRefinementProgress(t)
            | BoundReached(t)
            | Internal(t)
            | Other(t) => f.write_str(t),
        }
    }
}

impl Verdict {
    /// UNKNOWN for a reason none of the [`UnknownReason`] kinds describes.
    pub fn unknown_other(text: impl Into<String>) -> Self {
        Verdict::Unknown(UnknownReason::Other(text.into()))
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Verdict {
    /// The property holds (for every execution, or up to the stated bound).
    Safe {
        /// Qualification printed with the verdict, e.g. "assuming no integer overflow (--int-math)"
        /// or "bounded proof: loops unwound at most 5 times".
        note: Option<String>,
    },
    Unsafe(Counterexample),
    Unknown(UnknownReason),
}

/// What was violated.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Violation {
    /// `reach_error()` / failed assertion reached: the Error edge's kind text and location.
    Property { description: String, loc: Loc },
    /// A BMC unwinding assertion: the loop needed more iterations than the bound.
    UnwindingAssertion { loop_id: u32, loc: Loc },
}

/// One step of a counterexample.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// A scheduler decision (switch, primitive outcome, delta cycle, time advance). Replay
    /// matches `decision` by value; `text` is what the engine shows for it (ARF and DOT
    /// pictures, replay error messages) and is never compared.
    Sched {
        decision: SchedDecision,
        text: String,
    },
    /// Weak memory (`--mm tso|pso`): the oldest store of `var` still in the store buffer of
    /// that thread instance becomes visible to the other threads (under TSO it must be the
    /// oldest store of the thread's buffer). Only partial-order BMC's weak-memory traces have
    /// these steps; they are replayed by `sched::replay::replay_weak`.
    Flush {
        thread: ThreadId,
        instance: u32,
        var: VarId,
    },
}

/// A thread instance as a trace names it: its entry thread and the instance number among the
/// instances of that entry (0 for the first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ThreadRef {
    pub thread: ThreadId,
    pub instance: u32,
}

/// What the scheduling policy did in a [`SchedCause::Policy`] step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PolicyEvent {
    /// The running thread continues.
    Continue,
    /// A thread is dispatched.
    Switch,
    /// A delta cycle (then possibly a dispatch).
    DeltaCycle,
    /// Time advanced (SystemC).
    TimeAdvance,
    /// The tick counter advanced (FreeRTOS).
    Tick,
    /// An interrupt handler starts.
    Interrupt,
    /// The simulation ended (`main` resumes after `sc_start()`).
    SimulationEnd,
}

/// Why a scheduler step happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SchedCause {
    /// An outcome of the policy: no thread was running, or the running thread was at a
    /// preemption point.
    Policy(PolicyEvent),
    /// The running thread, already at its exit (it yielded on its last edge), finishes.
    Exit,
    /// The thread of the previous edge step reached its exit and finishes.
    Finish,
    /// An outcome of the primitive call of the previous edge step (`completed`), or of a
    /// primitive that blocked before completing (the edge is not taken); `exits`: the thread
    /// then reached its exit and finished.
    Primitive { completed: bool, exits: bool },
}

/// A scheduler step of a counterexample as a value: what caused it, which thread runs after
/// it, and which instance it (re)started at its entry with which parameters. The engine and
/// the replay build it the same way (`sched::decision`); the replay accepts a scheduler
/// outcome when its decision equals the trace's.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SchedDecision {
    pub cause: SchedCause,
    /// The thread instance running after the step.
    pub runs: Option<ThreadRef>,
    /// The instance started at its entry (a created thread, an interrupt handler, a method
    /// process, a timer callback) and the values of its two parameters, if given.
    pub started: Option<(ThreadRef, Option<i128>, Option<i128>)>,
}

impl SchedDecision {
    /// A policy switch to `to` (or to no thread), starting nothing.
    pub fn switch(to: Option<ThreadRef>) -> SchedDecision {
        SchedDecision {
            cause: SchedCause::Policy(PolicyEvent::Switch),
            runs: to,
            started: None,
        }
    }
}

impl Step {
    /// A scheduler step: `decision`, shown as `text`.
    pub fn sched(decision: SchedDecision, text: impl Into<String>) -> Step {
        Step::Sched {
            decision,
            text: text.into(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Counterexample {
    pub violation: Violation,
    pub steps: Vec<Step>,
}

/// Counters every engine fills in as far as they apply.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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
    /// ESST: interpolation queries retried after a wall-clock cap; when non-zero the
    /// exploration may differ between runs (it depended on timing).
    pub interpolation_retries: u64,
    /// Time of the independent proof check of a SUCCESSFUL verdict (`crate::check`), when one
    /// ran.
    pub proof_check_time: Option<Duration>,
    /// ESST with partial-order reduction: the pruned transitions the proof check justified by
    /// its POR argument, checked directly, and did not re-check.
    pub proof_check_por: Option<[u64; 3]>,
    /// The run's time split, filled in by the driver: the front end (loading, lowering and
    /// the passes before the engine), the engine run (`solver_time` is part of it), and the
    /// replay of a counterexample; `proof_check_time` is the fourth part.
    #[serde(default)]
    pub front_end_time: Option<Duration>,
    #[serde(default)]
    pub engine_time: Option<Duration>,
    #[serde(default)]
    pub replay_time: Option<Duration>,
    /// ESST: wall-clock time (solver calls included) of the abstract posts, of counterexample
    /// analysis and refinement, and of the partial-order reduction's bookkeeping; None for
    /// the other engines.
    #[serde(default)]
    pub abstraction_time: Option<Duration>,
    #[serde(default)]
    pub refinement_time: Option<Duration>,
    #[serde(default)]
    pub por_time: Option<Duration>,
    /// What the proof check covered and left unchecked (partial-order BMC's unrolling).
    pub proof_check_detail: Option<String>,
    /// What the proof check checked (kind, obligations, result), when one ran.
    #[serde(default)]
    pub proof_check_summary: Option<crate::check::CheckSummary>,
}

/// A verdict with its statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub verdict: Verdict,
    pub stats: Stats,
    /// For `Verdict::Safe`, the engine's proof for the independent checker (`crate::check`);
    /// None when the engine gives none.
    pub certificate: Option<Box<crate::check::Certificate>>,
}

impl Outcome {
    /// An outcome without a certificate.
    pub fn new(verdict: Verdict, stats: Stats) -> Self {
        Outcome {
            verdict,
            stats,
            certificate: None,
        }
    }
}

impl Counterexample {
    /// The IR edges of the path's program steps, in order (steps naming no edge of `prog` are
    /// skipped).
    pub fn edges<'p>(
        &'p self,
        prog: &'p crate::ir::Program,
    ) -> impl Iterator<Item = &'p crate::ir::Edge> + 'p {
        self.steps.iter().filter_map(move |s| match s {
            Step::Edge { thread, edge, .. } => prog
                .threads
                .get(thread.0 as usize)
                .and_then(|c| c.edges.get(edge.0 as usize)),
            _ => None,
        })
    }

    /// The functions this path calls through an external `Op::Call` (sorted, each once) for
    /// which `is_primitive` is false: calls without a body, a C library model or a scheduler
    /// mapping, whose results and pointer writes are havocked.
    pub fn unmodelled_calls(
        &self,
        prog: &crate::ir::Program,
        is_primitive: &dyn Fn(&str) -> bool,
    ) -> Vec<String> {
        let mut out = std::collections::BTreeSet::new();
        for e in self.edges(prog) {
            if let crate::ir::Op::Call { func, .. } = &e.op {
                // the store-store fence is a built-in, not an external function
                if !is_primitive(func)
                    && !crate::engine::pobmc::barrier::is_store_store_fence(&e.op)
                {
                    out.insert(func.clone());
                }
            }
        }
        out.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_reasons_keep_their_text_and_get_a_kind() {
        assert_eq!(UnknownReason::timeout().to_string(), "timeout");
        assert_eq!(UnknownReason::timeout().kind(), "timeout");
        let u =
            UnknownReason::of_unsupported_edge("inline assembly".into()).with_suffix(" (line 3)");
        assert_eq!(
            u,
            UnknownReason::Unsupported("inline assembly (line 3)".into())
        );
        let f = UnknownReason::classify("depends on unmodelled function getenv".into());
        assert_eq!(f, UnknownReason::unmodelled("getenv"));
        assert_eq!(f.to_string(), "depends on unmodelled function getenv");
        assert_eq!(
            UnknownReason::classify("scheduler capacity exceeded: threads".into()).kind(),
            "bound"
        );
        assert_eq!(
            UnknownReason::classify("memory limit (x)".into()).kind(),
            "memory_limit"
        );
        assert_eq!(UnknownReason::classify("no main".into()).kind(), "other");
    }
}
