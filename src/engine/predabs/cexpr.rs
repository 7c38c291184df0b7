//! Reading Yices terms through their printed s-expression (the smt layer exposes no term
//! inspection beyond atoms and free variables):
//! - [`to_c`]: a predicate over the canonical variable constants as a C expression, for loop-head
//!   invariants (linear integer arithmetic, comparisons and Boolean connectives; anything else,
//!   e.g. bit-vector operators or `div`/`mod` whose C semantics differ, gives `None`), with the
//!   parentheses of C's precedence from the shared operator table ([`crate::ir::print::c_binop`],
//!   the rule of `report::witness::c_expr`); [`to_c_exact`] with arithmetic in `long long`
//!   (and operands of `||`/`&&` that state one class modulo 2^32 as one `unsigned int`
//!   comparison, [`wrap`]); [`dnf_to_c`]: a disjunction of cubes of such literals;
//! - [`conjuncts`]: the top-level conjuncts of a term, rebuilt as terms (for interpolant
//!   minimisation).

use crate::ir::print::{c_binop, C_UNARY_PREC};
use crate::ir::BinOp;
use crate::report::witness::operand_needs_parens;
use crate::smt::Term;
use std::collections::HashMap;

mod wrap;

#[derive(Clone)]
enum Sx {
    Atom(String),
    List(Vec<Sx>),
}

fn parse(s: &str) -> Option<Sx> {
    let mut toks: Vec<String> = Vec::new();
    let mut cur = String::new();
    for ch in s.chars() {
        match ch {
            '(' | ')' => {
                if !cur.is_empty() {
                    toks.push(std::mem::take(&mut cur));
                }
                toks.push(ch.to_string());
            }
            c if c.is_whitespace() => {
                if !cur.is_empty() {
                    toks.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        toks.push(cur);
    }
    let mut pos = 0;
    let r = parse_at(&toks, &mut pos)?;
    (pos == toks.len()).then_some(r)
}

fn parse_at(toks: &[String], pos: &mut usize) -> Option<Sx> {
    let t = toks.get(*pos)?;
    *pos += 1;
    match t.as_str() {
        "(" => {
            let mut items = Vec::new();
            loop {
                if toks.get(*pos)? == ")" {
                    *pos += 1;
                    return Some(Sx::List(items));
                }
                items.push(parse_at(toks, pos)?);
            }
        }
        ")" => None,
        _ => Some(Sx::Atom(t.clone())),
    }
}

/// Largest magnitude a rendered arithmetic expression may reach in `long long` (with margin).
const WIDE_LIMIT: i128 = 1 << 62;

/// Precedence of a primary expression (name, literal, parenthesized) in
/// [`crate::ir::print::c_binop`]'s scale.
const PRIMARY: u8 = C_UNARY_PREC + 1;
/// Precedence of the conditional operator `?:` (below every binary operator).
const COND_PREC: u8 = 0;

/// A rendered subterm: its C text with the precedence of its outermost operator (and that
/// operator when binary, as in `report::witness::c_expr`), for integer-valued ones (with
/// `ranges`) the interval of its value, for Boolean ones its truth value when known (a
/// `true`/`false` constant, or intervals that decide a comparison).
struct Rendered {
    text: String,
    prec: u8,
    op: Option<BinOp>,
    iv: Option<(i128, i128)>,
    truth: Option<bool>,
    /// Evaluated in `long long` in C (a cast, an `LL` literal, or arithmetic whose first
    /// operand is one of these).
    wide: bool,
}

impl Rendered {
    fn bound(&self) -> i128 {
        self.iv
            .map_or(0, |(lo, hi)| lo.saturating_abs().max(hi.saturating_abs()))
    }

    fn known(b: bool) -> Rendered {
        Rendered {
            text: if b { "1" } else { "0" }.into(),
            prec: PRIMARY,
            op: None,
            iv: None,
            truth: Some(b),
            wide: false,
        }
    }

    /// `self` as an operand of `parent` (`right`: not the first operand), parenthesized where
    /// C's precedence or clarity asks for it (the witness renderer's rule); `&&` and `||`
    /// chains are written flat.
    fn operand_of(&self, parent: BinOp, right: bool) -> String {
        let chain = self.op == Some(parent) && matches!(parent, BinOp::And | BinOp::Or);
        if !chain && operand_needs_parens(parent, self.prec, self.op, right) {
            format!("({})", self.text)
        } else {
            self.text.clone()
        }
    }

    /// `self` as the operand of a unary operator or cast: parenthesized unless primary or
    /// unary, and never starting with a sign (`- -3` would read as `--`).
    fn unary_operand(&self) -> String {
        let signed = self.text.starts_with('-') || self.text.starts_with('+');
        if self.prec < C_UNARY_PREC || signed {
            format!("({})", self.text)
        } else {
            self.text.clone()
        }
    }

    /// `self` as an operand of `?:`: parenthesized when itself a conditional.
    fn cond_operand(&self) -> String {
        if self.prec == COND_PREC {
            format!("({})", self.text)
        } else {
            self.text.clone()
        }
    }
}

/// The operands `parts` joined by the binary operator `op` (left-associative).
fn binary(op: BinOp, parts: &[Rendered], iv: Option<Interval>) -> Rendered {
    let (sym, prec) = c_binop(op);
    let mut text = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i == 0 {
            text.push_str(&p.operand_of(op, false));
        } else if let Some(rest) = p
            .text
            .strip_prefix('-')
            .filter(|_| op == BinOp::Add && p.prec == C_UNARY_PREC && p.op.is_none())
        {
            // `a + -x` is `a - x` (a negation or negative literal: what follows the sign is
            // unary or primary)
            text.push_str(" - ");
            text.push_str(rest);
        } else {
            text.push_str(&format!(" {sym} "));
            text.push_str(&p.operand_of(op, true));
        }
    }
    Rendered {
        text,
        prec,
        op: Some(op),
        iv,
        truth: None,
        wide: false,
    }
}

/// The IR operator of a Yices comparison or connective.
fn yices_binop(op: &str) -> Option<BinOp> {
    Some(match op {
        "and" => BinOp::And,
        "or" => BinOp::Or,
        "=" => BinOp::Eq,
        "/=" | "distinct" | "xor" => BinOp::Ne,
        ">=" => BinOp::Ge,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        "<" => BinOp::Lt,
        "+" => BinOp::Add,
        "*" => BinOp::Mul,
        "-" => BinOp::Sub,
        _ => return None,
    })
}

/// The comparison that holds exactly when `op` does not.
fn negated_comparison(op: &str) -> Option<&'static str> {
    Some(match op {
        "=" => "/=",
        "/=" | "distinct" => "=",
        "<" => ">=",
        ">=" => "<",
        ">" => "<=",
        "<=" => ">",
        _ => return None,
    })
}

/// `op` with its operands swapped (`1 < x` is `x > 1`).
fn mirrored_comparison(op: &str) -> Option<&'static str> {
    Some(match op {
        "=" => "=",
        "/=" => "/=",
        "distinct" => "distinct",
        "<" => ">",
        ">" => "<",
        "<=" => ">=",
        ">=" => "<=",
        _ => return None,
    })
}

