//! The verification engines and what they share: options, deadlines, dispatch.
//!
//! Every engine reads the same [`Program`](crate::ir::Program) and returns the same
//! [`Outcome`](crate::verdict::Outcome); a new engine is a new module here.

pub mod bmc;
pub(crate) mod common;
pub mod esst;
pub mod pobmc;
pub mod predabs;

use std::time::{Duration, Instant};

/// Which engine to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// Lazy predicate abstraction with interpolation (sequential programs).
    Predabs,
    /// Bounded model checking with a fixed unwinding bound.
    Bmc,
    /// Iterative BMC searching for counterexamples only.
    Falsify,
    /// Iterative BMC that also proves once all loops are fully unrolled.
    Incremental,
    /// k-induction with interval strengthening.
    Kinduction,
    /// Explicit-scheduler symbolic-thread model checking (threaded programs).
    Esst,
}

impl EngineKind {
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Predabs => "predabs",
            EngineKind::Bmc => "bmc",
            EngineKind::Falsify => "falsify",
            EngineKind::Incremental => "incremental",
            EngineKind::Kinduction => "kinduction",
            EngineKind::Esst => "esst",
        }
    }
}

/// Cartesian (one query per predicate) or Boolean (all-SAT) predicate abstraction, or
/// (ESST only) lazy abstraction with interpolants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Abstraction {
    #[default]
    Cartesian,
    Boolean,
    /// ESST: McMillan's Impact (labels strengthened by interpolants, covers), see
    /// `engine::esst::impact`; the predicate-abstraction engines treat it as `Cartesian`.
    Impact,
}

/// ESST partial-order reduction (`--por`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PorMode {
    /// Every interleaving the scheduler allows.
    None,
    /// Sleep sets only.
    Sleep,
    /// Source-set DPOR with sleep sets (AbPress).
    #[default]
    SourceSets,
}

/// Where refinement puts predicates in the sequential engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PrecisionKind {
    /// One precision per CFG location.
    #[default]
    Location,
    /// One precision for the whole program.
    Global,
}

/// ESST: where refinement puts a predicate (`--precision-placement`, seed section 4.1). A
/// predicate over the locals of one thread instance (and globals) goes to that thread's
/// location precision π_l (`Location`) or thread precision π_T (`Thread`); predicates over
/// globals only or over several threads' locals, and every predicate under `Global`, go to the
/// precision π of the global region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PlacementKind {
    Location,
    /// The default: on the SV-COMP pthread tasks it is never slower than `Global` by much and
    /// clearly faster than `Location` (which rediscovers predicates location by location).
    #[default]
    Thread,
    Global,
}

/// The SMT semantics an engine starts in: mathematical integers under `--int-math`, else the
/// engine's `default` (WrappedInt for the abstraction engines, BitVector for BMC); exact
/// bit-vectors whenever the program has 128-bit values, which the integer encodings cannot
/// hold ([`crate::ir::Program::has_128_bit_values`]), and (without `--int-math`) whenever it
/// has floating-point operations, which the integer encodings only over-approximate.
pub fn start_semantics(
    prog: &crate::ir::Program,
    opts: &VerifyOptions,
    default: crate::smt::Semantics,
) -> crate::smt::Semantics {
    if prog.has_128_bit_values() || (!opts.int_math && prog.has_float_ops()) {
        crate::smt::Semantics::BitVector
    } else if opts.int_math {
        crate::smt::Semantics::Integer
    } else {
        default
    }
}

