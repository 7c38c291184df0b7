//! Violation witnesses: the waypoints compiled into the program (see [`super`]) and the
//! restricted search.

use super::ir_edit::{rebuild, Chain};
use super::text::{nondet_type, side_effect_free, Edit};
use super::{in_main_file, load_instrumented, Validation, Waypoint};
use crate::driver::VerifyConfig;
use crate::ir::{BinOp, EdgeId, Expr, Op};
use crate::report::witness::source_text::Text;
use crate::verdict::Verdict;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

const WP: &str = "__schedmc_wp";

/// `check, advance`: assume the constraint of the waypoint the counter stands at (if it is one
/// of `items`) and advance the counter past it. One arrival passes at most one waypoint.
fn dispatch(items: &[(usize, String)]) -> String {
    let check: Vec<String> = items
        .iter()
        .map(|(i, c)| format!("({WP} != {i} || ({c}))"))
        .collect();
    let mut next = WP.to_string();
    for (i, _) in items.iter().rev() {
        next = format!("({WP} == {i} ? {} : {next})", i + 1);
    }
    format!("__VERIFIER_assume({}), {WP} = {next}", check.join(" && "))
}

/// A `__VERIFIER_nondet_*()` call: its start, result type, constraints over `\result`.
type RetPoint = (usize, &'static str, Vec<(usize, String)>);

#[derive(Default)]
struct CondPoint {
    kw: &'static str,
    assume: Vec<(usize, String)>,
    branch: Vec<(usize, bool)>,
}

/// Validates a violation witness (see the module doc of [`super`]).
pub(crate) fn validate_violation(
    wps: &[Waypoint],
    file: &Path,
    text: &Text,
    cfg: &VerifyConfig,
) -> Validation {
    let unknown = |s: String| Validation::Unknown(s);
    let Some((target, rest)) = wps.split_last() else {
        return unknown("the witness has no waypoints".into());
    };
    if target.kind != "target" || rest.iter().any(|w| w.kind == "target") {
        return unknown("the target is not the last waypoint".into());
    }
    if let Some(w) = wps
        .iter()
        .find(|w| w.thread.is_some() || w.kind == "function_enter")
    {
        return unknown(format!(
            "waypoint at line {}: thread waypoints are not validated yet",
            w.line
        ));
    }
    if let Some(w) = wps.iter().find(|w| w.action != "follow") {
        return unknown(format!(
            "waypoint at line {}: action `{}` is not supported",
            w.line, w.action
        ));
    }
    let mut stmt: BTreeMap<usize, Vec<(usize, String)>> = BTreeMap::new();
    let mut cond: BTreeMap<usize, CondPoint> = BTreeMap::new();
    // close paren -> (call start, result type, constraints over `\result`)
    let mut ret: BTreeMap<usize, RetPoint> = BTreeMap::new();
    for (i, w) in rest.iter().enumerate() {
        let at = format!(
            "waypoint {} ({} at {}:{})",
            i + 1,
            w.kind,
            w.line,
            w.col.unwrap_or(0)
        );
        let Some(off) = w.col.and_then(|c| text.offset(w.line, c)) else {
            return unknown(format!("{at}: no such location in the input"));
        };
        let Some((value, format)) = w.constraint.clone() else {
            return unknown(format!("{at}: no constraint"));
        };
        match w.kind.as_str() {
            "assumption" => {
                if format != "c_expression" || !side_effect_free(&value) {
                    return unknown(format!(
                        "{at}: constraint `{value}` is not a pure C expression"
                    ));
                }
                if let Some(kw) = text.keyword_at(off, &["if", "switch"]) {
                    let p = cond.entry(off).or_default();
                    p.kw = kw;
                    p.assume.push((i, value));
                } else if text.statement_context(off) {
                    stmt.entry(off).or_default().push((i, value));
                } else {
                    return unknown(format!("{at}: no statement starts there"));
                }
            }
            "branching" => {
                let Some(kw) = text.keyword_at(off, &["if", "while", "for"]) else {
                    return unknown(format!("{at}: no `if`, `while` or `for` there"));
                };
                let taken = match value.as_str() {
                    "true" => true,
                    "false" => false,
                    v => return unknown(format!("{at}: branch value `{v}`")),
                };
                let p = cond.entry(off).or_default();
                p.kw = kw;
                p.branch.push((i, taken));
            }
            "function_return" => {
                let Some(e) = value.trim().strip_prefix("\\result") else {
                    return unknown(format!("{at}: constraint `{value}` is not on \\result"));
                };
                if format != "acsl_expression" || e.contains('\\') || !side_effect_free(e) {
                    return unknown(format!("{at}: constraint `{value}` is not supported"));
                }
                let Some((start, t)) = text.nondet_call_at(off) else {
                    return unknown(format!("{at}: no __VERIFIER_nondet_* call ends there"));
                };
                let Some(ty) = nondet_type(&t) else {
                    return unknown(format!("{at}: __VERIFIER_nondet_{t} is not supported"));
                };
                let r = ret.entry(off).or_insert((start, ty, Vec::new()));
                r.2.push((i, format!("#R#{e}")));
            }
            k => return unknown(format!("{at}: waypoint type `{k}` is not supported")),
        }
    }
    let mut edit = Edit::new(text);
    edit.prelude.push(format!("int {WP};"));
    for (&off, items) in &stmt {
        edit.insert(off, format!("({}); ", dispatch(items)));
    }
    for (k, (&off, p)) in cond.iter().enumerate() {
        let Some((a, b)) = text.condition_range(off, p.kw) else {
            return unknown(format!("no condition after `{}` at byte {off}", p.kw));
        };
        let empty = text.bytes[a..b].iter().all(u8::is_ascii_whitespace);
        let mut pre = "(".to_string();
        if !p.assume.is_empty() {
            pre.push_str(&dispatch(&p.assume));
            pre.push_str(", ");
        }
        let post = if p.branch.is_empty() {
            ")".to_string()
        } else {
            let b_var = format!("__schedmc_b{k}");
            edit.prelude.push(format!("int {b_var};"));
            pre.push_str(&format!("{b_var} = !!("));
            let items: Vec<(usize, String)> = p
                .branch
                .iter()
                .map(|&(i, t)| (i, format!("{b_var} == {}", t as u8)))
                .collect();
            format!("), {}, {b_var})", dispatch(&items))
        };
        if empty {
            edit.insert(b, format!("{pre}1{post}"));
        } else {
            edit.insert_ranked(a, 0, pre);
            edit.insert_ranked(b, 1, post);
        }
    }
    for (k, (&close, (start, ty, items))) in ret.iter().enumerate() {
        let r_var = format!("__schedmc_r{k}");
        edit.prelude.push(format!("{ty} {r_var};"));
        let items: Vec<(usize, String)> = items
            .iter()
            .map(|(i, c)| (*i, c.replace("#R#", &format!("{r_var} "))))
            .collect();
        edit.insert_ranked(*start, 1, format!("({r_var} = "));
        edit.insert_ranked(close + 1, 0, format!(", {}, {r_var})", dispatch(&items)));
    }
    let instrumented = edit.render();
    if let Some(p) = std::env::var_os("SCHEDMC_VALIDATE_DUMP") {
        let _ = std::fs::write(p, &instrumented);
    }
    let mut loaded = match load_instrumented(file, &instrumented, cfg) {
        Ok(l) => l,
        Err(v) => return v,
    };
    let prog = &mut loaded.program;
    let Some(wp) = prog.vars.iter().position(|v| v.name == WP) else {
        return unknown("internal: the waypoint counter is missing".into());
    };
    let wp = crate::ir::VarId(wp as u32);
    let wp_ty = prog.vars[wp.0 as usize].ty;
    let t_line = target.line;
    let t_col = target.col;
    // the target's error edges: exact column, else any on its line
    let main = &prog.threads[0];
    let errors: Vec<(EdgeId, u32, Option<u32>)> = main
        .edges
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.op, Op::Error(_)))
        .map(|(i, e)| {
            let col = if in_main_file(&loaded.sources, e.loc, file) {
                edit.original_col(e.loc.line, e.loc.col.max(1))
            } else {
                None
            };
            let line = if col.is_some() { e.loc.line } else { 0 };
            (EdgeId(i as u32), line, col)
        })
        .collect();
    let exact: Vec<EdgeId> = errors
        .iter()
        .filter(|(_, l, c)| *l == t_line && t_col.is_none_or(|t| *c == Some(t)))
        .map(|x| x.0)
        .collect();
    let hits = if exact.is_empty() {
        errors
            .iter()
            .filter(|(_, l, _)| *l == t_line)
            .map(|x| x.0)
            .collect()
    } else {
        exact
    };
    let all_passed = Expr::bin(
        BinOp::Eq,
        Expr::Var(wp),
        Expr::Const(rest.len() as i128, wp_ty),
    );
    let mut chains = Vec::new();
    let mut cfg0 = main.clone();
    for (id, _, _) in &errors {
        let e = &mut cfg0.edges[id.0 as usize];
        if hits.contains(id) {
            chains.push(Chain {
                from: e.from,
                ops: vec![Op::Assume(all_passed.clone()), e.op.clone()],
                to: e.to,
                loc: e.loc,
            });
        } else {
            e.op = Op::Assume(Expr::bool(false));
        }
    }
    prog.threads[0] = rebuild(&cfg0, &hits, chains);
    let start = Instant::now();
    let rep = crate::driver::verify_program(loaded, cfg, start);
    let n = rest.len();
    match &rep.outcome.verdict {
        Verdict::Unsafe(_) if rep.replayed.is_some() && rep.unmodelled.is_empty() => {
            Validation::Confirmed(format!(
                "a replayed execution passes the {n} waypoint(s) and violates the property at \
                 line {t_line}"
            ))
        }
        Verdict::Unsafe(_) => unknown(
            "the violation found passes through unmodelled functions or was not replayed".into(),
        ),
        Verdict::Safe { note: None } if hits.is_empty() => Validation::Refuted(format!(
            "no property violation can happen at the target (line {t_line})"
        )),
        Verdict::Safe { note: None } => Validation::Refuted(format!(
            "no execution passes the {n} waypoint(s) and reaches the target (proved)"
        )),
        Verdict::Safe { note: Some(q) } => unknown(format!(
            "the restricted search proved only a qualified result ({q})"
        )),
        Verdict::Unknown(r) => unknown(format!("restricted search: {r}")),
    }
}
