//! Predicates: hash-consed atoms over program variables, compact abstract states over them, and
//! the abstract post computation (Cartesian and Boolean predicate abstraction).
//!
//! A predicate is a Boolean [`Term`] over the *canonical* constants of the program variables
//! (one constant per [`VarId`](crate::ir::VarId), see the engine). The [`PredTable`] hash-conses
//! them: each distinct term gets one [`PredId`]. An abstract data region is an [`AbsState`]: a
//! disjunction of [`Cube`]s, each a conjunction of predicate literals stored as two bitsets
//! (predicates asserted true, predicates asserted false). Cartesian abstraction always yields a
//! single cube; Boolean abstraction yields the set of satisfiable full cubes (all-SAT).
//!
//! Soundness of the abstract post: [`cartesian`] keeps a literal only when the solver proved the
//! concrete post entails it (an Unsat answer for its negation); [`boolean`] keeps exactly the
//! cubes the solver found satisfiable and stops only when the blocking clauses make the query
//! Unsat. Any Unknown answer aborts the computation (the caller answers UNKNOWN), so the result
//! always over-approximates the concrete post.

use crate::smt::{Context, Model, SatResult, Term};
use std::collections::HashMap;
use std::time::Duration;

/// Index of a predicate in a [`PredTable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PredId(pub u32);

/// Hash-consing table of predicates: term ↔ id.
#[derive(Clone, Debug, Default)]
pub struct PredTable {
    terms: Vec<Term>,
    index: HashMap<Term, PredId>,
}

impl PredTable {
    pub fn new() -> Self {
        Self::default()
    }
    /// The id of a predicate term, adding it when new. Returns (id, was_new).
    pub fn intern(&mut self, t: Term) -> (PredId, bool) {
        if let Some(&p) = self.index.get(&t) {
            return (p, false);
        }
        let p = PredId(self.terms.len() as u32);
        self.terms.push(t);
        self.index.insert(t, p);
        (p, true)
    }
    pub fn get(&self, t: Term) -> Option<PredId> {
        self.index.get(&t).copied()
    }
    pub fn term(&self, p: PredId) -> Term {
        self.terms[p.0 as usize]
    }
    pub fn len(&self) -> usize {
        self.terms.len()
    }
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }
}

/// A growable bitset over predicate ids, normalised (no trailing zero words) so that equal sets
/// compare and hash equal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PredSet(Vec<u64>);

impl PredSet {
    pub fn new() -> Self {
        PredSet(Vec::new())
    }
    pub fn insert(&mut self, p: PredId) {
        let (w, b) = (p.0 as usize / 64, p.0 % 64);
        if self.0.len() <= w {
            self.0.resize(w + 1, 0);
        }
        self.0[w] |= 1 << b;
    }
    pub fn contains(&self, p: PredId) -> bool {
        let (w, b) = (p.0 as usize / 64, p.0 % 64);
        self.0.get(w).is_some_and(|x| x & (1 << b) != 0)
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// `self ⊆ other`.
    pub fn is_subset(&self, other: &PredSet) -> bool {
        self.0
            .iter()
            .enumerate()
            .all(|(i, &w)| w & !other.0.get(i).copied().unwrap_or(0) == 0)
    }
    pub fn intersects(&self, other: &PredSet) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(&a, &b)| a & b != 0)
    }
    pub fn iter(&self) -> impl Iterator<Item = PredId> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            (0..64u32)
                .filter(move |b| w & (1u64 << b) != 0)
                .map(move |b| PredId(i as u32 * 64 + b))
        })
    }
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
}

/// A conjunction of predicate literals.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cube {
    /// Predicates known true.
    pub pos: PredSet,
    /// Predicates known false.
    pub neg: PredSet,
}

