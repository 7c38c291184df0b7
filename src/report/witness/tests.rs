//! Unit tests of the witness writers and the schema check (shared fixtures are also used by
//! the DOT pictures' tests).

use super::schema::{is_date_time, is_uuid};
use super::source_text::Text;
use super::yaml::{m, s, to_yaml, Y};
use super::*;
use crate::diag::{DiagKind, FileId, Loc, SourceMap};
use crate::ir::{
    BinOp, CallArg, Cfg, Edge, EdgeId, ErrorKind, Expr, LocId, LoopInfo, Op, Program, Scope,
    ThreadId, Type, UnOp, Var, VarId,
};
use crate::svcomp::DataModel;
use crate::verdict::{Counterexample, SchedDecision, Step, ThreadRef, Violation};
use std::path::Path;

pub(crate) const SEQ_SRC: &str = "extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  while (y < 3) {
    y = y + 1;
  }
  if (x > 5) {
    reach_error();
  }
  return 0;
}
";

pub(crate) const CONC_SRC: &str = "int g = 0;
void *t(void *arg) {
  g = 1;
  return 0;
}
int main() {
  pthread_t id;
  pthread_create(&id, 0, t, 0);
  if (g == 1) {
    reach_error();
  }
  return 0;
}
";

fn at(line: u32, col: u32) -> Loc {
    Loc {
        file: FileId(0),
        line,
        col,
    }
}

/// A CFG from (from, to, op, (line, col)) edges; loops from back edges.
pub(crate) fn cfg(
    name: &str,
    num_locs: u32,
    exit: u32,
    error: u32,
    edges: Vec<(u32, u32, Op, (u32, u32))>,
    loc_src: &[(u32, u32)],
) -> Cfg {
    let mut out = vec![Vec::new(); num_locs as usize];
    let edges: Vec<Edge> = edges
        .into_iter()
        .enumerate()
        .map(|(i, (f, t, op, (l, c)))| {
            out[f as usize].push(EdgeId(i as u32));
            Edge {
                from: LocId(f),
                to: LocId(t),
                op,
                loc: at(l, c),
            }
        })
        .collect();
    let mut loops = Vec::new();
    for (i, e) in edges.iter().enumerate() {
        if e.to <= e.from {
            loops.push(LoopInfo {
                id: loops.len() as u32 + 1,
                head: e.to,
                back_edges: vec![EdgeId(i as u32)],
                loc: at(loc_src[e.to.0 as usize].0, loc_src[e.to.0 as usize].1),
            });
        }
    }
    Cfg {
        name: name.into(),
        num_locs,
        entry: LocId(0),
        exit: LocId(exit),
        error: LocId(error),
        edges,
        out,
        loc_src: (0..num_locs as usize)
            .map(|i| loc_src.get(i).map_or(at(1, 1), |&(l, c)| at(l, c)))
            .collect(),
        loc_func: vec![name.to_string(); num_locs as usize],
        loops,
        param: None,
        param2: None,
        ret: None,
    }
}

pub(crate) fn var(name: &str, scope: Scope, temp: bool) -> Var {
    Var {
        name: name.into(),
        ty: Type::int(32, true),
        scope,
        init: None,
        is_temp: temp,
        loc: None,
    }
}

fn v(i: u32) -> Expr {
    Expr::Var(VarId(i))
}
fn c(x: i128) -> Expr {
    Expr::Const(x, Type::int(32, true))
}

