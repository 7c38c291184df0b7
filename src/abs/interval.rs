//! Interval analysis over the IR (widening at loop heads, then narrowing): a sound
//! over-approximation of the values every integer/Boolean variable can hold at each location.
//!
//! Used by k-induction to strengthen the inductive step (the bounds at loop heads are re-assumed
//! after the havoc). Two concrete semantics are supported ([`IntSemantics`]):
//! - [`IntSemantics::BitVector`] (bit-precise, the default): every value lies in its type's range; an operation
//!   whose mathematical result may leave the range wraps around, so its interval becomes the
//!   whole type range unless the result is proven in range.
//! - [`IntSemantics::MathInt`] (`--int-math`): arithmetic on unbounded integers; only nondeterministic and
//!   initial values are known to lie in their type's range.
//!
//! Soundness: the transfer functions over-approximate the concrete semantics of each edge
//! (`Unsupported` edges stop the path, as in the symbolic executor), joins and widenings are upper
//! bounds, and narrowing only recomputes states from a post-fixpoint, which stays a post-fixpoint.

use crate::ir::semantics::IntSemantics;
use crate::ir::{BinOp, Cfg, EdgeId, Expr, LocId, Op, Type, UnOp, Var, VarId};
use std::collections::{BTreeSet, HashSet};

/// A closed interval; `None` bounds are unbounded. Never empty (emptiness is bottom of a state).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Itv {
    pub lo: Option<i128>,
    pub hi: Option<i128>,
}

impl Itv {
    pub const TOP: Itv = Itv { lo: None, hi: None };

    pub fn new(lo: Option<i128>, hi: Option<i128>) -> Option<Itv> {
        match (lo, hi) {
            (Some(l), Some(h)) if l > h => None,
            _ => Some(Itv { lo, hi }),
        }
    }
    pub fn point(c: i128) -> Itv {
        Itv {
            lo: Some(c),
            hi: Some(c),
        }
    }
    pub fn range(lo: i128, hi: i128) -> Itv {
        Itv {
            lo: Some(lo),
            hi: Some(hi),
        }
    }
    /// The whole range of a type.
    pub fn of_type(ty: Type) -> Itv {
        Itv::range(ty.min_value(), ty.max_value())
    }
    pub fn as_const(self) -> Option<i128> {
        match (self.lo, self.hi) {
            (Some(l), Some(h)) if l == h => Some(l),
            _ => None,
        }
    }
    pub fn contains(self, c: i128) -> bool {
        self.lo.is_none_or(|l| l <= c) && self.hi.is_none_or(|h| c <= h)
    }
    /// True when `self` lies within `[lo, hi]`.
    pub fn within(self, lo: i128, hi: i128) -> bool {
        self.lo.is_some_and(|l| l >= lo) && self.hi.is_some_and(|h| h <= hi)
    }
    pub fn join(self, o: Itv) -> Itv {
        Itv {
            lo: match (self.lo, o.lo) {
                (Some(a), Some(b)) => Some(a.min(b)),
                _ => None,
            },
            hi: match (self.hi, o.hi) {
                (Some(a), Some(b)) => Some(a.max(b)),
                _ => None,
            },
        }
    }
    pub fn meet(self, o: Itv) -> Option<Itv> {
        let lo = match (self.lo, o.lo) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, None) => a,
            (None, b) => b,
        };
        let hi = match (self.hi, o.hi) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, None) => a,
            (None, b) => b,
        };
        Itv::new(lo, hi)
    }
    /// True when every value of `self` is in `o`.
    pub fn le(self, o: Itv) -> bool {
        let lo_ok = match (o.lo, self.lo) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(b), Some(a)) => a >= b,
        };
        let hi_ok = match (o.hi, self.hi) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(b), Some(a)) => a <= b,
        };
        lo_ok && hi_ok
    }
}

fn add_b(a: Option<i128>, b: Option<i128>) -> Option<i128> {
    a?.checked_add(b?)
}

/// The abstract state of one location: `None` = unreachable.
type State = Option<Vec<Itv>>;

/// The analysis result: one interval per variable per location.
#[derive(Clone, Debug)]
pub struct Intervals {
    mode: IntSemantics,
    states: Vec<State>,
    types: Vec<Type>,
}

impl Intervals {
    /// Is the location reachable according to the analysis? (Unreachable → no state at all.)
    pub fn is_reachable(&self, loc: LocId) -> bool {
        self.states.get(loc.0 as usize).is_some_and(|s| s.is_some())
    }

    /// The interval of one variable at a location (`None` when the location is unreachable).
    pub fn get(&self, loc: LocId, v: VarId) -> Option<Itv> {
        self.states
            .get(loc.0 as usize)?
            .as_ref()
            .map(|s| s[v.0 as usize])
    }

    /// The non-trivial bounds at a location: every variable with a bound tighter than its type's
    /// range (in `Wrap` mode) or any finite bound (in `Math` mode); trivial sides are `None`.
    /// Empty for unreachable locations (check [`Intervals::is_reachable`]).
    pub fn at(&self, loc: LocId) -> Vec<(VarId, Option<i128>, Option<i128>)> {
        let mut out = Vec::new();
        let Some(Some(st)) = self.states.get(loc.0 as usize) else {
            return out;
        };
        for (i, itv) in st.iter().enumerate() {
            let ty = self.types[i];
            let lo = itv.lo.filter(|&l| l > ty.min_value());
            let hi = itv.hi.filter(|&h| h < ty.max_value());
            let (lo, hi) = if self.mode == IntSemantics::BitVector || matches!(ty, Type::Bool) {
                (lo, hi)
            } else {
                // In Math mode a bound equal to the type bound is still informative.
                (itv.lo, itv.hi)
            };
            if lo.is_some() || hi.is_some() {
                out.push((VarId(i as u32), lo, hi));
            }
        }
        out
    }

