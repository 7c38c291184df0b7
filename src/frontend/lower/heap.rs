//! The heap: `malloc`, `calloc`, `realloc`, `free` (and `alloca`).
//!
//! Every allocation site of the main thread gets a bounded number of *instances*, each a slot
//! with its own object (base address) and cells: one instance for a site that runs at most
//! once, [`HEAP_INSTANCES`] for a site inside a loop, chosen by a per-site counter (the i-th
//! allocation gets instance i, so instances never alias). An instance of a site with a
//! symbolic size has room for [`HEAP_CAP_ELEMS`] elements (its element type is the type the
//! result is converted to) and a size variable; a site with a constant size gets exactly that
//! size. Each instance has a `live` flag (1 between its allocation and its `free`). Of a block
//! larger than its instance's capacity only the first bytes are modelled: writes beyond them
//! are dropped and reads beyond them are unsupported.
//!
//! An allocation that cannot be modelled precisely (the counter is exhausted, a site in a
//! thread other than main, an object too large) returns the site's
//! *summary* object instead: writes to it are dropped and reads from it are unsupported
//! (UNKNOWN where reached, never a verdict), as for every summarised object. The summary of a
//! counted site stands for one block only: a further allocation from that site is an
//! `Unsupported` edge (two blocks at one address would compare equal). A site outside the
//! main thread has no counter: its summary may stand for several blocks (a known limit:
//! comparing two such blocks' addresses is not modelled faithfully).
//!
//! Accesses, `free`s and `realloc`s are checked after the points-to analysis (`pointsto`):
//! an access that may lie outside the allocated bytes of a heap instance or after its `free`,
//! a `free` of a pointer that is not the start of a live heap object (double or invalid free),
//! are undefined behaviour: the path ends in an `Unsupported` edge with the reason, so such a
//! path gives UNKNOWN, never SUCCESSFUL or a FAILED through undefined behaviour.
//!
//! `malloc` succeeds (SV-COMP's convention) unless `--malloc-may-fail`, which makes each
//! `malloc`/`calloc`/`realloc` also return NULL.

use super::cfg::POp;
use super::expr::Val;
use super::lvalue::{LValue, Place};
use super::*;
use crate::frontend::ast::Expr as AExpr;
use crate::frontend::types::IntKind;
use crate::ir::{BinOp, Op};

/// Instances of an allocation site inside a loop.
pub const HEAP_INSTANCES: u32 = 8;
/// Elements an instance of a site with a symbolic size has room for.
pub const HEAP_CAP_ELEMS: u64 = 32;
/// Most cells all instances of one site may have together (fewer instances beyond).
const HEAP_SITE_CELLS: usize = 4096;
/// The value of a site's counter once its summary block has been handed out.
const SUMMARY_USED: u32 = u32::MAX;

/// Options of the heap model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeapOptions {
    /// `--malloc-may-fail`: allocations may return NULL.
    pub malloc_may_fail: bool,
}

/// A precisely modelled heap object (one instance of an allocation site).
#[derive(Clone, Debug)]
pub(crate) struct HeapObj {
    /// The allocation site, for messages.
    pub site: String,
    /// Allocated bytes: a constant, or the instance's size variable.
    pub size: Expr,
    /// 1 while allocated, 0 before and after `free`.
    pub live: VarId,
    /// Bytes the instance has cells for.
    pub cap: u64,
}

/// A `free` (or the release of a `realloc`ed block), checked after the points-to analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Free {
    pub addr: Expr,
}

