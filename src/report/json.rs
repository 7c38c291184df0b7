//! The `--json` output.
