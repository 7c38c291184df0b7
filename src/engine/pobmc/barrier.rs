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
//!   buffer ([`Barrier::Full`]): their implementations are locked instructions or system calls.

use super::unroll::{is_atomic_end, op_globals};
use super::MemoryModel;
use crate::ir::{Cfg, EdgeId, Program, VarId};
use std::collections::BTreeSet;

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
