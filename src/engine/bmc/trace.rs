//! Counterexamples from a model of an unrolling: the concrete CFG path (the edge instances whose
//! guards are true, which form exactly one path thanks to exclusive branching) with the
//! nondeterministic and assigned values decoded as C values.

use super::symex::{default_of, InstId, Unrolling};
use crate::ir::{ErrorKind, ThreadId, Type, Var};
use crate::smt::{Encoder, Model, Term};
use crate::verdict::Step;

/// Evaluates a term in a model; constants the model does not know (they occur in no assertion,
/// so any value is consistent) are read as 0 / false.
pub(crate) fn eval_value(m: &Model, enc: &Encoder, t: Term, ty: Type) -> i128 {
    if let Some(v) = enc.decode(m, t, ty) {
        return v;
    }
    let (from, to) = defaults_for_unknown(m, t);
    let t2 = t.subst(&from, &to);
    enc.decode(m, t2, ty).unwrap_or(0)
}

pub(crate) fn eval_bool(m: &Model, t: Term) -> bool {
    if let Some(b) = m.bool_value(t) {
        return b;
    }
    let (from, to) = defaults_for_unknown(m, t);
    m.bool_value(t.subst(&from, &to)).unwrap_or(false)
}

fn defaults_for_unknown(m: &Model, t: Term) -> (Vec<Term>, Vec<Term>) {
    let mut from = Vec::new();
    let mut to = Vec::new();
    for f in t.free_vars() {
        if m.value_as_term(f).is_none() {
            from.push(f);
            to.push(default_of(f.sort()));
        }
    }
    (from, to)
}

/// The text describing a property violation.
pub(crate) fn describe(kind: &ErrorKind) -> String {
    match kind {
        ErrorKind::ReachError => "reach_error()".to_string(),
        ErrorKind::AssertFail(s) if s.is_empty() => "assertion".to_string(),
        ErrorKind::AssertFail(s) => format!("assertion {s}"),
    }
}

/// Rebuilds the steps from the entry up to and including edge instance `target`; `None` if the
/// model does not describe such a path (an engine bug: the caller answers UNKNOWN).
pub(crate) fn rebuild(
    m: &Model,
    enc: &Encoder,
    u: &Unrolling,
    vars: &[Var],
    target: InstId,
) -> Option<Vec<Step>> {
    let mut steps = Vec::new();
    let mut v = 0usize;
    for _ in 0..=u.insts.len() {
        let visit = u.visits.get(v)?;
        let i = *visit
            .out
            .iter()
            .find(|&&i| eval_bool(m, u.insts[i].guard))?;
        let inst = &u.insts[i];
        steps.push(Step::Edge {
            thread: ThreadId(0),
            instance: 0,
            edge: inst.edge,
            nondet: inst
                .nondet
                .iter()
                .map(|(t, ty)| eval_value(m, enc, *t, *ty))
                .collect(),
            assigned: inst
                .assigned
                .iter()
                .map(|(var, t)| (*var, eval_value(m, enc, *t, vars[var.0 as usize].ty)))
                .collect(),
        });
        if i == target {
            return Some(steps);
        }
        v = inst.target?;
    }
    None
}
