//! Floating types in the lowering: `float` and `double` values are the bit patterns of IEEE 754
//! binary32/binary64 (as the target's widths say; a `long double` wider than 64 bits is
//! unsupported), operated on only through [`FloatOp`]s: constants (decimal and hexadecimal,
//! correctly rounded), the usual arithmetic conversions, `+ - * /`, comparisons (NaN
//! unordered), unary minus, conditions (`x != 0`), and conversions to and from integers (a
//! floating value whose truncation is out of the integer type's range is undefined behaviour:
//! an `Unsupported` guard, as for division by zero). The rounding mode is always to nearest.

use super::expr::unsup;
use super::expr::Val;
use super::*;
use crate::frontend::ast::BinaryOp;
use crate::frontend::types::{self as ty, FloatKind, IntKind};
use crate::ir::semantics::float as fsem;
use crate::ir::{BinOp, FloatFmt, FloatOp, Op};

/// The value of a floating constant's text (`1.5f`, `0x1p-3`, `2e10L`) in the format,
/// correctly rounded; `None` for malformed text.
pub(crate) fn literal_bits(text: &str, f: FloatFmt) -> Option<i128> {
    let body = text.trim_end_matches(['f', 'F', 'l', 'L']);
    let lower = body.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        return hex_bits(hex, f);
    }
    match f {
        FloatFmt::F32 => body.parse::<f32>().ok().map(|v| v.to_bits() as i128),
        FloatFmt::F64 => body.parse::<f64>().ok().map(|v| v.to_bits() as i128),
    }
}

/// A hexadecimal floating constant (after `0x`): `h.hhhp±d`, rounded to nearest-even.
fn hex_bits(s: &str, f: FloatFmt) -> Option<i128> {
    let (mant, exp) = s.split_once('p')?;
    let mut e: i64 = exp.parse().ok()?;
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let mut m: u128 = 0;
    let mut sticky = false;
    for (i, c) in int.chars().chain(frac.chars()).enumerate() {
        let d = c.to_digit(16)? as u128;
        if m >> 120 != 0 {
            // further digits only matter as a sticky bit
            sticky |= d != 0;
            if i < int.len() {
                e += 4;
            }
            continue;
        }
        m = (m << 4) | d;
        if i >= int.len() {
            e -= 4;
        }
    }
    if m == 0 {
        return Some(0);
    }
    Some(round_bits(f, m, e, sticky))
}

/// `m * 2^e` (plus a little when `sticky`) rounded to nearest-even in the format.
fn round_bits(f: FloatFmt, m: u128, e: i64, sticky: bool) -> i128 {
    let p = f.precision() as i64;
    let bias = (1i64 << (f.exp_bits() - 1)) - 1;
    let lz = m.leading_zeros() as i64;
    let m = m << lz;
    let e = e - lz;
    let elead = e + 127;
    let eres = elead.max(1 - bias);
    let s = eres - (p - 1) - e; // > 0: 128 - p at least
    let (q, rbit, below) = if s > 128 {
        (0u128, false, m != 0)
    } else if s == 128 {
        (0, m >> 127 != 0, m << 1 != 0)
    } else {
        let q = m >> s;
        let rbit = (m >> (s - 1)) & 1 != 0;
        let below = s > 1 && (m << (129 - s)) != 0;
        (q, rbit, below)
    };
    let inc = rbit && (below || sticky || q & 1 != 0);
    let mut q = q + inc as u128;
    let mut eres = eres;
    if q >> p != 0 {
        q >>= 1;
        eres += 1;
    }
    let normal = (q >> (p - 1)) & 1 != 0;
    if normal && eres > bias {
        return ((1i128 << f.exp_bits()) - 1) << (p - 1);
    }
    let biased = if normal { (eres + bias) as i128 } else { 0 };
    (biased << (p - 1)) | (q as i128 & ((1i128 << (p - 1)) - 1))
}

