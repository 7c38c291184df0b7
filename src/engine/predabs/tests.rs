//! Unit tests of the predicate-abstraction engine on hand-built IR programs.

use super::*;
use crate::engine::PrecisionKind;
use crate::ir::{
    BinOp, CallArg, Cfg, Edge, EdgeId, Expr, LocId, LoopInfo, Op, Program, Scope, Type, Var, VarId,
};

/// A small builder of single-thread IR programs. Locations must be created in program order.
pub(crate) struct PB {
    vars: Vec<Var>,
    edges: Vec<Edge>,
    nlocs: u32,
    loops: Vec<LoopInfo>,
    extra_threads: Vec<Cfg>,
}

pub(crate) fn i32t() -> Type {
    Type::int(32, true)
}

pub(crate) fn v(x: VarId) -> Expr {
    Expr::Var(x)
}
pub(crate) fn k(c: i128, ty: Type) -> Expr {
    Expr::Const(ty.wrap(c), ty)
}
pub(crate) fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}

impl PB {
    pub(crate) fn new() -> Self {
        PB {
            vars: Vec::new(),
            edges: Vec::new(),
            nlocs: 0,
            loops: Vec::new(),
            extra_threads: Vec::new(),
        }
    }
    /// A global with an initial value.
    pub(crate) fn global(&mut self, name: &str, ty: Type, init: i128) -> VarId {
        self.vars.push(Var {
            name: name.into(),
            ty,
            scope: Scope::Global,
            init: Some(init),
            is_temp: false,
            loc: None,
        });
        VarId(self.vars.len() as u32 - 1)
    }
    /// An uninitialised local of the main thread.
    pub(crate) fn local(&mut self, name: &str, ty: Type) -> VarId {
        self.vars.push(Var {
            name: name.into(),
            ty,
            scope: Scope::Local(ThreadId(0)),
            init: None,
            is_temp: false,
            loc: None,
        });
        VarId(self.vars.len() as u32 - 1)
    }
    pub(crate) fn loc(&mut self) -> LocId {
        self.nlocs += 1;
        LocId(self.nlocs - 1)
    }
    pub(crate) fn locs<const N: usize>(&mut self) -> [LocId; N] {
        std::array::from_fn(|_| self.loc())
    }
    pub(crate) fn edge(&mut self, from: LocId, to: LocId, op: Op) -> EdgeId {
        self.edges.push(Edge {
            from,
            to,
            op,
            loc: Loc {
                file: crate::diag::FileId(0),
                line: self.edges.len() as u32 + 1,
                col: 1,
            },
        });
        EdgeId(self.edges.len() as u32 - 1)
    }
    /// A back edge to a loop head.
    pub(crate) fn back(&mut self, from: LocId, head: LocId, op: Op) -> EdgeId {
        let e = self.edge(from, head, op);
        match self.loops.iter_mut().find(|l| l.head == head) {
            Some(l) => l.back_edges.push(e),
            None => {
                let id = self.loops.len() as u32;
                self.loops.push(LoopInfo {
                    id,
                    head,
                    back_edges: vec![e],
                    loc: Loc::default(),
                })
            }
        }
        e
    }
    /// `while (i < n) i++;` from loop head `head`: into the body at `body`, the back edge, and
    /// the exit to `after`.
    pub(crate) fn count_up(&mut self, head: LocId, body: LocId, after: LocId, i: VarId, n: i128) {
        self.assume(head, body, lt(v(i), k(n, i32t())));
        self.back(
            body,
            head,
            Op::Assign(i, bin(BinOp::Add, v(i), k(1, i32t()))),
        );
        self.assume(head, after, Expr::not(lt(v(i), k(n, i32t()))));
    }
    pub(crate) fn assume(&mut self, from: LocId, to: LocId, c: Expr) -> EdgeId {
        self.edge(from, to, Op::Assume(c))
    }
    pub(crate) fn assign(&mut self, from: LocId, to: LocId, x: VarId, e: Expr) -> EdgeId {
        self.edge(from, to, Op::Assign(x, e))
    }
    pub(crate) fn build(self, entry: LocId, exit: LocId, error: LocId) -> Program {
        let mut out = vec![Vec::new(); self.nlocs as usize];
        for (i, e) in self.edges.iter().enumerate() {
            out[e.from.0 as usize].push(EdgeId(i as u32));
        }
        let cfg = Cfg {
            name: "main".into(),
            num_locs: self.nlocs,
            entry,
            exit,
            error,
            edges: self.edges,
            out,
            loc_src: vec![Loc::default(); self.nlocs as usize],
            loc_func: vec!["main".into(); self.nlocs as usize],
            loops: self.loops,
            param: None,
            param2: None,
            ret: None,
        };
        let mut threads = vec![cfg];
        threads.extend(self.extra_threads);
        Program {
            vars: self.vars,
            objects: Vec::new(),
            threads,
            pointer_bits: 32,
            target: "test".into(),
            floats: Default::default(),
        }
    }
}

