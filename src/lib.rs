//! schedmc: a software model checker for concurrent embedded C under explicit schedulers.
pub mod smt;
