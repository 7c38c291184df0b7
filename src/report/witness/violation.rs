//! Violation witnesses (`violation_sequence`): a counterexample becomes a list of waypoints
//! (assumptions on nondeterministic values, branching decisions, thread starts, the target), as
//! described in the module documentation of [`super`].

use super::c_expr::{c_literal, CNames};
use super::source_text::{input_file_ids, read_input, Ctx, Text};
use super::yaml::{m, s, to_yaml, Y};
use super::{metadata, sha256_hex, WitnessMeta};
use crate::diag::{Diag, DiagKind, Loc, SourceMap};
use crate::ir::{CallArg, Cfg, Expr, LocId, Op, Program, ThreadId, Type, VarId};
use crate::svcomp::DataModel;
use crate::verdict::{Counterexample, Step, Violation};
use std::collections::HashMap;
use std::path::Path;

/// Decision location -> (keyword line/col, whether its first edge is the true branch).
type Decisions = HashMap<LocId, ((u32, u32), bool)>;

/// A waypoint before rendering.
pub(super) struct Waypoint {
    kind: &'static str,
    loc: (u32, u32),
    function: Option<String>,
    constraint: Option<(String, Option<&'static str>)>,
    thread: Option<u32>,
}

impl Ctx<'_> {
    /// Per CFG: decision location → (keyword line/col, whether the first outgoing edge is
    /// the C condition's true branch) for the decisions that can be named.
    fn decisions(&self, cfg: &Cfg) -> Decisions {
        let mut by_kw: HashMap<usize, Vec<(LocId, &str)>> = HashMap::new();
        for l in 0..cfg.num_locs {
            let l = LocId(l);
            let Some(outs) = cfg.out.get(l.0 as usize) else {
                continue;
            };
            if outs.len() != 2 {
                continue;
            }
            let (Some(a), Some(b)) = (
                cfg.edges.get(outs[0].0 as usize),
                cfg.edges.get(outs[1].0 as usize),
            ) else {
                continue;
            };
            if !matches!(a.op, Op::Assume(_)) || !matches!(b.op, Op::Assume(_)) {
                continue;
            }
            let Some(off) = self.offset(a.loc) else {
                continue;
            };
            let Some((kw, word)) = self.text.condition_keyword(off, &["if", "while", "for"]) else {
                continue;
            };
            by_kw.entry(kw).or_default().push((l, word));
        }
        let mut out = HashMap::new();
        for (kw, locs) in by_kw {
            if let [(l, word)] = locs[..] {
                // the lowering branches on the condition with its leading `!`s stripped, the
                // edge for "true" of the stripped condition first
                let Some(nots) = self
                    .text
                    .condition_range(kw, word)
                    .and_then(|(a, b)| leading_nots(&self.text.bytes[a..b]))
                else {
                    continue;
                };
                out.insert(l, (self.text.line_col(kw), nots % 2 == 0));
            }
        }
        out
    }
}

/// Which variables an edge writes.
pub(super) fn writes(op: &Op, v: VarId) -> bool {
    match op {
        Op::Assign(x, _) | Op::Nondet(x) => *x == v,
        Op::Call { ret, may_write, .. } => *ret == Some(v) || may_write.contains(&v),
        _ => false,
    }
}

/// A counterexample edge step with its CFG and edge resolved.
pub(super) struct St<'a> {
    thread: ThreadId,
    instance: u32,
    cfg: &'a Cfg,
    edge: &'a crate::ir::Edge,
    nondet: &'a [i128],
    assigned: &'a [(VarId, i128)],
}

impl St<'_> {
    fn func(&self) -> Option<String> {
        self.cfg.loc_func.get(self.edge.from.0 as usize).cloned()
    }
}

/// The next step of the same thread instance after `j`.
pub(super) fn next_of(steps: &[St], j: usize) -> Option<usize> {
    (j + 1..steps.len())
        .find(|&k| steps[k].thread == steps[j].thread && steps[k].instance == steps[j].instance)
}

