//! Spin loops: places where a thread can run forever without a preemption point.
//!
//! The interleaving engines switch threads only before edges that touch shared state (a
//! global variable, a scheduler primitive, an atomic section's start) or reach the thread's
//! exit: a run of purely local edges is executed as if nothing could interrupt it. That is
//! sound as long as such a run ends (the switch can be moved to the next visible edge), but a
//! thread that keeps running purely local edges forever (`for (;;) {}` after its work, a local
//! loop whose exit condition is never met at run time, `while (flag == 0) {}` with a local
//! `flag`) would then keep the processor forever, and every behaviour in which a preemptive
//! scheduler switches away from it would be lost: a wrong SUCCESSFUL (`g = 2; for (;;) {}` in
//! one thread hides the other thread's check of `g`).
//!
//! [`mark_spin_loops`] finds, per thread, the strongly connected components of the graph of
//! purely local edges (edges into the exit excluded: they are preemption points) that contain
//! a cycle, and adds reads of a fresh global (`spin$`, never written, hidden in compact traces
//! like every temporary) that make preemption points like any shared access, placed by
//! [`Placement`]:
//! - [`Placement::Entry`] (fully preemptive, no interrupt handlers: a preemption can only let
//!   other threads run): one read before the component, on every edge that enters it (an edge
//!   from outside, or a visible edge inside it). A run that ends in endless local steps stays,
//!   from some entry into one maximal component on, inside it; the other threads cannot see
//!   the spinning thread's local state, so whatever they do while it spins they can do with
//!   the spinner preempted at that entry, and they keep running there as long as they like (at
//!   each of their own preemption points the policy may keep them running). A thread whose
//!   entry location lies in a component needs nothing: the other threads could equally run
//!   before it was dispatched.
//! - [`Placement::Iteration`] (every other policy, and whenever interrupt handlers exist):
//!   one read on every back edge of a depth-first search of each component (every local cycle
//!   contains one), so the point recurs on every iteration. A preemption point there may do
//!   more than switch threads: a FreeRTOS tick advances time and may wake a delayed task after
//!   any number of iterations, an interrupt handler may fire again on every iteration; one
//!   point at the entry would offer these once only. What the point offers is the policy's
//!   (`sched::policy::is_preemption_point`): a spinning task of the highest priority lets no
//!   lower one run, only ticks and interrupt handlers.
//!
//! Loops without a cycle of local edges (a shared access or primitive on every iteration)
//! need nothing: every iteration already passes a preemption point.

use super::{Cfg, Edge, EdgeId, Expr, LocId, Op, Program, Scope, Type, Var, VarId};
use std::collections::BTreeMap;

/// Where the preemption points of a spin loop go (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Once, on every edge entering a component of local edges.
    Entry,
    /// On every iteration (the back edges of each component).
    Iteration,
}

/// Marks the spin loops of every thread for which `visible` says which ops are preemption
/// points; returns how many preemption points were added (one per redirected target location).
pub fn mark_spin_loops(
    prog: &mut Program,
    visible: &dyn Fn(&Op, &Program) -> bool,
    placement: Placement,
) -> usize {
    // per thread, the edges to lead through a read of `spin$`, grouped by target location
    let mut marks: Vec<(usize, BTreeMap<LocId, Vec<usize>>)> = Vec::new();
    for (t, cfg) in prog.threads.iter().enumerate() {
        let edges = marked_edges(cfg, &|op| visible(op, prog), placement);
        if !edges.is_empty() {
            let mut by_target: BTreeMap<LocId, Vec<usize>> = BTreeMap::new();
            for e in edges {
                by_target.entry(cfg.edges[e].to).or_default().push(e);
            }
            marks.push((t, by_target));
        }
    }
    if marks.is_empty() {
        return 0;
    }
    let spin = VarId(prog.vars.len() as u32);
    prog.vars.push(Var {
        name: SPIN_VAR.to_string(),
        ty: Type::Int {
            bits: 8,
            signed: false,
        },
        scope: Scope::Global,
        init: Some(0),
        is_temp: true,
        loc: None,
    });
    let mut n = 0;
    for (t, by_target) in marks {
        let cfg = &mut prog.threads[t];
        for (to, edges) in by_target {
            // every marked edge `from -> to` becomes `from -> mid`, and `mid -> to` reads spin$
            let mid = LocId(cfg.num_locs);
            cfg.num_locs += 1;
            for &e in &edges {
                cfg.edges[e].to = mid;
            }
            let read = Expr::Binary(
                super::BinOp::Eq,
                Box::new(Expr::Var(spin)),
                Box::new(Expr::Var(spin)),
            );
            let loc = cfg.edges[edges[0]].loc;
            cfg.edges.push(Edge {
                from: mid,
                to,
                op: Op::Assume(read),
                loc,
            });
            let src = cfg.loc_src[to.0 as usize];
            let func = cfg.loc_func[to.0 as usize].clone();
            cfg.loc_src.push(src);
            cfg.loc_func.push(func);
            cfg.out.push(vec![EdgeId(cfg.edges.len() as u32 - 1)]);
            n += 1;
        }
        cfg.loops = super::loops::find_loops(cfg);
    }
    n
}

