//! Unit tests of the smt module (terms, contexts, models, interpolation, threads).
use super::*;
use std::time::Duration;

fn valid(t: Term) -> bool {
    let mut c = Context::new();
    c.assert(t.not());
    c.check() == SatResult::Unsat
}

fn unsat(ts: &[Term]) -> bool {
    let mut c = Context::new();
    c.assert_all(ts);
    c.check() == SatResult::Unsat
}

#[test]
fn push_pop() {
    let x = Term::var("x", int_sort());
    let mut c = Context::new();
    c.assert(x.gt(Term::int(3)));
    assert_eq!(c.check(), SatResult::Sat);
    c.push();
    c.assert(x.lt(Term::int(2)));
    assert_eq!(c.check(), SatResult::Unsat);
    c.push(); // pushing on an unsat level is allowed
    c.assert(x.eq(Term::int(0)));
    assert_eq!(c.check(), SatResult::Unsat);
    c.pop();
    c.pop();
    assert_eq!(c.depth(), 0);
    assert_eq!(c.check(), SatResult::Sat);
    let m = c.model().expect("model");
    assert!(m.int_value(x).unwrap() > 3);
}

#[test]
fn base_level_false_then_push() {
    let mut c = Context::new();
    c.assert(Term::ff());
    c.push();
    c.assert(Term::tt());
    assert_eq!(c.check(), SatResult::Unsat);
    c.pop();
    assert_eq!(c.check(), SatResult::Unsat);
}

#[test]
fn model_values() {
    let x = Term::var("x", int_sort());
    let b = Term::var("b", bv_sort(8));
    let p = Term::var("p", bool_sort());
    let big = Term::var("big", int_sort());
    let mut c = Context::new();
    c.assert(x.eq(Term::int(-7)));
    c.assert(b.eq(Term::bv(8, -2)));
    c.assert(p);
    c.assert(big.eq(Term::int(1i128 << 80)));
    assert_eq!(c.check(), SatResult::Sat);
    let m = c.model().unwrap();
    assert_eq!(m.int_value(x), Some(-7));
    assert_eq!(m.bv_value(b, true), Some(-2));
    assert_eq!(m.bv_value(b, false), Some(254));
    assert_eq!(m.bool_value(p), Some(true));
    assert_eq!(m.eval_bool(x.lt(Term::int(0)).and2(p)), Some(true));
    assert_eq!(m.int_value(big), Some(1i128 << 80));
    assert_eq!(m.int_value(x.add(Term::int(10))), Some(3));
    // 64-bit extremes
    let w = Term::var("w", bv_sort(64));
    let mut c = Context::new();
    c.assert(w.eq(Term::bv(64, i64::MIN as i128)));
    assert_eq!(c.check(), SatResult::Sat);
    let m = c.model().unwrap();
    assert_eq!(m.bv_value(w, true), Some(i64::MIN as i128));
    assert_eq!(m.bv_value(w, false), Some(1i128 << 63));
    // No model after unsat.
    let mut c = Context::new();
    c.assert(Term::ff());
    assert_eq!(c.check(), SatResult::Unsat);
    assert!(c.model().is_none());
}

#[test]
fn constants_and_inspection() {
    assert_eq!(Term::int(42).int_const(), Some(42));
    assert_eq!(Term::int(-(1i128 << 70)).int_const(), Some(-(1i128 << 70)));
    assert_eq!(Term::bv(8, 300).bv_const(false), Some(44));
    assert_eq!(Term::bv(8, -1).bv_const(true), Some(-1));
    assert_eq!(Term::bv(100, -3).bv_const(true), Some(-3));
    assert!(Term::tt().is_true() && Term::ff().is_false());
    assert!(Term::bool(true).is_bool());
    let x = Term::var("x", bv_sort(16));
    assert_eq!(x.bv_width(), 16);
    assert_eq!(x.sort(), bv_sort(16));
    assert_eq!(x.sign_extend(16).bv_width(), 32);
    assert_eq!(x.extract(7, 0).bv_width(), 8);
    assert!(valid(x.extract(15, 8).bvconcat(x.extract(7, 0)).eq(x)));
    assert!(valid(Term::bv(8, -3).sign_extend(8).eq(Term::bv(16, -3))));
    assert!(valid(Term::bv(8, -3).zero_extend(8).eq(Term::bv(16, 253))));
}

