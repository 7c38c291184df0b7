//! Lexer: preprocessed text (with line markers) to C tokens carrying original locations.
