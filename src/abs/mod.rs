//! Abstract domains: predicates and precisions for predicate abstraction, intervals for
//! k-induction strengthening.
pub mod interval;
pub mod precision;
pub mod predicate;
