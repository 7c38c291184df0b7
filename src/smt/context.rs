//! Solver contexts, models, search budgets (wall-clock timeouts and CPU-time work limits) and
//! the global solver statistics.
//!
//! A [`Context`] is a DPLL(T) Yices context (all theories: LIA, BV, UF) in "interactive" mode:
//! push/pop are supported and an interrupted search (timeout) leaves the context usable.
//! `Context` and `Model` hold raw Yices pointers and are therefore neither `Send` nor `Sync`:
//! each lives on the thread that made it (the global lock serialises the actual calls).

use super::lock::lock;
use super::term::{bits_to_i128, error_string, to_string_locked, Term};
use std::ffi::CString;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};
use yices2::sys;

/// Result of a satisfiability check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SatResult {
    Sat,
    Unsat,
    /// Solver gave up, timed out, or a formula could not be asserted.
    Unknown,
}

/// Global solver counters (all threads).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Satisfiability checks plus interpolation calls.
    pub calls: u64,
    /// Of which interpolation calls.
    pub interpolation_calls: u64,
    /// Wall time spent inside those calls.
    pub time: Duration,
}

static CALLS: AtomicU64 = AtomicU64::new(0);
static ITP_CALLS: AtomicU64 = AtomicU64::new(0);
static TIME_NS: AtomicU64 = AtomicU64::new(0);

/// The global counters since the start (or the last [`reset_stats`]).
pub fn stats() -> SolverStats {
    SolverStats {
        calls: CALLS.load(Ordering::Relaxed),
        interpolation_calls: ITP_CALLS.load(Ordering::Relaxed),
        time: Duration::from_nanos(TIME_NS.load(Ordering::Relaxed)),
    }
}

pub fn reset_stats() {
    CALLS.store(0, Ordering::Relaxed);
    ITP_CALLS.store(0, Ordering::Relaxed);
    TIME_NS.store(0, Ordering::Relaxed);
}

pub(crate) fn record_call(start: Instant, interpolation: bool) {
    CALLS.fetch_add(1, Ordering::Relaxed);
    if interpolation {
        ITP_CALLS.fetch_add(1, Ordering::Relaxed);
    }
    TIME_NS.fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
}

/// How long a solver search may run: a wall-clock deadline (what is left of the run's
/// `--timeout`, the only wall-clock limit of an exploration) and a work limit, measured in CPU
/// time of the thread that made the budget. Yices has no work limit of its own for MCSAT (no
/// conflict or decision count in its API), and a search is single-threaded on the calling
/// thread, so that thread's CPU clock counts the solver's work: unlike wall-clock time it does
/// not grow while the machine is loaded and the process waits for a core. A budget with a
/// work limit is used on the thread that made it (its CPU clock is that thread's).
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    wall: Option<Instant>,
    /// The reading of this thread's CPU clock at which the work is used up.
    cpu: Option<(CpuClock, Duration)>,
}

/// A thread's CPU-time clock (Linux: `pthread_getcpuclockid`; elsewhere the wall clock from
/// a fixed start, so that a work limit degrades to a wall-clock one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CpuClock(#[cfg(target_os = "linux")] libc::clockid_t);

impl CpuClock {
    /// The calling thread's CPU clock.
    fn this_thread() -> Self {
        #[cfg(target_os = "linux")]
        {
            let mut id: libc::clockid_t = 0;
            // SAFETY: `pthread_self` is always valid for the calling thread and `id` is a live
            // out-parameter.
            let r = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut id) };
            if r != 0 {
                // no CPU clock for this thread: the work limit becomes a wall-clock one
                id = libc::CLOCK_MONOTONIC;
            }
            CpuClock(id)
        }
        #[cfg(not(target_os = "linux"))]
        CpuClock()
    }

    /// The clock's reading; the watchdog reads the clock of another (live) thread.
    fn now(self) -> Duration {
        #[cfg(target_os = "linux")]
        {
            let mut ts = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            // SAFETY: `ts` is a live out-parameter; the clock id came from
            // `pthread_getcpuclockid` of a thread that is alive while its budget is in use.
            if unsafe { libc::clock_gettime(self.0, &mut ts) } != 0 {
                // an unreadable clock: the work counts as used up
                return Duration::MAX;
            }
            Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
        }
        #[cfg(not(target_os = "linux"))]
        {
            static T0: OnceLock<Instant> = OnceLock::new();
            T0.get_or_init(Instant::now).elapsed()
        }
    }
}

