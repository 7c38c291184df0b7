//! Evidence for people and tools: text traces, JSON.
pub mod dot;
pub mod json;
pub mod trace;
pub mod witness;
