//! The `--json` output against its documentation (`docs/json.md`): the objects printed for a
//! FAILED and a SUCCESSFUL example, an input error and SV-COMP runs have exactly the members the
//! marked tables of the document list, at the top level and in the nested objects; with
//! `--svcomp` stdout is one JSON document with the result inside it.

mod common;
use common::*;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// The tables of `docs/json.md` marked `<!-- fields: NAME ... -->`: NAME → first-column names.
fn documented() -> BTreeMap<String, BTreeSet<String>> {
    let text = std::fs::read_to_string(root().join("docs/json.md")).expect("docs/json.md");
    let mut out = BTreeMap::new();
    let mut lines = text.lines().peekable();
    while let Some(l) = lines.next() {
        let Some(rest) = l.trim().strip_prefix("<!-- fields:") else {
            continue;
        };
        let name = rest
            .split_whitespace()
            .next()
            .expect("table name")
            .trim_end_matches("-->")
            .to_string();
        let mut names = BTreeSet::new();
        let mut rows = 0;
        while let Some(row) = lines.peek().filter(|r| r.trim_start().starts_with('|')) {
            rows += 1;
            let first = row.split('|').nth(1).unwrap_or("").trim();
            // skip the header row and the |---| separator
            if rows > 2 {
                let field = first.trim_matches('`');
                assert!(
                    !field.is_empty() && first.starts_with('`'),
                    "docs/json.md: bad row in table {name}: {row}"
                );
                names.insert(field.to_string());
            }
            lines.next();
        }
        assert!(!names.is_empty(), "docs/json.md: table {name} is empty");
        assert!(
            out.insert(name.clone(), names).is_none(),
            "docs/json.md: table {name} twice"
        );
    }
    out
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object()
        .unwrap_or_else(|| panic!("not an object: {v}"))
        .keys()
        .cloned()
        .collect()
}

/// Runs `verify --json ARGS`; stdout must be exactly one JSON object on one line.
fn json_run(args: &[&str]) -> (Run, Value) {
    let mut all = vec!["verify", "--json"];
    all.extend_from_slice(args);
    let r = run(&all);
    assert!(r.clean(), "{args:?}: {}", r.stderr);
    assert_eq!(
        r.stdout.lines().count(),
        1,
        "{args:?}: stdout is not one line:\n{}",
        r.stdout
    );
    let v: Value = serde_json::from_str(&r.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}):\n{}", r.stdout));
    (r, v)
}

/// Checks every object of `v` against the documented tables.
fn check_fields(doc: &BTreeMap<String, BTreeSet<String>>, v: &Value, what: &str) {
    assert_eq!(keys(v), doc["top-level"], "{what}: top-level members");
    assert_eq!(v["schema_version"], 1, "{what}");
    assert_eq!(
        v["schedmc_version"].as_str(),
        Some(env!("CARGO_PKG_VERSION")),
        "{what}"
    );
    assert_eq!(
        keys(&v["statistics"]),
        doc["statistics"],
        "{what}: statistics"
    );
    if !v["property"].is_null() {
        assert_eq!(keys(&v["property"]), doc["property"], "{what}: property");
    }
    let pc = &v["statistics"]["proof_check_detail"];
    if !pc.is_null() {
        assert_eq!(
            keys(pc),
            doc["proof-check-detail"],
            "{what}: proof_check_detail"
        );
        if !pc["obligations"].is_null() {
            assert_eq!(
                keys(&pc["obligations"]),
                doc["proof-check-obligations"],
                "{what}: proof_check_detail.obligations"
            );
        }
    }
    for step in v["trace"].as_array().expect("trace is an array") {
        let k = keys(step);
        assert!(
            k == doc["trace-thread-step"]
                || k == doc["trace-scheduler-step"]
                || k == doc["trace-memory-step"],
            "{what}: undocumented trace element {step}"
        );
    }
    if !v["svcomp"].is_null() {
        assert_eq!(keys(&v["svcomp"]), doc["svcomp"], "{what}: svcomp");
    }
}

#[test]
fn documentation_matches_the_producer() {
    let doc = documented();
    let want: BTreeSet<String> = schedmc::report::json::TOP_LEVEL_FIELDS
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(doc["top-level"], want);
    for t in [
        "property",
        "trace-thread-step",
        "trace-scheduler-step",
        "trace-memory-step",
        "statistics",
        "proof-check-detail",
        "proof-check-obligations",
        "svcomp",
    ] {
        assert!(doc.contains_key(t), "docs/json.md has no table {t}");
    }
}

