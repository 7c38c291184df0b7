//! The `schedmc` command line: `verify` (plain and SV-COMP mode, with `--witness` / `--dot`),
//! `parse`, `bench`, `targets`, `schedulers`.
//!
//! Exit codes: `0` VERIFICATION SUCCESSFUL, `10` VERIFICATION FAILED, `3` VERIFICATION UNKNOWN
//! (including timeouts and memory limits), `2` input error (missing file, preprocess, syntax or
//! type error, bad command line), `70` internal error (a panic inside schedmc: a bug, reported
//! as `internal error: ...` on stderr; `70` is `EX_SOFTWARE` from sysexits.h). `bench` exits 0
//! unless some task got a wrong verdict (then 1).
//!
//! `verify` runs the pipeline in a worker thread; the main thread is a watchdog that answers
//! UNKNOWN when `--timeout` (plus one second of grace for the engine to stop by itself) passes
//! or the resident memory exceeds `--memory-limit`.

use crate::diag::{Diag, DiagKind, SourceMap};
use crate::driver::{self, DumpKind, VerifyConfig};
use crate::engine::{
    Abstraction, EngineKind, PlacementKind, PorMode, PrecisionKind, VerifyOptions,
};
use crate::report::progress::PROGRESS;
use crate::report::{self, dot, json, witness, TraceMode};
use crate::svcomp::{self, DataModel, Property};
use crate::verdict::{Stats, Verdict, Violation};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Exit code of an internal error (panic).
pub const EXIT_INTERNAL: i32 = 70;
/// Exit code of an input error.
pub const EXIT_INPUT: i32 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "schedmc",
    version,
    about = "A software model checker for (concurrent) embedded C",
    after_help = "Exit codes: 0 SUCCESSFUL, 10 FAILED, 3 UNKNOWN, 2 input error, 70 internal error."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Verify that reach_error() / a failed assert is unreachable.
    Verify(Box<VerifyArgs>),
    /// Validate a format-2.0 witness: `schedmc validate --witness W.yml FILE [verify options]`.
    /// Violation witnesses: a search restricted to the waypoints; correctness witnesses: the
    /// invariants, parsed at their locations, checked inductive and sufficient. Exit codes:
    /// 0 confirmed, 10 refuted, 3 unknown, 2 input error.
    Validate(Box<VerifyArgs>),
    /// Parse and lower a file and print the result.
    Parse(ParseArgs),
    /// Run a manifest of benchmark tasks in child processes and score them.
    Bench(BenchArgs),
    /// List the shipped target profiles (for --target), one per line.
    Targets,
    /// List the shipped scheduler descriptions, one per line.
    Schedulers,
}

/// Front-end options shared by `verify` and `parse`.
#[derive(Args, Debug, Clone)]
pub struct FrontArgs {
    /// Target profile: a built-in name (ilp32, ...) or a path to a target .toml [default: ilp32]
    #[arg(
        long,
        value_name = "T",
        default_value = "ilp32",
        hide_default_value = true
    )]
    pub target: String,
    /// Add DIR to the include search path (repeatable) [default: none]
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// Define a macro, NAME or NAME=VALUE (repeatable) [default: none]
    #[arg(short = 'D', value_name = "NAME[=V]")]
    pub define: Vec<String>,
}

impl FrontArgs {
    fn defines(&self) -> Vec<(String, Option<String>)> {
        self.define
            .iter()
            .map(|d| match d.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (d.clone(), None),
            })
            .collect()
    }
}

/// `--lang`: the input language.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LangArg {
    C,
    Systemc,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineArg {
    /// Threaded programs with a fully preemptive scheduler (pthreads): partial-order BMC (in a
    /// child process) and ESST side by side, the first definite verdict wins; other threaded
    /// programs: ESST; sequential programs: predicate abstraction with k-induction (in a child
    /// process) beside it, whose SUCCESSFUL also stands
    Auto,
    Predabs,
    Bmc,
    Falsify,
    Incremental,
    Kinduction,
    Esst,
}

