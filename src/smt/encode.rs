//! Encoding of IR expressions ([`crate::ir::Expr`]) into Yices terms.
//!
//! Three semantics ([`Semantics`]):
//! - `BitVector`: bit-precise C. Every `Int{bits}` is a bit-vector of that width, `Bool` is
//!   Boolean. Exact, nothing is approximated.
//! - `Integer` (`--int-math`): mathematical integers without wraparound. `+ - *`, casts are
//!   the mathematical operations (casts are the identity); the caller constrains nondet values
//!   with [`Encoder::range`].
//! - `WrappedInt`: integers with exact two's-complement wraparound where linear arithmetic
//!   can express it (see [`Semantics::WrappedInt`]).
//!
//! Choices for C's undefined behaviour (all three semantics agree):
//! - Division by zero follows the SMT-LIB bit-vector semantics: unsigned `x / 0` is the
//!   all-ones value (the type's max), signed `x / 0` is `-1` for `x >= 0` and `1` for
//!   `x < 0`; `x % 0 = x`. `INT_MIN / -1` wraps to `INT_MIN` (`Integer`: `-INT_MIN`).
//! - Shifts by an amount `>= width` (or negative, i.e. huge as unsigned) give 0 for `<<` and
//!   logical `>>`, and the sign fill (0 or -1) for arithmetic `>>`. Left shifts of negative
//!   values wrap like multiplication by 2^k.
//!
//! IEEE 754 operations ([`crate::ir::FloatOp`]) are bit-vector circuits (`smt::float`) in
//! `BitVector` and fresh values (an approximation) in the two integer semantics.
//!
//! Operations the integer semantics cannot encode exactly in linear arithmetic (`var * var`,
//! division/remainder/shift by a non-constant, bitwise and/or/xor of non-constants except a few
//! mask patterns, wraparound needing too many cases) become fresh unconstrained values (within
//! the type's range for `WrappedInt`) and set the [`Encoder::approximated`] flag: the encoding
//! is then an over-approximation (sound for proofs; a counterexample must be re-checked, e.g.
//! with `BitVector`).

use super::context::Model;
use super::term::{bool_sort, bv_sort, int_sort, Sort, Term};
use crate::ir::{BinOp, Expr, Type, UnOp, Var, VarId};
use std::cell::{Cell, RefCell};

/// How IR integer types are modelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Semantics {
    /// Bit-precise: each `Int{bits}` is a bit-vector of that width; exact C semantics.
    BitVector,
    /// Mathematical integers, no wraparound (the caller adds range facts for nondet values).
    Integer,
    /// Integers with exact two's-complement wraparound where expressible: results of `+ - neg`,
    /// `* const`, `<< const` and narrowing/sign-changing casts are wrapped with `ite` chains
    /// over the possible number of wraps (at most [`WRAP_CASES`] cases; beyond that the value
    /// is exact when no wrap happens (or at most one in either direction) and a fresh in-range
    /// value otherwise, with the approximation flag set). Division, remainder and `>>` by
    /// constants use Yices `div`/`mod` by constants (exact, C truncation via an `ite` on the
    /// dividend's sign).
    WrappedInt,
}

impl Semantics {
    /// The integer semantics this encoding is exact for: `Integer` encodes `--int-math`, the
    /// two others bit-precise C.
    pub fn int(self) -> crate::ir::semantics::IntSemantics {
        match self {
            Semantics::Integer => crate::ir::semantics::IntSemantics::MathInt,
            Semantics::BitVector | Semantics::WrappedInt => {
                crate::ir::semantics::IntSemantics::BitVector
            }
        }
    }
}

/// Maximal number of `ite` cases used to wrap one result exactly in `WrappedInt`.
pub const WRAP_CASES: i128 = 16;

