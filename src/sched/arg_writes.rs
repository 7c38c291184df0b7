//! What a scheduler API call may write through its pointer arguments, as the points-to
//! analysis (`frontend::lower::pointsto`) sees it before the active description is known.
//!
//! A bound primitive's effects are exactly those `sexec` defines (module doc of `sched`): it
//! writes the cell an out-parameter points to (`handle`, `prev`, `woken`, `previous`,
//! `value_out`) or the object a receive buffer points into (`item`), never a cell reached
//! through a pointer *stored* in memory. Some arguments it only keeps or reads: a task's or
//! timer's parameter (`arg`, `id`: handed to the task, callback or `pvTimerGetTimerID`
//! unchanged), names and values (`value`), entry functions (`entry`). A bodiless function of a
//! scheduler API family that the active description does not map becomes `Op::Unsupported`
//! (`sched::prepare`), so it writes nothing on any path that completes.
//!
//! Hence a call of an API-family function writes at most the objects its arguments point to
//! directly, except through its [`kept`] positions: a task parameter struct allocated with
//! `pvPortMalloc` and holding a pointer to a counter keeps that pointer's target across
//! `xTaskCreate`, instead of every cell reachable from the struct becoming "any value".
//!
//! [`kept`] is computed over the shipped descriptions; a `--scheduler` description that maps
//! one of those functions so that the engine may write through a kept position makes its
//! calls unsupported ([`conflict`], checked by `sched::prepare`).

use super::spec::{api_families, glob, Primitive, SchedulerSpec};
use std::collections::{BTreeSet, HashMap};
use std::sync::{Mutex, OnceLock};

/// True when `func` belongs to the API family of a shipped description (`[api] families`).
pub fn in_family(func: &str) -> bool {
    static FAMILIES: OnceLock<Vec<String>> = OnceLock::new();
    FAMILIES
        .get_or_init(|| api_families(None))
        .iter()
        .any(|p| glob(p, func))
}

/// The positions a primitive only reads or keeps (never writes through).
fn read_only(p: &Primitive) -> BTreeSet<usize> {
    [p.args.arg, p.args.id, p.args.value, p.args.entry]
        .into_iter()
        .flatten()
        .collect()
}

/// The positions of `func` that `spec` never writes through: `None` when `spec` neither maps
/// nor dispatches `func`; for a generic entry point, the positions every case keeps.
fn kept_in(spec: &SchedulerSpec, func: &str) -> Option<BTreeSet<usize>> {
    if let Some(p) = spec.primitive(func) {
        return Some(read_only(p));
    }
    let d = spec.dispatch.get(func)?;
    let mut out: Option<BTreeSet<usize>> = None;
    for target in d.cases.values() {
        let k = spec.primitive(target).map(read_only).unwrap_or_default();
        out = Some(match out {
            None => k,
            Some(o) => o.intersection(&k).copied().collect(),
        });
    }
    // the selector is a constant, never written through
    let mut out = out.unwrap_or_default();
    out.insert(d.select);
    Some(out)
}

/// For a function of a scheduler API family: the argument positions no call of it writes
/// through (those every shipped description that knows it only reads; none when no shipped
/// description maps it). `None` for other functions, which may write every cell reachable
/// from their arguments.
pub fn kept(func: &str) -> Option<BTreeSet<usize>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Option<BTreeSet<usize>>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(k) = cache.lock().ok().and_then(|c| c.get(func).cloned()) {
        return k;
    }
    let k = in_family(func).then(|| {
        let mut out: Option<BTreeSet<usize>> = None;
        for name in super::spec::builtin_names() {
            let Some(spec) = SchedulerSpec::builtin(name) else {
                continue;
            };
            if let Some(k) = kept_in(&spec, func) {
                out = Some(match out {
                    None => k,
                    Some(o) => o.intersection(&k).copied().collect(),
                });
            }
        }
        out.unwrap_or_default()
    });
    if let Ok(mut c) = cache.lock() {
        c.insert(func.to_string(), k.clone());
    }
    k
}

/// Why a call of `func` cannot be run under `spec`: the description maps it so that the engine
/// may write through a position the points-to analysis took as only read ([`kept`]).
pub fn conflict(spec: &SchedulerSpec, func: &str) -> Option<String> {
    let assumed = kept(func)?;
    let actual = kept_in(spec, func)?;
    let missing: Vec<String> = assumed
        .difference(&actual)
        .map(|p| (p + 1).to_string())
        .collect();
    (!missing.is_empty()).then(|| {
        format!(
            "{func} as mapped by scheduler `{}` may write through argument {} (the points-to analysis takes it as only read, as the shipped descriptions map it)",
            spec.name,
            missing.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn task_parameter_and_timer_id_are_kept() {
        // xTaskCreate(entry, name, depth, arg, priority, &handle)
        let k = kept("xTaskCreate").unwrap();
        assert!(k.contains(&3) && k.contains(&1) && k.contains(&0));
        assert!(!k.contains(&5), "the handle out-parameter is written");
        // xTimerCreate(name, period, reload, id, callback)
        assert!(kept("xTimerCreate").unwrap().contains(&3));
        // pthread_create(&t, attr, f, arg)
        let k = kept("pthread_create").unwrap();
        assert!(k.contains(&3) && !k.contains(&0));
    }

    #[test]
    fn receive_buffers_and_unmapped_family_members_are_not_kept() {
        // xQueueReceive(q, buffer, ticks): the buffer is written
        assert!(!kept("xQueueReceive").unwrap().contains(&1));
        // a family member no description maps writes anything through any argument
        assert_eq!(kept("vTaskGetInfo"), Some(BTreeSet::new()));
        // not a scheduler API function
        assert_eq!(kept("memcpy"), None);
        assert_eq!(kept("my_helper"), None);
    }

    #[test]
    fn generic_entry_points_keep_what_every_case_keeps() {
        // xQueueGenericSend(q, item, ticks, selector): the selector is constant
        let k = kept("xQueueGenericSend").unwrap();
        assert!(k.contains(&3));
        assert!(!k.contains(&0) && !k.contains(&1));
    }

    #[test]
    fn a_description_writing_through_a_kept_position_conflicts() {
        let spec = SchedulerSpec::builtin("freertos").unwrap();
        assert_eq!(conflict(&spec, "xTaskCreate"), None);
        let mut odd = spec.clone();
        let p = odd.primitives.get_mut("xTaskCreate").unwrap();
        p.args.handle = p.args.arg.take();
        let why = conflict(&odd, "xTaskCreate").unwrap();
        assert!(why.contains("argument 4"), "{why}");
        // a description that does not map it: prepare makes the call unsupported anyway
        odd.primitives.remove("xTaskCreate");
        assert_eq!(conflict(&odd, "xTaskCreate"), None);
    }
}
