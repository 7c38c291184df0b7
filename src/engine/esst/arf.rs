//! The ESST ARF as an engine-neutral [`Arf`] (for `--dot-arf`) and the engine's progress
//! counters.
//!
//! With a [`Recorder`] installed (`Esst::arf`, only when a picture is wanted), the successors
//! that an earlier node covered are remembered during each ARF construction (the engine keeps
//! no node for them); when the analysis ends (complete ARF, a verdict during the analysis of a
//! counterexample or blocker, the timeout or memory limit between two expansions) the last
//! (possibly partial) ARF becomes the picture: one node per ARF node and per covered
//! successor, in creation order, with
//! - `location`: every thread instance's CFG location (`main L5, producer L7`), `src` the
//!   running thread's source position;
//! - `state`: the global region φ (C expressions over the predicates; locals of thread
//!   instance `i > 0` are written `name@i`);
//! - `extra`: the scheduler state in one compact line (`sched: main:wait(sim) producer:run
//!   consumer:ready; write_ev:delta; @1`) and one line per non-trivial thread region
//!   (`producer: x == 0`);
//! - the edge label: the thread and statement of the step (`producer: x := 1`), or the
//!   scheduler's text for connectors;
//! - covered successors link to their coverer; for a FAILED verdict the tree path to the error
//!   is marked and ends in an extra `ERROR` node for the error edge.
//!
//! The picture is capped at [`MAX_NODES`] like predabs's (covered successors beyond it are not
//! even recorded).

use super::{Esst, Found, Label, Node, Regions, GLOBAL};
use crate::abs::predicate::AbsState;
use crate::ir::{EdgeId, LocId, ThreadId};
use crate::report::arf::{region_text, Arf, ArfNode, MAX_NODES};
use crate::sched::state::{BlockOn, Pending, ThreadInstance, ThreadStatus};
use crate::sched::SchedState;
use crate::smt::Term;
use std::collections::HashMap;

/// A successor of `parent` that node `by` covered.
struct Covered {
    /// How many ARF nodes existed when it was made (for the creation order).
    after: usize,
    parent: usize,
    locs: Vec<LocId>,
    sched: SchedState,
    regions: Regions,
    label: Label,
    by: usize,
}

/// What the engine keeps for the picture (see the module doc).
#[derive(Default)]
pub(super) struct Recorder {
    covered: Vec<Covered>,
    /// Covered successors not recorded (beyond [`MAX_NODES`]).
    dropped: u64,
    picture: Option<Arf>,
}

impl Recorder {
    /// The picture recorded by [`Esst::arf_record`], if any.
    pub(super) fn take(&mut self) -> Option<Arf> {
        self.picture.take()
    }
}

/// The error edge of a counterexample: (node, entry, instance index, edge).
pub(super) type ErrorEdge = (usize, ThreadId, u8, EdgeId);

/// The error edge `f` found, if it is a counterexample (not a blocker).
pub(super) fn error_of(f: &Found) -> Option<ErrorEdge> {
    match f {
        Found::Error {
            n,
            thread,
            inst,
            edge,
        } => Some((*n, *thread, *inst, *edge)),
        Found::Blocker { .. } => None,
    }
}

