//! IEEE 754 binary32/binary64 operators ([`FloatOp`]) as bit-vector circuits over Yices terms,
//! the way CBMC builds them: a floating value is the bit-vector of its width; each operation
//! unpacks its operands (sign, exponent, significand with the hidden bit, NaN/infinity/zero
//! flags), computes an exact or sticky-bit-extended result as an integer times a power of two,
//! and [`round`] normalises it and rounds to nearest, ties to even (subnormals, overflow to
//! infinity). Special values and NaN payloads follow `ir::semantics::float` (x86-64 SSE), which
//! the unit tests compare against for random and special operands.

use super::term::Term;
use crate::ir::{FloatFmt, FloatOp, Type};

/// Width of the signed exponent arithmetic (enough for products of subnormals and the shift
/// amounts of rounding).
const XW: u32 = 20;

fn ebv(v: i64) -> Term {
    Term::bv(XW, v as i128)
}

fn bit(t: Term, i: u32) -> Term {
    t.extract(i, i).eq(Term::bv(1, 1))
}

fn bias(f: FloatFmt) -> i64 {
    (1i64 << (f.exp_bits() - 1)) - 1
}

/// The fields of an operand.
struct Unpacked {
    sign: Term,
    nan: Term,
    inf: Term,
    zero: Term,
    /// Significand with the hidden bit (`precision` bits).
    m: Term,
    /// Exponent of the significand's least significant bit (signed, `XW` bits): the value is
    /// `m * 2^e`.
    e: Term,
}

fn unpack(f: FloatFmt, x: Term) -> Unpacked {
    let n = f.bits() as u32;
    let p = f.precision();
    let eb = f.exp_bits();
    let bexp = x.extract(n - 2, p - 1);
    let frac = x.extract(p - 2, 0);
    let all1 = bexp.eq(Term::bv(eb, (1i128 << eb) - 1));
    let exp0 = bexp.eq(Term::bv(eb, 0));
    let frac0 = frac.eq(Term::bv(p - 1, 0));
    let hidden = Term::ite(exp0, Term::bv(1, 0), Term::bv(1, 1));
    let e = Term::ite(exp0, ebv(1), bexp.zero_extend(XW - eb)).bvsub(ebv(bias(f) + p as i64 - 1));
    Unpacked {
        sign: bit(x, n - 1),
        nan: all1.and2(frac0.not()),
        inf: all1.and2(frac0),
        zero: exp0.and2(frac0),
        m: hidden.bvconcat(frac),
        e,
    }
}

fn sign_mask(f: FloatFmt) -> i128 {
    1i128 << (f.bits() - 1)
}

/// `±0` or `±inf` of the format with the Boolean sign `s`.
fn signed_const(f: FloatFmt, s: Term, magnitude: i128) -> Term {
    let n = f.bits() as u32;
    Term::ite(
        s,
        Term::bv(n, sign_mask(f) | magnitude),
        Term::bv(n, magnitude),
    )
}

fn zero_of(f: FloatFmt, s: Term) -> Term {
    signed_const(f, s, 0)
}

fn inf_of(f: FloatFmt, s: Term) -> Term {
    let inf = ((1i128 << f.exp_bits()) - 1) << (f.precision() - 1);
    signed_const(f, s, inf)
}

fn quiet(f: FloatFmt, x: Term) -> Term {
    x.bvor(Term::bv(f.bits() as u32, 1i128 << (f.precision() - 2)))
}

fn default_nan(f: FloatFmt) -> Term {
    Term::bv(f.bits() as u32, crate::ir::semantics::float::default_nan(f))
}

/// The NaN result of a binary operation on `x` and `y` (first NaN operand quieted, else the
/// default NaN).
fn nan_result(f: FloatFmt, x: Term, ux: &Unpacked, y: Term, uy: &Unpacked) -> Term {
    Term::ite(
        ux.nan,
        quiet(f, x),
        Term::ite(uy.nan, quiet(f, y), default_nan(f)),
    )
}

