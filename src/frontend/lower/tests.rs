//! Lowering tests: small C programs through `load_str`, checked by IR shape and by running them
//! with a tiny evaluator of the main thread.

use crate::diag::{DiagKind, SourceMap};
use crate::frontend::{load_str, FrontendOptions};
use crate::ir::{print, CallArg, ErrorKind, Expr, Op, Program, Scope, Type, VarId};
use crate::target::Target;
use std::collections::VecDeque;

pub(crate) fn lower_with(text: &str, target: &str) -> Program {
    let mut sm = SourceMap::new();
    let opts = FrontendOptions {
        target: Target::builtin(target).unwrap(),
        ..Default::default()
    };
    match load_str("t.c", text, &opts, &mut sm) {
        Ok(l) => l.program,
        Err(d) => panic!("{}", d.render(&sm)),
    }
}

pub(crate) fn lower_src(text: &str) -> Program {
    lower_with(text, "ilp32")
}

fn lower_err(text: &str) -> crate::diag::Diag {
    let mut sm = SourceMap::new();
    match load_str("t.c", text, &FrontendOptions::default(), &mut sm) {
        Ok(_) => panic!("expected an error"),
        Err(d) => d,
    }
}

fn dump(p: &Program) -> String {
    print::dump_ir(p, &SourceMap::new())
}

#[derive(Debug, PartialEq)]
enum Outcome {
    Exit(Vec<i128>),
    Error(ErrorKind),
    Blocked,
    Unsupported(String),
    Steps,
}

/// Runs the main thread deterministically: the first enabled edge is taken; nondet values come
/// from `nondets` (then 0); external calls return 0.
fn run(p: &Program, nondets: &[i128]) -> Outcome {
    let c = p.main();
    let mut vals: Vec<i128> = p.vars.iter().map(|v| v.init.unwrap_or(0)).collect();
    let mut nd: VecDeque<i128> = nondets.iter().copied().collect();
    let mut loc = c.entry;
    for _ in 0..200_000 {
        if loc == c.error {
            unreachable!("error location is reached through Error edges");
        }
        if loc == c.exit {
            return Outcome::Exit(vals);
        }
        let mut next = None;
        for (_, e) in c.out_edges(loc) {
            let env = |v: VarId| Some(vals[v.0 as usize]);
            match &e.op {
                Op::Assume(x) => {
                    let b = super::fold::eval(x, &p.vars, &env).expect("evaluable");
                    if b != 0 {
                        next = Some(e);
                        break;
                    }
                }
                _ => {
                    next = Some(e);
                    break;
                }
            }
        }
        let e = match next {
            Some(e) => e,
            None => return Outcome::Blocked,
        };
        let env = |v: VarId| Some(vals[v.0 as usize]);
        match &e.op {
            Op::Assign(v, x) => {
                let r = super::fold::eval(x, &p.vars, &env).expect("evaluable");
                vals[v.0 as usize] = p.vars[v.0 as usize].ty.wrap(r);
            }
            Op::Nondet(v) => {
                let r = nd.pop_front().unwrap_or(0);
                vals[v.0 as usize] = p.vars[v.0 as usize].ty.wrap(r);
            }
            Op::Call { ret: Some(r), .. } => vals[r.0 as usize] = 0,
            Op::Error(k) => return Outcome::Error(k.clone()),
            Op::Unsupported(m) => return Outcome::Unsupported(m.clone()),
            _ => {}
        }
        loc = e.to;
    }
    Outcome::Steps
}

fn var(p: &Program, name: &str) -> VarId {
    VarId(
        p.vars
            .iter()
            .position(|v| v.name == name)
            .unwrap_or_else(|| panic!("no variable {name} in\n{}", dump(p))) as u32,
    )
}

fn exit_val(p: &Program, nondets: &[i128], name: &str) -> i128 {
    match run(p, nondets) {
        Outcome::Exit(v) => v[var(p, name).0 as usize],
        o => panic!("{:?}\n{}", o, dump(p)),
    }
}

fn all_ops(p: &Program) -> Vec<&Op> {
    p.threads
        .iter()
        .flat_map(|c| c.edges.iter().map(|e| &e.op))
        .collect()
}

/// Checks the program-order invariant and the exit/error rules on every CFG.
fn check_invariants(p: &Program) {
    for (ti, c) in p.threads.iter().enumerate() {
        // locals used by a thread are that thread's
        let mut own = |v: VarId| {
            if let Scope::Local(t) = p.vars[v.0 as usize].scope {
                assert_eq!(
                    t.0 as usize, ti,
                    "{} used in thread {}",
                    p.vars[v.0 as usize].name, ti
                );
            }
        };
        for e in &c.edges {
            match &e.op {
                Op::Assign(v, x) => {
                    own(*v);
                    x.for_each_var(&mut own);
                }
                Op::Assume(x) => x.for_each_var(&mut own),
                Op::Nondet(v) => own(*v),
                Op::Call { args, ret, .. } => {
                    for a in args {
                        if let CallArg::Value(x) = a {
                            x.for_each_var(&mut own);
                        }
                    }
                    if let Some(r) = ret {
                        own(*r);
                    }
                }
                _ => {}
            }
        }
        let heads: Vec<_> = c.loops.iter().map(|l| l.head).collect();
        for (i, e) in c.edges.iter().enumerate() {
            assert!(
                e.from != c.exit && e.from != c.error,
                "edge leaves exit/error"
            );
            if e.to <= e.from {
                assert!(heads.contains(&e.to), "back edge {} to a non-head", i);
                assert!(
                    matches!(e.op, Op::Skip | Op::Assume(_)),
                    "back edges are jumps: {:?}",
                    e.op
                );
            }
            if e.to == c.error {
                assert!(matches!(e.op, Op::Error(_)));
            }
            if matches!(e.op, Op::Error(_)) {
                assert_eq!(e.to, c.error);
            }
            let vars = &p.vars;
            let check = |x: &Expr| well_typed(x, vars);
            match &e.op {
                Op::Assign(v, x) => {
                    check(x);
                    assert_eq!(
                        x.ty(vars),
                        vars[v.0 as usize].ty,
                        "assign type in {:?}",
                        e.op
                    );
                }
                Op::Assume(x) => {
                    check(x);
                    assert_eq!(x.ty(vars), Type::Bool);
                }
                Op::Call { args, .. } => {
                    for a in args {
                        if let CallArg::Value(x) = a {
                            check(x)
                        }
                    }
                }
                _ => {}
            }
        }
        assert_eq!(c.out.len() as u32, c.num_locs);
        assert_eq!(c.loc_src.len() as u32, c.num_locs);
        assert_eq!(c.loc_func.len() as u32, c.num_locs);
    }
}

fn well_typed(e: &Expr, vars: &[crate::ir::Var]) {
    use crate::ir::BinOp;
    match e {
        Expr::Const(v, t) => assert_eq!(t.wrap(*v), *v, "constant in range"),
        Expr::Var(v) => assert!((v.0 as usize) < vars.len()),
        Expr::Unary(crate::ir::UnOp::Not, a) => {
            well_typed(a, vars);
            assert_eq!(a.ty(vars), Type::Bool);
        }
        Expr::Unary(_, a) => {
            well_typed(a, vars);
            assert_ne!(a.ty(vars), Type::Bool);
        }
        Expr::Binary(op, a, b) => {
            well_typed(a, vars);
            well_typed(b, vars);
            assert_eq!(a.ty(vars), b.ty(vars), "operands of {:?}", op);
            if matches!(op, BinOp::And | BinOp::Or) {
                assert_eq!(a.ty(vars), Type::Bool);
            }
        }
        Expr::Cast(_, a) => well_typed(a, vars),
        Expr::Ite(c, a, b) => {
            well_typed(c, vars);
            well_typed(a, vars);
            well_typed(b, vars);
            assert_eq!(c.ty(vars), Type::Bool);
            assert_eq!(a.ty(vars), b.ty(vars));
        }
        Expr::Float(op, xs) => {
            use crate::ir::FloatOp as F;
            assert_eq!(xs.len(), op.arity());
            for x in xs {
                well_typed(x, vars);
            }
            let want = match op {
                F::FromInt(t, _) => *t,
                F::Add(f) | F::Sub(f) | F::Mul(f) | F::Div(f) | F::Neg(f) | F::Abs(f) => f.ty(),
                F::Sqrt(f) => f.ty(),
                F::Eq(f) | F::Lt(f) | F::Le(f) | F::IsNan(f) | F::IsInf(f) => f.ty(),
                F::Convert(f, _) | F::ToInt(f, _) | F::ToIntOk(f, _) => f.ty(),
            };
            for x in xs {
                assert_eq!(x.ty(vars), want, "operand of {op:?}");
            }
        }
    }
}

