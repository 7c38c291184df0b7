//! Every `examples/**/*.c` with an `// expect:` header gives its expected verdict, exit code
//! and (for FAILED) a replayed trace that ends at the property violation. The threaded
//! examples (`examples/{systemc,freertos,pthread,freertos-kernel}`, ESST) have their own test, so that
//! `cargo test --release --test examples threaded` runs only them.

mod common;
use common::*;
use serde_json::Value;

/// Safe threaded examples the ESST engine cannot prove yet: they may answer UNKNOWN (timeout,
/// solver gave up, unsupported queue copies), never FAILED. A wrong verdict on them still fails
/// the test; a proof is reported so the entry can go. (Empty since `overwrite_safe.c` is
/// proved: its refinement interpolates `reading % 8` as linear quotient and remainder.)
const NOT_YET_PROVED: &[&str] = &[];

fn check(ex: &Example) -> Result<(), String> {
    let open = NOT_YET_PROVED
        .iter()
        .any(|o| ex.path.ends_with(format!("examples/{o}")));
    let r = verify_example(ex, &[]);
    let name = ex.path.display();
    if !r.clean() {
        return Err(format!("{name}: internal error or panic:\n{}", r.stderr));
    }
    let last = r.last_line();
    match ex.expect.as_str() {
        "SUCCESSFUL" if open => {
            if last.starts_with("VERIFICATION UNKNOWN") && r.code == 3 {
                eprintln!("note: {name} not proved yet: `{last}`");
            } else if last == "VERIFICATION SUCCESSFUL" && r.code == 0 {
                eprintln!("note: {name} is now proved; remove it from NOT_YET_PROVED");
            } else {
                return Err(format!(
                    "{name}: expected SUCCESSFUL (or UNKNOWN), got `{last}` (exit {})",
                    r.code
                ));
            }
        }
        "SUCCESSFUL" => {
            if last != "VERIFICATION SUCCESSFUL" || r.code != 0 {
                return Err(format!(
                    "{name}: expected SUCCESSFUL, got `{last}` (exit {})\n{}",
                    r.code, r.stderr
                ));
            }
            if ex.args.iter().any(|a| a == "--int-math") {
                let lines: Vec<&str> = r.stdout.lines().collect();
                let before = lines[lines.len().saturating_sub(2)];
                if !before.starts_with("note: ") || !before.contains("int-math") {
                    return Err(format!("{name}: no --int-math note before the verdict"));
                }
            }
        }
        "FAILED" => {
            if !last.starts_with("VERIFICATION FAILED") || r.code != 10 {
                return Err(format!(
                    "{name}: expected FAILED, got `{last}` (exit {})\n{}",
                    r.code, r.stderr
                ));
            }
            // The JSON trace ends at the violated property.
            let j = verify_example(ex, &["--json"]);
            let v: Value = serde_json::from_str(j.stdout.trim())
                .map_err(|e| format!("{name}: bad JSON ({e}): {}", j.stdout))?;
            if v["verdict"] != "FAILED" || j.code != 10 {
                return Err(format!("{name}: --json verdict {}", v["verdict"]));
            }
            let trace = v["trace"].as_array().cloned().unwrap_or_default();
            let lastep = trace
                .iter()
                .rev()
                .find(|s| s.get("statement").is_some())
                .ok_or(format!("{name}: empty trace"))?;
            if v["property"]["kind"] == "unwinding_assertion"
                && !last.starts_with("VERIFICATION FAILED: unwinding assertion loop ")
            {
                return Err(format!(
                    "{name}: unwinding assertion verdict line is `{last}`"
                ));
            }
            if v["property"]["kind"] == "reach_error" {
                if lastep["line"] != v["property"]["line"] {
                    return Err(format!(
                        "{name}: trace ends at line {} but the property is at line {}",
                        lastep["line"], v["property"]["line"]
                    ));
                }
                let st = lastep["statement"].as_str().unwrap_or("").to_lowercase();
                if !(st.contains("error") || st.contains("assert")) {
                    return Err(format!("{name}: last trace step is `{st}`, not the error"));
                }
            }
        }
        "UNKNOWN" => {
            if !last.starts_with("VERIFICATION UNKNOWN") || r.code != 3 {
                return Err(format!("{name}: expected UNKNOWN, got `{last}`"));
            }
        }
        other => return Err(format!("{name}: bad expect header `{other}`")),
    }
    Ok(())
}

/// The directories of the threaded examples.
const THREADED_DIRS: [&str; 4] = ["systemc", "freertos", "pthread", "freertos-kernel"];

fn is_threaded(ex: &Example) -> bool {
    THREADED_DIRS
        .iter()
        .any(|d| ex.path.parent().unwrap().ends_with(format!("examples/{d}")))
}

