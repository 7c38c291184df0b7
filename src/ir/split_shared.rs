//! Statement granularity under preemptive scheduling: one shared-memory access per edge.
//!
//! The lowering turns one C statement into one edge, and the interleaving engines (ESST,
//! partial-order BMC) treat an edge as indivisible. Under a preemptive scheduler (pthreads,
//! FreeRTOS with preemption, any interrupt handler) a real machine can switch threads between
//! the load and the store of `hits++`, so one edge per statement would hide lost updates: a
//! wrong SUCCESSFUL. [`split_shared_accesses`] rewrites every edge with more than one access to
//! shared memory into a chain: each read goes into a fresh local temporary (left to right, the
//! evaluation order of the operands), and the final edge performs the last access (the write,
//! or the last read of a condition or a local assignment).
//!
//! What is shared: a variable of [`Scope::Global`] ([`Program::is_shared`]: globals, statics,
//! heap cells, locals whose address escapes), the same test `sched::policy` uses to place
//! preemption points. What one access is:
//! - a shared variable (every occurrence of it in one edge is one read: the lowering copies a
//!   C operand into several places, such as the index `i` of `a[i]` in each arm of the cell
//!   selection, or a `switch` scrutinee in the default case);
//! - a selection `c ? x : y` (nested, with local conditions) whose arms are shared cells,
//!   constants or local values: one cell is read at run time (`a[i]`, `*p`, C's `?:`);
//! - the bytes of one byte-precise object composed into one scalar (`u.w` of a union):
//!   one load on the machine, not one load per byte.
//!
//! The conditional write `g := c ? v : g` (how the lowering stores through a pointer or an
//! index with several possible targets) writes `g` only when `c` holds: the `g` in its keep arm
//! is not a read (splitting it off would invent a lost update of another thread's write).
//!
//! The branch edges of one location (`assume c` / `assume !c`, switch cases) are split
//! together: their reads are hoisted once, before the branch, so every branch sees the same
//! values. Edges inside an atomic section on every path (`__VERIFIER_atomic_*`, `_Atomic`
//! operations, `__VERIFIER_atomic_begin/end`), or inside another section the scheduler does not
//! preempt (the caller names them: FreeRTOS critical sections), are kept: nothing can
//! interleave there. Mutexes need no special case (other threads block on them). Calls
//! (scheduler primitives and external functions) are kept as they are.
//!
//! Limitation: two reads of the same variable in one C statement (`x + x`) are one read here,
//! since the IR cannot tell them from the lowering's copies of one operand.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::VarId;
use super::{BinOp, Cfg, Edge, EdgeId, Expr, LocId, ObjectId, Op, Program, Scope, ThreadId, Var};

/// What the pass changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SplitStats {
    /// Statements (edges, or branch groups of one location) rewritten.
    pub statements: usize,
    /// Reads moved into temporaries (one new edge each).
    pub reads: usize,
}

/// Splits every edge of every thread (except those `skip` names) so that it accesses shared
/// memory at most once (see the module doc). Besides atomic sections, `section` names the
/// operations that enter (`Some(true)`) and leave (`Some(false)`) a section the scheduler does
/// not preempt (FreeRTOS critical sections); edges inside one on every path are kept.
pub fn split_shared_accesses(
    prog: &mut Program,
    skip: &dyn Fn(&Cfg) -> bool,
    section: &dyn Fn(&Op) -> Option<bool>,
) -> SplitStats {
    let writers = writers(prog);
    let mut stats = SplitStats::default();
    for t in 0..prog.threads.len() {
        if skip(&prog.threads[t]) {
            continue;
        }
        let ctx = Ctx::new(prog, t, &writers);
        let cfg = std::mem::replace(&mut prog.threads[t], empty_cfg());
        let (cfg, s) = split_cfg(cfg, ThreadId(t as u32), &ctx, section, &mut prog.vars);
        prog.threads[t] = cfg;
        stats.statements += s.statements;
        stats.reads += s.reads;
    }
    stats
}