/// `m` shifted left until its top bit is set, with the shift amount (`XW` bits); `m == 0`
/// gives garbage (callers handle zero).
fn normalize(m: Term) -> (Term, Term) {
    let w = m.bv_width();
    let mut k = w.next_power_of_two() / 2;
    let mut m = m;
    let mut lz = ebv(0);
    while k >= 1 {
        if k < w {
            let top0 = m.extract(w - 1, w - k).eq(Term::bv(k, 0));
            m = Term::ite(top0, m.bvshl(Term::bv(w, k as i128)), m);
            lz = Term::ite(top0, lz.bvadd(ebv(k as i64)), lz);
        }
        k /= 2;
    }
    (m, lz)
}

/// `(-1)^sign * m * 2^e` rounded to the format (nearest, ties to even), for `m != 0`. A
/// sticky bit of an inexact `m` must sit at least two positions below the rounding position
/// (callers append it as the lowest bit of a result with at least `precision + 3` bits).
fn round(f: FloatFmt, sign: Term, m: Term, e: Term) -> Term {
    let p = f.precision();
    let eb = f.exp_bits();
    let (m, e) = if m.bv_width() < p + 3 {
        (m.zero_extend(p + 3 - m.bv_width()), e)
    } else {
        (m, e)
    };
    let w = m.bv_width();
    let (m, lz) = normalize(m);
    let e = e.bvsub(lz);
    let emin = 1 - bias(f);
    let elead = e.bvadd(ebv(w as i64 - 1));
    let eres = Term::ite(elead.bvslt(ebv(emin)), ebv(emin), elead);
    // right shift that keeps `p` bits ending at weight 2^(eres - p + 1)
    let s = eres.bvsub(ebv(p as i64 - 1)).bvsub(e);
    let cap = ebv(w as i64 + 1);
    let s = Term::ite(s.bvsgt(cap), cap, s);
    let s = if w >= XW {
        s.zero_extend(w - XW)
    } else {
        s.extract(w - 1, 0)
    };
    let one = Term::bv(w, 1);
    let s1 = s.bvsub(one);
    let q = m.bvlshr(s);
    let rbit = m.bvlshr(s1).bvand(one).eq(one);
    let below = one.bvshl(s1).bvsub(one);
    let sticky = m.bvand(below).neq(Term::bv(w, 0));
    let lsb = q.bvand(one).eq(one);
    let inc = rbit.and2(sticky.or2(lsb));
    let q = q.extract(p, 0);
    let q = q.bvadd(Term::ite(inc, Term::bv(p + 1, 1), Term::bv(p + 1, 0)));
    let carry = bit(q, p);
    let q = Term::ite(carry, q.bvlshr(Term::bv(p + 1, 1)), q);
    let eres = Term::ite(carry, eres.bvadd(ebv(1)), eres);
    let normal = bit(q, p - 1);
    let overflow = normal.and2(eres.bvsgt(ebv(bias(f))));
    let biased = Term::ite(
        normal,
        eres.bvadd(ebv(bias(f))).extract(eb - 1, 0),
        Term::bv(eb, 0),
    );
    let sbit = Term::ite(sign, Term::bv(1, 1), Term::bv(1, 0));
    let packed = sbit.bvconcat(biased).bvconcat(q.extract(p - 2, 0));
    Term::ite(overflow, inf_of(f, sign), packed)
}

