//! `schedmc bench`: runs a manifest of tasks in child processes under limits and scores them.
//!
//! Each task runs as a child process of the same binary (`verify --json --timeout S
//! --memory-limit MB ...`). Limits: the child's own watchdog answers UNKNOWN at the timeout and
//! at the resident-memory limit; as a backstop the parent kills it (SIGKILL) at timeout + 5 s,
//! and the child's address space is capped with `setrlimit(RLIMIT_AS)` at the memory limit plus
//! 1 GiB (address space is larger than resident memory: thread stacks and malloc arenas are
//! reserved, not used). Peak memory is the child's `ru_maxrss` from `wait4`.
//!
//! Score (SV-COMP): +2 correct TRUE, +1 correct FALSE, -32 wrong TRUE, -16 wrong FALSE,
//! 0 unknown. A task's expected verdict TRUE means `reach_error` is unreachable (SUCCESSFUL).

use crate::cli::BenchArgs;
use serde_json::Value;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One manifest line.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// The path as written in the manifest.
    pub name: String,
    pub path: PathBuf,
    pub category: String,
    /// `expected_unreach_call`: true = safe.
    pub expected_safe: bool,
}

/// What a task answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Got {
    Successful,
    Failed,
    Unknown(String),
}

/// Correctness of an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Correct,
    Wrong,
    Unknown,
}

#[derive(Clone, Debug)]
pub struct TaskResult {
    pub task: Task,
    pub got: Got,
    pub time: Duration,
    pub peak_memory_kb: Option<u64>,
    pub nodes: Option<u64>,
    pub refinements: Option<u64>,
    pub k: Option<u64>,
    /// UNKNOWN only: the kind of the reason (JSON `unknown_kind` of the child, or the runner's
    /// own: `timeout` when killed, `memory_limit`, `input_error`, `internal`, `crash`, `other`).
    pub unknown_kind: Option<String>,
}

impl TaskResult {
    pub fn status(&self) -> Status {
        match (&self.got, self.task.expected_safe) {
            (Got::Successful, true) | (Got::Failed, false) => Status::Correct,
            (Got::Successful, false) | (Got::Failed, true) => Status::Wrong,
            (Got::Unknown(_), _) => Status::Unknown,
        }
    }
    /// SV-COMP points of this answer.
    pub fn score(&self) -> i64 {
        match (&self.got, self.task.expected_safe) {
            (Got::Successful, true) => 2,
            (Got::Failed, false) => 1,
            (Got::Successful, false) => -32,
            (Got::Failed, true) => -16,
            (Got::Unknown(_), _) => 0,
        }
    }
}

/// Reads a manifest (header line and `#` comments skipped).
pub fn read_manifest(path: &Path) -> Result<Vec<Task>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read manifest `{}`: {e}", path.display()))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tasks = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        if i == 0 && cols.first() == Some(&"path") {
            continue;
        }
        if cols.len() < 3 {
            return Err(format!(
                "{}:{}: expected at least 3 tab-separated columns (path, category, expected_unreach_call)",
                path.display(),
                i + 1
            ));
        }
        let expected_safe = match cols[2].trim() {
            "true" => true,
            "false" => false,
            other => {
                return Err(format!(
                    "{}:{}: expected_unreach_call must be true or false, not `{other}`",
                    path.display(),
                    i + 1
                ))
            }
        };
        tasks.push(Task {
            name: cols[0].to_string(),
            path: dir.join(cols[0]),
            category: cols[1].to_string(),
            expected_safe,
        });
    }
    Ok(tasks)
}

/// Interprets a child's JSON output (or its absence).
pub fn interpret(stdout: &str, exit: ExitKind) -> (Got, Option<Value>) {
    let parsed: Option<Value> = stdout
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with('{'))
        .and_then(|l| serde_json::from_str(l).ok());
    if let Some(j) = &parsed {
        let got = match j["verdict"].as_str() {
            Some("SUCCESSFUL") => Got::Successful,
            Some("FAILED") => Got::Failed,
            _ => Got::Unknown(j["reason"].as_str().unwrap_or("unknown").to_string()),
        };
        // A verdict is only trusted with the matching exit code.
        let consistent = matches!(
            (&got, exit),
            (Got::Successful, ExitKind::Code(0))
                | (Got::Failed, ExitKind::Code(10))
                | (Got::Unknown(_), _)
        );
        if consistent {
            return (got, parsed);
        }
        return (
            Got::Unknown(format!("inconsistent exit status {exit:?}")),
            parsed,
        );
    }
    let reason = match exit {
        ExitKind::Killed => "timeout (killed)".to_string(),
        ExitKind::Signal(s) => format!("crashed (signal {s})"),
        ExitKind::Code(2) => "input error".to_string(),
        ExitKind::Code(70) => "internal error".to_string(),
        ExitKind::Code(c) => format!("no JSON output (exit {c})"),
    };
    (Got::Unknown(reason), None)
}

