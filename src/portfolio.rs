//! The `auto` strategy: two engines at once, the first definite verdict wins.
//!
//! Sequential programs ([`auto_sequential`]): predicate abstraction in this process and,
//! unless it decides within a second, k-induction in a child `schedmc verify --engine
//! kinduction --outcome-json` beside it.
//! k-induction's SUCCESSFUL (proof-checked in the child) stops predicate abstraction: loops with
//! a small constant bound, or an inductive property, are proved in well under a second where
//! predicate abstraction may refine until the time limit. Only predicate abstraction's FAILED
//! is taken, so counterexample traces stay reproducible. Without a child command the strategy is
//! sequential: k-induction with a sixth of the time limit (at most 10 s), then predicate
//! abstraction with the rest.
//!
//! `--engine auto` (the default for threaded programs) on a program whose scheduler is fully
//! preemptive (pthreads, C11 threads) runs partial-order BMC (SC, loops unrolled until they
//! exit) and ESST at the same time. Yices is not thread-safe, so when the CLI supplies a
//! [`ChildCommand`] partial-order BMC runs in a child process: the same `schedmc verify`
//! command line with `--engine bmc --mm sc --outcome-json`, which loads the same program (the
//! front end is deterministic, so edge and variable ids agree) and prints its [`Outcome`] as
//! JSON. ESST runs in this process meanwhile. The first definite verdict wins and the other
//! run is stopped (the child killed, ESST cancelled through its [`crate::engine::Deadline`]):
//! partial-order BMC's SUCCESSFUL (every unwinding assertion held), or its FAILED when the trace
//! replays with the scheduler here; ESST's SUCCESSFUL or FAILED. When ESST ends UNKNOWN the child
//! is waited for. Both runs share the limits: the same time limit, the child a third of the
//! memory limit and ESST the rest. The report names the engine that decided.
//!
//! The FAILED trace does not depend on which engine finds the bug first as long as partial-order
//! BMC finds it within [`CHILD_HOLD_CPU`] of CPU time: its FAILED is always taken, and ESST's
//! FAILED waits for the child until the child has used that much CPU time (its own clock, read
//! from `/proc`, so the load of the machine does not change the outcome), has ended, or half
//! of the time limit has passed (the hold always ends well before `--timeout`). The child's
//! replayed FAILED is then reported; otherwise ESST's. Only when partial-order BMC needs more
//! than the hold can the trace come from either engine from run to run (the verdict cannot);
//! `--engine esst` or `--engine bmc` gives reproducible traces always.
//!
//! Without a child command (the library called from tests, or a child that cannot be started)
//! the strategy is sequential: partial-order BMC first with a third of the time limit (at most
//! 20 s), then ESST with the rest. Under `--mm tso|pso` only partial-order BMC runs (ESST is SC);
//! under other schedulers only ESST.

use crate::engine::pobmc::MemoryModel;
use crate::engine::{EngineKind, VerifyOptions};
use crate::ir::interp::ReplaySemantics;
use crate::ir::Program;
use crate::verdict::{Outcome, Stats, Verdict};
use serde::{Deserialize, Serialize};
use std::ffi::OsString;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How to start a child `schedmc verify` on the same input: the executable and the arguments
/// that load the same program (the command line's own arguments without the engine, the limits
/// and the output files).
#[derive(Clone, Debug)]
pub struct ChildCommand {
    pub exe: PathBuf,
    pub args: Vec<OsString>,
}

/// Options of `schedmc verify` that the child must not inherit (with their value): the
/// strategy, the limits (the child gets its share), the memory model (the child runs SC) and
/// files written (only the parent writes them).
const DROPPED_OPTIONS: [&str; 7] = [
    "--engine",
    "--timeout",
    "--memory-limit",
    "--mm",
    "--witness",
    "--dot",
    "--dot-arf",
];

/// Flags of `schedmc verify` that the child must not inherit: it gets `--quiet` itself.
const DROPPED_FLAGS: [&str; 2] = ["--quiet", "-q"];

