//! Witnesses (format 2.0) for programs loaded through the real front end: counterexamples are
//! produced by a small concrete executor below (following the enabled edge at each location with
//! given nondeterministic values and a given schedule), turned into witnesses, checked against
//! the schema ([`schedmc::report::witness::validate`]) and against the program text (each
//! waypoint points where the format says it must). Malformed witnesses must fail the check.

use schedmc::diag::{Loc, SourceMap};
use schedmc::frontend::{load_str, FrontendOptions};
use schedmc::ir::semantics::{self, IntSemantics};
use schedmc::ir::{Expr, Op, Program, ThreadId, VarId};
use schedmc::report::dot::counterexample_dot;
use schedmc::report::witness::{
    correctness_witness, validate, violation_witness, WitnessKind, WitnessMeta,
};
use schedmc::svcomp::{DataModel, Property};
use schedmc::verdict::{Counterexample, SchedDecision, Step, ThreadRef, Violation};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

const SEQ: &str = "extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  while (y < 3) {
    y = y + 1;
  }
  if (!(x > 5)) {
    return 0;
  }
  for (int i = 0; (i < x); i++) {
    if (i == 6 && x == 7) {
      reach_error();
    }
  }
  return 0;
}
";

const CONC: &str = "typedef unsigned long pthread_t;
extern int pthread_create(pthread_t *, void *, void *(*)(void *), void *);
void reach_error(void);
int g = 0;
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

fn load(name: &str, text: &str) -> (Program, SourceMap, PathBuf) {
    // a directory per call: tests run in parallel and must not rewrite each other's files
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("schedmc-wschema-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let mut sources = SourceMap::new();
    let loaded = load_str(
        &path.to_string_lossy(),
        text,
        &FrontendOptions::default(),
        &mut sources,
    )
    .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
    (loaded.program, sources, path)
}

// --- a small concrete executor ------------------------------------------------------------

fn eval(p: &Program, env: &HashMap<VarId, i128>, e: &Expr) -> i128 {
    let bv = IntSemantics::BitVector;
    match e {
        Expr::Const(v, _) => *v,
        Expr::Var(v) => *env.get(v).unwrap_or(&0),
        Expr::Unary(op, a) => {
            let x = eval(p, env, a);
            semantics::unop(*op, a.ty(&p.vars), x, bv).unwrap()
        }
        Expr::Binary(op, a, b) => {
            let (x, y) = (eval(p, env, a), eval(p, env, b));
            semantics::binop(*op, a.ty(&p.vars), x, y, bv).unwrap()
        }
        Expr::Cast(t, a) => semantics::cast(a.ty(&p.vars), *t, eval(p, env, a), bv),
        Expr::Ite(c, a, b) => {
            if eval(p, env, c) != 0 {
                eval(p, env, a)
            } else {
                eval(p, env, b)
            }
        }
        Expr::Float(op, xs) => {
            let vals: Vec<i128> = xs
                .iter()
                .map(|x| x.ty(&p.vars).wrap(eval(p, env, x)))
                .collect();
            semantics::float::eval(*op, &vals)
        }
    }
}

/// Runs threads (instance 0 each) by `schedule` (thread, number of steps; 0 = until it blocks
/// or ends), taking nondeterministic values from `nondet` (0 when exhausted), until the error.
fn execute(p: &Program, schedule: &[(u32, usize)], nondet: &[i128]) -> Counterexample {
    let mut env: HashMap<VarId, i128> = p
        .vars
        .iter()
        .enumerate()
        .filter_map(|(i, v)| v.init.map(|x| (VarId(i as u32), x)))
        .collect();
    let mut pc: Vec<u32> = p.threads.iter().map(|c| c.entry.0).collect();
    let mut values = nondet.iter().copied();
    let mut steps = Vec::new();
    let mut last_thread = None;
    for &(t, n) in schedule {
        if last_thread.is_some_and(|l| l != t) {
            let to = ThreadRef {
                thread: ThreadId(t),
                instance: 0,
            };
            steps.push(Step::sched(
                SchedDecision::switch(Some(to)),
                format!("switch to {} #0", p.threads[t as usize].name),
            ));
        }
        last_thread = Some(t);
        let cfg = &p.threads[t as usize];
        let mut done = 0;
        while n == 0 || done < n {
            let here = pc[t as usize];
            let Some((eid, e)) =
                cfg.out_edges(schedmc::ir::LocId(here))
                    .find(|(_, e)| match &e.op {
                        Op::Assume(c) => eval(p, &env, c) != 0,
                        _ => true,
                    })
            else {
                break;
            };
            let mut nd = Vec::new();
            let mut assigned = Vec::new();
            match &e.op {
                Op::Assign(v, x) => {
                    let val = p.var(*v).ty.wrap(eval(p, &env, x));
                    env.insert(*v, val);
                    assigned.push((*v, val));
                }
                Op::Nondet(v) => {
                    let val = p.var(*v).ty.wrap(values.next().unwrap_or(0));
                    env.insert(*v, val);
                    nd.push(val);
                    assigned.push((*v, val));
                }
                Op::Call { ret, may_write, .. } => {
                    for v in ret.iter().chain(may_write) {
                        nd.push(0);
                        env.insert(*v, 0);
                        assigned.push((*v, 0));
                    }
                }
                _ => {}
            }
            steps.push(Step::Edge {
                thread: ThreadId(t),
                instance: 0,
                edge: eid,
                nondet: nd,
                assigned,
            });
            pc[t as usize] = e.to.0;
            done += 1;
            if let Op::Error(k) = &e.op {
                return Counterexample {
                    violation: Violation::Property {
                        description: format!("{k:?}"),
                        loc: e.loc,
                    },
                    steps,
                };
            }
        }
    }
    panic!("the schedule does not reach the error");
}

// --- checks ----------------------------------------------------------------------------

fn meta() -> WitnessMeta {
    WitnessMeta::fixed(
        "0c6b6f43-8d2a-4c11-9b7e-5d0f1e2a3b4c",
        "2024-05-01T12:00:00Z",
    )
}

fn waypoints(y: &str) -> Vec<Value> {
    let doc: Value = serde_yaml_ng::from_str(y).unwrap();
    doc[0]["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["segment"].as_array().unwrap().last().unwrap()["waypoint"].clone())
        .collect()
}

/// The source text at a waypoint's location.
fn text_at<'a>(src: &'a str, w: &Value) -> &'a str {
    let line = w["location"]["line"].as_u64().unwrap() as usize;
    let col = w["location"]["column"].as_u64().unwrap() as usize;
    &src.lines().nth(line - 1).unwrap()[col - 1..]
}

