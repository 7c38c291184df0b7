//! Unbounded thread creation: the main thread creating threads in a loop that has no exit
//! (`while (1) pthread_create(...)`, SV-COMP's sssc12), found on the IR before the
//! exploration.
//!
//! Such a program has unboundedly many thread instances on its runs that enter the loop, so
//! ESST, whose scheduler state is explicit, cannot close its ARF: exploring up to
//! `--max-threads` instances only costs time and memory before the bound gives UNKNOWN. ESST
//! therefore explores with a small bound and a part of the time budget only, to find errors
//! that need few threads (a FAILED verdict is replayed like every other), and otherwise
//! answers `UNKNOWN: unbounded number of threads` with the loop's line.

use crate::ir::{CallArg, Cfg, Op, Program};

/// Thread instances explored when the number of threads is unbounded (main included).
pub const PROBE_THREADS: usize = 4;
/// Most time spent exploring with [`PROBE_THREADS`] (at most a third of the budget).
pub const PROBE_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// A loop of `main` without exit that creates threads, reachable from main's entry: the reason
/// text of the UNKNOWN verdict (with the line of the creating call), else None.
pub fn unbounded_creation(prog: &Program) -> Option<String> {
    let cfg = prog.threads.first()?;
    let n = cfg.num_locs as usize;
    let succ = |l: usize| {
        cfg.out[l]
            .iter()
            .map(|&e| cfg.edges[e.0 as usize].to.0 as usize)
    };
    let reach_from = |start: usize, fwd: bool| -> Vec<bool> {
        let mut seen = vec![false; n];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(l) = stack.pop() {
            let next: Vec<usize> = if fwd {
                succ(l).collect()
            } else {
                cfg.edges
                    .iter()
                    .filter(|e| e.to.0 as usize == l)
                    .map(|e| e.from.0 as usize)
                    .collect()
            };
            for m in next {
                if !seen[m] {
                    seen[m] = true;
                    stack.push(m);
                }
            }
        }
        seen
    };
    let reachable = reach_from(cfg.entry.0 as usize, true);
    for e in &cfg.edges {
        let from = e.from.0 as usize;
        if !reachable[from] || !is_spawn(&e.op) {
            continue;
        }
        // the strongly connected component of the call's location
        let fwd = reach_from(from, true);
        let bwd = reach_from(from, false);
        let scc: Vec<bool> = (0..n).map(|l| fwd[l] && bwd[l]).collect();
        if !scc[e.to.0 as usize] {
            continue; // not in a loop
        }
        if !has_exit(cfg, &scc) {
            return Some(format!(
                "unbounded number of threads: `{}` creates threads in a loop without exit (line {})",
                cfg.name, e.loc.line
            ));
        }
    }
    None
}

/// A call that starts a thread (it passes a thread entry).
fn is_spawn(op: &Op) -> bool {
    matches!(op, Op::Call { args, .. } if args.iter().any(|a| matches!(a, CallArg::Thread(_))))
}

/// Some edge leaves the component `scc` other than into the error location.
fn has_exit(cfg: &Cfg, scc: &[bool]) -> bool {
    cfg.edges.iter().any(|e| {
        scc[e.from.0 as usize]
            && !scc[e.to.0 as usize]
            && e.to != cfg.error
            && !matches!(e.op, Op::Error(_))
            && !assumes_false(&e.op)
    })
}

fn assumes_false(op: &Op) -> bool {
    matches!(op, Op::Assume(crate::ir::Expr::Const(0, _)))
}
