//! The loop-head invariants of a safe ART, for correctness witnesses ([`ArtSummary`]).
//!
//! At each loop head the ART's uncovered nodes state a disjunction: per node its tracked
//! values and its cubes of predicate literals. Written as it is, that disjunction is large
//! (hundreds of valuations on the systemc tasks), and most of what it says is not needed for
//! the proof. With [`VerifyOptions::witness_invariants`](crate::engine::VerifyOptions) the
//! invariants are first *projected*: an *atom* (one tracked variable's value, or one predicate,
//! at one loop head) is dropped from every node there as long as the proof checker
//! ([`crate::check`], labels at the loop heads only, k = 1) still accepts the projected labels;
//! each atom is tried at all loop heads at once first (the atoms with the most values first),
//! then what is left in chunks by halves (one atom's chunk spans the loop heads) within a time
//! budget. Projection weakens a label (the
//! nodes that become equal or subsumed collapse), so the rendered disjunction shrinks. Every
//! accepted set of labels is a checked proof; when even the labels with nothing projected (but
//! the atoms C cannot express) do not pass, the invariants are written unprojected, as before.
//! Before rendering, the disjuncts are merged without changing their meaning ([`merge_cases`]:
//! nodes that differ in one tracked value become one disjunct with a set of values, written
//! `x >= 1 && x <= 8` or `x == 1 || x == 3`), so the text is far shorter than one disjunct per
//! node.

use super::{cexpr, Analysis, ArtSummary};
use crate::abs::predicate::PredId;
use crate::check::{Certificate, Disjunct, Labels};
use crate::ir::{LocId, VarId};
use crate::smt::Term;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

/// Longest time spent projecting a witness's invariants.
const PROJECTION_BUDGET: Duration = Duration::from_secs(60);

/// What a loop-head invariant can state: the value of the `i`-th tracked variable, or a
/// predicate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Atom {
    Val(usize),
    Pred(PredId),
}

/// One uncovered node's tracked values and cubes (each a list of literals).
type NodeStates = (Vec<Option<i128>>, Vec<Vec<(PredId, bool)>>);

/// The states of one loop head: per uncovered node, its tracked values and its cubes.
struct Head {
    loc: LocId,
    /// Some uncovered node exists (else the head is unreachable: invariant `0`).
    any: bool,
    nodes: Vec<NodeStates>,
    /// The C names in scope, by canonical constant.
    names: HashMap<Term, String>,
}

/// One disjunct of a projected label: fixed tracked values and predicate literals.
type Case = (Vec<(usize, i128)>, Vec<(PredId, bool)>);

/// `a` implies `b`: every fact of `b` is one of `a`.
fn case_implies(a: &Case, b: &Case) -> bool {
    b.0.iter().all(|x| a.0.contains(x)) && b.1.iter().all(|x| a.1.contains(x))
}

/// The distinct cases of `h` without the atoms in `dropped`, none implying another.
fn cases(h: &Head, dropped: &HashSet<(LocId, Atom)>) -> Vec<Case> {
    let keep = |a: Atom| !dropped.contains(&(h.loc, a));
    let mut out: Vec<Case> = Vec::new();
    for (vals, cubes) in &h.nodes {
        let fixed: Vec<(usize, i128)> = vals
            .iter()
            .enumerate()
            .filter(|(i, _)| keep(Atom::Val(*i)))
            .filter_map(|(i, k)| Some((i, (*k)?)))
            .collect();
        for c in cubes {
            let lits: Vec<(PredId, bool)> = c
                .iter()
                .copied()
                .filter(|(p, _)| keep(Atom::Pred(*p)))
                .collect();
            out.push((fixed.clone(), lits));
        }
    }
    out.sort();
    out.dedup();
    // a case implied by another (weaker) one adds nothing to the disjunction
    let mut kept: Vec<Case> = Vec::with_capacity(out.len());
    let mut order: Vec<usize> = (0..out.len()).collect();
    order.sort_by_key(|&i| out[i].0.len() + out[i].1.len());
    for i in order {
        if !kept.iter().any(|k| case_implies(&out[i], k)) {
            kept.push(out[i].clone());
        }
    }
    kept.sort();
    kept
}

