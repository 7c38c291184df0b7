//! Front-end throughput: preprocess, parse and lower the largest SV-COMP dev-set file.
//! Skips (with a message) when the manifest is absent. Time per KB = reported time / (bytes/1024).

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::PathBuf;

fn largest_task() -> Option<(PathBuf, u64)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let manifest = [
        root.join("../shared/benchmarks/svcomp/MANIFEST.tsv"),
        root.join("../../shared/benchmarks/svcomp/MANIFEST.tsv"),
    ]
    .into_iter()
    .find(|p| p.exists())?;
    let dir = manifest.parent()?.to_path_buf();
    let text = std::fs::read_to_string(&manifest).ok()?;
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            Some((dir.join(c.first()?), c.get(3)?.parse::<u64>().ok()?))
        })
        .max_by_key(|t| t.1)
}

fn frontend(c: &mut Criterion) {
    let Some((path, bytes)) = largest_task() else {
        eprintln!("frontend bench skipped: no SV-COMP manifest");
        return;
    };
    let cfg = schedmc::driver::VerifyConfig::default();
    if let Err(e) = schedmc::driver::load_file(&path, &cfg) {
        eprintln!(
            "frontend bench skipped: {} does not load: {}",
            path.display(),
            e.render()
        );
        return;
    }
    let name = format!(
        "load {} ({} KB)",
        path.file_name().unwrap().to_string_lossy(),
        bytes / 1024
    );
    c.bench_function(&name, |b| {
        b.iter(|| schedmc::driver::load_file(&path, &cfg).map(|l| l.program.vars.len()))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = frontend
}
criterion_main!(benches);