impl ChildCommand {
    /// The child command for the arguments of a `verify` command (everything after `verify`).
    pub fn for_verify_args(exe: PathBuf, verify_args: &[OsString]) -> Self {
        let mut args = Vec::new();
        let mut it = verify_args.iter();
        while let Some(a) = it.next() {
            let s = a.to_string_lossy();
            // the child is always quiet (`spawn_child`): a second `--quiet` is a usage error
            if DROPPED_FLAGS.contains(&s.as_ref()) {
                continue;
            }
            if let Some(name) = DROPPED_OPTIONS
                .iter()
                .find(|o| s == **o || s.starts_with(&format!("{o}=")))
            {
                if s == *name {
                    it.next();
                }
                continue;
            }
            args.push(a.clone());
        }
        ChildCommand { exe, args }
    }
}

/// What the child prints with `--outcome-json`: its final verdict (after its own replay) and
/// statistics.
#[derive(Serialize, Deserialize)]
pub struct ChildOutcome {
    pub verdict: Verdict,
    pub stats: Stats,
}

/// Runs the `auto` strategy on a sequential program (see the module doc): k-induction's
/// SUCCESSFUL beside predicate abstraction, or (without a child) within a short budget before
/// it.
pub fn auto_sequential(
    program: &Program,
    opts: &VerifyOptions,
    child: Option<&ChildCommand>,
    run_engine: &dyn Fn(EngineKind, &Program, &VerifyOptions) -> Outcome,
) -> (EngineKind, Outcome) {
    let proved = |o: &Outcome| matches!(o.verdict, Verdict::Safe { .. });
    let race = Race {
        parent: EngineKind::Predabs,
        child: EngineKind::Kinduction,
        child_args: &["--engine", "kinduction"],
        delay: SEQUENTIAL_CHILD_DELAY,
        hold: None,
        alone: (6, Duration::from_secs(10)),
        child_opts: |o| o,
    };
    if let Some(c) = child {
        if let Some(r) = side_by_side(program, opts, c, race, run_engine, &proved) {
            return r;
        }
    }
    one_after_other(program, opts, race, run_engine, &proved)
}

/// Runs the `auto` strategy on a threaded program (see the module doc); `run_engine` runs one
/// engine in this process; `spec` is the program's scheduler description (None when it has
/// none). Returns the deciding engine and its outcome.
pub fn auto_threads(
    program: &Program,
    spec: Option<&crate::sched::SchedulerSpec>,
    opts: &VerifyOptions,
    child: Option<&ChildCommand>,
    run_engine: &dyn Fn(EngineKind, &Program, &VerifyOptions) -> Outcome,
) -> (EngineKind, Outcome) {
    if opts.mm != MemoryModel::Sc {
        // ESST interleaves under sequential consistency: a weak model is partial-order BMC's
        return (EngineKind::Bmc, run_engine(EngineKind::Bmc, program, opts));
    }
    let spec = match spec {
        Some(s) if s.policy == crate::sched::Policy::FullyPreemptive => s,
        _ => {
            return (
                EngineKind::Esst,
                run_engine(EngineKind::Esst, program, opts),
            )
        }
    };
    let replays = |o: &Outcome| match &o.verdict {
        Verdict::Safe { .. } => true,
        Verdict::Unsafe(cex) => crate::sched::replay::replay_scheduled(
            program,
            spec,
            cex,
            ReplaySemantics::from_int_math(opts.int_math),
        )
        .is_ok(),
        Verdict::Unknown(_) => false,
    };
    let race = Race {
        parent: EngineKind::Esst,
        child: EngineKind::Bmc,
        child_args: &["--engine", "bmc", "--mm", "sc"],
        delay: Duration::ZERO,
        hold: Some(CHILD_HOLD_CPU),
        alone: (3, Duration::from_secs(20)),
        child_opts: |o| VerifyOptions {
            unwind: None,
            mm: MemoryModel::Sc,
            ..o
        },
    };
    if let Some(c) = child {
        if let Some(r) = side_by_side(program, opts, c, race, run_engine, &replays) {
            return r;
        }
    }
    one_after_other(program, opts, race, run_engine, &replays)
}

