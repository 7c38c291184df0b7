//! Which objects a variable's value may address: a flow-insensitive analysis of address
//! values over the whole program, for [`super::symmetry`] to tell a dereference's dead
//! branches from its live ones.
//!
//! The front end lowers `*p` for a pointer `p` it cannot resolve to one cell into a selection
//! over every object of a compatible type, by `p`'s numeric value: `(p < 4120) ? (p < 4108 ?
//! t[0] : ..) : (p < 4124 ? ids[0] : ..)`. A thread that dereferences its argument `&ids[i]`
//! then *syntactically* reads the thread-handle array `t`, although it never can. This module
//! computes, for each variable, the set of objects (and NULL) its value may point into, or
//! that it may hold anything; [`AddrFlow::decide`] then evaluates such a selection's
//! condition when every possible value of the variable answers it alike.
//!
//! # The abstraction
//! A value is either *an address into one of the objects S* (or NULL, when S holds it), or
//! *anything*. Sources of a variable (their union, to a fixpoint; the lattice is finite):
//! - its initial value: a global's initialiser (a constant), an uninitialised cell anything;
//!   a thread entry's parameter the arguments of every primitive that hands one over to that
//!   entry (the `arg` position of a spawn or restart; one whose entry is not a constant
//!   function hands its argument to every entry), anything if such a primitive hands over none;
//! - every assignment to it (`v := e`), abstracted bottom-up: a constant inside an object
//!   `[base, base + size]` (one past its end included) addresses that object, `0` is NULL,
//!   any other constant is anything; address ± a non-address offset stays in its objects
//!   (C 6.5.6p8: pointer arithmetic stays within its object, otherwise the behaviour is
//!   undefined; an offset from NULL is anything); a cast to at least pointer width keeps the
//!   value; a selection joins both branches; every other operation on an address is anything;
//! - `nondet`, a call's result and every cell a call may write: anything.
//!
//! A comparison of such a variable with a constant is decided when every value of every
//! object of S (and 0 when NULL is in S) gives the same answer.

use crate::ir::{BinOp, CallArg, Expr, Op, Program, Type, VarId};
use std::collections::BTreeSet;

/// An abstract value: `None` is anything; `Some(s)` an address into an object of `s` (object
/// indices; `NULL_OBJ` for the null pointer).
type Val = Option<BTreeSet<u32>>;

const NULL_OBJ: u32 = u32::MAX;

/// For a primitive that starts a thread instance: (the position of the argument handed to the
/// entry's parameter, the position of the entry function); see [`AddrFlow::new`].
pub type HandsOver = (Option<usize>, Option<usize>);

/// The analysis result for one program.
pub struct AddrFlow<'a> {
    prog: &'a Program,
    vals: Vec<Val>,
}

fn join(a: &mut Val, b: &Val) -> bool {
    match (a.as_mut(), b) {
        (None, _) => false,
        (Some(_), None) => {
            *a = None;
            true
        }
        (Some(s), Some(t)) => {
            let n = s.len();
            s.extend(t.iter().copied());
            s.len() != n
        }
    }
}