impl Esst<'_> {
    /// Publishes the counters for the progress line.
    pub(super) fn publish_progress(&self) {
        crate::report::progress::sink().tree(self.nodes, self.refinements, self.precs.len() as u64);
    }

    /// A new ARF construction starts: forget the covered successors of the previous one.
    pub(super) fn arf_reset(&mut self) {
        if let Some(r) = &mut self.arf {
            r.covered.clear();
            r.dropped = 0;
        }
    }

    /// Successor (`locs`, `sched`, `regions`, `label`) of node `parent` was covered by node `by`;
    /// `existing` nodes are in the ARF.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn arf_covered(
        &mut self,
        existing: usize,
        parent: usize,
        locs: &[LocId],
        sched: &SchedState,
        regions: &Regions,
        label: &Label,
        by: usize,
    ) {
        let Some(r) = &mut self.arf else { return };
        if r.covered.len() >= MAX_NODES {
            r.dropped += 1;
            return;
        }
        r.covered.push(Covered {
            after: existing,
            parent,
            locs: locs.to_vec(),
            sched: sched.clone(),
            regions: regions.clone(),
            label: label.clone(),
            by,
        });
    }

    /// The analysis ends with the ARF `nodes` (with the error edge of a FAILED verdict):
    /// it becomes the picture.
    pub(super) fn arf_record(&mut self, nodes: &[Node], error: Option<ErrorEdge>) {
        if self.arf.is_none() {
            return;
        }
        let a = self.arf_picture(nodes, error);
        if let Some(r) = &mut self.arf {
            r.picture = Some(a);
        }
    }

    fn arf_picture(&self, nodes: &[Node], error: Option<ErrorEdge>) -> Arf {
        let Some(rec) = &self.arf else {
            return Arf::default();
        };
        // readable names of the canonical constants, and the same for their solver names
        // (`x#1~e3`, see `Esst::canon`) in predicates that have no C form
        let mut names: HashMap<Term, String> = HashMap::new();
        let mut raw: HashMap<String, String> = HashMap::new();
        for (&(v, i), &t) in &self.canon {
            let n = &self.prog.var(v).name;
            let (readable, solver) = if i == GLOBAL {
                (n.clone(), format!("{n}~e{}", self.world))
            } else if i == 0 {
                (n.clone(), format!("{n}#0~e{}", self.world))
            } else {
                (format!("{n}@{i}"), format!("{n}#{i}~e{}", self.world))
            };
            raw.insert(solver, readable.clone());
            names.insert(t, readable);
        }
        let region = |st: &AbsState| {
            region_text(st, &|p| {
                let t = self.preds.term(p);
                // parenthesized: `region_text` joins a cube's literals with `&&`
                crate::engine::predabs::cexpr::to_c(t, &names)
                    .map(|s| format!("({s})"))
                    .unwrap_or_else(|| rename_tokens(&t.to_string(), &raw))
            })
        };
        let mut on_path = vec![false; nodes.len()];
        if let Some((n, ..)) = error {
            let mut k = Some(n);
            while let Some(i) = k {
                on_path[i] = true;
                k = nodes[i].parent.as_ref().map(|(p, _)| *p);
            }
        }
        // ids in creation order: covered successors made while `after` nodes existed come
        // right after node `after - 1`
        let mut by_after: Vec<Vec<&Covered>> = vec![Vec::new(); nodes.len() + 1];
        for c in &rec.covered {
            by_after[c.after.min(nodes.len())].push(c);
        }
        let mut id_of = vec![0u64; nodes.len()];
        let mut next = 0u64;
        for (i, slot) in id_of.iter_mut().enumerate() {
            next += by_after[i].len() as u64;
            *slot = next;
            next += 1;
        }
        let mut out = Vec::with_capacity(nodes.len() + rec.covered.len() + 1);
        let mut next = 0u64;
        let covered_node = |c: &Covered, id: u64| {
            let mut a = self.arf_node(id, &c.locs, &c.sched, &c.regions, &region);
            a.parent = Some(id_of[c.parent]);
            a.edge_label = self.label_text(&nodes[c.parent].sched, &c.label);
            a.covered_by = Some(id_of[c.by]);
            a
        };
        for (i, nd) in nodes.iter().enumerate() {
            for c in &by_after[i] {
                out.push(covered_node(c, next));
                next += 1;
            }
            let mut a = self.arf_node(next, &nd.locs, &nd.sched, &nd.regions, &region);
            if let Some((p, l)) = &nd.parent {
                a.parent = Some(id_of[*p]);
                a.edge_label = self.label_text(&nodes[*p].sched, l);
            }
            a.on_error_path = on_path[i];
            out.push(a);
            next += 1;
        }
        for c in &by_after[nodes.len()] {
            out.push(covered_node(c, next));
            next += 1;
        }
        if let Some((n, thread, inst, edge)) = error {
            let st = &nodes[n].sched;
            let e = self.prog.thread(thread).edge(edge);
            out.push(ArfNode {
                id: next,
                location: format!(
                    "ERROR ({} L{})",
                    st.thread_name(ThreadInstance(inst)),
                    e.to.0
                ),
                src: Some(e.loc),
                parent: Some(id_of[n]),
                edge_label: format!(
                    "{}: {}",
                    st.thread_name(ThreadInstance(inst)),
                    crate::ir::print::op_to_string(&e.op, self.prog)
                ),
                on_error_path: true,
                error: true,
                ..Default::default()
            });
        }
        let mut arf = Arf {
            engine: "esst".into(),
            nodes: out,
            omitted: rec.dropped,
        };
        arf.cap(MAX_NODES);
        arf
    }

    /// A node's label parts (no links).
    fn arf_node(
        &self,
        id: u64,
        locs: &[LocId],
        st: &SchedState,
        regions: &Regions,
        region: &dyn Fn(&AbsState) -> String,
    ) -> ArfNode {
        let location = locs
            .iter()
            .enumerate()
            .map(|(i, l)| format!("{} L{}", st.thread_name(ThreadInstance(i as u8)), l.0))
            .collect::<Vec<_>>()
            .join(", ");
        let src = crate::sched::running(st).and_then(|r| {
            let cfg = self.prog.thread(st.thread(r).entry);
            let l = locs.get(r.index())?;
            cfg.loc_src.get(l.0 as usize).copied()
        });
        let mut extra = vec![format!("sched: {}", sched_text(st))];
        for (j, r) in regions.threads.iter().enumerate() {
            if !r.is_top() && j < st.threads.len() {
                extra.push(format!(
                    "{}: {}",
                    st.thread_name(ThreadInstance(j as u8)),
                    region(r)
                ));
            }
        }
        ArfNode {
            id,
            location,
            src,
            state: region(&regions.global),
            extra,
            ..Default::default()
        }
    }

    /// The label of an ARF edge from a node with scheduler state `from`.
    fn label_text(&self, from: &SchedState, l: &Label) -> String {
        let mut parts = Vec::new();
        if let Some((entry, inst, _, edge)) = l.step {
            let op = &self.prog.thread(entry).edge(edge).op;
            parts.push(format!(
                "{}: {}",
                from.thread_name(ThreadInstance(inst)),
                crate::ir::print::op_to_string(op, self.prog)
            ));
        }
        if let Some((_, t)) = &l.sched {
            parts.push(t.clone());
        }
        parts.join("\n")
    }
}