/// The name of the never-written global whose reads are the spin loops' preemption points.
pub const SPIN_VAR: &str = "spin$";

/// True for the condition of a spin loop's preemption point (`spin$ == spin$`), which traces
/// hide like steps that only touch temporaries.
pub fn is_spin_read(cond: &Expr, prog: &Program) -> bool {
    let mut only = true;
    let mut any = false;
    cond.for_each_var(&mut |v| {
        any = true;
        only &= prog.var(v).name == SPIN_VAR && prog.var(v).is_temp;
    });
    any && only
}

/// The edges of `cfg` to lead through a preemption point (indices into `cfg.edges`).
fn marked_edges(cfg: &Cfg, visible: &dyn Fn(&Op) -> bool, placement: Placement) -> Vec<usize> {
    let n = cfg.num_locs as usize;
    let local = |e: &Edge| !visible(&e.op) && e.to != cfg.exit;
    let mut succ: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (i, e) in cfg.edges.iter().enumerate() {
        if local(e) {
            succ[e.from.0 as usize].push((e.to.0 as usize, i));
        }
    }
    let comp = scc(n, &succ);
    let ncomp = comp.iter().copied().max().map_or(0, |m| m + 1);
    // a component is a spin loop when a local edge stays inside it (a cycle, self-loops too)
    let mut cyclic = vec![false; ncomp];
    for e in &cfg.edges {
        if local(e) && comp[e.from.0 as usize] == comp[e.to.0 as usize] {
            cyclic[comp[e.from.0 as usize]] = true;
        }
    }
    match placement {
        Placement::Entry => cfg
            .edges
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                let (a, b) = (comp[e.from.0 as usize], comp[e.to.0 as usize]);
                cyclic[b] && (a != b || !local(e))
            })
            .map(|(i, _)| i)
            .collect(),
        Placement::Iteration => {
            // the back edges of a depth-first search restricted to each component's own edges
            let inner: Vec<Vec<(usize, usize)>> = succ
                .iter()
                .enumerate()
                .map(|(v, s)| {
                    s.iter()
                        .copied()
                        .filter(|&(w, _)| comp[w] == comp[v])
                        .collect()
                })
                .collect();
            back_edges(n, &inner)
        }
    }
}

/// The back edges (edge indices) of an iterative depth-first search over all nodes: every
/// cycle of the graph contains at least one.
fn back_edges(n: usize, succ: &[Vec<(usize, usize)>]) -> Vec<usize> {
    // 0 unvisited, 1 on the stack, 2 done
    let mut state = vec![0u8; n];
    let mut out = Vec::new();
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        state[root] = 1;
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        while let Some(&mut (v, ref mut k)) = work.last_mut() {
            if *k < succ[v].len() {
                let (w, e) = succ[v][*k];
                *k += 1;
                match state[w] {
                    0 => {
                        state[w] = 1;
                        work.push((w, 0));
                    }
                    1 => out.push(e),
                    _ => {}
                }
            } else {
                state[v] = 2;
                work.pop();
            }
        }
    }
    out.sort_unstable();
    out
}

