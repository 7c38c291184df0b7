//! Preparing a lowered program for its scheduler description, before any engine runs:
//! calls of *generic* entry points are renamed after their constant selector argument
//! (`SchedulerSpec::dispatch`: FreeRTOS's `xQueueGenericSend(q, item, t, queueSEND_TO_FRONT)`
//! becomes a call of the mapped `xQueueSendToFront` with the same arguments), and calls of
//! bodiless functions that belong to a scheduler API family (`SchedulerSpec::api`, of any
//! shipped description) but are not mapped by the active description become
//! `Op::Unsupported` edges with a warning naming them: a verdict that depends on such a call
//! is UNKNOWN rather than a guess about the call's effect.
//!
//! A tick-count read (`get-time`) into a temporary whose only use is the command time of the
//! timer command right after it (FreeRTOS's `xTimerStart(t, w)` is
//! `xTimerGenericCommandFromTask(t, tmrCOMMAND_START, xTaskGetTickCount(), NULL, w)`) becomes
//! a `timer-stamp` (the command then carries the age of that read): the program does not
//! observe the tick count, so time stays normalised.

use crate::diag::{Diag, DiagKind};
use crate::ir::{Op, Program};

use super::bind::eval_const;
use super::spec::{glob, SchedulerSpec};

/// What [`prepare`] did.
#[derive(Debug, Default)]
pub struct Prepared {
    /// One warning per unmapped API function (at its first call).
    pub warnings: Vec<Diag>,
    /// Number of generic calls renamed.
    pub dispatched: usize,
}

/// True when `func` belongs to one of the API `families` (glob patterns).
pub fn in_api_family(families: &[String], func: &str) -> bool {
    families.iter().any(|p| glob(p, func))
}

/// Rewrites `prog` in place for `spec` (see the module doc); `families` are the API patterns of
/// every known description (`spec::api_families`).
pub fn prepare(prog: &mut Program, spec: &SchedulerSpec, families: &[String]) -> Prepared {
    let mut out = Prepared::default();
    stamp_timer_commands(prog, spec);
    super::task_name::guard_get_handle(prog, spec);
    let mut reported: Vec<String> = Vec::new();
    // evaluate selectors first (eval_const needs the whole program immutably)
    // (thread, edge, Ok(new name) or Err(why the call is unsupported))
    let mut renames: Vec<(usize, usize, Result<String, String>)> = Vec::new();
    for (ti, cfg) in prog.threads.iter().enumerate() {
        for (ei, e) in cfg.edges.iter().enumerate() {
            let Op::Call { func, args, .. } = &e.op else {
                continue;
            };
            // a mapping the points-to analysis did not assume (sched::arg_writes)
            if let Some(why) = super::arg_writes::conflict(spec, func) {
                renames.push((ti, ei, Err(why)));
                continue;
            }
            if spec.primitive(func).is_some() {
                continue;
            }
            if let Some(d) = spec.dispatch.get(func) {
                let sel = match args.get(d.select) {
                    Some(crate::ir::CallArg::Value(x)) => eval_const(x, prog, &|_| None),
                    _ => None,
                };
                if let Some(target) = sel.and_then(|v| d.cases.get(&v)) {
                    renames.push((ti, ei, Ok(target.clone())));
                    continue;
                }
                let why = match sel {
                    Some(v) => format!("{func} with selector {v} (argument {})", d.select + 1),
                    None => format!(
                        "{func} with a non-constant selector (argument {})",
                        d.select + 1
                    ),
                };
                renames.push((ti, ei, Err(unmapped(&why, spec))));
                if !reported.contains(&why) {
                    out.warnings.push(Diag::warning(
                        DiagKind::Unsupported,
                        Some(e.loc),
                        format!("scheduler API call {why} is not mapped by scheduler `{}`: reaching it makes the verdict UNKNOWN", spec.name),
                    ));
                    reported.push(why);
                }
                continue;
            }
            if in_api_family(families, func) {
                renames.push((ti, ei, Err(unmapped(func, spec))));
                if !reported.contains(func) {
                    out.warnings.push(Diag::warning(
                        DiagKind::Unsupported,
                        Some(e.loc),
                        format!("scheduler API function {func} is not mapped by scheduler `{}`: reaching a call makes the verdict UNKNOWN", spec.name),
                    ));
                    reported.push(func.clone());
                }
            }
        }
    }
    for (ti, ei, target) in renames {
        let e = &mut prog.threads[ti].edges[ei];
        let Op::Call { func, .. } = &mut e.op else {
            continue;
        };
        match target {
            Ok(t) => {
                *func = t;
                out.dispatched += 1;
            }
            Err(why) => e.op = Op::Unsupported(why),
        }
    }
    out
}