/// Encodes IR expressions under one [`Semantics`].
pub struct Encoder {
    pub sem: Semantics,
    approximated: Cell<bool>,
    /// `Integer` only: division and remainder by a constant `c` become fresh quotient and
    /// remainder terms `q`, `r` with the linear side facts `x = |c|*q + r` and `r`'s range
    /// (sign of `x`, `|r| < |c|`), instead of Yices `div`/`mod` (whose interpolation stalls
    /// MCSAT: `reading % 8` in `overwrite_safe.c`). The facts are collected for the caller,
    /// which must conjoin them to the formula the term occurs in ([`Encoder::take_side`]).
    linear_divrem: bool,
    /// Some division or remainder was encoded with fresh quotient and remainder terms (see
    /// `linear_divrem`).
    divrem_introduced: Cell<bool>,
    side: RefCell<Vec<Term>>,
}

impl Encoder {
    pub fn new(sem: Semantics) -> Self {
        Encoder {
            sem,
            approximated: Cell::new(false),
            linear_divrem: false,
            divrem_introduced: Cell::new(false),
            side: RefCell::new(Vec::new()),
        }
    }

    /// An `Integer` encoder whose division and remainder by constants are linear with side
    /// facts (see the field `linear_divrem`): every term it encodes must be used together with
    /// the facts [`Encoder::take_side`] returns after encoding it.
    pub fn integer_linear_divrem() -> Self {
        Encoder {
            linear_divrem: true,
            ..Encoder::new(Semantics::Integer)
        }
    }

    /// True once this encoder has encoded a division or remainder as fresh quotient and
    /// remainder terms with side facts ([`Encoder::integer_linear_divrem`]).
    pub fn introduced_divrem(&self) -> bool {
        self.divrem_introduced.get()
    }

    /// The side facts of the terms encoded since the last call (empty unless
    /// [`Encoder::integer_linear_divrem`]).
    pub fn take_side(&self) -> Vec<Term> {
        std::mem::take(&mut *self.side.borrow_mut())
    }

    /// True once some encoding since the last [`Encoder::clear_approximated`] was an
    /// over-approximation.
    pub fn approximated(&self) -> bool {
        self.approximated.get()
    }

    pub fn clear_approximated(&self) {
        self.approximated.set(false);
    }

    /// The sort of values of an IR type.
    pub fn sort(&self, ty: Type) -> Sort {
        match (ty, self.sem) {
            (Type::Bool, _) => bool_sort(),
            (Type::Int { bits, .. }, Semantics::BitVector) => bv_sort(bits as u32),
            (Type::Int { .. }, _) => int_sort(),
        }
    }

    /// `min <= t <= max` of the type under the integer semantics; `true` for `BitVector` and
    /// for `Bool`.
    pub fn range(&self, t: Term, ty: Type) -> Term {
        match (ty, self.sem) {
            (Type::Int { .. }, Semantics::Integer | Semantics::WrappedInt) => {
                let lo = Term::int(ty.min_value());
                let hi = Term::int(ty.max_value());
                t.ge(lo).and2(t.le(hi))
            }
            _ => Term::tt(),
        }
    }

    /// The constant `v` of type `ty` (`v` should already be in range, see [`Type::wrap`]; in
    /// `BitVector` it is taken modulo 2^bits). Bool: `v != 0`.
    pub fn constant(&self, v: i128, ty: Type) -> Term {
        match (ty, self.sem) {
            (Type::Bool, _) => Term::bool(v != 0),
            (Type::Int { bits, .. }, Semantics::BitVector) => Term::bv(bits as u32, v),
            (Type::Int { .. }, _) => Term::int(v),
        }
    }

    /// The C value of `t` (of type `ty`) in a model: signed types read as signed, Bool as 0/1.
    pub fn decode(&self, m: &Model, t: Term, ty: Type) -> Option<i128> {
        if t.is_bool() {
            return m.bool_value(t).map(|b| b as i128);
        }
        match self.sem {
            Semantics::BitVector => m.bv_value(t, ty.is_signed()),
            _ => m.int_value(t),
        }
    }