    /// The bounds at a location as a Boolean IR expression (a conjunction of `lo <= v`, `v <= hi`);
    /// `false` for an unreachable location, `true` when nothing is known.
    pub fn to_expr(&self, loc: LocId) -> Expr {
        if !self.is_reachable(loc) {
            return Expr::bool(false);
        }
        let mut conj: Option<Expr> = None;
        let mut push = |e: Expr| {
            conj = Some(match conj.take() {
                None => e,
                Some(c) => Expr::bin(BinOp::And, c, e),
            })
        };
        for (v, lo, hi) in self.at(loc) {
            let ty = self.types[v.0 as usize];
            let ty_c = if matches!(ty, Type::Bool) {
                // Bool variables compare as 0/1 integers.
                let cv = Expr::cast(Type::int(8, false), Expr::Var(v));
                if let Some(l) = lo {
                    push(Expr::bin(
                        BinOp::Ge,
                        cv.clone(),
                        Expr::Const(l, Type::int(8, false)),
                    ));
                }
                if let Some(h) = hi {
                    push(Expr::bin(
                        BinOp::Le,
                        cv,
                        Expr::Const(h, Type::int(8, false)),
                    ));
                }
                continue;
            } else {
                ty
            };
            let fits = |c: i128| c >= ty_c.min_value() && c <= ty_c.max_value();
            if let Some(l) = lo.filter(|&l| fits(l)) {
                push(Expr::bin(BinOp::Ge, Expr::Var(v), Expr::Const(l, ty_c)));
            }
            if let Some(h) = hi.filter(|&h| fits(h)) {
                push(Expr::bin(BinOp::Le, Expr::Var(v), Expr::Const(h, ty_c)));
            }
        }
        conj.unwrap_or_else(|| Expr::bool(true))
    }
}

/// Bit-precise interval analysis of one CFG.
pub fn analyze(cfg: &Cfg, vars: &[Var]) -> Intervals {
    analyze_mode(cfg, vars, IntSemantics::BitVector)
}

/// Interval analysis of one CFG under the given semantics.
pub fn analyze_mode(cfg: &Cfg, vars: &[Var], mode: IntSemantics) -> Intervals {
    Analyzer::new(cfg, vars, mode).run()
}

const WIDEN_DELAY: u32 = 3;
const NARROW_PASSES: u32 = 2;

struct Analyzer<'a> {
    cfg: &'a Cfg,
    vars: &'a [Var],
    mode: IntSemantics,
    heads: HashSet<LocId>,
    /// Incoming edges per location.
    inc: Vec<Vec<EdgeId>>,
    thresholds: Vec<i128>,
}

impl<'a> Analyzer<'a> {
    fn new(cfg: &'a Cfg, vars: &'a [Var], mode: IntSemantics) -> Self {
        let mut heads = HashSet::new();
        let mut inc = vec![Vec::new(); cfg.num_locs as usize];
        let mut th = BTreeSet::new();
        for (i, e) in cfg.edges.iter().enumerate() {
            if e.to <= e.from {
                heads.insert(e.to);
            }
            inc[e.to.0 as usize].push(EdgeId(i as u32));
            if let Op::Assume(c) | Op::Assign(_, c) = &e.op {
                c.for_each_const(&mut |k, t| {
                    if matches!(t, Type::Int { .. }) {
                        th.insert(k);
                    }
                });
            }
        }
        for l in &cfg.loops {
            heads.insert(l.head);
        }
        let mut thresholds: BTreeSet<i128> = BTreeSet::new();
        for c in th {
            for d in [-1i128, 0, 1] {
                if let Some(x) = c.checked_add(d) {
                    thresholds.insert(x);
                }
            }
        }
        Analyzer {
            cfg,
            vars,
            mode,
            heads,
            inc,
            thresholds: thresholds.into_iter().collect(),
        }
    }

    fn ty(&self, v: VarId) -> Type {
        self.vars[v.0 as usize].ty
    }

    fn top_of(&self, ty: Type) -> Itv {
        Itv::of_type(ty)
    }

    /// Clamp an arithmetic result to its type: in Wrap mode a possibly-wrapping result is the
    /// whole type range.
    fn fit(&self, r: Itv, ty: Type) -> Itv {
        match self.mode {
            IntSemantics::BitVector => {
                if r.within(ty.min_value(), ty.max_value()) {
                    r
                } else {
                    Itv::of_type(ty)
                }
            }
            IntSemantics::MathInt => r,
        }
    }

    /// Result of an operation whose value we do not bound: type range in Wrap, unbounded in Math.
    fn unknown(&self, ty: Type) -> Itv {
        match (self.mode, ty) {
            (_, Type::Bool) | (IntSemantics::BitVector, _) => Itv::of_type(ty),
            (IntSemantics::MathInt, _) => Itv::TOP,
        }
    }

