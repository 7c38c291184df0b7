//! Spin traps: places where a thread can run forever without a preemption point.
//!
//! The interleaving engines switch threads only before edges that touch shared state (a
//! global variable, a scheduler primitive, an atomic section's start) or reach the thread's
//! exit: a run of purely local edges is executed as if nothing could interrupt it. That is
//! sound as long as such a run ends (the switch can be moved to the next visible edge), but a
//! thread that enters a cycle of purely local edges it can never leave (`for (;;) {}` after
//! its work, `while (1);` as a task's idle tail) would then keep the processor forever, and
//! every behaviour in which a preemptive scheduler switches away from it would be lost: a
//! wrong SUCCESSFUL (`g = 2; for (;;) {}` in one thread hides the other thread's check of `g`).
//!
//! [`mark_spin_traps`] finds, per thread, the strongly connected components of the graph of
//! purely local edges that no edge leaves, and gives one edge of each a read of a fresh global
//! (`spin$`, never written), which makes it a preemption point like any shared access.
//! Loops that can exit are left alone; a local loop whose exit condition is never met (an
//! endless loop with an exit edge) is still executed without a switch (documented limit).

use super::{Cfg, Edge, EdgeId, Expr, LocId, Op, Program, Scope, Type, Var, VarId};

/// Marks the spin traps of every thread for which `visible` says which ops are preemption
/// points; returns how many traps were marked.
pub fn mark_spin_traps(prog: &mut Program, visible: &dyn Fn(&Op, &Program) -> bool) -> usize {
    let mut traps: Vec<(usize, usize)> = Vec::new();
    for (t, cfg) in prog.threads.iter().enumerate() {
        for e in trap_edges(cfg, &|op| visible(op, prog)) {
            traps.push((t, e));
        }
    }
    if traps.is_empty() {
        return 0;
    }
    let spin = VarId(prog.vars.len() as u32);
    prog.vars.push(Var {
        name: "spin$".to_string(),
        ty: Type::Int {
            bits: 8,
            signed: false,
        },
        scope: Scope::Global,
        init: Some(0),
        is_temp: true,
        loc: None,
    });
    let n = traps.len();
    for &(t, ei) in &traps {
        let cfg = &mut prog.threads[t];
        // e: from -> to  becomes  from -> mid (e's op) -> to (assume spin$ == spin$)
        let mid = LocId(cfg.num_locs);
        cfg.num_locs += 1;
        let old_to = cfg.edges[ei].to;
        let loc = cfg.edges[ei].loc;
        cfg.edges[ei].to = mid;
        let read = Expr::Binary(
            super::BinOp::Eq,
            Box::new(Expr::Var(spin)),
            Box::new(Expr::Var(spin)),
        );
        let from = cfg.edges[ei].from;
        cfg.edges.push(Edge {
            from: mid,
            to: old_to,
            op: Op::Assume(read),
            loc,
        });
        let src = cfg.loc_src[from.0 as usize];
        let func = cfg.loc_func[from.0 as usize].clone();
        cfg.loc_src.push(src);
        cfg.loc_func.push(func);
        cfg.out.push(vec![EdgeId(cfg.edges.len() as u32 - 1)]);
    }
    let mut threads: Vec<usize> = traps.iter().map(|&(t, _)| t).collect();
    threads.dedup();
    for t in threads {
        let cfg = &mut prog.threads[t];
        cfg.loops = super::loops::find_loops(cfg);
    }
    n
}

/// One edge per spin trap of `cfg` (indices into `cfg.edges`).
fn trap_edges(cfg: &Cfg, visible: &dyn Fn(&Op) -> bool) -> Vec<usize> {
    let n = cfg.num_locs as usize;
    let mut succ: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (i, e) in cfg.edges.iter().enumerate() {
        if !visible(&e.op) && e.to != cfg.exit {
            succ[e.from.0 as usize].push((e.to.0 as usize, i));
        }
    }
    let comp = scc(n, &succ);
    let ncomp = comp.iter().copied().max().map_or(0, |m| m + 1);
    // a component is a trap when it has a local edge inside it and no edge of the full CFG
    // leaves it (visible edges count as leaving: they are preemption points themselves)
    let mut inner: Vec<Option<usize>> = vec![None; ncomp];
    let mut leaves = vec![false; ncomp];
    for (i, e) in cfg.edges.iter().enumerate() {
        let (a, b) = (comp[e.from.0 as usize], comp[e.to.0 as usize]);
        if a == b && !visible(&e.op) && e.to != cfg.exit {
            inner[a].get_or_insert(i);
        } else {
            leaves[a] = true;
        }
    }
    (0..ncomp)
        .filter(|&c| !leaves[c])
        .filter_map(|c| inner[c])
        .collect()
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

    fn marked(text: &str) -> (usize, Program) {
        let mut sm = SourceMap::new();
        let mut p = match load_str("t.c", text, &FrontendOptions::default(), &mut sm) {
            Ok(l) => l.program,
            Err(d) => panic!("{}", d.render(&sm)),
        };
        let n = mark_spin_traps(&mut p, &|op, p| crate::sched::policy::touches_shared(op, p));
        (n, p)
    }

    #[test]
    fn an_endless_local_loop_gets_a_preemption_point() {
        let (n, p) = marked("int g; int main(void) { g = 1; for (;;) { } return 0; }");
        assert_eq!(n, 1);
        let spin = p
            .vars
            .iter()
            .position(|v| v.name == "spin$")
            .expect("spin$");
        let reads = p.main().edges.iter().filter(|e| {
            let mut r = false;
            if let Op::Assume(x) = &e.op {
                x.for_each_var(&mut |v| r |= v.0 as usize == spin);
            }
            r
        });
        assert_eq!(reads.count(), 1);
        // the read is on the cycle: the loop still has a back edge
        assert!(!p.main().loops.is_empty());
    }

    #[test]
    fn loops_that_exit_or_touch_shared_state_are_left_alone() {
        for text in [
            "int g; int main(void) { int i; for (i = 0; i < 10; i++) { } g = i; return 0; }",
            "int g; int main(void) { for (;;) { g++; } return 0; }",
            "int g; int main(void) { while (g == 0) { } return 0; }",
        ] {
            let (n, p) = marked(text);
            assert_eq!(n, 0, "{text}");
            assert!(p.vars.iter().all(|v| v.name != "spin$"), "{text}");
        }
    }
}
