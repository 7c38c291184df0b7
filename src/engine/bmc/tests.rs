//! Tests of the BMC-family engines on hand-built IR (and, where available, on C examples).

use super::verify;
use crate::diag::Loc;
use crate::engine::{EngineKind, VerifyOptions};
use crate::ir::interp::{replay, ReplaySemantics};
use crate::ir::{
    BinOp, CallArg, Cfg, Edge, EdgeId, ErrorKind, Expr, LocId, LoopInfo, Op, Program, Scope,
    ThreadId, Type, Var, VarId,
};
use crate::verdict::{Counterexample, Outcome, Step, Verdict, Violation};

pub(crate) const I32: Type = Type::Int {
    bits: 32,
    signed: true,
};
pub(crate) const U32: Type = Type::Int {
    bits: 32,
    signed: false,
};

pub(crate) fn var(name: &str, ty: Type, init: Option<i128>) -> Var {
    Var {
        name: name.into(),
        ty,
        scope: if init.is_some() {
            Scope::Global
        } else {
            Scope::Local(ThreadId(0))
        },
        init,
        is_temp: false,
        loc: None,
    }
}

fn loc(line: u32) -> Loc {
    Loc {
        file: crate::diag::FileId(0),
        line,
        col: 1,
    }
}

/// A one-thread program from (from, to, op) edges over `n` locations: entry 0, exit n-2,
/// error n-1; loops from the back edges (ids in order of heads).
pub(crate) fn program(vars: Vec<Var>, edges: Vec<(u32, u32, Op)>, n: u32) -> Program {
    let mut out = vec![Vec::new(); n as usize];
    let mut es = Vec::new();
    let mut loops: Vec<LoopInfo> = Vec::new();
    for (i, (f, t, op)) in edges.into_iter().enumerate() {
        assert!(f < n && t < n);
        out[f as usize].push(EdgeId(i as u32));
        if t <= f {
            match loops.iter_mut().find(|l| l.head == LocId(t)) {
                Some(l) => l.back_edges.push(EdgeId(i as u32)),
                None => loops.push(LoopInfo {
                    id: 0,
                    head: LocId(t),
                    back_edges: vec![EdgeId(i as u32)],
                    loc: loc(t + 1),
                }),
            }
        }
        es.push(Edge {
            from: LocId(f),
            to: LocId(t),
            op,
            loc: loc(f + 1),
        });
    }
    loops.sort_by_key(|l| l.head);
    for (i, l) in loops.iter_mut().enumerate() {
        l.id = i as u32;
    }
    Program {
        vars,
        objects: vec![],
        threads: vec![Cfg {
            name: "main".into(),
            num_locs: n,
            entry: LocId(0),
            exit: LocId(n - 2),
            error: LocId(n - 1),
            edges: es,
            out,
            loc_src: (0..n).map(|i| loc(i + 1)).collect(),
            loc_func: (0..n).map(|_| "main".to_string()).collect(),
            loops,
            param: None,
            param2: None,
            ret: None,
        }],
        pointer_bits: 32,
        target: "ilp32".into(),
        floats: Default::default(),
    }
}

pub(crate) fn v(i: u32) -> Expr {
    Expr::Var(VarId(i))
}
pub(crate) fn c(x: i128) -> Expr {
    Expr::Const(x, I32)
}
pub(crate) fn cu(x: i128) -> Expr {
    Expr::Const(x, U32)
}
pub(crate) fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}
fn assume(e: Expr) -> Op {
    Op::Assume(e)
}
fn assign(x: u32, e: Expr) -> Op {
    Op::Assign(VarId(x), e)
}
fn err() -> Op {
    Op::Error(ErrorKind::ReachError)
}

pub(crate) fn opts() -> VerifyOptions {
    VerifyOptions::default()
}
pub(crate) fn unwind(k: u32) -> VerifyOptions {
    VerifyOptions {
        unwind: Some(k),
        ..VerifyOptions::default()
    }
}

/// Runs an engine and, for FAILED, checks that the trace replays on the interpreter.
pub(crate) fn run(p: &Program, o: &VerifyOptions, kind: EngineKind) -> Outcome {
    let out = verify(p, o, kind);
    if let Verdict::Unsafe(cex) = &out.verdict {
        let sem = ReplaySemantics::from_int_math(o.int_math);
        if let Err(e) = replay(p, cex, sem) {
            panic!("{kind:?}: counterexample does not replay: {e}\n{cex:#?}");
        }
    }
    out
}

fn is_safe(o: &Outcome) -> bool {
    matches!(o.verdict, Verdict::Safe { .. })
}
#[track_caller]
fn cex(o: &Outcome) -> &Counterexample {
    match &o.verdict {
        Verdict::Unsafe(c) => c,
        v => panic!("expected FAILED, got {v:?}"),
    }
}
#[track_caller]
fn unknown(o: &Outcome) -> String {
    match &o.verdict {
        Verdict::Unknown(r) => r.to_string(),
        v => panic!("expected UNKNOWN, got {v:?}"),
    }
}
fn nondets(c: &Counterexample) -> Vec<i128> {
    c.steps
        .iter()
        .flat_map(|s| match s {
            Step::Edge { nondet, .. } => nondet.clone(),
            _ => vec![],
        })
        .collect()
}

/// x = nondet; y = x + 1; if (y == 6) error
fn straight_bug() -> Program {
    program(
        vec![var("x", I32, None), var("y", I32, Some(0))],
        vec![
            (0, 1, Op::Nondet(VarId(0))),
            (1, 2, assign(1, bin(BinOp::Add, v(0), c(1)))),
            (2, 3, assume(bin(BinOp::Eq, v(1), c(6)))),
            (2, 4, assume(bin(BinOp::Ne, v(1), c(6)))),
            (3, 5, err()),
        ],
        6,
    )
}

#[test]
fn straight_line_bug_has_replayable_trace() {
    for kind in [
        EngineKind::Bmc,
        EngineKind::Falsify,
        EngineKind::Incremental,
        EngineKind::Kinduction,
    ] {
        let o = run(&straight_bug(), &unwind(1), kind);
        let c = cex(&o);
        assert_eq!(nondets(c), vec![5]);
        assert!(
            matches!(&c.violation, Violation::Property { description, .. } if description == "reach_error()")
        );
        assert_eq!(c.steps.len(), 4);
    }
}