    fn initial(&self) -> Vec<Itv> {
        self.vars
            .iter()
            .map(|v| match v.init {
                Some(c) => Itv::point(c),
                None => self.top_of(v.ty),
            })
            .collect()
    }

    fn run(self) -> Intervals {
        let n = self.cfg.num_locs as usize;
        let mut states: Vec<State> = vec![None; n];
        let mut updates = vec![0u32; n];
        states[self.cfg.entry.0 as usize] = Some(self.initial());
        let mut work: BTreeSet<LocId> = BTreeSet::new();
        work.insert(self.cfg.entry);
        while let Some(l) = work.pop_first() {
            let Some(st) = states[l.0 as usize].clone() else {
                continue;
            };
            for (_, e) in self.cfg.out_edges(l) {
                let Some(post) = self.transfer(&e.op, &st) else {
                    continue;
                };
                let t = e.to.0 as usize;
                let new = match &states[t] {
                    None => post,
                    Some(old) => {
                        let joined: Vec<Itv> =
                            old.iter().zip(&post).map(|(a, b)| a.join(*b)).collect();
                        if joined == *old {
                            continue;
                        }
                        if self.heads.contains(&e.to) && updates[t] >= WIDEN_DELAY {
                            old.iter()
                                .zip(&joined)
                                .enumerate()
                                .map(|(i, (a, b))| self.widen(*a, *b, self.vars[i].ty))
                                .collect()
                        } else {
                            joined
                        }
                    }
                };
                updates[t] += 1;
                states[t] = Some(new);
                work.insert(e.to);
            }
        }
        // Narrowing: recompute every reachable location from its predecessors, in program order.
        for _ in 0..NARROW_PASSES {
            for l in 0..n {
                if l == self.cfg.entry.0 as usize || states[l].is_none() {
                    continue;
                }
                let mut acc: State = None;
                for &ei in &self.inc[l] {
                    let e = self.cfg.edge(ei);
                    let Some(src) = &states[e.from.0 as usize] else {
                        continue;
                    };
                    let Some(post) = self.transfer(&e.op, src) else {
                        continue;
                    };
                    acc = Some(match acc {
                        None => post,
                        Some(a) => a.iter().zip(&post).map(|(x, y)| x.join(*y)).collect(),
                    });
                }
                // Keep the narrowed state only if it is below the old one (it always is for a
                // post-fixpoint; the check guards against imprecise transfer artefacts).
                match (&acc, &states[l]) {
                    (None, _) => states[l] = None,
                    (Some(a), Some(o)) => {
                        let m: Vec<Itv> = a
                            .iter()
                            .zip(o)
                            .map(|(x, y)| x.meet(*y).unwrap_or(*x))
                            .collect();
                        states[l] = Some(m);
                    }
                    _ => {}
                }
            }
        }
        Intervals {
            mode: self.mode,
            types: self.vars.iter().map(|v| v.ty).collect(),
            states,
        }
    }

    fn widen(&self, old: Itv, new: Itv, ty: Type) -> Itv {
        let (tmin, tmax) = match (self.mode, ty) {
            (IntSemantics::MathInt, Type::Int { .. }) => (None, None),
            _ => (Some(ty.min_value()), Some(ty.max_value())),
        };
        let lo = match (old.lo, new.lo) {
            (Some(a), Some(b)) if b >= a => Some(a),
            (_, Some(b)) => {
                // Next threshold below b.
                let t = self
                    .thresholds
                    .iter()
                    .rev()
                    .find(|&&t| t <= b && tmin.is_none_or(|m| t >= m))
                    .copied();
                t.or(tmin)
            }
            (_, None) => None,
        };
        let hi = match (old.hi, new.hi) {
            (Some(a), Some(b)) if b <= a => Some(a),
            (_, Some(b)) => {
                let t = self
                    .thresholds
                    .iter()
                    .find(|&&t| t >= b && tmax.is_none_or(|m| t <= m))
                    .copied();
                t.or(tmax)
            }
            (_, None) => None,
        };
        Itv { lo, hi }
    }

    /// Abstract post of one edge; `None` when the edge cannot be taken.
    fn transfer(&self, op: &Op, st: &[Itv]) -> Option<Vec<Itv>> {
        match op {
            Op::Skip | Op::AtomicBegin | Op::AtomicEnd | Op::Error(_) => Some(st.to_vec()),
            Op::Unsupported(_) => None,
            Op::Assign(v, e) => {
                let r = self.eval(e, st);
                let mut s = st.to_vec();
                s[v.0 as usize] = r;
                Some(s)
            }
            Op::Nondet(v) => {
                let mut s = st.to_vec();
                s[v.0 as usize] = self.top_of(self.ty(*v));
                Some(s)
            }
            Op::Call { ret, may_write, .. } => {
                let mut s = st.to_vec();
                for v in ret.iter().chain(may_write.iter()) {
                    s[v.0 as usize] = self.top_of(self.ty(*v));
                }
                Some(s)
            }
            Op::Assume(c) => {
                let mut s = st.to_vec();
                if self.refine(c, true, &mut s) {
                    Some(s)
                } else {
                    None
                }
            }
        }
    }

    fn expr_ty(&self, e: &Expr) -> Type {
        e.ty(self.vars)
    }