/// Each waypoint points where the format wants it: branchings at a keyword, the target at the
/// `reach_error` call, assumptions at the start of a statement, returns at a `)`.
fn check_placement(src: &str, y: &str) {
    for w in waypoints(y) {
        let at = text_at(src, &w);
        let line = src
            .lines()
            .nth(w["location"]["line"].as_u64().unwrap() as usize - 1)
            .unwrap();
        match w["type"].as_str().unwrap() {
            "branching" => assert!(
                ["if", "while", "for"].iter().any(|k| at.starts_with(k)),
                "branching at `{at}`\n{y}"
            ),
            "target" => assert!(at.starts_with("reach_error"), "target at `{at}`\n{y}"),
            "assumption" => assert_eq!(
                line.len() - line.trim_start().len() + 1,
                w["location"]["column"].as_u64().unwrap() as usize,
                "assumption not at a statement start: `{line}`\n{y}"
            ),
            "function_return" => assert!(at.starts_with(')'), "return at `{at}`\n{y}"),
            "function_enter" => assert!(at.starts_with("pthread_create"), "enter at `{at}`\n{y}"),
            other => panic!("unexpected waypoint type {other}"),
        }
    }
}

fn brief(w: &Value) -> String {
    format!(
        "{} {}:{} {}",
        w["type"].as_str().unwrap(),
        w["location"]["line"],
        w["location"]["column"],
        w["constraint"]["value"].as_str().unwrap_or("-")
    )
}

