//! The lifetimes of automatic objects: an access through a pointer to a block-scope object
//! (a local, a parameter of an inlined call, a compound literal) after its block or call has
//! ended is undefined behaviour (C11 6.2.4p2, 6.2.4p6), an `Unsupported` guard (UNKNOWN where
//! reachable), never a value: `{ int x; p = &x; } *p` and `int *f(void) { int x; return &x; }`.
//!
//! Lowering visits the program in one depth-first pass, so each automatic object's scope is an
//! interval of a lowering counter ([`Lowerer::life_seq`]): from its declaration to the end of
//! its block (or of its call). An access through a pointer records the counter where it is
//! lowered; a candidate object whose interval holds it is in scope there, hence alive (the
//! access lies in the object's block after its declaration, in the same inlined instance). A
//! candidate outside its interval (an access after the block, before the declaration in a loop
//! body, in a caller after the call) may be dead: the first lowering round records it
//! ([`Lowerer::need_live`]) and the next round gives that object a `live` flag, set at its
//! declaration and cleared where its block ends (the end of the block, `break`/`continue` out
//! of it, the end of the inlined call, which `return` jumps to), and guards each such access
//! with "the address lies outside the object, or it is alive".
//!
//! Limits: a `goto` out of a block does not clear the flags of that block's objects (such an
//! access is taken as alive); the locals of `main`'s outermost block and objects of static
//! storage live to the end; the locals of a thread's entry function are not ended with it, and
//! an access from another thread than the object's is not checked.

use super::*;
use crate::ir::{BinOp, Op};

/// The reason of the guard.
const DEAD: &str =
    "access to an object after the end of its lifetime (its block or call ended: undefined behaviour)";

impl<'a> Lowerer<'a> {
    /// Whether the current scope is the outermost block of `main` (of the first thread's
    /// entry), whose objects live until the program ends (`bases`).
    pub(crate) fn in_lifelong_block(&self) -> bool {
        self.thread.0 == 0 && self.frames.len() == 2 && self.frame().scopes.len() == 2
    }

    /// The next value of the lowering counter of scopes and accesses.
    pub(crate) fn life_tick(&mut self) -> u64 {
        self.life_seq += 1;
        self.life_seq
    }

    /// An automatic object `s` begins its lifetime here, in the innermost scope of the current
    /// frame; its flag (if the previous round found it needs one) is set.
    pub(crate) fn begin_lifetime(&mut self, s: SlotId) {
        let t = self.life_tick();
        self.scoped_life.insert(s, (t, u64::MAX));
        let depth = self.frame().scopes.len();
        let f = self.frame_mut();
        f.lives.push((depth, s));
        f.all_lives.push(s);
        if self.live_slots.contains(&s) {
            let name = format!("{}$live", self.slots[s].name);
            let sc = self.slots[s].scope;
            let loc = self.slots[s].loc;
            let v = self.new_var(&name, crate::ir::Type::Bool, sc, Some(0), true, Some(loc));
            self.live_flag.insert(s, v);
            self.b.emit(Op::Assign(v, Expr::bool(true)));
        }
    }

    /// The scope being popped ends: its objects' intervals close, their flags are cleared.
    pub(crate) fn end_scope_lifetimes(&mut self) {
        let depth = self.frame().scopes.len();
        let mut ended = Vec::new();
        let f = self.frame_mut();
        while f.lives.last().is_some_and(|(d, _)| *d >= depth) {
            ended.push(f.lives.pop().unwrap().1);
        }
        let t = self.life_tick();
        for s in &ended {
            if let Some(e) = self.scoped_life.get_mut(s) {
                e.1 = t;
            }
        }
        self.clear_flags(&ended);
    }

    /// A jump out of the scopes deeper than `depth` (`break`, `continue`): their objects'
    /// flags are cleared on the way (their intervals close where the scopes are popped).
    pub(crate) fn leave_scopes_above(&mut self, depth: usize) {
        let ended: Vec<SlotId> = self
            .frame()
            .lives
            .iter()
            .filter(|(d, _)| *d > depth)
            .map(|(_, s)| *s)
            .collect();
        self.clear_flags(&ended);
    }

    /// The end of an inlined call (every `return` jumps there): every object of the frame ends.
    pub(crate) fn end_frame_lifetimes(&mut self) {
        let all = std::mem::take(&mut self.frame_mut().all_lives);
        let t = self.life_tick();
        for s in &all {
            if let Some(e) = self.scoped_life.get_mut(s) {
                e.1 = e.1.min(t);
            }
        }
        self.clear_flags(&all);
    }

    fn clear_flags(&mut self, slots: &[SlotId]) {
        if self.b.cur.is_none() {
            return;
        }
        for s in slots {
            if let Some(v) = self.live_flag.get(s).copied() {
                self.b.emit(Op::Assign(v, Expr::bool(false)));
            }
        }
    }
}

impl super::pointsto::Resolver<'_, '_> {
    /// The lifetime guards ([`lifetime_guards`]) of an access with points-to set `set`.
    pub(super) fn lifetime_guards(
        &mut self,
        set: &super::pointsto::PSet,
        addr: &Expr,
        n: u64,
        seq: u64,
    ) {
        let objs: Vec<u32> = set
            .iter()
            .filter_map(|p| match p {
                super::pointsto::PV::Obj(o, _) => Some(*o),
                super::pointsto::PV::Unknown => None,
            })
            .collect();
        let g = lifetime_guards(self.l, &objs, addr, n, seq);
        self.conds.guards.extend(g);
    }
}

/// The thread whose lowering holds counter value `seq`.
fn thread_at(l: &Lowerer, seq: u64) -> ThreadId {
    l.thread_seqs
        .iter()
        .filter(|(start, _)| *start <= seq)
        .max_by_key(|(start, _)| *start)
        .map_or(ThreadId(0), |(_, t)| *t)
}

/// The lifetime guards of an access of `n` bytes at the resolved `addr`, lowered at counter
/// `seq`, whose candidates are the objects `objs`: for each automatic object not in scope at
/// the access, "`addr` lies outside it, or it is alive". An object without a flag yet is
/// recorded for the next round.
pub(super) fn lifetime_guards(
    l: &mut Lowerer,
    objs: &[u32],
    addr: &Expr,
    n: u64,
    seq: u64,
) -> Vec<(Expr, String)> {
    let pt = l.ptr_type();
    let k = |x: u64| Expr::Const(x as i128, pt);
    let mut out = Vec::new();
    for &o in objs {
        let oi = &l.objs[o as usize];
        let ObjKind::Slot(s) = oi.kind else { continue };
        let Some(&(from, to)) = l.scoped_life.get(&s) else {
            continue;
        };
        if from < seq && seq < to {
            continue;
        }
        if l.slots[s].scope != Scope::Local(thread_at(l, seq)) {
            // another thread's object: its lifetime against this thread's steps is not
            // modelled (no guard, as for the objects of a thread's entry function)
            continue;
        }
        let Some(&flag) = l.live_flag.get(&s) else {
            l.need_live.insert(s);
            continue;
        };
        let (b, sz) = (oi.base, oi.size.max(1));
        // the access overlaps the object: addr < base + size && addr + n > base
        let overlaps = Expr::bin(
            BinOp::And,
            Expr::bin(BinOp::Lt, addr.clone(), k(b + sz)),
            Expr::bin(
                BinOp::Lt,
                k(b),
                Expr::bin(BinOp::Add, addr.clone(), k(n.max(1))),
            ),
        );
        out.push((
            Expr::bin(BinOp::Or, Expr::not(overlaps), Expr::Var(flag)),
            DEAD.to_string(),
        ));
    }
    out
}
