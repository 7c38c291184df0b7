//! Subscripts and member access: `a[i]` (a constant index into an array slot becomes a cell
//! offset, a symbolic one an [`Index`] the reads and writes resolve; through a pointer, memory
//! at the scaled address) and `s.f` / `p->f` (the field's offset added to the place).

use super::expr::{unsup, Val};
use super::lvalue::{Index, LValue, Place};
use super::*;
use crate::frontend::ast::Expr as AExpr;
use crate::frontend::types as ty;
use crate::ir::BinOp;

impl<'a> Lowerer<'a> {
    pub(super) fn index(&mut self, a: &'a AExpr, b: &'a AExpr, loc: Loc) -> Result<Val, Diag> {
        // the operand of `&` (set by `expr`, for this subscript only)
        let addr_only = std::mem::take(&mut self.addr_operand);
        let va = self.expr(a)?;
        let vb = self.expr(b)?;
        // normalise so that the array/pointer is first
        let (base, idx) = {
            let ta = self.val_type(&va);
            if matches!(ta, CType::Array(..) | CType::Pointer(_)) {
                (va, vb)
            } else {
                (vb, va)
            }
        };
        let (ix, it) = self.rvalue_of(idx, loc)?;
        if !it.is_integer() {
            return Err(self.type_err(loc, "array subscript is not an integer"));
        }
        // direct indexing into an array slot
        if let Val::L(LValue {
            place: Place::Slot { slot, off, idx },
            ty: CType::Array(elem, n),
            ..
        }) = &base
        {
            let es = self.sizeof(elem, loc)?;
            let mut idx = idx.clone();
            let mut off = *off;
            let mut past_end = false;
            match fold::const_value(&ix, &self.vars) {
                Some(k) => {
                    let total = self
                        .types
                        .size_of(&self.slots[*slot].ty, self.target)
                        .unwrap_or(0);
                    // beyond one past the end of the array itself (a member array or an inner
                    // dimension included: `s.arr[3]` for `int arr[2]` does not reach `s.y`)
                    let beyond_array = n.is_some_and(|n| k as u64 > n);
                    if k < 0 || beyond_array || off + k as u64 * es > total {
                        return Err(unsup(loc, format!("array index {} out of bounds", k)));
                    }
                    // one past the end of a member array or an inner dimension that is not the
                    // end of the object: `&s.arr[2]` is a valid address (C11 6.5.6p8), but an
                    // access through it is out of bounds of `arr` (it does not reach `s.y`)
                    let inner_end = n.is_some_and(|n| k as u64 == n) && off + k as u64 * es < total;
                    // (`sizeof s.arr[2]` does not evaluate it)
                    if inner_end && !addr_only && !self.scratch {
                        return Err(unsup(
                            loc,
                            format!(
                                "array index {} out of bounds (one past the end of its array)",
                                k
                            ),
                        ));
                    }
                    off += k as u64 * es;
                    past_end = off + es > total;
                }
                None => {
                    let (ix, _) = self.promote_val(ix, &it, loc)?;
                    let count = match n {
                        Some(n) => *n,
                        None => {
                            let total = self
                                .types
                                .size_of(&self.slots[*slot].ty, self.target)
                                .unwrap_or(0);
                            total.saturating_sub(off) / es.max(1)
                        }
                    };
                    idx.push(Index {
                        idx: ix,
                        stride: es,
                        count,
                    });
                }
            }
            let lv = LValue {
                place: Place::Slot {
                    slot: *slot,
                    off,
                    idx,
                },
                ty: (**elem).clone(),
                bitfield: None,
            };
            if past_end {
                // one past the end of the object (C11 6.5.6p8): `&a[N]` is a valid address; an
                // access through it is resolved as memory outside the object (undefined
                // behaviour, UNKNOWN where reached)
                let addr = self.addr_of(&lv, loc)?;
                return Ok(Val::L(self.mem_lvalue(addr, (**elem).clone())));
            }
            return Ok(Val::L(lv));
        }
        let (p, pt) = self.rvalue_of(base, loc)?;
        let elem = match &pt {
            CType::Pointer(e) => (**e).clone(),
            _ => return Err(self.type_err(loc, "subscripted value is not an array or pointer")),
        };
        if elem.is_void() || elem.is_func() {
            return Err(self.type_err(loc, "subscript of a pointer to void or function"));
        }
        let es = self.sizeof(&elem, loc)?;
        let off = self.scale(ix, &it, es, loc);
        let addr = fold::bin(BinOp::Add, p, off, &self.vars);
        Ok(Val::L(self.mem_lvalue(addr, elem)))
    }

