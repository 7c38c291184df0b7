//! POR soundness harness: random small threaded programs (`tests/gen`) verified by ESST under
//! every configuration of [`CONFIGS`]; all decided verdicts must agree with each other and, for
//! pthread programs, with the generator's explicit-state ground truth. A FAILED trace must
//! replay on the concrete interpreter. A disagreement fails the test and prints the program.
//!
//! CI runs a bounded sample (`SCHEDMC_POR_PROGRAMS`, default 200 pthread + 30 SystemC + 30
//! FreeRTOS programs, the first four configurations, 3 s per run, `SCHEDMC_POR_TIMEOUT`); `SCHEDMC_POR_PROGRAMS=5000 cargo test --release --test por_soundness`
//! runs a longer campaign, `SCHEDMC_POR_SEED` shifts the seeds. A program that is UNKNOWN
//! (timeout, unsupported) under any configuration is skipped from the comparison but counted.

mod gen;

use gen::{Flavor, GenProgram};
use schedmc::engine::{esst, Abstraction, PorMode, VerifyOptions};
use schedmc::ir::interp::{self, ReplaySemantics};
use schedmc::verdict::Verdict;
use std::path::PathBuf;
use std::time::Duration;

/// Every configuration a program is verified under: adding one is one line.
#[allow(clippy::type_complexity)]
const CONFIGS: &[(&str, fn(&mut VerifyOptions))] = &[
    ("por=none", |o| o.por = PorMode::None),
    ("por=sleep", |o| o.por = PorMode::Sleep),
    ("por=source-sets", |o| o.por = PorMode::SourceSets),
    ("por=source-sets --no-summaries", |o| {
        o.por = PorMode::SourceSets;
        o.summaries = false;
    }),
    ("por=source-sets --abstraction boolean", |o| {
        o.por = PorMode::SourceSets;
        o.abstraction = Abstraction::Boolean;
    }),
];

/// The symmetric-program campaign's configurations: covers up to thread symmetry on and off,
/// with and without partial-order reduction. `SYM_CMP` names the pair whose node counts show
/// the symmetry's effect (off, on).
#[allow(clippy::type_complexity)]
const SYM_CONFIGS: &[(&str, fn(&mut VerifyOptions))] = &[
    ("por=source-sets", |o| o.por = PorMode::SourceSets),
    ("por=source-sets --no-symmetry", |o| {
        o.por = PorMode::SourceSets;
        o.symmetry = false;
    }),
    ("por=none", |o| o.por = PorMode::None),
    ("por=sleep", |o| o.por = PorMode::Sleep),
];
const SYM_CMP: (usize, usize) = (1, 0);

