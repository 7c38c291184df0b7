//! Evidence for people and tools: text traces, JSON.
pub mod json;
pub mod trace;
