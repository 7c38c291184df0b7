//! Symbolic base addresses: an object's address observed as an integer (CBMC's model).
//!
//! Pointers stay abstract: an address value is an object's fixed abstract base plus an offset
//! (`pointsto`), which decides every access and every comparison within one object exactly.
//! Where a program observes an object's address as an integer (`(unsigned long)&buf`, `p & 3`,
//! `p % 4`), the integer is the object's *symbolic base* plus the offset: a pointer-width value
//! chosen once at the start of `main` ([`choose`], an `Op::Nondet` per base, so that the trace and
//! its replay carry the model's values) and constrained only by what C and the ABI guarantee:
//! non-null, a multiple of the object's alignment (`_Alignof` of its type, or its alignment
//! request), the object fits without wrapping (`base + size <= 2^w - 1`), and distinct objects
//! do not overlap. Only objects whose address is observed get a base, and only objects whose
//! bytes no other object's may share in any execution, so that any two of them are disjoint:
//! those of static storage duration (globals, `static` locals, string literals, functions,
//! `argv`), the locals of `main`'s outermost block ([`Lowerer::lifelong_locals`]), and the heap
//! blocks of constant size of a program that frees none ([`lifelong_block`]). An observation of
//! another object's address (a callee's or an inner block's local, which may share addresses
//! with another whose lifetime it does not overlap; a heap block that may reuse a freed one's
//! bytes, or of symbolic size) stays an `Unsupported` edge (`observe::guard`), as does an
//! address made from an integer that lands inside an object.

use super::*;
use crate::ir::{BinOp, Op};
use std::collections::{BTreeMap, BTreeSet};

/// The symbolic bases of a program: object index -> its base variable.
#[derive(Default)]
pub(super) struct Bases {
    pub(super) vars: BTreeMap<u32, VarId>,
}

/// Whether object `o` may get a symbolic base: a function, an object of static storage
/// duration (`statics`: the slots declared with it), or a heap block that, once allocated,
/// lives to the end ([`lifelong_block`]).
pub(super) fn eligible(l: &Lowerer, o: u32, statics: &HashSet<SlotId>) -> bool {
    if l.heap_summaries.contains(&o) {
        return false;
    }
    if l.heap.contains_key(&o) {
        return lifelong_block(l, o);
    }
    match l.objs[o as usize].kind {
        ObjKind::Func(_) => true,
        ObjKind::Slot(s) => statics.contains(&s),
    }
}

/// Whether heap block `o` (one instance of an allocation site, `heap`) is disjoint from every
/// other object with a base whatever the execution: the program frees no block (so none reuses
/// another's bytes), it is not an `alloca` block (whose bytes a later call's may reuse), and its
/// size is a constant (the base is chosen before the size is known). Its base is then chosen
/// with the others at main's start, aligned as `malloc` guarantees (`heap::block_align`: 16 on
/// x86-64 glibc, `slot.align`), whenever it is allocated.
fn lifelong_block(l: &Lowerer, o: u32) -> bool {
    let Some(h) = l.heap.get(&o) else {
        return false;
    };
    l.frees == 0 && !h.site.contains("alloca") && fold::const_value(&h.size, &l.vars).is_some()
}

/// The alignment C and the ABI guarantee for object `o` (a function: none). The x86-64 psABI
/// (our `lp64` profile) gives an array variable of at least 16 bytes an alignment of 16, as
/// GCC does for globals and locals alike.
pub(super) fn align(l: &Lowerer, o: u32) -> u64 {
    match l.objs[o as usize].kind {
        ObjKind::Func(_) => 1,
        ObjKind::Slot(s) => {
            let slot = &l.slots[s];
            let a = if slot.align > 0 {
                slot.align
            } else {
                l.types.align_of(&slot.ty, l.target).unwrap_or(1).max(1)
            };
            let x86_64 = l.target.name == "lp64" || l.target.name.starts_with("lp64-");
            if x86_64 && matches!(slot.ty, CType::Array(..)) && l.objs[o as usize].size >= 16 {
                a.max(16)
            } else {
                a
            }
        }
    }
}

impl Bases {
    /// The base variable of object `o`, made on first use.
    pub(super) fn get(&mut self, l: &mut Lowerer, o: u32) -> VarId {
        if let Some(v) = self.vars.get(&o) {
            return *v;
        }
        let pt = l.ptr_type();
        let name = format!("base$({})", l.objs[o as usize].name);
        let v = l.new_var(&name, pt, Scope::Global, Some(0), false, None);
        self.vars.insert(o, v);
        v
    }

    /// The integer of the (pointer-width) address value `a`, whose objects are `objs` (all
    /// with a base): inside object `o` (one past its end included) it is `base_o` plus the
    /// offset; any other value (null, an address made from an integer) is itself.
    pub(super) fn to_int(&self, l: &Lowerer, a: &Expr, objs: &BTreeSet<u32>) -> Expr {
        let pt = l.ptr_type();
        let k = |c: u64| Expr::Const(c as i128, pt);
        let mut out = a.clone();
        for o in objs.iter().rev() {
            let oi = &l.objs[*o as usize];
            let inside = fold::bin(
                BinOp::And,
                fold::bin(BinOp::Le, k(oi.base), a.clone(), &l.vars),
                fold::bin(BinOp::Le, a.clone(), k(oi.base + oi.size), &l.vars),
                &l.vars,
            );
            let off = fold::bin(BinOp::Sub, a.clone(), k(oi.base), &l.vars);
            let int = fold::bin(BinOp::Add, Expr::Var(self.vars[o]), off, &l.vars);
            out = fold::ite(inside, int, out);
        }
        out
    }

