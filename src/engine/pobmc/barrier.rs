//! The memory-model rules that both the encoding ([`super::unroll`]) and the store-buffer
//! replay (`sched::storebuf`) follow: what an atomic section may access, and which of a
//! thread's buffered stores an operation orders before itself (its [`Barrier`]).
//!
//! Under TSO and PSO a plain store enters the thread's store buffer and becomes visible later
//! (TSO: one FIFO per thread; PSO: one FIFO per thread and address); the thread reads its own
//! buffered stores (forwarding). The barriers:
//! - an empty atomic section (a lowered full fence: `__sync_synchronize`, `mfence`,
//!   `dmb`/`dsb`, a seq_cst `atomic_thread_fence`) drains the whole buffer before it
//!   ([`Barrier::Full`]);
//! - an atomic section that writes (a read-modify-write, a seq_cst store): under TSO a full
//!   barrier (x86's locked instructions drain the store buffer); under PSO it is atomic on its
//!   own addresses only ([`Barrier::Addresses`]: the thread's earlier stores to the addresses it
//!   writes are visible before it, stores to other addresses may stay buffered), as SPARC's
//!   `cas`/`swap`/`ldstub` without a `membar`. C11 maps a relaxed, consume or acquire
//!   read-modify-write to the bare instruction and a release, acq_rel or seq_cst one (and a
//!   seq_cst store) to a `membar` before it: `<stdatomic.h>` and the lowering of `_Atomic`
//!   objects put a full fence (an empty section) before those, so they drain everything.
//!   (A release RMW needs only `#StoreStore|#LoadStore`, but its load and store are one step
//!   and later loads stay in order under PSO, so that is the same as a full drain);
//! - an atomic section that only reads (`atomic_load`) is a plain load: no barrier;
//! - scheduler primitives (mutexes, thread creation and join) and a thread's exit drain the
//!   buffer ([`Barrier::Full`]): their implementations are locked instructions or system calls;
//! - a store-store fence ([`STORE_STORE_FENCE`], the lowering of a release or acq_rel
//!   `atomic_thread_fence` and of ARM's `dmb st`): under PSO every earlier store becomes
//!   visible before every later store (C11 to SPARC: a release fence is
//!   `membar #LoadStore|#StoreStore`; PSO never reorders a load with a later access, so only
//!   `#StoreStore` matters), while later loads may still run before the earlier stores are
//!   visible (unlike a full fence: SB with release fences keeps its weak outcome). Under TSO
//!   stores leave the buffer in program order anyway and under SC nothing is buffered: a no-op.
//!   It is not an atomic section, so it is no preemption point of the interleaving engines.

use super::unroll::{is_atomic_begin, is_atomic_end, op_globals};
use super::MemoryModel;
use crate::ir::{Cfg, EdgeId, Op, Program, VarId};
use std::collections::BTreeSet;

/// The external call the front end emits for a store-store fence (see the module doc); a
/// no-op call (no arguments, no result) for every engine but partial-order BMC under PSO.
pub(crate) const STORE_STORE_FENCE: &str = "__schedmc_fence_store_store";

/// True for the store-store fence call.
pub(crate) fn is_store_store_fence(op: &Op) -> bool {
    matches!(op, Op::Call { func, .. } if func == STORE_STORE_FENCE)
}

/// The globals an atomic section (entered by an edge) may read and write; every global it
/// may write is also read (the encoding writes back the value read when the taken path does
/// not write it).
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub(crate) struct Section {
    pub reads: BTreeSet<VarId>,
    pub writes: BTreeSet<VarId>,
}

/// What an operation orders of its thread's earlier buffered stores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Barrier {
    /// Nothing.
    None,
    /// Every earlier store is visible before the operation.
    Full,
    /// Every earlier store to these addresses is visible before the operation.
    Addresses(BTreeSet<VarId>),
}

/// The section entered by edge `begin` of `cfg`: every edge reachable from its target without
/// passing an atomic-section end.
pub(crate) fn section(prog: &Program, cfg: &Cfg, begin: EdgeId) -> Section {
    let mut sec = Section::default();
    let mut seen = vec![false; cfg.num_locs as usize];
    let mut stack = vec![cfg.edge(begin).to];
    while let Some(l) = stack.pop() {
        if std::mem::replace(&mut seen[l.0 as usize], true) {
            continue;
        }
        for (_, e) in cfg.out_edges(l) {
            if is_atomic_end(&e.op) {
                continue;
            }
            let (r, w) = op_globals(&e.op, prog);
            sec.reads.extend(r);
            sec.writes.extend(w);
            stack.push(e.to);
        }
    }
    let all: Vec<VarId> = sec.writes.iter().copied().collect();
    sec.reads.extend(all);
    sec
}

/// The barrier of an atomic section under `mm` (see the module doc).
pub(crate) fn section_barrier(mm: MemoryModel, sec: &Section) -> Barrier {
    if sec.reads.is_empty() {
        Barrier::Full
    } else if sec.writes.is_empty() {
        Barrier::None
    } else if mm == MemoryModel::Pso {
        Barrier::Addresses(sec.writes.clone())
    } else {
        Barrier::Full
    }
}

/// Removes (turns into skips) the empty atomic sections that order nothing under `mm` and lie
/// right before another atomic section's start: the full fence the front end puts before a
/// seq_cst store or read-modify-write of an `_Atomic` object (and a user's
/// `__sync_synchronize()` right before an atomic section). Under SC every fence is a no-op,
/// under TSO it is one when the next section writes (a full barrier itself); under PSO it is
/// kept (a writing section orders its own addresses only). The next section's start is a
/// preemption point of its own and nothing happens in between, so ESST loses no interleaving
/// (only a redundant preemption point) and partial-order BMC one empty group. For fully
/// preemptive schedulers only (other policies may count scheduler actions per point).
/// Returns the number of fences removed.
pub fn drop_redundant_fences(prog: &mut Program, mm: MemoryModel) -> usize {
    if mm == MemoryModel::Pso {
        return 0;
    }
    let mut dropped = 0;
    for t in 0..prog.threads.len() {
        let mut skip = Vec::new();
        {
            let cfg = &prog.threads[t];
            let single = |l: crate::ir::LocId| -> Option<(EdgeId, &crate::ir::Edge)> {
                let mut it = cfg.out_edges(l);
                let first = it.next()?;
                it.next().is_none().then_some(first)
            };
            for (i, e) in cfg.edges.iter().enumerate() {
                if !matches!(e.op, Op::AtomicBegin) || skip.contains(&EdgeId(i as u32)) {
                    continue;
                }
                let Some((end, ee)) = single(e.to).filter(|(_, x)| matches!(x.op, Op::AtomicEnd))
                else {
                    continue;
                };
                let Some((next, _)) = single(ee.to).filter(|(_, x)| is_atomic_begin(&x.op)) else {
                    continue;
                };
                let redundant = match mm {
                    MemoryModel::Sc => true,
                    _ => section_barrier(mm, &section(prog, cfg, next)) == Barrier::Full,
                };
                if redundant {
                    skip.push(EdgeId(i as u32));
                    skip.push(end);
                }
            }
        }
        dropped += skip.len() / 2;
        for e in skip {
            prog.threads[t].edges[e.0 as usize].op = Op::Skip;
        }
    }
    dropped
}