fn front_opts() -> schedmc::frontend::FrontendOptions {
    schedmc::frontend::FrontendOptions {
        include_dirs: vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("include")],
        defines: vec![],
        target: schedmc::target::Target::ilp32(),
        ..Default::default()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum V {
    Safe,
    Unsafe,
    Unknown,
}

#[derive(Default, Debug)]
struct Tally {
    programs: usize,
    compared: usize,
    skipped_unknown: usize,
    safe: usize,
    /// Safe programs whose instances get different arguments (never interchangeable: left
    /// out of the reduction counts).
    safe_distinct_args: usize,
    /// Safe symmetric programs whose main reads the handle array (joins): symmetric covers
    /// cannot apply (the slots are not permuted with the instances); left out of the
    /// reduction counts of the symmetric campaign.
    safe_joins_handles: usize,
    unsafe_: usize,
    /// Compared programs on which source sets built fewer ARF nodes than no reduction.
    reduced: usize,
    /// ... and more.
    grown: usize,
}

fn run_one(g: &GenProgram, tally: &mut Tally, timeout: Duration) -> Result<(), String> {
    // CI (no SCHEDMC_POR_PROGRAMS): the first four configurations; the campaign runs all
    let n = if std::env::var("SCHEDMC_POR_PROGRAMS").is_ok() {
        CONFIGS.len()
    } else {
        4
    };
    // CONFIGS[0] is por=none, CONFIGS[2] por=source-sets
    run_with(g, tally, timeout, &CONFIGS[..n], (0, 2))
}

/// Verifies `g` under every configuration of `configs`; `cmp` (baseline, reduced) are the
/// configurations whose node counts the tally compares.
#[allow(clippy::type_complexity)]
fn run_with(
    g: &GenProgram,
    tally: &mut Tally,
    timeout: Duration,
    configs: &[(&str, fn(&mut VerifyOptions))],
    cmp: (usize, usize),
) -> Result<(), String> {
    let mut sources = schedmc::diag::SourceMap::new();
    let loaded = schedmc::frontend::load_str("gen.c", &g.source, &front_opts(), &mut sources)
        .map_err(|d| format!("front end rejects a generated program: {}", d.message))?;
    let prog = loaded.program;
    tally.programs += 1;
    let mut results: Vec<(&str, V, String)> = Vec::new();
    let mut nodes: Vec<u64> = Vec::new();
    for (name, set) in configs {
        let mut o = VerifyOptions {
            timeout: Some(timeout),
            ..VerifyOptions::default()
        };
        set(&mut o);
        let out = esst::verify(&prog, &o);
        let v = match &out.verdict {
            Verdict::Safe { .. } => V::Safe,
            Verdict::Unsafe(cex) => {
                if let Err(e) = interp::replay(&prog, cex, ReplaySemantics::BitVector) {
                    return Err(format!("{name}: FAILED trace does not replay: {e}"));
                }
                V::Unsafe
            }
            Verdict::Unknown(_) => V::Unknown,
        };
        let detail = match &out.verdict {
            Verdict::Unknown(r) => format!("UNKNOWN: {r}"),
            v => format!(
                "{} ({} nodes)",
                if matches!(v, Verdict::Safe { .. }) {
                    "SUCCESSFUL"
                } else {
                    "FAILED"
                },
                out.stats.nodes
            ),
        };
        // SCHEDMC_POR_VERBOSE: every configuration's verdict and node count
        if std::env::var_os("SCHEDMC_POR_VERBOSE").is_some() {
            eprintln!("seed {}: {name}: {detail}", g.seed);
        }
        results.push((name, v, detail));
        nodes.push(out.stats.nodes);
        if v == V::Unknown {
            // skipped from the comparison: no need to run the other configurations
            tally.skipped_unknown += 1;
            eprintln!(
                "skipped {:?} seed {}: {name}: {}",
                g.flavor,
                g.seed,
                results.last().map_or("", |r| r.2.as_str())
            );
            return Ok(());
        }
    }
    tally.compared += 1;
    let first = results[0].1;
    let truth = g.safe.map(|s| if s { V::Safe } else { V::Unsafe });
    let agree = results.iter().all(|r| r.1 == first) && truth.is_none_or(|t| t == first);
    if !agree {
        let mut msg = format!(
            "verdicts disagree on generated program (flavor {:?}, seed {}), ground truth {:?}:\n",
            g.flavor, g.seed, truth
        );
        for (n, _, d) in &results {
            msg.push_str(&format!("  {n}: {d}\n"));
        }
        msg.push_str("---- program ----\n");
        msg.push_str(&g.source);
        return Err(msg);
    }
    match first {
        V::Safe if g.distinct_args => tally.safe_distinct_args += 1,
        V::Safe if g.joins_handles => tally.safe_joins_handles += 1,
        V::Safe => tally.safe += 1,
        _ => tally.unsafe_ += 1,
    }
    if g.distinct_args || g.joins_handles {
        return Ok(());
    }
    if nodes[cmp.1] < nodes[cmp.0] {
        tally.reduced += 1;
    } else if nodes[cmp.1] > nodes[cmp.0] {
        tally.grown += 1;
    }
    Ok(())
}

fn env_num(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn campaign(flavor: Flavor, default_count: u64) {
    let count = match std::env::var("SCHEDMC_POR_PROGRAMS") {
        Ok(s) => {
            let n: u64 = s.parse().unwrap_or(default_count);
            if flavor == Flavor::Pthread {
                n
            } else {
                (n / 6).max(default_count)
            }
        }
        Err(_) => default_count,
    };
    let base = env_num("SCHEDMC_POR_SEED", 0);
    let timeout = Duration::from_secs(env_num("SCHEDMC_POR_TIMEOUT", 3));
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for s in base..base + count {
        let g = gen::generate(s, flavor);
        if let Err(m) = run_one(&g, &mut tally, timeout) {
            eprintln!("{m}");
            failures.push(m);
            if failures.len() >= 3 {
                break;
            }
        }
    }
    eprintln!("{flavor:?}: {tally:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The comparison must not silently degenerate into skipping everything.
    assert!(
        tally.compared * 2 >= tally.programs,
        "too many UNKNOWN programs: {tally:?}"
    );
    // The reduction is active under every policy (cooperative SystemC, fixed-priority
    // FreeRTOS with interrupt handlers, pthreads): it must prune on some programs.
    assert!(
        tally.reduced * 5 >= tally.compared,
        "source sets explore fewer nodes than no reduction on too few programs: {tally:?}"
    );
}

/// Symmetric programs (one worker entry, 2-4 instances created and joined in loops over a
/// handle array, or one joined at a nondeterministic index `t[k]`): covers up to thread symmetry on and off, POR on and off, agree with each
/// other and with the explicit-state ground truth.
#[test]
fn por_soundness_symmetric() {
    // a bounded sample in CI (the campaign: SCHEDMC_POR_PROGRAMS=500); 10 s per run because
    // the test runs beside the other campaigns of this binary on two cores
    let count = env_num("SCHEDMC_POR_PROGRAMS", 24);
    let base = env_num("SCHEDMC_POR_SEED", 0);
    let timeout = Duration::from_secs(env_num("SCHEDMC_POR_TIMEOUT", 10));
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for s in base..base + count {
        let g = gen::generate_symmetric(s);
        // SCHEDMC_GEN_DUMP=DIR writes the sample's programs there instead of verifying them
        // (to run them with other binaries side by side)
        if let Ok(d) = std::env::var("SCHEDMC_GEN_DUMP") {
            let name = format!("{d}/sym_{s}_{:?}_{}.c", g.safe, g.distinct_args);
            std::fs::write(name, &g.source).expect("dump directory");
            continue;
        }
        if let Err(m) = run_with(&g, &mut tally, timeout, SYM_CONFIGS, SYM_CMP) {
            eprintln!("{m}");
            failures.push(m);
            if failures.len() >= 3 {
                break;
            }
        }
    }
    eprintln!("symmetric: {tally:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // (timeouts are skipped, not compared: under load a third must still be compared)
    assert!(
        tally.compared * 3 >= tally.programs,
        "too many UNKNOWN programs: {tally:?}"
    );
    // the symmetry must act: fewer nodes with it than without, under POR, on the safe
    // programs whose instances are interchangeable and whose handles main does not read (a
    // FAILED verdict often comes before any cover; the safe ones explore everything). A join
    // loop reads the slots in order, and the slots are not permuted with the instances, so
    // programs that join are left out (`sched::symmetry`'s module doc): in session 16 the
    // only such safe program of the CI sample (seed 18) became a distinct-argument one, and
    // the ratio fell to 0 of the remaining (all joining) ones
    assert!(
        tally.reduced * 2 >= tally.safe && (count < 12 || tally.reduced > 0),
        "symmetric covers reduced too few programs under POR: {tally:?}"
    );
}

#[test]
fn por_soundness_pthread() {
    campaign(Flavor::Pthread, 200);
}

#[test]
fn por_soundness_systemc() {
    campaign(Flavor::SystemC, 30);
}

#[test]
fn por_soundness_freertos() {
    campaign(Flavor::FreeRtos, 30);
}

/// The generator is deterministic and its oracle finds both safe and unsafe programs.
#[test]
fn generator_is_deterministic_and_varied() {
    let a = gen::generate(7, Flavor::Pthread);
    let b = gen::generate(7, Flavor::Pthread);
    assert_eq!(a.source, b.source);
    let verdicts: Vec<Option<bool>> = (0..60)
        .map(|s| gen::generate(s, Flavor::Pthread).safe)
        .collect();
    assert!(verdicts.contains(&Some(true)), "{verdicts:?}");
    assert!(verdicts.contains(&Some(false)), "{verdicts:?}");
}

/// Regression (pthread-wmm/mix000_tso.oepc.i): main reads a counter and calls `abort()` when
/// the workers have not finished. That transition gets stuck between boundaries and so halts
/// the whole program; source sets must still explore the workers before it (they never ran on
/// the first path, so no race with their accesses exists). Was SUCCESSFUL under source sets.
#[test]
fn halting_check_in_main_does_not_hide_the_workers() {
    let source = r#"
#include <pthread.h>
#include <stdlib.h>
extern void reach_error(void);
int cnt = 0; int x = 0; int a = 0;
void *P0(void *arg) { a = x; cnt = cnt + 1; return 0; }
void *P1(void *arg) { x = 1; cnt = cnt + 1; return 0; }
int main() {
  pthread_t t0, t1;
  pthread_create(&t0, 0, P0, 0);
  pthread_create(&t1, 0, P1, 0);
  if (cnt != 2) abort();
  if (a == 1) reach_error();
  return 0;
}
"#;
    let mut sources = schedmc::diag::SourceMap::new();
    let prog = schedmc::frontend::load_str("halt.c", source, &front_opts(), &mut sources)
        .expect("front end")
        .program;
    for (name, set) in CONFIGS {
        let mut o = VerifyOptions {
            timeout: Some(Duration::from_secs(60)),
            ..VerifyOptions::default()
        };
        set(&mut o);
        let out = esst::verify(&prog, &o);
        assert!(
            matches!(out.verdict, Verdict::Unsafe(_)),
            "{name}: expected FAILED, got {:?}",
            out.verdict
        );
    }
}

/// Verifies `source` under every configuration; returns (verdict is FAILED, nodes) per config.
fn verdicts(name: &str, source: &str) -> Vec<(&'static str, bool, u64)> {
    let mut sources = schedmc::diag::SourceMap::new();
    let prog = schedmc::frontend::load_str(name, source, &front_opts(), &mut sources)
        .expect("front end")
        .program;
    let mut out = Vec::new();
    for (cname, set) in &CONFIGS[..4] {
        let mut o = VerifyOptions {
            timeout: Some(Duration::from_secs(120)),
            ..VerifyOptions::default()
        };
        set(&mut o);
        let r = esst::verify(&prog, &o);
        let failed = match &r.verdict {
            Verdict::Unsafe(_) => true,
            Verdict::Safe { .. } => false,
            Verdict::Unknown(why) => panic!("{name}: {cname}: UNKNOWN: {why}"),
        };
        out.push((*cname, failed, r.stats.nodes));
    }
    out
}

/// SystemC: the bug needs the second-created thread to run its whole turn before the first
/// one (the reversal of a race between two turns of the evaluation phase); a third thread
/// on its own event is independent of both.
#[test]
fn systemc_reverses_racing_turns() {
    let source = r#"
#include <systemc.h>
extern void reach_error(void);
sc_event e0; sc_event e1; sc_event e2;
int g = 0; int h = 0;
void w0(void) { g = 1; sc_wait(&e0); }
void w1(void) { int a = g; if (a == 0) { h = 1; } sc_wait(&e1); }
void w2(void) { sc_notify(&e2); sc_wait(&e2); }
int main(void) {
  sc_thread_create(w0); sc_thread_create(w1); sc_thread_create(w2);
  sc_start();
  if (h == 1) reach_error();
  return 0;
}
"#;
    for (c, failed, _) in verdicts("sc_race.c", source) {
        assert!(failed, "{c}: expected FAILED");
    }
}

/// SystemC: an immediate notification is lost when it comes before the wait (per-event
/// dependence of notify and wait); the waiter then never runs its check.
#[test]
fn systemc_notify_wait_on_one_event_are_dependent() {
    let source = r#"
#include <systemc.h>
extern void reach_error(void);
sc_event e; sc_event other;
int done = 0;
void waiter(void) { sc_wait(&e); done = 1; }
void notifier(void) { sc_notify(&other); sc_notify(&e); }
int main(void) {
  sc_thread_create(waiter); sc_thread_create(notifier);
  sc_start();
  if (done == 0) reach_error();
  return 0;
}
"#;
    let v = verdicts("sc_lost.c", source);
    for (c, failed, _) in &v {
        assert!(
            *failed,
            "{c}: expected FAILED (the notification may come first)"
        );
    }
}

/// The threaded token ring with 3 transmitters: safe under every configuration, and source
/// sets need fewer nodes than no reduction (only the first evaluation phase has choices).
#[test]
fn systemc_token_ring_is_reduced() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/systemc/token_ring_03_safe.c");
    let source = std::fs::read_to_string(path).expect("example");
    let v = verdicts("token_ring_03_safe.c", &source);
    for (c, failed, _) in &v {
        assert!(!*failed, "{c}: expected SUCCESSFUL");
    }
    assert!(
        v[2].2 < v[0].2,
        "source sets {} nodes, none {}",
        v[2].2,
        v[0].2
    );
}

/// FreeRTOS with an interrupt handler: the lost update between the task's read and write
/// is found under every configuration (the handler is an alternative at every preemption
/// point while interrupts are unmasked), and the variant with a critical section is safe.
#[test]
fn freertos_interrupt_handler_races() {
    for (file, bug) in [
        ("examples/freertos/isr_shared_counter_bug.c", true),
        ("examples/freertos/isr_shared_counter_safe.c", false),
    ] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(file);
        let source = std::fs::read_to_string(path).expect("example");
        for (c, failed, _) in verdicts(file, &source) {
            assert_eq!(failed, bug, "{file}: {c}");
        }
    }
}

// ---- `--abstraction impact` (added by the `impact` helper; separate from CONFIGS above) ----

/// Impact against predicate abstraction: both abstractions must agree with each other (and
/// with the generator's ground truth), under every POR mode for Impact.
#[allow(clippy::type_complexity)]
const IMPACT_CONFIGS: &[(&str, fn(&mut VerifyOptions))] = &[
    ("predicates por=source-sets", |o| {
        o.por = PorMode::SourceSets
    }),
    ("impact por=none", |o| {
        o.abstraction = Abstraction::Impact;
        o.por = PorMode::None;
    }),
    ("impact por=sleep", |o| {
        o.abstraction = Abstraction::Impact;
        o.por = PorMode::Sleep;
    }),
    ("impact por=source-sets", |o| {
        o.abstraction = Abstraction::Impact;
        o.por = PorMode::SourceSets;
    }),
];

/// [`run_one`] over [`IMPACT_CONFIGS`] (all of them).
fn impact_run_one(g: &GenProgram, tally: &mut Tally, timeout: Duration) -> Result<(), String> {
    let mut sources = schedmc::diag::SourceMap::new();
    let loaded = schedmc::frontend::load_str("gen.c", &g.source, &front_opts(), &mut sources)
        .map_err(|d| format!("front end rejects a generated program: {}", d.message))?;
    let prog = loaded.program;
    tally.programs += 1;
    let mut results: Vec<(&str, V, String)> = Vec::new();
    for (name, set) in IMPACT_CONFIGS {
        let mut o = VerifyOptions {
            timeout: Some(timeout),
            ..VerifyOptions::default()
        };
        set(&mut o);
        let out = esst::verify(&prog, &o);
        let v = match &out.verdict {
            Verdict::Safe { .. } => V::Safe,
            Verdict::Unsafe(cex) => {
                if let Err(e) = interp::replay(&prog, cex, ReplaySemantics::BitVector) {
                    return Err(format!("{name}: FAILED trace does not replay: {e}"));
                }
                V::Unsafe
            }
            Verdict::Unknown(_) => V::Unknown,
        };
        let detail = match &out.verdict {
            Verdict::Unknown(r) => format!("UNKNOWN: {r}"),
            Verdict::Safe { .. } => format!("SUCCESSFUL ({} nodes)", out.stats.nodes),
            Verdict::Unsafe(_) => format!("FAILED ({} nodes)", out.stats.nodes),
        };
        results.push((name, v, detail));
        if v == V::Unknown {
            tally.skipped_unknown += 1;
            eprintln!(
                "impact: skipped {:?} seed {}: {name}: {}",
                g.flavor,
                g.seed,
                results.last().map_or("", |r| r.2.as_str())
            );
            return Ok(());
        }
    }
    tally.compared += 1;
    let first = results[0].1;
    let truth = g.safe.map(|s| if s { V::Safe } else { V::Unsafe });
    if !(results.iter().all(|r| r.1 == first) && truth.is_none_or(|t| t == first)) {
        let mut msg = format!(
            "impact: verdicts disagree on generated program (flavor {:?}, seed {}), ground truth {:?}:\n",
            g.flavor, g.seed, truth
        );
        for (n, _, d) in &results {
            msg.push_str(&format!("  {n}: {d}\n"));
        }
        msg.push_str("---- program ----\n");
        msg.push_str(&g.source);
        return Err(msg);
    }
    match first {
        V::Safe => tally.safe += 1,
        _ => tally.unsafe_ += 1,
    }
    Ok(())
}

/// A bounded sub-sample (`SCHEDMC_IMPACT_PROGRAMS` per flavor, default 40 pthread / 10
/// SystemC / 10 FreeRTOS; `SCHEDMC_POR_SEED`, `SCHEDMC_POR_TIMEOUT` as above).
fn impact_campaign(flavor: Flavor, default_count: u64) {
    let count = env_num("SCHEDMC_IMPACT_PROGRAMS", default_count);
    let base = env_num("SCHEDMC_POR_SEED", 0);
    let timeout = Duration::from_secs(env_num("SCHEDMC_POR_TIMEOUT", 3));
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for s in base..base + count {
        let g = gen::generate(s, flavor);
        if let Err(m) = impact_run_one(&g, &mut tally, timeout) {
            eprintln!("{m}");
            failures.push(m);
            if failures.len() >= 3 {
                break;
            }
        }
    }
    eprintln!("impact {flavor:?}: {tally:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        tally.compared * 2 >= tally.programs,
        "too many UNKNOWN programs: {tally:?}"
    );
}

#[test]
fn impact_agrees_with_predicates_pthread() {
    impact_campaign(Flavor::Pthread, 40);
}

#[test]
fn impact_agrees_with_predicates_systemc() {
    impact_campaign(Flavor::SystemC, 10);
}

#[test]
fn impact_agrees_with_predicates_freertos() {
    impact_campaign(Flavor::FreeRtos, 10);
}

/// The halting regression above, under Impact with every POR mode.
#[test]
fn impact_halting_check_in_main_does_not_hide_the_workers() {
    let source = r#"
#include <pthread.h>
#include <stdlib.h>
extern void reach_error(void);
int cnt = 0; int x = 0; int a = 0;
void *P0(void *arg) { a = x; cnt = cnt + 1; return 0; }
void *P1(void *arg) { x = 1; cnt = cnt + 1; return 0; }
int main() {
  pthread_t t0, t1;
  pthread_create(&t0, 0, P0, 0);
  pthread_create(&t1, 0, P1, 0);
  if (cnt != 2) abort();
  if (a == 1) reach_error();
  return 0;
}
"#;
    let mut sources = schedmc::diag::SourceMap::new();
    let prog = schedmc::frontend::load_str("halt.c", source, &front_opts(), &mut sources)
        .expect("front end")
        .program;
    for (name, set) in IMPACT_CONFIGS {
        let mut o = VerifyOptions {
            timeout: Some(Duration::from_secs(60)),
            ..VerifyOptions::default()
        };
        set(&mut o);
        let out = esst::verify(&prog, &o);
        assert!(
            matches!(out.verdict, Verdict::Unsafe(_)),
            "{name}: expected FAILED, got {:?}",
            out.verdict
        );
    }
}

/// Partial-order BMC (`--engine bmc` on a threaded program) against ESST with source sets and
/// the generator's ground truth, on generated pthread programs: where both decide, the
/// verdicts must agree; a FAILED pobmc trace must replay with the pthread scheduler
/// (`sched::replay::replay_scheduled`). `SCHEDMC_POBMC_PROGRAMS` (default 60).
fn pobmc_run_one(g: &GenProgram, tally: &mut Tally, timeout: Duration) -> Result<(), String> {
    use schedmc::engine::EngineKind;
    let mut sources = schedmc::diag::SourceMap::new();
    let loaded = schedmc::frontend::load_str("gen.c", &g.source, &front_opts(), &mut sources)
        .map_err(|d| format!("front end rejects a generated program: {}", d.message))?;
    let prog = loaded.program;
    tally.programs += 1;
    let o = VerifyOptions {
        timeout: Some(timeout),
        ..VerifyOptions::default()
    };
    let po = schedmc::engine::bmc::verify(&prog, &o, EngineKind::Bmc);
    let pv = match &po.verdict {
        Verdict::Safe { .. } => V::Safe,
        Verdict::Unsafe(cex) => {
            let spec = esst::load_spec(&prog, &o).map_err(|e| format!("no spec: {e}"))?;
            if let Err(e) = schedmc::sched::replay::replay_scheduled(
                &prog,
                &spec,
                cex,
                ReplaySemantics::BitVector,
            ) {
                return Err(format!(
                    "pobmc FAILED trace does not replay (seed {}): {e}\n{}",
                    g.seed, g.source
                ));
            }
            weak_models_keep_the_bug(&prog, &spec, &o, g)?;
            V::Unsafe
        }
        Verdict::Unknown(r) => {
            tally.skipped_unknown += 1;
            eprintln!("pobmc: skipped seed {}: UNKNOWN: {r}", g.seed);
            return Ok(());
        }
    };
    let ev = match esst::verify(&prog, &o).verdict {
        Verdict::Safe { .. } => V::Safe,
        Verdict::Unsafe(_) => V::Unsafe,
        Verdict::Unknown(_) => V::Unknown,
    };
    let truth = g.safe.map(|s| if s { V::Safe } else { V::Unsafe });
    if (ev != V::Unknown && ev != pv) || truth.is_some_and(|t| t != pv) {
        return Err(format!(
            "pobmc: {pv:?}, esst: {ev:?}, ground truth {truth:?} (seed {}):\n{}",
            g.seed, g.source
        ));
    }
    tally.compared += 1;
    match pv {
        V::Safe => tally.safe += 1,
        _ => tally.unsafe_ += 1,
    }
    Ok(())
}

/// A program FAILED under SC is never SUCCESSFUL under TSO or PSO (each allows every SC
/// execution), and a weak-memory FAILED trace replays with explicit store buffers
/// (`sched::replay::replay_weak`).
fn weak_models_keep_the_bug(
    prog: &schedmc::ir::Program,
    spec: &schedmc::sched::SchedulerSpec,
    o: &VerifyOptions,
    g: &GenProgram,
) -> Result<(), String> {
    use schedmc::engine::pobmc::MemoryModel;
    use schedmc::engine::EngineKind;
    for mm in [MemoryModel::Tso, MemoryModel::Pso] {
        let w = VerifyOptions { mm, ..o.clone() };
        match &schedmc::engine::bmc::verify(prog, &w, EngineKind::Bmc).verdict {
            Verdict::Safe { .. } => {
                return Err(format!(
                    "pobmc SUCCESSFUL under {} where SC is FAILED (seed {}):\n{}",
                    mm.name(),
                    g.seed,
                    g.source
                ))
            }
            Verdict::Unsafe(cex) => {
                if let Err(e) = schedmc::sched::replay::replay_weak(
                    prog,
                    spec,
                    cex,
                    ReplaySemantics::BitVector,
                    mm,
                ) {
                    return Err(format!(
                        "pobmc FAILED trace under {} does not replay (seed {}): {e}\n{}",
                        mm.name(),
                        g.seed,
                        g.source
                    ));
                }
            }
            Verdict::Unknown(_) => {}
        }
    }
    Ok(())
}

#[test]
fn pobmc_agrees_with_esst_pthread() {
    let count = env_num("SCHEDMC_POBMC_PROGRAMS", 60);
    let base = env_num("SCHEDMC_POR_SEED", 0);
    let timeout = Duration::from_secs(env_num("SCHEDMC_POR_TIMEOUT", 3));
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for s in base..base + count {
        let g = gen::generate(s, Flavor::Pthread);
        if let Err(m) = pobmc_run_one(&g, &mut tally, timeout) {
            eprintln!("{m}");
            failures.push(m);
            if failures.len() >= 3 {
                break;
            }
        }
    }
    eprintln!("pobmc Pthread: {tally:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        tally.compared * 2 >= tally.programs,
        "too many UNKNOWN programs: {tally:?}"
    );
    assert!(tally.safe > 0 && tally.unsafe_ > 0, "{tally:?}");
}