fn ne(a: Expr, b: Expr) -> Expr {
    bin(BinOp::Ne, a, b)
}
fn eq(a: Expr, b: Expr) -> Expr {
    bin(BinOp::Eq, a, b)
}
fn lt(a: Expr, b: Expr) -> Expr {
    bin(BinOp::Lt, a, b)
}

/// `i = 0; y = 5; while (i < n) i++; if (y != 5) error;`
fn counter_safe(n: i128) -> Program {
    let mut b = PB::new();
    let i = b.global("i", i32t(), 0);
    let y = b.global("y", i32t(), 5);
    let [l0, head, body, after, bad, exit, err] = b.locs();
    b.edge(l0, head, Op::Skip);
    b.count_up(head, body, after, i, n);
    b.assume(after, bad, ne(v(y), k(5, i32t())));
    b.edge(bad, err, Op::Error(ErrorKind::ReachError));
    b.assume(after, exit, eq(v(y), k(5, i32t())));
    b.build(l0, exit, err)
}

/// `i = 0; while (i < 10) i++; if (i == 10) error;` (`bad_eq`) or `if (i > 10)` (safe).
fn loop_counter(bad_eq: bool) -> Program {
    let mut b = PB::new();
    let i = b.global("i", i32t(), 0);
    let [l0, head, body, after, bad, exit, err] = b.locs();
    b.edge(l0, head, Op::Skip);
    b.count_up(head, body, after, i, 10);
    let c = if bad_eq {
        eq(v(i), k(10, i32t()))
    } else {
        bin(BinOp::Gt, v(i), k(10, i32t()))
    };
    b.assume(after, bad, c.clone());
    b.edge(bad, err, Op::Error(ErrorKind::AssertFail("i != 10".into())));
    b.assume(after, exit, Expr::not(c));
    b.build(l0, exit, err)
}

/// `x = nondet(); if (x == 42) error;`
fn nondet_unsafe() -> Program {
    let mut b = PB::new();
    let x = b.local("x", i32t());
    let [l0, l1, bad, exit, err] = b.locs();
    b.edge(l0, l1, Op::Nondet(x));
    b.assume(l1, bad, eq(v(x), k(42, i32t())));
    b.edge(bad, err, Op::Error(ErrorKind::ReachError));
    b.assume(l1, exit, ne(v(x), k(42, i32t())));
    b.build(l0, exit, err)
}

/// `x = 0; while (*) { t = *; } if (x != 0) error;` — needs exactly one refinement.
fn one_refinement() -> Program {
    let mut b = PB::new();
    let x = b.global("x", i32t(), 0);
    let t = b.local("t", i32t());
    let [l0, head, body, after, bad, exit, err] = b.locs();
    b.edge(l0, head, Op::Skip);
    b.edge(head, body, Op::Nondet(t));
    b.back(body, head, Op::Skip);
    b.edge(head, after, Op::Skip);
    b.assume(after, bad, ne(v(x), k(0, i32t())));
    b.edge(bad, err, Op::Error(ErrorKind::ReachError));
    b.assume(after, exit, eq(v(x), k(0, i32t())));
    b.build(l0, exit, err)
}

/// `unsigned char x = 255; x = x + 1; if (x == 0) error;`
fn wrap_unsafe() -> Program {
    let u8t = Type::int(8, false);
    let mut b = PB::new();
    let x = b.global("x", u8t, 255);
    let [l0, l1, bad, exit, err] = b.locs();
    // C: x = (unsigned char)((int)x + 1)
    let sum = bin(BinOp::Add, Expr::cast(i32t(), v(x)), k(1, i32t()));
    b.assign(l0, l1, x, Expr::cast(u8t, sum));
    b.assume(l1, bad, eq(v(x), k(0, u8t)));
    b.edge(bad, err, Op::Error(ErrorKind::ReachError));
    b.assume(l1, exit, ne(v(x), k(0, u8t)));
    b.build(l0, exit, err)
}

/// `int x = 2147483647; x = x + 1; if (x < 0) error;` (signed wraparound in C's IR semantics)
fn signed_wrap() -> Program {
    let mut b = PB::new();
    let x = b.global("x", i32t(), i32::MAX as i128);
    let [l0, l1, bad, exit, err] = b.locs();
    b.assign(l0, l1, x, bin(BinOp::Add, v(x), k(1, i32t())));
    b.assume(l1, bad, lt(v(x), k(0, i32t())));
    b.edge(bad, err, Op::Error(ErrorKind::ReachError));
    b.assume(l1, exit, Expr::not(lt(v(x), k(0, i32t()))));
    b.build(l0, exit, err)
}

