//! Text and DOT dumps of the IR (`schedmc parse --dump ir|dot|loops`).
