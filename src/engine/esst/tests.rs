//! ESST tests: small pthread programs through the real front end (with schedmc's headers),
//! every FAILED trace replayed on the concrete interpreter (the no-wrong-verdict run over the
//! SV-COMP pthread tasks is `tests/svcomp.rs`).

use super::*;
use crate::ir::interp::{self, ReplaySemantics};
use std::path::PathBuf;

fn front_opts() -> crate::frontend::FrontendOptions {
    crate::frontend::FrontendOptions {
        include_dirs: vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("include")],
        defines: vec![],
        target: crate::target::Target::ilp32(),
        ..Default::default()
    }
}

fn load(src: &str) -> Program {
    let mut sources = crate::diag::SourceMap::new();
    match crate::frontend::load_str("test.c", src, &front_opts(), &mut sources) {
        Ok(l) => l.program,
        Err(d) => panic!("front end: {d:?}"),
    }
}

fn opts() -> VerifyOptions {
    VerifyOptions {
        timeout: Some(Duration::from_secs(120)),
        ..VerifyOptions::default()
    }
}

/// Runs ESST; a FAILED verdict must replay.
fn check(src: &str) -> Verdict {
    let p = load(src);
    let o = verify(&p, &opts());
    if let Verdict::Unsafe(cex) = &o.verdict {
        if let Err(e) = sched_replay(&p, cex) {
            panic!("counterexample does not replay: {e}\n{:#?}", cex.steps);
        }
    }
    o.verdict
}

/// The driver's replay of ESST counterexamples: the interpreter with the scheduler.
fn sched_replay(
    p: &Program,
    cex: &Counterexample,
) -> Result<interp::ReplayedTrace, interp::ReplayError> {
    let spec = load_spec(p, &opts()).expect("scheduler");
    sched::replay::replay(p, &spec, cex, ReplaySemantics::BitVector)
}

fn is_safe(v: &Verdict) -> bool {
    matches!(v, Verdict::Safe { .. })
}
fn is_unsafe(v: &Verdict) -> bool {
    matches!(v, Verdict::Unsafe(_))
}

const PRELUDE: &str = "#include <pthread.h>\nextern void reach_error(void);\nvoid __VERIFIER_assert(int c) { if (!c) reach_error(); }\n";

fn prog(body: &str) -> String {
    format!("{PRELUDE}{body}")
}

#[test]
fn race_on_counter_fails() {
    let v = check(&prog(
        "int x = 0;
         void *inc(void *a) { int t = x; x = t + 1; return 0; }
         int main() { pthread_t t1, t2;
           pthread_create(&t1, 0, inc, 0); pthread_create(&t2, 0, inc, 0);
           pthread_join(t1, 0); pthread_join(t2, 0);
           __VERIFIER_assert(x == 2); return 0; }",
    ));
    assert!(is_unsafe(&v), "{v:?}");
}

#[test]
fn counter_with_mutex_is_safe() {
    let v = check(&prog(
        "int x = 0; pthread_mutex_t m;
         void *inc(void *a) { pthread_mutex_lock(&m); int t = x; x = t + 1; pthread_mutex_unlock(&m); return 0; }
         int main() { pthread_t t1, t2; pthread_mutex_init(&m, 0);
           pthread_create(&t1, 0, inc, 0); pthread_create(&t2, 0, inc, 0);
           pthread_join(t1, 0); pthread_join(t2, 0);
           __VERIFIER_assert(x == 2); return 0; }",
    ));
    assert!(is_safe(&v), "{v:?}");
}

#[test]
fn atomic_section_is_safe() {
    let v = check(&prog(
        "extern void __VERIFIER_atomic_begin(void); extern void __VERIFIER_atomic_end(void);
         int x = 0;
         void *inc(void *a) { __VERIFIER_atomic_begin(); int t = x; x = t + 1; __VERIFIER_atomic_end(); return 0; }
         int main() { pthread_t t1, t2;
           pthread_create(&t1, 0, inc, 0); pthread_create(&t2, 0, inc, 0);
           pthread_join(t1, 0); pthread_join(t2, 0);
           __VERIFIER_assert(x == 2); return 0; }",
    ));
    assert!(is_safe(&v), "{v:?}");
}

