//! Graphviz pictures: a counterexample as a message-sequence chart ([`counterexample_dot`]: one
//! lane per thread instance, steps top to bottom, scheduler events as boxes between lanes, the
//! error step red) and an abstract reachability tree or forest handed over by an engine
//! ([`arf_dot`] over the engine-neutral [`Arf`](crate::report::arf::Arf), or [`art_dot`] over
//! pre-rendered [`ArtDotNode`]s: covered nodes dashed with a dashed edge to their coverer, the
//! error path red).
//!
//! Output is deterministic (same input, same text) and independent of Graphviz's version.

use crate::diag::SourceMap;
use crate::ir::{CallArg, Op, Program, ThreadId, VarId};
use crate::report::witness::render_c_expr;
use crate::verdict::{Counterexample, Step, Violation};
use std::collections::HashMap;
use std::fmt::Write;

/// Escapes text for a double-quoted Graphviz string; newlines become left-justified breaks.
fn esc(x: &str) -> String {
    let mut o = String::with_capacity(x.len());
    for c in x.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\l"),
            '\r' => {}
            c if c.is_control() => o.push(' '),
            c => o.push(c),
        }
    }
    o
}

fn shorten(x: &str, max: usize) -> String {
    if x.chars().count() <= max {
        x.to_string()
    } else {
        let mut s: String = x.chars().take(max.saturating_sub(3)).collect();
        s.push_str("...");
        s
    }
}

fn var_name(prog: &Program, v: VarId) -> String {
    prog.vars
        .get(v.0 as usize)
        .map_or_else(|| format!("v{}", v.0), |x| x.name.clone())
}

fn expr_text(prog: &Program, e: &crate::ir::Expr) -> String {
    render_c_expr(prog, e, &|v| Some(var_name(prog, v))).unwrap_or_else(|| "?".into())
}

/// A one-line description of an operation with the values the step chose.
fn op_text(prog: &Program, op: &Op, nondet: &[i128]) -> String {
    match op {
        Op::Skip => "skip".into(),
        Op::Assign(v, e) => format!("{} := {}", var_name(prog, *v), expr_text(prog, e)),
        Op::Nondet(v) => match nondet.first() {
            Some(x) => format!("{} := nondet() = {x}", var_name(prog, *v)),
            None => format!("{} := nondet()", var_name(prog, *v)),
        },
        Op::Assume(e) => format!("[{}]", expr_text(prog, e)),
        Op::Call {
            func, args, ret, ..
        } => {
            let args: Vec<String> = args
                .iter()
                .map(|a| match a {
                    CallArg::Value(e) => crate::ir::print::address_name(e, prog)
                        .unwrap_or_else(|| expr_text(prog, e)),
                    CallArg::Thread(t) => prog
                        .threads
                        .get(t.0 as usize)
                        .map_or_else(|| format!("thread{}", t.0), |c| c.name.clone()),
                    CallArg::Str(s) => format!("{s:?}"),
                })
                .collect();
            let call = format!("{func}({})", args.join(", "));
            match ret {
                Some(r) => match nondet.first() {
                    Some(x) => format!("{} := {call} = {x}", var_name(prog, *r)),
                    None => format!("{} := {call}", var_name(prog, *r)),
                },
                None => call,
            }
        }
        Op::AtomicBegin => "atomic {".into(),
        Op::AtomicEnd => "} atomic".into(),
        Op::Error(k) => match k {
            crate::ir::ErrorKind::ReachError => "reach_error()".into(),
            crate::ir::ErrorKind::AssertFail(t) => format!("assertion failed: {t}"),
        },
        Op::Unsupported(w) => format!("unsupported: {w}"),
    }
}

/// The message-sequence chart of a counterexample: a column per thread instance (a cluster
/// headed by the thread's name and instance), a row per step in order, scheduler decisions as
/// yellow boxes in their own column with edges from the thread that ran before to the thread
/// that runs after, and the error step filled red. `skip` steps that assign nothing are left out.
pub fn counterexample_dot(prog: &Program, sources: &SourceMap, cex: &Counterexample) -> String {
    let lanes = chart_lanes(cex);
    let rows = chart_rows(prog, sources, cex, &lanes);
    render_chart(prog, &lanes, &rows)
}

