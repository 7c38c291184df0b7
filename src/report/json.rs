//! The `--json` output: exactly one JSON object (one line) on stdout, with stable field names.
//!
//! The format is documented field by field in `docs/json.md` (schema version [`VERSION`]);
//! `tests/json_output.rs` checks that real outputs have exactly the documented top-level fields.
//! In SV-COMP mode (`--svcomp` or a task file) the SV-COMP result is the `svcomp` member of the
//! object and no separate result line is printed, so stdout stays a single JSON document.
//!
//! Values in `assigned` are JSON integers (Bool variables as 0/1); a value outside the 64-bit
//! range is a decimal string. `assigned` keys are sorted by name.

use crate::driver::Report;
use crate::report::trace::{property_text, rows, Row};
use crate::verdict::{Stats, UnknownReason, Verdict, Violation};
use serde_json::{json, Map, Value};

/// Schema version of the object (`schema_version`); raised when a field changes meaning or is
/// removed (adding a field does not raise it).
pub const VERSION: u64 = 1;

/// The top-level field names of every object (see `docs/json.md`); the output lists members
/// in alphabetical order.
pub const TOP_LEVEL_FIELDS: [&str; 13] = [
    "schema_version",
    "schedmc_version",
    "verdict",
    "reason",
    "unknown_kind",
    "note",
    "engine",
    "file",
    "property",
    "trace",
    "statistics",
    "svcomp",
    "unmodelled_calls",
];

/// The SV-COMP part of the object (`svcomp`), present in SV-COMP mode.
pub fn svcomp_json(result: &str, property: &str, data_model: &str) -> Value {
    json!({ "result": result, "property": property, "data_model": data_model })
}

/// Sets the `svcomp` member of an object made by [`render`] or [`unknown`].
pub fn set_svcomp(obj: &mut Value, svcomp: Value) {
    if let Some(m) = obj.as_object_mut() {
        m.insert("svcomp".into(), svcomp);
    }
}

fn num(v: i128) -> Value {
    if let Ok(x) = i64::try_from(v) {
        json!(x)
    } else if let Ok(x) = u64::try_from(v) {
        json!(x)
    } else {
        json!(v.to_string())
    }
}

/// The statistics object.
pub fn stats_json(st: &Stats) -> Value {
    json!({
        "nodes": st.nodes,
        "covers": st.covers,
        "refinements": st.refinements,
        "predicates": st.predicates,
        "solver_calls": st.solver_calls,
        "solver_time_s": st.solver_time.as_secs_f64(),
        "total_time_s": st.total_time.as_secs_f64(),
        "peak_memory_kb": st.peak_memory_kb,
        "k": st.k,
        "interleavings": st.interleavings,
        "backtrack_points": st.backtrack_points,
        "sleep_prunings": st.sleep_prunings,
        "interpolation_retries": st.interpolation_retries,
        "proof_check_time_s": st.proof_check_time.map(|t| t.as_secs_f64()),
        "proof_check_detail": st.proof_check_summary.as_ref().map(proof_check_detail_json),
        "time_split": time_split_json(st),
    })
}

/// What the proof check checked (`proof_check_detail`, see `docs/json.md`).
fn proof_check_detail_json(c: &crate::check::CheckSummary) -> Value {
    json!({
        "kind": c.kind,
        "engine": c.engine,
        "result": c.result,
        "k": c.k,
        "time_s": c.time.as_secs_f64(),
        "queries": c.queries,
        "obligations": c.obligations,
        "rests_on": c.rests_on,
        "why": c.why,
    })
}

/// The run's time split in seconds (`Stats::front_end_time` etc.; exploration is the engine's
/// time without the solver's); null when the driver did not fill it in.
fn time_split_json(st: &Stats) -> Value {
    let (Some(front_end), Some(engine)) = (st.front_end_time, st.engine_time) else {
        return Value::Null;
    };
    json!({
        "front_end_s": front_end.as_secs_f64(),
        "exploration_s": engine.saturating_sub(st.solver_time).as_secs_f64(),
        "solver_s": st.solver_time.as_secs_f64(),
        "proof_check_s": st.proof_check_time.map(|t| t.as_secs_f64()),
        "replay_s": st.replay_time.map(|t| t.as_secs_f64()),
        "abstraction_s": st.abstraction_time.map(|t| t.as_secs_f64()),
        "refinement_s": st.refinement_time.map(|t| t.as_secs_f64()),
        "por_s": st.por_time.map(|t| t.as_secs_f64()),
    })
}

/// A JSON object for an UNKNOWN verdict produced outside a [`Report`] (timeouts, memory limit,
/// internal errors).
pub fn unknown(file: &str, reason: &str, stats: &Stats) -> Value {
    let kind = if reason.starts_with("input error") {
        "input_error"
    } else {
        UnknownReason::classify(reason.to_string()).kind()
    };
    json!({
        "schema_version": VERSION,
        "schedmc_version": env!("CARGO_PKG_VERSION"),
        "verdict": "UNKNOWN",
        "reason": reason,
        "unknown_kind": kind,
        "note": null,
        "engine": null,
        "file": file,
        "property": null,
        "trace": [],
        "statistics": stats_json(stats),
        "svcomp": null,
        "unmodelled_calls": [],
    })
}

