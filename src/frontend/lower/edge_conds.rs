//! The conditions a resolved memory access adds to its edge, and how they become CFG edges.
//!
//! `pointsto::finish` resolves loads and stores through pointers into `Ite` chains and
//! guarded assignments over candidate cells; this module owns what such an access requires of
//! the path taking it:
//! - address guards ([`access_guards`]): the target sets an access must stay inside (the
//!   allocated bytes of a live heap instance, a candidate object when the offset is not known,
//!   no summarised heap block on a read), with the reason a violating path ends in an
//!   `Unsupported` edge; and the provenance guard ([`provenance_guard`]): an access through a
//!   pointer into an object stays inside that object, not merely inside some candidate or
//!   outside every known one;
//! - unknown-target flags: a read that may leave every known object reads an `unknown_read$`
//!   value only on the branch where it does ([`Step::Flag`]), so that a counterexample is
//!   flagged only when it takes that branch ([`crate::frontend::libc::reads_unknown_target`]);
//! - the per-edge bookkeeping of both ([`EdgeConds`]: a memoised load brings its conditions
//!   along), their order among the edge's ops ([`EdgeConds::steps`]) and their split into CFG
//!   edges ([`emit`]).

use super::assemble::RawEdge;
use super::pointsto::Cands;
use super::*;
use crate::ir::{BinOp, Op};

/// One step of a resolved edge.
pub(super) enum Step {
    Op(Op),
    /// The path continues only if the condition holds; otherwise it ends in an
    /// `Unsupported` edge with the reason.
    Guard(Expr, String),
    /// If the condition holds, the path takes an `Op::Nondet` edge of the variable (a read
    /// through a pointer that may point outside every known object gives an `unknown_read$`
    /// value only on the paths where it does, so that a counterexample is flagged only when it
    /// takes that branch: [`crate::frontend::libc::reads_unknown_target`]); otherwise it goes on.
    Flag(Expr, VarId),
}

/// The guards and flags of the edge being resolved, and those of every load resolved so far
/// in the current thread (a memoised load adds its own again where it is used).
#[derive(Default)]
pub(super) struct EdgeConds {
    /// Conditions the edge being resolved needs (heap accesses), with the reason a path
    /// violating one is unsupported.
    pub(super) guards: Vec<(Expr, String)>,
    /// The guards each resolved load needs (its nested loads' included).
    load_guards: HashMap<VarId, Vec<(Expr, String)>>,
    /// Unknown-target branches of the edge being resolved: (the condition under which the read
    /// leaves every known object, the `unknown_read$` variable it then reads), inner loads first.
    pub(super) flags: Vec<(Expr, VarId)>,
    /// The flags each resolved load needs (its nested loads' included).
    load_flags: HashMap<VarId, Vec<(Expr, VarId)>>,
}

impl EdgeConds {
    /// A memoised load is used again: its conditions hold on this edge too.
    pub(super) fn reuse(&mut self, v: VarId) {
        if let Some(g) = self.load_guards.get(&v) {
            self.guards.extend(g.iter().cloned());
        }
        if let Some(f) = self.load_flags.get(&v) {
            self.flags.extend(f.iter().cloned());
        }
    }

    /// Where the conditions of a load about to be resolved start.
    pub(super) fn mark(&self) -> (usize, usize) {
        (self.guards.len(), self.flags.len())
    }

    /// Records the conditions added since `mark` as those of load `v`.
    pub(super) fn record(&mut self, v: VarId, mark: (usize, usize)) {
        self.load_guards.insert(v, self.guards[mark.0..].to_vec());
        self.load_flags.insert(v, self.flags[mark.1..].to_vec());
    }

    /// Forgets the loads' conditions (a new thread: its loads are resolved afresh).
    pub(super) fn forget_loads(&mut self) {
        self.load_guards.clear();
        self.load_flags.clear();
    }

    /// A new edge: no conditions yet.
    pub(super) fn begin_edge(&mut self) {
        self.guards.clear();
        self.flags.clear();
    }