    /// Encodes `e`; `lookup` gives the term of each variable read (e.g. its SSA version).
    pub fn expr(&self, e: &Expr, vars: &[Var], lookup: &mut dyn FnMut(VarId) -> Term) -> Term {
        match e {
            Expr::Const(v, ty) => self.constant(*v, *ty),
            Expr::Var(v) => lookup(*v),
            Expr::Unary(op, a) => {
                let ta = a.ty(vars);
                let x = self.expr(a, vars, lookup);
                self.unary(*op, x, ta)
            }
            Expr::Binary(op, a, b) => {
                let ta = a.ty(vars);
                let tb = b.ty(vars);
                let x = self.expr(a, vars, lookup);
                let y = self.expr(b, vars, lookup);
                self.binary(*op, x, ta, y, tb)
            }
            Expr::Cast(to, a) => {
                let from = a.ty(vars);
                let x = self.expr(a, vars, lookup);
                self.cast(x, from, *to)
            }
            Expr::Ite(c, a, b) => {
                let ta = a.ty(vars);
                let tb = b.ty(vars);
                let c = self.expr(c, vars, lookup);
                let c = self.as_bool(c);
                let x = self.expr(a, vars, lookup);
                let y = self.expr(b, vars, lookup);
                let y = self.coerce(y, tb, ta);
                let x = self.coerce(x, ta, ta);
                Term::ite(c, x, y)
            }
            Expr::Float(op, xs) => {
                if self.sem != Semantics::BitVector {
                    // the integer encodings cannot express IEEE 754 arithmetic
                    return self.fresh(op.result_ty());
                }
                let args: Vec<Term> = xs
                    .iter()
                    .map(|x| {
                        let t = x.ty(vars);
                        let v = self.expr(x, vars, lookup);
                        self.coerce(v, t, t)
                    })
                    .collect();
                super::float::encode(*op, &args)
            }
        }
    }

    // ------------------------------------------------------------------ helpers

    fn approx(&self) {
        self.approximated.set(true);
    }

    /// A fresh value of type `ty` (in range for `WrappedInt`), marking the approximation.
    fn fresh(&self, ty: Type) -> Term {
        self.approx();
        let v = Term::var("approx", self.sort(ty));
        match (ty, self.sem) {
            (Type::Int { .. }, Semantics::WrappedInt) => {
                // In range by construction (no side constraint needed): any in-range value is
                // possible since `v` is unconstrained.
                Term::ite(self.range(v, ty), v, Term::int(ty.min_value()))
            }
            _ => v,
        }
    }

    /// A Boolean view of a term (`!= 0` for a number).
    fn as_bool(&self, t: Term) -> Term {
        if t.is_bool() {
            t
        } else if t.is_bv() {
            t.neq(Term::bv(t.bv_width(), 0))
        } else {
            t.neq(Term::int(0))
        }
    }

    /// Converts `t` (encoded with type `from`) to a term of type `to`'s sort by C conversion;
    /// also repairs a term whose sort does not match its declared type.
    fn coerce(&self, t: Term, from: Type, to: Type) -> Term {
        let want = self.sort(to);
        if from == to && t.sort() == want {
            return t;
        }
        self.cast(t, from, to)
    }

    fn zero(&self, ty: Type) -> Term {
        self.constant(0, ty)
    }

    fn unary(&self, op: UnOp, x: Term, ty: Type) -> Term {
        match op {
            UnOp::Not => self.as_bool(x).not(),
            UnOp::Neg | UnOp::BitNot if ty == Type::Bool || x.is_bool() => {
                // Not produced by lowering (C promotes to int); keep it total.
                if op == UnOp::BitNot {
                    self.as_bool(x).not()
                } else {
                    self.as_bool(x)
                }
            }
            UnOp::Neg => match self.sem {
                Semantics::BitVector => x.bvneg(),
                _ => self.fit(x.neg(), -ty.max_value(), -ty.min_value(), ty),
            },
            UnOp::BitNot => match self.sem {
                Semantics::BitVector => x.bvnot(),
                _ => self.bitnot_int(x, ty),
            },
        }
    }

    /// `~x` on in-range integers: `-x-1` (signed) or `max-x` (unsigned); exact.
    fn bitnot_int(&self, x: Term, ty: Type) -> Term {
        if ty.is_signed() {
            x.neg().sub(Term::int(1))
        } else {
            Term::int(ty.max_value()).sub(x)
        }
    }