/// `unsigned char x = *; y = x * x; if (y == 3) error;` — safe (squares mod 8 are 0, 1, 4),
/// but WrappedInt over-approximates the product.
fn nonlinear_safe() -> Program {
    let u8t = Type::int(8, false);
    let mut b = PB::new();
    let x = b.local("x", u8t);
    let y = b.local("y", u8t);
    let [l0, l1, l2, bad, exit, err] = b.locs();
    b.edge(l0, l1, Op::Nondet(x));
    b.assign(l1, l2, y, bin(BinOp::Mul, v(x), v(x)));
    b.assume(l2, bad, eq(v(y), k(3, u8t)));
    b.edge(bad, err, Op::Error(ErrorKind::ReachError));
    b.assume(l2, exit, ne(v(y), k(3, u8t)));
    b.build(l0, exit, err)
}

/// `x = *; if (x > limit) unsupported; if (bug && x == 7) error;`
fn with_unsupported(limit: i128, x_init: Option<i128>, bug: bool) -> Program {
    let mut b = PB::new();
    let x = b.local("x", i32t());
    let [l0, l1, lu, l2, bad, exit, err] = b.locs();
    match x_init {
        Some(c) => b.assign(l0, l1, x, k(c, i32t())),
        None => b.edge(l0, l1, Op::Nondet(x)),
    };
    b.assume(l1, lu, bin(BinOp::Gt, v(x), k(limit, i32t())));
    b.edge(lu, l2, Op::Unsupported("inline assembly".into()));
    b.assume(l1, l2, Expr::not(bin(BinOp::Gt, v(x), k(limit, i32t()))));
    let c = if bug {
        eq(v(x), k(7, i32t()))
    } else {
        Expr::bool(false)
    };
    b.assume(l2, bad, c.clone());
    b.edge(bad, err, Op::Error(ErrorKind::ReachError));
    b.assume(l2, exit, Expr::not(c));
    b.build(l0, exit, err)
}

/// `r = ext(&g); if (r == 7 && g == 3) error;`
fn call_unsafe() -> Program {
    let mut b = PB::new();
    let g = b.global("g", i32t(), 0);
    let r = b.local("r", i32t());
    let [l0, l1, bad, exit, err] = b.locs();
    b.edge(
        l0,
        l1,
        Op::Call {
            func: "ext".into(),
            args: vec![CallArg::Value(k(0, i32t()))],
            ret: Some(r),
            may_write: vec![g],
        },
    );
    let c = bin(BinOp::And, eq(v(r), k(7, i32t())), eq(v(g), k(3, i32t())));
    b.assume(l1, bad, c.clone());
    b.edge(bad, err, Op::Error(ErrorKind::ReachError));
    b.assume(l1, exit, Expr::not(c));
    b.build(l0, exit, err)
}

/// `if (x == 5) error;` with `x` an uninitialised local read before any write.
fn uninit_read() -> Program {
    let mut b = PB::new();
    let x = b.local("x", i32t());
    let [l0, bad, exit, err] = b.locs();
    b.assume(l0, bad, eq(v(x), k(5, i32t())));
    b.edge(bad, err, Op::Error(ErrorKind::ReachError));
    b.assume(l0, exit, ne(v(x), k(5, i32t())));
    b.build(l0, exit, err)
}

/// Two flags toggled in lock-step in a loop: `a = 1; b = 0; while (*) { t = a; a = b; b = t; }
/// if (a == b) error;` (`bad`: `if (a == 1)` instead, reachable after one swap... or not:
/// a == 1 holds initially, so it is reachable at once).
fn swap_loop(bad: bool) -> Program {
    let mut p = PB::new();
    let a = p.global("a", i32t(), 1);
    let bb = p.global("b", i32t(), 0);
    let t = p.local("t", i32t());
    let [l0, head, s1, s2, s3, after, badl, exit, err] = p.locs();
    p.edge(l0, head, Op::Skip);
    p.edge(head, s1, Op::Skip);
    p.assign(s1, s2, t, v(a));
    p.assign(s2, s3, a, v(bb));
    p.back(s3, head, Op::Assign(bb, v(t)));
    p.edge(head, after, Op::Skip);
    let c = if bad {
        eq(v(bb), k(1, i32t()))
    } else {
        eq(v(a), v(bb))
    };
    p.assume(after, badl, c.clone());
    p.edge(badl, err, Op::Error(ErrorKind::ReachError));
    p.assume(after, exit, Expr::not(c));
    p.build(l0, exit, err)
}

