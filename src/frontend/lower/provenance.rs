//! Pointer provenance: which object an access's pointer comes from, told by address values.
//!
//! The points-to analysis (`pointsto`) knows the objects a pointer may point into, not which
//! one a given value came from. An access through a pointer into an object must stay inside
//! that object (C11 6.5.6p8), whatever other candidate its address may reach: `q = c ? a : b;
//! q[5]` must not read `b`, nor `q = c ? a : env_ptr; q[i]` past `a` be taken for the target the
//! analysis does not know. This module owns:
//! - the provenance of an access ([`provenance`]): for each object its pointer operand
//!   ([`pointer_part`]) may point into, the condition that it does, from its value (equal to a
//!   known offset, or anywhere from the object's start to one past its end, `observe::inside`);
//! - the guards an access adds with it ([`Resolver::access_guards_with_provenance`]: the
//!   candidates' own guards, `edge_conds::access_guards`, and the provenance guard,
//!   `edge_conds::provenance_guard`), computed once for the load and the store sites;
//! - the guard that keeps that value test exact ([`Resolver::formation_guards`]): a pointer
//!   formed at an offset the analysis does not know and stored where the analysis sees other
//!   targets too (`q = c ? a + j : env_ptr`, or `p = a + j; q = c ? p : b`) lies within its
//!   object or one past its end, else its value could be taken for another target's: forming it
//!   further away is undefined behaviour (C11 6.5.6p8), UNKNOWN at the assignment.

use super::pointsto::{Analysis, PSet, Resolver, PV};
use super::*;
use crate::ir::BinOp;

fn has_obj(s: &PSet) -> bool {
    s.iter().any(|p| matches!(p, PV::Obj(..)))
}

/// The pointer operand of an address: through `+` and `-` (and casts that keep the width), the
/// side that may hold an object's address when the other cannot (an integer offset).
fn pointer_part<'e>(an: &Analysis, e: &'e Expr, vars: &[ir::Var]) -> Option<&'e Expr> {
    match e {
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub), x, y) => {
            match (has_obj(&an.eval(x, vars)), has_obj(&an.eval(y, vars))) {
                (true, false) => pointer_part(an, x, vars),
                (false, true) if *op == BinOp::Add => pointer_part(an, y, vars),
                _ => None,
            }
        }
        Expr::Cast(t, x) if t.bits() == x.ty(vars).bits() => pointer_part(an, x, vars),
        _ => has_obj(&an.eval(e, vars)).then_some(e),
    }
}

/// For each object the pointer operand `base` of an address ([`pointer_part`]) may point into,
/// the condition that it does: equal to one of the known offsets, or anywhere from the object's
/// start to one past its end (`observe::inside`). An access through a pointer into an object
/// must stay inside that object (C11 6.5.6p8), whatever other object its address may reach
/// (`edge_conds::provenance_guard`).
fn provenance(l: &Lowerer, an: &Analysis, base: &Expr) -> Vec<(u32, Expr)> {
    let pt = l.ptr_type();
    let b = fold::cast(pt, base.clone(), &l.vars);
    let mut offs: std::collections::BTreeMap<u32, Option<Vec<u64>>> = Default::default();
    for pv in an.eval(base, &l.vars) {
        if let PV::Obj(o, off) = pv {
            let e = offs.entry(o).or_insert_with(|| Some(vec![]));
            match (e.as_mut(), off) {
                (Some(ks), Some(x)) => ks.push(x),
                _ => *e = None,
            }
        }
    }
    offs.into_iter()
        .map(|(o, ks)| {
            let cond = match ks {
                Some(ks) => {
                    let oi = &l.objs[o as usize];
                    fold::balanced(
                        ks.into_iter()
                            .map(|x| {
                                let at = Expr::Const((oi.base + x) as i128, pt);
                                Expr::bin(BinOp::Eq, b.clone(), at)
                            })
                            .collect(),
                        BinOp::Or,
                    )
                }
                None => super::observe::inside(l, &b, o),
            };
            (o, cond)
        })
        .collect()
}