/// Tarjan's strongly connected components (iterative): the component index of each node.
fn scc(n: usize, succ: &[Vec<(usize, usize)>]) -> Vec<usize> {
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on = vec![false; n];
    let mut stack = Vec::new();
    let mut comp = vec![usize::MAX; n];
    let mut next = 0;
    let mut ncomp = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on[root] = true;
        while let Some(&mut (v, ref mut k)) = work.last_mut() {
            if *k < succ[v].len() {
                let w = succ[v][*k].0;
                *k += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on[w] = true;
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                work.pop();
                if let Some(&(p, _)) = work.last() {
                    low[p] = low[p].min(low[v]);
                }
                if low[v] == index[v] {
                    while let Some(w) = stack.pop() {
                        on[w] = false;
                        comp[w] = ncomp;
                        if w == v {
                            break;
                        }
                    }
                    ncomp += 1;
                }
            }
        }
    }
    comp
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceMap;
    use crate::frontend::{load_str, FrontendOptions};

    fn marked(text: &str, placement: Placement) -> (usize, Program) {
        let mut sm = SourceMap::new();
        let mut p = match load_str("t.c", text, &FrontendOptions::default(), &mut sm) {
            Ok(l) => l.program,
            Err(d) => panic!("{}", d.render(&sm)),
        };
        let n = mark_spin_loops(
            &mut p,
            &|op, p| crate::sched::policy::touches_shared(op, p),
            placement,
        );
        (n, p)
    }

    fn is_spin_read(p: &Program, e: &Edge) -> bool {
        let mut r = false;
        if let Op::Assume(x) = &e.op {
            x.for_each_var(&mut |v| r |= p.vars[v.0 as usize].name == SPIN_VAR);
        }
        r
    }

    /// True when the graph of local edges (spin reads and shared accesses excluded) of `cfg`
    /// has a cycle.
    fn has_local_cycle(p: &Program, cfg: &Cfg) -> bool {
        let n = cfg.num_locs as usize;
        let mut succ: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        for (i, e) in cfg.edges.iter().enumerate() {
            if !crate::sched::policy::touches_shared(&e.op, p) && !is_spin_read(p, e) {
                succ[e.from.0 as usize].push((e.to.0 as usize, i));
            }
        }
        !back_edges(n, &succ).is_empty()
    }

    const LOCAL_LOOPS: [&str; 6] = [
        "int g; int main(void) { g = 1; for (;;) { } return 0; }",
        "int g; int main(void) { int x = 1; g = 1; while (x != 4) x += 2; return 0; }",
        "int g; int main(void) { int f = 0; g = 1; while (f == 0) { } g = 2; return 0; }",
        "int g; int main(void) { int i, j; for (i = 0; i < 3; i++) { g = i; \
         for (j = 0; j != 5; j += 2) { } } return 0; }",
        "int g; int main(void) { int i, j = 1; for (i = 0; i < 3; i++) { \
         while (j != 4) j += 2; } g = 1; return 0; }",
        "int g; int k(int a) { while (a != 0) a -= 2; return a; } \
         int main(void) { int r = k(3); g = r; r = k(5); return 0; }",
    ];

    #[test]
    fn iteration_points_cut_every_local_cycle() {
        for text in LOCAL_LOOPS {
            let (n, p) = marked(text, Placement::Iteration);
            assert!(n >= 1, "{text}");
            assert!(!has_local_cycle(&p, p.main()), "{text}");
            // the loops are still loops
            assert!(!p.main().loops.is_empty(), "{text}");
        }
    }

    #[test]
    fn entry_points_precede_every_entry_into_a_local_cycle() {
        for text in LOCAL_LOOPS {
            let (n, p) = marked(text, Placement::Entry);
            assert!(n >= 1, "{text}");
            let cfg = p.main();
            // recompute the components of local edges (spin reads are visible)
            let nl = cfg.num_locs as usize;
            let local =
                |e: &Edge| !crate::sched::policy::touches_shared(&e.op, &p) && !is_spin_read(&p, e);
            let mut succ: Vec<Vec<(usize, usize)>> = vec![Vec::new(); nl];
            for (i, e) in cfg.edges.iter().enumerate() {
                if local(e) && e.to != cfg.exit {
                    succ[e.from.0 as usize].push((e.to.0 as usize, i));
                }
            }
            let comp = scc(nl, &succ);
            let cyclic = |c: usize| {
                cfg.edges.iter().any(|e| {
                    local(e)
                        && e.to != cfg.exit
                        && comp[e.from.0 as usize] == c
                        && comp[e.to.0 as usize] == c
                })
            };
            let mut entries = 0;
            for e in &cfg.edges {
                let (a, b) = (comp[e.from.0 as usize], comp[e.to.0 as usize]);
                if cyclic(b) && (a != b || !local(e)) {
                    entries += 1;
                    assert!(is_spin_read(&p, e), "{text}: an entry without a spin read");
                }
            }
            assert!(entries >= 1, "{text}");
            // no spin read inside a component: one point per entry, not per iteration
            for e in cfg.edges.iter().filter(|e| is_spin_read(&p, e)) {
                assert!(
                    comp[e.from.0 as usize] != comp[e.to.0 as usize],
                    "{text}: a spin read inside a loop"
                );
            }
        }
    }

    #[test]
    fn an_endless_local_loop_gets_one_read() {
        for placement in [Placement::Entry, Placement::Iteration] {
            let (n, p) = marked(
                "int g; int main(void) { g = 1; for (;;) { } return 0; }",
                placement,
            );
            assert_eq!(n, 1);
            let reads = p.main().edges.iter().filter(|e| is_spin_read(&p, e));
            assert_eq!(reads.count(), 1);
            assert!(!p.main().loops.is_empty());
        }
    }

    #[test]
    fn loops_that_touch_shared_state_on_every_iteration_are_left_alone() {
        for text in [
            "int g; int main(void) { for (;;) { g++; } return 0; }",
            "int g; int main(void) { while (g == 0) { } return 0; }",
            "int g; int main(void) { int i; for (i = 0; i < g; i++) { } return 0; }",
            "int g; int main(void) { int x = 1; g = x; return 0; }",
        ] {
            for placement in [Placement::Entry, Placement::Iteration] {
                let (n, p) = marked(text, placement);
                assert_eq!(n, 0, "{text}");
                assert!(p.vars.iter().all(|v| v.name != "spin$"), "{text}");
            }
        }
    }
}
