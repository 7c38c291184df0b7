//! Unit tests of the proof checker: certificates from the engines are accepted, certificates
//! broken on purpose (not initiated, not inductive, not safe, too small a k, a label dropped or
//! weakened) are rejected.

use super::*;
use crate::engine::{EngineKind, VerifyOptions};
use crate::ir::{BinOp, Type};
use std::path::PathBuf;
use std::time::Duration;

fn load(src: &str) -> Program {
    let opts = crate::frontend::FrontendOptions {
        include_dirs: vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("include")],
        defines: vec![],
        target: crate::target::Target::ilp32(),
        ..Default::default()
    };
    let mut sources = crate::diag::SourceMap::new();
    match crate::frontend::load_str("test.c", src, &opts, &mut sources) {
        Ok(l) => l.program,
        Err(d) => panic!("front end: {d:?}"),
    }
}

/// A saturating counter: `x <= 10` is an inductive invariant of the loop that proves safety.
const SATURATING: &str = r#"
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
    unsigned x = 0;
    while (__VERIFIER_nondet_int()) {
        if (x < 10) x++;
    }
    if (x > 10) reach_error();
    return 0;
}
"#;

fn var(p: &Program, name: &str) -> VarId {
    let i = p
        .vars
        .iter()
        .position(|v| v.name == name || v.name.ends_with(&format!("::{name}")))
        .unwrap_or_else(|| panic!("no variable {name}"));
    VarId(i as u32)
}

fn head(p: &Program) -> LocId {
    p.main().loops[0].head
}

/// `x <op> c` at the loop head.
fn cert(p: &Program, op: BinOp, c: i128, k: u32) -> Certificate {
    let x = var(p, "x");
    let ty = Type::int(32, false);
    Certificate {
        engine: "test",
        sem: Semantics::BitVector,
        labels: Labels::Exprs(vec![(
            head(p),
            vec![Expr::bin(op, Expr::Var(x), Expr::Const(c, ty))],
        )]),
        k,
        exhaustive: false,
    }
}

fn refuted(r: Result<CheckStats, CheckError>, what: &str) {
    match r {
        Err(CheckError::Refuted(m)) => assert!(m.contains(what), "{m}"),
        other => panic!("expected a refutation mentioning {what}, got {other:?}"),
    }
}

const T: Option<Duration> = Some(Duration::from_secs(30));

#[test]
fn inductive_safe_invariant_is_accepted() {
    let p = load(SATURATING);
    check(&p, &cert(&p, BinOp::Le, 10, 1), T).unwrap();
    for sem in [Semantics::WrappedInt, Semantics::Integer] {
        let mut c = cert(&p, BinOp::Le, 10, 1);
        c.sem = sem;
        check(&p, &c, T).unwrap();
    }
}

#[test]
fn invariant_not_initiated_is_rejected() {
    let p = load(SATURATING);
    refuted(check(&p, &cert(&p, BinOp::Ge, 1, 1), T), "initiation");
}

#[test]
fn non_inductive_invariant_is_rejected() {
    let p = load(SATURATING);
    refuted(check(&p, &cert(&p, BinOp::Le, 5, 1), T), "consecution");
}

#[test]
fn unsafe_invariant_is_rejected() {
    let p = load(SATURATING);
    refuted(check(&p, &cert(&p, BinOp::Le, 11, 1), T), "safety");
    // No label at all: `true` does not exclude the error.
    let c = Certificate {
        labels: Labels::Exprs(vec![]),
        ..cert(&p, BinOp::Le, 10, 1)
    };
    refuted(check(&p, &c, T), "safety");
}

#[test]
fn k_induction_is_checked_and_too_small_k_rejected() {
    // 3-inductive without any label, neither 1- nor 2-inductive: y is x of the previous
    // iteration, x is 0 after the first.
    let src = r#"
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
    unsigned x = 0, y = 0;
    while (__VERIFIER_nondet_int()) {
        if (y != 0) reach_error();
        y = x;
        x = 0;
    }
    return 0;
}
"#;
    let p = load(src);
    let none = |k| Certificate {
        labels: Labels::Exprs(vec![]),
        ..cert(&p, BinOp::Le, 1, k)
    };
    refuted(check(&p, &none(1), T), "safety");
    refuted(check(&p, &none(2), T), "2-induction step");
    check(&p, &none(3), T).unwrap();
    check(&p, &none(5), T).unwrap();
    // A wrong label is still rejected with a larger k.
    refuted(check(&p, &cert(&p, BinOp::Ge, 1, 3), T), "initiation");
}

