//! Graphviz pictures through the binary: `--dot-arf` (the predabs ART and the ESST ARF: covered
//! nodes dashed with an edge to their coverer, the error path red, labels with location and
//! abstract state, for ESST also the thread locations and the scheduler state)
//! and `--dot` (the counterexample chart). Each picture is rendered with `dot -Tsvg` when
//! Graphviz is installed (skipped with a printed reason otherwise).

mod common;
use common::*;
use std::path::{Path, PathBuf};

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("schedmc-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// Renders `file` with `dot -Tsvg`; Graphviz must accept it without warnings.
fn render_svg(file: &Path) {
    let have_dot = std::process::Command::new("dot")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_dot {
        println!(
            "skipped rendering {}: graphviz `dot` is not installed (apt-get install graphviz)",
            file.display()
        );
        return;
    }
    let svg = file.with_extension("svg");
    let r = std::process::Command::new("dot")
        .arg("-Tsvg")
        .arg(file)
        .arg("-o")
        .arg(&svg)
        .output()
        .expect("run dot");
    assert!(
        r.status.success() && r.stderr.is_empty(),
        "dot on {}: {}",
        file.display(),
        String::from_utf8_lossy(&r.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("<svg"), "{text}");
}

/// A loop whose ART has a covered node (x toggles between 0 and 1).
const TOGGLE: &str = "extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0;
  int n = __VERIFIER_nondet_int();
  while (n > 0) {
    if (x == 0) x = 1; else x = 0;
    n--;
  }
  if (x > 1) reach_error();
  return 0;
}
";

fn dot_arf(src: &Path, out: &Path, extra: &[&str]) -> (Run, String) {
    let _ = std::fs::remove_file(out);
    let mut args = vec![
        "verify",
        src.to_str().unwrap(),
        "--dot-arf",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let r = run(&args);
    assert!(r.clean(), "{}", r.stderr);
    let text = std::fs::read_to_string(out).unwrap_or_default();
    (r, text)
}

#[test]
fn arf_of_a_safe_program_shows_covering() {
    let src = tmp("toggle.c");
    std::fs::write(&src, TOGGLE).unwrap();
    let out = tmp("toggle.arf.dot");
    let (r, d) = dot_arf(&src, &out, &[]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(d.starts_with("digraph art {"), "{d}");
    assert!(d.contains("abstract reachability tree (predabs)"), "{d}");
    // labels: id, location with file:line, abstract state
    assert!(d.contains("n0: main L0 (toggle.c:4)\\ltrue\\l"), "{d}");
    assert!(d.contains("(toggle.c:6)\\lmain::x == 0\\l"), "{d}");
    // a covered node is dashed and has a dashed edge to its coverer
    let covered: Vec<&str> = d.lines().filter(|l| l.contains("rounded,dashed")).collect();
    assert_eq!(covered.len(), 1, "{d}");
    let id = covered[0].trim().split(' ').next().unwrap();
    assert!(
        d.lines()
            .any(|l| l.trim().starts_with(&format!("{id} -> ")) && l.contains("label=\"covered\"")),
        "{d}"
    );
    // no error path in a proof
    assert!(!d.contains("color=red"), "{d}");
    // deterministic
    let (_, d2) = dot_arf(&src, &out, &[]);
    assert_eq!(d, d2);
    render_svg(&out);
}

#[test]
fn arf_of_a_failed_program_has_a_red_error_path() {
    let src = root().join("examples/seq/loop_counter_bug.c");
    let out = tmp("bug.arf.dot");
    let (r, d) = dot_arf(&src, &out, &[]);
    assert_eq!(r.code, 10, "{}", r.stdout);
    let err: Vec<&str> = d.lines().filter(|l| l.contains("shape=octagon")).collect();
    assert_eq!(err.len(), 1, "{d}");
    assert!(
        err[0].contains("ERROR") && err[0].contains("color=red"),
        "{d}"
    );
    // the path from the root to the error node is red, edge by edge
    assert!(d.contains("n0 [label=\"n0: main L0") && d.lines().next().is_some());
    let red_edges = d
        .lines()
        .filter(|l| l.contains(" -> ") && l.contains("color=red"))
        .count();
    let red_nodes = d
        .lines()
        .filter(|l| !l.contains(" -> ") && l.contains("color=red"))
        .count();
    assert!(red_nodes >= 2, "{d}");
    assert_eq!(red_edges, red_nodes - 1, "{d}");
    render_svg(&out);
}

/// The structural checks every ARF picture passes: each dashed (covered) node has exactly one
/// dashed `covered` edge to a node of the picture; red edges join red nodes.
fn check_covers(d: &str) -> usize {
    let ids: Vec<&str> = d
        .lines()
        .filter(|l| l.contains(" [label=\"n") && !l.contains(" -> "))
        .map(|l| l.trim().split(' ').next().unwrap())
        .collect();
    let covered: Vec<&str> = d
        .lines()
        .filter(|l| l.contains("rounded,dashed") && !l.contains(" -> "))
        .map(|l| l.trim().split(' ').next().unwrap())
        .collect();
    for c in &covered {
        let edges: Vec<&str> = d
            .lines()
            .filter(|l| {
                l.trim().starts_with(&format!("{c} -> ")) && l.contains("label=\"covered\"")
            })
            .collect();
        assert_eq!(edges.len(), 1, "{c}: {d}");
        assert!(edges[0].contains("style=dashed"), "{d}");
        let to = edges[0].trim().split(' ').nth(2).unwrap();
        assert!(ids.contains(&to), "{c} covered by {to}, not drawn: {d}");
    }
    covered.len()
}

#[test]
fn esst_arf_of_a_failed_threaded_program() {
    let src = root().join("examples/systemc/producer_consumer_bug.c");
    let out = tmp("pc_bug.arf.dot");
    let (r, d) = dot_arf(&src, &out, &["--timeout", "60"]);
    assert_eq!(r.code, 10, "{}", r.stdout);
    assert!(d.starts_with("digraph art {"), "{d}");
    assert!(d.contains("abstract reachability forest (esst)"), "{d}");
    // the root: main at its entry, scheduler not started yet
    assert!(
        d.contains("n0 [label=\"n0: main L0 (producer_consumer_bug.c:44)\\ltrue\\lsched: main:run; not started\\l\""),
        "{d}"
    );
    // thread locations and scheduler states of all instances, statements on the edges
    assert!(d.contains("main L3, producer L0, consumer L0"), "{d}");
    assert!(
        d.contains("main:blocked(simulation) producer:run consumer:ready"),
        "{d}"
    );
    assert!(d.contains("write_ev:delta"), "{d}");
    assert!(
        d.contains("label=\"producer: sc_notify_delta(&write_ev)"),
        "{d}"
    );
    assert!(d.contains("label=\"switch main -> producer\""), "{d}");
    // covered nodes: dashed, with a dashed edge to their coverer
    assert!(check_covers(&d) > 0, "{d}");
    // one red ERROR octagon at the end of a red path from the root
    let err: Vec<&str> = d.lines().filter(|l| l.contains("shape=octagon")).collect();
    assert_eq!(err.len(), 1, "{d}");
    assert!(
        err[0].contains("ERROR (consumer") && err[0].contains("color=red"),
        "{d}"
    );
    let red_edges: Vec<&str> = d
        .lines()
        .filter(|l| l.contains(" -> ") && l.contains("color=red"))
        .collect();
    let red_nodes = d
        .lines()
        .filter(|l| !l.contains(" -> ") && l.contains("color=red"))
        .count();
    assert!(red_nodes >= 10, "{d}");
    assert_eq!(red_edges.len(), red_nodes - 1, "{d}");
    assert!(
        red_edges
            .last()
            .unwrap()
            .contains("consumer: error: reach_error()"),
        "{d}"
    );
    assert!(
        !d.lines()
            .any(|l| l.contains("dashed") && l.contains("color=red")),
        "{d}"
    );
    // deterministic
    let (_, d2) = dot_arf(&src, &out, &["--timeout", "60"]);
    assert_eq!(d, d2);
    render_svg(&out);
}

#[test]
fn esst_arf_of_a_safe_threaded_program() {
    let src = root().join("examples/freertos/priority_inversion_safe.c");
    let out = tmp("pi_safe.arf.dot");
    let (r, d) = dot_arf(&src, &out, &["--timeout", "60"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(d.contains("abstract reachability forest (esst)"), "{d}");
    assert!(check_covers(&d) > 0, "{d}");
    assert!(!d.contains("color=red") && !d.contains("octagon"), "{d}");
    // a thread region learned by refinement, a mutex owner and the tick count
    assert!(d.contains("\\lhigh_task: "), "{d}");
    assert!(d.contains("mutex0=") && d.contains("; @1"), "{d}");
    render_svg(&out);
}

#[test]
fn arf_needs_an_engine_that_builds_one() {
    let src = root().join("examples/seq/loop_counter_bug.c");
    let out = tmp("bmc.arf.dot");
    let (r, d) = dot_arf(&src, &out, &["--engine", "bmc"]);
    assert_eq!(r.code, 10, "{}", r.stdout);
    assert!(d.is_empty() && !out.exists());
    assert!(r.stderr.contains("no ARF written"), "{}", r.stderr);
}

#[test]
fn arf_note_when_the_run_stops_before_an_arf() {
    // `--timeout 0`: ESST stops before its first ARF; the note says so (no file)
    let src = root().join("examples/systemc/pipeline_safe.c");
    let out = tmp("stopped.arf.dot");
    let (r, d) = dot_arf(&src, &out, &["--timeout", "0"]);
    assert_eq!(
        r.last_line(),
        "VERIFICATION UNKNOWN: timeout",
        "{}",
        r.stdout
    );
    assert!(d.is_empty() && !out.exists());
    assert!(
        r.stderr.contains("no ARF written") && r.stderr.contains("engine esst stopped before"),
        "{}",
        r.stderr
    );
}

#[test]
fn counterexample_chart_renders() {
    let src = root().join("examples/seq/nested_if_bug.c");
    let out = tmp("cex.dot");
    let _ = std::fs::remove_file(&out);
    let r = run([
        "verify",
        src.to_str().unwrap(),
        "--dot",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 10, "{}", r.stdout);
    let d = std::fs::read_to_string(&out).expect("dot file written");
    assert!(d.starts_with("digraph counterexample {"), "{d}");
    assert_eq!(d.matches(", color=red").count(), 1, "{d}");
    render_svg(&out);
}