/// Nested loops: `i = 0; while (i < 3) { j = 0; while (j < 2) j++; i++; } if (j > 2) error;`
fn nested_loops() -> Program {
    let mut p = PB::new();
    let i = p.global("i", i32t(), 0);
    let j = p.global("j", i32t(), 0);
    let [l0, oh, ob, ih, ib, iafter, after, bad, exit, err] = p.locs();
    p.edge(l0, oh, Op::Skip);
    p.assume(oh, ob, lt(v(i), k(3, i32t())));
    p.assign(ob, ih, j, k(0, i32t()));
    p.count_up(ih, ib, iafter, j, 2);
    p.back(
        iafter,
        oh,
        Op::Assign(i, bin(BinOp::Add, v(i), k(1, i32t()))),
    );
    p.assume(oh, after, Expr::not(lt(v(i), k(3, i32t()))));
    let c = bin(BinOp::Gt, v(j), k(2, i32t()));
    p.assume(after, bad, c.clone());
    p.edge(bad, err, Op::Error(ErrorKind::ReachError));
    p.assume(after, exit, Expr::not(c));
    p.build(l0, exit, err)
}

fn opts() -> VerifyOptions {
    VerifyOptions {
        timeout: Some(Duration::from_secs(60)),
        ..VerifyOptions::default()
    }
}

/// [`opts`] without values: every variable abstracted by predicates.
fn predicates_only() -> VerifyOptions {
    VerifyOptions {
        explicit_values: false,
        ..opts()
    }
}

fn is_safe(o: &Outcome) -> bool {
    matches!(o.verdict, Verdict::Safe { .. })
}
fn is_unsafe(o: &Outcome) -> bool {
    matches!(o.verdict, Verdict::Unsafe(_))
}

fn cex(o: &Outcome) -> &Counterexample {
    match &o.verdict {
        Verdict::Unsafe(c) => c,
        v => panic!("expected a counterexample, got {v:?}"),
    }
}

/// Replays a counterexample on the program with a tiny reference interpreter (C wraparound)
/// and checks it reaches the error location.
fn replay(p: &Program, c: &Counterexample) {
    let cfg = p.main();
    let mut val: Vec<i128> = p.vars.iter().map(|x| x.init.unwrap_or(0)).collect();
    let mut at = cfg.entry;
    fn ev(e: &Expr, p: &Program, val: &[i128]) -> i128 {
        match e {
            Expr::Const(c, _) => *c,
            Expr::Var(x) => val[x.0 as usize],
            Expr::Unary(op, a) => {
                let t = a.ty(&p.vars);
                let x = ev(a, p, val);
                match op {
                    crate::ir::UnOp::Not => (x == 0) as i128,
                    crate::ir::UnOp::Neg => t.wrap(-x),
                    crate::ir::UnOp::BitNot => t.wrap(!x),
                }
            }
            Expr::Binary(op, a, b) => {
                let t = a.ty(&p.vars);
                let (x, y) = (ev(a, p, val), ev(b, p, val));
                match op {
                    BinOp::Add => t.wrap(x + y),
                    BinOp::Sub => t.wrap(x - y),
                    BinOp::Mul => t.wrap(x * y),
                    BinOp::Eq => (x == y) as i128,
                    BinOp::Ne => (x != y) as i128,
                    BinOp::Lt => (x < y) as i128,
                    BinOp::Le => (x <= y) as i128,
                    BinOp::Gt => (x > y) as i128,
                    BinOp::Ge => (x >= y) as i128,
                    BinOp::And => (x != 0 && y != 0) as i128,
                    BinOp::Or => (x != 0 || y != 0) as i128,
                    _ => panic!("replay: unsupported op {op:?}"),
                }
            }
            Expr::Float(..) => panic!("replay: floating operations are not in these tests"),
            Expr::Cast(t, a) => t.wrap(ev(a, p, val)),
            Expr::Ite(c, a, b) => {
                if ev(c, p, val) != 0 {
                    ev(a, p, val)
                } else {
                    ev(b, p, val)
                }
            }
        }
    }
    for s in &c.steps {
        let Step::Edge { edge, nondet, .. } = s else {
            continue;
        };
        let e = cfg.edge(*edge);
        assert_eq!(e.from, at, "trace is not a CFG path");
        match &e.op {
            Op::Assign(x, rhs) => val[x.0 as usize] = ev(rhs, p, &val),
            Op::Nondet(x) => {
                let n = nondet[0];
                let t = p.var(*x).ty;
                assert_eq!(t.wrap(n), n, "nondet value out of range");
                val[x.0 as usize] = n;
            }
            Op::Assume(c) => assert!(ev(c, p, &val) != 0, "assume fails on replay"),
            Op::Call { ret, may_write, .. } => {
                let xs: Vec<VarId> = ret.iter().chain(may_write.iter()).copied().collect();
                assert_eq!(xs.len(), nondet.len());
                for (x, n) in xs.iter().zip(nondet) {
                    val[x.0 as usize] = *n;
                }
            }
            _ => {}
        }
        at = e.to;
    }
    assert_eq!(at, cfg.error, "trace does not end at the error location");
    crate::ir::interp::replay(p, c, crate::ir::interp::ReplaySemantics::BitVector)
        .expect("ir::interp replays the counterexample");
}

