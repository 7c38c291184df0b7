//! Multi-file programs: translation units linked with C's linkage rules, a compilation
//! database, `--entry`. (`examples/multifile/main_*.c` also run in the examples test.)

mod common;
use common::*;

#[test]
fn compilation_database_links_the_build_units_with_their_flags() {
    let r = run([
        "verify",
        "--engine",
        "bmc",
        "--compile-commands",
        "examples/multifile/compile_commands.json",
        "examples/multifile/main_safe.c",
    ]);
    assert_eq!(r.last_line(), "VERIFICATION SUCCESSFUL", "{}", r.stderr);
    // without the other units, the driver functions have no body: not a proof
    let alone = run([
        "verify",
        "--engine",
        "bmc",
        "-I",
        "examples/multifile/inc",
        "examples/multifile/main_safe.c",
    ]);
    assert_ne!(alone.last_line(), "VERIFICATION SUCCESSFUL");
}

#[test]
fn entry_names_the_first_thread() {
    let dir = std::env::temp_dir().join(format!("schedmc-entry-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("app.c");
    std::fs::write(
        &f,
        "#include <assert.h>\nint main(void) { assert(0); return 0; }\n\
         int app_start(void) { int x = 2; assert(x == 2); return 0; }\n",
    )
    .unwrap();
    let r = run(["verify", "--entry", "app_start", f.to_str().unwrap()]);
    assert_eq!(r.last_line(), "VERIFICATION SUCCESSFUL", "{}", r.stderr);
    let r = run(["verify", f.to_str().unwrap()]);
    assert!(r.last_line().starts_with("VERIFICATION FAILED"));
    let r = run(["verify", "--entry", "nosuch", f.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.contains("no `nosuch` function") || r.stderr.contains("no `nosuch` function"));
}

#[test]
fn a_malformed_database_is_an_input_error() {
    let dir = std::env::temp_dir().join(format!("schedmc-db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("compile_commands.json");
    std::fs::write(&db, "[{\"directory\": \".\"}]").unwrap();
    let r = run([
        "verify",
        "--compile-commands",
        db.to_str().unwrap(),
        "examples/multifile/main_safe.c",
    ]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(!r.stderr.contains("panicked"));
}
