//! `schedmc validate` on the witnesses schedmc writes for the sequential examples
//! (`examples/seq`, `examples/loops`: a bounded sample): each validates (exit 0), and mutated
//! witnesses are never confirmed: a flipped branching value (the last decision before the
//! target), a target moved to a line without any property check, a negated invariant, an
//! invariant replaced by `0`, an invariant moved to a line where no loop starts, two loops'
//! invariants exchanged.

mod common;
use common::*;

fn witness_of(ex: &Example, dir: &std::path::Path) -> Option<(std::path::PathBuf, Run)> {
    let name = ex.path.file_stem()?.to_string_lossy().into_owned();
    let w = dir.join(format!("{name}.yml"));
    let mut extra = vec!["--witness", w.to_str()?];
    extra.push("--quiet");
    let r = verify_example(ex, &extra);
    w.exists().then_some((w, r))
}

fn validate(ex: &Example, w: &std::path::Path) -> Run {
    let mut args: Vec<String> = vec![
        "validate".into(),
        "--witness".into(),
        w.display().to_string(),
    ];
    if !ex.args.iter().any(|a| a == "--timeout") {
        args.extend(["--timeout".into(), "60".into()]);
    }
    args.extend(ex.args.iter().cloned());
    args.push(ex.path.to_str().unwrap().into());
    run(&args)
}

/// The witness with one line changed: the `n`-th line (from the end when `from_end`) for
/// which `pick` gives a replacement.
fn mutate(
    text: &str,
    from_end: bool,
    pick: &dyn Fn(&[&str], usize) -> Option<String>,
) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let order: Vec<usize> = if from_end {
        (0..lines.len()).rev().collect()
    } else {
        (0..lines.len()).collect()
    };
    for i in order {
        if let Some(new) = pick(&lines, i) {
            let mut out: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            out[i] = new;
            return Some(out.join("\n") + "\n");
        }
    }
    None
}

fn indent(l: &str) -> &str {
    &l[..l.len() - l.trim_start().len()]
}