#[test]
fn covers_keep_loops_small() {
    let o = verify(&counter_safe(1000), &predicates_only());
    assert!(is_safe(&o), "{:?}", o.verdict);
    assert!(o.stats.nodes < 20, "too many nodes: {}", o.stats.nodes);
    assert!(o.stats.covers >= 1);
}

#[test]
fn one_refinement_and_the_path_does_not_come_back() {
    let o = verify(&one_refinement(), &predicates_only());
    assert!(is_safe(&o), "{:?}", o.verdict);
    assert_eq!(o.stats.refinements, 1);
    assert!(o.stats.predicates >= 1);
    // Tracked by value, the never-written x needs no refinement at all.
    let o = verify(&one_refinement(), &opts());
    assert!(is_safe(&o), "{:?}", o.verdict);
    assert_eq!(o.stats.refinements, 0);
}

/// `s = 0; while (*) { if (s == 0) s = 1; else if (s == 1) s = 2; else s = 0; }
/// if (s == 3) error;` (safe) or `if (s == 2) error;` (unsafe).
fn flag_machine(bad: i128) -> Program {
    let mut b = PB::new();
    let s = b.global("s", i32t(), 0);
    let t = b.local("t", i32t());
    let [l0, head, pick, body, s1, s2, s3, after, bad_l, exit, err] = b.locs();
    b.edge(l0, head, Op::Skip);
    b.edge(head, pick, Op::Nondet(t));
    b.assume(pick, body, ne(v(t), k(0, i32t())));
    b.assume(pick, after, eq(v(t), k(0, i32t())));
    b.assume(body, s1, eq(v(s), k(0, i32t())));
    b.assume(body, s2, eq(v(s), k(1, i32t())));
    b.assume(
        body,
        s3,
        Expr::not(bin(
            BinOp::Or,
            eq(v(s), k(0, i32t())),
            eq(v(s), k(1, i32t())),
        )),
    );
    b.back(s1, head, Op::Assign(s, k(1, i32t())));
    b.back(s2, head, Op::Assign(s, k(2, i32t())));
    b.back(s3, head, Op::Assign(s, k(0, i32t())));
    b.assume(after, bad_l, eq(v(s), k(bad, i32t())));
    b.edge(bad_l, err, Op::Error(ErrorKind::ReachError));
    b.assume(after, exit, ne(v(s), k(bad, i32t())));
    b.build(l0, exit, err)
}

#[test]
fn flags_are_tracked_by_value() {
    let p = flag_machine(3);
    let tr = explicit::tracked_vars(&p, p.main(), true, &HashSet::new());
    let names: Vec<&str> = tr.vars.iter().map(|x| p.var(*x).name.as_str()).collect();
    assert_eq!(names, ["s"], "t is nondeterministic");
    assert_eq!(tr.counter, [false]);
    let o = verify(&p, &opts());
    assert!(is_safe(&o), "{:?}", o.verdict);
    assert_eq!(o.stats.refinements, 0, "the values alone exclude s == 3");
    let o = verify(&p, &predicates_only());
    assert!(is_safe(&o), "{:?}", o.verdict);
    assert!(o.stats.refinements >= 1);
    let p = flag_machine(2);
    let o = verify(&p, &opts());
    replay(&p, cex(&o));
}

#[test]
fn counters_with_too_many_values_are_dropped() {
    // i counts to 1000 (more values than the threshold): tracking i stops, and predicates
    // prove the program as before.
    let p = counter_safe(1000);
    let tr = explicit::tracked_vars(&p, p.main(), true, &HashSet::new());
    let counters: Vec<&str> = tr
        .vars
        .iter()
        .zip(&tr.counter)
        .filter(|(_, c)| **c)
        .map(|(x, _)| p.var(*x).name.as_str())
        .collect();
    assert_eq!(counters, ["i"]);
    let o = verify(&p, &opts());
    assert!(is_safe(&o), "{:?}", o.verdict);
    // A short count is explored by value.
    let o = verify(&counter_safe(10), &opts());
    assert!(is_safe(&o), "{:?}", o.verdict);
    assert_eq!(o.stats.refinements, 0);
    let p = loop_counter(true);
    let c = cex(&verify(&p, &opts())).clone();
    replay(&p, &c);
}

#[test]
fn nondet_counterexample() {
    let p = nondet_unsafe();
    let o = verify(&p, &opts());
    let c = cex(&o);
    replay(&p, c);
    let Step::Edge { nondet, .. } = &c.steps[0] else {
        panic!()
    };
    assert_eq!(nondet, &vec![42]);
    match &c.violation {
        Violation::Property { description, .. } => assert_eq!(description, "reach_error()"),
        v => panic!("{v:?}"),
    }
}