impl Budget {
    /// No limit.
    pub fn unlimited() -> Self {
        Self::default()
    }

    /// At most `wall` of wall-clock time from now (None: no limit).
    pub fn wall(wall: Option<Duration>) -> Self {
        Budget {
            wall: wall.map(|d| Instant::now() + d),
            cpu: None,
        }
    }

    /// At most `wall` of wall-clock time and `work` of this thread's CPU time from now.
    pub fn new(wall: Option<Duration>, work: Option<Duration>) -> Self {
        Budget::wall(wall).narrowed(work)
    }

    /// This budget with at most `work` more CPU time of this thread (None: unchanged).
    pub fn narrowed(self, work: Option<Duration>) -> Self {
        let Some(w) = work else { return self };
        let clock = CpuClock::this_thread();
        let end = clock.now().saturating_add(w);
        let end = match self.cpu {
            Some((c, e)) if c == clock => e.min(end),
            _ => end,
        };
        Budget {
            wall: self.wall,
            cpu: Some((clock, end)),
        }
    }

    /// Whether the time or the work is used up.
    pub fn exhausted(&self) -> bool {
        self.wall.is_some_and(|d| Instant::now() >= d)
            || self.cpu.is_some_and(|(c, e)| c.now() >= e)
    }

    /// The work left (None: no work limit).
    pub fn work_left(&self) -> Option<Duration> {
        self.cpu.map(|(c, e)| e.saturating_sub(c.now()))
    }

    /// The tighter of both budgets' wall-clock limits and, when they count the same thread's
    /// CPU time (or only one has a work limit), of their work limits.
    pub fn and(self, other: &Budget) -> Budget {
        let wall = match (self.wall, other.wall) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let cpu = match (self.cpu, other.cpu) {
            (Some((c, e)), Some((d, f))) if c == d => Some((c, e.min(f))),
            (a, b) => a.or(b),
        };
        Budget { wall, cpu }
    }

    /// The wall-clock time left (None: no wall-clock limit).
    pub fn wall_left(&self) -> Option<Duration> {
        self.wall
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// When the watchdog must look at a search under this budget next: the wall deadline, or
    /// sooner the moment the work could be used up (a thread's CPU clock runs at most as fast
    /// as the wall clock).
    fn next_check(&self, now: Instant) -> Option<Instant> {
        let cpu = self
            .cpu
            .map(|(c, e)| now + e.saturating_sub(c.now()).max(Duration::from_micros(200)));
        match (self.wall, cpu) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// One search under a budget, registered with the watchdog.
struct Watch {
    id: u64,
    ctxs: Vec<*mut sys::context_t>,
    budget: Budget,
    /// When the watchdog looks at it next.
    check_at: Instant,
}

/// The searches under a budget, and the earliest check the watchdog thread sleeps towards (it
/// is woken only when an earlier one is registered).
struct Watches {
    list: Vec<Watch>,
    armed: Option<Instant>,
}

struct Watchdog {
    watches: Mutex<Watches>,
    wake: Condvar,
}

// SAFETY: the watchdog thread only calls `yices_stop_search`, which Yices documents as safe to
// call asynchronously (from a signal handler) during a search, and only while the watch is
// registered: it does so holding the mutex, and `with_budget` unregisters (under the mutex)
// before returning, while the contexts are still alive.
unsafe impl Send for Watches {}

static WATCH_ID: AtomicU64 = AtomicU64::new(0);

/// The watchdog (its thread started on first use); None if the thread cannot be started.
fn watchdog() -> Option<&'static Watchdog> {
    static W: OnceLock<Option<&'static Watchdog>> = OnceLock::new();
    *W.get_or_init(|| {
        let w: &'static Watchdog = Box::leak(Box::new(Watchdog {
            watches: Mutex::new(Watches {
                list: Vec::new(),
                armed: None,
            }),
            wake: Condvar::new(),
        }));
        std::thread::Builder::new()
            .name("smt-watchdog".into())
            .spawn(move || watchdog_loop(w))
            .ok()
            .map(|_| w)
    })
}

