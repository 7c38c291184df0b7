//! Every `examples/**/*.c` with an `// expect:` header gives its expected verdict, exit code
//! and (for FAILED) a replayed trace that ends at the property violation.

mod common;
use common::*;
use serde_json::Value;

fn check(ex: &Example) -> Result<(), String> {
    let file = ex.path.to_str().unwrap();
    let mut args: Vec<String> = vec!["verify".into()];
    if !ex.args.iter().any(|a| a == "--timeout") {
        args.extend(["--timeout".into(), "60".into()]);
    }
    args.extend(ex.args.iter().cloned());
    args.push(file.into());
    let r = run(&args);
    let name = ex.path.display();
    if !r.clean() {
        return Err(format!("{name}: internal error or panic:\n{}", r.stderr));
    }
    let last = r.last_line();
    match ex.expect.as_str() {
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
            let mut jargs = args.clone();
            jargs.insert(1, "--json".into());
            let j = run(&jargs);
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

#[test]
fn examples_give_their_expected_verdicts() {
    let exs = examples();
    assert!(
        exs.len() >= 8,
        "expected at least 8 examples, found {}",
        exs.len()
    );
    // Two at a time (the machine is small, the examples are short).
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
