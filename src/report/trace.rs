//! The text counterexample trace and statistics block.
//!
//! Deterministic by construction: no addresses, no hash-map order, file names without
//! directories; only the statistics block contains times and memory (its lines start with
//! `  solver time`, `  total time` and `  peak memory`, so tests can filter them).
//!
//! ```text
//! VERIFICATION FAILED  (property: reach_error() in main, token_ring.01.cil-2.c:11)
//! step  thread  location                  statement
//!    1  main    token_ring.01.cil-2.c:31  m_pc := 0  [m_pc = 0]
//! ```
//! The values shown are the replayed ones (`ir::interp`), not the engine's; a `float` or
//! `double` variable's value is shown as a number (`1.5`, `-0.0`, `inf`, `NaN`), not as its
//! bit pattern.

use crate::diag::SourceMap;
use crate::engine::EngineKind;
use crate::ir::interp::{ReplayedStep, ReplayedTrace};
use crate::ir::{FloatFmt, Op, Program, Type};
use crate::verdict::{Counterexample, Stats, Violation};

/// How much of the trace to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TraceMode {
    /// Every step.
    Full,
    /// Hides `skip` steps and steps that only write temporaries (except the last step); hides
    /// temporaries in the assigned values. Step numbers stay those of the full trace.
    #[default]
    Compact,
}

/// One row of a trace, shared by the text and JSON outputs.
#[derive(Clone, Debug, PartialEq)]
pub enum Row {
    Edge {
        step: usize,
        /// Thread entry name, with `#instance` when the instance is not 0.
        thread: String,
        instance: u32,
        file: String,
        line: u32,
        function: String,
        statement: String,
        /// (variable name, value, is temporary, type)
        assigned: Vec<(String, i128, bool, Type)>,
        /// The floating format of each assigned variable (in the order of `assigned`), for
        /// those holding a `float`/`double`.
        floats: Vec<Option<FloatFmt>>,
        /// Skip or temporary-only step (hidden in compact mode).
        minor: bool,
    },
    Sched {
        step: usize,
        text: String,
    },
    /// Weak memory: a store entering (`visible` false) or leaving its thread's store buffer.
    Memory {
        step: usize,
        thread: String,
        instance: u32,
        variable: String,
        value: i128,
        ty: Type,
        /// The variable's floating format, if it holds a `float`/`double`.
        float: Option<FloatFmt>,
        visible: bool,
    },
}

impl Row {
    /// The statement text of a memory row.
    pub fn memory_text(
        variable: &str,
        value: i128,
        ty: Type,
        float: Option<FloatFmt>,
        visible: bool,
    ) -> String {
        let what = if visible {
            "store becomes visible (flush)"
        } else {
            "store buffered"
        };
        format!(
            "{what}: {variable} = {}",
            typed_value_text(value, ty, float)
        )
    }
}

/// The rows of a replayed counterexample (all steps).
pub fn rows(prog: &Program, sources: &SourceMap, replayed: &ReplayedTrace) -> Vec<Row> {
    let mut out = Vec::with_capacity(replayed.steps.len());
    for (i, s) in replayed.steps.iter().enumerate() {
        let step = i + 1;
        match s {
            ReplayedStep::Sched(text) => out.push(Row::Sched {
                step,
                text: text.clone(),
            }),
            ReplayedStep::Memory {
                thread,
                instance,
                var,
                value,
                visible,
            } => {
                let cfg = prog.thread(*thread);
                let v = prog.var(*var);
                out.push(Row::Memory {
                    step,
                    thread: instance_name(&cfg.name, *instance),
                    instance: *instance,
                    variable: v.name.clone(),
                    value: *value,
                    ty: v.ty,
                    float: prog.float_fmt(*var),
                    visible: *visible,
                });
            }
            ReplayedStep::Edge {
                thread,
                instance,
                edge,
                assigned,
            } => {
                let cfg = prog.thread(*thread);
                let e = cfg.edge(*edge);
                let name = instance_name(&cfg.name, *instance);
                let floats = assigned.iter().map(|(v, _)| prog.float_fmt(*v)).collect();
                let assigned: Vec<_> = assigned
                    .iter()
                    .map(|(v, val)| {
                        let var = prog.var(*v);
                        (var.name.clone(), *val, var.is_temp, var.ty)
                    })
                    .collect();
                let statement =
                    with_literal_texts(crate::driver::glue::op_to_string(&e.op, prog), prog);
                let minor = match &e.op {
                    Op::Skip => true,
                    Op::Assign(..) | Op::Nondet(..) => assigned.iter().all(|a| a.2),
                    // a spin loop's preemption point (`ir::spin`)
                    Op::Assume(x) => crate::ir::spin::is_spin_read(x, prog),
                    _ => false,
                } || systemc_internal(&statement, &assigned);
                let file = if (e.loc.file.0 as usize) < sources.len() {
                    sources.display_name(e.loc.file).to_string()
                } else {
                    "?".into()
                };
                out.push(Row::Edge {
                    step,
                    thread: name,
                    instance: *instance,
                    file,
                    line: e.loc.line,
                    function: cfg
                        .loc_func
                        .get(e.from.0 as usize)
                        .cloned()
                        .unwrap_or_default(),
                    statement,
                    assigned,
                    floats,
                    minor,
                });
            }
        }
    }
    out
}

