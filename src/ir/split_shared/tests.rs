//! The pass on small C programs: the shape of the rewritten edges, and that every edge outside
//! an atomic section accesses shared memory at most once.

use super::*;
use crate::diag::SourceMap;
use crate::frontend::{load_str, FrontendOptions};

fn lower(text: &str) -> Program {
    let mut sm = SourceMap::new();
    match load_str("t.c", text, &FrontendOptions::default(), &mut sm) {
        Ok(l) => l.program,
        Err(d) => panic!("{}", d.render(&sm)),
    }
}

fn split(text: &str) -> (Program, SplitStats) {
    let mut p = lower(text);
    let s = split_shared_accesses(&mut p, &|_| false, &|_| None);
    (p, s)
}

fn ctx(p: &Program, thread: usize) -> Ctx {
    Ctx::new(p, thread, &writers(p))
}

/// Accesses of one operation: its read units, plus one for a shared write.
fn accesses(c: &Ctx, op: &Op) -> usize {
    let mut units = Vec::new();
    match op {
        Op::Assume(e) => c.units(e, &mut units),
        Op::Assign(g, e) => {
            let mut parts = Vec::new();
            if c.is_shared(*g) {
                decompose(e, *g, &mut parts);
            } else {
                parts.push(e.clone());
            }
            for p in &parts {
                c.units(p, &mut units);
            }
            return units.len() + usize::from(c.is_shared(*g));
        }
        _ => {}
    }
    units.len()
}

/// Every edge outside an atomic section has at most one access; edges go forward except
/// loop back edges; `out` and `loops` match the edges.
fn check_invariants(p: &Program) {
    for (t, cfg) in p.threads.iter().enumerate() {
        let c = ctx(p, t);
        let atomic = atomic_locations(cfg, &|_| None);
        for (i, e) in cfg.edges.iter().enumerate() {
            assert!(e.from.0 < cfg.num_locs && e.to.0 < cfg.num_locs);
            assert!(cfg.out[e.from.0 as usize].contains(&EdgeId(i as u32)));
            if !atomic[e.from.0 as usize] {
                assert!(
                    accesses(&c, &e.op) <= 1,
                    "{}: edge {} has {} accesses: {}",
                    cfg.name,
                    i,
                    accesses(&c, &e.op),
                    crate::ir::print::op_to_string(&e.op, p)
                );
            }
        }
        assert_eq!(cfg.loops, crate::ir::loops::find_loops(cfg));
        assert_eq!(cfg.loc_src.len(), cfg.num_locs as usize);
        assert_eq!(cfg.loc_func.len(), cfg.num_locs as usize);
    }
}

fn ops(p: &Program, thread: &str) -> Vec<String> {
    let cfg = &p.threads[p.thread_by_name(thread).unwrap().0 as usize];
    cfg.edges
        .iter()
        .map(|e| crate::ir::print::op_to_string(&e.op, p))
        .collect()
}

const THREADS: &str = "#include <pthread.h>\n";

#[test]
fn increment_is_a_load_and_a_store() {
    let (p, s) = split(&format!(
        "{THREADS} int hits; void *w(void *a) {{ hits++; return 0; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); hits = hits + 1; return 0; }}"
    ));
    // main's increment too: the worker writes `hits`
    check_invariants(&p);
    assert_eq!(s.statements, 2);
    assert_eq!(s.reads, 2);
    let w = ops(&p, "w");
    let r = w.iter().position(|o| o.ends_with(":= hits")).unwrap();
    let name = w[r].split(" :=").next().unwrap().to_string();
    assert!(name.starts_with("hits$r"), "{w:?}");
    assert_eq!(w[r + 1], format!("hits := ({name} + 1)"));
    // without threads' preemption the pass is not run; with it, the original program is
    // unchanged by a second run
    let mut again = p.clone();
    assert_eq!(
        split_shared_accesses(&mut again, &|_| false, &|_| None),
        SplitStats::default()
    );
    assert_eq!(again, p);
}

#[test]
fn copy_between_globals_reads_first() {
    let (p, s) = split(&format!(
        "{THREADS} int x, y; void *w(void *a) {{ x = y; return 0; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); y = 1; return 0; }}"
    ));
    check_invariants(&p);
    assert_eq!((s.statements, s.reads), (1, 1));
    let w = ops(&p, "w");
    let i = w.iter().position(|o| o.ends_with(":= y")).unwrap();
    assert!(w[i + 1].starts_with("x := y$r"), "{w:?}");
}

#[test]
fn branches_share_their_reads() {
    let (p, s) = split(&format!(
        "{THREADS} int x, y, z; void *w(void *a) {{ if (x == y) z = 1; return 0; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); x = 1; y = 1; return 0; }}"
    ));
    check_invariants(&p);
    assert_eq!((s.statements, s.reads), (1, 1));
    let cfg = &p.threads[p.thread_by_name("w").unwrap().0 as usize];
    // one read of x, then both branches from the same location over the same temporary
    let read = cfg
        .edges
        .iter()
        .find(|e| matches!(&e.op, Op::Assign(_, Expr::Var(v)) if p.var(*v).name == "x"))
        .unwrap();
    let branches: Vec<_> = cfg.out_edges(read.to).collect();
    assert_eq!(branches.len(), 2);
    for (_, b) in branches {
        assert!(matches!(b.op, Op::Assume(_)));
        assert!(crate::ir::print::op_to_string(&b.op, &p).contains("x$r"));
    }
}

#[test]
fn local_targets_keep_one_read() {
    let (p, s) = split(&format!(
        "{THREADS} int x, y; void *w(void *a) {{ int l = x + y; return (void *)(long)l; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); x = 1; y = 1; return 0; }}"
    ));
    check_invariants(&p);
    assert_eq!((s.statements, s.reads), (1, 1));
}