#[test]
fn straight_line_safe() {
    // x = nondet; assume(x < 5); if (x == 7) error
    let p = program(
        vec![var("x", I32, None)],
        vec![
            (0, 1, Op::Nondet(VarId(0))),
            (1, 2, assume(bin(BinOp::Lt, v(0), c(5)))),
            (2, 3, assume(bin(BinOp::Eq, v(0), c(7)))),
            (2, 4, assume(bin(BinOp::Ne, v(0), c(7)))),
            (3, 5, err()),
        ],
        6,
    );
    for kind in [
        EngineKind::Bmc,
        EngineKind::Incremental,
        EngineKind::Kinduction,
    ] {
        let o = run(&p, &opts(), kind);
        assert_eq!(o.verdict, Verdict::Safe { note: None }, "{kind:?}");
    }
    assert!(unknown(&run(&p, &opts(), EngineKind::Falsify)).contains("no counterexample"));
}

/// i = 0; while (i < n) i++; if (i != n) error   (n = 10)
fn counter_loop(n: i128) -> Program {
    program(
        vec![var("i", I32, Some(0))],
        vec![
            (0, 1, assign(0, c(0))),
            (1, 2, assume(bin(BinOp::Lt, v(0), c(n)))),
            (2, 1, assign(0, bin(BinOp::Add, v(0), c(1)))),
            (1, 3, assume(bin(BinOp::Ge, v(0), c(n)))),
            (3, 4, assume(bin(BinOp::Ne, v(0), c(n)))),
            (3, 5, assume(bin(BinOp::Eq, v(0), c(n)))),
            (4, 6, err()),
        ],
        7,
    )
}

#[test]
fn unwinding_assertion_bound_is_head_visits() {
    let p = counter_loop(10);
    // 10 iterations: the head is visited 11 times.
    assert!(is_safe(&run(&p, &unwind(11), EngineKind::Bmc)));
    assert!(is_safe(&run(&p, &unwind(12), EngineKind::Bmc)));
    let o = run(&p, &unwind(10), EngineKind::Bmc);
    let c = cex(&o);
    assert!(matches!(
        c.violation,
        Violation::UnwindingAssertion { loop_id: 0, .. }
    ));
    // 10 iterations of (assume, increment) after the initial assignment; ends with the back edge.
    assert_eq!(c.steps.len(), 1 + 2 * 10);
    assert_eq!(o.stats.k, Some(10));
    // Without unwinding assertions: no proof.
    let o = run(
        &p,
        &VerifyOptions {
            unwinding_assertions: false,
            ..unwind(10)
        },
        EngineKind::Bmc,
    );
    assert!(unknown(&o).contains("unwinding assertions disabled"));
    let o = run(
        &p,
        &VerifyOptions {
            partial_loops: true,
            ..unwind(5)
        },
        EngineKind::Bmc,
    );
    assert!(unknown(&o).contains("unwinding assertions disabled"));
    // Assertions disabled, but the bound suffices: still a proof.
    let o = run(
        &p,
        &VerifyOptions {
            unwinding_assertions: false,
            ..unwind(11)
        },
        EngineKind::Bmc,
    );
    assert!(is_safe(&o));
    // --unwindset overrides --unwind for loop 0.
    let o = run(
        &p,
        &VerifyOptions {
            unwindset: vec![(0, 11)],
            ..unwind(2)
        },
        EngineKind::Bmc,
    );
    assert!(is_safe(&o));
    // No bound: unrolled until the loop exits (constants fold).
    assert!(is_safe(&run(&p, &opts(), EngineKind::Bmc)));
}

#[test]
fn incremental_proves_bounded_loop_at_exact_k() {
    let o = run(&counter_loop(10), &opts(), EngineKind::Incremental);
    assert!(is_safe(&o));
    assert_eq!(o.stats.k, Some(11));
    // Also k-induction (forward condition or inductive step, whichever closes first).
    assert!(is_safe(&run(
        &counter_loop(10),
        &opts(),
        EngineKind::Kinduction
    )));
}

/// for (i = 0; i < 100; i++) if (i == depth-1) error   → found at k = depth
fn deep_bug(depth: i128) -> Program {
    program(
        vec![var("i", I32, Some(0))],
        vec![
            (0, 1, assign(0, c(0))),
            (1, 2, assume(bin(BinOp::Lt, v(0), c(100)))),
            (1, 5, assume(bin(BinOp::Ge, v(0), c(100)))),
            (2, 3, assume(bin(BinOp::Eq, v(0), c(depth - 1)))),
            (2, 4, assume(bin(BinOp::Ne, v(0), c(depth - 1)))),
            (3, 7, err()),
            (4, 1, assign(0, bin(BinOp::Add, v(0), c(1)))),
            (5, 6, Op::Skip),
        ],
        8,
    )
}

#[test]
fn falsify_finds_shortest_k() {
    let o = run(&deep_bug(17), &opts(), EngineKind::Falsify);
    cex(&o);
    assert_eq!(o.stats.k, Some(17));
    let o = run(&deep_bug(17), &opts(), EngineKind::Kinduction);
    cex(&o);
    assert_eq!(o.stats.k, Some(17));
    // k-step 5: k = 1, 6, 11, 16, 21.
    let o = run(
        &deep_bug(17),
        &VerifyOptions {
            k_step: 5,
            ..opts()
        },
        EngineKind::Falsify,
    );
    cex(&o);
    assert_eq!(o.stats.k, Some(21));
    // max-k-step below the depth: not found.
    let o = run(
        &deep_bug(17),
        &VerifyOptions {
            max_k_step: 16,
            ..opts()
        },
        EngineKind::Falsify,
    );
    assert!(unknown(&o).contains("k = 16"));
    // bmc with a too small bound: the unwinding assertion fails instead.
    let o = run(&deep_bug(17), &unwind(5), EngineKind::Bmc);
    assert!(matches!(
        cex(&o).violation,
        Violation::UnwindingAssertion { .. }
    ));
}

