//! Pointers a scheduler primitive hands back: the primitives whose result is always one of the
//! values the program gave to arguments of other primitives (a FreeRTOS timer's ID is the one
//! given to `xTimerCreate` or the last `vTimerSetTimerID`; its name the one given at creation).
//!
//! The points-to analysis (`frontend::lower::pointsto`) gives such a call's result the union
//! of what those arguments may point to, instead of "anything": a read through the result is
//! then an exact read of the candidate objects rather than a havocked one (which makes a FAILED
//! verdict UNKNOWN). This holds only because the scheduler model (`sched::timer`, `sexec`)
//! stores the argument's exact value and returns it unchanged; a primitive whose result may be
//! something else (a kernel-internal copy, a default the program never gave) is not listed.

/// The (primitive, argument position) pairs whose values the result of `func` is one of, or
/// `None` when `func` does not hand back given values.
pub fn sources(func: &str) -> Option<&'static [(&'static str, usize)]> {
    Some(match func {
        // the ID given at creation or set since (sched::timer: TimerGetId / TimerSetId)
        "pvTimerGetTimerID" => &[
            ("xTimerCreate", 3),
            ("xTimerCreateStatic", 3),
            ("vTimerSetTimerID", 1),
        ],
        // the name pointer given at creation (sched::timer: TimerGetName)
        "pcTimerGetName" => &[("xTimerCreate", 0), ("xTimerCreateStatic", 0)],
        // the kernel's copy of the name, no value the program gave (sched::task_name:
        // TaskGetName): the copy objects, [`objects`]
        "pcTaskGetName" => &[],
        _ => return None,
    })
}

/// The prefix of the names of the objects the result of `func` points into (their start),
/// besides the values of [`sources`]: the kernel's copies of task names for `pcTaskGetName`.
pub fn objects(func: &str) -> Option<&'static str> {
    match func {
        "pcTaskGetName" => Some(super::task_name::COPY_PREFIX),
        _ => None,
    }
}

/// The position of the name argument (a task's or timer's) of the primitives that keep and
/// compare names: a string literal there is passed as a pointer to the literal's object (other
/// functions get the text itself, `ir::CallArg::Str`); it is not what a created task's
/// parameter may point to.
pub fn name_arg(func: &str) -> Option<usize> {
    match func {
        "xTaskCreate" | "xTaskCreateStatic" => Some(1),
        "xTimerCreate" | "xTimerCreateStatic" | "xTaskGetHandle" => Some(0),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timer_id_comes_from_creation_and_set() {
        let s = sources("pvTimerGetTimerID").unwrap();
        assert!(s.contains(&("xTimerCreate", 3)));
        assert!(s.contains(&("vTimerSetTimerID", 1)));
        assert!(sources("xQueueReceive").is_none());
        assert_eq!(name_arg("xTaskCreate"), Some(1));
        assert_eq!(name_arg("xQueueReceive"), None);
    }

    /// Every source is an argument the shipped FreeRTOS description binds as the value the
    /// handing-back primitive returns (`id` for the timer ID, `value` for the timer name).
    #[test]
    fn sources_are_the_bound_arguments() {
        let spec = crate::sched::spec::SchedulerSpec::builtin("freertos").unwrap();
        for (getter, key) in [
            ("pvTimerGetTimerID", "id"),
            ("pcTimerGetName", "value"),
            ("pcTaskGetName", "value"),
        ] {
            for (f, pos) in sources(getter).unwrap() {
                let p = spec
                    .primitive(f)
                    .unwrap_or_else(|| panic!("{f} not mapped"));
                let bound = match key {
                    "id" => p.args.id,
                    _ => p.args.value,
                };
                assert_eq!(bound, Some(*pos), "{getter} <- {f}");
            }
        }
    }
}