/// An IEEE operation, folded when every operand is a constant (not an out-of-range
/// conversion, which stays for its guard).
pub(crate) fn fop(op: FloatOp, args: Vec<Expr>) -> Expr {
    let consts: Option<Vec<i128>> = args
        .iter()
        .map(|a| match a {
            Expr::Const(c, t) => Some(t.wrap(*c)),
            _ => None,
        })
        .collect();
    if let Some(cs) = consts {
        let ok = match op {
            FloatOp::ToInt(f, t) => fsem::to_int(f, t, cs[0]).is_some(),
            _ => true,
        };
        if ok {
            let rt = op.result_ty();
            return Expr::Const(rt.wrap(fsem::eval(op, &cs)), rt);
        }
    }
    Expr::Float(op, args)
}

impl<'a> Lowerer<'a> {
    /// `x` held in a temporary unless it is a constant or a variable (an operand used twice).
    fn pin(&mut self, x: Expr) -> Expr {
        if self.scratch || matches!(x, Expr::Const(..) | Expr::Var(_)) {
            return x;
        }
        let t = self.temp(x.ty(&self.vars));
        self.b.emit(Op::Assign(t, x));
        Expr::Var(t)
    }

    /// The IEEE format of a floating type on the target.
    pub(crate) fn float_fmt(&self, k: FloatKind, loc: Loc) -> Result<FloatFmt, Diag> {
        let t = ty::ir_type(&CType::Float(k), self.target).map(|t| t.bits());
        match t {
            Some(32) => Ok(FloatFmt::F32),
            Some(64) => Ok(FloatFmt::F64),
            _ => Err(unsup(
                loc,
                "long double wider than double (x87 extended precision)",
            )),
        }
    }

    /// A floating constant of the given text.
    pub(crate) fn float_literal(&self, text: &str, loc: Loc) -> Result<(Expr, CType), Diag> {
        let k = match text.chars().last() {
            // a hexadecimal constant ends in its decimal exponent, so `f` is a suffix
            Some('f' | 'F') => FloatKind::Float,
            Some('l' | 'L') => FloatKind::LongDouble,
            _ => FloatKind::Double,
        };
        let f = self.float_fmt(k, loc)?;
        let bits = literal_bits(text, f)
            .ok_or_else(|| self.type_err(loc, format!("invalid floating constant `{text}`")))?;
        Ok((Expr::Const(bits, f.ty()), CType::Float(k)))
    }

    /// Conversion of a scalar to or from a floating type (C99 6.3.1.4-5): `from` or `to` is
    /// floating. Out-of-range float-to-integer conversions are guarded as undefined behaviour.
    pub(crate) fn convert_float(
        &mut self,
        x: Expr,
        from: &CType,
        to: &CType,
        loc: Loc,
    ) -> Result<Expr, Diag> {
        match (from, to) {
            (CType::Float(a), CType::Float(b)) => {
                let (fa, fb) = (self.float_fmt(*a, loc)?, self.float_fmt(*b, loc)?);
                Ok(if fa == fb {
                    x
                } else {
                    fop(FloatOp::Convert(fa, fb), vec![x])
                })
            }
            (CType::Int(_), CType::Float(b)) => {
                let fb = self.float_fmt(*b, loc)?;
                let t = x.ty(&self.vars);
                if t.bits() > 64 {
                    return Err(unsup(
                        loc,
                        "conversion of a 128-bit integer to a floating type",
                    ));
                }
                Ok(fop(FloatOp::FromInt(t, fb), vec![x]))
            }
            (CType::Float(a), CType::Int(_)) => {
                let fa = self.float_fmt(*a, loc)?;
                let t = self.ir_of(to, loc)?;
                if t.bits() > 64 {
                    return Err(unsup(
                        loc,
                        "conversion of a floating value to a 128-bit integer",
                    ));
                }
                if t != Type::Bool && !self.model_files.contains(&loc.file) {
                    let ok = fop(FloatOp::ToIntOk(fa, t), vec![x.clone()]);
                    self.ub_guard(
                        fold::not(ok),
                        format!(
                            "conversion of a {} value out of the range of `{}` (undefined behaviour)",
                            fa.c_name(),
                            self.types.display(to)
                        ),
                    );
                }
                Ok(fop(FloatOp::ToInt(fa, t), vec![x]))
            }
            _ => Err(self.type_err(
                loc,
                format!(
                    "cannot convert a value of type `{}` to `{}`",
                    self.types.display(from),
                    self.types.display(to)
                ),
            )),
        }
    }