#[test]
fn sequential_violation_witness() {
    let (prog, sources, path) = load("seq.c", SEQ);
    let cex = execute(&prog, &[(0, 0)], &[7]);
    let spec = Property::UnreachCall.specification();
    let y = violation_witness(
        &prog,
        &sources,
        &cex,
        &path,
        spec,
        DataModel::ILP32,
        &meta(),
    )
    .unwrap();
    assert_eq!(validate(&y), Ok(WitnessKind::Violation), "{y}");
    check_placement(SEQ, &y);
    let wps: Vec<String> = waypoints(&y).iter().map(brief).collect();
    assert_eq!(
        wps.first().map(String::as_str),
        Some("assumption 5:3 x == 7"),
        "{wps:?}"
    );
    assert_eq!(
        wps.iter()
            .filter(|w| w.as_str() == "branching 6:3 true")
            .count(),
        3,
        "{wps:?}"
    );
    assert!(wps.contains(&"branching 6:3 false".to_string()), "{wps:?}");
    // `if (!(x > 5))` with x = 7: the condition is false
    assert!(wps.contains(&"branching 9:3 false".to_string()), "{wps:?}");
    assert!(!wps.contains(&"branching 9:3 true".to_string()), "{wps:?}");
    assert_eq!(
        wps.iter()
            .filter(|w| w.as_str() == "branching 12:3 true")
            .count(),
        7,
        "{wps:?}"
    );
    assert_eq!(
        wps.iter()
            .filter(|w| w.as_str() == "branching 13:5 false")
            .count(),
        6,
        "{wps:?}"
    );
    assert_eq!(
        &wps[wps.len() - 2..],
        &["branching 13:5 true", "target 14:7 -"],
        "{wps:?}"
    );
    let doc: Value = serde_yaml_ng::from_str(&y).unwrap();
    assert_eq!(doc[0]["metadata"]["task"]["specification"], spec);
    assert_eq!(
        doc[0]["metadata"]["task"]["input_files"][0],
        path.to_string_lossy().as_ref()
    );
    // the picture of the same counterexample names the lanes and marks the error
    let d = counterexample_dot(&prog, &sources, &cex);
    assert!(d.contains("label=\"main #0\""), "{d}");
    assert!(d.contains("reach_error()\\l\", color=red"), "{d}");
}

#[test]
fn concurrent_violation_witness() {
    let (prog, sources, path) = load("conc.c", CONC);
    let main_steps = prog.main().edges.len();
    assert!(main_steps >= 3);
    // main until after pthread_create, t to its end, main to the error
    let create = prog
        .main()
        .edges
        .iter()
        .position(|e| matches!(&e.op, Op::Call { func, .. } if func == "pthread_create"))
        .unwrap();
    let cex = execute(&prog, &[(0, create + 1), (1, 0), (0, 0)], &[]);
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
    assert_eq!(validate(&y), Ok(WitnessKind::Violation), "{y}");
    check_placement(CONC, &y);
    let w = waypoints(&y);
    let enter = w.iter().find(|w| w["type"] == "function_enter").expect(&y);
    assert_eq!(enter["thread_id"], 1, "{y}");
    assert_eq!(enter["location"]["line"], 11, "{y}");
    let br = w.iter().find(|w| w["type"] == "branching").expect(&y);
    assert_eq!(
        (br["thread_id"].as_u64(), br["constraint"]["value"].as_str()),
        (Some(0), Some("true")),
        "{y}"
    );
    let target = w.last().unwrap();
    assert_eq!(
        (target["type"].as_str(), target["thread_id"].as_u64()),
        (Some("target"), Some(0))
    );
    assert!(w.iter().all(|w| w.get("thread_id").is_some()), "{y}");
    let d = counterexample_dot(&prog, &sources, &cex);
    assert!(
        d.contains("label=\"t #0\"") && d.contains("cluster_sched"),
        "{d}"
    );
}

