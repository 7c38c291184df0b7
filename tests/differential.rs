//! Differential test of the two independent engine families: on every example and every c/systemc
//! dev-set task that both the predicate engine and k-induction decide (within a short timeout),
//! the verdicts must be equal.

use std::path::{Path, PathBuf};
use std::process::Command;

fn verdict(file: &Path, engine: &str, extra: &[String]) -> Option<i32> {
    let out = Command::new(env!("CARGO_BIN_EXE_schedmc"))
        .arg("verify")
        .args(["--engine", engine, "--timeout", "5", "--quiet"])
        .args(extra)
        .arg(file)
        .output()
        .expect("run schedmc");
    match out.status.code() {
        Some(0) => Some(0),
        Some(10) => Some(10),
        _ => None,
    }
}

/// Options from an example's `// args:` line other than the engine choice and its bounds.
fn example_args(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let Some(line) = text.lines().nth(1) else {
        return vec![];
    };
    let Some(rest) = line.trim().strip_prefix("// args:") else {
        return vec![];
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut keep = Vec::new();
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "--engine" | "--unwind" | "--unwindset" | "--k-step" | "--max-k-step" => i += 2,
            "--no-unwinding-assertions" | "--partial-loops" | "--unlimited-k-steps" => i += 1,
            w => {
                keep.push(w.to_string());
                i += 1;
            }
        }
    }
    keep
}

fn c_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            c_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "c") {
            out.push(p);
        }
    }
}

#[test]
fn predabs_and_kinduction_agree() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    c_files(&root.join("examples"), &mut files);
    let svcomp = root.join("../shared/benchmarks/svcomp/systemc");
    if svcomp.is_dir() {
        c_files(&svcomp, &mut files);
    } else {
        println!("skipping the SV-COMP tasks: {} is absent", svcomp.display());
    }
    let mut compared = 0;
    let mut disagreements = Vec::new();
    for f in &files {
        let extra = example_args(f);
        let (Some(a), Some(b)) = (
            verdict(f, "predabs", &extra),
            verdict(f, "kinduction", &extra),
        ) else {
            continue;
        };
        compared += 1;
        if a != b {
            disagreements.push(format!(
                "{}: predabs exit {a}, kinduction exit {b}",
                f.display()
            ));
        }
    }
    println!("compared {compared} of {} programs", files.len());
    assert!(disagreements.is_empty(), "{disagreements:#?}");
    assert!(compared >= 5, "too few programs decided by both engines");
}