#[test]
fn join_orders_threads() {
    let safe = check(&prog(
        "int flag = 0;
         void *w(void *a) { flag = 1; return 0; }
         int main() { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0);
           __VERIFIER_assert(flag == 1); return 0; }",
    ));
    assert!(is_safe(&safe), "{safe:?}");
    let bad = check(&prog(
        "int flag = 0;
         void *w(void *a) { flag = 1; return 0; }
         int main() { pthread_t t; pthread_create(&t, 0, w, 0);
           __VERIFIER_assert(flag == 1); return 0; }",
    ));
    assert!(is_unsafe(&bad), "{bad:?}");
}

#[test]
fn thread_argument_and_locals_per_instance() {
    // Each instance has its own copy of `mine`; the shared sum sees both.
    let v = check(&prog(
        "int s = 0; pthread_mutex_t m;
         void *w(void *a) { int mine = 1; pthread_mutex_lock(&m); s = s + mine; pthread_mutex_unlock(&m); return 0; }
         int main() { pthread_t t1, t2;
           pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0);
           pthread_join(t1, 0); pthread_join(t2, 0);
           __VERIFIER_assert(s == 2); return 0; }",
    ));
    assert!(is_safe(&v), "{v:?}");
}

#[test]
fn deadlock_is_not_an_error() {
    // Both threads may block forever on the mutexes (lock order inversion); no assertion fails.
    let v = check(&prog(
        "pthread_mutex_t a, b; int x = 0;
         void *w1(void *p) { pthread_mutex_lock(&a); pthread_mutex_lock(&b); x = 1; pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); return 0; }
         void *w2(void *p) { pthread_mutex_lock(&b); pthread_mutex_lock(&a); x = 2; pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); return 0; }
         int main() { pthread_t t1, t2;
           pthread_create(&t1, 0, w1, 0); pthread_create(&t2, 0, w2, 0);
           pthread_join(t1, 0); pthread_join(t2, 0);
           __VERIFIER_assert(x == 1 || x == 2); return 0; }",
    ));
    assert!(is_safe(&v), "{v:?}");
}

