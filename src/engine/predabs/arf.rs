//! The ART of an analysis as an engine-neutral [`Arf`] (for `--dot-arf`): nodes in creation
//! order with their location, abstract state (a C expression where the predicates allow,
//! else the solver's term), parent, cover link and error-path flag. For a FAILED verdict the
//! error path ends in an extra node for the error location.

use super::{cexpr, Analysis, EndKey, NodeId, Res, Stop};
use crate::report::arf::{region_text, unparen, Arf, ArfNode, MAX_NODES};
use crate::smt::Term;
use crate::verdict::Verdict;
use std::collections::{HashMap, HashSet};

impl Analysis<'_> {
    /// The ART after a run that ended with `r` (the error path only for a FAILED verdict).
    pub(super) fn arf_for(&self, r: &Res<()>) -> Arf {
        let failed = matches!(r, Err(Stop::Verdict(Verdict::Unsafe(_))));
        self.arf(if failed { self.error_end } else { None })
    }

    /// The current ART; `error` is the node and block end of a feasible error path.
    pub(super) fn arf(&self, error: Option<(NodeId, EndKey)>) -> Arf {
        let names: HashMap<Term, String> = self
            .w
            .canon
            .iter()
            .enumerate()
            .map(|(i, t)| (*t, self.prog.vars[i].name.clone()))
            .collect();
        let on_path: HashSet<NodeId> = error
            .map(|(n, _)| self.path_to(n).into_iter().collect())
            .unwrap_or_default();
        let mut ids: Vec<(u64, NodeId)> = self.art.iter().map(|(k, n)| (n.seq, k)).collect();
        ids.sort();
        let loc_text = |l: crate::ir::LocId| {
            let f = self
                .cfg
                .loc_func
                .get(l.0 as usize)
                .map_or("", |s| s.as_str());
            if f.is_empty() || f == self.cfg.name {
                format!("{} L{}", self.cfg.name, l.0)
            } else {
                format!("{} L{} in {f}", self.cfg.name, l.0)
            }
        };
        let mut nodes = Vec::with_capacity(ids.len() + 1);
        for (seq, k) in ids {
            let n = &self.art[k];
            nodes.push(ArfNode {
                id: seq,
                location: loc_text(n.loc),
                src: self.cfg.loc_src.get(n.loc.0 as usize).copied(),
                state: self.node_text(n, &names),
                extra: Vec::new(),
                parent: n.parent.and_then(|p| self.art.get(p)).map(|p| p.seq),
                edge_label: String::new(),
                covered_by: n.covered_by.and_then(|c| self.art.get(c)).map(|c| c.seq),
                on_error_path: on_path.contains(&k),
                error: false,
            });
        }
        if let Some((n, EndKey::Loc(l))) = error {
            nodes.push(ArfNode {
                id: self.next_seq,
                location: format!("ERROR ({})", loc_text(l)),
                src: None,
                state: String::new(),
                extra: Vec::new(),
                parent: Some(self.art[n].seq),
                edge_label: "error".into(),
                covered_by: None,
                on_error_path: true,
                error: true,
            });
        }
        let mut arf = Arf {
            engine: "predabs".into(),
            nodes,
            omitted: 0,
        };
        arf.cap(MAX_NODES);
        arf
    }

    /// The node's region as text: its known tracked values, then its predicate state.
    fn node_text(&self, n: &super::Node, names: &HashMap<Term, String>) -> String {
        let region = region_text(&n.state, &|p| {
            let t = self.preds.term(p);
            // parenthesized: `region_text` joins a cube's literals with `&&`
            cexpr::to_c(t, names)
                .map(|s| format!("({s})"))
                .unwrap_or_else(|| t.to_string())
        });
        let known = self.vals_c(&n.vals, names);
        if known.is_empty() {
            region
        } else if n.state.is_top() && known.len() == 1 {
            unparen(&known[0]).to_string()
        } else if n.state.is_top() {
            known.join(" && ")
        } else {
            format!("{} && ({region})", known.join(" && "))
        }
    }
}