/// The scheduler state in one line: each thread instance's status, pending notifications,
/// mutex owners, semaphore and queue counts, the time when it is not 0.
pub(super) fn sched_text(st: &SchedState) -> String {
    let obj = |key: i128| st.object_name(key);
    let mut threads = Vec::new();
    for (i, t) in st.instances() {
        let s = match t.status {
            ThreadStatus::NotStarted => "new".to_string(),
            ThreadStatus::Runnable => "ready".into(),
            ThreadStatus::Running => "run".into(),
            ThreadStatus::WaitingList { all } => {
                let keys: Vec<String> = st
                    .sc
                    .waits
                    .iter()
                    .filter(|(w, _)| *w == i)
                    .map(|(_, k)| obj(*k))
                    .collect();
                format!("wait({})", keys.join(if all { " & " } else { " | " }))
            }
            ThreadStatus::Waiting { event } => format!(
                "wait({})",
                st.events
                    .get(event as usize)
                    .map_or("?".into(), |e| obj(e.key))
            ),
            ThreadStatus::WaitingCond { cond } => format!(
                "wait({})",
                st.conds
                    .get(cond as usize)
                    .map_or("?".into(), |c| obj(c.key))
            ),
            ThreadStatus::Sleeping { until } => format!("sleep({until})"),
            ThreadStatus::Blocked { on } => format!(
                "blocked({})",
                match on {
                    BlockOn::Mutex(m) => st
                        .mutexes
                        .get(m as usize)
                        .map_or("?".into(), |x| obj(x.key)),
                    BlockOn::Semaphore(m) => st
                        .semaphores
                        .get(m as usize)
                        .map_or("?".into(), |x| obj(x.key)),
                    BlockOn::QueueSend(q) => format!(
                        "send {}",
                        st.queues.get(q as usize).map_or("?".into(), |x| obj(x.key))
                    ),
                    BlockOn::QueueReceive(q) => format!(
                        "receive {}",
                        st.queues.get(q as usize).map_or("?".into(), |x| obj(x.key))
                    ),
                    BlockOn::Join(j) => format!("join {}", st.thread_name(j)),
                    BlockOn::SimulationEnd => "simulation".into(),
                    BlockOn::Forever => "forever".into(),
                    BlockOn::Notification(0) => "notification".into(),
                    BlockOn::Notification(i) => format!("notification {i}"),
                    BlockOn::EventGroup(g) => format!("event group {g}"),
                    BlockOn::TimerDaemon => "timer commands".into(),
                    BlockOn::TimerQueueSend => "timer command queue".into(),
                    BlockOn::QueueSet(q) => format!(
                        "select {}",
                        st.qset
                            .sets
                            .get(q as usize)
                            .map_or("?".into(), |x| obj(x.key))
                    ),
                }
            ),
            ThreadStatus::Suspended => "suspended".into(),
            ThreadStatus::Finished => "done".into(),
            ThreadStatus::Idle => "idle".into(),
        };
        threads.push(format!("{}:{s}", st.thread_name(i)));
    }
    let mut parts = vec![threads.join(" ")];
    let mut objects = Vec::new();
    for e in &st.events {
        match e.pending {
            Pending::None => {}
            Pending::Delta => objects.push(format!("{}:delta", obj(e.key))),
            Pending::Timed(t) => objects.push(format!("{}:at {t}", obj(e.key))),
        }
    }
    for m in &st.mutexes {
        if let Some(o) = m.owner {
            objects.push(format!("{}={}", obj(m.key), st.thread_name(o)));
        }
    }
    for s in &st.semaphores {
        objects.push(format!("{}={}", obj(s.key), s.count));
    }
    for q in &st.queues {
        objects.push(format!("{}={}/{}", obj(q.key), q.count, q.cap));
    }
    if let Some((o, _)) = st.atomic {
        objects.push(format!("atomic {}", st.thread_name(o)));
    }
    if !objects.is_empty() {
        parts.push(objects.join(" "));
    }
    if !st.started {
        parts.push("not started".into());
    }
    if st.abs_time() > 0 {
        parts.push(format!("@{}", st.abs_time()));
    }
    parts.join("; ")
}