    /// The steps an edge becomes (in order): its ops, with the guards and flags its accesses
    /// need placed after the nondeterministic temporaries they may read. Conditions that fold
    /// to true (guards) or false (flags) are dropped.
    pub(super) fn steps(&mut self, ops: Vec<Op>, vars: &[ir::Var]) -> Vec<Step> {
        let mut guards = std::mem::take(&mut self.guards);
        let mut seen = HashSet::new();
        guards.retain(|g| seen.insert(g.0.clone()));
        let mut flags = std::mem::take(&mut self.flags);
        let mut seen = HashSet::new();
        flags.retain(|f| seen.insert(f.1));
        let lead = ops
            .iter()
            .take_while(|o| matches!(o, Op::Nondet(_)))
            .count();
        let mut out = Vec::with_capacity(ops.len() + guards.len());
        let mut it = ops.into_iter();
        for o in it.by_ref().take(lead) {
            out.push(Step::Op(o));
        }
        for (c, m) in guards {
            if fold::const_value(&c, vars) != Some(1) {
                out.push(Step::Guard(c, m));
            }
        }
        for (c, v) in flags {
            match fold::const_value(&c, vars) {
                Some(0) => {}
                Some(_) => out.push(Step::Op(Op::Nondet(v))),
                None => out.push(Step::Flag(c, v)),
            }
        }
        out.extend(it.map(Step::Op));
        out
    }
}

/// Appends the CFG edges of one step from `from` to `dst` (`sink`: where a violated guard's
/// `Unsupported` edge leads, a later location; `fresh`: a new location after `from`) and
/// returns the location the next step starts at.
pub(super) fn emit(
    step: Step,
    from: (u32, u32),
    dst: (u32, u32),
    sink: (u32, u32),
    loc: Loc,
    fresh: &mut dyn FnMut() -> (u32, u32),
    raw: &mut Vec<RawEdge>,
) -> (u32, u32) {
    match step {
        Step::Op(op) => raw.push((from, dst, op, loc)),
        Step::Guard(c, msg) => {
            // the violating path ends in an unsupported edge (to a later location)
            let bad = fresh();
            raw.push((from, bad, Op::Assume(Expr::not(c.clone())), loc));
            raw.push((bad, sink, Op::Unsupported(msg), loc));
            raw.push((from, dst, Op::Assume(c), loc));
        }
        Step::Flag(c, v) => {
            // the unknown branch havocs `v` on its own edge; the other goes on (never
            // the last step, so `dst` is fresh: the join after it keeps edges forward)
            let join = fresh();
            raw.push((from, dst, Op::Assume(c.clone()), loc));
            raw.push((dst, join, Op::Nondet(v), loc));
            raw.push((from, join, Op::Assume(Expr::not(c)), loc));
            return join;
        }
    }
    dst
}

