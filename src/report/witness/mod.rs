//! Verification witnesses in the SV-COMP YAML format, version 2.0: a `violation_sequence` for a
//! counterexample ([`violation_witness`]) and an `invariant_set` for a proof
//! ([`correctness_witness`]), plus [`validate`], a hand-written check of a witness against the
//! published 2.0 schemas (required keys, types, enumerations, segment structure).
//!
//! How a counterexample becomes waypoints (each in its own segment, action `follow`):
//! - `Op::Nondet(v)`: an `assumption` `v == value` (C expression) at the next statement the
//!   thread executes, when `v` (or the user variable a temporary is copied to) has a C name; else a
//!   `function_return` `\result == value` (ACSL) at the closing parenthesis of the
//!   `__VERIFIER_nondet_*()` call when that call can be found in the input text.
//! - `Op::Assume` on one of the two branches of an `if`/`while`/`for` condition: a `branching`
//!   waypoint at the keyword, value `"true"`/`"false"`. A decision is used only when it is the
//!   only one of its CFG at that keyword (compound conditions with side effects are skipped) and
//!   neither branch is a back edge (do-while).
//! - The first step of a thread instance other than main: a `function_enter` (at the call that
//!   created it, when seen); with threads, every waypoint carries `thread_id` (main is 0, other
//!   instances are numbered in order of first appearance). [`WitnessMeta::thread_info`] turns
//!   both off.
//! - The `Op::Error` edge: the final `target` waypoint.
//!
//! Waypoints are emitted only for locations in the input file; anything that cannot be placed
//! precisely is left out (fewer waypoints still describe the same execution, less tightly).
//!
//! The module is split by concept: [`yaml`] (the small YAML document model and emitter),
//! [`c_expr`] (IR names, constants and expressions as C), [`source_text`] (positions and
//! keywords in the input file's text), [`violation`] (counterexamples as waypoints),
//! [`correctness`] (proof invariants as an `invariant_set`) and [`schema`] (the check against the
//! published 2.0 schemas). This file holds the provenance metadata every witness carries.

mod c_expr;
mod correctness;
mod schema;
pub(crate) mod source_text;
mod violation;
mod yaml;

pub use c_expr::{
    c_expr, c_literal, c_type_name, operand_needs_parens, render_c_expr, scoped_c_names, CNames,
};
pub use correctness::{correctness_witness, invariant_set, place_invariants, PlacedInvariant};
pub use schema::{validate, WitnessKind};
pub use violation::violation_witness;

use crate::svcomp::DataModel;
use yaml::{m, s, Y};

// ---------------------------------------------------------------------------------------------
// Metadata

/// Provenance of a witness: producer, uuid, creation time. [`WitnessMeta::new`] makes a fresh
/// one; [`WitnessMeta::fixed`] a deterministic one for tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WitnessMeta {
    pub producer_name: String,
    pub producer_version: String,
    /// `producer.configuration`, e.g. the engine.
    pub configuration: Option<String>,
    /// `producer.command_line`.
    pub command_line: Option<String>,
    /// RFC 4122 UUID of the entry.
    pub uuid: String,
    /// ISO 8601 date-time, e.g. `2024-05-01T12:00:00Z`.
    pub creation_time: String,
    /// Emit `thread_id` on waypoints and `function_enter` waypoints for thread starts when the
    /// counterexample runs several thread instances (the concurrency extension of the format).
    pub thread_info: bool,
}

impl WitnessMeta {
    /// schedmc's name and version, a fresh (random-looking, version 4) UUID and the current UTC
    /// time.
    pub fn new() -> WitnessMeta {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        let seed = format!(
            "{}:{}:{}:{:p}",
            now.as_nanos(),
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed),
            &now
        );
        WitnessMeta {
            uuid: uuid_from_seed(seed.as_bytes()),
            creation_time: iso8601_utc(now.as_secs()),
            ..WitnessMeta::fixed("", "")
        }
    }

    /// Deterministic metadata (for tests and reproducible output).
    pub fn fixed(uuid: &str, creation_time: &str) -> WitnessMeta {
        WitnessMeta {
            producer_name: "schedmc".into(),
            producer_version: env!("CARGO_PKG_VERSION").into(),
            configuration: None,
            command_line: None,
            uuid: uuid.into(),
            creation_time: creation_time.into(),
            thread_info: true,
        }
    }
}

impl Default for WitnessMeta {
    fn default() -> Self {
        WitnessMeta::new()
    }
}

/// A version-4-shaped UUID derived from the SHA-256 of `seed`.
pub fn uuid_from_seed(seed: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let h = Sha256::digest(seed);
    let mut b = [0u8; 16];
    b.copy_from_slice(&h[..16]);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// `YYYY-MM-DDTHH:MM:SSZ` for seconds since the Unix epoch.
pub fn iso8601_utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // civil_from_days (H. Hinnant)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Lower-case hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The `metadata` mapping of a witness entry.
fn metadata(meta: &WitnessMeta, file_name: &str, hash: &str, spec: &str, dm: DataModel) -> Y {
    let mut producer = vec![
        ("name", s(&meta.producer_name)),
        ("version", s(&meta.producer_version)),
    ];
    if let Some(c) = &meta.configuration {
        producer.push(("configuration", s(c)));
    }
    if let Some(c) = &meta.command_line {
        producer.push(("command_line", s(c)));
    }
    m(vec![
        ("format_version", s("2.0")),
        ("uuid", s(&meta.uuid)),
        ("creation_time", s(&meta.creation_time)),
        ("producer", m(producer)),
        (
            "task",
            m(vec![
                ("input_files", Y::L(vec![s(file_name)])),
                (
                    "input_file_hashes",
                    Y::M(vec![(file_name.to_string(), s(hash))]),
                ),
                ("specification", s(spec.trim())),
                ("data_model", s(dm.as_str())),
                ("language", s("C")),
            ]),
        ),
    ])
}

#[cfg(test)]
pub(crate) mod tests;