#[test]
fn inlining_gets_fresh_locals() {
    let p = lower_src(
        "int sq(int v) { int r = v * v; return r; }\n\
         int main() { int a = sq(3); int b = sq(a); return a + b; }",
    );
    check_invariants(&p);
    var(&p, "sq::r");
    var(&p, "sq#2::r");
    var(&p, "sq#2::v");
    assert_eq!(exit_val(&p, &[], "main::b"), 81);
    assert_eq!(exit_val(&p, &[], "main::ret$"), 90);
}

#[test]
fn recursion_beyond_the_bound_becomes_unsupported_edge() {
    let p = lower_src(
        "int f(int n) { if (n <= 0) return 0; return f(n - 1); }\n\
         int g(int n) { return g(n); }\n\
         int main() { int x = __VERIFIER_nondet_int(); if (x > 0) return f(x); return 0; }",
    );
    check_invariants(&p);
    assert!(all_ops(&p)
        .iter()
        .any(|o| matches!(o, Op::Unsupported(m) if m.starts_with("recursion deeper than 10 nested calls: f calls f"))));
    // unwound ten times: f#11 exists, f#12 does not
    assert!(dump(&p).contains("f#11::n"));
    assert!(!dump(&p).contains("f#12::"));
    // g is never called: no trace of it
    assert!(!dump(&p).contains("g::"));
    assert_eq!(run(&p, &[0]), run(&p, &[0]));
    assert!(matches!(run(&p, &[5]), Outcome::Exit(_)));
    assert!(matches!(run(&p, &[11]), Outcome::Unsupported(_)));
    assert!(matches!(run(&p, &[-1]), Outcome::Exit(_)));
}

#[test]
fn goto_into_loop_body() {
    // the CIL pattern of the SystemC tasks: jump into the middle of a while(1) loop
    let p = lower_src(
        "int pc = 0; int n = 0;\n\
         void proc(void) {\n\
           if (pc == 0) goto ENTRY; else if (pc == 1) goto WAIT;\n\
           ENTRY: ;\n\
           while (1) {\n\
             n = n + 1; pc = 1; goto ret;\n\
             WAIT: n = n + 10;\n\
           }\n\
           ret: return;\n\
         }\n\
         int main() { proc(); proc(); proc(); return 0; }",
    );
    check_invariants(&p);
    // 1 (entry), then 10 + 1 twice
    assert_eq!(exit_val(&p, &[], "n"), 23);
    assert!(!p.main().loops.is_empty());
}

#[test]
fn switch_fall_through() {
    let src = "int main() { int x = __VERIFIER_nondet_int(); int r = 0;\n\
         switch (x) { case 1: r += 1; case 2: r += 2; break; case 3: case 4: r = 40; break; default: r = -1; }\n\
         return r; }";
    let p = lower_src(src);
    check_invariants(&p);
    assert_eq!(exit_val(&p, &[1], "main::r"), 3);
    assert_eq!(exit_val(&p, &[2], "main::r"), 2);
    assert_eq!(exit_val(&p, &[3], "main::r"), 40);
    assert_eq!(exit_val(&p, &[4], "main::r"), 40);
    assert_eq!(exit_val(&p, &[9], "main::r"), -1);
}

#[test]
fn short_circuit_with_side_effects() {
    let p = lower_src(
        "int calls = 0; int t(int v) { calls++; return v; }\n\
         int main() { int x = __VERIFIER_nondet_int(); int a = 0;\n\
           if (x == 0 || t(x)) a = 1;\n\
           int b = (x != 0) && t(0);\n\
           int c = x ? t(5) : 7;\n\
           return a + b + c; }",
    );
    check_invariants(&p);
    match run(&p, &[0]) {
        Outcome::Exit(v) => {
            assert_eq!(v[var(&p, "calls").0 as usize], 0);
            assert_eq!(v[var(&p, "main::c").0 as usize], 7);
        }
        o => panic!("{:?}", o),
    }
    match run(&p, &[3]) {
        Outcome::Exit(v) => {
            assert_eq!(v[var(&p, "calls").0 as usize], 3);
            assert_eq!(v[var(&p, "main::a").0 as usize], 1);
            assert_eq!(v[var(&p, "main::b").0 as usize], 0);
            assert_eq!(v[var(&p, "main::c").0 as usize], 5);
        }
        o => panic!("{:?}", o),
    }
}

#[test]
fn increments_and_compound_assignment() {
    let p = lower_src(
        "int main() { int i = 5; int a = i++; int b = ++i; int c = i--; int d = --i;\n\
           int e = 7; e += 3; e *= 2; e -= 1; e /= 2; e %= 4; e <<= 3; e >>= 1; e |= 1; e ^= 3; e &= 6;\n\
           unsigned char u = 250; u += 10;\n\
           return 0; }",
    );
    check_invariants(&p);
    let r = run(&p, &[]);
    let Outcome::Exit(v) = r else {
        panic!("{:?}", r)
    };
    let g = |n: &str| v[var(&p, n).0 as usize];
    assert_eq!(
        (g("main::a"), g("main::b"), g("main::c"), g("main::d")),
        (5, 7, 7, 5)
    );
    assert_eq!(g("main::i"), 5);
    // ((((7+3)*2-1)/2)%4 = 1; <<3 = 8; >>1 = 4; |1 = 5; ^3 = 6; &6 = 6
    assert_eq!(g("main::e"), 6);
    assert_eq!(g("main::u"), 4);
}

#[test]
fn pointer_deref_through_points_to() {
    let p = lower_src(
        "int main() { int a = 0, b = 0; int c = __VERIFIER_nondet_int();\n\
           int *p = c ? &a : &b; *p = 5; int r = *p + 1; return r; }",
    );
    check_invariants(&p);
    assert_eq!(p.objects.len(), 2);
    assert_eq!(exit_val(&p, &[1], "main::a"), 5);
    assert_eq!(exit_val(&p, &[1], "main::b"), 0);
    assert_eq!(exit_val(&p, &[0], "main::b"), 5);
    assert_eq!(exit_val(&p, &[0], "main::a"), 0);
    assert_eq!(exit_val(&p, &[0], "main::r"), 6);
}

#[test]
fn pointer_arithmetic_and_struct_pointers() {
    let p = lower_src(
        "struct node { int val; struct node *next; };\n\
         struct node n1, n2;\n\
         int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }\n\
         int main() { int arr[4] = {1, 2, 3, 4}; int *q = arr + 1; *(q + 1) = 30;\n\
           n1.next = &n2; n1.next->val = 9; struct node *pp = &n1; pp->val = pp->next->val + 1;\n\
           int s = sum(arr, 4); long d = &arr[3] - q; return 0; }",
    );
    check_invariants(&p);
    assert_eq!(exit_val(&p, &[], "main::arr[2]"), 30);
    assert_eq!(exit_val(&p, &[], "n2.val"), 9);
    assert_eq!(exit_val(&p, &[], "n1.val"), 10);
    assert_eq!(exit_val(&p, &[], "main::s"), 37);
    assert_eq!(exit_val(&p, &[], "main::d"), 2);
}