#[test]
fn loop_unsafe_and_safe() {
    let p = loop_counter(true);
    let o = verify(&p, &opts());
    let c = cex(&o);
    replay(&p, c);
    match &c.violation {
        Violation::Property { description, .. } => assert_eq!(description, "assertion i != 10"),
        v => panic!("{v:?}"),
    }
    let o = verify(&loop_counter(false), &opts());
    assert!(is_safe(&o), "{:?}", o.verdict);
}

#[test]
fn bit_precise_by_default_int_math_on_request() {
    let p = wrap_unsafe();
    let o = verify(&p, &opts());
    replay(&p, cex(&o));
    let o = verify(
        &p,
        &VerifyOptions {
            int_math: true,
            ..opts()
        },
    );
    // With mathematical integers the cast is the identity: x = 256 != 0.
    assert_eq!(
        o.verdict,
        Verdict::Safe {
            note: Some("assuming no integer overflow (--int-math)".into())
        }
    );
    let p = signed_wrap();
    let o = verify(&p, &opts());
    replay(&p, cex(&o));
    let o = verify(&counter_safe(3), &opts());
    assert_eq!(o.verdict, Verdict::Safe { note: None });
}

#[test]
fn over_approximation_artefact_restarts_exactly() {
    let o = verify(&nonlinear_safe(), &opts());
    assert!(is_safe(&o), "{:?}", o.verdict);
}

#[test]
fn unsupported_edges() {
    // Feasible unsupported edge, no error: UNKNOWN with the reason.
    let o = verify(&with_unsupported(0, None, false), &opts());
    match &o.verdict {
        Verdict::Unknown(r) => assert!(
            r.to_string().starts_with("unsupported: inline assembly"),
            "{r}"
        ),
        v => panic!("{v:?}"),
    }
    // Infeasible unsupported edge: refined away, SAFE.
    let o = verify(&with_unsupported(0, Some(-3), false), &opts());
    assert!(is_safe(&o), "{:?}", o.verdict);
    // A real error wins over the unsupported edge.
    let p = with_unsupported(100, None, true);
    let o = verify(&p, &opts());
    replay(&p, cex(&o));
}

#[test]
fn external_calls_are_nondeterministic() {
    let p = call_unsafe();
    let o = verify(&p, &opts());
    let c = cex(&o);
    replay(&p, c);
    let Step::Edge {
        nondet, assigned, ..
    } = &c.steps[0]
    else {
        panic!()
    };
    assert_eq!(nondet, &vec![7, 3]);
    assert_eq!(assigned.len(), 2);
}

#[test]
fn uninitialised_locals_are_nondeterministic() {
    let o = verify(&uninit_read(), &opts());
    assert!(is_unsafe(&o), "{:?}", o.verdict);
}

#[test]
fn timeout_and_memory_limit() {
    let o = verify(
        &loop_counter(true),
        &VerifyOptions {
            timeout: Some(Duration::ZERO),
            ..VerifyOptions::default()
        },
    );
    assert_eq!(
        o.verdict,
        Verdict::Unknown(crate::verdict::UnknownReason::Timeout)
    );
    let o = verify(
        &loop_counter(true),
        &VerifyOptions {
            memory_limit_mb: Some(0),
            ..opts()
        },
    );
    assert!(
        matches!(&o.verdict, Verdict::Unknown(crate::verdict::UnknownReason::MemoryLimit(r)) if r.starts_with("memory limit")),
        "{:?}",
        o.verdict
    );
}

#[test]
fn concurrent_programs_are_refused() {
    let mut p = nondet_unsafe();
    let mut t = p.threads[0].clone();
    t.name = "worker".into();
    p.threads.push(t);
    let e = EdgeId(p.threads[0].edges.len() as u32);
    let from = p.threads[0].entry;
    // Retarget: entry --pthread_create(worker)--> (old first successor)
    let to = p.threads[0].edges[0].to;
    p.threads[0].edges.push(Edge {
        from,
        to,
        op: Op::Call {
            func: "pthread_create".into(),
            args: vec![CallArg::Thread(ThreadId(1))],
            ret: None,
            may_write: vec![],
        },
        loc: Loc::default(),
    });
    p.threads[0].out[from.0 as usize].push(e);
    let o = verify(&p, &opts());
    assert_eq!(
        o.verdict,
        Verdict::unknown_other("threads need --engine esst")
    );
}

fn suite() -> Vec<(&'static str, Program, bool)> {
    vec![
        ("counter_safe", counter_safe(50), true),
        ("loop_unsafe", loop_counter(true), false),
        ("loop_safe", loop_counter(false), true),
        ("nondet_unsafe", nondet_unsafe(), false),
        ("one_refinement", one_refinement(), true),
        ("wrap_unsafe", wrap_unsafe(), false),
        ("call_unsafe", call_unsafe(), false),
        ("swap_safe", swap_loop(false), true),
        ("swap_unsafe", swap_loop(true), false),
        ("nested_safe", nested_loops(), true),
        ("nonlinear_safe", nonlinear_safe(), true),
        ("flags_safe", flag_machine(3), true),
        ("flags_unsafe", flag_machine(2), false),
    ]
}

