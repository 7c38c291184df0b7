//! SystemC time sources of the scheduler: `sc_clock` channels (IEEE 1666-2011 6.7) and the
//! end time of `sc_start(duration)` (4.3.4.2).
//!
//! # sc_clock
//! The scheduler keeps a clock's value, as the Accellera kernel's `sc_clock` does with its two
//! method processes (`posedge_action` / `negedge_action`, spawned `dont_initialize` and
//! sensitive to the clock's internal next-edge events): the initial value is `!posedge_first`;
//! the first edge action runs at `start` (at 0: in the first evaluation phase, as the
//! constructor's `notify(SC_ZERO_TIME)` fires in the initialization's delta notification
//! phase), every later one `high` resp. `period - high` after the previous one. An edge action
//! requests an update to the opposite value; the update phase commits it and gives the clock's
//! `value_changed` and `posedge` / `negedge` events a delta notification, so processes
//! sensitive to an edge run in the delta cycle after it. The action depends on no program
//! data and other processes read the committed value whatever the order, so it is performed
//! when its time comes, not interleaved with the processes of that evaluation phase. Program
//! reads ask `update-pending`, which answers the value for a clock (whose `old` / `cur`
//! fields the C macro sets to 1 / 0, so that the signal read macro yields it).
//!
//! # Finiteness
//! A clock never lets the simulation end, so `sc_start()` with a clock is an unbounded run.
//! While the program does not observe time (no `sc_time_stamp`), every stored time is relative
//! to now ([`SchedState::advance_time`] shifts them, [`ScState::shift_times`] here): a clock
//! contributes its value and a next-edge distance of at most `max(high, period - high)`, so the
//! scheduler states stay finite and ESST's fixpoint is a proof for the unbounded run. When time
//! is observable, absolute time grows without bound and the description's `time.max` turns the
//! run into `CapacityExceeded` (UNKNOWN), never a verdict on a prefix.
//!
//! # sc_start(duration)
//! As the Accellera kernel's `sc_simcontext::simulate`: time does not advance beyond
//! `now + duration`; timed notifications at exactly the end time fire (their processes become
//! runnable) but no evaluation phase runs at that time before `sc_start` returns; when nothing
//! is pending earlier, time is set to the end time (`SC_RUN_TO_TIME`). A later `sc_start`
//! continues from there.

use super::state::{Pending, SchedState};
use super::systemc::ScState;
use super::SchedError;

pub const MAX_CLOCKS: usize = 8;

/// One `sc_clock`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clock {
    /// The clock's address (its `sc_signal_bool`).
    pub key: i128,
    /// value_changed, posedge, negedge events.
    pub events: [i128; 3],
    pub high: u64,
    pub low: u64,
    /// The committed value.
    pub value: bool,
    /// An edge action requested an update to this value (committed in the update phase).
    pub pending: Option<bool>,
    /// Time of the next edge action (relative to now when time is not observable).
    pub next: u64,
}

impl ScState {
    pub fn clock(&self, key: i128) -> Option<&Clock> {
        self.clocks.iter().find(|c| c.key == key)
    }

    /// Time is not observable and advances by `d`: shift every stored absolute time.
    pub fn shift_times(&mut self, d: u64) {
        for c in self.clocks.iter_mut() {
            c.next = c.next.saturating_sub(d);
        }
        if let Some(l) = &mut self.limit {
            *l = l.saturating_sub(d);
        }
    }
}

/// `__sc_clock_init(c, period, high, start, posedge_first, events...)` at elaboration.
pub fn clock_init(
    st: &mut SchedState,
    key: i128,
    period: i128,
    high: i128,
    start: i128,
    posedge_first: bool,
    events: &[i128],
) -> Result<String, SchedError> {
    if st.started {
        return Err(SchedError::Misuse(
            "sc_clock created after sc_start".to_string(),
        ));
    }
    if period <= 0 || high <= 0 || high >= period || start < 0 || period > u64::MAX as i128 {
        return Err(SchedError::Misuse(format!(
            "sc_clock {}: period {period}, high time {high}, start {start} (need 0 < high < period, start >= 0)",
            st.object_name(key)
        )));
    }
    if st.sc.clock(key).is_some() {
        return Err(SchedError::Misuse(format!(
            "sc_clock {} initialized twice",
            st.object_name(key)
        )));
    }
    let mut ev = [0i128; 3];
    for (i, e) in events.iter().take(3).enumerate() {
        ev[i] = *e;
    }
    let c = Clock {
        key,
        events: ev,
        high: high as u64,
        low: (period - high) as u64,
        value: !posedge_first,
        pending: None,
        next: st.now + start as u64,
    };
    st.sc
        .clocks
        .push(c)
        .map_err(|_| SchedError::CapacityExceeded(format!("more than {MAX_CLOCKS} sc_clocks")))?;
    Ok(format!(
        "sc_clock {}: period {period}, high {high}, first {} edge at {start}",
        st.object_name(key),
        if posedge_first {
            "positive"
        } else {
            "negative"
        }
    ))
}

/// Runs the edge actions due now (their update requests); returns a trace text.
pub fn edge_actions(st: &mut SchedState) -> Result<String, SchedError> {
    let now = st.now;
    let mut parts = Vec::new();
    for i in 0..st.sc.clocks.len() {
        let c = st.sc.clocks[i];
        if c.next > now || c.pending.is_some() {
            continue;
        }
        let v = !c.value;
        let next = now
            .checked_add(if v { c.high } else { c.low })
            .ok_or_else(|| SchedError::CapacityExceeded("time overflow".to_string()))?;
        let cl = &mut st.sc.clocks[i];
        cl.pending = Some(v);
        cl.next = next;
        parts.push(format!(
            "{} {} edge",
            st.object_name(c.key),
            if v { "positive" } else { "negative" }
        ));
    }
    Ok(parts.join(", "))
}