/// How a child ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitKind {
    Code(i32),
    Signal(i32),
    /// Killed by the parent's hard wall-clock limit.
    Killed,
}

fn run_task(exe: &Path, task: &Task, a: &BenchArgs) -> TaskResult {
    let mut cmd = Command::new(exe);
    cmd.arg("verify")
        .arg("--json")
        .arg("--timeout")
        .arg(a.timeout.to_string())
        .arg("--memory-limit")
        .arg(a.memory_limit.to_string());
    if let Some(e) = a.engine {
        cmd.arg("--engine")
            .arg(if e == crate::cli::EngineArg::Auto {
                "auto"
            } else {
                e.kind().name()
            });
    }
    cmd.args(&a.extra).arg(&task.path);
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let as_limit = (a.memory_limit.saturating_add(1024)).saturating_mul(1 << 20);
    // SAFETY: the closure runs in the forked child before exec and only calls setrlimit, which
    // is async-signal-safe.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: as_limit as libc::rlim_t,
                rlim_max: as_limit as libc::rlim_t,
            };
            libc::setrlimit(libc::RLIMIT_AS, &lim);
            Ok(())
        });
    }
    let start = Instant::now();
    let unknown = |reason: String| TaskResult {
        task: task.clone(),
        got: Got::Unknown(reason),
        time: start.elapsed(),
        peak_memory_kb: None,
        nodes: None,
        refinements: None,
        k: None,
        unknown_kind: Some("other".into()),
    };
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return unknown(format!("cannot start child: {e}")),
    };
    let pid = child.id() as libc::pid_t;
    let mut out = child.stdout.take();
    let mut err = child.stderr.take();
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(o) = out.as_mut() {
            let _ = o.read_to_string(&mut s);
        }
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(e) = err.as_mut() {
            let _ = e.read_to_string(&mut s);
        }
        s
    });
    let hard = Duration::from_secs_f64(a.timeout.max(0.0) + 5.0);
    let mut killed = false;
    let mut status: libc::c_int = 0;
    // SAFETY: plain-data struct initialised by wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: waits for our own child; the out-pointers are valid.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 {
            return unknown("wait4 failed".into());
        }
        if !killed && start.elapsed() >= hard {
            // SAFETY: signals our own, not yet reaped child.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
            killed = true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let time = start.elapsed();
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    let exit = if killed {
        ExitKind::Killed
    } else if libc::WIFEXITED(status) {
        ExitKind::Code(libc::WEXITSTATUS(status))
    } else if libc::WIFSIGNALED(status) {
        ExitKind::Signal(libc::WTERMSIG(status))
    } else {
        ExitKind::Code(-1)
    };
    if stderr.contains("internal error") {
        eprintln!("{}: {}", task.name, stderr.trim_end());
    }
    let (mut got, j) = interpret(&stdout, exit);
    if j.is_none() && ran_out_of_memory(&stderr) {
        // Backstop: the child died of an allocation failure before reporting (the child
        // normally answers UNKNOWN itself, see `crate::memory`).
        got = Got::Unknown("memory limit (the child ran out of memory)".into());
    }
    let unknown_kind = unknown_kind(&got, j.as_ref(), exit);
    let st = j.as_ref().map(|j| &j["statistics"]);
    let field = |k: &str| st.and_then(|s| s[k].as_u64());
    let rss = usage.ru_maxrss as u64;
    TaskResult {
        task: task.clone(),
        got,
        time,
        peak_memory_kb: if rss > 0 {
            Some(rss)
        } else {
            field("peak_memory_kb")
        },
        nodes: field("nodes"),
        refinements: field("refinements"),
        k: field("k"),
        unknown_kind,
    }
}

/// The kind of an UNKNOWN answer: the child's `unknown_kind` when its reason is the child's,
/// else from how the child ended.
fn unknown_kind(got: &Got, j: Option<&Value>, exit: ExitKind) -> Option<String> {
    let Got::Unknown(reason) = got else {
        return None;
    };
    if let Some(j) = j {
        if j["reason"].as_str() == Some(reason.as_str()) {
            if let Some(k) = j["unknown_kind"].as_str() {
                return Some(k.to_string());
            }
        }
    }
    let k = if reason.starts_with("memory limit") {
        "memory_limit"
    } else if reason.starts_with("inconsistent exit status") {
        "internal"
    } else {
        match exit {
            ExitKind::Killed => "timeout",
            ExitKind::Signal(_) => "crash",
            ExitKind::Code(2) => "input_error",
            ExitKind::Code(70) => "internal",
            ExitKind::Code(_) => "other",
        }
    };
    Some(k.to_string())
}

