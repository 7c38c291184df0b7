//! Small edits of a lowered CFG for the validator: edges removed and chains of new edges added,
//! each chain's intermediate locations numbered right after its start so that only loop back
//! edges go backwards (the IR's location-order invariant); loops are found again.

use crate::diag::Loc;
use crate::ir::{Cfg, Edge, EdgeId, LocId, Op};

/// New edges `from -ops[0]-> m1 -ops[1]-> ... -> to` through fresh locations.
pub struct Chain {
    pub from: LocId,
    pub ops: Vec<Op>,
    pub to: LocId,
    pub loc: Loc,
}

/// `cfg` without the edges `drop` and with `chains` added.
pub fn rebuild(cfg: &Cfg, drop: &[EdgeId], chains: Vec<Chain>) -> Cfg {
    let n = cfg.num_locs as usize;
    // fresh locations per anchor
    let mut mids = vec![0u32; n];
    for c in &chains {
        mids[c.from.0 as usize] += c.ops.len().saturating_sub(1) as u32;
    }
    let mut new_id = Vec::with_capacity(n);
    let mut next = 0u32;
    let mut loc_src = Vec::new();
    let mut loc_func = Vec::new();
    for (l, &m) in mids.iter().enumerate() {
        new_id.push(next);
        for _ in 0..=m {
            loc_src.push(cfg.loc_src[l]);
            loc_func.push(cfg.loc_func[l].clone());
        }
        next += 1 + m;
    }
    let map = |l: LocId| LocId(new_id[l.0 as usize]);
    let mut edges: Vec<Edge> = cfg
        .edges
        .iter()
        .enumerate()
        .filter(|(i, _)| !drop.contains(&EdgeId(*i as u32)))
        .map(|(_, e)| Edge {
            from: map(e.from),
            to: map(e.to),
            op: e.op.clone(),
            loc: e.loc,
        })
        .collect();
    let mut used = vec![0u32; n];
    for c in chains {
        let a = c.from.0 as usize;
        let k = c.ops.len();
        let mut from = map(c.from);
        for (i, op) in c.ops.into_iter().enumerate() {
            let to = if i + 1 == k {
                map(c.to)
            } else {
                used[a] += 1;
                LocId(new_id[a] + used[a])
            };
            edges.push(Edge {
                from,
                to,
                op,
                loc: c.loc,
            });
            from = to;
        }
    }
    let mut out = vec![Vec::new(); next as usize];
    for (i, e) in edges.iter().enumerate() {
        out[e.from.0 as usize].push(EdgeId(i as u32));
    }
    let mut new = Cfg {
        name: cfg.name.clone(),
        num_locs: next,
        entry: map(cfg.entry),
        exit: map(cfg.exit),
        error: map(cfg.error),
        edges,
        out,
        loc_src,
        loc_func,
        loops: Vec::new(),
        param: cfg.param,
        param2: cfg.param2,
        ret: cfg.ret,
    };
    new.loops = crate::ir::loops::find_loops(&new);
    new
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Expr;

    #[test]
    fn chains_get_locations_after_their_start() {
        let loc = Loc::default();
        let cfg = Cfg {
            name: "main".into(),
            num_locs: 3,
            entry: LocId(0),
            exit: LocId(1),
            error: LocId(2),
            edges: vec![
                Edge {
                    from: LocId(0),
                    to: LocId(1),
                    op: Op::Skip,
                    loc,
                },
                Edge {
                    from: LocId(0),
                    to: LocId(2),
                    op: Op::Error(crate::ir::ErrorKind::ReachError),
                    loc,
                },
            ],
            out: vec![vec![EdgeId(0), EdgeId(1)], vec![], vec![]],
            loc_src: vec![loc; 3],
            loc_func: vec!["main".into(); 3],
            loops: vec![],
            param: None,
            param2: None,
            ret: None,
        };
        let c = rebuild(
            &cfg,
            &[EdgeId(1)],
            vec![Chain {
                from: LocId(0),
                ops: vec![
                    Op::Assume(Expr::bool(false)),
                    Op::Error(crate::ir::ErrorKind::ReachError),
                ],
                to: LocId(2),
                loc,
            }],
        );
        assert_eq!(c.num_locs, 4);
        assert_eq!((c.exit, c.error), (LocId(2), LocId(3)));
        assert!(c.edges.iter().all(|e| e.from < e.to));
        assert_eq!(c.out[1].len(), 1);
        assert!(matches!(c.edges[c.out[1][0].0 as usize].op, Op::Error(_)));
    }
}