    /// Interval of an expression (Bool expressions give sub-intervals of [0, 1]).
    fn eval(&self, e: &Expr, st: &[Itv]) -> Itv {
        match e {
            Expr::Const(c, _) => Itv::point(*c),
            Expr::Var(v) => st[v.0 as usize],
            Expr::Unary(op, a) => {
                let ty = self.expr_ty(e);
                let x = self.eval(a, st);
                match op {
                    UnOp::Not => match x.as_const() {
                        Some(0) => Itv::point(1),
                        Some(_) => Itv::point(0),
                        None => Itv::range(0, 1),
                    },
                    UnOp::Neg => {
                        let r = Itv {
                            lo: x.hi.and_then(|h| h.checked_neg()),
                            hi: x.lo.and_then(|l| l.checked_neg()),
                        };
                        self.fit(r, ty)
                    }
                    UnOp::BitNot => match self.mode {
                        IntSemantics::MathInt => self.unknown(ty),
                        IntSemantics::BitVector => {
                            if ty.is_signed() {
                                // ~x = -x - 1, never overflows.
                                Itv {
                                    lo: x.hi.map(|h| -h - 1),
                                    hi: x.lo.map(|l| -l - 1),
                                }
                            } else {
                                let m = ty.max_value();
                                Itv {
                                    lo: x.hi.map(|h| m - h),
                                    hi: x.lo.map(|l| m - l),
                                }
                            }
                        }
                    },
                }
            }
            Expr::Binary(op, a, b) => self.eval_bin(*op, a, b, st),
            Expr::Cast(t, a) => {
                let x = self.eval(a, st);
                let src = self.expr_ty(a);
                match (src, *t) {
                    (_, Type::Bool) => {
                        if !x.contains(0) {
                            Itv::point(1)
                        } else if x.as_const() == Some(0) {
                            Itv::point(0)
                        } else {
                            Itv::range(0, 1)
                        }
                    }
                    (Type::Bool, _) => x.meet(Itv::range(0, 1)).unwrap_or(Itv::range(0, 1)),
                    (_, ty) => {
                        if x.within(ty.min_value(), ty.max_value()) {
                            x
                        } else {
                            self.unknown(ty)
                        }
                    }
                }
            }
            Expr::Ite(c, a, b) => {
                let ci = self.eval(c, st);
                match ci.as_const() {
                    Some(0) => self.eval(b, st),
                    Some(_) => self.eval(a, st),
                    None => {
                        // Evaluate each branch under its refined condition.
                        let mut sa = st.to_vec();
                        let mut sb = st.to_vec();
                        let ra = self.refine(c, true, &mut sa).then(|| self.eval(a, &sa));
                        let rb = self.refine(c, false, &mut sb).then(|| self.eval(b, &sb));
                        match (ra, rb) {
                            (Some(x), Some(y)) => x.join(y),
                            (Some(x), None) => x,
                            (None, Some(y)) => y,
                            (None, None) => self.eval(a, st).join(self.eval(b, st)),
                        }
                    }
                }
            }
            // IEEE 754 operations: any value of the result type
            Expr::Float(op, _) => self.unknown(op.result_ty()),
        }
    }

