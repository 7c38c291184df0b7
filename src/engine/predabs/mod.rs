//! Lazy predicate abstraction with interpolant refinement (the sequential core of ESST).
