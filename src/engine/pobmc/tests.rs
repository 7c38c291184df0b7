//! Weak-memory counterexamples of partial-order BMC replay with explicit store buffers
//! (`sched::replay::replay_weak`), and a trace changed against the model does not.

use super::*;
use crate::ir::interp::ReplaySemantics;
use crate::verdict::{Counterexample, Step};
use std::path::PathBuf;
use std::time::Duration;

fn load(src: &str) -> Program {
    let opts = crate::frontend::FrontendOptions {
        include_dirs: vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("include")],
        ..Default::default()
    };
    let mut sources = crate::diag::SourceMap::new();
    match crate::frontend::load_str("test.c", src, &opts, &mut sources) {
        Ok(l) => l.program,
        Err(d) => panic!("front end: {d:?}"),
    }
}

fn opts(mm: MemoryModel) -> VerifyOptions {
    VerifyOptions {
        timeout: Some(Duration::from_secs(120)),
        mm,
        ..VerifyOptions::default()
    }
}

fn counterexample(p: &Program, mm: MemoryModel) -> Counterexample {
    match verify(p, &opts(mm), EngineKind::Bmc).verdict {
        Verdict::Unsafe(c) => c,
        v => panic!("expected FAILED under {mm:?}, got {v:?}"),
    }
}

