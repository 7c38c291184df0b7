//! Reading Yices terms through their printed s-expression (the smt layer exposes no term
//! inspection beyond atoms and free variables):
//! - [`to_c`]: a predicate over the canonical variable constants as a C expression, for loop-head
//!   invariants (linear integer arithmetic, comparisons and Boolean connectives; anything else,
//!   e.g. bit-vector operators or `div`/`mod` whose C semantics differ, gives `None`);
//! - [`conjuncts`]: the top-level conjuncts of a term, rebuilt as terms (for interpolant
//!   minimisation).

use crate::smt::Term;
use std::collections::HashMap;

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

/// A rendered subterm: its C text, for integer-valued ones (with `ranges`) the interval of its
/// value, for Boolean ones (with `ranges`) its truth value when the intervals decide it.
struct Rendered {
    text: String,
    iv: Option<(i128, i128)>,
    truth: Option<bool>,
}

impl Rendered {
    fn bound(&self) -> i128 {
        self.iv
            .map_or(0, |(lo, hi)| lo.saturating_abs().max(hi.saturating_abs()))
    }
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

/// Renders `sx` as C. With `ranges` (printed constant name → the value range of its C
/// variable), arithmetic is evaluated in `long long`: variables under `+ - *` are cast, and an
/// expression whose magnitude may exceed [`WIDE_LIMIT`] is not rendered, so the C value is the
/// mathematical one the analysis meant. Also with `ranges`, comparisons the value intervals
/// decide (e.g. `8589934593 + data - t_b == 0` for 32-bit `int`s, which no C values satisfy)
/// are folded to `0`/`1`, and `!`, `&&`, `||` over folded parts are simplified, so an invariant
/// only mentions cases the variables' types allow.
fn render(
    sx: &Sx,
    names: &HashMap<String, String>,
    ranges: Option<&HashMap<String, (i128, i128)>>,
    arith: bool,
) -> Option<Rendered> {
    let plain = |text: String| Rendered {
        text,
        iv: None,
        truth: None,
    };
    let known = |b: bool| Rendered {
        text: if b { "1" } else { "0" }.into(),
        iv: None,
        truth: Some(b),
    };
    match sx {
        Sx::Atom(a) => {
            if a == "true" {
                return Some(known(true));
            }
            if a == "false" {
                return Some(known(false));
            }
            if let Ok(v) = a.parse::<i128>() {
                if ranges.is_some() && v.abs() >= WIDE_LIMIT {
                    return None;
                }
                let suffix = if ranges.is_some() && (arith || v.abs() > i32::MAX as i128) {
                    "LL"
                } else {
                    ""
                };
                let text = if v < 0 {
                    format!("({v}{suffix})")
                } else {
                    format!("{v}{suffix}")
                };
                return Some(Rendered {
                    text,
                    iv: ranges.map(|_| (v, v)),
                    truth: None,
                });
            }
            let name = names.get(a)?;
            match ranges.and_then(|r| r.get(a)) {
                // Boolean constants have no range.
                None => Some(plain(name.clone())),
                Some(&(lo, hi)) => Some(Rendered {
                    text: if arith {
                        format!("((long long){name})")
                    } else {
                        name.clone()
                    },
                    iv: Some((lo, hi)),
                    truth: None,
                }),
            }
        }
        Sx::List(items) => {
            let (Sx::Atom(op), args) = items.split_first()? else {
                return None;
            };
            let is_arith = matches!(op.as_str(), "+" | "*" | "-");
            let mut parts: Vec<Rendered> = args
                .iter()
                .map(|a| render(a, names, ranges, is_arith))
                .collect::<Option<Vec<_>>>()?;
            let fold = ranges.is_some();
            // Boolean connectives over parts whose truth is known
            if fold && matches!(op.as_str(), "and" | "or") && !parts.is_empty() {
                let unit = op == "and";
                if parts.iter().any(|p| p.truth == Some(!unit)) {
                    return Some(known(!unit));
                }
                parts.retain(|p| p.truth != Some(unit));
                match parts.len() {
                    0 => return Some(known(unit)),
                    1 => return parts.pop(),
                    _ => {}
                }
            }
            if fold && op == "not" && parts.len() == 1 {
                if let Some(b) = parts[0].truth {
                    return Some(known(!b));
                }
            }
            if fold && parts.len() == 2 {
                if let (Some(a), Some(b)) = (parts[0].iv, parts[1].iv) {
                    if let Some(b) = compare(op, a, b) {
                        return Some(known(b));
                    }
                }
            }
            let args: Vec<String> = parts.iter().map(|p| p.text.clone()).collect();
            let ivs: Option<Vec<(i128, i128)>> = parts.iter().map(|p| p.iv).collect();
            let iv = |f: &dyn Fn(&[Interval]) -> Interval| ivs.as_deref().map(f);
            let sum = |v: &[(i128, i128)]| {
                v.iter().fold((0i128, 0i128), |a, b| {
                    (a.0.saturating_add(b.0), a.1.saturating_add(b.1))
                })
            };
            let join = |sep: &str, iv: Option<(i128, i128)>| {
                Some(Rendered {
                    text: format!("({})", args.join(sep)),
                    iv,
                    truth: None,
                })
            };
            let r = match (op.as_str(), args.len()) {
                ("not", 1) => Some(plain(format!("!{}", args[0]))),
                ("and", _) if !args.is_empty() => join(" && ", None),
                ("or", _) if !args.is_empty() => join(" || ", None),
                ("=>", 2) => Some(plain(format!("(!{} || {})", args[0], args[1]))),
                ("=", 2) => join(" == ", None),
                ("/=" | "distinct" | "xor", 2) => join(" != ", None),
                (">=", 2) => join(" >= ", None),
                ("<=", 2) => join(" <= ", None),
                (">", 2) => join(" > ", None),
                ("<", 2) => join(" < ", None),
                ("+", _) if !args.is_empty() => join(" + ", iv(&sum)),
                ("*", _) if !args.is_empty() => join(
                    " * ",
                    iv(&|v: &[(i128, i128)]| v[1..].iter().fold(v[0], |a, b| iv_mul(a, *b))),
                ),
                ("-", 1) => Some(Rendered {
                    text: format!("(-{})", args[0]),
                    iv: iv(&|v: &[(i128, i128)]| {
                        (v[0].1.saturating_neg(), v[0].0.saturating_neg())
                    }),
                    truth: None,
                }),
                ("-", _) if args.len() >= 2 => join(
                    " - ",
                    iv(&|v: &[(i128, i128)]| {
                        let rest = sum(&v[1..]);
                        (v[0].0.saturating_sub(rest.1), v[0].1.saturating_sub(rest.0))
                    }),
                ),
                ("ite", 3) => Some(Rendered {
                    text: format!("({} ? {} : {})", args[0], args[1], args[2]),
                    iv: match (parts[1].iv, parts[2].iv) {
                        (Some(a), Some(b)) => Some((a.0.min(b.0), a.1.max(b.1))),
                        _ => None,
                    },
                    truth: None,
                }),
                _ => None,
            }?;
            if fold && r.bound() >= WIDE_LIMIT {
                return None;
            }
            Some(r)
        }
    }
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
    let mut common: BTreeSet<String> = kept[0].clone();
    for k in &kept[1..] {
        common = common.intersection(k).cloned().collect();
    }
    let rests: Vec<Vec<String>> = kept
        .iter()
        .map(|k| k.difference(&common).cloned().collect())
        .collect();
    let mut parts: Vec<String> = common.into_iter().collect();
    if !rests.iter().any(|r| r.is_empty()) {
        let mut ds: Vec<String> = rests
            .iter()
            .map(|r| {
                if r.len() == 1 {
                    r[0].clone()
                } else {
                    format!("({})", r.join(" && "))
                }
            })
            .collect();
        ds.sort();
        parts.push(if ds.len() == 1 {
            ds.pop().unwrap_or_default()
        } else {
            format!("({})", ds.join(" || "))
        });
    }
    if parts.is_empty() {
        "1".into()
    } else {
        parts.join(" && ")
    }
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
        let q = b.not().and2(x.eq(Term::int(-3)));
        let s = to_c(q, &names).unwrap();
        assert!(s.contains("!b") && s.contains("(-3)"), "{s}");
        let z = Term::var("cx_test_z", int_sort());
        assert_eq!(to_c(z.ge(Term::int(0)), &names), None);
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
        assert_eq!(dnf_to_c(vec![c(&["a"]), c(&["b", "d"])]), "((b && d) || a)");
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
        let s = to_c_exact(p, &names, &ranges).unwrap();
        assert!(
            s.contains("(long long)data") && s.contains("(long long)t_b"),
            "{s}"
        );
        assert!(s.contains("4294967295LL"), "{s}");
        // 2^33 + 1 + data - t_b == 0 holds for no `int` values: folded, and so are the
        // connectives around it.
        let p = Term::int((1 << 33) + 1).add(d).sub(t).eq(Term::int(0));
        assert_eq!(to_c_exact(p, &names, &ranges).unwrap(), "0");
        let q = p.or2(d.eq(t));
        assert_eq!(to_c_exact(q, &names, &ranges).unwrap(), "(data == t_b)");
        assert_eq!(
            to_c_exact(q.not(), &names, &ranges).unwrap(),
            "(data != t_b)"
        );
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
}