    fn binary(&self, op: BinOp, x: Term, tx: Type, y: Term, ty_: Type) -> Term {
        if op.is_logical() {
            let (a, b) = (self.as_bool(x), self.as_bool(y));
            return match op {
                BinOp::And => a.and2(b),
                _ => a.or2(b),
            };
        }
        if tx == Type::Bool || x.is_bool() {
            return self.binary_bool(op, self.as_bool(x), self.as_bool(y));
        }
        let shift = matches!(op, BinOp::Shl | BinOp::Shr);
        // Both operands of one type (IR invariant); repair a mismatch by C conversion, except
        // for shift amounts, which are handled by `shift_amount`.
        let y = if shift { y } else { self.coerce(y, ty_, tx) };
        match self.sem {
            Semantics::BitVector => self.binary_bv(op, x, tx, y, ty_),
            _ => self.binary_int(op, x, tx, y, ty_),
        }
    }

    /// Operations on Boolean operands (lowering promotes Booleans before arithmetic, so only
    /// comparisons and bitwise connectives are expected here).
    fn binary_bool(&self, op: BinOp, a: Term, b: Term) -> Term {
        match op {
            BinOp::Eq => a.iff(b),
            BinOp::Ne | BinOp::BitXor => a.xor2(b),
            BinOp::BitAnd | BinOp::And => a.and2(b),
            BinOp::BitOr | BinOp::Or => a.or2(b),
            // false < true
            BinOp::Lt => a.not().and2(b),
            BinOp::Le => a.implies(b),
            BinOp::Gt => a.and2(b.not()),
            BinOp::Ge => b.implies(a),
            _ => self.fresh(Type::Bool),
        }
    }

    fn binary_bv(&self, op: BinOp, x: Term, tx: Type, y: Term, ty_: Type) -> Term {
        let s = tx.is_signed();
        match op {
            BinOp::Add => x.bvadd(y),
            BinOp::Sub => x.bvsub(y),
            BinOp::Mul => x.bvmul(y),
            BinOp::Div if s => x.bvsdiv(y),
            BinOp::Div => x.bvudiv(y),
            BinOp::Rem if s => x.bvsrem(y),
            BinOp::Rem => x.bvurem(y),
            BinOp::Shl => x.bvshl(self.shift_amount(x, y, ty_)),
            BinOp::Shr if s => x.bvashr(self.shift_amount(x, y, ty_)),
            BinOp::Shr => x.bvlshr(self.shift_amount(x, y, ty_)),
            BinOp::BitAnd => x.bvand(y),
            BinOp::BitOr => x.bvor(y),
            BinOp::BitXor => x.bvxor(y),
            BinOp::Eq => x.eq(y),
            BinOp::Ne => x.neq(y),
            BinOp::Lt if s => x.bvslt(y),
            BinOp::Lt => x.bvult(y),
            BinOp::Le if s => x.bvsle(y),
            BinOp::Le => x.bvule(y),
            BinOp::Gt if s => x.bvsgt(y),
            BinOp::Gt => x.bvugt(y),
            BinOp::Ge if s => x.bvsge(y),
            BinOp::Ge => x.bvuge(y),
            BinOp::And | BinOp::Or => unreachable!("logical ops handled by binary"),
        }
    }

    /// The shift amount `y` (of type `ty_`) as a bit-vector of `x`'s width, preserving
    /// "amount >= width" (read as unsigned).
    fn shift_amount(&self, x: Term, y: Term, ty_: Type) -> Term {
        let w = x.bv_width();
        let y = if y.is_bool() {
            Term::ite(y, Term::bv(w, 1), Term::bv(w, 0))
        } else {
            y
        };
        let wy = y.bv_width();
        let _ = ty_;
        if wy == w {
            y
        } else if wy < w {
            y.zero_extend(w - wy)
        } else {
            let big = y.bvuge(Term::bv(wy, w as i128));
            Term::ite(big, Term::bv(w, w as i128), y.extract(w - 1, 0))
        }
    }

