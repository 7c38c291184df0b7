//! CBMC's quantifiers `__CPROVER_forall { T v; body }` and `__CPROVER_exists { T v; body }`,
//! expanded into a finite conjunction / disjunction of the body instantiated for each value of
//! the bound variable in a range with constant bounds.
//!
//! The range is read from the body as CBMC does (`boolbv_quantifier.cpp`): in a guarded body
//! `G ==> P` (parsed as `!(G) || (P)`), or any disjunction, the comparisons of the variable with
//! constants in `G` (or negated disjuncts); in a conjunction `G && P`, its conjuncts. Bounds not
//! found are the variable type's. Like CBMC, the quantifier then ranges over that interval and
//! the body is kept whole: `forall` over a guarded body is exactly the C meaning,
//! `exists { int i; (0 <= i && i < n) ==> P }` means "some `i` in `[0, n)` has `P`" (the literal
//! implication would hold for any `i` outside the range). A range wider than
//! [`MAX_QUANT_VALUES`] values is `unsupported: quantifier over an unbounded range`.

use super::expr::{unsup, Val};
use super::*;
use crate::frontend::ast::{BinaryOp, Declaration, Expr as AExpr, ExprKind, UnaryOp};
use crate::frontend::types::IntKind;
use crate::ir::BinOp;

/// Most values one quantifier is expanded over.
pub const MAX_QUANT_VALUES: i128 = 1024;
/// Most body instances of all quantifiers of a program (nested ones multiply).
const MAX_QUANT_INSTANCES: usize = 1 << 16;

/// A bound on the variable: `v >= c` (lower) or `v <= c` (upper).
enum Bound {
    Lo(i128),
    Hi(i128),
}

impl<'a> Lowerer<'a> {
    /// Lowers a quantifier to an `int` 0/1 value.
    pub(super) fn quantifier(
        &mut self,
        forall: bool,
        decl: &'a Declaration,
        body: &'a AExpr,
        loc: Loc,
    ) -> Result<Val, Diag> {
        let [idecl] = decl.declarators.as_slice() else {
            return Err(unsup(loc, "a quantifier binding other than one variable"));
        };
        let base = self.base_type(&decl.specs)?;
        let (t, _) = self.declarator_type(base, &idecl.declarator)?;
        let Some(name) = idecl.declarator.name.clone() else {
            return Err(unsup(loc, "a quantifier binding no variable"));
        };
        let k = match t {
            CType::Int(k) => k,
            CType::Float(_) => return Err(unsup(loc, "floating point")),
            _ => {
                return Err(unsup(
                    loc,
                    "a quantifier over a variable of non-integer type",
                ))
            }
        };
        let irt = k.ir(self.target);
        let (mut lo, mut hi) = (irt.min_value(), irt.max_value());
        for b in self.quant_bounds(&name, body)? {
            match b {
                Bound::Lo(c) => lo = lo.max(c),
                Bound::Hi(c) => hi = hi.min(c),
            }
        }
        if hi >= lo && hi - lo >= MAX_QUANT_VALUES {
            return Err(unsup(loc, "quantifier over an unbounded range"));
        }
        let it = IntKind::Int.ir(self.target);
        let mut acc = Expr::bool(forall);
        for v in lo..=hi {
            self.quant_instances += 1;
            if self.quant_instances > MAX_QUANT_INSTANCES {
                return Err(unsup(loc, "quantifiers expanded into too many instances"));
            }
            self.push_scope();
            self.bind(&name, Sym::Enum(v, k));
            let c = self.cond(body);
            self.pop_scope();
            let c = c?;
            acc = fold::bin(
                if forall { BinOp::And } else { BinOp::Or },
                acc,
                c,
                &self.vars,
            );
        }
        Ok(Val::R(fold::cast(it, acc, &self.vars), CType::int()))
    }