#[test]
fn failed_and_successful_examples_have_the_documented_fields() {
    let doc = documented();
    let (r, v) = json_run(&["examples/seq/assert_bug.c"]);
    assert_eq!(r.code, 10);
    assert_eq!(v["verdict"], "FAILED");
    assert_eq!(v["property"]["kind"], "reach_error");
    assert!(!v["trace"].as_array().unwrap().is_empty());
    assert!(v["svcomp"].is_null());
    check_fields(&doc, &v, "FAILED example");

    let (r, v) = json_run(&["examples/seq/loop_counter_safe.c"]);
    assert_eq!(r.code, 0);
    assert_eq!(v["verdict"], "SUCCESSFUL");
    assert!(v["property"].is_null() && v["reason"].is_null() && v["note"].is_null());
    assert_eq!(v["trace"], Value::Array(vec![]));
    assert_eq!(v["engine"], "predabs");
    check_fields(&doc, &v, "SUCCESSFUL example");

    let (r, v) = json_run(&["examples/seq/int_math_safe.c", "--int-math"]);
    assert_eq!(r.code, 0);
    assert!(v["note"].as_str().unwrap().contains("--int-math"));
    check_fields(&doc, &v, "qualified SUCCESSFUL example");
}

#[test]
fn input_errors_have_the_documented_fields() {
    let doc = documented();
    let (r, v) = json_run(&["tests/data/malformed/no_such_file.c"]);
    assert_eq!(r.code, 2);
    assert_eq!(v["verdict"], "UNKNOWN");
    assert!(v["reason"].as_str().unwrap().starts_with("input error: "));
    assert!(v["engine"].is_null());
    check_fields(&doc, &v, "input error");
}

#[test]
fn svcomp_json_is_one_document_with_the_result_inside() {
    let doc = documented();
    for (file, result, code) in [
        ("examples/seq/assert_bug.c", "FALSE(unreach-call)", 10),
        ("examples/seq/loop_counter_safe.c", "TRUE", 0),
        // a qualified proof is not TRUE
        ("examples/seq/int_math_safe.c", "UNKNOWN", 0),
        ("tests/data/malformed/no_such_file.c", "UNKNOWN", 2),
    ] {
        let mut args = vec!["--svcomp", file];
        if file.contains("int_math") {
            args.push("--int-math");
        }
        let (r, v) = json_run(&args);
        assert_eq!(r.code, code, "{file}");
        assert_eq!(v["svcomp"]["result"], result, "{file}: {v}");
        assert_eq!(v["svcomp"]["property"], "unreach-call");
        assert_eq!(v["svcomp"]["data_model"], "ILP32");
        check_fields(&doc, &v, file);
        // no separate result line
        assert!(!r.stdout.lines().any(|l| l == result), "{}", r.stdout);
    }
    let (_, v) = json_run(&[
        "--svcomp",
        "--data-model",
        "LP64",
        "examples/seq/assert_bug.c",
    ]);
    assert_eq!(v["svcomp"]["data_model"], "LP64");
    let (_, v) = json_run(&["--svcomp", "--target", "lp64", "examples/seq/assert_bug.c"]);
    assert_eq!(v["svcomp"]["data_model"], "LP64");
}

#[test]
fn svcomp_text_input_error_still_prints_one_result_line() {
    let r = run(["verify", "--svcomp", "tests/data/malformed/no_such_file.c"]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "UNKNOWN\n");
    assert!(!r.stderr.is_empty());
}

#[test]
fn threaded_trace_names_objects_like_the_text_trace() {
    // primitive arguments that are object addresses print as `&name` in both outputs
    let ex = "examples/systemc/producer_consumer_bug.c";
    let (r, v) = json_run(&[ex]);
    assert_eq!(r.code, 10, "{}", r.stdout);
    let json: Vec<String> = v["trace"]
        .as_array()
        .expect("trace")
        .iter()
        .filter_map(|s| s["statement"].as_str().map(String::from))
        .collect();
    let has = |p: &str| json.iter().any(|s| s.starts_with(p));
    assert!(
        has("sc_notify_delta(&write_ev)  [may write write_ev]"),
        "{json:?}"
    );
    assert!(has("sc_notify_time(&read_ev, 1)"), "{json:?}");
    assert!(!json.iter().any(|s| s.contains("4096")), "{json:?}");
    let text = run(["verify", ex]);
    for s in json.iter().filter(|s| s.starts_with("sc_")) {
        assert!(text.stdout.contains(s.as_str()), "{s}: {}", text.stdout);
    }
}

