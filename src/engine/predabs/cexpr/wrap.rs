//! Facts modulo 2^32 written as 32-bit C: the operands of a disjunction of equalities (or a
//! conjunction of disequalities) that together state one residue class of a linear form over
//! 32-bit variables become one unsigned comparison.
//!
//! Predicates over C's wrap-around arithmetic are closures modulo 2^32 (`predabs::modular`):
//! `data - t_b == 2` in C is `d == 2 || d == 2 - 2^32 || ...` over the integers (`d = data -
//! t_b`). Rendered literally, with the arithmetic in `long long`, that is
//! `(long long)data - t_b == 2 || (long long)data - t_b == -4294967294LL`. When every value of
//! the class `r (mod 2^32)` that the form can take (given the variables' ranges) is among the
//! operands, the operands say exactly `d ≡ r (mod 2^32)`, which C says in `unsigned int`
//! arithmetic: `(unsigned)data - t_b == 2` (conversion to `unsigned int` and its arithmetic
//! are modulo 2^32, so the left side is `d mod 2^32`, and no operation can overflow). Operands
//! that miss a member of the class keep their exact rendering.

use super::{Rendered, Sx};
use crate::ir::print::c_binop;
use crate::ir::BinOp;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The modulus of `unsigned int` arithmetic.
const MODULUS: i128 = 1 << 32;

/// Most values of one residue class within a form's range that a merge looks at.
const MAX_MEMBERS: i128 = 16;

/// Linear terms: coefficient per printed constant name (no zero coefficient).
type Terms = BTreeMap<String, i128>;

/// A linear form `Σ k·x + c`.
#[derive(Clone, Default)]
struct Linear {
    terms: Terms,
    c: i128,
}

impl Linear {
    fn scaled_add(&mut self, o: &Linear, k: i128) -> Option<()> {
        self.c = self.c.checked_add(o.c.checked_mul(k)?)?;
        for (x, a) in &o.terms {
            let e = self.terms.entry(x.clone()).or_insert(0);
            *e = e.checked_add(a.checked_mul(k)?)?;
            if *e == 0 {
                self.terms.remove(x);
            }
        }
        Some(())
    }
}

/// `sx` as a linear form (sums, differences, negations, products with one non-constant factor).
fn linear(sx: &Sx) -> Option<Linear> {
    match sx {
        Sx::Atom(a) => Some(match a.parse::<i128>() {
            Ok(v) => Linear {
                terms: Terms::new(),
                c: v,
            },
            Err(_) if a == "true" || a == "false" => return None,
            Err(_) => Linear {
                terms: [(a.clone(), 1)].into_iter().collect(),
                c: 0,
            },
        }),
        Sx::List(items) => {
            let (Sx::Atom(op), args) = items.split_first()? else {
                return None;
            };
            let forms: Vec<Linear> = args.iter().map(linear).collect::<Option<_>>()?;
            let mut acc = Linear::default();
            match (op.as_str(), forms.len()) {
                ("+", _) => {
                    for f in &forms {
                        acc.scaled_add(f, 1)?;
                    }
                }
                ("-", 1) => acc.scaled_add(&forms[0], -1)?,
                ("-", n) if n >= 2 => {
                    acc.scaled_add(&forms[0], 1)?;
                    for f in &forms[1..] {
                        acc.scaled_add(f, -1)?;
                    }
                }
                ("*", n) if n >= 1 => {
                    // at most one factor with terms
                    let mut k = 1i128;
                    let mut var: Option<&Linear> = None;
                    for f in &forms {
                        if f.terms.is_empty() {
                            k = k.checked_mul(f.c)?;
                        } else if var.replace(f).is_some() {
                            return None;
                        }
                    }
                    match var {
                        Some(f) => acc.scaled_add(f, k)?,
                        None => acc.c = k,
                    }
                }
                _ => return None,
            }
            Some(acc)
        }
    }
}

/// `sx` as `(equality?, terms, target)`: `Σ terms == target` (or `!=`), with the first term's
/// coefficient positive; None when not a comparison of linear forms with some term.
fn linear_fact(sx: &Sx) -> Option<(bool, Terms, i128)> {
    let Sx::List(items) = sx else { return None };
    let (Sx::Atom(op), args) = items.split_first()? else {
        return None;
    };
    let eq = match (op.as_str(), args) {
        ("not", [inner]) => {
            let (eq, t, c) = linear_fact(inner)?;
            return Some((!eq, t, c));
        }
        ("=", [_, _]) => true,
        ("/=" | "distinct", [_, _]) => false,
        _ => return None,
    };
    let mut d = linear(&args[0])?;
    d.scaled_add(&linear(&args[1])?, -1)?;
    let first = *d.terms.values().next()?;
    let (terms, target) = if first < 0 {
        (d.terms.into_iter().map(|(x, k)| (x, -k)).collect(), d.c)
    } else {
        (d.terms, d.c.checked_neg()?)
    };
    Some((eq, terms, target))
}