/// Whether an access of `n` bytes whose address has the points-to set `set` needs the
/// provenance guard: an object at an offset the analysis does not know, or (with a target the
/// analysis does not know, whose branch reads any value) at a known offset past its end.
fn needs_provenance(l: &Lowerer, set: &PSet, n: u64) -> bool {
    let unknown = set.contains(&PV::Unknown);
    set.iter().any(|p| match *p {
        PV::Obj(_, None) => true,
        PV::Obj(o, Some(k)) => unknown && k + n > l.objs[o as usize].size,
        PV::Unknown => false,
    })
}

/// Whether a points-to set holds an object at an offset the analysis does not know together
/// with another target (another object, or one the analysis does not know): a value of it that
/// lies outside that object could be taken for the other target's.
fn ambiguous(set: &PSet) -> bool {
    set.iter().any(|p| match *p {
        PV::Obj(o, None) => set.iter().any(|q| !matches!(*q, PV::Obj(o2, _) if o2 == o)),
        _ => false,
    })
}

/// The single object every member of `set` points into, if there is one.
fn single_object(set: &PSet) -> Option<u32> {
    let mut it = set.iter().map(|p| match *p {
        PV::Obj(o, _) => Some(o),
        PV::Unknown => None,
    });
    let first = it.next()??;
    it.all(|o| o == Some(first)).then_some(first)
}

/// Whether `e` has the shape of a pointer value: a variable or constant, a selection of such,
/// or an offset added to one (through casts that keep the width), not bits taken from an
/// address (`p & ~15`, a byte of it).
fn pointer_shaped(an: &Analysis, e: &Expr, vars: &[ir::Var]) -> bool {
    match pointer_part(an, e, vars) {
        Some(Expr::Var(_) | Expr::Const(..)) => true,
        Some(Expr::Ite(_, x, y)) => [x, y]
            .iter()
            .all(|z| !has_obj(&an.eval(z, vars)) || pointer_shaped(an, z, vars)),
        _ => false,
    }
}

const FORMED_OUTSIDE: &str = "pointer arithmetic outside the object the pointer points into (undefined behaviour): a pointer formed past its object and selected with another target";

impl Resolver<'_, '_> {
    /// The guards of an access of `n` bytes at the resolved `addr` with points-to set `set` and
    /// candidates `c`: the candidates' own (`edge_conds::access_guards`), given the provenance
    /// where they use it (a heap block among targets the analysis does not know, whose part is
    /// then told apart by the pointer, not by the address), and the provenance guard
    /// (`edge_conds::provenance_guard`) where the access needs one ([`needs_provenance`]).
    pub(super) fn access_guards_with_provenance(
        &mut self,
        set: &PSet,
        c: &super::pointsto::Cands,
        addr: &Expr,
        n: u64,
        is_load: bool,
    ) {
        let needs = needs_provenance(self.l, set, n);
        let mixed_heap = c.unknown && !c.heap.is_empty();
        let base = pointer_part(&self.an, addr, &self.l.vars);
        let prov = base
            .filter(|_| needs || mixed_heap)
            .map(|b| provenance(self.l, &self.an, b));
        let g = super::edge_conds::access_guards(self.l, c, prov.as_deref(), addr, n, is_load);
        self.conds.guards.extend(g);
        if !needs || (prov.is_none() && !c.unknown) {
            // without a provenance, the candidates' own guard (`access_guards`) keeps a known
            // target's access within one of them
            return;
        }
        if base.is_some_and(|b| std::ptr::eq(b, addr)) && !c.unknown {
            // the address is the pointer itself: within one candidate (`access_guards`) is
            // within the one it points into (objects are apart, one past an end included;
            // `formation_guards` keeps a pointer formed past its object from reaching another)
            return;
        }
        let objs: Vec<u32> = set
            .iter()
            .filter_map(|p| match p {
                PV::Obj(o, _) => Some(*o),
                PV::Unknown => None,
            })
            .collect();
        let g =
            super::edge_conds::provenance_guard(self.l, &objs, prov.as_deref(), addr, n, is_load);
        self.conds.guards.extend(g);
    }

