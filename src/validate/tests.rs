//! Validator tests: witnesses schedmc writes validate; mutated ones never confirm.
