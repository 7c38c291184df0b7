//! Simplification of a correctness witness's invariants before it is written: each invariant
//! is read as a tree of `&&`/`||` over C leaves, every leaf is compiled at its location (the
//! same placement as [`super::correctness`]), and parts of the trees are removed (whole
//! invariants, conjuncts, disjuncts, at any depth) as long as the proof checker
//! ([`crate::check`], k = 1) still accepts the labels: initiation, consecution and safety.
//! Removing a conjunct weakens a label, removing a disjunct strengthens it; either is kept only
//! when the whole set still passes, so every intermediate and the final result is a checked
//! proof. Parts are tried largest first, by halves (a removal that fails is split and its
//! halves tried), level by level, within a time budget; what the budget leaves untried stays.

use super::correctness::{instrument, place};
use super::text::side_effect_free;
use super::{load_instrumented, Invariant, Validation};
use crate::check::cache::CaseCache;
use crate::check::{check, check_cached, Certificate, CheckError, Labels};
use crate::driver::VerifyConfig;
use crate::ir::{BinOp, CallArg, Expr, LocId, Op, Program, Type};
use crate::report::witness::source_text::Text;
use crate::report::witness::PlacedInvariant;
use crate::smt::Semantics;
use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::time::{Duration, Instant};

const LEAVES: &str = "__schedmc_leaves";

/// A node of an invariant's tree.
#[derive(Clone, Debug, PartialEq)]
enum Node {
    /// A C expression with no `&&`/`||` outside parentheses (or one not split, e.g. with `?:`),
    /// and its index among the leaves of its insertion point.
    Leaf(String, usize),
    And(Vec<usize>),
    Or(Vec<usize>),
}

/// The trees of all invariants, in one arena.
#[derive(Default, Debug)]
struct Forest {
    nodes: Vec<Node>,
    /// Text length of each node (for the order in which removals are tried).
    size: Vec<usize>,
    depth: Vec<usize>,
    parent: Vec<Option<usize>>,
}

/// The parts of `s` between occurrences of `op` outside parentheses and brackets.
fn split_top<'a>(s: &'a str, op: &str) -> Vec<&'a str> {
    let b = s.as_bytes();
    let mut depth = 0i32;
    let mut parts = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            _ if depth == 0 && s[i..].starts_with(op) => {
                parts.push(&s[start..i]);
                i += op.len();
                start = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&s[start..]);
    parts
}

/// Whether one pair of parentheses encloses all of `s`.
fn enclosed(s: &str) -> bool {
    let b = s.as_bytes();
    if b.first() != Some(&b'(') || b.last() != Some(&b')') {
        return false;
    }
    let mut depth = 0;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 && i + 1 < b.len() {
                    return false;
                }
            }
            _ => {}
        }
    }
    true
}

/// `s` without parentheses enclosing all of it.
fn strip_parens(mut s: &str) -> &str {
    loop {
        s = s.trim();
        if !enclosed(s) {
            return s;
        }
        s = &s[1..s.len() - 1];
    }
}

impl Forest {
    /// Parses `s` into the arena; `leaves` numbers the leaves of one insertion point.
    fn parse(&mut self, s: &str, depth: usize, leaves: &mut Vec<String>) -> usize {
        let s = strip_parens(s);
        let split = |op| {
            if split_top(s, "?").len() > 1 || split_top(s, ",").len() > 1 {
                vec![s]
            } else {
                split_top(s, op)
            }
        };
        let node = match (split("||"), split("&&")) {
            (ors, _) if ors.len() > 1 => Node::Or(
                ors.into_iter()
                    .map(|p| self.parse(p, depth + 1, leaves))
                    .collect(),
            ),
            (_, ands) if ands.len() > 1 => Node::And(
                ands.into_iter()
                    .map(|p| self.parse(p, depth + 1, leaves))
                    .collect(),
            ),
            _ => {
                leaves.push(s.to_string());
                Node::Leaf(s.to_string(), leaves.len() - 1)
            }
        };
        let id = self.nodes.len();
        if let Node::And(ks) | Node::Or(ks) = &node {
            for &k in ks {
                self.parent[k] = Some(id);
            }
        }
        self.nodes.push(node);
        self.size.push(s.len());
        self.depth.push(depth);
        self.parent.push(None);
        id
    }

