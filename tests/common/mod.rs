//! Helpers shared by the integration tests: run the `schedmc` binary, find files.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Output of one run of the binary.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn last_line(&self) -> &str {
        self.stdout.lines().last().unwrap_or("")
    }
    /// True when the run shows no sign of a panic or internal error.
    pub fn clean(&self) -> bool {
        !self.stderr.contains("panicked")
            && !self.stderr.contains("internal error")
            && self.code != 70
            && self.code != 101
    }
}

pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_schedmc")
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn run<I, S>(args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let out = Command::new(bin())
        .args(args)
        .current_dir(root())
        .output()
        .expect("cannot run schedmc");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// All files under `dir` (recursively) with extension `ext`, sorted.
pub fn files_with_ext(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// An example's header: `// expect: VERDICT` on line 1, optional `// args: ...` on line 2.
pub struct Example {
    pub path: PathBuf,
    pub expect: String,
    pub args: Vec<String>,
}

pub fn examples() -> Vec<Example> {
    files_with_ext(&root().join("examples"), "c")
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let mut lines = text.lines();
            let expect = lines.next()?.strip_prefix("// expect:")?.trim().to_string();
            let args = lines
                .next()
                .and_then(|l| l.strip_prefix("// args:"))
                .map(|a| a.split_whitespace().map(String::from).collect())
                .unwrap_or_default();
            Some(Example { path, expect, args })
        })
        .collect()
}

/// Runs `schedmc verify` on an example: `extra` options first, then `--timeout 60` unless `extra`
/// or the example's own `// args:` set a timeout, then those args (without their `--timeout`
/// when `extra` sets one: the caller's limit wins) and the file.
pub fn verify_example(ex: &Example, extra: &[&str]) -> Run {
    let mut args: Vec<String> = vec!["verify".into()];
    args.extend(extra.iter().map(|a| a.to_string()));
    let extra_timeout = extra.contains(&"--timeout");
    if !ex.args.iter().any(|a| a == "--timeout") && !extra_timeout {
        args.extend(["--timeout".into(), "60".into()]);
    }
    let mut own = ex.args.iter();
    while let Some(a) = own.next() {
        if extra_timeout && a == "--timeout" {
            own.next();
            continue;
        }
        args.push(a.clone());
    }
    args.push(ex.path.to_str().unwrap().into());
    run(&args)
}

/// The SV-COMP manifest (`../shared/benchmarks/svcomp/MANIFEST.tsv` from the crate root, or
/// `$SCHEDMC_SVCOMP`), as (path, category, expected_safe); None with a printed reason if absent.
pub fn svcomp_tasks() -> Option<Vec<(PathBuf, String, bool)>> {
    let manifest = std::env::var_os("SCHEDMC_SVCOMP")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/benchmarks/svcomp/MANIFEST.tsv"));
    let manifest = if manifest.exists() {
        manifest
    } else {
        // Worktrees live one level deeper (/work/wt/<name>).
        let alt = root().join("../../shared/benchmarks/svcomp/MANIFEST.tsv");
        if !alt.exists() {
            eprintln!(
                "skipping: no SV-COMP manifest at {} (set SCHEDMC_SVCOMP)",
                manifest.display()
            );
            return None;
        }
        alt
    };
    let dir = manifest.parent().unwrap().to_path_buf();
    let text = std::fs::read_to_string(&manifest).ok()?;
    Some(
        text.lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let c: Vec<&str> = l.split('\t').collect();
                (dir.join(c[0]), c[1].to_string(), c[2] == "true")
            })
            .collect(),
    )
}
