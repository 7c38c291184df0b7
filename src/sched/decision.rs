//! Scheduler steps of a counterexample as values ([`SchedDecision`]): the one place where a
//! policy outcome, a thread's exit or a primitive's outcome becomes the decision a trace
//! records. The ESST engine records these decisions; the replay (`super::replay`) builds them
//! the same way from its own scheduler outcomes and accepts an outcome whose decision equals
//! the trace's. Texts are carried beside them for display only.

use crate::verdict::{PolicyEvent, SchedCause, SchedDecision, ThreadRef};

use super::policy::{SchedEvent, SchedEventKind};
use super::sexec::ReturnValue;
use super::state::{running, SchedState, ThreadInstance};

/// Instance `t` of `st` as a trace names it.
pub fn thread_ref(st: &SchedState, t: ThreadInstance) -> ThreadRef {
    ThreadRef {
        thread: st.thread(t).entry,
        instance: st.instance_number(t),
    }
}

fn runs(st: &SchedState) -> Option<ThreadRef> {
    running(st).map(|t| thread_ref(st, t))
}

/// The decision of policy outcome `ev` (of `sched` or `preempt`) reaching state `after`.
pub fn policy(after: &SchedState, ev: &SchedEvent) -> SchedDecision {
    let event = match ev.kind {
        SchedEventKind::Continue => PolicyEvent::Continue,
        SchedEventKind::Switch { .. } => PolicyEvent::Switch,
        SchedEventKind::DeltaCycle => PolicyEvent::DeltaCycle,
        SchedEventKind::TimeAdvance => PolicyEvent::TimeAdvance,
        SchedEventKind::Tick => PolicyEvent::Tick,
        SchedEventKind::Interrupt { .. } => PolicyEvent::Interrupt,
        SchedEventKind::SimulationEnd => PolicyEvent::SimulationEnd,
    };
    SchedDecision {
        cause: SchedCause::Policy(event),
        runs: runs(after),
        started: ev
            .restart()
            .map(|t| (thread_ref(after, t), ev.param, ev.param2)),
    }
}

/// The decision of the running thread, at its exit, finishing (state `after`).
pub fn exit(after: &SchedState) -> SchedDecision {
    SchedDecision {
        cause: SchedCause::Exit,
        runs: runs(after),
        started: None,
    }
}

/// The decision of the thread of an edge step (not a primitive) finishing at its exit.
pub fn finish(after: &SchedState) -> SchedDecision {
    SchedDecision {
        cause: SchedCause::Finish,
        runs: runs(after),
        started: None,
    }
}

/// The decision of primitive outcome `rv`, reaching state `after` (after the thread's exit when
/// `exits`).
pub fn primitive(after: &SchedState, rv: &ReturnValue, exits: bool) -> SchedDecision {
    SchedDecision {
        cause: SchedCause::Primitive {
            completed: rv.advance,
            exits,
        },
        runs: runs(after),
        started: rv
            .spawned
            .or(rv.restart)
            .map(|t| (thread_ref(after, t), None, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::ThreadId;

    #[test]
    fn decisions_differ_by_cause_and_thread() {
        let a = SchedDecision {
            cause: SchedCause::Policy(PolicyEvent::Switch),
            runs: Some(ThreadRef {
                thread: ThreadId(1),
                instance: 0,
            }),
            started: None,
        };
        let mut b = a.clone();
        b.runs = Some(ThreadRef {
            thread: ThreadId(1),
            instance: 1,
        });
        assert_ne!(a, b);
        let mut c = a.clone();
        c.cause = SchedCause::Policy(PolicyEvent::Tick);
        assert_ne!(a, c);
        assert_eq!(a, a.clone());
    }
}