impl<'a> AddrFlow<'a> {
    /// Runs the analysis on `prog`; `hands_over(func)` gives, for a primitive that starts a
    /// thread instance, `Some((arg, entry))`: the position of the argument handed to the
    /// entry's parameter (`None` when it hands over none: the parameter is then arbitrary) and
    /// the position of the entry function (`None`: any entry).
    pub fn new(prog: &'a Program, hands_over: &dyn Fn(&str) -> Option<HandsOver>) -> Self {
        let n = prog.vars.len();
        // bottom: no value yet (the empty set)
        let mut vals: Vec<Val> = vec![Some(BTreeSet::new()); n];
        let params: BTreeSet<VarId> = prog
            .threads
            .iter()
            .skip(1)
            .filter_map(|c| c.param)
            .collect();
        let mut flow = AddrFlow {
            prog,
            vals: Vec::new(),
        };
        for (i, v) in prog.vars.iter().enumerate() {
            if !params.contains(&VarId(i as u32)) {
                vals[i] = v.init.and_then(|c| flow.constant(c));
            }
        }
        // the main thread's parameters and every second parameter: arbitrary
        let main = &prog.threads[0];
        for p in main.param.iter().chain(main.param2.iter()) {
            vals[p.0 as usize] = None;
        }
        for c in prog.threads.iter() {
            for p in c.param2.iter() {
                vals[p.0 as usize] = None;
            }
        }
        flow.vals = vals;
        loop {
            let mut changed = false;
            for cfg in &prog.threads {
                for e in &cfg.edges {
                    match &e.op {
                        Op::Assign(v, x) => {
                            let a = flow.eval(x);
                            changed |= join(&mut flow.vals[v.0 as usize], &a);
                        }
                        Op::Nondet(v) => changed |= join(&mut flow.vals[v.0 as usize], &None),
                        Op::Call {
                            func,
                            args,
                            ret,
                            may_write,
                        } => {
                            for w in ret.iter().chain(may_write.iter()) {
                                changed |= join(&mut flow.vals[w.0 as usize], &None);
                            }
                            if let Some((pos, entry)) = hands_over(func) {
                                let a = match pos.and_then(|i| args.get(i)) {
                                    Some(CallArg::Value(x)) => flow.eval(x),
                                    _ => None,
                                };
                                // Some(the entry's parameter, if it has one) for a constant
                                // entry; None: any entry
                                let target = match entry.and_then(|i| args.get(i)) {
                                    Some(CallArg::Thread(t)) => Some(prog.thread(*t).param),
                                    _ => None,
                                };
                                for p in &params {
                                    if target.is_none_or(|t| t == Some(*p)) {
                                        changed |= join(&mut flow.vals[p.0 as usize], &a);
                                    }
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            if !changed {
                break;
            }
        }
        flow
    }

    fn constant(&self, c: i128) -> Val {
        if c == 0 {
            return Some([NULL_OBJ].into_iter().collect());
        }
        let i = self
            .prog
            .objects
            .iter()
            .position(|o| c >= o.base as i128 && c <= (o.base + o.size) as i128)?;
        Some([i as u32].into_iter().collect())
    }

    fn is_addr(v: &Val) -> bool {
        v.as_ref().is_some_and(|s| !s.is_empty())
    }

    /// The abstract value of `e`.
    pub fn eval(&self, e: &Expr) -> Val {
        match e {
            Expr::Const(c, _) => self.constant(*c),
            Expr::Var(v) => self.vals[v.0 as usize].clone(),
            Expr::Cast(Type::Int { bits, .. }, a) if *bits >= self.prog.pointer_bits => {
                self.eval(a)
            }
            Expr::Ite(_, a, b) => {
                let mut r = self.eval(a);
                join(&mut r, &self.eval(b));
                r
            }
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let (va, vb) = (self.eval(a), self.eval(b));
                // address ± offset (a non-address), or offset + address
                let base = if Self::is_addr(&va) && !Self::is_addr(&vb) {
                    va
                } else if *op == BinOp::Add && Self::is_addr(&vb) && !Self::is_addr(&va) {
                    vb
                } else {
                    return None;
                };
                base.filter(|s| !s.contains(&NULL_OBJ))
            }
            _ => None,
        }
    }

    /// The value of the Bool `c` when it is the same for every value its variables may hold
    /// (a comparison of a variable, possibly cast to at least pointer width, with a
    /// constant).
    pub fn decide(&self, c: &Expr) -> Option<bool> {
        let Expr::Binary(op, a, b) = c else {
            return None;
        };
        let var = |e: &Expr| -> Option<VarId> {
            match e {
                Expr::Var(v) => Some(*v),
                Expr::Cast(Type::Int { bits, .. }, x) if *bits >= self.prog.pointer_bits => {
                    match &**x {
                        Expr::Var(v) => Some(*v),
                        _ => None,
                    }
                }
                _ => None,
            }
        };
        let (v, k, flip) = match (var(a), &**b, var(b), &**a) {
            (Some(v), Expr::Const(k, _), _, _) => (v, *k, false),
            (_, _, Some(v), Expr::Const(k, _)) => (v, *k, true),
            _ => return None,
        };
        let objs = self.vals[v.0 as usize].as_ref()?;
        if objs.is_empty() {
            return None;
        }
        // every value of v lies in one of these ranges (inclusive)
        let ranges: Vec<(i128, i128)> = objs
            .iter()
            .map(|&o| {
                if o == NULL_OBJ {
                    (0, 0)
                } else {
                    let o = &self.prog.objects[o as usize];
                    (o.base as i128, (o.base + o.size) as i128)
                }
            })
            .collect();
        // addresses are below 2^(pointer_bits - 1): signed and unsigned comparisons agree
        let half = 1i128 << (self.prog.pointer_bits.max(2) - 1);
        if k < 0 || k >= half || ranges.iter().any(|r| r.1 >= half) {
            return None;
        }
        let test = |x: i128| -> Option<bool> {
            let (l, r) = if flip { (k, x) } else { (x, k) };
            Some(match op {
                BinOp::Lt => l < r,
                BinOp::Le => l <= r,
                BinOp::Gt => l > r,
                BinOp::Ge => l >= r,
                BinOp::Eq => l == r,
                BinOp::Ne => l != r,
                _ => return None,
            })
        };
        let mut answer: Option<bool> = None;
        for (lo, hi) in ranges {
            // a comparison with a constant is monotone on a range except at k itself
            for x in [lo, hi, k.clamp(lo, hi)] {
                let t = test(x)?;
                if answer.is_some_and(|a| a != t) {
                    return None;
                }
                answer = Some(t);
            }
        }
        answer
    }

    /// True when `e` may read a variable of `set` in a branch it may take (selections whose
    /// condition [`AddrFlow::decide`] decides read only the branch taken).
    pub fn live_mentions(&self, e: &Expr, set: &BTreeSet<VarId>) -> bool {
        match e {
            Expr::Const(..) => false,
            Expr::Var(v) => set.contains(v),
            Expr::Unary(_, a) | Expr::Cast(_, a) => self.live_mentions(a, set),
            Expr::Binary(_, a, b) => self.live_mentions(a, set) || self.live_mentions(b, set),
            Expr::Float(_, xs) => xs.iter().any(|x| self.live_mentions(x, set)),
            Expr::Ite(c, a, b) => match self.decide(c) {
                Some(true) => self.live_mentions(a, set),
                Some(false) => self.live_mentions(b, set),
                None => {
                    self.live_mentions(c, set)
                        || self.live_mentions(a, set)
                        || self.live_mentions(b, set)
                }
            },
        }
    }
}