/// One row of the chart: a step, in its thread's lane or (None) the scheduler's column.
struct Row {
    node: String,
    lane: Option<usize>,
    label: String,
    error: bool,
}

/// The chart's lanes: the thread instances in order of first appearance.
fn chart_lanes(cex: &Counterexample) -> Vec<(ThreadId, u32)> {
    // lanes in order of first appearance; main instance 0 first when it appears
    let mut lanes: Vec<(ThreadId, u32)> = Vec::new();
    for st in &cex.steps {
        if let Step::Edge {
            thread, instance, ..
        } = st
        {
            if !lanes.contains(&(*thread, *instance)) {
                lanes.push((*thread, *instance));
            }
        }
    }
    lanes
}

/// The chart's rows in step order (see [`counterexample_dot`]), the error step marked.
fn chart_rows(
    prog: &Program,
    sources: &SourceMap,
    cex: &Counterexample,
    lanes: &[(ThreadId, u32)],
) -> Vec<Row> {
    let lane_of: HashMap<(ThreadId, u32), usize> =
        lanes.iter().enumerate().map(|(i, k)| (*k, i)).collect();
    let mut rows: Vec<Row> = Vec::new();
    let last_error = cex.steps.iter().rposition(|s| {
        matches!(s, Step::Edge { thread, edge, .. }
            if prog.threads.get(thread.0 as usize)
                .and_then(|c| c.edges.get(edge.0 as usize))
                .is_some_and(|e| matches!(e.op, Op::Error(_))))
    });
    for (i, st) in cex.steps.iter().enumerate() {
        match st {
            Step::Edge {
                thread,
                instance,
                edge,
                nondet,
                assigned,
            } => {
                let lane = lane_of.get(&(*thread, *instance)).copied();
                let Some(e) = prog
                    .threads
                    .get(thread.0 as usize)
                    .and_then(|c| c.edges.get(edge.0 as usize))
                else {
                    rows.push(Row {
                        node: format!("s{i}"),
                        lane,
                        label: format!("invalid edge {}", edge.0),
                        error: false,
                    });
                    continue;
                };
                let error = last_error == Some(i);
                if matches!(e.op, Op::Skip) && assigned.is_empty() && !error {
                    continue;
                }
                let mut label = String::new();
                if (e.loc.file.0 as usize) < sources.len() {
                    label.push_str(&sources.short(e.loc));
                    if let Some(t) = sources.line_text(e.loc) {
                        let _ = write!(label, ": {}", shorten(t.trim(), 60));
                    }
                    label.push('\n');
                }
                label.push_str(&shorten(&op_text(prog, &e.op, nondet), 80));
                label.push('\n');
                let vals: Vec<String> = assigned
                    .iter()
                    .filter(|(v, _)| !prog.vars.get(v.0 as usize).is_some_and(|x| x.is_temp))
                    .map(|(v, x)| format!("{} = {x}", var_name(prog, *v)))
                    .collect();
                if !vals.is_empty() {
                    label.push_str(&shorten(&vals.join(", "), 80));
                    label.push('\n');
                }
                rows.push(Row {
                    node: format!("s{i}"),
                    lane,
                    label,
                    error,
                });
            }
            Step::Sched { text, .. } => rows.push(Row {
                node: format!("x{i}"),
                lane: None,
                label: format!("{}\n", shorten(text, 80)),
                error: false,
            }),
            Step::Flush {
                thread,
                instance,
                var,
            } => rows.push(Row {
                node: format!("x{i}"),
                lane: lane_of.get(&(*thread, *instance)).copied(),
                label: format!("store of {} becomes visible\n", var_name(prog, *var)),
                error: false,
            }),
        }
    }
    if last_error.is_none() {
        if let Violation::Property { description, loc } = &cex.violation {
            let mut label = String::new();
            if (loc.file.0 as usize) < sources.len() {
                let _ = writeln!(label, "{}", sources.short(*loc));
            }
            let _ = writeln!(label, "{description}");
            rows.push(Row {
                node: "violation".into(),
                lane: rows.iter().rev().find_map(|r| r.lane),
                label,
                error: true,
            });
        }
    }
    rows
}

