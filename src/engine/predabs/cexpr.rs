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

fn render(sx: &Sx, names: &HashMap<String, String>) -> Option<String> {
    match sx {
        Sx::Atom(a) => {
            if a == "true" {
                return Some("1".into());
            }
            if a == "false" {
                return Some("0".into());
            }
            if let Ok(v) = a.parse::<i128>() {
                return Some(if v < 0 {
                    format!("({v})")
                } else {
                    v.to_string()
                });
            }
            names.get(a).cloned()
        }
        Sx::List(items) => {
            let (Sx::Atom(op), args) = items.split_first()? else {
                return None;
            };
            let args: Vec<String> = args
                .iter()
                .map(|a| render(a, names))
                .collect::<Option<Vec<_>>>()?;
            let join = |sep: &str| Some(format!("({})", args.join(sep)));
            match (op.as_str(), args.len()) {
                ("not", 1) => Some(format!("!{}", args[0])),
                ("and", _) if !args.is_empty() => join(" && "),
                ("or", _) if !args.is_empty() => join(" || "),
                ("=>", 2) => Some(format!("(!{} || {})", args[0], args[1])),
                ("=", 2) => join(" == "),
                ("/=" | "distinct" | "xor", 2) => join(" != "),
                (">=", 2) => join(" >= "),
                ("<=", 2) => join(" <= "),
                (">", 2) => join(" > "),
                ("<", 2) => join(" < "),
                ("+", _) if !args.is_empty() => join(" + "),
                ("*", _) if !args.is_empty() => join(" * "),
                ("-", 1) => Some(format!("(-{})", args[0])),
                ("-", _) if args.len() >= 2 => join(" - "),
                ("ite", 3) => Some(format!("({} ? {} : {})", args[0], args[1], args[2])),
                _ => None,
            }
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
    render(&parse(&t.to_string())?, &printed)
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
