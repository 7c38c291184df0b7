//! The verification pipeline as one call: load the file, run the engine, replay the trace.
//!
//! [`verify_file`] loads a C file through the front end, picks the engine, runs it and, for every
//! `Verdict::Unsafe`, replays the counterexample on the concrete interpreter (`ir::interp`;
//! for ESST, the interpreter extended with the scheduler, `sched::replay`). A
//! counterexample that does not replay is an engine bug: it is reported loudly on stderr and the
//! verdict becomes UNKNOWN — an unreplayed FAILED is never printed.
//!
//! All calls into other modules' APIs (front end, target profiles, IR dumps, engines) go through
//! the small [`glue`] module, so there is one place to adapt when those APIs change.

use crate::diag::{Diag, DiagKind, Loc, SourceMap};
use crate::engine::{EngineKind, VerifyOptions};
use crate::ir::interp::{self, ReplayError, ReplaySemantics, ReplayedTrace};
use crate::ir::Program;
use crate::verdict::{Outcome, UnknownReason, Verdict};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Everything `schedmc verify` needs besides the file.
#[derive(Clone, Debug)]
pub struct VerifyConfig {
    /// Target profile name (`ilp32`, ...) or path to a `targets/*.toml` file.
    pub target: String,
    pub include_dirs: Vec<PathBuf>,
    pub defines: Vec<(String, Option<String>)>,
    /// `None`: the default engine (predicate abstraction for sequential programs).
    pub engine: Option<EngineKind>,
    pub options: VerifyOptions,
    /// Further translation units linked with the main file (multi-file programs).
    pub extra_units: Vec<crate::frontend::Unit>,
    /// Flags of the main file from a compilation database (its own `-I`/`-D`).
    pub main_unit_flags: Option<crate::frontend::Unit>,
    /// The entry function [default: `main`].
    pub entry: Option<String>,
    /// What a counterexample through an unmodelled function call gives (`--unknown-functions`).
    pub unknown_functions: UnknownFunctions,
    /// `--malloc-may-fail`: allocations may return NULL.
    pub malloc_may_fail: bool,
    /// `--atomic-statements`: keep one edge per C statement under a preemptive scheduler
    /// (unsound for racy programs; see `ir::split_shared`).
    pub atomic_statements: bool,
    /// Check the engine's certificate of a SUCCESSFUL verdict (`crate::check`); off with
    /// `--no-proof-check`.
    pub proof_check: bool,
    /// `--lang systemc`: read the input as a SystemC C++ model (also `.cpp`/`.cc`/`.cxx`).
    pub systemc_cpp: bool,
    /// The `auto` strategy's partial-order BMC child process (`crate::portfolio`); None runs
    /// the strategy sequentially in this process.
    pub child: Option<crate::portfolio::ChildCommand>,
}

/// `--unknown-functions`: how a FAILED verdict whose path calls a function without a body, a
/// C library model or a scheduler mapping (its result and pointer writes havocked) is reported.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UnknownFunctions {
    /// FAILED, naming the functions in the verdict line and in JSON (`unmodelled_calls`).
    #[default]
    Havoc,
    /// UNKNOWN: depends on unmodelled function f.
    Unknown,
}

impl Default for VerifyConfig {
    fn default() -> Self {
        VerifyConfig {
            target: "ilp32".into(),
            include_dirs: Vec::new(),
            defines: Vec::new(),
            engine: None,
            options: VerifyOptions::default(),
            extra_units: Vec::new(),
            main_unit_flags: None,
            entry: None,
            unknown_functions: UnknownFunctions::Havoc,
            malloc_may_fail: false,
            atomic_statements: false,
            proof_check: true,
            systemc_cpp: false,
            child: None,
        }
    }
}

/// An input error (preprocess, syntax, type, missing file) with the sources to render it against.
#[derive(Clone, Debug)]
pub struct InputError {
    pub diag: Diag,
    pub sources: SourceMap,
}

impl InputError {
    /// Renders with codespan-reporting (first line `file:line:col: error: message`, then the
    /// source line with a caret).
    pub fn render(&self) -> String {
        crate::report::render_diag(&self.diag, &self.sources)
    }
}

/// A loaded program with its sources.
pub struct Loaded {
    pub program: Program,
    pub sources: SourceMap,
    /// The AST (for `--dump ast`; rendered only then: pretty-printing it on every run cost
    /// about 5% of a front end's time). `None` for a program compiled from a text.
    pub ast: Option<Box<crate::frontend::ast::TranslationUnit>>,
    pub warnings: Vec<Diag>,
    /// The program's object-like macros (name, body), for the scheduler's configuration.
    pub macros: Vec<(String, String)>,
}