#[test]
fn unbounded_thread_creation_is_unknown() {
    let v = check(&prog(
        "int x = 0;
         void *w(void *a) { return 0; }
         extern int __VERIFIER_nondet_int(void);
         extern void __VERIFIER_atomic_begin(void); extern void __VERIFIER_atomic_end(void);
         int main() { pthread_t t; __VERIFIER_atomic_begin();
           while (__VERIFIER_nondet_int()) { pthread_create(&t, 0, w, 0); }
           while (1) { }
           __VERIFIER_assert(x == 0); return 0; }",
    ));
    match v {
        Verdict::Unknown(r) => assert!(r.to_string().contains("capacity"), "{r}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn thread_parameter_reaches_the_instance() {
    let v = check(&prog(
        "int x = 0;
         void *w(void *a) { int k = (int)a; if (k == 7) x = 1; return 0; }
         int main() { pthread_t t; pthread_create(&t, 0, w, (void *)7); pthread_join(t, 0);
           __VERIFIER_assert(x == 0); return 0; }",
    ));
    assert!(is_unsafe(&v), "{v:?}");
}

#[test]
fn uninitialised_handles_are_tracked() {
    // `pthread_t t;` is havocked by the front end (an uninitialised address-taken local): the
    // handle written by pthread_create must still reach pthread_join.
    let safe = check(&prog(
        "int x = 0; extern int __VERIFIER_nondet_int(void);
         void *w(void *a) { x = x + 1; return 0; }
         int main() { pthread_t t[2]; int k = __VERIFIER_nondet_int();
           pthread_create(&t[0], 0, w, 0); pthread_create(&t[1], 0, w, 0);
           pthread_join(t[0], 0); pthread_join(t[1], 0);
           __VERIFIER_assert(x == 2 || x == 1); return 0; }",
    ));
    assert!(is_safe(&safe), "{safe:?}");
    // a handle overwritten by an external is unknown at the join: UNKNOWN, never a verdict
    let v = check(&prog(
        "int x = 0; extern void clobber(pthread_t *p);
         void *w(void *a) { x = 1; return 0; }
         int main() { pthread_t t; pthread_create(&t, 0, w, 0); clobber(&t);
           pthread_join(t, 0); __VERIFIER_assert(x == 1); return 0; }",
    ));
    match v {
        Verdict::Unknown(r) => assert!(
            r.to_string()
                .contains("non-constant argument to pthread_join"),
            "{r}"
        ),
        other => panic!("{other:?}"),
    }
}

fn with_placement(pl: PlacementKind) -> VerifyOptions {
    VerifyOptions {
        placement: pl,
        ..opts()
    }
}

const PLACEMENTS: [PlacementKind; 3] = [
    PlacementKind::Location,
    PlacementKind::Thread,
    PlacementKind::Global,
];

/// Same verdicts under every precision placement, on safe and buggy programs.
#[test]
fn placements_agree_on_verdicts() {
    let cases: [(&str, bool); 4] = [
        (
            "int g = 0;
             void *w(void *a) { int i = 0; while (i < 3) { i = i + 1; } g = i; return 0; }
             int main() { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0);
               __VERIFIER_assert(g == 3); return 0; }",
            true,
        ),
        (
            "int g = 0;
             void *w(void *a) { int i = 0; while (i < 3) { i = i + 1; } g = i; return 0; }
             int main() { pthread_t t; pthread_create(&t, 0, w, 0);
               __VERIFIER_assert(g == 3); return 0; }",
            false,
        ),
        (
            "int x = 0; pthread_mutex_t m;
             void *inc(void *a) { int t; pthread_mutex_lock(&m); t = x; x = t + 1; pthread_mutex_unlock(&m); return 0; }
             int main() { pthread_t t1, t2; pthread_mutex_init(&m, 0);
               pthread_create(&t1, 0, inc, 0); pthread_create(&t2, 0, inc, 0);
               pthread_join(t1, 0); pthread_join(t2, 0);
               __VERIFIER_assert(x == 2); return 0; }",
            true,
        ),
        (
            "int x = 0;
             void *inc(void *a) { int t = x; x = t + 1; return 0; }
             int main() { pthread_t t1, t2;
               pthread_create(&t1, 0, inc, 0); pthread_create(&t2, 0, inc, 0);
               pthread_join(t1, 0); pthread_join(t2, 0);
               __VERIFIER_assert(x == 2); return 0; }",
            false,
        ),
    ];
    for (src, safe) in cases {
        let p = load(&prog(src));
        for pl in PLACEMENTS {
            let o = verify(&p, &with_placement(pl));
            if let Verdict::Unsafe(cex) = &o.verdict {
                sched_replay(&p, cex).unwrap_or_else(|e| panic!("{pl:?}: does not replay: {e}"));
            }
            let ok = if safe {
                is_safe(&o.verdict)
            } else {
                is_unsafe(&o.verdict)
            };
            assert!(ok, "{pl:?} on\n{src}\ngave {:?}", o.verdict);
        }
    }
}

/// Predicates land where the placement rule says: over one thread's locals (and globals) in
/// that thread's precision (per location or per thread), everything else in π.
#[test]
fn placements_put_predicates_by_free_variables() {
    let p = load(&prog(
        "int g = 0;
         void *w(void *a) { int i = 0; while (i < 3) { i = i + 1; } g = i; return 0; }
         int main() { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0);
           __VERIFIER_assert(g == 3); return 0; }",
    ));
    let spec = SchedulerSpec::builtin("pthread").unwrap();
    for pl in PLACEMENTS {
        let o = with_placement(pl);
        let deadline = Deadline::new(o.timeout);
        let ghosts = Ghosts::new(p.vars.len());
        let mut an = Esst::new(&p, &spec, &o, &deadline, Semantics::WrappedInt, &ghosts);
        let v = an.run();
        assert!(matches!(v, Ok(Verdict::Safe { .. })), "{pl:?}: {v:?}");
        let insts = |id: &PredId| -> BTreeSet<u8> {
            an.pred_keys[id.0 as usize]
                .iter()
                .filter(|k| k.1 != GLOBAL)
                .map(|k| k.1)
                .collect()
        };
        let local_preds = an.precs.thread.values().map(Vec::len).sum::<usize>()
            + an.precs.loc.values().map(Vec::len).sum::<usize>();
        for (j, ps) in &an.precs.thread {
            for id in ps {
                assert_eq!(
                    insts(id),
                    BTreeSet::from([*j]),
                    "{pl:?}: thread precision of {j}"
                );
            }
        }
        for ((j, _), ps) in &an.precs.loc {
            for id in ps {
                assert_eq!(
                    insts(id),
                    BTreeSet::from([*j]),
                    "{pl:?}: location precision of {j}"
                );
            }
        }
        match pl {
            PlacementKind::Global => assert_eq!(local_preds, 0, "global placement"),
            PlacementKind::Thread => {
                assert!(an.precs.loc.values().all(Vec::is_empty));
                assert!(local_preds > 0, "the loop counter `i` is thread-local");
            }
            PlacementKind::Location => {
                assert!(an.precs.thread.values().all(Vec::is_empty));
                assert!(local_preds > 0, "the loop counter `i` is thread-local");
            }
        }
        // a predicate over `i` of the worker (instance 1) exists somewhere
        let all: Vec<PredId> = an
            .precs
            .global
            .iter()
            .chain(an.precs.thread.values().flatten())
            .chain(an.precs.loc.values().flatten())
            .copied()
            .collect();
        assert!(all.iter().any(|id| insts(id).contains(&1)), "{pl:?}");
    }
}

