//! Memory limits: the check the engines poll ([`exceeded`]) and the graceful out-of-memory path
//! of the process-wide allocator.
//!
//! Under `schedmc bench` a child runs with `--memory-limit MB` and an address-space cap
//! (`RLIMIT_AS`). Two things must hold so that a run answers `UNKNOWN: memory limit ...`
//! instead of aborting:
//!
//! 1. The engines stop themselves first: [`exceeded`] (read from `/proc/self/statm`, cheap)
//!    reports resident memory above the limit, and an address space within an eighth of its
//!    cap (a large hash table's next doubling would not fit).
//! 2. A single allocation that still fails does not abort. The global allocator
//!    ([`GracefulAlloc`], over `System`) then records the failure, releases a reserve block
//!    (address space for the report), and parks the failing thread; the `verify` watchdog
//!    thread (armed by [`arm`]) sees [`allocation_failed`] and prints UNKNOWN, then exits the
//!    process. Yices' out-of-memory callback does the same. Without an armed watchdog (other
//!    commands, unit tests) the failure keeps Rust's default (abort).
//!
//! An armed process also ends after its one run: an engine stopped at its deadline hands its
//! search structures to [`free_unless_ending`], which leaves their memory to the operating
//! system there instead of freeing it block by block.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, Ordering};
use std::sync::OnceLock;

/// The global allocator: `System` with the out-of-memory path described in the module doc.
pub struct GracefulAlloc;

#[global_allocator]
static GLOBAL: GracefulAlloc = GracefulAlloc;

/// A watchdog thread reports allocation failures.
static ARMED: AtomicBool = AtomicBool::new(false);
/// `pthread_self()` of the watchdog thread (it must not park itself).
static WATCHER: AtomicU64 = AtomicU64::new(0);
/// Size in bytes of the largest failed allocation (0: none).
static FAILED: AtomicU64 = AtomicU64::new(0);
/// Address space given back when an allocation fails, for the report.
static RESERVE: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
const RESERVE_SIZE: usize = 32 << 20;

fn reserve_layout() -> Layout {
    // 32 MiB with alignment 4096 is a valid layout.
    Layout::from_size_align(RESERVE_SIZE, 4096).unwrap_or(Layout::new::<u8>())
}

// SAFETY: every method forwards to `System` with the caller's arguments; the failure path only
// touches atomics, frees the reserve block it owns, and sleeps.
unsafe impl GlobalAlloc for GracefulAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if p.is_null() {
            return failed(layout.size(), || System.alloc(layout));
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if p.is_null() {
            return failed(layout.size(), || System.alloc_zeroed(layout));
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if p.is_null() {
            return failed(new_size, || System.realloc(ptr, layout, new_size));
        }
        p
    }
}

/// An allocation of `size` bytes failed: record it, release the reserve, and park this thread
/// for the watchdog to report (unless no watchdog is armed or this is the watchdog: then one
/// retry, whose null result makes Rust abort as usual).
#[cold]
unsafe fn failed(size: usize, retry: impl FnOnce() -> *mut u8) -> *mut u8 {
    FAILED.fetch_max((size as u64).max(1), Ordering::SeqCst);
    release_reserve();
    if ARMED.load(Ordering::SeqCst) && !on_watcher() {
        park_forever();
    }
    retry()
}

fn on_watcher() -> bool {
    // SAFETY: pthread_self has no preconditions.
    let me = unsafe { libc::pthread_self() } as u64;
    WATCHER.load(Ordering::SeqCst) == me
}

fn release_reserve() {
    let p = RESERVE.swap(std::ptr::null_mut(), Ordering::SeqCst);
    if !p.is_null() {
        // SAFETY: `p` was allocated by `System` with `reserve_layout()` in `arm` and is
        // released once (the swap took ownership).
        unsafe { System.dealloc(p, reserve_layout()) }
    }
}

fn park_forever() -> ! {
    loop {
        // SAFETY: sleep has no preconditions and does not allocate.
        unsafe {
            libc::sleep(3600);
        }
    }
}

unsafe extern "C" fn yices_out_of_memory() {
    // Yices cannot continue; its size is unknown (recorded as 1 byte).
    FAILED.fetch_max(1, Ordering::SeqCst);
    release_reserve();
    if ARMED.load(Ordering::SeqCst) && !on_watcher() {
        park_forever();
    }
    // Returning makes Yices exit the process.
}

/// Makes the calling thread the watchdog that reports allocation failures (see
/// [`allocation_failed`]): from now on a failing allocation in another thread parks that
/// thread instead of aborting. Also reserves address space for the report and installs Yices'
/// out-of-memory callback. Idempotent per process.
pub fn arm() {
    // SAFETY: pthread_self has no preconditions.
    let me = unsafe { libc::pthread_self() } as u64;
    WATCHER.store(me, Ordering::SeqCst);
    if RESERVE.load(Ordering::SeqCst).is_null() {
        // SAFETY: non-zero size layout; the block is only ever freed by `release_reserve`.
        let p = unsafe { System.alloc(reserve_layout()) };
        RESERVE.store(p, Ordering::SeqCst);
    }
    crate::smt::set_out_of_memory_callback(yices_out_of_memory);
    ARMED.store(true, Ordering::SeqCst);
}

/// Drops `x`, or leaves its memory to the operating system when the process ends after this
/// run (the `verify` command, whose watchdog is [`arm`]ed). For an engine's search structures
/// once its run is over: freeing the ARF of a FreeRTOS demo at its deadline (400,000 nodes,
/// 1 GB in many small blocks) took over a second of a loaded machine, past the watchdog's
/// grace second, so the run ended by the watchdog without the engine's statistics.
pub fn free_unless_ending<T>(x: T) {
    free_or_leave(x, ARMED.load(Ordering::SeqCst));
}

