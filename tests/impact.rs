//! `--abstraction impact` (ESST with lazy abstraction with interpolants) on every threaded
//! example (`examples/{systemc,freertos,pthread}`): the verdict must never be the opposite of
//! the expected one, a FAILED verdict must come with a replayed trace, and no run may show an
//! internal error. UNKNOWN (timeout, solver gave up, unsupported construct) is allowed and
//! counted; `cargo test --release --test impact` prints the tally and the slowest examples.
//!
//! Each run gets 30 s (not the examples' usual 60 s): a timeout is an allowed UNKNOWN here, and
//! the examples that Impact cannot finish would otherwise cost a minute each in CI.

mod common;
use common::*;

const DIRS: [&str; 3] = ["systemc", "freertos", "pthread"];

#[derive(Debug, PartialEq)]
enum Outcome {
    Correct,
    Unknown(String),
}

fn check(ex: &Example) -> Result<Outcome, String> {
    let r = verify_example(ex, &["--abstraction", "impact", "--timeout", "30"]);
    let name = ex.path.display();
    if !r.clean() {
        return Err(format!("{name}: internal error or panic:\n{}", r.stderr));
    }
    let last = r.last_line().to_string();
    let (ok, opposite) = match ex.expect.as_str() {
        "SUCCESSFUL" => (
            last == "VERIFICATION SUCCESSFUL" && r.code == 0,
            last.starts_with("VERIFICATION FAILED"),
        ),
        "FAILED" => (
            last.starts_with("VERIFICATION FAILED") && r.code == 10,
            last.starts_with("VERIFICATION SUCCESSFUL"),
        ),
        other => return Err(format!("{name}: unexpected expect header `{other}`")),
    };
    if opposite {
        return Err(format!(
            "{name}: expected {}, got `{last}` (exit {})",
            ex.expect, r.code
        ));
    }
    if ok {
        if ex.expect == "FAILED" && !r.stdout.contains("\nstep ") {
            return Err(format!("{name}: FAILED without a trace:\n{}", r.stdout));
        }
        return Ok(Outcome::Correct);
    }
    if last.starts_with("VERIFICATION UNKNOWN") && r.code == 3 {
        return Ok(Outcome::Unknown(last));
    }
    Err(format!(
        "{name}: unexpected output `{last}` (exit {})",
        r.code
    ))
}

#[test]
fn impact_never_contradicts_the_expected_verdicts() {
    let exs: Vec<Example> = examples()
        .into_iter()
        .filter(|e| {
            DIRS.iter()
                .any(|d| e.path.parent().unwrap().ends_with(format!("examples/{d}")))
        })
        .collect();
    assert!(
        exs.len() >= 20,
        "found only {} threaded examples",
        exs.len()
    );
    let mut failures = Vec::new();
    let mut correct = 0;
    let mut unknown = Vec::new();
    let times = std::sync::Mutex::new(Vec::new());
    for pair in exs.chunks(2) {
        let results: Vec<Result<Outcome, String>> = std::thread::scope(|s| {
            let hs: Vec<_> = pair
                .iter()
                .map(|e| {
                    s.spawn(|| {
                        let t = std::time::Instant::now();
                        let r = check(e);
                        times
                            .lock()
                            .unwrap()
                            .push((t.elapsed().as_secs_f64(), e.path.clone()));
                        r
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for (e, r) in pair.iter().zip(results) {
            match r {
                Ok(Outcome::Correct) => correct += 1,
                Ok(Outcome::Unknown(why)) => unknown.push(format!("{}: {why}", e.path.display())),
                Err(m) => failures.push(m),
            }
        }
    }
    eprintln!(
        "impact: {correct} correct, {} UNKNOWN of {} examples",
        unknown.len(),
        exs.len()
    );
    for u in &unknown {
        eprintln!("  unknown: {u}");
    }
    let mut times = times.into_inner().unwrap();
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (secs, path) in times.iter().take(12) {
        eprintln!("  {secs:6.1} s  {}", path.display());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // the comparison must not degenerate into answering UNKNOWN everywhere
    assert!(
        correct * 3 >= exs.len() * 2,
        "too many UNKNOWN: {unknown:?}"
    );
}