/// The scheduler replay rejects counterexamples whose scheduling the description does not
/// allow: a missing switch, a thread stepping while another runs, a wrong primitive result.
#[test]
fn scheduler_replay_rejects_tampered_traces() {
    let p = load(&prog(
        "int x = 0;
         void *inc(void *a) { int t = x; x = t + 1; return 0; }
         int main() { pthread_t t1, t2;
           pthread_create(&t1, 0, inc, 0); pthread_create(&t2, 0, inc, 0);
           pthread_join(t1, 0); pthread_join(t2, 0);
           __VERIFIER_assert(x == 2); return 0; }",
    ));
    let o = verify(&p, &opts());
    let Verdict::Unsafe(cex) = o.verdict else {
        panic!("{:?}", o.verdict)
    };
    let t = sched_replay(&p, &cex).expect("the engine's trace replays");
    assert!(t
        .steps
        .iter()
        .any(|s| matches!(s, interp::ReplayedStep::Sched(x) if x.contains("preemption"))));
    // drop the first context switch: the next thread's step is taken while another runs
    let mut a = cex.clone();
    let i = a
        .steps
        .iter()
        .position(|s| matches!(s, Step::Sched { text, .. } if text.starts_with("switch")))
        .expect("a switch");
    a.steps.remove(i);
    assert!(sched_replay(&p, &a).is_err(), "missing switch accepted");
    // a switch the scheduler cannot make
    let mut b = cex.clone();
    let nobody = crate::verdict::ThreadRef {
        thread: crate::ir::ThreadId(99),
        instance: 0,
    };
    b.steps[i] = Step::sched(
        crate::verdict::SchedDecision::switch(Some(nobody)),
        "switch main -> nobody (preemption)",
    );
    assert!(sched_replay(&p, &b).is_err(), "impossible switch accepted");
    // a primitive result that pthread_join does not give
    let mut c = cex.clone();
    let mut tampered = false;
    for s in c.steps.iter_mut() {
        if let Step::Sched { decision, text } = s {
            if text.starts_with("pthread_create") && !tampered {
                // the outcome without the created thread (a failing create)
                assert!(decision.started.is_some(), "{decision:?}");
                decision.started = None;
                tampered = true;
            }
        }
    }
    assert!(tampered);
    assert!(
        sched_replay(&p, &c).is_err(),
        "wrong primitive outcome accepted"
    );
}