#[test]
fn cartesian_boolean_location_global_agree() {
    for (name, p, safe) in suite() {
        for abstraction in [Abstraction::Cartesian, Abstraction::Boolean] {
            for precision in [PrecisionKind::Location, PrecisionKind::Global] {
                for explicit_values in [true, false] {
                    let o = verify(
                        &p,
                        &VerifyOptions {
                            abstraction,
                            precision,
                            explicit_values,
                            ..opts()
                        },
                    );
                    let ok = if safe { is_safe(&o) } else { is_unsafe(&o) };
                    assert!(
                        ok,
                        "{name} with {abstraction:?}/{precision:?}, values {explicit_values}: {:?}",
                        o.verdict
                    );
                    if let Verdict::Unsafe(c) = &o.verdict {
                        replay(&p, c);
                    }
                }
            }
        }
    }
}

#[test]
fn loop_head_invariants_of_a_safe_art() {
    let p = counter_safe(10);
    let (o, s) = verify_with_art(&p, &opts());
    assert!(is_safe(&o));
    let s = s.expect("summary for a safe verdict");
    assert_eq!(s.invariants.len(), 1);
    let (head, inv) = &s.invariants[0];
    assert_eq!(*head, LocId(1));
    assert!(inv.contains('y'), "{inv}");
    let (o, s) = verify_with_art(&nondet_unsafe(), &opts());
    assert!(is_unsafe(&o) && s.is_none());
}

/// Debug helper: `PREDABS_CASE=name cargo test --release -- --ignored run_named_case`.
#[test]
#[ignore]
fn run_named_case() {
    let want = std::env::var("PREDABS_CASE").unwrap_or_default();
    for (name, p, _) in suite() {
        if name == want || want == "all" {
            let o = verify(
                &p,
                &VerifyOptions {
                    timeout: Some(Duration::from_secs(10)),
                    ..opts()
                },
            );
            eprintln!("{name}: {:?} {:?}", o.verdict, o.stats);
        }
    }
}

/// A two-stage pipeline: a generator writes `p` (nondeterministic) and `d = p + p` and raises
/// two request flags; two separate updates, each under its own flag, copy `q = p` and
/// `e = d`; the check is `e == 2 * q`. The relation holds at the loop head because the flags
/// are raised and cleared together (`both`; without it only the first copy is requested and
/// the check fails). The values of the flags are explicit in the affine analysis as in the
/// ART, one space per valuation.
fn flagged_copies(both: bool) -> Program {
    let mut b = PB::new();
    let p = b.global("p", i32t(), 0);
    let d = b.global("d", i32t(), 0);
    let q = b.global("q", i32t(), 0);
    let e = b.global("e", i32t(), 0);
    let r1 = b.global("r1", i32t(), 0);
    let r2 = b.global("r2", i32t(), 0);
    let t = b.local("t", i32t());
    let [l0, head, pick, gen, g1, g2, g3, upd1, u1, u1a, u1b, upd2, u2, u2b, chk, bad, exit, err] =
        b.locs();
    let one = || k(1, i32t());
    b.edge(l0, head, Op::Skip);
    b.edge(head, pick, Op::Nondet(t));
    b.assume(pick, gen, ne(v(t), k(0, i32t())));
    b.assume(pick, upd1, eq(v(t), k(0, i32t())));
    b.edge(gen, g1, Op::Nondet(p));
    b.assign(g1, g2, d, bin(BinOp::Add, v(p), v(p)));
    b.assign(g2, g3, r1, one());
    if both {
        b.back(g3, head, Op::Assign(r2, one()));
    } else {
        b.back(g3, head, Op::Skip);
    }
    b.assume(upd1, u1, eq(v(r1), one()));
    b.assume(upd1, upd2, ne(v(r1), one()));
    b.assume(u1, u1a, ne(v(q), v(p)));
    b.assume(u1, u1b, Expr::not(ne(v(q), v(p))));
    b.assign(u1a, u1b, q, v(p));
    b.assign(u1b, upd2, r1, k(0, i32t()));
    b.assume(upd2, u2, eq(v(r2), one()));
    b.assume(upd2, chk, ne(v(r2), one()));
    b.assign(u2, u2b, e, v(d));
    b.assign(u2b, chk, r2, k(0, i32t()));
    let twice_q = bin(BinOp::Mul, k(2, i32t()), v(q));
    b.assume(chk, bad, ne(v(e), twice_q.clone()));
    b.edge(bad, err, Op::Error(ErrorKind::ReachError));
    b.back(chk, head, Op::Assume(eq(v(e), twice_q)));
    let _ = exit;
    b.build(l0, exit, err)
}

