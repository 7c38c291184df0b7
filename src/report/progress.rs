//! Live counters for the stderr progress line of `schedmc verify`: engines publish their
//! counters into the global [`PROGRESS`] (relaxed atomic stores, cheap enough for every work
//! item), the CLI's watchdog thread reads a [`Snapshot`] every tick and shows
//! [`Snapshot::message`] in an indicatif line (on a terminal, for runs over one second, not
//! with `--quiet`).
//!
//! Engines: tree/forest engines (predabs, ESST) call [`Progress::tree`], the BMC family
//! [`Progress::bound`]; ESST publishes through [`sink`] (the global counters, or a test's own
//! via [`capture`]). Values are for display only; nothing reads them back for a verdict.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The counters of the running verification.
#[derive(Debug)]
pub struct Progress {
    nodes: AtomicU64,
    refinements: AtomicU64,
    predicates: AtomicU64,
    /// The current bound plus one; 0 when there is none.
    k: AtomicU64,
}

/// The process-wide counters (one verification per process).
pub static PROGRESS: Progress = Progress::new();

thread_local! {
    static SINK: std::cell::Cell<Option<&'static Progress>> = const { std::cell::Cell::new(None) };
}

/// The counters an engine on this thread publishes into: [`PROGRESS`], or the ones given to
/// [`capture`] around the current call.
pub fn sink() -> &'static Progress {
    SINK.with(|s| s.get()).unwrap_or(&PROGRESS)
}

/// Runs `f` with engines on this thread publishing into `p` instead of [`PROGRESS`] (for tests:
/// tests running in parallel would otherwise share the global counters).
pub fn capture<R>(p: &'static Progress, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<&'static Progress>);
    impl Drop for Restore {
        fn drop(&mut self) {
            SINK.with(|s| s.set(self.0));
        }
    }
    let _restore = Restore(SINK.with(|s| s.replace(Some(p))));
    f()
}

/// The counters at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub nodes: u64,
    pub refinements: u64,
    pub predicates: u64,
    /// Current bound (BMC family).
    pub k: Option<u32>,
}

impl Progress {
    pub const fn new() -> Progress {
        Progress {
            nodes: AtomicU64::new(0),
            refinements: AtomicU64::new(0),
            predicates: AtomicU64::new(0),
            k: AtomicU64::new(0),
        }
    }

    /// Tree/forest engines: nodes created, refinements done, predicates known.
    pub fn tree(&self, nodes: u64, refinements: u64, predicates: u64) {
        self.nodes.store(nodes, Relaxed);
        self.refinements.store(refinements, Relaxed);
        self.predicates.store(predicates, Relaxed);
    }

    /// BMC family: symbolic-execution visits so far and the current bound.
    pub fn bound(&self, nodes: u64, k: Option<u32>) {
        self.nodes.store(nodes, Relaxed);
        self.k.store(k.map_or(0, |k| u64::from(k) + 1), Relaxed);
    }

    /// Back to zero (at the start of a run).
    pub fn reset(&self) {
        self.tree(0, 0, 0);
        self.k.store(0, Relaxed);
    }

    pub fn snapshot(&self) -> Snapshot {
        let k = self.k.load(Relaxed);
        Snapshot {
            nodes: self.nodes.load(Relaxed),
            refinements: self.refinements.load(Relaxed),
            predicates: self.predicates.load(Relaxed),
            k: (k > 0).then(|| u32::try_from(k - 1).unwrap_or(u32::MAX)),
        }
    }
}

impl Default for Progress {
    fn default() -> Self {
        Progress::new()
    }
}

impl Snapshot {
    /// `nodes 120  refinements 4  predicates 9` (and `  k 7` when there is a bound).
    pub fn message(&self) -> String {
        let mut s = format!(
            "nodes {}  refinements {}  predicates {}",
            self.nodes, self.refinements, self.predicates
        );
        if let Some(k) = self.k {
            s.push_str(&format!("  k {k}"));
        }
        s
    }
}

/// How long a run must last before the progress line appears: one second, or
/// `SCHEDMC_PROGRESS_DELAY_MS` milliseconds (for tests).
pub fn delay() -> std::time::Duration {
    let ms = std::env::var("SCHEDMC_PROGRESS_DELAY_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    std::time::Duration::from_millis(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_and_message() {
        // a local instance: engines in parallel tests publish into the global one
        let p = Progress::new();
        assert_eq!(p.snapshot(), Snapshot::default());
        p.tree(120, 4, 9);
        assert_eq!(
            p.snapshot().message(),
            "nodes 120  refinements 4  predicates 9"
        );
        p.bound(7, Some(0));
        assert_eq!(p.snapshot().k, Some(0));
        assert_eq!(
            p.snapshot().message(),
            "nodes 7  refinements 4  predicates 9  k 0"
        );
        p.bound(8, None);
        assert_eq!(p.snapshot().k, None);
        p.reset();
        assert_eq!(p.snapshot(), Snapshot::default());
    }

    #[test]
    fn capture_redirects_this_thread_only() {
        let p: &'static Progress = Box::leak(Box::new(Progress::new()));
        assert!(std::ptr::eq(sink(), &PROGRESS));
        capture(p, || {
            assert!(std::ptr::eq(sink(), p));
            sink().tree(3, 2, 1);
            let other = std::thread::spawn(|| std::ptr::eq(sink(), &PROGRESS));
            assert!(other.join().unwrap());
        });
        assert!(std::ptr::eq(sink(), &PROGRESS));
        assert_eq!(
            p.snapshot().message(),
            "nodes 3  refinements 2  predicates 1"
        );
    }
}