/// The result of one verification run.
#[derive(Clone, Debug)]
pub struct Report {
    /// The final outcome (after replay: an unreplayable counterexample became UNKNOWN).
    pub outcome: Outcome,
    pub program: Program,
    pub sources: SourceMap,
    /// For a FAILED verdict, the replayed trace (its values are the ones printed).
    pub replayed: Option<ReplayedTrace>,
    /// The engine that ran (None when no engine ran, e.g. concurrent program without ESST).
    pub engine: Option<EngineKind>,
    pub int_math: bool,
    pub warnings: Vec<Diag>,
    /// Set when the replay failed: the message printed on stderr.
    pub replay_failure: Option<String>,
    /// For a FAILED verdict, the unmodelled functions its path calls (havocked calls).
    pub unmodelled: Vec<String>,
}

/// Loads a C file through the front end (preprocess, parse, lower).
pub fn load_file(path: &Path, cfg: &VerifyConfig) -> Result<Loaded, InputError> {
    if !path.exists() {
        return Err(InputError {
            diag: Diag::error(
                DiagKind::Io,
                None,
                format!("cannot open input file `{}`: no such file", path.display()),
            ),
            sources: SourceMap::new(),
        });
    }
    if path.is_dir() {
        return Err(InputError {
            diag: Diag::error(
                DiagKind::Io,
                None,
                format!("input `{}` is a directory, not a C file", path.display()),
            ),
            sources: SourceMap::new(),
        });
    }
    glue::load(path, cfg)
}

/// Which engine runs when none is requested.
pub fn default_engine(_prog: &Program) -> EngineKind {
    EngineKind::Predabs
}

/// Loads, verifies and replays (see the module doc).
pub fn verify_file(path: &Path, cfg: &VerifyConfig) -> Result<Report, InputError> {
    let start = Instant::now();
    let loaded = load_file(path, cfg)?;
    Ok(verify_program(loaded, cfg, start))
}

/// Verifies an already loaded program (the part of [`verify_file`] after loading).
pub fn verify_program(loaded: Loaded, cfg: &VerifyConfig, start: Instant) -> Report {
    verify_program_with(loaded, cfg, start, &glue::run_engine)
}

/// [`verify_program`], and for an unqualified SUCCESSFUL verdict of the predicate-abstraction
/// engine also its loop-head invariants (source location of the loop head, C expression), for
/// correctness witnesses. Other engines (and other verdicts) give no invariants.
pub fn verify_program_with_invariants(
    loaded: Loaded,
    cfg: &VerifyConfig,
    start: Instant,
) -> (Report, Vec<(Loc, String)>) {
    let (rep, inv, _) = verify_program_with_evidence(loaded, cfg, start, false);
    (rep, inv)
}

/// [`verify_program_with_invariants`], and with `want_arf` also the engine's abstract
/// reachability tree (predabs) or forest (ESST) for `--dot-arf` (None when the engine that ran
/// draws none: BMC engines, or no engine ran).
pub fn verify_program_with_evidence(
    loaded: Loaded,
    cfg: &VerifyConfig,
    start: Instant,
    want_arf: bool,
) -> (Report, Vec<(Loc, String)>, Option<crate::report::arf::Arf>) {
    let art = std::cell::RefCell::new(None);
    let arf = std::cell::RefCell::new(None);
    let run = |kind: EngineKind, prog: &Program, opts: &VerifyOptions| {
        if kind == EngineKind::Predabs {
            let (out, summary, a) =
                crate::engine::predabs::verify_with_evidence(prog, opts, want_arf);
            *art.borrow_mut() = summary;
            *arf.borrow_mut() = a;
            out
        } else if kind == EngineKind::Esst {
            let (out, a) = crate::engine::esst::verify_with_evidence(prog, opts, want_arf);
            *arf.borrow_mut() = a;
            out
        } else {
            glue::run_engine(kind, prog, opts)
        }
    };
    let rep = verify_program_with(loaded, cfg, start, &run);
    let mut invariants = Vec::new();
    if let (Verdict::Safe { note: None }, Some(summary)) = (&rep.outcome.verdict, art.take()) {
        if let Some(main) = rep.program.threads.first() {
            for (l, inv) in summary.invariants {
                if let Some(&loc) = main.loc_src.get(l.0 as usize) {
                    invariants.push((loc, inv));
                }
            }
        }
    }
    (rep, invariants, arf.take())
}