/// If `e` only copies `v` (possibly through a cast), the value it gives.
pub(super) fn copy_of(e: &Expr, v: VarId, value: i128) -> Option<i128> {
    match e {
        Expr::Var(x) if *x == v => Some(value),
        Expr::Cast(t, a) => copy_of(a, v, value).map(|x| t.wrap(x)),
        _ => None,
    }
}

/// The `assumption` waypoint `name == value` for the value a `Nondet` step `i` chose for `v`:
/// follows copies of a temporary into a user variable, then places the assumption at the next
/// statement of the thread (no step in between may write the variable).
pub(super) fn assumption_for(
    ctx: &Ctx,
    steps: &[St],
    i: usize,
    v: VarId,
    value: i128,
) -> Option<(Waypoint, usize)> {
    let (mut var, mut val, mut j) = (v, value, i);
    let mut name = ctx.names.name(var);
    for _ in 0..4 {
        if name.is_some() {
            break;
        }
        let k = next_of(steps, j)?;
        let Op::Assign(y, e) = &steps[k].edge.op else {
            return None;
        };
        let copied = copy_of(e, var, val)?;
        val = steps[k]
            .assigned
            .iter()
            .find(|(x, _)| x == y)
            .map_or(copied, |&(_, x)| x);
        var = *y;
        j = k;
        name = ctx.names.name(var);
    }
    let name = name?;
    // the thread's next step at another location
    let next_elsewhere = |k: usize| {
        let here = steps[k].edge.loc;
        let mut k = k;
        loop {
            k = next_of(steps, k)?;
            let l = steps[k].edge.loc;
            if (l.line, l.col) != (here.line, here.col) {
                return Some(k);
            }
        }
    };
    let mut k = next_elsewhere(j)?;
    let mut off;
    let mut tries = 0;
    loop {
        off = ctx.offset(steps[k].edge.loc)?;
        // inside a condition: at its statement's keyword; inside a declaration: at its start
        match ctx
            .text
            .condition_keyword(off, &["if", "while", "for", "switch"])
        {
            Some((kw, _)) => {
                off = kw;
                break;
            }
            None => off = ctx.text.stmt_start(off),
        }
        // a later declarator of a declaration (`int a, b;` at `b`) is no place for a
        // statement: a validator could not put the assumption there; the next step's place
        if ctx.text.statement_context(off) {
            break;
        }
        tries += 1;
        if tries > 8 {
            return None;
        }
        k = next_elsewhere(k)?;
    }
    if steps[j + 1..k].iter().any(|s| writes(&s.edge.op, var)) {
        return None;
    }
    let ty = ctx.prog.vars.get(var.0 as usize)?.ty;
    Some((
        Waypoint {
            kind: "assumption",
            loc: ctx.text.line_col(off),
            function: steps[k].func(),
            constraint: Some((
                format!("{name} == {}", c_literal(val, ty)),
                Some("c_expression"),
            )),
            thread: None,
        },
        k,
    ))
}