impl<'a> Analysis<'a> {
    /// The loop heads' states (see [`Head`]).
    fn heads(&self) -> Vec<Head> {
        let mut locs: Vec<LocId> = self.cfg.loops.iter().map(|l| l.head).collect();
        locs.sort();
        locs.dedup();
        locs.into_iter()
            .map(|h| {
                // the C names in scope at the loop (a literal over other variables is dropped)
                let names: HashMap<Term, String> =
                    crate::report::witness::scoped_c_names(self.prog, self.cfg, h)
                        .into_iter()
                        .map(|(v, n)| (self.w.canon[v.0 as usize], n))
                        .collect();
                let mut head = Head {
                    loc: h,
                    any: false,
                    nodes: Vec::new(),
                    names,
                };
                for &n in self.per_loc.get(&h).map(|v| v.as_slice()).unwrap_or(&[]) {
                    let Some(node) = self.art.get(n) else {
                        continue;
                    };
                    if node.covered_by.is_some() {
                        continue;
                    }
                    head.any = true;
                    let cubes = node.state.cubes().iter().map(|c| c.literals()).collect();
                    head.nodes.push((node.vals.to_vec(), cubes));
                }
                head
            })
            .collect()
    }

    /// Integer ranges of the canonical constants: literals are written as C whose value is
    /// the mathematical one (arithmetic in `long long`, see `cexpr::to_c_exact`).
    fn ranges(&self) -> HashMap<Term, (i128, i128)> {
        self.w
            .canon
            .iter()
            .zip(&self.prog.vars)
            .filter(|(_, v)| matches!(v.ty, crate::ir::Type::Int { .. }))
            .map(|(t, v)| (*t, (v.ty.min_value(), v.ty.max_value())))
            .collect()
    }

    /// The atoms C cannot state at `h`: values of temporaries and of variables without a C
    /// name in scope, predicates that do not print as C there.
    fn unprintable(&self, h: &Head, ranges: &HashMap<Term, (i128, i128)>) -> Vec<Atom> {
        let mut out = Vec::new();
        for (i, v) in self.tracked.vars.iter().enumerate() {
            if self.prog.var(*v).is_temp || !h.names.contains_key(&self.w.canon[v.0 as usize]) {
                out.push(Atom::Val(i));
            }
        }
        let preds: HashSet<PredId> = h
            .nodes
            .iter()
            .flat_map(|(_, cs)| cs.iter().flatten().map(|(p, _)| *p))
            .collect();
        let mut preds: Vec<PredId> = preds.into_iter().collect();
        preds.sort();
        for p in preds {
            if cexpr::to_c_exact(self.preds.term(p), &h.names, ranges).is_none() {
                out.push(Atom::Pred(p));
            }
        }
        out
    }

    /// The labels at the loop heads without the `dropped` atoms, as a certificate for
    /// [`crate::check`].
    fn projected_certificate(
        &self,
        heads: &[Head],
        dropped: &HashSet<(LocId, Atom)>,
    ) -> Certificate {
        let at = heads
            .iter()
            .map(|h| {
                // merged (the same states in fewer disjuncts: cheaper checks)
                let ds = merge_cases(cases(h, dropped))
                    .into_iter()
                    .map(|case| {
                        let mut fixed: Vec<(VarId, i128)> = Vec::new();
                        let mut lits: Vec<(PredId, bool)> = Vec::new();
                        let mut sets: Vec<Term> = Vec::new();
                        for (atom, set) in case {
                            match atom {
                                Atom::Val(i) => {
                                    let v = self.tracked.vars[i];
                                    if let [k] = set.iter().copied().collect::<Vec<_>>()[..] {
                                        fixed.push((v, k));
                                    } else {
                                        let ty = self.prog.var(v).ty;
                                        let c = self.w.canon[v.0 as usize];
                                        let eqs: Vec<Term> = set
                                            .iter()
                                            .map(|&k| c.eq(self.w.enc.constant(k, ty)))
                                            .collect();
                                        sets.push(Term::or(&eqs));
                                    }
                                }
                                Atom::Pred(p) => lits.extend(set.iter().map(|b| (p, *b != 0))),
                            }
                        }
                        sets.push(self.literals_term(&lits));
                        Disjunct {
                            fixed,
                            rest: Term::and(&sets),
                        }
                    })
                    .collect();
                (h.loc, ds)
            })
            .collect();
        Certificate {
            engine: "predabs witness",
            sem: self.w.enc.sem,
            labels: Labels::Terms {
                canon: self.w.canon.clone(),
                at,
            },
            k: 1,
            exhaustive: false,
        }
    }