/// Sleeps until the earliest check; interrupts every search whose budget is used up every
/// millisecond until it is unregistered (so that searches started later in the same call, as
/// in the interpolation loop, are interrupted too), and re-arms the others (a work limit not
/// yet reached).
fn watchdog_loop(w: &'static Watchdog) {
    let mut g = w.watches.lock().unwrap_or_else(|p| p.into_inner());
    loop {
        let now = Instant::now();
        for x in g.list.iter_mut().filter(|x| x.check_at <= now) {
            if x.budget.exhausted() {
                for &c in &x.ctxs {
                    // SAFETY: contract 4: `c` belongs to a context registered by `with_budget`, which unregisters it (under this mutex) before the context can be freed; Yices allows this call during a search (contract 2).
                    unsafe { sys::yices_stop_search(c) };
                }
                x.check_at = now + Duration::from_millis(1);
            } else if let Some(t) = x.budget.next_check(now) {
                x.check_at = t;
            }
        }
        let next = g.list.iter().map(|x| x.check_at).min();
        g.armed = next;
        g = match next {
            None => w.wake.wait(g).unwrap_or_else(|p| p.into_inner()),
            Some(d) => {
                w.wake
                    .wait_timeout(g, d.saturating_duration_since(now))
                    .unwrap_or_else(|p| p.into_inner())
                    .0
            }
        };
    }
}

/// Runs `f` (a Yices search on `ctxs`, lock held by the caller) and interrupts the search on
/// all of `ctxs` once `budget` is used up. After that the search is interrupted every
/// millisecond until `f` returns, so searches started later (the interpolation loop runs
/// several) are interrupted too. One watchdog thread serves every call: a thread per check
/// cost a spawn and a join (a wait for the scheduler on a loaded machine) per solver call.
pub(crate) fn with_budget<R>(
    ctxs: &[*mut sys::context_t],
    budget: &Budget,
    f: impl FnOnce() -> R,
) -> R {
    let Some(check_at) = budget.next_check(Instant::now()) else {
        return f();
    };
    let Some(w) = watchdog() else { return f() };
    let id = WATCH_ID.fetch_add(1, Ordering::Relaxed);
    {
        let mut g = w.watches.lock().unwrap_or_else(|p| p.into_inner());
        g.list.push(Watch {
            id,
            ctxs: ctxs.to_vec(),
            budget: *budget,
            check_at,
        });
        if g.armed.is_none_or(|a| check_at < a) {
            g.armed = Some(check_at);
            w.wake.notify_one();
        }
    }
    let r = f();
    let mut g = w.watches.lock().unwrap_or_else(|p| p.into_inner());
    g.list.retain(|x| x.id != id);
    r
}

/// Creates a context from `(name, value)` config pairs (lock held). None on error.
pub(crate) fn new_context_raw(params: &[(&str, &str)]) -> Option<*mut sys::context_t> {
    // SAFETY: contract 2 and 5 (the caller holds the lock): the config is created here, the key/value `CString`s outlive the calls, and the config is freed after the context is made.
    unsafe {
        let cfg = sys::yices_new_config();
        if cfg.is_null() {
            return None;
        }
        for (k, v) in params {
            let k = CString::new(*k).expect("config name");
            let v = CString::new(*v).expect("config value");
            if sys::yices_set_config(cfg, k.as_ptr(), v.as_ptr()) < 0 {
                sys::yices_free_config(cfg);
                return None;
            }
        }
        let ctx = sys::yices_new_context(cfg);
        sys::yices_free_config(cfg);
        if ctx.is_null() {
            None
        } else {
            Some(ctx)
        }
    }
}

pub(crate) fn status_to_result(s: sys::smt_status_t) -> SatResult {
    match s {
        sys::smt_status::STATUS_SAT => SatResult::Sat,
        sys::smt_status::STATUS_UNSAT => SatResult::Unsat,
        _ => SatResult::Unknown,
    }
}

