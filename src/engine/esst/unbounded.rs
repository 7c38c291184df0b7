//! Unbounded thread creation: the main thread creating threads in a loop that has no exit
//! (`while (1) pthread_create(...)`, SV-COMP's sssc12), found on the IR before the
//! exploration.
//!
//! Such a program has unboundedly many thread instances on its runs that enter the loop, so
//! ESST, whose scheduler state is explicit, cannot close its ARF: exploring up to
//! `--max-threads` instances only costs time and memory before the bound gives UNKNOWN. ESST
//! therefore searches with growing bounds on the number of created threads for a bounded
//! amount of work only ([`bounded_search`]), to find errors that need few threads (a FAILED
//! verdict is replayed like every other and names its bound), and otherwise answers
//! `UNKNOWN: unbounded number of threads` with the loop's line.

use crate::engine::{Deadline, VerifyOptions};
use crate::ir::{CallArg, Cfg, Op, Program};
use crate::verdict::{Stats, UnknownReason, Verdict, Violation};

/// Share of `--timeout` the bounded search may spend as work (the rest is left to the caller:
/// under `--engine auto` partial-order BMC races beside ESST).
const SEARCH_SHARE: u32 = 2;
/// The bounded search's work at most (also when the run has no time limit): the UNKNOWN
/// verdict comes early enough to be useful.
const SEARCH_TIME: std::time::Duration = std::time::Duration::from_secs(30);

/// Unbounded thread creation (`why`, from [`unbounded_creation`]): explores the executions
/// that create at most K threads besides `main`, for K = 1, 2, 3, ... (iterative deepening),
/// within a work budget (CPU time of the exploring thread: how far the rounds get does not
/// depend on the machine's load; `--timeout` stays the only wall-clock limit). Every such execution is one of the program's, so a FAILED
/// verdict stands (it is replayed like every other; its violation names the bound); a complete
/// ARF within the bound (the K+1-st creation is unreachable) is a proof. A round that reaches
/// the bound (the creation of one more thread is feasible: `UNKNOWN: more than N threads`)
/// moves on to K+1; the search ends with `UNKNOWN: unbounded number of threads` at the
/// budget's end or at `--max-threads`, never with SUCCESSFUL from a bounded round.
pub fn bounded_search(
    why: &str,
    opts: &VerifyOptions,
    deadline: &Deadline,
    stats: &mut Stats,
    mut run: impl FnMut(&VerifyOptions, &Deadline, &mut Stats) -> Verdict,
) -> Verdict {
    let work = opts
        .timeout
        .map_or(SEARCH_TIME, |t| (t / SEARCH_SHARE).min(SEARCH_TIME));
    let search = deadline.with_work(work);
    let mut last = 0;
    for k in 1..opts.max_threads.min(crate::sched::state::MAX_THREADS) {
        if search.expired() {
            break;
        }
        let mut probe = opts.clone();
        probe.max_threads = k + 1;
        match run(&probe, &search, stats) {
            Verdict::Unsafe(mut cex) => {
                if let Violation::Property { description, .. } = &mut cex.violation {
                    description.push_str(&format!(
                        " (bounded search: at most {k} created thread{})",
                        if k == 1 { "" } else { "s" }
                    ));
                }
                stats.k = Some(k as u32);
                return Verdict::Unsafe(cex);
            }
            v @ Verdict::Safe { .. } => return v,
            Verdict::Unknown(r) if matches!(r.kind(), "memory_limit" | "internal") => {
                return Verdict::Unknown(r)
            }
            // the bound was reached: one more thread
            Verdict::Unknown(r) if r.kind() == "bound" && r.to_string().contains("threads") => {
                last = k;
            }
            // a timeout or another reason: more threads cannot help
            Verdict::Unknown(_) => break,
        }
    }
    let tried = if last == 0 {
        String::new()
    } else {
        format!("; no error with at most {last} created threads")
    };
    Verdict::Unknown(UnknownReason::bound(format!("{why}{tried}")))
}

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
pub(super) fn is_spawn(op: &Op) -> bool {
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
