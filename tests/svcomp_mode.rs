//! `schedmc verify` in SV-COMP mode (`--svcomp`, task `.yml` input, `--property`,
//! `--data-model`), `--witness`, `--dot`, and the `targets` / `schedulers` listings, run through
//! the binary. Tests needing the dev set (`../shared/benchmarks/svcomp` from the crate root, or
//! one level further up for worktrees) are skipped with a printed reason when it is absent.

mod common;
use common::*;
use schedmc::report::witness::{self, WitnessKind};
use std::path::PathBuf;

const RESULTS: [&str; 3] = ["TRUE", "FALSE(unreach-call)", "UNKNOWN"];

fn svcomp_dir() -> Option<PathBuf> {
    for rel in [
        "../shared/benchmarks/svcomp",
        "../../shared/benchmarks/svcomp",
    ] {
        let d = root().join(rel);
        if d.is_dir() {
            return Some(d);
        }
    }
    eprintln!(
        "skipping: no SV-COMP dev set at {}",
        root().join("../shared/benchmarks/svcomp").display()
    );
    None
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("schedmc-svcomp-mode-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn task(dir: &std::path::Path, t: &str, extra: &[&str]) -> Run {
    let mut args = vec![
        "verify".to_string(),
        dir.join(t).display().to_string(),
        "--timeout".into(),
        "60".into(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    run(args)
}

#[test]
fn task_files_give_the_expected_result_lines() {
    let Some(dir) = svcomp_dir() else { return };
    for (t, want, code) in [
        ("systemc/pc_sfifo_1.cil-1.yml", "FALSE(unreach-call)", 10),
        ("systemc/bist_cell.cil.yml", "TRUE", 0),
        // threads: FALSE once the ESST engine finds the bug, UNKNOWN before (never TRUE)
        ("pthread/lazy01.yml", "FALSE(unreach-call)|UNKNOWN", 10),
    ] {
        let r = task(&dir, t, &[]);
        assert!(r.clean(), "{t}: {}", r.stderr);
        let last = r.last_line();
        assert!(want.split('|').any(|w| w == last), "{t}: {}", r.stdout);
        if last == "UNKNOWN" {
            assert_eq!(r.code, 3, "{t}");
        } else {
            assert_eq!(r.code, code, "{t}");
        }
        // the usual output comes first
        assert!(r.stdout.contains("VERIFICATION "), "{t}: {}", r.stdout);
    }
}

#[test]
fn svcomp_flag_with_property_and_data_model() {
    let Some(dir) = svcomp_dir() else { return };
    let prp = dir.join("properties/unreach-call.prp");
    let c = dir.join("systemc/pc_sfifo_1.cil-1.c");
    for dm in ["ILP32", "LP64"] {
        let r = run([
            "verify",
            "--svcomp",
            "--property",
            prp.to_str().unwrap(),
            "--data-model",
            dm,
            c.to_str().unwrap(),
        ]);
        assert!(r.clean(), "{}", r.stderr);
        assert_eq!(r.last_line(), "FALSE(unreach-call)", "{dm}: {}", r.stdout);
        assert_eq!(r.code, 10);
    }
    // without --svcomp there is no result line
    let r = run(["verify", c.to_str().unwrap()]);
    assert!(
        r.last_line().starts_with("VERIFICATION FAILED"),
        "{}",
        r.stdout
    );
}

#[test]
fn unsupported_property_and_bad_data_model_are_input_errors() {
    let Some(dir) = svcomp_dir() else { return };
    let c = dir.join("systemc/pc_sfifo_1.cil-1.c");
    let prp = tmp("valid-memsafety.prp");
    std::fs::write(&prp, "CHECK( init(main()), LTL(G valid-free) )\n").unwrap();
    let r = run([
        "verify",
        "--svcomp",
        "--property",
        prp.to_str().unwrap(),
        c.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 2, "{} {}", r.stdout, r.stderr);
    assert!(r.stderr.contains("unsupported"), "{}", r.stderr);
    assert!(r.clean());
    let r = run(["verify", "--data-model", "ILP16", c.to_str().unwrap()]);
    assert_eq!(r.code, 2, "{}", r.stderr);
}

#[test]
fn missing_task_file_is_an_input_error() {
    let r = run(["verify", "no/such/task.yml"]);
    assert_eq!(r.code, 2, "{} {}", r.stdout, r.stderr);
    assert!(r.clean());
}

#[test]
fn every_dev_set_task_ends_with_one_result_line() {
    let Some(dir) = svcomp_dir() else { return };
    let tasks = files_with_ext(&dir, "yml");
    assert!(!tasks.is_empty());
    for t in &tasks {
        let r = run(["verify", t.to_str().unwrap(), "--timeout", "2"]);
        assert!(r.clean(), "{}: {}", t.display(), r.stderr);
        if r.code == 2 {
            // an input error (e.g. unsupported construct in the front end): a diagnostic and
            // the UNKNOWN result line
            assert!(!r.stderr.is_empty(), "{}", t.display());
            assert_eq!(r.stdout, "UNKNOWN\n", "{}", t.display());
            continue;
        }
        let last = r.last_line();
        assert!(
            RESULTS.contains(&last),
            "{}: last line `{last}`",
            t.display()
        );
        let count = r.stdout.lines().filter(|l| RESULTS.contains(l)).count();
        assert_eq!(count, 1, "{}: {}", t.display(), r.stdout);
    }
}

#[test]
fn every_dev_set_program_with_svcomp_flag_ends_with_one_result_line() {
    // the command line BenchExec builds (contrib/benchexec/schedmc.py), on every manifest task
    let Some(tasks) = svcomp_tasks() else { return };
    let Some(dir) = svcomp_dir() else { return };
    let prp = dir.join("properties/unreach-call.prp");
    assert!(!tasks.is_empty());
    for (c, _, _) in &tasks {
        let r = run([
            "verify",
            "--svcomp",
            "--property",
            prp.to_str().unwrap(),
            "--data-model",
            "ILP32",
            "--timeout",
            "1",
            c.to_str().unwrap(),
        ]);
        assert!(r.clean(), "{}: {}", c.display(), r.stderr);
        let last = r.last_line();
        assert!(
            RESULTS.contains(&last),
            "{}: last line `{last}`",
            c.display()
        );
        let count = r.stdout.lines().filter(|l| RESULTS.contains(l)).count();
        assert_eq!(count, 1, "{}: {}", c.display(), r.stdout);
    }
}

#[test]
fn witnesses_validate() {
    let Some(dir) = svcomp_dir() else { return };
    for (t, kind) in [
        ("systemc/pc_sfifo_1.cil-1.yml", WitnessKind::Violation),
        ("systemc/bist_cell.cil.yml", WitnessKind::Correctness),
    ] {
        let w = tmp(&format!("{}.witness.yml", kind_name(kind)));
        let _ = std::fs::remove_file(&w);
        let r = task(&dir, t, &["--witness", w.to_str().unwrap()]);
        assert!(r.clean(), "{t}: {}", r.stderr);
        let text = std::fs::read_to_string(&w).unwrap_or_else(|e| panic!("{t}: no witness: {e}"));
        assert_eq!(witness::validate(&text), Ok(kind), "{t}:\n{text}");
        assert!(text.contains("data_model: \"ILP32\""), "{text}");
    }
}

fn kind_name(k: WitnessKind) -> &'static str {
    match k {
        WitnessKind::Violation => "violation",
        WitnessKind::Correctness => "correctness",
    }
}

#[test]
fn no_witness_for_unknown() {
    let Some(dir) = svcomp_dir() else { return };
    let w = tmp("unknown.witness.yml");
    let _ = std::fs::remove_file(&w);
    // a proof under --int-math is SUCCESSFUL with a note, which SV-COMP mode reports UNKNOWN
    let r = task(
        &dir,
        "systemc/bist_cell.cil.yml",
        &["--int-math", "--witness", w.to_str().unwrap()],
    );
    assert_eq!(r.last_line(), "UNKNOWN", "{}", r.stdout);
    assert!(r.stdout.contains("VERIFICATION SUCCESSFUL"), "{}", r.stdout);
    assert!(!w.exists());
}

#[test]
fn dot_chart_for_failed() {
    let Some(dir) = svcomp_dir() else { return };
    let d = tmp("cex.dot");
    let _ = std::fs::remove_file(&d);
    let r = task(
        &dir,
        "systemc/pc_sfifo_1.cil-1.yml",
        &["--dot", d.to_str().unwrap()],
    );
    assert_eq!(r.code, 10);
    let text = std::fs::read_to_string(&d).expect("dot file written");
    assert!(text.trim_start().starts_with("digraph"), "{text}");
    assert!(text.trim_end().ends_with('}'));
}

#[test]
fn dot_chart_for_a_failed_example() {
    // no dev set needed: any FAILED example
    let Some(ex) = examples()
        .into_iter()
        .find(|e| e.expect == "VERIFICATION FAILED" && e.args.is_empty())
    else {
        eprintln!("skipping: no FAILED example without extra args");
        return;
    };
    let d = tmp("example.dot");
    let _ = std::fs::remove_file(&d);
    let r = run([
        "verify",
        ex.path.to_str().unwrap(),
        "--dot",
        d.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 10, "{}", r.stdout);
    let text = std::fs::read_to_string(&d).expect("dot file written");
    assert!(text.contains("digraph"));
}

#[test]
fn targets_and_schedulers_are_listed() {
    let r = run(["targets"]);
    assert_eq!(r.code, 0);
    let names: Vec<&str> = r
        .stdout
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for n in ["ilp32", "lp64"] {
        assert!(names.contains(&n), "{}", r.stdout);
    }
    assert!(r.stdout.lines().all(|l| l.split_whitespace().count() > 1));
    let r = run(["schedulers"]);
    assert_eq!(r.code, 0);
    let names: Vec<&str> = r
        .stdout
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        names,
        vec!["systemc", "freertos", "pthread"],
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("does not parse"), "{}", r.stdout);
}

#[test]
fn quiet_progress_is_off_when_not_a_terminal() {
    // stderr is a pipe here: no progress line even without --quiet
    let Some(ex) = examples().into_iter().next() else {
        return;
    };
    let mut args = vec!["verify".to_string(), ex.path.display().to_string()];
    args.extend(ex.args.clone());
    let r = run(&args);
    assert!(!r.stderr.contains("verifying"), "{}", r.stderr);
    args.push("--quiet".into());
    let r = run(&args);
    assert!(!r.stderr.contains("warning"), "{}", r.stderr);
}

/// Runs the binary under a pseudo-terminal (util-linux `script`), so that stderr is a terminal;
/// returns everything the terminal received, or None (with a printed reason) without `script`.
fn on_terminal(args: &[&str]) -> Option<String> {
    let have = std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        println!("skipping: util-linux `script` is not installed (needed for a terminal)");
        return None;
    }
    // Some sandboxes have `script` but cannot give the child a terminal (no usable pty):
    // then there is no terminal to test on.
    let probe = tmp("terminal-probe.txt");
    let child_has_terminal = std::process::Command::new("script")
        .args(["-q", "-e", "-c", "test -t 2"])
        .arg(&probe)
        .stdin(std::process::Stdio::null())
        .output()
        .is_ok_and(|o| o.status.success());
    if !child_has_terminal {
        println!("skipping: `script` cannot give its child a terminal here");
        return None;
    }
    let log = tmp(&format!("terminal-{}.txt", args.len()));
    // A marker written to the terminal before the binary runs: a log without it means this
    // `script` lost the terminal's output (seen once on CI), not that schedmc printed nothing.
    let mut cmd = "test -t 2 && echo terminal-marker >&2; ".to_string();
    cmd.push_str(bin());
    for a in args {
        cmd.push_str(&format!(" '{a}'"));
    }
    // The shell lingers after the binary exits: `script` can stop reading the terminal when
    // its child exits, dropping output not yet copied (seen under load when the whole run
    // takes milliseconds).
    cmd.push_str(" >/dev/null; rc=$?; sleep 1; exit $rc");
    let out = std::process::Command::new("script")
        .args(["-q", "-e", "-c", &cmd])
        .arg(&log)
        .env("SCHEDMC_PROGRESS_DELAY_MS", "0")
        .current_dir(root())
        .output()
        .expect("run script");
    assert!(out.status.code().is_some());
    let text = String::from_utf8_lossy(&std::fs::read(&log).unwrap()).into_owned();
    if !text.contains("terminal-marker") {
        println!("skipping: `script` did not record the terminal's output here:\n{text}");
        return None;
    }
    Some(text)
}

#[test]
fn progress_line_on_a_terminal_unless_quiet() {
    let Some(t) = on_terminal(&["verify", "examples/seq/loop_counter_bug.c"]) else {
        return;
    };
    assert!(t.contains("verifying loop_counter_bug.c"), "{t}");
    assert!(
        t.contains("nodes ") && t.contains("refinements ") && t.contains("predicates "),
        "{t}"
    );
    let Some(t) = on_terminal(&["verify", "--quiet", "examples/seq/loop_counter_bug.c"]) else {
        return;
    };
    assert!(!t.contains("verifying"), "{t}");
    // (The BMC family publishes its bound too, but a short falsify run may end before the
    // first progress tick, so checking it here would depend on timing.)
}

#[test]
fn benchexec_accepts_the_tool_info_module() {
    // contrib/benchexec/check.sh runs `python3 -m benchexec.test_tool_info` on schedmc.py
    // (and benchexec on schedmc.xml with a stand-in tool); needs `pip install benchexec`.
    let have = std::process::Command::new("python3")
        .args(["-c", "import benchexec"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        println!("skipping: benchexec is not installed (pip install benchexec)");
        return;
    }
    let out = std::process::Command::new("bash")
        .arg(root().join("contrib/benchexec/check.sh"))
        .env("SCHEDMC", bin())
        .current_dir(root())
        .output()
        .expect("run check.sh");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "check.sh failed:\n{text}");
    assert!(text.contains("check.sh: all checks passed"), "{text}");
}

#[test]
fn threaded_violation_witness_and_json_trace() {
    // a threaded FALSE task: checked when the ESST engine finds the bug (UNKNOWN before)
    let Some(dir) = svcomp_dir() else { return };
    let w = tmp("threaded.witness.yml");
    let _ = std::fs::remove_file(&w);
    let r = task(
        &dir,
        "pthread/lazy01.yml",
        &["--witness", w.to_str().unwrap()],
    );
    assert!(r.clean(), "{}", r.stderr);
    if r.last_line() == "UNKNOWN" {
        println!("skipping: lazy01 is UNKNOWN (no ESST counterexample)");
        return;
    }
    assert_eq!(r.last_line(), "FALSE(unreach-call)", "{}", r.stdout);
    let text = std::fs::read_to_string(&w).expect("witness written");
    assert_eq!(
        witness::validate(&text),
        Ok(WitnessKind::Violation),
        "{text}"
    );
    assert!(text.contains("thread_id: 1"), "{text}");
    // the JSON trace has scheduler steps and thread steps of several threads
    let r = task(&dir, "pthread/lazy01.yml", &["--json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON object");
    assert_eq!(v["svcomp"]["result"], "FALSE(unreach-call)");
    let trace = v["trace"].as_array().unwrap();
    assert!(trace.iter().any(|s| s.get("scheduler").is_some()), "{v}");
    let threads: std::collections::BTreeSet<&str> =
        trace.iter().filter_map(|s| s["thread"].as_str()).collect();
    assert!(threads.len() >= 2, "{threads:?}");
}
