//! Lvalues: the places an lvalue denotes (cells of a slot at a constant byte offset plus
//! symbolic indices, or memory through a pointer) and their addresses, reads and writes;
//! union members kept consistent after a write.

use super::cfg::{POp, Store};
use super::expr::unsup;
use super::*;
use crate::frontend::types as ty;
use crate::ir::{BinOp, Op};

/// A symbolic array index inside a slot: `idx` ranges over `0..count`, each step `stride` bytes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Index {
    pub idx: Expr,
    pub stride: u64,
    pub count: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Place {
    /// Cells of a slot at a constant byte offset plus symbolic indices.
    Slot {
        slot: SlotId,
        off: u64,
        idx: Vec<Index>,
    },
    /// Memory at a pointer value (resolved by the points-to analysis). `packed`: reached
    /// through a member of a struct laid out with less alignment than the member's type
    /// (`__attribute__((packed))`, `#pragma pack`): the compiler accesses it without relying on
    /// the type's alignment (GCC), so the access has no alignment requirement.
    Mem { addr: Expr, packed: bool },
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LValue {
    pub place: Place,
    pub ty: CType,
    pub bitfield: Option<(u16, u16)>,
}

impl Lowerer<'_> {
    /// An lvalue through a pointer; a constant address of a known object becomes a direct access.
    pub fn mem_lvalue(&mut self, addr: Expr, t: CType) -> LValue {
        if let Expr::Const(c, _) = addr {
            let c = c as u64;
            for o in &self.objs {
                if let ObjKind::Slot(s) = o.kind {
                    if c >= o.base && c < o.base + o.size && !self.slots[s].summarized {
                        return LValue {
                            place: Place::Slot {
                                slot: s,
                                off: c - o.base,
                                idx: vec![],
                            },
                            ty: t,
                            bitfield: None,
                        };
                    }
                }
            }
        }
        LValue {
            place: Place::Mem {
                addr,
                packed: false,
            },
            ty: t,
            bitfield: None,
        }
    }

    /// The address of an lvalue (its slot gets an object).
    pub fn addr_of(&mut self, lv: &LValue, _loc: Loc) -> Result<Expr, Diag> {
        match &lv.place {
            Place::Mem { addr, .. } => Ok(addr.clone()),
            Place::Slot { slot, off, idx } => {
                let o = self.slot_object(*slot);
                let base = self.objs[o.0 as usize].base;
                let pt = self.ptr_type();
                let mut a = Expr::Const(pt.wrap((base + off) as i128), pt);
                for ix in idx {
                    let i = fold::cast(pt, ix.idx.clone(), &self.vars);
                    let scaled = fold::bin(
                        BinOp::Mul,
                        i,
                        Expr::Const(ix.stride as i128, pt),
                        &self.vars,
                    );
                    a = fold::bin(BinOp::Add, a, scaled, &self.vars);
                }
                Ok(a)
            }
        }
    }

    /// The IR type of the cell an lvalue denotes.
    pub fn cell_ir_type(&self, lv: &LValue, loc: Loc) -> Result<Type, Diag> {
        match (&lv.ty, lv.bitfield) {
            (CType::Int(k), Some((_, w))) => Ok(ty::bitfield_ir_type(*k, w, self.target)),
            (t, _) => self.ir_of(t, loc),
        }
    }

    /// Candidate (offset, condition) pairs of a slot place.
    pub(crate) fn candidates(
        &self,
        off: u64,
        idx: &[Index],
        loc: Loc,
    ) -> Result<Vec<(u64, Option<Expr>)>, Diag> {
        let mut out: Vec<(u64, Option<Expr>)> = vec![(off, None)];
        for ix in idx {
            let it = ix.idx.ty(&self.vars);
            let mut next = Vec::new();
            for (o, c) in &out {
                for k in 0..ix.count {
                    if (k as i128) > it.max_value() {
                        break;
                    }
                    let eq = Expr::bin(BinOp::Eq, ix.idx.clone(), Expr::Const(k as i128, it));
                    let cond = match c {
                        None => eq,
                        Some(c) => Expr::bin(BinOp::And, c.clone(), eq),
                    };
                    next.push((o + k * ix.stride, Some(cond)));
                    if next.len() > MAX_CELLS {
                        return Err(unsup(loc, "symbolic index over too many cells"));
                    }
                }
            }
            out = next;
        }
        Ok(out)
    }

    /// Finds the cell of a slot at an offset for an access of `size` bytes.
    pub fn find_cell(
        &self,
        s: SlotId,
        off: u64,
        bitfield: Option<(u16, u16)>,
        size: u64,
    ) -> Option<(usize, VarId)> {
        let slot = &self.slots[s];
        let ids = slot.index.get(&(off, bitfield))?;
        let mut best = None;
        for &i in ids {
            let (shape, v) = &slot.cells[i];
            let ok = bitfield.is_some() || self.types.size_of(&shape.ty, self.target) == Some(size);
            if ok {
                best = Some((i, *v));
                break;
            }
        }
        best
    }

    /// The value (IR type `cty`) at a constant offset of a slot: its cell, or its bytes when the
    /// slot is byte-precise. `None` (the slot is recorded as accessed under more than one type)
    /// when no cell matches.
    fn slot_leaf(
        &self,
        slot: SlotId,
        off: u64,
        bitfield: Option<(u16, u16)>,
        size: u64,
        cty: Type,
    ) -> Option<Expr> {
        if self.is_bytes(slot) {
            return self.byte_read(slot, off, size, bitfield, cty);
        }
        match self.find_cell(slot, off, bitfield, size) {
            Some((_, v)) => Some(fold::cast(cty, Expr::Var(v), &self.vars)),
            None => {
                self.mark_bytes(slot);
                None
            }
        }
    }

    /// Reads the scalar an lvalue denotes (bit-fields promoted).
    pub fn read(&mut self, lv: &LValue, loc: Loc) -> Result<Expr, Diag> {
        let cty = self.cell_ir_type(lv, loc)?;
        let size = if lv.bitfield.is_some() {
            0
        } else {
            self.sizeof(&lv.ty, loc)?
        };
        let raw = match &lv.place {
            Place::Slot { slot, off, idx } => {
                let slot = *slot;
                if self.slots[slot].summarized {
                    return Err(unsup(
                        loc,
                        format!(
                            "read of `{}`, an object too large or of unknown size",
                            self.slots[slot].name
                        ),
                    ));
                }
                if self.slots[slot].incomplete {
                    return Err(self.type_err(
                        loc,
                        format!("`{}` has an incomplete type", self.slots[slot].name),
                    ));
                }
                if !self.scratch {
                    self.bounds_guard(slot, idx, "read of");
                }
                if !idx.is_empty() {
                    let n: u64 = idx.iter().map(|ix| ix.count.max(1)).product();
                    if n > MAX_CELLS as u64 {
                        return Err(unsup(loc, "symbolic index over too many cells"));
                    }
                    self.index_tree(slot, *off, idx, 0, lv.bitfield, size, cty, loc)?
                } else {
                    let cands = self.candidates(*off, idx, loc)?;
                    let mut cells = Vec::new();
                    for (o, c) in cands {
                        match self.slot_leaf(slot, o, lv.bitfield, size, cty) {
                            Some(x) => {
                                cells.push((c, x));
                            }
                            None => {
                                if idx.is_empty() {
                                    return Err(unsup(
                                        loc,
                                        format!(
                                            "access to `{}` at byte {} with a different type",
                                            self.slots[slot].name, o
                                        ),
                                    ));
                                }
                            }
                        }
                    }
                    let mut it = cells.into_iter().rev();
                    let (_, mut acc) = it.next().ok_or_else(|| {
                        unsup(loc, format!("access outside `{}`", self.slots[slot].name))
                    })?;
                    for (c, x) in it {
                        acc = match c {
                            Some(c) => fold::ite(c, x, acc),
                            None => x,
                        };
                    }
                    acc
                }
            }
            Place::Mem { addr, packed } => {
                if self.scratch {
                    Expr::Const(0, cty)
                } else {
                    let n = self.loads.len();
                    let seq = self.life_tick();
                    let v = self.new_var(
                        &format!("load${}", n),
                        cty,
                        Scope::Global,
                        None,
                        true,
                        Some(loc),
                    );
                    self.loads.insert(
                        v,
                        LoadInfo {
                            addr: addr.clone(),
                            size,
                            bitfield: lv.bitfield,
                            ty: cty,
                            heap_size: false,
                            packed: *packed,
                            seq,
                        },
                    );
                    Expr::Var(v)
                }
            }
        };
        Ok(match (&lv.ty, lv.bitfield) {
            (CType::Int(k), Some((_, w))) => {
                let p = ty::promote_bitfield(*k, w, self.target);
                fold::cast(p.ir(self.target), raw, &self.vars)
            }
            _ => raw,
        })
    }

    /// A read at symbolic indices as a balanced `Ite` tree over `idx < mid` (depth logarithmic
    /// in the number of cells; out-of-range indices are undefined behaviour in C).
    #[allow(clippy::too_many_arguments)]
    fn index_tree(
        &self,
        slot: SlotId,
        off: u64,
        idx: &[Index],
        level: usize,
        bitfield: Option<(u16, u16)>,
        size: u64,
        cty: Type,
        loc: Loc,
    ) -> Result<Expr, Diag> {
        if level == idx.len() {
            return match self.slot_leaf(slot, off, bitfield, size, cty) {
                Some(x) => Ok(x),
                None => Err(unsup(
                    loc,
                    format!(
                        "access to `{}` at byte {} with a different type",
                        self.slots[slot].name, off
                    ),
                )),
            };
        }
        let ix = &idx[level];
        let it = ix.idx.ty(&self.vars);
        let hi = ix.count.max(1).min(it.max_value().max(0) as u64 + 1) - 1;
        self.index_range(slot, off, idx, level, 0, hi, bitfield, size, cty, it, loc)
    }

    #[allow(clippy::too_many_arguments)]
    fn index_range(
        &self,
        slot: SlotId,
        off: u64,
        idx: &[Index],
        level: usize,
        lo: u64,
        hi: u64,
        bitfield: Option<(u16, u16)>,
        size: u64,
        cty: Type,
        it: Type,
        loc: Loc,
    ) -> Result<Expr, Diag> {
        let ix = &idx[level];
        if lo == hi {
            return self.index_tree(
                slot,
                off + lo * ix.stride,
                idx,
                level + 1,
                bitfield,
                size,
                cty,
                loc,
            );
        }
        let mid = lo + (hi - lo).div_ceil(2);
        let l = self.index_range(
            slot,
            off,
            idx,
            level,
            lo,
            mid - 1,
            bitfield,
            size,
            cty,
            it,
            loc,
        )?;
        let r = self.index_range(slot, off, idx, level, mid, hi, bitfield, size, cty, it, loc)?;
        let c = Expr::bin(BinOp::Lt, ix.idx.clone(), Expr::Const(mid as i128, it));
        Ok(fold::ite(c, l, r))
    }

    /// Writes a scalar (already converted to the lvalue's C type) into an lvalue.
    /// Symbolic indices into an array object that may lie outside their arrays: undefined
    /// behaviour, so the path ends in an `Unsupported` edge (UNKNOWN where reachable), and
    /// continues assuming the indices are in bounds. Nothing when the bounds fold to true.
    pub(crate) fn bounds_guard(&mut self, slot: SlotId, idx: &[Index], what: &str) {
        let mut conds = Vec::new();
        for ix in idx {
            let t = ix.idx.ty(&self.vars);
            let Type::Int { bits, signed } = t else {
                continue;
            };
            let max = if signed {
                (1i128 << (bits - 1)) - 1
            } else {
                (1i128 << bits.min(127)) - 1
            };
            if ix.count as i128 > max {
                continue;
            }
            let vars = &self.vars;
            let hi = fold::bin(
                BinOp::Ge,
                ix.idx.clone(),
                Expr::Const(ix.count as i128, t),
                vars,
            );
            let c = if signed {
                let lo = fold::bin(BinOp::Lt, ix.idx.clone(), Expr::Const(0, t), vars);
                fold::bin(BinOp::Or, lo, hi, vars)
            } else {
                hi
            };
            if !matches!(c, Expr::Const(0, _)) {
                conds.push(c);
            }
        }
        if conds.is_empty() || self.b.cur.is_none() {
            return;
        }
        let oob = fold::balanced(conds, BinOp::Or);
        let name = self.slots[slot].name.clone();
        let name = name.rsplit("::").next().unwrap_or(&name).to_string();
        self.ub_guard(
            oob,
            format!("out-of-bounds {what} `{name}[..]` (undefined behaviour)"),
        );
    }

    pub fn write(&mut self, lv: &LValue, val: Expr, loc: Loc) -> Result<(), Diag> {
        if self.scratch {
            return Ok(());
        }
        let cty = self.cell_ir_type(lv, loc)?;
        let val = fold::cast(cty, val, &self.vars);
        if let Place::Slot { slot, idx, .. } = &lv.place {
            self.bounds_guard(*slot, idx, "write to");
        }
        let size = if lv.bitfield.is_some() {
            0
        } else {
            self.sizeof(&lv.ty, loc)?
        };
        match &lv.place {
            Place::Mem { addr, packed } => {
                let seq = self.life_tick();
                self.b.emit_p(POp::Store(Store {
                    addr: addr.clone(),
                    val,
                    size,
                    bitfield: lv.bitfield,
                    ty: cty,
                    packed: *packed,
                    seq,
                }));
                Ok(())
            }
            Place::Slot { slot, off, idx } => {
                let slot = *slot;
                if self.slots[slot].summarized {
                    return Ok(());
                }
                if self.slots[slot].incomplete {
                    return Err(self.type_err(
                        loc,
                        format!("`{}` has an incomplete type", self.slots[slot].name),
                    ));
                }
                if self.is_bytes(slot) {
                    return self.write_bytes(slot, *off, idx, lv.bitfield, size, val, loc);
                }
                let cands = self.candidates(*off, idx, loc)?;
                let mut targets = Vec::new();
                for (o, c) in cands {
                    match self.find_cell(slot, o, lv.bitfield, size) {
                        Some((i, v)) => targets.push((i, v, c)),
                        None => {
                            self.mark_bytes(slot);
                            if idx.is_empty() {
                                return Err(unsup(
                                    loc,
                                    format!(
                                        "access to `{}` at byte {} with a different type",
                                        self.slots[slot].name, o
                                    ),
                                ));
                            }
                        }
                    }
                }
                // conditions must be evaluated before any cell changes
                let mut idx_snap: Vec<Index> = idx.clone();
                if targets.len() > 1 {
                    let cellset: HashSet<VarId> =
                        self.slots[slot].cells.iter().map(|(_, v)| *v).collect();
                    let mut need = false;
                    for ix in idx.iter() {
                        ix.idx.for_each_var(&mut |v| need |= cellset.contains(&v));
                    }
                    if need {
                        for ix in idx_snap.iter_mut() {
                            let t = self.temp(ix.idx.ty(&self.vars));
                            self.b.emit(Op::Assign(t, ix.idx.clone()));
                            ix.idx = Expr::Var(t);
                        }
                        let cands = self.candidates(*off, &idx_snap, loc)?;
                        targets.clear();
                        for (o, c) in cands {
                            if let Some((i, v)) = self.find_cell(slot, o, lv.bitfield, size) {
                                targets.push((i, v, c));
                            }
                        }
                    }
                }
                // A value that is itself a selection keeping a target cell (C's
                // `x = c ? 5 : x;`, `x = x;`) reads that cell and stores it back: named first,
                // so that the store is not taken for the conditional write below, whose keep arm
                // is no access at all (`ir::split_shared::keep_condition`).
                let val = if targets
                    .iter()
                    .any(|(_, v, _)| crate::ir::split_shared::keeps(&val, *v))
                {
                    let t = self.temp(cty);
                    self.b.emit(Op::Assign(t, val));
                    Expr::Var(t)
                } else {
                    val
                };
                for (i, v, c) in targets {
                    // a cell of the same size but another type (a `_Bool` written as a byte)
                    let vt = self.vars[v.0 as usize].ty;
                    let val = fold::cast(vt, val.clone(), &self.vars);
                    let new = match &c {
                        None => val,
                        Some(c) => fold::ite(c.clone(), val, Expr::Var(v)),
                    };
                    self.b.emit(Op::Assign(v, new));
                    if self.slots[slot].has_union {
                        self.union_overlaps(slot, i, c.as_ref());
                    }
                }
                Ok(())
            }
        }
    }

    /// After writing cell `i` of a slot containing unions, keeps the cells of other members that
    /// share its bytes consistent: exact overlaps get the converted value, partial overlaps an
    /// arbitrary one.
    fn union_overlaps(&mut self, slot: SlotId, i: usize, cond: Option<&Expr>) {
        let v = self.slots[slot].cells[i].1;
        for (w, exact) in self.overlapping_cells(slot, i) {
            if exact {
                let wt = self.vars[w.0 as usize].ty;
                let x = fold::cast(wt, Expr::Var(v), &self.vars);
                self.b.emit(Op::Assign(w, x));
            } else {
                // the members share bytes in different shapes: byte-precise next round
                self.mark_bytes(slot);
                match cond {
                    None => self.b.emit(Op::Nondet(w)),
                    Some(c) => {
                        let wt = self.vars[w.0 as usize].ty;
                        let t = self.temp(wt);
                        self.b.emit(Op::Nondet(t));
                        self.b.emit(Op::Assign(
                            w,
                            fold::ite(c.clone(), Expr::Var(t), Expr::Var(w)),
                        ));
                    }
                }
            }
        }
    }

    /// The other cells of a slot sharing bytes with cell `i` (members of a union), each with
    /// whether it overlaps exactly (same offset and size, no bit-field: the converted value).
    pub(super) fn overlapping_cells(&self, slot: SlotId, i: usize) -> Vec<(VarId, bool)> {
        let shape = &self.slots[slot].cells[i].0;
        let size = self.cell_size(shape);
        let lo = shape.offset;
        let hi = lo + size.max(1);
        self.slots[slot]
            .cells
            .iter()
            .enumerate()
            .filter(|(j, (c, _))| {
                *j != i && {
                    let s = self.cell_size(c).max(1);
                    c.offset < hi
                        && lo < c.offset + s
                        && !(c.offset == lo
                            && c.bitfield == shape.bitfield
                            && s == size
                            && c.path == shape.path)
                }
            })
            .map(|(_, (c, w))| {
                let exact = c.offset == lo
                    && c.bitfield.is_none()
                    && shape.bitfield.is_none()
                    && self.cell_size(c) == size;
                (*w, exact)
            })
            .collect()
    }

    pub fn cell_size(&self, c: &CellShape) -> u64 {
        match c.bitfield {
            Some((b, w)) => (b as u64 + w as u64).div_ceil(8),
            None => self.types.size_of(&c.ty, self.target).unwrap_or(1),
        }
    }

    /// Reads a cell without bit-field promotion (the cell's own IR type).
    pub(super) fn read_raw(&mut self, lv: &LValue, loc: Loc) -> Result<Expr, Diag> {
        let x = self.read(lv, loc)?;
        let t = self.cell_ir_type(lv, loc)?;
        Ok(fold::cast(t, x, &self.vars))
    }
}