fn empty_cfg() -> Cfg {
    Cfg {
        name: String::new(),
        num_locs: 0,
        entry: LocId(0),
        exit: LocId(0),
        error: LocId(0),
        edges: Vec::new(),
        out: Vec::new(),
        loc_src: Vec::new(),
        loc_func: Vec::new(),
        loops: Vec::new(),
        param: None,
        param2: None,
        ret: None,
    }
}

/// The threads (CFG indices) whose edges write each variable: assignments, nondeterministic
/// values, call results and the cells a call may write, thread parameters and return values.
fn writers(prog: &Program) -> Vec<BTreeSet<usize>> {
    let mut w = vec![BTreeSet::new(); prog.vars.len()];
    for (t, cfg) in prog.threads.iter().enumerate() {
        let mut add = |v: VarId| {
            w[v.0 as usize].insert(t);
        };
        cfg.param
            .into_iter()
            .chain(cfg.param2)
            .chain(cfg.ret)
            .for_each(&mut add);
        for e in &cfg.edges {
            match &e.op {
                Op::Assign(v, _) | Op::Nondet(v) => add(*v),
                Op::Call { ret, may_write, .. } => {
                    ret.iter().chain(may_write).copied().for_each(&mut add);
                }
                _ => {}
            }
        }
    }
    w
}

struct Ctx {
    /// Indexed by variable: shared and possibly written by another thread instance, so that a
    /// read of it is an access of its own. A shared variable no thread writes, or only `main`
    /// (one instance) when the pass rewrites `main`, reads the same within a statement as
    /// before it. Temporaries added by the pass (beyond the end) are local.
    volatile: Vec<bool>,
    /// Indexed by variable: shared (a write to it is an access).
    shared: Vec<bool>,
    /// The object each shared 8-bit cell belongs to (for byte compositions): its object in
    /// [`Program::objects`], or for an object whose address is never taken the name the
    /// lowering gives byte cells, `name<i>`.
    byte_object: BTreeMap<VarId, ByteObject>,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum ByteObject {
    Object(ObjectId),
    Named(String),
}

impl Ctx {
    fn new(prog: &Program, thread: usize, writers: &[BTreeSet<usize>]) -> Ctx {
        let shared: Vec<bool> = (0..prog.vars.len())
            .map(|i| prog.is_shared(VarId(i as u32)))
            .collect();
        // temporaries of threads already rewritten are beyond `writers`: local
        let volatile = (0..writers.len())
            .map(|i| {
                let w = &writers[i];
                shared[i] && !(w.is_empty() || (thread == 0 && w.iter().all(|&t| t == 0)))
            })
            .collect();
        let mut byte_object = BTreeMap::new();
        for (i, v) in prog.vars.iter().enumerate() {
            if shared[i] && v.ty.bits() == 8 {
                if let Some((stem, _)) = v.name.strip_suffix('>').and_then(|n| n.rsplit_once('<')) {
                    byte_object.insert(VarId(i as u32), ByteObject::Named(stem.to_string()));
                }
            }
        }
        for (i, o) in prog.objects.iter().enumerate() {
            for &(_, c) in &o.cells {
                if shared[c.0 as usize] && prog.var(c).ty.bits() == 8 {
                    byte_object.insert(c, ByteObject::Object(ObjectId(i as u32)));
                }
            }
        }
        Ctx {
            volatile,
            shared,
            byte_object,
        }
    }
}

impl Ctx {
    /// A write to `v` is an access.
    fn is_shared(&self, v: VarId) -> bool {
        self.shared.get(v.0 as usize).copied().unwrap_or(false)
    }

    /// A read of `v` is an access.
    fn is_volatile(&self, v: VarId) -> bool {
        self.volatile.get(v.0 as usize).copied().unwrap_or(false)
    }