    /// The bounds the body puts on the variable `v` (see the module comment).
    fn quant_bounds(&mut self, v: &str, body: &'a AExpr) -> Result<Vec<Bound>, Diag> {
        let mut out = Vec::new();
        match &body.kind {
            ExprKind::Binary(BinaryOp::LogOr, ..) => {
                let mut ds = Vec::new();
                flatten(body, BinaryOp::LogOr, &mut ds);
                for d in ds {
                    if let ExprKind::Unary(UnaryOp::Not, g) = &d.kind {
                        let mut cs = Vec::new();
                        flatten(g, BinaryOp::LogAnd, &mut cs);
                        for c in cs {
                            self.cmp_bound(v, c, false, &mut out)?;
                        }
                    } else {
                        self.cmp_bound(v, d, true, &mut out)?;
                    }
                }
            }
            _ => {
                let mut cs = Vec::new();
                flatten(body, BinaryOp::LogAnd, &mut cs);
                for c in cs {
                    self.cmp_bound(v, c, false, &mut out)?;
                }
            }
        }
        Ok(out)
    }

    /// The bound a comparison of `v` with a constant gives (`negated`: the bound of its
    /// negation).
    fn cmp_bound(
        &mut self,
        v: &str,
        e: &'a AExpr,
        negated: bool,
        out: &mut Vec<Bound>,
    ) -> Result<(), Diag> {
        let ExprKind::Binary(op, a, b) = &e.kind else {
            return Ok(());
        };
        let is_v = |x: &AExpr| matches!(&x.kind, ExprKind::Ident(n) if n == v);
        // normalise to `v op c`
        let (op, c) = if is_v(a) && !mentions(b, v) {
            (*op, b)
        } else if is_v(b) && !mentions(a, v) {
            let flipped = match op {
                BinaryOp::Lt => BinaryOp::Gt,
                BinaryOp::Gt => BinaryOp::Lt,
                BinaryOp::Le => BinaryOp::Ge,
                BinaryOp::Ge => BinaryOp::Le,
                o => *o,
            };
            (flipped, a)
        } else {
            return Ok(());
        };
        let op = if negated {
            match op {
                BinaryOp::Lt => BinaryOp::Ge,
                BinaryOp::Ge => BinaryOp::Lt,
                BinaryOp::Gt => BinaryOp::Le,
                BinaryOp::Le => BinaryOp::Gt,
                BinaryOp::Ne => BinaryOp::Eq,
                _ => return Ok(()),
            }
        } else {
            op
        };
        let Some(c) = self.const_int(c)? else {
            return Ok(());
        };
        match op {
            BinaryOp::Lt => out.push(Bound::Hi(c - 1)),
            BinaryOp::Le => out.push(Bound::Hi(c)),
            BinaryOp::Gt => out.push(Bound::Lo(c + 1)),
            BinaryOp::Ge => out.push(Bound::Lo(c)),
            BinaryOp::Eq => {
                out.push(Bound::Lo(c));
                out.push(Bound::Hi(c));
            }
            _ => {}
        }
        Ok(())
    }
}

/// The operands of a chain of `op` (`a op b op c`), left to right.
fn flatten<'e>(e: &'e AExpr, op: BinaryOp, out: &mut Vec<&'e AExpr>) {
    match &e.kind {
        ExprKind::Binary(o, a, b) if *o == op => {
            flatten(a, op, out);
            flatten(b, op, out);
        }
        _ => out.push(e),
    }
}

/// Whether the expression names `v` (syntactically).
fn mentions(e: &AExpr, v: &str) -> bool {
    match &e.kind {
        ExprKind::Ident(n) => n == v,
        ExprKind::Unary(_, a) | ExprKind::Cast(_, a) => mentions(a, v),
        ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) | ExprKind::Comma(a, b) => {
            mentions(a, v) || mentions(b, v)
        }
        ExprKind::Cond(a, b, c) => mentions(a, v) || mentions(b, v) || mentions(c, v),
        ExprKind::IntLit { .. } | ExprKind::CharLit(_) => false,
        _ => true,
    }
}