/// [`verify_program`] with the engine given as a function (for tests).
pub fn verify_program_with(
    loaded: Loaded,
    cfg: &VerifyConfig,
    start: Instant,
    run_engine: &dyn Fn(EngineKind, &Program, &VerifyOptions) -> Outcome,
) -> Report {
    let Loaded {
        mut program,
        sources,
        mut warnings,
        macros,
        ..
    } = loaded;
    let mut options = cfg.options.clone();
    options.scheduler_config = macros;
    let spec = prepare_for_scheduler(&mut program, &mut options, &mut warnings, cfg);
    let cfg = &VerifyConfig {
        options,
        ..cfg.clone()
    };
    let front_end_time = start.elapsed();
    let engine_start = Instant::now();
    let (engine, mut outcome) = run_engines(&program, &spec, cfg, front_end_time, run_engine);
    outcome.stats.front_end_time = Some(front_end_time);
    outcome.stats.engine_time = Some(engine_start.elapsed());
    let replay_start = Instant::now();
    let (mut replayed, replay_failure, mut unmodelled) =
        replay_counterexample(&program, &spec, cfg, engine, &mut outcome);
    if matches!(outcome.verdict, Verdict::Unsafe(_)) {
        outcome.stats.replay_time = Some(replay_start.elapsed());
    }
    if matches!(outcome.verdict, Verdict::Safe { .. }) && cfg.proof_check {
        check_proof(&program, &mut outcome, cfg, start);
    }
    qualify_verdict(&program, cfg, &mut outcome, &mut unmodelled, &mut replayed);
    outcome.stats.total_time = start.elapsed();
    if outcome.stats.peak_memory_kb.is_none() {
        outcome.stats.peak_memory_kb = crate::engine::peak_memory_kb();
    }
    Report {
        outcome,
        program,
        sources,
        replayed,
        engine,
        int_math: cfg.options.int_math,
        warnings,
        replay_failure,
        unmodelled,
    }
}

/// Loads the scheduler description once for the whole run (preparation uses it without the
/// program's configuration macros; the fence and spin passes, `auto` and the replay with
/// them), hands it to the engines in `options`, and applies the program passes that depend
/// on it: generic scheduler entry points and unmapped API calls (`sched::prepare`), fences
/// the memory model does not need, and preemption points inside statements.
fn prepare_for_scheduler(
    program: &mut Program,
    options: &mut VerifyOptions,
    warnings: &mut Vec<Diag>,
    cfg: &VerifyConfig,
) -> Result<crate::sched::SchedulerSpec, String> {
    let spec = crate::engine::esst::load_spec_unconfigured(program, options);
    if let Ok(spec) = &spec {
        let families = crate::sched::spec::api_families(Some(spec));
        let p = crate::sched::prepare::prepare(program, spec, &families);
        warnings.extend(p.warnings);
    }
    let spec = spec.and_then(|s| crate::engine::esst::configure_spec(s, options));
    // handed to the engines (ESST, partial-order BMC), which would otherwise load it again
    options.sched_spec = spec.as_ref().ok().cloned().map(std::sync::Arc::new);
    // fences the memory model does not need (the `_Atomic` store's fence under SC)
    if program.is_concurrent()
        && spec
            .as_ref()
            .is_ok_and(|s| s.policy == crate::sched::Policy::FullyPreemptive)
    {
        crate::engine::pobmc::barrier::drop_redundant_fences(program, options.mm);
    }
    // where a thread can be preempted inside a statement: a preemption point for every cycle of
    // local edges (`ir::spin`), and one shared access per edge
    if program.is_concurrent() {
        if let Ok(spec) = &spec {
            if crate::sched::preempts_within_statements(spec, program) {
                let placement = crate::sched::policy::spin_placement(spec, program);
                crate::ir::spin::mark_spin_loops(
                    program,
                    &|op, p| crate::sched::policy::is_visible(spec, op, p),
                    placement,
                );
                if !cfg.atomic_statements {
                    let section = crate::sched::unpreempted_section(spec);
                    crate::ir::split_shared::split_shared_accesses(
                        program,
                        &|c| spec.is_interrupt_handler(&c.name),
                        &section,
                    );
                }
            }
        }
    }
    spec
}

/// Chooses and runs the engine (or `auto`'s portfolio); returns the engine that answered.
fn run_engines(
    program: &Program,
    spec: &Result<crate::sched::SchedulerSpec, String>,
    cfg: &VerifyConfig,
    front_end_time: std::time::Duration,
    run_engine: &dyn Fn(EngineKind, &Program, &VerifyOptions) -> Outcome,
) -> (Option<EngineKind>, Outcome) {
    // `--timeout` bounds the whole run: the engine gets what the front end left (the
    // `verify` watchdog ends the run a second after `start + timeout`, without the
    // engine's statistics)
    let cfg = &VerifyConfig {
        options: VerifyOptions {
            timeout: cfg
                .options
                .timeout
                .map(|t| t.saturating_sub(front_end_time)),
            ..cfg.options.clone()
        },
        ..cfg.clone()
    };
    // Threads: ESST, or partial-order BMC when a BMC-family engine is asked for (it
    // answers UNKNOWN itself for schedulers other than pthreads).
    let kind = if program.is_concurrent() {
        match cfg.engine {
            Some(
                k @ (EngineKind::Bmc
                | EngineKind::Falsify
                | EngineKind::Incremental
                | EngineKind::Kinduction),
            ) => k,
            _ => EngineKind::Esst,
        }
    } else {
        cfg.engine.unwrap_or_else(|| default_engine(program))
    };
    match (kind, cfg.options.auto) {
        (EngineKind::Esst, true) => {
            let (k, o) = crate::portfolio::auto_threads(
                program,
                spec.as_ref().ok(),
                &cfg.options,
                cfg.child.as_ref(),
                run_engine,
            );
            (Some(k), o)
        }
        (EngineKind::Predabs, true) if cfg.engine.is_none() && !program.is_concurrent() => {
            let (k, o) = crate::portfolio::auto_sequential(
                program,
                &cfg.options,
                cfg.child.as_ref(),
                run_engine,
            );
            (Some(k), o)
        }
        (EngineKind::Esst, false)
            if program.is_concurrent()
                && cfg.options.mm != crate::engine::pobmc::MemoryModel::Sc =>
        {
            // ESST interleaves under sequential consistency: it cannot answer for a weak
            // memory model (its SUCCESSFUL would be wrong there)
            let o = Outcome::new(
                Verdict::Unknown(crate::verdict::UnknownReason::unsupported(format!(
                    "--mm {} with ESST (sequentially consistent): weak memory is partial-order \
                     BMC's (--engine bmc|falsify|incremental|kinduction|auto)",
                    cfg.options.mm.name()
                ))),
                Default::default(),
            );
            (Some(kind), o)
        }
        _ => (Some(kind), run_engine(kind, program, &cfg.options)),
    }
}