    fn eval_bin(&self, op: BinOp, a: &Expr, b: &Expr, st: &[Itv]) -> Itv {
        let ty = self.expr_ty(a);
        let x = self.eval(a, st);
        let y = self.eval(b, st);
        let bool_of = |t: Option<bool>| match t {
            Some(true) => Itv::point(1),
            Some(false) => Itv::point(0),
            None => Itv::range(0, 1),
        };
        match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul => self.eval_ring(op, x, y, ty),
            BinOp::Div => self.eval_div(x, y, ty),
            BinOp::Rem => self.eval_rem(x, y, ty),
            BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor | BinOp::Shl | BinOp::Shr => {
                self.eval_bits(op, x, y, ty)
            }
            BinOp::Eq => bool_of(cmp_eq(x, y)),
            BinOp::Ne => bool_of(cmp_eq(x, y).map(|b| !b)),
            BinOp::Lt => bool_of(cmp_lt(x, y)),
            BinOp::Le => bool_of(cmp_lt(y, x).map(|b| !b)),
            BinOp::Gt => bool_of(cmp_lt(y, x)),
            BinOp::Ge => bool_of(cmp_lt(x, y).map(|b| !b)),
            BinOp::And => match (x.as_const(), y.as_const()) {
                (Some(0), _) | (_, Some(0)) => Itv::point(0),
                (Some(_), Some(_)) => Itv::point(1),
                _ => Itv::range(0, 1),
            },
            BinOp::Or => match (x.as_const(), y.as_const()) {
                (Some(a), _) if a != 0 => Itv::point(1),
                (_, Some(b)) if b != 0 => Itv::point(1),
                (Some(0), Some(0)) => Itv::point(0),
                _ => Itv::range(0, 1),
            },
        }
    }

    /// `+`, `-` and `*` over the bounds, fitted to the result type.
    fn eval_ring(&self, op: BinOp, x: Itv, y: Itv, ty: Type) -> Itv {
        match op {
            BinOp::Add => self.fit(
                Itv {
                    lo: add_b(x.lo, y.lo),
                    hi: add_b(x.hi, y.hi),
                },
                ty,
            ),
            BinOp::Sub => self.fit(
                Itv {
                    lo: x.lo.zip(y.hi).and_then(|(p, q)| p.checked_sub(q)),
                    hi: x.hi.zip(y.lo).and_then(|(p, q)| p.checked_sub(q)),
                },
                ty,
            ),
            BinOp::Mul => {
                let corners = [(x.lo, y.lo), (x.lo, y.hi), (x.hi, y.lo), (x.hi, y.hi)];
                let mut vals = Vec::new();
                for (p, q) in corners {
                    match p.zip(q).and_then(|(p, q)| p.checked_mul(q)) {
                        Some(v) => vals.push(v),
                        None => return self.unknown(ty),
                    }
                }
                self.fit(
                    Itv::range(*vals.iter().min().unwrap(), *vals.iter().max().unwrap()),
                    ty,
                )
            }
            _ => unreachable!("eval_ring on {op:?}"),
        }
    }

    /// `/`: a divisor of one sign, bounded away from 0; anything else is any value.
    fn eval_div(&self, x: Itv, y: Itv, ty: Type) -> Itv {
        if self.mode == IntSemantics::MathInt {
            return self.unknown(ty);
        }
        // Divisor of one sign, bounded away from 0.
        let (Some(xl), Some(xh), Some(yl), Some(yh)) = (x.lo, x.hi, y.lo, y.hi) else {
            return self.unknown(ty);
        };
        if yl <= 0 && yh >= 0 {
            return self.unknown(ty);
        }
        let mut vals = Vec::new();
        for (p, q) in [(xl, yl), (xl, yh), (xh, yl), (xh, yh)] {
            match p.checked_div(q) {
                Some(v) => vals.push(v),
                None => return self.unknown(ty),
            }
        }
        self.fit(
            Itv::range(*vals.iter().min().unwrap(), *vals.iter().max().unwrap()),
            ty,
        )
    }

    /// `%`: bounded by the divisor's magnitude and the dividend's sign.
    fn eval_rem(&self, x: Itv, y: Itv, ty: Type) -> Itv {
        if self.mode == IntSemantics::MathInt {
            return self.unknown(ty);
        }
        let (Some(yl), Some(yh)) = (y.lo, y.hi) else {
            return self.unknown(ty);
        };
        if yl <= 0 && yh >= 0 {
            return self.unknown(ty);
        }
        let m = yl.unsigned_abs().max(yh.unsigned_abs()) as i128 - 1;
        let r = if x.lo.is_some_and(|l| l >= 0) {
            Itv::range(0, x.hi.map_or(m, |h| h.min(m)))
        } else if x.hi.is_some_and(|h| h <= 0) {
            Itv::range(x.lo.map_or(-m, |l| l.max(-m)), 0)
        } else {
            Itv::range(-m, m)
        };
        self.fit(r, ty)
    }

    /// The bitwise operators and shifts (bit-vector semantics only).
    fn eval_bits(&self, op: BinOp, x: Itv, y: Itv, ty: Type) -> Itv {
        if self.mode == IntSemantics::MathInt {
            return self.unknown(ty);
        }
        match op {
            BinOp::BitAnd => {
                let xn = x.lo.is_some_and(|l| l >= 0);
                let yn = y.lo.is_some_and(|l| l >= 0);
                match (xn, yn) {
                    (true, true) => Itv::range(0, x.hi.unwrap().min(y.hi.unwrap())),
                    (true, false) => Itv::range(0, x.hi.unwrap()),
                    (false, true) => Itv::range(0, y.hi.unwrap()),
                    _ => self.unknown(ty),
                }
            }
            BinOp::BitOr | BinOp::BitXor => {
                if x.lo.is_some_and(|l| l >= 0) && y.lo.is_some_and(|l| l >= 0) {
                    let m = x.hi.unwrap().max(y.hi.unwrap());
                    let bits = 128 - m.leading_zeros();
                    let top = if bits >= 127 {
                        i128::MAX
                    } else {
                        (1i128 << bits) - 1
                    };
                    self.fit(Itv::range(0, top), ty)
                } else {
                    self.unknown(ty)
                }
            }
            BinOp::Shl => match (y.as_const(), x.lo, x.hi) {
                (Some(c), Some(l), Some(h)) if (0..ty.bits() as i128).contains(&c) && l >= 0 => {
                    let f = 1i128 << c;
                    match (l.checked_mul(f), h.checked_mul(f)) {
                        (Some(a), Some(b)) => self.fit(Itv::range(a, b), ty),
                        _ => self.unknown(ty),
                    }
                }
                _ => self.unknown(ty),
            },
            BinOp::Shr => match (y.as_const(), x.lo, x.hi) {
                (Some(c), Some(l), Some(h)) if (0..ty.bits() as i128).contains(&c) => {
                    Itv::range(l >> c, h >> c)
                }
                _ => self.unknown(ty),
            },
            _ => unreachable!("eval_bits on {op:?}"),
        }
    }

    /// Refines `st` under the assumption that `c` evaluates to `pos`. Returns false when the
    /// assumption is unsatisfiable (bottom).
    fn refine(&self, c: &Expr, pos: bool, st: &mut [Itv]) -> bool {
        match c {
            Expr::Const(v, _) => (*v != 0) == pos,
            Expr::Var(v) => {
                let want = Itv::point(pos as i128);
                match st[v.0 as usize].meet(want) {
                    Some(i) => {
                        st[v.0 as usize] = i;
                        true
                    }
                    None => false,
                }
            }
            Expr::Unary(UnOp::Not, a) => self.refine(a, !pos, st),
            Expr::Binary(BinOp::And, a, b) if pos => {
                self.refine(a, true, st) && self.refine(b, true, st)
            }
            Expr::Binary(BinOp::Or, a, b) if !pos => {
                self.refine(a, false, st) && self.refine(b, false, st)
            }
            Expr::Binary(op @ (BinOp::And | BinOp::Or), a, b) => {
                // pos Or / neg And: a disjunction.
                let (pa, pb) = if *op == BinOp::Or {
                    (true, true)
                } else {
                    (false, false)
                };
                let mut s1 = st.to_vec();
                let mut s2 = st.to_vec();
                let ok1 = self.refine(a, pa, &mut s1);
                let ok2 = self.refine(b, pb, &mut s2);
                match (ok1, ok2) {
                    (false, false) => false,
                    (true, false) => {
                        st.copy_from_slice(&s1);
                        true
                    }
                    (false, true) => {
                        st.copy_from_slice(&s2);
                        true
                    }
                    (true, true) => {
                        for i in 0..st.len() {
                            st[i] = s1[i].join(s2[i]);
                        }
                        true
                    }
                }
            }
            Expr::Binary(op, a, b) if op.is_comparison() => {
                let op = if pos { *op } else { negate(*op) };
                self.refine_cmp(op, a, b, st)
            }
            Expr::Cast(Type::Bool, a) => {
                // (bool)a == pos  ⇔  a != 0 (pos) / a == 0 (!pos)
                let aty = self.expr_ty(a);
                if matches!(aty, Type::Bool) {
                    return self.refine(a, pos, st);
                }
                let zero = Expr::Const(0, aty);
                let op = if pos { BinOp::Ne } else { BinOp::Eq };
                self.refine_cmp(op, a, &zero, st)
            }
            _ => {
                let v = self.eval(c, st);
                v.contains(pos as i128)
            }
        }
    }

    fn refine_cmp(&self, op: BinOp, a: &Expr, b: &Expr, st: &mut [Itv]) -> bool {
        let x = self.eval(a, st);
        let y = self.eval(b, st);
        let (nx, ny) = match op {
            BinOp::Eq => match x.meet(y) {
                Some(m) => (m, m),
                None => return false,
            },
            BinOp::Ne => {
                let cut = |p: Itv, q: Itv| -> Option<Itv> {
                    match q.as_const() {
                        Some(c) if p.as_const() == Some(c) => None,
                        Some(c) if p.lo == Some(c) => Some(Itv {
                            lo: Some(c + 1),
                            ..p
                        }),
                        Some(c) if p.hi == Some(c) => Some(Itv {
                            hi: Some(c - 1),
                            ..p
                        }),
                        _ => Some(p),
                    }
                };
                match (cut(x, y), cut(y, x)) {
                    (Some(p), Some(q)) => (p, q),
                    _ => return false,
                }
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                // Normalise to l < r or l <= r.
                let (l, r, strict, swapped) = match op {
                    BinOp::Lt => (x, y, true, false),
                    BinOp::Le => (x, y, false, false),
                    BinOp::Gt => (y, x, true, true),
                    _ => (y, x, false, true),
                };
                let d = strict as i128;
                // l <= r - d  and  r >= l + d
                let nl = l.meet(Itv {
                    lo: None,
                    hi: r.hi.and_then(|h| h.checked_sub(d)),
                });
                let nr = r.meet(Itv {
                    lo: l.lo.and_then(|v| v.checked_add(d)),
                    hi: None,
                });
                let (Some(nl), Some(nr)) = (nl, nr) else {
                    return false;
                };
                if swapped {
                    (nr, nl)
                } else {
                    (nl, nr)
                }
            }
            _ => return true,
        };
        self.assign_back(a, nx, st) && self.assign_back(b, ny, st)
    }

    /// Narrows the variables of `e` so that `e` lies in `target` (best effort, sound).
    fn assign_back(&self, e: &Expr, target: Itv, st: &mut [Itv]) -> bool {
        match e {
            Expr::Const(c, _) => target.contains(*c),
            Expr::Var(v) => match st[v.0 as usize].meet(target) {
                Some(i) => {
                    st[v.0 as usize] = i;
                    true
                }
                None => false,
            },
            Expr::Cast(t, a) if !matches!(t, Type::Bool) => {
                let x = self.eval(a, st);
                let aty = self.expr_ty(a);
                if matches!(aty, Type::Bool) {
                    return match x.meet(target) {
                        Some(m) => self.assign_back(a, m, st),
                        None => false,
                    };
                }
                // Value-preserving cast: the operand equals the result.
                if x.within(t.min_value(), t.max_value()) {
                    self.assign_back(a, target, st)
                } else {
                    true
                }
            }
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let ty = self.expr_ty(a);
                let xa = self.eval(a, st);
                let xb = self.eval(b, st);
                let whole = self.eval(e, st);
                // Only when the operation provably did not wrap.
                let raw = if *op == BinOp::Add {
                    Itv {
                        lo: add_b(xa.lo, xb.lo),
                        hi: add_b(xa.hi, xb.hi),
                    }
                } else {
                    Itv {
                        lo: xa.lo.zip(xb.hi).and_then(|(p, q)| p.checked_sub(q)),
                        hi: xa.hi.zip(xb.lo).and_then(|(p, q)| p.checked_sub(q)),
                    }
                };
                if self.mode == IntSemantics::BitVector
                    && !raw.within(ty.min_value(), ty.max_value())
                {
                    return true;
                }
                let _ = whole;
                match (xa.as_const(), xb.as_const()) {
                    (_, Some(c)) => {
                        // a ± c ∈ target  ⇒  a ∈ target ∓ c
                        let c = if *op == BinOp::Add { c } else { -c };
                        let t = Itv {
                            lo: target.lo.and_then(|l| l.checked_sub(c)),
                            hi: target.hi.and_then(|h| h.checked_sub(c)),
                        };
                        self.assign_back(a, t, st)
                    }
                    (Some(c), None) if *op == BinOp::Add => {
                        let t = Itv {
                            lo: target.lo.and_then(|l| l.checked_sub(c)),
                            hi: target.hi.and_then(|h| h.checked_sub(c)),
                        };
                        self.assign_back(b, t, st)
                    }
                    _ => true,
                }
            }
            _ => self.eval(e, st).meet(target).is_some(),
        }
    }
}