const FREERTOS: &str =
    "#include <FreeRTOS.h>\n#include <task.h>\n#include <queue.h>\n#include <verifier.h>\n";

/// A task sends `v` (then overwrites it) and receives the item back into `w`: `w` holds the
/// value sent (copied by value at the send), so `w == want` decides the verdict.
fn queue_roundtrip(item_ty: &str, want: &str) -> String {
    format!(
        "{FREERTOS}QueueHandle_t q;
         void task(void *p) {{
           {item_ty} v = 7; {item_ty} w = 0;
           xQueueSend(q, &v, 0); v = 9;
           xQueueReceive(q, &w, 0);
           if (w != {want}) reach_error();
           for (;;) {{}} }}
         int main(void) {{ q = xQueueCreate(2, sizeof({item_ty}));
           xTaskCreate(task, \"t\", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
           vTaskStartScheduler(); return 0; }}"
    )
}

#[test]
fn queue_copies_items_by_value() {
    let v = check(&queue_roundtrip("int", "7"));
    assert!(is_safe(&v), "{v:?}");
    let v = check(&queue_roundtrip("unsigned char", "7"));
    assert!(is_safe(&v), "{v:?}");
}

#[test]
fn queue_copy_bug_is_found_and_replays() {
    // the item received is the value at the send (7), not the later 9: `w != 9` fails
    let p = load(&queue_roundtrip("int", "9"));
    let o = verify(&p, &opts());
    let Verdict::Unsafe(cex) = &o.verdict else {
        panic!("{:?}", o.verdict)
    };
    // the replayed trace shows the received item written into `w`
    let tr = sched_replay(&p, cex).expect("replays");
    let w = p.vars.iter().position(|x| x.name.ends_with("::w")).unwrap();
    assert!(
        tr.steps.iter().any(|s| matches!(s,
            interp::ReplayedStep::Edge { assigned, .. }
                if assigned.contains(&(crate::ir::VarId(w as u32), 7)))),
        "{:?}",
        tr.steps
    );
    // and no ghost slot cell leaks into the trace
    let n = p.vars.len() as u32;
    for s in &cex.steps {
        if let Step::Edge { assigned, .. } = s {
            assert!(assigned.iter().all(|(v, _)| v.0 < n), "{s:?}");
        }
    }
}

#[test]
fn queue_copy_of_a_struct_stays_unknown() {
    let v = check(&format!(
        "{FREERTOS}struct pair {{ int a; int b; }};
         QueueHandle_t q;
         void task(void *p) {{
           struct pair v = {{1, 2}}; struct pair w = {{0, 0}};
           xQueueSend(q, &v, 0);
           xQueueReceive(q, &w, 0);
           if (w.b != 2) reach_error();
           for (;;) {{}} }}
         int main(void) {{ q = xQueueCreate(2, sizeof(struct pair));
           xTaskCreate(task, \"t\", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
           vTaskStartScheduler(); return 0; }}"
    ));
    assert!(
        matches!(&v, Verdict::Unknown(r) if r.to_string().contains("queue item copies")),
        "{v:?}"
    );
}

const UNBOUNDED_SAFE: &str = r#"
#include <pthread.h>
#include <assert.h>
int lock, next;
void *w(void *a) {
    int c = 0;
    __VERIFIER_atomic_begin();
    if (lock == 0) { lock = 1; c = next; next = next + 1; lock = 0; }
    __VERIFIER_atomic_end();
    assert(c >= 0);
    return 0;
}
int main(void) {
    pthread_t t;
    while (1) pthread_create(&t, 0, w, 0);
    return 0;
}
"#;

#[test]
fn unbounded_thread_creation_is_an_honest_unknown() {
    let p = load(UNBOUNDED_SAFE);
    assert!(unbounded::unbounded_creation(&p).is_some());
    // the search ends by its work budget (30 s of this thread's CPU time), not by the 120 s
    // time limit; waiting for a core on a loaded machine does not count
    let work = crate::smt::Budget::new(None, Some(Duration::from_secs(45)));
    match check(UNBOUNDED_SAFE) {
        Verdict::Unknown(r) => {
            assert!(r.to_string().contains("unbounded number of threads"), "{r}");
            assert!(r.to_string().contains("line 15"), "{r}");
        }
        v => panic!("expected UNKNOWN, got {v:?}"),
    }
    assert!(!work.exhausted());
}

#[test]
fn unbounded_thread_creation_still_finds_errors_with_few_threads() {
    let v = check(
        r#"
#include <pthread.h>
#include <assert.h>
int n;
void *w(void *a) { n = n + 1; assert(n < 2); return 0; }
int main(void) {
    pthread_t t;
    while (1) pthread_create(&t, 0, w, 0);
    return 0;
}
"#,
    );
    assert!(is_unsafe(&v), "{v:?}");
}

#[test]
fn bounded_or_exiting_creation_loops_are_not_unbounded() {
    for src in [
        "#include <pthread.h>\nvoid *w(void *a) { return 0; }\nint main(void) { pthread_t t; for (int i = 0; i < 3; i++) pthread_create(&t, 0, w, 0); return 0; }",
        "#include <pthread.h>\nint stop; void *w(void *a) { stop = 1; return 0; }\nint main(void) { pthread_t t; while (1) { pthread_create(&t, 0, w, 0); if (stop) break; } return 0; }",
    ] {
        assert_eq!(unbounded::unbounded_creation(&load(src)), None, "{src}");
    }
}

/// An `abort()` (a blocking `assume false`) may be delayed: the other threads run before it.
/// Before it was a preemption point, ESST (and its proof) said SUCCESSFUL here.
#[test]
fn delayed_abort_does_not_hide_other_threads() {
    let src = prog(
        "#include <stdlib.h>\nint flag; _Thread_local int ready;\n\
         void *w(void *a) { flag = 1; if (!ready) abort(); return 0; }\n\
         int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); if (flag == 1) reach_error(); return 0; }",
    );
    assert!(is_unsafe(&check(&src)));
}

/// Unbounded creation: the bounded search finds an error that needs three created threads and
/// names the bound; a safe program whose writes are all one value is proved thread-modularly.
#[test]
fn bounded_search_over_created_threads() {
    let bug = prog(
        "int count; pthread_mutex_t m;\n\
         void *w(void *a) { pthread_mutex_lock(&m); count = count + 1; if (count == 3) reach_error(); pthread_mutex_unlock(&m); return 0; }\n\
         int main(void) { pthread_t t; pthread_mutex_init(&m, 0); while (1) pthread_create(&t, 0, w, 0); return 0; }",
    );
    match check(&bug) {
        Verdict::Unsafe(cex) => match &cex.violation {
            Violation::Property { description, .. } => {
                assert!(
                    description.contains("at most 3 created threads"),
                    "{description}"
                )
            }
            v => panic!("{v:?}"),
        },
        v => panic!("{v:?}"),
    }
    let safe = prog(
        "int flag; void *w(void *a) { flag = 1; if (flag != 1) reach_error(); return 0; }\n\
         int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); return 0; }",
    );
    let p = load(&safe);
    let o = verify(
        &p,
        &VerifyOptions {
            timeout: Some(Duration::from_secs(6)),
            ..VerifyOptions::default()
        },
    );
    // every write of `flag` is 1: the thread-modular proof (before it, the bounded search
    // ended UNKNOWN here)
    match &o.verdict {
        Verdict::Safe { note } => {
            assert!(
                note.as_deref().unwrap_or("").contains("thread-modular"),
                "{note:?}"
            )
        }
        v => panic!("{v:?}"),
    }
}

/// Handlers created forever publish a status the monitor checks; `bad` is the code a handler
/// without work publishes.
fn status_server(bad: i32) -> String {
    format!(
        r#"
#include <pthread.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int status;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *handler(void *arg) {{
    int work = __VERIFIER_nondet_int();
    pthread_mutex_lock(&m);
    status = 1;
    pthread_mutex_unlock(&m);
    if (work > 0) status = 2; else status = {bad};
    return 0;
}}
void *monitor(void *arg) {{ for (;;) {{ int s = status; assert(s >= 0 && s <= 2); }} return 0; }}
int main(void) {{
    pthread_t t;
    pthread_create(&t, 0, monitor, 0);
    while (1) pthread_create(&t, 0, handler, 0);
    return 0;
}}
"#
    )
}