/// A DPLL(T) solver context with push/pop.
pub struct Context {
    ctx: *mut sys::context_t,
    /// Number of open `push`es.
    depth: usize,
    /// Set when an assertion failed (e.g. a non-linear term): the push depth at which it
    /// happened. Every check answers Unknown until that level is popped.
    error_at: Option<usize>,
    last_error: Option<String>,
    last: Option<SatResult>,
    /// Depths of pushes Yices refused (context already unsat): pop skips them.
    phantom_pushes: Vec<usize>,
    /// The push depth at which the assertions became unsatisfiable by themselves (seen at
    /// assert time or by a check). Every check answers Unsat until that level is popped: Yices
    /// 2.6.4 forgets such a conflict when a later check uses assumptions (SRI-CSL/yices2#433;
    /// see the `assumptions_*` tests).
    unsat_at: Option<usize>,
    /// The last Unsat answer came from `unsat_at` (so its core is empty).
    short_unsat: bool,
}

impl Default for Context {
    fn default() -> Self {
        Context::new()
    }
}

impl Context {
    /// A DPLL(T) context for linear integer arithmetic and bit-vectors, with push/pop.
    pub fn new() -> Context {
        let _g = lock();
        let ctx = new_context_raw(&[("mode", "interactive")])
            .unwrap_or_else(|| panic!("smt: cannot create a context: {}", error_string()));
        Context {
            ctx,
            depth: 0,
            error_at: None,
            last_error: None,
            last: None,
            phantom_pushes: Vec::new(),
            unsat_at: None,
            short_unsat: false,
        }
    }

    /// Asserts a Boolean term. A term Yices cannot handle in this context (non-linear
    /// arithmetic) makes every later check answer Unknown until the enclosing push is popped;
    /// see [`Context::error`].
    pub fn assert(&mut self, t: Term) {
        let _g = lock();
        self.last = None;
        if self.unsat_at.is_some() {
            // Already unsat at this level: nothing asserted here can change that.
            return;
        }
        // SAFETY: contract 2 and 4: lock held; the context pointer is alive (owned by the caller's context owner); terms are valid indices (contract 3).
        if unsafe { sys::yices_assert_formula(self.ctx, t.0) } < 0 {
            let msg = error_string();
            if self.error_at.is_none() {
                self.error_at = Some(self.depth);
            }
            self.last_error = Some(msg);
        // SAFETY: contract 2 and 4: lock held; the context pointer is alive (owned by the caller's context owner); terms are valid indices (contract 3).
        } else if unsafe { sys::yices_context_status(self.ctx) } == sys::smt_status::STATUS_UNSAT {
            self.unsat_at = Some(self.depth);
        }
    }

    /// Asserts every term.
    pub fn assert_all(&mut self, ts: &[Term]) {
        for &t in ts {
            self.assert(t);
        }
    }

    /// The message of the first failed assertion still in effect.
    pub fn error(&self) -> Option<&str> {
        self.error_at.and(self.last_error.as_deref())
    }

    pub fn push(&mut self) {
        let _g = lock();
        self.last = None;
        if self.unsat_at.is_some() {
            // Unsat below: the new level is unsat too; Yices need not know about it.
            self.depth += 1;
            self.phantom_pushes.push(self.depth);
            return;
        }
        // SAFETY: contract 2 and 4: lock held; the context pointer is alive (owned by the caller's context owner); terms are valid indices (contract 3).
        if unsafe { sys::yices_push(self.ctx) } < 0 {
            // Yices refuses to push when the context is already unsat at the current level.
            // Everything asserted above stays unsat, so record a push that pop will skip.
            // SAFETY: contract 2 and 4: lock held; the context pointer is alive (owned by the caller's context owner); terms are valid indices (contract 3).
            let st = unsafe { sys::yices_context_status(self.ctx) };
            if st != sys::smt_status::STATUS_UNSAT && self.error_at.is_none() {
                self.error_at = Some(self.depth);
                self.last_error = Some(format!("push failed: {}", error_string()));
            }
            self.depth += 1;
            self.phantom_pushes.push(self.depth);
            return;
        }
        self.depth += 1;
    }

    pub fn pop(&mut self) {
        assert!(self.depth > 0, "smt: pop without push");
        let _g = lock();
        self.last = None;
        if self.phantom_pushes.last() == Some(&self.depth) {
            self.phantom_pushes.pop();
        // SAFETY: contract 2 and 4: lock held; the context pointer is alive (owned by the caller's context owner); terms are valid indices (contract 3).
        } else if unsafe { sys::yices_pop(self.ctx) } < 0 {
            panic!("smt: pop failed: {}", error_string());
        }
        self.depth -= 1;
        if let Some(e) = self.error_at {
            if e > self.depth {
                self.error_at = None;
            }
        }
        if let Some(e) = self.unsat_at {
            if e > self.depth {
                self.unsat_at = None;
            }
        }
    }