#[test]
fn names_fresh_and_display() {
    let a = Term::var("n", int_sort());
    let b = Term::var("n", int_sort());
    assert_ne!(a, b);
    assert_eq!(a.name().as_deref(), Some("n"));
    assert_eq!(b.name().as_deref(), Some("n"));
    assert_eq!(Term::int(3).name(), None);
    let s = a.add(b).gt(Term::int(0)).to_string();
    assert!(!s.contains('\n'), "{s}");
    assert!(s.contains('n'), "{s}");
    // A long term still prints on one line.
    let vs: Vec<Term> = (0..200)
        .map(|i| Term::var(&format!("long_name_{i}"), int_sort()).gt(Term::int(i)))
        .collect();
    let s = Term::and(&vs).to_string();
    assert!(!s.contains('\n') && s.contains("long_name_199"), "{s}");
}

#[test]
fn atoms_free_vars_subst() {
    let x = Term::var("x", int_sort());
    let y = Term::var("y", int_sort());
    let p = Term::var("p", bool_sort());
    let a1 = x.lt(y);
    let a2 = x.eq(Term::int(3));
    let f = Term::and(&[a1, p.implies(a2.not()), a1.iff(p), Term::ite(p, a1, a2)]);
    let atoms = f.atoms();
    assert_eq!(atoms.len(), 3, "{atoms:?}");
    for a in [a1, a2, p] {
        // Yices may normalise the atom (x < y is printed as (>= ...) negated), so compare
        // membership modulo negation.
        assert!(
            atoms.contains(&a) || atoms.contains(&a.not()),
            "{a} not in {atoms:?}"
        );
    }
    let mut fv = f.free_vars();
    fv.dedup();
    let mut want = vec![x, y, p];
    want.sort();
    assert_eq!(fv, want);
    // free vars inside sums, products, bit-vector sums and bit selects
    let z = Term::var("z", int_sort());
    let s = x.add(y.mul(Term::int(3))).add(z.mul(z)).ge(Term::int(1));
    let mut want = vec![x, y, z];
    want.sort();
    assert_eq!(s.free_vars(), want);
    let u = Term::var("u", bv_sort(8));
    let v = Term::var("v", bv_sort(8));
    let bvt = u
        .bvadd(v.bvmul(Term::bv(8, 5)))
        .extract(3, 3)
        .eq(Term::bv(1, 1));
    let mut want = vec![u, v];
    want.sort();
    assert_eq!(bvt.free_vars(), want);
    // subst
    let g = x.add(y).eq(Term::int(10));
    let h = g.subst(&[x, y], &[Term::int(4), Term::int(6)]);
    assert!(h.is_true(), "{h}");
    let h2 = g.subst(&[x], &[y]);
    assert_eq!(h2.free_vars(), vec![y]);
    // An integer ite's condition is part of the atom, not an atom itself.
    let t = Term::ite(p, x, y).gt(Term::int(0));
    assert_eq!(t.atoms().len(), 1);
}

#[test]
fn check_assuming_and_core() {
    let x = Term::var("x", int_sort());
    let a = x.gt(Term::int(5));
    let b = x.lt(Term::int(3));
    let c0 = x.eq(Term::int(7));
    let mut c = Context::new();
    c.assert(x.ge(Term::int(0)));
    assert_eq!(c.check_assuming(&[a, c0]), SatResult::Sat);
    assert_eq!(c.check_assuming(&[a, b, c0]), SatResult::Unsat);
    let core = c.unsat_core();
    assert!(core.contains(&a) && core.contains(&b) && !core.contains(&c0));
    assert_eq!(c.check(), SatResult::Sat);
}

#[test]
fn nonlinear_assert_gives_unknown_until_pop() {
    let x = Term::var("x", int_sort());
    let y = Term::var("y", int_sort());
    let mut c = Context::new();
    c.assert(x.gt(Term::int(0)));
    c.push();
    c.assert(x.mul(y).eq(Term::int(7)));
    assert_eq!(c.check(), SatResult::Unknown);
    assert!(c.error().is_some());
    c.pop();
    assert!(c.error().is_none());
    assert_eq!(c.check(), SatResult::Sat);
}

#[test]
fn timeout_returns_unknown_or_answer() {
    // A hard-ish pigeonhole-like bit-vector problem with a tiny timeout: the only allowed
    // answers are Unknown or the correct Unsat, and the context must stay usable.
    let n = 9;
    let xs: Vec<Term> = (0..n)
        .map(|i| Term::var(&format!("ph{i}"), bv_sort(8)))
        .collect();
    let mut c = Context::new();
    let mut fs = Vec::new();
    for i in 0..n {
        fs.push(xs[i].bvult(Term::bv(8, (n - 1) as i128)));
        for j in 0..i {
            fs.push(xs[i].neq(xs[j]));
        }
    }
    c.push();
    c.assert_all(&fs);
    let r = c.check_with_timeout(Some(Duration::from_millis(0)));
    assert!(matches!(r, SatResult::Unknown | SatResult::Unsat), "{r:?}");
    c.pop();
    c.assert(xs[0].eq(Term::bv(8, 1)));
    assert_eq!(
        c.check_with_timeout(Some(Duration::from_secs(30))),
        SatResult::Sat
    );
}