    /// The common floating type of two arithmetic operands, at least one floating.
    pub(crate) fn float_common(&self, ta: &CType, tb: &CType) -> FloatKind {
        let rank = |t: &CType| match t {
            CType::Float(FloatKind::LongDouble) => 3,
            CType::Float(FloatKind::Double) => 2,
            CType::Float(FloatKind::Float) => 1,
            _ => 0,
        };
        match rank(ta).max(rank(tb)) {
            3 => FloatKind::LongDouble,
            2 => FloatKind::Double,
            _ => FloatKind::Float,
        }
    }

    /// `a op b` where at least one operand is floating (after the usual arithmetic
    /// conversions): arithmetic gives the common type, comparisons `int`.
    pub(crate) fn float_arith(
        &mut self,
        op: BinaryOp,
        a: Expr,
        ta: &CType,
        b: Expr,
        tb: &CType,
        loc: Loc,
    ) -> Result<(Expr, CType), Diag> {
        if !ta.is_arith() || !tb.is_arith() {
            return Err(self.type_err(
                loc,
                format!(
                    "invalid operands to binary expression (`{}` and `{}`)",
                    self.types.display(ta),
                    self.types.display(tb)
                ),
            ));
        }
        let k = self.float_common(ta, tb);
        let ct = CType::Float(k);
        let f = self.float_fmt(k, loc)?;
        let a = self.convert(a, ta, &ct, loc)?;
        let b = self.convert(b, tb, &ct, loc)?;
        let it = IntKind::Int.ir(self.target);
        let cmp = |c: Expr, vars: &[crate::ir::Var]| (fold::cast(it, c, vars), CType::int());
        Ok(match op {
            BinaryOp::Add => (fop(FloatOp::Add(f), vec![a, b]), ct),
            BinaryOp::Sub => (fop(FloatOp::Sub(f), vec![a, b]), ct),
            BinaryOp::Mul => (fop(FloatOp::Mul(f), vec![a, b]), ct),
            BinaryOp::Div => (fop(FloatOp::Div(f), vec![a, b]), ct),
            BinaryOp::Eq => cmp(fop(FloatOp::Eq(f), vec![a, b]), &self.vars),
            BinaryOp::Ne => cmp(fold::not(fop(FloatOp::Eq(f), vec![a, b])), &self.vars),
            BinaryOp::Lt => cmp(fop(FloatOp::Lt(f), vec![a, b]), &self.vars),
            BinaryOp::Le => cmp(fop(FloatOp::Le(f), vec![a, b]), &self.vars),
            BinaryOp::Gt => cmp(fop(FloatOp::Lt(f), vec![b, a]), &self.vars),
            BinaryOp::Ge => cmp(fop(FloatOp::Le(f), vec![b, a]), &self.vars),
            _ => return Err(self.type_err(
                loc,
                "invalid operands to binary expression (a floating operand of an integer operator)",
            )),
        })
    }

    /// A floating value as a condition: `x != 0` (true for NaN).
    pub(crate) fn float_cond(&self, x: Expr, k: FloatKind, loc: Loc) -> Result<Expr, Diag> {
        let f = self.float_fmt(k, loc)?;
        let zero = Expr::Const(0, f.ty());
        Ok(fold::not(fop(FloatOp::Eq(f), vec![x, zero])))
    }

    /// `-x` of a floating value (the sign bit flipped, also of zero and NaN).
    pub(crate) fn float_neg(&self, x: Expr, k: FloatKind, loc: Loc) -> Result<Expr, Diag> {
        let f = self.float_fmt(k, loc)?;
        Ok(fop(FloatOp::Neg(f), vec![x]))
    }
}

