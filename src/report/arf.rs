//! The abstract reachability tree (predabs) or forest (ESST) as an engine hands it over for
//! pictures (`--dot-arf FILE`, drawn by [`crate::report::dot::arf_dot`]): a neutral list of
//! nodes with their tree parent, cover link and flags, filled by the engine and independent of
//! its data structures.
//!
//! An engine that can show its ARF offers a `verify_with_*` variant that also returns an
//! `Option<Arf>` (predabs: [`crate::engine::predabs::verify_with_evidence`]) and the driver
//! (`driver::verify_program_with_evidence`) passes it on. Node ids only need to be unique
//! within one `Arf`; use a creation counter so that the picture is deterministic.

use crate::abs::predicate::{AbsState, PredId};
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

/// A region (a disjunction of cubes of predicate literals) as text for node labels: `true`,
/// `false`, `a && !(b)`, cubes of a disjunction parenthesised one per line (`(a) ||\n(b)`);
/// `pred` renders one predicate (a C expression where the engine can).
pub fn region_text(st: &AbsState, pred: &dyn Fn(PredId) -> String) -> String {
    if st.is_bottom() {
        return "false".into();
    }
    if st.is_top() {
        return "true".into();
    }
    let cubes: Vec<String> = st
        .cubes()
        .iter()
        .map(|c| {
            let all = c.literals();
            let single = all.len() == 1;
            let lits: Vec<String> = all
                .into_iter()
                .map(|(p, pos)| {
                    let s = pred(p);
                    let inner = unparen(&s);
                    match (pos, single) {
                        (true, true) => inner.to_string(),
                        (true, false) => s.clone(),
                        (false, _) => format!("!({inner})"),
                    }
                })
                .collect();
            lits.join(" && ")
        })
        .collect();
    if cubes.len() == 1 {
        cubes.into_iter().next().unwrap_or_default()
    } else {
        cubes
            .iter()
            .map(|c| format!("({c})"))
            .collect::<Vec<_>>()
            .join(" ||\n")
    }
}

/// `s` without one pair of outer parentheses that enclose all of it.
pub fn unparen(s: &str) -> &str {
    let Some(inner) = s.strip_prefix('(').and_then(|x| x.strip_suffix(')')) else {
        return s;
    };
    let mut depth = 0i32;
    for ch in inner.chars() {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth < 0 {
                    return s;
                }
            }
            _ => {}
        }
    }
    if depth == 0 {
        inner
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abs::predicate::Cube;

    #[test]
    fn outer_parentheses_only() {
        assert_eq!(unparen("(x == 0)"), "x == 0");
        assert_eq!(unparen("(x == 0) && (y == 1)"), "(x == 0) && (y == 1)");
        assert_eq!(unparen("((a))"), "(a)");
        assert_eq!(unparen("x"), "x");
    }

    #[test]
    fn region_texts() {
        let name = |p: PredId| format!("(p{} > 0)", p.0);
        assert_eq!(region_text(&AbsState::top(), &name), "true");
        assert_eq!(region_text(&AbsState::bottom(), &name), "false");
        let cube = |pos: &[u32], neg: &[u32]| {
            let mut c = Cube::top();
            for &p in pos {
                c.pos.insert(PredId(p));
            }
            for &p in neg {
                c.neg.insert(PredId(p));
            }
            c
        };
        assert_eq!(
            region_text(&AbsState::from_cube(cube(&[0], &[])), &name),
            "p0 > 0"
        );
        assert_eq!(
            region_text(&AbsState::from_cube(cube(&[0], &[1])), &name),
            "(p0 > 0) && !(p1 > 0)"
        );
        let two = AbsState::from_cubes(vec![cube(&[0], &[]), cube(&[], &[0])]);
        let t = region_text(&two, &name);
        assert!(t.contains(" ||\n"), "{t}");
        assert!(t.contains("(p0 > 0)") && t.contains("(!(p0 > 0))"), "{t}");
    }

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
