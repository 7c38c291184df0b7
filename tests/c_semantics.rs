//! C semantics checked against the real compiler: every `tests/c_semantics/**/*.c` program.
//!
//! Header lines (any order, before the first non-comment line):
//! - `// expect: SUCCESSFUL|FAILED|UNKNOWN` (required): schedmc's verdict (`UNKNOWN` only with
//!   `cc: skip`, for programs with undefined behaviour or beyond a bound);
//! - `// args: ...` extra `schedmc verify` options (e.g. `--engine bmc`);
//! - `// target: NAME` the target profile (default: the host's data model, `lp64` on x86_64);
//! - `// cc: skip <reason>` for programs that cannot be run natively (nondeterministic inputs,
//!   a big-endian target, verifier built-ins).
//!
//! Every other program is deterministic: it is compiled with the system `cc` (`-m32` for a
//! 32-bit little-endian target when the host can, else the program's target must match the
//! host), run, and the expected verdict must agree with whether it aborted (a failed `assert`).
//! So a modelling error shared by the front end and our interpreter shows up as a disagreement
//! with the compiler, not as a replayed trace. Any disagreement fails the test and prints the
//! program.
//!
//! Random programs (`cgen`: integer types, casts, shifts, a union with byte and bit-field views,
//! `memcpy`/`memset`) are checked the same way: each is compiled once to print its final values,
//! then again with assertions on those values (every third one with one value altered, so it
//! must fail). CI runs `SCHEDMC_RANDOM_N` programs (default 30) from seed `SCHEDMC_RANDOM_SEED`
//! (default 0); `cargo test --release --test c_semantics -- --ignored` runs 2000;
//! `SCHEDMC_RANDOM_KEEP=DIR` keeps every generated program there.

mod cgen;
mod common;
mod fgen;
use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// One program's header.
struct Case {
    path: PathBuf,
    expect: String,
    args: Vec<String>,
    target: Option<String>,
    cc_skip: bool,
}

fn parse_case(path: &Path) -> Option<Case> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut case = Case {
        path: path.to_path_buf(),
        expect: String::new(),
        args: vec![],
        target: None,
        cc_skip: false,
    };
    for l in text.lines() {
        let Some(c) = l.strip_prefix("//") else { break };
        let c = c.trim();
        if let Some(v) = c.strip_prefix("expect:") {
            case.expect = v.trim().to_string();
        } else if let Some(v) = c.strip_prefix("args:") {
            case.args = v.split_whitespace().map(String::from).collect();
        } else if let Some(v) = c.strip_prefix("target:") {
            case.target = Some(v.trim().to_string());
        } else if c.starts_with("cc: skip") {
            case.cc_skip = true;
        }
    }
    (!case.expect.is_empty()).then_some(case)
}

/// Compiler flags that make `cc` match `target`, or None when the host cannot.
fn cc_flags(target: &str) -> Option<Vec<&'static str>> {
    let host64 = cfg!(target_pointer_width = "64") && cfg!(target_endian = "little");
    match target {
        "lp64" if host64 => Some(vec![]),
        "ilp32" | "cortex-m4" if m32_works() => Some(vec!["-m32"]),
        _ => None,
    }
}