    /// The offset and declaration of member `field` of struct/union `sid` (an error at `loc`
    /// when the type is incomplete or has no such member): shared by `.` and `->`.
    fn struct_field(&self, sid: StructId, field: &str, loc: Loc) -> Result<(u64, ty::Field), Diag> {
        if !self.types.get(sid).complete {
            return Err(self.type_err(loc, "member access into an incomplete type"));
        }
        self.types.find_field(sid, field).ok_or_else(|| {
            self.type_err(
                loc,
                format!(
                    "no member named `{}` in `{}`",
                    field,
                    self.types.display(&CType::Struct(sid))
                ),
            )
        })
    }

    pub(super) fn member(
        &mut self,
        base: &'a AExpr,
        field: &str,
        arrow: bool,
        loc: Loc,
    ) -> Result<Val, Diag> {
        if arrow {
            let (p, pt) = self.rv(base)?;
            let sid = match &pt {
                CType::Pointer(t) => match &**t {
                    CType::Struct(id) => *id,
                    _ => {
                        return Err(self.type_err(
                            loc,
                            format!(
                                "member reference `->{}` on a pointer to a non-struct",
                                field
                            ),
                        ))
                    }
                },
                _ => {
                    return Err(self.type_err(
                        loc,
                        format!("member reference `->{}` on a non-pointer", field),
                    ))
                }
            };
            let (off, f) = self.struct_field(sid, field, loc)?;
            let pty = self.ptr_type();
            let addr = fold::bin(BinOp::Add, p, Expr::Const(off as i128, pty), &self.vars);
            let under = self.under_aligned_member(sid, off, &f.ty);
            let mut lv = self.mem_lvalue(addr, f.ty.clone());
            lv.bitfield = f.bitfield;
            if let Place::Mem { packed, .. } = &mut lv.place {
                *packed = under;
            }
            return Ok(Val::L(lv));
        }
        let v = self.expr(base)?;
        let lv = match v {
            Val::L(lv) => lv,
            other => {
                let t = self.val_type(&other);
                return Err(self.type_err(
                    loc,
                    format!(
                        "member reference `.{}` on a value of type `{}`",
                        field,
                        self.types.display(&t)
                    ),
                ));
            }
        };
        let sid = match &lv.ty {
            CType::Struct(id) => *id,
            t => {
                return Err(self.type_err(
                    loc,
                    format!(
                        "member reference `.{}` on a non-struct type `{}`",
                        field,
                        self.types.display(t)
                    ),
                ))
            }
        };
        let (off, f) = self.struct_field(sid, field, loc)?;
        let place = match lv.place {
            Place::Slot { slot, off: o, idx } => Place::Slot {
                slot,
                off: o + off,
                idx,
            },
            Place::Mem { addr, packed } => {
                let pty = self.ptr_type();
                Place::Mem {
                    addr: fold::bin(BinOp::Add, addr, Expr::Const(off as i128, pty), &self.vars),
                    packed: packed || self.under_aligned_member(sid, off, &f.ty),
                }
            }
        };
        Ok(Val::L(LValue {
            place,
            ty: f.ty,
            bitfield: f.bitfield,
        }))
    }

    /// A member laid out with less alignment than its type asks (`__attribute__((packed))`,
    /// `#pragma pack`): GCC accesses it, and every member reached through it, knowing it may be
    /// misaligned, so such an access is defined at any address.
    fn under_aligned_member(&self, sid: ty::StructId, off: u64, fty: &CType) -> bool {
        let need = self.types.align_of(fty, self.target).unwrap_or(1).max(1);
        self.types.get(sid).align < need || !off.is_multiple_of(need)
    }
}