#[test]
fn unboundedly_many_threads_are_proved_thread_modularly() {
    match check(&status_server(0)) {
        Verdict::Safe { note } => {
            assert!(note.unwrap_or_default().contains("thread-modular"));
        }
        v => panic!("expected SUCCESSFUL, got {v:?}"),
    }
}

#[test]
fn a_write_outside_the_rely_is_no_proof() {
    // the guarantee check of `status = 3` fails, the atoms are dropped, the monitor's
    // assertion fails in the over-approximation: no proof; the bounded search finds the run
    let p = load(&status_server(3));
    let o = opts();
    let spec = spec_for(&p, &o).unwrap();
    assert!(modular::prove(&p, &spec, &o, None).is_err());
    assert!(is_unsafe(&check(&status_server(3))));
}

#[test]
fn writes_of_main_after_a_creation_interfere() {
    // main's own write after creating the thread is another thread's write for the handler
    let src = prog(
        "int g = 0;
         void *w(void *a) { __VERIFIER_assert(g != 5); return 0; }
         int main(void) { pthread_t t; while (1) { pthread_create(&t, 0, w, 0); g = 5; } }",
    );
    let p = load(&src);
    let o = opts();
    let spec = spec_for(&p, &o).unwrap();
    assert!(modular::prove(&p, &spec, &o, None).is_err());
    assert!(is_unsafe(&check(&src)));
}

