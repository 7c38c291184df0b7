//! SV-COMP tasks (`../shared/benchmarks/svcomp/MANIFEST.tsv`; skipped with a printed reason when
//! absent): every task parses and lowers; the systemc tasks never get a wrong verdict, and every
//! FAILED one comes with a replayed trace that ends in reach_error.
//!
//! `svcomp_systemc_no_wrong_verdict` runs in CI with a short per-task timeout (two tasks at a
//! time); `svcomp_systemc_expected_verdicts` (ignored by default, `--ignored` to run) uses the
//! SV-COMP-like 60 s and asserts the expected verdict for every systemc task.
//! `svcomp_pthread_no_wrong_verdict` runs every task of a `pthread*` category (ESST) with a
//! short per-task timeout: UNKNOWN is allowed, a wrong verdict or a bad trace is a failure.

mod common;
use common::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn par_map<T: Sync, R: Send>(items: &[T], jobs: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let out: std::sync::Mutex<Vec<Option<R>>> =
        std::sync::Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some(it) = items.get(i) else { break };
                let r = f(it);
                out.lock().unwrap()[i] = Some(r);
            });
        }
    });
    out.into_inner()
        .unwrap()
        .into_iter()
        .map(Option::unwrap)
        .collect()
}

#[test]
fn svcomp_tasks_parse_and_lower() {
    let Some(tasks) = svcomp_tasks() else { return };
    let failures: Vec<String> = par_map(&tasks, 2, |(path, _, _)| {
        let r = run(["parse", "--dump", "ir", path.to_str().unwrap()]);
        if r.code == 0 && r.clean() && !r.stdout.is_empty() {
            None
        } else {
            let first = r.stderr.lines().next().unwrap_or("").to_string();
            Some(format!("{} (exit {}): {first}", path.display(), r.code))
        }
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(
        failures.is_empty(),
        "{} of {} tasks do not parse:\n{}",
        failures.len(),
        tasks.len(),
        failures.join("\n")
    );
}

struct Answer {
    path: PathBuf,
    expected_safe: bool,
    verdict: String,
    problem: Option<String>,
}

fn verify_task(path: &Path, expected_safe: bool, timeout: u32) -> Answer {
    let r = run([
        "verify",
        "--json",
        "--timeout",
        &timeout.to_string(),
        "--memory-limit",
        "3000",
        path.to_str().unwrap(),
    ]);
    let mut problem = None;
    if !r.clean() {
        problem = Some(format!("panic or internal error: {}", r.stderr));
    }
    let v: Value = serde_json::from_str(r.stdout.trim()).unwrap_or(Value::Null);
    let verdict = v["verdict"].as_str().unwrap_or("NO-JSON").to_string();
    let want_code = match verdict.as_str() {
        "SUCCESSFUL" => 0,
        "FAILED" => 10,
        "UNKNOWN" => 3,
        _ => -100,
    };
    if r.code != want_code && problem.is_none() {
        problem = Some(format!("exit code {} with verdict {verdict}", r.code));
    }
    if verdict == "FAILED" {
        let trace = v["trace"].as_array().cloned().unwrap_or_default();
        let last = trace.iter().rev().find(|s| s.get("statement").is_some());
        match last {
            None => problem = Some("FAILED with an empty trace".into()),
            Some(s) => {
                let st = s["statement"].as_str().unwrap_or("").to_lowercase();
                if !st.contains("error") || s["line"] != v["property"]["line"] {
                    problem = Some(format!("trace does not end in reach_error: {s}"));
                }
            }
        }
    }
    Answer {
        path: path.to_path_buf(),
        expected_safe,
        verdict,
        problem,
    }
}

fn systemc(timeout: u32) -> Option<Vec<Answer>> {
    let tasks = svcomp_tasks()?;
    let sc: Vec<_> = tasks.into_iter().filter(|t| t.1 == "systemc").collect();
    Some(par_map(&sc, 2, |(p, _, safe)| {
        verify_task(p, *safe, timeout)
    }))
}

fn wrong(a: &Answer) -> bool {
    (a.verdict == "SUCCESSFUL" && !a.expected_safe) || (a.verdict == "FAILED" && a.expected_safe)
}

#[test]
fn svcomp_systemc_no_wrong_verdict() {
    let Some(answers) = systemc(8) else { return };
    let mut bad = Vec::new();
    for a in &answers {
        eprintln!(
            "{}: {} (expected {})",
            a.path.display(),
            a.verdict,
            if a.expected_safe { "true" } else { "false" }
        );
        if wrong(a) {
            bad.push(format!("WRONG {}: {}", a.path.display(), a.verdict));
        }
        if let Some(p) = &a.problem {
            bad.push(format!("{}: {p}", a.path.display()));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
#[ignore = "up to 60 s per task; run with --ignored"]
fn svcomp_systemc_expected_verdicts() {
    let Some(answers) = systemc(60) else { return };
    let mut bad = Vec::new();
    for a in &answers {
        let want = if a.expected_safe {
            "SUCCESSFUL"
        } else {
            "FAILED"
        };
        if a.verdict != want || a.problem.is_some() {
            bad.push(format!(
                "{}: {} (want {want}) {}",
                a.path.display(),
                a.verdict,
                a.problem.clone().unwrap_or_default()
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

fn pthread_family(timeout: u32) -> Option<Vec<Answer>> {
    let tasks = svcomp_tasks()?;
    let pt: Vec<_> = tasks
        .into_iter()
        .filter(|t| t.1.starts_with("pthread"))
        .collect();
    Some(par_map(&pt, 2, |(p, _, safe)| {
        verify_task(p, *safe, timeout)
    }))
}

#[test]
fn svcomp_pthread_no_wrong_verdict() {
    let Some(answers) = pthread_family(10) else {
        return;
    };
    assert!(!answers.is_empty(), "no pthread task in the manifest");
    let mut bad = Vec::new();
    for a in &answers {
        eprintln!(
            "{}: {} (expected {})",
            a.path.display(),
            a.verdict,
            if a.expected_safe { "true" } else { "false" }
        );
        if wrong(a) {
            bad.push(format!("WRONG {}: {}", a.path.display(), a.verdict));
        }
        if let Some(p) = &a.problem {
            bad.push(format!("{}: {p}", a.path.display()));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