#[test]
fn arrays_with_symbolic_index() {
    let p = lower_src(
        "int a[3][2]; int main() { int i = __VERIFIER_nondet_int(); int j = __VERIFIER_nondet_int();\n\
           a[i][j] = 7; a[a[0][0]][1] = 8; int r = a[i][j]; return r; }",
    );
    check_invariants(&p);
    let Outcome::Exit(v) = run(&p, &[2, 1]) else {
        panic!()
    };
    assert_eq!(v[var(&p, "a[2][1]").0 as usize], 7);
    assert_eq!(v[var(&p, "a[0][1]").0 as usize], 8);
    assert_eq!(v[var(&p, "main::r").0 as usize], 7);
    // a[0][0] = 7 makes a[a[0][0]][1] a write past the end (undefined behaviour): the
    // bounds guard stops the run instead of dropping the write
    let r = run(&p, &[0, 0]);
    assert!(!matches!(r, Outcome::Exit(_)), "{r:?}");
    let Outcome::Exit(v) = run(&p, &[1, 0]) else {
        panic!()
    };
    assert_eq!(v[var(&p, "a[1][0]").0 as usize], 7);
    assert_eq!(v[var(&p, "a[0][1]").0 as usize], 8);
}

#[test]
fn struct_copy_and_by_value_params() {
    let p = lower_src(
        "struct P { int x; int y[2]; unsigned f : 3; };\n\
         struct P g = { 1, { 2, 3 }, 9 };\n\
         int get(struct P q) { q.x = 100; return q.y[1]; }\n\
         struct P mk(int v) { struct P r = { .y[1] = v }; return r; }\n\
         int main() { struct P l; l = g; int v = get(l); struct P m = mk(42); l.f = 12; return 0; }",
    );
    check_invariants(&p);
    let Outcome::Exit(v) = run(&p, &[]) else {
        panic!()
    };
    let g = |n: &str| v[var(&p, n).0 as usize];
    assert_eq!(g("g.f"), 1); // 9 truncated to 3 bits
    assert_eq!(g("main::l.x"), 1);
    assert_eq!(g("main::l.y[1]"), 3);
    assert_eq!(g("main::v"), 3);
    assert_eq!(g("main::m.y[1]"), 42);
    assert_eq!(g("main::m.x"), 0);
    assert_eq!(g("main::l.f"), 4);
}

#[test]
fn reach_error_by_name_even_with_body() {
    let p = lower_src(
        "void reach_error() {}\n\
         void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error(); abort();} } }\n\
         int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x != 3); return 0; }",
    );
    check_invariants(&p);
    assert_eq!(run(&p, &[3]), Outcome::Error(ErrorKind::ReachError));
    assert!(matches!(run(&p, &[0, 0, 0, 4]), Outcome::Exit(_)));
    let p = lower_src(
        "extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n\
         void reach_error() { __assert_fail(\"0\", \"t.c\", 3, \"reach_error\"); }\n\
         int main() { reach_error(); return 0; }",
    );
    assert_eq!(run(&p, &[]), Outcome::Error(ErrorKind::ReachError));
    let p = lower_src(
        "extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n\
         int main() { int x = 1; if (x) __assert_fail(\"x == 0\", \"t.c\", 3, \"main\"); return 0; }",
    );
    assert_eq!(
        run(&p, &[]),
        Outcome::Error(ErrorKind::AssertFail("x == 0".into()))
    );
}

#[test]
fn atomic_functions_are_wrapped() {
    let p = lower_src(
        "int c; void __VERIFIER_atomic_inc() { c++; }\n\
         void __VERIFIER_atomic_begin(); void __VERIFIER_atomic_end();\n\
         int main() { __VERIFIER_atomic_inc(); __VERIFIER_atomic_begin(); c = 5; __VERIFIER_atomic_end(); return 0; }",
    );
    check_invariants(&p);
    let ops: Vec<String> = p
        .main()
        .edges
        .iter()
        .filter(|e| !matches!(e.op, Op::Skip))
        .map(|e| print::op_to_string(&e.op, &p))
        .collect();
    let i = ops.iter().position(|o| o == "atomic_begin").unwrap();
    assert_eq!(ops[i + 1], "c := (c + 1)");
    assert_eq!(ops[i + 2], "atomic_end");
    assert_eq!(ops[i + 3], "atomic_begin");
    assert_eq!(ops[i + 4], "c := 5");
    assert_eq!(ops[i + 5], "atomic_end");
}

#[test]
fn external_calls_and_threads() {
    let p = lower_src(
        "typedef unsigned long pthread_t;\n\
         int pthread_create(pthread_t *, void *, void *(*)(void *), void *);\n\
         int pthread_join(pthread_t, void **);\n\
         char *getenv(const char *);\n\
         int shared; int buf[2];\n\
         void *worker(void *arg) { int *p = arg; *p = 1; shared = 2; return 0; }\n\
         int main() { pthread_t t; int r = pthread_create(&t, 0, worker, &buf[1]);\n\
           getenv(\"%d\"); pthread_join(t, 0); return r; }",
    );
    check_invariants(&p);
    assert!(p.is_concurrent());
    assert_eq!(p.threads.len(), 2);
    assert_eq!(p.threads[1].name, "worker");
    let w = &p.threads[1];
    assert!(w.param.is_some());
    let create = all_ops(&p)
        .into_iter()
        .find(|o| matches!(o, Op::Call { func, .. } if func == "pthread_create"))
        .unwrap()
        .clone();
    let Op::Call {
        args,
        ret,
        may_write,
        ..
    } = create
    else {
        unreachable!()
    };
    assert!(matches!(args[2], CallArg::Thread(t) if t.0 == 1));
    assert!(ret.is_some());
    let names: Vec<&str> = may_write
        .iter()
        .map(|v| p.vars[v.0 as usize].name.as_str())
        .collect();
    assert!(names.contains(&"main::t"), "{:?}", names);
    // the thread's argument is handed to the thread, never written through by the call
    // (sched::arg_writes)
    assert!(!names.contains(&"buf[1]"), "{:?}", names);
    // the escaping local becomes global; the write in the worker goes through points-to
    assert_eq!(p.vars[var(&p, "main::t").0 as usize].scope, Scope::Global);
    let wd = print::dump_ir(&p, &SourceMap::new());
    assert!(wd.contains("buf[1] := "), "{}", wd);
    // getenv (unmodelled) writes nothing: no may_write
    assert!(all_ops(&p).iter().any(
        |o| matches!(o, Op::Call { func, may_write, args, .. } if func == "getenv" && may_write.is_empty() && matches!(args[0], CallArg::Str(_)))
    ));
}

#[test]
fn uninitialised_locals_are_nondet() {
    let p = lower_src(
        "int main() { int x; int y = 2; for (int i = 0; i < 2; i++) { int z; y += z; } return x; }",
    );
    check_invariants(&p);
    let nondets: Vec<String> = all_ops(&p)
        .iter()
        .filter_map(|o| match o {
            Op::Nondet(v) => Some(p.vars[v.0 as usize].name.clone()),
            _ => None,
        })
        .collect();
    assert!(nondets.contains(&"main::x".to_string()));
    assert!(nondets.contains(&"main::z".to_string()));
    assert!(!nondets.contains(&"main::y".to_string()));
    assert_eq!(exit_val(&p, &[4, 10, 20], "main::ret$"), 4);
    assert_eq!(exit_val(&p, &[4, 10, 20], "main::y"), 32);
}