/// The child's stderr shows an allocation failure (Rust's or Yices' message).
fn ran_out_of_memory(stderr: &str) -> bool {
    stderr.contains("memory allocation of") || stderr.contains("Out of memory")
}

fn got_text(g: &Got) -> String {
    match g {
        Got::Successful => "SUCCESSFUL".into(),
        Got::Failed => "FAILED".into(),
        Got::Unknown(r) => format!("UNKNOWN ({r})"),
    }
}

fn expected_text(t: &Task) -> &'static str {
    if t.expected_safe {
        "true"
    } else {
        "false"
    }
}

fn opt(v: Option<u64>) -> String {
    v.map_or("-".into(), |v| v.to_string())
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The table (or CSV) and the summary lines.
pub fn render(results: &[TaskResult], csv: bool) -> String {
    let mut s = String::new();
    if csv {
        s.push_str(
            "task,category,expected,got,reason,unknown_kind,time_s,peak_memory_kb,nodes,refinements,k,status,score\n",
        );
        for r in results {
            let (got, reason) = match &r.got {
                Got::Successful => ("SUCCESSFUL", ""),
                Got::Failed => ("FAILED", ""),
                Got::Unknown(x) => ("UNKNOWN", x.as_str()),
            };
            s.push_str(&format!(
                "{},{},{},{},{},{},{:.3},{},{},{},{},{:?},{}\n",
                csv_field(&r.task.name),
                csv_field(&r.task.category),
                expected_text(&r.task),
                got,
                csv_field(reason),
                r.unknown_kind.as_deref().unwrap_or(""),
                r.time.as_secs_f64(),
                opt(r.peak_memory_kb),
                opt(r.nodes),
                opt(r.refinements),
                opt(r.k),
                r.status(),
                r.score()
            ));
        }
        return s;
    }
    let tw = results
        .iter()
        .map(|r| r.task.name.len())
        .max()
        .unwrap_or(4)
        .max(4);
    let gw = results
        .iter()
        .map(|r| got_text(&r.got).len())
        .max()
        .unwrap_or(3)
        .max(3);
    s.push_str(&format!(
        "{:tw$}  {:8}  {:gw$}  {:>8}  {:>10}  {:>8}  {:>5}  {:>4}\n",
        "task", "expected", "got", "time(s)", "mem(KiB)", "nodes", "refs", "k"
    ));
    for r in results {
        let mark = match r.status() {
            Status::Wrong => "  WRONG",
            _ => "",
        };
        s.push_str(&format!(
            "{:tw$}  {:8}  {:gw$}  {:>8.2}  {:>10}  {:>8}  {:>5}  {:>4}{mark}\n",
            r.task.name,
            expected_text(&r.task),
            got_text(&r.got),
            r.time.as_secs_f64(),
            opt(r.peak_memory_kb),
            opt(r.nodes),
            opt(r.refinements),
            opt(r.k),
        ));
    }
    s.push_str(&summary(results));
    s
}

/// `correct: ... wrong: ... unknown: ... score: ...`
pub fn summary(results: &[TaskResult]) -> String {
    let count = |st: Status, safe: bool| {
        results
            .iter()
            .filter(|r| r.status() == st && r.task.expected_safe == safe)
            .count()
    };
    let score: i64 = results.iter().map(TaskResult::score).sum();
    let max: i64 = results
        .iter()
        .map(|r| if r.task.expected_safe { 2 } else { 1 })
        .sum();
    // UNKNOWN answers per kind, most frequent first.
    let mut kinds: std::collections::BTreeMap<&str, usize> = Default::default();
    for r in results {
        if let Some(k) = &r.unknown_kind {
            *kinds.entry(k.as_str()).or_default() += 1;
        }
    }
    let mut kinds: Vec<(&str, usize)> = kinds.into_iter().collect();
    kinds.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let kinds = if kinds.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
        format!("unknown kinds: {}\n", list.join(", "))
    };
    format!(
        "correct: {} ({} true, {} false)  wrong: {} ({} true, {} false)  unknown: {}\nscore: {score} (of {max})\n{kinds}",
        count(Status::Correct, true) + count(Status::Correct, false),
        count(Status::Correct, true),
        count(Status::Correct, false),
        count(Status::Wrong, true) + count(Status::Wrong, false),
        // A wrong TRUE is an answer SUCCESSFUL for an unsafe task.
        count(Status::Wrong, false),
        count(Status::Wrong, true),
        count(Status::Unknown, true) + count(Status::Unknown, false),
    )
}