impl<'a> Lowerer<'a> {
    /// `malloc`, `calloc`, `alloca`, ... : the address of a fresh object.
    pub(crate) fn alloc(&mut self, name: &str, args: &'a [AExpr], loc: Loc) -> Result<Val, Diag> {
        let mut vals = Vec::new();
        for a in args {
            vals.push(self.rv(a)?);
        }
        let vt = CType::ptr_to(CType::Void);
        if self.scratch {
            let pt = self.ptr_type();
            return Ok(Val::R(Expr::Const(0, pt), vt));
        }
        let st = CType::Int(self.size_t());
        let size = match (name, vals) {
            ("calloc", v) if v.len() == 2 => {
                let mut it = v.into_iter();
                let (a, at) = it.next().expect("two");
                let (b, bt) = it.next().expect("two");
                let a = self.convert(a, &at, &st, loc)?;
                let b = self.convert(b, &bt, &st, loc)?;
                // an overflowing product fails (C11 7.22.3.2): not modelled
                match (
                    fold::const_value(&a, &self.vars),
                    fold::const_value(&b, &self.vars),
                ) {
                    (Some(x), Some(y)) if x.checked_mul(y).is_some_and(|p| p < (1 << 62)) => {
                        Expr::Const(x * y, self.ptr_type())
                    }
                    _ => {
                        // a product that overflows `size_t` makes calloc fail: not modelled
                        let pt = self.ptr_type();
                        let prod = Expr::bin(BinOp::Mul, a.clone(), b.clone());
                        let nz = Expr::bin(BinOp::Ne, a.clone(), Expr::Const(0, pt));
                        let divisor = Expr::ite(nz.clone(), a.clone(), Expr::Const(1, pt));
                        let ovf = Expr::bin(
                            BinOp::And,
                            nz,
                            Expr::bin(BinOp::Ne, Expr::bin(BinOp::Div, prod, divisor), b.clone()),
                        );
                        let ok = self.b.new_label();
                        self.b.branch_to(Expr::not(ovf.clone()), ok);
                        self.b.emit(Op::Assume(ovf));
                        self.b
                            .emit(Op::Unsupported("calloc whose size overflows size_t".into()));
                        self.b.place(ok);
                        Expr::bin(BinOp::Mul, a, b)
                    }
                }
            }
            (_, v) if v.len() == 1 => {
                let (a, at) = v.into_iter().next().expect("one");
                self.convert(a, &at, &st, loc)?
            }
            _ => {
                return Err(self.type_err(loc, format!("wrong number of arguments to `{name}`")));
            }
        };
        let res = self.alloc_block(name, size, loc)?;
        Ok(Val::R(Expr::Var(res), vt))
    }

    /// The alignment of a new block: `aligned_alloc`'s, else what malloc guarantees
    /// (2 * sizeof(void *)), exactly, whatever type the program uses the block for.
    fn block_align(&self) -> u64 {
        if self.alloc_align > 0 {
            self.alloc_align
        } else {
            2 * u64::from(self.target.pointer_bits / 8)
        }
    }

    /// `aligned_alloc(alignment, size)` (C11 7.22.3.1, glibc): NULL when the alignment is not
    /// a power of two (C17, glibc 2.38); a size that is not a multiple of it is undefined in
    /// C11 (allowed by C17), so unsupported; else a block at a multiple of the alignment (and of
    /// malloc's 2 * sizeof(void *)).
    pub(crate) fn aligned_alloc(&mut self, args: &'a [AExpr], loc: Loc) -> Result<Val, Diag> {
        let vt = CType::ptr_to(CType::Void);
        if args.len() != 2 {
            return Err(self.type_err(loc, "wrong number of arguments to `aligned_alloc`"));
        }
        let (a, at) = self.rv(&args[0])?;
        let (n, nt) = self.rv(&args[1])?;
        let pt = self.ptr_type();
        if self.scratch {
            return Ok(Val::R(Expr::Const(0, pt), vt));
        }
        let st = CType::Int(self.size_t());
        let a = self.convert(a, &at, &st, loc)?;
        let n = self.convert(n, &nt, &st, loc)?;
        let c = |v: i128| Expr::Const(v, pt);
        let res = self.temp(pt);
        let join = self.b.new_label();
        let low = Expr::bin(BinOp::Sub, a.clone(), c(1));
        let pow2 = Expr::bin(
            BinOp::And,
            Expr::bin(BinOp::Ne, a.clone(), c(0)),
            Expr::bin(
                BinOp::Eq,
                Expr::bin(BinOp::BitAnd, a.clone(), low.clone()),
                c(0),
            ),
        );
        let ok = self.b.new_label();
        self.b.branch_to(pow2.clone(), ok);
        self.b.emit(Op::Assume(Expr::not(pow2)));
        self.b.emit(Op::Assign(res, c(0)));
        self.b.jump(join);
        self.b.place(ok);
        let ragged = Expr::bin(BinOp::Ne, Expr::bin(BinOp::BitAnd, n.clone(), low), c(0));
        let ok = self.b.new_label();
        self.b.branch_to(Expr::not(ragged.clone()), ok);
        self.b.emit(Op::Assume(ragged));
        self.b.emit(Op::Unsupported(
            "aligned_alloc with a size that is not a multiple of the alignment (undefined in C11, \
             allowed by C17)"
                .into(),
        ));
        self.b.place(ok);
        let min = 2 * u64::from(self.target.pointer_bits / 8);
        let align = match fold::const_value(&a, &self.vars) {
            Some(k) if k > 0 => (k as u64).max(min),
            _ => {
                // A non-constant alignment up to malloc's is met by malloc's exact placement
                // (a block at a multiple of the alignment but not of twice it would claim
                // more than glibc guarantees for small alignments: `r & 63` is not always 0).
                let big = Expr::bin(BinOp::Gt, a.clone(), c(min as i128));
                let ok = self.b.new_label();
                self.b.branch_to(Expr::not(big.clone()), ok);
                self.b.emit(Op::Assume(big));
                self.b.emit(Op::Unsupported(format!(
                    "aligned_alloc with a non-constant alignment above {min}"
                )));
                self.b.place(ok);
                min
            }
        };
        self.alloc_align = align;
        let r = self.alloc_block("aligned_alloc", n, loc);
        self.alloc_align = 0;
        let r = r?;
        if self.b.cur.is_some() {
            self.b.emit(Op::Assign(res, Expr::Var(r)));
        }
        self.b.place(join);
        Ok(Val::R(Expr::Var(res), vt))
    }