fn add(f: FloatFmt, x: Term, y: Term, negate_y: bool) -> Term {
    let n = f.bits() as u32;
    let p = f.precision();
    let ux = unpack(f, x);
    let uy = unpack(f, y);
    let sy = if negate_y { uy.sign.not() } else { uy.sign };
    let abs = Term::bv(n, (1i128 << (n - 1)) - 1);
    let x_big = x.bvand(abs).bvuge(y.bvand(abs));
    let (mb, eb_, sbig) = (
        Term::ite(x_big, ux.m, uy.m),
        Term::ite(x_big, ux.e, uy.e),
        Term::ite(x_big, ux.sign, sy),
    );
    let (ms, es, ssmall) = (
        Term::ite(x_big, uy.m, ux.m),
        Term::ite(x_big, uy.e, ux.e),
        Term::ite(x_big, sy, ux.sign),
    );
    let sub = sbig.xor2(ssmall);
    // significands with 5 zero bits below and a carry bit above; the smaller one shifted
    // right by the exponent difference, the bits it loses collected in a sticky bit appended
    // below both
    let w1 = p + 6;
    let a = mb.zero_extend(6).bvshl(Term::bv(w1, 5));
    let bfull = ms.zero_extend(6).bvshl(Term::bv(w1, 5));
    let d = eb_.bvsub(es);
    let d = Term::ite(d.bvsgt(ebv(w1 as i64)), ebv(w1 as i64), d);
    let d = if w1 >= XW {
        d.zero_extend(w1 - XW)
    } else {
        d.extract(w1 - 1, 0)
    };
    let bs = bfull.bvlshr(d);
    let lost = bfull.bvand(Term::bv(w1, 1).bvshl(d).bvsub(Term::bv(w1, 1)));
    let stk = Term::ite(lost.neq(Term::bv(w1, 0)), Term::bv(1, 1), Term::bv(1, 0));
    let a2 = a.bvconcat(Term::bv(1, 0));
    let b2 = bs.bvconcat(stk);
    let r = Term::ite(sub, a2.bvsub(b2), a2.bvadd(b2));
    let e = eb_.bvsub(ebv(6));
    let finite = Term::ite(
        r.eq(Term::bv(w1 + 1, 0)),
        zero_of(f, ux.sign.and2(sy)),
        round(f, sbig, r, e),
    );
    let invalid = ux.inf.and2(uy.inf).and2(ux.sign.xor2(sy));
    Term::ite(
        ux.nan.or2(uy.nan).or2(invalid),
        nan_result(f, x, &ux, y, &uy),
        Term::ite(ux.inf, x, Term::ite(uy.inf, inf_of(f, sy), finite)),
    )
}

fn mul(f: FloatFmt, x: Term, y: Term) -> Term {
    let p = f.precision();
    let ux = unpack(f, x);
    let uy = unpack(f, y);
    let s = ux.sign.xor2(uy.sign);
    let invalid = ux.inf.and2(uy.zero).or2(ux.zero.and2(uy.inf));
    let m = ux.m.zero_extend(p).bvmul(uy.m.zero_extend(p));
    let e = ux.e.bvadd(uy.e);
    Term::ite(
        ux.nan.or2(uy.nan).or2(invalid),
        nan_result(f, x, &ux, y, &uy),
        Term::ite(
            ux.inf.or2(uy.inf),
            inf_of(f, s),
            Term::ite(ux.zero.or2(uy.zero), zero_of(f, s), round(f, s, m, e)),
        ),
    )
}

fn div(f: FloatFmt, x: Term, y: Term) -> Term {
    let p = f.precision();
    let ux = unpack(f, x);
    let uy = unpack(f, y);
    let s = ux.sign.xor2(uy.sign);
    let invalid = ux.zero.and2(uy.zero).or2(ux.inf.and2(uy.inf));
    let (na, lza) = normalize(ux.m);
    let (nb, lzb) = normalize(uy.m);
    let wd = 2 * p + 3;
    let num = na.zero_extend(p + 3).bvshl(Term::bv(wd, (p + 3) as i128));
    let den = nb.zero_extend(p + 3);
    let q = num.bvudiv(den);
    let rem = num.bvurem(den);
    let stk = Term::ite(rem.neq(Term::bv(wd, 0)), Term::bv(1, 1), Term::bv(1, 0));
    let m = q.bvconcat(stk);
    let e =
        ux.e.bvsub(lza)
            .bvsub(uy.e.bvsub(lzb))
            .bvsub(ebv(p as i64 + 4));
    Term::ite(
        ux.nan.or2(uy.nan).or2(invalid),
        nan_result(f, x, &ux, y, &uy),
        Term::ite(
            ux.inf.or2(uy.zero),
            inf_of(f, s),
            Term::ite(ux.zero.or2(uy.inf), zero_of(f, s), round(f, s, m, e)),
        ),
    )
}

