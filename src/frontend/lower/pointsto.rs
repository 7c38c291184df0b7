//! Points-to analysis and memory resolution.
//!
//! A flow-insensitive, inclusion-based (Andersen-style) analysis over every edge of every
//! lowered CFG: each IR variable gets the set of (object, byte offset or "any offset") values it
//! may hold, plus `Unknown` for values from the environment. Address constants are recognised by
//! the object ranges they fall in. Loads through pointers then become `Ite` chains over the
//! candidate cells, stores become one guarded assignment per candidate, and the `may_write` sets
//! of external calls are the cells reachable from their pointer arguments. Finally each
//! thread's CFG is assembled from the resolved edges (`assemble.rs`), load placeholders are
//! dropped, and the `ir::Program` is assembled.

use super::assemble::{build_cfg, renumber_op};
use super::bases::Bases;
use super::cfg::{map_vars, PEdge, POp, Store};
use super::edge_conds::{EdgeConds, Step};
use super::*;
use crate::ir::{BinOp, CallArg, Op, UnOp};
use std::collections::BTreeSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum PV {
    Obj(u32, Option<u64>),
    Unknown,
}

pub(super) type PSet = BTreeSet<PV>;

pub(super) struct Analysis {
    sets: Vec<PSet>,
    /// (base, end, object index), sorted by base
    ranges: Vec<(u64, u64, u32)>,
    sizes: Vec<u64>,
}

impl Analysis {
    fn obj_at(&self, c: u64) -> Option<(u32, u64)> {
        let i = self.ranges.partition_point(|r| r.0 <= c);
        if i == 0 {
            return None;
        }
        let (b, e, o) = self.ranges[i - 1];
        (c >= b && c <= e).then_some((o, c - b))
    }

    fn shift(&self, s: &PSet, k: Option<i128>) -> PSet {
        s.iter()
            .map(|pv| match (*pv, k) {
                (PV::Obj(o, Some(off)), Some(k)) => {
                    let n = off as i128 + k;
                    if n >= 0 && n as u64 <= self.sizes[o as usize] {
                        PV::Obj(o, Some(n as u64))
                    } else {
                        PV::Obj(o, None)
                    }
                }
                (PV::Obj(o, _), _) => PV::Obj(o, None),
                (PV::Unknown, _) => PV::Unknown,
            })
            .collect()
    }

    fn any(&self, s: PSet) -> PSet {
        self.shift(&s, None)
    }

    pub(super) fn eval(&self, e: &Expr, vars: &[ir::Var]) -> PSet {
        match e {
            Expr::Const(c, _) => {
                let mut s = PSet::new();
                if *c > 0 {
                    if let Some((o, off)) = self.obj_at(*c as u64) {
                        s.insert(PV::Obj(o, Some(off)));
                    }
                }
                s
            }
            // temporaries made during resolution hold arbitrary values
            Expr::Var(v) => self
                .sets
                .get(v.0 as usize)
                .cloned()
                .unwrap_or_else(|| [PV::Unknown].into_iter().collect()),
            Expr::Cast(_, a) => self.eval(a, vars),
            Expr::Ite(_, a, b) => {
                let mut s = self.eval(a, vars);
                s.extend(self.eval(b, vars));
                s
            }
            Expr::Unary(UnOp::Not, _) => PSet::new(),
            // floating values and comparisons hold no address; an integer converted from a
            // floating value is an arbitrary number
            Expr::Float(crate::ir::FloatOp::ToInt(..), _) => [PV::Unknown].into_iter().collect(),
            Expr::Float(..) => PSet::new(),
            Expr::Unary(_, a) => self.any(self.eval(a, vars)),
            Expr::Binary(op, a, b) => {
                if op.is_comparison() || op.is_logical() {
                    return PSet::new();
                }
                let sa = self.eval(a, vars);
                let sb = self.eval(b, vars);
                if sa.is_empty() && sb.is_empty() {
                    return sa;
                }
                let ca = fold::const_value(a, vars);
                let cb = fold::const_value(b, vars);
                // an integer from the environment added to a pointer into an object is an
                // offset (C11 6.5.6p8): the sum stays in that object, and an access through it
                // is guarded to lie within the object (`edge_conds::access_guards`)
                let obj_ptr = |x: &PSet, y: &PSet| {
                    x.iter().any(|p| matches!(p, PV::Obj(..)))
                        && !y.is_empty()
                        && !y.iter().any(|p| matches!(p, PV::Obj(..)))
                };
                match op {
                    BinOp::Add if obj_ptr(&sa, &sb) => self.any(sa),
                    BinOp::Add if obj_ptr(&sb, &sa) => self.any(sb),
                    BinOp::Sub if obj_ptr(&sa, &sb) => self.any(sa),
                    BinOp::Add => {
                        let mut s = PSet::new();
                        if !sa.is_empty() {
                            s.extend(self.shift(&sa, if sb.is_empty() { cb } else { None }));
                        }
                        if !sb.is_empty() {
                            s.extend(self.shift(&sb, if sa.is_empty() { ca } else { None }));
                        }
                        s
                    }
                    BinOp::Sub => {
                        let mut s = self.shift(&sa, cb.filter(|_| sb.is_empty()).map(|k| -k));
                        s.extend(self.any(sb));
                        s
                    }
                    _ => {
                        let mut s = self.any(sa);
                        s.extend(self.any(sb));
                        s
                    }
                }
            }
        }
    }

    fn add(&mut self, v: VarId, s: &PSet) -> bool {
        let t = &mut self.sets[v.0 as usize];
        let n = t.len();
        t.extend(s.iter().copied());
        t.len() != n
    }
}

/// Candidate cells of one memory access.
#[derive(Default, Debug)]
pub(super) struct Cands {
    pub(super) cells: Vec<(u64, VarId)>,
    /// Accesses into byte-precise objects: (address, slot, byte offset).
    pub(super) bytes: Vec<(u64, SlotId, u64)>,
    /// An access that starts inside a byte-precise object and runs past its end.
    pub(super) outside: bool,
    /// A candidate object (not on the heap) at an offset the analysis does not know: the
    /// access needs a bounds guard.
    pub(super) loose: bool,
    pub(super) unknown: bool,
    pub(super) summarized: bool,
    pub(super) mismatch: bool,
    /// Heap instances among the candidates (object indices).
    pub(super) heap: Vec<u32>,
    /// Address ranges of summarised candidates and of the other candidate objects.
    pub(super) summ: Vec<(u64, u64)>,
    pub(super) others: Vec<(u64, u64)>,
}

