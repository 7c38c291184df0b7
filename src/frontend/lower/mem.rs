//! The byte-wise memory built-ins `memcpy`, `memmove`, `memset` and `memcmp` (and their
//! `__builtin_` forms) when the program does not define them.
//!
//! Each is lowered to `unsigned char` reads and writes through its pointer arguments, so every
//! object they touch is byte-precise (see `bytes`) unless every access matches one of its
//! cells. A constant length is unrolled; any other length becomes a loop over the bytes (the
//! engines unwind it like a loop of the program). `memcpy` copies byte by byte from the lowest
//! address (overlapping arguments are undefined behaviour in C; this is one of their
//! behaviours); `memmove` reads every byte before writing when the length is constant and picks
//! the copy direction from the addresses otherwise.

use super::expr::{unsup, Val};
use super::lvalue::LValue;
use super::*;
use crate::frontend::ast::Expr as AExpr;
use crate::frontend::types::IntKind;
use crate::ir::{BinOp, Op};

/// Longest constant length that is unrolled (longer ones become loops).
const MAX_UNROLL: u64 = 256;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Copy,
    Move,
    Set,
    Cmp,
}

impl<'a> Lowerer<'a> {
    /// Lowers a call of a memory built-in; `None` when `name` is not one.
    pub fn mem_builtin(
        &mut self,
        name: &str,
        args: &'a [AExpr],
        loc: Loc,
    ) -> Result<Option<Val>, Diag> {
        let kind = match name.strip_prefix("__builtin_").unwrap_or(name) {
            "memcpy" => Kind::Copy,
            "memmove" => Kind::Move,
            "memset" => Kind::Set,
            "memcmp" => Kind::Cmp,
            _ => return Ok(None),
        };
        if args.len() != 3 {
            return Err(self.type_err(loc, format!("`{}` takes three arguments", name)));
        }
        let pt = self.ptr_type();
        let sz = CType::Int(self.size_t());
        let vp = CType::ptr_to(CType::Void);
        let mut ops = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let (x, t) = self.rv(a)?;
            let to = if i == 2 {
                sz.clone()
            } else if i == 1 && kind == Kind::Set {
                CType::Int(IntKind::UChar)
            } else {
                if !t.is_pointer() {
                    return Err(self.type_err(
                        a.loc,
                        format!("argument {} of `{}` must be a pointer", i + 1, name),
                    ));
                }
                vp.clone()
            };
            let x = self.convert(x, &t, &to, a.loc)?;
            ops.push(self.snapshot(x));
        }
        let (a, b, n) = (ops[0].clone(), ops[1].clone(), ops[2].clone());
        if self.scratch {
            return Ok(Some(match kind {
                Kind::Cmp => Val::R(self.int_const(0, IntKind::Int), CType::int()),
                _ => Val::R(a, vp),
            }));
        }
        let result = match fold::const_value(&n, &self.vars) {
            Some(n) if (n as u64) <= MAX_UNROLL => {
                self.mem_unrolled(kind, &a, &b, n as u64, loc)?
            }
            Some(_) | None => self.mem_loop(kind, &a, &b, &n, loc)?,
        };
        let _ = pt;
        Ok(Some(match kind {
            Kind::Cmp => Val::R(result.expect("memcmp result"), CType::int()),
            _ => Val::R(a, vp),
        }))
    }

    /// A non-constant expression in a fresh temporary (evaluated once, before any write).
    fn snapshot(&mut self, x: Expr) -> Expr {
        if matches!(x, Expr::Const(..)) {
            return x;
        }
        let t = self.temp(x.ty(&self.vars));
        self.b.emit(Op::Assign(t, x));
        Expr::Var(t)
    }

    /// The `unsigned char` at `p + i`.
    fn byte_at(&mut self, p: &Expr, i: Expr) -> LValue {
        let pt = self.ptr_type();
        let i = fold::cast(pt, i, &self.vars);
        let addr = fold::bin(BinOp::Add, p.clone(), i, &self.vars);
        self.mem_lvalue(addr, CType::Int(IntKind::UChar))
    }

    fn mem_unrolled(
        &mut self,
        kind: Kind,
        a: &Expr,
        b: &Expr,
        n: u64,
        loc: Loc,
    ) -> Result<Option<Expr>, Diag> {
        let pt = self.ptr_type();
        let u8t = Type::int(8, false);
        let it = IntKind::Int.ir(self.target);
        match kind {
            Kind::Copy => {
                for i in 0..n {
                    let src = self.byte_at(b, Expr::Const(i as i128, pt));
                    let x = self.read(&src, loc)?;
                    let dst = self.byte_at(a, Expr::Const(i as i128, pt));
                    self.write(&dst, x, loc)?;
                }
                Ok(None)
            }
            Kind::Move => {
                let mut vals = Vec::new();
                for i in 0..n {
                    let src = self.byte_at(b, Expr::Const(i as i128, pt));
                    let x = self.read(&src, loc)?;
                    let t = self.temp(u8t);
                    self.b.emit(Op::Assign(t, x));
                    vals.push(Expr::Var(t));
                }
                for (i, x) in vals.into_iter().enumerate() {
                    let dst = self.byte_at(a, Expr::Const(i as i128, pt));
                    self.write(&dst, x, loc)?;
                }
                Ok(None)
            }
            Kind::Set => {
                for i in 0..n {
                    let dst = self.byte_at(a, Expr::Const(i as i128, pt));
                    self.write(&dst, b.clone(), loc)?;
                }
                Ok(None)
            }
            Kind::Cmp => {
                // the first differing byte decides
                let mut pairs = Vec::new();
                for i in 0..n {
                    let l = self.byte_at(a, Expr::Const(i as i128, pt));
                    let x = self.read(&l, loc)?;
                    let r = self.byte_at(b, Expr::Const(i as i128, pt));
                    let y = self.read(&r, loc)?;
                    pairs.push((x, y));
                }
                let mut acc = Expr::Const(0, it);
                for (x, y) in pairs.into_iter().rev() {
                    let xi = fold::cast(it, x.clone(), &self.vars);
                    let yi = fold::cast(it, y.clone(), &self.vars);
                    let diff = fold::bin(BinOp::Sub, xi, yi, &self.vars);
                    let ne = fold::bin(BinOp::Ne, x, y, &self.vars);
                    acc = fold::ite(ne, diff, acc);
                }
                let t = self.temp(it);
                self.b.emit(Op::Assign(t, acc));
                Ok(Some(Expr::Var(t)))
            }
        }
    }

    /// A loop over the bytes for a length that is not a small constant.
    fn mem_loop(
        &mut self,
        kind: Kind,
        a: &Expr,
        b: &Expr,
        n: &Expr,
        loc: Loc,
    ) -> Result<Option<Expr>, Diag> {
        let st = n.ty(&self.vars);
        let it = IntKind::Int.ir(self.target);
        if kind == Kind::Move {
            // copy upwards when the destination is below the source, else downwards
            let down = self.b.new_label();
            let done = self.b.new_label();
            let below = Expr::bin(BinOp::Lt, a.clone(), b.clone());
            self.b.branch_to(fold::not(below.clone()), down);
            self.b.emit(Op::Assume(below.clone()));
            self.byte_loop(Kind::Copy, a, b, n, false, None, loc)?;
            self.b.jump(done);
            self.b.place(down);
            self.byte_loop(Kind::Copy, a, b, n, true, None, loc)?;
            self.b.place(done);
            let _ = st;
            return Ok(None);
        }
        let res = (kind == Kind::Cmp).then(|| {
            let r = self.temp(it);
            self.b.emit(Op::Assign(r, Expr::Const(0, it)));
            r
        });
        self.byte_loop(kind, a, b, n, false, res, loc)?;
        Ok(res.map(Expr::Var))
    }

    /// `for (i = 0; i < n [&& res == 0]; i++) body(i)` (or downwards from `n - 1`).
    #[allow(clippy::too_many_arguments)]
    fn byte_loop(
        &mut self,
        kind: Kind,
        a: &Expr,
        b: &Expr,
        n: &Expr,
        down: bool,
        res: Option<VarId>,
        loc: Loc,
    ) -> Result<(), Diag> {
        let st = n.ty(&self.vars);
        let it = IntKind::Int.ir(self.target);
        let i = self.temp(st);
        let one = Expr::Const(1, st);
        self.b.emit(Op::Assign(
            i,
            if down { n.clone() } else { Expr::Const(0, st) },
        ));
        let head = self.b.new_label();
        let exit = self.b.new_label();
        self.b.place_fresh(head);
        let mut go = if down {
            Expr::bin(BinOp::Gt, Expr::Var(i), Expr::Const(0, st))
        } else {
            Expr::bin(BinOp::Lt, Expr::Var(i), n.clone())
        };
        if let Some(r) = res {
            go = Expr::bin(
                BinOp::And,
                go,
                Expr::bin(BinOp::Eq, Expr::Var(r), Expr::Const(0, it)),
            );
        }
        self.b.branch_to(fold::not(go.clone()), exit);
        self.b.emit(Op::Assume(go));
        self.frame_mut().loop_depth += 1;
        let r = (|| {
            if down {
                self.b.emit(Op::Assign(
                    i,
                    Expr::bin(BinOp::Sub, Expr::Var(i), one.clone()),
                ));
            }
            let iv = Expr::Var(i);
            match kind {
                Kind::Copy | Kind::Move => {
                    let src = self.byte_at(b, iv.clone());
                    let x = self.read(&src, loc)?;
                    let dst = self.byte_at(a, iv.clone());
                    self.write(&dst, x, loc)?;
                }
                Kind::Set => {
                    let dst = self.byte_at(a, iv.clone());
                    self.write(&dst, b.clone(), loc)?;
                }
                Kind::Cmp => {
                    let l = self.byte_at(a, iv.clone());
                    let x = self.read(&l, loc)?;
                    let rr = self.byte_at(b, iv.clone());
                    let y = self.read(&rr, loc)?;
                    let xi = fold::cast(it, x, &self.vars);
                    let yi = fold::cast(it, y, &self.vars);
                    let r = res.expect("memcmp result variable");
                    self.b.emit(Op::Assign(r, Expr::bin(BinOp::Sub, xi, yi)));
                }
            }
            if !down {
                self.b.emit(Op::Assign(
                    i,
                    Expr::bin(BinOp::Add, Expr::Var(i), one.clone()),
                ));
            }
            Ok::<(), Diag>(())
        })();
        self.frame_mut().loop_depth -= 1;
        r?;
        self.b.jump(head);
        self.b.place(exit);
        if self.frame().func.is_none() {
            return Err(unsup(loc, "memory built-in outside a function"));
        }
        Ok(())
    }
}