/// The violation witness (one `violation_sequence` entry) for a counterexample of
/// `reach_error()` reachability in `input_file` (whose bytes are hashed into the metadata).
/// `spec` is the property text (e.g. [`crate::svcomp::Property::specification`]).
///
/// Errors: the input file cannot be read, or the counterexample violates an unwinding
/// assertion rather than the property.
pub fn violation_witness(
    prog: &Program,
    sources: &SourceMap,
    cex: &Counterexample,
    input_file: &Path,
    spec: &str,
    data_model: DataModel,
    meta: &WitnessMeta,
) -> Result<String, Diag> {
    let violation_loc = match &cex.violation {
        Violation::Property { loc, .. } => *loc,
        Violation::UnwindingAssertion { .. } => {
            return Err(Diag::error(
                DiagKind::Unsupported,
                None,
                "no violation witness for an unwinding assertion (not a property violation)",
            ))
        }
    };
    let bytes = read_input(input_file)?;
    let hash = sha256_hex(&bytes);
    let file_name = input_file.to_string_lossy().into_owned();
    let ctx = Ctx {
        prog,
        text: Text::new(bytes),
        files: input_file_ids(sources, input_file),
        names: CNames::new(prog),
    };

    // Edge steps, resolved; invalid ids are skipped.
    let steps: Vec<St> = cex
        .steps
        .iter()
        .filter_map(|s| match s {
            Step::Edge {
                thread,
                instance,
                edge,
                nondet,
                assigned,
            } => {
                let cfg = prog.threads.get(thread.0 as usize)?;
                let e = cfg.edges.get(edge.0 as usize)?;
                Some(St {
                    thread: *thread,
                    instance: *instance,
                    cfg,
                    edge: e,
                    nondet,
                    assigned,
                })
            }
            Step::Sched { .. } | Step::Flush { .. } => None,
        })
        .collect();

    let mut instances: Vec<(ThreadId, u32)> = Vec::new();
    for st in &steps {
        if !instances.contains(&(st.thread, st.instance)) {
            instances.push((st.thread, st.instance));
        }
    }
    let threaded = meta.thread_info
        && (instances.len() > 1 || instances.iter().any(|&(t, i)| t.0 != 0 || i != 0));
    // thread ids: main instance 0 is 0, the others 1, 2, ... in order of first appearance
    let mut tid: HashMap<(ThreadId, u32), u32> = HashMap::new();
    tid.insert((ThreadId(0), 0), 0);
    for &k in &instances {
        let n = tid.len() as u32;
        tid.entry(k).or_insert(n);
    }

    let mut decisions: HashMap<ThreadId, Decisions> = HashMap::new();
    let mut wps: Vec<Waypoint> = Vec::new();
    let mut seen: Vec<(ThreadId, u32)> = Vec::new();
    // thread entry -> creating calls not yet matched to an instance: (call location, function)
    let mut creations: HashMap<ThreadId, Vec<(Loc, Option<String>)>> = HashMap::new();
    let mut target_done = false;
    // the index in `wps` of the last assumption and the step it is placed before
    let mut last_assumption: Option<(usize, usize)> = None;
    for (i, st) in steps.iter().enumerate() {
        let thread = threaded.then(|| tid[&(st.thread, st.instance)]);
        if !seen.contains(&(st.thread, st.instance)) {
            seen.push((st.thread, st.instance));
            if threaded && (st.thread.0 != 0 || st.instance != 0) {
                let created = creations
                    .get_mut(&st.thread)
                    .filter(|v| !v.is_empty())
                    .map(|v| v.remove(0));
                let (loc, function) = match created {
                    Some(c) => c,
                    None => (st.edge.loc, Some(st.cfg.name.clone())),
                };
                if ctx.in_input(loc) {
                    wps.push(Waypoint {
                        kind: "function_enter",
                        loc: (loc.line, loc.col.max(1)),
                        function,
                        constraint: None,
                        thread,
                    });
                }
            }
        }
        match &st.edge.op {
            Op::Call { args, .. } => {
                for a in args {
                    if let CallArg::Thread(t) = a {
                        creations
                            .entry(*t)
                            .or_default()
                            .push((st.edge.loc, st.func()));
                    }
                }
            }
            Op::Nondet(v) => {
                let Some(&value) = st.nondet.first() else {
                    continue;
                };
                if let Some((w, k)) = assumption_for(&ctx, &steps, i, *v, value) {
                    // two values stated before the same step (`int a, b;` then a statement)
                    // are one waypoint: a validator passes one waypoint per arrival
                    let same = last_assumption.is_some_and(|(n, pk)| n + 1 == wps.len() && pk == k);
                    match wps.last_mut() {
                        Some(prev) if same => {
                            if let (Some((a, _)), Some((b, _))) =
                                (&mut prev.constraint, &w.constraint)
                            {
                                *a = format!("{a} && {b}");
                            }
                        }
                        _ => wps.push(Waypoint { thread, ..w }),
                    }
                    last_assumption = Some((wps.len() - 1, k));
                } else if let Some(close) = ctx
                    .offset(st.edge.loc)
                    .and_then(|off| ctx.text.nondet_call_close(off))
                {
                    let ty = prog.vars.get(v.0 as usize).map_or(Type::Bool, |x| x.ty);
                    // a floating result is a bit pattern in the IR: stated as a C floating
                    // literal; a NaN or infinity has none, and the waypoint is left out (that
                    // only widens the witness)
                    let lit = match nondet_float_fmt(&ctx.text.bytes, close) {
                        Some(f) => float_literal(value, f),
                        None => Some(c_literal(value, ty)),
                    };
                    if let Some(lit) = lit {
                        wps.push(Waypoint {
                            kind: "function_return",
                            loc: ctx.text.line_col(close),
                            function: st.func(),
                            constraint: Some((
                                format!("\\result == {lit}"),
                                Some("acsl_expression"),
                            )),
                            thread,
                        });
                    }
                }
            }
            Op::Assume(_) => {
                let d = decisions
                    .entry(st.thread)
                    .or_insert_with(|| ctx.decisions(st.cfg));
                if let Some(&(kw, first_true)) = d.get(&st.edge.from) {
                    let outs = &st.cfg.out[st.edge.from.0 as usize];
                    let tos: Vec<LocId> = outs
                        .iter()
                        .filter_map(|e| st.cfg.edges.get(e.0 as usize).map(|e| e.to))
                        .collect();
                    let back = tos.iter().any(|&t| t <= st.edge.from);
                    if tos.len() == 2 && tos[0] != tos[1] && !back {
                        let first = std::ptr::eq(&st.cfg.edges[outs[0].0 as usize], st.edge);
                        let taken_true = first == first_true;
                        wps.push(Waypoint {
                            kind: "branching",
                            loc: kw,
                            function: st.func(),
                            constraint: Some((taken_true.to_string(), None)),
                            thread,
                        });
                    }
                }
            }
            Op::Error(_) => {
                let loc = if ctx.in_input(st.edge.loc) {
                    st.edge.loc
                } else {
                    violation_loc
                };
                wps.push(Waypoint {
                    kind: "target",
                    loc: (loc.line.max(1), loc.col.max(1)),
                    function: st.func(),
                    constraint: None,
                    thread,
                });
                target_done = true;
                break;
            }
            _ => {}
        }
    }
    if !target_done {
        wps.push(Waypoint {
            kind: "target",
            loc: (violation_loc.line.max(1), violation_loc.col.max(1)),
            function: None,
            constraint: None,
            thread: None,
        });
    }

    let segments: Vec<Y> = wps
        .iter()
        .map(|w| {
            let mut loc = vec![
                ("file_name", s(&file_name)),
                ("line", Y::I(w.loc.0 as i64)),
                ("column", Y::I(w.loc.1 as i64)),
            ];
            if let Some(f) = &w.function {
                loc.push(("function", s(f)));
            }
            let mut wp = vec![
                ("type", s(w.kind)),
                ("action", s("follow")),
                ("location", m(loc)),
            ];
            if let Some((value, format)) = &w.constraint {
                let mut c = vec![("value", s(value))];
                if let Some(f) = format {
                    c.push(("format", s(*f)));
                }
                wp.push(("constraint", m(c)));
            }
            if let Some(t) = w.thread {
                wp.push(("thread_id", Y::I(t as i64)));
            }
            m(vec![("segment", Y::L(vec![m(vec![("waypoint", m(wp))])]))])
        })
        .collect();

    let entry = m(vec![
        ("entry_type", s("violation_sequence")),
        (
            "metadata",
            metadata(meta, &file_name, &hash, spec, data_model),
        ),
        ("content", Y::L(segments)),
    ]);
    Ok(to_yaml(&Y::L(vec![entry])))
}

