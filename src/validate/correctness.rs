//! Correctness witnesses: invariants parsed at their locations and checked by the proof
//! checker, or refuted by a replayed execution that violates one (see [`super`]).

use super::ir_edit::{rebuild, Chain};
use super::text::{side_effect_free, Edit};
use super::{load_instrumented, Invariant, Validation};
use crate::check::{check, Certificate, CheckError, Labels};
use crate::driver::VerifyConfig;
use crate::ir::{BinOp, CallArg, EdgeId, ErrorKind, Expr, LocId, Op, Program, Type};
use crate::report::witness::source_text::Text;
use crate::smt::Semantics;
use crate::verdict::Verdict;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

const MARK: &str = "__schedmc_invariant";

/// Edges that do something (not `skip`), per thread: the instrumentation must add none but its
/// markers.
fn effective_edges(p: &Program) -> usize {
    p.threads
        .iter()
        .flat_map(|c| &c.edges)
        .filter(|e| !matches!(e.op, Op::Skip))
        .count()
}

/// The marker calls of the main CFG: (edge, insertion index, invariant as a condition).
fn markers(p: &Program) -> Vec<(EdgeId, usize, Expr)> {
    let mut out = Vec::new();
    for (i, e) in p.threads[0].edges.iter().enumerate() {
        if let Op::Call { func, args, .. } = &e.op {
            if func == MARK {
                if let [CallArg::Value(Expr::Const(k, _)), CallArg::Value(v)] = &args[..] {
                    let c = match v.ty(&p.vars) {
                        Type::Bool => v.clone(),
                        t => Expr::bin(BinOp::Ne, v.clone(), Expr::Const(0, t)),
                    };
                    out.push((EdgeId(i as u32), *k as usize, c));
                }
            }
        }
    }
    out
}

