//! Honest verdicts where C leaves the outcome undefined or to the memory layout.
//!
//! - The *evaluation context* of a side-effect-free operand of `&&`, `||` or `?:`: the
//!   condition under which C evaluates it (`b != 0 && a / b > 1` divides only when `b != 0`).
//!   A guard on undefined behaviour inside such an operand holds only under its context.
//! - Undefined behaviour guards placed while lowering ([`Lowerer::ub_guard`]): a division or
//!   remainder by zero and `INT_MIN / -1` (C11 6.5.5p5-6), out-of-bounds indices
//!   (`lvalue::bounds_guard`). A path that reaches one ends in an `Unsupported` edge, so the
//!   verdict is UNKNOWN with the reason, never SUCCESSFUL, and continues assuming it is defined.
//! - Observations of an object's address ([`Observe`]): our objects sit at fixed abstract
//!   addresses, while a real program's addresses depend on the linker and the stack. An object
//!   live for the whole execution whose address is converted to an integer has a symbolic base
//!   address instead (`bases`, [`Lowerer::address_as_int`]). Where a verdict could still depend
//!   on the layout (another object's address converted to an integer, an
//!   address made from an integer that falls inside an object, the order or distance of
//!   pointers into different objects, an object's address compared with an address made from
//!   an integer, a pointer one past the end of an object compared with the start of another,
//!   which C11 6.5.9p6 lets coincide), the path ends in an `Unsupported` edge. These are
//!   resolved after the points-to analysis ([`guard`]), which knows every object a value may
//!   point into. Pointer arithmetic and comparisons within one object, `p == &x`,
//!   `p != NULL` stay exact: they do not depend on where objects lie.

use super::*;
use crate::ir::{BinOp, Op};
use std::collections::BTreeSet;

/// What a program learns about an address value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObserveKind {
    /// `(uintptr_t)p`, `p & 3`: the integer value of an address.
    ToInt,
    /// `(int *)0x1000`: an address made from an integer, which may fall inside an object in our
    /// layout and not in the program's (or the other way round).
    FromInt,
    /// `p < q`, `p - q`: defined only within one object (C11 6.5.8p5, 6.5.6p9).
    Order,
    /// `p == q` where one side may be an object's address and the other an address made from
    /// an integer (`(char *)0x2000`): whether they coincide depends on the layout.
    Coincide,
}

/// An observation of address values, checked after points-to.
#[derive(Clone, Debug, PartialEq)]
pub struct Observe {
    pub kind: ObserveKind,
    pub a: Expr,
    pub b: Option<Expr>,
    /// The evaluation context: the observation happens only when it holds.
    pub ctx: Expr,
    /// For [`ObserveKind::ToInt`] made by [`Lowerer::address_as_int`]: the variable that
    /// receives the integer of `a` (its object's symbolic base plus the offset, `bases`).
    pub out: Option<VarId>,
}

impl<'a> Lowerer<'a> {
    /// The current evaluation context (true outside short-circuit operands).
    pub(crate) fn eval_context(&self) -> Expr {
        fold::balanced(self.eval_ctx.clone(), BinOp::And)
    }

    /// Ends the path in an `Unsupported(msg)` edge when `bad` holds in the current evaluation
    /// context, and continues assuming it does not. Nothing when `bad` folds to false.
    pub(crate) fn ub_guard(&mut self, bad: Expr, msg: String) {
        if self.scratch || self.b.cur.is_none() {
            return;
        }
        let bad = fold::bin(BinOp::And, self.eval_context(), bad, &self.vars);
        if matches!(bad, Expr::Const(0, _)) {
            return;
        }
        let ok = self.b.new_label();
        self.b.branch_to(fold::not(bad.clone()), ok);
        self.b.emit(Op::Assume(bad));
        self.b.emit(Op::Unsupported(msg));
        self.b.place(ok);
    }

    /// Pointer arithmetic `p + i` on elements of `es` bytes: the byte offset `i * es` is
    /// computed in the address width, where it wraps. No object spans half the address space,
    /// so an index whose offset reaches that half points outside every object (undefined
    /// behaviour, C11 6.5.6p8); left unguarded, its wrapped address could land back inside
    /// the object and pass the bounds guard of an access through it (`p[1 << 30]` on a 32-bit
    /// target is `p[0]`). Nothing when the index type cannot reach it; the C library's models
    /// are not guarded.
    pub(crate) fn offset_wrap_guard(&mut self, i: &Expr, es: u64, loc: Loc) {
        if es == 0 || self.model_files.contains(&loc.file) {
            return;
        }
        let t = i.ty(&self.vars);
        if !matches!(t, Type::Int { .. }) {
            return;
        }
        let lim = (1i128 << (self.target.pointer_bits - 1)) / es as i128;
        let mut bad = Vec::new();
        if t.max_value() >= lim {
            bad.push(fold::bin(
                BinOp::Ge,
                i.clone(),
                Expr::Const(lim, t),
                &self.vars,
            ));
        }
        if t.min_value() <= -lim {
            bad.push(fold::bin(
                BinOp::Le,
                i.clone(),
                Expr::Const(-lim, t),
                &self.vars,
            ));
        }
        // a constant index folds each condition: no guard edge for it
        bad.retain(|c| !matches!(c, Expr::Const(0, _)));
        if bad.is_empty() {
            return;
        }
        self.ub_guard(
            fold::balanced(bad, BinOp::Or),
            "pointer arithmetic past the address space: an index outside every object (undefined behaviour)".into(),
        );
    }

