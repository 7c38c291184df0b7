//! Memory limits end in `UNKNOWN: memory limit ...`, never in an abort: the engine's own check
//! (`verify --memory-limit`), the address-space cap `schedmc bench` puts on its children, and
//! an allocation that fails under that cap (forced with the `SCHEDMC_DEBUG_ALLOC_MB` hook).

mod common;
use common::*;
use std::process::Command;

const RING: &str = "bench/token_ring/token_ring_threaded.08.c";

fn json_of(stdout: &str) -> serde_json::Value {
    let line = stdout
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .unwrap_or_else(|| panic!("no JSON in {stdout}"));
    serde_json::from_str(line).unwrap()
}

#[test]
fn verify_stops_at_the_resident_memory_limit() {
    // The threaded ring needs thousands of ARF nodes; the first check (after 256 expansions)
    // already sees more than 1 MB resident.
    let r = run(["verify", "--json", "--memory-limit", "1", RING]);
    assert!(r.clean(), "{}", r.stderr);
    let j = json_of(&r.stdout);
    assert_eq!(j["verdict"], "UNKNOWN", "{}", r.stdout);
    let reason = j["reason"].as_str().unwrap();
    assert!(reason.starts_with("memory limit"), "{reason}");
    assert_eq!(r.code, 3);
}

fn bench_csv(limit_mb: &str, alloc_mb: Option<&str>) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!(
        "schedmc-memtest-{}-{limit_mb}-{}",
        std::process::id(),
        alloc_mb.unwrap_or("0")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let manifest = dir.join("MANIFEST.tsv");
    std::fs::write(
        &manifest,
        format!(
            "path\tcategory\texpected_unreach_call\tbytes\n{}\tring\ttrue\t1\n",
            root().join(RING).display()
        ),
    )
    .unwrap();
    let mut cmd = Command::new(bin());
    cmd.args([
        "bench",
        manifest.to_str().unwrap(),
        "--csv",
        "--timeout",
        "120",
        "--memory-limit",
        limit_mb,
    ])
    .current_dir(root());
    match alloc_mb {
        Some(mb) => cmd.env("SCHEDMC_DEBUG_ALLOC_MB", mb),
        None => cmd.env_remove("SCHEDMC_DEBUG_ALLOC_MB"),
    };
    let out = cmd.output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bench_child_stops_itself_under_its_limits() {
    // 8 MB is below what the ring needs (about 37 MB with source-set POR; Yices alone takes
    // more than 8 MB), so the child's own check stops it at its first poll.
    let lines = bench_csv("8", None);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[1].contains(",UNKNOWN,memory limit"), "{}", lines[1]);
}

#[test]
fn failing_allocation_under_the_bench_cap_answers_unknown() {
    // The child's address space is capped at 256 + 1024 MB; a 4 GB allocation must fail, and
    // the child must report it instead of aborting with signal 6.
    let lines = bench_csv("256", Some("4096"));
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[1].contains(",UNKNOWN,memory limit (an allocation of 4096 MB failed)"),
        "{}",
        lines[1]
    );
}