/// x = 0; while (nondet) { if (x < 10) x++; } if (x > 10) error
fn counter_needing_strengthening() -> Program {
    program(
        vec![var("x", I32, Some(0)), var("b", Type::Bool, None)],
        vec![
            (0, 1, assign(0, c(0))),
            (1, 2, Op::Nondet(VarId(1))),
            (2, 3, assume(v(1))),
            (2, 5, assume(Expr::not(v(1)))),
            (3, 4, assume(bin(BinOp::Lt, v(0), c(10)))),
            (3, 1, assume(bin(BinOp::Ge, v(0), c(10)))),
            (4, 1, assign(0, bin(BinOp::Add, v(0), c(1)))),
            (5, 6, assume(bin(BinOp::Gt, v(0), c(10)))),
            (5, 7, assume(bin(BinOp::Le, v(0), c(10)))),
            (6, 9, err()),
        ],
        10,
    )
}

#[test]
fn kinduction_needs_interval_strengthening() {
    let p = counter_needing_strengthening();
    let o = run(&p, &opts(), EngineKind::Kinduction);
    assert!(is_safe(&o), "{:?}", o.verdict);
    assert!(o.stats.k.unwrap() <= 2);
    let o = run(
        &p,
        &VerifyOptions {
            strengthening: false,
            max_k_step: 8,
            ..opts()
        },
        EngineKind::Kinduction,
    );
    assert!(unknown(&o).contains("no proof"), "{:?}", o.verdict);
    // Incremental BMC cannot prove it (the loop is unbounded).
    let o = run(
        &p,
        &VerifyOptions {
            max_k_step: 5,
            ..opts()
        },
        EngineKind::Incremental,
    );
    unknown(&o);
}

#[test]
fn kinduction_plain_proof_without_strengthening() {
    // while (nondet) { assert(y == 2 * x); x++; y += 2; }   — 2-inductive, no intervals needed
    let p = program(
        vec![
            var("x", I32, Some(0)),
            var("y", I32, Some(0)),
            var("b", Type::Bool, None),
        ],
        vec![
            (0, 1, Op::Skip),
            (1, 2, Op::Nondet(VarId(2))),
            (2, 3, assume(v(2))),
            (2, 8, assume(Expr::not(v(2)))),
            (
                3,
                7,
                assume(bin(BinOp::Ne, v(1), bin(BinOp::Mul, c(2), v(0)))),
            ),
            (
                3,
                4,
                assume(bin(BinOp::Eq, v(1), bin(BinOp::Mul, c(2), v(0)))),
            ),
            (4, 5, assign(0, bin(BinOp::Add, v(0), c(1)))),
            (5, 1, assign(1, bin(BinOp::Add, v(1), c(2)))),
            (7, 9, err()),
        ],
        10,
    );
    let o = run(
        &p,
        &VerifyOptions {
            strengthening: false,
            ..opts()
        },
        EngineKind::Kinduction,
    );
    assert!(is_safe(&o), "{:?}", o.verdict);
    assert_eq!(o.stats.k, Some(2));
    // The same with the loop head at the entry (location 0 is a cut point).
    let mut q = p.clone();
    q.threads[0].edges[7].to = LocId(0);
    q.threads[0].loops[0].head = LocId(0);
    let o = run(
        &q,
        &VerifyOptions {
            strengthening: false,
            ..opts()
        },
        EngineKind::Kinduction,
    );
    assert!(is_safe(&o), "{:?}", o.verdict);
}

#[test]
fn unsigned_wraparound_bug_only_bit_precise() {
    // x = nondet (unsigned); assume(x > 0); y = x + 1; if (y < x) error
    let p = program(
        vec![var("x", U32, None), var("y", U32, Some(0))],
        vec![
            (0, 1, Op::Nondet(VarId(0))),
            (1, 2, assume(bin(BinOp::Gt, v(0), cu(0)))),
            (2, 3, assign(1, bin(BinOp::Add, v(0), cu(1)))),
            (3, 4, assume(bin(BinOp::Lt, v(1), v(0)))),
            (3, 5, assume(bin(BinOp::Ge, v(1), v(0)))),
            (4, 7, err()),
        ],
        8,
    );
    let o = run(&p, &unwind(1), EngineKind::Bmc);
    assert_eq!(nondets(cex(&o)), vec![u32::MAX as i128]);
    let o = run(
        &p,
        &VerifyOptions {
            int_math: true,
            ..unwind(1)
        },
        EngineKind::Bmc,
    );
    assert_eq!(
        o.verdict,
        Verdict::Safe {
            note: Some("assuming no integer overflow (--int-math)".into())
        }
    );
}

#[test]
fn nested_loops_safe_with_exact_bound() {
    // n = 0; for (i = 0; i < 3; i++) for (j = 0; j < 3; j += 2) n++; if (n != 6) error
    let p = program(
        vec![
            var("i", I32, Some(0)),
            var("j", I32, Some(0)),
            var("n", I32, Some(0)),
        ],
        vec![
            (0, 1, assign(0, c(0))),
            (1, 2, assume(bin(BinOp::Lt, v(0), c(3)))),
            (1, 7, assume(bin(BinOp::Ge, v(0), c(3)))),
            (2, 3, assign(1, c(0))),
            (3, 4, assume(bin(BinOp::Lt, v(1), c(3)))),
            (3, 6, assume(bin(BinOp::Ge, v(1), c(3)))),
            (4, 5, assign(2, bin(BinOp::Add, v(2), c(1)))),
            (5, 3, assign(1, bin(BinOp::Add, v(1), c(2)))),
            (6, 1, assign(0, bin(BinOp::Add, v(0), c(1)))),
            (7, 8, assume(bin(BinOp::Ne, v(2), c(6)))),
            (7, 9, assume(bin(BinOp::Eq, v(2), c(6)))),
            (8, 10, err()),
        ],
        11,
    );
    // Inner loop: j = 0, 2, 4 → 3 head visits per entry; outer: i = 0..3 → 4 head visits.
    assert!(is_safe(&run(&p, &unwind(4), EngineKind::Bmc)));
    let o = run(&p, &unwind(3), EngineKind::Bmc);
    assert!(matches!(
        cex(&o).violation,
        Violation::UnwindingAssertion { loop_id: 0, .. }
    ));
    let o = run(
        &p,
        &VerifyOptions {
            unwindset: vec![(0, 4)],
            ..unwind(2)
        },
        EngineKind::Bmc,
    );
    assert!(matches!(
        cex(&o).violation,
        Violation::UnwindingAssertion { loop_id: 1, .. }
    ));
    let o = run(&p, &opts(), EngineKind::Incremental);
    assert!(is_safe(&o));
    assert_eq!(o.stats.k, Some(4));
    assert!(is_safe(&run(&p, &opts(), EngineKind::Kinduction)));
    // A bug in the third outer iteration: n == 4 at the inner head with i == 2.
    let mut q = p.clone();
    q.threads[0].edges[9].op = assume(bin(BinOp::Ne, v(2), c(5)));
    q.threads[0].edges[10].op = assume(bin(BinOp::Eq, v(2), c(5)));
    // n is 6 at the end: n != 5 → error.
    let o = run(&q, &opts(), EngineKind::Falsify);
    cex(&o);
    assert_eq!(o.stats.k, Some(4));
}