    /// The node as C without the removed parts; None when removed.
    fn render(&self, n: usize, removed: &HashSet<usize>) -> Option<String> {
        if removed.contains(&n) {
            return None;
        }
        // `hidden`: the operator the parent must not see in a part outside parentheses
        let kids = |ks: &[usize], hidden: &str| -> Vec<String> {
            ks.iter()
                .filter_map(|&k| {
                    let t = self.render(k, removed)?;
                    let plain = t.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
                        || enclosed(&t)
                        || t.strip_prefix('!').is_some_and(enclosed);
                    // parentheses where the rendered part has, outside parentheses, the
                    // operator its parent must not see (`&&` under `||` for clarity, `||`
                    // under `&&`), or a `?:` or `,`
                    let needs = split_top(&t, hidden).len() > 1
                        || split_top(&t, "?").len() > 1
                        || split_top(&t, ",").len() > 1;
                    Some(if needs && !plain { format!("({t})") } else { t })
                })
                .fold(Vec::new(), |mut v: Vec<String>, t| {
                    // `a || a` is `a`, `a && a` is `a`: parts that became equal once parts
                    // inside them were removed are written once
                    if !v.contains(&t) {
                        v.push(t);
                    }
                    v
                })
        };
        // a part that became the unit of its parent (`1` under `&&`, `0` under `||`, once
        // everything inside it was removed) is left out, one that became its zero decides it
        let units = |mut v: Vec<String>, unit: &str, zero: &str| {
            if v.iter().any(|t| strip_parens(t) == zero) {
                return vec![zero.to_string()];
            }
            v.retain(|t| strip_parens(t) != unit);
            v
        };
        Some(match &self.nodes[n] {
            Node::Leaf(s, _) => s.clone(),
            Node::And(ks) => {
                let v = units(kids(ks, "||"), "1", "0");
                match v.len() {
                    0 => "1".into(),
                    1 => strip_parens(&v[0]).to_string(),
                    _ => v.join(" && "),
                }
            }
            Node::Or(ks) => {
                let v = units(kids(ks, "&&"), "0", "1");
                match v.len() {
                    0 => "0".into(),
                    1 => strip_parens(&v[0]).to_string(),
                    _ => v.join(" || "),
                }
            }
        })
    }

    /// The node as a condition over the compiled `leaves` of its point; None when removed.
    fn expr(&self, n: usize, removed: &HashSet<usize>, leaves: &[Expr]) -> Option<Expr> {
        if removed.contains(&n) {
            return None;
        }
        let fold = |ks: &[usize], op: BinOp, unit: bool| {
            ks.iter()
                .filter_map(|&k| self.expr(k, removed, leaves))
                .reduce(|a, b| Expr::bin(op, a, b))
                .unwrap_or_else(|| Expr::bool(unit))
        };
        Some(match &self.nodes[n] {
            Node::Leaf(_, i) => leaves[*i].clone(),
            Node::And(ks) => fold(ks, BinOp::And, true),
            Node::Or(ks) => fold(ks, BinOp::Or, false),
        })
    }

    /// Whether `n` or one of its ancestors is removed.
    fn gone(&self, n: usize, removed: &HashSet<usize>) -> bool {
        let mut at = Some(n);
        while let Some(x) = at {
            if removed.contains(&x) {
                return true;
            }
            at = self.parent[x];
        }
        false
    }
}

/// What [`simplify_invariants`] did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimplifyStats {
    /// Proof checks run.
    pub checks: u32,
    /// Total characters of the invariants before and after.
    pub before: usize,
    pub after: usize,
    /// Whether every removal was tried (false: the budget ran out first).
    pub complete: bool,
    /// Consecution cases not asked again because an earlier check had proved them.
    pub reused: u64,
    pub time: Duration,
}