/// Replays a counterexample: ESST's with the scheduler (`sched::replay`: every switch,
/// primitive outcome and scheduled thread is checked against the description), partial-order
/// BMC's with the scheduler filling in its decisions, a sequential one with the interpreter.
/// A trace that does not replay makes the verdict UNKNOWN. Returns the replayed trace, the
/// replay failure's message, and the unmodelled functions the trace calls.
fn replay_counterexample(
    program: &Program,
    spec: &Result<crate::sched::SchedulerSpec, String>,
    cfg: &VerifyConfig,
    engine: Option<EngineKind>,
    outcome: &mut Outcome,
) -> (Option<ReplayedTrace>, Option<String>, Vec<String>) {
    let (mut replayed, mut replay_failure, mut unmodelled) = (None, None, Vec::new());
    let Verdict::Unsafe(cex) = &outcome.verdict else {
        return (replayed, replay_failure, unmodelled);
    };
    let sem = ReplaySemantics::from_int_math(cfg.options.int_math);
    let concurrent = engine == Some(EngineKind::Esst) || program.is_concurrent();
    let run = |sem: ReplaySemantics| {
        if concurrent {
            match spec {
                Ok(spec) if engine != Some(EngineKind::Esst) => {
                    // under --mm tso|pso with explicit store buffers
                    crate::sched::replay::replay_weak(program, spec, cex, sem, cfg.options.mm)
                }
                Ok(spec) => crate::sched::replay::replay(program, spec, cex, sem),
                Err(m) => Err(ReplayError::Infeasible {
                    step: 0,
                    message: m.clone(),
                }),
            }
        } else {
            interp::replay(program, cex, sem)
        }
    };
    unmodelled = match spec {
        Ok(spec) if concurrent => cex.unmodelled_calls(program, &|f| spec.primitive(f).is_some()),
        Err(_) if concurrent => Vec::new(),
        _ => cex.unmodelled_calls(program, &|_| false),
    };
    let replay = run(sem);
    match replay {
        Ok(t) => {
            // a path whose error needs the wrapped value of a signed overflow (it does not
            // reach the error on mathematical integers) has undefined behaviour on the way
            let needs_wrap = t
                .signed_overflow
                .filter(|_| run(ReplaySemantics::MathInt).is_err());
            if let Some(step) = needs_wrap {
                outcome.verdict = Verdict::Unknown(UnknownReason::unsupported(format!(
                    "the counterexample overflows a signed integer (undefined behaviour){}",
                    step_line(program, cex, step)
                )));
            }
            replayed = Some(t)
        }
        Err(ReplayError::Unsupported { construct, .. }) => {
            outcome.verdict = Verdict::Unknown(UnknownReason::unsupported(format!(
                "counterexample passes through an unsupported construct: {construct}"
            )));
        }
        Err(e) => {
            let msg = format!("internal error: counterexample does not replay: {e}");
            eprintln!("{msg}");
            replay_failure = Some(msg);
            outcome.verdict = Verdict::Unknown(UnknownReason::internal(
                "internal error: counterexample failed replay",
            ));
        }
    }
    (replayed, replay_failure, unmodelled)
}

/// " (line N)" for counterexample step `step` (1-based) when it is an edge step, else "".
fn step_line(program: &Program, cex: &crate::verdict::Counterexample, step: usize) -> String {
    match cex.steps.get(step.wrapping_sub(1)) {
        Some(crate::verdict::Step::Edge { thread, edge, .. })
            if (thread.0 as usize) < program.threads.len()
                && (edge.0 as usize) < program.thread(*thread).edges.len() =>
        {
            format!(" (line {})", program.thread(*thread).edge(*edge).loc.line)
        }
        _ => String::new(),
    }
}

