//! Byte-precise objects: an object whose bytes are accessed under more than one type (a union
//! written through one member and read through another, a `uint8_t *` view of a larger object,
//! `memcpy`/`memset` over it, a cast of its address) is represented as one `uint8_t` cell per
//! byte, in the target's byte order.
//!
//! Which objects: lowering first runs with every object flattened into typed cells (the fast
//! scalar path). Every access that does not match a cell (a different size or offset, a bit-field
//! overlapping another member, a byte-wise built-in) records its object in
//! [`Lowerer::need_bytes`]; [`super::lower`] then lowers the program again with those objects
//! byte-precise, until no new object is found. Objects accessed under one type keep their
//! scalar cells.
//!
//! Scalars are composed from and decomposed into their bytes with shifts (`endianness` of the
//! target profile). A bit-field `(bit, width)` at byte `off` is read from the smallest run of
//! bytes holding it: on a little-endian target its bits count from the least significant bit
//! of that run, on a big-endian one (GCC's `BITS_BIG_ENDIAN`) from the most significant bit.

use super::expr::unsup;
use super::lvalue::Index;
use super::*;
use crate::ir::{BinOp, Op};

impl Lowerer<'_> {
    /// True when the slot is represented byte by byte.
    pub fn is_bytes(&self, s: SlotId) -> bool {
        self.slots[s].bytes
    }

    /// Records that a slot is accessed under more than one type (byte-precise next time).
    pub fn mark_bytes(&self, s: SlotId) {
        let slot = &self.slots[s];
        if slot.bytes || slot.summarized || slot.incomplete {
            return;
        }
        self.need_bytes
            .borrow_mut()
            .entry(s)
            .or_insert_with(|| slot.name.clone());
    }

    /// True when a slot was made byte-precise for this lowering.
    pub fn wants_bytes(&self, s: SlotId, name: &str) -> bool {
        self.byte_slots.get(&s).is_some_and(|n| n == name)
    }

    /// The byte cell `i` of a byte-precise slot.
    fn byte_var(&self, s: SlotId, i: u64) -> Option<VarId> {
        self.slots[s].cells.get(i as usize).map(|(_, v)| *v)
    }

    /// Position of byte `i` (0 = lowest address) of an `n`-byte run as a power of 256.
    fn byte_rank(&self, i: u64, n: u64) -> u64 {
        if self.target.big_endian() {
            n - 1 - i
        } else {
            i
        }
    }

    /// The `n` bytes at `off` composed into an unsigned integer of `8n` bits.
    pub fn byte_word(&self, s: SlotId, off: u64, n: u64) -> Option<Expr> {
        let u = Type::int((8 * n) as u16, false);
        let mut acc: Option<Expr> = None;
        for i in 0..n {
            let b = self.byte_var(s, off + i)?;
            let x = fold::cast(u, Expr::Var(b), &self.vars);
            let sh = 8 * self.byte_rank(i, n);
            let x = if sh == 0 {
                x
            } else {
                Expr::bin(BinOp::Shl, x, Expr::Const(sh as i128, u))
            };
            acc = Some(match acc {
                None => x,
                Some(a) => Expr::bin(BinOp::BitOr, a, x),
            });
        }
        acc
    }

    /// Bytes spanned by an access: the scalar's size, or the run holding a bit-field.
    pub fn access_span(size: u64, bitfield: Option<(u16, u16)>) -> u64 {
        match bitfield {
            Some((b, w)) => (b as u64 + w as u64).div_ceil(8).max(1),
            None => size.max(1),
        }
    }

    /// Shift of a bit-field inside the run of `n` bytes holding it.
    fn field_shift(&self, b: u16, w: u16, n: u64) -> u64 {
        if self.target.big_endian() {
            8 * n - b as u64 - w as u64
        } else {
            b as u64
        }
    }

    /// The value (IR type `ty`) of the scalar of `size` bytes, or of the bit-field, at byte
    /// `off` of a byte-precise slot; `None` when the access leaves the object.
    pub fn byte_read(
        &self,
        s: SlotId,
        off: u64,
        size: u64,
        bitfield: Option<(u16, u16)>,
        ty: Type,
    ) -> Option<Expr> {
        let n = Self::access_span(size, bitfield);
        let word = self.byte_word(s, off, n)?;
        let u = Type::int((8 * n) as u16, false);
        Some(match bitfield {
            None => fold::cast(ty, word, &self.vars),
            Some((b, w)) => {
                let sh = self.field_shift(b, w, n);
                let x = if sh == 0 {
                    word
                } else {
                    Expr::bin(BinOp::Shr, word, Expr::Const(sh as i128, u))
                };
                let bits = fold::cast(Type::int(w, false), x, &self.vars);
                fold::cast(ty, bits, &self.vars)
            }
        })
    }

    /// The edges writing `val` (the access's IR type) as the scalar of `size` bytes, or the
    /// bit-field, at byte `off`; each byte keeps its value unless `cond` holds. `None` when the
    /// access leaves the object.
    pub fn byte_write_ops(
        &mut self,
        s: SlotId,
        off: u64,
        size: u64,
        bitfield: Option<(u16, u16)>,
        val: Expr,
        cond: Option<&Expr>,
    ) -> Option<Vec<Op>> {
        let n = Self::access_span(size, bitfield);
        if off + n > self.slots[s].cells.len() as u64 {
            return None;
        }
        let u = Type::int((8 * n) as u16, false);
        let mut ops = Vec::new();
        let word = match bitfield {
            None => fold::cast(u, val, &self.vars),
            Some((b, w)) => {
                let sh = self.field_shift(b, w, n);
                let old = self.byte_word(s, off, n)?;
                let mask = ((1i128 << w) - 1) << sh;
                let bits = fold::cast(
                    u,
                    fold::cast(Type::int(w, false), val, &self.vars),
                    &self.vars,
                );
                let bits = if sh == 0 {
                    bits
                } else {
                    fold::bin(BinOp::Shl, bits, Expr::Const(sh as i128, u), &self.vars)
                };
                let kept = Expr::bin(BinOp::BitAnd, old, Expr::Const(u.wrap(!mask), u));
                Expr::bin(BinOp::BitOr, kept, bits)
            }
        };
        // the new bytes are computed from one snapshot of the value (which may read them); an
        // address constant goes through a variable too, so that the points-to analysis sees
        // which object the bytes point to
        let is_addr = match word {
            Expr::Const(c, _) => self
                .objs
                .iter()
                .any(|o| c as u64 >= o.base && (c as u64) <= o.base + o.size),
            _ => false,
        };
        let word = if n > 1 && (is_addr || !matches!(word, Expr::Const(..) | Expr::Var(_))) {
            let t = self.temp(u);
            ops.push(Op::Assign(t, word));
            Expr::Var(t)
        } else {
            word
        };
        for i in 0..n {
            let b = self.byte_var(s, off + i)?;
            let sh = 8 * self.byte_rank(i, n);
            let x = if sh == 0 {
                word.clone()
            } else {
                fold::bin(
                    BinOp::Shr,
                    word.clone(),
                    Expr::Const(sh as i128, u),
                    &self.vars,
                )
            };
            let x = fold::cast(Type::int(8, false), x, &self.vars);
            let new = match cond {
                None => x,
                Some(c) => fold::ite(c.clone(), x, Expr::Var(b)),
            };
            ops.push(Op::Assign(b, new));
        }
        Some(ops)
    }

    /// Initial bytes of a statically initialised byte-precise object: writes `v` into `buf`.
    pub fn encode_const(
        &self,
        buf: &mut [u8],
        off: u64,
        size: u64,
        bitfield: Option<(u16, u16)>,
        v: i128,
    ) {
        let n = Self::access_span(size, bitfield);
        if off + n > buf.len() as u64 || n > 15 {
            return;
        }
        let get = |buf: &[u8]| -> u128 {
            let mut w = 0u128;
            for i in 0..n {
                w |= (buf[(off + i) as usize] as u128) << (8 * self.byte_rank(i, n));
            }
            w
        };
        let word: u128 = match bitfield {
            None => v as u128,
            Some((b, w)) => {
                let sh = self.field_shift(b, w, n);
                let mask = ((1u128 << w) - 1) << sh;
                (get(buf) & !mask) | (((v as u128) << sh) & mask)
            }
        };
        for i in 0..n {
            buf[(off + i) as usize] = (word >> (8 * self.byte_rank(i, n))) as u8;
        }
    }

    /// Writes into a byte-precise slot at a constant offset plus symbolic indices.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn write_bytes(
        &mut self,
        slot: SlotId,
        off: u64,
        idx: &[Index],
        bitfield: Option<(u16, u16)>,
        size: u64,
        val: Expr,
        loc: Loc,
    ) -> Result<(), Diag> {
        let mut idx: Vec<Index> = idx.to_vec();
        let cellset: HashSet<VarId> = self.slots[slot].cells.iter().map(|(_, v)| *v).collect();
        let mut need = false;
        for ix in idx.iter() {
            ix.idx.for_each_var(&mut |v| need |= cellset.contains(&v));
        }
        // conditions and the value must be evaluated before any byte changes
        if need {
            for ix in idx.iter_mut() {
                let t = self.temp(ix.idx.ty(&self.vars));
                self.b.emit(Op::Assign(t, ix.idx.clone()));
                ix.idx = Expr::Var(t);
            }
        }
        let mut val = val;
        let mut vref = false;
        val.for_each_var(&mut |v| vref |= cellset.contains(&v));
        if vref && !idx.is_empty() {
            let t = self.temp(val.ty(&self.vars));
            self.b.emit(Op::Assign(t, val));
            val = Expr::Var(t);
        }
        let cands = self.candidates(off, &idx, loc)?;
        let mut any = false;
        for (o, c) in cands {
            if let Some(ops) = self.byte_write_ops(slot, o, size, bitfield, val.clone(), c.as_ref())
            {
                any = true;
                for op in ops {
                    self.b.emit(op);
                }
            }
        }
        if !any {
            return Err(unsup(
                loc,
                format!("access outside `{}`", self.slots[slot].name),
            ));
        }
        Ok(())
    }
}