impl EngineArg {
    pub fn kind(self) -> EngineKind {
        match self {
            // (a strategy, not an engine: `name()` of its fallback)
            EngineArg::Auto => EngineKind::Esst,
            EngineArg::Predabs => EngineKind::Predabs,
            EngineArg::Bmc => EngineKind::Bmc,
            EngineArg::Falsify => EngineKind::Falsify,
            EngineArg::Incremental => EngineKind::Incremental,
            EngineArg::Kinduction => EngineKind::Kinduction,
            EngineArg::Esst => EngineKind::Esst,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbstractionArg {
    Cartesian,
    Boolean,
    /// Alias of the default (cartesian predicate abstraction).
    Predicates,
    /// Lazy abstraction with interpolants (Impact) in ESST.
    Impact,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PorArg {
    None,
    Sleep,
    SourceSets,
}

/// `--mm`: the memory model of partial-order BMC (CBMC's spelling).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmArg {
    Sc,
    Tso,
    Pso,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrecisionArg {
    Location,
    Global,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementArg {
    Location,
    Thread,
    Global,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceArg {
    Full,
    Compact,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DumpArg {
    Ast,
    Ir,
    Dot,
    Loops,
}

#[derive(Args, Debug, Clone)]
pub struct VerifyArgs {
    /// The C file to verify, or an SV-COMP task definition (.yml / .yaml; implies --svcomp).
    pub file: PathBuf,
    /// Further C files linked with FILE (a multi-file program), or further .cpp files of a
    /// SystemC C++ model [default: none]
    #[arg(value_name = "MORE_FILES")]
    pub more_files: Vec<PathBuf>,
    /// The entry function, the program's first thread [default: main]
    #[arg(long, value_name = "NAME")]
    pub entry: Option<String>,
    /// A compilation database (compile_commands.json): every C file of it is linked with FILE,
    /// each preprocessed with its own -I/-D; FILE takes its flags from its entry [default: none]
    #[arg(long, value_name = "JSON")]
    pub compile_commands: Option<PathBuf>,
    /// SV-COMP mode: print TRUE / FALSE(unreach-call) / UNKNOWN as the last line [default: off]
    #[arg(long)]
    pub svcomp: bool,
    /// SV-COMP property file (.prp); only unreach-call is supported [default: the task's
    /// property, else unreach-call]
    #[arg(long, value_name = "FILE")]
    pub property: Option<PathBuf>,
    /// SV-COMP data model ILP32 or LP64; overrides --target [default: the task's, else --target]
    #[arg(long, value_name = "M", value_parser = parse_data_model)]
    pub data_model: Option<DataModel>,
    /// Write a witness (format 2.0 YAML) for a TRUE or FALSE result; under `validate`, the
    /// witness to validate [default: none]
    #[arg(long, value_name = "FILE")]
    pub witness: Option<PathBuf>,
    /// Write the counterexample of a FAILED verdict as a Graphviz chart [default: none]
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
    /// Write the engine's abstract reachability tree/forest as a Graphviz graph (covered nodes
    /// dashed, error path red; predabs) [default: none]
    #[arg(long, value_name = "FILE")]
    pub dot_arf: Option<PathBuf>,
    /// No progress line and no front-end warnings on stderr [default: off]
    #[arg(long, short = 'q')]
    pub quiet: bool,
    #[command(flatten)]
    pub front: FrontArgs,
    /// Engine [default: auto]
    #[arg(long, value_enum, value_name = "E")]
    pub engine: Option<EngineArg>,
    /// ESST: scheduler description, a shipped name (pthread, systemc, freertos) or a TOML path
    /// [default: inferred from the primitives the program calls]
    #[arg(long, value_name = "NAME|PATH")]
    pub scheduler: Option<String>,
    /// Wall-clock limit in seconds; UNKNOWN when exceeded [default: none]
    #[arg(long, value_name = "S")]
    pub timeout: Option<f64>,
    /// Resident memory limit in MB; UNKNOWN when exceeded [default: none]
    #[arg(long, value_name = "MB")]
    pub memory_limit: Option<u64>,
    /// Print one JSON object instead of the text output [default: off]
    #[arg(long)]
    pub json: bool,
    /// Mathematical integers instead of bit-vectors (assumes no overflow) [default: off]
    #[arg(long)]
    pub int_math: bool,
    /// Abstraction: predicate abstraction, cartesian (alias: predicates) or boolean, or impact
    /// (lazy abstraction with interpolants: node labels start at TRUE and are strengthened by
    /// interpolants of infeasible error paths; ESST only: programs without threads run in
    /// ESST as one thread, like CPAchecker's -predicateAnalysis vs its Impact configuration;
    /// an explicit --engine bmc/falsify/incremental/kinduction ignores it) [default: cartesian]
    #[arg(
        long,
        value_enum,
        default_value = "cartesian",
        hide_default_value = true
    )]
    pub abstraction: AbstractionArg,
    /// ESST partial-order reduction: none, sleep (sleep sets), source-sets (source-set DPOR
    /// with sleep sets) [default: source-sets]
    #[arg(
        long,
        value_enum,
        default_value = "source-sets",
        hide_default_value = true
    )]
    pub por: PorArg,
    /// Threaded programs: the most thread instances (main included) a run may create; more is
    /// UNKNOWN [default: 128, at most 254]
    #[arg(long, value_name = "N", default_value_t = crate::sched::state::DEFAULT_MAX_THREADS, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=254), hide_default_value = true)]
    pub max_threads: usize,
    /// Memory model of partial-order BMC (threaded programs, --engine bmc/falsify/incremental/
    /// kinduction): sc, tso (x86: a write may pass later reads of other addresses; a thread
    /// reads its own buffered writes), pso (SPARC: also writes to different addresses);
    /// fences, locks and atomic sections order everything [default: sc]
    #[arg(long, value_enum, default_value = "sc", hide_default_value = true)]
    pub mm: MmArg,
    /// ESST with POR at covers: enumerate the covering node's subtree paths instead of using
    /// access summaries (the naive baseline) [default: off]
    #[arg(long)]
    pub no_summaries: bool,
    /// ESST: no covers up to permutations of identical threads (instances of one entry
    /// function; see `sched::symmetry`)
    /// [default: off]
    #[arg(long)]
    pub no_symmetry: bool,
    /// Predicate abstraction (predabs): track no variable by value, only by predicates
    /// (otherwise variables whose writes are constants, copies or counter steps, such as flags
    /// and program counters, are tracked by value) [default: off]
    #[arg(long)]
    pub no_explicit_values: bool,
    /// Do not check the engine's proof of a SUCCESSFUL verdict with the independent proof
    /// checker (for measurement) [default: the proof is checked]
    #[arg(long)]
    pub no_proof_check: bool,
    /// Print the engine's final verdict and statistics as one JSON object for a parent
    /// `schedmc` (the `auto` strategy's child process, `crate::portfolio`) [default: off]
    #[arg(long, hide = true)]
    pub outcome_json: bool,
    /// Input language: c, or systemc (a SystemC C++ model) [default: c; systemc for .cpp/.cc/.cxx files]
    #[arg(long, value_enum, default_value = "c")]
    pub lang: LangArg,
    /// Where refinement adds predicates: per location or global [default: location]
    #[arg(
        long,
        value_enum,
        default_value = "location",
        hide_default_value = true
    )]
    pub precision: PrecisionArg,
    /// ESST: where refinement puts a predicate over one thread's locals (and globals): that
    /// thread's precision at the location (location) or for all its locations (thread), or the
    /// global region's precision (global); predicates over globals only or over several
    /// threads always go to the global one [default: thread]
    #[arg(long, value_enum, default_value = "thread", hide_default_value = true)]
    pub precision_placement: PlacementArg,
    /// BMC: unwinding bound for every loop [default: engine's choice]
    #[arg(long, value_name = "K")]
    pub unwind: Option<u32>,
    /// BMC: per-loop bounds, LOOP:N[,LOOP:N] (ids from `parse --dump loops`; repeatable)
    /// [default: none]
    #[arg(long, value_name = "L:N[,L:N]", value_parser = parse_unwindset)]
    pub unwindset: Vec<UnwindSet>,
    /// BMC: assume instead of assert that loops need no more iterations [default: off]
    #[arg(long)]
    pub no_unwinding_assertions: bool,
    /// BMC: neither assert nor assume at the bound (FAILED only) [default: off]
    #[arg(long)]
    pub partial_loops: bool,
    /// A FAILED verdict whose path calls a function without a body or model (its result and
    /// pointer writes arbitrary): `havoc` reports it as FAILED naming the functions, `unknown`
    /// as UNKNOWN [default: havoc]
    #[arg(
        long,
        value_enum,
        value_name = "MODE",
        default_value = "havoc",
        hide_default_value = true
    )]
    pub unknown_functions: UnknownFunctionsArg,
    /// `malloc`, `calloc` and `realloc` may return NULL (by default they succeed, as in
    /// SV-COMP) [default: off]
    #[arg(long)]
    pub malloc_may_fail: bool,
    /// Threads: execute each C statement as one indivisible step, as before statements were
    /// split into one shared access per step. UNSOUND for racy programs (`hits++` in two
    /// threads loses no update then); for measurement and comparison only [default: off]
    #[arg(long)]
    pub atomic_statements: bool,
    /// Iterative engines: first bound and increment [default: 1]
    #[arg(long, value_name = "S", default_value_t = 1, hide_default_value = true)]
    pub k_step: u32,
    /// Iterative engines: largest bound [default: 50]
    #[arg(
        long,
        value_name = "N",
        default_value_t = 50,
        hide_default_value = true
    )]
    pub max_k_step: u32,
    /// Iterative engines: no largest bound [default: off]
    #[arg(long)]
    pub unlimited_k_steps: bool,
    /// k-induction: no interval strengthening of the inductive step [default: off]
    #[arg(long)]
    pub no_strengthening: bool,
    /// Trace detail: compact hides skips and temporaries [default: compact]
    #[arg(long, value_enum, default_value = "compact", hide_default_value = true)]
    pub trace: TraceArg,
}

