//! The process-global, reentrant lock that serialises every call into Yices.
//!
//! Yices 2 is not thread-safe, and `cargo test` runs tests on several threads. Every function of
//! `crate::smt` that calls Yices takes this lock first ([`lock`]). The lock is reentrant per
//! thread (a thread-local depth counter), so a locked helper may call another locked helper
//! without deadlocking. The only Yices function called without the lock is
//! `yices_stop_search`, which Yices documents as callable asynchronously (from a signal
//! handler) while another thread is inside `yices_check_context`.

use std::cell::Cell;
use std::sync::{Mutex, MutexGuard};

static YICES_LOCK: Mutex<()> = Mutex::new(());

thread_local! {
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// Holding a `Guard` means this thread may call Yices. Dropping the outermost guard releases
/// the lock.
pub(crate) struct Guard {
    inner: Option<MutexGuard<'static, ()>>,
}

/// Takes the global Yices lock (reentrant within one thread).
pub(crate) fn lock() -> Guard {
    let depth = DEPTH.with(|d| d.get());
    let inner = if depth == 0 {
        // A panic in another thread while it held the lock poisons the mutex; Yices' state is
        // still consistent between API calls, so continue.
        Some(YICES_LOCK.lock().unwrap_or_else(|p| p.into_inner()))
    } else {
        None
    };
    DEPTH.with(|d| d.set(depth + 1));
    Guard { inner }
}

impl Drop for Guard {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get() - 1));
        // `inner` (the mutex guard, if this is the outermost guard) is released after the
        // depth is decremented.
        let _ = self.inner.take();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reentrant() {
        let _a = lock();
        let _b = lock();
        assert_eq!(DEPTH.with(|d| d.get()), 2);
        drop(_b);
        assert_eq!(DEPTH.with(|d| d.get()), 1);
    }
}
