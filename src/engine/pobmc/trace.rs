//! A counterexample from a model of the event structure: each existing thread instance's path
//! (the edge instances whose guards are true), cut into *segments* at its group starts (a
//! group start, then the local steps that follow it), ordered by the segments' clocks. Local
//! steps touch no shared state and cannot be preempted, so running them right after their
//! group gives an interleaving the pthread scheduler can produce; scheduler steps (switches,
//! primitive outcomes) are filled in by the replay (`sched::replay::replay_scheduled`).

use super::unknown;
use super::unroll::{PClaim, Structure};
use crate::engine::bmc::trace::{describe, eval_bool, eval_value};
use crate::ir::{Op, Program};
use crate::smt::{Encoder, Model, Term};
use crate::verdict::{Counterexample, Step, Verdict, Violation};

fn clock_value(m: &Model, t: Term) -> i128 {
    m.int_value(t).unwrap_or(0)
}

/// A piece of one instance's path: its clock, instance, sequence number within the
/// instance, steps, and whether it ends with an error.
type Segment = (i128, usize, usize, Vec<Step>, bool);

/// An error edge on a model path: clock, instance, segment sequence, edge instance.
type ErrorAt = (i128, usize, usize, usize);

/// The counterexample ending at error claim `c`.
pub(crate) fn counterexample(
    m: &Model,
    enc: &Encoder,
    prog: &Program,
    s: &Structure,
    c: &PClaim,
) -> Verdict {
    let internal = |w: &str| unknown(format!("internal error: partial-order BMC trace: {w}"));
    let (live, number) = live_instances(m, s);
    let mut segs: Vec<Segment> = Vec::new();
    let mut errs: Vec<ErrorAt> = Vec::new();
    for &(_, k) in &live {
        let found_error = instance_path(m, enc, prog, s, k, &number, c, &mut segs, &mut errs);
        if k == c.inst && !found_error {
            return internal("the error edge is not on the model's path");
        }
    }
    let steps = interleave(segs, flushes(m, s, &number));
    errs.sort();
    let Some(&(_, ek, _, ei)) = errs.first() else {
        return internal("no error edge on the model's paths");
    };
    let inst = &s.instances[ek];
    let cfg = prog.thread(inst.entry);
    let edge = cfg.edge(inst.edges[ei].edge);
    let mut description = match &edge.op {
        Op::Error(k) => describe(k),
        _ => "error".into(),
    };
    let buffered = buffered_reads(m, enc, prog, s, &number);
    if !buffered.is_empty() {
        description = format!("{description}; weak memory: {}", buffered.join("; "));
    }
    Verdict::Unsafe(Counterexample {
        violation: Violation::Property {
            description,
            loc: edge.loc,
        },
        steps,
    })
}

/// The instances the model creates, as (scheduler index, instance) in scheduler order, and
/// each instance's number among those of its entry function.
fn live_instances(m: &Model, s: &Structure) -> (Vec<(i128, usize)>, Vec<u32>) {
    let mut live: Vec<(i128, usize)> = s
        .instances
        .iter()
        .enumerate()
        .filter(|(_, i)| eval_bool(m, i.create_guard))
        .map(|(k, i)| (clock_value(m, i.sched_index), k))
        .collect();
    live.sort();
    let mut number = vec![0u32; s.instances.len()];
    for (pos, &(_, k)) in live.iter().enumerate() {
        let e = s.instances[k].entry;
        number[k] = live[..pos]
            .iter()
            .filter(|(_, j)| s.instances[*j].entry == e)
            .count() as u32;
    }
    (live, number)
}

/// Walks instance `k`'s path in the model (the edge instances whose guards hold), cut into
/// segments at its group starts, into `segs`; an error edge on it ends the walk and goes to
/// `errs`. Returns whether the path contains claim `c`'s edge.
#[allow(clippy::too_many_arguments)]
fn instance_path(
    m: &Model,
    enc: &Encoder,
    prog: &Program,
    s: &Structure,
    k: usize,
    number: &[u32],
    c: &PClaim,
    segs: &mut Vec<Segment>,
    errs: &mut Vec<ErrorAt>,
) -> bool {
    let inst = &s.instances[k];
    let mut cur: (i128, Vec<Step>) = (clock_value(m, inst.start_clock), Vec::new());
    let mut seq = 0usize;
    let mut v = 0usize;
    let mut found_error = false;
    let mut in_atomic = false;
    for _ in 0..=inst.edges.len() {
        let Some(outs) = inst.visits.get(v) else {
            break;
        };
        let Some(&i) = outs.iter().find(|&&i| eval_bool(m, inst.edges[i].guard)) else {
            // The path dies (a false `assume`). Inside an atomic section nothing of the
            // section took effect (its writes happen at its end): the thread is left
            // before the section, where the scheduler may preempt it.
            if in_atomic {
                cur.1.clear();
            }
            break;
        };
        let te = &inst.edges[i];
        match &prog.thread(inst.entry).edge(te.edge).op {
            Op::AtomicBegin => in_atomic = true,
            Op::AtomicEnd => in_atomic = false,
            Op::Call { func, .. } if func == "__VERIFIER_atomic_begin" => in_atomic = true,
            Op::Call { func, .. } if func == "__VERIFIER_atomic_end" => in_atomic = false,
            _ => {}
        }
        if let Some(g) = te.group {
            if !cur.1.is_empty() {
                segs.push((cur.0, k, seq, std::mem::take(&mut cur.1), false));
                seq += 1;
            }
            cur.0 = clock_value(m, g);
        }
        cur.1.push(Step::Edge {
            thread: inst.entry,
            instance: number[k],
            edge: te.edge,
            nondet: te
                .nondet
                .iter()
                .map(|(t, ty)| eval_value(m, enc, *t, *ty))
                .collect(),
            assigned: te
                .assigned
                .iter()
                .map(|(var, t)| (*var, eval_value(m, enc, *t, prog.var(*var).ty)))
                .collect(),
        });
        if k == c.inst && i == c.tedge {
            found_error = true;
        }
        if matches!(prog.thread(inst.entry).edge(te.edge).op, Op::Error(_)) {
            // (every error on a model path ends its thread's walk; the earliest one in
            // clock order is the one reported)
            segs.push((cur.0, k, seq, std::mem::take(&mut cur.1), true));
            errs.push((cur.0, k, seq, i));
            break;
        }
        match te.target {
            Some(t) => v = t,
            None => break,
        }
    }
    if !cur.1.is_empty() {
        segs.push((cur.0, k, seq, cur.1, false));
    }
    found_error
}