/// Without a child process: the child's engine first, in this process, with its share of the
/// time limit (`race.alone`); its outcome when `decided`, else the parent's engine with the rest.
fn one_after_other(
    program: &Program,
    opts: &VerifyOptions,
    race: Race,
    run_engine: &dyn Fn(EngineKind, &Program, &VerifyOptions) -> Outcome,
    decided: &(dyn Fn(&Outcome) -> bool + Sync),
) -> (EngineKind, Outcome) {
    let start = Instant::now();
    let (share, cap) = race.alone;
    let first = (race.child_opts)(VerifyOptions {
        timeout: Some(opts.timeout.map_or(cap, |t| (t / share).min(cap))),
        ..opts.clone()
    });
    let o = run_engine(race.child, program, &first);
    if decided(&o) {
        return (race.child, o);
    }
    let rest = VerifyOptions {
        timeout: opts.timeout.map(|t| t.saturating_sub(start.elapsed())),
        ..opts.clone()
    };
    (race.parent, run_engine(race.parent, program, &rest))
}

/// Predicate abstraction runs alone this long before k-induction's child starts: most
/// sequential programs it decides sooner are spared the second process.
const SEQUENTIAL_CHILD_DELAY: Duration = Duration::from_millis(1000);

/// How much CPU time partial-order BMC's child may use before ESST's FAILED is reported
/// without waiting for the child's (see the module doc): the pthread examples and the dev-set
/// tasks it decides take well under a second of its CPU time, except stack-2, where ESST
/// finds no bug.
const CHILD_HOLD_CPU: Duration = Duration::from_secs(3);

/// Which engines race: one in this process, one in the child (with the options that select it).
#[derive(Clone, Copy)]
struct Race {
    parent: EngineKind,
    child: EngineKind,
    child_args: &'static [&'static str],
    /// How long this process's engine runs alone before the child starts.
    delay: Duration,
    /// When this process's engine answers FAILED first, the child keeps running until it has
    /// used this much CPU time (or has ended, or half of the time limit has passed), and its
    /// accepted FAILED is reported instead: the trace does not depend on the race. None: this
    /// process's definite answer stops the child at once.
    hold: Option<Duration>,
    /// Without a child process: the child's engine runs first with this share of the time
    /// limit (divisor, cap), and with its options adjusted by `child_opts`.
    alone: (u32, Duration),
    child_opts: fn(VerifyOptions) -> VerifyOptions,
}

/// Starts the child of a race; None when it cannot be started.
fn spawn_child(c: &ChildCommand, opts: &VerifyOptions, engine_args: &[&str]) -> Option<Child> {
    let mut cmd = Command::new(&c.exe);
    cmd.arg("verify")
        .args(&c.args)
        .args(engine_args)
        .args(["--outcome-json", "--quiet"]);
    if let Some(t) = opts.timeout {
        cmd.arg("--timeout").arg(format!("{:.3}", t.as_secs_f64()));
    }
    if let Some(m) = opts.memory_limit_mb {
        cmd.arg("--memory-limit").arg((m / 3).max(1).to_string());
    }
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: the closure runs in the forked child before exec and only calls prctl, which
        // is async-signal-safe: the child is killed when the thread that started it ends (the
        // parent was killed by a hard limit).
        unsafe {
            cmd.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
    }
    cmd.spawn().ok()
}