/// The Graphviz text of the chart.
fn render_chart(prog: &Program, lanes: &[(ThreadId, u32)], rows: &[Row]) -> String {
    let mut o = String::new();
    o.push_str("digraph counterexample {\n");
    o.push_str("  rankdir=TB;\n  newrank=true;\n  nodesep=0.4;\n  ranksep=0.25;\n");
    o.push_str("  node [shape=box, style=rounded, fontname=\"monospace\", fontsize=10];\n");
    o.push_str("  edge [arrowsize=0.6];\n");
    // the time axis: one invisible node per row, chained, so rows keep their order
    o.push_str("  subgraph time {\n    node [style=invis, shape=point, width=0];\n    edge [style=invis];\n");
    for r in 0..rows.len() {
        let _ = writeln!(o, "    t{r};");
    }
    if rows.len() > 1 {
        let chain: Vec<String> = (0..rows.len()).map(|r| format!("t{r}")).collect();
        let _ = writeln!(o, "    {};", chain.join(" -> "));
    }
    o.push_str("  }\n");
    let name_of = |lane: usize| {
        let (t, inst) = lanes[lane];
        let n = prog
            .threads
            .get(t.0 as usize)
            .map_or_else(|| format!("thread{}", t.0), |c| c.name.clone());
        format!("{n} #{inst}")
    };
    for lane in 0..lanes.len() {
        let _ = writeln!(o, "  subgraph cluster_lane{lane} {{");
        let _ = writeln!(o, "    label=\"{}\";", esc(&name_of(lane)));
        o.push_str("    style=dashed;\n    color=gray60;\n");
        for r in rows.iter().filter(|r| r.lane == Some(lane)) {
            let mut attrs = format!("label=\"{}\"", esc(&r.label));
            if r.error {
                attrs.push_str(", color=red, fontcolor=red, style=\"rounded,filled,bold\", fillcolor=\"#ffe0e0\"");
            }
            let _ = writeln!(o, "    {} [{attrs}];", r.node);
        }
        o.push_str("  }\n");
    }
    if rows.iter().any(|r| r.lane.is_none()) {
        o.push_str("  subgraph cluster_sched {\n    label=\"scheduler\";\n    style=dashed;\n    color=goldenrod;\n");
        for r in rows.iter().filter(|r| r.lane.is_none()) {
            let _ = writeln!(
                o,
                "    {} [label=\"{}\", shape=box, style=filled, fillcolor=lightyellow];",
                r.node,
                esc(&r.label)
            );
        }
        o.push_str("  }\n");
    }
    for (r, row) in rows.iter().enumerate() {
        let _ = writeln!(o, "  {{ rank=same; t{r}; {}; }}", row.node);
    }
    // program order within each lane
    for lane in 0..lanes.len() {
        let nodes: Vec<&str> = rows
            .iter()
            .filter(|r| r.lane == Some(lane))
            .map(|r| r.node.as_str())
            .collect();
        for w in nodes.windows(2) {
            let _ = writeln!(o, "  {} -> {} [weight=10];", w[0], w[1]);
        }
    }
    // scheduler events: from the last step before them to the first step after them
    for (r, row) in rows.iter().enumerate() {
        if row.lane.is_some() {
            continue;
        }
        if let Some(prev) = rows[..r].iter().rev().find(|x| x.lane.is_some()) {
            let _ = writeln!(
                o,
                "  {} -> {} [color=goldenrod, style=dashed, constraint=false];",
                prev.node, row.node
            );
        }
        if let Some(next) = rows[r + 1..].iter().find(|x| x.lane.is_some()) {
            let _ = writeln!(
                o,
                "  {} -> {} [color=goldenrod, constraint=false];",
                row.node, next.node
            );
        }
    }
    o.push_str("}\n");
    o
}

