//! The control-flow graphs of the final IR, assembled from a thread's lowered edges once
//! points-to has resolved them ([`build_cfg`]): each edge's resolved steps get fresh minor
//! locations right after their source (keeping program order), chains of forward skips are
//! removed, locations are renumbered densely, and loops are found; [`renumber_op`] renames the
//! variables of an op when the program's variables are renumbered.

use super::cfg::{map_vars, POp, Tgt};
use super::edge_conds::{emit, Step};
use super::pointsto::Resolver;
use super::*;
use crate::ir::{CallArg, Cfg, Edge, EdgeId, LocId, Op};

pub(super) fn renumber_op(op: &mut Op, m: &impl Fn(VarId) -> VarId) {
    let re = |e: &Expr| map_vars(e, &mut |v| Expr::Var(m(v)));
    match op {
        Op::Assign(v, e) => {
            *v = m(*v);
            *e = re(e);
        }
        Op::Assume(e) => *e = re(e),
        Op::Nondet(v) => *v = m(*v),
        Op::Call {
            args,
            ret,
            may_write,
            ..
        } => {
            for a in args.iter_mut() {
                if let CallArg::Value(x) = a {
                    *x = re(x);
                }
            }
            *ret = ret.map(m);
            for w in may_write.iter_mut() {
                *w = m(*w);
            }
        }
        _ => {}
    }
}

/// Removes locations whose only outgoing edge is a forward `Skip` (joins, jumps, returns):
/// their incoming edges go straight to the skip's target. Loop heads and `keep` stay.
fn skip_chains(raw: &mut Vec<RawEdge>, keep: &[(u32, u32)]) -> HashSet<(u32, u32)> {
    let mut outs: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
    let mut back_targets: HashSet<(u32, u32)> = HashSet::new();
    for (i, (f, t, _, _)) in raw.iter().enumerate() {
        outs.entry(*f).or_default().push(i);
        if t <= f {
            back_targets.insert(*t);
        }
    }
    let mut fwd: HashMap<(u32, u32), (u32, u32)> = HashMap::new();
    let mut cands: Vec<(u32, u32)> = outs
        .iter()
        .filter(|(k, v)| {
            v.len() == 1
                && !keep.contains(k)
                && !back_targets.contains(k)
                && matches!(raw[v[0]].2, Op::Skip)
                && raw[v[0]].1 > **k
        })
        .map(|(k, _)| *k)
        .collect();
    cands.sort();
    // highest first, so that a chain's target is already final
    for k in cands.into_iter().rev() {
        let mut t = raw[outs[&k][0]].1;
        while let Some(n) = fwd.get(&t) {
            t = *n;
        }
        fwd.insert(k, t);
    }
    if fwd.is_empty() {
        return HashSet::new();
    }
    let removed: HashSet<(u32, u32)> = fwd.keys().copied().collect();
    raw.retain(|(f, _, _, _)| !removed.contains(f));
    for e in raw.iter_mut() {
        if let Some(t) = fwd.get(&e.1) {
            e.1 = *t;
        }
    }
    removed
}

/// (from key, to key, op, loc) of an edge before renumbering.
pub(super) type RawEdge = ((u32, u32), (u32, u32), Op, Loc);