/// Both engines at once (see the module doc); `decided` says whether the child's outcome
/// stands. The child starts after `race.delay` unless this process's engine has decided by then
/// (a child costs a process start and a second front-end run). None when the child cannot be
/// started at once (no delay).
fn side_by_side(
    program: &Program,
    opts: &VerifyOptions,
    c: &ChildCommand,
    race: Race,
    run_engine: &dyn Fn(EngineKind, &Program, &VerifyOptions) -> Outcome,
    decided: &(dyn Fn(&Outcome) -> bool + Sync),
) -> Option<(EngineKind, Outcome)> {
    let start = Instant::now();
    // the child, once started; `done` is set when this process's engine has returned. A child
    // started later is stored while `done`'s lock is held, so either it is never started or the
    // parent finds it to kill.
    let slot: Mutex<Option<Child>> = Mutex::new(None);
    let done = (Mutex::new(false), std::sync::Condvar::new());
    // a child started at once is in `slot` before the monitor runs: however late the monitor
    // thread gets the processor, it reads the child's outcome and the parent finds the child
    // to stop or hold for (`Race::hold`)
    let mut first_out = None;
    if race.delay.is_zero() {
        let mut ch = spawn_child(c, opts, race.child_args)?;
        let Some(out) = ch.stdout.take() else {
            let _ = ch.kill();
            return None;
        };
        first_out = Some(out);
        *slot.lock().unwrap_or_else(|p| p.into_inner()) = Some(ch);
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let parent_opts = VerifyOptions {
        memory_limit_mb: opts.memory_limit_mb.map(|m| m - m / 3),
        ..opts.clone()
    };
    std::thread::scope(|s| {
        let monitor = {
            let cancel = Arc::clone(&cancel);
            let (slot, done) = (&slot, &done);
            s.spawn(move || {
                let mut stdout = if let Some(out) = first_out {
                    out
                } else {
                    let (lock, cv) = done;
                    let g = lock.lock().unwrap_or_else(|p| p.into_inner());
                    let (g, _) = cv
                        .wait_timeout_while(g, race.delay, |d| !*d)
                        .unwrap_or_else(|p| p.into_inner());
                    if *g {
                        return None;
                    }
                    let rest = VerifyOptions {
                        timeout: opts.timeout.map(|t| t.saturating_sub(start.elapsed())),
                        ..opts.clone()
                    };
                    let mut child = spawn_child(c, &rest, race.child_args)?;
                    let out = child.stdout.take();
                    *slot.lock().unwrap_or_else(|p| p.into_inner()) = Some(child);
                    drop(g);
                    out?
                };
                let mut text = String::new();
                // a read error leaves the text unparsable: the child decided nothing
                let _ = stdout.read_to_string(&mut text);
                if let Some(ch) = slot.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
                    let _ = ch.wait();
                }
                let parsed: ChildOutcome = serde_json::from_str(text.trim()).ok()?;
                let o = Outcome::new(parsed.verdict, parsed.stats);
                let ok = decided(&o);
                if ok {
                    cancel.store(true, Ordering::SeqCst);
                }
                Some((o, ok))
            })
        };
        let mine = crate::engine::with_cancel(Arc::clone(&cancel), || {
            run_engine(race.parent, program, &parent_opts)
        });
        let mine_definite = !matches!(mine.verdict, Verdict::Unknown(_));
        {
            let (lock, cv) = &done;
            *lock.lock().unwrap_or_else(|p| p.into_inner()) = true;
            cv.notify_all();
        }
        if mine_definite && !cancel.load(Ordering::SeqCst) {
            let hold = match (race.hold, &mine.verdict) {
                (Some(h), Verdict::Unsafe(_)) => {
                    // at most half of the time limit after the race started
                    let wall = opts.timeout.map(|t| start + t / 2);
                    Some((h, wall))
                }
                _ => None,
            };
            if let Some((cpu, wall)) = hold {
                hold_child(&slot, || monitor.is_finished(), cpu, wall);
            }
            if !monitor.is_finished() {
                if let Some(ch) = slot.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
                    let _ = ch.kill();
                }
            }
        }
        let theirs = monitor.join().ok().flatten();
        let prefer_theirs = race.hold.is_some() && matches!(mine.verdict, Verdict::Unsafe(_));
        Some(match theirs {
            Some((b, true)) if !mine_definite => (race.child, b),
            // the child's accepted FAILED is the reproducible one (`Race::hold`)
            Some((b, true)) if prefer_theirs && matches!(b.verdict, Verdict::Unsafe(_)) => {
                (race.child, b)
            }
            Some((b, true)) => {
                // both definite: they must agree (a replayed FAILED is a real bug)
                let disagree = matches!(mine.verdict, Verdict::Safe { .. })
                    != matches!(b.verdict, Verdict::Safe { .. });
                if disagree {
                    eprintln!(
                        "internal error: {} and {} disagree ({} vs {}); the replayed \
                         counterexample is reported",
                        race.parent.name(),
                        race.child.name(),
                        crate::report::verdict_word(&mine.verdict),
                        crate::report::verdict_word(&b.verdict)
                    );
                    if matches!(b.verdict, Verdict::Unsafe(_)) {
                        return Some((race.child, b));
                    }
                }
                (race.parent, mine)
            }
            _ => (race.parent, mine),
        })
    })
}