/// The square root, correctly rounded: the significand normalised, the exponent made even,
/// and the integer root of the significand scaled by `2^(2k)` (a root of at least
/// `precision + 2` bits) computed digit by digit (restoring), with a sticky bit for a
/// non-zero remainder, then rounded. A NaN is quieted; `±0` and `+inf` stay; any other negative
/// operand gives the default NaN.
fn sqrt(f: FloatFmt, x: Term) -> Term {
    let p = f.precision();
    let ux = unpack(f, x);
    let (nm, lz) = normalize(ux.m);
    let e = ux.e.bvsub(lz);
    let odd = bit(e, 0);
    let nm = nm.zero_extend(1);
    let m2 = Term::ite(odd, nm.bvshl(Term::bv(p + 1, 1)), nm);
    let e2 = Term::ite(odd, e.bvsub(ebv(1)), e);
    let k = (p + 4) / 2;
    let w = p + 1 + 2 * k + ((p + 1) % 2);
    let r = m2
        .zero_extend(w - (p + 1))
        .bvshl(Term::bv(w, 2 * k as i128));
    let rw = w / 2 + 2;
    let mut root = Term::bv(rw, 0);
    let mut rem = Term::bv(rw, 0);
    for i in (0..w / 2).rev() {
        let pair = r.extract(2 * i + 1, 2 * i).zero_extend(rw - 2);
        let cur = rem.bvshl(Term::bv(rw, 2)).bvor(pair);
        let trial = root.bvshl(Term::bv(rw, 2)).bvor(Term::bv(rw, 1));
        let fits = cur.bvuge(trial);
        rem = Term::ite(fits, cur.bvsub(trial), cur);
        let shifted = root.bvshl(Term::bv(rw, 1));
        root = Term::ite(fits, shifted.bvor(Term::bv(rw, 1)), shifted);
    }
    let stk = Term::ite(rem.neq(Term::bv(rw, 0)), Term::bv(1, 1), Term::bv(1, 0));
    let m = root.extract(w / 2 - 1, 0).bvconcat(stk);
    // sqrt(r * 2^(e2 - 2k)) = root * 2^((e2 - 2k) / 2), one more bit for the sticky
    let ex = e2.bvsub(ebv(2 * k as i64)).bvashr(ebv(1)).bvsub(ebv(1));
    Term::ite(
        ux.nan,
        quiet(f, x),
        Term::ite(
            ux.zero,
            x,
            Term::ite(
                ux.sign,
                default_nan(f),
                Term::ite(ux.inf, x, round(f, Term::ff(), m, ex)),
            ),
        ),
    )
}

/// `x < y` (or `<=` with `or_equal`), false when either is NaN.
fn less(f: FloatFmt, x: Term, y: Term, or_equal: bool) -> Term {
    let n = f.bits() as u32;
    let ux = unpack(f, x);
    let uy = unpack(f, y);
    let abs = Term::bv(n, (1i128 << (n - 1)) - 1);
    let (ax, ay) = (x.bvand(abs), y.bvand(abs));
    let both_zero = ux.zero.and2(uy.zero);
    let lt = Term::or(&[
        ux.sign.and2(uy.sign.not()).and2(both_zero.not()),
        ux.sign.not().and2(uy.sign.not()).and2(ax.bvult(ay)),
        ux.sign.and2(uy.sign).and2(ax.bvugt(ay)),
    ]);
    let r = if or_equal { lt.or2(equal(f, x, y)) } else { lt };
    r.and2(ux.nan.not()).and2(uy.nan.not())
}

fn equal(f: FloatFmt, x: Term, y: Term) -> Term {
    let ux = unpack(f, x);
    let uy = unpack(f, y);
    x.eq(y).and2(ux.nan.not()).or2(ux.zero.and2(uy.zero))
}

fn convert(a: FloatFmt, b: FloatFmt, x: Term) -> Term {
    let ux = unpack(a, x);
    let (pa, pb) = (a.precision(), b.precision());
    let frac = x.extract(pa - 2, 0);
    let frac = if pb >= pa {
        frac.zero_extend(pb - pa)
            .bvshl(Term::bv(pb - 1, (pb - pa) as i128))
    } else {
        frac.extract(pa - 2, pa - pb)
    };
    let eb = b.exp_bits();
    let sbit = x.extract(a.bits() as u32 - 1, a.bits() as u32 - 1);
    let nan = quiet(
        b,
        sbit.bvconcat(Term::bv(eb, (1i128 << eb) - 1))
            .bvconcat(frac),
    );
    Term::ite(
        ux.nan,
        nan,
        Term::ite(
            ux.inf,
            inf_of(b, ux.sign),
            Term::ite(ux.zero, zero_of(b, ux.sign), round(b, ux.sign, ux.m, ux.e)),
        ),
    )
}