    /// The atoms to leave out of the witness's invariants (see the module doc); empty when
    /// projection is off or the loop-head labels do not pass the check.
    fn projection(
        &self,
        heads: &[Head],
        ranges: &HashMap<Term, (i128, i128)>,
    ) -> HashSet<(LocId, Atom)> {
        let mut dropped: HashSet<(LocId, Atom)> = HashSet::new();
        if !self.opts.witness_invariants {
            return dropped;
        }
        // at most a quarter of what the time limit leaves: the proof check of the verdict and
        // the witness's text simplification run after this within the same limit
        let budget = self
            .deadline
            .remaining()
            .map_or(PROJECTION_BUDGET, |r| (r / 4).min(PROJECTION_BUDGET));
        let end = Instant::now() + budget;
        let mut checks = 0u32;
        // cases proved by one trial are not asked again by the next
        let mut cache = crate::check::cache::CaseCache::default();
        let mut passes = |dropped: &HashSet<(LocId, Atom)>| {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            checks += 1;
            let cert = self.projected_certificate(heads, dropped);
            Some(crate::check::check_cached(self.prog, &cert, Some(left), &mut cache).is_ok())
        };
        let mut atoms: Vec<(LocId, Atom)> = Vec::new();
        for h in heads {
            for a in self.unprintable(h, ranges) {
                dropped.insert((h.loc, a));
            }
            let mut seen: HashSet<Atom> = HashSet::new();
            for (vals, cubes) in &h.nodes {
                for (i, k) in vals.iter().enumerate() {
                    if k.is_some() {
                        seen.insert(Atom::Val(i));
                    }
                }
                for (p, _) in cubes.iter().flatten() {
                    seen.insert(Atom::Pred(*p));
                }
            }
            let mut seen: Vec<Atom> = seen
                .into_iter()
                .filter(|a| !dropped.contains(&(h.loc, *a)))
                .collect();
            seen.sort();
            atoms.extend(seen.into_iter().map(|a| (h.loc, a)));
        }
        // an atom's chunks span the loop heads (a variable the proof does not need is dropped
        // everywhere by one check)
        atoms.sort_by_key(|&(l, a)| (a, l));
        let start = Instant::now();
        if passes(&dropped) != Some(true) {
            if super::debug() {
                eprintln!("[predabs] witness labels at the loop heads do not pass the check");
            }
            return HashSet::new();
        }
        // first each atom at every loop head at once, those with the most values first (a
        // datum or counter the proof does not need: dropping it collapses the most nodes, and
        // makes the later checks cheaper); then by halves what was kept (a chunk whose removal
        // fails is split)
        let mut values: BTreeMap<Atom, BTreeSet<i128>> = BTreeMap::new();
        for h in heads {
            for (vals, cubes) in &h.nodes {
                for (i, k) in vals.iter().enumerate() {
                    if let Some(k) = k {
                        values.entry(Atom::Val(i)).or_default().insert(*k);
                    }
                }
                for (p, b) in cubes.iter().flatten() {
                    values.entry(Atom::Pred(*p)).or_default().insert(*b as i128);
                }
            }
        }
        let mut whole: Vec<Atom> = atoms.iter().map(|&(_, a)| a).collect();
        whole.dedup();
        whole.sort_by_key(|a| (std::cmp::Reverse(values.get(a).map_or(0, |v| v.len())), *a));
        let mut rest: Vec<(LocId, Atom)> = Vec::new();
        let mut complete = true;
        for a in whole {
            let items: Vec<(LocId, Atom)> = atoms.iter().copied().filter(|x| x.1 == a).collect();
            let mut trial = dropped.clone();
            trial.extend(items.iter().copied());
            match passes(&trial) {
                None => {
                    complete = false;
                    break;
                }
                Some(true) => dropped = trial,
                // one head may still do without it
                Some(false) if items.len() > 1 => rest.extend(items),
                Some(false) => {}
            }
        }
        if complete {
            rest.sort_by_key(|&(l, a)| (a, l));
            complete = crate::check::shrink::remove_by_halves(&mut dropped, rest, &mut passes);
        }
        // the result once more without the cache (the cache's reasoning is not what the
        // witness rests on); should it fail, the invariants are written unprojected
        let last = crate::check::check(
            self.prog,
            &self.projected_certificate(heads, &dropped),
            Some((budget / 4).max(Duration::from_secs(2))),
        );
        if let Err(e) = last {
            eprintln!("note: witness projection not used: without its cache, {e}");
            return HashSet::new();
        }
        if super::debug() {
            eprintln!(
                "[predabs] witness projection: {} atoms dropped, {checks} checks, {:.2} s{}",
                dropped.len(),
                start.elapsed().as_secs_f64(),
                if complete { "" } else { ", budget exhausted" }
            );
        }
        dropped
    }