/// SEQ_SRC by hand: x = v0, y = v1.
pub(crate) fn seq_program() -> Program {
    let lt = |a, b| Expr::bin(BinOp::Lt, a, b);
    let gt = |a, b| Expr::bin(BinOp::Gt, a, b);
    let main = cfg(
        "main",
        9,
        7,
        8,
        vec![
            (0, 1, Op::Nondet(VarId(0)), (4, 3)),
            (1, 2, Op::Assign(VarId(1), c(0)), (5, 3)),
            (2, 3, Op::Assume(lt(v(1), c(3))), (6, 10)),
            (2, 4, Op::Assume(Expr::not(lt(v(1), c(3)))), (6, 10)),
            (
                3,
                2,
                Op::Assign(VarId(1), Expr::bin(BinOp::Add, v(1), c(1))),
                (7, 5),
            ),
            (4, 5, Op::Assume(gt(v(0), c(5))), (9, 3)),
            (4, 6, Op::Assume(Expr::not(gt(v(0), c(5)))), (9, 3)),
            (5, 8, Op::Error(ErrorKind::ReachError), (10, 5)),
            (6, 7, Op::Skip, (12, 3)),
        ],
        &[
            (4, 3),
            (5, 3),
            (6, 10),
            (7, 5),
            (9, 3),
            (10, 5),
            (12, 3),
            (13, 1),
            (10, 5),
        ],
    );
    Program {
        vars: vec![
            var("x", Scope::Local(ThreadId(0)), false),
            var("y", Scope::Local(ThreadId(0)), false),
        ],
        objects: vec![],
        threads: vec![main],
        pointer_bits: 32,
        target: "ilp32".into(),
        floats: Default::default(),
    }
}

/// A scheduler switch to the first instance of thread `t`, shown as `text`.
fn switch_to(t: u32, text: &str) -> Step {
    let to = ThreadRef {
        thread: ThreadId(t),
        instance: 0,
    };
    Step::sched(SchedDecision::switch(Some(to)), text)
}

pub(crate) fn step(
    thread: u32,
    instance: u32,
    edge: u32,
    nondet: Vec<i128>,
    assigned: Vec<(u32, i128)>,
) -> Step {
    Step::Edge {
        thread: ThreadId(thread),
        instance,
        edge: EdgeId(edge),
        nondet,
        assigned: assigned.into_iter().map(|(v, x)| (VarId(v), x)).collect(),
    }
}

pub(crate) fn seq_cex() -> Counterexample {
    let mut steps = vec![
        step(0, 0, 0, vec![6], vec![(0, 6)]),
        step(0, 0, 1, vec![], vec![(1, 0)]),
    ];
    for k in 1..=3 {
        steps.push(step(0, 0, 2, vec![], vec![]));
        steps.push(step(0, 0, 4, vec![], vec![(1, k)]));
    }
    steps.push(step(0, 0, 3, vec![], vec![]));
    steps.push(step(0, 0, 5, vec![], vec![]));
    steps.push(step(0, 0, 7, vec![], vec![]));
    Counterexample {
        violation: Violation::Property {
            description: "reach_error".into(),
            loc: at(10, 5),
        },
        steps,
    }
}

/// CONC_SRC by hand: g = v0 (global), thread 1 = t.
pub(crate) fn conc_program() -> Program {
    let eq = Expr::bin(BinOp::Eq, v(0), c(1));
    let main = cfg(
        "main",
        6,
        4,
        5,
        vec![
            (
                0,
                1,
                Op::Call {
                    func: "pthread_create".into(),
                    args: vec![
                        CallArg::Value(Expr::Const(4096, Type::int(32, false))),
                        CallArg::Value(Expr::Const(0, Type::int(32, false))),
                        CallArg::Thread(ThreadId(1)),
                        CallArg::Value(Expr::Const(0, Type::int(32, false))),
                    ],
                    ret: None,
                    may_write: vec![],
                },
                (8, 3),
            ),
            (1, 2, Op::Assume(eq.clone()), (9, 3)),
            (1, 3, Op::Assume(Expr::not(eq)), (9, 3)),
            (2, 5, Op::Error(ErrorKind::ReachError), (10, 5)),
            (3, 4, Op::Skip, (12, 3)),
        ],
        &[(8, 3), (9, 3), (10, 5), (12, 3), (13, 1), (10, 5)],
    );
    let t = cfg(
        "t",
        4,
        2,
        3,
        vec![
            (0, 1, Op::Assign(VarId(0), c(1)), (3, 3)),
            (1, 2, Op::Skip, (4, 3)),
        ],
        &[(3, 3), (4, 3), (5, 1), (5, 1)],
    );
    Program {
        vars: vec![var("g", Scope::Global, false)],
        objects: vec![],
        threads: vec![main, t],
        pointer_bits: 32,
        target: "ilp32".into(),
        floats: Default::default(),
    }
}

