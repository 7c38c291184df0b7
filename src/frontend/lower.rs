//! Lowering: typed AST to the IR, one inlined CFG per thread entry.