/// What becomes of one operand of a connective (see [`merge`]).
pub(super) enum Slot {
    /// Rendered as before.
    Keep,
    /// The first operand of a merged class: the class's unsigned comparison.
    Merged(Rendered),
    /// Another operand of a merged class.
    Drop,
}

/// The range of `Σ k·x` given the variables' ranges, when every variable has a range within 32
/// bits (so that its conversion to `unsigned int` is its value modulo 2^32) and a C name.
fn form_range(
    terms: &Terms,
    names: &HashMap<String, String>,
    ranges: &HashMap<String, (i128, i128)>,
) -> Option<(i128, i128)> {
    let mut iv = (0i128, 0i128);
    for (x, &k) in terms {
        names.get(x)?;
        let &(lo, hi) = ranges.get(x)?;
        if lo < i32::MIN as i128 || hi > u32::MAX as i128 || k.abs() > i32::MAX as i128 {
            return None;
        }
        let (a, b) = (k * lo, k * hi);
        iv = (iv.0 + a.min(b), iv.1 + a.max(b));
    }
    Some(iv)
}

/// The values in `iv` congruent to `r` modulo 2^32 (None when more than [`MAX_MEMBERS`]).
fn members(r: i128, iv: (i128, i128)) -> Option<Vec<i128>> {
    let first = iv.0 + (r - iv.0).rem_euclid(MODULUS);
    if first > iv.1 {
        return Some(Vec::new());
    }
    if (iv.1 - first) / MODULUS >= MAX_MEMBERS {
        return None;
    }
    Some(
        (0..)
            .map(|i| first + i * MODULUS)
            .take_while(|v| *v <= iv.1)
            .collect(),
    )
}

/// `Σ terms ≡ r (mod 2^32)` (or `≢`) in C: `unsigned int` arithmetic, the first operand cast
/// (`(unsigned)x`) or an unsigned coefficient (`3U * x`), so every operation is on `unsigned
/// int`; positive terms first, and the form negated when that makes the constant small
/// (`(unsigned)t_b - data == 1` rather than `(unsigned)data - t_b == 4294967295U`).
fn render_class(
    terms: &Terms,
    r: i128,
    eq: bool,
    names: &HashMap<String, String>,
) -> Option<Rendered> {
    let mut terms: Vec<(&String, i128)> = terms.iter().map(|(x, k)| (x, *k)).collect();
    let mut r = r.rem_euclid(MODULUS);
    if r > MODULUS / 2 && terms.iter().any(|(_, k)| *k < 0) {
        for t in terms.iter_mut() {
            t.1 = -t.1;
        }
        r = (MODULUS - r) % MODULUS;
    }
    terms.sort_by_key(|(_, k)| *k < 0);
    let mut text = String::new();
    for (i, (x, k)) in terms.iter().enumerate() {
        let name = names.get(*x)?;
        let m = k.abs();
        let term = match (i, m) {
            (0, 1) => format!("(unsigned){name}"),
            (_, 1) => name.clone(),
            _ => format!("{m}U * {name}"),
        };
        if i > 0 {
            text.push_str(if *k < 0 { " - " } else { " + " });
        }
        text.push_str(&term);
    }
    let op = if eq { BinOp::Eq } else { BinOp::Ne };
    let (sym, prec) = c_binop(op);
    let constant = if r > i32::MAX as i128 {
        format!("{r}U")
    } else {
        r.to_string()
    };
    Some(Rendered {
        text: format!("{text} {sym} {constant}"),
        prec,
        op: Some(op),
        iv: None,
        truth: None,
        wide: false,
    })
}

