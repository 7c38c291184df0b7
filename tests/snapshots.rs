//! Insta snapshots (stored in `snapshots/`) of `schedmc parse --dump ir` for three examples, of
//! the text output of every FAILED example in `examples/seq`, and of the trace of every FAILED
//! threaded example in `examples/{systemc,freertos,pthread}` (statistics values filtered out). Create or update with `INSTA_UPDATE=always cargo test --release --test snapshots`.

mod common;
use common::*;

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s
}

/// Replaces the values in the statistics block (times and memory vary from run to run, the
/// counters with every engine change); the keys stay, so the block's shape is still checked,
/// except ESST's `itp retries`, which appears only when the run depended on timing.
fn filter_stats(out: &str) -> String {
    let mut in_stats = false;
    out.lines()
        // present only when an interpolation query hit its time cap (machine load)
        .filter(|l| !l.starts_with("  itp retries"))
        // the run's time split: times only
        .filter(|l| !l.starts_with("  time split"))
        .filter(|l| !l.starts_with("  esst split"))
        .map(|l| {
            if l.starts_with("statistics") {
                in_stats = true;
                return l.to_string();
            }
            if in_stats && l.starts_with("  ") {
                let key: String = l
                    .chars()
                    .take_while(|c| !c.is_ascii_digit() && *c != '-')
                    .collect();
                return format!("{key}[filtered]");
            }
            in_stats = false;
            l.to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[test]
fn ir_dumps() {
    for name in [
        "loop_counter_safe",
        "switch_fallthrough_bug",
        "struct_fields_safe",
    ] {
        let path = format!("examples/seq/{name}.c");
        let r = run(["parse", "--dump", "ir", &path]);
        assert_eq!(r.code, 0, "{path}: {}", r.stderr);
        settings().bind(|| insta::assert_snapshot!(format!("ir__{name}"), r.stdout));
    }
}

/// Runs a FAILED example and snapshots its trace (statistics filtered) as `snap`.
fn snapshot_failed(ex: &Example, snap: &str) {
    let mut args = vec!["verify".to_string(), "--timeout".into(), "60".into()];
    args.extend(ex.args.iter().cloned());
    args.push(ex.path.to_str().unwrap().into());
    let r = run(&args);
    assert!(
        r.last_line().starts_with("VERIFICATION FAILED") && r.code == 10,
        "{}: {}\n{}",
        ex.path.display(),
        r.stdout,
        r.stderr
    );
    let out = filter_stats(&r.stdout);
    settings().bind(|| insta::assert_snapshot!(snap.to_string(), out));
}

#[test]
fn failed_traces() {
    let exs: Vec<Example> = examples()
        .into_iter()
        .filter(|e| e.expect == "FAILED" && e.path.parent().unwrap().ends_with("examples/seq"))
        .collect();
    assert!(exs.len() >= 4);
    for ex in exs {
        let name = ex.path.file_stem().unwrap().to_string_lossy().into_owned();
        snapshot_failed(&ex, &format!("trace__{name}"));
    }
}

/// FAILED traces of SystemC C++ models read directly (`examples/systemc-cpp`), snapshotted as
/// `trace__systemc-cpp__<stem>`: a model in several files, one built with sc_vector and one
/// with a user channel (sc_interface, sc_channel, sc_port<I>).
const CPP_SNAPSHOTS: [&str; 3] = ["pipe_bug", "vector_chain_bug", "user_channel_bug"];

#[test]
fn systemc_cpp_failed_traces() {
    for name in CPP_SNAPSHOTS {
        let path = root().join(format!("examples/systemc-cpp/{name}.cpp"));
        let text = std::fs::read_to_string(&path).unwrap();
        let args = text
            .lines()
            .nth(1)
            .and_then(|l| l.strip_prefix("// args:"))
            .map(|a| a.split_whitespace().map(String::from).collect())
            .unwrap_or_default();
        let ex = Example {
            path,
            expect: "FAILED".into(),
            args,
        };
        snapshot_failed(&ex, &format!("trace__systemc-cpp__{name}"));
    }
}

/// The directories of the threaded examples (ESST), snapshotted as `trace__<dir>__<stem>`.
const THREADED_DIRS: [&str; 4] = ["systemc", "freertos", "pthread", "freertos-kernel"];

#[test]
fn threaded_failed_traces() {
    let exs: Vec<Example> = examples()
        .into_iter()
        .filter(|e| {
            e.expect == "FAILED"
                && THREADED_DIRS
                    .iter()
                    .any(|d| e.path.parent().unwrap().ends_with(format!("examples/{d}")))
        })
        .collect();
    // At least one FAILED example per directory.
    for d in THREADED_DIRS {
        assert!(
            exs.iter()
                .any(|e| e.path.parent().unwrap().ends_with(format!("examples/{d}"))),
            "no FAILED example in examples/{d}"
        );
    }
    let mut failures = Vec::new();
    for ex in exs {
        let mut args = vec!["verify".to_string(), "--timeout".into(), "60".into()];
        // ESST's traces: the default `auto` strategy races partial-order BMC against ESST on
        // pthread programs, and either may report the bug
        if !ex.args.iter().any(|a| a.starts_with("--engine")) {
            args.extend(["--engine".into(), "esst".into()]);
        }
        args.extend(ex.args.iter().cloned());
        args.push(ex.path.to_str().unwrap().into());
        let r = run(&args);
        if !(r.last_line().starts_with("VERIFICATION FAILED") && r.code == 10) {
            failures.push(format!(
                "{}: {}\n{}",
                ex.path.display(),
                r.last_line(),
                r.stderr
            ));
            continue;
        }
        let dir = ex
            .path
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy();
        let name = ex.path.file_stem().unwrap().to_string_lossy();
        let out = filter_stats(&r.stdout);
        settings().bind(|| insta::assert_snapshot!(format!("trace__{dir}__{name}"), out));
    }
    assert!(failures.is_empty(), "not FAILED:\n{}", failures.join("\n"));
}

#[test]
fn stats_filter_keeps_keys() {
    let s = "   1  main  t.c:3  x := 1\nstatistics:\n  ART nodes     3\n  solver time   0.123 s\n  peak memory   100 KiB\n  k             -\nVERIFICATION FAILED\n";
    assert_eq!(
        filter_stats(s),
        "   1  main  t.c:3  x := 1\nstatistics:\n  ART nodes     [filtered]\n  solver time   [filtered]\n  peak memory   [filtered]\n  k             [filtered]\nVERIFICATION FAILED\n"
    );
}

/// The FAILED examples of `examples/loops` (BMC family), snapshotted as `trace__loops__<stem>`.
#[test]
fn loops_failed_traces() {
    let exs: Vec<Example> = examples()
        .into_iter()
        .filter(|e| e.expect == "FAILED" && e.path.parent().unwrap().ends_with("examples/loops"))
        .collect();
    assert!(!exs.is_empty());
    for ex in exs {
        let name = ex.path.file_stem().unwrap().to_string_lossy().into_owned();
        snapshot_failed(&ex, &format!("trace__loops__{name}"));
    }
}

/// Every FAILED example under `examples/` has a trace snapshot: `trace__<stem>` for
/// `examples/seq`, `trace__<dir>__<stem>` for the other directories.
#[test]
fn every_failed_example_has_a_trace_snapshot() {
    let mut missing = Vec::new();
    for ex in examples().into_iter().filter(|e| e.expect == "FAILED") {
        let dir = ex
            .path
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy();
        let stem = ex.path.file_stem().unwrap().to_string_lossy();
        let snap = if dir == "seq" {
            format!("trace__{stem}.snap")
        } else {
            format!("trace__{dir}__{stem}.snap")
        };
        if !root().join("snapshots").join(&snap).exists() {
            missing.push(format!("{} (snapshots/{snap})", ex.path.display()));
        }
    }
    assert!(
        missing.is_empty(),
        "FAILED examples without a trace snapshot:\n{}",
        missing.join("\n")
    );
}

/// The FAILED examples of every other directory (`examples/multifile`, ...), snapshotted as
/// `trace__<dir>__<stem>`.
#[test]
fn other_failed_traces() {
    let known = [
        "seq",
        "loops",
        "systemc",
        "freertos",
        "pthread",
        "freertos-kernel",
    ];
    for ex in examples().into_iter().filter(|e| e.expect == "FAILED") {
        let dir = ex
            .path
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if known.contains(&dir.as_str()) {
            continue;
        }
        let name = ex.path.file_stem().unwrap().to_string_lossy().into_owned();
        snapshot_failed(&ex, &format!("trace__{dir}__{name}"));
    }
}