    /// The loop-head invariants (see the module doc).
    pub(super) fn summary(&self) -> ArtSummary {
        let heads = self.heads();
        let ranges = self.ranges();
        let dropped = self.projection(&heads, &ranges);
        let mut invariants = Vec::new();
        for h in &heads {
            if !h.any {
                invariants.push((h.loc, "0".to_string()));
                continue;
            }
            let mut disj: Vec<Vec<String>> = Vec::new();
            for case in merge_cases(cases(h, &dropped)) {
                let mut vals: Vec<Option<i128>> = vec![None; self.tracked.vars.len()];
                let mut sets: Vec<(usize, Vec<i128>)> = Vec::new();
                let mut lits: Vec<(PredId, bool)> = Vec::new();
                for (atom, set) in &case {
                    match (atom, set.len()) {
                        (Atom::Val(i), 1) => vals[*i] = set.first().copied(),
                        (Atom::Val(i), _) => sets.push((*i, set.iter().copied().collect())),
                        // a predicate with both values is no longer a key (see `merge_cases`)
                        (Atom::Pred(p), _) => lits.extend(set.iter().map(|b| (*p, *b != 0))),
                    }
                }
                let mut out = self.vals_c(&vals, &h.names);
                for (i, values) in sets {
                    // Unprintable values: leaving the variable out weakens the case (sound).
                    if let Some(s) = self.value_set_c(i, &values, &h.names) {
                        out.push(s);
                    }
                }
                // the case fixes these values: predicates over them simplify (often to a
                // constant, which `dnf_to_c` drops with its literal or cube)
                let (from, to) = self.vals_subst(&vals);
                for (p, pos) in lits {
                    let mut term = self.preds.term(p);
                    if !from.is_empty() {
                        term = term.subst(&from, &to);
                    }
                    // a negative literal as the negated term (`x != 1`, not `!(x == 1)`)
                    let lit = if pos { term } else { term.not() };
                    // Unprintable literal: dropping it weakens the cube (still sound).
                    if let Some(s) = cexpr::to_c_exact(lit, &h.names, &ranges) {
                        out.push(s);
                    }
                }
                disj.push(out);
            }
            invariants.push((h.loc, cexpr::dnf_to_c(disj)));
        }
        ArtSummary { invariants }
    }

    /// The `i`-th tracked variable has one of `values` (ascending), as C: `x == 1 || x == 2`,
    /// runs of three or more consecutive values as `x >= 3 && x <= 7`; None when a value does
    /// not print.
    fn value_set_c(
        &self,
        i: usize,
        values: &[i128],
        names: &HashMap<Term, String>,
    ) -> Option<String> {
        let n = self.tracked.vars.len();
        let mut lits = Vec::new();
        for &v in values {
            let mut one = vec![None; n];
            one[i] = Some(v);
            lits.push(self.vals_c(&one, names).pop()?);
        }
        let name = names.get(&self.w.canon[self.tracked.vars[i].0 as usize]);
        // ranges only when every value prints as `name == value` (so the C value is `value`)
        let plain = name.filter(|x| {
            lits.iter()
                .zip(values)
                .all(|(l, v)| *l == format!("{x} == {v}"))
        });
        let parts: Vec<String> = match plain {
            None => lits,
            Some(x) => value_runs(values)
                .into_iter()
                .flat_map(|(lo, hi)| match hi - lo {
                    0 => vec![format!("{x} == {lo}")],
                    1 => vec![format!("{x} == {lo}"), format!("{x} == {hi}")],
                    _ => vec![format!("{x} >= {lo} && {x} <= {hi}")],
                })
                .collect(),
        };
        Some(if parts.len() == 1 {
            parts.into_iter().next()?
        } else {
            parts
                .iter()
                .map(|p| {
                    if p.contains("&&") {
                        format!("({p})")
                    } else {
                        p.clone()
                    }
                })
                .collect::<Vec<_>>()
                .join(" || ")
        })
    }
}