/// The guards of an access of `n` bytes at `addr` with candidates `c`: it stays inside
/// the allocated bytes of a live heap instance (or inside another candidate, or, with a target
/// the analysis does not know, its pointer operand points into no heap candidate: `prov`,
/// `pointsto::provenance`), and a read does not touch a summarised block.
pub(super) fn access_guards(
    l: &Lowerer,
    c: &Cands,
    prov: Option<&[(u32, Expr)]>,
    addr: &Expr,
    n: u64,
    is_load: bool,
) -> Vec<(Expr, String)> {
    let mut guards = Vec::new();
    if c.heap.is_empty() && c.summ.is_empty() && c.loose && !c.unknown {
        // an access at an offset the analysis cannot bound must lie within one candidate:
        // past its end the address chain would resolve to its last cell (and the replay to
        // whatever object follows), a value the program cannot read (undefined behaviour)
        let pt = l.ptr_type();
        let k = |x: u64| Expr::Const(x as i128, pt);
        let mut ok: Vec<Expr> = c
            .others
            .iter()
            .map(|(b, sz)| {
                Expr::bin(
                    BinOp::And,
                    Expr::bin(BinOp::Le, k(*b), addr.clone()),
                    Expr::bin(
                        BinOp::Le,
                        Expr::bin(BinOp::Add, addr.clone(), k(n)),
                        k(b + sz),
                    ),
                )
            })
            .collect();
        // the model of `argv` holds its first entries only (`env`): a read past them is the
        // model's limit, not the program's undefined behaviour, except that of `argv[argc]`
        // (NULL: `pointsto` reads it so)
        let end = super::env::argv_end(l, &c.others);
        let argv = end.is_some();
        if let Some(end) = end.filter(|_| is_load && n == l.target.pointer_bits as u64 / 8) {
            ok.push(Expr::bin(BinOp::Eq, addr.clone(), end));
        }
        guards.push((
            fold::balanced(ok, BinOp::Or),
            if argv {
                super::env::ARGV_BEYOND
            } else if is_load {
                "dereference out of object bounds: read outside the object the pointer points into (undefined behaviour)"
            } else {
                "access outside the bounds of an object (undefined behaviour)"
            }
            .into(),
        ));
        return guards;
    }
    if c.heap.is_empty() && (c.summ.is_empty() || !is_load) {
        return guards;
    }
    let pt = l.ptr_type();
    let k = |x: u64| Expr::Const(x as i128, pt);
    let inside = |b: u64, e: u64| {
        Expr::bin(
            BinOp::And,
            Expr::bin(BinOp::Le, k(b), addr.clone()),
            Expr::bin(BinOp::Lt, addr.clone(), k(e)),
        )
    };
    if !c.heap.is_empty() {
        let track_live = l.frees > 0;
        let mut ok = Vec::new();
        let mut beyond = None;
        for o in &c.heap {
            let h = &l.heap[o];
            let base = l.objs[*o as usize].base;
            let end = Expr::bin(BinOp::Add, k(base), h.size.clone());
            let mut conds = vec![
                Expr::bin(BinOp::Le, k(base), addr.clone()),
                Expr::bin(BinOp::Le, Expr::bin(BinOp::Add, addr.clone(), k(n)), end),
            ];
            if track_live {
                conds.push(Expr::Var(h.live));
            }
            if is_load && fold::const_value(&h.size, &l.vars).is_none() {
                // only the first `cap` bytes of a block of symbolic size are modelled
                conds.push(Expr::bin(
                    BinOp::Le,
                    Expr::bin(BinOp::Add, addr.clone(), k(n)),
                    k(base + h.cap),
                ));
                beyond = Some(h.cap);
            }
            ok.push(fold::balanced(conds, BinOp::And));
        }
        for (b, sz) in c.others.iter().chain(c.summ.iter()) {
            ok.push(inside(*b, b + sz));
        }
        if c.unknown {
            // the part the analysis does not know: a pointer into none of the heap candidates
            // (`prov`: told by the access's pointer operand, so that an access past a block
            // is not taken for it), else an address outside every heap candidate
            let out: Vec<Expr> = match prov {
                Some(prov) => prov
                    .iter()
                    .filter(|(o, _)| l.heap.contains_key(o))
                    .map(|(_, inside)| Expr::not(inside.clone()))
                    .collect(),
                None => c
                    .heap
                    .iter()
                    .map(|o| {
                        let b = l.objs[*o as usize].base;
                        Expr::not(inside(b, b + l.heap[o].cap.max(1)))
                    })
                    .collect(),
            };
            ok.push(fold::balanced(out, BinOp::And));
        }
        let site = match c.heap.as_slice() {
            [o] => format!(" (block from {})", l.heap[o].site),
            _ => String::new(),
        };
        let what = match beyond {
            Some(cap) => format!("read outside the allocated bytes of a heap block or after its free{site} (undefined behaviour), or beyond the first {cap} bytes modelled of a block of symbolic size"),
            None => format!("access outside the allocated bytes of a heap block or after its free{site} (undefined behaviour)"),
        };
        guards.push((fold::balanced(ok, BinOp::Or), what));
    }
    if is_load && !c.summ.is_empty() {
        let out: Vec<Expr> = c
            .summ
            .iter()
            .map(|(b, sz)| Expr::not(inside(*b, b + sz)))
            .collect();
        guards.push((
            fold::balanced(out, BinOp::And),
            format!(
                "read of a heap block that is not modelled precisely (more than {} blocks from one allocation site, an allocation in a thread other than main, or too large)",
                super::heap::HEAP_INSTANCES
            ),
        ));
    }
    guards
}

