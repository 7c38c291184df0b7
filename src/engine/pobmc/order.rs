//! The partial-order constraints over a [`Structure`]: read-from with its some/value
//! constraints, write serialisation and from-read as clock difference constraints (sequential
//! consistency: every group is ordered by its clock, program order is the clock chain of each
//! instance), thread creation and join ordering, and the definitions of scheduler indices and
//! thread handles (creation order, as the pthread scheduler numbers its threads).
//!
//! For a read `r` of location `x` and each write `w` of `x` that may precede it, a Boolean
//! `rf(w,r)` implies `g(w)`, `clk(w) < clk(r)`, equal values and `src(r) = clk(w)`; some `rf`
//! holds when `g(r)` holds (the initial value is the write at clock -1). From-read / coherence
//! without cubic blow-up: every other write `w'` of `x` whose guard holds lies outside the
//! interval `(src(r), clk(r))`, i.e. `clk(w') <= src(r) ∨ clk(r) < clk(w')`; writes of `x` in
//! different groups have distinct clocks, so `clk(w') = src(r)` only for the source itself.
//! Writes in the read's own group come after the read (a group reads, then writes) and are
//! left out. Constraints are quadratic per location.

use super::unroll::{Access, MemLoc, Structure, MUTEX_TY};
use super::MemoryModel;
use crate::ir::Program;
use crate::smt::{bool_sort, int_sort, Encoder, Term};
use std::collections::BTreeMap;

/// Adds every constraint of the structure to `s.defs`; returns extra unsupported claims
/// (guard, reason) found while resolving joins.
pub(crate) fn constrain(
    s: &mut Structure,
    prog: &Program,
    enc: &Encoder,
    mm: MemoryModel,
) -> Vec<(usize, usize, Term, Term, String)> {
    let mut defs = Vec::new();
    memory(s, prog, enc, mm, &mut defs);
    // scheduler indices: 1 + number of instances created before (main is 0)
    let n = s.instances.len();
    for k in 1..n {
        let mut sum = vec![Term::int(1)];
        for j in 1..n {
            if j == k {
                continue;
            }
            let (gj, cj) = (s.instances[j].create_guard, s.instances[j].create_clock);
            let ck = s.instances[k].create_clock;
            sum.push(Term::ite(gj.and2(cj.lt(ck)), Term::int(1), Term::int(0)));
            if j > k && s.instances[j].creator != s.instances[k].creator {
                defs.push(gj.and2(s.instances[k].create_guard).implies(cj.neq(ck)));
            }
        }
        let total = sum[1..].iter().fold(sum[0], |a, b| a.add(*b));
        defs.push(s.instances[k].sched_index.eq(total));
    }
    // joins
    let mut extra = Vec::new();
    let joins = std::mem::take(&mut s.joins);
    for j in &joins {
        let mut any = Vec::new();
        let mut ok = Vec::new();
        for k in 1..n {
            if k == j.inst {
                continue;
            }
            let hk = handle_term(s, enc, k, j.handle_ty);
            let sel = j.handle.eq(hk).and2(s.instances[k].create_guard);
            any.push(sel);
            ok.push(sel.and2(s.instances[k].exit));
            if let Some((x, ty)) = j.value {
                // the out-parameter receives the joined instance's exit value
                let joined = j.guard.and2(j.ok).and2(sel);
                match s.instances[k].exit_value {
                    Some((v, vty)) if vty == ty => defs.push(joined.implies(x.eq(v))),
                    _ => extra.push((
                        j.inst,
                        j.tedge,
                        joined,
                        j.clock,
                        format!(
                            "pthread_join: the exit value of `{}` does not have the type of the \
                             out-parameter's cell",
                            prog.thread(s.instances[k].entry).name
                        ),
                    )),
                }
            }
            defs.push(
                j.guard
                    .and2(j.ok)
                    .and2(sel)
                    .implies(s.instances[k].end.lt(j.clock)),
            );
        }
        defs.push(j.ok.iff(Term::or(&ok)));
        extra.push((
            j.inst,
            j.tedge,
            j.guard.and2(Term::or(&any).not()),
            j.clock,
            "pthread_join of a value that is not the handle of another created thread".to_string(),
        ));
    }
    s.joins = joins;
    // handles (as `SchedState::handle` numbers thread handles)
    let base = 3i128 << (prog.pointer_bits - 2);
    for (&(k, ty), &h) in s.handles.iter() {
        let idx = s.instances[k].sched_index;
        let mut t = enc.constant(ty.wrap(base + 256 + n as i128 + 1), ty);
        for i in (1..n).rev() {
            t = Term::ite(
                idx.eq(Term::int(i as i128)),
                enc.constant(ty.wrap(base + 256 + i as i128 + 1), ty),
                t,
            );
        }
        defs.push(h.eq(t));
    }
    s.defs.extend(defs);
    extra
}