#[derive(Args, Debug, Clone)]
pub struct ParseArgs {
    /// The C file.
    pub file: PathBuf,
    #[command(flatten)]
    pub front: FrontArgs,
    /// What to print: ast, ir, dot or loops [default: ir]
    #[arg(long, value_enum, default_value = "ir", hide_default_value = true)]
    pub dump: DumpArg,
}

#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    /// The manifest: TSV with columns path, category, expected_unreach_call, bytes (paths
    /// relative to the manifest's directory).
    pub manifest: PathBuf,
    /// Per-task wall-clock limit in seconds (the child is killed 5 s later) [default: 60]
    #[arg(
        long,
        value_name = "S",
        default_value_t = 60.0,
        hide_default_value = true
    )]
    pub timeout: f64,
    /// Per-task memory limit in MB [default: 4096]
    #[arg(
        long,
        value_name = "MB",
        default_value_t = 4096,
        hide_default_value = true
    )]
    pub memory_limit: u64,
    /// Engine passed to every task [default: verify's default]
    #[arg(long, value_enum, value_name = "E")]
    pub engine: Option<EngineArg>,
    /// Print CSV instead of a table [default: off]
    #[arg(long)]
    pub csv: bool,
    /// Only tasks whose path contains SUBSTR [default: all]
    #[arg(long, value_name = "SUBSTR")]
    pub filter: Option<String>,
    /// Tasks run in parallel [default: 1]
    #[arg(long, value_name = "N", default_value_t = 1, hide_default_value = true)]
    pub jobs: usize,
    /// Extra arguments for every `verify` run (after `--`).
    #[arg(last = true)]
    pub extra: Vec<String>,
}

/// The value of one `--unwindset` option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnwindSet(pub Vec<(u32, u32)>);

fn parse_unwindset(s: &str) -> Result<UnwindSet, String> {
    s.split(',')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (l, n) = p
                .split_once(':')
                .ok_or_else(|| format!("`{p}` is not LOOP:N"))?;
            let l = l
                .trim()
                .parse()
                .map_err(|_| format!("bad loop id `{l}` in `{p}`"))?;
            let n = n
                .trim()
                .parse()
                .map_err(|_| format!("bad bound `{n}` in `{p}`"))?;
            Ok((l, n))
        })
        .collect::<Result<Vec<_>, String>>()
        .map(UnwindSet)
}