fn is_literal(sx: &Sx) -> bool {
    matches!(sx, Sx::Atom(a) if a.parse::<i128>().is_ok())
}

/// A closed interval of integer values.
type Interval = (i128, i128);

fn iv_mul(a: (i128, i128), b: (i128, i128)) -> (i128, i128) {
    let c = [
        a.0.saturating_mul(b.0),
        a.0.saturating_mul(b.1),
        a.1.saturating_mul(b.0),
        a.1.saturating_mul(b.1),
    ];
    (
        c.iter().copied().min().unwrap_or(0),
        c.iter().copied().max().unwrap_or(0),
    )
}

/// The truth of the comparison `op` between values in `a` and `b`, when the intervals decide it.
fn compare(op: &str, a: (i128, i128), b: (i128, i128)) -> Option<bool> {
    let lt = |x: (i128, i128), y: (i128, i128)| {
        if x.1 < y.0 {
            Some(true)
        } else if x.0 >= y.1 {
            Some(false)
        } else {
            None
        }
    };
    let eq = if a.1 < b.0 || b.1 < a.0 {
        Some(false)
    } else if a.0 == a.1 && b.0 == b.1 {
        Some(true)
    } else {
        None
    };
    match op {
        "=" => eq,
        "/=" | "distinct" => eq.map(|e| !e),
        "<" => lt(a, b),
        ">" => lt(b, a),
        ">=" => lt(a, b).map(|x| !x),
        "<=" => lt(b, a).map(|x| !x),
        _ => None,
    }
}

