//! Unit tests of the proof checker: certificates broken on purpose are rejected.
