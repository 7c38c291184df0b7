//! Safe wrapper around Yices 2 (terms, contexts, models, interpolants).