fn from_int(t: Type, f: FloatFmt, x: Term) -> Term {
    if t == Type::Bool || x.is_bool() {
        let x = if x.is_bool() {
            x
        } else {
            x.neq(Term::bv(x.bv_width(), 0))
        };
        let one = crate::ir::semantics::float::from_f64(f, 1.0);
        return Term::ite(
            x,
            Term::bv(f.bits() as u32, one),
            Term::bv(f.bits() as u32, 0),
        );
    }
    let w = x.bv_width();
    let (neg, mag) = if t.is_signed() {
        let neg = x.bvslt(Term::bv(w, 0));
        let wide = x.sign_extend(1);
        (neg, Term::ite(neg, wide.bvneg(), wide))
    } else {
        (Term::ff(), x.zero_extend(1))
    };
    Term::ite(
        mag.eq(Term::bv(w + 1, 0)),
        Term::bv(f.bits() as u32, 0),
        round(f, neg, mag, ebv(0)),
    )
}

/// (in range, truncated value) of `x` as an integer of type `t` (at most 64 bits; `Bool` is
/// `x != 0`).
fn to_int(f: FloatFmt, t: Type, x: Term) -> (Term, Term) {
    let ux = unpack(f, x);
    if t == Type::Bool {
        return (Term::tt(), ux.zero.not());
    }
    let tb = t.bits() as u32;
    assert!(
        tb <= 64,
        "float to {tb}-bit integer conversions are rejected by the lowering"
    );
    let p = f.precision();
    let wt = tb + p + 2;
    let m = ux.m.zero_extend(wt - p);
    let e = ux.e;
    let too_big = e.bvsgt(ebv(tb as i64));
    let e_pos = e.bvsge(ebv(0));
    let to_w = |v: Term| {
        if wt >= XW {
            v.zero_extend(wt - XW)
        } else {
            v.extract(wt - 1, 0)
        }
    };
    let left = m.bvshl(to_w(Term::ite(
        too_big,
        ebv(0),
        Term::ite(e_pos, e, ebv(0)),
    )));
    let neg_e = ebv(0).bvsub(e);
    let rshift = Term::ite(neg_e.bvsgt(ebv(p as i64)), ebv(p as i64), neg_e);
    let right = m.bvlshr(to_w(Term::ite(e_pos, ebv(0), rshift)));
    let mag = Term::ite(e_pos, left, right);
    let c = |v: i128| Term::bv(wt, v);
    let ok = if t.is_signed() {
        Term::ite(
            ux.sign,
            mag.bvule(c(1i128 << (tb - 1))),
            mag.bvule(c((1i128 << (tb - 1)) - 1)),
        )
    } else {
        Term::ite(ux.sign, mag.eq(c(0)), mag.bvule(c((1i128 << tb) - 1)))
    };
    let ok = ok.and2(too_big.not()).and2(ux.nan.not()).and2(ux.inf.not());
    let v = Term::ite(ux.sign, mag.bvneg(), mag).extract(tb - 1, 0);
    (ok, Term::ite(ok, v, Term::bv(tb, 0)))
}

