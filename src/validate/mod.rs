//! `schedmc validate`: checks a format-2.0 witness against its C program with our own front end
//! and engines, never trusting the witness.
//!
//! - **Violation witnesses** ([`violation`]): the waypoints are compiled into the program's
//!   text (the constraints are parsed by our C front end in the scope of their location) as a
//!   counter `__schedmc_wp` that advances at the first arrival at each waypoint's location
//!   after the previous one, an `assume` of the waypoint's constraint there (branch taken,
//!   assumption, `\result` of a `__VERIFIER_nondet_*` call), and only the target's error edge
//!   kept, guarded by "every waypoint passed". The verifier then searches this restricted
//!   program: a FAILED verdict (whose trace the driver has replayed on the interpreter, through
//!   no unmodelled function) **confirms**; an unqualified SUCCESSFUL (proof-checked) proves the
//!   waypoint sequence infeasible and **refutes**; anything else is **unknown**.
//! - **Correctness witnesses** ([`correctness`]): each invariant is parsed by our C front end at
//!   its location (a marker call inserted there, so names resolve in that scope) and becomes a
//!   label of the proof checker ([`crate::check`]) at that CFG location; the witness is
//!   **confirmed** when the labels pass initiation, consecution and safety (k = 1, else as
//!   k-induction with k = 2, 3). Otherwise the invariants are turned into assertions and
//!   searched for: a replayed execution violating one **refutes**; else **unknown**.
//!
//! Instrumentation never changes the program's behaviour: it adds fresh globals, assumptions
//! on them and the marker calls the validator removes again; witness expressions with side
//! effects are rejected. Waypoints the validator cannot place exactly (`avoid`, locations where
//! no statement or condition starts, locations in another file than FILE) make the answer
//! unknown, never confirmed; so do correctness witnesses of threaded programs and multi-file
//! programs. Violation witnesses of threaded programs are validated as above, with each thread
//! start (`function_enter`) a waypoint at the statement that creates the thread; a waypoint is
//! passed by the first thread to arrive (`thread_id` is not matched), so a replayed violation
//! confirms, but a proof that no execution passes the waypoints may rest on arrivals by the
//! wrong thread blocking the right one, and gives unknown rather than refuted.

pub mod correctness;
pub mod ir_edit;
pub mod simplify;
pub mod text;
pub mod violation;

use crate::driver::{self, InputError, VerifyConfig};
use std::path::Path;

/// The answer of the validator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Validation {
    /// The witness is right (exit 0).
    Confirmed(String),
    /// The witness is wrong (exit 10).
    Refuted(String),
    /// Neither could be shown (exit 3).
    Unknown(String),
}

impl Validation {
    pub fn exit_code(&self) -> i32 {
        match self {
            Validation::Confirmed(_) => 0,
            Validation::Refuted(_) => 10,
            Validation::Unknown(_) => 3,
        }
    }

    /// `WITNESS CONFIRMED: ...` and friends.
    pub fn line(&self) -> String {
        match self {
            Validation::Confirmed(s) => format!("WITNESS CONFIRMED: {s}"),
            Validation::Refuted(s) => format!("WITNESS REFUTED: {s}"),
            Validation::Unknown(s) => format!("WITNESS UNKNOWN: {s}"),
        }
    }
}

/// Why validation could not start (exit 2).
#[derive(Debug)]
pub enum InputProblem {
    /// The witness file: unreadable, not YAML, not a format-2.0 witness.
    Witness(String),
    /// The C program does not load.
    Program(InputError),
}

/// One waypoint as the validator reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct Waypoint {
    pub kind: String,
    /// The location's `file_name`, when given.
    pub file: Option<String>,
    pub action: String,
    pub line: u32,
    pub col: Option<u32>,
    /// (value, format)
    pub constraint: Option<(String, String)>,
    pub thread: Option<u64>,
}

/// One invariant as the validator reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct Invariant {
    pub kind: String,
    /// The location's `file_name`, when given.
    pub file: Option<String>,
    pub line: u32,
    pub col: Option<u32>,
    pub value: String,
    pub format: String,
}

/// A witness's content.
#[derive(Clone, Debug, PartialEq)]
pub enum Witness {
    Violation(Vec<Waypoint>),
    Correctness(Vec<Invariant>),
}