/// A node of an abstract reachability tree (or forest) as an engine hands it over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArtDotNode {
    pub id: u64,
    /// Shown in the node (location, abstract state, ...); newlines allowed.
    pub label: String,
    /// The node this one was expanded from (None for roots).
    pub parent: Option<u64>,
    /// The node that covers this one, if it is covered.
    pub covered_by: Option<u64>,
    /// Part of the (abstract) error path.
    pub on_error_path: bool,
    /// Label of the edge from the parent (the CFG operation).
    pub edge_label: String,
}

/// The ART as a Graphviz digraph: tree edges from parent to child labelled with the
/// operation, covered nodes dashed with a dashed gray edge to their coverer, nodes and tree
/// edges on the error path red. Nodes appear in the given order; references to ids that are
/// not in `nodes` are left out.
pub fn art_dot(nodes: &[ArtDotNode]) -> String {
    render_art(nodes, &[], None, 0)
}

/// The ARF/ART of an engine as a Graphviz digraph (as [`art_dot`]): each node shows its id,
/// location with `file:line`, abstract state and extra lines; the error node is an octagon; a
/// title names the engine and a note counts the nodes left out.
pub fn arf_dot(arf: &crate::report::arf::Arf, sources: &SourceMap) -> String {
    let nodes: Vec<ArtDotNode> = arf
        .nodes
        .iter()
        .map(|n| {
            let mut label = format!("n{}: {}", n.id, n.location);
            if let Some(loc) = n.src.filter(|l| (l.file.0 as usize) < sources.len()) {
                let _ = write!(label, " ({})", sources.short(loc));
            }
            if !n.state.is_empty() {
                label.push('\n');
                label.push_str(&shorten(&n.state, 300));
            }
            for e in &n.extra {
                label.push('\n');
                label.push_str(&shorten(e, 300));
            }
            ArtDotNode {
                id: n.id,
                label,
                parent: n.parent,
                covered_by: n.covered_by,
                on_error_path: n.on_error_path,
                edge_label: shorten(&n.edge_label, 60),
            }
        })
        .collect();
    let errors: Vec<u64> = arf.nodes.iter().filter(|n| n.error).map(|n| n.id).collect();
    let title = format!(
        "abstract reachability {} ({}), {} nodes",
        if arf.engine == "esst" {
            "forest"
        } else {
            "tree"
        },
        arf.engine,
        arf.nodes.len() as u64 + arf.omitted
    );
    render_art(&nodes, &errors, Some(&title), arf.omitted)
}