/// Checks I is an interpolant of (A, B) with a DPLL(T) context.
fn check_itp(i: Term, a: &[Term], b: &[Term]) {
    let fa = Term::and(a);
    let fb = Term::and(b);
    assert!(valid(fa.implies(i)), "A does not imply I = {i}");
    assert!(unsat(&[i, fb]), "I ∧ B is sat, I = {i}");
    let va = fa.free_vars();
    let vb = fb.free_vars();
    for v in i.free_vars() {
        assert!(va.contains(&v) && vb.contains(&v), "{v} not shared in {i}");
    }
}

#[test]
fn interpolation_int() {
    let x = Term::var("x", int_sort());
    let y = Term::var("y", int_sort());
    let a = [x.eq(Term::int(0)), y.eq(x.add(Term::int(1)))];
    let b = [y.gt(Term::int(5))];
    match interpolate(&a, &b, Some(Duration::from_secs(60))) {
        Interpolation::Unsat(i) => {
            assert_eq!(i.free_vars(), vec![y]);
            check_itp(i, &a, &b);
        }
        other => panic!("expected unsat, got {other:?}"),
    }
    // Satisfiable: the model covers A's and B's variables.
    let z = Term::var("z", int_sort());
    let b2 = [y.lt(Term::int(5)), z.eq(y.add(Term::int(2)))];
    match interpolate(&a, &b2, None) {
        Interpolation::Sat(m) => {
            assert_eq!(m.int_value(y), Some(1));
            assert_eq!(m.int_value(z), Some(3));
            assert_eq!(m.int_value(x), Some(0));
        }
        other => panic!("expected sat, got {other:?}"),
    }
}

#[test]
fn interpolation_bv() {
    let x = Term::var("x", bv_sort(8));
    let y = Term::var("y", bv_sort(8));
    let a = [x.eq(Term::bv(8, 0)), y.eq(x.bvadd(Term::bv(8, 1)))];
    let b = [y.bvsgt(Term::bv(8, 5))];
    match interpolate(&a, &b, Some(Duration::from_secs(60))) {
        Interpolation::Unsat(i) => {
            assert_eq!(i.free_vars(), vec![y]);
            check_itp(i, &a, &b);
        }
        other => panic!("expected unsat, got {other:?}"),
    }
    // Wraparound matters: x = 127 ∧ y = x + 1 is (in 8-bit signed) y = -128 < 0.
    let a = [x.eq(Term::bv(8, 127)), y.eq(x.bvadd(Term::bv(8, 1)))];
    let b = [y.bvsge(Term::bv(8, 0))];
    match interpolate(&a, &b, None) {
        Interpolation::Unsat(i) => check_itp(i, &a, &b),
        other => panic!("expected unsat, got {other:?}"),
    }
}

#[test]
fn sequence_interpolants_path() {
    // x0 = 0; x1 = x0 + 1; x2 = x1 + 1; assume x2 > 5
    let x: Vec<Term> = (0..3)
        .map(|i| Term::var(&format!("x{i}"), int_sort()))
        .collect();
    let z = Term::var("z", int_sort());
    let parts = [
        x[0].eq(Term::int(0)).and2(z.eq(Term::int(1))),
        x[1].eq(x[0].add(Term::int(1))),
        x[2].eq(x[1].add(z)),
        x[2].gt(Term::int(5)),
    ];
    let its = sequence_interpolants(&parts, Some(Duration::from_secs(60))).expect("unsat");
    assert_eq!(its.len(), 3);
    // I_k is an interpolant of each cut, and the chain condition holds.
    for k in 1..parts.len() {
        check_itp(its[k - 1], &parts[..k], &parts[k..]);
    }
    assert!(valid(parts[0].implies(its[0])));
    for k in 1..its.len() {
        assert!(
            valid(its[k - 1].and2(parts[k]).implies(its[k])),
            "chain {k}"
        );
    }
    assert!(unsat(&[its[2], parts[3]]));
    // satisfiable path
    let sat_parts = [parts[0], parts[1], x[1].gt(Term::int(0))];
    assert_eq!(sequence_interpolants(&sat_parts, None), Err(SatResult::Sat));
    // degenerate lengths
    assert_eq!(sequence_interpolants(&[Term::ff()], None), Ok(vec![]));
    assert_eq!(sequence_interpolants(&[], None), Err(SatResult::Sat));
}