impl VerifyArgs {
    /// The pipeline configuration these arguments describe.
    pub fn config(&self) -> VerifyConfig {
        let options = VerifyOptions {
            int_math: self.int_math,
            timeout: self.timeout.map(secs),
            memory_limit_mb: self.memory_limit,
            abstraction: match self.abstraction {
                AbstractionArg::Cartesian | AbstractionArg::Predicates => Abstraction::Cartesian,
                AbstractionArg::Boolean => Abstraction::Boolean,
                AbstractionArg::Impact => Abstraction::Impact,
            },
            precision: match self.precision {
                PrecisionArg::Location => PrecisionKind::Location,
                PrecisionArg::Global => PrecisionKind::Global,
            },
            unwind: self.unwind,
            unwindset: self.unwindset.iter().flat_map(|u| u.0.clone()).collect(),
            unwinding_assertions: !self.no_unwinding_assertions,
            partial_loops: self.partial_loops,
            k_step: self.k_step.max(1),
            max_k_step: self.max_k_step,
            unlimited_k_steps: self.unlimited_k_steps,
            strengthening: !self.no_strengthening,
            scheduler: self.scheduler.clone(),
            scheduler_config: Vec::new(),
            sched_spec: None,
            por: match self.por {
                PorArg::None => PorMode::None,
                PorArg::Sleep => PorMode::Sleep,
                PorArg::SourceSets => PorMode::SourceSets,
            },
            summaries: !self.no_summaries,
            symmetry: !self.no_symmetry,
            max_threads: self.max_threads,
            explicit_values: !self.no_explicit_values,
            placement: match self.precision_placement {
                PlacementArg::Location => PlacementKind::Location,
                PlacementArg::Thread => PlacementKind::Thread,
                PlacementArg::Global => PlacementKind::Global,
            },
            // the default for threaded programs (`crate::portfolio`); Impact is ESST's
            auto: matches!(self.engine, None | Some(EngineArg::Auto))
                && self.abstraction != AbstractionArg::Impact,
            mm: match self.mm {
                MmArg::Sc => crate::engine::pobmc::MemoryModel::Sc,
                MmArg::Tso => crate::engine::pobmc::MemoryModel::Tso,
                MmArg::Pso => crate::engine::pobmc::MemoryModel::Pso,
            },
            witness_invariants: false,
        };
        VerifyConfig {
            target: self.front.target.clone(),
            include_dirs: self.front.include.clone(),
            defines: self.front.defines(),
            // Impact exists in ESST only: sequential programs run there as one thread
            // (an explicit non-abstraction engine keeps its choice and ignores it)
            engine: match (self.abstraction, self.engine) {
                (AbstractionArg::Impact, None | Some(EngineArg::Predabs)) => Some(EngineKind::Esst),
                (_, Some(EngineArg::Auto)) => None,
                (_, e) => e.map(EngineArg::kind),
            },
            options,
            unknown_functions: match self.unknown_functions {
                UnknownFunctionsArg::Havoc => driver::UnknownFunctions::Havoc,
                UnknownFunctionsArg::Unknown => driver::UnknownFunctions::Unknown,
            },
            entry: self.entry.clone(),
            malloc_may_fail: self.malloc_may_fail,
            atomic_statements: self.atomic_statements,
            proof_check: !self.no_proof_check,
            systemc_cpp: self.lang == LangArg::Systemc,
            ..Default::default()
        }
    }
}

/// `--unknown-functions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum UnknownFunctionsArg {
    Havoc,
    Unknown,
}

fn parse_data_model(s: &str) -> Result<DataModel, String> {
    s.parse()
}

impl VerifyArgs {
    /// The input is a task definition (`.yml` / `.yaml`).
    pub fn is_task(&self) -> bool {
        self.file
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("yml") || e.eq_ignore_ascii_case("yaml"))
    }

    /// SV-COMP output (`--svcomp` or a task file).
    pub fn svcomp_mode(&self) -> bool {
        self.svcomp || self.is_task()
    }
}

/// What an SV-COMP run checks: the C file, the property and the data model.
#[derive(Clone, Debug, PartialEq)]
pub struct SvcompInput {
    pub file: PathBuf,
    pub property: Property,
    pub data_model: Option<DataModel>,
}

/// Resolves the task file / `--property` / `--data-model` of a verify run.
pub fn svcomp_input(a: &VerifyArgs) -> Result<SvcompInput, Diag> {
    let mut input = SvcompInput {
        file: a.file.clone(),
        property: Property::UnreachCall,
        data_model: a.data_model,
    };
    if a.is_task() {
        let task = svcomp::parse_task(&a.file)?;
        input.file = match task.input_files.as_slice() {
            [one] => one.clone(),
            files => {
                return Err(Diag::error(
                    DiagKind::Unsupported,
                    None,
                    format!(
                        "{}: {} input files; only tasks with a single input file are supported",
                        a.file.display(),
                        files.len()
                    ),
                ))
            }
        };
        if a.property.is_none() {
            input.property = match task.property {
                Some(p) => p,
                None => {
                    let why: Vec<String> = task
                        .properties
                        .iter()
                        .filter_map(|p| p.property.as_ref().err().cloned())
                        .collect();
                    return Err(Diag::error(
                        DiagKind::Unsupported,
                        None,
                        format!(
                            "{}: no supported property ({})",
                            a.file.display(),
                            if why.is_empty() {
                                "the task lists none".to_string()
                            } else {
                                why.join("; ")
                            }
                        ),
                    ));
                }
            };
        }
        if input.data_model.is_none() {
            input.data_model = Some(task.data_model);
        }
    }
    if let Some(prp) = &a.property {
        input.property = svcomp::parse_property_file(prp)?;
    }
    Ok(input)
}

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(if s.is_finite() && s > 0.0 { s } else { 0.0 })
}