/// `schedmc bench`.
pub fn run(a: &BenchArgs) -> i32 {
    let tasks = match read_manifest(&a.manifest) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("schedmc: error: {e}");
            return 2;
        }
    };
    let tasks: Vec<Task> = tasks
        .into_iter()
        .filter(|t| {
            a.filter
                .as_ref()
                .is_none_or(|f| t.name.contains(f.as_str()))
        })
        .collect();
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("schedmc: error: cannot find the schedmc binary: {e}");
            return 2;
        }
    };
    let results: Mutex<Vec<Option<TaskResult>>> = Mutex::new(vec![None; tasks.len()]);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let jobs = a.jobs.clamp(1, 64);
    std::thread::scope(|s| {
        for _ in 0..jobs.min(tasks.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(t) = tasks.get(i) else { break };
                let r = run_task(&exe, t, a);
                let n = done.fetch_add(1, Ordering::SeqCst) + 1;
                eprintln!(
                    "[{n}/{}] {}: {} in {:.2} s",
                    tasks.len(),
                    t.name,
                    got_text(&r.got),
                    r.time.as_secs_f64()
                );
                if let Ok(mut v) = results.lock() {
                    v[i] = Some(r);
                }
            });
        }
    });
    let results: Vec<TaskResult> = results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect();
    print!("{}", render(&results, a.csv));
    if results.iter().any(|r| r.status() == Status::Wrong) {
        1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(safe: bool) -> Task {
        Task {
            name: "a/b.c".into(),
            path: "x/a/b.c".into(),
            category: "c".into(),
            expected_safe: safe,
        }
    }

    fn res(got: Got, safe: bool) -> TaskResult {
        TaskResult {
            task: task(safe),
            time: Duration::from_millis(1500),
            peak_memory_kb: Some(100),
            nodes: Some(3),
            refinements: None,
            k: None,
            unknown_kind: matches!(got, Got::Unknown(_)).then(|| "timeout".to_string()),
            got,
        }
    }

    #[test]
    fn scores_follow_svcomp() {
        assert_eq!(res(Got::Successful, true).score(), 2);
        assert_eq!(res(Got::Failed, false).score(), 1);
        assert_eq!(res(Got::Successful, false).score(), -32);
        assert_eq!(res(Got::Failed, true).score(), -16);
        assert_eq!(res(Got::Unknown("t".into()), true).score(), 0);
        let all = vec![
            res(Got::Successful, true),
            res(Got::Failed, true),
            res(Got::Unknown("timeout".into()), false),
        ];
        let s = summary(&all);
        assert!(s.contains("correct: 1 (1 true, 0 false)"), "{s}");
        assert!(s.contains("wrong: 1 (0 true, 1 false)"), "{s}");
        assert!(s.contains("unknown: 1"), "{s}");
        assert!(s.contains("score: -14 (of 5)"), "{s}");
        let t = render(&all, false);
        assert!(t.contains("WRONG"));
        let c = render(&all, true);
        assert_eq!(c.lines().count(), 4);
        assert!(c.lines().nth(3).unwrap().contains("UNKNOWN,timeout"));
    }

    #[test]
    fn manifest_is_read_relative_to_its_directory() {
        let dir = std::env::temp_dir().join(format!("schedmc-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let m = dir.join("M.tsv");
        std::fs::write(
            &m,
            "path\tcategory\texpected_unreach_call\tbytes\nsub/a.c\tcat\ttrue\t10\n\nb.c\tcat\tfalse\t3\n",
        )
        .unwrap();
        let t = read_manifest(&m).unwrap();
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].path, dir.join("sub/a.c"));
        assert!(t[0].expected_safe && !t[1].expected_safe);
        std::fs::write(&m, "a.c\tcat\tmaybe\n").unwrap();
        assert!(read_manifest(&m).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn child_output_is_interpreted_with_exit_status() {
        let ok = r#"{"verdict":"SUCCESSFUL","reason":null,"statistics":{"nodes":4}}"#;
        assert_eq!(interpret(ok, ExitKind::Code(0)).0, Got::Successful);
        assert!(matches!(
            interpret(ok, ExitKind::Code(10)).0,
            Got::Unknown(_)
        ));
        let f = r#"{"verdict":"FAILED"}"#;
        assert_eq!(interpret(f, ExitKind::Code(10)).0, Got::Failed);
        assert_eq!(
            interpret("", ExitKind::Killed).0,
            Got::Unknown("timeout (killed)".into())
        );
        assert_eq!(
            interpret("garbage", ExitKind::Signal(6)).0,
            Got::Unknown("crashed (signal 6)".into())
        );
    }
}