/// The CFG of one thread: its edges resolved by `r`, renumbered and with its loops found.
pub(super) fn build_cfg(r: &mut Resolver, b: &Built) -> Result<Cfg, Diag> {
    // temporaries made while resolving belong to this thread
    r.l.thread = b.thread;
    r.memo.clear();
    r.conds.forget_loads();
    let n = b.b.locs.len() as u32;
    let mut minor: Vec<u32> = vec![0; n as usize];
    // (from key, to key, op, loc)
    let mut raw: Vec<RawEdge> = Vec::new();
    let exit_key = (b.b.resolve(Tgt::Label(b.exit)).expect("exit placed").0, 0);
    let error_key = (b.b.resolve(Tgt::Label(b.error)).expect("error placed").0, 0);
    let mut alias: HashMap<(u32, u32), (u32, u32)> = HashMap::new();
    let mut src_of: HashMap<u32, u32> = HashMap::new();
    for e in &b.b.edges {
        let to = match b.b.resolve(e.to) {
            Some(t) => t,
            None => {
                return Err(Diag::error(
                    DiagKind::Type,
                    Some(e.loc),
                    "internal error: jump to a label that was never placed",
                ))
            }
        };
        if matches!(e.op, POp::Bases)
            && r.bases.vars.is_empty()
            && to.0 == e.from.0 + 1
            && ![exit_key, error_key].contains(&(to.0, 0))
        {
            // no base to choose: the edge and its target location vanish (the location left
            // keeps the source position of the one that vanished: the first statement's)
            alias.insert((to.0, 0), (e.from.0, 0));
            src_of.insert(e.from.0, to.0);
            continue;
        }
        let mut ops = match r.resolve(&e.op) {
            Ok(ops) if ops.is_empty() => vec![Step::Op(Op::Skip)],
            Ok(ops) => ops,
            Err(msg) => vec![Step::Op(Op::Unsupported(msg))],
        };
        if matches!(ops.last(), Some(Step::Guard(..) | Step::Flag(..))) {
            ops.push(Step::Op(Op::Skip));
        }
        let mut from = (e.from.0, 0);
        let k = ops.len();
        let fresh = |minor: &mut Vec<u32>| {
            minor[e.from.0 as usize] += 1;
            (e.from.0, minor[e.from.0 as usize])
        };
        let sink = |dst| if to.0 > e.from.0 { (to.0, 0) } else { dst };
        for (i, step) in ops.into_iter().enumerate() {
            let dst = if i + 1 == k {
                (to.0, 0)
            } else {
                fresh(&mut minor)
            };
            from = emit(
                step,
                from,
                dst,
                sink(dst),
                e.loc,
                &mut || fresh(&mut minor),
                &mut raw,
            );
        }
    }
    let exit = b.b.resolve(Tgt::Label(b.exit)).expect("exit placed");
    let error = b.b.resolve(Tgt::Label(b.error)).expect("error placed");
    for (f, t, _, _) in raw.iter_mut() {
        for k in [f, t] {
            if let Some(a) = alias.get(k) {
                *k = *a;
            }
        }
    }
    let keep = [(b.entry.0, 0), (exit.0, 0), (error.0, 0)];
    let mut removed = skip_chains(&mut raw, &keep);
    removed.extend(alias.keys().copied());
    let mut keys: Vec<(u32, u32)> = (0..n).map(|i| (i, 0)).collect();
    for (i, &mcount) in minor.iter().enumerate() {
        for k in 1..=mcount {
            keys.push((i as u32, k));
        }
    }
    keys.retain(|k| !removed.contains(k));
    keys.sort();
    let index: HashMap<(u32, u32), u32> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| (*k, i as u32))
        .collect();
    let mut loc_src = Vec::with_capacity(keys.len());
    let mut loc_func = Vec::with_capacity(keys.len());
    for (maj, _) in &keys {
        let (src, f) = &b.b.locs[*src_of.get(maj).unwrap_or(maj) as usize];
        loc_src.push(*src);
        loc_func.push(f.clone());
    }
    let mut edges = Vec::with_capacity(raw.len());
    let mut out = vec![Vec::new(); keys.len()];
    for (from, to, op, loc) in raw {
        let f = LocId(index[&from]);
        let t = LocId(index[&to]);
        out[f.0 as usize].push(EdgeId(edges.len() as u32));
        edges.push(Edge {
            from: f,
            to: t,
            op,
            loc,
        });
    }
    let mut cfg = Cfg {
        name: b.name.clone(),
        num_locs: keys.len() as u32,
        entry: LocId(index[&(b.entry.0, 0)]),
        exit: LocId(index[&(exit.0, 0)]),
        error: LocId(index[&(error.0, 0)]),
        edges,
        out,
        loc_src,
        loc_func,
        loops: Vec::new(),
        param: b.param,
        param2: b.param2,
        ret: b.ret,
    };
    cfg.loops = crate::ir::loops::find_loops(&cfg);
    Ok(cfg)
}