#[test]
fn proof_check_detail_says_what_the_check_checked() {
    let doc = documented();
    // predabs: loop-head labels, k = 1
    let (_, v) = json_run(&["examples/seq/loop_counter_safe.c"]);
    let pc = &v["statistics"]["proof_check_detail"];
    assert_eq!(pc["kind"], "invariants", "{pc}");
    assert_eq!(pc["engine"], "predabs", "{pc}");
    assert_eq!(pc["result"], "passed", "{pc}");
    assert_eq!(pc["k"], 1, "{pc}");
    assert!(pc["why"].is_null(), "{pc}");
    assert_eq!(pc["time_s"], v["statistics"]["proof_check_time_s"], "{pc}");
    let ob = &pc["obligations"];
    assert!(ob["cut_points"].as_u64().unwrap() >= 1, "{pc}");
    assert!(ob["initiation"].as_u64().unwrap() >= 1, "{pc}");
    assert!(ob["consecution"].as_u64().unwrap() >= 1, "{pc}");
    assert!(
        ob["cases"].as_u64().unwrap() >= ob["cut_points"].as_u64().unwrap(),
        "{pc}"
    );
    assert_eq!(ob["base_case"], 0, "{pc}");
    assert_eq!(ob["transitions"], 0, "{pc}");
    assert!(pc["queries"].is_u64(), "{pc}");
    let rests = pc["rests_on"].as_array().unwrap();
    assert!(
        rests
            .iter()
            .any(|r| r.as_str().unwrap().contains("encoder")),
        "{pc}"
    );
    check_fields(&doc, &v, "SUCCESSFUL example with its proof check");

    // k-induction: base case and inductive step
    let (_, v) = json_run(&[
        "examples/loops/inductive_invariant.c",
        "--engine",
        "kinduction",
        "--no-strengthening",
    ]);
    assert_eq!(v["verdict"], "SUCCESSFUL");
    let pc = &v["statistics"]["proof_check_detail"];
    assert_eq!(pc["kind"], "k_induction", "{pc}");
    assert!(pc["k"].as_u64().unwrap() > 1, "{pc}");
    assert_eq!(pc["obligations"]["inductive_step"], 1, "{pc}");
    assert!(
        pc["obligations"]["base_case"].as_u64().unwrap() >= 1,
        "{pc}"
    );
    check_fields(&doc, &v, "k-induction example");

    // ESST: the ARF's nodes and transitions; what rests on partial-order reduction is stated
    let (_, v) = json_run(&["examples/systemc/clocked_counter_safe.c"]);
    assert_eq!(v["verdict"], "SUCCESSFUL");
    let pc = &v["statistics"]["proof_check_detail"];
    assert_eq!(pc["kind"], "threaded_arf", "{pc}");
    assert_eq!(pc["result"], "passed", "{pc}");
    assert!(pc["obligations"]["nodes"].as_u64().unwrap() >= 1, "{pc}");
    assert!(
        pc["obligations"]["transitions"].as_u64().unwrap() >= 1,
        "{pc}"
    );
    let rests = pc["rests_on"].as_array().unwrap();
    if let Some(note) = v["note"].as_str() {
        if note.contains("partial-order reduction") {
            assert!(
                rests
                    .iter()
                    .any(|r| r.as_str().unwrap().contains("partial-order reduction")),
                "{pc}"
            );
        }
    }
    check_fields(&doc, &v, "ESST example");

    // no check: null, like proof_check_time_s
    let (_, v) = json_run(&["examples/seq/loop_counter_safe.c", "--no-proof-check"]);
    assert!(v["statistics"]["proof_check_detail"].is_null());
    let (_, v) = json_run(&["examples/seq/assert_bug.c"]);
    assert!(v["statistics"]["proof_check_detail"].is_null());
}