/// For the operands `args` of `op` (`or`: equalities, `and`: disequalities of linear forms),
/// the classes modulo 2^32 they state completely: per operand, whether it is kept, written as
/// its class's comparison, or dropped (another operand of a merged class). A class is merged
/// when its form's range holds two or more of its values and every one of them is an operand;
/// operands of the class outside the range (always false in `or`, true in `and`) go with it.
pub(super) fn merge(
    op: &str,
    args: &[Sx],
    names: &HashMap<String, String>,
    ranges: &HashMap<String, (i128, i128)>,
) -> Vec<Slot> {
    let mut slots: Vec<Slot> = args.iter().map(|_| Slot::Keep).collect();
    let want_eq = match op {
        "or" => true,
        "and" => false,
        _ => return slots,
    };
    // operand indices and targets per form
    let mut groups: BTreeMap<Terms, Vec<(usize, i128)>> = BTreeMap::new();
    for (i, a) in args.iter().enumerate() {
        if let Some((eq, terms, target)) = linear_fact(a) {
            if eq == want_eq {
                groups.entry(terms).or_default().push((i, target));
            }
        }
    }
    for (terms, facts) in groups {
        if facts.len() < 2 {
            continue;
        }
        let Some(iv) = form_range(&terms, names, ranges) else {
            continue;
        };
        let targets: BTreeSet<i128> = facts.iter().map(|f| f.1).collect();
        let classes: BTreeSet<i128> = targets.iter().map(|t| t.rem_euclid(MODULUS)).collect();
        for r in classes {
            let Some(m) = members(r, iv) else { continue };
            if m.len() < 2 || !m.iter().all(|v| targets.contains(v)) {
                continue;
            }
            let Some(merged) = render_class(&terms, r, want_eq, names) else {
                continue;
            };
            let mut at: Vec<usize> = facts
                .iter()
                .filter(|f| f.1.rem_euclid(MODULUS) == r)
                .map(|f| f.0)
                .collect();
            at.sort();
            for &i in &at[1..] {
                slots[i] = Slot::Drop;
            }
            slots[at[0]] = Slot::Merged(merged);
        }
    }
    slots
}

#[cfg(test)]
mod tests {
    use super::super::{parse, render, to_c_exact};
    use crate::smt::{int_sort, Term};
    use std::collections::HashMap;

    const INT: (i128, i128) = (i32::MIN as i128, i32::MAX as i128);
    const M: i128 = 1 << 32;

    /// Renders `sx` with `d` named `data` and `t` named `t_b` (`int`s) and `x` (`int`).
    fn c(sx: &str) -> String {
        let names: HashMap<String, String> = [("d", "data"), ("t", "t_b"), ("x", "x")]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        let ranges: HashMap<String, (i128, i128)> = [("d", INT), ("t", INT), ("x", INT)]
            .iter()
            .map(|(a, b)| (a.to_string(), *b))
            .collect();
        render(&parse(sx).unwrap(), &names, Some(&ranges), false)
            .unwrap()
            .text
    }

    #[test]
    fn a_complete_class_is_one_unsigned_comparison() {
        assert_eq!(
            c("(or (= (+ d (* -1 t)) 2) (= (+ d (* -1 t)) -4294967294))"),
            "(unsigned)data - t_b == 2"
        );
        // members out of the form's range go with the class; the order does not matter
        assert_eq!(
            c("(or (= (+ d (* -1 t)) 4294967298) (= (+ d (* -1 t)) -4294967294) (= 2 (+ d (* -1 t))))"),
            "(unsigned)data - t_b == 2"
        );
        assert_eq!(
            c("(and (/= (+ d (* -1 t)) 2) (not (= (+ d (* -1 t)) -4294967294)))"),
            "(unsigned)data - t_b != 2"
        );
        // written with a small constant: `t_b - data ≡ -1` is `data - t_b ≡ 1`
        assert_eq!(
            c("(or (= (+ t (* -1 d)) -1) (= (+ t (* -1 d)) 4294967295))"),
            "(unsigned)data - t_b == 1"
        );
        // other operands stay as they were
        assert_eq!(
            c("(or (= x 3) (= (+ d (* -1 t)) 2) (= (+ d (* -1 t)) -4294967294))"),
            "x == 3 || (unsigned)data - t_b == 2"
        );
        // coefficients are unsigned: `3 * x` in `int` could overflow
        let form = "(+ (* 3 d) t)";
        let lits: Vec<String> = (-4..4)
            .map(|k| format!("(= {form} {})", 5 + k * M))
            .collect();
        assert_eq!(
            c(&format!("(or {})", lits.join(" "))),
            "3U * data + t_b == 5"
        );
    }

    #[test]
    fn an_incomplete_class_keeps_its_exact_form() {
        // 2 - 2^32 is a value of `data - t_b`: without it the class is not stated
        let s = c("(or (= (+ d (* -1 t)) 2) (= (+ d (* -1 t)) 4294967298))");
        assert_eq!(s, "(long long)data - t_b == 2");
        // equalities under `&&`, disequalities under `||`: not a class
        let s = c("(and (= (+ d (* -1 t)) 2) (= (+ d (* -1 t)) -4294967294))");
        assert!(!s.contains("unsigned"), "{s}");
        // a 64-bit variable does not convert to `unsigned int` without losing its value
        // (not rendered at all: `long long` arithmetic could overflow)
        let names: HashMap<String, String> = [("w", "w"), ("t", "t_b")]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        let ranges: HashMap<String, (i128, i128)> =
            [("w", (i64::MIN as i128, i64::MAX as i128)), ("t", INT)]
                .iter()
                .map(|(a, b)| (a.to_string(), *b))
                .collect();
        let sx = parse("(or (= (+ w (* -1 t)) 2) (= (+ w (* -1 t)) -4294967294))").unwrap();
        assert!(matches!(
            super::merge(
                "or",
                match &sx {
                    super::Sx::List(items) => &items[1..],
                    _ => unreachable!(),
                },
                &names,
                &ranges
            )[..],
            [super::Slot::Keep, super::Slot::Keep]
        ));
    }