fn render_art(nodes: &[ArtDotNode], errors: &[u64], title: Option<&str>, omitted: u64) -> String {
    let known: HashMap<u64, &ArtDotNode> = nodes.iter().map(|n| (n.id, n)).collect();
    let mut o = String::new();
    o.push_str("digraph art {\n");
    if let Some(t) = title {
        let _ = writeln!(o, "  label=\"{}\";\n  labelloc=t;", esc(t));
    }
    o.push_str("  node [shape=box, style=rounded, fontname=\"monospace\", fontsize=10];\n");
    o.push_str("  edge [fontname=\"monospace\", fontsize=9, arrowsize=0.6];\n");
    if omitted > 0 {
        let _ = writeln!(
            o,
            "  omitted [shape=note, label=\"{omitted} more nodes left out\"];"
        );
    }
    for n in nodes {
        let mut style = vec!["rounded"];
        let mut attrs = format!("label=\"{}\\l\"", esc(n.label.trim_end_matches('\n')));
        if errors.contains(&n.id) {
            attrs.push_str(", shape=octagon");
        }
        if n.covered_by.is_some() {
            style.push("dashed");
        }
        if n.on_error_path {
            style.push("bold");
            attrs.push_str(", color=red, fontcolor=red");
        }
        let _ = writeln!(o, "  n{} [{attrs}, style=\"{}\"];", n.id, style.join(","));
    }
    for n in nodes {
        if let Some(p) = n.parent {
            let Some(pn) = known.get(&p) else { continue };
            let red = n.on_error_path && pn.on_error_path;
            let mut attrs = Vec::new();
            if !n.edge_label.is_empty() {
                attrs.push(format!("label=\"{}\"", esc(&n.edge_label)));
            }
            if red {
                attrs.push("color=red, fontcolor=red, penwidth=2".to_string());
            }
            if attrs.is_empty() {
                let _ = writeln!(o, "  n{p} -> n{};", n.id);
            } else {
                let _ = writeln!(o, "  n{p} -> n{} [{}];", n.id, attrs.join(", "));
            }
        }
    }
    for n in nodes {
        if let Some(c) = n.covered_by {
            if !known.contains_key(&c) {
                continue;
            }
            let _ = writeln!(
                o,
                "  n{} -> n{c} [style=dashed, color=gray50, arrowhead=empty, constraint=false, label=\"covered\"];",
                n.id
            );
        }
    }
    o.push_str("}\n");
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::witness::tests::{
        conc_cex, conc_program, seq_cex, seq_program, write_src, CONC_SRC, SEQ_SRC,
    };

    fn render_svg(name: &str, dot_text: &str) {
        let Ok(out) = std::process::Command::new("which").arg("dot").output() else {
            println!("skipped rendering {name}: cannot run `which`");
            return;
        };
        if !out.status.success() {
            println!("skipped rendering {name}: graphviz `dot` is not installed");
            return;
        }
        let dir = std::env::temp_dir().join(format!("schedmc-dot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let src = dir.join(format!("{name}.dot"));
        let svg = dir.join(format!("{name}.svg"));
        std::fs::write(&src, dot_text).unwrap();
        let r = std::process::Command::new("dot")
            .arg("-Tsvg")
            .arg(&src)
            .arg("-o")
            .arg(&svg)
            .output()
            .unwrap();
        assert!(
            r.status.success(),
            "dot failed on {name}: {}\n{dot_text}",
            String::from_utf8_lossy(&r.stderr)
        );
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.contains("<svg"), "{text}");
        assert!(
            r.stderr.is_empty(),
            "dot warned on {name}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
    }

    #[test]
    fn concurrent_counterexample_chart() {
        let (_, sources) = write_src("dotconc.c", CONC_SRC);
        let prog = conc_program();
        let d = counterexample_dot(&prog, &sources, &conc_cex());
        assert_eq!(d, counterexample_dot(&prog, &sources, &conc_cex()));
        assert!(d.starts_with("digraph counterexample {"), "{d}");
        // one lane per thread instance, named
        assert!(
            d.contains("subgraph cluster_lane0 {\n    label=\"main #0\";"),
            "{d}"
        );
        assert!(
            d.contains("subgraph cluster_lane1 {\n    label=\"t #0\";"),
            "{d}"
        );
        // the scheduler events are boxes between lanes, linked from and to the threads
        assert!(d.contains("x1 [label=\"switch to t #0\\l\""), "{d}");
        assert!(d.contains("s0 -> x1 [color=goldenrod"), "{d}");
        assert!(d.contains("x1 -> s2 [color=goldenrod"), "{d}");
        assert!(d.contains("x4 -> s5 [color=goldenrod"), "{d}");
        // steps carry the source line and the operation; the error is red
        assert!(d.contains("dotconc.c:3: g = 1;\\lg := 1\\lg = 1\\l"), "{d}");
        assert!(d.contains("reach_error()\\l\", color=red"), "{d}");
        // the skip of `return 0;` in t is left out
        assert!(!d.contains("s3 ["), "{d}");
        // row order: every step has its own rank on the time axis
        assert!(d.contains("{ rank=same; t0; s0; }"), "{d}");
        assert!(d.contains("s0 -> s5 [weight=10];"), "{d}");
        render_svg("conc", &d);
    }

    #[test]
    fn sequential_counterexample_chart() {
        let (_, sources) = write_src("dotseq.c", SEQ_SRC);
        let prog = seq_program();
        let d = counterexample_dot(&prog, &sources, &seq_cex());
        assert!(d.contains("x := nondet() = 6"), "{d}");
        assert!(d.contains("[y < 3]") && d.contains("[!(y < 3)]"), "{d}");
        assert!(!d.contains("cluster_sched"), "{d}");
        assert_eq!(d.matches(", color=red").count(), 1, "{d}");
        render_svg("seq", &d);
    }

    #[test]
    fn art_picture() {
        let n = |id, label: &str, parent, covered_by, err, e: &str| ArtDotNode {
            id,
            label: label.into(),
            parent,
            covered_by,
            on_error_path: err,
            edge_label: e.into(),
        };
        let nodes = vec![
            n(1, "L0\ntrue", None, None, true, ""),
            n(2, "L1\nx > 5", Some(1), None, true, "assume(x > 5)"),
            n(3, "L1\nx <= 5", Some(1), Some(1), false, "assume(x <= 5)"),
            n(4, "ERR", Some(2), None, true, "reach_error()"),
            n(5, "orphan \"q\"", Some(99), Some(98), false, "?"),
        ];
        let d = art_dot(&nodes);
        assert_eq!(d, art_dot(&nodes));
        assert!(
            d.contains(
                "n1 [label=\"L0\\ltrue\\l\", color=red, fontcolor=red, style=\"rounded,bold\"];"
            ),
            "{d}"
        );
        assert!(
            d.contains("n3 [label=\"L1\\lx <= 5\\l\", style=\"rounded,dashed\"];"),
            "{d}"
        );
        assert!(
            d.contains("n1 -> n2 [label=\"assume(x > 5)\", color=red"),
            "{d}"
        );
        assert!(d.contains("n1 -> n3 [label=\"assume(x <= 5)\"];"), "{d}");
        assert!(d.contains("n3 -> n1 [style=dashed"), "{d}");
        assert!(d.contains("n5 [label=\"orphan \\\"q\\\"\\l\""), "{d}");
        assert!(!d.contains("n99") && !d.contains("n98"), "{d}");
        render_svg("art", &d);
    }

    #[test]
    fn arf_picture_has_title_error_octagon_and_omitted_note() {
        use crate::report::arf::{Arf, ArfNode};
        let mut sources = SourceMap::new();
        let f = sources.add("dir/t.c", None, None);
        let arf = Arf {
            engine: "predabs".into(),
            nodes: vec![
                ArfNode {
                    id: 0,
                    location: "main L0".into(),
                    src: Some(crate::diag::Loc {
                        file: f,
                        line: 3,
                        col: 1,
                    }),
                    state: "true".into(),
                    on_error_path: true,
                    ..Default::default()
                },
                ArfNode {
                    id: 1,
                    location: "ERROR".into(),
                    parent: Some(0),
                    edge_label: "error".into(),
                    on_error_path: true,
                    error: true,
                    ..Default::default()
                },
            ],
            omitted: 7,
        };
        let d = arf_dot(&arf, &sources);
        assert!(
            d.contains("label=\"abstract reachability tree (predabs), 9 nodes\";"),
            "{d}"
        );
        assert!(
            d.contains("n0 [label=\"n0: main L0 (t.c:3)\\ltrue\\l\""),
            "{d}"
        );
        assert!(
            d.contains("n1 [label=\"n1: ERROR\\l\", shape=octagon, color=red"),
            "{d}"
        );
        assert!(
            d.contains("n0 -> n1 [label=\"error\", color=red, fontcolor=red, penwidth=2];"),
            "{d}"
        );
        assert!(
            d.contains("omitted [shape=note, label=\"7 more nodes left out\"];"),
            "{d}"
        );
        render_svg("arf", &d);
    }
}
