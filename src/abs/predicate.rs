//! Predicates: hash-consed atoms over program variables.