/// `s` (a solver term's text) with every token that `names` maps replaced.
fn rename_tokens(s: &str, names: &HashMap<String, String>) -> String {
    let mut out = String::with_capacity(s.len());
    let mut tok = String::new();
    let flush = |tok: &mut String, out: &mut String| {
        out.push_str(names.get(tok.as_str()).map_or(tok.as_str(), |n| n.as_str()));
        tok.clear();
    };
    for c in s.chars() {
        if c == '(' || c == ')' || c.is_whitespace() {
            flush(&mut tok, &mut out);
            out.push(c);
        } else {
            tok.push(c);
        }
    }
    flush(&mut tok, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solver_names_become_readable() {
        let names: HashMap<String, String> = [
            ("x~e3".to_string(), "x".to_string()),
            ("y#2~e3".to_string(), "y@2".to_string()),
        ]
        .into_iter()
        .collect();
        assert_eq!(
            rename_tokens("(= (mod (+ x~e3 y#2~e3) 256) 0)", &names),
            "(= (mod (+ x y@2) 256) 0)"
        );
        assert_eq!(rename_tokens("x~e30", &names), "x~e30");
    }

    fn example(rel: &str) -> crate::ir::Program {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
        let cfg = crate::driver::VerifyConfig::default();
        match crate::driver::load_file(&path, &cfg) {
            Ok(l) => l.program,
            Err(e) => panic!("{rel}: {}", e.render()),
        }
    }

    #[test]
    fn progress_counters_follow_the_run() {
        use crate::report::progress::{capture, Progress};
        let prog = example("examples/freertos/priority_inversion_safe.c");
        let p: &'static Progress = Box::leak(Box::new(Progress::new()));
        let opts = crate::engine::VerifyOptions::default();
        let out = capture(p, || super::super::verify(&prog, &opts));
        assert!(
            matches!(out.verdict, crate::verdict::Verdict::Safe { .. }),
            "{:?}",
            out.verdict
        );
        let s = p.snapshot();
        assert!(
            s.nodes > 0 && s.refinements > 0 && s.predicates > 0,
            "{s:?}"
        );
        assert_eq!(s.nodes, out.stats.nodes);
        assert_eq!(s.refinements, out.stats.refinements);
        assert_eq!(s.predicates, out.stats.predicates);
    }

    #[test]
    fn picture_of_a_failed_run() {
        let prog = example("examples/systemc/producer_consumer_bug.c");
        let opts = crate::engine::VerifyOptions::default();
        let (out, arf) = super::super::verify_with_evidence(&prog, &opts, true);
        assert!(
            matches!(out.verdict, crate::verdict::Verdict::Unsafe(_)),
            "{:?}",
            out.verdict
        );
        let arf = arf.expect("a picture");
        assert_eq!(arf.engine, "esst");
        let ids: std::collections::HashSet<u64> = arf.nodes.iter().map(|n| n.id).collect();
        assert_eq!(ids.len(), arf.nodes.len(), "ids are unique");
        // one error node at the end of a red path from the root
        let errors: Vec<&ArfNode> = arf.nodes.iter().filter(|n| n.error).collect();
        assert_eq!(errors.len(), 1);
        assert!(errors[0]
            .edge_label
            .starts_with("consumer: error: reach_error()"));
        let by_id: HashMap<u64, &ArfNode> = arf.nodes.iter().map(|n| (n.id, n)).collect();
        let mut k = errors[0];
        while let Some(p) = k.parent {
            assert!(k.on_error_path);
            k = by_id[&p];
        }
        assert!(k.on_error_path && k.id == 0 && k.location == "main L0");
        // covered successors link to an earlier node and are not on the path
        let covered: Vec<&ArfNode> = arf
            .nodes
            .iter()
            .filter(|n| n.covered_by.is_some())
            .collect();
        assert!(!covered.is_empty());
        for c in covered {
            assert!(by_id.contains_key(&c.covered_by.unwrap()) && !c.on_error_path);
            assert!(c.parent.is_some() && !c.edge_label.is_empty());
        }
        // scheduler lines, thread locations
        assert!(arf
            .nodes
            .iter()
            .all(|n| n.error || n.extra[0].starts_with("sched: main:")));
        assert!(arf
            .nodes
            .iter()
            .any(|n| n.extra[0].contains("write_ev:delta")));
        assert!(arf
            .nodes
            .iter()
            .any(|n| n.location == "main L3, producer L0, consumer L0"));
        // without the request there is no picture
        let (_, none) = super::super::verify_with_evidence(&prog, &opts, false);
        assert!(none.is_none());
    }
}