/// Weak memory: each buffered write of the model's paths becomes visible at its clock, as a
/// flush step (clock, instance, access index, step).
fn flushes(m: &Model, s: &Structure, number: &[u32]) -> Vec<(i128, usize, usize, Step)> {
    let mut flushes = Vec::new();
    for (i, w) in s.accesses.iter().enumerate() {
        let super::unroll::MemLoc::Var(var) = w.loc else {
            continue;
        };
        if !w.buffered || !eval_bool(m, w.guard) || !eval_bool(m, s.instances[w.inst].create_guard)
        {
            continue;
        }
        flushes.push((
            clock_value(m, w.clock),
            w.inst,
            i,
            Step::Flush {
                thread: s.instances[w.inst].entry,
                instance: number[w.inst],
                var,
            },
        ));
    }
    flushes
}

/// The steps in clock order, up to the first error segment. A read at the same clock as a
/// flush does not see it (rf needs a smaller clock), so a flush goes after the segments of
/// its clock.
fn interleave(segs: Vec<Segment>, flushes: Vec<(i128, usize, usize, Step)>) -> Vec<Step> {
    // (clock, kind: 0 error segment, 1 segment, 2 flush, instance, sequence)
    type Key = (i128, u8, usize, usize);
    let mut all: Vec<(Key, Vec<Step>, bool)> = segs
        .into_iter()
        .map(|(c, k, q, st, last)| ((c, if last { 0 } else { 1 }, k, q), st, last))
        .collect();
    all.extend(
        flushes
            .into_iter()
            .map(|(c, k, i, st)| ((c, 2, k, i), vec![st], false)),
    );
    all.sort_by_key(|s| s.0);
    let mut steps = Vec::new();
    for (_, st, last) in all {
        steps.extend(st);
        if last {
            break;
        }
    }
    steps
}

/// Weak memory: the reads of the model that happened while a write of the same thread was still
/// in its store buffer (the write's visibility clock lies after the read's clock), and (PSO)
/// writes that became visible before earlier writes of their thread, as text.
fn buffered_reads(
    m: &Model,
    enc: &Encoder,
    prog: &Program,
    s: &Structure,
    number: &[u32],
) -> Vec<String> {
    use super::unroll::MemLoc;
    let name = |k: usize| {
        let i = &s.instances[k];
        let n = prog.thread(i.entry).name.clone();
        if k == 0 || number[k] == 0 {
            n
        } else {
            format!("{n}#{}", number[k])
        }
    };
    let mut out = Vec::new();
    for r in s.accesses.iter().filter(|a| !a.write) {
        let MemLoc::Var(rv) = r.loc else { continue };
        if !eval_bool(m, r.guard) {
            continue;
        }
        let rc = clock_value(m, r.clock);
        for w in s.accesses.iter().filter(|w| w.write && w.inst == r.inst) {
            let MemLoc::Var(wv) = w.loc else { continue };
            if w.pos >= r.pos || !eval_bool(m, w.guard) || clock_value(m, w.clock) <= rc {
                continue;
            }
            let ty = prog.var(wv).ty;
            let msg = format!(
                "{} read `{}` while its write `{} = {}` was still buffered",
                name(r.inst),
                prog.var(rv).name,
                prog.var(wv).name,
                eval_value(m, enc, w.value, ty)
            );
            if !out.contains(&msg) {
                out.push(msg);
            }
        }
    }
    // PSO: a write visible before an earlier write of the same thread
    for w2 in s.accesses.iter().filter(|a| a.write) {
        let MemLoc::Var(v2) = w2.loc else { continue };
        if !eval_bool(m, w2.guard) {
            continue;
        }
        let c2 = clock_value(m, w2.clock);
        for w1 in s.accesses.iter().filter(|w| w.write && w.inst == w2.inst) {
            let MemLoc::Var(v1) = w1.loc else { continue };
            if w1.pos >= w2.pos || !eval_bool(m, w1.guard) || clock_value(m, w1.clock) <= c2 {
                continue;
            }
            let msg = format!(
                "{}'s write `{} = {}` became visible before its earlier write `{} = {}`",
                name(w2.inst),
                prog.var(v2).name,
                eval_value(m, enc, w2.value, prog.var(v2).ty),
                prog.var(v1).name,
                eval_value(m, enc, w1.value, prog.var(v1).ty)
            );
            if !out.contains(&msg) {
                out.push(msg);
            }
        }
    }
    out.truncate(6);
    out
}