/// How many `!` the whole condition `c` (source text) starts with, each applying to the rest
/// of the condition (`!x`, `!(a < b)`, `!!p`); None when unsure.
pub(super) fn leading_nots(c: &[u8]) -> Option<usize> {
    let s = std::str::from_utf8(c).ok()?.trim();
    let mut n = 0;
    let mut rest = s;
    let mut grouped = false;
    loop {
        rest = rest.trim();
        if let Some(r) = rest.strip_prefix('!') {
            if r.starts_with('=') {
                break;
            }
            n += 1;
            rest = r;
            grouped = false;
        } else if rest.starts_with('(') && super::c_expr::strip_outer_parens(rest) != rest {
            rest = &rest[1..rest.len() - 1];
            grouped = true;
        } else {
            break;
        }
    }
    if n == 0 || grouped {
        return Some(n);
    }
    // the operand of the `!`s must extend to the end: a primary with postfix parts only
    let b = rest.as_bytes();
    let mut depth = 0i32;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b'"' | b'\'' => return None,
            b'-' if b.get(i + 1) == Some(&b'>') => i += 1,
            c if depth == 0
                && !(c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b' ') =>
            {
                return None
            }
            _ => {}
        }
        i += 1;
    }
    Some(n)
}

/// The floating format of the `__VERIFIER_nondet_double`/`_float` call whose `)` is at `close`
/// (None: another nondet function).
fn nondet_float_fmt(bytes: &[u8], close: usize) -> Option<crate::ir::FloatFmt> {
    let pat = b"__VERIFIER_nondet_";
    let start = (0..close.min(bytes.len()))
        .rev()
        .find(|&i| bytes[i..].starts_with(pat))?;
    let name: Vec<u8> = bytes[start + pat.len()..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .copied()
        .collect();
    match name.as_slice() {
        b"double" => Some(crate::ir::FloatFmt::F64),
        b"float" => Some(crate::ir::FloatFmt::F32),
        _ => None,
    }
}

/// A C literal of the floating value with bit pattern `bits` (the trace's shortest decimal,
/// `f` suffix for `float`); None for NaN and the infinities.
fn float_literal(bits: i128, f: crate::ir::FloatFmt) -> Option<String> {
    let t = crate::report::trace::float_decimal(f, bits)?;
    Some(match f {
        crate::ir::FloatFmt::F32 => format!("{t}f"),
        crate::ir::FloatFmt::F64 => t,
    })
}

#[cfg(test)]
mod float_literal_tests {
    use super::*;

    #[test]
    fn floating_results_are_c_literals_that_read_back() {
        let d = |x: f64| float_literal(x.to_bits() as i128, crate::ir::FloatFmt::F64);
        assert_eq!(d(-0.75).as_deref(), Some("-0.75"));
        assert_eq!(d(1e300).as_deref(), Some("1e300"));
        assert_eq!(d(0.1).unwrap().parse::<f64>().unwrap(), 0.1);
        assert_eq!(d(f64::NAN), None);
        let f = |x: f32| float_literal(x.to_bits() as i128, crate::ir::FloatFmt::F32);
        assert_eq!(f(2.0).as_deref(), Some("2.0f"));
        assert_eq!(f(f32::INFINITY), None);
        let src = b"double t = __VERIFIER_nondet_double(); int i = __VERIFIER_nondet_int();";
        let c1 = src.iter().position(|&b| b == b')').unwrap();
        assert_eq!(nondet_float_fmt(src, c1), Some(crate::ir::FloatFmt::F64));
        let c2 = src.len() - 2;
        assert_eq!(nondet_float_fmt(src, c2), None);
    }
}