    /// Emits the allocation of `size` bytes at a new site; returns the variable holding the
    /// result.
    fn alloc_block(&mut self, name: &str, size: Expr, loc: Loc) -> Result<VarId, Diag> {
        let pt = self.ptr_type();
        let csize = fold::const_value(&size, &self.vars).filter(|x| *x >= 0);
        // glibc refuses a request above PTRDIFF_MAX (malloc(-1) is NULL)
        let max_request = (1i128 << (self.target.pointer_bits - 1)) - 1;
        let refusable = !name.contains("alloca");
        if refusable && csize.is_some_and(|s| s > max_request) {
            let res = self.temp(pt);
            self.b.emit(Op::Assign(res, Expr::Const(0, pt)));
            return Ok(res);
        }
        let hint = self.alloc_hint.clone().filter(|h| {
            self.types.size_of(h, self.target).is_some_and(|s| s > 0) && !self.has_flexible(h)
        });
        self.heap_count += 1;
        let sname = format!("heap${}", self.heap_count);
        let site = format!("{} at line {}", name, loc.line);
        // the type of one instance and the bytes it models
        let (ty, cap) = match (csize, &hint) {
            (Some(s), Some(h)) => {
                let s = s as u64;
                let hs = self.types.size_of(h, self.target).unwrap_or(1);
                let t = if s == hs {
                    h.clone()
                } else if s.is_multiple_of(hs) && s > 0 {
                    CType::Array(Box::new(h.clone()), Some(s / hs))
                } else {
                    CType::Array(Box::new(CType::Int(IntKind::UChar)), Some(s.max(1)))
                };
                (t, s)
            }
            (Some(s), None) => (
                CType::Array(
                    Box::new(CType::Int(IntKind::UChar)),
                    Some((s as u64).max(1)),
                ),
                s as u64,
            ),
            (None, h) => {
                let e = h.clone().unwrap_or(CType::Int(IntKind::UChar));
                let es = self.types.size_of(&e, self.target).unwrap_or(1);
                (
                    CType::Array(Box::new(e), Some(HEAP_CAP_ELEMS)),
                    es * HEAP_CAP_ELEMS,
                )
            }
        };
        let once = !self.in_loop();
        let cells = self
            .types
            .cells(&ty, self.target, MAX_CELLS)
            .map(|c| c.len().max(1));
        let mut n_inst: u32 = match cells {
            _ if self.thread.0 != 0 => 0,
            None => 0,
            Some(_) if once => 1,
            Some(n) => (HEAP_SITE_CELLS / n).min(HEAP_INSTANCES as usize) as u32,
        };
        if n_inst > 1 && cells.is_some_and(|n| n * 2 > HEAP_SITE_CELLS) {
            n_inst = 1;
        }
        let symbolic = csize.is_none();
        let counted = !once && n_inst > 0;
        let res = self.temp(pt);
        let join = self.b.new_label();
        let sz = if symbolic {
            let t = self.temp(pt);
            self.b.emit(Op::Assign(t, size));
            Some(t)
        } else {
            None
        };
        if let (Some(t), true) = (sz, refusable) {
            let ok = self.b.new_label();
            let huge = Expr::bin(BinOp::Gt, Expr::Var(t), Expr::Const(max_request, pt));
            self.b.branch_to(Expr::not(huge.clone()), ok);
            self.b.emit(Op::Assume(huge));
            self.b.emit(Op::Assign(res, Expr::Const(0, pt)));
            self.b.jump(join);
            self.b.place(ok);
        }
        if self.heap_opts.malloc_may_fail && !name.contains("alloca") {
            let c = self.temp(Type::Bool);
            self.b.emit(Op::Nondet(c));
            let ok = self.b.new_label();
            self.b.branch_to(Expr::not(Expr::Var(c)), ok);
            self.b.emit(Op::Assume(Expr::Var(c)));
            self.b.emit(Op::Assign(res, Expr::Const(0, pt)));
            self.b.jump(join);
            self.b.place(ok);
        }
        let counter = if counted {
            let v = self.new_var(
                &format!("{sname}$count"),
                Type::int(32, false),
                Scope::Global,
                Some(0),
                true,
                Some(loc),
            );
            Some(v)
        } else {
            None
        };
        let mut needs_summary = n_inst == 0 || counted;
        for i in 0..n_inst {
            let iname = if n_inst == 1 {
                sname.clone()
            } else {
                format!("{sname}#{i}")
            };
            let s = self.new_slot(&iname, &ty, Scope::Global, false, loc);
            self.slots[s].align = self.block_align();
            if self.slots[s].summarized {
                needs_summary = true;
                continue;
            }
            let o = self.slot_object(s);
            let base = self.objs[o.0 as usize].base;
            let live = self.new_var(
                &format!("{iname}$live"),
                Type::Bool,
                Scope::Global,
                Some(0),
                true,
                Some(loc),
            );
            let size_v = if symbolic {
                Expr::Var(self.new_var(
                    &format!("{iname}$size"),
                    pt,
                    Scope::Global,
                    Some(0),
                    true,
                    Some(loc),
                ))
            } else {
                Expr::Const(cap as i128, pt)
            };
            self.heap.insert(
                o.0,
                HeapObj {
                    site: site.clone(),
                    size: size_v.clone(),
                    live,
                    cap,
                },
            );
            // the conditions under which this allocation gets instance i
            let mut conds = Vec::new();
            if let Some(c) = counter {
                conds.push(Expr::bin(
                    BinOp::Eq,
                    Expr::Var(c),
                    Expr::Const(i as i128, Type::int(32, false)),
                ));
            }
            let next = self.b.new_label();
            if !conds.is_empty() {
                let c = fold::balanced(conds, BinOp::And);
                self.b.branch_to(Expr::not(c.clone()), next);
                self.b.emit(Op::Assume(c));
            }
            self.b.emit(Op::Assign(res, Expr::Const(base as i128, pt)));
            self.b.emit(Op::Assign(live, Expr::bool(true)));
            if let (Expr::Var(v), Some(t)) = (&size_v, sz) {
                self.b.emit(Op::Assign(*v, Expr::Var(t)));
            }
            if let Some(c) = counter {
                self.b.emit(Op::Assign(
                    c,
                    Expr::Const(i as i128 + 1, Type::int(32, false)),
                ));
            }
            // fresh memory: indeterminate (`malloc`) or zero (`calloc`); the cells are not
            // written before (no pointer to the instance exists before this allocation)
            let cells: Vec<VarId> = self.slots[s].cells.iter().map(|(_, v)| *v).collect();
            for v in cells {
                if name == "calloc" {
                    let t = self.vars[v.0 as usize].ty;
                    self.b.emit(Op::Assign(v, Expr::Const(0, t)));
                } else {
                    self.b.emit(Op::Nondet(v));
                }
            }
            self.b.jump(join);
            self.b.place(next);
            if counter.is_none() {
                // no other outcome
                self.b.cur = None;
            }
        }
        if needs_summary && self.b.cur.is_some() {
            let s = self.new_slot(
                &format!("{sname}$summary"),
                &CType::Array(Box::new(CType::Int(IntKind::UChar)), None),
                Scope::Global,
                false,
                loc,
            );
            self.slots[s].incomplete = false;
            self.slots[s].summarized = true;
            self.slots[s].ty = ty;
            self.slots[s].align = self.block_align();
            let o = self.slot_object(s);
            self.heap_summaries.insert(o.0);
            let base = self.objs[o.0 as usize].base;
            if let Some(c) = counter {
                // The summary stands for one block only: a second block at the same address
                // would make two distinct blocks compare equal (a wrong verdict), so a further
                // allocation from this site is beyond the model.
                let u32t = Type::int(32, false);
                let used = Expr::bin(
                    BinOp::Eq,
                    Expr::Var(c),
                    Expr::Const(SUMMARY_USED as i128, u32t),
                );
                let ok = self.b.new_label();
                self.b.branch_to(Expr::not(used.clone()), ok);
                self.b.emit(Op::Assume(used));
                self.b.emit(Op::Unsupported(format!(
                    "more than {} blocks from this allocation site ({site})",
                    n_inst + 1
                )));
                self.b.place(ok);
                self.b
                    .emit(Op::Assign(c, Expr::Const(SUMMARY_USED as i128, u32t)));
            }
            self.b.emit(Op::Assign(res, Expr::Const(base as i128, pt)));
        }
        self.b.place(join);
        Ok(res)
    }