fn replay(p: &Program, cex: &Counterexample, mm: MemoryModel) -> Result<(), String> {
    let spec = crate::engine::esst::load_spec(p, &opts(mm)).expect("scheduler");
    crate::sched::replay::replay_weak(p, &spec, cex, ReplaySemantics::BitVector, mm)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

const SB: &str = "#include <pthread.h>\nextern void reach_error(void);\nint x, y, r0, r1;\n\
    void *p0(void *a) { x = 1; r0 = y; return 0; }\n\
    void *p1(void *a) { y = 1; r1 = x; return 0; }\n\
    int main(void) { pthread_t a, b; pthread_create(&a, 0, p0, 0);\n\
    pthread_create(&b, 0, p1, 0); pthread_join(a, 0); pthread_join(b, 0);\n\
    if (r0 == 0 && r1 == 0) reach_error(); return 0; }\n";

fn is_flush_of(p: &Program, s: &Step, name: &str) -> bool {
    matches!(s, Step::Flush { var, .. } if p.var(*var).name == name)
}

#[test]
fn store_buffering_replays_and_edited_traces_do_not() {
    let p = load(SB);
    for mm in [MemoryModel::Tso, MemoryModel::Pso] {
        let cex = counterexample(&p, mm);
        replay(&p, &cex, mm).unwrap_or_else(|e| panic!("{mm:?}: {e}\n{:#?}", cex.steps));
        // the weak trace is no interleaving: it does not replay under SC
        assert!(replay(&p, &cex, MemoryModel::Sc).is_err());
        let fx = cex
            .steps
            .iter()
            .position(|s| is_flush_of(&p, s, "x"))
            .expect("a flush of x");
        // without the flush of x, p0 finishes (a barrier) with `x = 1` still buffered (TSO:
        // or a later store of p0 is flushed before it)
        let mut no_flush = cex.clone();
        no_flush.steps.remove(fx);
        let e = replay(&p, &no_flush, mm).unwrap_err();
        assert!(e.contains("buffered"), "{mm:?}: {e}");
        // flushing x right after its store: p1 reads 1, not the engine's 0
        let sx = cex
            .steps
            .iter()
            .position(|s| matches!(s, Step::Edge { assigned, .. } if assigned.iter().any(|(v, _)| p.var(*v).name == "x")))
            .expect("the store of x");
        let mut early = cex.clone();
        let f = early.steps.remove(fx);
        early.steps.insert(sx + 1, f);
        assert!(replay(&p, &early, mm).is_err(), "{mm:?}");
    }
}

#[test]
fn tso_flushes_in_program_order_pso_per_address() {
    // MP: the flag visible before the data is PSO only
    let mp = "#include <pthread.h>\nextern void reach_error(void);\nint data, flag, r0, r1;\n\
        void *p0(void *a) { data = 1; flag = 1; return 0; }\n\
        void *p1(void *a) { r0 = flag; r1 = data; return 0; }\n\
        int main(void) { pthread_t a, b; pthread_create(&a, 0, p0, 0);\n\
        pthread_create(&b, 0, p1, 0); pthread_join(a, 0); pthread_join(b, 0);\n\
        if (r0 == 1 && r1 == 0) reach_error(); return 0; }\n";
    let p = load(mp);
    let cex = counterexample(&p, MemoryModel::Pso);
    replay(&p, &cex, MemoryModel::Pso).unwrap();
    let e = replay(&p, &cex, MemoryModel::Tso).unwrap_err();
    assert!(e.contains("oldest buffered store"), "{e}");
    assert!(matches!(
        verify(&p, &opts(MemoryModel::Tso), EngineKind::Bmc).verdict,
        Verdict::Safe { .. }
    ));
}

/// The fence before an `_Atomic` object's seq_cst store or increment is dropped where the
/// model does not need it (SC always, TSO before a writing section), kept under PSO; a
/// `__sync_synchronize()` not followed by an atomic section stays.
#[test]
fn redundant_fences_are_dropped_per_model() {
    let src = "#include <pthread.h>\n_Atomic int c; int x;\n\
               void *w(void *a) { c++; c = 2; x = 1; __sync_synchronize(); x = 2; return 0; }\n\
               int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); return 0; }\n";
    let empty_sections = |p: &Program| {
        p.threads
            .iter()
            .flat_map(|c| c.edges.iter())
            .filter(|e| matches!(e.op, crate::ir::Op::AtomicBegin))
            .count()
    };
    let p = load(src);
    // two writing sections, two fences before them, one lone fence
    assert_eq!(empty_sections(&p), 5);
    for (mm, dropped) in [
        (MemoryModel::Sc, 2),
        (MemoryModel::Tso, 2),
        (MemoryModel::Pso, 0),
    ] {
        let mut q = p.clone();
        assert_eq!(
            barrier::drop_redundant_fences(&mut q, mm),
            dropped,
            "{mm:?}"
        );
        assert_eq!(empty_sections(&q), 5 - dropped, "{mm:?}");
    }
}

/// A worker that makes a write visible and then blocks for ever (`abort()` is a false
/// assumption) does not hide that write from main: the blocking assumption is a preemption
/// point (a wrong SUCCESSFUL before), and the counterexample replays.
#[test]
fn a_thread_blocked_after_a_write_hides_nothing() {
    let p = load(
        "#include <pthread.h>\n#include <stdlib.h>\nextern void reach_error(void);\n\
         int flag;\n\
         void *worker(void *arg) { int ready = arg != 0; flag = 1; if (!ready) abort(); return 0; }\n\
         int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0);\n\
         if (flag == 1) reach_error(); return 0; }\n",
    );
    let cex = counterexample(&p, MemoryModel::Sc);
    replay(&p, &cex, MemoryModel::Sc).expect("the counterexample replays");
}

/// A mutex chosen by a nondeterministic index (`&locks[i]`): with the counter of the same
/// index the updates are protected under every model (the lock is a full fence); with counter 0
/// whatever the index, two threads locking different mutexes race, and the counterexample
/// replays. (The counters are separate variables: a store through a symbolic index `c[i]` is
/// lowered as a store to every cell, which under TSO/PSO is a visible write-back.)
#[test]
fn mutex_through_a_computed_pointer() {
    let src = |counter: &str| {
        format!(
            "#include <pthread.h>\nextern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
             pthread_mutex_t locks[2]; int c0, c1;\n\
             void *t(void *a) {{ int i = __VERIFIER_nondet_int() ? 1 : 0;\n\
             pthread_mutex_lock(&locks[i]);\n\
             if ({counter}) {{ int v = c1; c1 = v + 1; }} else {{ int v = c0; c0 = v + 1; }}\n\
             pthread_mutex_unlock(&locks[i]); return 0; }}\n\
             int main(void) {{ pthread_t a, b; pthread_create(&a, 0, t, 0);\n\
             pthread_create(&b, 0, t, 0); pthread_join(a, 0); pthread_join(b, 0);\n\
             if (c0 + c1 != 2) reach_error(); return 0; }}\n"
        )
    };
    let safe = load(&src("i"));
    for mm in [MemoryModel::Sc, MemoryModel::Tso, MemoryModel::Pso] {
        let v = verify(&safe, &opts(mm), EngineKind::Bmc).verdict;
        assert!(matches!(v, Verdict::Safe { .. }), "{mm:?}: {v:?}");
    }
    let bug = load(&src("0"));
    for mm in [MemoryModel::Sc, MemoryModel::Tso] {
        let cex = counterexample(&bug, mm);
        replay(&bug, &cex, mm).unwrap_or_else(|e| panic!("{mm:?}: {e}"));
    }
}

/// Globals only `main` names are main-only; one a worker reaches through its argument, one it
/// names, and the handle a worker joins are not.
#[test]
fn main_only_globals_exclude_escaped_and_named_ones() {
    let p = load(
        "#include <pthread.h>\n\
         int mine, escaped, named; pthread_t h;\n\
         void *w(void *a) { *(int *)a = 1; named = 2; return 0; }\n\
         void *v(void *a) { pthread_join(h, 0); return 0; }\n\
         int main(void) { pthread_t t; mine = 3; pthread_create(&h, 0, w, &escaped);\n\
         pthread_create(&t, 0, v, 0); return mine + escaped + named; }\n",
    );
    let only = super::main_only::main_only_globals(&p);
    let is_only = |name: &str| {
        let i = p.vars.iter().position(|v| v.name == name).expect(name);
        only[i]
    };
    assert!(is_only("mine"));
    assert!(!is_only("escaped"));
    assert!(!is_only("named"));
    assert!(!is_only("h"));
}