/// Runs the command line; returns the exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return match e.kind() {
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => 0,
                _ => EXIT_INPUT,
            };
        }
    };
    run(cli)
}

/// Runs a parsed command line; returns the exit code.
pub fn run(cli: Cli) -> i32 {
    match cli.command {
        Command::Verify(a) => verify(*a),
        Command::Validate(a) => guarded(move || validate(&a)),
        Command::Parse(a) => guarded(move || parse(&a)),
        Command::Bench(a) => guarded(move || crate::bench::run(&a)),
        Command::Targets => print_lines(&targets_listing()),
        Command::Schedulers => print_lines(&schedulers_listing()),
    }
}

fn print_lines(lines: &[String]) -> i32 {
    let mut out = std::io::stdout().lock();
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    let _ = out.flush();
    0
}

/// `schedmc targets`: `NAME  DESCRIPTION` per shipped target profile.
pub fn targets_listing() -> Vec<String> {
    crate::target::Target::builtin_names()
        .into_iter()
        .map(|n| {
            let d = crate::target::Target::builtin(n)
                .map(|t| t.description)
                .unwrap_or_else(|| "(profile does not parse)".into());
            format!("{n:<12}{d}")
        })
        .collect()
}

/// `schedmc schedulers`: `NAME  DESCRIPTION` per shipped scheduler description.
pub fn schedulers_listing() -> Vec<String> {
    crate::sched::builtin_names()
        .into_iter()
        .map(|n| {
            let d = crate::sched::SchedulerSpec::builtin(n)
                .map(|s| s.description)
                .unwrap_or_else(|| "(description does not parse)".into());
            format!("{n:<12}{d}")
        })
        .collect()
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".into()
    }
}

/// Stack size of the threads running the pipeline (the parser and lowering recurse).
const STACK: usize = 512 << 20;

/// Runs `f` on a thread with a big stack, turning a panic into "internal error" and exit 70.
fn guarded(f: impl FnOnce() -> i32 + Send + 'static) -> i32 {
    let h = std::thread::Builder::new()
        .name("schedmc".into())
        .stack_size(STACK)
        .spawn(move || catch_unwind(AssertUnwindSafe(f)));
    let r = match h {
        Ok(h) => h.join().unwrap_or_else(Err),
        Err(e) => {
            eprintln!("internal error: cannot start a thread: {e}");
            return EXIT_INTERNAL;
        }
    };
    match r {
        Ok(c) => c,
        Err(p) => {
            eprintln!(
                "internal error: {} (please report this bug)",
                panic_text(&*p)
            );
            EXIT_INTERNAL
        }
    }
}

/// `schedmc validate`: `--witness` is the witness to read; prints one line
/// `WITNESS CONFIRMED|REFUTED|UNKNOWN: reason` (see [`crate::validate`]).
fn validate(a: &VerifyArgs) -> i32 {
    let Some(w) = &a.witness else {
        eprintln!("error: `schedmc validate` needs --witness W.yml");
        return EXIT_INPUT;
    };
    if !a.more_files.is_empty() || a.compile_commands.is_some() {
        // the validator reads one file's text (the witness's locations) and program
        let v = crate::validate::Validation::Unknown(
            "multi-file programs are not validated (only FILE is read)".into(),
        );
        println!("{}", v.line());
        return v.exit_code();
    }
    // a task definition (.yml) names the program and its data model, as under `verify`
    let input = match svcomp_input(a) {
        Ok(i) => i,
        Err(d) => {
            eprint!("{}", report::render_diag(&d, &SourceMap::new()));
            return EXIT_INPUT;
        }
    };
    let mut cfg = a.config();
    cfg.child = None;
    if let Some(dm) = input.data_model {
        cfg.target = dm.target_name().to_string();
    }
    match crate::validate::validate(w, &input.file, &cfg) {
        Ok(v) => {
            println!("{}", v.line());
            v.exit_code()
        }
        Err(crate::validate::InputProblem::Witness(m)) => {
            eprintln!("error: {m}");
            EXIT_INPUT
        }
        Err(crate::validate::InputProblem::Program(e)) => {
            eprint!("{}", e.render());
            EXIT_INPUT
        }
    }
}

fn parse(a: &ParseArgs) -> i32 {
    let cfg = VerifyConfig {
        target: a.front.target.clone(),
        include_dirs: a.front.include.clone(),
        defines: a.front.defines(),
        ..Default::default()
    };
    let kind = match a.dump {
        DumpArg::Ast => DumpKind::Ast,
        DumpArg::Ir => DumpKind::Ir,
        DumpArg::Dot => DumpKind::Dot,
        DumpArg::Loops => DumpKind::Loops,
    };
    match driver::dump_file(&a.file, &cfg, kind) {
        Ok(s) => {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(s.as_bytes());
            let _ = out.flush();
            0
        }
        Err(e) => {
            eprint!("{}", e.render());
            EXIT_INPUT
        }
    }
}

/// What the worker thread of `verify` produces.
struct Done {
    stdout: String,
    code: i32,
}

/// The data model an SV-COMP run reports (result object, witness): `--data-model` or the
/// task's, else derived from the target profile name.
pub fn effective_data_model(dm: Option<DataModel>, target: &str) -> DataModel {
    dm.unwrap_or(if target.eq_ignore_ascii_case("lp64") {
        DataModel::LP64
    } else {
        DataModel::ILP32
    })
}