/// `statement` with the address of a string literal's object (`&str$N`, as the IR printer
/// names it) shown as the literal's text (`"name"`), as the program wrote it.
fn with_literal_texts(statement: String, prog: &Program) -> String {
    const MARK: &str = "&str$";
    if !statement.contains(MARK) {
        return statement;
    }
    let mut out = String::with_capacity(statement.len());
    let mut rest = statement.as_str();
    while let Some(i) = rest.find(MARK) {
        out.push_str(&rest[..i]);
        let digits = rest[i + MARK.len()..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        let end = i + MARK.len() + digits;
        let name = &rest[i + 1..end];
        let text = prog
            .objects
            .iter()
            .find(|o| o.name == name && crate::sched::task_name::is_literal(o))
            .and_then(|o| crate::sched::task_name::literal_text(prog, o));
        match text {
            Some(t) if digits > 0 => out.push_str(&format!("{:?}", String::from_utf8_lossy(&t))),
            _ => out.push_str(&rest[i..end]),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// A thread instance's name in traces: the entry, with `#N` for instance N > 0.
fn instance_name(entry: &str, instance: u32) -> String {
    if instance > 0 {
        format!("{entry}#{instance}")
    } else {
        entry.to_string()
    }
}

/// Steps of include/systemc.h's channel macros that the compact trace folds: the reads of a
/// channel's update-pending flag and the writer-policy result `__sc_ok` of a signal write
/// (its failure is the property itself, shown as the last step).
fn systemc_internal(statement: &str, assigned: &[(String, i128, bool, Type)]) -> bool {
    let ok = |n: &str| n == "__sc_ok" || n.ends_with("::__sc_ok") || n.contains("::__sc_ok'");
    statement.contains("__sc_update_pending(")
        || (assigned.iter().any(|a| ok(&a.0)) && assigned.iter().all(|a| a.2 || ok(&a.0)))
        || (statement.starts_with("assume") && statement.contains("__sc_ok"))
}

/// A scheduler step the compact trace folds (see [`systemc_internal`]).
fn systemc_internal_sched(text: &str) -> bool {
    text.starts_with("__sc_update_pending(")
}

/// A value as shown in traces (`true`/`false` for Bool).
pub fn value_text(v: i128, ty: Type) -> String {
    match ty {
        Type::Bool => (if v != 0 { "true" } else { "false" }).into(),
        _ => v.to_string(),
    }
}

/// A value as shown in traces: a number for a floating variable ([`float_text`]), else as
/// [`value_text`].
pub fn typed_value_text(v: i128, ty: Type, float: Option<FloatFmt>) -> String {
    match float {
        Some(f) if f.bits() == ty.bits() => float_text(f, v),
        _ => value_text(v, ty),
    }
}

/// A floating value given by its bit pattern, as a number: the shortest decimal that reads
/// back to the same value (`0.1`, `1.0`, `-0.0`, `1e300`, `1e-45`), `inf`/`-inf`, and `NaN`
/// or `-NaN` with the pattern in hexadecimal (NaNs differ in their payload).
pub fn float_text(f: FloatFmt, bits: i128) -> String {
    let neg = (bits >> (f.bits() - 1)) & 1 == 1;
    let s = float_decimal(f, bits);
    let sign = if neg { "-" } else { "" };
    match s {
        Some(s) => s,
        None if crate::ir::semantics::float::is_nan(f, bits) => {
            format!("{sign}NaN (0x{:0w$x})", bits, w = f.bits() as usize / 4)
        }
        None => format!("{sign}inf"),
    }
}

/// A finite floating value given by its bit pattern as the shortest decimal that reads back to
/// the same value, always with a `.` or an exponent (`0.1`, `1.0`, `-0.0`, `1e300`); None for
/// NaN and the infinities.
pub fn float_decimal(f: FloatFmt, bits: i128) -> Option<String> {
    match f {
        FloatFmt::F32 => {
            let x = f32::from_bits(bits as u32);
            x.is_finite().then(|| format!("{x:?}"))
        }
        FloatFmt::F64 => {
            let x = f64::from_bits(bits as u64);
            x.is_finite().then(|| format!("{x:?}"))
        }
    }
}

/// `reach_error() in main, file.c:11` (or the unwinding-assertion equivalent).
pub fn property_text(prog: &Program, sources: &SourceMap, cex: &Counterexample) -> String {
    let func = last_function(prog, cex);
    match &cex.violation {
        Violation::Property { description, loc } => {
            let mut s = description.clone();
            if let Some(f) = func {
                s.push_str(&format!(" in {f}"));
            }
            if (loc.file.0 as usize) < sources.len() {
                s.push_str(&format!(", {}", sources.short(*loc)));
            }
            s
        }
        Violation::UnwindingAssertion { loop_id, loc } => {
            let mut s = format!("unwinding assertion loop {loop_id}");
            if (loc.file.0 as usize) < sources.len() {
                s.push_str(&format!(", {}", sources.short(*loc)));
            }
            s
        }
    }
}

/// The function of the last edge step (where the violation happens).
fn last_function(prog: &Program, cex: &Counterexample) -> Option<String> {
    cex.steps.iter().rev().find_map(|s| match s {
        crate::verdict::Step::Edge { thread, edge, .. } => {
            let cfg = prog.threads.get(thread.0 as usize)?;
            let e = cfg.edges.get(edge.0 as usize)?;
            cfg.loc_func.get(e.from.0 as usize).cloned()
        }
        _ => None,
    })
}

/// The trace block: header line, column titles, one line per step.
pub fn render_trace(
    prog: &Program,
    sources: &SourceMap,
    cex: &Counterexample,
    replayed: &ReplayedTrace,
    mode: TraceMode,
) -> String {
    let all = rows(prog, sources, replayed);
    // The last edge step (the error edge, or the back edge of an unwinding assertion) is
    // always shown.
    let last_edge = all
        .iter()
        .rposition(|r| matches!(r, Row::Edge { .. }))
        .unwrap_or(usize::MAX);
    let rows: Vec<Row> = all
        .into_iter()
        .enumerate()
        .filter(|(i, r)| {
            mode == TraceMode::Full
                || *i == last_edge
                || !(matches!(r, Row::Edge { minor: true, .. })
                    || matches!(r, Row::Sched { text, .. } if systemc_internal_sched(text)))
        })
        .map(|(_, r)| r)
        .collect();
    let mut tw = "thread".len();
    let mut lw = "location".len();
    for r in &rows {
        match r {
            Row::Edge {
                thread, file, line, ..
            } => {
                tw = tw.max(thread.len());
                lw = lw.max(file.len() + 1 + line.to_string().len());
            }
            Row::Memory { thread, .. } => tw = tw.max(thread.len()),
            Row::Sched { .. } => {}
        }
    }
    let mut s = format!(
        "VERIFICATION FAILED  (property: {})\n",
        property_text(prog, sources, cex)
    );
    s.push_str(&format!(
        "{:>4}  {:tw$}  {:lw$}  statement\n",
        "step", "thread", "location"
    ));
    for r in &rows {
        match r {
            Row::Sched { step, text } => {
                s.push_str(&format!(
                    "{step:>4}  {:tw$}  {:lw$}  {text}\n",
                    "[scheduler]", ""
                ));
            }
            Row::Memory {
                step,
                thread,
                variable,
                value,
                ty,
                float,
                visible,
                ..
            } => {
                let text = Row::memory_text(variable, *value, *ty, *float, *visible);
                s.push_str(&format!("{step:>4}  {thread:tw$}  {:lw$}  {text}\n", ""));
            }
            Row::Edge {
                step,
                thread,
                file,
                line,
                statement,
                assigned,
                floats,
                ..
            } => {
                let loc = format!("{file}:{line}");
                let mut l = format!("{step:>4}  {thread:tw$}  {loc:lw$}  {statement}");
                let vals: Vec<String> = assigned
                    .iter()
                    .zip(floats.iter().chain(std::iter::repeat(&None)))
                    .filter(|(a, _)| mode == TraceMode::Full || !a.2)
                    .map(|((n, v, _, t), f)| format!("{n} = {}", typed_value_text(*v, *t, *f)))
                    .collect();
                if !vals.is_empty() {
                    l.push_str(&format!("  [{}]", vals.join(", ")));
                }
                s.push_str(l.trim_end());
                s.push('\n');
            }
        }
    }
    s
}

/// The statistics block (times and memory on their own lines).
pub fn render_stats(st: &Stats, engine: Option<EngineKind>) -> String {
    let opt = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
    let mut s = match engine {
        Some(e) => format!("statistics (engine {}):\n", e.name()),
        None => "statistics:\n".to_string(),
    };
    let rows: [(&str, String); 9] = [
        ("ART nodes", st.nodes.to_string()),
        ("covers", st.covers.to_string()),
        ("refinements", st.refinements.to_string()),
        ("predicates", st.predicates.to_string()),
        ("solver calls", st.solver_calls.to_string()),
        (
            "solver time",
            format!("{:.3} s", st.solver_time.as_secs_f64()),
        ),
        (
            "total time",
            format!("{:.3} s", st.total_time.as_secs_f64()),
        ),
        (
            "peak memory",
            st.peak_memory_kb
                .map_or("-".to_string(), |m| format!("{m} KiB")),
        ),
        ("k", opt(st.k.map(u64::from))),
    ];
    for (k, v) in rows {
        s.push_str(&format!("  {k:<14}{v}\n"));
    }
    if engine == Some(EngineKind::Esst) {
        // partial-order reduction (engine/esst/por.rs)
        for (k, v) in [
            ("interleavings", st.interleavings),
            ("backtracks", st.backtrack_points),
            ("sleep prunes", st.sleep_prunings),
        ] {
            s.push_str(&format!("  {k:<14}{v}\n"));
        }
        if st.interpolation_retries > 0 {
            // a query hit its time cap: the exploration depended on timing
            s.push_str(&format!(
                "  {:<14}{}\n",
                "itp retries", st.interpolation_retries
            ));
        }
    }
    if let Some(t) = st.proof_check_time {
        s.push_str(&format!(
            "  {:<14}{:.3} s\n",
            "proof check",
            t.as_secs_f64()
        ));
    }
    if let (Some(front_end), Some(engine)) = (st.front_end_time, st.engine_time) {
        // where the time went: the engine's time without the solver's is exploration
        let mut parts = vec![
            format!("front end {:.3} s", front_end.as_secs_f64()),
            format!(
                "exploration {:.3} s",
                engine.saturating_sub(st.solver_time).as_secs_f64()
            ),
            format!("solver {:.3} s", st.solver_time.as_secs_f64()),
        ];
        if let Some(t) = st.proof_check_time {
            parts.push(format!("proof check {:.3} s", t.as_secs_f64()));
        }
        if let Some(t) = st.replay_time {
            parts.push(format!("replay {:.3} s", t.as_secs_f64()));
        }
        s.push_str(&format!(
            "  {:<14}{}
",
            "time split",
            parts.join(", ")
        ));
    }
    if let (Some(a), Some(r), Some(p)) = (st.abstraction_time, st.refinement_time, st.por_time) {
        // ESST's phases, their solver calls included
        s.push_str(&format!(
            "  {:<14}abstraction {:.3} s, refinement {:.3} s, POR {:.3} s\n",
            "esst split",
            a.as_secs_f64(),
            r.as_secs_f64(),
            p.as_secs_f64()
        ));
    }
    if let Some([argued, direct, unchecked]) = st.proof_check_por {
        if argued + direct + unchecked > 0 {
            s.push_str(&format!(
                "  {:<14}{argued} by POR argument, {direct} directly, {unchecked} not re-checked\n",
                "por checks"
            ));
        }
    }
    if let Some(d) = &st.proof_check_detail {
        s.push_str(&format!("  {:<14}{d}\n", "checked"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floating_values_print_as_numbers() {
        let d = |x: f64| float_text(FloatFmt::F64, x.to_bits() as i128);
        let f = |x: f32| float_text(FloatFmt::F32, x.to_bits() as i128);
        assert_eq!(d(1.5), "1.5");
        assert_eq!(d(0.1), "0.1");
        assert_eq!(d(-0.0), "-0.0");
        assert_eq!(d(1.0), "1.0");
        assert_eq!(d(1e300), "1e300");
        assert_eq!(d(f64::NEG_INFINITY), "-inf");
        assert_eq!(f(0.1), "0.1");
        assert_eq!(f(f32::INFINITY), "inf");
        assert_eq!(f(f32::from_bits(1)), "1e-45");
        assert_eq!(float_text(FloatFmt::F32, 0xFFC0_0000), "-NaN (0xffc00000)");
        assert_eq!(
            float_text(FloatFmt::F64, 0x7FF8_0000_0000_0000),
            "NaN (0x7ff8000000000000)"
        );
        // only a variable recorded as floating, of the format's width, prints as a number
        let t64 = Type::int(64, false);
        let bits = 2.5f64.to_bits() as i128;
        assert_eq!(typed_value_text(bits, t64, Some(FloatFmt::F64)), "2.5");
        assert_eq!(typed_value_text(bits, t64, None), bits.to_string());
        assert_eq!(
            typed_value_text(7, Type::int(32, false), Some(FloatFmt::F64)),
            "7"
        );
    }
    use crate::ir::interp::{replay, tests as it, ReplaySemantics};

    #[test]
    fn string_literal_addresses_show_their_text() {
        use crate::ir::{Object, Scope, Type, Var, VarId};
        let mut prog = it::buggy();
        for (i, t) in ["low", "a\"b"].iter().enumerate() {
            let mut cells = Vec::new();
            for (k, b) in t.bytes().chain([0]).enumerate() {
                cells.push((k as u64, VarId(prog.vars.len() as u32)));
                prog.vars.push(Var {
                    name: format!("str${i}[{k}]"),
                    ty: Type::int(8, true),
                    scope: Scope::Global,
                    init: Some(i128::from(b)),
                    is_temp: true,
                    loc: None,
                });
            }
            prog.objects.push(Object {
                name: format!("str${i}"),
                base: 0x1000 + 0x100 * i as u64,
                size: t.len() as u64 + 1,
                cells,
            });
        }
        let s = "xTaskCreate(&low, &str$0, 128, &str$1, 1, &str$10, &str$)".to_string();
        assert_eq!(
            with_literal_texts(s, &prog),
            "xTaskCreate(&low, \"low\", 128, \"a\\\"b\", 1, &str$10, &str$)"
        );
        let plain = "x := (y + 1)".to_string();
        assert_eq!(with_literal_texts(plain.clone(), &prog), plain);
    }

    #[test]
    fn trace_lists_steps_with_replayed_values() {
        let prog = it::buggy();
        let mut sm = SourceMap::new();
        sm.add("some/dir/t.c", None, None);
        let cex = it::buggy_cex(5);
        let rep = replay(&prog, &cex, ReplaySemantics::BitVector).unwrap();
        let s = render_trace(&prog, &sm, &cex, &rep, TraceMode::Full);
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(
            lines[0],
            "VERIFICATION FAILED  (property: reach_error() in main, t.c:6)"
        );
        assert!(lines[1].starts_with("step  thread"), "{s}");
        assert!(lines[2].starts_with("   1  main"), "{s}");
        assert!(lines[2].ends_with("[x = 5]"), "{s}");
        assert!(lines[3].ends_with("[y = 6]"), "{s}");
        assert!(lines[4].contains("[scheduler]") && lines[4].ends_with("nothing"));
        assert_eq!(lines.len(), 7);
        // Deterministic.
        assert_eq!(s, render_trace(&prog, &sm, &cex, &rep, TraceMode::Full));
    }

    #[test]
    fn stats_block_has_every_counter() {
        let st = Stats {
            nodes: 3,
            k: Some(2),
            ..Default::default()
        };
        let s = render_stats(&st, Some(EngineKind::Bmc));
        assert!(s.starts_with("statistics (engine bmc):\n"));
        for k in [
            "ART nodes",
            "covers",
            "refinements",
            "predicates",
            "solver calls",
            "solver time",
            "total time",
            "peak memory",
            "k ",
        ] {
            assert!(s.contains(&format!("  {k}")), "{k} missing in {s}");
        }
        assert!(s.contains("  k             2\n"), "{s}");
    }
}