impl Witness {
    /// The file names its locations give.
    fn files(&self) -> impl Iterator<Item = &str> {
        let (a, b): (Vec<_>, Vec<_>) = match self {
            Witness::Violation(w) => (w.iter().filter_map(|w| w.file.as_deref()).collect(), vec![]),
            Witness::Correctness(i) => {
                (vec![], i.iter().filter_map(|i| i.file.as_deref()).collect())
            }
        };
        a.into_iter().chain(b)
    }
}

type J = serde_json::Value;

fn location(v: &J) -> (u32, Option<u32>) {
    let l = &v["location"];
    (
        l["line"].as_u64().unwrap_or(0) as u32,
        l["column"].as_u64().map(|c| c as u32),
    )
}

/// Parses and schema-checks a witness (the first entry's content; several entries of one
/// kind are concatenated).
pub fn parse_witness(yaml: &str) -> Result<Witness, String> {
    let kind = crate::report::witness::validate(yaml)?;
    let doc: J = serde_yaml_ng::from_str(yaml).map_err(|e| format!("not YAML: {e}"))?;
    let entries = doc.as_array().cloned().unwrap_or_default();
    match kind {
        crate::report::witness::WitnessKind::Violation => {
            let mut wps = Vec::new();
            for e in &entries {
                for seg in e["content"].as_array().into_iter().flatten() {
                    for w in seg["segment"].as_array().into_iter().flatten() {
                        let w = &w["waypoint"];
                        let (line, col) = location(w);
                        let c = &w["constraint"];
                        wps.push(Waypoint {
                            kind: w["type"].as_str().unwrap_or("").to_string(),
                            file: w["location"]["file_name"].as_str().map(str::to_string),
                            action: w["action"].as_str().unwrap_or("").to_string(),
                            line,
                            col,
                            constraint: c["value"].as_str().map(|v| {
                                (
                                    v.to_string(),
                                    c["format"].as_str().unwrap_or("c_expression").to_string(),
                                )
                            }),
                            thread: w["thread_id"].as_u64(),
                        });
                    }
                }
            }
            Ok(Witness::Violation(wps))
        }
        crate::report::witness::WitnessKind::Correctness => {
            let mut invs = Vec::new();
            for e in &entries {
                for it in e["content"].as_array().into_iter().flatten() {
                    let inv = &it["invariant"];
                    let (line, col) = location(inv);
                    invs.push(Invariant {
                        kind: inv["type"].as_str().unwrap_or("").to_string(),
                        file: inv["location"]["file_name"].as_str().map(str::to_string),
                        line,
                        col,
                        value: inv["value"].as_str().unwrap_or("").to_string(),
                        format: inv["format"].as_str().unwrap_or("").to_string(),
                    });
                }
            }
            Ok(Witness::Correctness(invs))
        }
    }
}

/// Validates the witness at `witness` against the C file `file` under `cfg` (the options of
/// `verify`: target, engine, timeout, ...).
pub fn validate(
    witness: &Path,
    file: &Path,
    cfg: &VerifyConfig,
) -> Result<Validation, InputProblem> {
    let yaml = std::fs::read_to_string(witness).map_err(|e| {
        InputProblem::Witness(format!("cannot read witness `{}`: {e}", witness.display()))
    })?;
    let w = parse_witness(&yaml).map_err(|e| {
        InputProblem::Witness(format!("`{}` is not a 2.0 witness: {e}", witness.display()))
    })?;
    let original = driver::load_file(file, cfg).map_err(InputProblem::Program)?;
    // locations are read in FILE's text: a witness naming another file is not placed
    let inputs = task_input_files(&yaml);
    if inputs.len() > 1 {
        return Ok(Validation::Unknown(format!(
            "the witness's task has {} input files (multi-file programs are not validated)",
            inputs.len()
        )));
    }
    if let Some(other) = inputs
        .iter()
        .map(String::as_str)
        .chain(w.files())
        .find(|f| !names_file(f, file))
    {
        return Ok(Validation::Unknown(format!(
            "the witness names `{other}`, not the input file `{}` (multi-file programs are \
             not validated)",
            file.display()
        )));
    }
    let concurrent = original.program.is_concurrent();
    let bytes = std::fs::read(file)
        .map_err(|e| InputProblem::Witness(format!("cannot read `{}`: {e}", file.display())))?;
    let text = crate::report::witness::source_text::Text::new(bytes);
    Ok(match w {
        Witness::Violation(wps) => {
            violation::validate_violation(&wps, file, &text, cfg, concurrent)
        }
        Witness::Correctness(invs) if concurrent => trivial_concurrent(&invs, original, cfg),
        Witness::Correctness(invs) => {
            correctness::validate_correctness(&invs, file, &text, cfg, &original.program)
        }
    })
}