#[test]
fn stats_count_calls() {
    let before = stats();
    let mut c = Context::new();
    c.assert(Term::tt());
    c.check();
    let _ = interpolate(&[Term::ff()], &[Term::tt()], None);
    let after = stats();
    // Other tests run concurrently, so only monotonicity can be asserted.
    assert!(after.calls >= before.calls + 2);
    assert!(after.interpolation_calls > before.interpolation_calls);
}

#[test]
fn concurrent_use() {
    let handles: Vec<_> = (0..6i128)
        .map(|t| {
            std::thread::spawn(move || {
                for i in 0..30i128 {
                    let x = Term::var(&format!("t{t}_{i}"), bv_sort(16));
                    let y = Term::var("y", int_sort());
                    let mut c = Context::new();
                    c.assert(x.bvugt(Term::bv(16, i)));
                    c.assert(y.eq(Term::int(i * t)));
                    assert_eq!(c.check(), SatResult::Sat);
                    let m = c.model().unwrap();
                    assert!(m.bv_value(x, false).unwrap() > i);
                    assert_eq!(m.int_value(y), Some(i * t));
                    if i % 10 == 0 {
                        let a = [y.eq(Term::int(3))];
                        let b = [y.gt(Term::int(4))];
                        assert!(matches!(interpolate(&a, &b, None), Interpolation::Unsat(_)));
                    }
                    let _ = x.free_vars();
                    let _ = x.to_string();
                }
            })
        })
        .collect();
    for h in handles {
        h.join().expect("thread panicked");
    }
}

/// Random sequences of assert / push / pop / check / check_assuming on one context, each
/// answer compared with a fresh context holding the same assertions (and assumptions as
/// assertions). Covers SRI-CSL/yices2#433: a Sat check with assumptions used to make a later
/// base-level conflict invisible.
#[test]
fn assumptions_agree_with_fresh_contexts() {
    let xs: Vec<Term> = (0..3)
        .map(|i| Term::var(&format!("rnd433_x{i}"), int_sort()))
        .collect();
    let acts: Vec<Term> = (0..3)
        .map(|i| Term::var(&format!("rnd433_a{i}"), bool_sort()))
        .collect();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut rnd = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    for round in 0..600 {
        let mut c = Context::new();
        // Assertions per push level.
        let mut levels: Vec<Vec<Term>> = vec![Vec::new()];
        for step in 0..14 {
            let atom = |r: &mut dyn FnMut(u64) -> u64| {
                let mut x = xs[r(3) as usize];
                if r(3) == 0 {
                    x = x.add(xs[r(3) as usize]);
                }
                let k = Term::int(r(7) as i128 - 3);
                match r(3) {
                    0 => x.le(k),
                    1 => x.ge(k),
                    _ => x.eq(k),
                }
            };
            match rnd(6) {
                0 | 1 => {
                    let mut t = atom(&mut rnd);
                    if rnd(2) == 0 {
                        t = acts[rnd(3) as usize].implies(t);
                    }
                    c.assert(t);
                    levels.last_mut().unwrap().push(t);
                }
                2 if levels.len() < 4 => {
                    c.push();
                    levels.push(Vec::new());
                }
                2 if levels.len() > 1 => {
                    c.pop();
                    levels.pop();
                }
                _ => {
                    let assume: Vec<Term> = if rnd(3) == 0 {
                        Vec::new()
                    } else {
                        (0..3).filter(|_| rnd(2) == 0).map(|i| acts[i]).collect()
                    };
                    let got = if assume.is_empty() && rnd(2) == 0 {
                        c.check()
                    } else {
                        c.check_assuming(&assume)
                    };
                    let mut f = Context::new();
                    for l in &levels {
                        f.assert_all(l);
                    }
                    f.assert_all(&assume);
                    let want = f.check();
                    assert_eq!(
                        got, want,
                        "round {round} step {step}: {levels:?} assuming {assume:?}"
                    );
                    if got == SatResult::Unsat && !assume.is_empty() {
                        let core = c.unsat_core();
                        let mut g = Context::new();
                        for l in &levels {
                            g.assert_all(l);
                        }
                        g.assert_all(&core);
                        assert_eq!(g.check(), SatResult::Unsat, "round {round}: bad core");
                    }
                }
            }
        }
    }
}

