//! Preparing a lowered program for its scheduler description, before any engine runs:
//! calls of *generic* entry points are renamed after their constant selector argument
//! (`SchedulerSpec::dispatch`: FreeRTOS's `xQueueGenericSend(q, item, t, queueSEND_TO_FRONT)`
//! becomes a call of the mapped `xQueueSendToFront` with the same arguments), and calls of
//! bodiless functions that belong to a scheduler API family (`SchedulerSpec::api`, of any
//! shipped description) but are not mapped by the active description become
//! `Op::Unsupported` edges with a warning naming them: a verdict that depends on such a call
//! is UNKNOWN rather than a guess about the call's effect.

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
    let mut reported: Vec<String> = Vec::new();
    // evaluate selectors first (eval_const needs the whole program immutably)
    // (thread, edge, Ok(new name) or Err(what is not mapped))
    let mut renames: Vec<(usize, usize, Result<String, String>)> = Vec::new();
    for (ti, cfg) in prog.threads.iter().enumerate() {
        for (ei, e) in cfg.edges.iter().enumerate() {
            let Op::Call { func, args, .. } = &e.op else {
                continue;
            };
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
                renames.push((ti, ei, Err(why.clone())));
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
                renames.push((ti, ei, Err(func.clone())));
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
            Err(what) => {
                e.op = Op::Unsupported(format!(
                    "scheduler API call {what} not mapped by scheduler `{}`",
                    spec.name
                ));
            }
        }
    }
    out
}