fn cands_of(
    l: &Lowerer,
    _an: &Analysis,
    set: &PSet,
    size: u64,
    bitfield: Option<(u16, u16)>,
) -> Cands {
    let mut c = Cands::default();
    for pv in set {
        match *pv {
            PV::Unknown => c.unknown = true,
            PV::Obj(o, off) => {
                let oi = &l.objs[o as usize];
                match oi.kind {
                    ObjKind::Func(_) => c.mismatch = true,
                    ObjKind::Slot(s) => {
                        let slot = &l.slots[s];
                        if slot.summarized {
                            c.summarized = true;
                            c.summ.push((oi.base, oi.size));
                            continue;
                        }
                        if l.heap.contains_key(&o) {
                            c.heap.push(o);
                        } else {
                            c.others.push((oi.base, oi.size));
                            c.loose |= off.is_none();
                        }
                        if slot.bytes {
                            let n = Lowerer::access_span(size, bitfield);
                            let len = slot.cells.len() as u64;
                            match off {
                                Some(k) if k >= oi.size => {}
                                Some(k) if k + n <= len => c.bytes.push((oi.base + k, s, k)),
                                Some(_) => c.outside = true,
                                None => {
                                    for k in 0..(len + 1).saturating_sub(n) {
                                        c.bytes.push((oi.base + k, s, k));
                                    }
                                }
                            }
                            continue;
                        }
                        match off {
                            Some(k) => {
                                if k >= oi.size {
                                    continue; // one past the end: never dereferenced
                                }
                                match l.find_cell(s, k, bitfield, size) {
                                    Some((_, v)) => c.cells.push((oi.base + k, v)),
                                    None => {
                                        l.mark_bytes(s);
                                        c.mismatch = true
                                    }
                                }
                            }
                            None => {
                                let mut any = false;
                                // a character access may alias any byte of the object
                                if size == 1
                                    && bitfield.is_none()
                                    && slot.cells.iter().any(|(sh, _)| {
                                        sh.bitfield.is_some()
                                            || l.types.size_of(&sh.ty, l.target) != Some(1)
                                    })
                                {
                                    l.mark_bytes(s);
                                }
                                for (shape, v) in &slot.cells {
                                    let ok = if bitfield.is_some() {
                                        shape.bitfield == bitfield
                                    } else {
                                        shape.bitfield.is_none()
                                            && l.types.size_of(&shape.ty, l.target) == Some(size)
                                    };
                                    if ok {
                                        c.cells.push((oi.base + shape.offset, *v));
                                        any = true;
                                    }
                                }
                                if !any {
                                    l.mark_bytes(s);
                                    c.mismatch = true;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    c.cells.sort();
    c.cells.dedup();
    c.bytes.sort();
    c.bytes.dedup();
    c.heap.sort();
    c.heap.dedup();
    c.summ.sort();
    c.summ.dedup();
    c.others.sort();
    c.others.dedup();
    c
}

/// The byte cells an access of `n` bytes at byte `k` of a byte-precise slot covers.
fn span_cells<'l>(l: &'l Lowerer, s: SlotId, k: u64, n: u64) -> impl Iterator<Item = VarId> + 'l {
    l.slots[s]
        .cells
        .iter()
        .skip(k as usize)
        .take(n as usize)
        .map(|(_, v)| *v)
}

/// Every cell of the objects reachable from a set (through pointer cells).
fn reach_cells(l: &Lowerer, an: &Analysis, start: &PSet) -> Vec<VarId> {
    let mut seen_obj = HashSet::new();
    let mut out = Vec::new();
    let mut work: Vec<PSet> = vec![start.clone()];
    while let Some(s) = work.pop() {
        for pv in s {
            if let PV::Obj(o, _) = pv {
                if !seen_obj.insert(o) {
                    continue;
                }
                if let ObjKind::Slot(sl) = l.objs[o as usize].kind {
                    for (_, v) in &l.slots[sl].cells {
                        out.push(*v);
                        let ps = &an.sets[v.0 as usize];
                        if ps.iter().any(|p| matches!(p, PV::Obj(..))) {
                            work.push(ps.clone());
                        }
                    }
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The cells a call of the bodiless `func` may write: for a scheduler API function, the
/// objects its arguments point to directly, except at the positions it only reads
/// (`sched::arg_writes`); for any other function, every cell reachable from its arguments.
fn call_writes(l: &Lowerer, an: &Analysis, func: &str, args: &[CallArg]) -> Vec<VarId> {
    let kept = crate::sched::arg_writes::kept(func);
    let mut set = PSet::new();
    for (i, a) in args.iter().enumerate() {
        if let CallArg::Value(x) = a {
            if !kept.as_ref().is_some_and(|k| k.contains(&i)) {
                set.extend(an.eval(x, &l.vars));
            }
        }
    }
    if kept.is_none() {
        return reach_cells(l, an, &set);
    }
    let mut out: Vec<VarId> = Vec::new();
    for pv in &set {
        if let PV::Obj(o, _) = pv {
            if let ObjKind::Slot(sl) = l.objs[*o as usize].kind {
                out.extend(l.slots[sl].cells.iter().map(|(_, v)| *v));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The cells a join (`pthread_join` / `thrd_join`) stores the joined thread's exit value in:
/// those of the objects its out-parameter may point to (none for other functions).
fn joined_exit_cells(l: &Lowerer, an: &Analysis, func: &str, args: &[CallArg]) -> Vec<VarId> {
    if !matches!(func, "pthread_join" | "thrd_join") {
        return Vec::new();
    }
    let Some(CallArg::Value(x)) = args.get(1) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for pv in an.eval(x, &l.vars) {
        if let PV::Obj(o, _) = pv {
            if let ObjKind::Slot(sl) = l.objs[o as usize].kind {
                out.extend(l.slots[sl].cells.iter().map(|(_, v)| *v));
            }
        }
    }
    out
}

/// What any thread's exit value may point to: the union over the thread entries' result cells
/// (`ir::Cfg::ret`, assigned by `return v` and `pthread_exit(v)`).
fn exit_values(an: &Analysis, built: &[Built]) -> PSet {
    let mut s = PSet::new();
    for b in built.iter().filter(|b| b.thread.0 != 0) {
        if let Some(r) = b.ret {
            s.extend(an.sets[r.0 as usize].iter().copied());
        }
    }
    s
}

fn reach_objects(l: &Lowerer, an: &Analysis, start: &PSet) -> HashSet<u32> {
    let mut seen_obj = HashSet::new();
    let mut work: Vec<PSet> = vec![start.clone()];
    while let Some(s) = work.pop() {
        for pv in s {
            if let PV::Obj(o, _) = pv {
                if !seen_obj.insert(o) {
                    continue;
                }
                if let ObjKind::Slot(sl) = l.objs[o as usize].kind {
                    for (_, v) in &l.slots[sl].cells {
                        work.push(an.sets[v.0 as usize].clone());
                    }
                }
            }
        }
    }
    seen_obj
}

fn run_analysis(l: &Lowerer) -> Analysis {
    let mut ranges: Vec<(u64, u64, u32)> = l
        .objs
        .iter()
        .enumerate()
        .map(|(i, o)| (o.base, o.base + o.size, i as u32))
        .collect();
    ranges.sort();
    let mut an = Analysis {
        sets: vec![PSet::new(); l.vars.len()],
        ranges,
        sizes: l.objs.iter().map(|o| o.size).collect(),
    };
    // initial values of globals
    for (i, v) in l.vars.iter().enumerate() {
        if let Some(c) = v.init {
            if c > 0 {
                let s = an.eval(&Expr::Const(c, v.ty), &l.vars);
                if !s.is_empty() {
                    an.sets[i].extend(s);
                }
            }
        }
    }
    for (v, c) in &l.byte_inits {
        let s = an.eval(&Expr::Const(*c, l.ptr_type()), &l.vars);
        if !s.is_empty() {
            let s = an.any(s);
            an.sets[v.0 as usize].extend(s);
        }
    }
    let unknown: PSet = [PV::Unknown].into_iter().collect();
    let edges: Vec<&PEdge> = l.built.iter().flat_map(|b| b.b.edges.iter()).collect();
    // the results of primitives that hand back given values get those values' targets below
    let handed: HashSet<VarId> = edges
        .iter()
        .filter_map(|e| match &e.op {
            POp::Ir(Op::Call {
                func, ret: Some(r), ..
            }) if crate::sched::handed_back::sources(func).is_some() => Some(*r),
            _ => None,
        })
        .collect();
    for v in &l.nondet_sources {
        if !handed.contains(v) {
            an.sets[v.0 as usize].insert(PV::Unknown);
        }
    }
    // an entry's parameters receive what any call passing it passes (a spawned thread's
    // argument, the two arguments of a function pended to the timer service task)
    let params: HashMap<u32, Vec<VarId>> = l
        .built
        .iter()
        .map(|b| {
            (
                b.thread.0,
                b.param.iter().chain(b.param2.iter()).copied().collect(),
            )
        })
        .collect();
    // the arguments whose values a scheduler primitive hands back (sched::handed_back)
    let handed_back = |an: &Analysis, func: &str| -> Option<PSet> {
        let sources = crate::sched::handed_back::sources(func)?;
        let mut s = PSet::new();
        for (f, pos) in sources {
            for e in &edges {
                let POp::Ir(Op::Call {
                    func: g, args: a, ..
                }) = &e.op
                else {
                    continue;
                };
                if g != f {
                    continue;
                }
                match a.get(*pos) {
                    Some(CallArg::Value(x)) => {
                        let v = an.eval(x, &l.vars);
                        // an integer that is neither NULL nor an address the analysis knows
                        if v.is_empty() && fold::const_value(x, &l.vars) != Some(0) {
                            s.insert(PV::Unknown);
                        }
                        s.extend(v);
                    }
                    _ => {
                        s.insert(PV::Unknown);
                    }
                }
            }
        }
        // objects the primitive's result points into (the kernel's copies of task names)
        if let Some(prefix) = crate::sched::handed_back::objects(func) {
            let before = s.len();
            for (i, o) in l.objs.iter().enumerate() {
                if o.name.starts_with(prefix) {
                    s.insert(PV::Obj(i as u32, Some(0)));
                }
            }
            if s.len() == before {
                s.insert(PV::Unknown);
            }
        }
        Some(s)
    };
    let mut loads: Vec<(&VarId, &LoadInfo)> = l.loads.iter().collect();
    loads.sort_by_key(|(v, _)| **v);
    for _round in 0..10_000 {
        let mut changed = false;
        for e in &edges {
            match &e.op {
                POp::Ir(Op::Assign(v, x)) => {
                    let s = an.eval(x, &l.vars);
                    if !s.is_empty() {
                        changed |= an.add(*v, &s);
                    }
                }
                POp::Ir(Op::Call {
                    func, args, ret, ..
                }) => {
                    if let Some(r) = ret {
                        match handed_back(&an, func) {
                            Some(s) => changed |= an.add(*r, &s),
                            None => changed |= an.add(*r, &unknown),
                        }
                    }
                    let mut argset = PSet::new();
                    let name = crate::sched::handed_back::name_arg(func);
                    for (i, a) in args.iter().enumerate() {
                        if let CallArg::Value(x) = a {
                            if name != Some(i) {
                                argset.extend(an.eval(x, &l.vars));
                            }
                        }
                    }
                    for a in args {
                        if let CallArg::Thread(t) = a {
                            for p in params.get(&t.0).into_iter().flatten() {
                                changed |= an.add(*p, &argset);
                            }
                        }
                    }
                    if !call::is_pure_libc(func) {
                        // a join's out-parameter receives a joined thread's exit value (the
                        // engines copy its entry's result cell), any other cell a call may
                        // write becomes any value
                        let exit_into = joined_exit_cells(l, &an, func, args);
                        let exits = exit_values(&an, &l.built);
                        for c in call_writes(l, &an, func, args) {
                            let val = if exit_into.contains(&c) {
                                &exits
                            } else {
                                &unknown
                            };
                            changed |= an.add(c, val);
                        }
                    }
                }
                POp::Store(st) => {
                    let addr = an.eval(&st.addr, &l.vars);
                    let val = an.eval(&st.val, &l.vars);
                    if val.is_empty() {
                        continue;
                    }
                    let c = cands_of(l, &an, &addr, st.size, st.bitfield);
                    for (_, cell) in c.cells {
                        changed |= an.add(cell, &val);
                    }
                    if !c.bytes.is_empty() {
                        let any = an.any(val);
                        let n = Lowerer::access_span(st.size, st.bitfield);
                        for (_, s, k) in c.bytes {
                            let cells: Vec<VarId> = span_cells(l, s, k, n).collect();
                            for cell in cells {
                                changed |= an.add(cell, &any);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        for (lv, info) in &loads {
            if info.heap_size {
                continue;
            }
            let addr = an.eval(&info.addr, &l.vars);
            let c = cands_of(l, &an, &addr, info.size, info.bitfield);
            let mut s = PSet::new();
            if c.unknown || c.summarized {
                s.insert(PV::Unknown);
            }
            for (_, cell) in &c.cells {
                s.extend(an.sets[cell.0 as usize].iter().copied());
            }
            let n = Lowerer::access_span(info.size, info.bitfield);
            let mut from_bytes = PSet::new();
            for (_, sl, k) in &c.bytes {
                for cell in span_cells(l, *sl, *k, n) {
                    from_bytes.extend(an.sets[cell.0 as usize].iter().copied());
                }
            }
            s.extend(an.any(from_bytes));
            if !s.is_empty() {
                changed |= an.add(**lv, &s);
            }
        }
        if !changed {
            break;
        }
    }
    an
}

/// `Ite` tree selecting the leaf whose address equals `addr` (leaves sorted by address).
fn addr_tree(addr: &Expr, leaves: &[(u64, Expr)], pt: Type) -> Expr {
    if leaves.len() == 1 {
        return leaves[0].1.clone();
    }
    let mid = leaves.len() / 2;
    let c = Expr::bin(
        BinOp::Lt,
        addr.clone(),
        Expr::Const(leaves[mid].0 as i128, pt),
    );
    fold::ite(
        c,
        addr_tree(addr, &leaves[..mid], pt),
        addr_tree(addr, &leaves[mid..], pt),
    )
}

/// Resolution state for the final IR.
pub(super) struct Resolver<'l, 'a> {
    pub(super) l: &'l mut Lowerer<'a>,
    pub(super) an: Analysis,
    pub(super) memo: HashMap<VarId, Result<(Expr, Vec<VarId>), String>>,
    /// Device registers at fixed addresses, by address and access type.
    devices: HashMap<(u64, Type), VarId>,
    /// The guards and unknown-target flags of the edge being resolved and of resolved loads.
    pub(super) conds: EdgeConds,
    /// The symbolic base addresses of the objects whose address is observed as an integer.
    pub(super) bases: Bases,
    /// The cells of string literals (narrow and wide), which no call may write.
    literal_cells: HashSet<VarId>,
}

impl Resolver<'_, '_> {
    /// The `Ite` chain of a load, with the nondet temporaries it needs.
    fn load(&mut self, v: VarId, depth: u32) -> Result<(Expr, Vec<VarId>), String> {
        if let Some(r) = self.memo.get(&v) {
            self.conds.reuse(v);
            return r.clone();
        }
        let info = self.l.loads[&v].clone();
        let mark = self.conds.mark();
        let r = if info.heap_size {
            self.heap_size(&info, depth)
        } else {
            self.load_inner(&info, depth)
        };
        self.conds.record(v, mark);
        self.memo.insert(v, r.clone());
        r
    }

    /// The allocated size of the heap block `info.addr` points to the start of (`realloc`).
    fn heap_size(&mut self, info: &LoadInfo, depth: u32) -> Result<(Expr, Vec<VarId>), String> {
        let set = self.an.eval(&info.addr, &self.l.vars);
        let (addr, pre) = self.subst(&info.addr, depth + 1)?;
        let pt = self.l.ptr_type();
        let mut leaves = Vec::new();
        let mut ok = Vec::new();
        for pv in &set {
            if let PV::Obj(o, _) = pv {
                if let Some(h) = self.l.heap.get(o) {
                    let base = self.l.objs[*o as usize].base;
                    let at = Expr::bin(BinOp::Eq, addr.clone(), Expr::Const(base as i128, pt));
                    ok.push(Expr::bin(BinOp::And, at, Expr::Var(h.live)));
                    leaves.push((base, h.size.clone()));
                }
            }
        }
        if leaves.is_empty() {
            return Err("realloc of a pointer that is not a precisely modelled heap block".into());
        }
        leaves.sort_by_key(|(a, _)| *a);
        self.conds.guards.push((
            fold::balanced(ok, BinOp::Or),
            "realloc of a pointer that is not the start of a live heap block (undefined behaviour), or of a block not modelled precisely".into(),
        ));
        Ok((addr_tree(&addr, &leaves, pt), pre))
    }

    fn load_inner(&mut self, info: &LoadInfo, depth: u32) -> Result<(Expr, Vec<VarId>), String> {
        if depth > 64 {
            return Err("pointer dereference chain too long".into());
        }
        let set = self.an.eval(&info.addr, &self.l.vars);
        let (addr, mut pre) = self.subst(&info.addr, depth + 1)?;
        if set.is_empty() {
            if let Some(v) = self.device_register(&addr, info.ty) {
                // a fixed address outside every object: a device register, any value
                pre.push(v);
                return Ok((Expr::Var(v), pre));
            }
        }
        let c = cands_of(self.l, &self.an, &set, info.size, info.bitfield);
        if info.bitfield.is_none() && !info.packed {
            let g = super::bases::misaligned_guard(self.l, &c, &addr, info.size);
            self.conds.guards.extend(g);
        }
        if c.outside {
            return Err("read that may run past the end of an object (undefined behaviour)".into());
        }
        if c.mismatch {
            return Err("access through a pointer with a type different from the object's".into());
        }
        if c.summarized && c.cells.is_empty() && c.bytes.is_empty() {
            return Err("read through a pointer into an object that is not modelled precisely (too large, unknown size or allocated repeatedly)".into());
        }
        if c.cells.is_empty() && c.bytes.is_empty() && !c.unknown {
            return Err("dereference of pointer with unknown target".into());
        }
        let n = Lowerer::access_span(info.size, info.bitfield);
        self.access_guards_with_provenance(&set, &c, &addr, n, true);
        if !info.heap_size {
            self.lifetime_guards(&set, &addr, n, info.seq);
        }
        let pt = self.l.ptr_type();
        let mut leaves: Vec<(u64, Expr)> = c
            .cells
            .iter()
            .map(|(a, v)| (*a, fold::cast(info.ty, Expr::Var(*v), &self.l.vars)))
            .collect();
        for (a, s, k) in &c.bytes {
            match self.l.byte_read(*s, *k, info.size, info.bitfield, info.ty) {
                Some(x) => leaves.push((*a, x)),
                None => return Err("access outside an object".into()),
            }
        }
        leaves.sort_by_key(|(a, _)| *a);
        if leaves.is_empty() {
            let t = self.l.unknown_read_temp(info.ty);
            pre.push(t);
            return Ok((Expr::Var(t), pre));
        }
        // a balanced tree over the sorted candidate addresses
        let mut tree = addr_tree(&addr, &leaves, pt);
        if c.loose && info.size == pt.bits() as u64 / 8 && info.bitfield.is_none() {
            // `argv[argc]` is NULL beyond the modelled entries too (`env::argv_end`)
            if let Some(end) = super::env::argv_end(self.l, &c.others) {
                let at_end = Expr::bin(BinOp::Eq, addr.clone(), end);
                tree = fold::ite(at_end, Expr::Const(0, info.ty), tree);
            }
        }
        if !c.unknown {
            return Ok((tree, pre));
        }
        let eqs: Vec<Expr> = leaves
            .iter()
            .map(|(a, _)| Expr::bin(BinOp::Eq, addr.clone(), Expr::Const(*a as i128, pt)))
            .collect();
        let member = fold::balanced(eqs, BinOp::Or);
        // outside the known cells the value is an `unknown_read$` temporary assigned only on
        // that branch ([`Step::Flag`]): a counterexample through it is not evidence, one that
        // read a known cell stays one
        let t = self.l.unknown_read_temp(info.ty);
        self.conds.flags.push((Expr::not(member.clone()), t));
        Ok((fold::ite(member, tree, Expr::Var(t)), pre))
    }

    /// Substitutes every load placeholder of an expression.
    fn subst(&mut self, e: &Expr, depth: u32) -> Result<(Expr, Vec<VarId>), String> {
        let mut loads = Vec::new();
        e.for_each_var(&mut |v| {
            if self.l.loads.contains_key(&v) {
                loads.push(v)
            }
        });
        if loads.is_empty() {
            return Ok((e.clone(), vec![]));
        }
        let mut map = HashMap::new();
        let mut pre = Vec::new();
        for v in loads {
            if map.contains_key(&v) {
                continue;
            }
            let (x, p) = self.load(v, depth)?;
            pre.extend(p);
            map.insert(v, x);
        }
        let out = map_vars(e, &mut |v| map.get(&v).cloned().unwrap_or(Expr::Var(v)));
        pre.sort();
        pre.dedup();
        Ok((out, pre))
    }

    /// The steps an edge becomes (in order): its ops, with the guards and flags its accesses
    /// need ([`EdgeConds::steps`]).
    pub(super) fn resolve(&mut self, op: &POp) -> Result<Vec<Step>, String> {
        self.conds.begin_edge();
        let ops = self.resolve_ops(op)?;
        Ok(self.conds.steps(ops, &self.l.vars))
    }

    /// The ops an edge becomes (in order).
    fn resolve_ops(&mut self, op: &POp) -> Result<Vec<Op>, String> {
        match op {
            POp::Ir(op) => {
                let orig = op;
                let mut op = op.clone();
                let mut pre = Vec::new();
                let mut err = None;
                super::cfg::op_exprs_mut(&mut op, &mut |x| match self.subst(x, 0) {
                    Ok((y, p)) => {
                        *x = y;
                        pre.extend(p);
                    }
                    Err(m) => err = Some(m),
                });
                if let Some(m) = err {
                    return Err(m);
                }
                if let (
                    Op::Call {
                        func, may_write, ..
                    },
                    Op::Call { args, .. },
                ) = (&mut op, orig)
                {
                    if !call::is_pure_libc(func) {
                        // evaluate on the original (load placeholders have sets too)
                        *may_write = call_writes(self.l, &self.an, func, args);
                        // a string literal is not modifiable (C11 6.4.5p7): no call writes it
                        may_write.retain(|v| !self.literal_cells.contains(v));
                    }
                }
                if let Op::Assign(v, val) = &op {
                    // a pointer formed past its object, stored where other targets meet
                    if let Some(dest) = self.an.sets.get(v.0 as usize).cloned() {
                        self.formation_guards(&dest, val);
                    }
                }
                let mut out: Vec<Op> = pre.into_iter().map(Op::Nondet).collect();
                out.push(op);
                Ok(out)
            }
            POp::Store(st) => self.store(st),
            POp::Free(f) => self.free(&f.addr),
            POp::Observe(ob) => self.observe(ob),
            POp::Bases => Ok(self.bases.choose(self.l)),
        }
    }

    /// An observation of address values (`observe`): guarded where its outcome may depend on
    /// where the objects its values point into lie.
    fn observe(&mut self, ob: &super::observe::Observe) -> Result<Vec<Op>, String> {
        let objs = |s: &PSet| -> BTreeSet<u32> {
            s.iter()
                .filter_map(|p| match p {
                    PV::Obj(o, _) => Some(*o),
                    PV::Unknown => None,
                })
                .collect()
        };
        // made from an integer: no object among its values, and not from the environment
        let from_int = |s: &PSet, e: &Expr, vars: &[ir::Var]| {
            s.is_empty() && fold::const_value(e, vars) != Some(0)
        };
        let sa = self.an.eval(&ob.a, &self.l.vars);
        let (a, mut pre) = self.subst(&ob.a, 0)?;
        let (ctx, p) = self.subst(&ob.ctx, 0)?;
        pre.extend(p);
        let (b, sb) = match &ob.b {
            Some(x) => {
                let sb = self.an.eval(x, &self.l.vars);
                let (y, p) = self.subst(x, 0)?;
                pre.extend(p);
                (Some(y), sb)
            }
            None => (None, PSet::new()),
        };
        let mut oa = objs(&sa);
        let mut out = Vec::new();
        if let Some(t) = ob.out {
            // objects with a symbolic base: the integer is their base plus the offset; the
            // others stay guarded
            let based: BTreeSet<u32> = oa
                .iter()
                .copied()
                .filter(|o| self.bases.vars.contains_key(o))
                .collect();
            out.push(Op::Assign(t, self.bases.to_int(self.l, &a, &based)));
            oa.retain(|o| !based.contains(o));
        }
        let int_a = from_int(&sa, &ob.a, &self.l.vars);
        if ob.kind == super::observe::ObserveKind::FromInt
            && !self.bases.vars.is_empty()
            && fold::const_value(&a, &self.l.vars).is_none()
        {
            // the integer may come from a symbolic base address, which our objects' fixed
            // addresses do not share: whether it points into an object depends on the layout
            self.conds.guards.push((
                fold::not(ctx.clone()),
                "an address made from a non-constant integer in a program that converts \
                 addresses to integers: whether it points into an object depends on the memory \
                 layout"
                    .to_string(),
            ));
        }
        let int_b =
            ob.b.as_ref()
                .is_some_and(|x| from_int(&sb, x, &self.l.vars));
        if let Some(g) = super::observe::guard(
            self.l,
            ob,
            &a,
            &oa,
            int_a,
            b.as_ref(),
            &objs(&sb),
            int_b,
            &ctx,
        ) {
            self.conds.guards.push(g);
        }
        pre.sort();
        pre.dedup();
        Ok(pre.into_iter().map(Op::Nondet).chain(out).collect())
    }

    /// `free(addr)`: NULL, or the start of a live heap instance, which is no longer live.
    fn free(&mut self, a: &Expr) -> Result<Vec<Op>, String> {
        let set = self.an.eval(a, &self.l.vars);
        let (addr, pre) = self.subst(a, 0)?;
        let pt = self.l.ptr_type();
        let mut out: Vec<Op> = pre.into_iter().map(Op::Nondet).collect();
        let mut ok = vec![Expr::bin(BinOp::Eq, addr.clone(), Expr::Const(0, pt))];
        let mut heap = Vec::new();
        for pv in &set {
            match pv {
                PV::Unknown => ok.push(Expr::bool(true)),
                PV::Obj(o, _) => {
                    let oi = &self.l.objs[*o as usize];
                    if let Some(h) = self.l.heap.get(o) {
                        let at =
                            Expr::bin(BinOp::Eq, addr.clone(), Expr::Const(oi.base as i128, pt));
                        ok.push(Expr::bin(BinOp::And, at.clone(), Expr::Var(h.live)));
                        heap.push((at, h.live));
                    } else if matches!(oi.kind, ObjKind::Slot(s) if self.l.slots[s].summarized) {
                        // a block not modelled precisely: its frees are not checked
                        ok.push(Expr::bin(
                            BinOp::And,
                            Expr::bin(BinOp::Le, Expr::Const(oi.base as i128, pt), addr.clone()),
                            Expr::bin(
                                BinOp::Lt,
                                addr.clone(),
                                Expr::Const((oi.base + oi.size) as i128, pt),
                            ),
                        ));
                    }
                }
            }
        }
        self.conds.guards.push((
            fold::balanced(ok, BinOp::Or),
            "free of a pointer that is not the start of a live heap block (double or invalid free, undefined behaviour)".into(),
        ));
        let addr_t = if heap.len() > 1 {
            let t = self.l.temp(pt);
            out.push(Op::Assign(t, addr));
            Some(t)
        } else {
            None
        };
        for (at, live) in heap {
            let at = match addr_t {
                Some(t) => map_vars(&at, &mut |_| Expr::Var(t)),
                None => at,
            };
            out.push(Op::Assign(
                live,
                fold::ite(at, Expr::bool(false), Expr::Var(live)),
            ));
        }
        if out.is_empty() {
            out.push(Op::Skip);
        }
        Ok(out)
    }

    /// The variable standing for the device register at a constant address that lies outside
    /// every object (`*(volatile uint32_t *)0x40021000`): reads give it an arbitrary value
    /// first, writes assign it and change nothing else. Address 0 is not one.
    fn device_register(&mut self, addr: &Expr, ty: Type) -> Option<VarId> {
        let c = match fold::const_value(addr, &self.l.vars) {
            Some(c) if c > 0 => c as u64,
            _ => return None,
        };
        if self.an.obj_at(c).is_some() {
            return None;
        }
        if let Some(v) = self.devices.get(&(c, ty)) {
            return Some(*v);
        }
        let v = self.l.new_var(
            &format!("device@0x{:x}", c),
            ty,
            Scope::Global,
            Some(0),
            false,
            None,
        );
        self.devices.insert((c, ty), v);
        Some(v)
    }

    fn store(&mut self, st: &Store) -> Result<Vec<Op>, String> {
        let set = self.an.eval(&st.addr, &self.l.vars);
        if set.is_empty() {
            if let Some(v) = self.device_register(&st.addr, st.ty) {
                let (val, pre) = self.subst(&st.val, 0)?;
                let mut out: Vec<Op> = pre.into_iter().map(Op::Nondet).collect();
                out.push(Op::Assign(v, fold::cast(st.ty, val, &self.l.vars)));
                return Ok(out);
            }
        }
        let c = cands_of(self.l, &self.an, &set, st.size, st.bitfield);
        if st.bitfield.is_none() && !st.packed {
            let g = super::bases::misaligned_guard(self.l, &c, &st.addr, st.size);
            self.conds.guards.extend(g);
        }
        if c.unknown {
            return Err("write through a pointer with unknown target".into());
        }
        if c.outside {
            return Err(
                "write that may run past the end of an object (undefined behaviour)".into(),
            );
        }
        if c.mismatch {
            return Err("write through a pointer with a type different from the object's".into());
        }
        if c.cells.is_empty() && c.bytes.is_empty() {
            if c.summarized {
                return Ok(vec![Op::Skip]);
            }
            return Err("dereference of pointer with unknown target".into());
        }
        let (mut addr, pre) = self.subst(&st.addr, 0)?;
        let (mut val, pre2) = self.subst(&st.val, 0)?;
        let n = Lowerer::access_span(st.size, st.bitfield);
        self.access_guards_with_provenance(&set, &c, &addr, n, false);
        self.lifetime_guards(&set, &addr, n, st.seq);
        let dest: PSet = c
            .cells
            .iter()
            .flat_map(|(_, v)| self.an.sets[v.0 as usize].iter().copied())
            .collect();
        self.formation_guards(&dest, &val);
        let mut out: Vec<Op> = pre.into_iter().chain(pre2).map(Op::Nondet).collect();
        let pt = self.l.ptr_type();
        let mut cellset: HashSet<VarId> = c.cells.iter().map(|(_, v)| *v).collect();
        for (_, s, _) in &c.bytes {
            cellset.extend(self.l.slots[*s].cells.iter().map(|(_, v)| *v));
        }
        // a value that selects a target cell itself (`*p = c ? 5 : *p;`) reads it and stores
        // it back: named first, as `lvalue::write` does, so that the store is not taken for a
        // conditional write whose keep arm is no access (`ir::split_shared::keeps`)
        if cellset
            .iter()
            .any(|v| crate::ir::split_shared::keeps(&val, *v))
        {
            let t = self.l.temp(val.ty(&self.l.vars));
            out.push(Op::Assign(t, val));
            val = Expr::Var(t);
        }
        let single = c.cells.len() + c.bytes.len() == 1 && !c.summarized;
        if !single {
            let mut refs = false;
            addr.for_each_var(&mut |v| refs |= cellset.contains(&v));
            if refs {
                let t = self.l.temp(pt);
                out.push(Op::Assign(t, addr));
                addr = Expr::Var(t);
            }
            let mut refs = false;
            val.for_each_var(&mut |v| refs |= cellset.contains(&v));
            if refs && !c.bytes.is_empty() {
                let t = self.l.temp(val.ty(&self.l.vars));
                out.push(Op::Assign(t, val));
                val = Expr::Var(t);
            }
        }
        for (a, s, k) in &c.bytes {
            let cond = Expr::bin(BinOp::Eq, addr.clone(), Expr::Const(*a as i128, pt));
            let cond = (!single).then_some(cond);
            let v = fold::cast(st.ty, val.clone(), &self.l.vars);
            match self
                .l
                .byte_write_ops(*s, *k, st.size, st.bitfield, v, cond.as_ref())
            {
                Some(ops) => out.extend(ops),
                None => return Err("write outside an object".into()),
            }
        }
        for (a, cell) in &c.cells {
            let ct = self.l.vars[cell.0 as usize].ty;
            let v = fold::cast(ct, val.clone(), &self.l.vars);
            let cond = Expr::bin(BinOp::Eq, addr.clone(), Expr::Const(*a as i128, pt));
            let new = if single {
                v
            } else {
                fold::ite(cond.clone(), v, Expr::Var(*cell))
            };
            out.push(Op::Assign(*cell, new));
            // keep overlapping union members consistent
            if let Some((s, i)) = self.cell_owner(*cell) {
                if self.l.slots[s].has_union {
                    let (shape, _) = self.l.slots[s].cells[i].clone();
                    let size = self.l.cell_size(&shape);
                    for (j, (c2, w)) in self.l.slots[s].cells.iter().enumerate() {
                        if j == i {
                            continue;
                        }
                        let s2 = self.l.cell_size(c2);
                        if c2.offset < shape.offset + size && shape.offset < c2.offset + s2 {
                            if c2.offset == shape.offset
                                && s2 == size
                                && c2.bitfield.is_none()
                                && shape.bitfield.is_none()
                            {
                                let wt = self.l.vars[w.0 as usize].ty;
                                out.push(Op::Assign(
                                    *w,
                                    fold::cast(wt, Expr::Var(*cell), &self.l.vars),
                                ));
                            } else {
                                self.l.mark_bytes(s);
                                return Err(
                                    "write through a pointer into overlapping union members".into(),
                                );
                            }
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    fn cell_owner(&self, v: VarId) -> Option<(SlotId, usize)> {
        self.l.cell_owner.get(&v).copied()
    }
}

/// The objects that get a symbolic base address (`bases`): those of static storage duration
/// whose address some observation converts to an integer, when the first thread starts with
/// the choice of the bases ([`POp::Bases`]).
fn symbolic_bases(
    l: &mut Lowerer,
    an: &Analysis,
    built: &[Built],
    statics: &HashSet<SlotId>,
) -> Bases {
    let mut bases = Bases::default();
    let chosen = built
        .first()
        .is_some_and(|b| b.b.edges.iter().any(|e| matches!(e.op, POp::Bases)));
    if !chosen {
        return bases;
    }
    let mut objs = BTreeSet::new();
    for b in built {
        for e in &b.b.edges {
            if let POp::Observe(ob) = &e.op {
                if ob.out.is_some() {
                    for pv in an.eval(&ob.a, &l.vars) {
                        if let PV::Obj(o, _) = pv {
                            if super::bases::eligible(l, o, statics) {
                                objs.insert(o);
                            }
                        }
                    }
                }
            }
        }
    }
    for o in objs {
        bases.get(l, o);
    }
    bases
}

/// Runs the analysis, resolves memory accesses and assembles the program.
pub(crate) fn finish(l: &mut Lowerer) -> Result<ir::Program, Diag> {
    // owner map of cells
    let mut owner = HashMap::new();
    for (s, slot) in l.slots.iter().enumerate() {
        for (i, (_, v)) in slot.cells.iter().enumerate() {
            owner.insert(*v, (s, i));
        }
    }
    l.cell_owner = owner;
    let an = run_analysis(l);
    // locals whose address reaches globals or another thread become global
    let mut roots = PSet::new();
    for (i, v) in l.vars.iter().enumerate() {
        if v.scope == Scope::Global && !l.loads.contains_key(&VarId(i as u32)) {
            roots.extend(an.sets[i].iter().copied());
        }
    }
    for b in &l.built {
        for p in b.param.iter().chain(b.param2.iter()) {
            roots.extend(an.sets[p.0 as usize].iter().copied());
        }
        for e in &b.b.edges {
            if let POp::Ir(Op::Call { args, .. }) = &e.op {
                if args.iter().any(|a| matches!(a, CallArg::Thread(_))) {
                    for a in args {
                        if let CallArg::Value(x) = a {
                            roots.extend(an.eval(x, &l.vars));
                        }
                    }
                }
            }
        }
    }
    // objects of static storage duration (before escaping locals become global)
    let statics: HashSet<SlotId> = (0..l.slots.len())
        .filter(|s| l.slots[*s].scope == Scope::Global || l.lifelong_locals.contains(s))
        .collect();
    let escaped = reach_objects(l, &an, &roots);
    for o in escaped {
        if let ObjKind::Slot(s) = l.objs[o as usize].kind {
            if let Scope::Local(_) = l.slots[s].scope {
                if l.tls_copies.values().any(|&c| c == s) {
                    // one copy per thread entry, not per instance: another thread would
                    // reach the object of the instance that passed the address
                    return Err(Diag::unsupported(
                        Some(l.slots[s].loc),
                        "thread-local storage whose address is passed to another thread",
                    ));
                }
                l.slots[s].scope = Scope::Global;
                let cells: Vec<VarId> = l.slots[s].cells.iter().map(|(_, v)| *v).collect();
                for v in cells {
                    l.vars[v.0 as usize].scope = Scope::Global;
                }
            }
        }
    }
    let built = std::mem::take(&mut l.built);
    let literal_cells: HashSet<VarId> = l
        .strings
        .values()
        .chain(l.wide_strings.values())
        .flat_map(|&s| l.slots[s].cells.iter().map(|(_, v)| *v))
        .collect();
    let bases = symbolic_bases(l, &an, &built, &statics);
    let mut r = Resolver {
        l,
        an,
        bases,
        memo: HashMap::new(),
        devices: HashMap::new(),
        conds: EdgeConds::default(),
        literal_cells,
    };
    let mut cfgs = Vec::new();
    for b in &built {
        cfgs.push(build_cfg(&mut r, b)?);
    }
    let l = r.l;
    // drop load placeholders and unreferenced locals, renumber variables
    let mut used = vec![false; l.vars.len()];
    {
        let mut mark = |v: VarId| {
            if let Some(u) = used.get_mut(v.0 as usize) {
                *u = true;
            }
        };
        for c in &cfgs {
            for e in &c.edges {
                match &e.op {
                    Op::Assign(v, x) => {
                        mark(*v);
                        x.for_each_var(&mut mark);
                    }
                    Op::Assume(x) => x.for_each_var(&mut mark),
                    Op::Nondet(v) => mark(*v),
                    Op::Call {
                        args,
                        ret,
                        may_write,
                        ..
                    } => {
                        for a in args {
                            if let CallArg::Value(x) = a {
                                x.for_each_var(&mut mark);
                            }
                        }
                        if let Some(r) = ret {
                            mark(*r);
                        }
                        for w in may_write {
                            mark(*w);
                        }
                    }
                    _ => {}
                }
            }
            for p in c.param.iter().chain(c.param2.iter()) {
                mark(*p);
            }
            if let Some(r) = c.ret {
                mark(r);
            }
        }
        for o in &l.objs {
            if let ObjKind::Slot(s) = o.kind {
                for (_, v) in &l.slots[s].cells {
                    mark(*v);
                }
            }
        }
    }
    let mut map: Vec<Option<VarId>> = vec![None; l.vars.len()];
    let mut vars = Vec::new();
    for (i, v) in l.vars.iter().enumerate() {
        if l.loads.contains_key(&VarId(i as u32)) {
            continue;
        }
        if v.scope != Scope::Global && !used[i] {
            continue;
        }
        map[i] = Some(VarId(vars.len() as u32));
        vars.push(v.clone());
    }
    let m = |v: VarId| map[v.0 as usize].unwrap_or(VarId(0));
    for c in cfgs.iter_mut() {
        for e in c.edges.iter_mut() {
            renumber_op(&mut e.op, &m);
        }
        c.param = c.param.map(m);
        c.param2 = c.param2.map(m);
        c.ret = c.ret.map(m);
    }
    let mut objects = Vec::new();
    for o in &l.objs {
        let cells = match o.kind {
            ObjKind::Slot(s) if !l.slots[s].summarized => {
                let mut cs: Vec<(u64, VarId)> = l.slots[s]
                    .cells
                    .iter()
                    .map(|(c, v)| (c.offset, m(*v)))
                    .collect();
                cs.sort();
                cs
            }
            _ => Vec::new(),
        };
        objects.push(ir::Object {
            name: o.name.clone(),
            base: o.base,
            size: o.size,
            cells,
        });
    }
    if l.target.pointer_bits < 64 && l.next_addr >= 1u64 << l.target.pointer_bits {
        return Err(Diag::error(
            DiagKind::Unsupported,
            None,
            "unsupported: the program's objects do not fit in the target's address space",
        ));
    }
    Ok(ir::Program {
        vars,
        objects,
        threads: cfgs,
        pointer_bits: l.target.pointer_bits,
        target: l.target.name.clone(),
        floats: l
            .floats
            .iter()
            .filter_map(|(v, f)| Some((map[*v as usize]?.0, *f)))
            .collect(),
    })
}
