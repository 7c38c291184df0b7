//! The C front end: preprocess → lex → parse (nom) → type against the target → lower to IR.
pub mod ast;
pub mod lex;
pub mod lower;
pub mod parse;
pub mod preprocess;
pub mod types;