/// Maximal runs of consecutive values in `values` (ascending), as (first, last).
fn value_runs(values: &[i128]) -> Vec<(i128, i128)> {
    let mut runs: Vec<(i128, i128)> = Vec::new();
    for &v in values {
        match runs.last_mut() {
            Some((_, hi)) if hi.checked_add(1) == Some(v) => *hi = v,
            _ => runs.push((v, v)),
        }
    }
    runs
}

/// A disjunct with sets of values: per atom the values it may have (a predicate's: `0`/`1`);
/// an atom absent is unconstrained.
type SetCase = BTreeMap<Atom, BTreeSet<i128>>;

/// The same disjunction as `cases` (the same states, nothing weakened), written with fewer
/// disjuncts: cases equal but for one atom are merged into one whose set for that atom is the
/// union (a predicate that may then be either value is left out), and cases implied by another
/// are dropped, until nothing changes. The ART's loop-head nodes often differ in one tracked
/// value (a loop counter, a datum) at a time: the merged form is much shorter than one disjunct
/// per valuation, and needs no proof check since it means the same.
fn merge_cases(cases: Vec<Case>) -> Vec<SetCase> {
    let mut cur: Vec<SetCase> = cases
        .into_iter()
        .map(|(fixed, lits)| {
            let mut c = SetCase::new();
            for (i, k) in fixed {
                c.insert(Atom::Val(i), BTreeSet::from([k]));
            }
            for (p, b) in lits {
                c.insert(Atom::Pred(p), BTreeSet::from([b as i128]));
            }
            c
        })
        .collect();
    loop {
        let count = cur.len();
        let keys: BTreeSet<Atom> = cur.iter().flat_map(|c| c.keys().copied()).collect();
        for k in keys {
            // the cases that constrain `k`, grouped by everything else
            let mut out: Vec<SetCase> = Vec::with_capacity(cur.len());
            let mut groups: BTreeMap<SetCase, BTreeSet<i128>> = BTreeMap::new();
            for mut c in cur.drain(..) {
                match c.remove(&k) {
                    None => out.push(c),
                    Some(s) => groups.entry(c).or_default().extend(s),
                }
            }
            for (mut rest, set) in groups {
                let either = matches!(k, Atom::Pred(_)) && set.len() == 2;
                if !either {
                    rest.insert(k, set);
                }
                out.push(rest);
            }
            cur = out;
        }
        cur = drop_implied(cur);
        if cur.len() == count {
            return cur;
        }
    }
}

/// `a` implies `b`: every atom `b` constrains, `a` constrains to a subset.
fn set_case_implies(a: &SetCase, b: &SetCase) -> bool {
    b.iter()
        .all(|(k, sb)| a.get(k).is_some_and(|sa| sa.is_subset(sb)))
}