/// The stdout of a run that ends with `verdict` and has already rendered its `json` object or
/// `text`: in SV-COMP mode the result goes into the object's `svcomp` member (`--json`; stdout
/// stays one JSON document) or is appended as the last line (text).
fn svcomp_output(
    a: &VerifyArgs,
    json_obj: Option<serde_json::Value>,
    text: String,
    result: &str,
    property: Property,
    data_model: DataModel,
) -> String {
    match json_obj {
        Some(mut j) => {
            if a.svcomp_mode() {
                json::set_svcomp(
                    &mut j,
                    json::svcomp_json(result, property.short_name(), data_model.as_str()),
                );
            }
            format!("{j}\n")
        }
        None => {
            let mut text = text;
            if a.svcomp_mode() {
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
                text.push_str(result);
                text.push('\n');
            }
            text
        }
    }
}

/// Property and data model of an SV-COMP result when the task could not (or need not) be
/// resolved again: the resolved ones if possible, else unreach-call and the target's model.
fn svcomp_context(a: &VerifyArgs) -> (Property, DataModel) {
    match svcomp_input(a) {
        Ok(i) => (
            i.property,
            effective_data_model(i.data_model, &a.front.target),
        ),
        Err(_) => (
            Property::UnreachCall,
            effective_data_model(a.data_model, &a.front.target),
        ),
    }
}

fn input_error(a: &VerifyArgs, file: &str, rendered: String, start: Instant) -> Done {
    eprint!("{rendered}");
    let j = a.json.then(|| {
        let first = rendered.lines().next().unwrap_or("").to_string();
        let stats = Stats {
            total_time: start.elapsed(),
            ..Default::default()
        };
        json::unknown(file, &format!("input error: {first}"), &stats)
    });
    let (property, dm) = svcomp_context(a);
    Done {
        stdout: svcomp_output(a, j, String::new(), "UNKNOWN", property, dm),
        code: EXIT_INPUT,
    }
}

fn write_file(path: &std::path::Path, what: &str, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        eprintln!("error: cannot write {what} `{}`: {e}", path.display());
    }
}

/// Writes the `--witness` file for a TRUE or FALSE result (nothing for UNKNOWN).
fn write_witness(
    path: &std::path::Path,
    rep: &driver::Report,
    invariants: &[(crate::diag::Loc, String)],
    input: &SvcompInput,
    cfg: &VerifyConfig,
) {
    let spec = input.property.specification();
    let dm = effective_data_model(input.data_model, &cfg.target);
    let mut meta = witness::WitnessMeta::new();
    meta.configuration = rep.engine.map(|e| format!("{e:?}").to_lowercase());
    meta.command_line = Some(std::env::args().collect::<Vec<_>>().join(" "));
    let text = match &rep.outcome.verdict {
        Verdict::Unsafe(cex) if matches!(cex.violation, Violation::Property { .. }) => {
            witness::violation_witness(
                &rep.program,
                &rep.sources,
                cex,
                &input.file,
                spec,
                dm,
                &meta,
            )
        }
        Verdict::Safe { note: None } => {
            if rep.program.is_concurrent() {
                eprintln!(
                    "note: the correctness witness of a concurrent program states `1` only (an \
                     ESST proof's thread regions have no form in witness format 2.0); \
                     `schedmc validate` confirms it by a verification run"
                );
            }
            witness::place_invariants(&rep.program, &rep.sources, invariants, &input.file).and_then(
                |placed| {
                    let spent = rep.outcome.stats.total_time
                        + rep.outcome.stats.proof_check_time.unwrap_or_default();
                    let placed = simplified_invariants(placed, &input.file, cfg, spent);
                    witness::invariant_set(&placed, &input.file, spec, dm, &meta)
                },
            )
        }
        _ => {
            eprintln!(
                "note: no witness written to `{}` (the result is UNKNOWN)",
                path.display()
            );
            return;
        }
    };
    match text {
        Ok(t) => write_file(path, "witness", &t),
        Err(d) => eprintln!("error: cannot build the witness: {}", d.message),
    }
}

/// Longest time spent simplifying a correctness witness's invariants (less when `--timeout`
/// leaves less: the verdict is printed after the witness is written, so the simplification
/// must not make the run overrun its limit).
const SIMPLIFY_BUDGET: std::time::Duration = std::time::Duration::from_secs(30);

/// The invariants of a correctness witness simplified by the proof checker (see
/// [`crate::validate::simplify`]) when they are long; as they are when that fails.
fn simplified_invariants(
    placed: Vec<witness::PlacedInvariant>,
    file: &Path,
    cfg: &VerifyConfig,
    spent: std::time::Duration,
) -> Vec<witness::PlacedInvariant> {
    if placed.iter().map(|p| p.value.len()).sum::<usize>() < 200 {
        return placed;
    }
    // what the time limit leaves after the verification, with a margin for writing the rest
    let budget = cfg.options.timeout.map_or(SIMPLIFY_BUDGET, |t| {
        t.saturating_sub(spent)
            .saturating_sub(std::time::Duration::from_secs(2))
            .min(SIMPLIFY_BUDGET)
    });
    if budget < std::time::Duration::from_secs(1) {
        eprintln!("note: witness invariants not simplified: no time left");
        return placed;
    }
    match crate::validate::simplify::simplify_invariants(&placed, file, cfg, budget) {
        Ok((out, st)) => {
            eprintln!(
                "note: witness invariants simplified from {} to {} characters ({} proof checks, \
                 {} cases reused, {:.2} s{})",
                st.before,
                st.after,
                st.checks,
                st.reused,
                st.time.as_secs_f64(),
                if st.complete {
                    ""
                } else {
                    ", budget exhausted"
                }
            );
            out
        }
        Err(e) => {
            eprintln!("note: witness invariants not simplified: {e}");
            placed
        }
    }
}

