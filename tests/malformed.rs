//! Malformed C files give exit code 2, a `file:line:col: error:` first line on stderr with the
//! exact position (from each file's `// expect-error: LINE:COL` header), a caret line, and never
//! a panic.

mod common;
use common::*;

struct Case {
    file: std::path::PathBuf,
    line: u32,
    col: u32,
}

fn cases() -> Vec<Case> {
    files_with_ext(&root().join("tests/data/malformed"), "c")
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(&file).unwrap();
            let pos = text
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("// expect-error:"))
                .unwrap_or_else(|| panic!("{}: no expect-error header", file.display()))
                .trim()
                .to_string();
            let (l, c) = pos.split_once(':').unwrap();
            Case {
                file,
                line: l.parse().unwrap(),
                col: c.parse().unwrap(),
            }
        })
        .collect()
}

fn check(c: &Case, sub: &str) -> Result<(), String> {
    let path = c.file.to_str().unwrap();
    let r = run([sub, path]);
    let name = c.file.file_name().unwrap().to_string_lossy().into_owned();
    if !r.clean() {
        return Err(format!("{name}: panic or internal error:\n{}", r.stderr));
    }
    if r.code != 2 {
        return Err(format!(
            "{name} ({sub}): exit code {} instead of 2\nstdout: {}\nstderr: {}",
            r.code, r.stdout, r.stderr
        ));
    }
    let first = r
        .stderr
        .lines()
        .find(|l| l.contains(": error: "))
        .unwrap_or("");
    let want = format!("{name}:{}:{}: error: ", c.line, c.col);
    if !first.contains(&want) {
        return Err(format!(
            "{name} ({sub}): expected `{want}...`, got:\n{}",
            r.stderr
        ));
    }
    // The source line is shown with a caret under the column.
    let lines: Vec<&str> = r.stderr.lines().collect();
    let Some(ci) = lines.iter().position(|l| l.trim_end().ends_with('^')) else {
        return Err(format!("{name}: no caret line:\n{}", r.stderr));
    };
    let src = std::fs::read_to_string(&c.file).unwrap();
    let src_line = src.lines().nth(c.line as usize - 1).unwrap_or("");
    let shown = lines[..ci]
        .iter()
        .rev()
        .find(|l| !src_line.trim().is_empty() && l.contains(src_line.trim()));
    if let Some(shown) = shown {
        let at = shown.find(src_line).unwrap_or(0);
        let caret = lines[ci].find('^').unwrap();
        if caret != at + c.col as usize - 1 {
            return Err(format!(
                "{name}: caret not under column {}:\n{}",
                c.col, r.stderr
            ));
        }
    } else {
        return Err(format!("{name}: source line not shown:\n{}", r.stderr));
    }
    Ok(())
}

#[test]
fn malformed_files_report_exact_positions() {
    let cs = cases();
    assert!(cs.len() >= 12, "only {} malformed files", cs.len());
    let mut failures = Vec::new();
    for c in &cs {
        for sub in ["verify", "parse"] {
            if let Err(e) = check(c, sub) {
                failures.push(e);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn missing_input_file_is_an_input_error() {
    let r = run(["verify", "tests/data/malformed/no_such_file.c"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no_such_file.c"), "{}", r.stderr);
    assert!(r.stderr.contains("cannot open"), "{}", r.stderr);
    assert!(r.clean());
    let r = run(["parse", "tests/data"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("directory"), "{}", r.stderr);
    let r = run(["verify", "--json", "tests/data/malformed/no_such_file.c"]);
    assert_eq!(r.code, 2);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["verdict"], "UNKNOWN");
}

#[test]
fn bad_command_lines_are_input_errors() {
    for args in [
        vec!["verify"],
        vec!["verify", "--engine", "magic", "x.c"],
        vec!["verify", "--unwindset", "3", "x.c"],
        vec!["frobnicate"],
        vec!["parse", "--dump", "nothing", "x.c"],
    ] {
        let r = run(&args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.clean(), "{args:?}");
    }
    let r = run(["--help"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("verify") && r.stdout.contains("bench"));
}