#[test]
fn base_case_is_checked() {
    // The error happens in the second iteration: a certificate with k = 3 and a label that is
    // inductive but not safe must fail in the base case.
    let src = r#"
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
    unsigned x = 0;
    while (1) {
        if (x == 1) reach_error();
        if (x < 5) x++;
    }
    return 0;
}
"#;
    let p = load(src);
    refuted(check(&p, &cert(&p, BinOp::Le, 5, 3), T), "base case");
}

fn engine_cert(p: &Program, kind: EngineKind) -> Certificate {
    let o = VerifyOptions {
        timeout: Some(Duration::from_secs(60)),
        ..VerifyOptions::default()
    };
    let out = match kind {
        EngineKind::Predabs => crate::engine::predabs::verify(p, &o),
        k => crate::engine::bmc::verify(p, &o, k),
    };
    assert!(
        matches!(out.verdict, crate::verdict::Verdict::Safe { .. }),
        "{:?}",
        out.verdict
    );
    *out.certificate.expect("a certificate")
}

#[test]
fn predabs_certificate_is_accepted_and_broken_ones_are_not() {
    let p = load(SATURATING);
    let c = engine_cert(&p, EngineKind::Predabs);
    check(&p, &c, T).unwrap();
    let Labels::Terms { canon, at } = &c.labels else {
        panic!("predabs gives terms")
    };
    let h = head(&p);
    assert!(at.iter().any(|(l, _)| *l == h));
    // Weaken the loop-head label to true: no longer safe.
    let top = Disjunct {
        fixed: vec![],
        rest: Term::tt(),
    };
    let weakened: Vec<(LocId, Vec<Disjunct>)> = at
        .iter()
        .map(|(l, t)| {
            (
                *l,
                if *l == h {
                    vec![top.clone()]
                } else {
                    t.clone()
                },
            )
        })
        .collect();
    let bad = Certificate {
        labels: Labels::Terms {
            canon: canon.clone(),
            at: weakened,
        },
        ..c.clone()
    };
    assert!(check(&p, &bad, T).is_err());
    // Drop every state at the loop head (label false): not initiated.
    let dropped: Vec<(LocId, Vec<Disjunct>)> = at
        .iter()
        .map(|(l, t)| (*l, if *l == h { vec![] } else { t.clone() }))
        .collect();
    let bad = Certificate {
        labels: Labels::Terms {
            canon: canon.clone(),
            at: dropped,
        },
        ..c
    };
    refuted(check(&p, &bad, T), "initiation");
}

#[test]
fn fixed_values_are_evaluated_exactly() {
    // Bitwise operations on tracked values: the WrappedInt encoding approximates `|` of
    // unknown operands, so the checker must substitute the values the labels fix.
    let src = r#"
void reach_error(void);
int main(void) {
    unsigned char b[2] = {0, 0};
    for (int i = 0; i < 2; i++) b[i] = (unsigned char)(i + 1);
    if ((b[0] | (b[1] << 8)) != 0x0201) reach_error();
    return 0;
}
"#;
    let p = load(src);
    let c = engine_cert(&p, EngineKind::Predabs);
    check(&p, &c, T).unwrap();
}

#[test]
fn kinduction_certificate_is_accepted() {
    let p = load(SATURATING);
    let c = engine_cert(&p, EngineKind::Kinduction);
    check(&p, &c, T).unwrap();
}

#[test]
fn zero_budget_is_inconclusive() {
    let p = load(SATURATING);
    // A zero budget: inconclusive, never accepted.
    match check(&p, &cert(&p, BinOp::Le, 10, 1), Some(Duration::ZERO)) {
        Err(CheckError::Inconclusive(_)) => {}
        other => panic!("{other:?}"),
    }
}

const BOUNDED: &str = r#"
void reach_error(void);
int main(void) {
    int x = 0;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 2; j++) x++;
    }
    if (x != 6) reach_error();
    return 0;
}
"#;