fn m32_works() -> bool {
    static R: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *R.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("schedmc-m32-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let src = dir.join("t.c");
        let _ = std::fs::write(&src, "int main(void){return 0;}\n");
        Command::new("cc")
            .args(["-m32", "-o"])
            .arg(dir.join("t"))
            .arg(&src)
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// Compiles and runs `path` natively; Some(true) when it aborted (an assertion failed).
pub fn cc_fails(path: &Path, flags: &[&str]) -> Result<bool, String> {
    let dir = std::env::temp_dir().join(format!("schedmc-cc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let exe = dir.join(
        path.to_string_lossy()
            .replace(['/', '.'], "_")
            .trim_start_matches('_'),
    );
    let out = Command::new("cc")
        .args(["-std=gnu11", "-w", "-O0", "-fno-strict-aliasing"])
        .args(flags)
        .arg("-o")
        .arg(&exe)
        .arg(path)
        .arg("-lm") // after the program: <math.h>'s functions
        .output()
        .map_err(|e| format!("cannot run cc: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cc rejects {}:\n{}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let run = Command::new(&exe)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let _ = std::fs::remove_file(&exe);
    match run.status.code() {
        Some(0) => Ok(false),
        Some(c) => Err(format!(
            "{} exited with {c} (not an assertion)",
            path.display()
        )),
        None => Ok(true), // killed by SIGABRT: assert failed
    }
}

/// The host's default target profile for programs that do not name one.
fn host_target() -> &'static str {
    if cfg!(target_pointer_width = "64") {
        "lp64"
    } else {
        "ilp32"
    }
}

fn check(case: &Case) -> Result<(), String> {
    let name = case.path.display();
    let target = case.target.clone().unwrap_or_else(|| host_target().into());
    if !case.cc_skip {
        match cc_flags(&target) {
            Some(flags) => {
                let fails = cc_fails(&case.path, &flags)?;
                let want = if fails { "FAILED" } else { "SUCCESSFUL" };
                if want != case.expect {
                    return Err(format!(
                        "{name}: `// expect: {}` but the program compiled with cc {}",
                        case.expect,
                        if fails {
                            "fails its assertion"
                        } else {
                            "runs clean"
                        }
                    ));
                }
            }
            None => eprintln!("note: {name}: cc cannot run target {target}; verdict only"),
        }
    }
    let mut args: Vec<String> = vec!["verify".into(), "--target".into(), target];
    if !case.args.iter().any(|a| a == "--timeout") {
        args.extend(["--timeout".into(), "60".into()]);
    }
    args.extend(case.args.iter().cloned());
    args.push(case.path.to_str().unwrap().into());
    let r = run(&args);
    if !r.clean() {
        return Err(format!("{name}: internal error or panic:\n{}", r.stderr));
    }
    let last = r.last_line();
    let ok = match case.expect.as_str() {
        "SUCCESSFUL" => last == "VERIFICATION SUCCESSFUL",
        "FAILED" => last.starts_with("VERIFICATION FAILED"),
        // undefined behaviour or beyond a bound (no compiler oracle): the verdict must say it
        // does not know
        "UNKNOWN" if case.cc_skip => last.starts_with("VERIFICATION UNKNOWN"),
        other => return Err(format!("{name}: bad expectation `{other}`")),
    };
    if !ok {
        let src = std::fs::read_to_string(&case.path).unwrap_or_default();
        return Err(format!(
            "{name}: expected {}, got `{last}`\n{}\n--- program ---\n{src}",
            case.expect, r.stderr
        ));
    }
    Ok(())
}

/// Runs `f` on every item on two threads; collects the errors.
pub fn par_check<T: Sync>(items: &[T], f: impl Fn(&T) -> Result<(), String> + Sync) -> Vec<String> {
    let next = Mutex::new(0usize);
    let errors = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap();
                    *n += 1;
                    *n - 1
                };
                let Some(it) = items.get(i) else { break };
                if let Err(e) = f(it) {
                    errors.lock().unwrap().push(e);
                }
            });
        }
    });
    errors.into_inner().unwrap()
}

#[test]
fn programs_agree_with_the_compiler() {
    let cases: Vec<Case> = files_with_ext(&root().join("tests/c_semantics"), "c")
        .iter()
        .filter_map(|p| parse_case(p))
        .collect();
    assert!(!cases.is_empty(), "no programs under tests/c_semantics");
    let errors = par_check(&cases, check);
    assert!(
        errors.is_empty(),
        "{} of {} programs disagree:\n{}",
        errors.len(),
        cases.len(),
        errors.join("\n\n")
    );
}

