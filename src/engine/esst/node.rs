//! The ARF's data structures: edge actions and labels, the data regions of a node, the
//! precisions (global, per thread, per location), ARF nodes and successors, the cover index
//! keyed by control state, and what stops an expansion (errors and blockers).

use super::*;

/// The value an assignment gives.
#[derive(Clone, Debug)]
pub(super) enum Rhs {
    /// An expression read in the context of a thread instance.
    Expr(Expr, u8),
    Const(i128),
    Havoc,
}

/// The effect of one ARF edge: simultaneous assignments, then assumptions (over the
/// pre-state).
#[derive(Clone, Debug, Default)]
pub(super) struct Action {
    pub(super) assigns: Vec<(VKey, Rhs)>,
    pub(super) assumes: Vec<(Expr, u8)>,
}

impl Action {
    /// Adds an assignment, replacing an earlier one to the same key.
    pub(super) fn assign(&mut self, k: VKey, r: Rhs) {
        self.assigns.retain(|(x, _)| *x != k);
        self.assigns.push((k, r));
    }
}

/// What labels an ARF edge.
#[derive(Clone, Debug)]
pub(super) struct Label {
    /// The CFG edge taken: (thread entry, instance index, instance number, edge).
    pub(super) step: Option<(ThreadId, u8, u32, EdgeId)>,
    pub(super) action: Action,
    /// Variables whose post-values are the step's nondeterministic values (`Step::Edge.nondet`).
    pub(super) nondet: Vec<VKey>,
    /// The scheduler step recorded after the step (connectors, primitive outcomes, a thread
    /// finishing): its decision and text (`Step::Sched`).
    pub(super) sched: Option<(SchedDecision, String)>,
}

/// The data regions of an ARF node: the global region φ and the thread regions φ_i (index =
/// thread instance; missing entries are `true`). The thread regions are shared between a node
/// and its successors until one of them changes (`Rc::make_mut`): a scheduler connector, one
/// per enabled thread at every preemption point, changes none.
#[derive(Clone, Debug)]
pub(super) struct Regions {
    pub(super) global: AbsState,
    pub(super) threads: std::rc::Rc<Vec<AbsState>>,
}

impl Regions {
    pub(super) fn top() -> Regions {
        Regions {
            global: AbsState::top(),
            threads: std::rc::Rc::new(Vec::new()),
        }
    }
    pub(super) fn thread(&self, j: u8) -> AbsState {
        self.threads
            .get(j as usize)
            .cloned()
            .unwrap_or_else(AbsState::top)
    }
    /// Syntactic entailment, region by region (the seed's node coverage).
    pub(super) fn entails(&self, other: &Regions) -> bool {
        if !self.global.entails(&other.global) {
            return false;
        }
        let n = self.threads.len().max(other.threads.len());
        (0..n).all(|j| {
            let top = AbsState::top();
            let a = self.threads.get(j).unwrap_or(&top);
            other.threads.get(j).is_none_or(|b| a.entails(b))
        })
    }
    pub(super) fn to_term(&self, preds: &PredTable) -> Term {
        let mut v = vec![self.global.to_term(preds)];
        v.extend(self.threads.iter().map(|r| r.to_term(preds)));
        Term::and(&v)
    }
}

/// Where a predicate is placed (seed section 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Home {
    Global,
    Thread(u8),
    Loc(u8, LocId),
}

/// The precisions: π of the global region, π_{T_i} per thread instance and π_{(i,l)} per
/// instance and location; thread `i`'s region at `l` uses π_{T_i} ∪ π_{(i,l)}.
#[derive(Default)]
pub(super) struct Precisions {
    pub(super) global: Vec<PredId>,
    pub(super) thread: HashMap<u8, Vec<PredId>>,
    pub(super) loc: HashMap<(u8, LocId), Vec<PredId>>,
}

impl Precisions {
    /// Adds `p` at `home`; false when already there.
    pub(super) fn add(&mut self, home: Home, p: PredId) -> bool {
        let v = match home {
            Home::Global => &mut self.global,
            Home::Thread(j) => self.thread.entry(j).or_default(),
            Home::Loc(j, l) => self.loc.entry((j, l)).or_default(),
        };
        if v.contains(&p) {
            return false;
        }
        v.push(p);
        true
    }
    pub(super) fn len(&self) -> usize {
        self.global.len()
            + self.thread.values().map(Vec::len).sum::<usize>()
            + self.loc.values().map(Vec::len).sum::<usize>()
    }
}

/// A successor of a node before the cover check.
pub(super) struct Succ {
    pub(super) locs: Vec<LocId>,
    pub(super) sched: SchedState,
    pub(super) regions: Regions,
    pub(super) label: Label,
    pub(super) scheduled: bool,
}

pub(super) struct Node {
    pub(super) locs: Vec<LocId>,
    pub(super) sched: SchedState,
    pub(super) regions: Regions,
    pub(super) parent: Option<(usize, Label)>,
    /// Reached by a scheduler connector: no preemption before its first edge.
    pub(super) scheduled: bool,
}

/// Candidate coverers by a fingerprint of (locations, scheduler state, scheduled flag); the
/// candidates are compared with the successor in full (a fingerprint collision only merges
/// two lists), so the index holds no second copy of every node's scheduler state.
pub(super) type CoverIndex = HashMap<u64, Vec<usize>>;

/// The cover indexes of one ARF construction: exact control states, and up to thread
/// symmetry (symmetry.rs) when it applies.
pub(super) struct Covers {
    pub(super) exact: CoverIndex,
    pub(super) sym: Option<symmetry::SymIndex>,
}

/// The cover-index fingerprint of a control state (deterministic: SipHash with fixed keys).
pub(super) fn control_key(locs: &[LocId], sched: &SchedState, scheduled: bool) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    locs.hash(&mut h);
    sched.hash(&mut h);
    scheduled.hash(&mut h);
    h.finish()
}

/// Where the exploration must stop: a CFG edge of a thread instance with a reason.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum BlockKey {
    Edge(ThreadId, EdgeId),
    /// A scheduler step (`sched`, `preempt`, a thread's exit) failed with this error.
    Sched(sched::SchedError),
}

pub(super) enum Found {
    /// An error edge taken from node `n`.
    Error {
        n: usize,
        thread: ThreadId,
        inst: u8,
        edge: EdgeId,
    },
    /// A point where the expansion cannot continue.
    Blocker {
        n: usize,
        key: BlockKey,
        reason: UnknownReason,
    },
}