/// Renders `sx` as C with the parentheses C's precedence needs (the operator table of
/// [`crate::ir::print::c_binop`]); comparisons are written variable first (`x == 1`, not Yices'
/// `1 == x`), a negated comparison as the opposite one, and `&&`/`||` drop their `1`/`0`
/// operands (and become `0`/`1` when one operand decides them).
///
/// With `ranges` (printed constant name → the value range of its C variable) the C value is
/// the mathematical one the analysis meant:
/// - arithmetic whose operands or partial results (C evaluates `a + b - c` left to right) may
///   leave `int` is evaluated in `long long` by making its first operand `long long` (a cast
///   `(long long)x`, a literal `3LL`); the other operands are converted by C's usual
///   arithmetic conversions (`(long long)data - t_b`), and an expression whose magnitude may
///   exceed [`WIDE_LIMIT`] is not rendered;
/// - a comparison or `?:` between a possibly negative value and one that may be of an
///   unsigned type (its range is non-negative and passes `INT_MAX`) casts the latter to
///   `long long`, so C does not convert the negative value to unsigned (not rendered when the
///   unsigned value may not fit in `long long`);
/// - a linear comparison is written with its constant on the right and a positive term first
///   (`(long long)data - t_b != 2`, not `-2LL + (long long)data - (long long)t_b != 0`);
/// - comparisons the value intervals decide (e.g. `8589934593 + data - t_b == 0` for 32-bit
///   `int`s, which no C values satisfy) are folded to `0`/`1`, so an invariant only mentions
///   cases the variables' types allow.
///
/// `wide`: the value must be evaluated in `long long` (a first operand of such arithmetic).
fn render(
    sx: &Sx,
    names: &HashMap<String, String>,
    ranges: Option<&HashMap<String, (i128, i128)>>,
    wide: bool,
) -> Option<Rendered> {
    let primary = |text: String, iv: Option<Interval>| Rendered {
        text,
        prec: PRIMARY,
        op: None,
        iv,
        truth: None,
        wide: false,
    };
    let fold = ranges.is_some();
    match sx {
        Sx::Atom(a) => {
            if a == "true" {
                return Some(Rendered::known(true));
            }
            if a == "false" {
                return Some(Rendered::known(false));
            }
            if let Ok(v) = a.parse::<i128>() {
                if fold && v.abs() >= WIDE_LIMIT {
                    return None;
                }
                let suffix = if fold && (wide || v.abs() > i32::MAX as i128) {
                    "LL"
                } else {
                    ""
                };
                return Some(Rendered {
                    text: format!("{v}{suffix}"),
                    prec: if v < 0 { C_UNARY_PREC } else { PRIMARY },
                    op: None,
                    iv: ranges.map(|_| (v, v)),
                    truth: None,
                    wide: !suffix.is_empty(),
                });
            }
            let name = names.get(a)?;
            match ranges.and_then(|r| r.get(a)) {
                // Boolean constants have no range.
                None => Some(primary(name.clone(), None)),
                Some(&(lo, hi)) if wide => Some(Rendered {
                    text: format!("(long long){name}"),
                    prec: C_UNARY_PREC,
                    op: None,
                    iv: Some((lo, hi)),
                    truth: None,
                    wide: true,
                }),
                Some(&(lo, hi)) => Some(primary(name.clone(), Some((lo, hi)))),
            }
        }
        Sx::List(items) => {
            let (Sx::Atom(op), args) = items.split_first()? else {
                return None;
            };
            // `not` of a comparison: the opposite comparison
            if let ("not", [Sx::List(inner)]) = (op.as_str(), args) {
                if let [Sx::Atom(cmp), a, b] = &inner[..] {
                    if let Some(neg) = negated_comparison(cmp) {
                        let flipped = Sx::List(vec![Sx::Atom(neg.into()), a.clone(), b.clone()]);
                        return render(&flipped, names, ranges, wide);
                    }
                }
            }
            // a comparison with the literal first: the variable first
            if let [a, b] = args {
                if let Some(m) = mirrored_comparison(op) {
                    if is_literal(a) && !is_literal(b) {
                        let swapped = Sx::List(vec![Sx::Atom(m.into()), b.clone(), a.clone()]);
                        return render(&swapped, names, ranges, wide);
                    }
                    if fold {
                        if let Some(n) = normal_comparison(op, a, b) {
                            return render(&n, names, ranges, wide);
                        }
                    }
                }
            }
            let is_arith = matches!(op.as_str(), "+" | "*" | "-");
            // operands of `||`/`&&` that state one class modulo 2^32 together: one operand
            let mut slots = match ranges {
                Some(r) => wrap::merge(op, args, names, r),
                None => Vec::new(),
            };
            slots.resize_with(args.len(), || wrap::Slot::Keep);
            // the operands of `+` after the first with their signs (`a + -x` is `a - x`)
            let signed: Vec<(bool, Sx)> = args
                .iter()
                .enumerate()
                .filter(|(i, _)| !matches!(slots[*i], wrap::Slot::Drop))
                .map(|(i, a)| match (op.as_str(), i) {
                    ("+", i) if i > 0 && fold => split_negative(a),
                    _ => (false, a.clone()),
                })
                .collect();
            let mut parts: Vec<Rendered> = slots
                .into_iter()
                .filter(|s| !matches!(s, wrap::Slot::Drop))
                .zip(&signed)
                .map(|(s, (_, a))| match s {
                    wrap::Slot::Merged(r) => Some(r),
                    _ => render(a, names, ranges, false),
                })
                .collect::<Option<Vec<_>>>()?;
            // Boolean connectives over parts whose truth is known
            if matches!(op.as_str(), "and" | "or") && !parts.is_empty() {
                let unit = op == "and";
                if parts.iter().any(|p| p.truth == Some(!unit)) {
                    return Some(Rendered::known(!unit));
                }
                parts.retain(|p| p.truth != Some(unit));
                match parts.len() {
                    0 => return Some(Rendered::known(unit)),
                    1 => return parts.pop(),
                    _ => {}
                }
            }
            if op == "not" && parts.len() == 1 {
                if let Some(b) = parts[0].truth {
                    return Some(Rendered::known(!b));
                }
            }
            if fold && parts.len() == 2 {
                if let (Some(a), Some(b)) = (parts[0].iv, parts[1].iv) {
                    if let Some(b) = compare(op, a, b) {
                        return Some(Rendered::known(b));
                    }
                }
            }
            // the value intervals of the operands (negated where subtracted)
            let ivs: Option<Vec<(i128, i128)>> = parts
                .iter()
                .zip(&signed)
                .map(|(p, (neg, _))| p.iv.map(|iv| if *neg { iv_neg(iv) } else { iv }))
                .collect();
            // arithmetic evaluated in `long long`: the first operand made `long long`
            let mut widened = false;
            if fold && is_arith {
                let unary_minus = op == "-" && parts.len() == 1;
                let needs = wide
                    || ivs
                        .as_deref()
                        .is_none_or(|v| !partials(op, v, unary_minus).iter().all(|&i| fits_int(i)));
                if needs {
                    // `-1 * x` is written `-x`: its `x` is the operand made `long long`
                    let negation = op == "*" && parts.len() == 2 && parts[0].text == "-1";
                    let at = usize::from(negation);
                    let first = if unary_minus { &args[0] } else { &signed[at].1 };
                    parts[at] = render(first, names, ranges, true)?;
                    widened = true;
                }
            }
            // a comparison or `?:` where C would convert a negative value to an unsigned type
            let cmp = matches!(
                op.as_str(),
                "=" | "/=" | "distinct" | ">=" | "<=" | ">" | "<"
            );
            if fold && ((cmp && parts.len() == 2) || (op == "ite" && parts.len() == 3)) {
                let (i, j) = if cmp { (0, 1) } else { (1, 2) };
                for (a, b) in [(i, j), (j, i)] {
                    let negative = parts[b].iv.is_some_and(|iv| iv.0 < 0);
                    let unsigned = !parts[a].wide
                        && parts[a]
                            .iv
                            .is_some_and(|iv| iv.0 >= 0 && iv.1 > i32::MAX as i128);
                    if negative && unsigned {
                        if parts[a].iv.is_some_and(|iv| iv.1 > i64::MAX as i128) {
                            return None;
                        }
                        parts[a] = render(&args[a], names, ranges, true)?;
                    }
                }
            }
            let iv = |f: &dyn Fn(&[Interval]) -> Interval| ivs.as_deref().map(f);
            let sum = |v: &[(i128, i128)]| {
                v.iter().fold((0i128, 0i128), |a, b| {
                    (a.0.saturating_add(b.0), a.1.saturating_add(b.1))
                })
            };
            let unary = |text: String, iv: Option<Interval>| Rendered {
                text,
                prec: C_UNARY_PREC,
                op: None,
                iv,
                truth: None,
                wide: false,
            };
            let mut r = match (op.as_str(), parts.len()) {
                ("not", 1) => unary(format!("!{}", parts[0].unary_operand()), None),
                ("=>", 2) => {
                    let not_a = unary(format!("!{}", parts[0].unary_operand()), None);
                    binary(BinOp::Or, &[not_a, parts.remove(1)], None)
                }
                ("and" | "or", _) => binary(yices_binop(op)?, &parts, None),
                ("=" | "/=" | "distinct" | "xor" | ">=" | "<=" | ">" | "<", 2) => {
                    binary(yices_binop(op)?, &parts, None)
                }
                ("+", n) if n > 0 && fold => {
                    // the signs of the operands after the first as `+`/`-`
                    let mut text = parts[0].operand_of(BinOp::Add, false);
                    for (p, (neg, _)) in parts.iter().zip(&signed).skip(1) {
                        let (o, sym) = if *neg {
                            (BinOp::Sub, "-")
                        } else {
                            (BinOp::Add, "+")
                        };
                        text.push_str(&format!(" {sym} {}", p.operand_of(o, true)));
                    }
                    Rendered {
                        text,
                        prec: c_binop(BinOp::Add).1,
                        op: Some(BinOp::Add),
                        iv: iv(&sum),
                        truth: None,
                        wide: false,
                    }
                }
                ("+", n) if n > 0 => binary(BinOp::Add, &parts, iv(&sum)),
                // `-1 * x` is `-x`
                ("*", 2) if matches!(parts[0].text.as_str(), "-1" | "-1LL") => unary(
                    format!("-{}", parts[1].unary_operand()),
                    iv(&|v: &[(i128, i128)]| iv_neg(v[1])),
                ),
                ("*", n) if n > 0 => binary(
                    BinOp::Mul,
                    &parts,
                    iv(&|v: &[(i128, i128)]| v[1..].iter().fold(v[0], |a, b| iv_mul(a, *b))),
                ),
                ("-", 1) => unary(
                    format!("-{}", parts[0].unary_operand()),
                    iv(&|v: &[(i128, i128)]| iv_neg(v[0])),
                ),
                ("-", n) if n >= 2 => binary(
                    BinOp::Sub,
                    &parts,
                    iv(&|v: &[(i128, i128)]| {
                        let rest = sum(&v[1..]);
                        (v[0].0.saturating_sub(rest.1), v[0].1.saturating_sub(rest.0))
                    }),
                ),
                ("ite", 3) => Rendered {
                    text: format!(
                        "{} ? {} : {}",
                        parts[0].cond_operand(),
                        parts[1].cond_operand(),
                        parts[2].cond_operand()
                    ),
                    prec: COND_PREC,
                    op: None,
                    iv: match (parts[1].iv, parts[2].iv) {
                        (Some(a), Some(b)) => Some((a.0.min(b.0), a.1.max(b.1))),
                        _ => None,
                    },
                    truth: None,
                    wide: parts[1].wide || parts[2].wide,
                },
                _ => return None,
            };
            r.wide |= widened;
            if fold && r.bound() >= WIDE_LIMIT {
                return None;
            }
            Some(r)
        }
    }
}

fn iv_neg(v: Interval) -> Interval {
    (v.1.saturating_neg(), v.0.saturating_neg())
}

fn fits_int(v: Interval) -> bool {
    v.0 >= i32::MIN as i128 && v.1 <= i32::MAX as i128
}

/// The intervals of the operands and of every partial result of the arithmetic `op` over
/// operands with the intervals `v` (for `+`, already negated where subtracted), as C
/// evaluates it from left to right.
fn partials(op: &str, v: &[Interval], unary_minus: bool) -> Vec<Interval> {
    let mut out: Vec<Interval> = v.to_vec();
    if unary_minus {
        out.push(iv_neg(v[0]));
        return out;
    }
    let mut acc = v[0];
    for &b in &v[1..] {
        acc = match op {
            "+" => (acc.0.saturating_add(b.0), acc.1.saturating_add(b.1)),
            "-" => (acc.0.saturating_sub(b.1), acc.1.saturating_sub(b.0)),
            _ => iv_mul(acc, b),
        };
        out.push(acc);
    }
    out
}

