//! The ART of an analysis as an engine-neutral [`Arf`] (for `--dot-arf`): nodes in creation
//! order with their location, abstract state (a C expression where the predicates allow,
//! else the solver's term), parent, cover link and error-path flag. For a FAILED verdict the
//! error path ends in an extra node for the error location.

use super::{cexpr, Analysis, EndKey, NodeId, Res, Stop};
use crate::report::arf::{Arf, ArfNode, MAX_NODES};
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
                state: self.state_text(&n.state, &names),
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

    fn state_text(
        &self,
        st: &crate::abs::predicate::AbsState,
        names: &HashMap<Term, String>,
    ) -> String {
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
                        let t = self.preds.term(p);
                        let s = cexpr::to_c(t, names).unwrap_or_else(|| t.to_string());
                        let inner = unparen(&s);
                        match (pos, single) {
                            (true, true) => inner.to_string(),
                            (true, false) => s,
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
}

/// `s` without one pair of outer parentheses that enclose all of it.
fn unparen(s: &str) -> &str {
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
    use super::unparen;

    #[test]
    fn outer_parentheses_only() {
        assert_eq!(unparen("(x == 0)"), "x == 0");
        assert_eq!(unparen("(x == 0) && (y == 1)"), "(x == 0) && (y == 1)");
        assert_eq!(unparen("((a))"), "(a)");
        assert_eq!(unparen("x"), "x");
    }
}
