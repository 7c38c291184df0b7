//! Precisions: sets of predicates attached to locations or to the whole program.
//!
//! Precisions only grow. Each one is an insertion-ordered list of [`PredId`]s, so a prefix
//! length (its *version*) identifies every earlier state of the precision: an ART node records
//! the version it was abstracted with, and refinement can ask whether a predicate was already
//! known to that node. Besides predicates, a location can be switched from Cartesian to Boolean
//! abstraction (also monotone).

use super::predicate::PredId;
use crate::engine::PrecisionKind;
use crate::ir::LocId;
use std::collections::{HashMap, HashSet};

/// One set of predicates, in insertion order.
#[derive(Clone, Debug, Default)]
pub struct PredList {
    list: Vec<PredId>,
    pos: HashMap<PredId, usize>,
    /// Use Boolean (all-SAT) abstraction here.
    pub boolean: bool,
    /// Groups of predicates abstracted Booleanly (all-SAT projected on the group) on top of
    /// the Cartesian abstraction, in insertion order.
    groups: Vec<Vec<PredId>>,
    group_pos: HashMap<Vec<PredId>, usize>,
}

impl PredList {
    pub fn preds(&self) -> &[PredId] {
        &self.list
    }
    /// Adds a predicate; true when it is new.
    pub fn add(&mut self, p: PredId) -> bool {
        if self.pos.contains_key(&p) {
            return false;
        }
        self.pos.insert(p, self.list.len());
        self.list.push(p);
        true
    }
    pub fn contains(&self, p: PredId) -> bool {
        self.pos.contains_key(&p)
    }
    /// True when `p` was present in the version `v` (prefix length) of this list.
    pub fn contained_in_version(&self, p: PredId, v: usize) -> bool {
        self.pos.get(&p).is_some_and(|&i| i < v)
    }
    pub fn len(&self) -> usize {
        self.list.len()
    }
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
    pub fn groups(&self) -> &[Vec<PredId>] {
        &self.groups
    }
    /// Adds a Boolean group (sorted, deduplicated here; its predicates must be in the list).
    /// Returns the group's index.
    pub fn add_group(&mut self, mut g: Vec<PredId>) -> usize {
        g.sort();
        g.dedup();
        if let Some(&i) = self.group_pos.get(&g) {
            return i;
        }
        for &p in &g {
            self.add(p);
        }
        self.group_pos.insert(g.clone(), self.groups.len());
        self.groups.push(g);
        self.groups.len() - 1
    }
}

/// A snapshot identifier of the precision at one location: (number of predicates, Boolean).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Version {
    pub len: usize,
    pub boolean: bool,
    pub groups: usize,
}

/// The precision of the sequential engine: one [`PredList`] per location, or one for all.
#[derive(Clone, Debug)]
pub struct Precision {
    kind: PrecisionKind,
    per_loc: HashMap<LocId, PredList>,
    global: PredList,
    /// Boolean abstraction requested everywhere (`--abstraction boolean`).
    all_boolean: bool,
    empty: PredList,
}

impl Precision {
    pub fn new(kind: PrecisionKind, all_boolean: bool) -> Self {
        Precision {
            kind,
            per_loc: HashMap::new(),
            global: PredList::default(),
            all_boolean,
            empty: PredList::default(),
        }
    }
    pub fn kind(&self) -> PrecisionKind {
        self.kind
    }
    /// The predicate list in force at `l`.
    pub fn at(&self, l: LocId) -> &PredList {
        match self.kind {
            PrecisionKind::Global => &self.global,
            PrecisionKind::Location => self.per_loc.get(&l).unwrap_or(&self.empty),
        }
    }
    fn at_mut(&mut self, l: LocId) -> &mut PredList {
        match self.kind {
            PrecisionKind::Global => &mut self.global,
            PrecisionKind::Location => self.per_loc.entry(l).or_default(),
        }
    }
    /// Adds `p` at `l` (or globally); true when new there.
    pub fn add(&mut self, l: LocId, p: PredId) -> bool {
        self.at_mut(l).add(p)
    }
    /// Whether abstraction at `l` is Boolean.
    pub fn is_boolean(&self, l: LocId) -> bool {
        self.all_boolean || self.at(l).boolean
    }
    /// Switches `l` (or everything, for a global precision) to Boolean abstraction; true when
    /// this changed anything.
    pub fn make_boolean(&mut self, l: LocId) -> bool {
        if self.is_boolean(l) {
            return false;
        }
        self.at_mut(l).boolean = true;
        true
    }
    pub fn version(&self, l: LocId) -> Version {
        Version {
            len: self.at(l).len(),
            boolean: self.is_boolean(l),
            groups: self.at(l).groups().len(),
        }
    }
    /// Adds a Boolean group at `l` (or globally); true when the group was not part of version
    /// `v` there.
    pub fn add_group(&mut self, l: LocId, g: Vec<PredId>, v: Version) -> bool {
        self.at_mut(l).add_group(g) >= v.groups
    }
    /// True when predicate `p` was part of the precision at `l` in version `v`.
    pub fn known_in(&self, l: LocId, p: PredId, v: Version) -> bool {
        self.at(l).contained_in_version(p, v.len)
    }
    /// Number of distinct predicates in use anywhere.
    pub fn num_predicates(&self) -> usize {
        match self.kind {
            PrecisionKind::Global => self.global.len(),
            PrecisionKind::Location => {
                let s: HashSet<PredId> = self
                    .per_loc
                    .values()
                    .flat_map(|l| l.preds().iter().copied())
                    .collect();
                s.len()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_and_kinds() {
        let mut p = Precision::new(PrecisionKind::Location, false);
        let (a, b) = (LocId(1), LocId(2));
        assert!(p.add(a, PredId(0)));
        assert!(!p.add(a, PredId(0)));
        let v = p.version(a);
        assert!(p.add(a, PredId(1)));
        assert!(p.known_in(a, PredId(0), v));
        assert!(!p.known_in(a, PredId(1), v));
        assert!(p.at(b).is_empty());
        assert!(!p.is_boolean(a));
        assert!(p.make_boolean(a));
        assert!(!p.make_boolean(a));
        assert!(!p.is_boolean(b));
        assert_eq!(p.num_predicates(), 2);
        let v = p.version(b);
        assert!(p.add_group(b, vec![PredId(3), PredId(2)], v));
        assert!(p.add_group(b, vec![PredId(2), PredId(3)], v));
        assert!(!p.add_group(b, vec![PredId(2), PredId(3)], p.version(b)));
        assert_eq!(p.at(b).groups(), &[vec![PredId(2), PredId(3)]]);
        assert!(p.at(b).contains(PredId(3)));

        let mut g = Precision::new(PrecisionKind::Global, false);
        g.add(a, PredId(4));
        assert!(g.at(b).contains(PredId(4)));
        g.make_boolean(a);
        assert!(g.is_boolean(b));
        let all = Precision::new(PrecisionKind::Location, true);
        assert!(all.is_boolean(a));
    }
}