/// What a verdict depends on: a counterexample through an unmodelled function (with
/// `--unknown-functions unknown`), a havocked library function or a read through a pointer
/// with an unknown target is UNKNOWN; a proof under `--int-math` or with `main`'s arguments
/// says so in its note.
fn qualify_verdict(
    program: &Program,
    cfg: &VerifyConfig,
    outcome: &mut Outcome,
    unmodelled: &mut Vec<String>,
    replayed: &mut Option<ReplayedTrace>,
) {
    if !matches!(outcome.verdict, Verdict::Unsafe(_)) {
        unmodelled.clear();
    } else if cfg.unknown_functions == UnknownFunctions::Unknown && !unmodelled.is_empty() {
        outcome.verdict = Verdict::Unknown(crate::verdict::UnknownReason::unmodelled(
            unmodelled.join(", "),
        ));
        *replayed = None;
    } else if let Verdict::Unsafe(cex) = &outcome.verdict {
        // a havocked C library function or intrinsic: the counterexample may be spurious
        let lib = crate::frontend::libc::havocked_library_calls(program, cex, unmodelled);
        if !lib.is_empty() {
            outcome.verdict =
                Verdict::Unknown(crate::verdict::UnknownReason::unmodelled(lib.join(", ")));
            *replayed = None;
        } else if let Some(line) = crate::frontend::libc::reads_unknown_target(program, cex) {
            // such a read is havocked: the counterexample may be spurious
            outcome.verdict =
                Verdict::Unknown(crate::verdict::UnknownReason::Unsupported(format!(
                "the counterexample reads through a pointer with an unknown target (line {line})"
            )));
            *replayed = None;
        }
    }
    if let Verdict::Safe { note } = &mut outcome.verdict {
        if cfg.options.int_math && note.is_none() {
            *note = Some("assuming no integer overflow (--int-math)".into());
        }
        if crate::frontend::lower::env::reads_main_args(program) {
            let argv = crate::frontend::lower::env::ARGV_NOTE;
            *note = Some(match note.take() {
                Some(n) => format!("{n}; {argv}"),
                None => argv.to_string(),
            });
        }
    }
}

/// Checks the certificate of a SUCCESSFUL outcome with the independent proof checker: a
/// refuted certificate makes the verdict `UNKNOWN: internal error: proof check failed` (with a
/// loud message on stderr), an inconclusive check (solver gave up, time ran out) UNKNOWN with
/// the reason. Engines that hand over no certificate keep their verdict.
///
/// Fallback: the check of a complete BMC unrolling (`exhaustive`) follows every execution
/// block by block, which can be much slower than the engine's one query, and the check of a
/// threaded certificate (an ESST ARF) is new: both get a quarter of the time limit (at least
/// 5 s); when they are inconclusive the SUCCESSFUL verdict stays, with a note saying the proof
/// was not re-checked (a refutation still withdraws it). A threaded check that passed but
/// relies on partial-order reduction for some transitions adds a note saying so.
fn check_proof(program: &Program, outcome: &mut Outcome, cfg: &VerifyConfig, start: Instant) {
    let Some(cert) = outcome.certificate.as_deref() else {
        return;
    };
    let mut budget = cfg
        .options
        .timeout
        .map(|t| t.saturating_sub(start.elapsed()));
    let fallback = cert.exhaustive
        || matches!(
            cert.labels,
            crate::check::Labels::Threaded(_) | crate::check::Labels::Unrolling(_)
        );
    if fallback {
        let cap = cfg
            .options
            .timeout
            .map_or(std::time::Duration::from_secs(60), |t| {
                (t / 4).max(std::time::Duration::from_secs(5))
            });
        budget = Some(budget.map_or(cap, |b| b.min(cap)));
    }
    let t0 = Instant::now();
    let r = crate::check::check(program, cert, budget);
    let took = t0.elapsed();
    outcome.stats.proof_check_time = Some(took);
    outcome.stats.proof_check_summary = Some(crate::check::summary(cert, &r, took));
    let mut add_note = |n: String| {
        if let Verdict::Safe { note } = &mut outcome.verdict {
            *note = Some(match note.take() {
                Some(old) => format!("{old}; {n}"),
                None => n,
            });
        }
    };
    match r {
        Ok(st) => {
            outcome.stats.proof_check_por = st.por;
            outcome.stats.proof_check_detail = st.detail;
            if let Some(n) = st.note {
                add_note(n);
            }
        }
        Err(crate::check::CheckError::Inconclusive(why)) if fallback => {
            let what = if cert.exhaustive {
                "complete unrolling"
            } else {
                "proof"
            };
            add_note(format!(
                "{what} not re-checked by the proof checker ({why})"
            ));
        }
        Err(crate::check::CheckError::Refuted(why)) => {
            eprintln!(
                "internal error: proof check failed: the {} certificate is wrong: {why}\n\
                 This is a bug of schedmc's {} engine; the SUCCESSFUL verdict is withdrawn.",
                cert.engine, cert.engine
            );
            outcome.verdict = Verdict::Unknown(UnknownReason::internal(
                "internal error: proof check failed",
            ));
        }
        Err(crate::check::CheckError::Inconclusive(why)) => {
            outcome.verdict = Verdict::Unknown(if budget.is_some_and(|b| t0.elapsed() >= b) {
                UnknownReason::timeout()
            } else {
                UnknownReason::solver(format!("proof check inconclusive: {why}"))
            });
        }
    }
}