#[test]
fn bmc_exhaustive_certificate_is_accepted_and_wrong_claims_are_not() {
    let p = load(BOUNDED);
    let c = engine_cert(&p, EngineKind::Bmc);
    assert!(c.exhaustive);
    check(&p, &c, T).unwrap();
    // The same claim for a program that does fail.
    let bug = load(&BOUNDED.replace("x != 6", "x != 5"));
    refuted(check(&bug, &c, T), "exhaustive unrolling");
    // A loop that never ends: the exhaustive check cannot finish (inconclusive, not accepted).
    let endless = load(&BOUNDED.replace("i < 3; i++", "i < 3; i = 0"));
    assert!(check(&endless, &c, Some(Duration::from_secs(3))).is_err());
}

#[test]
fn summary_counts_the_obligations_and_names_a_failure() {
    let p = load(SATURATING);
    let c = cert(&p, BinOp::Le, 10, 1);
    let r = check(&p, &c, T);
    let s = summary(&c, &r, Duration::from_millis(3));
    assert_eq!(
        (s.kind.as_str(), s.result.as_str(), s.k),
        ("invariants", "passed", 1)
    );
    let ob = s.obligations.expect("a passed check has counts");
    assert_eq!(ob.cut_points, 1);
    assert!(ob.cases >= 1 && ob.initiation >= 1 && ob.consecution >= 1);
    assert!(ob.safety >= 1, "{ob:?}");
    assert_eq!((ob.base_case, ob.inductive_step, ob.nodes), (0, 0, 0));
    assert_eq!(s.queries, r.as_ref().ok().map(|st| st.queries));
    assert!(s.why.is_none() && s.rests_on.len() == 1);

    // a label weakened on purpose: refuted, with the failed obligation and no counts
    let bad = cert(&p, BinOp::Le, 11, 1);
    let r = check(&p, &bad, T);
    let s = summary(&bad, &r, Duration::ZERO);
    assert_eq!(s.result, "refuted");
    assert!(s.why.as_deref().unwrap().contains("safety"), "{s:?}");
    assert!(s.obligations.is_none() && s.queries.is_none());

    // k-induction
    let k3 = Certificate {
        labels: Labels::Exprs(vec![]),
        ..cert(&p, BinOp::Le, 10, 3)
    };
    assert_eq!(kind_name(&k3), "k_induction");
    let exh = Certificate {
        exhaustive: true,
        ..cert(&p, BinOp::Le, 10, 1)
    };
    assert_eq!(kind_name(&exh), "complete_unrolling");
}

/// `x == 0 || x == 1 || ... || x == hi` at the loop head (a label of value cubes).
fn value_set(p: &Program, hi: i128) -> Expr {
    let x = var(p, "x");
    let ty = Type::int(32, false);
    (0..=hi)
        .map(|c| Expr::bin(BinOp::Eq, Expr::Var(x), Expr::Const(c, ty)))
        .reduce(|a, b| Expr::bin(BinOp::Or, a, b))
        .unwrap()
}

#[test]
fn expression_labels_are_split_into_cubes_with_fixed_values() {
    let p = load(SATURATING);
    let x = var(&p, "x");
    let ty = Type::int(32, false);
    let eq = |c| Expr::bin(BinOp::Eq, Expr::Var(x), Expr::Const(c, ty));
    let le = |c| Expr::bin(BinOp::Le, Expr::Var(x), Expr::Const(c, ty));
    // (x == 1 || x <= 5) && (x == 1 || x == 2): four cubes, one contradictory (x == 1 && x == 2)
    let e = Expr::bin(
        BinOp::And,
        Expr::bin(BinOp::Or, eq(1), le(5)),
        Expr::bin(BinOp::Or, eq(1), eq(2)),
    );
    let cubes = label_cubes(&p, std::slice::from_ref(&e), 100).unwrap();
    assert_eq!(
        cubes,
        vec![
            (vec![(x, 1)], vec![]),
            (vec![(x, 1)], vec![le(5)]),
            (vec![(x, 2)], vec![le(5)]),
        ]
    );
    assert_eq!(label_cubes(&p, &[e], 3), None);
    // the same verdicts as one formula: the value set 0..=10 is inductive and safe, 0..=9 is
    // not inductive (9 steps to 10), 0..=11 is not safe
    let at = |e: Expr| Certificate {
        labels: Labels::Exprs(vec![(head(&p), vec![e])]),
        ..cert(&p, BinOp::Le, 10, 1)
    };
    check(&p, &at(value_set(&p, 10)), T).unwrap();
    refuted(check(&p, &at(value_set(&p, 9)), T), "consecution");
    refuted(check(&p, &at(value_set(&p, 11)), T), "safety");
    // past the cube limit: one formula, the same verdicts
    let wide = |hi| {
        let big = (0..=12).map(|_| value_set(&p, 1)).collect::<Vec<_>>();
        let mut es = vec![value_set(&p, hi)];
        // 2^13 cubes, each `x` fixed to 0 or 1 (consistent or dropped) and x in 0..=hi
        es.extend(big.into_iter().map(|b| Expr::bin(BinOp::Or, b, le(10))));
        es
    };
    assert_eq!(label_cubes(&p, &wide(10), EXPR_CUBES), None);
    let at_all = |es: Vec<Expr>| Certificate {
        labels: Labels::Exprs(vec![(head(&p), es)]),
        ..cert(&p, BinOp::Le, 10, 1)
    };
    check(&p, &at_all(wide(10)), T).unwrap();
    refuted(check(&p, &at_all(wide(9)), T), "consecution");
}