/// The sub-lvalue of an aggregate lvalue for one of its cells.
pub(crate) fn sub_lvalue(lv: &LValue, c: &CellShape, pt: Type) -> LValue {
    let place = match &lv.place {
        Place::Slot { slot, off, idx } => Place::Slot {
            slot: *slot,
            off: off + c.offset,
            idx: idx.clone(),
        },
        Place::Mem { addr, packed } => Place::Mem {
            addr: add_const(addr, c.offset, pt),
            packed: *packed,
        },
    };
    LValue {
        place,
        ty: c.ty.clone(),
        bitfield: c.bitfield,
    }
}

/// `addr + k` in pointer type `pt` (folded for constants).
pub(crate) fn add_const(addr: &Expr, k: u64, pt: Type) -> Expr {
    if k == 0 {
        return addr.clone();
    }
    match addr {
        Expr::Const(c, t) => Expr::Const(t.wrap(c + k as i128), *t),
        Expr::Binary(BinOp::Add, a, b) => match **b {
            Expr::Const(c, t) => Expr::bin(
                BinOp::Add,
                (**a).clone(),
                Expr::Const(t.wrap(c + k as i128), t),
            ),
            _ => Expr::bin(
                BinOp::Add,
                addr.clone(),
                Expr::Const(pt.wrap(k as i128), pt),
            ),
        },
        _ => Expr::bin(
            BinOp::Add,
            addr.clone(),
            Expr::Const(pt.wrap(k as i128), pt),
        ),
    }
}