#[test]
fn assumptions_then_base_conflict() {
    let x = Term::var("probe433_x", int_sort());
    let a = Term::var("probe433_a", bool_sort());
    let b = Term::var("probe433_b", bool_sort());
    // A Sat check with assumptions, then an assertion conflicting at the base level.
    let mut h = Context::new();
    h.assert(x.ge(Term::int(0)));
    assert_eq!(h.check_assuming(&[a]), SatResult::Sat);
    h.assert(x.lt(Term::int(0)));
    assert_eq!(h.check_assuming(&[a]), SatResult::Unsat);
    assert!(h.unsat_core().is_empty());
    assert_eq!(h.check(), SatResult::Unsat);
    // The same inside a push: popping restores satisfiability.
    let mut d = Context::new();
    d.assert(a.implies(x.le(Term::int(10))));
    assert_eq!(d.check_assuming(&[a]), SatResult::Sat);
    d.push();
    d.assert(x.gt(Term::int(20)));
    d.assert(x.lt(Term::int(5)));
    assert_eq!(d.check_assuming(&[b]), SatResult::Unsat);
    assert_eq!(d.check(), SatResult::Unsat);
    d.pop();
    assert_eq!(d.check_assuming(&[a]), SatResult::Sat);
    assert_eq!(d.check(), SatResult::Sat);
    // An Unsat answer caused by the assumptions does not make later assertions unsat.
    let mut e = Context::new();
    e.assert(a.implies(x.lt(Term::int(0))));
    e.assert(b.implies(x.gt(Term::int(0))));
    assert_eq!(e.check_assuming(&[a, b]), SatResult::Unsat);
    assert_eq!(e.unsat_core().len(), 2);
    e.assert(x.ge(Term::int(5)));
    assert_eq!(e.check(), SatResult::Sat);
    assert_eq!(e.check_assuming(&[b]), SatResult::Sat);
    assert_eq!(e.check_assuming(&[a]), SatResult::Unsat);
}

#[test]
fn a_work_budget_counts_cpu_time_not_waiting() {
    use crate::smt::Budget;
    // waiting (as on a loaded machine) uses no work
    let b = Budget::new(None, Some(Duration::from_millis(20)));
    std::thread::sleep(Duration::from_millis(60));
    assert!(!b.exhausted());
    assert!(b.wall_left().is_none());
    // computing does
    let mut x: u64 = 1;
    while !b.exhausted() {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
    }
    assert_ne!(x, 0);
    // a narrowed budget keeps the earlier end
    assert!(b.narrowed(Some(Duration::from_secs(60))).exhausted());
    // the wall-clock part
    assert!(Budget::wall(Some(Duration::ZERO)).exhausted());
    assert!(!Budget::unlimited().exhausted());
}

#[test]
fn interpolation_within_a_work_budget() {
    use crate::smt::{sequence_interpolants_within, Budget};
    let x = Term::var("wb_x", int_sort());
    let y = Term::var("wb_y", int_sort());
    let parts = [
        x.eq(Term::int(1)),
        y.eq(x.add(Term::int(1))),
        y.eq(Term::int(5)),
    ];
    let b = Budget::new(Some(Duration::from_secs(60)), Some(Duration::from_secs(30)));
    let its = sequence_interpolants_within(&parts, &b).expect("unsat");
    assert_eq!(its.len(), 2);
    assert!(unsat(&[its[1], parts[2]]));
}

#[test]
fn budgets_combine_to_the_tighter_limits() {
    use crate::smt::Budget;
    let wide = Budget::new(
        Some(Duration::from_secs(3600)),
        Some(Duration::from_secs(3600)),
    );
    let spent = Budget::new(None, Some(Duration::ZERO));
    assert!(spent.exhausted());
    assert!(wide
        .work_left()
        .is_some_and(|w| w > Duration::from_secs(3000)));
    assert_eq!(spent.work_left(), Some(Duration::ZERO));
    // the work part of the tighter one, the wall part of the one that has it
    let both = wide.and(&spent);
    assert!(both.exhausted());
    assert!(both.wall_left().is_some());
    assert!(spent.and(&wide).exhausted());
    assert!(!wide.and(&Budget::unlimited()).exhausted());
    assert!(Budget::unlimited()
        .and(&Budget::unlimited())
        .work_left()
        .is_none());
    assert!(wide.and(&Budget::wall(Some(Duration::ZERO))).exhausted());
}

#[test]
fn a_check_within_a_work_budget_decides() {
    use crate::smt::Budget;
    let x = Term::var("cw_x", int_sort());
    let mut c = Context::new();
    c.assert(x.gt(Term::int(3)));
    let generous = Budget::new(None, Some(Duration::from_secs(60)));
    assert_eq!(c.check_within(&generous), SatResult::Sat);
    c.assert(x.lt(Term::int(2)));
    assert_eq!(c.check_within(&generous), SatResult::Unsat);
}
