//! Target profiles (`targets/*.toml`): integer widths, char signedness, pointer size.