#[test]
fn written_witnesses_validate_and_mutants_are_never_confirmed() {
    let dir = std::env::temp_dir().join(format!("schedmc-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    let mut validated = 0;
    let mut mutants = 0;
    for ex in examples() {
        let p = ex.path.to_string_lossy().into_owned();
        if !(p.contains("examples/seq/") || p.contains("examples/loops/")) {
            continue;
        }
        let Some((w, _)) = witness_of(&ex, &dir) else {
            continue;
        };
        let text = std::fs::read_to_string(&w).unwrap();
        let r = validate(&ex, &w);
        if !r.clean() || r.code != 0 {
            failures.push(format!(
                "{p}: own witness not confirmed: {} (exit {})",
                r.last_line(),
                r.code
            ));
            continue;
        }
        validated += 1;
        let mut muts: Vec<(&str, String)> = Vec::new();
        if text.contains("violation_sequence") {
            // the last branching decision flipped
            if let Some(m) = mutate(&text, true, &|ls, i| {
                let l = ls[i].trim();
                let branching = ls[..i].iter().rev().find(|x| x.trim().starts_with("type:"));
                let flip = match l {
                    "value: \"true\"" => "false",
                    "value: \"false\"" => "true",
                    _ => return None,
                };
                branching
                    .filter(|b| b.contains("\"branching\""))
                    .map(|_| format!("{}value: \"{flip}\"", indent(ls[i])))
            }) {
                muts.push(("flipped branch", m));
            }
            // the target on line 1 (the `// expect:` comment)
            if let Some(m) = mutate(&text, true, &|ls, i| {
                let is_target = ls[..i]
                    .iter()
                    .rev()
                    .find(|x| x.trim().starts_with("type:"))
                    .is_some_and(|t| t.contains("\"target\""));
                (is_target && ls[i].trim().starts_with("line:"))
                    .then(|| format!("{}line: 1", indent(ls[i])))
            }) {
                muts.push(("target line", m));
            }
        } else {
            // the first invariant negated
            if let Some(m) = mutate(&text, false, &|ls, i| {
                let v = ls[i].trim().strip_prefix("value: \"")?.strip_suffix('"')?;
                Some(format!("{}value: \"!({v})\"", indent(ls[i])))
            }) {
                muts.push(("negated invariant", m));
            }
            // the first invariant replaced by `0` (unless it is `0` already: an unreachable
            // location), which no reachable location satisfies
            if let Some(m) = mutate(&text, false, &|ls, i| {
                let v = ls[i].trim().strip_prefix("value: \"")?.strip_suffix('"')?;
                (v != "0").then(|| format!("{}value: \"0\"", indent(ls[i])))
            }) {
                muts.push(("false invariant", m));
            }
            // the first invariant on line 1 (unless it is `1`: a true invariant holds anywhere,
            // so moving it cannot make the witness wrong; loop-free programs write one)
            let first_is_true = text
                .lines()
                .find_map(|l| l.trim().strip_prefix("value: "))
                .is_some_and(|v| v == "\"1\"");
            if let Some(m) = mutate(&text, false, &|ls, i| {
                if first_is_true {
                    return None;
                }
                ls[i]
                    .trim()
                    .starts_with("line:")
                    .then(|| format!("{}line: 1", indent(ls[i])))
            }) {
                muts.push(("invariant line", m));
            }
        }
        for (what, m) in muts {
            let mw = dir.join("mutant.yml");
            std::fs::write(&mw, &m).unwrap();
            let r = validate(&ex, &mw);
            mutants += 1;
            if !r.clean() || r.code == 0 || r.code == 2 {
                failures.push(format!(
                    "{p}: mutant ({what}) answered `{}` (exit {})",
                    r.last_line(),
                    r.code
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(validated >= 15, "only {validated} witnesses validated");
    assert!(mutants >= 15, "only {mutants} mutants tried");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn bad_witness_files_are_input_errors() {
    let r = run([
        "validate",
        "--witness",
        "Cargo.toml",
        "examples/seq/assert_bug.c",
    ]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    let r = run(["validate", "examples/seq/assert_bug.c"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
}

/// A predicate-abstraction proof's loop invariant is projected before it is written: a
/// variable the proof does not need (`junk`, tracked by value like `pc`) is left out, and the
/// smaller witness still validates. (The invariant is short, so the text-level simplification,
/// which only runs on 200 characters or more, does not remove `junk`.)
#[test]
fn correctness_witness_leaves_out_what_the_proof_does_not_need() {
    let dir = std::env::temp_dir().join(format!("schedmc-projection-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let c = dir.join("proj.c");
    std::fs::write(
        &c,
        "extern void reach_error(void);\n\
         int main(void) {\n\
         \x20 int pc = 0, junk = 0, n = 0;\n\
         \x20 while (n < 2) {\n\
         \x20   if (pc == 0) {\n\
         \x20     pc = 1;\n\
         \x20     junk = 3;\n\
         \x20   } else {\n\
         \x20     pc = 0;\n\
         \x20     junk = 4;\n\
         \x20   }\n\
         \x20   n++;\n\
         \x20 }\n\
         \x20 if (pc > 1) reach_error();\n\
         \x20 return 0;\n\
         }\n",
    )
    .unwrap();
    let w = dir.join("proj.yml");
    let (c, w) = (c.to_str().unwrap(), w.to_str().unwrap());
    let r = run([
        "verify",
        "--svcomp",
        "--engine",
        "predabs",
        "--witness",
        w,
        c,
    ]);
    assert_eq!(r.last_line(), "TRUE", "{}", r.stderr);
    let text = std::fs::read_to_string(w).unwrap();
    let values: Vec<&str> = text.lines().filter(|l| l.contains("value:")).collect();
    assert_eq!(values.len(), 1, "{text}");
    assert!(values[0].contains("pc == 1"), "{text}");
    assert!(!values[0].contains("junk"), "{text}");
    let v = run(["validate", "--witness", w, c]);
    assert_eq!(v.code, 0, "{}{}", v.stdout, v.stderr);
    // the task definition names the program, as under `verify`
    std::fs::write(
        dir.join("unreach-call.prp"),
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\n",
    )
    .unwrap();
    let task = dir.join("proj.task.yml");
    std::fs::write(
        &task,
        "format_version: '2.0'\ninput_files: 'proj.c'\nproperties:\n  \
         - property_file: unreach-call.prp\n    expected_verdict: true\n\
         options:\n  language: C\n  data_model: ILP32\n",
    )
    .unwrap();
    let v = run(["validate", "--witness", w, task.to_str().unwrap()]);
    assert_eq!(v.code, 0, "{}{}", v.stdout, v.stderr);
}

/// The invariants of two loops exchanged ("swapped loop") are never confirmed. The first
/// loop's invariant, with its exit condition `i >= 10`, must give `i == 10`, so it excludes
/// `i == 11`, a value the second loop's head reaches: at the second loop it is wrong.
#[test]
fn swapped_loop_invariants_are_never_confirmed() {
    let dir = std::env::temp_dir().join(format!("schedmc-swapped-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let c = dir.join("two_loops.c");
    std::fs::write(
        &c,
        "extern void reach_error(void);\n\
         int main(void) {\n\
         \x20 int i = 0;\n\
         \x20 while (i < 10) {\n\
         \x20   i++;\n\
         \x20 }\n\
         \x20 if (i != 10) reach_error();\n\
         \x20 while (i < 20) {\n\
         \x20   i++;\n\
         \x20 }\n\
         \x20 if (i != 20) reach_error();\n\
         \x20 return 0;\n\
         }\n",
    )
    .unwrap();
    let w = dir.join("two_loops.yml");
    let (c, w) = (c.to_str().unwrap(), w.to_str().unwrap());
    let r = run([
        "verify",
        "--svcomp",
        "--engine",
        "predabs",
        "--witness",
        w,
        c,
    ]);
    assert_eq!(r.last_line(), "TRUE", "{}", r.stderr);
    let text = std::fs::read_to_string(w).unwrap();
    let v = run(["validate", "--witness", w, c]);
    assert_eq!(v.code, 0, "{}{}", v.stdout, v.stderr);
    let at: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim().starts_with("value:"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(at.len(), 2, "{text}");
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    assert_ne!(lines[at[0]], lines[at[1]], "{text}");
    lines.swap(at[0], at[1]);
    let m = dir.join("swapped.yml");
    std::fs::write(&m, lines.join("\n") + "\n").unwrap();
    let v = run(["validate", "--witness", m.to_str().unwrap(), c]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        v.clean() && v.code != 0 && v.code != 2,
        "swapped invariants answered `{}` (exit {})\n{text}",
        v.last_line(),
        v.code
    );
}

const THREADED_BUG: &str = "#include <pthread.h>\n\
extern void reach_error(void);\n\
extern int __VERIFIER_nondet_int(void);\n\
int flag, data;\n\
void *worker(void *arg) {\n\
  int v = __VERIFIER_nondet_int();\n\
  if (v > 10) {\n\
    data = v;\n\
    flag = 1;\n\
  }\n\
  return 0;\n\
}\n\
void *checker(void *arg) {\n\
  if (flag == 1) {\n\
    if (data < 20) reach_error();\n\
  }\n\
  return 0;\n\
}\n\
int main(void) {\n\
  pthread_t a, b;\n\
  pthread_create(&a, 0, worker, 0);\n\
  pthread_create(&b, 0, checker, 0);\n\
  pthread_join(a, 0);\n\
  pthread_join(b, 0);\n\
  return 0;\n\
}\n";

/// A violation witness of a threaded program (thread starts, a nondeterministic value in one
/// thread, branches and the target in another) is confirmed by replaying a schedule through its
/// waypoints; tampered copies (the value moved out of the range that reaches the error, the
/// last branch flipped, the target moved) are never confirmed.
#[test]
fn threaded_violation_witnesses_validate_and_tampered_ones_do_not() {
    let dir = std::env::temp_dir().join(format!("schedmc-validate-thr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let c = dir.join("thr.c");
    std::fs::write(&c, THREADED_BUG).unwrap();
    let w = dir.join("thr.yml");
    let (cs, ws) = (c.to_str().unwrap(), w.to_str().unwrap());
    let r = run(["verify", "--svcomp", "--witness", ws, cs]);
    assert_eq!(r.last_line(), "FALSE(unreach-call)", "{}", r.stderr);
    let text = std::fs::read_to_string(&w).unwrap();
    assert!(text.contains("function_enter"), "{text}");
    assert!(text.contains("thread_id"), "{text}");
    let v = run(["validate", "--witness", ws, cs]);
    assert_eq!(v.code, 0, "{}{}", v.stdout, v.stderr);
    assert!(v.stdout.contains("thread ids not matched"), "{}", v.stdout);
    let mut muts: Vec<(&str, String)> = Vec::new();
    // the nondeterministic value: one that passes `v > 10` but not `data < 20`
    let value = mutate(&text, false, &|ls, i| {
        let l = ls[i].trim();
        if l.starts_with("value: \"v == ") {
            Some(format!("{}value: \"v == 25\"", indent(ls[i])))
        } else if l.starts_with("value: \"\\\\result ==") {
            Some(format!("{}value: \"\\\\result == 25\"", indent(ls[i])))
        } else {
            None
        }
    });
    muts.push((
        "value",
        value.unwrap_or_else(|| panic!("no value waypoint:\n{text}")),
    ));
    if let Some(m) = mutate(&text, true, &|ls, i| {
        let flip = match ls[i].trim() {
            "value: \"true\"" => "false",
            "value: \"false\"" => "true",
            _ => return None,
        };
        Some(format!("{}value: \"{flip}\"", indent(ls[i])))
    }) {
        muts.push(("flipped branch", m));
    }
    if let Some(m) = mutate(&text, true, &|ls, i| {
        ls[i]
            .trim()
            .starts_with("line:")
            .then(|| format!("{}line: 4", indent(ls[i])))
    }) {
        muts.push(("target line", m));
    }
    assert!(muts.len() >= 3, "{text}");
    for (what, m) in muts {
        let mw = dir.join("mutant.yml");
        std::fs::write(&mw, &m).unwrap();
        let v = run(["validate", "--witness", mw.to_str().unwrap(), cs]);
        assert!(
            v.clean() && (v.code == 3 || v.code == 10),
            "mutant ({what}): {} (exit {})\n{m}",
            v.last_line(),
            v.code
        );
    }
    // a correctness witness of a threaded program states `1` only: confirmed by a verification
    // run; the same witness for the buggy program is refuted; other invariants are unknown
    let safe = dir.join("thr_safe.c");
    std::fs::write(&safe, THREADED_BUG.replace("data < 20", "data < 5")).unwrap();
    let ws2 = dir.join("thr_safe.yml");
    let r = run([
        "verify",
        "--svcomp",
        "--witness",
        ws2.to_str().unwrap(),
        safe.to_str().unwrap(),
    ]);
    assert_eq!(r.last_line(), "TRUE", "{}", r.stderr);
    let v = run([
        "validate",
        "--witness",
        ws2.to_str().unwrap(),
        safe.to_str().unwrap(),
    ]);
    assert_eq!(v.code, 0, "{}{}", v.stdout, v.stderr);
    assert!(v.stdout.contains("all `1`"), "{}", v.stdout);
    let text = std::fs::read_to_string(&ws2).unwrap();
    assert!(
        text.lines()
            .filter_map(|l| l.trim().strip_prefix("value: "))
            .all(|v| v == "\"1\""),
        "{text}"
    );
    let on_bug = dir.join("thr_on_bug.yml");
    std::fs::write(&on_bug, text.replace("thr_safe.c", "thr.c")).unwrap();
    let v = run(["validate", "--witness", on_bug.to_str().unwrap(), cs]);
    assert_eq!(v.code, 10, "{}{}", v.stdout, v.stderr);
    let other = mutate(&text, false, &|ls, i| {
        (ls[i].trim() == "value: \"1\"").then(|| format!("{}value: \"2 > 1\"", indent(ls[i])))
    })
    .unwrap();
    let ow = dir.join("thr_other.yml");
    std::fs::write(&ow, other).unwrap();
    let v = run([
        "validate",
        "--witness",
        ow.to_str().unwrap(),
        safe.to_str().unwrap(),
    ]);
    assert_eq!(v.code, 3, "{}{}", v.stdout, v.stderr);
    assert!(v.stdout.contains("concurrent"), "{}", v.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A witness whose task has several input files, or a validation given further files, is
/// unknown: the validator reads the locations in FILE alone.
#[test]
fn multi_file_witnesses_are_unknown() {
    let dir = std::env::temp_dir().join(format!("schedmc-validate-mf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let w = dir.join("mf.yml");
    let ws = w.to_str().unwrap();
    let c = "examples/seq/assert_bug.c";
    let r = run(["verify", "--svcomp", "--witness", ws, c]);
    assert_eq!(r.last_line(), "FALSE(unreach-call)", "{}", r.stderr);
    let v = run(["validate", "--witness", ws, c]);
    assert_eq!(v.code, 0, "{}{}", v.stdout, v.stderr);
    // a second input file in the task
    let text = std::fs::read_to_string(&w).unwrap();
    let hash = "0".repeat(64);
    let two: Vec<String> = text
        .lines()
        .map(|l| match l.trim() {
            "input_files:" => format!("{l}\n{}  - \"other.c\"", indent(l)),
            "input_file_hashes:" => format!("{l}\n{}  \"other.c\": \"{hash}\"", indent(l)),
            _ => l.to_string(),
        })
        .collect();
    let two = two.join("\n") + "\n";
    std::fs::write(&w, two).unwrap();
    let v = run(["validate", "--witness", ws, c]);
    assert_eq!(v.code, 3, "{}{}", v.stdout, v.stderr);
    assert!(v.stdout.contains("input files"), "{}", v.stdout);
    // a waypoint in another file
    // (the task's one input file renamed everywhere: the schema wants locations in it)
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim() == "input_files:")
        .unwrap();
    let name = lines[at + 1]
        .trim()
        .trim_start_matches("- ")
        .trim_matches('"');
    std::fs::write(&w, text.replace(&format!("\"{name}\""), "\"other.c\"")).unwrap();
    let v = run(["validate", "--witness", ws, c]);
    assert_eq!(v.code, 3, "{}{}", v.stdout, v.stderr);
    // further files on the command line
    std::fs::write(&w, &text).unwrap();
    let v = run(["validate", "--witness", ws, c, "examples/multifile/ring.c"]);
    assert_eq!(v.code, 3, "{}{}", v.stdout, v.stderr);
    assert!(v.stdout.contains("multi-file"), "{}", v.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}