/// The JSON object of a report.
pub fn render(report: &Report, file: &str) -> Value {
    let v = &report.outcome.verdict;
    let (reason, kind, note) = match v {
        Verdict::Safe { note } => (
            Value::Null,
            Value::Null,
            note.clone().map_or(Value::Null, Value::from),
        ),
        Verdict::Unknown(r) => (json!(r.to_string()), json!(r.kind()), Value::Null),
        Verdict::Unsafe(_) => (Value::Null, Value::Null, Value::Null),
    };
    let mut property = Value::Null;
    let mut trace = Vec::new();
    if let Verdict::Unsafe(cex) = v {
        let (kind, loc, lp) = match &cex.violation {
            Violation::Property { loc, .. } => ("reach_error", *loc, Value::Null),
            Violation::UnwindingAssertion { loop_id, loc } => {
                ("unwinding_assertion", *loc, json!(loop_id))
            }
        };
        let fname = if (loc.file.0 as usize) < report.sources.len() {
            report.sources.display_name(loc.file).to_string()
        } else {
            String::new()
        };
        property = json!({
            "kind": kind,
            "description": property_text(&report.program, &report.sources, cex),
            "file": fname,
            "line": loc.line,
            "loop": lp,
        });
        if let Some(rep) = &report.replayed {
            for r in rows(&report.program, &report.sources, rep) {
                trace.push(match r {
                    Row::Sched { step, text } => json!({"step": step, "scheduler": text}),
                    Row::Memory {
                        step,
                        thread,
                        instance,
                        variable,
                        value,
                        visible,
                        ..
                    } => json!({
                        "step": step,
                        "thread": thread,
                        "instance": instance,
                        "memory": if visible { "visible" } else { "buffered" },
                        "variable": variable,
                        "value": num(value),
                    }),
                    Row::Edge {
                        step,
                        thread,
                        instance,
                        file,
                        line,
                        function,
                        statement,
                        assigned,
                        ..
                    } => {
                        let mut a = Map::new();
                        for (n, val, _, _) in assigned {
                            a.insert(n, num(val));
                        }
                        json!({
                            "step": step,
                            "thread": thread,
                            "instance": instance,
                            "file": file,
                            "line": line,
                            "function": function,
                            "statement": statement,
                            "assigned": Value::Object(a),
                        })
                    }
                });
            }
        }
    }
    json!({
        "schema_version": VERSION,
        "schedmc_version": env!("CARGO_PKG_VERSION"),
        "verdict": crate::report::verdict_word(v),
        "reason": reason,
        "unknown_kind": kind,
        "note": note,
        "engine": report.engine.map(|e| e.name()),
        "file": file,
        "property": property,
        "trace": trace,
        "statistics": stats_json(&report.outcome.stats),
        "svcomp": null,
        "unmodelled_calls": report.unmodelled,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceMap;
    use crate::ir::interp::{replay, tests as it, ReplaySemantics};
    use crate::verdict::Outcome;

    #[test]
    fn failed_report_has_property_and_trace() {
        let prog = it::buggy();
        let cex = it::buggy_cex(5);
        let rep = replay(&prog, &cex, ReplaySemantics::BitVector).unwrap();
        let mut sources = SourceMap::new();
        sources.add("t.c", None, None);
        let report = Report {
            outcome: Outcome::new(Verdict::Unsafe(cex), Stats::default()),
            program: prog,
            sources,
            replayed: Some(rep),
            engine: None,
            int_math: false,
            warnings: vec![],
            replay_failure: None,
            unmodelled: vec![],
        };
        let j = render(&report, "t.c");
        assert_eq!(j["schema_version"], 1);
        let keys: Vec<&str> = j.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        let mut want = TOP_LEVEL_FIELDS.to_vec();
        want.sort();
        let mut got = keys.clone();
        got.sort();
        assert_eq!(got, want);
        assert_eq!(j["svcomp"], Value::Null);
        assert_eq!(j["verdict"], "FAILED");
        assert_eq!(j["property"]["kind"], "reach_error");
        assert_eq!(j["property"]["line"], 6);
        assert_eq!(j["trace"][0]["assigned"]["x"], 5);
        assert_eq!(j["trace"][2]["scheduler"], "nothing");
        assert_eq!(j["trace"].as_array().unwrap().len(), 5);
        assert_eq!(j["statistics"]["k"], Value::Null);
        let u = unknown("t.c", "timeout", &Stats::default());
        assert_eq!(u["verdict"], "UNKNOWN");
        assert_eq!(u["reason"], "timeout");
        let mut u = u;
        set_svcomp(&mut u, svcomp_json("UNKNOWN", "unreach-call", "ILP32"));
        assert_eq!(u["svcomp"]["result"], "UNKNOWN");
        assert_eq!(u.as_object().unwrap().len(), TOP_LEVEL_FIELDS.len());
    }

    #[test]
    fn big_values_stay_exact() {
        assert_eq!(num(u64::MAX as i128), json!(u64::MAX));
        assert_eq!(num(-5), json!(-5));
        assert_eq!(num(i128::MAX), json!(i128::MAX.to_string()));
    }
}
