//! Array `new` in a constructor: a pointer member to scalars given its storage by
//! `member = new T[n];` at the top level of the constructor, with a compile-time size
//! (`data = new char[size]` as the reference library's simple_perf example writes it). The
//! member becomes an array of `n` elements of `T`; the assignment is done by elaboration.
//! Any other array `new` (a size that is not a constant, a second assignment, one outside a
//! constructor's top level) is `unsupported` where it is written.

use super::super::ast::*;
use crate::diag::Loc;

/// The `new T[n]` assigned to `member` at the top level of the constructor body `body`
/// (exactly one such assignment, of the member's element type): its size expression and the
/// location of the `new`.
pub fn new_array_of(body: &Stmt, member: &str, elem: &Type) -> Option<(Expr, Loc)> {
    let StmtKind::Block(stmts) = &body.kind else {
        return None;
    };
    let mut found = None;
    for s in stmts {
        let StmtKind::Expr(e) = &s.kind else {
            continue;
        };
        let ExprKind::Assign("=", lhs, rhs) = &e.kind else {
            continue;
        };
        let ExprKind::NewArray(t, n) = &rhs.kind else {
            continue;
        };
        if assigned_member(lhs) != Some(member) {
            continue;
        }
        if t != elem || found.is_some() {
            return None;
        }
        found = Some(((**n).clone(), rhs.loc));
    }
    found
}

/// `m` or `this->m`: the member name.
pub fn assigned_member(lhs: &Expr) -> Option<&str> {
    match &lhs.kind {
        ExprKind::Ident(n) => Some(n),
        ExprKind::Member(b, n, true) if matches!(b.kind, ExprKind::This) => Some(n),
        _ => None,
    }
}