/// Invariants of a correctness witness with parts removed while the proof checker still
/// accepts them (see the module doc). Err when the invariants as given do not pass the check
/// (k = 1) or cannot be compiled at their locations: then nothing is simplified.
pub fn simplify_invariants(
    placed: &[PlacedInvariant],
    file: &Path,
    cfg: &VerifyConfig,
    budget: Duration,
) -> Result<(Vec<PlacedInvariant>, SimplifyStats), String> {
    let start = Instant::now();
    let deadline = start + budget;
    let why = |v: Validation| match v {
        Validation::Confirmed(s) | Validation::Refuted(s) | Validation::Unknown(s) => s,
    };
    let invs: Vec<Invariant> = placed
        .iter()
        .map(|p| Invariant {
            kind: p.kind.to_string(),
            file: None,
            line: p.line,
            col: Some(p.column),
            value: p.value.clone(),
            format: "c_expression".into(),
        })
        .collect();
    if let Some(p) = placed.iter().find(|p| !side_effect_free(&p.value)) {
        return Err(format!("`{}` is not a pure C expression", p.value));
    }
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read the input: {e}"))?;
    let text = Text::new(bytes);
    let points = place(&invs, &text).map_err(why)?;
    // the trees, and the leaves of each point in the order of its marker call's arguments
    let mut forest = Forest::default();
    let mut roots: Vec<usize> = Vec::new();
    let mut point_of: Vec<usize> = vec![0; invs.len()];
    let mut point_leaves: Vec<Vec<String>> = vec![Vec::new(); points.len()];
    for (k, (_, items)) in points.values().enumerate() {
        for &i in items {
            point_of[i] = k;
        }
    }
    for (i, inv) in invs.iter().enumerate() {
        let k = point_of[i];
        let mut leaves = std::mem::take(&mut point_leaves[k]);
        roots.push(forest.parse(&inv.value, 0, &mut leaves));
        point_leaves[k] = leaves;
    }
    let call = |k: usize, _: &[usize]| {
        let args: Vec<String> = point_leaves[k].iter().map(|l| format!("({l})")).collect();
        format!("{LEAVES}{k}({k}, {})", args.join(", "))
    };
    // one prototype per point with a `_Bool` parameter per leaf (as the validator's marker)
    let prelude: Vec<String> = point_leaves
        .iter()
        .enumerate()
        .map(|(k, ls)| {
            format!(
                "extern void {LEAVES}{k}(int{});",
                ", _Bool".repeat(ls.len())
            )
        })
        .collect();
    let instrumented = instrument(&text, &points, &prelude.join(" "), &call).map_err(why)?;
    let original = crate::driver::load_file(file, cfg).map_err(|e| e.render())?;
    let loaded = load_instrumented(file, &instrumented, cfg).map_err(why)?;
    let mut plain = loaded.program;
    if plain.is_concurrent() || original.program.is_concurrent() {
        return Err("a concurrent program".into());
    }
    // the marker edges: point -> (location, compiled leaves)
    let mut at: BTreeMap<usize, (LocId, Vec<Expr>)> = BTreeMap::new();
    let mut marks = 0;
    for e in plain.threads[0].edges.iter_mut() {
        let Op::Call { func, args, .. } = &e.op else {
            continue;
        };
        if !func.starts_with(LEAVES) {
            continue;
        }
        let Some(CallArg::Value(Expr::Const(k, _))) = args.first() else {
            return Err("a marker without its point".into());
        };
        let mut leaves = Vec::new();
        for a in &args[1..] {
            let CallArg::Value(v) = a else {
                return Err("a leaf that is not a value".into());
            };
            leaves.push(match v.ty(&plain.vars) {
                Type::Bool => v.clone(),
                t => Expr::bin(BinOp::Ne, v.clone(), Expr::Const(0, t)),
            });
        }
        let k = *k as usize;
        if at.insert(k, (e.from, leaves)).is_some() {
            return Err("a point compiled twice".into());
        }
        marks += 1;
        e.op = Op::Skip;
    }
    if effective(&plain) != effective(&original.program) || marks != points.len() {
        return Err("an invariant changes the program (side effects)".into());
    }
    for (k, (_, leaves)) in &at {
        if leaves.len() != point_leaves[*k].len() {
            return Err("a point's leaves did not all compile".into());
        }
    }
    let sem = if cfg.options.int_math {
        Semantics::Integer
    } else {
        Semantics::BitVector
    };
    let mut stats = SimplifyStats {
        before: placed.iter().map(|p| p.value.len()).sum(),
        ..Default::default()
    };
    // the labels of a set of removals, as a certificate
    let certificate = |removed: &HashSet<usize>| {
        let mut labels: Vec<(LocId, Vec<Expr>)> = Vec::new();
        for (k, (loc, leaves)) in &at {
            let es: Vec<Expr> = roots
                .iter()
                .enumerate()
                .filter(|(i, _)| point_of[*i] == *k)
                .filter_map(|(_, &r)| forest.expr(r, removed, leaves))
                .collect();
            if !es.is_empty() {
                labels.push((*loc, es));
            }
        }
        Certificate {
            engine: "witness",
            sem,
            labels: Labels::Exprs(labels),
            k: 1,
            exhaustive: false,
        }
    };
    // the cases proved by one trial are not asked again by the next (most trials change the
    // labels at one or two points)
    let mut cache = CaseCache::default();
    let mut passes = |removed: &HashSet<usize>,
                      stats: &mut SimplifyStats|
     -> Result<crate::check::CheckStats, CheckError> {
        let now = Instant::now();
        if now >= deadline {
            return Err(CheckError::Inconclusive("out of time".into()));
        }
        stats.checks += 1;
        let r = check_cached(
            &plain,
            &certificate(removed),
            Some(deadline - now),
            &mut cache,
        );
        stats.reused = cache.hits;
        r
    };
    let mut removed: HashSet<usize> = HashSet::new();
    if let Err(e) = passes(&removed, &mut stats) {
        return Err(format!(
            "the invariants as given do not pass the proof check: {}",
            match e {
                CheckError::Refuted(s) | CheckError::Inconclusive(s) => s,
            }
        ));
    }
    let max_depth = forest.depth.iter().copied().max().unwrap_or(0);
    stats.complete = true;
    for d in 0..=max_depth {
        let mut cands: Vec<usize> = (0..forest.nodes.len())
            .filter(|&n| forest.depth[n] == d && !forest.gone(n, &removed))
            .collect();
        cands.sort_by_key(|&n| std::cmp::Reverse(forest.size[n]));
        if Instant::now() >= deadline {
            stats.complete = false;
            break;
        }
        // by halves: a chunk whose removal fails is split
        let complete = crate::check::shrink::remove_by_halves(&mut removed, cands, |trial| {
            (Instant::now() < deadline).then(|| passes(trial, &mut stats).is_ok())
        });
        if !complete {
            stats.complete = false;
            break;
        }
    }
    // the result once more without the cache, as the validator will check it (the cache's
    // reasoning is not what the result rests on)
    if !removed.is_empty() {
        let final_budget = (budget / 4).max(Duration::from_secs(2));
        if let Err(e) = check(&plain, &certificate(&removed), Some(final_budget)) {
            return Err(format!(
                "the simplified invariants do not pass the proof check without its cache: {e}"
            ));
        }
    }
    let mut out = Vec::new();
    for (i, p) in placed.iter().enumerate() {
        if let Some(v) = forest.render(roots[i], &removed) {
            out.push(PlacedInvariant {
                value: strip_parens(&v).to_string(),
                ..p.clone()
            });
        }
    }
    stats.after = out.iter().map(|p| p.value.len()).sum();
    stats.time = start.elapsed();
    Ok((out, stats))
}

