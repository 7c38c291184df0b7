//! The abstract reachability tree (predabs) or forest (ESST) as an engine hands it over for
//! pictures (`--dot-arf FILE`, drawn by [`crate::report::dot::arf_dot`]): a neutral list of
//! nodes with their tree parent, cover link and flags, filled by the engine and independent of
//! its data structures.
//!
//! An engine that can show its ARF offers a `verify_with_*` variant that also returns an
//! `Option<Arf>` (predabs: [`crate::engine::predabs::verify_with_evidence`]) and the driver
//! (`driver::verify_program_with_evidence`) passes it on. Node ids only need to be unique
//! within one `Arf`; use a creation counter so that the picture is deterministic.

use crate::diag::Loc;

/// Largest number of nodes an engine should hand over; beyond it, nodes are left out (the
/// error path always stays) and counted in [`Arf::omitted`]. Graphviz is slow far below this.
pub const MAX_NODES: usize = 5000;

/// An abstract reachability tree or forest.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Arf {
    /// Which engine built it (`predabs`, `esst`), shown in the picture's title.
    pub engine: String,
    /// In creation order; roots have no parent.
    pub nodes: Vec<ArfNode>,
    /// Nodes left out because the tree had more than [`MAX_NODES`].
    pub omitted: u64,
}

/// One node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArfNode {
    pub id: u64,
    /// The control location as text: `main L5` (predabs), one `thread Lk` per thread (ESST).
    pub location: String,
    /// The source position of the location, when known (rendered `file:line`).
    pub src: Option<Loc>,
    /// The abstract data state as text (a C-like expression; `true` for the top state).
    pub state: String,
    /// Further lines (ESST: scheduler and thread states).
    pub extra: Vec<String>,
    /// The node this one was expanded from (None for roots).
    pub parent: Option<u64>,
    /// Label of the tree edge from the parent (the operation or block), may be empty.
    pub edge_label: String,
    /// The node covering this one, if it is covered (covered nodes are not expanded).
    pub covered_by: Option<u64>,
    /// On the abstract path to the error (drawn red).
    pub on_error_path: bool,
    /// The error location itself (the end of the error path).
    pub error: bool,
}

impl Arf {
    /// Keeps at most `max` nodes: every node on the error path, then the earliest others in
    /// the given order; the rest are counted in `omitted` (links to them are dropped when
    /// drawing).
    pub fn cap(&mut self, max: usize) {
        if self.nodes.len() <= max {
            return;
        }
        let on_path = self.nodes.iter().filter(|n| n.on_error_path).count();
        let mut room = max.saturating_sub(on_path);
        let before = self.nodes.len();
        self.nodes.retain(|n| {
            if n.on_error_path {
                true
            } else if room > 0 {
                room -= 1;
                true
            } else {
                false
            }
        });
        self.omitted += (before - self.nodes.len()) as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cap_keeps_the_error_path() {
        let mut a = Arf {
            engine: "t".into(),
            nodes: (0..10)
                .map(|i| ArfNode {
                    id: i,
                    on_error_path: i == 9 || i == 0,
                    ..Default::default()
                })
                .collect(),
            omitted: 0,
        };
        a.cap(4);
        let ids: Vec<u64> = a.nodes.iter().map(|n| n.id).collect();
        assert_eq!(ids, vec![0, 1, 2, 9]);
        assert_eq!(a.omitted, 6);
        a.cap(100);
        assert_eq!(a.nodes.len(), 4);
    }
}