/// `a` as an operand of a sum after the first: (subtracted, the term written after `-`).
/// `(* -1 x)` and `(- x)` are `x` subtracted, `(* -3 x)` is `3 * x` subtracted, a negative
/// literal its magnitude subtracted.
fn split_negative(a: &Sx) -> (bool, Sx) {
    match a {
        Sx::Atom(t) => match t.parse::<i128>() {
            Ok(v) if v < 0 => (true, Sx::Atom(v.saturating_neg().to_string())),
            _ => (false, a.clone()),
        },
        Sx::List(items) => match &items[..] {
            [Sx::Atom(m), Sx::Atom(k), x] if m == "*" => match k.parse::<i128>() {
                Ok(-1) => (true, x.clone()),
                Ok(k) if k < 0 => (
                    true,
                    Sx::List(vec![
                        Sx::Atom("*".into()),
                        Sx::Atom(k.saturating_neg().to_string()),
                        x.clone(),
                    ]),
                ),
                _ => (false, a.clone()),
            },
            [Sx::Atom(m), x] if m == "-" => (true, x.clone()),
            _ => (false, a.clone()),
        },
    }
}

/// A linear comparison `op(lhs, rhs)` with a literal `rhs` in its written form (None when it
/// already is): the literals of the sum `lhs` moved into `rhs`, a positive term first, and a
/// sum of only negative terms negated with the comparison mirrored (`-x - y >= 3` is
/// `x + y <= -3`).
fn normal_comparison(op: &str, lhs: &Sx, rhs: &Sx) -> Option<Sx> {
    let Sx::Atom(r) = rhs else { return None };
    let r: i128 = r.parse().ok()?;
    let terms: Vec<Sx> = match lhs {
        Sx::List(items) if matches!(items.first(), Some(Sx::Atom(p)) if p == "+") => {
            items[1..].to_vec()
        }
        _ => vec![lhs.clone()],
    };
    let mut c: i128 = 0;
    let mut rest: Vec<(bool, Sx)> = Vec::new();
    for t in &terms {
        match t {
            Sx::Atom(a) if a.parse::<i128>().is_ok() => c = c.checked_add(a.parse().ok()?)?,
            _ => rest.push(split_negative(t)),
        }
    }
    if rest.is_empty() {
        return None;
    }
    let all_negative = rest.iter().all(|(n, _)| *n);
    let first_positive = !rest[0].0;
    if c == 0 && first_positive && terms.len() == rest.len() {
        return None;
    }
    let mut op = op.to_string();
    let mut r = r.checked_sub(c)?;
    if all_negative {
        op = mirrored_comparison(&op)?.to_string();
        r = r.checked_neg()?;
        for t in rest.iter_mut() {
            t.0 = false;
        }
    }
    // positive terms first, in their order; then the subtracted ones
    rest.sort_by_key(|(neg, _)| *neg);
    let neg_sx = |x: Sx| Sx::List(vec![Sx::Atom("*".into()), Sx::Atom("-1".into()), x]);
    let mut out: Vec<Sx> = rest
        .into_iter()
        .map(|(neg, x)| if neg { neg_sx(x) } else { x })
        .collect();
    let lhs = if out.len() == 1 {
        out.pop()?
    } else {
        let mut v = vec![Sx::Atom("+".into())];
        v.extend(out);
        Sx::List(v)
    };
    Some(Sx::List(vec![Sx::Atom(op), lhs, Sx::Atom(r.to_string())]))
}

/// The C form of `t`, with constants named by `names` (constant term → C variable name).
pub fn to_c(t: Term, names: &HashMap<Term, String>) -> Option<String> {
    let printed: HashMap<String, String> = t
        .free_vars()
        .into_iter()
        .map(|v| Some((v.to_string(), names.get(&v)?.clone())))
        .collect::<Option<HashMap<_, _>>>()?;
    render(&parse(&t.to_string())?, &printed, None, false).map(|r| r.text)
}

/// [`to_c`] with C's semantics matching the mathematical meaning of an integer-semantics term:
/// `ranges` gives the value range of each integer constant's C variable (Boolean ones are
/// absent); arithmetic is done in `long long` (see `render`), and a term whose values may not
/// fit gives `None`.
pub fn to_c_exact(
    t: Term,
    names: &HashMap<Term, String>,
    ranges: &HashMap<Term, (i128, i128)>,
) -> Option<String> {
    let mut printed = HashMap::new();
    let mut r = HashMap::new();
    for v in t.free_vars() {
        let key = v.to_string();
        printed.insert(key.clone(), names.get(&v)?.clone());
        if let Some(b) = ranges.get(&v) {
            r.insert(key, *b);
        }
    }
    render(&parse(&t.to_string())?, &printed, Some(&r), false).map(|r| r.text)
}

/// A disjunction of cubes (each a conjunction of C literals) as one C expression, simplified
/// without changing its meaning: duplicate literals and cubes dropped, a cube that contains all
/// literals of another (so implies it) dropped, literals common to every cube factored out.
/// No cube, `0`; an empty cube, `1` (together with the common part).
pub fn dnf_to_c(cubes: Vec<Vec<String>>) -> String {
    use std::collections::BTreeSet;
    if cubes.is_empty() {
        return "0".into();
    }
    // literals folded to constants (see `render`): true ones dropped, cubes with a false one
    // describe no state
    let is_true = |l: &String| l == "1" || l == "!(0)";
    let is_false = |l: &String| l == "0" || l == "!(1)";
    let mut sets: Vec<BTreeSet<String>> = cubes
        .into_iter()
        .filter(|c| !c.iter().any(is_false))
        .map(|c| c.into_iter().filter(|l| !is_true(l)).collect())
        .collect();
    for s in sets.iter_mut() {
        drop_implied_disequalities(s);
    }
    if sets.is_empty() {
        return "0".into();
    }
    sets.sort_by_key(|s| s.len());
    sets.dedup();
    let mut kept: Vec<BTreeSet<String>> = Vec::new();
    for s in sets {
        if !kept.iter().any(|k| k.is_subset(&s)) {
            kept.push(s);
        }
    }
    factored(&kept)
}

/// `x == k` and `x != j` in one cube, for the same expression `x` (one value in one state) and
/// different constants: `x != j` is implied, dropped. Only literals `x OP k` where `x` is a
/// plain arithmetic expression (no comparison or connective) and `k` is a decimal constant
/// within `int` without sign or suffix, whose value C's conversions cannot change.
fn drop_implied_disequalities(cube: &mut std::collections::BTreeSet<String>) {
    let split = |l: &str, op: &str| -> Option<(String, u32)> {
        let (x, k) = l.split_once(op)?;
        let plain = !["=", "<", ">", "&", "|", "?", "!"]
            .iter()
            .any(|o| x.contains(o));
        let k: u32 = k
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| k.parse().ok())??;
        (plain && k <= i32::MAX as u32).then(|| (x.to_string(), k))
    };
    let eqs: Vec<(String, u32)> = cube.iter().filter_map(|l| split(l, " == ")).collect();
    cube.retain(|l| {
        split(l, " != ").is_none_or(|(x, j)| !eqs.iter().any(|(y, k)| *y == x && *k != j))
    });
}