#[test]
fn a_thread_created_by_a_thread_is_followed_too() {
    let src = prog(
        "int g = 0;
         void *v(void *a) { g = 3; return 0; }
         void *w(void *a) { pthread_t u; pthread_create(&u, 0, v, 0); __VERIFIER_assert(g != 3); return 0; }
         int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); }",
    );
    let p = load(&src);
    let o = opts();
    let spec = spec_for(&p, &o).unwrap();
    assert!(modular::prove(&p, &spec, &o, None).is_err());
}

#[test]
fn an_atomic_section_keeps_other_threads_out() {
    // the same thread writes s and reads it back inside one atomic section: no interference
    let src = prog(
        "int s;
         extern int __VERIFIER_nondet_int(void);
         extern void __VERIFIER_atomic_begin(void); extern void __VERIFIER_atomic_end(void);
         void *w(void *a) { int l = __VERIFIER_nondet_int();
           __VERIFIER_atomic_begin(); s = l; __VERIFIER_assert(s == l); __VERIFIER_atomic_end();
           return 0; }
         int main(void) { pthread_t t; while (1) pthread_create(&t, 0, w, 0); }",
    );
    assert!(is_safe(&check(&src)));
    // outside one, another thread's write comes between
    let racy = src.replace(
        "s = l; __VERIFIER_assert",
        "s = l; __VERIFIER_atomic_end(); __VERIFIER_atomic_begin(); __VERIFIER_assert",
    );
    let p = load(&racy);
    let o = opts();
    let spec = spec_for(&p, &o).unwrap();
    assert!(modular::prove(&p, &spec, &o, None).is_err());
}

#[test]
fn a_thread_created_in_an_atomic_section_runs_after_it() {
    // the creator writes g = 1 after the creation, still inside its atomic section: the new
    // thread may run once the section ends and see it
    let src = prog(
        "int g = 0;
         extern void __VERIFIER_atomic_begin(void); extern void __VERIFIER_atomic_end(void);
         void *w(void *a) { __VERIFIER_assert(g == 0); return 0; }
         int main(void) { pthread_t t;
           while (1) { __VERIFIER_atomic_begin(); pthread_create(&t, 0, w, 0); g = 1;
                       __VERIFIER_atomic_end(); g = 0; } }",
    );
    let p = load(&src);
    let o = opts();
    let spec = spec_for(&p, &o).unwrap();
    assert!(modular::prove(&p, &spec, &o, None).is_err());
}