/// Options shared by all engines; each engine reads the ones that apply to it.
#[derive(Clone, Debug)]
pub struct VerifyOptions {
    /// Mathematical integers instead of bit-vectors (the verdict then says it assumed no overflow).
    pub int_math: bool,
    pub timeout: Option<Duration>,
    pub memory_limit_mb: Option<u64>,
    pub abstraction: Abstraction,
    pub precision: PrecisionKind,
    /// BMC: default unwinding bound for every loop.
    pub unwind: Option<u32>,
    /// BMC: per-loop bounds (loop id, bound).
    pub unwindset: Vec<(u32, u32)>,
    /// BMC: false for `--no-unwinding-assertions` (assume instead of assert).
    pub unwinding_assertions: bool,
    /// BMC: `--partial-loops`: neither assert nor assume at the bound.
    pub partial_loops: bool,
    /// Iterative engines: first k, increment and maximum.
    pub k_step: u32,
    pub max_k_step: u32,
    pub unlimited_k_steps: bool,
    /// k-induction: interval strengthening of the inductive step.
    pub strengthening: bool,
    /// ESST: scheduler description name or TOML path (`--scheduler`); None = infer.
    pub scheduler: Option<String>,
    /// ESST: the program's object-like macros (name, body; sorted by name), from which the
    /// description reads its configuration (`SchedulerSpec::configure`).
    pub scheduler_config: Vec<(String, String)>,
    /// Threaded programs: the configured scheduler description the driver loaded once for the
    /// run (preparation, the engines and the replay share it); None: an engine loads its own
    /// ([`esst::load_spec`], e.g. in unit tests).
    pub sched_spec: Option<std::sync::Arc<crate::sched::SchedulerSpec>>,
    /// ESST: partial-order reduction (`--por`).
    pub por: PorMode,
    /// ESST with POR: access summaries at covering nodes (false: `--no-summaries`, enumerate
    /// the coverer's subtree instead).
    pub summaries: bool,
    /// ESST: covers up to permutations of identical threads (false: `--no-symmetry`).
    pub symmetry: bool,
    /// Predicate abstraction: track finite-valued variables by value (false:
    /// `--no-explicit-values`, predicates only).
    pub explicit_values: bool,
    /// ESST: precision placement (`--precision-placement`).
    pub placement: PlacementKind,
    /// Threaded programs: the bound on thread instances, main included (`--max-threads`);
    /// exceeding it is UNKNOWN.
    pub max_threads: usize,
    /// Partial-order BMC: the memory model (`--mm`).
    pub mm: pobmc::MemoryModel,
    /// `--engine auto`: threaded programs run partial-order BMC first, then ESST (driver).
    pub auto: bool,
    /// A correctness witness will be written: predicate abstraction projects its loop-head
    /// invariants with the proof checker (`predabs::witness`), which costs time.
    pub witness_invariants: bool,
}

impl Default for VerifyOptions {
    fn default() -> Self {
        VerifyOptions {
            int_math: false,
            timeout: None,
            memory_limit_mb: None,
            abstraction: Abstraction::Cartesian,
            precision: PrecisionKind::Location,
            unwind: None,
            unwindset: Vec::new(),
            unwinding_assertions: true,
            partial_loops: false,
            k_step: 1,
            max_k_step: 50,
            unlimited_k_steps: false,
            strengthening: true,
            scheduler: None,
            scheduler_config: Vec::new(),
            sched_spec: None,
            por: PorMode::SourceSets,
            summaries: true,
            symmetry: true,
            explicit_values: true,
            placement: PlacementKind::default(),
            max_threads: crate::sched::state::DEFAULT_MAX_THREADS,
            mm: pobmc::MemoryModel::Sc,
            auto: false,
            witness_invariants: false,
        }
    }
}

/// A point in time after which an engine must stop and answer UNKNOWN, and optionally a work
/// limit (CPU time of the thread that set it, [`Deadline::with_work`]) for a part of a run
/// that must not depend on the machine's load.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    start: Instant,
    end: Option<Instant>,
    /// The work limit (its wall-clock part unused).
    work: crate::smt::Budget,
}