/// A correctness witness of a concurrent program. When every invariant is `1` (what schedmc
/// writes for a threaded proof: the thread-modular regions of an ESST proof have no form in
/// witness format 2.0, whose invariants must hold whenever any thread is at their location,
/// under every interleaving), the witness claims only that the program is safe, which a full
/// verification run decides: a proof-checked SUCCESSFUL confirms it, a replayed violation
/// refutes it. Other invariants of concurrent programs are not validated (unknown).
fn trivial_concurrent(
    invs: &[Invariant],
    program: driver::Loaded,
    cfg: &VerifyConfig,
) -> Validation {
    if invs.iter().any(|i| i.value.trim() != "1") {
        return Validation::Unknown(
            "correctness witnesses of concurrent programs are not validated unless every \
             invariant is `1`: other invariants would have to hold under every interleaving, \
             which the proof checker's labels (one thread's locations) cannot state"
                .into(),
        );
    }
    let rep = driver::verify_program(program, cfg, std::time::Instant::now());
    match &rep.outcome.verdict {
        crate::verdict::Verdict::Unsafe(_)
            if rep.replayed.is_some() && rep.unmodelled.is_empty() =>
        {
            Validation::Refuted(
                "a replayed execution violates the property (a correctness witness of an \
                 unsafe program)"
                    .into(),
            )
        }
        crate::verdict::Verdict::Safe { note: None } => Validation::Confirmed(format!(
            "the {} invariant(s) are all `1` (true under every interleaving) and a full \
             verification run of the concurrent program proves it safe",
            invs.len()
        )),
        _ => Validation::Unknown(
            "the invariants are all `1`, but the verification run did not prove the concurrent \
             program safe"
                .into(),
        ),
    }
}

/// The instrumented program: loaded from `instrumented` as the contents of `file`; a front-end
/// error there is the witness's (its expressions) and makes the answer unknown.
fn load_instrumented(
    file: &Path,
    instrumented: &str,
    cfg: &VerifyConfig,
) -> Result<driver::Loaded, Validation> {
    driver::glue::load_text(file, instrumented, cfg).map_err(|e| {
        let msg = e.render();
        let first = msg.lines().next().unwrap_or("").to_string();
        Validation::Unknown(format!(
            "the witness's expressions do not compile at their locations: {first}"
        ))
    })
}

/// The `input_files` of every entry's task.
fn task_input_files(yaml: &str) -> Vec<String> {
    let doc: J = serde_yaml_ng::from_str(yaml).unwrap_or(J::Null);
    let mut out: Vec<String> = Vec::new();
    for e in doc.as_array().into_iter().flatten() {
        for f in e["metadata"]["task"]["input_files"]
            .as_array()
            .into_iter()
            .flatten()
        {
            if let Some(f) = f.as_str() {
                if !out.iter().any(|g| g == f) {
                    out.push(f.to_string());
                }
            }
        }
    }
    out
}

/// Whether the file name a witness gives (its task's `input_files` entry, a location's
/// `file_name`) names `file`: the same path, or the same base name.
fn names_file(name: &str, file: &Path) -> bool {
    let given = Path::new(name);
    given == file
        || given
            .file_name()
            .is_some_and(|b| Some(b) == file.file_name())
}

/// Whether `loc` is in the main input file (the file the witness names).
fn in_main_file(sources: &crate::diag::SourceMap, loc: crate::diag::Loc, file: &Path) -> bool {
    let f = sources.get(loc.file);
    let want = file.to_string_lossy();
    loc.line > 0 && (f.name == want || f.path.as_deref() == Some(file))
}