    /// The rendered disjunctions and conjunctions mean, for `cc` with UBSan, what they mean
    /// over the integers: random linear forms over variables of several types, each with a
    /// complete class (merged), a class missing a member (not merged), as `||` of equalities
    /// and as `&&` of disequalities, evaluated on boundary and random values.
    #[test]
    fn classes_mean_the_same_for_cc() {
        let decls = [
            ("int", "i", i32::MIN as i128, i32::MAX as i128),
            ("unsigned int", "u", 0, u32::MAX as i128),
            ("short", "s", i16::MIN as i128, i16::MAX as i128),
            ("unsigned char", "c", 0, 255),
            ("int", "j", i32::MIN as i128, i32::MAX as i128),
        ];
        let vars: Vec<Term> = decls
            .iter()
            .map(|d| Term::var(&format!("cw_cc_{}", d.1), int_sort()))
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
        let mut next = super::super::super::test_rng(0x32);
        type Eval = Box<dyn Fn(&[i128]) -> bool>;
        let mut facts: Vec<(String, Eval)> = Vec::new();
        for _ in 0..300 {
            let mut coeffs: Vec<(usize, i128)> = Vec::new();
            for _ in 0..1 + next(3) {
                let k = next(7) as i128 - 3;
                if k != 0 {
                    coeffs.push((next(vars.len() as u64) as usize, k));
                }
            }
            let mut form = Term::int(0);
            let (mut lo, mut hi) = (0i128, 0i128);
            for &(i, k) in &coeffs {
                form = form.add(Term::int(k).mul(vars[i]));
                let (a, b) = (k * decls[i].2, k * decls[i].3);
                lo += a.min(b);
                hi += a.max(b);
            }
            let r = [0i128, 1, 2, -1, 7, 1 << 31, M - 2][next(7) as usize];
            let first = lo + (r - lo).rem_euclid(M);
            let mut targets: Vec<i128> = (0..)
                .map(|n| first + n * M)
                .take_while(|v| *v <= hi)
                .collect();
            if targets.len() > 12 {
                continue;
            }
            match next(4) {
                // a member missing
                0 if !targets.is_empty() => {
                    targets.remove(next(targets.len() as u64) as usize);
                }
                // a member outside the range as well
                1 => targets.push(hi + M),
                _ => {}
            }
            if targets.is_empty() {
                continue;
            }
            let eqs: Vec<Term> = targets.iter().map(|t| form.eq(Term::int(*t))).collect();
            let positive = next(2) == 0;
            let term = if positive {
                Term::or(&eqs)
            } else {
                Term::or(&eqs).not()
            };
            let Some(s) = to_c_exact(term, &names, &ranges) else {
                continue;
            };
            let coeffs2 = coeffs.clone();
            let eval = move |v: &[i128]| {
                let l: i128 = coeffs2.iter().map(|(i, k)| k * v[*i]).sum();
                targets.contains(&l) == positive
            };
            facts.push((s, Box::new(eval)));
        }
        let merged = facts
            .iter()
            .filter(|(s, _)| s.contains("(unsigned)") || s.contains("U *"))
            .count();
        assert!(merged > 50, "only {merged} of {} merged", facts.len());
        let mut next_val = super::super::super::test_rng(0x33);
        let mut vals: Vec<Vec<i128>> = Vec::new();
        for n in 0..80u64 {
            vals.push(
                decls
                    .iter()
                    .map(|&(_, _, lo, hi)| {
                        let pick = [lo, hi, 0, 1, lo + 1, hi - 1, (lo + hi) / 2];
                        match (n + next_val(3)) % 4 {
                            0 | 1 => pick[next_val(pick.len() as u64) as usize],
                            2 => lo + next_val(256) as i128,
                            _ => hi - next_val(256) as i128,
                        }
                        .clamp(lo, hi)
                    })
                    .collect(),
            );
        }
        let exprs: Vec<&str> = facts.iter().map(|(s, _)| s.as_str()).collect();
        let truths = super::super::tests::cc_truths("cwrap", &decls, &vals, &exprs);
        for (v, row) in vals.iter().zip(&truths) {
            for ((s, eval), t) in facts.iter().zip(row) {
                assert_eq!(*t, eval(v), "`{s}` at {v:?}");
            }
        }
    }
}