fn negate(op: BinOp) -> BinOp {
    match op {
        BinOp::Eq => BinOp::Ne,
        BinOp::Ne => BinOp::Eq,
        BinOp::Lt => BinOp::Ge,
        BinOp::Le => BinOp::Gt,
        BinOp::Gt => BinOp::Le,
        BinOp::Ge => BinOp::Lt,
        o => o,
    }
}

fn cmp_eq(x: Itv, y: Itv) -> Option<bool> {
    match (x.as_const(), y.as_const()) {
        (Some(a), Some(b)) => Some(a == b),
        _ => {
            if x.meet(y).is_none() {
                Some(false)
            } else {
                None
            }
        }
    }
}

/// Is x < y decided?
fn cmp_lt(x: Itv, y: Itv) -> Option<bool> {
    if let (Some(xh), Some(yl)) = (x.hi, y.lo) {
        if xh < yl {
            return Some(true);
        }
    }
    if let (Some(xl), Some(yh)) = (x.lo, y.hi) {
        if xl >= yh {
            return Some(false);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Loc;
    use crate::ir::{Edge, LoopInfo, Scope};

    pub(crate) fn int() -> Type {
        Type::int(32, true)
    }

    fn var(name: &str, ty: Type, init: Option<i128>) -> Var {
        Var {
            name: name.into(),
            ty,
            scope: Scope::Global,
            init,
            is_temp: false,
            loc: None,
        }
    }

    /// Builds a CFG from (from, to, op) triples; location 0 is the entry, `n-2` exit, `n-1` error.
    fn cfg(n: u32, edges: Vec<(u32, u32, Op)>) -> Cfg {
        let mut out = vec![Vec::new(); n as usize];
        let mut es = Vec::new();
        let mut loops: Vec<LoopInfo> = Vec::new();
        for (i, (f, t, op)) in edges.into_iter().enumerate() {
            out[f as usize].push(EdgeId(i as u32));
            if t <= f {
                match loops.iter_mut().find(|l| l.head == LocId(t)) {
                    Some(l) => l.back_edges.push(EdgeId(i as u32)),
                    None => loops.push(LoopInfo {
                        id: loops.len() as u32,
                        head: LocId(t),
                        back_edges: vec![EdgeId(i as u32)],
                        loc: Loc::default(),
                    }),
                }
            }
            es.push(Edge {
                from: LocId(f),
                to: LocId(t),
                op,
                loc: Loc::default(),
            });
        }
        Cfg {
            name: "main".into(),
            num_locs: n,
            entry: LocId(0),
            exit: LocId(n - 2),
            error: LocId(n - 1),
            edges: es,
            out,
            loc_src: vec![Loc::default(); n as usize],
            loc_func: vec!["main".into(); n as usize],
            loops,
            param: None,
            param2: None,
            ret: None,
        }
    }

    fn v(i: u32) -> Expr {
        Expr::Var(VarId(i))
    }
    fn c(x: i128) -> Expr {
        Expr::Const(x, int())
    }

    #[test]
    fn counter_loop_bounds() {
        // i = 0; while (i < 10) i++;
        let vars = vec![var("i", int(), None)];
        let g = cfg(
            5,
            vec![
                (0, 1, Op::Assign(VarId(0), c(0))),
                (1, 2, Op::Assume(Expr::bin(BinOp::Lt, v(0), c(10)))),
                (
                    2,
                    1,
                    Op::Assign(VarId(0), Expr::bin(BinOp::Add, v(0), c(1))),
                ),
                (1, 3, Op::Assume(Expr::bin(BinOp::Ge, v(0), c(10)))),
            ],
        );
        let r = analyze(&g, &vars);
        assert_eq!(r.get(LocId(1), VarId(0)), Some(Itv::range(0, 10)));
        assert_eq!(r.get(LocId(2), VarId(0)), Some(Itv::range(0, 9)));
        assert_eq!(r.get(LocId(3), VarId(0)), Some(Itv::point(10)));
        assert!(!r.is_reachable(LocId(4)));
        assert_eq!(r.at(LocId(1)), vec![(VarId(0), Some(0), Some(10))]);
        assert_eq!(r.to_expr(LocId(4)), Expr::bool(false));
    }

    #[test]
    fn unsigned_wraparound_is_top_unless_in_range() {
        // unsigned char x = 250; loop { x = x + 10 } → wraps: top.
        let u8t = Type::int(8, false);
        let vars = vec![var("x", u8t, Some(250)), var("y", u8t, Some(0))];
        let g = cfg(
            4,
            vec![
                (
                    0,
                    1,
                    Op::Assign(VarId(0), Expr::bin(BinOp::Add, v(0), Expr::Const(10, u8t))),
                ),
                (
                    1,
                    2,
                    Op::Assign(VarId(1), Expr::bin(BinOp::Add, v(1), Expr::Const(10, u8t))),
                ),
            ],
        );
        let r = analyze(&g, &vars);
        assert_eq!(r.get(LocId(1), VarId(0)), Some(Itv::range(0, 255)));
        assert_eq!(r.get(LocId(2), VarId(1)), Some(Itv::point(10)));
        // In Math mode the sum is exact.
        let r = analyze_mode(&g, &vars, IntSemantics::MathInt);
        assert_eq!(r.get(LocId(1), VarId(0)), Some(Itv::point(260)));
    }

    #[test]
    fn refines_between_vars_and_through_casts() {
        // char c nondet; n = 5; assume((int)c < n); assume(c >= 0)
        let ch = Type::int(8, true);
        let vars = vec![var("c", ch, None), var("n", int(), Some(5))];
        let g = cfg(
            4,
            vec![
                (
                    0,
                    1,
                    Op::Assume(Expr::bin(BinOp::Lt, Expr::cast(int(), v(0)), v(1))),
                ),
                (
                    1,
                    2,
                    Op::Assume(Expr::bin(BinOp::Ge, v(0), Expr::Const(0, ch))),
                ),
            ],
        );
        let r = analyze(&g, &vars);
        assert_eq!(r.get(LocId(1), VarId(0)), Some(Itv::range(-128, 4)));
        assert_eq!(r.get(LocId(2), VarId(0)), Some(Itv::range(0, 4)));
    }

    #[test]
    fn infeasible_branch_is_bottom_and_disjunctions_join() {
        // x = 3; if (x == 4) {L2} ; if (x < 0 || x > 2) {L3}
        let vars = vec![var("x", int(), Some(3))];
        let g = cfg(
            5,
            vec![
                (0, 1, Op::Assume(Expr::bin(BinOp::Eq, v(0), c(4)))),
                (
                    0,
                    2,
                    Op::Assume(Expr::bin(
                        BinOp::Or,
                        Expr::bin(BinOp::Lt, v(0), c(0)),
                        Expr::bin(BinOp::Gt, v(0), c(2)),
                    )),
                ),
                (
                    0,
                    3,
                    Op::Assume(Expr::not(Expr::bin(
                        BinOp::Or,
                        Expr::bin(BinOp::Lt, v(0), c(0)),
                        Expr::bin(BinOp::Gt, v(0), c(2)),
                    ))),
                ),
            ],
        );
        let r = analyze(&g, &vars);
        assert!(!r.is_reachable(LocId(1)));
        assert_eq!(r.get(LocId(2), VarId(0)), Some(Itv::point(3)));
        assert!(!r.is_reachable(LocId(3)));
    }

    #[test]
    fn nondet_range_with_down_counter_and_narrowing() {
        // n = nondet; assume(0 <= n && n <= 100); while (n > 0) n = n - 2;
        let vars = vec![var("n", int(), None)];
        let g = cfg(
            6,
            vec![
                (0, 1, Op::Nondet(VarId(0))),
                (
                    1,
                    2,
                    Op::Assume(Expr::bin(
                        BinOp::And,
                        Expr::bin(BinOp::Le, c(0), v(0)),
                        Expr::bin(BinOp::Le, v(0), c(100)),
                    )),
                ),
                (2, 3, Op::Assume(Expr::bin(BinOp::Gt, v(0), c(0)))),
                (
                    3,
                    2,
                    Op::Assign(VarId(0), Expr::bin(BinOp::Sub, v(0), c(2))),
                ),
                (2, 4, Op::Assume(Expr::bin(BinOp::Le, v(0), c(0)))),
            ],
        );
        let r = analyze(&g, &vars);
        assert_eq!(r.get(LocId(2), VarId(0)), Some(Itv::range(-1, 100)));
        assert_eq!(r.get(LocId(4), VarId(0)), Some(Itv::range(-1, 0)));
        let e = r.to_expr(LocId(4));
        assert_eq!(
            e,
            Expr::bin(
                BinOp::And,
                Expr::bin(BinOp::Ge, v(0), c(-1)),
                Expr::bin(BinOp::Le, v(0), c(0))
            )
        );
    }

    #[test]
    fn unsupported_stops_and_calls_havoc() {
        let vars = vec![var("x", int(), Some(1)), var("y", int(), Some(1))];
        let g = cfg(
            5,
            vec![
                (0, 1, Op::Unsupported("asm".into())),
                (
                    0,
                    2,
                    Op::Call {
                        func: "ext".into(),
                        args: vec![],
                        ret: Some(VarId(0)),
                        may_write: vec![],
                    },
                ),
            ],
        );
        let r = analyze(&g, &vars);
        assert!(!r.is_reachable(LocId(1)));
        assert_eq!(r.get(LocId(2), VarId(0)), Some(Itv::of_type(int())));
        assert_eq!(r.get(LocId(2), VarId(1)), Some(Itv::point(1)));
    }
}