/// (clock key, new value) pairs and trace parts of an update phase.
pub type ClockUpdates = (Vec<(i128, bool)>, Vec<String>);

/// Commits the clocks' requested updates (part of the update phase): delta notifications of
/// their events; returns (clock key, new value) pairs and the trace parts.
pub fn update_clocks(st: &mut SchedState) -> Result<ClockUpdates, SchedError> {
    let mut changed = Vec::new();
    let mut parts = Vec::new();
    for i in 0..st.sc.clocks.len() {
        let Some(v) = st.sc.clocks[i].pending else {
            continue;
        };
        let c = st.sc.clocks[i];
        st.sc.clocks[i].pending = None;
        st.sc.clocks[i].value = v;
        let mut names = Vec::new();
        for k in [c.events[0], if v { c.events[1] } else { c.events[2] }] {
            if k != 0 {
                let e = st.event_or_create(k)? as usize;
                st.events[e].pending = Pending::Delta;
                names.push(st.object_name(k));
            }
        }
        parts.push(format!(
            "{} = {} -> notifies {}",
            st.object_name(c.key),
            v as u8,
            names.join(", ")
        ));
        changed.push((c.key, v));
    }
    Ok((changed, parts))
}

/// The clocks' next edge times (wake-ups of the time advance).
pub fn wakeups(st: &SchedState) -> impl Iterator<Item = u64> + '_ {
    st.sc.clocks.iter().map(|c| c.next)
}

/// An edge action is due now and has not run yet.
pub fn edge_due(st: &SchedState) -> bool {
    st.sc
        .clocks
        .iter()
        .any(|c| c.next <= st.now && c.pending.is_none())
}

/// `sc_start` / `sc_start(duration)`: sets (or clears) the end time.
pub fn set_limit(
    spec: &super::spec::SchedulerSpec,
    st: &mut SchedState,
    duration: Option<i128>,
) -> Result<String, SchedError> {
    match duration {
        None => {
            st.sc.limit = None;
            Ok(String::new())
        }
        Some(0) => {
            st.sc.limit = None;
            st.sc.once = true;
            Ok("runs one delta cycle".to_string())
        }
        Some(d) if d < 0 => Err(SchedError::Unsupported(format!(
            "sc_start with a duration of {d} (a negative time)"
        ))),
        Some(d) => {
            let end = st.time_after(d as u64, spec.time.max)?;
            st.sc.limit = Some(end);
            Ok(format!(
                "runs until {}",
                spec.fmt_time(st.abs_time() + d as u64)
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::ThreadId;
    use crate::sched::state::{ThreadInfo, ThreadStatus};

    fn state() -> SchedState {
        let mut st = SchedState::empty(64);
        st.add_thread(ThreadInfo::new(ThreadId(0), ThreadStatus::Running, 0))
            .unwrap();
        st
    }

    #[test]
    fn clock_edges_alternate_with_high_and_low_times() {
        let mut st = state();
        clock_init(&mut st, 0x100, 10, 3, 0, true, &[0x104, 0x108, 0x10c]).unwrap();
        assert!(
            !st.sc.clock(0x100).unwrap().value,
            "posedge first: starts low"
        );
        // the first edge action at 0 requests the rising update; the value changes in the
        // update phase, which notifies value_changed and posedge (not negedge)
        let name = st.object_name(0x100);
        assert_eq!(
            edge_actions(&mut st).unwrap(),
            format!("{name} positive edge")
        );
        assert!(!st.sc.clock(0x100).unwrap().value);
        let (changed, _) = update_clocks(&mut st).unwrap();
        assert_eq!(changed, vec![(0x100, true)]);
        let pending: Vec<i128> = st
            .events
            .iter()
            .filter(|e| e.pending == Pending::Delta)
            .map(|e| e.key)
            .collect();
        assert_eq!(pending, vec![0x104, 0x108]);
        assert_eq!(wakeups(&st).collect::<Vec<_>>(), vec![3]);
        st.time_observable = true;
        st.advance_time(3, 100).unwrap();
        edge_actions(&mut st).unwrap();
        update_clocks(&mut st).unwrap();
        assert!(!st.sc.clock(0x100).unwrap().value);
        assert_eq!(wakeups(&st).collect::<Vec<_>>(), vec![10], "low for 10 - 3");
    }

    #[test]
    fn unobservable_time_keeps_clock_times_relative() {
        let mut st = state();
        clock_init(&mut st, 0x100, 10, 5, 2, false, &[0x104, 0x108, 0x10c]).unwrap();
        assert!(
            st.sc.clock(0x100).unwrap().value,
            "negedge first: starts high"
        );
        st.sc.limit = Some(7);
        st.advance_time(2, 100).unwrap();
        assert_eq!(st.now, 0);
        assert_eq!(wakeups(&st).collect::<Vec<_>>(), vec![0]);
        assert_eq!(st.sc.limit, Some(5));
        edge_actions(&mut st).unwrap();
        update_clocks(&mut st).unwrap();
        assert!(!st.sc.clock(0x100).unwrap().value);
        assert_eq!(wakeups(&st).collect::<Vec<_>>(), vec![5]);
    }

    #[test]
    fn bad_clock_parameters_are_misuse() {
        let mut st = state();
        for (p, h, s) in [(10, 0, 0), (10, 10, 0), (0, 0, 0), (10, 5, -1)] {
            assert!(matches!(
                clock_init(&mut st, 0x100, p, h, s, true, &[]),
                Err(SchedError::Misuse(_))
            ));
        }
    }
}