impl Cube {
    /// The empty cube (true).
    pub fn top() -> Cube {
        Cube::default()
    }
    /// `self ⇒ other` syntactically: every literal of `other` is a literal of `self`.
    pub fn implies(&self, other: &Cube) -> bool {
        other.pos.is_subset(&self.pos) && other.neg.is_subset(&self.neg)
    }
    pub fn is_top(&self) -> bool {
        self.pos.is_empty() && self.neg.is_empty()
    }
    pub fn to_term(&self, table: &PredTable) -> Term {
        let mut lits: Vec<Term> = self.pos.iter().map(|p| table.term(p)).collect();
        lits.extend(self.neg.iter().map(|p| table.term(p).not()));
        Term::and(&lits)
    }
    /// The literals as (predicate, polarity), sorted by predicate.
    pub fn literals(&self) -> Vec<(PredId, bool)> {
        let mut v: Vec<(PredId, bool)> = self.pos.iter().map(|p| (p, true)).collect();
        v.extend(self.neg.iter().map(|p| (p, false)));
        v.sort();
        v
    }
}

/// An abstract data region: a disjunction of cubes (empty = false). Cubes are kept sorted and
/// deduplicated so that equal regions compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbsState {
    cubes: Vec<Cube>,
}

impl AbsState {
    pub fn top() -> AbsState {
        AbsState {
            cubes: vec![Cube::top()],
        }
    }
    pub fn bottom() -> AbsState {
        AbsState { cubes: Vec::new() }
    }
    pub fn from_cube(c: Cube) -> AbsState {
        AbsState { cubes: vec![c] }
    }
    pub fn from_cubes(mut cubes: Vec<Cube>) -> AbsState {
        cubes.sort();
        cubes.dedup();
        // Drop cubes implied by another cube (keeps the disjunction small).
        let mut keep: Vec<Cube> = Vec::with_capacity(cubes.len());
        for (i, c) in cubes.iter().enumerate() {
            let subsumed = cubes
                .iter()
                .enumerate()
                .any(|(j, d)| j != i && c.implies(d) && (!d.implies(c) || j < i));
            if !subsumed {
                keep.push(c.clone());
            }
        }
        AbsState { cubes: keep }
    }
    pub fn cubes(&self) -> &[Cube] {
        &self.cubes
    }
    pub fn is_bottom(&self) -> bool {
        self.cubes.is_empty()
    }
    pub fn is_top(&self) -> bool {
        self.cubes.iter().any(Cube::is_top)
    }
    /// Sound (syntactic) entailment `self ⇒ other`: every cube of `self` implies some cube of
    /// `other`. Complete for Cartesian states and for Boolean states over one precision.
    pub fn entails(&self, other: &AbsState) -> bool {
        self.cubes
            .iter()
            .all(|c| other.cubes.iter().any(|d| c.implies(d)))
    }
    pub fn to_term(&self, table: &PredTable) -> Term {
        let ds: Vec<Term> = self.cubes.iter().map(|c| c.to_term(table)).collect();
        Term::or(&ds)
    }
}

/// Why an abstract post could not be computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbsError {
    /// A solver check answered Unknown (timeout or give-up).
    SolverUnknown,
}

/// A predicate of the precision together with its instance over the post-state constants.
#[derive(Clone, Copy, Debug)]
pub struct PredInstance {
    pub id: PredId,
    pub term: Term,
}

fn with(base: &[Term], t: Term) -> Vec<Term> {
    let mut v = base.to_vec();
    v.push(t);
    v
}

