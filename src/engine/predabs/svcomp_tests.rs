//! Integration test: the SV-COMP systemc tasks through the C front end.

use super::*;
use std::time::Duration;

/// The SV-COMP benchmark directory, when present (`/work/shared` or `../shared`).
fn svcomp_dir() -> Option<std::path::PathBuf> {
    let cands = [
        std::path::PathBuf::from("/work/shared/benchmarks/svcomp"),
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/benchmarks/svcomp"),
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/benchmarks/svcomp"),
    ];
    cands.into_iter().find(|p| p.join("MANIFEST.tsv").is_file())
}

/// The systemc tasks of the manifest: (relative path, expected safe).
fn systemc_tasks(dir: &std::path::Path) -> Vec<(String, bool)> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap_or_default();
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.len() >= 3 && f[1] == "systemc").then(|| (f[0].to_string(), f[2] == "true"))
        })
        .collect()
}

fn run_task(dir: &std::path::Path, path: &str, timeout: Duration) -> (Program, Outcome) {
    let mut sources = crate::diag::SourceMap::new();
    let fopts = crate::frontend::FrontendOptions::default();
    let loaded = crate::frontend::load(&dir.join(path), &fopts, &mut sources)
        .unwrap_or_else(|d| panic!("{path}: front end failed: {d:?}"));
    let o = verify(
        &loaded.program,
        &VerifyOptions {
            timeout: Some(timeout),
            ..VerifyOptions::default()
        },
    );
    (loaded.program, o)
}

/// All systemc tasks of the manifest give the expected verdict (slow: run with `--ignored`;
/// `PREDABS_TASK=substring` restricts the set).
#[test]
#[ignore]
fn svcomp_systemc_tasks() {
    let Some(dir) = svcomp_dir() else {
        eprintln!("svcomp benchmarks not found: skipped");
        return;
    };
    let filter = std::env::var("PREDABS_TASK").unwrap_or_default();
    let mut wrong = Vec::new();
    for (path, safe) in systemc_tasks(&dir) {
        if !path.contains(&filter) {
            continue;
        }
        let (prog, o) = run_task(&dir, &path, Duration::from_secs(60));
        let ok = match &o.verdict {
            Verdict::Safe { .. } => safe,
            Verdict::Unsafe(c) => {
                crate::ir::interp::replay(&prog, c, crate::ir::interp::ReplaySemantics::BitVector)
                    .unwrap_or_else(|e| panic!("{path}: counterexample does not replay: {e}"));
                !safe
            }
            Verdict::Unknown(_) => false,
        };
        let verdict = match &o.verdict {
            Verdict::Safe { .. } => "SAFE".to_string(),
            Verdict::Unsafe(_) => "UNSAFE".to_string(),
            Verdict::Unknown(r) => format!("UNKNOWN({r})"),
        };
        eprintln!(
            "{path}: {verdict} expected {} in {:.2}s nodes {} covers {} refinements {} preds {} solver calls {}",
            if safe { "SAFE" } else { "UNSAFE" },
            o.stats.total_time.as_secs_f64(),
            o.stats.nodes,
            o.stats.covers,
            o.stats.refinements,
            o.stats.predicates,
            o.stats.solver_calls,
        );
        if !ok {
            wrong.push(path);
        }
    }
    assert!(wrong.is_empty(), "wrong or unknown: {wrong:?}");
}
