//! The loop-head invariants of a safe ART, for correctness witnesses ([`ArtSummary`]).
//!
//! At each loop head the ART's uncovered nodes state a disjunction: per node its tracked
//! values and its cubes of predicate literals. Written as it is, that disjunction is large
//! (hundreds of valuations on the systemc tasks), and most of what it says is not needed for
//! the proof. With [`VerifyOptions::witness_invariants`](crate::engine::VerifyOptions) the
//! invariants are first *projected*: an *atom* (one tracked variable's value, or one predicate,
//! at one loop head) is dropped from every node there as long as the proof checker
//! ([`crate::check`], labels at the loop heads only, k = 1) still accepts the projected labels;
//! atoms are tried in chunks by halves (one atom's chunk spans the loop heads) within a time
//! budget. Projection weakens a label (the
//! nodes that become equal or subsumed collapse), so the rendered disjunction shrinks. Every
//! accepted set of labels is a checked proof; when even the labels with nothing projected (but
//! the atoms C cannot express) do not pass, the invariants are written unprojected, as before.

use super::{cexpr, Analysis, ArtSummary};
use crate::abs::predicate::PredId;
use crate::check::{Certificate, Disjunct, Labels};
use crate::ir::{LocId, VarId};
use crate::smt::Term;
use std::collections::{HashMap, HashSet};
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
                let ds = cases(h, dropped)
                    .into_iter()
                    .map(|(fixed, lits)| Disjunct {
                        fixed: fixed
                            .into_iter()
                            .map(|(i, k)| (self.tracked.vars[i], k))
                            .collect::<Vec<(VarId, i128)>>(),
                        rest: self.literals_term(&lits),
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
        let mut passes = |dropped: &HashSet<(LocId, Atom)>| {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            checks += 1;
            let cert = self.projected_certificate(heads, dropped);
            Some(crate::check::check(self.prog, &cert, Some(left)).is_ok())
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
        // by halves: a chunk whose removal fails is split
        let complete = crate::check::shrink::remove_by_halves(&mut dropped, atoms, &mut passes);
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
            for (fixed, lits) in cases(h, &dropped) {
                let mut vals: Vec<Option<i128>> = vec![None; self.tracked.vars.len()];
                for (i, k) in fixed {
                    vals[i] = Some(k);
                }
                let mut out = self.vals_c(&vals, &h.names);
                // the case fixes these values: predicates over them simplify (often to a
                // constant, which `dnf_to_c` drops with its literal or cube)
                let (from, to) = self.vals_subst(&vals);
                for (p, pos) in lits {
                    let mut term = self.preds.term(p);
                    if !from.is_empty() {
                        term = term.subst(&from, &to);
                    }
                    match cexpr::to_c_exact(term, &h.names, &ranges) {
                        Some(s) if pos => out.push(s),
                        Some(s) => out.push(format!("!({s})")),
                        // Unprintable literal: dropping it weakens the cube (still sound).
                        None => {}
                    }
                }
                disj.push(out);
            }
            invariants.push((h.loc, cexpr::dnf_to_c(disj)));
        }
        ArtSummary { invariants }
    }
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