    /// Integer / wrapped-integer semantics of an arithmetic or comparison op on in-range
    /// operands of type `ty`.
    fn binary_int(&self, op: BinOp, x: Term, ty: Type, y: Term, ty_y: Type) -> Term {
        let (min, max) = (ty.min_value(), ty.max_value());
        let cx = x.int_const();
        let cy = y.int_const();
        match op {
            BinOp::Eq => x.eq(y),
            BinOp::Ne => x.neq(y),
            BinOp::Lt => x.lt(y),
            BinOp::Le => x.le(y),
            BinOp::Gt => x.gt(y),
            BinOp::Ge => x.ge(y),
            BinOp::Add => self.fit(x.add(y), 2 * min, 2 * max, ty),
            BinOp::Sub => self.fit(x.sub(y), min - max, max - min, ty),
            BinOp::Mul => match (cx, cy) {
                (Some(a), Some(b)) => match a.checked_mul(b) {
                    Some(p) => self.fit(Term::int(p), p, p, ty),
                    None => self.fresh(ty),
                },
                (Some(c), None) => self.mul_const(y, c, ty),
                (None, Some(c)) => self.mul_const(x, c, ty),
                (None, None) => self.fresh(ty),
            },
            BinOp::Div | BinOp::Rem => match cy {
                Some(c) => self.divrem_const(op == BinOp::Div, x, cx, c, ty),
                None => self.fresh(ty),
            },
            BinOp::Shl | BinOp::Shr => {
                let y = if y.is_bool() {
                    Term::ite(y, Term::int(1), Term::int(0))
                } else {
                    y
                };
                let Some(k) = y.int_const() else {
                    return self.fresh(ty);
                };
                // An amount is read as unsigned in its own type (a negative amount is huge).
                let k = if k < 0 {
                    match ty_y {
                        Type::Int { bits, .. } if bits < 127 => k + (1i128 << bits),
                        _ => i128::MAX,
                    }
                } else {
                    k
                };
                let bits = ty.bits() as i128;
                if op == BinOp::Shl {
                    if k >= bits {
                        Term::int(0)
                    } else {
                        self.mul_const(x, 1i128 << k, ty)
                    }
                } else if k >= bits {
                    if ty.is_signed() {
                        Term::ite(x.lt(Term::int(0)), Term::int(-1), Term::int(0))
                    } else {
                        Term::int(0)
                    }
                } else if k == 0 {
                    x
                } else if let Some(c) = cx {
                    Term::int(c >> k)
                } else {
                    // Floor division by 2^k is exactly an arithmetic right shift.
                    x.int_div_floor(Term::int(1i128 << k))
                }
            }
            BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => self.bitwise_int(op, x, cx, y, cy, ty),
            BinOp::And | BinOp::Or => unreachable!("logical ops handled by binary"),
        }
    }

    /// `c * x` on an in-range `x`, wrapped.
    fn mul_const(&self, x: Term, c: i128, ty: Type) -> Term {
        let (min, max) = (ty.min_value(), ty.max_value());
        match (c.checked_mul(min), c.checked_mul(max)) {
            (Some(a), Some(b)) => self.fit(x.mul(Term::int(c)), a.min(b), a.max(b), ty),
            _ => {
                let s = x.mul(Term::int(c));
                self.fit_guarded(s, ty)
            }
        }
    }

    /// C `/` or `%` by the constant `c`.
    fn divrem_const(&self, div: bool, x: Term, cx: Option<i128>, c: i128, ty: Type) -> Term {
        let signed = ty.is_signed();
        if c == 0 {
            // SMT-LIB bit-vector semantics (see the module doc).
            return if !div {
                x
            } else if signed {
                Term::ite(x.lt(Term::int(0)), Term::int(1), Term::int(-1))
            } else {
                Term::int(ty.max_value())
            };
        }
        if let Some(a) = cx {
            // Rust's i128 `/` and `%` truncate like C.
            let r = if div {
                a.checked_div(c)
            } else {
                a.checked_rem(c)
            };
            if let Some(r) = r {
                return self.fit(Term::int(r), r, r, ty);
            }
        }
        let m = c.unsigned_abs() as i128;
        if m == 1 {
            return if !div {
                Term::int(0)
            } else if c == 1 {
                x
            } else {
                self.fit(x.neg(), -ty.max_value(), -ty.min_value(), ty)
            };
        }
        let mt = Term::int(m);
        let nonneg = x.ge(Term::int(0));
        if self.linear_divrem && self.sem == Semantics::Integer {
            return self.divrem_linear(div, x, c, signed);
        }
        let pos_q = x.int_div_floor(mt);
        let neg_q = x.neg().int_div_floor(mt);
        if div {
            // trunc(x / c) = sign(x) * sign(c) * (|x| div |c|); no overflow for |c| >= 2.
            let (qp, qn) = if c > 0 {
                (pos_q, neg_q.neg())
            } else {
                (pos_q.neg(), neg_q)
            };
            if !signed {
                qp
            } else {
                Term::ite(nonneg, qp, qn)
            }
        } else {
            let rp = x.int_mod(mt);
            if !signed {
                rp
            } else {
                Term::ite(nonneg, rp, x.neg().int_mod(mt).neg())
            }
        }
    }

