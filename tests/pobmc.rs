//! Partial-order BMC (`--engine bmc|falsify|incremental|kinduction` on pthread programs):
//! verdicts on the pthread examples, replayed traces with scheduler steps, the iterative
//! engines, honest UNKNOWN answers for unwinding bounds and unsupported primitives, and the
//! SV-COMP fib_bench tasks when the benchmark checkout is present.

mod common;
use common::*;

fn verify(file: &str, extra: &[&str]) -> Run {
    let mut args = vec!["verify", file, "--timeout", "60"];
    args.extend_from_slice(extra);
    run(args)
}

fn temp_c(name: &str, text: &str) -> String {
    let p = std::env::temp_dir().join(format!("schedmc-pobmc-{}-{name}.c", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// Pthread examples with recursive or error-checking mutexes (`pthread_mutexattr_settype`,
/// glibc's static initialisers, C11 `mtx_init`): partial-order BMC models normal pthread
/// mutexes only and says so (ESST decides them under `auto`).
const POBMC_MUTEX_TYPES: &[&str] = &[
    "/recursive_mutex_safe.c",
    "/recursive_mutex_bug.c",
    "/errorcheck_mutex_safe.c",
    "/errorcheck_mutex_bug.c",
    "/normal_mutex_relock_safe.c",
    "/c11_recursive_mtx_safe.c",
    "/c11_recursive_mtx_bug.c",
    "/static_recursive_mutex_safe.c",
    "/static_errorcheck_mutex_bug.c",
];

/// What partial-order BMC names for the mutex-type examples.
const POBMC_MUTEX_TYPE_CALLS: &[&str] = &[
    "pthread_mutexattr_settype",
    "mtx_init",
    "__schedmc_mutex_init_kind",
];

/// Pthread examples with a thread that idles forever (`for (;;) {}`, a local loop whose exit
/// is never taken): without a bound the
/// unrolling never ends (an honest UNKNOWN); with `--unwind 2` the bug is found, and the safe
/// version's unwinding assertion fails (UNKNOWN, never SUCCESSFUL).
const POBMC_ENDLESS: &[&str] = &[
    "/spin_tail_safe.c",
    "/spin_tail_bug.c",
    "/local_spin_safe.c",
    "/local_spin_bug.c",
    "/odd_counter_spin_bug.c",
    // threads created in a loop without exit: proved by ESST's thread-modular abstraction
    "/unbounded_modular_safe.c",
];

#[test]
fn pthread_examples_give_their_expected_verdicts() {
    for ex in examples() {
        let p = ex.path.display().to_string();
        if !p.contains("examples/pthread/") {
            continue;
        }
        if POBMC_ENDLESS.iter().any(|n| p.ends_with(n)) {
            let r = verify(&p, &["--engine", "bmc"]);
            assert!(
                r.last_line()
                    .starts_with("VERIFICATION UNKNOWN: the unrolling exceeds"),
                "{p}: {}",
                r.stdout
            );
            if ex.expect == "SUCCESSFUL" {
                let r = verify(&p, &["--engine", "bmc", "--unwind", "2"]);
                assert!(
                    r.last_line()
                        .starts_with("VERIFICATION UNKNOWN: unwinding assertion fails"),
                    "{p}: {}",
                    r.stdout
                );
                continue;
            }
        }
        let bound: &[&str] = if POBMC_ENDLESS.iter().any(|n| p.ends_with(n)) {
            &["--engine", "bmc", "--unwind", "2"]
        } else {
            &["--engine", "bmc"]
        };
        let r = verify(&p, bound);
        let last = r.last_line();
        if POBMC_MUTEX_TYPES.iter().any(|n| p.ends_with(n)) {
            assert!(
                POBMC_MUTEX_TYPE_CALLS
                    .iter()
                    .any(|f| last.starts_with(&format!("VERIFICATION UNKNOWN: unsupported: {f}"))),
                "{p}: {}",
                r.stdout
            );
            continue;
        }
        match ex.expect.as_str() {
            "SUCCESSFUL" => assert_eq!(last, "VERIFICATION SUCCESSFUL", "{p}: {}", r.stdout),
            "FAILED" => {
                assert!(
                    last.starts_with("VERIFICATION FAILED"),
                    "{p}: {}\n{}",
                    r.stdout,
                    r.stderr
                );
                // the replayed trace shows the scheduler's decisions, e.g. the thread creation
                assert!(r.stdout.contains("[scheduler]"), "{p}: {}", r.stdout);
                assert!(
                    r.stdout.contains("pthread_create: creates"),
                    "{p}: {}",
                    r.stdout
                );
            }
            e => panic!("{p}: unexpected expectation {e}"),
        }
    }
}

#[test]
fn iterative_engines_decide_fib_shapes() {
    let r = verify(
        "examples/pobmc/fib_bench_safe.c",
        &["--engine", "incremental"],
    );
    assert_eq!(r.last_line(), "VERIFICATION SUCCESSFUL", "{}", r.stdout);
    let r = verify("examples/pobmc/fib_bench_bug.c", &["--engine", "falsify"]);
    assert!(
        r.last_line().starts_with("VERIFICATION FAILED"),
        "{}",
        r.stdout
    );
    // falsify never proves
    let r = verify("examples/pobmc/fib_bench_safe.c", &["--engine", "falsify"]);
    assert!(
        r.last_line().starts_with("VERIFICATION UNKNOWN"),
        "{}",
        r.stdout
    );
}

#[test]
fn too_small_unwinding_is_unknown_not_successful() {
    let r = verify(
        "examples/pobmc/fib_bench_safe.c",
        &["--engine", "bmc", "--unwind", "3"],
    );
    let last = r.last_line();
    assert!(last.starts_with("VERIFICATION UNKNOWN"), "{}", r.stdout);
    assert!(last.contains("unwinding assertion"), "{last}");
    // with the full bound (5 iterations + the exit test) it is a proof
    let r = verify(
        "examples/pobmc/fib_bench_safe.c",
        &["--engine", "bmc", "--unwind", "6"],
    );
    assert_eq!(r.last_line(), "VERIFICATION SUCCESSFUL", "{}", r.stdout);
}

/// Mutexes reached through computed pointers (`&locks[id]` in examples/pthread/mutex_array_*,
/// `&a->m` with a nondeterministic `a` here): the lock is one of the candidate mutexes; a
/// pointer that may be none of them (NULL) stays UNKNOWN.
#[test]
fn mutexes_through_computed_pointers() {
    let r = verify(
        "examples/pobmc/mutex_field_ptr_safe.c",
        &["--engine", "bmc"],
    );
    assert_eq!(r.last_line(), "VERIFICATION SUCCESSFUL", "{}", r.stdout);
    let r = verify("examples/pobmc/mutex_field_ptr_bug.c", &["--engine", "bmc"]);
    assert!(
        r.last_line().starts_with("VERIFICATION FAILED"),
        "{}",
        r.stdout
    );
    let f = temp_c(
        "null_mutex",
        r#"#include <pthread.h>
#include <verifier.h>
pthread_mutex_t mm;
int c;
void *t(void *arg) {
  pthread_mutex_t *p = __VERIFIER_nondet_int() ? &mm : 0;
  pthread_mutex_lock(p);
  int v = c;
  c = v + 1;
  pthread_mutex_unlock(p);
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t, 0);
  pthread_create(&b, 0, t, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (c != 2) reach_error();
  return 0;
}
"#,
    );
    let r = verify(&f, &["--engine", "bmc"]);
    assert!(
        r.last_line().starts_with(
            "VERIFICATION UNKNOWN: unsupported: pthread_mutex_lock through a pointer that is \
             not the address"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn unsupported_primitive_is_unknown() {
    let f = temp_c(
        "cond",
        r#"#include <pthread.h>
#include <verifier.h>
int ready;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c;
void *w(void *a) {
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  if (!ready) reach_error();
  return 0;
}
"#,
    );
    let r = verify(&f, &["--engine", "bmc"]);
    let last = r.last_line();
    assert!(last.starts_with("VERIFICATION UNKNOWN"), "{}", r.stdout);
    assert!(last.contains("pthread_cond"), "{last}");
}

#[test]
fn unjoined_worker_after_main_returns_cannot_fail() {
    // main returns right after creating the worker (the program ends): the worker's error
    // needs main's write, which main makes only after its check, so it cannot happen before
    // main's return; with the join the worker's write is visible and the check fails.
    let safe = temp_c(
        "mainexit",
        r#"#include <pthread.h>
#include <verifier.h>
int go;
void *w(void *a) {
  if (go) reach_error();
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  go = 1;
  return 0;
}
"#,
    );
    // go = 1 before main returns: the worker may see it
    let r = verify(&safe, &["--engine", "bmc"]);
    assert!(
        r.last_line().starts_with("VERIFICATION FAILED"),
        "{}",
        r.stdout
    );
    let safe2 = temp_c(
        "mainexit2",
        r#"#include <pthread.h>
#include <verifier.h>
int go;
void *w(void *a) {
  if (go) reach_error();
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  return 0;
}
"#,
    );
    let r = verify(&safe2, &["--engine", "bmc"]);
    assert_eq!(r.last_line(), "VERIFICATION SUCCESSFUL", "{}", r.stdout);
}

#[test]
fn svcomp_fib_bench_tasks_are_decided() {
    let dir = root().join("../shared/benchmarks/svcomp/pthread");
    let dir = if dir.exists() {
        dir
    } else {
        std::path::PathBuf::from("/work/shared/benchmarks/svcomp/pthread")
    };
    if !dir.exists() {
        eprintln!("note: SV-COMP benchmark checkout not found, skipped");
        return;
    }
    for (task, want) in [
        ("fib_bench-1.i", "VERIFICATION SUCCESSFUL"),
        ("fib_bench-2.i", "VERIFICATION FAILED"),
    ] {
        let p = dir.join(task).display().to_string();
        let r = verify(&p, &["--engine", "bmc"]);
        assert!(r.last_line().starts_with(want), "{task}: {}", r.stdout);
    }
}