/// Cartesian abstraction of the formula asserted in `ctx` together with the assumptions `base`
/// (known satisfiable; `model` is a model of it, if available): the cube of the literals the
/// formula entails. Computed as a greatest fixpoint: the literals true in a model are the
/// candidates; while the formula is consistent with the negation of their conjunction, the
/// new model drops the candidates it falsifies. Entailed literals are never dropped and the
/// loop ends with `formula ⇒ ∧ candidates`, so the result is exact; it needs one check per
/// round (usually few) instead of two per predicate.
pub fn cartesian(
    ctx: &mut Context,
    base: &[Term],
    model: Option<Model>,
    preds: &[PredInstance],
    timeout: &dyn Fn() -> Option<Duration>,
) -> Result<Cube, AbsError> {
    let mut cube = Cube::top();
    let model = match model {
        Some(m) => m,
        None => match ctx.check_assuming_with_timeout(base, timeout()) {
            SatResult::Sat => ctx.model().ok_or(AbsError::SolverUnknown)?,
            SatResult::Unsat => {
                // The formula is false: every literal holds; report none (still sound).
                return Ok(cube);
            }
            SatResult::Unknown => return Err(AbsError::SolverUnknown),
        },
    };
    let mut cand: Vec<(PredInstance, bool)> = Vec::new();
    let mut undetermined: Vec<PredInstance> = Vec::new();
    for p in preds {
        if p.term.is_true() {
            cube.pos.insert(p.id);
        } else if p.term.is_false() {
            cube.neg.insert(p.id);
        } else if let Some(v) = model.eval_bool(p.term) {
            cand.push((*p, v));
        } else {
            undetermined.push(*p);
        }
    }
    drop(model);
    // Predicates the model does not evaluate (over constants the formula does not mention):
    // one check per polarity.
    for p in undetermined {
        decide_by_checks(ctx, base, &p, timeout, &mut cube)?;
    }
    while !cand.is_empty() {
        let negs: Vec<Term> = cand
            .iter()
            .map(|(p, v)| if *v { p.term.not() } else { p.term })
            .collect();
        match ctx.check_assuming_with_timeout(&with(base, Term::or(&negs)), timeout()) {
            SatResult::Unsat => break,
            SatResult::Sat => {
                let m = ctx.model().ok_or(AbsError::SolverUnknown)?;
                let before = cand.len();
                cand.retain(|(p, v)| m.eval_bool(p.term) == Some(*v));
                if cand.len() == before {
                    // Cannot happen for a genuine model; avoid looping.
                    return Err(AbsError::SolverUnknown);
                }
            }
            SatResult::Unknown => return Err(AbsError::SolverUnknown),
        }
    }
    for (p, v) in cand {
        if v {
            cube.pos.insert(p.id);
        } else {
            cube.neg.insert(p.id);
        }
    }
    Ok(cube)
}

/// Puts `p` into `cube` when the formula in `ctx` under `base` entails it (`base ∧ ¬p`
/// unsatisfiable) or its negation (`base ∧ p` unsatisfiable); leaves it out otherwise.
fn decide_by_checks(
    ctx: &mut Context,
    base: &[Term],
    p: &PredInstance,
    timeout: &dyn Fn() -> Option<Duration>,
    cube: &mut Cube,
) -> Result<(), AbsError> {
    for (lit, pos) in [(p.term.not(), true), (p.term, false)] {
        match ctx.check_assuming_with_timeout(&with(base, lit), timeout()) {
            SatResult::Unsat => {
                if pos {
                    cube.pos.insert(p.id);
                } else {
                    cube.neg.insert(p.id);
                }
                return Ok(());
            }
            SatResult::Sat => {}
            SatResult::Unknown => return Err(AbsError::SolverUnknown),
        }
    }
    Ok(())
}

/// Cartesian abstraction by one or two entailment checks per predicate and no model: for
/// each predicate `p`, `base ∧ ¬p` unsatisfiable puts `p` in the cube, else `base ∧ p`
/// unsatisfiable puts `¬p`. The same cube as [`cartesian`] (both are exact), cheaper when the
/// predicates are few and the formula is large: building a model walks every term the context
/// has internalised, while an assumption check on a satisfiable context is incremental.
pub fn cartesian_by_checks(
    ctx: &mut Context,
    base: &[Term],
    preds: &[PredInstance],
    timeout: &dyn Fn() -> Option<Duration>,
) -> Result<Cube, AbsError> {
    let mut cube = Cube::top();
    for p in preds {
        if p.term.is_true() {
            cube.pos.insert(p.id);
            continue;
        }
        if p.term.is_false() {
            cube.neg.insert(p.id);
            continue;
        }
        decide_by_checks(ctx, base, p, timeout, &mut cube)?;
    }
    Ok(cube)
}

