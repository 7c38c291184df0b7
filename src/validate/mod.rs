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
//! effects are rejected. Waypoints the validator cannot place exactly (thread ids, `avoid`,
//! `function_enter`, locations where no statement or condition starts) make the answer
//! unknown, never confirmed.

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
    if original.program.is_concurrent() {
        return Ok(Validation::Unknown(
            "witnesses of concurrent programs are not validated yet".into(),
        ));
    }
    let bytes = std::fs::read(file)
        .map_err(|e| InputProblem::Witness(format!("cannot read `{}`: {e}", file.display())))?;
    let text = crate::report::witness::source_text::Text::new(bytes);
    Ok(match w {
        Witness::Violation(wps) => violation::validate_violation(&wps, file, &text, cfg),
        Witness::Correctness(invs) => {
            correctness::validate_correctness(&invs, file, &text, cfg, &original.program)
        }
    })
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

/// Whether `loc` is in the main input file (the file the witness names).
fn in_main_file(sources: &crate::diag::SourceMap, loc: crate::diag::Loc, file: &Path) -> bool {
    let f = sources.get(loc.file);
    let want = file.to_string_lossy();
    loc.line > 0 && (f.name == want || f.path.as_deref() == Some(file))
}
