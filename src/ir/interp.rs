//! Concrete interpreter: replays a counterexample on the IR and checks it reaches the violation.