    /// `a / b` or `a % b` (operands already converted to their common IR type `t`): a zero
    /// divisor, or the most negative value divided by -1, is undefined behaviour. The C library's
    /// models are written to avoid it and are not guarded.
    pub(crate) fn division_guard(&mut self, a: &Expr, b: &Expr, t: Type, rem: bool, loc: Loc) {
        if self.model_files.contains(&loc.file) {
            return;
        }
        let vars = &self.vars;
        let zero = fold::bin(BinOp::Eq, b.clone(), Expr::Const(0, t), vars);
        let mut bad = zero;
        if t.is_signed() {
            let min = fold::bin(BinOp::Eq, a.clone(), Expr::Const(t.min_value(), t), vars);
            let m1 = fold::bin(BinOp::Eq, b.clone(), Expr::Const(-1, t), vars);
            let ovf = fold::bin(BinOp::And, min, m1, vars);
            bad = fold::bin(BinOp::Or, bad, ovf, vars);
        }
        let what = if rem { "remainder" } else { "division" };
        self.ub_guard(
            bad,
            format!("{what} by zero or of the most negative value by -1 (undefined behaviour)"),
        );
    }

    /// Records an observation of address values at the current position (resolved after
    /// points-to by [`guard`]).
    pub(crate) fn observe(&mut self, kind: ObserveKind, a: Expr, b: Option<Expr>) {
        if self.scratch || self.b.cur.is_none() {
            return;
        }
        let ctx = self.eval_context();
        if matches!(ctx, Expr::Const(0, _)) {
            return;
        }
        self.b.emit_p(super::cfg::POp::Observe(Observe {
            kind,
            a,
            b,
            ctx,
            out: None,
        }));
    }

    /// The integer of the pointer-width address value `a` (`(uintptr_t)p`, `p & 3`): a
    /// temporary assigned after points-to, where an object with a symbolic base (`bases`) is
    /// its base plus the offset; guarded as [`ObserveKind::ToInt`] for other objects.
    pub(crate) fn address_as_int(&mut self, a: Expr) -> Expr {
        if self.scratch {
            return a;
        }
        if self.b.cur.is_none() {
            // a static initialiser evaluated as a constant (or unreachable code)
            self.const_addr_as_int.get_or_insert(self.b.src);
            return a;
        }
        let ctx = self.eval_context();
        if matches!(ctx, Expr::Const(0, _)) {
            return a;
        }
        let t = self.temp(self.ptr_type());
        self.b.emit_p(super::cfg::POp::Observe(Observe {
            kind: ObserveKind::ToInt,
            a,
            b: None,
            ctx,
            out: Some(t),
        }));
        Expr::Var(t)
    }

    /// Runs `f` with `c` added to the evaluation context.
    pub(crate) fn in_context<T>(&mut self, c: Expr, f: impl FnOnce(&mut Self) -> T) -> T {
        self.eval_ctx.push(c);
        let r = f(self);
        self.eval_ctx.pop();
        r
    }
}

/// `x` (of the pointer type) lies in object `o` or one past its end.
pub(super) fn inside(l: &Lowerer, x: &Expr, o: u32) -> Expr {
    let pt = l.ptr_type();
    let oi = &l.objs[o as usize];
    let k = |c: u64| Expr::Const(c as i128, pt);
    fold::bin(
        BinOp::And,
        fold::bin(BinOp::Le, k(oi.base), x.clone(), &l.vars),
        fold::bin(BinOp::Le, x.clone(), k(oi.base + oi.size), &l.vars),
        &l.vars,
    )
}

fn inside_any(l: &Lowerer, x: &Expr, objs: &BTreeSet<u32>) -> Expr {
    let xs = objs.iter().map(|o| inside(l, x, *o)).collect();
    fold::balanced(xs, BinOp::Or)
}