    /// A struct whose last member is a flexible array (its blocks are modelled as bytes).
    fn has_flexible(&self, t: &CType) -> bool {
        match t {
            CType::Struct(id) => self
                .types
                .get(*id)
                .fields
                .last()
                .is_some_and(|f| matches!(f.ty, CType::Array(_, None))),
            _ => false,
        }
    }

    /// `free(p)`: checked after the points-to analysis.
    pub(crate) fn free_call(&mut self, args: &'a [AExpr], loc: Loc) -> Result<Val, Diag> {
        let [a] = args else {
            return Err(self.type_err(loc, "`free` takes one argument"));
        };
        let (x, t) = self.rv(a)?;
        if self.scratch {
            return Ok(Val::Void);
        }
        let pt = self.ptr_type();
        let x = self.convert(x, &t, &CType::ptr_to(CType::Void), loc)?;
        let x = fold::cast(pt, x, &self.vars);
        self.frees += 1;
        self.b.emit_p(POp::Free(Free { addr: x }));
        Ok(Val::Void)
    }

    /// `realloc(p, n)`: `malloc(n)` when `p` is NULL; otherwise a new block from this site,
    /// the first `min(old size, n)` bytes copied, and `p` freed. `n == 0` is unsupported (its
    /// result is implementation-defined).
    pub(crate) fn realloc(&mut self, args: &'a [AExpr], loc: Loc) -> Result<Val, Diag> {
        let [p, n] = args else {
            return Err(self.type_err(loc, "`realloc` takes two arguments"));
        };
        let vt = CType::ptr_to(CType::Void);
        let (px, ptt) = self.rv(p)?;
        let (nx, nt) = self.rv(n)?;
        let pt = self.ptr_type();
        if self.scratch {
            return Ok(Val::R(Expr::Const(0, pt), vt));
        }
        let st = CType::Int(self.size_t());
        let nx = self.convert(nx, &nt, &st, loc)?;
        let px = self.convert(px, &ptt, &vt, loc)?;
        let old = self.temp(pt);
        self.b.emit(Op::Assign(old, px));
        let nv = self.temp(pt);
        self.b.emit(Op::Assign(nv, nx));
        let zero = self.b.new_label();
        self.b.branch_to(
            Expr::bin(BinOp::Ne, Expr::Var(nv), Expr::Const(0, pt)),
            zero,
        );
        self.b.emit(Op::Assume(Expr::bin(
            BinOp::Eq,
            Expr::Var(nv),
            Expr::Const(0, pt),
        )));
        self.b.emit(Op::Unsupported(
            "realloc with size 0 (implementation-defined)".into(),
        ));
        self.b.place(zero);
        // the element type the copy uses: the type the result is converted to
        let elem = self
            .alloc_hint
            .clone()
            .filter(|h| self.types.size_of(h, self.target).is_some_and(|s| s > 0) && h.is_scalar())
            .unwrap_or(CType::Int(IntKind::UChar));
        let es = self.types.size_of(&elem, self.target).unwrap_or(1);
        let res = self.alloc_block("realloc", Expr::Var(nv), loc)?;
        let done = self.b.new_label();
        // realloc(NULL, n) is malloc(n); a failed allocation leaves the old block alone
        self.b.branch_to(
            Expr::bin(BinOp::Eq, Expr::Var(old), Expr::Const(0, pt)),
            done,
        );
        self.b.emit(Op::Assume(Expr::bin(
            BinOp::Ne,
            Expr::Var(old),
            Expr::Const(0, pt),
        )));
        self.b.branch_to(
            Expr::bin(BinOp::Eq, Expr::Var(res), Expr::Const(0, pt)),
            done,
        );
        self.b.emit(Op::Assume(Expr::bin(
            BinOp::Ne,
            Expr::Var(res),
            Expr::Const(0, pt),
        )));
        // copied bytes: min(old size, n)
        let osz = self.temp(pt);
        let n_loads = self.loads.len();
        let ph = self.new_var(
            &format!("load${}", n_loads),
            pt,
            Scope::Global,
            None,
            true,
            Some(loc),
        );
        self.loads.insert(
            ph,
            LoadInfo {
                addr: Expr::Var(old),
                size: 0,
                bitfield: None,
                ty: pt,
                heap_size: true,
                packed: false,
                seq: 0,
            },
        );
        self.b.emit(Op::Assign(osz, Expr::Var(ph)));
        let m = self.temp(pt);
        self.b.emit(Op::Assign(
            m,
            Expr::ite(
                Expr::bin(BinOp::Lt, Expr::Var(osz), Expr::Var(nv)),
                Expr::Var(osz),
                Expr::Var(nv),
            ),
        ));
        let csize = fold::const_value(&Expr::Var(nv), &self.vars);
        let limit = csize
            .map(|c| c as u64)
            .unwrap_or(es * HEAP_CAP_ELEMS)
            .min(es * 256);
        let mut k = 0;
        while k + es <= limit {
            let skip = self.b.new_label();
            let cond = Expr::bin(BinOp::Le, Expr::Const((k + es) as i128, pt), Expr::Var(m));
            self.b.branch_to(Expr::not(cond.clone()), skip);
            self.b.emit(Op::Assume(cond));
            let src = self.mem_lvalue(
                Expr::bin(BinOp::Add, Expr::Var(old), Expr::Const(k as i128, pt)),
                elem.clone(),
            );
            let v = self.read(&src, loc)?;
            let dst = LValue {
                place: Place::Mem {
                    addr: Expr::bin(BinOp::Add, Expr::Var(res), Expr::Const(k as i128, pt)),
                    packed: false,
                },
                ty: elem.clone(),
                bitfield: None,
            };
            self.write(&dst, v, loc)?;
            self.b.place(skip);
            k += es;
        }
        if csize.is_none() || csize.is_some_and(|c| c as u64 > limit) {
            // bytes beyond the copied elements (a partial element or past the limit)
            let cond = Expr::bin(BinOp::Le, Expr::Var(m), Expr::Const(k as i128, pt));
            let ok = self.b.new_label();
            self.b.branch_to(cond.clone(), ok);
            self.b.emit(Op::Assume(Expr::not(cond)));
            self.b.emit(Op::Unsupported(format!(
                "realloc copying more than {k} bytes or a partial element (not modelled)"
            )));
            self.b.place(ok);
        }
        self.frees += 1;
        self.b.emit_p(POp::Free(Free {
            addr: Expr::Var(old),
        }));
        self.b.place(done);
        Ok(Val::R(Expr::Var(res), vt))
    }
}