    /// `x / c` or `x % c` (`|c| >= 2`) as fresh `q`, `r` with `x = |c|*q + r`: C's truncation
    /// for signed types (`r` has the sign of `x`, `|r| < |c|`), the floor for unsigned ones
    /// (`0 <= r < |c|`, as [`Encoder::divrem_const`]'s `mod`); `x / c` is `q` for `c > 0` and
    /// `-q` otherwise. The facts go to `side`.
    fn divrem_linear(&self, div: bool, x: Term, c: i128, signed: bool) -> Term {
        let m = c.unsigned_abs() as i128;
        self.divrem_introduced.set(true);
        let q = Term::var("divq", int_sort());
        let r = Term::var("divr", int_sort());
        let zero = Term::int(0);
        let mut side = self.side.borrow_mut();
        side.push(x.eq(Term::int(m).mul(q).add(r)));
        let pos = r.ge(zero).and2(r.le(Term::int(m - 1)));
        if signed {
            let neg = r.le(zero).and2(r.ge(Term::int(1 - m)));
            side.push(Term::ite(x.ge(zero), pos, neg));
        } else {
            side.push(pos);
        }
        match (div, c > 0) {
            (false, _) => r,
            (true, true) => q,
            (true, false) => q.neg(),
        }
    }

    /// Bitwise and/or/xor in the integer semantics: exact for constants and mask patterns.
    fn bitwise_int(
        &self,
        op: BinOp,
        x: Term,
        cx: Option<i128>,
        y: Term,
        cy: Option<i128>,
        ty: Type,
    ) -> Term {
        if let (Some(a), Some(b)) = (cx, cy) {
            // Two's-complement i128 bit operations on in-range values are exact.
            let r = match op {
                BinOp::BitAnd => a & b,
                BinOp::BitOr => a | b,
                _ => a ^ b,
            };
            let r = ty.wrap(r);
            return Term::int(r);
        }
        let (x, c) = match (cx, cy) {
            (None, Some(c)) => (x, c),
            (Some(c), None) => (y, c),
            _ => return self.fresh(ty),
        };
        let all = if ty.is_signed() { -1 } else { ty.max_value() };
        let bits = ty.bits() as u32;
        match op {
            BinOp::BitAnd if c == 0 => Term::int(0),
            BinOp::BitAnd if c == all => x,
            BinOp::BitOr if c == 0 => x,
            BinOp::BitOr if c == all => Term::int(all),
            BinOp::BitXor if c == 0 => x,
            BinOp::BitXor if c == all => self.bitnot_int(x, ty),
            BinOp::BitAnd if c > 0 && (c & (c + 1)) == 0 => {
                // x & (2^k - 1) = x mod 2^k, also for negative x (two's complement).
                x.int_mod(Term::int(c + 1))
            }
            BinOp::BitAnd if bits < 127 && low_zeros_mask(c, ty).is_some() => {
                // x & ~(2^k - 1) clears the k low bits: x - (x mod 2^k).
                let k = low_zeros_mask(c, ty).unwrap_or(0);
                x.sub(x.int_mod(Term::int(1i128 << k)))
            }
            _ => self.fresh(ty),
        }
    }