#[test]
fn infinite_inner_loop_needs_k_3_without_intervals() {
    // for (i = 0; i < 3; i++) for (j = 0; j < 3; ) n++;  if (n != 9) error
    // The inner loop never terminates, so the error is unreachable.
    let p = program(
        vec![
            var("i", I32, Some(0)),
            var("j", I32, Some(0)),
            var("n", I32, Some(0)),
        ],
        vec![
            (0, 1, assign(0, c(0))),
            (1, 2, assume(bin(BinOp::Lt, v(0), c(3)))),
            (1, 6, assume(bin(BinOp::Ge, v(0), c(3)))),
            (2, 3, assign(1, c(0))),
            (3, 4, assume(bin(BinOp::Lt, v(1), c(3)))),
            (3, 5, assume(bin(BinOp::Ge, v(1), c(3)))),
            (4, 3, assign(2, bin(BinOp::Add, v(2), c(1)))),
            (5, 1, assign(0, bin(BinOp::Add, v(0), c(1)))),
            (6, 7, assume(bin(BinOp::Ne, v(2), c(9)))),
            (6, 8, assume(bin(BinOp::Eq, v(2), c(9)))),
            (7, 9, err()),
        ],
        10,
    );
    let o = run(&p, &unwind(4), EngineKind::Bmc);
    assert!(matches!(
        cex(&o).violation,
        Violation::UnwindingAssertion { loop_id: 1, .. }
    ));
    let o = run(
        &p,
        &VerifyOptions {
            max_k_step: 6,
            ..opts()
        },
        EngineKind::Incremental,
    );
    unknown(&o);
    let o = run(&p, &opts(), EngineKind::Kinduction);
    assert!(is_safe(&o));
    assert_eq!(o.stats.k, Some(1));
    // Without intervals: the error needs the inner head with j >= 3, which only a havoced
    // start state has; three blocks rule it out.
    let o = run(
        &p,
        &VerifyOptions {
            strengthening: false,
            ..opts()
        },
        EngineKind::Kinduction,
    );
    assert!(is_safe(&o));
    assert_eq!(o.stats.k, Some(3));
}

#[test]
fn goto_into_loop_body_irreducible() {
    // if (nondet) goto M; H: if (i >= 3) goto X; i++; M: j++; goto H; X: if (j == 4) error
    // Entering at M gives one extra j++: j == 4 with i == 3 is reachable.
    let p = program(
        vec![
            var("i", I32, Some(0)),
            var("j", I32, Some(0)),
            var("b", Type::Bool, None),
        ],
        vec![
            (0, 1, Op::Nondet(VarId(2))),
            (1, 4, assume(v(2))),
            (1, 2, assume(Expr::not(v(2)))),
            (2, 3, assume(bin(BinOp::Lt, v(0), c(3)))),
            (2, 5, assume(bin(BinOp::Ge, v(0), c(3)))),
            (3, 4, assign(0, bin(BinOp::Add, v(0), c(1)))),
            (4, 2, assign(1, bin(BinOp::Add, v(1), c(1)))),
            (5, 6, assume(bin(BinOp::Eq, v(1), c(4)))),
            (5, 8, assume(bin(BinOp::Ne, v(1), c(4)))),
            (6, 9, err()),
        ],
        10,
    );
    // Path via M: j=1 at H (count 1), then 3 iterations: head visits 5.
    let o = run(&p, &unwind(5), EngineKind::Bmc);
    let c = cex(&o);
    assert!(matches!(c.violation, Violation::Property { .. }));
    assert_eq!(nondets(c), vec![1]);
    let o = run(&p, &unwind(4), EngineKind::Bmc);
    assert!(matches!(
        cex(&o).violation,
        Violation::UnwindingAssertion { .. }
    ));
    let o = run(&p, &opts(), EngineKind::Falsify);
    cex(&o);
    assert_eq!(o.stats.k, Some(5));
}

#[test]
fn unsupported_constructs() {
    // if (x) unsupported; else { if (y == 3) error }
    let mk = |x_init: i128| {
        program(
            vec![var("x", I32, Some(x_init)), var("y", I32, None)],
            vec![
                (0, 1, assume(bin(BinOp::Ne, v(0), c(0)))),
                (0, 2, assume(bin(BinOp::Eq, v(0), c(0)))),
                (1, 5, Op::Unsupported("inline assembly".into())),
                (2, 3, Op::Nondet(VarId(1))),
                (3, 4, assume(bin(BinOp::Eq, v(1), c(3)))),
                (3, 5, assume(bin(BinOp::Ne, v(1), c(3)))),
                (4, 6, err()),
            ],
            7,
        )
    };
    // Reachable unsupported and no bug reachable through the other branch: UNKNOWN.
    let p = mk(1);
    for kind in [
        EngineKind::Bmc,
        EngineKind::Incremental,
        EngineKind::Kinduction,
    ] {
        let o = run(&p, &unwind(2), kind);
        assert_eq!(unknown(&o), "unsupported: inline assembly", "{kind:?}");
    }
    // Unsupported unreachable: the bug is found.
    let o = run(&mk(0), &unwind(2), EngineKind::Bmc);
    cex(&o);
    // Unsupported unreachable and no bug: SUCCESSFUL.
    let mut p = mk(0);
    p.threads[0].edges[4].op = assume(Expr::bool(false));
    assert!(is_safe(&run(&p, &unwind(2), EngineKind::Bmc)));
    assert!(is_safe(&run(&p, &unwind(2), EngineKind::Kinduction)));
}