#[test]
fn switch_scrutinee_is_read_once() {
    let (p, s) = split(&format!(
        "{THREADS} int g, r; void *w(void *a) {{ switch (g) {{ case 1: r = 1; break;
         case 2: r = 2; break; default: r = 3; }} return 0; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); return 0; }}"
    ));
    check_invariants(&p);
    assert_eq!(s, SplitStats::default());
}

#[test]
fn indexed_store_keeps_other_cells_unread() {
    // a[i] = b: each cell is written only when i selects it, so its own value is no read
    let (p, s) = split(&format!(
        "{THREADS} int a[3], b; void *w(void *arg) {{ int i = __VERIFIER_nondet_int();
         if (i >= 0 && i < 3) a[i] = b; return 0; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); b = 1; return 0; }}"
    ));
    check_invariants(&p);
    let w = ops(&p, "w");
    assert!(w.iter().all(|o| !o.contains(":= a[")), "{w:?}");
    assert_eq!(s.reads, w.iter().filter(|o| o.ends_with(":= b")).count());
    assert!(s.reads >= 1);
    for o in w.iter().filter(|o| o.starts_with("a[")) {
        assert!(o.contains("b$r"), "{o}");
    }
}

#[test]
fn indexed_read_is_one_access() {
    let (p, s) = split(&format!(
        "{THREADS} int a[4], g; void *w(void *arg) {{ int i = __VERIFIER_nondet_int();
         if (i >= 0 && i < 4) g = a[i]; return 0; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); a[1] = 1; a[2] = 2; return 0; }}"
    ));
    check_invariants(&p);
    assert_eq!((s.statements, s.reads), (1, 1));
    assert!(ops(&p, "w").iter().any(|o| o.starts_with("read$r")));
}

#[test]
fn union_word_is_one_load() {
    let (p, s) = split(&format!(
        "{THREADS} union {{ unsigned w; unsigned char b[4]; }} u; unsigned g;
         void *w(void *a) {{ g = u.w; u.b[0] = 1; u.b[1] = 2; return 0; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); return 0; }}"
    ));
    check_invariants(&p);
    assert_eq!((s.statements, s.reads), (1, 1));
}

#[test]
fn atomic_sections_are_kept() {
    let (p, s) = split(&format!(
        "{THREADS} int hits; _Atomic int ah;
         void __VERIFIER_atomic_inc(void) {{ hits = hits + 1; }}
         void *w(void *a) {{ __VERIFIER_atomic_begin(); hits++; __VERIFIER_atomic_end();
         __VERIFIER_atomic_inc(); ah++; ah += 2; return 0; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); return 0; }}"
    ));
    check_invariants(&p);
    assert_eq!(s, SplitStats::default());
}

#[test]
fn loops_keep_their_heads() {
    let (p, s) = split(&format!(
        "{THREADS} int x, y; void *w(void *a) {{ while (x < y) x = x + 1; return 0; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); y = 5; return 0; }}"
    ));
    check_invariants(&p);
    assert_eq!(s.statements, 2);
    let cfg = &p.threads[p.thread_by_name("w").unwrap().0 as usize];
    assert_eq!(cfg.loops.len(), 1);
    // the loop head reads x first: the condition's reads come after the head
    let head = cfg.loops[0].head;
    let (_, first) = cfg.out_edges(head).next().unwrap();
    assert!(matches!(&first.op, Op::Assign(_, Expr::Var(v)) if p.var(*v).name == "x"));
    for e in &cfg.edges {
        assert!(e.to > e.from || e.to == cfg.loops[0].head);
    }
}

#[test]
fn skipped_threads_are_unchanged() {
    let mut p = lower(&format!(
        "{THREADS} int hits; void *w(void *a) {{ hits++; return 0; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); return 0; }}"
    ));
    let before = p.clone();
    let s = split_shared_accesses(&mut p, &|c| c.name == "w", &|_| None);
    assert_eq!(s, SplitStats::default());
    assert_eq!(p, before);
}

#[test]
fn caller_sections_are_kept() {
    // a section entered and left by calls the caller names (as FreeRTOS critical sections)
    let text = format!(
        "{THREADS} int hits; void enter(void); void leave(void);
         void *w(void *a) {{ enter(); hits++; leave(); hits++; return 0; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); return 0; }}"
    );
    let mut p = lower(&text);
    let s = split_shared_accesses(&mut p, &|_| false, &|op| match op {
        Op::Call { func, .. } if func == "enter" => Some(true),
        Op::Call { func, .. } if func == "leave" => Some(false),
        _ => None,
    });
    // only the increment after the section
    assert_eq!((s.statements, s.reads), (1, 1));
}

#[test]
fn reads_nobody_else_writes_stay_together() {
    // `limit` is never written, `count` only by main (one instance): main reads them within its
    // statement as before; the worker (possibly several instances) reads `count` on its own
    let (p, s) = split(&format!(
        "{THREADS} int limit = 3, count, out;
         void *w(void *a) {{ out = count + limit; return 0; }}
         int main() {{ pthread_t t; pthread_create(&t, 0, w, 0); count = count + limit;
         if (count == limit) out = 1; return 0; }}"
    ));
    check_invariants(&p);
    assert_eq!((s.statements, s.reads), (1, 1));
    let w = ops(&p, "w");
    assert!(w.iter().any(|o| o.ends_with(":= count")), "{w:?}");
    assert!(ops(&p, "main")
        .iter()
        .any(|o| o == "count := (count + limit)"));
}
