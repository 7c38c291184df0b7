//! Consecution cases already proved, reused across proof checks of one program
//! ([`super::check_cached`]). The witness simplification and projection check hundreds of label
//! sets that differ from the last accepted one at one or two cut points; most cases (a cut point
//! and one disjunct of its label) are the same as before. A case's obligations (k = 1: every
//! loop-free path from the cut point, started in the disjunct, arrives in the label of its end
//! and takes no bad edge) depend only on the program, the cut points, the semantics, the
//! disjunct and the labels at the cut points its region can reach. A case proved when those
//! labels were `L` holds again whenever each of them is now `L` or weaker, so it is not asked
//! again. Weaker is decided syntactically: every old disjunct is implied by a new one (the new
//! one has the same remaining fact, or none, and fixes a subset of its values). Initiation is
//! always checked again.

use super::Disjunct;
use crate::ir::LocId;
use crate::smt::{Semantics, Term};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// A cut point's label as the check saw it: None is no label (true).
pub(super) type Label = Option<Rc<Vec<Disjunct>>>;

/// A case: a cut point and the disjunct of its label it starts in (None: no label).
type Case = (LocId, Option<Disjunct>);

/// Above this many old × new disjunct pairs, "weaker" is only decided by equality.
const SUBSUMPTION_PAIRS: usize = 200_000;

/// What the entries of a [`CaseCache`] were proved under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Shape {
    pub sem: Semantics,
    pub cuts: Vec<bool>,
    pub vars: usize,
    pub edges: usize,
}

/// Proved consecution cases of one program, for [`super::check_cached`]. Create one per
/// program and pass it to every check of that program's labels (k = 1); a check with other
/// cut points or semantics starts it afresh.
#[derive(Default)]
pub struct CaseCache {
    shape: Option<Shape>,
    /// For labels given as expressions: the canonical constants, the same in every check (so
    /// equal labels are equal terms).
    pub(super) canon: Option<Vec<Term>>,
    /// Per (cut point, start disjunct; None: no label) the labels at the region's ends when
    /// it was proved.
    passed: HashMap<Case, Vec<(LocId, Label)>>,
    /// Cases not asked again because of an entry.
    pub hits: u64,
}

impl CaseCache {
    /// Starts afresh unless the entries were proved under `shape`.
    pub(super) fn enter(&mut self, shape: Shape) {
        if self.shape.as_ref() != Some(&shape) {
            self.passed.clear();
            self.shape = Some(shape);
        }
    }

    /// Whether case `(c, d)` was proved with labels at its ends that `now` (the current label
    /// of each end) is equal to or weaker than.
    pub(super) fn covers(
        &self,
        c: LocId,
        d: &Option<Disjunct>,
        now: &dyn Fn(LocId) -> Label,
        memo: &mut HashMap<(usize, usize), bool>,
    ) -> bool {
        let Some(ends) = self.passed.get(&(c, d.clone())) else {
            return false;
        };
        ends.iter().all(|(e, old)| {
            let new = now(*e);
            let key = (ptr(old), ptr(&new));
            *memo
                .entry(key)
                .or_insert_with(|| weaker_or_equal(&new, old))
        })
    }

    pub(super) fn record(&mut self, c: LocId, d: Option<Disjunct>, ends: Vec<(LocId, Label)>) {
        self.passed.insert((c, d), ends);
    }
}

fn ptr(l: &Label) -> usize {
    l.as_ref().map_or(0, |r| Rc::as_ptr(r) as usize)
}

/// `new` is implied by `old` (syntactically, see the module doc).
pub(super) fn weaker_or_equal(new: &Label, old: &Label) -> bool {
    let (new, old) = match (new, old) {
        (None, _) => return true,
        (Some(_), None) => return false,
        (Some(n), Some(o)) => (n, o),
    };
    if Rc::ptr_eq(new, old) || new == old {
        return true;
    }
    let exact: HashSet<&Disjunct> = new.iter().collect();
    let mut by_rest: HashMap<Term, Vec<&Disjunct>> = HashMap::new();
    for d in new.iter() {
        by_rest.entry(d.rest).or_default().push(d);
    }
    let free: Vec<&Disjunct> = new.iter().filter(|d| d.rest.is_true()).collect();
    let mut budget = SUBSUMPTION_PAIRS;
    old.iter().all(|o| {
        if o.rest.is_false() || exact.contains(o) {
            return true;
        }
        let same = by_rest.get(&o.rest).map_or(&[][..], |v| v.as_slice());
        same.iter().chain(&free).any(|n| {
            if budget == 0 {
                return false;
            }
            budget -= 1;
            n.fixed.iter().all(|x| o.fixed.contains(x))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::VarId;

    fn d(fixed: &[(u32, i128)], rest: Term) -> Disjunct {
        Disjunct {
            fixed: fixed.iter().map(|&(v, k)| (VarId(v), k)).collect(),
            rest,
        }
    }

    #[test]
    fn weaker_labels_are_recognised_and_stronger_ones_not() {
        let p = Term::var("cache_p", crate::smt::bool_sort());
        let old: Label = Some(Rc::new(vec![
            d(&[(0, 1), (1, 2)], p),
            d(&[(0, 3)], Term::tt()),
        ]));
        // equal, no label, one fixed value dropped, a disjunct added: weaker or equal
        assert!(weaker_or_equal(&old.clone(), &old));
        assert!(weaker_or_equal(&None, &old));
        let dropped: Label = Some(Rc::new(vec![d(&[(1, 2)], p), d(&[(0, 3)], Term::tt())]));
        assert!(weaker_or_equal(&dropped, &old));
        let more: Label = Some(Rc::new(vec![
            d(&[(0, 1), (1, 2)], p),
            d(&[(0, 3)], Term::tt()),
            d(&[(0, 4)], Term::tt()),
        ]));
        assert!(weaker_or_equal(&more, &old));
        let free: Label = Some(Rc::new(vec![d(&[(0, 1)], Term::tt()), d(&[(0, 3)], p)]));
        // (0=1) covers the first old disjunct, but nothing covers (0=3): (0=3, p) is stronger
        assert!(!weaker_or_equal(&free, &old));
        // a disjunct removed, a fact added, a value changed, a label where there was none
        let fewer: Label = Some(Rc::new(vec![d(&[(0, 1), (1, 2)], p)]));
        assert!(!weaker_or_equal(&fewer, &old));
        let stronger: Label = Some(Rc::new(vec![d(&[(0, 1), (1, 2)], p), d(&[(0, 3)], p)]));
        assert!(!weaker_or_equal(&stronger, &old));
        let other: Label = Some(Rc::new(vec![
            d(&[(0, 1), (1, 5)], p),
            d(&[(0, 3)], Term::tt()),
        ]));
        assert!(!weaker_or_equal(&other, &old));
        assert!(!weaker_or_equal(&old, &None));
    }
}