#[test]
fn external_calls_and_overlapping_branches() {
    // r = ext(&y); if (r > 0) goto A; if (r < 10) goto B;  (both may hold: choice)
    // A: if (y == 7) error; B: if (r == 5) exit
    let p = program(
        vec![var("r", I32, None), var("y", I32, Some(0))],
        vec![
            (
                0,
                1,
                Op::Call {
                    func: "ext".into(),
                    args: vec![CallArg::Value(c(0))],
                    ret: Some(VarId(0)),
                    may_write: vec![VarId(1)],
                },
            ),
            (1, 2, assume(bin(BinOp::Lt, v(0), c(10)))),
            (1, 3, assume(bin(BinOp::Gt, v(0), c(0)))),
            (2, 4, Op::Skip),
            (3, 5, assume(bin(BinOp::Eq, v(1), c(7)))),
            (3, 4, assume(bin(BinOp::Ne, v(1), c(7)))),
            (5, 6, assume(bin(BinOp::Eq, v(0), c(5)))),
            (6, 8, err()),
        ],
        9,
    );
    // r = 5 satisfies both branch conditions; the error needs the second branch.
    let o = run(&p, &unwind(1), EngineKind::Bmc);
    let c = cex(&o);
    assert_eq!(nondets(c), vec![5, 7]);
}

/// Threaded programs go to partial-order BMC (`engine::pobmc`); a creation it cannot
/// interpret (no start routine argument) is UNKNOWN, never a verdict.
#[test]
fn malformed_thread_creation_is_unknown() {
    let mut p = straight_bug();
    p.threads[0].edges[1].op = Op::Call {
        func: "pthread_create".into(),
        args: vec![CallArg::Thread(ThreadId(0))],
        ret: None,
        may_write: vec![],
    };
    let o = run(&p, &unwind(1), EngineKind::Bmc);
    let r = unknown(&o);
    assert!(r.contains("pthread_create"), "{r}");
}

#[test]
fn sequential_loops_and_prologue_values() {
    // n = 5 (written only before the loops); i = 0; while (i < n) i++; j = 0;
    // while (nondet) { j = j + 1; if (j > 3) j = 0; } if (i != n) error
    // Without strengthening the prologue fact (n == 5 at every cut point) is not enough on its
    // own (i is havoced), but the property is inductive at loop 2 once i == n is... keep it
    // simple: assert checks n == 5 after both loops: provable by k-induction via the prologue
    // facts alone.
    let p = program(
        vec![
            var("n", I32, None),
            var("i", I32, Some(0)),
            var("j", I32, Some(0)),
            var("b", Type::Bool, None),
        ],
        vec![
            (0, 1, assign(0, c(5))),
            (1, 2, assign(1, c(0))),
            (2, 3, assume(bin(BinOp::Lt, v(1), v(0)))),
            (3, 2, assign(1, bin(BinOp::Add, v(1), c(1)))),
            (2, 4, assume(bin(BinOp::Ge, v(1), v(0)))),
            (4, 5, Op::Nondet(VarId(3))),
            (5, 6, assume(v(3))),
            (5, 7, assume(Expr::not(v(3)))),
            (6, 4, assign(2, bin(BinOp::Add, v(2), c(1)))),
            (7, 8, assume(bin(BinOp::Ne, v(0), c(5)))),
            (7, 9, assume(bin(BinOp::Eq, v(0), c(5)))),
            (8, 11, err()),
        ],
        12,
    );
    let o = run(
        &p,
        &VerifyOptions {
            strengthening: false,
            ..opts()
        },
        EngineKind::Kinduction,
    );
    assert!(is_safe(&o), "{:?}", o.verdict);
}

// ---------------------------------------------------------------------------------------------
// Randomised soundness check against explicit-state exploration.

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const U3: Type = Type::Int {
    bits: 3,
    signed: false,
};

fn random_expr(r: &mut Rng, nv: u32) -> Expr {
    let atom = |r: &mut Rng| {
        if r.below(2) == 0 {
            Expr::Var(VarId(r.below(nv as u64) as u32))
        } else {
            Expr::Const(r.below(8) as i128, U3)
        }
    };
    match r.below(4) {
        0 => atom(r),
        1 => Expr::bin(BinOp::Add, atom(r), atom(r)),
        2 => Expr::bin(BinOp::Sub, atom(r), atom(r)),
        _ => Expr::bin(BinOp::Mul, atom(r), Expr::Const(r.below(3) as i128 + 1, U3)),
    }
}

fn random_cond(r: &mut Rng, nv: u32) -> Expr {
    let ops = [BinOp::Lt, BinOp::Le, BinOp::Eq, BinOp::Ne];
    let op = ops[r.below(4) as usize];
    Expr::bin(
        op,
        Expr::Var(VarId(r.below(nv as u64) as u32)),
        random_expr(r, nv),
    )
}

