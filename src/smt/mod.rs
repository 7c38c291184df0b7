//! Safe wrapper around Yices 2 (terms, contexts, models, interpolants) and the encoding of IR
//! expressions into Yices terms.
//!
//! - [`term`]: [`Term`]/[`Sort`] construction and inspection (Yices' global term table).
//! - [`context`]: [`Context`] (DPLL(T), push/pop, timeouts), [`Model`], global [`stats`].
//! - [`interpolate`](mod@interpolate): MCSAT interpolation and sequence interpolants.
//! - [`encode`]: IR expressions → terms under bit-vector, integer or wrapped-integer semantics.
//! - `lock`: the global reentrant lock around every Yices call (Yices is not thread-safe).
//!
//! Thread safety: every function here takes the global lock, so the API may be called from
//! several threads (e.g. parallel tests). [`Context`] and [`Model`] own raw Yices pointers and
//! are `!Send`; [`Term`] and [`Sort`] are plain indices and may be shared freely.
//!
//! # The Yices contract
//!
//! This module (with `crate::memory`'s out-of-memory hook) is the only place with `unsafe`
//! calls into Yices. Every `// SAFETY:` comment in it relies on these facts:
//! 1. Initialisation: the `yices2` crate (default feature `ctor`) calls `yices_init` before
//!    `main` and `yices_exit` after it, so the library is live for every call made here.
//! 2. Serialisation: every call is made with the global lock held ([`lock`](mod@lock)), so
//!    Yices' global state is never used concurrently. The one exception, `yices_stop_search`,
//!    is documented by Yices as callable asynchronously during a search (see `context`).
//! 3. Terms and types are indices into Yices' global tables, which are never garbage-collected
//!    here: any [`Term`] / [`Sort`] value stays valid for every later call. A constructor that
//!    fails (ill-sorted arguments) returns a negative index, which the wrappers check.
//! 4. Contexts and models are raw pointers owned by exactly one [`Context`] / [`Model`] (or a
//!    local owner in `interpolate`), created non-null and freed only by its `Drop`; the owners
//!    are `!Send`, so a pointer is used only while it is alive.
//! 5. Pointer arguments point to live Rust buffers (vectors, `CString`s, out-variables) of the
//!    length passed, alive for the duration of the call; strings and vectors Yices returns are
//!    copied and then released with the matching Yices free function.

pub mod context;
pub mod encode;
pub mod float;
pub mod interpolate;
pub mod itp_retry;
mod lock;
pub mod term;

pub use context::{reset_stats, stats, Budget, Context, Model, SatResult, SolverStats};
pub use encode::{Encoder, Semantics};
pub use interpolate::{
    interpolate, sequence_interpolants, sequence_interpolants_within, Interpolation,
};
pub use term::{bool_sort, bv_sort, int_sort, Sort, Term};

/// Installs Yices' out-of-memory callback (Yices calls it instead of printing and exiting; if it
/// returns, Yices exits). See `crate::memory`.
pub fn set_out_of_memory_callback(f: unsafe extern "C" fn()) {
    let _g = lock::lock();
    // SAFETY: registers a plain C callback; Yices keeps the pointer for the process' lifetime.
    unsafe { yices2::sys::yices_set_out_of_mem_callback(Some(f)) }
}

#[cfg(test)]
mod encode_tests;
#[cfg(test)]
mod tests;