impl Deadline {
    pub fn new(timeout: Option<Duration>) -> Self {
        let start = Instant::now();
        Deadline {
            start,
            end: timeout.map(|t| start + t),
            work: crate::smt::Budget::unlimited(),
        }
    }
    /// This deadline with at most `work` more CPU time of the calling thread (the thread that
    /// runs the engine): a bounded part of a search (ESST's bounded-thread search) ends after
    /// the same work whatever the machine's load; the wall-clock end stays the run's.
    pub fn with_work(self, work: Duration) -> Self {
        Deadline {
            work: self.work.narrowed(Some(work)),
            ..self
        }
    }
    /// The end is reached, the work is used up, or the run was cancelled ([`with_cancel`]).
    pub fn expired(&self) -> bool {
        self.end.is_some_and(|e| Instant::now() >= e) || self.work.exhausted() || cancelled()
    }
    /// Time left (zero once cancelled); None without a limit. With a work limit, at most the
    /// work left (a solver call under it is cut no later than its end; a call cut sooner on a
    /// loaded machine ends the bounded part as its end would).
    pub fn remaining(&self) -> Option<Duration> {
        if cancelled() {
            return Some(Duration::ZERO);
        }
        let wall = self
            .end
            .map(|e| e.saturating_duration_since(Instant::now()));
        match (wall, self.work.work_left()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
    /// The deadline as a solver budget: the time left and the work limit.
    pub fn budget(&self) -> crate::smt::Budget {
        if cancelled() {
            return crate::smt::Budget::wall(Some(Duration::ZERO));
        }
        let wall = self
            .end
            .map(|e| e.saturating_duration_since(Instant::now()));
        crate::smt::Budget::wall(wall).and(&self.work)
    }
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

thread_local! {
    /// The cancellation flag of the engine running on this thread ([`with_cancel`]).
    static CANCEL: std::cell::RefCell<Option<std::sync::Arc<std::sync::atomic::AtomicBool>>> =
        const { std::cell::RefCell::new(None) };
}

/// Whether the engine running on this thread was cancelled (another engine decided first).
fn cancelled() -> bool {
    CANCEL.with(|c| {
        c.borrow()
            .as_ref()
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
    })
}

/// Runs `f` (an engine run on this thread) so that every [`Deadline`] it consults counts as
/// expired once `flag` is set: the engine stops at its next deadline check with UNKNOWN
/// (timeout), as at its time limit (`crate::portfolio`).
pub fn with_cancel<T>(
    flag: std::sync::Arc<std::sync::atomic::AtomicBool>,
    f: impl FnOnce() -> T,
) -> T {
    struct Reset(Option<std::sync::Arc<std::sync::atomic::AtomicBool>>);
    impl Drop for Reset {
        fn drop(&mut self) {
            let old = self.0.take();
            CANCEL.with(|c| *c.borrow_mut() = old);
        }
    }
    let old = CANCEL.with(|c| c.borrow_mut().replace(flag));
    let _reset = Reset(old);
    f()
}

/// Peak resident set size of this process in KiB (Linux `VmHWM`), if known.
pub fn peak_memory_kb() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    s.lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// Current resident set size in KiB (Linux `VmRSS`), if known; engines poll it against
/// `--memory-limit`.
pub fn current_memory_kb() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    s.lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

#[cfg(test)]
mod deadline_tests {
    use super::Deadline;
    use std::time::Duration;

    #[test]
    fn a_work_limit_ends_a_deadline_without_a_time_limit() {
        let d = Deadline::new(None);
        assert!(!d.expired());
        assert_eq!(d.remaining(), None);
        let spent = d.with_work(Duration::ZERO);
        assert!(spent.expired());
        assert_eq!(spent.remaining(), Some(Duration::ZERO));
        assert!(spent.budget().exhausted());
        // waiting uses no work
        let w = d.with_work(Duration::from_millis(20));
        std::thread::sleep(Duration::from_millis(60));
        assert!(!w.expired());
        assert!(w
            .remaining()
            .is_some_and(|r| r <= Duration::from_millis(20)));
        // a narrower work limit stands, a wider one does not widen it
        assert!(w.with_work(Duration::ZERO).expired());
        assert!(spent.with_work(Duration::from_secs(60)).expired());
    }

    #[test]
    fn a_work_limit_keeps_the_time_limit() {
        let d = Deadline::new(Some(Duration::ZERO)).with_work(Duration::from_secs(60));
        assert!(d.expired());
        assert_eq!(d.remaining(), Some(Duration::ZERO));
        let d = Deadline::new(Some(Duration::from_secs(3600))).with_work(Duration::from_secs(60));
        assert!(!d.expired());
        assert!(d.remaining().is_some_and(|r| r <= Duration::from_secs(60)));
        assert!(d.budget().wall_left().is_some());
    }
}