/// Compiles and runs `path` natively (with extra compiler `flags`); its standard output.
fn cc_output_with(path: &Path, flags: &[&str]) -> Result<String, String> {
    let dir = std::env::temp_dir().join(format!("schedmc-cc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let exe = dir.join(
        path.to_string_lossy()
            .replace(['/', '.'], "_")
            .trim_start_matches('_'),
    );
    let out = Command::new("cc")
        .args(["-std=gnu11", "-w", "-O0", "-fno-strict-aliasing"])
        .args(flags)
        .arg("-o")
        .arg(&exe)
        .arg(path)
        .output()
        .map_err(|e| format!("cannot run cc: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cc rejects {}:\n{}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let run = Command::new(&exe)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let _ = std::fs::remove_file(&exe);
    if !run.status.success() {
        return Err(format!("{} did not run cleanly", path.display()));
    }
    Ok(String::from_utf8_lossy(&run.stdout).into_owned())
}

/// A generated program's check version from its header, the values cc printed and the
/// index of the assertion to falsify.
type CheckVersion = Box<dyn Fn(&str, &[u64], Option<usize>) -> String>;

/// A random-program generator compared with cc: its seeds' programs as a print version (the
/// observed values printed in hexadecimal) and a check version (assertions on those values,
/// the `wrong`-th one falsified).
struct RandomKind {
    /// File-name prefix and the name used in messages (`seed`, `fseed`).
    tag: &'static str,
    /// What the programs are, for the header and the campaign's message.
    what: &'static str,
    /// cc flags beyond the defaults.
    cc_flags: &'static [&'static str],
    /// The print version, the number of observed values and the check version of a seed.
    make: fn(u64) -> (String, usize, CheckVersion),
}

const INTEGER_PROGRAMS: RandomKind = RandomKind {
    tag: "seed",
    what: "random program",
    cc_flags: &[],
    make: |seed| {
        let p = cgen::generate(seed);
        let (print, n) = (p.print_version(), p.observed_count());
        (print, n, Box::new(move |h, v, w| p.check_version(h, v, w)))
    },
};

/// The floating-point generator's programs: cc with `-ffp-contract=off -fno-fast-math`
/// (x86-64 SSE arithmetic, no contraction).
const FLOAT_PROGRAMS: RandomKind = RandomKind {
    tag: "fseed",
    what: "random floating-point program",
    cc_flags: &["-ffp-contract=off", "-fno-fast-math"],
    make: |seed| {
        let p = fgen::generate(seed);
        let (print, n) = (p.print_version(), p.observed_count());
        (print, n, Box::new(move |h, v, w| p.check_version(h, v, w)))
    },
};

/// Generates, runs and verifies the random program of one seed.
fn random_case(kind: &RandomKind, seed: u64) -> Result<(), String> {
    let tag = kind.tag;
    let dir = std::env::temp_dir().join(format!("schedmc-random-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let (print_version, observed, check_version) = (kind.make)(seed);
    let print = dir.join(format!("{tag}{seed}_print.c"));
    std::fs::write(&print, print_version).map_err(|e| e.to_string())?;
    let out = cc_output_with(&print, kind.cc_flags)?;
    let _ = std::fs::remove_file(&print);
    let values: Vec<u64> = out
        .lines()
        .map(|l| u64::from_str_radix(l.trim(), 16).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    if values.len() != observed {
        return Err(format!(
            "{tag} {seed}: the print version printed {} values",
            values.len()
        ));
    }
    let wrong = seed.is_multiple_of(3).then_some((seed / 3) as usize);
    let expect = if wrong.is_some() {
        "FAILED"
    } else {
        "SUCCESSFUL"
    };
    let header = format!("// expect: {expect}\n// {}, seed {seed}\n", kind.what);
    let path = dir.join(format!("{tag}{seed}.c"));
    let src = check_version(&header, &values, wrong);
    std::fs::write(&path, &src).map_err(|e| e.to_string())?;
    let case = parse_case(&path).ok_or("unparsable header")?;
    let r = check(&case).map_err(|e| format!("{tag} {seed}: {e}\n--- program ---\n{src}"));
    if let Ok(keep) = std::env::var("SCHEDMC_RANDOM_KEEP") {
        let _ = std::fs::create_dir_all(&keep);
        let _ = std::fs::write(Path::new(&keep).join(format!("{tag}{seed}.c")), &src);
    }
    if r.is_ok() {
        let _ = std::fs::remove_file(&path);
    }
    r
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn random_campaign(kind: &RandomKind, n: u64) {
    let base = env_u64("SCHEDMC_RANDOM_SEED", 0);
    let seeds: Vec<u64> = (base..base + n).collect();
    let errors = par_check(&seeds, |s| random_case(kind, *s));
    assert!(
        errors.is_empty(),
        "{} of {} {}s disagree with cc:\n{}",
        errors.len(),
        n,
        kind.what,
        errors.join("\n\n")
    );
}

#[test]
fn random_float_programs_agree_with_the_compiler() {
    random_campaign(&FLOAT_PROGRAMS, env_u64("SCHEDMC_RANDOM_N", 30));
}

#[test]
#[ignore = "long campaign: thousands of random floating-point programs"]
fn random_float_programs_campaign() {
    random_campaign(&FLOAT_PROGRAMS, env_u64("SCHEDMC_RANDOM_N", 2000));
}

#[test]
fn random_programs_agree_with_the_compiler() {
    random_campaign(&INTEGER_PROGRAMS, env_u64("SCHEDMC_RANDOM_N", 30));
}

#[test]
#[ignore = "long campaign: thousands of random programs"]
fn random_programs_campaign() {
    random_campaign(&INTEGER_PROGRAMS, env_u64("SCHEDMC_RANDOM_N", 2000));
}
