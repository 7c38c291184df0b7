//! Printing predicates (Yices terms over the canonical variable constants) as C expressions, for
//! loop-head invariants. Works on Yices' printed s-expression; linear integer arithmetic,
//! comparisons and Boolean connectives are supported, anything else (bit-vector operators,
//! `div`/`mod`, whose C semantics differ) gives `None`.

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
}
