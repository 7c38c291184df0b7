//! Certificate covers up to thread symmetry (issue 22; the engine side is
//! `engine::esst::symmetry`): a successor state `s` of class `c` also lies in the certificate
//! when, for a permutation σ of its same-entry thread instances that is a symmetry of the model
//! (`sched::symmetry::Symmetry`, whose conditions on the program this checker evaluates itself),
//! the permuted state σ(s) lies in a node of the class σ(c).
//!
//! Why that suffices: with `S` the certificate's states and `G` the symmetry group, `G(S)` is
//! closed under the transitions when every successor of `S` lies in `G(S)` (a successor of
//! σ(x) is σ of a successor of x, since σ is a symmetry of the transition relation), it holds
//! the initial state, and it has no error state (σ maps a thread at an error edge to one). So
//! the safety argument of the module `check::esst` carries over to `G(S)`.
//!
//! The permutation is found here, not taken from the certificate: the classes are indexed by
//! their canonical image (`Symmetry::canonical`), and a candidate's σ is re-checked in full
//! (locations, scheduler state). σ(s)'s value of `(v, σ(i))` is `s`'s value of `(v, i)`, so a
//! node's region is instantiated by substituting, for each of its instance constants `(v, j)`,
//! `s`'s term for `(v, σ⁻¹(j))`; a region over a variable that may hold a thread handle is not
//! used (handle values are renamed by σ, the region's predicates are not).

use super::{Class, Key, SHARED};
use crate::ir::{LocId, Program};
use crate::sched::symmetry::{self, Perm, Symmetry};
use crate::sched::SchedState;
use crate::smt::{Encoder, Term};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

type CanonKey = (Vec<LocId>, SchedState, bool);

/// The certificate's classes by canonical image.
pub(super) struct SymClasses {
    sym: Symmetry,
    by_canon: HashMap<CanonKey, Vec<(Class, Perm)>>,
    /// Nodes whose region mentions a handle variable (not usable up to permutation).
    handle_nodes: Vec<bool>,
    /// The nodes' regions.
    regions: Vec<Term>,
}

static FRESH: AtomicU64 = AtomicU64::new(0);

impl SymClasses {
    /// `None` when the model is not symmetric.
    pub(super) fn new(
        sym: Option<Symmetry>,
        classes: &HashMap<Class, Vec<usize>>,
        regions: Vec<Term>,
        key_of: &HashMap<Term, Key>,
    ) -> Option<SymClasses> {
        let sym = sym?;
        let mut by_canon: HashMap<CanonKey, Vec<(Class, Perm)>> = HashMap::new();
        for c in classes.keys() {
            let (k, p) = canonical(&sym, c);
            by_canon.entry(k).or_default().push((c.clone(), p));
        }
        let handle_nodes = regions
            .iter()
            .map(|r| {
                r.free_vars().iter().any(|t| {
                    // a constant the certificate does not name: refuse too
                    key_of.get(t).is_none_or(|k| sym.is_handle_var(k.0))
                })
            })
            .collect();
        Some(SymClasses {
            sym,
            by_canon,
            handle_nodes,
            regions,
        })
    }

    /// The disjuncts saying the successor of class `c` with valuation `at` (keys not in `at`
    /// keep their constants in `canon`) lies, permuted, in a node of another class.
    pub(super) fn permuted_regions(
        &self,
        prog: &Program,
        enc: &Encoder,
        c: &Class,
        at: &HashMap<Key, Term>,
        canon: &HashMap<Key, Term>,
        classes: &HashMap<Class, Vec<usize>>,
    ) -> Vec<Term> {
        let (k, pc) = canonical(&self.sym, c);
        let Some(cands) = self.by_canon.get(&k) else {
            return Vec::new();
        };
        let n = c.0.len();
        let mut out = Vec::new();
        for (c2, p2) in cands {
            let inv2 = symmetry::inverse(p2);
            let sigma: Perm = pc.iter().map(|&p| inv2[p as usize]).collect();
            if !Symmetry::admissible(&c.1, &sigma)
                || c2.2 != c.2
                || symmetry::permute_locs(&c.0, &sigma) != c2.0
                || self.sym.permute(&c.1, &sigma) != self.sym.permute(&c2.1, &symmetry::identity(n))
            {
                continue;
            }
            let inv = symmetry::inverse(&sigma);
            // the value of each key of σ(s)
            let (mut from, mut to) = (Vec::new(), Vec::new());
            for (key, t) in canon {
                let src = if key.1 == SHARED || key.1 as usize >= n {
                    *key
                } else {
                    (key.0, inv[key.1 as usize])
                };
                let val = match at.get(&src).or_else(|| canon.get(&src)) {
                    Some(v) => *v,
                    None => {
                        // never mentioned: an arbitrary value (only makes the check stricter)
                        let v = prog.var(src.0);
                        let i = FRESH.fetch_add(1, Ordering::Relaxed);
                        Term::var(&format!("chk!sym{i}!{}#{}", v.name, src.1), enc.sort(v.ty))
                    }
                };
                if val != *t {
                    from.push(*t);
                    to.push(val);
                }
            }
            for &m in classes.get(c2).into_iter().flatten() {
                if self.handle_nodes[m] {
                    continue;
                }
                let r = self.regions[m];
                out.push(if from.is_empty() || r.is_true() || r.is_false() {
                    r
                } else {
                    r.subst(&from, &to)
                });
            }
        }
        out
    }
}

fn canonical(sym: &Symmetry, c: &Class) -> (CanonKey, Perm) {
    let p = sym.canonical(&c.0, &c.1);
    (
        (symmetry::permute_locs(&c.0, &p), sym.permute(&c.1, &p), c.2),
        p,
    )
}