impl<'a> Lowerer<'a> {
    /// Bool: the IEEE pattern `x` of format `f` is a normal number (exponent field neither
    /// all zeros, zero and subnormals, nor all ones, infinities and NaN).
    fn float_is_normal(&mut self, x: Expr, f: FloatFmt) -> Expr {
        let t = f.ty();
        let emask = (1i128 << f.exp_bits()) - 1;
        let e = fold::bin(
            BinOp::Shr,
            x,
            Expr::Const(f.precision() as i128 - 1, t),
            &self.vars,
        );
        let e = fold::bin(BinOp::BitAnd, e, Expr::Const(emask, t), &self.vars);
        let e = self.pin(e);
        fold::bin(
            BinOp::And,
            fold::bin(BinOp::Ne, e.clone(), Expr::Const(0, t), &self.vars),
            fold::bin(BinOp::Ne, e, Expr::Const(emask, t), &self.vars),
            &self.vars,
        )
    }

    /// The floating-point built-ins and `<math.h>` functions modelled exactly (bit operations
    /// on the IEEE patterns): `fabs`, `copysign`, `sqrt`/`sqrtf` (correctly rounded,
    /// [`FloatOp::Sqrt`]), the classification macros' built-ins
    /// (`__builtin_isnan/isinf/isfinite/isnormal/signbit/fpclassify`, type-generic),
    /// `__builtin_inf/huge_val/nan`. `None` for other names.
    pub(crate) fn float_builtin(
        &mut self,
        name: &str,
        args: &'a [crate::frontend::ast::Expr],
        loc: Loc,
    ) -> Result<Option<Val>, Diag> {
        let kind_of = |n: &str| {
            if n.ends_with('f') {
                FloatKind::Float
            } else {
                FloatKind::Double
            }
        };
        let base = name.strip_prefix("__builtin_").unwrap_or(name);
        let it = IntKind::Int.ir(self.target);
        let arg = |l: &mut Self, i: usize| -> Result<(Expr, CType), Diag> {
            let a = args
                .get(i)
                .ok_or_else(|| l.type_err(loc, format!("`{name}` needs more arguments")))?;
            l.rv(a)
        };
        match base {
            "fabs" | "fabsf" | "copysign" | "copysignf" => {
                let k = kind_of(base);
                let ct = CType::Float(k);
                let f = self.float_fmt(k, loc)?;
                let (x, tx) = arg(self, 0)?;
                let x = self.convert(x, &tx, &ct, loc)?;
                let t = f.ty();
                let sign = Expr::Const(1i128 << (f.bits() - 1), t);
                let mag = fold::bin(
                    BinOp::BitAnd,
                    x,
                    Expr::Const(t.max_value() >> 1, t),
                    &self.vars,
                );
                let r = if base.starts_with("fabs") {
                    mag
                } else {
                    let (y, ty_) = arg(self, 1)?;
                    let y = self.convert(y, &ty_, &ct, loc)?;
                    let s = fold::bin(BinOp::BitAnd, y, sign, &self.vars);
                    fold::bin(BinOp::BitOr, mag, s, &self.vars)
                };
                Ok(Some(Val::R(r, ct)))
            }
            "sqrt" | "sqrtf" => {
                // correctly rounded (`FloatOp::Sqrt`, a digit-by-digit circuit in `smt::float`)
                let k = kind_of(base);
                let ct = CType::Float(k);
                let f = self.float_fmt(k, loc)?;
                let (x, tx) = arg(self, 0)?;
                let x = self.convert(x, &tx, &ct, loc)?;
                Ok(Some(Val::R(fop(FloatOp::Sqrt(f), vec![x]), ct)))
            }
            "isnan" | "__isnan" | "isnanf" | "__isnanf" | "finite" | "__finite" | "finitef"
            | "__finitef"
                if !name.starts_with("__builtin_") =>
            {
                // glibc's (BSD) functions, called when a program declares them itself rather
                // than using <math.h>'s macros: the argument converted to the parameter's type,
                // the result 1 or 0 (checked against glibc). `isinf` and `__signbit` are not
                // here: glibc's isinf(-inf) is -1 where GCC's folding gives 1, and __signbit
                // returns the raw sign bit's byte, so their values depend on the toolchain.
                let k = kind_of(base);
                let ct = CType::Float(k);
                let f = self.float_fmt(k, loc)?;
                let (x, tx) = arg(self, 0)?;
                let x = self.convert(x, &tx, &ct, loc)?;
                let nan = fop(FloatOp::IsNan(f), vec![x.clone()]);
                let c = if base.contains("isnan") {
                    nan
                } else {
                    fold::not(fold::bin(
                        BinOp::Or,
                        nan,
                        fop(FloatOp::IsInf(f), vec![x]),
                        &self.vars,
                    ))
                };
                Ok(Some(Val::R(fold::cast(it, c, &self.vars), CType::int())))
            }
            "isnan" | "isinf" | "isfinite" | "signbit" | "isnormal" | "fpclassify"
                if name.starts_with("__builtin_") =>
            {
                // `__builtin_fpclassify(nan, inf, normal, subnormal, zero, x)` (GCC's order;
                // <math.h>'s `fpclassify` passes glibc's FP_* values): the five values
                // converted to int, each evaluated once, then the class of x
                let mut codes = Vec::new();
                if base == "fpclassify" {
                    if args.len() != 6 {
                        return Err(self.type_err(loc, format!("`{name}` needs 6 arguments")));
                    }
                    for i in 0..5 {
                        let (v, tv) = arg(self, i)?;
                        let v = self.convert(v, &tv, &CType::int(), loc)?;
                        codes.push(self.pin(v));
                    }
                }
                let (x, tx) = arg(self, codes.len())?;
                let k = match tx {
                    CType::Float(k) => k,
                    CType::Int(_) => FloatKind::Double,
                    _ => {
                        return Err(
                            self.type_err(loc, format!("`{name}` needs a floating argument"))
                        )
                    }
                };
                let ct = CType::Float(k);
                let x = self.convert(x, &tx, &ct, loc)?;
                let f = self.float_fmt(k, loc)?;
                if base == "fpclassify" {
                    let x = self.pin(x);
                    let [nan, inf, normal, subnormal, zero]: [Expr; 5] =
                        codes.try_into().expect("five class values");
                    let t = f.ty();
                    let mag = fold::bin(
                        BinOp::BitAnd,
                        x.clone(),
                        Expr::Const(t.max_value() >> 1, t),
                        &self.vars,
                    );
                    let is_zero = fold::bin(BinOp::Eq, mag, Expr::Const(0, t), &self.vars);
                    let r = fold::ite(
                        fop(FloatOp::IsNan(f), vec![x.clone()]),
                        nan,
                        fold::ite(
                            fop(FloatOp::IsInf(f), vec![x.clone()]),
                            inf,
                            fold::ite(
                                self.float_is_normal(x, f),
                                normal,
                                fold::ite(is_zero, zero, subnormal),
                            ),
                        ),
                    );
                    return Ok(Some(Val::R(r, CType::int())));
                }
                let c = match base {
                    "isnormal" => self.float_is_normal(x, f),
                    "isnan" => fop(FloatOp::IsNan(f), vec![x]),
                    "isinf" => fop(FloatOp::IsInf(f), vec![x]),
                    "isfinite" => fold::not(fold::bin(
                        BinOp::Or,
                        fop(FloatOp::IsNan(f), vec![x.clone()]),
                        fop(FloatOp::IsInf(f), vec![x]),
                        &self.vars,
                    )),
                    _ => {
                        let t = f.ty();
                        let s = fold::bin(
                            BinOp::Shr,
                            x,
                            Expr::Const(f.bits() as i128 - 1, t),
                            &self.vars,
                        );
                        fold::bin(BinOp::Ne, s, Expr::Const(0, t), &self.vars)
                    }
                };
                Ok(Some(Val::R(fold::cast(it, c, &self.vars), CType::int())))
            }
            "isgreater" | "isgreaterequal" | "isless" | "islessequal" | "islessgreater"
            | "isunordered"
                if name.starts_with("__builtin_") =>
            {
                // the quiet comparisons: each operand evaluated once, NaN unordered
                let (x, tx) = arg(self, 0)?;
                let (y, ty_) = arg(self, 1)?;
                let (x, y) = (self.pin(x), self.pin(y));
                let c = |l: &mut Self, op: BinaryOp| -> Result<Expr, Diag> {
                    let (e, _) = l.float_arith(op, x.clone(), &tx, y.clone(), &ty_, loc)?;
                    Ok(fold::cast(Type::Bool, e, &l.vars))
                };
                let r = match base {
                    "isgreater" => c(self, BinaryOp::Gt)?,
                    "isgreaterequal" => c(self, BinaryOp::Ge)?,
                    "isless" => c(self, BinaryOp::Lt)?,
                    "islessequal" => c(self, BinaryOp::Le)?,
                    "islessgreater" => {
                        let a = c(self, BinaryOp::Lt)?;
                        let b = c(self, BinaryOp::Gt)?;
                        fold::bin(BinOp::Or, a, b, &self.vars)
                    }
                    _ => {
                        let a = c(self, BinaryOp::Lt)?;
                        let b = c(self, BinaryOp::Ge)?;
                        fold::not(fold::bin(BinOp::Or, a, b, &self.vars))
                    }
                };
                Ok(Some(Val::R(fold::cast(it, r, &self.vars), CType::int())))
            }
            "inf" | "inff" | "huge_val" | "huge_valf" | "nan" | "nanf"
                if name.starts_with("__builtin_") =>
            {
                // `__builtin_nan("")`: the quiet NaN GCC folds it to (positive)
                if base.starts_with("nan") {
                    match args.first().map(|a| &a.kind) {
                        Some(crate::frontend::ast::ExprKind::StringLit(s))
                            if s.iter().all(|b| *b == 0) => {}
                        _ => return Err(unsup(loc, format!("`{name}` with a payload"))),
                    }
                }
                let k = kind_of(base);
                let f = self.float_fmt(k, loc)?;
                let v = if base.starts_with("nan") {
                    f64::NAN
                } else {
                    f64::INFINITY
                };
                Ok(Some(Val::R(
                    Expr::Const(fsem::from_f64(f, v), f.ty()),
                    CType::Float(k),
                )))
            }
            _ => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_correctly_rounded() {
        let f = FloatFmt::F32;
        let d = FloatFmt::F64;
        assert_eq!(literal_bits("0.1f", f), Some(0.1f32.to_bits() as i128));
        assert_eq!(literal_bits("0.1", d), Some(0.1f64.to_bits() as i128));
        assert_eq!(
            literal_bits("1e400", d),
            Some(f64::INFINITY.to_bits() as i128)
        );
        assert_eq!(literal_bits("0x1p-3", d), Some(0.125f64.to_bits() as i128));
        assert_eq!(literal_bits("0x1.8p1", f), Some(3.0f32.to_bits() as i128));
        assert_eq!(literal_bits("0x.8p0f", f), Some(0.5f32.to_bits() as i128));
        assert_eq!(literal_bits("0x1p-1074", d), Some(1));
        assert_eq!(literal_bits("0x1p-1075", d), Some(0));
        assert_eq!(literal_bits("0x1.8p-1074", d), Some(2));
        assert_eq!(
            literal_bits("0x1.fffffffffffff8p0", d),
            Some(2.0f64.to_bits() as i128)
        );
        assert_eq!(
            literal_bits("0x1.fffffffffffff7p0", d),
            Some((2.0f64 - f64::EPSILON).to_bits() as i128)
        );
        assert_eq!(
            literal_bits("0x1p128f", f),
            Some(f32::INFINITY.to_bits() as i128)
        );
        assert_eq!(
            literal_bits("0x1.fffffep127f", f),
            Some(f32::MAX.to_bits() as i128)
        );
        assert_eq!(literal_bits("0x1p-149f", f), Some(1));
        assert_eq!(literal_bits("0xAp0", d), Some(10.0f64.to_bits() as i128));
        assert_eq!(
            literal_bits("0x123456789abcdef0123456789p0", d),
            Some((0x123456789abcdef0123456789u128 as f64).to_bits() as i128)
        );
    }
}