/// The further translation units of a multi-file run: `MORE_FILES` (with the command line's
/// flags) and the C files of `--compile-commands` (with their own flags; FILE's entry gives FILE
/// its flags).
fn add_units(a: &VerifyArgs, main: &Path, cfg: &mut VerifyConfig) -> Result<(), Diag> {
    for f in &a.more_files {
        cfg.extra_units.push(crate::frontend::Unit {
            path: f.clone(),
            ..Default::default()
        });
    }
    if let Some(db) = &a.compile_commands {
        let units = crate::frontend::compile_db::read(db)?;
        let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
        let main_c = canon(main);
        for u in units {
            if canon(&u.path) == main_c {
                cfg.main_unit_flags = Some(u);
            } else if !a.more_files.iter().any(|f| canon(f) == canon(&u.path)) {
                cfg.extra_units.push(u);
            }
        }
        if cfg.main_unit_flags.is_none() {
            cfg.main_unit_flags = Some(crate::frontend::Unit::default());
        }
    }
    Ok(())
}

fn verify_worker(a: &VerifyArgs, start: Instant) -> Done {
    crate::memory::debug_allocation();
    let input = match svcomp_input(a) {
        Ok(i) => i,
        Err(d) => {
            let file = a.file.display().to_string();
            return input_error(a, &file, report::render_diag(&d, &SourceMap::new()), start);
        }
    };
    let mut cfg = a.config();
    if let Some(dm) = input.data_model {
        cfg.target = dm.target_name().to_string();
    }
    let file = input.file.display().to_string();
    if let Err(d) = add_units(a, &input.file, &mut cfg) {
        return input_error(a, &file, report::render_diag(&d, &SourceMap::new()), start);
    }
    let loaded = match driver::load_file(&input.file, &cfg) {
        Ok(l) => l,
        // a SystemC C++ model outside the supported subset: UNKNOWN (exit 3), not bad input
        Err(e)
            if e.diag.kind == DiagKind::Unsupported
                && (cfg.systemc_cpp || crate::frontend::cpp::is_cpp_path(&input.file)) =>
        {
            let mut done = input_error(a, &file, e.render(), start);
            if done.stdout.is_empty() {
                done.stdout = format!("VERIFICATION UNKNOWN ({})\n", e.diag.message);
            }
            done.code = 3;
            return done;
        }
        Err(e) => return input_error(a, &file, e.render(), start),
    };
    if !a.quiet {
        for w in &loaded.warnings {
            eprint!("{}", report::render_diag(w, &loaded.sources));
        }
    }
    let front_end_warnings = loaded.warnings.len();
    if !a.outcome_json {
        cfg.child = auto_child();
    }
    // predabs projects its invariants for a correctness witness (costs proof checks)
    cfg.options.witness_invariants = a.witness.is_some();
    let (rep, invariants, arf) =
        driver::verify_program_with_evidence(loaded, &cfg, start, a.dot_arf.is_some());
    if a.outcome_json {
        let o = crate::portfolio::ChildOutcome {
            verdict: rep.outcome.verdict.clone(),
            stats: rep.outcome.stats.clone(),
        };
        return Done {
            stdout: serde_json::to_string(&o).unwrap_or_default() + "\n",
            code: report::exit_code(&rep.outcome.verdict),
        };
    }
    if !a.quiet {
        // warnings of the scheduler preparation (unmapped API calls)
        for w in rep.warnings.iter().skip(front_end_warnings) {
            eprint!("{}", report::render_diag(w, &rep.sources));
        }
    }
    if let Some(path) = &a.dot_arf {
        match &arf {
            Some(arf) => write_file(path, "ARF dot file", &dot::arf_dot(arf, &rep.sources)),
            None => eprintln!(
                "note: no ARF written to `{}` ({})",
                path.display(),
                match rep.engine {
                    Some(e @ (EngineKind::Predabs | EngineKind::Esst)) =>
                        format!("engine {} stopped before it had one", e.name()),
                    e => format!("engine {} builds none", e.map_or("(none)", |e| e.name())),
                }
            ),
        }
    }
    if let Some(path) = &a.witness {
        write_witness(path, &rep, &invariants, &input, &cfg);
    }
    if let Some(path) = &a.dot {
        match &rep.outcome.verdict {
            Verdict::Unsafe(cex) => write_file(
                path,
                "dot file",
                &dot::counterexample_dot(&rep.program, &rep.sources, cex),
            ),
            _ => eprintln!(
                "note: no counterexample chart written to `{}` (the verdict is not FAILED)",
                path.display()
            ),
        }
    }
    let (j, text) = if a.json {
        (Some(json::render(&rep, &file)), String::new())
    } else {
        let mode = match a.trace {
            TraceArg::Full => TraceMode::Full,
            TraceArg::Compact => TraceMode::Compact,
        };
        (None, report::render_text(&rep, mode))
    };
    let stdout = svcomp_output(
        a,
        j,
        text,
        svcomp::result_line(&rep.outcome.verdict),
        input.property,
        effective_data_model(input.data_model, &cfg.target),
    );
    Done {
        stdout,
        code: report::exit_code(&rep.outcome.verdict),
    }
}

/// The `auto` strategy's child command (`crate::portfolio`): this executable with the
/// arguments after `verify` of this process's command line; None when this process is not a
/// `schedmc verify` (the CLI driven from a test harness).
fn auto_child() -> Option<crate::portfolio::ChildCommand> {
    let exe = std::env::current_exe().ok()?;
    if !exe.file_name()?.to_string_lossy().starts_with("schedmc") {
        return None;
    }
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let at = args.iter().position(|a| a == "verify")?;
    Some(crate::portfolio::ChildCommand::for_verify_args(
        exe,
        &args[at + 1..],
    ))
}