/// `cases` without duplicates and without those implied by another.
fn drop_implied(mut cases: Vec<SetCase>) -> Vec<SetCase> {
    cases.sort();
    cases.dedup();
    cases.sort_by_key(|c| c.len());
    let mut kept: Vec<SetCase> = Vec::with_capacity(cases.len());
    for c in cases {
        if !kept.iter().any(|k| set_case_implies(&c, k)) {
            kept.push(c);
        }
    }
    kept.sort();
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(nodes: Vec<NodeStates>) -> Head {
        Head {
            loc: LocId(3),
            any: true,
            nodes,
            names: HashMap::new(),
        }
    }

    /// The valuations of atoms 0..3 (tracked values in 0..=4) and predicates 0..2 that one of
    /// `cases` allows.
    fn models(cases: &[SetCase]) -> BTreeSet<Vec<i128>> {
        let mut out = BTreeSet::new();
        for code in 0..(5 * 5 * 5 * 2 * 2) {
            let mut c = code;
            let mut vals = Vec::new();
            for _ in 0..3 {
                vals.push(c % 5);
                c /= 5;
            }
            let preds = [c % 2, (c / 2) % 2];
            let holds = |case: &SetCase| {
                case.iter().all(|(a, set)| match a {
                    Atom::Val(i) => set.contains(&vals[*i]),
                    Atom::Pred(p) => set.contains(&preds[p.0 as usize]),
                })
            };
            if cases.iter().any(holds) {
                out.insert(vals.iter().chain(&preds).copied().collect());
            }
        }
        out
    }

    #[test]
    fn merged_cases_mean_the_same_and_are_fewer() {
        // random disjunctions over three tracked values and two predicates, some atoms absent
        let mut next = super::super::test_rng(0x5eed);
        for _ in 0..200 {
            let n = 1 + next(30) as usize;
            let mut cs: Vec<Case> = Vec::new();
            for _ in 0..n {
                let mut fixed = Vec::new();
                for i in 0..3 {
                    if next(4) != 0 {
                        fixed.push((i, next(4) as i128));
                    }
                }
                let mut lits = Vec::new();
                for p in 0..2 {
                    if next(3) != 0 {
                        lits.push((PredId(p), next(2) == 1));
                    }
                }
                cs.push((fixed, lits));
            }
            let plain: Vec<SetCase> = merge_input(&cs);
            let merged = merge_cases(cs.clone());
            assert_eq!(models(&plain), models(&merged), "{cs:?} -> {merged:?}");
            assert!(merged.len() <= cs.len());
        }
        // a loop counter's values collapse into one disjunct
        let cs: Vec<Case> = (0..8).map(|k| (vec![(0, k), (1, 7)], vec![])).collect();
        let merged = merge_cases(cs);
        assert_eq!(merged.len(), 1);
        assert_eq!(merged[0][&Atom::Val(0)], (0..8).collect());
        // p and !p with the rest equal: p is left out
        let p = PredId(0);
        let cs: Vec<Case> = vec![
            (vec![(0, 1)], vec![(p, true)]),
            (vec![(0, 1)], vec![(p, false)]),
        ];
        assert_eq!(
            merge_cases(cs),
            vec![SetCase::from([(Atom::Val(0), BTreeSet::from([1]))])]
        );
        assert_eq!(
            value_runs(&[1, 2, 3, 5, 7, 8]),
            vec![(1, 3), (5, 5), (7, 8)]
        );
    }

    /// `cases` as set cases, one per case, without merging.
    fn merge_input(cases: &[Case]) -> Vec<SetCase> {
        cases
            .iter()
            .map(|(fixed, lits)| {
                fixed
                    .iter()
                    .map(|&(i, k)| (Atom::Val(i), BTreeSet::from([k])))
                    .chain(
                        lits.iter()
                            .map(|&(p, b)| (Atom::Pred(p), BTreeSet::from([b as i128]))),
                    )
                    .collect()
            })
            .collect()
    }

    #[test]
    fn projection_merges_and_subsumes_cases() {
        let p = PredId(0);
        let q = PredId(1);
        let h = head(vec![
            (
                vec![Some(1), Some(7)],
                vec![vec![(p, true)], vec![(q, false)]],
            ),
            (vec![Some(2), Some(7)], vec![vec![(p, true), (q, true)]]),
        ]);
        let none = HashSet::new();
        // (x=1, y=7, p) (x=1, y=7, !q) (x=2, y=7, p, q)
        assert_eq!(cases(&h, &none).len(), 3);
        // without x: (y=7, p) implies nothing weaker... (y=7, p, q) is implied by (y=7, p)
        let no_x: HashSet<(LocId, Atom)> = [(LocId(3), Atom::Val(0))].into();
        assert_eq!(
            cases(&h, &no_x),
            vec![
                (vec![(1, 7)], vec![(p, true)]),
                (vec![(1, 7)], vec![(q, false)]),
            ]
        );
        // without x and q: one case
        let no_xq: HashSet<(LocId, Atom)> =
            [(LocId(3), Atom::Val(0)), (LocId(3), Atom::Pred(q))].into();
        assert_eq!(cases(&h, &no_xq), vec![(vec![(1, 7)], vec![])]);
        // an atom dropped at another head changes nothing here
        let elsewhere: HashSet<(LocId, Atom)> = [(LocId(4), Atom::Val(0))].into();
        assert_eq!(cases(&h, &elsewhere).len(), 3);
    }
}