    fn reads_shared(&self, e: &Expr) -> bool {
        let mut g = false;
        e.for_each_var(&mut |v| g |= self.is_volatile(v));
        g
    }

    /// One access (see the module doc): a shared variable, a selection among cells, or a byte
    /// composition of one object.
    fn is_unit(&self, e: &Expr) -> bool {
        match e {
            Expr::Var(v) => self.is_volatile(*v),
            Expr::Ite(c, a, b) => {
                !self.reads_shared(c)
                    && self.is_arm(a)
                    && self.is_arm(b)
                    && (self.reads_shared(a) || self.reads_shared(b))
            }
            _ => self.is_byte_composition(e),
        }
    }

    /// An arm of a selection: a local value, or one access (possibly converted).
    fn is_arm(&self, e: &Expr) -> bool {
        match e {
            Expr::Cast(_, a) => self.is_arm(a),
            _ => !self.reads_shared(e) || self.is_unit(e),
        }
    }

    /// Bytes of one byte-precise object combined with shifts, masks and conversions only
    /// (how the lowering reads a scalar from byte cells), reading at least two of them.
    fn is_byte_composition(&self, e: &Expr) -> bool {
        let mut objects = BTreeSet::new();
        let mut cells = BTreeSet::new();
        let mut ok = true;
        self.composition_parts(e, &mut objects, &mut cells, &mut ok);
        ok && objects.len() == 1 && cells.len() >= 2
    }

    fn composition_parts(
        &self,
        e: &Expr,
        objects: &mut BTreeSet<ByteObject>,
        cells: &mut BTreeSet<VarId>,
        ok: &mut bool,
    ) {
        match e {
            Expr::Const(..) => {}
            Expr::Var(v) => match self.byte_object.get(v) {
                Some(o) => {
                    objects.insert(o.clone());
                    cells.insert(*v);
                }
                _ => *ok = false,
            },
            Expr::Cast(_, a) => self.composition_parts(a, objects, cells, ok),
            Expr::Binary(BinOp::BitOr | BinOp::Shl | BinOp::Shr | BinOp::BitAnd, a, b) => {
                self.composition_parts(a, objects, cells, ok);
                self.composition_parts(b, objects, cells, ok);
            }
            _ => *ok = false,
        }
    }