/// A random CFG over 3-bit unsigned variables obeying the IR invariants.
fn random_program(seed: u64) -> Program {
    let mut r = Rng(seed.wrapping_mul(0x9E3779B97F4A7C15) | 1);
    let nv = 2 + r.below(2) as u32;
    let body = 4 + r.below(9) as u32; // locations 0..body
    let n = body + 2;
    let exit = body;
    let error = body + 1;
    let mut edges = Vec::new();
    // Deep mode: variable 0 is a counter bumped on back edges and the error gates test it, so
    // bugs need several loop iterations (exercises the inductive step's soundness).
    let deep = r.below(2) == 0;
    let mut l = 0;
    while l < body {
        let fwd = |r: &mut Rng, from: u32| from + 1 + r.below((exit - from) as u64) as u32;
        let back = |r: &mut Rng| -> Op {
            if deep {
                Op::Assign(
                    VarId(0),
                    Expr::bin(BinOp::Add, Expr::Var(VarId(0)), Expr::Const(1, U3)),
                )
            } else {
                let _ = r;
                Op::Skip
            }
        };
        match r.below(7) {
            0 => edges.push((
                l,
                fwd(&mut r, l),
                Op::Nondet(VarId(r.below(nv as u64) as u32)),
            )),
            1 | 2 => {
                let x = r.below(nv as u64) as u32;
                edges.push((
                    l,
                    fwd(&mut r, l),
                    Op::Assign(VarId(x), random_expr(&mut r, nv)),
                ));
            }
            3 | 4 => {
                let cnd = random_cond(&mut r, nv);
                let t1 = if r.below(3) == 0 {
                    r.below(l as u64 + 1) as u32
                } else {
                    fwd(&mut r, l)
                };
                let t2 = fwd(&mut r, l);
                edges.push((l, t1, Op::Assume(cnd.clone())));
                if r.below(5) == 0 {
                    // Overlapping condition (nondeterministic choice when both hold).
                    edges.push((l, t2, Op::Assume(random_cond(&mut r, nv))));
                } else {
                    edges.push((l, t2, Op::Assume(Expr::not(cnd))));
                }
            }
            5 if l + 1 < body => {
                // Guarded error gate: l tests a condition, l+1 is the error edge.
                let cnd = if deep {
                    Expr::bin(
                        BinOp::Eq,
                        Expr::Var(VarId(0)),
                        Expr::Const(3 + r.below(5) as i128, U3),
                    )
                } else {
                    random_cond(&mut r, nv)
                };
                edges.push((l, l + 1, Op::Assume(cnd.clone())));
                edges.push((l, fwd(&mut r, l + 1), Op::Assume(Expr::not(cnd))));
                edges.push((l + 1, error, Op::Error(ErrorKind::ReachError)));
                l += 2;
                continue;
            }
            5 => edges.push((l, error, Op::Error(ErrorKind::ReachError))),
            _ => {
                // back edge or skip
                if r.below(2) == 0 {
                    let t = r.below(l as u64 + 1) as u32;
                    let op = back(&mut r);
                    edges.push((l, t, op));
                    edges.push((l, fwd(&mut r, l), Op::Skip));
                } else {
                    edges.push((l, fwd(&mut r, l), Op::Skip));
                }
            }
        }
        l += 1;
    }
    let mut vars: Vec<Var> = (0..nv)
        .map(|i| var(&format!("v{i}"), U3, Some(r.below(8) as i128)))
        .collect();
    if deep {
        vars[0].init = Some(0);
    }
    let vars = vars
        .into_iter()
        .map(|mut v| {
            v.scope = Scope::Global;
            v
        })
        .collect();
    let mut p = program(vars, edges, n);
    p.threads[0].exit = LocId(exit);
    p.threads[0].error = LocId(error);
    p
}

/// Ground truth: is the error location reachable? (Explicit-state BFS; 3-bit values.)
fn reachable_error(p: &Program) -> bool {
    use crate::ir::interp::{eval, Valuation};
    use std::collections::HashSet;
    let cfg = p.main();
    let mut seen: HashSet<(LocId, Vec<Option<i128>>)> = HashSet::new();
    let mut stack = vec![(cfg.entry, Valuation::initial(p).values)];
    while let Some((l, vals)) = stack.pop() {
        if !seen.insert((l, vals.clone())) {
            continue;
        }
        for (_, e) in cfg.out_edges(l) {
            let env = Valuation {
                prog: p,
                values: vals.clone(),
            };
            let mut succ = vec![];
            match &e.op {
                Op::Error(_) => return true,
                Op::Assume(c) => {
                    if eval(c, &env, ReplaySemantics::BitVector).unwrap() != 0 {
                        succ.push(vals.clone());
                    }
                }
                Op::Assign(x, ex) => {
                    let mut nv = vals.clone();
                    nv[x.0 as usize] =
                        Some(U3.wrap(eval(ex, &env, ReplaySemantics::BitVector).unwrap()));
                    succ.push(nv);
                }
                Op::Nondet(x) => {
                    for val in 0..8 {
                        let mut nv = vals.clone();
                        nv[x.0 as usize] = Some(val);
                        succ.push(nv);
                    }
                }
                _ => succ.push(vals.clone()),
            }
            for s in succ {
                stack.push((e.to, s));
            }
        }
    }
    false
}

#[test]
fn random_programs_agree_with_explicit_exploration() {
    let mut counts = [0usize; 4];
    let n: u64 = std::env::var("BMC_RANDOM_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    for seed in 1..=n {
        let p = random_program(seed);
        let truth = reachable_error(&p);
        for (kind, o) in [
            (EngineKind::Bmc, unwind(6)),
            (
                EngineKind::Kinduction,
                VerifyOptions {
                    max_k_step: 12,
                    ..opts()
                },
            ),
            (
                EngineKind::Kinduction,
                VerifyOptions {
                    max_k_step: 12,
                    strengthening: false,
                    ..opts()
                },
            ),
            (
                EngineKind::Incremental,
                VerifyOptions {
                    max_k_step: 12,
                    ..opts()
                },
            ),
            (
                EngineKind::Falsify,
                VerifyOptions {
                    max_k_step: 12,
                    ..opts()
                },
            ),
        ] {
            let out = run(&p, &o, kind);
            match &out.verdict {
                Verdict::Safe { .. } => {
                    counts[0] += 1;
                    assert!(
                        !truth,
                        "seed {seed}: {kind:?} says SAFE but the error is reachable"
                    );
                }
                Verdict::Unsafe(c) => {
                    counts[1] += 1;
                    if matches!(c.violation, Violation::Property { .. }) {
                        assert!(truth, "seed {seed}: {kind:?} found a bug in a safe program");
                    }
                }
                Verdict::Unknown(r) => {
                    counts[2] += 1;
                    assert!(
                        !r.to_string().contains("internal"),
                        "seed {seed}: {kind:?}: {r}"
                    );
                }
            }
        }
        counts[3] += truth as usize;
    }
    eprintln!("random programs: [safe, unsafe, unknown, buggy programs] = {counts:?}");
    // The generator must produce both kinds of programs and the engines must decide many.
    assert!(counts[3] > 10, "{counts:?}");
    assert!(counts[0] > 50 && counts[1] > 30, "{counts:?}");
}

// ---------------------------------------------------------------------------------------------
// C files (through the front end).

pub(crate) fn load_c(path: &std::path::Path) -> Program {
    let mut sources = crate::diag::SourceMap::new();
    let opts = crate::frontend::FrontendOptions {
        include_dirs: vec![],
        defines: vec![],
        target: crate::target::Target::ilp32(),
        ..Default::default()
    };
    match crate::frontend::load(path, &opts, &mut sources) {
        Ok(l) => l.program,
        Err(d) => panic!("{}: {d:?}", path.display()),
    }
}

