//! The text counterexample trace and statistics block.
