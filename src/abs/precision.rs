//! Precisions: sets of predicates attached to locations or to the whole program.