/// What `schedmc parse --dump` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DumpKind {
    Ast,
    Ir,
    Dot,
    Loops,
}

/// Loads a file and renders the requested dump.
pub fn dump_file(path: &Path, cfg: &VerifyConfig, kind: DumpKind) -> Result<String, InputError> {
    let loaded = load_file(path, cfg)?;
    Ok(match kind {
        DumpKind::Ast => {
            let mut s = loaded.ast.map(|a| format!("{a:#?}")).unwrap_or_default();
            if !s.ends_with('\n') {
                s.push('\n');
            }
            s
        }
        DumpKind::Ir => glue::dump_ir(&loaded.program, &loaded.sources),
        DumpKind::Dot => glue::dump_dot(&loaded.program, &loaded.sources),
        DumpKind::Loops => glue::dump_loops(&loaded.program, &loaded.sources),
    })
}

/// The one place that calls other helpers' APIs (front end, targets, dumps, engines).
pub mod glue {
    use super::{InputError, Loaded, VerifyConfig};
    use crate::diag::{Diag, SourceMap};
    use crate::engine::{EngineKind, VerifyOptions};
    use crate::ir::{Op, Program};
    use crate::verdict::Outcome;
    use std::path::Path;

    fn frontend_options(cfg: &VerifyConfig) -> Result<crate::frontend::FrontendOptions, Diag> {
        // port-layer macros of the shipped descriptions and of a `--scheduler` file
        let extra = match &cfg.options.scheduler {
            Some(n) => Some(crate::sched::SchedulerSpec::load(n)?),
            None => None,
        };
        Ok(crate::frontend::FrontendOptions {
            include_dirs: cfg.include_dirs.clone(),
            defines: {
                let mut d = cfg.defines.clone();
                if cfg.options.mm == crate::engine::pobmc::MemoryModel::Pso {
                    // <stdatomic.h>: the fences before seq_cst / release RMWs under PSO only
                    d.push(("__SCHEDMC_MM_PSO".into(), None));
                }
                d
            },
            target: crate::target::Target::load(&cfg.target)?,
            entry: cfg.entry.clone(),
            recursion_depth: cfg.options.unwind,
            fixed_macros: crate::sched::spec::fixed_macros(extra.as_ref()),
            heap: crate::frontend::lower::heap::HeapOptions {
                malloc_may_fail: cfg.malloc_may_fail,
            },
            extra_entries: Vec::new(),
        })
    }

    /// `load` with `opts`, and when the program defines interrupt handlers it does not
    /// install itself ([`unentered_handlers`]) once more with them as thread entries.
    fn with_handlers(
        opts: crate::frontend::FrontendOptions,
        cfg: &VerifyConfig,
        sources: &mut SourceMap,
        load: impl Fn(
            &crate::frontend::FrontendOptions,
            &mut SourceMap,
        ) -> Result<crate::frontend::Loaded, Diag>,
    ) -> Result<crate::frontend::Loaded, Diag> {
        let l = load(&opts, sources)?;
        let handlers = unentered_handlers(&l, cfg);
        if handlers.is_empty() {
            return Ok(l);
        }
        let opts = crate::frontend::FrontendOptions {
            extra_entries: handlers,
            ..opts
        };
        *sources = SourceMap::new();
        load(&opts, sources)
    }