/// The reason of an `Unsupported` edge replacing an unmapped API call.
fn unmapped(what: &str, spec: &SchedulerSpec) -> String {
    format!(
        "scheduler API call {what} not mapped by scheduler `{}`",
        spec.name
    )
}

/// Rewrites `tmp := <get-time>(); <timer-command>(.., tmp, ..)` (see the module doc).
fn stamp_timer_commands(prog: &mut Program, spec: &SchedulerSpec) -> usize {
    use super::spec::Action;
    use crate::ir::{CallArg, Expr};
    let action = |f: &str| spec.primitive(f).map(|p| p.action);
    let Some(stamp) = spec
        .primitives
        .values()
        .find(|p| p.action == Action::TimerStamp)
        .map(|p| p.name.clone())
    else {
        return 0;
    };
    let mut n = 0;
    for ti in 0..prog.threads.len() {
        let mut rewrites: Vec<(usize, usize, usize)> = Vec::new();
        let cfg = &prog.threads[ti];
        for (i, e1) in cfg.edges.iter().enumerate() {
            let Op::Call {
                func,
                ret: Some(tmp),
                ..
            } = &e1.op
            else {
                continue;
            };
            if action(func) != Some(Action::GetTime) || !prog.var(*tmp).name.starts_with("tmp$") {
                continue;
            }
            let next: Vec<usize> = (0..cfg.edges.len())
                .filter(|&j| cfg.edges[j].from == e1.to)
                .collect();
            let [j] = next[..] else { continue };
            let Op::Call { func: f2, args, .. } = &cfg.edges[j].op else {
                continue;
            };
            let Some(p) = spec
                .primitive(f2)
                .filter(|p| p.action == Action::TimerCommand)
            else {
                continue;
            };
            let Some(pos) = p.args.value else { continue };
            let mut x = match args.get(pos) {
                Some(CallArg::Value(x)) => x,
                _ => continue,
            };
            while let Expr::Cast(_, inner) = x {
                x = inner;
            }
            // the temporary is read by this argument only
            let uses = cfg
                .edges
                .iter()
                .filter(|e| {
                    let mut used = false;
                    match &e.op {
                        Op::Assign(_, y) | Op::Assume(y) => {
                            y.for_each_var(&mut |u| used |= u == *tmp)
                        }
                        Op::Call { args, .. } => {
                            for a in args {
                                if let CallArg::Value(y) = a {
                                    y.for_each_var(&mut |u| used |= u == *tmp);
                                }
                            }
                        }
                        _ => {}
                    }
                    used
                })
                .count();
            if matches!(x, Expr::Var(v) if v == tmp) && uses == 1 {
                rewrites.push((i, j, pos));
            }
        }
        for (i, j, pos) in rewrites {
            let cfg = &mut prog.threads[ti];
            if let Op::Call { func, .. } = &mut cfg.edges[i].op {
                *func = stamp.clone();
            }
            if let Op::Call { args, .. } = &mut cfg.edges[j].op {
                let ty = match &args[pos] {
                    CallArg::Value(x) => x.ty(&prog.vars),
                    _ => continue,
                };
                args[pos] = CallArg::Value(Expr::Const(0, ty));
            }
            n += 1;
        }
    }
    n
}