/// Prints an UNKNOWN verdict produced by the watchdog and ends the process with exit code 3.
fn watchdog_unknown(a: &VerifyArgs, reason: &str, start: Instant) -> ! {
    let stats = stats_so_far(
        PROGRESS.snapshot(),
        crate::smt::context::stats(),
        start.elapsed(),
        crate::engine::peak_memory_kb(),
    );
    let (j, text) = if a.json {
        let file = svcomp_input(a).map_or_else(|_| a.file.clone(), |i| i.file);
        (
            Some(json::unknown(&file.display().to_string(), reason, &stats)),
            String::new(),
        )
    } else {
        (
            None,
            format!(
                "{}VERIFICATION UNKNOWN: {reason}\n",
                crate::report::trace::render_stats(&stats, None)
            ),
        )
    };
    let (property, dm) = svcomp_context(a);
    let text = svcomp_output(a, j, text, "UNKNOWN", property, dm);
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    drop(out);
    // The worker thread may be inside Yices: exit without running atexit handlers (Yices'
    // global cleanup would race with it and crash the process).
    // SAFETY: _exit only terminates the process.
    unsafe { libc::_exit(3) }
}

/// The statistics of a run the watchdog ends (the engine did not stop itself in time): the
/// counters the engine published so far ([`PROGRESS`]) and the process's solver counters.
fn stats_so_far(
    p: crate::report::progress::Snapshot,
    solver: crate::smt::context::SolverStats,
    total: Duration,
    peak_memory_kb: Option<u64>,
) -> Stats {
    Stats {
        nodes: p.nodes,
        refinements: p.refinements,
        predicates: p.predicates,
        k: p.k,
        solver_calls: solver.calls,
        solver_time: solver.time,
        total_time: total,
        peak_memory_kb,
        ..Default::default()
    }
}

/// The stderr progress line of a long `verify` run: a spinner, the file name, the engine's
/// counters ([`crate::report::progress`]) and the elapsed time.
fn progress_line(file: &std::path::Path) -> indicatif::ProgressBar {
    let p = indicatif::ProgressBar::hidden();
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} verifying {prefix}  {msg}  [{elapsed_precise}]",
    ) {
        p.set_style(style);
    }
    p.set_prefix(
        file.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    );
    p.set_message(PROGRESS.snapshot().message());
    p.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    p.enable_steady_tick(Duration::from_millis(120));
    p
}

fn verify(a: VerifyArgs) -> i32 {
    let start = Instant::now();
    PROGRESS.reset();
    // This thread reports allocation failures of the worker (UNKNOWN instead of an abort).
    crate::memory::arm();
    let (tx, rx) = mpsc::channel();
    let args = a.clone();
    let spawned = std::thread::Builder::new()
        .name("verify".into())
        .stack_size(STACK)
        .spawn(move || {
            let r = catch_unwind(AssertUnwindSafe(|| verify_worker(&args, start)));
            let _ = tx.send(r.map_err(|p| panic_text(&*p)));
        });
    if let Err(e) = spawned {
        eprintln!("internal error: cannot start the verification thread: {e}");
        return EXIT_INTERNAL;
    }
    let deadline = a.timeout.map(|t| start + secs(t) + Duration::from_secs(1));
    let mem_limit_kb = a.memory_limit.map(|m| m.saturating_mul(1024));
    // Over the limit since: the engine gets a second to stop itself (with its statistics).
    let mut over_since: Option<Instant> = None;
    // indicatif hides itself when stderr is not a terminal; the check keeps it off explicitly.
    let show_progress = !a.quiet && std::io::stderr().is_terminal();
    let progress_delay = crate::report::progress::delay();
    let mut progress: Option<indicatif::ProgressBar> = None;
    let clear = |p: &Option<indicatif::ProgressBar>| {
        if let Some(p) = p {
            p.finish_and_clear();
        }
    };
    loop {
        if show_progress && progress.is_none() && start.elapsed() >= progress_delay {
            let p = progress_line(&a.file);
            p.tick();
            progress = Some(p);
        }
        let r = rx.recv_timeout(Duration::from_millis(50));
        if r.is_ok() || !matches!(r, Err(mpsc::RecvTimeoutError::Timeout)) {
            clear(&progress);
        }
        match r {
            Ok(Ok(done)) => {
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(done.stdout.as_bytes());
                let _ = out.flush();
                return done.code;
            }
            Ok(Err(msg)) => {
                eprintln!("internal error: {msg} (please report this bug)");
                return EXIT_INTERNAL;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                eprintln!("internal error: the verification thread stopped without a result");
                return EXIT_INTERNAL;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Some(p) = &progress {
                    p.set_message(PROGRESS.snapshot().message());
                }
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    clear(&progress);
                    watchdog_unknown(&a, "timeout", start);
                }
                if let Some(n) = crate::memory::allocation_failed() {
                    clear(&progress);
                    watchdog_unknown(&a, &crate::memory::allocation_failed_reason(n), start);
                }
                if let (Some(lim), Some(cur)) = (mem_limit_kb, crate::engine::current_memory_kb()) {
                    if cur <= lim {
                        over_since = None;
                    } else if over_since.get_or_insert_with(Instant::now).elapsed()
                        >= Duration::from_secs(1)
                    {
                        clear(&progress);
                        let why = format!(
                            "memory limit (resident memory {} MB above the limit of {} MB)",
                            cur / 1024,
                            lim / 1024
                        );
                        watchdog_unknown(&a, &why, start);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