    /// Current number of open pushes.
    pub fn depth(&self) -> usize {
        self.depth
    }

    pub fn check(&mut self) -> SatResult {
        self.check_with_timeout(None)
    }

    /// Unknown when the timeout elapses first.
    pub fn check_with_timeout(&mut self, d: Option<Duration>) -> SatResult {
        self.check_within(&Budget::wall(d))
    }

    /// [`Self::check`], Unknown when `budget` (wall-clock time and/or work) is used up first.
    pub fn check_within(&mut self, budget: &Budget) -> SatResult {
        let _g = lock();
        self.check_locked(budget)
    }

    /// Answers a check without Yices when the assertions are known unsat or unusable.
    fn short_answer(&mut self) -> Option<SatResult> {
        self.short_unsat = false;
        let r = if self.error_at.is_some() {
            SatResult::Unknown
        } else if self.unsat_at.is_some() {
            self.short_unsat = true;
            record_call(Instant::now(), false);
            SatResult::Unsat
        } else {
            return None;
        };
        self.last = Some(r);
        Some(r)
    }

    fn check_locked(&mut self, budget: &Budget) -> SatResult {
        if let Some(r) = self.short_answer() {
            return r;
        }
        let start = Instant::now();
        let ctx = self.ctx;
        // SAFETY: contract 2 and 4: lock held; the context pointer is alive (owned by the caller's context owner); terms are valid indices (contract 3).
        let st = with_budget(&[ctx], budget, || unsafe {
            sys::yices_check_context(ctx, std::ptr::null())
        });
        record_call(start, false);
        let r = status_to_result(st);
        if r == SatResult::Unsat {
            self.unsat_at = Some(self.depth);
        }
        self.last = Some(r);
        r
    }

    pub fn check_assuming(&mut self, assumptions: &[Term]) -> SatResult {
        self.check_assuming_with_timeout(assumptions, None)
    }

    pub fn check_assuming_with_timeout(
        &mut self,
        assumptions: &[Term],
        d: Option<Duration>,
    ) -> SatResult {
        self.check_assuming_within(assumptions, &Budget::wall(d))
    }

    /// [`Self::check_assuming`], Unknown when `budget` is used up first.
    pub fn check_assuming_within(&mut self, assumptions: &[Term], budget: &Budget) -> SatResult {
        let _g = lock();
        if let Some(r) = self.short_answer() {
            return r;
        }
        let a: Vec<sys::term_t> = assumptions.iter().map(|t| t.0).collect();
        let start = Instant::now();
        let ctx = self.ctx;
        // SAFETY: contract 2, 4 and 5: lock held; the context is this `Context`'s live one and `a` a live vector of valid terms of the length passed.
        let st = with_budget(&[ctx], budget, || unsafe {
            sys::yices_check_context_with_assumptions(
                ctx,
                std::ptr::null(),
                a.len() as u32,
                a.as_ptr(),
            )
        });
        record_call(start, false);
        let r = status_to_result(st);
        self.last = Some(r);
        if r == SatResult::Unsat && self.core_locked().is_empty() {
            // The assertions alone are unsat.
            self.unsat_at = Some(self.depth);
        }
        r
    }

    /// After `check_assuming` answered Unsat: a subset of the assumptions that is already
    /// unsat with the assertions (empty if the assertions alone are unsat).
    pub fn unsat_core(&self) -> Vec<Term> {
        let _g = lock();
        if self.short_unsat {
            return Vec::new();
        }
        self.core_locked()
    }

    fn core_locked(&self) -> Vec<Term> {
        // SAFETY: contract 2, 4 and 5: lock held; the term vector is initialised before use and deleted after its terms are copied; the context is this `Context`'s live one.
        unsafe {
            let mut v = std::mem::MaybeUninit::<sys::term_vector_t>::uninit();
            sys::yices_init_term_vector(v.as_mut_ptr());
            let mut v = v.assume_init();
            let mut out = Vec::new();
            if sys::yices_get_unsat_core(self.ctx, &mut v) == 0 {
                for i in 0..v.size as usize {
                    out.push(Term(*v.data.add(i)));
                }
            }
            sys::yices_delete_term_vector(&mut v);
            out
        }
    }