/// Insertion point (byte offset) -> (in a condition: its keyword; the indices of the
/// invariants placed there).
pub(crate) type Points = BTreeMap<usize, (Option<&'static str>, Vec<usize>)>;

/// Where each invariant is inserted into the text: at a loop's condition (`while`, `for`), at
/// the start of a `do` block, of a statement, or at an `if`/`switch` condition.
pub(crate) fn place(invs: &[Invariant], text: &Text) -> Result<Points, Validation> {
    let unknown = Validation::Unknown;
    let mut points: Points = BTreeMap::new();
    for (i, inv) in invs.iter().enumerate() {
        let at = format!("{} at {}:{}", inv.kind, inv.line, inv.col.unwrap_or(0));
        if inv.format != "c_expression" || !side_effect_free(&inv.value) {
            return Err(unknown(format!(
                "{at}: `{}` is not a pure C expression",
                inv.value
            )));
        }
        let Some(off) = inv.col.and_then(|c| text.offset(inv.line, c)) else {
            return Err(unknown(format!("{at}: no such location in the input")));
        };
        let (place, kw) = match inv.kind.as_str() {
            "loop_invariant" => match text.keyword_at(off, &["while", "for", "do"]) {
                Some("do") => {
                    let mut j = off + 2;
                    while j < text.bytes.len() && text.bytes[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    if text.bytes.get(j) != Some(&b'{') {
                        return Err(unknown(format!("{at}: a `do` without a block")));
                    }
                    (j + 1, None)
                }
                Some(k) => (off, Some(k)),
                None => return Err(unknown(format!("{at}: no loop starts there"))),
            },
            "location_invariant" => {
                if text.statement_context(off) {
                    (off, None)
                } else if let Some(k) = text.keyword_at(off, &["if", "switch"]) {
                    (off, Some(k))
                } else {
                    return Err(unknown(format!("{at}: no statement starts there")));
                }
            }
            k => return Err(unknown(format!("invariant type `{k}` is not supported"))),
        };
        points.entry(place).or_insert((kw, Vec::new())).1.push(i);
    }
    Ok(points)
}

/// The text with `call(k, invariants)` (an expression of type `void`) inserted at the `k`-th
/// point: as a statement, or before a condition with the comma operator; `prelude` declares
/// what the calls use.
pub(crate) fn instrument(
    text: &Text,
    points: &Points,
    prelude: &str,
    call: &dyn Fn(usize, &[usize]) -> String,
) -> Result<String, Validation> {
    let mut edit = Edit::new(text);
    edit.prelude.push(prelude.to_string());
    for (k, (&off, (kw, items))) in points.iter().enumerate() {
        let call = call(k, items);
        match kw {
            None => edit.insert(off, format!("{call}; ")),
            Some(kw) => {
                let Some((a, b)) = text.condition_range(off, kw) else {
                    return Err(Validation::Unknown(format!(
                        "no condition after `{kw}` at byte {off}"
                    )));
                };
                if text.bytes[a..b].iter().all(u8::is_ascii_whitespace) {
                    edit.insert(b, format!("({call}, 1)"));
                } else {
                    edit.insert(a, format!("({call}, "));
                    edit.insert(b, ")".into());
                }
            }
        }
    }
    Ok(edit.render())
}

/// Validates a correctness witness (see the module doc of [`super`]).
pub(crate) fn validate_correctness(
    invs: &[Invariant],
    file: &Path,
    text: &Text,
    cfg: &VerifyConfig,
    original: &Program,
) -> Validation {
    let unknown = Validation::Unknown;
    let points = match place(invs, text) {
        Ok(p) => p,
        Err(v) => return v,
    };
    let call = |k: usize, items: &[usize]| {
        let parts: Vec<String> = items
            .iter()
            .map(|&i| format!("({})", invs[i].value))
            .collect();
        format!("{MARK}({k}, {})", parts.join(" && "))
    };
    let prelude = format!("extern void {MARK}(int, _Bool);");
    let instrumented = match instrument(text, &points, &prelude, &call) {
        Ok(t) => t,
        Err(v) => return v,
    };
    let loaded = match load_instrumented(file, &instrumented, cfg) {
        Ok(l) => l,
        Err(v) => return v,
    };
    let mut prog = loaded.program;
    if prog.is_concurrent() {
        return unknown("witnesses of concurrent programs are not validated yet".into());
    }
    let marks = markers(&prog);
    if effective_edges(&prog) != effective_edges(original) + marks.len() {
        return unknown("an invariant changes the program (side effects)".into());
    }
    // labels: the conjunction of the markers at each location
    let mut at: BTreeMap<LocId, Vec<Expr>> = BTreeMap::new();
    for (e, _, c) in &marks {
        let from = prog.threads[0].edges[e.0 as usize].from;
        at.entry(from).or_default().push(c.clone());
    }
    let mut plain = prog.clone();
    for (e, _, _) in &marks {
        plain.threads[0].edges[e.0 as usize].op = Op::Skip;
    }
    let sem = if cfg.options.int_math {
        Semantics::Integer
    } else {
        Semantics::BitVector
    };
    let labels = Labels::Exprs(at.into_iter().collect());
    let budget = cfg.options.timeout;
    let mut why = String::new();
    for k in 1..=3 {
        let cert = Certificate {
            engine: "witness",
            sem,
            labels: labels.clone(),
            k,
            exhaustive: false,
        };
        match check(&plain, &cert, budget) {
            Ok(st) => {
                return Validation::Confirmed(format!(
                    "{} invariant(s) at {} location(s) are inductive and imply the property \
                     (k = {k}, {} solver queries)",
                    invs.len(),
                    points.len(),
                    st.queries
                ))
            }
            Err(CheckError::Refuted(s)) => why = s,
            Err(CheckError::Inconclusive(s)) => {
                why = s;
                break;
            }
        }
    }
    // otherwise the invariants become assertions beside the property, and the program is
    // verified: SUCCESSFUL (proof-checked) shows both the invariants and the property, a
    // replayed violation of either refutes the witness
    let main = &prog.threads[0];
    let cfg0 = main.clone();
    let mut chains = Vec::new();
    let mut drop = Vec::new();
    for (id, k, c) in &marks {
        let e = &main.edges[id.0 as usize];
        drop.push(*id);
        chains.push(Chain {
            from: e.from,
            ops: vec![Op::Assume(c.clone())],
            to: e.to,
            loc: e.loc,
        });
        chains.push(Chain {
            from: e.from,
            ops: vec![
                Op::Assume(Expr::not(c.clone())),
                Op::Error(ErrorKind::AssertFail(format!("witness invariant {k}"))),
            ],
            to: main.error,
            loc: e.loc,
        });
    }
    prog.threads[0] = rebuild(&cfg0, &drop, chains);
    let asserted = crate::driver::Loaded {
        program: prog,
        sources: loaded.sources,
        ast: loaded.ast,
        warnings: loaded.warnings,
        macros: loaded.macros,
    };
    let rep = crate::driver::verify_program(asserted, cfg, Instant::now());
    match &rep.outcome.verdict {
        Verdict::Unsafe(cex) if rep.replayed.is_some() && rep.unmodelled.is_empty() => {
            let (line, ours) = match &cex.violation {
                crate::verdict::Violation::Property { loc, description } => {
                    (loc.line, description.contains("witness invariant"))
                }
                _ => (0, false),
            };
            let what = if ours {
                "the invariant"
            } else {
                "the property (a correctness witness of an unsafe program)"
            };
            Validation::Refuted(format!(
                "a replayed execution violates {what} at line {line}"
            ))
        }
        Verdict::Safe { note: None } => Validation::Confirmed(format!(
            "the {} invariant(s) hold and the program is safe (a full verification run with the \
             invariants as assertions; the proof checker alone did not accept them: {why})",
            invs.len()
        )),
        _ => unknown(format!(
            "the invariants are not proved inductive and sufficient ({why})"
        )),
    }
}