/// Two saturating counters in two loops: `x` counts to 10 in the first, `y` to 5 in the second.
const TWO_COUNTERS: &str = r#"
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
    unsigned x = 0, y = 0;
    while (__VERIFIER_nondet_int()) {
        if (x < 10) x++;
    }
    while (__VERIFIER_nondet_int()) {
        if (y < 5) y++;
    }
    if (x > 10 || y > 5) reach_error();
    return 0;
}
"#;

#[test]
fn cached_checks_reuse_proved_cases_and_give_the_same_verdicts() {
    let p = load(TWO_COUNTERS);
    let heads: Vec<LocId> = p.main().loops.iter().map(|l| l.head).collect();
    assert_eq!(heads.len(), 2);
    let ty = Type::int(32, false);
    let set = |name: &str, hi: i128| {
        let v = var(&p, name);
        (0..=hi)
            .map(|c| Expr::bin(BinOp::Eq, Expr::Var(v), Expr::Const(c, ty)))
            .reduce(|a, b| Expr::bin(BinOp::Or, a, b))
            .unwrap()
    };
    // x's values (and y == 0) at the first head, x's and y's at the second
    let at = |x1: i128, x2: i128, y2: i128| Certificate {
        engine: "test",
        sem: Semantics::BitVector,
        labels: Labels::Exprs(vec![
            (heads[0], vec![set("x", x1), set("y", 0)]),
            (heads[1], vec![set("x", x2), set("y", y2)]),
        ]),
        k: 1,
        exhaustive: false,
    };
    let mut cache = cache::CaseCache::default();
    let first = check_cached(&p, &at(10, 10, 5), T, &mut cache).unwrap();
    assert_eq!(cache.hits, 0);
    // the same labels: every case is known, only initiation is asked
    let again = check_cached(&p, &at(10, 10, 5), T, &mut cache).unwrap();
    assert!(
        cache.hits > 0 && again.obligations.cases == 0 && first.obligations.cases > 0,
        "{again:?}"
    );
    // each variant gives the verdict of the uncached check: y may be 6 at the second head
    // (new cases, not safe); x may not be 10 at the first (its cases end in a stronger label);
    // x may not be 10 at the second (the first head's cases end there); a weaker label at
    // the second head with the first's cases known
    for (x1, x2, y2) in [
        (10, 10, 6),
        (9, 10, 5),
        (10, 9, 5),
        (10, 10, 5),
        (10, 11, 5),
    ] {
        let plain = check(&p, &at(x1, x2, y2), T);
        let cached = check_cached(&p, &at(x1, x2, y2), T, &mut cache);
        assert_eq!(plain.is_ok(), cached.is_ok(), "{x1} {x2} {y2}: {cached:?}");
        if let Err(e) = cached {
            assert!(matches!(e, CheckError::Refuted(_)), "{e:?}");
        }
    }
    assert!(check_cached(&p, &at(10, 10, 6), T, &mut cache).is_err());
    assert!(check_cached(&p, &at(9, 10, 5), T, &mut cache).is_err());
}