#[test]
fn correctness_witness_at_loops() {
    let (prog, sources, path) = load("seq.c", SEQ);
    let invs: Vec<(Loc, String)> = prog
        .main()
        .loops
        .iter()
        .map(|l| (l.loc, "1".to_string()))
        .collect();
    assert_eq!(invs.len(), 2);
    let y = correctness_witness(
        &prog,
        &sources,
        &invs,
        &path,
        "G ! call(reach_error())",
        DataModel::LP64,
        &meta(),
    )
    .unwrap();
    assert_eq!(validate(&y), Ok(WitnessKind::Correctness), "{y}");
    let doc: Value = serde_yaml_ng::from_str(&y).unwrap();
    let items = doc[0]["content"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{y}");
    for (it, kw) in items.iter().zip(["while", "for"]) {
        let inv = &it["invariant"];
        assert_eq!(inv["type"], "loop_invariant", "{y}");
        assert_eq!(inv["location"]["function"], "main", "{y}");
        assert!(text_at(SEQ, inv).starts_with(kw), "{y}");
    }
    assert_eq!(doc[0]["metadata"]["task"]["data_model"], "LP64");
}

// --- malformed witnesses -----------------------------------------------------------------

fn good_violation() -> String {
    let (prog, sources, path) = load("seq.c", SEQ);
    let cex = execute(&prog, &[(0, 0)], &[7]);
    violation_witness(
        &prog,
        &sources,
        &cex,
        &path,
        "G ! call(reach_error())",
        DataModel::ILP32,
        &meta(),
    )
    .unwrap()
}

fn good_correctness() -> String {
    let (prog, sources, path) = load("seq.c", SEQ);
    let invs = vec![(prog.main().loops[0].loc, "0 <= y && y <= 3".to_string())];
    correctness_witness(
        &prog,
        &sources,
        &invs,
        &path,
        "G ! call(reach_error())",
        DataModel::ILP32,
        &meta(),
    )
    .unwrap()
}

/// Applies `f` to the parsed witness and checks that the result fails validation.
fn must_fail(base: &str, what: &str, f: impl FnOnce(&mut Value)) {
    let mut doc: Value = serde_yaml_ng::from_str(base).unwrap();
    f(&mut doc);
    let text = serde_yaml_ng::to_string(&doc).unwrap();
    assert!(validate(&text).is_err(), "{what}: accepted\n{text}");
}

fn remove(doc: &mut Value, ptr: &str, key: &str) {
    let o = doc
        .pointer_mut(ptr)
        .unwrap_or_else(|| panic!("no {ptr}"))
        .as_object_mut()
        .unwrap();
    let keys: Vec<String> = o.keys().cloned().collect();
    o.remove(key)
        .unwrap_or_else(|| panic!("{ptr} has no key {key}: {keys:?}"));
}

#[test]
fn required_keys_are_checked() {
    let v = good_violation();
    let c = good_correctness();
    // round trip through serde_yaml_ng keeps a good witness good
    for w in [&v, &c] {
        let doc: Value = serde_yaml_ng::from_str(w).unwrap();
        assert!(validate(&serde_yaml_ng::to_string(&doc).unwrap()).is_ok());
    }
    for (ptr, key) in [
        ("/0", "entry_type"),
        ("/0", "metadata"),
        ("/0", "content"),
        ("/0/metadata", "format_version"),
        ("/0/metadata", "uuid"),
        ("/0/metadata", "creation_time"),
        ("/0/metadata", "producer"),
        ("/0/metadata", "task"),
        ("/0/metadata/producer", "name"),
        ("/0/metadata/producer", "version"),
        ("/0/metadata/task", "input_files"),
        ("/0/metadata/task", "input_file_hashes"),
        ("/0/metadata/task", "specification"),
        ("/0/metadata/task", "data_model"),
        ("/0/metadata/task", "language"),
    ] {
        must_fail(&v, &format!("violation without {ptr}/{key}"), |d| {
            remove(d, ptr, key)
        });
        must_fail(&c, &format!("correctness without {ptr}/{key}"), |d| {
            remove(d, ptr, key)
        });
    }
    let wp = "/0/content/0/segment/0/waypoint";
    for key in ["type", "action", "location", "constraint"] {
        must_fail(&v, &format!("waypoint without {key}"), |d| {
            remove(d, wp, key)
        });
    }
    for key in ["file_name", "line"] {
        must_fail(&v, &format!("waypoint location without {key}"), |d| {
            remove(d, &format!("{wp}/location"), key)
        });
    }
    must_fail(&v, "segment without waypoint", |d| {
        remove(d, "/0/content/0/segment/0", "waypoint")
    });
    must_fail(&v, "content entry without segment", |d| {
        remove(d, "/0/content/0", "segment")
    });
    let inv = "/0/content/0/invariant";
    for key in ["type", "location", "value", "format"] {
        must_fail(&c, &format!("invariant without {key}"), |d| {
            remove(d, inv, key)
        });
    }
    for key in ["file_name", "line", "column", "function"] {
        must_fail(&c, &format!("invariant location without {key}"), |d| {
            remove(d, &format!("{inv}/location"), key)
        });
    }
}

#[test]
fn types_enums_and_structure_are_checked() {
    let v = good_violation();
    let c = good_correctness();
    let wp = "/0/content/0/segment/0/waypoint";
    let set = |ptr: &'static str, x: Value| move |d: &mut Value| *d.pointer_mut(ptr).unwrap() = x;
    must_fail(
        &v,
        "data model",
        set("/0/metadata/task/data_model", "32bit".into()),
    );
    must_fail(
        &v,
        "language",
        set("/0/metadata/task/language", "Java".into()),
    );
    must_fail(&v, "uuid", set("/0/metadata/uuid", "1234".into()));
    must_fail(
        &v,
        "time",
        set("/0/metadata/creation_time", "yesterday".into()),
    );
    must_fail(
        &v,
        "format version",
        set("/0/metadata/format_version", "1.0".into()),
    );
    must_fail(
        &v,
        "entry type",
        set("/0/entry_type", "loop_invariant".into()),
    );
    must_fail(
        &v,
        "waypoint type",
        set("/0/content/0/segment/0/waypoint/type", "jump".into()),
    );
    must_fail(
        &v,
        "action",
        set("/0/content/0/segment/0/waypoint/action", "skip".into()),
    );
    must_fail(
        &v,
        "line type",
        set("/0/content/0/segment/0/waypoint/location/line", "5".into()),
    );
    must_fail(
        &v,
        "line 0",
        set("/0/content/0/segment/0/waypoint/location/line", 0.into()),
    );
    must_fail(
        &v,
        "file",
        set(
            "/0/content/0/segment/0/waypoint/location/file_name",
            "other.c".into(),
        ),
    );
    must_fail(
        &v,
        "assumption in ACSL",
        set(
            "/0/content/0/segment/0/waypoint/constraint/format",
            "acsl_expression".into(),
        ),
    );
    must_fail(&v, "empty content", set("/0/content", Value::Array(vec![])));
    must_fail(&v, "not a list", |d| *d = d[0].clone());
    must_fail(&v, "extra key", |d| {
        d.pointer_mut(wp)
            .unwrap()
            .as_object_mut()
            .unwrap()
            .insert("color".into(), "red".into());
    });
    must_fail(&v, "bad hash", |d| {
        let h = d
            .pointer_mut("/0/metadata/task/input_file_hashes")
            .unwrap()
            .as_object_mut()
            .unwrap();
        for x in h.values_mut() {
            *x = "abc".into();
        }
    });
    must_fail(&v, "no target at the end", |d| {
        d.pointer_mut("/0/content")
            .unwrap()
            .as_array_mut()
            .unwrap()
            .pop();
    });
    must_fail(&v, "target not last", |d| {
        let segs = d.pointer_mut("/0/content").unwrap().as_array_mut().unwrap();
        let last = segs.pop().unwrap();
        segs.insert(0, last);
    });
    must_fail(
        &v,
        "segment ending in avoid",
        set("/0/content/0/segment/0/waypoint/action", "avoid".into()),
    );
    must_fail(&v, "target with a constraint", |d| {
        let segs = d.pointer_mut("/0/content").unwrap().as_array_mut().unwrap();
        let t = segs
            .last_mut()
            .unwrap()
            .pointer_mut("/segment/0/waypoint")
            .unwrap();
        t.as_object_mut()
            .unwrap()
            .insert("constraint".into(), serde_json::json!({"value": "1"}));
    });
    must_fail(
        &c,
        "invariant type",
        set("/0/content/0/invariant/type", "assertion".into()),
    );
    must_fail(
        &c,
        "invariant format",
        set("/0/content/0/invariant/format", "C".into()),
    );
    must_fail(
        &c,
        "column 0",
        set("/0/content/0/invariant/location/column", 0.into()),
    );
    must_fail(&c, "mixed entries", |d| {
        let a = d.as_array_mut().unwrap();
        let mut other = a[0].clone();
        other["entry_type"] = "violation_sequence".into();
        a.push(other);
    });
    assert!(validate("").is_err());
    assert!(validate("[]").is_err());
    assert!(validate("- a: [").is_err());
}

/// The hand-written witnesses in tests/data/witness: `good-*` must pass, `bad-*` must fail.
#[test]
fn shipped_examples() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/witness");
    let mut seen = 0;
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        if !name.ends_with(".yml") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let r = validate(&text);
        if name.starts_with("good-") {
            assert!(r.is_ok(), "{name}: {r:?}");
        } else if name.starts_with("bad-") {
            assert!(r.is_err(), "{name} accepted");
        } else {
            continue;
        }
        seen += 1;
    }
    assert!(seen >= 4, "only {seen} examples");
}