fn free_or_leave<T>(x: T, leave: bool) {
    if leave {
        std::mem::forget(x);
    } else {
        drop(x);
    }
}

/// Size in bytes of the largest allocation that failed since the start (None: none did).
pub fn allocation_failed() -> Option<u64> {
    match FAILED.load(Ordering::SeqCst) {
        0 => None,
        n => Some(n),
    }
}

/// The reason text for a failed allocation of `size` bytes (1: size unknown, from Yices).
pub fn allocation_failed_reason(size: u64) -> String {
    if size <= 1 {
        "memory limit (the solver could not allocate memory)".to_string()
    } else {
        format!(
            "memory limit (an allocation of {} MB failed)",
            size.div_ceil(1 << 20)
        )
    }
}

/// Test hook of the out-of-memory path: with `SCHEDMC_DEBUG_ALLOC_MB=n` in the environment the
/// calling thread allocates n MB (untouched) and keeps it. Nothing otherwise.
pub fn debug_allocation() {
    let Some(mb) = std::env::var("SCHEDMC_DEBUG_ALLOC_MB")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    else {
        return;
    };
    let v: Vec<u8> = Vec::with_capacity(mb.saturating_mul(1 << 20));
    // black_box: the unused allocation must not be optimised away.
    std::mem::forget(std::hint::black_box(v));
}

/// The address-space cap of this process (`RLIMIT_AS`) in bytes, None when unlimited.
pub fn address_space_cap() -> Option<u64> {
    static CAP: OnceLock<Option<u64>> = OnceLock::new();
    *CAP.get_or_init(|| {
        // SAFETY: plain-data struct filled by getrlimit.
        let mut lim: libc::rlimit = unsafe { std::mem::zeroed() };
        // SAFETY: valid out-pointer.
        if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut lim) } != 0 {
            return None;
        }
        (lim.rlim_cur != libc::RLIM_INFINITY).then_some(lim.rlim_cur as u64)
    })
}

/// (address space, resident set) of this process in KiB, from `/proc/self/statm`.
pub fn usage_kb() -> Option<(u64, u64)> {
    let s = std::fs::read_to_string("/proc/self/statm").ok()?;
    let mut it = s.split_whitespace();
    let size: u64 = it.next()?.parse().ok()?;
    let rss: u64 = it.next()?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    let kb = if page > 0 { page as u64 / 1024 } else { 4 };
    Some((size * kb, rss * kb))
}

/// Why a run must stop for memory now, given its `--memory-limit` (MB): resident memory above
/// the limit, or the address space within an eighth (at least 256 MB) of its `RLIMIT_AS` cap,
/// or an allocation that already failed. None: go on. Engines poll this every few hundred
/// steps; the reason starts with "memory limit".
pub fn exceeded(limit_mb: Option<u64>) -> Option<String> {
    check(limit_mb, usage_kb(), address_space_cap())
}

fn check(limit_mb: Option<u64>, usage: Option<(u64, u64)>, cap: Option<u64>) -> Option<String> {
    if let Some(n) = allocation_failed() {
        return Some(allocation_failed_reason(n));
    }
    let (vm_kb, rss_kb) = usage?;
    if let Some(lim) = limit_mb {
        if rss_kb > lim.saturating_mul(1024) {
            return Some(format!(
                "memory limit (resident memory {} MB above the limit of {lim} MB)",
                rss_kb / 1024
            ));
        }
    }
    if let Some(cap) = cap {
        let cap_kb = cap / 1024;
        let margin = (cap_kb / 8).max(256 << 10);
        if vm_kb.saturating_add(margin) > cap_kb {
            return Some(format!(
                "memory limit (address space {} MB near its cap of {} MB)",
                vm_kb / 1024,
                cap_kb / 1024
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resident_memory_above_the_limit_stops() {
        let r = check(Some(100), Some((500 << 10, 101 << 10)), None).unwrap();
        assert!(r.starts_with("memory limit"), "{r}");
        assert!(r.contains("101 MB"), "{r}");
        assert_eq!(check(Some(100), Some((500 << 10, 99 << 10)), None), None);
        assert_eq!(check(None, Some((500 << 10, 99 << 10)), None), None);
    }

    #[test]
    fn address_space_near_its_cap_stops() {
        let cap = 5u64 << 30; // 5 GiB: margin 640 MB
        let near = check(None, Some((4500 << 10, 10 << 10)), Some(cap)).unwrap();
        assert!(near.contains("address space"), "{near}");
        assert_eq!(check(None, Some((4400 << 10, 10 << 10)), Some(cap)), None);
        // small caps keep at least 256 MB of room
        assert!(check(None, Some((800 << 10, 1 << 10)), Some(1 << 30)).is_some());
    }

    #[test]
    fn usage_is_readable_here() {
        let (vm, rss) = usage_kb().unwrap();
        assert!(vm >= rss && rss > 0);
    }

    #[test]
    fn structures_are_left_only_when_the_process_ends() {
        use std::rc::Rc;
        let x = Rc::new(());
        free_or_leave(vec![x.clone(), x.clone()], false);
        assert_eq!(Rc::strong_count(&x), 1);
        free_or_leave(vec![x.clone(), x.clone()], true);
        assert_eq!(Rc::strong_count(&x), 3);
        // no watchdog is armed in unit tests: freed
        free_unless_ending(x.clone());
        assert_eq!(Rc::strong_count(&x), 3);
    }

    #[test]
    fn allocation_failure_reasons() {
        assert!(allocation_failed_reason(2_802_319_376).contains("2673 MB"));
        assert!(allocation_failed_reason(1).contains("solver"));
    }
}