fn handle_term(s: &mut Structure, enc: &Encoder, k: usize, ty: crate::ir::Type) -> Term {
    *s.handles
        .entry((k, ty))
        .or_insert_with(|| Term::var("handle", enc.sort(ty)))
}

fn memory(s: &Structure, prog: &Program, enc: &Encoder, mm: MemoryModel, defs: &mut Vec<Term>) {
    let mut by_loc: BTreeMap<MemLoc, (Vec<&Access>, Vec<&Access>)> = BTreeMap::new();
    for a in &s.accesses {
        let e = by_loc.entry(a.loc).or_default();
        if a.write {
            e.1.push(a);
        } else {
            e.0.push(a);
        }
    }
    for (loc, (reads, writes)) in by_loc {
        let (init, ty) = match loc {
            MemLoc::Var(v) => {
                let var = prog.var(v);
                (var.init.map(|c| enc.constant(c, var.ty)), var.ty)
            }
            MemLoc::Mutex(_) => (Some(enc.constant(0, MUTEX_TY)), MUTEX_TY),
        };
        let init = init.unwrap_or_else(|| Term::var("init", enc.sort(ty)));
        // distinct clocks for writes of different groups in different instances
        for (i, w1) in writes.iter().enumerate() {
            for w2 in &writes[i + 1..] {
                if w1.inst != w2.inst {
                    defs.push(w1.guard.and2(w2.guard).implies(w1.clock.neq(w2.clock)));
                }
            }
        }
        for r in &reads {
            // The latest own write before the read that happens whenever the read does (guard
            // true or equal): by coherence the read's source is that write or a later one.
            let floor = writes
                .iter()
                .filter(|w| {
                    w.inst == r.inst && w.pos < r.pos && (w.guard.is_true() || w.guard == r.guard)
                })
                .map(|w| w.pos)
                .max();
            let src = Term::var("src", int_sort());
            let mut some = Vec::new();
            // initial value
            if floor.is_none() {
                let s0 = Term::var("rf", bool_sort());
                some.push(s0);
                defs.push(s0.implies(Term::and(&[r.value.eq(init), src.eq(Term::int(-1))])));
            }
            for w in &writes {
                if w.inst == r.inst && (w.pos >= r.pos || floor.is_some_and(|f| w.pos < f)) {
                    continue;
                }
                let sw = Term::var("rf", bool_sort());
                some.push(sw);
                // weak memory: a thread's own earlier write is read from its store buffer
                // (forwarding) even before it is visible to the others
                let visible = if mm != MemoryModel::Sc && w.inst == r.inst {
                    Term::tt()
                } else {
                    w.clock.lt(r.clock)
                };
                defs.push(sw.implies(Term::and(&[
                    w.guard,
                    visible,
                    r.value.eq(w.value),
                    src.eq(w.clock),
                ])));
            }
            defs.push(r.guard.implies(Term::or(&some)));
            for w in &writes {
                if w.inst == r.inst {
                    if w.pos >= r.pos || floor.is_some_and(|f| w.pos < f) {
                        continue;
                    }
                    defs.push(r.guard.and2(w.guard).implies(w.clock.le(src)));
                } else {
                    defs.push(
                        r.guard
                            .and2(w.guard)
                            .implies(w.clock.le(src).or2(r.clock.lt(w.clock))),
                    );
                }
            }
        }
    }
}