/// The provenance guard of an access of `n` bytes at `addr` through a pointer that may point
/// into the objects `objs`: with `prov` (for each object, the condition that the access's
/// pointer operand points into it, `pointsto::provenance`), an access through a pointer into an
/// object stays inside that object, even where its address reaches another candidate (`q = c ?
/// a : b; q[5]` landing in `b`) or could be taken for the target the analysis does not know
/// (`q = c ? a : env_ptr; q[i]`): both would read a value the program cannot read (undefined
/// behaviour, C11 6.5.6p8). Without `prov` the access must lie within one of the objects (a
/// pointer operand the analysis cannot single out: its unknown part is not told apart).
pub(super) fn provenance_guard(
    l: &Lowerer,
    objs: &[u32],
    prov: Option<&[(u32, Expr)]>,
    addr: &Expr,
    n: u64,
    is_load: bool,
) -> Option<(Expr, String)> {
    let at = addr.ty(&l.vars);
    let k = |x: u64| Expr::Const(x as i128, at);
    let within = |o: u32| -> Option<Expr> {
        let oi = &l.objs[o as usize];
        if matches!(oi.kind, ObjKind::Func(_)) {
            return None;
        }
        let lo = Expr::bin(BinOp::Le, k(oi.base), addr.clone());
        let end = Expr::bin(BinOp::Add, addr.clone(), k(n));
        let mut conds = vec![lo];
        match l.heap.get(&o) {
            Some(h) => {
                let size = fold::cast(at, h.size.clone(), &l.vars);
                conds.push(Expr::bin(
                    BinOp::Le,
                    end.clone(),
                    Expr::bin(BinOp::Add, k(oi.base), size),
                ));
                if is_load && fold::const_value(&h.size, &l.vars).is_none() {
                    conds.push(Expr::bin(BinOp::Le, end, k(oi.base + h.cap)));
                }
            }
            None => conds.push(Expr::bin(BinOp::Le, end, k(oi.base + oi.size))),
        }
        let mut w = fold::balanced(conds, BinOp::And);
        if is_load && n == l.target.pointer_bits as u64 / 8 {
            // `argv[argc]` reads NULL beyond the modelled entries (`env::argv_end`)
            if let Some(e) = super::env::argv_end(l, &[(oi.base, oi.size)]) {
                w = Expr::bin(BinOp::Or, w, Expr::bin(BinOp::Eq, addr.clone(), e));
            }
        }
        Some(w)
    };
    let cond = match prov {
        Some(prov) => {
            let parts: Vec<Expr> = prov
                .iter()
                .filter_map(|(o, inside)| {
                    let w = within(*o)?;
                    Some(Expr::bin(BinOp::Or, Expr::not(inside.clone()), w))
                })
                .collect();
            if parts.is_empty() {
                return None;
            }
            fold::balanced(parts, BinOp::And)
        }
        None => {
            let parts: Vec<Expr> = objs.iter().filter_map(|o| within(*o)).collect();
            if parts.is_empty() {
                return None;
            }
            fold::balanced(parts, BinOp::Or)
        }
    };
    let msg = if is_load {
        "dereference out of object bounds: read outside the object the pointer points into (undefined behaviour)"
    } else {
        "access outside the bounds of an object (undefined behaviour)"
    };
    Some((cond, msg.into()))
}