/// On every dev-set program the front end loads: the trivial correctness witness (invariant
/// `1` at every loop) is valid and each loop invariant sits at a `while`/`for`/`do` keyword.
#[test]
fn dev_set_loop_locations() {
    let dir = [
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/benchmarks/svcomp"),
        PathBuf::from("/work/shared/benchmarks/svcomp"),
    ]
    .into_iter()
    .find(|d| d.is_dir());
    let Some(dir) = dir else {
        println!("skipped: no SV-COMP task directory (../shared or /work/shared)");
        return;
    };
    let mut files = Vec::new();
    for cat in std::fs::read_dir(&dir).unwrap() {
        let cat = cat.unwrap().path();
        if !cat.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&cat).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "c" || e == "i") {
                files.push(f);
            }
        }
    }
    files.sort();
    let (mut loaded, mut loops, mut others) = (0, 0, 0);
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let mut sources = SourceMap::new();
        let opts = FrontendOptions::default();
        let Ok(l) = load_str(&f.to_string_lossy(), &text, &opts, &mut sources) else {
            continue;
        };
        loaded += 1;
        let y = correctness_witness(
            &l.program,
            &sources,
            &[],
            f,
            "G ! call(reach_error())",
            DataModel::ILP32,
            &meta(),
        )
        .unwrap();
        assert_eq!(
            validate(&y),
            Ok(WitnessKind::Correctness),
            "{}",
            f.display()
        );
        let doc: Value = serde_yaml_ng::from_str(&y).unwrap();
        for it in doc[0]["content"].as_array().unwrap() {
            let inv = &it["invariant"];
            if inv["type"] == "loop_invariant" {
                let at = text_at(&text, inv);
                assert!(
                    ["while", "for", "do"].iter().any(|k| at.starts_with(k)),
                    "{}: loop invariant at `{}`",
                    f.display(),
                    &at[..at.len().min(30)]
                );
                loops += 1;
            } else {
                others += 1;
                // the fallback for programs without loops: at the start of a declaration
                let line = text
                    .lines()
                    .nth(inv["location"]["line"].as_u64().unwrap() as usize - 1)
                    .unwrap();
                assert_eq!(
                    inv["location"]["column"].as_u64().unwrap() as usize,
                    line.len() - line.trim_start().len() + 1,
                    "{}: `{line}`",
                    f.display()
                );
                assert!(l.program.threads.iter().all(|c| c.loops.is_empty()));
            }
        }
    }
    println!(
        "{loaded} of {} dev-set programs loaded, {loops} loop invariants at keywords, {others} elsewhere",
        files.len()
    );
    assert!(loops > 0);
}
