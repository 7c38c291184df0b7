//! Violation witnesses: the waypoints compiled into the program (see [`super`]) and the
//! restricted search.

use super::ir_edit::{rebuild, Chain};
use super::text::{nondet_type, side_effect_free, Edit};
use super::{in_main_file, load_instrumented, Validation, Waypoint};
use crate::driver::VerifyConfig;
use crate::ir::{BinOp, EdgeId, Expr, Op};
use crate::report::witness::source_text::Text;
use crate::verdict::Verdict;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Instant;

const WP: &str = "__schedmc_wp";

/// `check, advance`: assume the constraint of the waypoint the counter stands at (if it is one
/// of `items`) and advance the counter past it. One arrival passes at most one waypoint, except
/// that thread starts (`enters`, no constraint) right after a waypoint at the same point are
/// passed with it (the statement that creates the thread is also where the witness states
/// what holds before it).
fn dispatch(items: &[(usize, String)], enters: &BTreeSet<usize>) -> String {
    let here: BTreeSet<usize> = items.iter().map(|x| x.0).collect();
    let with_previous = |i: usize| enters.contains(&i) && i > 0 && here.contains(&(i - 1));
    let after = |i: usize| {
        let mut j = i + 1;
        while with_previous(j) {
            j += 1;
        }
        j
    };
    let heads: Vec<&(usize, String)> = items.iter().filter(|(i, _)| !with_previous(*i)).collect();
    let check: Vec<String> = heads
        .iter()
        .map(|(i, c)| format!("({WP} != {i} || ({c}))"))
        .collect();
    let mut next = WP.to_string();
    for (i, _) in heads.iter().rev() {
        next = format!("({WP} == {i} ? {} : {next})", after(*i));
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
    concurrent: bool,
) -> Validation {
    let unknown = |s: String| Validation::Unknown(s);
    let Some((target, rest)) = wps.split_last() else {
        return unknown("the witness has no waypoints".into());
    };
    if target.kind != "target" || rest.iter().any(|w| w.kind == "target") {
        return unknown("the target is not the last waypoint".into());
    }
    if !concurrent {
        if let Some(w) = wps
            .iter()
            .find(|w| w.thread.is_some_and(|t| t != 0) || w.kind == "function_enter")
        {
            return unknown(format!(
                "waypoint at line {}: a thread waypoint in a program without threads",
                w.line
            ));
        }
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
    // the thread starts (`function_enter`), by index
    let mut enters: BTreeSet<usize> = BTreeSet::new();
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
        // a thread's start, at the call that creates it: passed when the creating thread
        // arrives at that statement (in the witness's order)
        if w.kind == "function_enter" {
            if !text.statement_context(off) {
                return unknown(format!("{at}: no statement starts there"));
            }
            stmt.entry(off).or_default().push((i, "1".into()));
            enters.insert(i);
            continue;
        }
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
        edit.insert(off, format!("({}); ", dispatch(items, &enters)));
    }
    for (k, (&off, p)) in cond.iter().enumerate() {
        let Some((a, b)) = text.condition_range(off, p.kw) else {
            return unknown(format!("no condition after `{}` at byte {off}", p.kw));
        };
        let empty = text.bytes[a..b].iter().all(u8::is_ascii_whitespace);
        let mut pre = "(".to_string();
        if !p.assume.is_empty() {
            pre.push_str(&dispatch(&p.assume, &enters));
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
            format!("), {}, {b_var})", dispatch(&items, &enters))
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
        edit.insert_ranked(
            close + 1,
            0,
            format!(", {}, {r_var})", dispatch(&items, &enters)),
        );
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
    // the target's error edges, in every thread's CFG: exact column, else any on its line
    let errors: Vec<(usize, EdgeId, u32, Option<u32>)> = prog
        .threads
        .iter()
        .enumerate()
        .flat_map(|(t, c)| c.edges.iter().enumerate().map(move |(i, e)| (t, i, e)))
        .filter(|(_, _, e)| matches!(e.op, Op::Error(_)))
        .map(|(t, i, e)| {
            let col = if in_main_file(&loaded.sources, e.loc, file) {
                edit.original_col(e.loc.line, e.loc.col.max(1))
            } else {
                None
            };
            let line = if col.is_some() { e.loc.line } else { 0 };
            (t, EdgeId(i as u32), line, col)
        })
        .collect();
    let exact: Vec<(usize, EdgeId)> = errors
        .iter()
        .filter(|(_, _, l, c)| *l == t_line && t_col.is_none_or(|t| *c == Some(t)))
        .map(|x| (x.0, x.1))
        .collect();
    let hits: Vec<(usize, EdgeId)> = if exact.is_empty() {
        errors
            .iter()
            .filter(|(_, _, l, _)| *l == t_line)
            .map(|x| (x.0, x.1))
            .collect()
    } else {
        exact
    };
    let all_passed = Expr::bin(
        BinOp::Eq,
        Expr::Var(wp),
        Expr::Const(rest.len() as i128, wp_ty),
    );
    for t in 0..prog.threads.len() {
        let mine: Vec<EdgeId> = hits.iter().filter(|h| h.0 == t).map(|h| h.1).collect();
        let mut chains = Vec::new();
        let mut c = prog.threads[t].clone();
        let mut touched = false;
        for (_, id, _, _) in errors.iter().filter(|x| x.0 == t) {
            touched = true;
            let e = &mut c.edges[id.0 as usize];
            if mine.contains(id) {
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
        if touched {
            prog.threads[t] = rebuild(&c, &mine, chains);
        }
    }
    let start = Instant::now();
    let rep = crate::driver::verify_program(loaded, cfg, start);
    let n = rest.len();
    // with threads, a waypoint is passed by whichever thread arrives first (its `thread_id`
    // is not matched): a violation found is real and passes the waypoints' locations in order,
    // but a proof that none exists may only have ruled out arrivals by other threads
    let threads_note = if concurrent {
        " (thread ids not matched: a waypoint is passed by the first thread to arrive)"
    } else {
        ""
    };
    match &rep.outcome.verdict {
        Verdict::Unsafe(_) if rep.replayed.is_some() && rep.unmodelled.is_empty() => {
            Validation::Confirmed(format!(
                "a replayed execution passes the {n} waypoint(s) and violates the property at \
                 line {t_line}{threads_note}"
            ))
        }
        Verdict::Safe { note: None } if concurrent && !hits.is_empty() => unknown(format!(
            "no execution passes the {n} waypoint(s) in order when each is passed by the first \
             thread to arrive; the witness's thread ids are not matched, so this does not \
             refute it"
        )),
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