#[test]
fn affine_relations_through_flagged_copies() {
    let p = flagged_copies(true);
    let cfg = p.main();
    let tr = explicit::tracked_vars(&p, cfg, true, &HashSet::new());
    let names: Vec<&str> = tr.vars.iter().map(|x| p.var(*x).name.as_str()).collect();
    assert_eq!(names, ["r1", "r2"]);
    let eqs = affine::equalities(&p, cfg, &block::abstraction_points(cfg), &tr.index);
    let (q, e) = (VarId(2), VarId(3));
    assert!(eqs.contains(&(vec![(q, 2), (e, -1)], 0)), "{eqs:?}");
    assert!(
        eqs.contains(&(vec![(VarId(0), 2), (VarId(1), -1)], 0)),
        "d == 2 * p"
    );
    let o = verify(&p, &opts());
    assert!(is_safe(&o), "{:?}", o.verdict);
    let p = flagged_copies(false);
    let o = verify(&p, &opts());
    replay(&p, cex(&o));
}

/// One block sets eight flags, each by its own nondeterministic choice (256 valuations at the
/// loop head, more than the enumeration keeps), then checks `f0 + ... + f7 == 8` (`reachable`)
/// or `f0 == 2`.
fn many_flags(reachable: bool) -> Program {
    let mut b = PB::new();
    let flags: Vec<VarId> = (0..8)
        .map(|i| b.global(&format!("f{i}"), i32t(), 0))
        .collect();
    let t = b.local("t", i32t());
    let l0 = b.loc();
    let head = b.loc();
    b.edge(l0, head, Op::Skip);
    let mut at = head;
    for &f in &flags {
        let [pick, on, off, next] = b.locs();
        b.edge(at, pick, Op::Nondet(t));
        b.assume(pick, on, ne(v(t), k(0, i32t())));
        b.assume(pick, off, eq(v(t), k(0, i32t())));
        b.assign(on, next, f, k(1, i32t()));
        b.assign(off, next, f, k(0, i32t()));
        at = next;
    }
    let [bad, err, exit] = b.locs();
    let cond = if reachable {
        let sum = flags[1..]
            .iter()
            .fold(v(flags[0]), |s, &f| bin(BinOp::Add, s, v(f)));
        eq(sum, k(8, i32t()))
    } else {
        eq(v(flags[0]), k(2, i32t()))
    };
    b.assume(at, bad, cond.clone());
    b.edge(bad, err, Op::Error(ErrorKind::ReachError));
    b.back(at, head, Op::Assume(Expr::not(cond)));
    let _ = exit;
    b.build(l0, exit, err)
}

#[test]
fn too_many_valuations_are_projected_soundly() {
    let p = many_flags(false);
    let tr = explicit::tracked_vars(&p, p.main(), true, &HashSet::new());
    assert_eq!(tr.vars.len(), 8, "the flags are tracked (t is not)");
    let o = verify(&p, &opts());
    assert!(is_safe(&o), "{:?}", o.verdict);
    // All eight flags set at once: one valuation of 256, still found and replayed.
    let p = many_flags(true);
    let o = verify(&p, &opts());
    replay(&p, cex(&o));
}

/// `int n;` (a nondeterministic declaration value, never read) then `n = 0` and a count to 3.
#[test]
fn dead_nondeterministic_writes_do_not_prevent_tracking() {
    let mut b = PB::new();
    let n = b.local("n", i32t());
    let [l0, l1, head, body, after, bad, exit, err] = b.locs();
    b.edge(l0, l1, Op::Nondet(n));
    b.assign(l1, head, n, k(0, i32t()));
    b.count_up(head, body, after, n, 3);
    b.assume(after, bad, ne(v(n), k(3, i32t())));
    b.edge(bad, err, Op::Error(ErrorKind::ReachError));
    b.assume(after, exit, eq(v(n), k(3, i32t())));
    let p = b.build(l0, exit, err);
    let tr = explicit::tracked_vars(&p, p.main(), true, &HashSet::new());
    assert_eq!(tr.vars, [n]);
    let o = verify(&p, &opts());
    assert!(is_safe(&o), "{:?}", o.verdict);
    assert_eq!(o.stats.refinements, 0, "n is explored by value");
    // Read before the write: the nondeterministic value is live, n is not tracked.
    let mut b = PB::new();
    let n = b.local("n", i32t());
    let y = b.global("y", i32t(), 0);
    let [l0, l1, l2, exit, err] = b.locs();
    b.edge(l0, l1, Op::Nondet(n));
    b.assign(l1, l2, y, v(n));
    b.assign(l2, exit, n, k(0, i32t()));
    let _ = err;
    let p = b.build(l0, exit, err);
    let tr = explicit::tracked_vars(&p, p.main(), true, &HashSet::new());
    assert!(!tr.vars.contains(&n));
}