/// Waits until `finished()` (the child's outcome is in), the child has used `cpu` of CPU time,
/// or the clock reaches `wall`, whichever comes first. Without a readable CPU clock for the
/// child (not Linux), `cpu` is taken as wall-clock time.
fn hold_child(
    slot: &Mutex<Option<Child>>,
    finished: impl Fn() -> bool,
    cpu: Duration,
    wall: Option<Instant>,
) {
    let began = Instant::now();
    let pid = || {
        slot.lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .map(|c| c.id())
    };
    while !finished() {
        let now = Instant::now();
        if wall.is_some_and(|w| now >= w) {
            return;
        }
        let used = pid().and_then(process_cpu_time);
        if used.unwrap_or_else(|| now - began) >= cpu {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The CPU time (user and system) process `pid` has used, from `/proc/PID/stat`.
fn process_cpu_time(pid: u32) -> Option<Duration> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // the command name (field 2) is in parentheses and may contain spaces
    let rest = &text[text.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    // fields 14 and 15 of the line (utime, stime) are 12 and 13 after the name
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf only reads a configuration value.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    (hz > 0).then(|| Duration::from_secs_f64(ticks as f64 / hz as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(v: &[&str]) -> Vec<OsString> {
        v.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_child_inherits_the_input_options_but_not_limits_engine_or_files() {
        let c = ChildCommand::for_verify_args(
            PathBuf::from("schedmc"),
            &os(&[
                "--timeout",
                "60",
                "--engine=auto",
                "-I",
                "inc",
                "--witness",
                "w.yml",
                "--memory-limit=100",
                "--target",
                "lp64",
                "--mm",
                "sc",
                "--dot-arf",
                "a.dot",
                "--quiet",
                "-q",
                "prog.c",
            ]),
        );
        assert_eq!(c.args, os(&["-I", "inc", "--target", "lp64", "prog.c"]));
    }

    #[test]
    fn the_cpu_time_of_this_process_is_read_and_grows() {
        let me = std::process::id();
        let a = process_cpu_time(me).expect("/proc/self/stat");
        // spin until the clock (ticks of 10 ms or less) moves; a minute of wall-clock time is
        // far more than any load needs for that
        let t = Instant::now();
        let mut x = 0u64;
        let mut b = a;
        while b <= a && t.elapsed() < Duration::from_secs(60) {
            for _ in 0..100_000 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
            }
            b = process_cpu_time(me).unwrap();
        }
        assert!(b > a, "{a:?} -> {b:?}");
        assert_eq!(process_cpu_time(u32::MAX), None);
    }

    #[test]
    fn an_outcome_survives_the_child_protocol() {
        use crate::verdict::{Counterexample, Step, Violation};
        let v = Verdict::Unsafe(Counterexample {
            violation: Violation::Property {
                description: "assertion".into(),
                loc: crate::diag::Loc::default(),
            },
            steps: vec![
                Step::Edge {
                    thread: crate::ir::ThreadId(1),
                    instance: 0,
                    edge: crate::ir::EdgeId(7),
                    nondet: vec![-3, i128::MAX],
                    assigned: vec![(crate::ir::VarId(2), 5)],
                },
                Step::sched(crate::verdict::SchedDecision::switch(None), "switch"),
            ],
        });
        let stats = Stats {
            nodes: 4,
            solver_time: Duration::from_millis(12),
            ..Default::default()
        };
        let text = serde_json::to_string(&ChildOutcome {
            verdict: v.clone(),
            stats: stats.clone(),
        })
        .unwrap();
        let back: ChildOutcome = serde_json::from_str(&text).unwrap();
        assert_eq!(back.verdict, v);
        assert_eq!(back.stats, stats);
    }
}
