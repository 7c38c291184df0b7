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

pub mod context;
pub mod encode;
pub mod interpolate;
mod lock;
pub mod term;

pub use context::{reset_stats, stats, Context, Model, SatResult, SolverStats};
pub use encode::{Encoder, Semantics};
pub use interpolate::{interpolate, sequence_interpolants, Interpolation};
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