    /// The model after a check that answered Sat.
    pub fn model(&self) -> Option<Model> {
        if self.last != Some(SatResult::Sat) {
            return None;
        }
        let _g = lock();
        // SAFETY: contract 2 and 4: lock held; the context pointer is alive (owned by the caller's context owner); terms are valid indices (contract 3).
        let m = unsafe { sys::yices_get_model(self.ctx, 1) };
        if m.is_null() {
            None
        } else {
            Some(Model { mdl: m })
        }
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        let _g = lock();
        // SAFETY: contract 2 and 4: lock held; the context pointer is alive (owned by the caller's context owner); terms are valid indices (contract 3).
        unsafe { sys::yices_free_context(self.ctx) };
    }
}

/// A model (an assignment to the uninterpreted constants of a satisfiable query).
///
/// Evaluating a term that contains a constant the model does not know (one that never occurred
/// in an assertion) yields `None`.
pub struct Model {
    pub(crate) mdl: *mut sys::model_t,
}

impl Model {
    /// The value of a Boolean term (any Boolean term is evaluated).
    pub fn bool_value(&self, t: Term) -> Option<bool> {
        let _g = lock();
        let mut v: i32 = 0;
        // SAFETY: contract 2 and 4: lock held; `self.mdl` is this `Model`'s live model; out-pointers are local variables (contract 5).
        if unsafe { sys::yices_get_bool_value(self.mdl, t.0, &mut v) } < 0 {
            return None;
        }
        Some(v != 0)
    }

    /// The value of an integer term.
    pub fn int_value(&self, t: Term) -> Option<i128> {
        let _g = lock();
        let mut v: i64 = 0;
        // SAFETY: contract 2 and 4: lock held; `self.mdl` is this `Model`'s live model; out-pointers are local variables (contract 5).
        if unsafe { sys::yices_get_int64_value(self.mdl, t.0, &mut v) } == 0 {
            return Some(v as i128);
        }
        // Too big for i64 (or not an integer): go through the value's printed form.
        // SAFETY: contract 2 and 4: lock held; `self.mdl` is this `Model`'s live model; out-pointers are local variables (contract 5).
        let c = unsafe { sys::yices_get_value_as_term(self.mdl, t.0) };
        if c < 0 {
            return None;
        }
        to_string_locked(c).trim().parse::<i128>().ok()
    }

    /// The value of a bit-vector term, read as a signed or unsigned number (widths <= 128).
    pub fn bv_value(&self, t: Term, signed: bool) -> Option<i128> {
        let _g = lock();
        // SAFETY: contract 2, 4 and 5: lock held; `self.mdl` is this `Model`'s live model and
        // `bits` has one slot per bit of the term.
        unsafe {
            if sys::yices_term_is_bitvector(t.0) == 0 {
                return None;
            }
            let n = sys::yices_term_bitsize(t.0) as usize;
            let mut bits = vec![0i32; n];
            if sys::yices_get_bv_value(self.mdl, t.0, bits.as_mut_ptr()) < 0 {
                return None;
            }
            bits_to_i128(&bits, signed)
        }
    }

    /// Evaluates an arbitrary Boolean term.
    pub fn eval_bool(&self, t: Term) -> Option<bool> {
        self.bool_value(t)
    }

    /// The value of any term as a constant term (Boolean, integer or bit-vector constant).
    pub fn value_as_term(&self, t: Term) -> Option<Term> {
        let _g = lock();
        // SAFETY: contract 2 and 4: lock held; `self.mdl` is this `Model`'s live model; out-pointers are local variables (contract 5).
        let c = unsafe { sys::yices_get_value_as_term(self.mdl, t.0) };
        (c >= 0).then_some(Term(c))
    }
}

impl Drop for Model {
    fn drop(&mut self) {
        if self.mdl.is_null() {
            return;
        }
        let _g = lock();
        // SAFETY: contract 2 and 4: lock held; `self.mdl` is this `Model`'s live model; out-pointers are local variables (contract 5).
        unsafe { sys::yices_free_model(self.mdl) };
    }
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Model({:p})", self.mdl)
    }
}