/// A conjunction of literals as C.
fn conj_c<'a>(ls: impl IntoIterator<Item = &'a String>) -> String {
    ls.into_iter()
        .map(|l| wrap_if_top_level(l, &["||", "?"]))
        .collect::<Vec<_>>()
        .join(" && ")
}

/// Non-empty cubes, none implying another, as C: the literals common to all written once, then
/// the rest as [`factored_or`].
fn factored(cubes: &[std::collections::BTreeSet<String>]) -> String {
    use std::collections::BTreeSet;
    let mut common: BTreeSet<String> = cubes[0].clone();
    for k in &cubes[1..] {
        common = common.intersection(k).cloned().collect();
    }
    let rests: Vec<BTreeSet<String>> = cubes
        .iter()
        .map(|k| k.difference(&common).cloned().collect())
        .collect();
    let mut parts: Vec<String> = common
        .iter()
        .map(|l| wrap_if_top_level(l, &["||", "?"]))
        .collect();
    // an empty rest: that cube is the common part, which every other cube implies
    if !rests.iter().any(|r| r.is_empty()) {
        if rests.len() == 1 {
            parts.push(conj_c(&rests[0]));
        } else {
            let d = factored_or(rests);
            parts.push(if parts.is_empty() {
                d
            } else {
                wrap_if_top_level(&d, &["||", "?"])
            });
        }
    }
    if parts.is_empty() {
        "1".into()
    } else {
        parts.join(" && ")
    }
}

/// A disjunction of non-empty cubes (none implying another) as C, factored: the literal in the
/// most cubes (when in two or more) is written once, `(l && (those cubes without l)) || the
/// others`, recursively; cubes without a shared literal are written one by one.
fn factored_or(mut rests: Vec<std::collections::BTreeSet<String>>) -> String {
    let mut count: std::collections::BTreeMap<&String, usize> = Default::default();
    for r in &rests {
        for l in r {
            *count.entry(l).or_default() += 1;
        }
    }
    let best = count
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then_with(|| b.0.cmp(a.0)))
        .filter(|(_, n)| **n >= 2)
        .map(|(l, _)| (*l).clone());
    let Some(l) = best else {
        rests.sort();
        return rests
            .iter()
            .map(|r| {
                if r.len() == 1 {
                    wrap_if_top_level(r.iter().next().map_or("", |s| s), &["&&", "||", "?"])
                } else {
                    format!("({})", conj_c(r))
                }
            })
            .collect::<Vec<_>>()
            .join(" || ");
    };
    let (with, without): (Vec<_>, Vec<_>) = rests.into_iter().partition(|r| r.contains(&l));
    let with: Vec<_> = with
        .into_iter()
        .map(|mut r| {
            r.remove(&l);
            r
        })
        .collect();
    // none of `with` is empty (the cube `l` alone would imply the others)
    let inner = factored(&with);
    let first = if inner == "1" {
        l
    } else {
        format!(
            "{} && {}",
            wrap_if_top_level(&l, &["||", "?"]),
            wrap_if_top_level(&inner, &["||", "?"])
        )
    };
    if without.is_empty() {
        first
    } else {
        format!(
            "{} || {}",
            wrap_if_top_level(&first, &["&&", "||", "?"]),
            wrap_if_top_level(&factored_or(without), &["&&", "?"])
        )
    }
}

/// `l` in parentheses when one of `ops` occurs in it outside parentheses (a literal with `||` as
/// an operand of `&&`; with `&&` as an operand of `||`, which compilers ask to be made clear).
fn wrap_if_top_level(l: &str, ops: &[&str]) -> String {
    let b = l.as_bytes();
    let mut depth = 0i32;
    for i in 0..b.len() {
        match b[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ if depth == 0 && ops.iter().any(|o| b[i..].starts_with(o.as_bytes())) => {
                return format!("({l})");
            }
            _ => {}
        }
    }
    l.to_string()
}

/// Rebuilds a term from its s-expression; `names` maps printed constant names to terms.
fn build(sx: &Sx, names: &HashMap<String, Term>) -> Option<Term> {
    match sx {
        Sx::Atom(a) => match a.as_str() {
            "true" => Some(Term::tt()),
            "false" => Some(Term::ff()),
            _ => {
                if let Ok(v) = a.parse::<i128>() {
                    return Some(Term::int(v));
                }
                if let Some(bits) = a.strip_prefix("0b") {
                    if bits.is_empty() || bits.len() > 128 {
                        return None;
                    }
                    let v = u128::from_str_radix(bits, 2).ok()?;
                    return Some(Term::bv(bits.len() as u32, v as i128));
                }
                names.get(a).copied()
            }
        },
        Sx::List(items) => {
            let (Sx::Atom(op), rest) = items.split_first()? else {
                return None;
            };
            // Operators with numeric (non-term) first arguments.
            if op == "bit" && rest.len() == 2 {
                let x = build(&rest[0], names)?;
                let Sx::Atom(i) = &rest[1] else { return None };
                let i: u32 = i.parse().ok()?;
                return Some(x.extract(i, i).eq(Term::bv(1, 1)));
            }
            let args: Vec<Term> = rest
                .iter()
                .map(|a| build(a, names))
                .collect::<Option<Vec<_>>>()?;
            let fold = |f: fn(Term, Term) -> Term| {
                let (first, more) = args.split_first()?;
                Some(more.iter().fold(*first, |acc, t| f(acc, *t)))
            };
            let two = |f: fn(Term, Term) -> Term| (args.len() == 2).then(|| f(args[0], args[1]));
            match op.as_str() {
                "not" if args.len() == 1 => Some(args[0].not()),
                "and" => Some(Term::and(&args)),
                "or" => Some(Term::or(&args)),
                "=>" => two(Term::implies),
                "xor" => two(Term::xor2),
                "=" => two(Term::eq),
                "/=" | "distinct" => two(Term::neq),
                ">=" => two(Term::ge),
                "<=" => two(Term::le),
                ">" => two(Term::gt),
                "<" => two(Term::lt),
                "+" => fold(Term::add),
                "*" => fold(Term::mul),
                "-" if args.len() == 1 => Some(args[0].neg()),
                "-" => fold(Term::sub),
                "ite" if args.len() == 3 => Some(Term::ite(args[0], args[1], args[2])),
                "bv-add" => fold(Term::bvadd),
                "bv-sub" => fold(Term::bvsub),
                "bv-mul" => fold(Term::bvmul),
                "bv-neg" if args.len() == 1 => Some(args[0].bvneg()),
                "bv-not" if args.len() == 1 => Some(args[0].bvnot()),
                "bv-and" => fold(Term::bvand),
                "bv-or" => fold(Term::bvor),
                "bv-xor" => fold(Term::bvxor),
                "bv-shl" => two(Term::bvshl),
                "bv-lshr" => two(Term::bvlshr),
                "bv-ashr" => two(Term::bvashr),
                "bv-slt" => two(Term::bvslt),
                "bv-sle" => two(Term::bvsle),
                "bv-sgt" => two(Term::bvsgt),
                "bv-sge" => two(Term::bvsge),
                "bv-lt" => two(Term::bvult),
                "bv-le" => two(Term::bvule),
                "bv-gt" => two(Term::bvugt),
                "bv-ge" => two(Term::bvuge),
                "bv-concat" => fold(Term::bvconcat),
                _ => None,
            }
        }
    }
}