/// Boolean abstraction (all-SAT over the predicates) of the formula asserted in `ctx` with the
/// assumptions `base`: the disjunction of every full cube over `preds` consistent with it. Enumerates models and blocks
/// each found cube with a clause, inside a push/pop scope. `max_cubes` bounds the enumeration;
/// when it is exceeded the Cartesian abstraction is returned instead (still sound, weaker).
pub fn boolean(
    ctx: &mut Context,
    base: &[Term],
    preds: &[PredInstance],
    timeout: &dyn Fn() -> Option<Duration>,
    max_cubes: usize,
) -> Result<AbsState, AbsError> {
    // Constant predicates first: they need no enumeration.
    let mut fixed = Cube::top();
    let mut vary: Vec<PredInstance> = Vec::new();
    for p in preds {
        if p.term.is_true() {
            fixed.pos.insert(p.id);
        } else if p.term.is_false() {
            fixed.neg.insert(p.id);
        } else {
            vary.push(*p);
        }
    }
    let mut cubes: Vec<Cube> = Vec::new();
    ctx.push();
    let result = loop {
        match ctx.check_assuming_with_timeout(base, timeout()) {
            SatResult::Unsat => break Ok(()),
            SatResult::Unknown => break Err(AbsError::SolverUnknown),
            SatResult::Sat => {}
        }
        let Some(m) = ctx.model() else {
            break Err(AbsError::SolverUnknown);
        };
        let mut cube = fixed.clone();
        let mut block: Vec<Term> = Vec::new();
        for p in &vary {
            // A predicate the model does not determine is not constrained: treat as false and
            // the blocking clause still excludes exactly this assignment.
            let v = m.eval_bool(p.term).unwrap_or(false);
            if v {
                cube.pos.insert(p.id);
                block.push(p.term.not());
            } else {
                cube.neg.insert(p.id);
                block.push(p.term);
            }
        }
        cubes.push(cube);
        if vary.is_empty() {
            break Ok(());
        }
        if cubes.len() > max_cubes {
            break Err(AbsError::SolverUnknown);
        }
        ctx.assert(Term::or(&block));
    };
    ctx.pop();
    match result {
        Ok(()) => Ok(AbsState::from_cubes(cubes)),
        Err(_) if cubes.len() > max_cubes => {
            let c = cartesian(ctx, base, None, preds, timeout)?;
            Ok(AbsState::from_cube(c))
        }
        Err(e) => Err(e),
    }
}