/// Edges that do something (not `skip`), over all threads.
fn effective(p: &Program) -> usize {
    p.threads
        .iter()
        .flat_map(|c| &c.edges)
        .filter(|e| !matches!(e.op, Op::Skip))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_and_strip_respect_parentheses() {
        assert_eq!(split_top("(a || b) && c", "&&"), vec!["(a || b) ", " c"]);
        assert_eq!(split_top("(a || b) && c", "||"), vec!["(a || b) && c"]);
        assert_eq!(strip_parens("((a == b))"), "a == b");
        assert_eq!(strip_parens("(a) && (b)"), "(a) && (b)");
    }

    #[test]
    fn parts_equal_after_removals_are_written_once() {
        let mut f = Forest::default();
        let mut leaves = Vec::new();
        let r = f.parse(
            "(x == 1 && y == 2) || (x == 1 && y == 3) || z == 0",
            0,
            &mut leaves,
        );
        let leaf = |s: &str| {
            f.nodes
                .iter()
                .position(|n| matches!(n, Node::Leaf(t, _) if t == s))
                .unwrap()
        };
        let (y2, y3) = (leaf("y == 2"), leaf("y == 3"));
        assert_eq!(f.render(r, &[y2, y3].into()).unwrap(), "x == 1 || z == 0");
        assert_eq!(
            f.render(r, &[y2].into()).unwrap(),
            "x == 1 || (x == 1 && y == 3) || z == 0"
        );
        let mut leaves = Vec::new();
        let r = f.parse("a > 0 && (b || c) && a > 0", 0, &mut leaves);
        assert_eq!(f.render(r, &HashSet::new()).unwrap(), "a > 0 && (b || c)");
    }

    #[test]
    fn emptied_parts_leave_no_units_behind() {
        let mut f = Forest::default();
        let mut leaves = Vec::new();
        let r = f.parse("a > 0 && ((b > 0 && c > 0) || d > 0)", 0, &mut leaves);
        let leaf = |s: &str| {
            f.nodes
                .iter()
                .position(|n| matches!(n, Node::Leaf(t, _) if t == s))
                .unwrap()
        };
        let (b, c, d) = (leaf("b > 0"), leaf("c > 0"), leaf("d > 0"));
        // the inner conjunction lost every conjunct: it is `1`, so is the disjunction, and
        // `a > 0 && 1` is `a > 0`
        assert_eq!(f.render(r, &[b, c].into()).unwrap(), "a > 0");
        // the disjunction lost every disjunct: `0` decides the conjunction
        let or = f
            .nodes
            .iter()
            .position(|n| matches!(n, Node::Or(_)))
            .unwrap();
        let and = f.parent[b].unwrap();
        assert_eq!(f.render(r, &[and, d].into()).unwrap(), "0");
        assert_eq!(f.render(r, &[or].into()).unwrap(), "a > 0");
        // leaves with `?:` keep their parentheses as operands
        let r = f.parse("(p ? 1 : 2) == 1 && (q ? r : s)", 0, &mut Vec::new());
        assert_eq!(
            f.render(r, &HashSet::new()).unwrap(),
            "(p ? 1 : 2) == 1 && (q ? r : s)"
        );
    }

    #[test]
    fn trees_render_without_removed_parts() {
        let mut f = Forest::default();
        let mut leaves = Vec::new();
        let r = f.parse(
            "(x == 1) && ((y == 2 && z == 3) || (y == 4))",
            0,
            &mut leaves,
        );
        assert_eq!(leaves, vec!["x == 1", "y == 2", "z == 3", "y == 4"]);
        let none = HashSet::new();
        assert_eq!(
            f.render(r, &none).unwrap(),
            "x == 1 && ((y == 2 && z == 3) || y == 4)"
        );
        // drop the disjunction (a conjunct of the root)
        let or = f
            .nodes
            .iter()
            .position(|n| matches!(n, Node::Or(_)))
            .unwrap();
        let only: HashSet<usize> = [or].into();
        assert_eq!(f.render(r, &only).unwrap(), "x == 1");
        assert!(f.gone(0, &[r].into()));
        assert!(!f.gone(0, &none));
        // a disjunct removed (strengthening)
        let last = f
            .nodes
            .iter()
            .position(|n| matches!(n, Node::Leaf(s, _) if s == "y == 4"))
            .unwrap();
        assert_eq!(
            f.render(r, &[last].into()).unwrap(),
            "x == 1 && y == 2 && z == 3"
        );
        assert_eq!(f.render(r, &[r].into()), None);
    }

    #[test]
    fn conditionals_and_commas_stay_leaves() {
        let mut f = Forest::default();
        let mut leaves = Vec::new();
        f.parse("a ? b && c : d", 0, &mut leaves);
        assert_eq!(leaves, vec!["a ? b && c : d"]);
        let mut leaves = Vec::new();
        f.parse("(x == 1) && ((a ? b : c) == 2)", 0, &mut leaves);
        assert_eq!(leaves, vec!["x == 1", "(a ? b : c) == 2"]);
    }

    const PROGRAM: &str = "extern void reach_error(void);\n\
int main(void) {\n\
  int i = 0, j = 7, k = 3;\n\
  while (i < 10) {\n\
    i = i + 1;\n\
  }\n\
  if (j != 7) reach_error();\n\
  return 0;\n\
}\n";

    fn loop_invariant(value: &str) -> PlacedInvariant {
        PlacedInvariant {
            kind: "loop_invariant",
            line: 4,
            column: 1, // (`\` continuations drop the indentation)
            function: "main".into(),
            value: value.into(),
        }
    }

    fn program_file(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("schedmc-simplify-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join(name);
        std::fs::write(&f, PROGRAM).unwrap();
        f
    }

    #[test]
    fn unneeded_invariants_are_removed() {
        let f = program_file("ok.c");
        let cfg = VerifyConfig::default();
        let bloated = loop_invariant(
            "(j == 7) && (k == 3) && (((i == 0) && (k == 3)) || ((i >= 1) && (i <= 10) && (j == 7)))",
        );
        let (out, st) = simplify_invariants(
            std::slice::from_ref(&bloated),
            &f,
            &cfg,
            Duration::from_secs(60),
        )
        .unwrap();
        assert!(st.complete && st.checks > 1);
        // `j` is written on no edge in the loop, so the checker knows it keeps its value:
        // the whole invariant is unnecessary
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(st.after, 0);
    }

    #[test]
    fn invariants_that_do_not_pass_the_check_are_left_alone() {
        let f = program_file("bad.c");
        let cfg = VerifyConfig::default();
        // not inductive (i grows) and not sufficient
        let wrong = loop_invariant("(i == 0) && (k == 3) && (i < 5 || k == 4)");
        let e = simplify_invariants(&[wrong], &f, &cfg, Duration::from_secs(60)).unwrap_err();
        assert!(e.contains("do not pass"), "{e}");
    }
}