/// The top-level conjuncts of `t` as terms (`[t]` itself when it is not a conjunction), or
/// None when the printed form cannot be read back.
pub fn conjuncts(t: Term) -> Option<Vec<Term>> {
    let names: HashMap<String, Term> = t
        .free_vars()
        .into_iter()
        .map(|v| (v.to_string(), v))
        .collect();
    let sx = parse(&t.to_string())?;
    match &sx {
        Sx::List(items) if matches!(items.first(), Some(Sx::Atom(a)) if a == "and") => items[1..]
            .iter()
            .map(|c| build(c, &names))
            .collect::<Option<Vec<_>>>(),
        _ => Some(vec![t]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smt::{bool_sort, int_sort};

    #[test]
    fn prints_linear_predicates() {
        let x = Term::var("cx_test_x", int_sort());
        let y = Term::var("cx_test_y", int_sort());
        let b = Term::var("cx_test_b", bool_sort());
        let names: HashMap<Term, String> = [(x, "x".to_string()), (y, "y".into()), (b, "b".into())]
            .into_iter()
            .collect();
        let p = x.add(Term::int(1)).le(y);
        let s = to_c(p, &names).unwrap();
        assert!(s.contains('x') && s.contains('y'), "{s}");
        assert!(!s.starts_with('('), "{s}");
        let q = b.not().and2(x.eq(Term::int(-3)));
        let s = to_c(q, &names).unwrap();
        assert!(s == "!b && x == -3" || s == "x == -3 && !b", "{s}");
        let z = Term::var("cx_test_z", int_sort());
        assert_eq!(to_c(z.ge(Term::int(0)), &names), None);
    }

    /// Renders `sx` (written as an s-expression) with the names `x`, `y`, `b`, `c`.
    fn sx_c(sx: &str) -> Option<String> {
        let names: HashMap<String, String> = ["x", "y", "b", "c"]
            .iter()
            .map(|n| (n.to_string(), n.to_string()))
            .collect();
        render(&parse(sx)?, &names, None, false).map(|r| r.text)
    }

    #[test]
    fn parentheses_only_where_c_needs_them() {
        // precedence from the shared operator table
        assert_eq!(
            sx_c("(and (>= x 1) (or b c))").unwrap(),
            "x >= 1 && (b || c)"
        );
        assert_eq!(
            sx_c("(or (and b c) (= x y))").unwrap(),
            "(b && c) || x == y"
        );
        assert_eq!(sx_c("(and b (and c (< x y)))").unwrap(), "b && c && x < y");
        assert_eq!(
            sx_c("(= (* 2 (+ x 1)) (- y (+ x 3)))").unwrap(),
            "2 * (x + 1) == y - (x + 3)"
        );
        assert_eq!(sx_c("(- x (- 1))").unwrap(), "x - -1");
        assert_eq!(sx_c("(+ 2 (* -1 x) y -3)").unwrap(), "2 - x + y - 3");
        assert_eq!(sx_c("(+ (* -1 x) (* 2 y))").unwrap(), "-x + 2 * y");
        assert_eq!(sx_c("(- (- x))").unwrap(), "-(-x)");
        // a comparison under a comparison, and `?:` as an operand
        assert_eq!(sx_c("(= b (< x y))").unwrap(), "b == (x < y)");
        assert_eq!(sx_c("(= (ite b x y) 3)").unwrap(), "(b ? x : y) == 3");
        assert_eq!(sx_c("(=> b (> x 0))").unwrap(), "!b || x > 0");
        assert_eq!(sx_c("(not (or b c))").unwrap(), "!(b || c)");
        // variable first, negated comparisons flipped
        assert_eq!(sx_c("(= 1 x)").unwrap(), "x == 1");
        assert_eq!(sx_c("(< 3 x)").unwrap(), "x > 3");
        assert_eq!(sx_c("(not (>= x y))").unwrap(), "x < y");
        assert_eq!(sx_c("(not (= 0 x))").unwrap(), "x != 0");
        // `&& 1` and `|| 0` are not written
        assert_eq!(sx_c("(and (= x 1) true)").unwrap(), "x == 1");
        assert_eq!(sx_c("(or false b)").unwrap(), "b");
        assert_eq!(sx_c("(and b false)").unwrap(), "0");
        assert_eq!(sx_c("(or (= x 1) true)").unwrap(), "1");
    }

    /// Evaluates C over `&&`, `||`, `!`, parentheses, `0`/`1` and one-letter Boolean names
    /// (bit `c - 'a'` of `env`).
    fn eval_c(s: &str, env: u32) -> bool {
        fn or(t: &[u8], i: &mut usize, env: u32) -> bool {
            let mut v = and(t, i, env);
            while t.get(*i) == Some(&b'|') {
                *i += 2;
                v |= and(t, i, env);
            }
            v
        }
        fn and(t: &[u8], i: &mut usize, env: u32) -> bool {
            let mut v = atom(t, i, env);
            while t.get(*i) == Some(&b'&') {
                *i += 2;
                v &= atom(t, i, env);
            }
            v
        }
        fn atom(t: &[u8], i: &mut usize, env: u32) -> bool {
            let c = t[*i];
            *i += 1;
            match c {
                b'!' => !atom(t, i, env),
                b'(' => {
                    let v = or(t, i, env);
                    assert_eq!(t[*i], b')');
                    *i += 1;
                    v
                }
                b'0' => false,
                b'1' => true,
                c => (env >> (c - b'a')) & 1 == 1,
            }
        }
        let t: Vec<u8> = s.bytes().filter(|c| *c != b' ').collect();
        let mut i = 0;
        let v = or(&t, &mut i, env);
        assert_eq!(i, t.len(), "{s}");
        v
    }

    #[test]
    fn factored_dnf_means_the_same() {
        let mut next = super::super::test_rng(17);
        let mut factored_some = false;
        for _ in 0..300 {
            let cubes: Vec<Vec<String>> = (0..1 + next(12))
                .map(|_| {
                    (0..next(5))
                        .map(|_| {
                            let v = (b'a' + next(6) as u8) as char;
                            if next(3) == 0 {
                                format!("!{v}")
                            } else {
                                v.to_string()
                            }
                        })
                        .collect()
                })
                .collect();
            let c = dnf_to_c(cubes.clone());
            for env in 0..64u32 {
                let want = cubes.iter().any(|cube| {
                    cube.iter().all(|l| match l.strip_prefix('!') {
                        Some(v) => !eval_c(v, env),
                        None => eval_c(l, env),
                    })
                });
                assert_eq!(eval_c(&c, env), want, "{cubes:?} -> {c}");
            }
            factored_some |= c.contains("&& (");
        }
        assert!(factored_some);
        let c = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        // a literal shared by some cubes is written once
        assert_eq!(
            dnf_to_c(vec![c(&["a", "b"]), c(&["a", "d"]), c(&["e", "f"])]),
            "(a && (b || d)) || (e && f)"
        );
    }

    #[test]
    fn literals_keep_their_meaning_inside_the_dnf() {
        let c = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        // a literal that is a disjunction stays one conjunct
        assert_eq!(
            dnf_to_c(vec![c(&["x == 1", "b || c"])]),
            "(b || c) && x == 1"
        );
        // a literal that is a conjunction, alone in its cube, is bracketed under `||`
        assert_eq!(
            dnf_to_c(vec![c(&["b && c"]), c(&["x == 2"])]),
            "(b && c) || x == 2"
        );
    }

    #[test]
    fn dnf_is_simplified_without_changing_its_meaning() {
        let c = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(dnf_to_c(vec![]), "0");
        assert_eq!(dnf_to_c(vec![c(&[])]), "1");
        assert_eq!(dnf_to_c(vec![c(&["a", "0"])]), "0");
        assert_eq!(
            dnf_to_c(vec![c(&["a", "!(1)"]), c(&["b", "1", "!(0)"])]),
            "b"
        );
        // (a && b) || (a && b && c) == a && b
        assert_eq!(
            dnf_to_c(vec![c(&["a", "b"]), c(&["a", "b", "c"])]),
            "a && b"
        );
        // (a && b) || (a && c) == a && (b || c)
        assert_eq!(
            dnf_to_c(vec![c(&["a", "b"]), c(&["c", "a"])]),
            "a && (b || c)"
        );
        // (a) || (b && d) stays a disjunction
        assert_eq!(dnf_to_c(vec![c(&["a"]), c(&["b", "d"])]), "a || (b && d)");
    }

    #[test]
    fn disequalities_implied_by_an_equality_are_dropped() {
        let c = |ls: &[&str]| ls.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            dnf_to_c(vec![c(&[
                "(unsigned)d - t != 2",
                "(unsigned)d - t == 1",
                "x != 2"
            ])]),
            "(unsigned)d - t == 1 && x != 2"
        );
        // the same constant: a contradiction, kept; other constants (a sign, a suffix, another
        // expression) are not compared
        for ls in [
            ["x != 1", "x == 1"],
            ["x != -1", "x == 4294967295U"],
            ["x != 1U", "x == 2"],
            ["x + 1 != 2", "x == 1"],
            ["x != 3", "(x == 1 || y == 2)"],
        ] {
            let s = dnf_to_c(vec![c(&ls)]);
            assert!(s.contains("!="), "{s}");
        }
    }

    #[test]
    fn exact_c_evaluates_arithmetic_in_long_long() {
        let d = Term::var("cx_test_d", int_sort());
        let t = Term::var("cx_test_t", int_sort());
        let names: HashMap<Term, String> = [(d, "data".to_string()), (t, "t_b".into())]
            .into_iter()
            .collect();
        let int = (i32::MIN as i128, i32::MAX as i128);
        let ranges: HashMap<Term, (i128, i128)> = [(d, int), (t, int)].into_iter().collect();
        // -2^32 + 1 + data - t_b == 0 (data == INT_MAX, t_b == INT_MIN): in `int` arithmetic
        // this could overflow.
        let p = Term::int(-(1 << 32) + 1).add(d).sub(t).eq(Term::int(0));
        // The constant is written on the right, and one cast makes the subtraction `long long`.
        let s = to_c_exact(p, &names, &ranges).unwrap();
        assert_eq!(s, "(long long)data - t_b == 4294967295LL");
        let p = Term::int(-2).add(d).sub(t).eq(Term::int(0)).not();
        assert_eq!(
            to_c_exact(p, &names, &ranges).unwrap(),
            "(long long)data - t_b != 2"
        );
        // only negative terms: negated, the comparison mirrored
        let p = Term::int(2).sub(d).sub(t).ge(Term::int(0));
        assert_eq!(
            to_c_exact(p, &names, &ranges).unwrap(),
            "(long long)data + t_b <= 2"
        );
        // a positive term first
        let p = Term::int(2).sub(d).add(t).ge(Term::int(0));
        assert_eq!(
            to_c_exact(p, &names, &ranges).unwrap(),
            "(long long)t_b - data >= -2"
        );
        // arithmetic that stays within `int` needs no cast
        let small = (i16::MIN as i128, i16::MAX as i128);
        let r16: HashMap<Term, (i128, i128)> = [(d, small), (t, small)].into_iter().collect();
        let p = Term::int(-2).add(d).sub(t).eq(Term::int(0));
        assert_eq!(to_c_exact(p, &names, &r16).unwrap(), "data - t_b == 2");
        // an unsigned value compared with a possibly negative one: cast
        let mixed: HashMap<Term, (i128, i128)> =
            [(d, (0, u32::MAX as i128)), (t, int)].into_iter().collect();
        assert_eq!(
            to_c_exact(d.eq(t), &names, &mixed).unwrap(),
            "(long long)data == t_b"
        );
        // 2^33 + 1 + data - t_b == 0 holds for no `int` values: folded, and so are the
        // connectives around it.
        let p = Term::int((1 << 33) + 1).add(d).sub(t).eq(Term::int(0));
        assert_eq!(to_c_exact(p, &names, &ranges).unwrap(), "0");
        let q = p.or2(d.eq(t));
        assert_eq!(to_c_exact(q, &names, &ranges).unwrap(), "data == t_b");
        assert_eq!(to_c_exact(q.not(), &names, &ranges).unwrap(), "data != t_b");
        assert_eq!(
            to_c_exact(
                p.not().and2(d.ge(Term::int(i32::MIN as i128))),
                &names,
                &ranges
            )
            .unwrap(),
            "1"
        );
        // Equalities without arithmetic need no cast.
        let s = to_c_exact(d.eq(t), &names, &ranges).unwrap();
        assert!(!s.contains("long long"), "{s}");
        // A 64-bit unsigned variable does not fit in `long long`: not rendered.
        let u64r: HashMap<Term, (i128, i128)> =
            [(d, (0, u64::MAX as i128)), (t, int)].into_iter().collect();
        assert_eq!(to_c_exact(d.add(t).le(Term::int(3)), &names, &u64r), None);
    }

    #[test]
    fn conjuncts_round_trip() {
        let x = Term::var("cj_test_x", int_sort());
        let y = Term::var("cj_test_y", int_sort());
        let b = Term::var("cj_test_b", bool_sort());
        let parts = [
            x.add(Term::int(-2)).ge(Term::int(0)),
            b.implies(y.eq(Term::int(3))),
            x.neq(y).or2(b.not()),
        ];
        let t = Term::and(&parts);
        let cs = conjuncts(t).unwrap();
        assert_eq!(cs.len(), 3);
        assert_eq!(Term::and(&cs), t);
        let bv = Term::var("cj_test_v", crate::smt::bv_sort(8));
        let t = bv.bvadd(Term::bv(8, 3)).bvslt(Term::bv(8, -1));
        assert_eq!(conjuncts(t).unwrap(), vec![t]);
    }

    type Eval = Box<dyn Fn(&[i128]) -> bool>;

    /// A random linear (sometimes nonlinear) predicate over the test variables: its term and
    /// its value on a valuation (mathematical integers).
    struct Pred {
        term: Term,
        eval: Eval,
    }

    fn random_pred(vars: &[Term], next: &mut impl FnMut(u64) -> u64) -> Pred {
        let consts = [
            0i128,
            1,
            -2,
            7,
            1 << 31,
            -(1 << 31),
            (1 << 32) - 2,
            -(1 << 32) + 1,
            65535,
        ];
        let c = consts[next(consts.len() as u64) as usize];
        let mut term = Term::int(c);
        let mut coeffs: Vec<(usize, i128)> = Vec::new();
        for _ in 0..1 + next(3) {
            let i = next(vars.len() as u64) as usize;
            let k = next(7) as i128 - 3;
            if k != 0 {
                term = term.add(Term::int(k).mul(vars[i]));
                coeffs.push((i, k));
            }
        }
        let product = next(6) == 0;
        let (pi, pj) = (
            next(vars.len() as u64) as usize,
            next(vars.len() as u64) as usize,
        );
        if product {
            term = term.add(vars[pi].mul(vars[pj]));
        }
        let cmp = next(6);
        let term = match cmp {
            0 => term.eq(Term::int(0)),
            1 => term.neq(Term::int(0)),
            2 => term.ge(Term::int(0)),
            3 => term.lt(Term::int(0)),
            4 => term.le(Term::int(0)),
            _ => vars[pi].lt(vars[pj]),
        };
        let eval = move |v: &[i128]| {
            let mut s = c + coeffs.iter().map(|(i, k)| k * v[*i]).sum::<i128>();
            if product {
                s += v[pi] * v[pj];
            }
            match cmp {
                0 => s == 0,
                1 => s != 0,
                2 => s >= 0,
                3 => s < 0,
                4 => s <= 0,
                _ => v[pi] < v[pj],
            }
        };
        Pred {
            term,
            eval: Box::new(eval),
        }
    }

    /// Exact C means in C what the predicate means: random predicates over variables of
    /// several types, rendered, compiled with `cc` (undefined behaviour sanitized where the
    /// compiler has it) and evaluated on the types' boundary values, against the mathematical
    /// value.
    #[test]
    fn exact_c_means_the_same_for_cc() {
        let decls = [
            ("int", "i", i32::MIN as i128, i32::MAX as i128),
            ("unsigned int", "u", 0, u32::MAX as i128),
            ("short", "s", i16::MIN as i128, i16::MAX as i128),
            ("unsigned char", "c", 0, 255),
            ("int", "j", i32::MIN as i128, i32::MAX as i128),
        ];
        let vars: Vec<Term> = decls
            .iter()
            .map(|d| Term::var(&format!("cx_cc_{}", d.1), int_sort()))
            .collect();
        let names: HashMap<Term, String> = vars
            .iter()
            .zip(&decls)
            .map(|(v, d)| (*v, d.1.to_string()))
            .collect();
        let ranges: HashMap<Term, (i128, i128)> = vars
            .iter()
            .zip(&decls)
            .map(|(v, d)| (*v, (d.2, d.3)))
            .collect();
        let mut next = super::super::test_rng(0xcc);
        // valuations: boundary values and a few others
        let mut vals: Vec<Vec<i128>> = Vec::new();
        for n in 0..60u64 {
            vals.push(
                decls
                    .iter()
                    .map(|&(_, _, lo, hi)| {
                        let pick = [lo, hi, 0, 1, lo + 1, hi - 1, (lo + hi) / 2];
                        match (n + next(3)) % 4 {
                            0 | 1 => pick[next(pick.len() as u64) as usize],
                            2 => lo + next(256) as i128,
                            _ => hi - next(256) as i128,
                        }
                        .clamp(lo, hi)
                    })
                    .collect(),
            );
        }
        let mut preds: Vec<(String, Pred)> = Vec::new();
        for _ in 0..400 {
            let p = random_pred(&vars, &mut next);
            if let Some(s) = to_c_exact(p.term, &names, &ranges) {
                preds.push((s, p));
            }
        }
        assert!(preds.len() > 300, "only {} rendered", preds.len());
        assert!(preds.iter().any(|(s, _)| s.contains("(long long)")));
        assert!(preds
            .iter()
            .any(|(s, _)| !s.contains("long long") && s.contains('+')));
        let exprs: Vec<&str> = preds.iter().map(|(s, _)| s.as_str()).collect();
        let truths = cc_truths("cexpr", &decls, &vals, &exprs);
        for (v, row) in vals.iter().zip(&truths) {
            for ((s, p), t) in preds.iter().zip(row) {
                assert_eq!(*t, (p.eval)(v), "`{s}` at {v:?}");
            }
        }
    }

    /// The truth of each of `exprs` (C expressions over the variables of `decls`: type, name,
    /// range) in every valuation of `vals`, as a program compiled with `cc` (with UBSan where
    /// the toolchain has it, so an expression with undefined behaviour fails the run) computes
    /// it. `tag` names the scratch directory.
    pub(super) fn cc_truths(
        tag: &str,
        decls: &[(&str, &str, i128, i128)],
        vals: &[Vec<i128>],
        exprs: &[&str],
    ) -> Vec<Vec<bool>> {
        let mut c = String::from("#include <stdio.h>\nint main(void) {\n");
        for d in decls {
            c.push_str(&format!("  {} {};\n", d.0, d.1));
        }
        c.push_str(&format!(
            "  static const long long v[{}][{}] = {{\n",
            vals.len(),
            decls.len()
        ));
        for v in vals {
            let row: Vec<String> = v.iter().map(|x| format!("{x}LL")).collect();
            c.push_str(&format!("    {{{}}},\n", row.join(", ")));
        }
        c.push_str(&format!(
            "  }};\n  for (int n = 0; n < {}; n++) {{\n",
            vals.len()
        ));
        for (k, d) in decls.iter().enumerate() {
            c.push_str(&format!("    {} = ({})v[n][{k}];\n", d.1, d.0));
        }
        for e in exprs {
            c.push_str(&format!("    putchar(({e}) ? '1' : '0');\n"));
        }
        c.push_str("    putchar('\\n');\n  }\n  return 0;\n}\n");
        let dir = std::env::temp_dir().join(format!("schedmc-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (src, exe) = (dir.join("p.c"), dir.join("p"));
        std::fs::write(&src, &c).unwrap();
        let compile = |extra: &[&str]| {
            std::process::Command::new("cc")
                .args(["-std=c11", "-O0", "-w"])
                .args(extra)
                .arg(&src)
                .arg("-o")
                .arg(&exe)
                .status()
                .expect("cc runs")
                .success()
        };
        let ub = ["-fsanitize=undefined", "-fno-sanitize-recover=all"];
        assert!(
            compile(&ub) || compile(&[]),
            "cc failed on {}",
            src.display()
        );
        let out = std::process::Command::new(&exe).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let truths: Vec<Vec<bool>> = std::str::from_utf8(&out.stdout)
            .unwrap()
            .lines()
            .map(|l| l.chars().map(|ch| ch == '1').collect())
            .collect();
        assert_eq!(truths.len(), vals.len());
        assert!(truths.iter().all(|r| r.len() == exprs.len()));
        let _ = std::fs::remove_dir_all(&dir);
        truths
    }
}
