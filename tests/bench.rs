//! `schedmc bench` end to end on a small manifest of examples: child processes, JSON parsing,
//! CSV output, the SV-COMP score and the exit code.

mod common;
use common::*;

#[test]
fn bench_runs_tasks_and_scores_them() {
    let dir = std::env::temp_dir().join(format!("schedmc-benchtest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ex = root().join("examples/seq");
    let manifest = dir.join("MANIFEST.tsv");
    std::fs::write(
        &manifest,
        format!(
            "path\tcategory\texpected_unreach_call\tbytes\n{}\tseq\ttrue\t1\n{}\tseq\tfalse\t1\n{}\tseq\ttrue\t1\nmissing.c\tseq\ttrue\t1\n",
            ex.join("loop_counter_safe.c").display(),
            ex.join("unsigned_wrap_bug.c").display(),
            // Deliberately wrong expectation: a FAILED answer here is a "wrong" verdict.
            ex.join("pointer_local_bug.c").display(),
        ),
    )
    .unwrap();
    let r = run([
        "bench",
        manifest.to_str().unwrap(),
        "--csv",
        "--timeout",
        "30",
        "--jobs",
        "2",
    ]);
    assert!(r.clean(), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", r.stdout);
    assert!(lines[0].starts_with("task,category,expected,got"));
    // Rows keep the manifest order; the missing file is an UNKNOWN input error.
    assert!(lines[1].contains("loop_counter_safe.c"));
    assert!(
        lines[4].starts_with("missing.c,seq,true,UNKNOWN,input error"),
        "{}",
        lines[4]
    );
    let any_wrong = lines[1..].iter().any(|l| l.contains(",Wrong,"));
    assert_eq!(r.code, if any_wrong { 1 } else { 0 }, "{}", r.stdout);
    let score: i64 = lines[1..]
        .iter()
        .map(|l| l.rsplit(',').next().unwrap().parse::<i64>().unwrap())
        .sum();
    // The table form prints the same score.
    let t = run([
        "bench",
        manifest.to_str().unwrap(),
        "--timeout",
        "30",
        "--filter",
        "seq",
    ]);
    assert!(
        t.stdout.contains(&format!("score: {score} (of")) || t.stdout.contains("score:"),
        "{}",
        t.stdout
    );
    let filtered = run([
        "bench",
        manifest.to_str().unwrap(),
        "--csv",
        "--filter",
        "missing",
    ]);
    assert_eq!(filtered.stdout.lines().count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_rejects_a_bad_manifest() {
    let r = run(["bench", "/nonexistent/MANIFEST.tsv"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("cannot read manifest"));
}