/// Cartesian abstraction strengthened by Boolean abstraction of some groups of predicates:
/// for each group (indices into `preds`), the all-SAT projection of the formula on the group's
/// predicates not fixed by the Cartesian cube; the result is the conjunction (multiplied out,
/// at most `max_cubes` cubes: a group that would exceed it is left out, which is sound).
pub fn cartesian_with_groups(
    ctx: &mut Context,
    base: &[Term],
    model: Option<Model>,
    preds: &[PredInstance],
    groups: &[Vec<usize>],
    timeout: &dyn Fn() -> Option<Duration>,
    max_cubes: usize,
) -> Result<AbsState, AbsError> {
    let cube = cartesian(ctx, base, model, preds, timeout)?;
    let mut cubes = vec![cube.clone()];
    for g in groups {
        let sub: Vec<PredInstance> = g
            .iter()
            .filter_map(|&i| preds.get(i).copied())
            .filter(|p| !cube.pos.contains(p.id) && !cube.neg.contains(p.id))
            .collect();
        if sub.len() < 2 {
            continue;
        }
        let d = boolean(ctx, base, &sub, timeout, max_cubes)?;
        if d.cubes().len() >= 1usize << sub.len() {
            // Every combination is possible: the group adds nothing.
            continue;
        }
        let mut next = Vec::with_capacity(cubes.len() * d.cubes().len());
        for c in &cubes {
            for e in d.cubes() {
                let mut m = c.clone();
                for p in e.pos.iter() {
                    m.pos.insert(p);
                }
                for p in e.neg.iter() {
                    m.neg.insert(p);
                }
                if !m.pos.intersects(&m.neg) {
                    next.push(m);
                }
            }
        }
        if next.len() <= max_cubes {
            cubes = next;
        }
    }
    Ok(AbsState::from_cubes(cubes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smt::int_sort;

    #[test]
    fn predset_ops() {
        let mut a = PredSet::new();
        a.insert(PredId(3));
        a.insert(PredId(70));
        let mut b = a.clone();
        b.insert(PredId(5));
        assert!(a.is_subset(&b));
        assert!(!b.is_subset(&a));
        assert_eq!(
            b.iter().collect::<Vec<_>>(),
            vec![PredId(3), PredId(5), PredId(70)]
        );
        assert_eq!(b.len(), 3);
        assert!(PredSet::new().is_subset(&a));
    }

    #[test]
    fn state_entailment() {
        let mut c1 = Cube::top();
        c1.pos.insert(PredId(0));
        c1.neg.insert(PredId(1));
        let mut c2 = Cube::top();
        c2.pos.insert(PredId(0));
        let s1 = AbsState::from_cube(c1.clone());
        let s2 = AbsState::from_cube(c2.clone());
        assert!(s1.entails(&s2));
        assert!(!s2.entails(&s1));
        assert!(s1.entails(&AbsState::top()));
        assert!(AbsState::bottom().entails(&s1));
        let d = AbsState::from_cubes(vec![c1.clone(), c2.clone()]);
        // c1 is subsumed by c2 in the disjunction.
        assert_eq!(d.cubes().len(), 1);
    }

    #[test]
    fn cartesian_and_boolean_abstraction() {
        let x = Term::var("x", int_sort());
        let y = Term::var("y", int_sort());
        let mut tbl = PredTable::new();
        let (p0, _) = tbl.intern(x.ge(Term::int(0)));
        let (p1, _) = tbl.intern(y.eq(Term::int(1)));
        let (p2, _) = tbl.intern(x.eq(Term::int(5)));
        assert_eq!(tbl.intern(x.ge(Term::int(0))), (p0, false));
        // Formula: x = 5 ∨ (x = 7 ∧ y = 1)
        let f = x
            .eq(Term::int(5))
            .or2(x.eq(Term::int(7)).and2(y.eq(Term::int(1))));
        let preds: Vec<PredInstance> = [p0, p1, p2]
            .iter()
            .map(|&p| PredInstance {
                id: p,
                term: tbl.term(p),
            })
            .collect();
        let mut ctx = Context::new();
        ctx.assert(f);
        assert_eq!(ctx.check(), SatResult::Sat);
        let m = ctx.model();
        let c = cartesian(&mut ctx, &[], m, &preds, &|| None).unwrap();
        assert!(c.pos.contains(p0));
        assert!(!c.pos.contains(p1) && !c.neg.contains(p1));
        assert!(!c.pos.contains(p2) && !c.neg.contains(p2));
        let g = cartesian_with_groups(&mut ctx, &[], None, &preds, &[vec![1, 2]], &|| None, 100)
            .unwrap();
        // x = 5 ∨ y = 1 over {y = 1, x = 5}: three cubes (both false excluded).
        assert_eq!(g.cubes().len(), 3);
        let b = boolean(&mut ctx, &[], &preds, &|| None, 100).unwrap();
        // The same under an assumption, in a context where the formula is guarded.
        let act = Term::var("pa_test_act", crate::smt::bool_sort());
        let mut g = Context::new();
        g.assert(act.implies(f));
        let b2 = boolean(&mut g, &[act], &preds, &|| None, 100).unwrap();
        assert_eq!(b, b2);
        let c2 = cartesian(&mut g, &[act], None, &preds, &|| None).unwrap();
        assert_eq!(c, c2);
        // Cubes: {x>=0, y=1 or not, x=5} and {x>=0, y=1, !x=5}; x=5 ∧ y≠1 and x=5 ∧ y=1 both.
        assert_eq!(b.cubes().len(), 3);
        assert!(b.entails(&AbsState::from_cube(c)));
    }
}