/// The condition under which `a` is one past the end of one of the objects `oa` and `b` the
/// start of another of `obb`, or the other way round: C11 6.5.9p6 lets such pointers compare
/// equal when the second object happens to follow the first in memory, while our objects
/// never touch. `None` when no pair can meet.
fn past_end_meets_start(
    l: &Lowerer,
    a: &Expr,
    oa: &BTreeSet<u32>,
    b: &Expr,
    obb: &BTreeSet<u32>,
) -> Option<Expr> {
    let pt = l.ptr_type();
    let vars = &l.vars;
    let k = |c: u64| Expr::Const(c as i128, pt);
    let at = |x: &Expr, c: u64| fold::bin(BinOp::Eq, x.clone(), k(c), vars);
    let one_way = |x: &Expr, ox: &BTreeSet<u32>, y: &Expr, oy: &BTreeSet<u32>| {
        let mut xs = Vec::new();
        for o in ox {
            let oi = &l.objs[*o as usize];
            let end = at(x, oi.base + oi.size);
            if matches!(end, Expr::Const(0, _)) {
                continue;
            }
            let starts: Vec<Expr> = oy
                .iter()
                .filter(|p| *p != o)
                .map(|p| at(y, l.objs[*p as usize].base))
                .collect();
            let start = fold::balanced(starts, BinOp::Or);
            xs.push(fold::bin(BinOp::And, end, start, vars));
        }
        fold::balanced(xs, BinOp::Or)
    };
    let x = fold::bin(
        BinOp::Or,
        one_way(a, oa, b, obb),
        one_way(b, obb, a, oa),
        vars,
    );
    (!matches!(x, Expr::Const(0, _))).then_some(x)
}

/// The guard of an observation after points-to: `a` and `b` are the resolved values, `oa`
/// and `ob` the objects they may point into, `int_a` / `int_b` whether the value may be an
/// address made from an integer (no object among its points-to values). Returns the condition
/// under which the path may go on and the reason it is unsupported otherwise; `None` when the
/// observation cannot depend on the layout.
#[allow(clippy::too_many_arguments)]
pub(crate) fn guard(
    l: &Lowerer,
    ob: &Observe,
    a: &Expr,
    oa: &BTreeSet<u32>,
    int_a: bool,
    b: Option<&Expr>,
    obb: &BTreeSet<u32>,
    int_b: bool,
    ctx: &Expr,
) -> Option<(Expr, String)> {
    let vars = &l.vars;
    let (bad, msg) = match ob.kind {
        ObserveKind::ToInt => {
            let mut bad = inside_any(l, a, oa);
            if let Some(b) = b {
                bad = fold::bin(BinOp::Or, bad, inside_any(l, b, obb), vars);
            }
            (
                bad,
                "the address of an object converted to an integer: its value depends on the \
                 memory layout, which schedmc fixes"
                    .to_string(),
            )
        }
        ObserveKind::FromInt => (
            inside_any(l, a, oa),
            "an address made from an integer lies inside an object: whether it points into it \
             depends on the memory layout"
                .to_string(),
        ),
        ObserveKind::Order => {
            let b = b?;
            let all: BTreeSet<u32> = oa.union(obb).copied().collect();
            let xs = all
                .iter()
                .map(|o| fold::bin(BinOp::Ne, inside(l, a, *o), inside(l, b, *o), vars))
                .collect();
            (
                fold::balanced(xs, BinOp::Or),
                "pointers into different objects ordered or subtracted (undefined behaviour; \
                 the result depends on the memory layout)"
                    .to_string(),
            )
        }
        ObserveKind::Coincide => {
            let b = b?;
            let pt = l.ptr_type();
            let nonnull = |x: &Expr| fold::bin(BinOp::Ne, x.clone(), Expr::Const(0, pt), vars);
            let mut xs = Vec::new();
            if int_b && !oa.is_empty() {
                xs.push(fold::bin(
                    BinOp::And,
                    inside_any(l, a, oa),
                    nonnull(b),
                    vars,
                ));
            }
            if int_a && !obb.is_empty() {
                xs.push(fold::bin(
                    BinOp::And,
                    inside_any(l, b, obb),
                    nonnull(a),
                    vars,
                ));
            }
            if let Some(x) = past_end_meets_start(l, a, oa, b, obb) {
                xs.push(x);
            }
            (
                fold::balanced(xs, BinOp::Or),
                "an object's address compared with an address made from an integer, or the \
                 address one past the end of an object with the start of another: whether \
                 they coincide depends on the memory layout"
                    .to_string(),
            )
        }
    };
    let bad = fold::bin(BinOp::And, ctx.clone(), bad, vars);
    if matches!(bad, Expr::Const(0, _)) {
        return None;
    }
    Some((fold::not(bad), msg))
}