    /// The accesses of `e`, left to right (operands before the operation), without repeats.
    fn units(&self, e: &Expr, out: &mut Vec<Expr>) {
        if !self.reads_shared(e) {
            return;
        }
        if self.is_unit(e) {
            if !out.contains(e) {
                out.push(e.clone());
            }
            return;
        }
        match e {
            Expr::Const(..) | Expr::Var(_) => {}
            Expr::Unary(_, a) | Expr::Cast(_, a) => self.units(a, out),
            Expr::Binary(_, a, b) => {
                self.units(a, out);
                self.units(b, out);
            }
            Expr::Ite(c, a, b) => {
                self.units(c, out);
                self.units(a, out);
                self.units(b, out);
            }
            Expr::Float(_, xs) => xs.iter().for_each(|x| self.units(x, out)),
        }
    }
}

/// Replaces every occurrence of `unit` in `e` by `by`.
fn substitute(e: &Expr, unit: &Expr, by: &Expr) -> Expr {
    if e == unit {
        return by.clone();
    }
    match e {
        Expr::Const(..) | Expr::Var(_) => e.clone(),
        Expr::Unary(op, a) => Expr::Unary(*op, Box::new(substitute(a, unit, by))),
        Expr::Cast(t, a) => Expr::Cast(*t, Box::new(substitute(a, unit, by))),
        Expr::Binary(op, a, b) => Expr::bin(*op, substitute(a, unit, by), substitute(b, unit, by)),
        Expr::Ite(c, a, b) => Expr::ite(
            substitute(c, unit, by),
            substitute(a, unit, by),
            substitute(b, unit, by),
        ),
        Expr::Float(op, xs) => {
            Expr::Float(*op, xs.iter().map(|x| substitute(x, unit, by)).collect())
        }
    }
}

/// The reads to hoist for a statement whose expressions are `exprs` and which may keep
/// `allowed` accesses (0 when it writes shared memory, else 1): the hoisted `(temp, read)`
/// pairs in order, `exprs` rewritten over the temporaries.
fn plan(
    ctx: &Ctx,
    exprs: &mut [Expr],
    allowed: usize,
    thread: ThreadId,
    loc: crate::diag::Loc,
    vars: &mut Vec<Var>,
) -> Vec<(VarId, Expr)> {
    let mut hoisted = Vec::new();
    loop {
        let mut units = Vec::new();
        for e in exprs.iter() {
            ctx.units(e, &mut units);
        }
        if units.len() <= allowed {
            return hoisted;
        }
        let unit = units.swap_remove(0);
        let t = VarId(vars.len() as u32);
        let base = match &unit {
            Expr::Var(v) => vars[v.0 as usize].name.as_str(),
            _ => "read",
        };
        vars.push(Var {
            // shown in traces: the value a thread read before it was preempted
            name: format!("{base}$r{}", t.0),
            ty: unit.ty(vars),
            scope: Scope::Local(thread),
            init: None,
            is_temp: false,
            loc: Some(loc),
        });
        let by = Expr::Var(t);
        for e in exprs.iter_mut() {
            *e = substitute(e, &unit, &by);
        }
        hoisted.push((t, unit));
    }
}

/// For a conditional write `g := c ? v : g` (see the module doc; nested selections too), the
/// condition under which the value is the keep arm `g`, so that the store does not happen:
/// `None` when `e` has no keep arm or is `g` itself (a plain store). The weak-memory engines and their replay
/// treat such an edge as a store guarded by the negation: on a real machine the lowering's
/// store through an index or a pointer with several targets writes one cell, and a write-back
/// of the others' old values would enter the store buffer and could overwrite another
/// thread's later store.
pub fn keep_condition(e: &Expr, g: VarId) -> Option<Expr> {
    fn go(e: &Expr, g: VarId) -> Expr {
        match e {
            Expr::Var(v) if *v == g => Expr::bool(true),
            Expr::Ite(c, a, b) if keeps(e, g) => {
                let a = go(a, g);
                let b = go(b, g);
                let ca = Expr::bin(BinOp::And, (**c).clone(), a);
                let cb = Expr::bin(BinOp::And, Expr::not((**c).clone()), b);
                Expr::bin(BinOp::Or, ca, cb)
            }
            _ => Expr::bool(false),
        }
    }
    (matches!(e, Expr::Ite(..)) && keeps(e, g)).then(|| go(e, g))
}

/// The keep arms of a conditional write `g := c ? v : g` (see the module doc).
enum Shape {
    Keep,
    Part(usize),
    Ite(usize, Box<Shape>, Box<Shape>),
}

/// Whether `e` has `g` as a keep arm (`g` itself, or an arm of nested selections): stored into
/// `g` it would be read as a conditional write.
pub fn keeps(e: &Expr, g: VarId) -> bool {
    match e {
        Expr::Var(v) => *v == g,
        Expr::Ite(_, a, b) => keeps(a, g) || keeps(b, g),
        _ => false,
    }
}

fn decompose(e: &Expr, g: VarId, parts: &mut Vec<Expr>) -> Shape {
    if *e == Expr::Var(g) {
        return Shape::Keep;
    }
    if let Expr::Ite(c, a, b) = e {
        if keeps(e, g) {
            parts.push((**c).clone());
            let ci = parts.len() - 1;
            let a = decompose(a, g, parts);
            let b = decompose(b, g, parts);
            return Shape::Ite(ci, Box::new(a), Box::new(b));
        }
    }
    parts.push(e.clone());
    Shape::Part(parts.len() - 1)
}

fn rebuild(s: &Shape, g: VarId, parts: &[Expr]) -> Expr {
    match s {
        Shape::Keep => Expr::Var(g),
        Shape::Part(i) => parts[*i].clone(),
        Shape::Ite(c, a, b) => Expr::ite(
            parts[*c].clone(),
            rebuild(a, g, parts),
            rebuild(b, g, parts),
        ),
    }
}

/// Locations inside an atomic section (or a `section`) on every path from the entry.
fn atomic_locations(cfg: &Cfg, section: &dyn Fn(&Op) -> Option<bool>) -> Vec<bool> {
    let n = cfg.num_locs as usize;
    let mut depth: Vec<Option<u32>> = vec![None; n];
    depth[cfg.entry.0 as usize] = Some(0);
    let mut work = VecDeque::from([cfg.entry]);
    while let Some(l) = work.pop_front() {
        let Some(d) = depth[l.0 as usize] else {
            continue;
        };
        for (_, e) in cfg.out_edges(l) {
            let enters = match e.op {
                Op::AtomicBegin => Some(true),
                Op::AtomicEnd => Some(false),
                _ => section(&e.op),
            };
            let nd = match enters {
                Some(true) => (d + 1).min(1 << 16),
                Some(false) => d.saturating_sub(1),
                None => d,
            };
            let slot = &mut depth[e.to.0 as usize];
            if slot.is_none_or(|old| nd < old) {
                *slot = Some(nd);
                work.push_back(e.to);
            }
        }
    }
    depth.iter().map(|d| d.is_some_and(|d| d > 0)).collect()
}

/// A rewritten statement: its reads (one edge each, from the statement's location), then the
/// statement's edges with their new operations.
struct Split {
    hoisted: Vec<(VarId, Expr)>,
    ops: Vec<(EdgeId, Op)>,
}

fn plan_location(
    cfg: &Cfg,
    l: LocId,
    thread: ThreadId,
    ctx: &Ctx,
    vars: &mut Vec<Var>,
) -> Vec<Split> {
    let out: Vec<(EdgeId, &Edge)> = cfg.out_edges(l).collect();
    let mut splits = Vec::new();
    // branches: hoisted together
    if out.len() >= 2 && out.iter().all(|(_, e)| matches!(e.op, Op::Assume(_))) {
        let mut conds: Vec<Expr> = out
            .iter()
            .map(|(_, e)| match &e.op {
                Op::Assume(c) => c.clone(),
                _ => unreachable!(),
            })
            .collect();
        let hoisted = plan(ctx, &mut conds, 1, thread, out[0].1.loc, vars);
        if !hoisted.is_empty() {
            splits.push(Split {
                hoisted,
                ops: out
                    .iter()
                    .zip(conds)
                    .map(|((id, _), c)| (*id, Op::Assume(c)))
                    .collect(),
            });
        }
        return splits;
    }
    for (id, e) in out {
        let split = match &e.op {
            Op::Assume(c) => {
                let mut cs = [c.clone()];
                let hoisted = plan(ctx, &mut cs, 1, thread, e.loc, vars);
                let [c] = cs;
                (hoisted, Op::Assume(c))
            }
            Op::Assign(g, x) => {
                let write = ctx.is_shared(*g);
                let mut parts = Vec::new();
                let shape = if write {
                    decompose(x, *g, &mut parts)
                } else {
                    parts.push(x.clone());
                    Shape::Part(0)
                };
                let hoisted = plan(ctx, &mut parts, usize::from(!write), thread, e.loc, vars);
                (hoisted, Op::Assign(*g, rebuild(&shape, *g, &parts)))
            }
            _ => continue,
        };
        if !split.0.is_empty() {
            splits.push(Split {
                hoisted: split.0,
                ops: vec![(id, split.1)],
            });
        }
    }
    splits
}

fn split_cfg(
    cfg: Cfg,
    thread: ThreadId,
    ctx: &Ctx,
    section: &dyn Fn(&Op) -> Option<bool>,
    vars: &mut Vec<Var>,
) -> (Cfg, SplitStats) {
    let atomic = atomic_locations(&cfg, section);
    let mut stats = SplitStats::default();
    // per location: its splits; per edge: (split index at its location, position in it)
    let mut at: Vec<Vec<Split>> = Vec::with_capacity(cfg.num_locs as usize);
    for l in 0..cfg.num_locs {
        let s = if atomic[l as usize] {
            Vec::new()
        } else {
            plan_location(&cfg, LocId(l), thread, ctx, vars)
        };
        stats.statements += s.len();
        stats.reads += s.iter().map(|s| s.hoisted.len()).sum::<usize>();
        at.push(s);
    }
    if stats.statements == 0 {
        return (cfg, stats);
    }
    // new numbering: a statement's intermediate locations right after its location, so that
    // edges keep going forward (only loop back edges go backwards)
    let mut new_loc = Vec::with_capacity(cfg.num_locs as usize);
    // first intermediate location of each split
    let mut first_mid: Vec<Vec<u32>> = Vec::with_capacity(cfg.num_locs as usize);
    let mut next = 0u32;
    let mut loc_src = Vec::new();
    let mut loc_func = Vec::new();
    for (l, splits) in at.iter().enumerate() {
        new_loc.push(next);
        loc_src.push(cfg.loc_src[l]);
        loc_func.push(cfg.loc_func[l].clone());
        next += 1;
        let mut mids = Vec::new();
        for s in splits {
            mids.push(next);
            let stmt_loc = cfg.edge(s.ops[0].0).loc;
            for _ in &s.hoisted {
                loc_src.push(stmt_loc);
                loc_func.push(cfg.loc_func[l].clone());
            }
            next += s.hoisted.len() as u32;
        }
        first_mid.push(mids);
    }
    let map = |l: LocId| LocId(new_loc[l.0 as usize]);
    let mut edges = Vec::with_capacity(cfg.edges.len() + stats.reads);
    let mut emitted: BTreeSet<(usize, usize)> = BTreeSet::new();
    for (i, e) in cfg.edges.iter().enumerate() {
        let id = EdgeId(i as u32);
        let l = e.from.0 as usize;
        let found = at[l].iter().enumerate().find_map(|(si, s)| {
            s.ops
                .iter()
                .find(|(eid, _)| *eid == id)
                .map(|(_, op)| (si, op))
        });
        let Some((si, op)) = found else {
            edges.push(Edge {
                from: map(e.from),
                to: map(e.to),
                op: e.op.clone(),
                loc: e.loc,
            });
            continue;
        };
        let s = &at[l][si];
        let mid = first_mid[l][si];
        if emitted.insert((l, si)) {
            let mut from = map(e.from);
            for (k, (t, read)) in s.hoisted.iter().enumerate() {
                let to = LocId(mid + k as u32);
                edges.push(Edge {
                    from,
                    to,
                    op: Op::Assign(*t, read.clone()),
                    loc: e.loc,
                });
                from = to;
            }
        }
        edges.push(Edge {
            from: LocId(mid + s.hoisted.len() as u32 - 1),
            to: map(e.to),
            op: op.clone(),
            loc: e.loc,
        });
    }
    let mut out = vec![Vec::new(); next as usize];
    for (i, e) in edges.iter().enumerate() {
        out[e.from.0 as usize].push(EdgeId(i as u32));
    }
    let mut new = Cfg {
        num_locs: next,
        entry: map(cfg.entry),
        exit: map(cfg.exit),
        error: map(cfg.error),
        edges,
        out,
        loc_src,
        loc_func,
        loops: Vec::new(),
        ..cfg
    };
    new.loops = super::loops::find_loops(&new);
    (new, stats)
}

#[cfg(test)]
mod tests;