/// The options and engine of an example's `// args:` line.
pub(crate) fn parse_args(args: &str) -> (EngineKind, VerifyOptions) {
    let mut o = opts();
    let mut kind = EngineKind::Bmc;
    let mut it = args.split_whitespace();
    while let Some(a) = it.next() {
        let mut num = || {
            it.next()
                .and_then(|s| s.parse::<u32>().ok())
                .expect("number")
        };
        match a {
            "--engine" => {
                kind = match it.next() {
                    Some("bmc") => EngineKind::Bmc,
                    Some("falsify") => EngineKind::Falsify,
                    Some("incremental") => EngineKind::Incremental,
                    Some("kinduction") => EngineKind::Kinduction,
                    e => panic!("engine {e:?}"),
                }
            }
            "--unwind" => o.unwind = Some(num()),
            "--k-step" => o.k_step = num(),
            "--max-k-step" => o.max_k_step = num(),
            "--unlimited-k-steps" => o.unlimited_k_steps = true,
            "--no-unwinding-assertions" => o.unwinding_assertions = false,
            "--partial-loops" => o.partial_loops = true,
            "--int-math" => o.int_math = true,
            "--no-strengthening" => o.strengthening = false,
            "--unwindset" => {
                for p in it.next().unwrap().split(',') {
                    let (l, k) = p.split_once(':').unwrap();
                    o.unwindset.push((l.parse().unwrap(), k.parse().unwrap()));
                }
            }
            "--timeout" => o.timeout = Some(std::time::Duration::from_secs(num() as u64)),
            other => panic!("unknown option {other}"),
        }
    }
    (kind, o)
}

/// Developer aid: `BMC_FILE=x.c BMC_ARGS='--engine kinduction' cargo test --release run_file -- --ignored --nocapture`
#[test]
#[ignore]
fn run_file() {
    let Ok(f) = std::env::var("BMC_FILE") else {
        return;
    };
    let p = load_c(std::path::Path::new(&f));
    let (kind, o) = parse_args(&std::env::var("BMC_ARGS").unwrap_or_default());
    if std::env::var("BMC_DUMP").is_ok() {
        for (i, e) in p.main().edges.iter().enumerate() {
            eprintln!("e{i}: {} -> {} {:?}", e.from.0, e.to.0, e.op);
        }
        eprintln!("loops {:?}", p.main().loops);
    }
    let t = std::time::Instant::now();
    let out = run(&p, &o, kind);
    let v = match &out.verdict {
        Verdict::Safe { note } => format!("SUCCESSFUL {note:?}"),
        Verdict::Unsafe(c) => format!("FAILED {:?} ({} steps)", c.violation, c.steps.len()),
        Verdict::Unknown(r) => format!("UNKNOWN {r}"),
    };
    eprintln!(
        "RESULT {v} | {:.2}s k={:?} visits={} solver_calls={} solver_time={:.2}s",
        t.elapsed().as_secs_f64(),
        out.stats.k,
        out.stats.nodes,
        out.stats.solver_calls,
        out.stats.solver_time.as_secs_f64()
    );
}

fn example(name: &str) -> (Program, EngineKind, VerifyOptions, String) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/loops")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    let expect = lines
        .next()
        .and_then(|l| l.strip_prefix("// expect: "))
        .expect("expect line")
        .trim()
        .to_string();
    let args = lines
        .next()
        .and_then(|l| l.strip_prefix("// args: "))
        .unwrap_or("");
    let (kind, o) = parse_args(args);
    (load_c(&path), kind, o, expect)
}

#[test]
fn loop_examples_meet_their_expectations() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/loops");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if !name.ends_with(".c") {
            continue;
        }
        let (p, kind, o, expect) = example(&name);
        let out = run(&p, &o, kind);
        let got = match &out.verdict {
            Verdict::Safe { .. } => "SUCCESSFUL",
            Verdict::Unsafe(_) => "FAILED",
            Verdict::Unknown(_) => "UNKNOWN",
        };
        assert_eq!(got, expect, "{name}: {:?}", out.verdict);
        n += 1;
    }
    assert!(n >= 8);
}

#[test]
fn example_exact_unwind_bounds() {
    let (p, _, o, _) = example("exact_unwind.c");
    assert!(is_safe(&run(&p, &o, EngineKind::Bmc)));
    let (p, _, o, _) = example("exact_unwind_short.c");
    assert_eq!(o.unwind, Some(9));
    let out = run(&p, &o, EngineKind::Bmc);
    let c = cex(&out);
    let id = p.main().loops[0].id;
    assert!(matches!(c.violation, Violation::UnwindingAssertion { loop_id, .. } if loop_id == id));
    // Incremental BMC proves it at exactly k = 10.
    let out = run(&p, &opts(), EngineKind::Incremental);
    assert!(is_safe(&out));
    assert_eq!(out.stats.k, Some(10));
}

#[test]
fn example_deep_bug_found_at_k_17() {
    let (p, kind, o, _) = example("deep_bug.c");
    assert_eq!(kind, EngineKind::Falsify);
    let out = run(&p, &o, kind);
    assert_eq!(nondets(cex(&out))[0], 42);
    assert_eq!(out.stats.k, Some(17));
    let out = run(
        &p,
        &VerifyOptions {
            max_k_step: 16,
            ..o
        },
        kind,
    );
    assert!(unknown(&out).contains("up to k = 16"));
}

#[test]
fn example_counter_needs_strengthening() {
    let (p, kind, o, _) = example("counter_strengthening.c");
    assert_eq!(kind, EngineKind::Kinduction);
    let out = run(&p, &o, kind);
    assert!(is_safe(&out));
    assert_eq!(out.stats.k, Some(1));
    let out = run(
        &p,
        &VerifyOptions {
            strengthening: false,
            max_k_step: 10,
            ..o
        },
        kind,
    );
    assert!(unknown(&out).contains("no proof"), "{:?}", out.verdict);
}

#[test]
fn example_wraparound_only_bit_precise() {
    let (p, kind, o, _) = example("unsigned_wrap.c");
    let out = run(&p, &o, kind);
    assert_eq!(nondets(cex(&out)), vec![u32::MAX as i128]);
    let out = run(
        &p,
        &VerifyOptions {
            int_math: true,
            ..o
        },
        kind,
    );
    assert_eq!(
        out.verdict,
        Verdict::Safe {
            note: Some("assuming no integer overflow (--int-math)".into())
        }
    );
}