/// The circuit of `op` over bit-vector operands (`args`, as many as the operator's arity):
/// a bit-vector of the result's width, or a Boolean.
pub fn encode(op: FloatOp, args: &[Term]) -> Term {
    let x = args[0];
    let y = args.get(1).copied().unwrap_or(x);
    match op {
        FloatOp::Add(f) => add(f, x, y, false),
        FloatOp::Sub(f) => add(f, x, y, true),
        FloatOp::Mul(f) => mul(f, x, y),
        FloatOp::Div(f) => div(f, x, y),
        FloatOp::Neg(f) => x.bvxor(Term::bv(f.bits() as u32, sign_mask(f))),
        FloatOp::Abs(f) => x.bvand(Term::bv(f.bits() as u32, sign_mask(f) - 1)),
        FloatOp::Sqrt(f) => sqrt(f, x),
        FloatOp::Eq(f) => equal(f, x, y),
        FloatOp::Lt(f) => less(f, x, y, false),
        FloatOp::Le(f) => less(f, x, y, true),
        FloatOp::IsNan(f) => unpack(f, x).nan,
        FloatOp::IsInf(f) => unpack(f, x).inf,
        FloatOp::Convert(a, b) => convert(a, b, x),
        FloatOp::FromInt(t, f) => from_int(t, f, x),
        FloatOp::ToInt(f, t) => to_int(f, t, x).1,
        FloatOp::ToIntOk(f, t) => to_int(f, t, x).0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::semantics::float::eval;
    use crate::smt::{Context, SatResult};

    /// The circuit on constant operands agrees with the concrete semantics: the solver finds
    /// `circuit(a, b) != native(a, b)` unsatisfiable (the terms are constants after
    /// simplification in most cases; the context decides the rest).
    fn agrees(op: FloatOp, args: &[i128], arg_tys: &[Type]) -> bool {
        let expect = eval(op, args);
        let ts: Vec<Term> = args
            .iter()
            .zip(arg_tys)
            .map(|(v, t)| {
                if *t == Type::Bool {
                    Term::bool(*v != 0)
                } else {
                    Term::bv(t.bits() as u32, *v)
                }
            })
            .collect();
        let r = encode(op, &ts);
        let want = if r.is_bool() {
            Term::bool(expect != 0)
        } else {
            Term::bv(r.bv_width(), expect)
        };
        let mut ctx = Context::new();
        ctx.assert(r.neq(want));
        let res = ctx.check();
        if res != SatResult::Unsat {
            eprintln!("{op:?} {args:x?}: expected {expect:x}");
        }
        res == SatResult::Unsat
    }

    /// A small deterministic generator (xorshift).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    fn specials(f: FloatFmt) -> Vec<i128> {
        let v: Vec<f64> = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            1.5,
            2.5,
            3.0,
            0.1,
            -7.25,
            1e-310,
            -4.9e-324,
            2.2250738585072014e-308,
            1.401298464324817e-45,
            1.1754943508222875e-38,
            3.4028234663852886e38,
            1.7976931348623157e308,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            1e20,
            -16777217.0,
            4294967296.0,
            -2147483648.0,
            9.223_372_036_854_776e18,
        ];
        let mut out: Vec<i128> = v
            .iter()
            .map(|x| crate::ir::semantics::float::from_f64(f, *x))
            .collect();
        out.push(if f == FloatFmt::F32 {
            0x7F80_0001
        } else {
            0x7FF0_0000_0000_0001
        });
        // the smallest subnormal
        out.push(1);
        out
    }

    fn random_value(f: FloatFmt, r: &mut Rng) -> i128 {
        let bits = r.next() as i128 & ((1i128 << f.bits()) - 1);
        let exp_mask = ((1i128 << f.exp_bits()) - 1) << (f.precision() - 1);
        match r.next() % 4 {
            // subnormals, and exponents near the top
            0 => bits & !exp_mask,
            1 => bits | (exp_mask & !(1i128 << (f.precision() - 1))),
            _ => bits,
        }
    }

    #[test]
    fn arithmetic_circuits_agree_with_native_floats() {
        for f in [FloatFmt::F32, FloatFmt::F64] {
            let ops = [
                FloatOp::Add(f),
                FloatOp::Sub(f),
                FloatOp::Mul(f),
                FloatOp::Div(f),
            ];
            let sp = specials(f);
            let mut r = Rng(0x9E37_79B9_7F4A_7C15 ^ f.bits() as u64);
            let mut pairs = Vec::new();
            for &a in &sp {
                for &b in &sp {
                    if r.next().is_multiple_of(3) {
                        pairs.push((a, b));
                    }
                }
            }
            for _ in 0..150 {
                pairs.push((random_value(f, &mut r), random_value(f, &mut r)));
            }
            // close magnitudes (cancellation)
            for _ in 0..60 {
                let a = random_value(f, &mut r);
                let b = a ^ ((r.next() & 0xFF) as i128);
                pairs.push((a, b ^ (1i128 << (f.bits() - 1))));
            }
            let t = f.ty();
            for (a, b) in pairs {
                for op in ops {
                    assert!(agrees(op, &[a, b], &[t, t]), "{op:?} {a:x} {b:x}");
                }
            }
        }
    }

    #[test]
    fn square_root_circuit_is_correctly_rounded() {
        for f in [FloatFmt::F32, FloatFmt::F64] {
            let t = f.ty();
            let mut r = Rng(0x5157 + f.bits() as u64);
            let mut vals = specials(f);
            // exact squares, their neighbours (the root's rounding is closest to a tie just
            // beside them), random positive values and subnormals
            for _ in 0..40 {
                let a = random_value(f, &mut r) & ((1i128 << (f.bits() - 2)) - 1);
                let a = a | (1i128 << (f.bits() - 3)); // moderate exponents: squares stay finite
                let sq = eval_sq(f, a);
                vals.extend([sq, sq + 1, sq - 1]);
                vals.push(random_value(f, &mut r) & ((1i128 << (f.bits() - 1)) - 1));
                vals.push(r.next() as i128 & ((1i128 << (f.precision() - 1)) - 1));
            }
            for a in vals {
                assert!(agrees(FloatOp::Sqrt(f), &[a], &[t]), "sqrt of {a:#x}");
            }
        }
    }

    fn eval_sq(f: FloatFmt, a: i128) -> i128 {
        crate::ir::semantics::float::eval(FloatOp::Mul(f), &[a, a])
    }

    #[test]
    fn comparisons_and_conversions_agree_with_native_floats() {
        let i32t = Type::int(32, true);
        let u32t = Type::int(32, false);
        let i64t = Type::int(64, true);
        let u64t = Type::int(64, false);
        let i8t = Type::int(8, true);
        for f in [FloatFmt::F32, FloatFmt::F64] {
            let g = if f == FloatFmt::F32 {
                FloatFmt::F64
            } else {
                FloatFmt::F32
            };
            let t = f.ty();
            let mut r = Rng(12345 + f.bits() as u64);
            let mut vals = specials(f);
            for _ in 0..80 {
                vals.push(random_value(f, &mut r));
            }
            for (i, &a) in vals.iter().enumerate() {
                let b = vals[(i * 7 + 3) % vals.len()];
                for op in [FloatOp::Eq(f), FloatOp::Lt(f), FloatOp::Le(f)] {
                    assert!(agrees(op, &[a, b], &[t, t]));
                    assert!(agrees(op, &[a, a], &[t, t]));
                }
                for op in [
                    FloatOp::IsNan(f),
                    FloatOp::IsInf(f),
                    FloatOp::Neg(f),
                    FloatOp::Abs(f),
                    FloatOp::Sqrt(f),
                    FloatOp::Convert(f, g),
                ] {
                    assert!(agrees(op, &[a], &[t]));
                }
                for it in [i32t, u32t, i64t, u64t, i8t, Type::Bool] {
                    assert!(agrees(FloatOp::ToIntOk(f, it), &[a], &[t]));
                    assert!(agrees(FloatOp::ToInt(f, it), &[a], &[t]));
                }
            }
            for it in [i32t, u32t, i64t, u64t, i8t] {
                let mut ints: Vec<i128> = vec![
                    0,
                    1,
                    -1,
                    it.min_value(),
                    it.max_value(),
                    16777217,
                    -16777217,
                    9007199254740993,
                ];
                for _ in 0..40 {
                    ints.push(r.next() as i64 as i128);
                    ints.push((r.next() >> (r.next() % 64)) as i128);
                }
                for v in ints {
                    let v = it.wrap(v);
                    assert!(agrees(FloatOp::FromInt(it, f), &[v], &[it]), "{it:?} {v}");
                }
            }
            assert!(agrees(FloatOp::FromInt(Type::Bool, f), &[1], &[Type::Bool]));
        }
    }
}
