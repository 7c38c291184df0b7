//! Pruned transitions of the ESST proof check followed further: a transition the engine's
//! partial-order reduction pruned at a node, whose successor the certificate does not cover,
//! is checked by exploring the model (every transition, no reduction) from the states it
//! reaches, exactly (strongest postconditions: path formulas over fresh constants, no
//! abstraction), until every path lands in the certificate, becomes infeasible, or returns to
//! a state it passed with the same values (a cycle that writes nothing, such as a spin loop).
//!
//! # Why that is a proof
//! Let `X` be the symbolic states the exploration visited (a class and a path formula from
//! the node's region). Every transition of every state of `X` leads into the certificate,
//! into `X`, or into a subset of a state of `X` (the cycle case: same class, same values, the
//! path formula only strengthened by assumptions), and no state of `X` with a satisfiable
//! formula can take a bad step. So the certificate's states together with `X` are closed under
//! that transition and the states it leads to, and stay safe: the transition is covered as if
//! the certificate had those states (counted as checked directly). The exploration is bounded
//! (depth, states per transition, the check's deadline); a transition it does not close stays
//! uncovered, for the POR argument (esst_por.rs) or the count of unchecked transitions.

use super::{ArfChecker, ArfNode, Class, Key, Rhs, Succ};
use crate::check::CheckError;
use crate::smt::{Context, Term};
use std::collections::{BTreeSet, HashMap};

/// Longest path followed from a pruned transition.
const MAX_DEPTH: usize = 24;
/// Symbolic states visited per pruned transition.
const MAX_STATES: usize = 600;

/// A state on the current exploration path.
struct Frame {
    class: Class,
    val: HashMap<Key, Term>,
}

impl ArfChecker<'_> {
    /// Second pass over the uncovered pruned transitions: each is followed further (see the
    /// module doc) with the time left; a success moves it from the uncovered to the directly
    /// checked ones. Runs after the main pass so that it never costs the main check its time
    /// budget: at the deadline the rest stay uncovered.
    pub(super) fn lookaheads(&mut self) {
        let pending = std::mem::take(&mut self.por_pending);
        let nodes = self.nodes;
        let mut i_prev = usize::MAX;
        let mut x = None;
        for (i, j) in pending {
            let n = &nodes[i];
            if i != i_prev {
                x = Some(self.expand(n));
                i_prev = i;
            }
            let Some(s) = x.as_ref().and_then(|x| x.succs.get(j)) else {
                continue;
            };
            let mut used: BTreeSet<Term> = self.free_vars(i).iter().copied().collect();
            used.extend(self.canon.values().copied());
            let ranges = self.ranges_of(&used);
            let mut ctx = Context::new();
            ctx.assert_all(&ranges);
            ctx.assert(n.region);
            match self.lookahead(&mut ctx, s) {
                Ok(true) => {
                    self.out.por_lookahead += 1;
                    self.out.por_direct += 1;
                    if let Some(e) = self.por_uncovered.iter_mut().find(|e| e.0 == i) {
                        e.1 -= 1;
                    }
                }
                Ok(false) => {}
                Err(_) => break,
            }
        }
        self.por_uncovered.retain(|e| e.1 > 0);
    }

    /// True when the states transition `s` leads to from the node whose region `ctx` holds are
    /// closed by the exploration of the module doc.
    fn lookahead(&mut self, ctx: &mut Context, s: &Succ) -> Result<bool, CheckError> {
        let (cons, post) = self.action_terms(&HashMap::new(), s);
        ctx.push();
        ctx.assert_all(&cons);
        let mut path = Vec::new();
        let mut states = 0;
        let r = self.explore(ctx, &mut path, s.class.clone(), post, &mut states);
        ctx.pop();
        r
    }

    /// The constraints and post-state values of `s` from values `val` (with the range facts of
    /// the constants it reads that the context may lack).
    fn action_terms(
        &mut self,
        val: &HashMap<Key, Term>,
        s: &Succ,
    ) -> (Vec<Term>, HashMap<Key, Term>) {
        let mut keys = Vec::new();
        for (k, r) in &s.action.assigns {
            keys.push(*k);
            if let Rhs::Expr(e, c) = r {
                e.for_each_var(&mut |v| keys.push(self.key(v, *c)));
            }
        }
        for (e, c) in &s.action.assumes {
            e.for_each_var(&mut |v| keys.push(self.key(v, *c)));
        }
        let fresh: Vec<Term> = keys
            .iter()
            .filter(|k| !val.contains_key(k))
            .map(|k| self.canon(*k))
            .collect();
        let (mut cons, mut post) = self.step_terms(val, &s.action, Some("la"));
        cons.extend(self.ranges_of(&fresh));
        let mut all = val.clone();
        all.extend(post.drain());
        (cons, all)
    }

    /// Explores the state of class `class` with values `val` whose path formula `ctx` holds;
    /// `path` holds the states before it. False when it does not close within the bounds.
    fn explore(
        &mut self,
        ctx: &mut Context,
        path: &mut Vec<Frame>,
        class: Class,
        val: HashMap<Key, Term>,
        states: &mut usize,
    ) -> Result<bool, CheckError> {
        // a state passed before with the same values: this one only has more assumptions
        if path.iter().any(|f| f.class == class && f.val == val) {
            return Ok(true);
        }
        if path.len() >= MAX_DEPTH || *states >= MAX_STATES {
            if std::env::var_os("SCHEDMC_DEBUG_POR").is_some() {
                eprintln!(
                    "[por] lookahead bound (depth {}, states {}) at {}",
                    path.len(),
                    states,
                    self.describe(&class)
                );
            }
            return Ok(false);
        }
        *states += 1;
        let node = ArfNode {
            locs: class.0.clone(),
            sched: class.1.clone(),
            scheduled: class.2,
            region: Term::tt(),
            explored: None,
        };
        let x = self.expand(&node);
        if !x.bad.is_empty() || !x.unmodelled.is_empty() {
            // only an empty state may have a bad step
            let what = || "a state after a pruned transition".to_string();
            let empty = !self.sat(ctx, Term::tt(), &what)?;
            if !empty && std::env::var_os("SCHEDMC_DEBUG_POR").is_some() {
                eprintln!(
                    "[por] lookahead reaches a bad step: {:?} {:?} at {}",
                    x.bad,
                    x.unmodelled,
                    self.describe(&class)
                );
            }
            return Ok(empty);
        }
        for t in &x.succs {
            let (cons, post) = self.action_terms(&val, t);
            // lands in the certificate, or cannot be taken
            let goal = Term::and(&cons).and2(self.covered_by(&t.class, &post).not());
            let what = || format!("a transition ({}) after a pruned one", t.what);
            if !self.sat(ctx, goal, &what)? {
                continue;
            }
            ctx.push();
            ctx.assert_all(&cons);
            path.push(Frame {
                class: class.clone(),
                val: val.clone(),
            });
            let r = self.explore(ctx, path, t.class.clone(), post, states);
            path.pop();
            ctx.pop();
            if !r? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
