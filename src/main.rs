//! The `schedmc` command.
fn main() {
    std::process::exit(schedmc::cli::main());
}