#[test]
fn loop_ids_in_program_order() {
    let p = lower_src(
        "int main() { int i = 0;\n\
         while (i < 3) i++;\n\
         do { i--; } while (i > 0);\n\
         for (;;) { if (i > 2) break; i++; }\n\
         return 0; }",
    );
    check_invariants(&p);
    let l = &p.main().loops;
    assert_eq!(l.len(), 3);
    assert_eq!(l.iter().map(|x| x.id).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(
        l.iter().map(|x| x.loc.line).collect::<Vec<_>>(),
        vec![2, 3, 4]
    );
    let d = print::dump_loops(&p, &SourceMap::new());
    assert!(d.contains("thread main: loop 1 at"), "{}", d);
    assert_eq!(exit_val(&p, &[], "main::i"), 3);
}

#[test]
fn integer_conversions() {
    let p = lower_src(
        "int main() { unsigned char c = 255; int r1 = (c + 1 == 256);\n\
           signed char s = -1; unsigned u = s; int r2 = (u == 4294967295u);\n\
           int r3 = (-1 < 0u); long long big = 1LL << 40; int t = (int)big;\n\
           unsigned short us = 65535; int r4 = us * us > 0; char ch = 200; int r5 = ch;\n\
           _Bool b = 7; int r6 = b; return 0; }",
    );
    check_invariants(&p);
    let Outcome::Exit(v) = run(&p, &[]) else {
        panic!()
    };
    let g = |n: &str| v[var(&p, n).0 as usize];
    assert_eq!(g("main::r1"), 1);
    assert_eq!(g("main::r2"), 1);
    assert_eq!(g("main::r3"), 0);
    assert_eq!(g("main::t"), 0);
    assert_eq!(g("main::r4"), 0); // int overflow wraps to negative in the IR
    assert_eq!(g("main::r5"), -56);
    assert_eq!(g("main::r6"), 1);
    // on cortex-m4 plain char is unsigned; on avr unsigned + long is long
    let p = lower_with(
        "int main() { char ch = 200; int r = ch; return 0; }",
        "cortex-m4",
    );
    assert_eq!(exit_val(&p, &[], "main::r"), 200);
    let p = lower_with(
        "int main() { unsigned u = 1; long l = -2; int r = (u + l < 0); return 0; }",
        "avr",
    );
    assert_eq!(exit_val(&p, &[], "main::r"), 1);
    let p = lower_with(
        "int main() { unsigned u = 1; long l = -2; int r = (u + l < 0); return 0; }",
        "ilp32",
    );
    assert_eq!(exit_val(&p, &[], "main::r"), 0);
    let p = lower_with(
        "int main() { int s = sizeof(long) + sizeof(void*); return 0; }",
        "avr",
    );
    assert_eq!(exit_val(&p, &[], "main::s"), 6);
}

#[test]
fn type_errors_are_diagnosed() {
    let cases = [
        ("int main() { return y; }", "undeclared"),
        ("int main() { int x; x(); return 0; }", "not a function"),
        ("int main() { 3 = 4; return 0; }", "not assignable"),
        ("int main() { int x; x.f = 1; return 0; }", "non-struct"),
        ("struct s { int a; }; int main() { struct s v; v.b = 1; return 0; }", "no member"),
        ("struct s { int a; }; struct t { int a; }; int main() { struct s v; struct t w; v = w; return 0; }", "incompatible"),
        ("int f(int a) { return a; } int main() { return f(1, 2); }", "argument"),
        ("int f(void) { return 0; }", "no `main`"),
        ("union u { long l; }; int main() { union u v = (union u)5; return 0; }", "not present in union"),
        ("int g = 1; int g = 2; int main() { return g; }", "more than once"),
    ];
    for (src, frag) in cases {
        let d = lower_err(src);
        assert!(
            d.message.contains(frag),
            "{src}: got `{}`, expected `{frag}`",
            d.message
        );
        if frag != "no `main`" {
            assert_eq!(d.kind, DiagKind::Type, "{src}");
            assert!(d.loc.is_some(), "{src}");
        }
    }
}

#[test]
fn long_double_and_asm_are_unsupported_edges() {
    let p = lower_src(
        "long double d; int main() { float f; int x = 1; if (x) { d = 2.5L; } __asm__(\"nop\"); return 0; }",
    );
    check_invariants(&p);
    let u: Vec<String> = all_ops(&p)
        .iter()
        .filter_map(|o| match o {
            Op::Unsupported(m) => Some(m.clone()),
            _ => None,
        })
        .collect();
    assert!(u.iter().any(|m| m.starts_with("long double")), "{:?}", u);
    assert!(u.iter().any(|m| m == "inline assembly"), "{:?}", u);
}

#[test]
fn floats_are_ieee_operations() {
    let p = lower_src(
        "double g = 1.0 / 3; int main() { float f = __VERIFIER_nondet_float(); double d = f * 2 + 1;\n\
           int i = 0; if (d > 0.5) i = d; f = -f; return i; }",
    );
    check_invariants(&p);
    let d = dump(&p);
    // the constant initialiser is folded to the correctly rounded binary64 pattern
    let third = (1.0f64 / 3.0).to_bits() as i128;
    assert!(p.vars.iter().any(|v| v.init == Some(third)), "{d}");
    for op in [
        "fmul32(",
        "fadd32(",
        "f32_to_f64(",
        "flt64(",
        "f64_to_i32(",
        "fneg32(",
    ] {
        assert!(d.contains(op), "{op} missing:\n{d}");
    }
    // the conversion to int is guarded: out of range is undefined behaviour
    assert!(unsupported_msgs(&p)
        .iter()
        .any(|m| m.starts_with("conversion of a double value out of the range of `int`")));
}

#[test]
fn malloc_once_is_an_object() {
    let p = lower_src(
        "void *malloc(unsigned long); void free(void *);\n\
         int main() { int n = __VERIFIER_nondet_int();\n\
           int *p = malloc(2 * sizeof(int)); p[0] = 3; p[1] = p[0] + 1; int r = p[1]; free(p);\n\
           if (n > 0 && n < 8) { int *q = malloc(n * sizeof(int)); q[n - 1] = 1; r += q[n - 1]; }\n\
           int s = 0; for (int i = 0; i < 3; i++) { int *z = malloc(4); *z = i; s += *z; }\n\
           return r + s; }",
    );
    check_invariants(&p);
    // blocks of symbolic size and blocks allocated in a loop are read back
    assert_eq!(exit_val(&p, &[5], "main::r"), 5);
    assert_eq!(exit_val(&p, &[5], "main::s"), 3);
}

#[test]
fn heap_undefined_behaviour_is_unsupported() {
    let p = lower_src(
        "void *malloc(unsigned long); void free(void *);\n\
         int main() { int *p = malloc(sizeof(int)); *p = 1; free(p); int r = *p; return r; }",
    );
    check_invariants(&p);
    assert!(matches!(run(&p, &[]), Outcome::Unsupported(m) if m.contains("after its free")));
    let p = lower_src(
        "void *malloc(unsigned long); void free(void *);\n\
         int main() { int *p = malloc(sizeof(int)); free(p); free(p); return 0; }",
    );
    assert!(matches!(run(&p, &[]), Outcome::Unsupported(m) if m.contains("double")));
}

#[test]
fn function_pointers_dispatch() {
    let p = lower_src(
        "int inc(int x) { return x + 1; } int dbl(int x) { return 2 * x; }\n\
         int main() { int (*f)(int) = __VERIFIER_nondet_int() ? inc : dbl; int r = f(10); return r; }",
    );
    check_invariants(&p);
    assert_eq!(exit_val(&p, &[1], "main::r"), 11);
    assert_eq!(exit_val(&p, &[0], "main::r"), 20);
}

#[test]
fn globals_with_designated_initialisers() {
    let p = lower_src(
        "struct S { int a; int b[3]; char *s; };\n\
         int x = 5; int *px = &x; char msg[] = \"hi\";\n\
         struct S arr[2] = { [1] = { .b = { [2] = 7 }, .a = 4 }, [0].a = 1 };\n\
         enum E { A, B = 10, C }; int e = C; int m[2][2] = { 1, 2, 3 };\n\
         int main() { *px = *px + 1; return 0; }",
    );
    check_invariants(&p);
    let init = |n: &str| p.vars[var(&p, n).0 as usize].init;
    assert_eq!(init("arr[1].a"), Some(4));
    assert_eq!(init("arr[1].b[2]"), Some(7));
    assert_eq!(init("arr[0].a"), Some(1));
    assert_eq!(init("arr[0].b[0]"), Some(0));
    assert_eq!(init("e"), Some(11));
    assert_eq!(init("m[1][0]"), Some(3));
    assert_eq!(init("m[1][1]"), Some(0));
    assert_eq!(init("msg[1]"), Some(b'i' as i128));
    assert_eq!(init("msg[2]"), Some(0));
    assert_eq!(exit_val(&p, &[], "x"), 6);
}

#[test]
fn vla_with_constant_bound_and_guard() {
    let p = lower_src(
        "int n = 3; int main() { int a[n]; a[2] = 1; int k = __VERIFIER_nondet_int(); int b[k]; b[0] = 2; return 0; }",
    );
    check_invariants(&p);
    var(&p, "main::a[2]");
    assert!(dump(&p).contains("variable-length array `b`"));
    assert!(matches!(run(&p, &[0, 0, 0, 4]), Outcome::Exit(_)));
    assert!(matches!(run(&p, &[0, 0, 0, 100]), Outcome::Unsupported(_)));
}

#[test]
fn unions_keep_overlapping_members_consistent() {
    let p = lower_src(
        "union U { int i; unsigned u; char c[4]; };\n\
         int main() { union U x; x.i = -1; unsigned v = x.u; return 0; }",
    );
    check_invariants(&p);
    assert_eq!(exit_val(&p, &[], "main::v"), 4294967295);
}

#[test]
fn statement_expressions_and_comma() {
    let p = lower_src(
        "int main() { int a = ({ int t = 3; t * 2; }); int b = (a++, a + 1); int c = __builtin_expect(b, 0); return 0; }",
    );
    check_invariants(&p);
    assert_eq!(exit_val(&p, &[], "main::a"), 7);
    assert_eq!(exit_val(&p, &[], "main::b"), 8);
    assert_eq!(exit_val(&p, &[], "main::c"), 8);
}

#[test]
fn main_arguments_follow_the_hosted_model() {
    let p = lower_src(
        "int main(int argc, char **argv) { int nul = argv[argc] == 0; if (!nul) return -1;\n\
           if (argc > 1) return argv[1][0]; return argc; }",
    );
    check_invariants(&p);
    // nondeterministic values: argc, then the 15 characters of each of the 5 modelled arguments
    let ml = super::env::MAX_ARG_LEN as usize;
    assert_eq!(exit_val(&p, &[1], "main::ret$"), 1);
    let mut two = vec![2];
    two.extend(std::iter::repeat_n(0, ml));
    two.push(65);
    assert_eq!(exit_val(&p, &two, "main::ret$"), 65);
    // argc is at least 1 and unbounded; argv[argc] is NULL beyond the modelled entries too
    // (read into `nul` first: `run` takes the first enabled edge and does not backtrack, while
    // a guarded read in a branch condition is guarded on both branch edges)
    assert!(matches!(run(&p, &[0]), Outcome::Blocked));
    for n in [4, 5, 1000, 200_000_000] {
        assert_eq!(exit_val(&p, &[n], "main::ret$"), 0, "argc = {n}");
    }
    // any other entry past the modelled ones is the model's limit: no value (UNKNOWN)
    let last = lower_src("int main(int argc, char **argv) { return argv[argc - 1][0]; }");
    let ml = super::env::MAX_ARG_LEN as usize;
    let mut five = vec![5];
    five.extend(std::iter::repeat_n(0, 4 * ml));
    five.push(66);
    assert_eq!(exit_val(&last, &five, "main::ret$"), 66);
    for big in [6, 1000] {
        match run(&last, &[big]) {
            Outcome::Unsupported(m) => assert_eq!(m, super::env::ARGV_BEYOND),
            o => panic!("argc = {big}: {o:?}"),
        }
    }
    assert!(super::env::reads_main_args(&p));
    let q = lower_src("int main(int argc, char **argv) { return 0; }");
    assert!(!super::env::reads_main_args(&q));
}

#[test]
fn dumps_are_deterministic() {
    let src = "int g; int main() { int x = g + 1; while (x < 10) x++; return x; }";
    let a = dump(&lower_src(src));
    let b = dump(&lower_src(src));
    assert_eq!(a, b);
    assert!(a.contains("in main"));
    let p = lower_src(src);
    let dot = print::dump_dot(&p, &SourceMap::new());
    assert!(dot.starts_with("digraph"));
    assert!(dot.contains("color=red"));
}

/// Every task of the dev set lowers without error; prints the Unsupported edges per task.
#[test]
fn lowers_every_svcomp_task() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let cands = [
        root.join("../shared"),
        std::path::PathBuf::from("/work/shared"),
    ];
    let Some(shared) = cands
        .iter()
        .find(|p| p.join("benchmarks/svcomp/MANIFEST.tsv").exists())
    else {
        println!("skipped: no ../shared or /work/shared with benchmarks/svcomp/MANIFEST.tsv");
        return;
    };
    let dir = shared.join("benchmarks/svcomp");
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut failures = Vec::new();
    for line in manifest.lines().skip(1) {
        let rel = match line.split('\t').next() {
            Some(r) if !r.is_empty() => r,
            _ => continue,
        };
        for tname in ["lp64", "cortex-m4", "avr"] {
            let mut sm = SourceMap::new();
            let opts = FrontendOptions {
                target: Target::builtin(tname).unwrap(),
                ..Default::default()
            };
            if let Err(d) = crate::frontend::load(&dir.join(rel), &opts, &mut sm) {
                failures.push(format!("{rel} on {tname}: {}", d.render(&sm)));
            }
        }
        let mut sm = SourceMap::new();
        match crate::frontend::load(&dir.join(rel), &FrontendOptions::default(), &mut sm) {
            Ok(l) => {
                check_invariants(&l.program);
                let mut u: Vec<String> = l
                    .program
                    .threads
                    .iter()
                    .flat_map(|c| c.edges.iter())
                    .filter_map(|e| match &e.op {
                        Op::Unsupported(m) => Some(format!("{} ({})", m, sm.short(e.loc))),
                        _ => None,
                    })
                    .collect();
                u.sort();
                u.dedup();
                if rel.starts_with("pthread") {
                    assert!(l.program.is_concurrent(), "{rel} creates threads");
                }
                println!(
                    "{rel}: {} threads, {} vars, {} edges; unsupported: {:?}",
                    l.program.threads.len(),
                    l.program.vars.len(),
                    l.program
                        .threads
                        .iter()
                        .map(|c| c.edges.len())
                        .sum::<usize>(),
                    u
                );
            }
            Err(d) => failures.push(format!("{rel}: {}", d.render(&sm))),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Debugging aid: `LOWER_DUMP=file.c cargo test --release dump_file -- --ignored --nocapture`.
#[test]
#[ignore]
fn dump_file() {
    if let Ok(p) = std::env::var("LOWER_DUMP") {
        let mut sm = SourceMap::new();
        let l = crate::frontend::load(
            std::path::Path::new(&p),
            &FrontendOptions::default(),
            &mut sm,
        )
        .unwrap_or_else(|d| panic!("{}", d.render(&sm)));
        println!("{}", print::dump_ir(&l.program, &sm));
    }
}

#[test]
fn pointers_to_fields_pointer_arrays_and_double_pointers() {
    let p = lower_src(
        "struct S { int a; int f; int *p; } s; int x, y; void ext(struct S *);\n\
         struct L { int v; struct L *next; };\n\
         void *malloc(unsigned long);\n\
         int main() { int i = __VERIFIER_nondet_int();\n\
           int *q = &s.f; *q = 3;\n\
           int *ptrs[2] = { &x, &y }; *ptrs[i] = 1;\n\
           int *pp1 = &x; int **pp = &pp1; **pp = **pp + 4;\n\
           s.p = &y; ext(&s);\n\
           struct L *n = malloc(sizeof(struct L)); n->v = 7; n->next = 0;\n\
           int r = n->v + s.f;\n\
           return 0; }",
    );
    check_invariants(&p);
    let Outcome::Exit(v) = run(&p, &[0, 0]) else {
        panic!("{}", dump(&p))
    };
    let g = |n: &str| v[var(&p, n).0 as usize];
    assert_eq!(g("s.f"), 3);
    assert_eq!(g("main::r"), 10);
    // i = 0 (second nondet value: the declaration of i takes the first)
    assert_eq!(g("x"), 5);
    let ext = all_ops(&p)
        .into_iter()
        .find(|o| matches!(o, Op::Call { func, .. } if func == "ext"))
        .unwrap();
    let Op::Call { may_write, .. } = ext else {
        unreachable!()
    };
    let names: Vec<&str> = may_write
        .iter()
        .map(|v| p.vars[v.0 as usize].name.as_str())
        .collect();
    assert!(
        names.contains(&"s.a") && names.contains(&"y"),
        "{:?}",
        names
    );
    assert!(!names.contains(&"x"), "{:?}", names);
}

#[test]
fn loops_switch_continue_and_struct_returns() {
    let p = lower_src(
        "struct P { int x, y; }; struct P mk(int v) { struct P r; r.x = v; r.y = -v; return r; }\n\
         int main() { int s = 0;\n\
           for (int i = 0; i < 10; i++) { if (i % 2) continue; switch (i) { case 4: continue; default: s += i; } }\n\
           int j = 0; do { j++; if (j < 3) continue; break; } while (1);\n\
           int m = mk(5).y;\n\
           return 0; }",
    );
    check_invariants(&p);
    let Outcome::Exit(v) = run(&p, &[]) else {
        panic!()
    };
    let g = |n: &str| v[var(&p, n).0 as usize];
    assert_eq!(g("main::s"), 2 + 6 + 8);
    assert_eq!(g("main::j"), 3);
    assert_eq!(g("main::m"), -5);
}

const SNIPPETS: &[&str] = &[
    "g = g + 1;",
    "a[g & 3] = g;",
    "p = &a[(g >> 1) & 3]; *p = *p + 2;",
    "p = (g & 1) ? &x : &a[0]; *p += 1;",
    "if (x > 2 && f(x)) { x--; } else { x++; }",
    "while (x < 5) { x++; if (x == 3) break; }",
    "for (int i = 0; i < 3; i++) { if (i == 1) continue; s.f[i & 1] = i; }",
    "switch (x & 3) { case 0: x = 1; case 1: x += 2; break; default: x = 0; }",
    "do { c++; } while (c < 3);",
    "{ int t; t = x ? 3 : 4; g += t; }",
    "u = (unsigned char)(u + 200); x = u;",
    "s2 = s; s2.f[0] = s.f[1] + 1;",
    "x = f(f(x)) % 7;",
    "if (!(x == 0 || g++ < 2)) goto L1; x = x ^ g; L1: ;",
    "x = (x, g) + (unsigned)c;",
    "q = &s.f[1]; *q = x; ",
    "ext(&g, p);",
    "x = __VERIFIER_nondet_int(); __VERIFIER_assume(x < 100);",
    "if (x == 77) reach_error();",
];

fn random_program(picks: &[usize]) -> String {
    let mut body = String::new();
    for (k, &i) in picks.iter().enumerate() {
        body.push_str(&SNIPPETS[i % SNIPPETS.len()].replace("L1", &format!("L{}", k)));
        body.push('\n');
    }
    format!(
        "struct S {{ int f[2]; char c; }};\n\
         int g; int a[4]; unsigned char u; struct S s, s2;\n\
         void ext(int *, int *);\n\
         int f(int v) {{ static int calls; calls++; return v + calls; }}\n\
         int main() {{ int x = 0; int c = 0; int *p = &x; int *q;\n{}return 0; }}\n",
        body
    )
}

mod prop {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn random_programs_lower_well_formed(picks in proptest::collection::vec(0usize..64, 1..14)) {
            let src = random_program(&picks);
            let p = lower_src(&src);
            check_invariants(&p);
            // the evaluator runs without getting stuck on ill-typed expressions
            let r = run(&p, &[1, 2, 3, 4, 5, 6, 7, 8]);
            prop_assert!(!matches!(r, Outcome::Blocked), "{:?}\n{}", r, src);
        }
    }
}

#[test]
fn objects_accessed_under_one_type_stay_scalar() {
    // a cast to a pointer of the same size and an exact union overlap need no bytes
    let p = lower_src(
        "union u { int i; unsigned v; };\n\
         int main() { int x = 1; unsigned *q = (unsigned *)&x; *q = 3; union u a; a.i = -1;\n\
           unsigned r = a.v + x; return r; }",
    );
    check_invariants(&p);
    assert_eq!(exit_val(&p, &[], "main::r"), 2);
    assert!(!p.vars.iter().any(|v| v.name.contains('<')), "{}", dump(&p));
}

#[test]
fn byte_precise_objects_follow_the_byte_order() {
    let src =
        "union w { unsigned v; unsigned char b[4]; struct { unsigned lo : 4, mid : 8; } f; };\n\
         int main() { union w u; u.v = 0x11223344; unsigned r = u.b[0]; u.b[1] = 0xAB;\n\
           unsigned s = u.v; u.v = 0; u.f.mid = 0xFF; unsigned t = u.v; unsigned m = u.f.mid;\n\
           unsigned short h = 0x1234; unsigned char *p = (unsigned char *)&h; unsigned c = p[0];\n\
           return 0; }";
    for (target, r, s, t, c) in [
        ("ilp32", 0x44, 0x1122AB44, 0xFF0, 0x34),
        ("ppc32", 0x11, 0x11AB3344, 0x0FF00000, 0x12),
    ] {
        let p = lower_with(src, target);
        check_invariants(&p);
        assert!(
            p.vars.iter().any(|v| v.name == "main::u<3>"),
            "{}",
            dump(&p)
        );
        assert!(
            p.vars.iter().any(|v| v.name == "main::h<1>"),
            "{}",
            dump(&p)
        );
        assert_eq!(exit_val(&p, &[], "main::r"), r, "{target}");
        assert_eq!(exit_val(&p, &[], "main::s"), s, "{target}");
        assert_eq!(exit_val(&p, &[], "main::t"), t, "{target}");
        assert_eq!(exit_val(&p, &[], "main::m"), 0xFF, "{target}");
        assert_eq!(exit_val(&p, &[], "main::c"), c, "{target}");
    }
}

#[test]
fn mem_builtins_copy_bytes() {
    let p = lower_src(
        "struct s { char c; short h; int i; };\n\
         int main() { struct s a, b; __builtin_memset(&a, 0xFF, sizeof a); a.h = 7;\n\
           __builtin_memcpy(&b, &a, sizeof a); int r = b.i + b.h; int n = 2;\n\
           int e = __builtin_memcmp(&a, &b, n); b.c = 1; int d = __builtin_memcmp(&a, &b, 1) < 0;\n\
           return 0; }",
    );
    check_invariants(&p);
    assert_eq!(exit_val(&p, &[], "main::r"), 6);
    assert_eq!(exit_val(&p, &[], "main::e"), 0);
    assert_eq!(exit_val(&p, &[], "main::d"), 0);
}

#[test]
fn fixed_addresses_are_device_registers() {
    let p = lower_src(
        "int main() { *(volatile unsigned *)0x40021000 = 5; unsigned r = *(volatile unsigned *)0x40021004; return r; }",
    );
    check_invariants(&p);
    assert!(
        p.vars.iter().any(|v| v.name == "device@0x40021004"),
        "{}",
        dump(&p)
    );
    assert_eq!(exit_val(&p, &[9], "main::r"), 9);
    assert!(!all_ops(&p).iter().any(|o| matches!(o, Op::Unsupported(_))));
}

#[test]
fn thread_local_objects_get_one_copy_per_thread_entry() {
    let p = lower_src(
        "__thread int x = 5; int g;\n\
         void *w(void *a) { x++; g = x; return 0; }\n\
         int main(void) { void *(*f)(void *) = w; x = 1; f(0); return x; }",
    );
    let copies: Vec<&crate::ir::Var> = p.vars.iter().filter(|v| v.name.starts_with("x@")).collect();
    assert_eq!(copies.len(), 2, "{:?}", p.vars);
    for v in copies {
        assert!(matches!(v.scope, Scope::Local(_)), "{v:?}");
        assert_eq!(v.thread_start(), Some(5), "{v:?}");
    }
}

#[test]
fn thread_local_address_passed_to_a_thread_is_unsupported() {
    let d = lower_err(
        "#include <pthread.h>\n__thread int x;\n\
         void *w(void *a) { *(int *)a = 1; return 0; }\n\
         int main(void) { pthread_t t; pthread_create(&t, 0, w, &x); return 0; }",
    );
    assert_eq!(d.kind, DiagKind::Unsupported, "{}", d.message);
    assert!(d.message.contains("thread-local"), "{}", d.message);
}

/// A read through a pointer to a known cell or an unknown target: the `unknown_read$` value is
/// drawn only on the branch where the pointer leaves every known object, so a path that read
/// the known cell takes no such step (and its counterexample stays evidence).
#[test]
fn mixed_target_read_draws_the_unknown_value_only_on_its_branch() {
    let p = lower_src(
        "int g = 5; int *ext(void); int __VERIFIER_nondet_int(void);\n\
         int main() { int *p = &g; if (__VERIFIER_nondet_int()) p = ext(); int x = *p; return x; }",
    );
    check_invariants(&p);
    let unknown: Vec<&Op> = all_ops(&p)
        .into_iter()
        .filter(
            |o| matches!(o, Op::Nondet(v) if p.vars[v.0 as usize].name.contains("unknown_read$")),
        )
        .collect();
    assert_eq!(unknown.len(), 1, "{}", dump(&p));
    // p == &g: g's value, and the second nondet value is not drawn
    assert_eq!(exit_val(&p, &[0, 42], "main::x"), 5);
    // p from ext() (0 here, outside every object): the unknown value
    assert_eq!(exit_val(&p, &[1, 42], "main::x"), 42);
}

/// A dereference whose value is discarded (`a->b;`, `*p;`) is still a read: through a null
/// pointer it is undefined behaviour, not skipped.
#[test]
fn discarded_dereference_is_still_read() {
    for src in [
        "struct s { int b; }; int main() { struct s *a = 0; a->b; return 0; }",
        "int main() { int *p = 0; *p; return 0; }",
    ] {
        let p = lower_src(src);
        assert!(
            matches!(run(&p, &[]), Outcome::Unsupported(_)),
            "{src}: {}",
            dump(&p)
        );
    }
    // through a valid pointer the read changes nothing
    let p = lower_src("int g = 3; int main() { int *p = &g; *p; p[0]; return g; }");
    assert!(matches!(run(&p, &[]), Outcome::Exit(_)));
}

/// Two bodies for one function (in one unit, or in two linked units neither of them weak) are
/// an input error, as for the compiler and the linker: never one of them silently.
#[test]
fn function_redefinition_is_an_input_error() {
    let d = lower_err(
        "int f(void) { return 1; }\nint f(void) { return 2; }\nint main(void) { return f(); }",
    );
    assert!(
        d.message.contains("redefinition of function `f`"),
        "{}",
        d.message
    );
    assert_eq!(d.loc.unwrap().line, 2);
}

/// A typedef of a variable-length array type is unsupported at its location, not an input
/// error at a later `sizeof` (its size is fixed when the typedef is reached).
#[test]
fn vla_typedef_is_unsupported() {
    let d =
        lower_err("int main(void) { int n = 3;\n typedef int row[n]; row r; return sizeof(row); }");
    assert_eq!(d.kind, DiagKind::Unsupported, "{}", d.message);
    assert!(d.message.contains("typedef"), "{}", d.message);
    assert_eq!(d.loc.unwrap().line, 2);
}

/// A value that selects its own target (`x = c ? 5 : x;`, `x = x;`) is a read and a store: it
/// is named first, so no assignment stores a selection keeping its own target, which
/// `ir::split_shared` and partial-order BMC take for the lowering's conditional write (whose
/// keep arm is no access). The lowering's own conditional write `a[k] := i == k ? v : a[k]`
/// keeps that shape.
#[test]
fn self_selecting_values_are_named_before_the_store() {
    let p = lower_src(
        "int x, c, a[2], i; int main(void) { x = c ? 5 : x; x = x; a[i] = 3; return a[1] + x; }",
    );
    let x = var(&p, "x");
    let mut conditional = 0;
    for op in all_ops(&p) {
        if let Op::Assign(v, e) = op {
            if *v == x {
                assert!(
                    !crate::ir::split_shared::keeps(e, x),
                    "x stores a selection keeping x: {}",
                    dump(&p)
                );
            } else if crate::ir::split_shared::keep_condition(e, *v).is_some() {
                conditional += 1;
            }
        }
    }
    assert_eq!(conditional, 2, "{}", dump(&p));
    assert_eq!(exit_val(&p, &[], "main::ret$"), 0);
}

fn unsupported_msgs(p: &Program) -> Vec<String> {
    p.threads
        .iter()
        .flat_map(|c| c.edges.iter())
        .filter_map(|e| match &e.op {
            Op::Unsupported(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn division_guard_only_where_evaluated() {
    let p = lower_src(
        "int nondet_int(void); int main() { int a = nondet_int(), b = nondet_int(); int r = 0;\n\
         if (b > 0 && a / b > 1) r = 1; return r; }",
    );
    // the guard exists, but only under `b > 0`: as a conjunct of its evaluation context, or
    // (a condition's right operand that divides is lowered after the branch on the left one)
    // on the branch where `b > 0` holds
    assert!(unsupported_msgs(&p)
        .iter()
        .any(|m| m.starts_with("division by zero")));
    let d = dump(&p);
    let in_context = d.contains("assume ((main::b > 0) && ((main::b == 0) ||");
    // the location the `b > 0` branch enters holds the guard
    let after_branch = d
        .lines()
        .find_map(|l| l.trim().strip_suffix("assume (main::b > 0)"))
        .and_then(|l| l.trim().strip_prefix("-> "))
        .map(|lbl| {
            let head = format!("  {} (", lbl.trim());
            d.split_once(head.as_str()).is_some_and(|(_, rest)| {
                rest.lines()
                    .skip(1)
                    .take_while(|l| l.starts_with("    "))
                    .any(|l| l.contains("assume ((main::b == 0) ||"))
            })
        })
        .unwrap_or(false);
    assert!(in_context || after_branch, "{d}");
    let p = lower_src(
        "int nondet_int(void); int main() { int a = nondet_int(), b = nondet_int(); return a % b; }",
    );
    assert!(
        matches!(run(&p, &[5, 0]), Outcome::Unsupported(m) if m.starts_with("remainder by zero"))
    );
    assert!(matches!(
        run(&p, &[i32::MIN as i128, -1]),
        Outcome::Unsupported(_)
    ));
    assert!(matches!(run(&p, &[5, 2]), Outcome::Exit(_)));
    // a constant non-zero divisor other than -1 needs no guard
    let p = lower_src("int nondet_int(void); int main() { return nondet_int() / 4; }");
    assert!(unsupported_msgs(&p).is_empty());
}

#[test]
fn address_observations() {
    let layout = |m: &String| m.contains("memory layout");
    // the address of a global as an integer: its symbolic base plus the offset (`bases`)
    let p = lower_src("int x; int main() { return (unsigned)&x % 8; }");
    assert!(!unsupported_msgs(&p).iter().any(layout));
    // that of an inner block's local: layout-dependent
    let p = lower_src("int main() { { int x; return (unsigned)&x % 8; } }");
    assert!(matches!(run(&p, &[]), Outcome::Unsupported(m) if layout(&m)));
    // an integer carried through a pointer (a thread argument idiom) is not an address
    let p = lower_src("int main() { void *p = (void *)5; return (int)(long)p; }");
    assert!(!unsupported_msgs(&p).iter().any(layout));
    // round trip, equality of two casts, comparisons within one array stay exact
    let p = lower_src(
        "int a[4], x; int main() { int *p = (int *)(unsigned)&x; int r = (unsigned)p == (unsigned)&x;\n\
         r += &a[1] < &a[3]; r += &a[3] - &a[0]; r += p == &x; r += p != 0; return r; }",
    );
    assert!(matches!(run(&p, &[]), Outcome::Exit(_)), "{}", dump(&p));
    // ordering pointers into different objects
    let p = lower_src("int x, y; int main() { return &x < &y; }");
    assert!(matches!(run(&p, &[]), Outcome::Unsupported(m) if m.contains("different objects")));
    // an object's address compared with a fixed address (outside every object, or, as 0x1000
    // in our layout, inside one)
    let p = lower_src("int x; int main() { return &x == (int *)0x2000; }");
    assert!(matches!(run(&p, &[]), Outcome::Unsupported(m) if layout(&m)));
    let p = lower_src("int x; int main() { return &x == (int *)0x1000; }");
    assert!(matches!(run(&p, &[]), Outcome::Unsupported(m) if layout(&m)));
}

#[test]
fn complex_types_from_complex_h_are_unsupported_at_their_declaration() {
    let d = lower_err("#include <complex.h>\nint main(void) { double complex z = 1.0; return 0; }");
    assert_eq!(d.kind, DiagKind::Unsupported, "{}", d.message);
    assert!(d.message.contains("complex types"), "{}", d.message);
    assert_eq!(d.loc.map(|l| l.line), Some(2), "{}", d.message);
}

#[test]
fn sqrt_and_the_rounding_models_compute_ieee_results() {
    // constant operands fold through `FloatOp::Sqrt`; variables go through the models
    let p = lower_src(
        "#include <math.h>\nint main(void) { double a = 2.0, b = -2.5; float c = 0.5f;\n\
         int r = sqrt(4.0) == 2.0 && sqrt(a) == 0x1.6a09e667f3bcdp+0 && floor(b) == -3.0\n\
         && ceil(b) == -2.0 && round(b) == -3.0 && trunc(b) == -2.0 && roundf(c) == 1.0f\n\
         && fmin(a, b) == b && fmax(a, b) == a && sqrtf(c) == 0x1.6a09e6p-1f;\n\
         return r; }",
    );
    check_invariants(&p);
    assert_eq!(exit_val(&p, &[], "main::ret$"), 1);
}

/// `&a[N]` on an array of N elements is the address one past its end (C11 6.5.6p8): valid to
/// form and compare, not to dereference.
#[test]
fn one_past_the_end_address_of_a_subscript() {
    let p = lower_src(
        "int a[1]; int b[2][3];\n\
         int main() { int d = &a[1] - a; int same = &b[0][3] == &b[1][0];\n\
           int past = &b[2] == b + 2; int end = &b[1][3] == (int *)b + 6; return 0; }",
    );
    check_invariants(&p);
    assert_eq!(exit_val(&p, &[], "main::d"), 1);
    assert_eq!(exit_val(&p, &[], "main::same"), 1);
    assert_eq!(exit_val(&p, &[], "main::past"), 1);
    assert_eq!(exit_val(&p, &[], "main::end"), 1);
    // reading a[1] is not a read of another object: undefined behaviour, the run stops
    let p = lower_src("int a[1]; int c = 5; int main() { int x = a[1]; return x; }");
    let r = run(&p, &[]);
    assert!(matches!(r, Outcome::Unsupported(_)), "{r:?}");
    // two past the end is still unsupported
    let p = lower_src("int a[1]; int main() { int *p = &a[2]; return p != 0; }");
    let r = run(&p, &[]);
    assert!(
        matches!(&r, Outcome::Unsupported(m) if m.contains("out of bounds")),
        "{r:?}"
    );
}

#[test]
fn read_through_object_or_unknown_pointer_is_guarded_by_provenance() {
    const OOB: &str = "dereference out of object bounds";
    // q is a or a pointer from an unknown function: a read at a symbolic index must stay inside
    // a on a's branch (it used to be taken for the unknown target's part past a's end)
    let p = lower_src(
        "int nondet_int(void); int *get(void); int a[4], b[4];\n\
         int main() { int i = nondet_int(); int *q = a; if (nondet_int()) q = get(); return q[i]; }",
    );
    assert!(
        unsupported_msgs(&p).iter().any(|m| m.contains(OOB)),
        "{}",
        dump(&p)
    );
    // an in-range constant index stays an exact read: no guard
    let p = lower_src(
        "int nondet_int(void); int *get(void); int a[4], b[4];\n\
         int main() { int *q = a; if (nondet_int()) q = get(); return q[3]; }",
    );
    assert!(
        !unsupported_msgs(&p).iter().any(|m| m.contains(OOB)),
        "{}",
        dump(&p)
    );
}

/// A pointer formed at an offset the analysis does not know keeps the provenance of its object
/// once it is selected with another target: its value lies within that object or one past it
/// (`provenance::formation_guards`), else `q = c ? a + j : b; *q` could read `b`.
#[test]
fn pointer_formed_at_unknown_offset_and_selected_is_guarded() {
    const FORMED: &str = "pointer arithmetic outside the object";
    let p = lower_src(
        "int nondet_int(void); int a[4], b[4];\n\
         int main() { int j = nondet_int(); int *q = nondet_int() ? a + j : b; return *q; }",
    );
    assert!(
        unsupported_msgs(&p).iter().any(|m| m.contains(FORMED)),
        "{}",
        dump(&p)
    );
    // alone, the pointer is guarded where it is dereferenced (within a): no formation guard
    let p = lower_src(
        "int nondet_int(void); int a[4];\n\
         int main() { int j = nondet_int(); int *q = a + j; return *q; }",
    );
    assert!(
        !unsupported_msgs(&p).iter().any(|m| m.contains(FORMED)),
        "{}",
        dump(&p)
    );
}

#[test]
fn static_local_address_as_integer_is_unsupported() {
    // a static local is initialised once, before main: its address-as-integer value would be
    // our layout's fixed address, not the symbolic base the rest of the program sees
    let d = lower_err(
        "int x; int main(void) { static unsigned long a = (unsigned long)&x; return a != 0; }",
    );
    assert_eq!(d.kind, DiagKind::Unsupported, "{}", d.message);
    assert!(
        d.message.contains("address converted to an integer"),
        "{}",
        d.message
    );
}
