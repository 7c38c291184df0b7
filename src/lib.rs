//! schedmc: a software model checker for concurrent embedded C under explicit schedulers.
//!
//! Pipeline (see ARCHITECTURE.md): `frontend` (preprocess, lex, parse, lower) → `ir::Program`
//! → an engine in `engine` (speaking to Yices through `smt`) → `verdict::Verdict` → `report`.
#![warn(clippy::undocumented_unsafe_blocks)]
pub mod abs;
pub mod bench;
pub mod check;
pub mod cli;
pub mod diag;
pub mod driver;
pub mod engine;
pub mod frontend;
pub mod ir;
pub mod memory;
pub mod portfolio;
pub mod report;
pub mod sched;
pub mod smt;
pub mod svcomp;
pub mod target;
pub mod validate;
pub mod verdict;