#[test]
fn example_nested_and_irreducible_loops() {
    let (p, _, o, _) = example("nested_loops.c");
    assert!(is_safe(&run(&p, &o, EngineKind::Bmc)));
    let out = run(&p, &unwind(4), EngineKind::Bmc);
    assert!(matches!(
        cex(&out).violation,
        Violation::UnwindingAssertion { .. }
    ));
    assert!(is_safe(&run(&p, &opts(), EngineKind::Kinduction)));
    let (p, kind, o, _) = example("goto_into_loop.c");
    let out = run(&p, &o, kind);
    cex(&out);
    assert_eq!(out.stats.k, Some(5));
    let (p, kind, o, _) = example("inductive_invariant.c");
    let out = run(&p, &o, kind);
    assert!(is_safe(&out));
    assert_eq!(out.stats.k, Some(2));
}

// ---------------------------------------------------------------------------------------------
// SV-COMP SystemC tasks (skipped when the shared benchmark directory is absent).

fn svcomp_dir() -> Option<std::path::PathBuf> {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        std::path::PathBuf::from("/work/shared/benchmarks/svcomp"),
        here.join("../shared/benchmarks/svcomp"),
    ]
    .into_iter()
    .find(|d| d.join("MANIFEST.tsv").exists())
}

/// (path, expected safe) of the c/systemc tasks.
fn systemc_tasks() -> Option<Vec<(std::path::PathBuf, bool)>> {
    let dir = svcomp_dir()?;
    let m = std::fs::read_to_string(dir.join("MANIFEST.tsv")).ok()?;
    Some(
        m.lines()
            .filter_map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                (f.len() >= 3 && f[1] == "systemc").then(|| (dir.join(f[0]), f[2] == "true"))
            })
            .collect(),
    )
}

fn check_verdict(name: &str, engine: &str, safe: bool, out: &Outcome) {
    match &out.verdict {
        Verdict::Safe { .. } => assert!(safe, "{name}: {engine} says SUCCESSFUL on a FALSE task"),
        Verdict::Unsafe(c) => {
            assert!(!safe, "{name}: {engine} says FAILED on a TRUE task");
            assert!(matches!(c.violation, Violation::Property { .. }));
        }
        Verdict::Unknown(_) => {}
    }
}

/// Fast and timing-independent: the shallow FALSE tasks are found by falsification, a few
/// bounded runs on every task give no wrong verdict, and bist_cell is proved by k-induction.
#[test]
fn systemc_quick() {
    let Some(tasks) = systemc_tasks() else {
        return;
    };
    assert_eq!(tasks.len(), 14);
    for (path, safe) in &tasks {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let p = load_c(path);
        let o = VerifyOptions {
            max_k_step: 3,
            ..opts()
        };
        let out = run(&p, &o, EngineKind::Falsify);
        check_verdict(&name, "falsify", *safe, &out);
        let shallow = [
            "pc_sfifo_1.cil-1.c",
            "token_ring.01.cil-2.c",
            "token_ring.02.cil-2.c",
            "transmitter.01.cil.c",
            "transmitter.02.cil.c",
        ];
        if shallow.contains(&name.as_str()) {
            assert!(
                matches!(out.verdict, Verdict::Unsafe(_)),
                "{name}: {:?}",
                out.verdict
            );
        }
        if name == "bist_cell.cil.c" {
            let out = run(&p, &opts(), EngineKind::Kinduction);
            assert!(is_safe(&out), "{name}: {:?}", out.verdict);
        }
    }
}

/// The acceptance run: falsification on the FALSE tasks (60 s each) must find every bug;
/// k-induction on all tasks (BMC_KIND_TIMEOUT seconds each, default 60) gives no wrong verdict.
/// Prints the table. Slow: `cargo test --release systemc_acceptance -- --ignored --nocapture`.
#[test]
#[ignore]
fn systemc_acceptance() {
    let Some(tasks) = systemc_tasks() else {
        return;
    };
    let kt: u64 = std::env::var("BMC_KIND_TIMEOUT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let fmt = |out: &Outcome, t: std::time::Duration| {
        let v = match &out.verdict {
            Verdict::Safe { .. } => "SUCCESSFUL".to_string(),
            Verdict::Unsafe(_) => "FAILED".to_string(),
            Verdict::Unknown(r) => format!("UNKNOWN ({r})"),
        };
        format!(
            "{v}, {:.1} s, k = {}",
            t.as_secs_f64(),
            out.stats.k.unwrap_or(0)
        )
    };
    let mut rows = Vec::new();
    let mut missed = Vec::new();
    for (path, safe) in &tasks {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let p = load_c(path);
        let fals = if !safe {
            let o = VerifyOptions {
                timeout: Some(std::time::Duration::from_secs(60)),
                ..opts()
            };
            let t = std::time::Instant::now();
            let out = run(&p, &o, EngineKind::Falsify);
            check_verdict(&name, "falsify", *safe, &out);
            if !matches!(out.verdict, Verdict::Unsafe(_)) {
                missed.push(name.clone());
            }
            fmt(&out, t.elapsed())
        } else {
            "-".to_string()
        };
        let o = VerifyOptions {
            timeout: Some(std::time::Duration::from_secs(kt)),
            ..opts()
        };
        let t = std::time::Instant::now();
        let out = run(&p, &o, EngineKind::Kinduction);
        check_verdict(&name, "kinduction", *safe, &out);
        let row = format!(
            "| {name} | {} | {fals} | {} |",
            if *safe { "true" } else { "false" },
            fmt(&out, t.elapsed())
        );
        eprintln!("{row}");
        rows.push(row);
    }
    eprintln!("| task | expected | falsify | kinduction |\n|---|---|---|---|");
    for r in rows {
        eprintln!("{r}");
    }
    assert!(missed.is_empty(), "falsification missed {missed:?}");
}

#[test]
fn unbounded_unrolling_is_capped() {
    let p = counter_needing_strengthening();
    let mut sx = super::symex::Symex::new(&p, p.main(), crate::smt::Semantics::BitVector);
    sx.max_visits = 500;
    let budget = super::Budget {
        deadline: crate::engine::Deadline::new(None),
        memory_limit_mb: None,
    };
    let u = sx.unroll(&[u32::MAX], &budget);
    assert!(u.aborted.unwrap().to_string().contains("--unwind K"));
    let u = sx.unroll(&[3], &budget);
    assert!(u.aborted.is_none());
    // Only the incrementing back edge is cut (x >= 10 is constant-false on this path).
    assert_eq!(u.cuts.len(), 1);
    assert_eq!(u.max_count, 2);
}