/// Checks the examples two at a time (the machine is small, the examples are short).
fn check_all(exs: &[Example]) {
    let mut failures = Vec::new();
    for pair in exs.chunks(2) {
        let results: Vec<Result<(), String>> = std::thread::scope(|s| {
            let hs: Vec<_> = pair.iter().map(|e| s.spawn(|| check(e))).collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        failures.extend(results.into_iter().filter_map(Result::err));
    }
    assert!(
        failures.is_empty(),
        "{} of {} examples failed:\n{}",
        failures.len(),
        exs.len(),
        failures.join("\n")
    );
}

#[test]
fn examples_give_their_expected_verdicts() {
    let exs: Vec<Example> = examples().into_iter().filter(|e| !is_threaded(e)).collect();
    assert!(
        exs.len() >= 8,
        "expected at least 8 examples, found {}",
        exs.len()
    );
    check_all(&exs);
}

#[test]
fn threaded_examples_give_their_expected_verdicts() {
    let exs: Vec<Example> = examples().into_iter().filter(is_threaded).collect();
    assert!(
        exs.len() >= 20,
        "expected at least 20 threaded examples, found {}",
        exs.len()
    );
    check_all(&exs);
}

/// The threaded examples the ESST issue asks for, each in a safe and a buggy variant (the
/// token ring's committed instances come from scripts/gen_token_ring_threaded.py).
#[test]
fn threaded_examples_exist_in_both_variants() {
    let exs = examples();
    let has = |rel: &str, expect: &str| {
        exs.iter()
            .any(|e| e.path.ends_with(format!("examples/{rel}")) && e.expect == expect)
    };
    for base in [
        "systemc/token_ring_02",
        "systemc/transmitter",
        "systemc/pipeline",
        "systemc/producer_consumer",
        "freertos/priority_inversion",
        "freertos/queue_producer_consumer",
        "freertos/isr_shared_counter",
        "pthread/atomic_section",
        "pthread/join",
    ] {
        assert!(
            has(&format!("{base}_safe.c"), "SUCCESSFUL"),
            "{base}_safe.c"
        );
        assert!(has(&format!("{base}_bug.c"), "FAILED"), "{base}_bug.c");
    }
    assert!(has("systemc/token_ring_03_safe.c", "SUCCESSFUL"));
    assert!(has("pthread/racy_counter_bug.c", "FAILED"));
    assert!(has("pthread/locked_counter_safe.c", "SUCCESSFUL"));
    // The committed token rings are exactly what the generator writes.
    for (n, variant, unsafe_) in [(2, "safe", false), (3, "safe", false), (2, "bug", true)] {
        let out =
            std::env::temp_dir().join(format!("schedmc-trt-{}-{n}-{variant}", std::process::id()));
        let mut cmd = std::process::Command::new("python3");
        cmd.arg(root().join("scripts/gen_token_ring_threaded.py"))
            .arg("-o")
            .arg(&out)
            .arg("--name")
            .arg("t.c");
        if unsafe_ {
            cmd.arg("--unsafe");
        }
        let Ok(st) = cmd.arg(n.to_string()).output() else {
            eprintln!("skipping the generator check: no python3");
            return;
        };
        assert!(
            st.status.success(),
            "{}",
            String::from_utf8_lossy(&st.stderr)
        );
        let generated = std::fs::read_to_string(out.join("t.c")).unwrap();
        let committed = std::fs::read_to_string(
            root().join(format!("examples/systemc/token_ring_{n:02}_{variant}.c")),
        )
        .unwrap();
        assert_eq!(
            generated, committed,
            "token_ring_{n:02}_{variant}.c is stale"
        );
        let _ = std::fs::remove_dir_all(&out);
    }
}

#[test]
fn examples_have_well_formed_headers() {
    for ex in examples() {
        assert!(
            ["SUCCESSFUL", "FAILED", "UNKNOWN"].contains(&ex.expect.as_str()),
            "{}: bad expect `{}`",
            ex.path.display(),
            ex.expect
        );
    }
    let seq = files_with_ext(&root().join("examples/seq"), "c");
    let safe = seq
        .iter()
        .filter(|p| {
            std::fs::read_to_string(p)
                .unwrap()
                .starts_with("// expect: SUCCESSFUL")
        })
        .count();
    assert!(seq.len() >= 8 && safe >= 3 && seq.len() - safe >= 3);
}

/// Threads created in a loop without exit: the thread-modular proof does not apply (the
/// safety rests on lock ownership), the bounded search over the number of created threads
/// finds no error, so the verdict is UNKNOWN and says why (never SUCCESSFUL).
#[test]
fn unbounded_thread_creation_is_an_honest_unknown() {
    let f = root().join("tests/data/threads/unbounded_creation_unknown.c");
    let r = run([
        "verify",
        "--engine",
        "esst",
        "--timeout",
        "10",
        f.to_str().unwrap(),
    ]);
    assert!(r.clean(), "{}", r.stderr);
    assert_eq!(r.code, 3, "{}", r.stdout);
    assert!(
        r.last_line()
            .starts_with("VERIFICATION UNKNOWN: unbounded number of threads"),
        "{}",
        r.last_line()
    );
}
