//! Loop detection: back edges to loop heads in program order, with stable loop ids.
//!
//! Locations are numbered in program order, so a back edge is simply an edge whose target is at
//! or before its source (`to <= from`); its target is a loop head. Every distinct head is one
//! loop. Ids are 1, 2, ... in increasing order of the head location within each CFG, which
//! makes them stable for a given source file and target (they are what `--unwindset` names).
//! A backward `goto` also forms a loop by this definition, which is what unwinding needs.

use super::{Cfg, EdgeId, LocId, LoopInfo};
use std::collections::BTreeMap;

/// The loops of a CFG, ordered by head location (ids 1, 2, ...).
pub fn find_loops(cfg: &Cfg) -> Vec<LoopInfo> {
    let mut heads: BTreeMap<LocId, Vec<EdgeId>> = BTreeMap::new();
    for (i, e) in cfg.edges.iter().enumerate() {
        if e.to <= e.from {
            heads.entry(e.to).or_default().push(EdgeId(i as u32));
        }
    }
    heads
        .into_iter()
        .enumerate()
        .map(|(i, (head, back_edges))| LoopInfo {
            id: i as u32 + 1,
            head,
            back_edges,
            loc: cfg
                .loc_src
                .get(head.0 as usize)
                .copied()
                .unwrap_or_default(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Loc;
    use crate::ir::{Edge, Op};

    fn cfg(edges: &[(u32, u32)], n: u32) -> Cfg {
        let mut out = vec![Vec::new(); n as usize];
        let es: Vec<Edge> = edges
            .iter()
            .enumerate()
            .map(|(i, &(f, t))| {
                out[f as usize].push(EdgeId(i as u32));
                Edge {
                    from: LocId(f),
                    to: LocId(t),
                    op: Op::Skip,
                    loc: Loc::default(),
                }
            })
            .collect();
        Cfg {
            name: "main".into(),
            num_locs: n,
            entry: LocId(0),
            exit: LocId(n - 2),
            error: LocId(n - 1),
            edges: es,
            out,
            loc_src: (0..n)
                .map(|i| Loc {
                    file: Default::default(),
                    line: i + 1,
                    col: 1,
                })
                .collect(),
            loc_func: vec!["main".into(); n as usize],
            loops: vec![],
            param: None,
            param2: None,
            ret: None,
        }
    }

    #[test]
    fn nested_loops_and_self_loop() {
        // 0 -> 1 -> 2 -> 3 -> 2 (inner), 3 -> 1 (outer), 1 -> 4, 4 -> 4 (self loop)
        let c = cfg(
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 2),
                (3, 1),
                (1, 4),
                (4, 4),
                (4, 5),
            ],
            7,
        );
        let l = find_loops(&c);
        assert_eq!(l.len(), 3);
        assert_eq!((l[0].id, l[0].head), (1, LocId(1)));
        assert_eq!(l[0].back_edges, vec![EdgeId(4)]);
        assert_eq!((l[1].id, l[1].head), (2, LocId(2)));
        assert_eq!((l[2].id, l[2].head), (3, LocId(4)));
        assert_eq!(l[2].loc.line, 5);
    }

    #[test]
    fn no_loops() {
        let c = cfg(&[(0, 1), (1, 2), (0, 2)], 4);
        assert!(find_loops(&c).is_empty());
    }
}