    /// The ops choosing every base at the start of `main`: each an arbitrary value, then the
    /// assumption that they satisfy C's and the ABI's guarantees ([`constraints`]).
    pub(super) fn choose(&self, l: &Lowerer) -> Vec<Op> {
        if self.vars.is_empty() {
            return Vec::new();
        }
        let mut ops: Vec<Op> = self.vars.values().map(|v| Op::Nondet(*v)).collect();
        ops.push(Op::Assume(self.constraints(l)));
        ops
    }

    /// Non-null, aligned, fitting without wrapping, pairwise disjoint.
    fn constraints(&self, l: &Lowerer) -> Expr {
        let pt = l.ptr_type();
        let k = |c: u64| Expr::Const(c as i128, pt);
        let w = l.target.pointer_bits;
        let max: u64 = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
        let mut cs = Vec::new();
        let objs: Vec<(u32, VarId, u64)> = self
            .vars
            .iter()
            .map(|(o, v)| (*o, *v, l.objs[*o as usize].size.max(1)))
            .collect();
        for &(o, v, size) in &objs {
            let b = Expr::Var(v);
            cs.push(Expr::bin(BinOp::Ne, b.clone(), k(0)));
            let a = align(l, o);
            if a > 1 {
                let m = Expr::bin(BinOp::BitAnd, b.clone(), k(a.next_power_of_two() - 1));
                cs.push(Expr::bin(BinOp::Eq, m, k(0)));
            }
            cs.push(Expr::bin(BinOp::Le, b, k(max.saturating_sub(size))));
        }
        for (i, &(_, v, sv)) in objs.iter().enumerate() {
            for &(_, u, su) in &objs[i + 1..] {
                let before = |x: VarId, sx: u64, y: VarId| {
                    Expr::bin(
                        BinOp::Le,
                        Expr::bin(BinOp::Add, Expr::Var(x), k(sx)),
                        Expr::Var(y),
                    )
                };
                cs.push(Expr::bin(BinOp::Or, before(v, sv, u), before(u, su, v)));
            }
        }
        fold::balanced(cs, BinOp::And)
    }
}

/// The guard of an access of `size` bytes at `addr` into the byte-precise candidates of `c`
/// (objects accessed under more than one type): an access at an address that is not a multiple
/// of the access type's alignment is undefined behaviour (C11 6.3.2.3p7), and so is one whose
/// alignment the object does not guarantee (`*(uint32_t *)&bytes[0]` when `bytes` is only
/// 1-aligned: it depends on the layout). `None` when no candidate can be misaligned.
pub(super) fn misaligned_guard(
    l: &Lowerer,
    c: &super::pointsto::Cands,
    addr: &Expr,
    size: u64,
) -> Option<(Expr, String)> {
    if c.bytes.is_empty() || !matches!(size, 2 | 4 | 8 | 16) {
        return None;
    }
    let max = l
        .types
        .align_of(
            &CType::Int(crate::frontend::types::IntKind::LongLong),
            l.target,
        )
        .unwrap_or(1)
        .max(1);
    let need = size.min(max);
    if need <= 1 {
        return None;
    }
    let pt = l.ptr_type();
    let mut bad = Vec::new();
    for (a, s, k) in &c.bytes {
        let Some(o) = l.slots[*s].obj else { continue };
        if align(l, o.0) < need || k % need != 0 {
            bad.push(fold::bin(
                BinOp::Eq,
                addr.clone(),
                Expr::Const(*a as i128, pt),
                &l.vars,
            ));
        }
    }
    if bad.is_empty() {
        return None;
    }
    Some((
        fold::not(fold::balanced(bad, BinOp::Or)),
        "access through a pointer not aligned for its type, or whose alignment the object does \
         not guarantee (undefined behaviour, C11 6.3.2.3p7)"
            .to_string(),
    ))
}

#[cfg(test)]
mod tests {
    use crate::frontend::lower::tests::lower_src;
    use crate::ir::Op;

    /// The bases of observed globals are chosen once, at main's start: non-null, aligned,
    /// disjoint; an unobserved object gets none.
    #[test]
    fn observed_globals_get_bases_chosen_at_main_start() {
        let p = lower_src(
            "int a; short b[3]; int c;\n\
             int main(void) { unsigned long x = (unsigned long)&a; unsigned long y = (unsigned long)&b[1];\n\
             return x != y && c == 0; }",
        );
        let names: Vec<&str> = p
            .vars
            .iter()
            .filter(|v| v.name.starts_with("base$"))
            .map(|v| v.name.as_str())
            .collect();
        assert_eq!(names, vec!["base$(a)", "base$(b)"]);
        let main = &p.threads[0];
        let first: Vec<&Op> = main.edges.iter().map(|e| &e.op).take(3).collect();
        assert!(matches!(first[0], Op::Nondet(_)), "{first:?}");
        assert!(matches!(first[1], Op::Nondet(_)), "{first:?}");
        assert!(matches!(first[2], Op::Assume(_)), "{first:?}");
        assert!(!main
            .edges
            .iter()
            .any(|e| matches!(&e.op, Op::Unsupported(_))));
    }

    /// An inner block's local's address as an integer stays unsupported (its lifetime is not
    /// the program's); one of main's outermost block gets a base.
    #[test]
    fn observed_inner_local_stays_unsupported() {
        let p = lower_src("int main(void) { int a; return (unsigned long)&a == 4; }");
        assert!(p.vars.iter().any(|v| v.name.starts_with("base$")));
        let p = lower_src("int main(void) { { int a; return (unsigned long)&a == 4; } }");
        assert!(!p.vars.iter().any(|v| v.name.starts_with("base$")));
        assert!(p.threads[0]
            .edges
            .iter()
            .any(|e| matches!(&e.op, Op::Unsupported(_))));
    }
}