    /// C conversion of `x` from type `from` to type `to`.
    fn cast(&self, x: Term, from: Type, to: Type) -> Term {
        if to == Type::Bool {
            return self.as_bool(x);
        }
        if x.is_bool() {
            // Bool → Int is 0/1 (also repairs a Boolean term declared as an integer).
            return Term::ite(x, self.constant(1, to), self.zero(to));
        }
        let (
            Type::Int {
                bits: fb,
                signed: fs,
            },
            Type::Int { bits: tb, .. },
        ) = (from, to)
        else {
            // `from` says Bool but the term is a number: C conversion through `!= 0`.
            return Term::ite(self.as_bool(x), self.constant(1, to), self.zero(to));
        };
        match self.sem {
            Semantics::BitVector => {
                // The term's own width wins over the declared one (repair).
                let fb = if x.is_bv() { x.bv_width() } else { fb as u32 };
                let tb = tb as u32;
                if tb == fb {
                    x
                } else if tb < fb {
                    x.extract(tb - 1, 0)
                } else if fs {
                    x.sign_extend(tb - fb)
                } else {
                    x.zero_extend(tb - fb)
                }
            }
            Semantics::Integer => x,
            Semantics::WrappedInt => self.fit(x, from.min_value(), from.max_value(), to),
        }
    }

    /// Wraps `s`, whose value is known to lie in `[lo, hi]`, into `ty` (WrappedInt only;
    /// identity for Integer).
    fn fit(&self, s: Term, lo: i128, hi: i128, ty: Type) -> Term {
        if self.sem != Semantics::WrappedInt {
            return s;
        }
        if let Some(c) = s.int_const() {
            return Term::int(ty.wrap(c));
        }
        let (min, max) = (ty.min_value(), ty.max_value());
        if lo >= min && hi <= max {
            return s;
        }
        let bits = ty.bits() as u32;
        if bits >= 126 {
            return self.fit_guarded(s, ty);
        }
        let m = 1i128 << bits;
        let (Some(dl), Some(dh)) = (lo.checked_sub(min), hi.checked_sub(min)) else {
            return self.fit_guarded(s, ty);
        };
        let kmin = dl.div_euclid(m);
        let kmax = dh.div_euclid(m);
        if kmax - kmin + 1 > WRAP_CASES {
            return self.fit_guarded(s, ty);
        }
        // s - k*M for the k with min + k*M <= s <= max + k*M.
        let mut acc = s.sub(Term::int(kmax * m));
        for k in (kmin..kmax).rev() {
            let below = s.lt(Term::int(min + (k + 1) * m));
            acc = Term::ite(below, s.sub(Term::int(k * m)), acc);
        }
        acc
    }

    /// Wrapping without a usable bound on `s`: exact when `s` is within one wrap of the range
    /// (k in {-1, 0, 1}), a fresh in-range value otherwise (approximation).
    fn fit_guarded(&self, s: Term, ty: Type) -> Term {
        let (min, max) = (ty.min_value(), ty.max_value());
        let bits = ty.bits() as u32;
        let mut acc = self.fresh(ty);
        if bits < 125 {
            let m = 1i128 << bits;
            for k in [1i128, -1] {
                let inr = s
                    .ge(Term::int(min + k * m))
                    .and2(s.le(Term::int(max + k * m)));
                acc = Term::ite(inr, s.sub(Term::int(k * m)), acc);
            }
        }
        Term::ite(s.ge(Term::int(min)).and2(s.le(Term::int(max))), s, acc)
    }
}

/// For a constant `c` of type `ty` whose bit pattern is ones above k zero low bits
/// (`~(2^k - 1)` in the type), returns k (1 <= k < bits).
fn low_zeros_mask(c: i128, ty: Type) -> Option<u32> {
    let bits = ty.bits() as u32;
    if bits >= 127 {
        return None;
    }
    let m = 1i128 << bits;
    let u = c.rem_euclid(m); // the bit pattern
    let low = u & u.wrapping_neg(); // lowest set bit
    if u == 0 || low == 1 {
        return None;
    }
    let k = low.trailing_zeros();
    // Ones from bit k to bits-1?
    let ones = (m - 1) & !((1i128 << k) - 1);
    (u == ones).then_some(k)
}