    /// The functions `l` defines that the scheduler description inferred for its program
    /// (or `--scheduler`'s) names as interrupt handlers but the program never takes the
    /// address of, so that the lowering made no thread of them: firmware installs its
    /// handlers in a vector table outside the C program, and a handler left out would be a
    /// source of interrupts silently ignored.
    fn unentered_handlers(l: &crate::frontend::Loaded, cfg: &VerifyConfig) -> Vec<String> {
        let Ok(spec) = crate::engine::esst::load_spec_unconfigured(&l.program, &cfg.options) else {
            return Vec::new();
        };
        if spec.interrupt_handlers.is_empty() {
            return Vec::new();
        }
        let mut names: Vec<String> = l
            .ast
            .items
            .iter()
            .filter_map(|item| match item {
                crate::frontend::ast::ExternalDecl::Function(fd) => fd.declarator.name.clone(),
                _ => None,
            })
            .filter(|n| spec.is_interrupt_handler(n))
            .filter(|n| !l.program.threads.iter().any(|t| &t.name == n))
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// Front end: preprocess, parse, lower.
    pub fn load(path: &Path, cfg: &VerifyConfig) -> Result<Loaded, InputError> {
        let mut sources = SourceMap::new();
        let opts = match frontend_options(cfg) {
            Ok(o) => o,
            Err(diag) => return Err(InputError { diag, sources }),
        };
        let loaded = if cfg.systemc_cpp || crate::frontend::cpp::is_cpp_path(path) {
            // a model in several files: FILE and MORE_FILES / the compilation database's units
            let mut main = cfg.main_unit_flags.clone().unwrap_or_default();
            main.path = path.to_path_buf();
            let mut units = vec![main];
            units.extend(cfg.extra_units.iter().cloned());
            crate::frontend::cpp::load_units(&units, &opts, &mut sources)
        } else {
            let load_c = |opts: &crate::frontend::FrontendOptions, sources: &mut SourceMap| {
                if cfg.extra_units.is_empty() && cfg.main_unit_flags.is_none() {
                    crate::frontend::load(path, opts, sources)
                } else {
                    let mut main = cfg.main_unit_flags.clone().unwrap_or_default();
                    main.path = path.to_path_buf();
                    let mut units = vec![main];
                    units.extend(cfg.extra_units.iter().cloned());
                    crate::frontend::load_units(&units, opts, sources)
                }
            };
            with_handlers(opts, cfg, &mut sources, load_c)
        };
        match loaded {
            Ok(l) => Ok(Loaded {
                ast: Some(Box::new(l.ast)),
                program: l.program,
                warnings: l.warnings,
                macros: l.macros,
                sources,
            }),
            Err(diag) => Err(InputError { diag, sources }),
        }
    }

    /// The front end on `text` as the contents of the C file `path` (a program instrumented
    /// in its text by `schedmc validate`), with `cfg`'s front-end options.
    pub fn load_text(path: &Path, text: &str, cfg: &VerifyConfig) -> Result<Loaded, InputError> {
        let mut sources = SourceMap::new();
        let opts = match frontend_options(cfg) {
            Ok(o) => o,
            Err(diag) => return Err(InputError { diag, sources }),
        };
        let loaded = with_handlers(opts, cfg, &mut sources, |o, s| {
            crate::frontend::load_text_at(path, text, o, s)
        });
        match loaded {
            Ok(l) => Ok(Loaded {
                ast: None,
                program: l.program,
                warnings: l.warnings,
                macros: l.macros,
                sources,
            }),
            Err(diag) => Err(InputError { diag, sources }),
        }
    }

    /// Front end on a string (ILP32 target, no options), for the fuzz test: Ok or Err, never
    /// a panic.
    pub fn load_str(name: &str, text: &str) -> Result<(), Diag> {
        let opts = frontend_options(&VerifyConfig::default())?;
        let mut sources = SourceMap::new();
        crate::frontend::load_str(name, text, &opts, &mut sources).map(|_| ())
    }

    /// Names of the built-in target profiles.
    pub fn target_names() -> Vec<String> {
        crate::target::Target::builtin_names()
            .into_iter()
            .map(String::from)
            .collect()
    }

    /// Runs an engine.
    pub fn run_engine(kind: EngineKind, prog: &Program, opts: &VerifyOptions) -> Outcome {
        match kind {
            EngineKind::Predabs => crate::engine::predabs::verify(prog, opts),
            EngineKind::Bmc
            | EngineKind::Falsify
            | EngineKind::Incremental
            | EngineKind::Kinduction => crate::engine::bmc::verify(prog, opts, kind),
            EngineKind::Esst => crate::engine::esst::verify(prog, opts),
        }
    }

    pub fn dump_ir(prog: &Program, sources: &SourceMap) -> String {
        crate::ir::print::dump_ir(prog, sources)
    }
    pub fn dump_dot(prog: &Program, sources: &SourceMap) -> String {
        crate::ir::print::dump_dot(prog, sources)
    }
    pub fn dump_loops(prog: &Program, sources: &SourceMap) -> String {
        crate::ir::print::dump_loops(prog, sources)
    }

    /// One edge's statement text for traces.
    pub fn op_to_string(op: &Op, prog: &Program) -> String {
        crate::ir::print::op_to_string(op, prog)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::interp::tests as it;
    use crate::ir::{CallArg, Edge, LocId, Op, ThreadId};

    fn loaded(program: Program) -> Loaded {
        let mut sources = SourceMap::new();
        sources.add("t.c", None, None);
        Loaded {
            program,
            sources,
            ast: None,
            warnings: vec![],
            macros: vec![],
        }
    }

    fn with(v: Verdict) -> impl Fn(EngineKind, &Program, &VerifyOptions) -> Outcome {
        move |_, _, _| Outcome::new(v.clone(), Default::default())
    }

    #[test]
    fn replayed_counterexample_stays_failed() {
        let cfg = VerifyConfig::default();
        let r = verify_program_with(
            loaded(it::buggy()),
            &cfg,
            Instant::now(),
            &with(Verdict::Unsafe(it::buggy_cex(5))),
        );
        assert!(matches!(r.outcome.verdict, Verdict::Unsafe(_)));
        assert!(r.replayed.is_some() && r.replay_failure.is_none());
        assert_eq!(r.engine, Some(EngineKind::Predabs));
    }

    #[test]
    fn unreplayable_counterexample_becomes_unknown() {
        let cfg = VerifyConfig::default();
        let r = verify_program_with(
            loaded(it::buggy()),
            &cfg,
            Instant::now(),
            &with(Verdict::Unsafe(it::buggy_cex(4))),
        );
        assert_eq!(
            r.outcome.verdict,
            Verdict::Unknown(UnknownReason::internal(
                "internal error: counterexample failed replay"
            ))
        );
        assert!(r.replay_failure.unwrap().contains("does not replay"));
        assert!(r.replayed.is_none());
    }

    #[test]
    fn bmc_counterexample_replays() {
        let cfg = VerifyConfig {
            engine: Some(EngineKind::Bmc),
            ..Default::default()
        };
        let r = verify_program(loaded(it::buggy()), &cfg, Instant::now());
        assert!(
            matches!(r.outcome.verdict, Verdict::Unsafe(_)),
            "{:?} {:?}",
            r.outcome.verdict,
            r.replay_failure
        );
        assert!(r.replayed.is_some());
    }

    #[test]
    fn predabs_counterexample_replays() {
        let r = verify_program(
            loaded(it::buggy()),
            &VerifyConfig::default(),
            Instant::now(),
        );
        assert!(
            matches!(r.outcome.verdict, Verdict::Unsafe(_)),
            "{:?} {:?}",
            r.outcome.verdict,
            r.replay_failure
        );
        assert!(r.replayed.is_some());
    }

    #[test]
    fn int_math_proofs_get_a_note() {
        let mut cfg = VerifyConfig::default();
        cfg.options.int_math = true;
        let r = verify_program_with(
            loaded(it::buggy()),
            &cfg,
            Instant::now(),
            &with(Verdict::Safe { note: None }),
        );
        assert_eq!(
            r.outcome.verdict,
            Verdict::Safe {
                note: Some("assuming no integer overflow (--int-math)".into())
            }
        );
    }

    fn auto_cfg() -> VerifyConfig {
        let mut cfg = VerifyConfig::default();
        cfg.options.auto = true;
        cfg
    }

    #[test]
    fn auto_takes_a_kinduction_proof_of_a_sequential_program() {
        let r = verify_program_with(
            loaded(it::buggy()),
            &auto_cfg(),
            Instant::now(),
            &|k: EngineKind, _: &Program, _: &VerifyOptions| {
                let v = if k == EngineKind::Kinduction {
                    Verdict::Safe { note: None }
                } else {
                    Verdict::Unknown(UnknownReason::internal("predabs must not run"))
                };
                Outcome::new(v, Default::default())
            },
        );
        assert_eq!(r.outcome.verdict, Verdict::Safe { note: None });
        assert_eq!(r.engine, Some(EngineKind::Kinduction));
    }

    #[test]
    fn auto_leaves_counterexamples_and_unknowns_to_predabs() {
        // k-induction's FAILED is not taken (traces stay predicate abstraction's), nor its UNKNOWN
        for first in [
            Verdict::Unsafe(it::buggy_cex(5)),
            Verdict::Unknown(UnknownReason::internal("no proof")),
        ] {
            let r = verify_program_with(
                loaded(it::buggy()),
                &auto_cfg(),
                Instant::now(),
                &|k: EngineKind, _: &Program, _: &VerifyOptions| {
                    let v = if k == EngineKind::Kinduction {
                        first.clone()
                    } else {
                        Verdict::Unsafe(it::buggy_cex(5))
                    };
                    Outcome::new(v, Default::default())
                },
            );
            assert!(matches!(r.outcome.verdict, Verdict::Unsafe(_)));
            assert_eq!(r.engine, Some(EngineKind::Predabs));
        }
        // an explicit engine runs alone
        let mut cfg = auto_cfg();
        cfg.engine = Some(EngineKind::Predabs);
        cfg.options.auto = false;
        let r = verify_program_with(
            loaded(it::buggy()),
            &cfg,
            Instant::now(),
            &with(Verdict::Safe { note: None }),
        );
        assert_eq!(r.engine, Some(EngineKind::Predabs));
    }

    #[test]
    fn concurrent_programs_run_esst() {
        let mut p = it::buggy();
        let mut t = p.threads[0].clone();
        t.name = "worker".into();
        p.threads.push(t);
        let loc = p.threads[0].edges[0].loc;
        p.threads[0].edges.push(Edge {
            from: LocId(0),
            to: LocId(1),
            op: Op::Call {
                func: "pthread_create".into(),
                args: vec![CallArg::Thread(ThreadId(1))],
                ret: None,
                may_write: vec![],
            },
            loc,
        });
        assert!(p.is_concurrent());
        let r = verify_program_with(
            loaded(p),
            &VerifyConfig::default(),
            Instant::now(),
            &with(Verdict::Safe { note: None }),
        );
        // Whatever engine the configuration names, threads go to ESST.
        assert_eq!(r.engine, Some(EngineKind::Esst));
    }
}
