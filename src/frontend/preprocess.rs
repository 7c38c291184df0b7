//! The preprocessor: includes, macros, conditionals, line markers.