pub(crate) fn conc_cex() -> Counterexample {
    Counterexample {
        violation: Violation::Property {
            description: "reach_error".into(),
            loc: at(10, 5),
        },
        steps: vec![
            step(0, 0, 0, vec![], vec![]),
            switch_to(1, "switch to t #0"),
            step(1, 0, 0, vec![], vec![(0, 1)]),
            step(1, 0, 1, vec![], vec![]),
            switch_to(0, "switch to main #0"),
            step(0, 0, 1, vec![], vec![]),
            step(0, 0, 3, vec![], vec![]),
        ],
    }
}

pub(crate) fn write_src(name: &str, text: &str) -> (std::path::PathBuf, SourceMap) {
    let dir = std::env::temp_dir().join(format!("schedmc-witness-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let mut sources = SourceMap::new();
    sources.add(name, None, Some(text.to_string()));
    (path, sources)
}

fn meta() -> WitnessMeta {
    WitnessMeta::fixed(
        "2f7c0a5e-1b2c-4d3e-8f90-123456789abc",
        "2024-05-01T12:00:00Z",
    )
}

fn waypoints(y: &str) -> Vec<serde_json::Value> {
    let doc: serde_json::Value = serde_yaml_ng::from_str(y).unwrap();
    doc[0]["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["segment"][0]["waypoint"].clone())
        .collect()
}

fn brief(w: &serde_json::Value) -> String {
    format!(
        "{} {}:{} {}",
        w["type"].as_str().unwrap(),
        w["location"]["line"],
        w["location"]["column"],
        w["constraint"]["value"].as_str().unwrap_or("-")
    )
}

#[test]
fn sequential_violation_waypoints() {
    let (path, sources) = write_src("seq.c", SEQ_SRC);
    let prog = seq_program();
    let spec = crate::svcomp::Property::UnreachCall.specification();
    let y = violation_witness(
        &prog,
        &sources,
        &seq_cex(),
        &path,
        spec,
        DataModel::ILP32,
        &meta(),
    )
    .unwrap();
    assert_eq!(validate(&y), Ok(WitnessKind::Violation), "{y}");
    let wps: Vec<String> = waypoints(&y).iter().map(brief).collect();
    assert_eq!(
        wps,
        vec![
            "assumption 5:3 x == 6",
            "branching 6:3 true",
            "branching 6:3 true",
            "branching 6:3 true",
            "branching 6:3 false",
            "branching 9:3 true",
            "target 10:5 -",
        ],
        "{y}"
    );
    let w = waypoints(&y);
    assert_eq!(w[0]["constraint"]["format"], "c_expression");
    assert_eq!(w[0]["location"]["function"], "main");
    assert!(w.iter().all(|w| w.get("thread_id").is_none()));
    let doc: serde_json::Value = serde_yaml_ng::from_str(&y).unwrap();
    let md = &doc[0]["metadata"];
    let file = path.to_string_lossy().to_string();
    assert_eq!(
        md["task"]["input_file_hashes"][&file],
        sha256_hex(SEQ_SRC.as_bytes())
    );
    assert_eq!(md["task"]["data_model"], "ILP32");
    assert_eq!(md["task"]["specification"], spec);
    assert_eq!(md["uuid"], meta().uuid);
    assert_eq!(md["creation_time"], "2024-05-01T12:00:00Z");
    // deterministic
    let again = violation_witness(
        &prog,
        &sources,
        &seq_cex(),
        &path,
        spec,
        DataModel::ILP32,
        &meta(),
    )
    .unwrap();
    assert_eq!(y, again);
}

#[test]
fn temporary_nondet_falls_back_to_function_return() {
    let (path, sources) = write_src("tmp.c", SEQ_SRC);
    let mut prog = seq_program();
    prog.vars[0].is_temp = true;
    prog.vars[0].name = "tmp$1".into();
    let y = violation_witness(
        &prog,
        &sources,
        &seq_cex(),
        &path,
        "G ! call(reach_error())",
        DataModel::LP64,
        &meta(),
    )
    .unwrap();
    assert_eq!(validate(&y), Ok(WitnessKind::Violation), "{y}");
    let w = waypoints(&y);
    // `  int x = __VERIFIER_nondet_int();`: the closing parenthesis is column 33
    assert_eq!(brief(&w[0]), "function_return 4:33 \\result == 6");
    assert_eq!(w[0]["constraint"]["format"], "acsl_expression");
}

#[test]
fn temporary_copied_into_user_variable() {
    let (path, sources) = write_src("copy.c", SEQ_SRC);
    let mut prog = seq_program();
    // tmp := nondet (edge 0) then y := tmp (edge 1), as a lowering with temporaries would
    prog.vars
        .push(var("tmp$7", Scope::Local(ThreadId(0)), true));
    prog.threads[0].edges[0].op = Op::Nondet(VarId(2));
    prog.threads[0].edges[1].op = Op::Assign(VarId(1), Expr::Var(VarId(2)));
    let mut cex = seq_cex();
    cex.steps[0] = step(0, 0, 0, vec![-4], vec![(2, -4)]);
    cex.steps[1] = step(0, 0, 1, vec![], vec![(1, -4)]);
    let y = violation_witness(
        &prog,
        &sources,
        &cex,
        &path,
        "G ! call(reach_error())",
        DataModel::ILP32,
        &meta(),
    )
    .unwrap();
    assert_eq!(brief(&waypoints(&y)[0]), "assumption 6:3 y == -4", "{y}");
}

#[test]
fn ambiguous_decisions_are_not_named() {
    let (path, sources) = write_src("amb.c", SEQ_SRC);
    let mut prog = seq_program();
    // a second decision whose condition also resolves to the `if` of line 9
    let c9 = prog.threads[0].edges[5].clone();
    let mut d = c9.clone();
    d.from = LocId(6);
    d.to = LocId(7);
    let mut d2 = d.clone();
    d2.to = LocId(7);
    prog.threads[0].edges.push(d);
    prog.threads[0].edges.push(d2);
    prog.threads[0].out[6] = vec![EdgeId(9), EdgeId(10)];
    let y = violation_witness(
        &prog,
        &sources,
        &seq_cex(),
        &path,
        "G ! call(reach_error())",
        DataModel::ILP32,
        &meta(),
    )
    .unwrap();
    let wps: Vec<String> = waypoints(&y).iter().map(brief).collect();
    assert!(
        !wps.iter().any(|w| w.starts_with("branching 9:")),
        "{wps:?}"
    );
    assert!(
        wps.iter().any(|w| w.starts_with("branching 6:3")),
        "{wps:?}"
    );
}

#[test]
fn concurrent_violation_has_thread_ids() {
    let (path, sources) = write_src("conc.c", CONC_SRC);
    let prog = conc_program();
    let y = violation_witness(
        &prog,
        &sources,
        &conc_cex(),
        &path,
        "G ! call(reach_error())",
        DataModel::ILP32,
        &meta(),
    )
    .unwrap();
    assert_eq!(validate(&y), Ok(WitnessKind::Violation), "{y}");
    let w = waypoints(&y);
    let wps: Vec<String> = w.iter().map(brief).collect();
    assert_eq!(
        wps,
        vec![
            "function_enter 8:3 -",
            "branching 9:3 true",
            "target 10:5 -"
        ],
        "{y}"
    );
    assert_eq!(w[0]["thread_id"], 1);
    assert_eq!(w[1]["thread_id"], 0);
    assert_eq!(w[2]["thread_id"], 0);
    let mut m2 = meta();
    m2.thread_info = false;
    let y2 = violation_witness(
        &prog,
        &sources,
        &conc_cex(),
        &path,
        "G ! call(reach_error())",
        DataModel::ILP32,
        &m2,
    )
    .unwrap();
    let w2 = waypoints(&y2);
    assert_eq!(w2.len(), 2);
    assert!(w2.iter().all(|w| w.get("thread_id").is_none()));
}

#[test]
fn unwinding_assertion_and_missing_file_are_errors() {
    let (path, sources) = write_src("unw.c", SEQ_SRC);
    let prog = seq_program();
    let mut cex = seq_cex();
    cex.violation = Violation::UnwindingAssertion {
        loop_id: 1,
        loc: at(6, 3),
    };
    assert!(
        violation_witness(&prog, &sources, &cex, &path, "x", DataModel::ILP32, &meta()).is_err()
    );
    let missing = Path::new("/nonexistent/dir/x.c");
    let e = violation_witness(
        &prog,
        &sources,
        &seq_cex(),
        missing,
        "x",
        DataModel::ILP32,
        &meta(),
    )
    .unwrap_err();
    assert_eq!(e.kind, DiagKind::Io);
    assert!(correctness_witness(
        &prog,
        &sources,
        &[],
        missing,
        "x",
        DataModel::ILP32,
        &meta()
    )
    .is_err());
}

#[test]
fn correctness_witness_locations() {
    let (path, sources) = write_src("inv.c", SEQ_SRC);
    let prog = seq_program();
    let invs = vec![
        (at(6, 10), "0 <= y && y <= 3".to_string()), // loop condition → `while` keyword
        (at(6, 10), "0 <= y && y <= 3".to_string()), // duplicate
        (at(9, 3), "y == 3".to_string()),            // a plain statement
        (
            Loc {
                file: FileId(7),
                line: 1,
                col: 1,
            },
            "1".to_string(),
        ), // not the input file
    ];
    let y = correctness_witness(
        &prog,
        &sources,
        &invs,
        &path,
        "G ! call(reach_error())",
        DataModel::ILP32,
        &meta(),
    )
    .unwrap();
    assert_eq!(validate(&y), Ok(WitnessKind::Correctness), "{y}");
    let doc: serde_json::Value = serde_yaml_ng::from_str(&y).unwrap();
    let items = doc[0]["content"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{y}");
    let i0 = &items[0]["invariant"];
    assert_eq!(i0["type"], "loop_invariant");
    assert_eq!(
        (
            i0["location"]["line"].as_u64(),
            i0["location"]["column"].as_u64()
        ),
        (Some(6), Some(3))
    );
    assert_eq!(i0["location"]["function"], "main");
    assert_eq!(i0["value"], "0 <= y && y <= 3");
    assert_eq!(i0["format"], "c_expression");
    assert_eq!(items[1]["invariant"]["type"], "location_invariant");
    // no invariants: the trivial one at each loop
    let t = correctness_witness(
        &prog,
        &sources,
        &[],
        &path,
        "G ! call(reach_error())",
        DataModel::LP64,
        &meta(),
    )
    .unwrap();
    assert_eq!(validate(&t), Ok(WitnessKind::Correctness), "{t}");
    assert!(t.contains("value: \"1\""), "{t}");
    assert!(t.contains("type: \"loop_invariant\""), "{t}");
}

#[test]
fn keywords_from_conditions() {
    let t = Text::new(
        b"  for (i = 0; (i < n); i++) x++;\n  do { y--; } while (y);\n  if (f(a)) b = 1;\n"
            .to_vec(),
    );
    let off = |l, c| t.offset(l, c).unwrap();
    let kws = &["if", "while", "for", "do"];
    assert_eq!(
        t.condition_keyword(off(1, 16), kws),
        Some((off(1, 3), "for"))
    );
    assert_eq!(
        t.condition_keyword(off(1, 3), kws),
        Some((off(1, 3), "for"))
    );
    assert_eq!(
        t.condition_keyword(off(2, 22), kws),
        Some((off(2, 15), "while"))
    );
    assert_eq!(t.condition_keyword(off(3, 7), kws), Some((off(3, 3), "if")));
    assert_eq!(t.condition_keyword(off(3, 9), kws), None); // `a`: argument of f
    assert_eq!(t.condition_keyword(off(3, 13), kws), None); // `b = 1`: a statement
    assert_eq!(t.do_before(off(2, 8)), Some(off(2, 3)));
    assert_eq!(t.line_col(off(2, 8)), (2, 8));
}

#[test]
fn c_rendering() {
    assert_eq!(c_literal(5, Type::int(32, true)), "5");
    assert_eq!(c_literal(-1, Type::int(32, false)), "4294967295U");
    assert_eq!(
        c_literal(i32::MIN as i128, Type::int(32, true)),
        "(-2147483647 - 1)"
    );
    assert_eq!(c_literal(7, Type::int(64, false)), "7ULL");
    assert_eq!(c_literal(-7, Type::int(64, true)), "-7LL");
    assert_eq!(c_literal(300, Type::int(8, false)), "44");
    assert_eq!(c_literal(2, Type::Bool), "1");
    let mut prog = seq_program();
    prog.vars
        .push(var("tmp$1", Scope::Local(ThreadId(0)), true));
    prog.vars
        .push(var("push::stack[3]", Scope::Local(ThreadId(0)), false));
    prog.vars.push(Var {
        ty: Type::int(8, false),
        ..var("c", Scope::Global, false)
    });
    let e = Expr::bin(
        BinOp::And,
        Expr::bin(BinOp::Le, c(0), v(1)),
        Expr::bin(BinOp::Lt, v(3), Expr::cast(Type::int(32, true), v(0))),
    );
    assert_eq!(
        c_expr(&prog, &e).as_deref(),
        Some("0 <= y && stack[3] < (int) x")
    );
    // precedence: parentheses where C needs them or asks for them, not elsewhere
    let (x, y) = (v(0), v(1));
    let add = |a, b| Expr::bin(BinOp::Add, a, b);
    let sub = |a, b| Expr::bin(BinOp::Sub, a, b);
    let mul = |a, b| Expr::bin(BinOp::Mul, a, b);
    let r = |e: &Expr| c_expr(&prog, e).unwrap();
    assert_eq!(r(&sub(x.clone(), sub(y.clone(), c(1)))), "x - (y - 1)");
    assert_eq!(r(&sub(sub(x.clone(), y.clone()), c(1))), "x - y - 1");
    assert_eq!(r(&mul(add(x.clone(), y.clone()), c(2))), "(x + y) * 2");
    assert_eq!(r(&add(x.clone(), mul(y.clone(), c(2)))), "x + y * 2");
    let band = Expr::bin(BinOp::BitAnd, x.clone(), c(1));
    assert_eq!(r(&Expr::bin(BinOp::Eq, band.clone(), c(0))), "(x & 1) == 0");
    assert_eq!(r(&Expr::bin(BinOp::BitAnd, band, y.clone())), "x & 1 & y");
    let lt = Expr::bin(BinOp::Lt, x.clone(), y.clone());
    let eq = Expr::bin(BinOp::Eq, x.clone(), c(3));
    assert_eq!(
        r(&Expr::bin(
            BinOp::Or,
            Expr::bin(BinOp::And, lt.clone(), eq.clone()),
            eq.clone()
        )),
        "(x < y && x == 3) || x == 3"
    );
    assert_eq!(
        r(&Expr::bin(
            BinOp::And,
            Expr::bin(BinOp::Or, lt.clone(), eq.clone()),
            eq.clone()
        )),
        "(x < y || x == 3) && x == 3"
    );
    assert_eq!(r(&Expr::bin(BinOp::Eq, lt, c(0))), "(x < y) == 0");
    let neg = Expr::Unary(UnOp::Neg, Box::new(Expr::Const(-7, Type::int(32, true))));
    assert_eq!(r(&sub(x.clone(), neg)), "x - -(-7)");
    assert_eq!(
        r(&Expr::not(Expr::bin(BinOp::Eq, x.clone(), y.clone()))),
        "!(x == y)"
    );
    assert_eq!(c_expr(&prog, &Expr::bin(BinOp::Eq, v(2), c(1))), None);
    let u8t = Type::int(8, false);
    let add = Expr::bin(BinOp::Add, v(4), Expr::Const(1, u8t));
    assert_eq!(c_expr(&prog, &add).unwrap(), "(unsigned char) (c + 1)");
    // a name shared by two variables is ambiguous
    prog.vars
        .push(var("f::y", Scope::Local(ThreadId(0)), false));
    assert_eq!(CNames::new(&prog).name(VarId(1)), None);
    assert_eq!(CNames::new(&prog).name(VarId(0)).as_deref(), Some("x"));
}

#[test]
fn metadata_helpers() {
    assert_eq!(iso8601_utc(0), "1970-01-01T00:00:00Z");
    assert_eq!(iso8601_utc(1_714_564_800), "2024-05-01T12:00:00Z");
    assert_eq!(iso8601_utc(951_782_400), "2000-02-29T00:00:00Z");
    let u = uuid_from_seed(b"x");
    assert!(is_uuid(&u), "{u}");
    assert_eq!(&u[14..15], "4");
    let a = WitnessMeta::new();
    let b = WitnessMeta::new();
    assert_ne!(a.uuid, b.uuid);
    assert!(is_uuid(&a.uuid) && is_date_time(&a.creation_time), "{a:?}");
    assert_eq!(
        sha256_hex(b"abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    assert!(is_date_time("2024-05-01T12:00:00.123+02:00"));
    assert!(!is_date_time("2024-05-01 12:00:00"));
    assert!(!is_uuid("not-a-uuid"));
}

#[test]
fn yaml_emitter_round_trips() {
    let y = Y::L(vec![m(vec![
        ("a", s("x: \"q\"\n")),
        ("b", Y::I(-3)),
        ("c", Y::L(vec![])),
        ("d", Y::M(vec![("odd key/1.c".into(), s("v"))])),
        ("e", Y::L(vec![Y::L(vec![s("n")]), m(vec![("k", Y::I(1))])])),
    ])]);
    let text = to_yaml(&y);
    let back: serde_json::Value = serde_yaml_ng::from_str(&text).unwrap();
    assert_eq!(
        back,
        serde_json::json!([{"a": "x: \"q\"\n", "b": -3, "c": [], "d": {"odd key/1.c": "v"}, "e": [["n"], {"k": 1}]}]),
        "{text}"
    );
}

#[test]
fn leading_nots_of_conditions() {
    use super::violation::leading_nots;
    assert_eq!(leading_nots(b" x < 3 "), Some(0));
    assert_eq!(leading_nots(b"!x"), Some(1));
    assert_eq!(leading_nots(b"!(a < b)"), Some(1));
    assert_eq!(leading_nots(b"!!p->q[2]"), Some(2));
    assert_eq!(leading_nots(b"(!x) && y"), Some(0));
    assert_eq!(leading_nots(b"x != 0"), Some(0));
    assert_eq!(leading_nots(b"!x && y"), None);
}
