//! The `schedmc` command line: `verify`, `parse`, `bench`.
pub fn main() -> i32 {
    0
}