    /// The guards of storing the resolved value `val` where the analysis sees the points-to set
    /// `dest` (a variable, or the candidate cells of a store): when `dest` is [`ambiguous`],
    /// each pointer `val` may be (through its selections) that points into an object at an
    /// offset the analysis does not know lies within that object or one past its end. So a
    /// value of an ambiguous set outside an object never came from it, and the provenance
    /// test by value ([`provenance`]) is exact: `q = c ? a + j : env_ptr; *q` with `a + j` past
    /// `a` would otherwise be taken for the unknown target (any value), `p = a + j; q = c ? p :
    /// b; *q` for a read of `b`.
    pub(super) fn formation_guards(&mut self, dest: &PSet, val: &Expr) {
        if !ambiguous(dest) {
            return;
        }
        let mut out = Vec::new();
        self.formed(val, &mut Vec::new(), &mut out);
        self.conds
            .guards
            .extend(out.into_iter().map(|g| (g, FORMED_OUTSIDE.to_string())));
    }

    /// [`formation_guards`](Self::formation_guards) of `e` under the selection conditions
    /// `path`.
    fn formed(&self, e: &Expr, path: &mut Vec<Expr>, out: &mut Vec<Expr>) {
        let l = &*self.l;
        if let Expr::Ite(c, x, y) = e {
            path.push((**c).clone());
            self.formed(x, path, out);
            path.pop();
            path.push(Expr::not((**c).clone()));
            self.formed(y, path, out);
            path.pop();
            return;
        }
        let pt = l.ptr_type();
        if e.ty(&l.vars).bits() != pt.bits() || !pointer_shaped(&self.an, e, &l.vars) {
            // a byte of a pointer (a byte-precise copy), or an integer made from addresses
            // (`p & ~15`): no pointer formed by arithmetic
            return;
        }
        let set = self.an.eval(e, &l.vars);
        if !set.iter().any(|p| matches!(p, PV::Obj(_, None))) {
            // known offsets stay within their objects (`Analysis::shift`)
            return;
        }
        let v = fold::cast(pt, e.clone(), &l.vars);
        let ok = match single_object(&set) {
            // a pointer into one object only: within it
            Some(o) if matches!(l.objs[o as usize].kind, ObjKind::Func(_)) => return,
            Some(o) => super::observe::inside(l, &v, o),
            None => {
                // an ambiguous pointer is within its object already (guarded where it was
                // stored); arithmetic on it stays within the object it points into
                let Some(base) = pointer_part(&self.an, e, &l.vars) else {
                    return;
                };
                if std::ptr::eq(base, e) {
                    return;
                }
                let parts: Vec<Expr> = provenance(l, &self.an, base)
                    .into_iter()
                    .filter(|(o, _)| !matches!(l.objs[*o as usize].kind, ObjKind::Func(_)))
                    .map(|(o, from)| {
                        fold::bin(
                            BinOp::Or,
                            Expr::not(from),
                            super::observe::inside(l, &v, o),
                            &l.vars,
                        )
                    })
                    .collect();
                if parts.is_empty() {
                    return;
                }
                fold::balanced(parts, BinOp::And)
            }
        };
        let mut conds: Vec<Expr> = path.iter().map(|c| Expr::not(c.clone())).collect();
        conds.push(ok);
        out.push(fold::balanced(conds, BinOp::Or));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(pvs: &[PV]) -> PSet {
        pvs.iter().copied().collect()
    }

    #[test]
    fn ambiguous_needs_a_loose_object_beside_another_target() {
        // one object, at known or unknown offsets: its values are told apart by address
        assert!(!ambiguous(&set(&[PV::Obj(0, None), PV::Obj(0, Some(4))])));
        // known offsets only: each value is exact
        assert!(!ambiguous(&set(&[
            PV::Obj(0, Some(0)),
            PV::Obj(1, Some(0)),
            PV::Unknown
        ])));
        // an unknown offset beside another object, or beside the unknown target
        assert!(ambiguous(&set(&[PV::Obj(0, None), PV::Obj(1, Some(0))])));
        assert!(ambiguous(&set(&[PV::Obj(0, None), PV::Unknown])));
    }

    #[test]
    fn single_object_of_a_set() {
        assert_eq!(
            single_object(&set(&[PV::Obj(3, None), PV::Obj(3, Some(8))])),
            Some(3)
        );
        assert_eq!(single_object(&set(&[PV::Obj(3, None), PV::Unknown])), None);
        assert_eq!(
            single_object(&set(&[PV::Obj(3, None), PV::Obj(4, None)])),
            None
        );
        assert_eq!(single_object(&set(&[PV::Unknown])), None);
        assert_eq!(single_object(&PSet::new()), None);
    }
}
