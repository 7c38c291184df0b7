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

use crate::diag::{Diag, DiagKind, FileId, Loc, SourceMap};
use crate::ir::{BinOp, CallArg, Cfg, Expr, LocId, Op, Program, ThreadId, Type, UnOp, VarId};
use crate::svcomp::DataModel;
use crate::verdict::{Counterexample, Step, Violation};
use std::collections::HashMap;
use std::path::Path;

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

// ---------------------------------------------------------------------------------------------
// A small YAML tree and emitter (block style, every string double-quoted)

#[derive(Clone, Debug)]
enum Y {
    S(String),
    I(i64),
    M(Vec<(String, Y)>),
    L(Vec<Y>),
}

fn s(x: impl Into<String>) -> Y {
    Y::S(x.into())
}

fn m(pairs: Vec<(&str, Y)>) -> Y {
    Y::M(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

fn quote(x: &str) -> String {
    serde_json::to_string(x).unwrap_or_else(|_| "\"\"".into())
}

fn key(k: &str) -> String {
    let plain = k
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        k.to_string()
    } else {
        quote(k)
    }
}

fn emit(y: &Y, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match y {
        Y::S(_) | Y::I(_) => {
            out.push_str(&pad);
            out.push_str(&scalar(y));
            out.push('\n');
        }
        Y::M(pairs) => {
            for (k, v) in pairs {
                out.push_str(&pad);
                out.push_str(&key(k));
                out.push(':');
                match v {
                    Y::S(_) | Y::I(_) => {
                        out.push(' ');
                        out.push_str(&scalar(v));
                        out.push('\n');
                    }
                    Y::M(p) if p.is_empty() => out.push_str(" {}\n"),
                    Y::L(l) if l.is_empty() => out.push_str(" []\n"),
                    _ => {
                        out.push('\n');
                        emit(v, indent + 2, out);
                    }
                }
            }
        }
        Y::L(items) => {
            for it in items {
                match it {
                    Y::M(p) if !p.is_empty() => {
                        let mut inner = String::new();
                        emit(it, indent + 2, &mut inner);
                        out.push_str(&pad);
                        out.push_str("- ");
                        out.push_str(&inner[indent + 2..]);
                    }
                    Y::L(l) if !l.is_empty() => {
                        let mut inner = String::new();
                        emit(it, indent + 2, &mut inner);
                        out.push_str(&pad);
                        out.push_str("- ");
                        out.push_str(&inner[indent + 2..]);
                    }
                    Y::M(_) => out.push_str(&format!("{pad}- {{}}\n")),
                    Y::L(_) => out.push_str(&format!("{pad}- []\n")),
                    _ => {
                        out.push_str(&pad);
                        out.push_str("- ");
                        out.push_str(&scalar(it));
                        out.push('\n');
                    }
                }
            }
        }
    }
}

fn scalar(y: &Y) -> String {
    match y {
        Y::S(x) => quote(x),
        Y::I(i) => i.to_string(),
        _ => String::new(),
    }
}

fn to_yaml(y: &Y) -> String {
    let mut out = String::new();
    emit(y, 0, &mut out);
    out
}

// ---------------------------------------------------------------------------------------------
// C rendering of IR names, constants and expressions

/// A C constant of type `ty` with value `v` (`5U`, `-3`, `(-2147483647 - 1)`, `7ULL`).
pub fn c_literal(v: i128, ty: Type) -> String {
    match ty {
        Type::Bool => ((v != 0) as u8).to_string(),
        Type::Int { bits, signed } => {
            let v = ty.wrap(v);
            let suffix = match (bits, signed) {
                (b, true) if b > 32 => "LL",
                (b, false) if b > 32 => "ULL",
                (b, false) if b > 16 => "U",
                _ => "",
            };
            if signed && (32..=64).contains(&bits) && v == ty.min_value() {
                format!("({}{suffix} - 1)", v + 1)
            } else {
                format!("{v}{suffix}")
            }
        }
    }
}

/// The C type name for an IR type, when it has one.
pub fn c_type_name(ty: Type) -> Option<&'static str> {
    Some(match ty {
        Type::Bool => "_Bool",
        Type::Int { bits: 8, signed } => {
            if signed {
                "signed char"
            } else {
                "unsigned char"
            }
        }
        Type::Int { bits: 16, signed } => {
            if signed {
                "short"
            } else {
                "unsigned short"
            }
        }
        Type::Int { bits: 32, signed } => {
            if signed {
                "int"
            } else {
                "unsigned int"
            }
        }
        Type::Int { bits: 64, signed } => {
            if signed {
                "long long"
            } else {
                "unsigned long long"
            }
        }
        _ => return None,
    })
}

fn is_ident(x: &str) -> bool {
    let mut cs = x.chars();
    cs.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `ident ( [digits] | .ident )*`: the shape of IR names of C variables and cells.
fn is_c_lvalue_path(x: &str) -> bool {
    let head_end = x.find(['[', '.']).unwrap_or(x.len());
    if !is_ident(&x[..head_end]) {
        return false;
    }
    let mut rest = &x[head_end..];
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('[') {
            let Some(close) = r.find(']') else {
                return false;
            };
            if close == 0 || !r[..close].chars().all(|c| c.is_ascii_digit()) {
                return false;
            }
            rest = &r[close + 1..];
        } else if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['[', '.']).unwrap_or(r.len());
            if !is_ident(&r[..end]) {
                return false;
            }
            rest = &r[end..];
        } else {
            return false;
        }
    }
    true
}

/// Maps IR variables to the C expressions naming them (`x`, `a[2]`, `s.f`; the part after the
/// last `::` of an inlined local). Temporaries, names that are not C lvalues, and names that two
/// program variables share (so that the C name could denote either) have none.
pub struct CNames<'p> {
    prog: &'p Program,
    counts: HashMap<String, usize>,
}

impl<'p> CNames<'p> {
    pub fn new(prog: &'p Program) -> Self {
        let mut counts = HashMap::new();
        for v in &prog.vars {
            if let Some(b) = Self::base(&v.name) {
                *counts.entry(b.to_string()).or_insert(0) += 1;
            }
        }
        CNames { prog, counts }
    }

    fn base(name: &str) -> Option<&str> {
        let b = name.rsplit("::").next().unwrap_or(name);
        is_c_lvalue_path(b).then_some(b)
    }

    /// The unambiguous C name of a variable, if any.
    pub fn name(&self, v: VarId) -> Option<String> {
        let var = self.prog.vars.get(v.0 as usize)?;
        if var.is_temp {
            return None;
        }
        let b = Self::base(&var.name)?;
        (self.counts.get(b) == Some(&1)).then(|| b.to_string())
    }
}

/// Renders an IR expression as C, naming variables with `name` (None when some variable has no
/// name). Arithmetic on types narrower than `int` is cast back to its type so that C's integer
/// promotions do not change the wrap-around.
pub fn render_c_expr(
    prog: &Program,
    e: &Expr,
    name: &dyn Fn(VarId) -> Option<String>,
) -> Option<String> {
    let r = render_inner(prog, e, name)?;
    Some(strip_outer_parens(&r).to_string())
}

/// [`render_c_expr`] with [`CNames`]: the C expression for an IR expression over user variables
/// (e.g. to turn an engine's invariant into a witness `value`).
pub fn c_expr(prog: &Program, e: &Expr) -> Option<String> {
    let names = CNames::new(prog);
    render_c_expr(prog, e, &|v| names.name(v))
}

fn strip_outer_parens(x: &str) -> &str {
    if !(x.starts_with('(') && x.ends_with(')')) {
        return x;
    }
    let mut depth = 0i32;
    for (i, c) in x.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 && i != x.len() - 1 {
                    return x;
                }
            }
            _ => {}
        }
    }
    &x[1..x.len() - 1]
}

fn render_inner(
    prog: &Program,
    e: &Expr,
    name: &dyn Fn(VarId) -> Option<String>,
) -> Option<String> {
    Some(match e {
        Expr::Const(v, t) => c_literal(*v, *t),
        Expr::Var(v) => name(*v)?,
        Expr::Unary(op, a) => {
            let a = render_inner(prog, a, name)?;
            match op {
                UnOp::Not => format!("(!{a})"),
                UnOp::Neg => narrow(e.ty(&prog.vars), format!("(-{a})")),
                UnOp::BitNot => narrow(e.ty(&prog.vars), format!("(~{a})")),
            }
        }
        Expr::Binary(op, a, b) => {
            let sym = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                BinOp::Mul => "*",
                BinOp::Div => "/",
                BinOp::Rem => "%",
                BinOp::Shl => "<<",
                BinOp::Shr => ">>",
                BinOp::BitAnd => "&",
                BinOp::BitOr => "|",
                BinOp::BitXor => "^",
                BinOp::Eq => "==",
                BinOp::Ne => "!=",
                BinOp::Lt => "<",
                BinOp::Le => "<=",
                BinOp::Gt => ">",
                BinOp::Ge => ">=",
                BinOp::And => "&&",
                BinOp::Or => "||",
            };
            let x = format!(
                "({} {sym} {})",
                render_inner(prog, a, name)?,
                render_inner(prog, b, name)?
            );
            if op.is_comparison() || op.is_logical() {
                x
            } else {
                narrow(e.ty(&prog.vars), x)
            }
        }
        Expr::Cast(t, a) => format!("(({}) {})", c_type_name(*t)?, render_inner(prog, a, name)?),
        Expr::Ite(c, a, b) => format!(
            "({} ? {} : {})",
            render_inner(prog, c, name)?,
            render_inner(prog, a, name)?,
            render_inner(prog, b, name)?
        ),
    })
}

fn narrow(ty: Type, x: String) -> String {
    match ty {
        Type::Int { bits, .. } if bits < 32 => match c_type_name(ty) {
            Some(t) => format!("(({t}) {x})"),
            None => x,
        },
        _ => x,
    }
}

// ---------------------------------------------------------------------------------------------
// The input file's text: offsets, keywords, calls

struct Text {
    bytes: Vec<u8>,
    line_starts: Vec<usize>,
}

impl Text {
    fn new(bytes: Vec<u8>) -> Text {
        let mut line_starts = vec![0];
        for (i, b) in bytes.iter().enumerate() {
            if *b == b'\n' {
                line_starts.push(i + 1);
            }
        }
        Text { bytes, line_starts }
    }

    /// Byte offset of a 1-based line and column.
    fn offset(&self, line: u32, col: u32) -> Option<usize> {
        let start = *self.line_starts.get(line.checked_sub(1)? as usize)?;
        let off = start + col.checked_sub(1)? as usize;
        (off < self.bytes.len()).then_some(off)
    }

    fn line_col(&self, off: usize) -> (u32, u32) {
        let line = match self.line_starts.binary_search(&off) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        (line as u32 + 1, (off - self.line_starts[line]) as u32 + 1)
    }

    fn is_ident_byte(b: u8) -> bool {
        b.is_ascii_alphanumeric() || b == b'_'
    }

    /// The keyword of `kws` starting exactly at `off` (as a whole word).
    fn keyword_at(&self, off: usize, kws: &[&'static str]) -> Option<&'static str> {
        if off > 0 && Self::is_ident_byte(self.bytes[off - 1]) {
            return None;
        }
        kws.iter().copied().find(|k| {
            self.bytes[off..].starts_with(k.as_bytes())
                && !self
                    .bytes
                    .get(off + k.len())
                    .is_some_and(|b| Self::is_ident_byte(*b))
        })
    }

    fn skip_ws_back(&self, mut i: usize) -> usize {
        while i > 0 && self.bytes[i - 1].is_ascii_whitespace() {
            i -= 1;
        }
        i
    }

    /// The word ending at `end` (exclusive): its start.
    fn word_before(&self, end: usize) -> Option<usize> {
        let mut s = end;
        while s > 0 && Self::is_ident_byte(self.bytes[s - 1]) {
            s -= 1;
        }
        (s < end).then_some(s)
    }

    /// The statement keyword (`if`, `while`, `for`, per `kws`) whose condition starts at `off`
    /// (or that starts at `off` itself): scans back over nested parentheses and, inside `for`,
    /// the init clause.
    fn condition_keyword(&self, off: usize, kws: &[&'static str]) -> Option<(usize, &'static str)> {
        if let Some(k) = self.keyword_at(off, kws) {
            return Some((off, k));
        }
        let limit = off.saturating_sub(4000);
        let mut i = off;
        let mut depth = 0u32;
        while i > limit {
            i -= 1;
            match self.bytes[i] {
                b')' => depth += 1,
                b'(' if depth > 0 => depth -= 1,
                b'(' => {
                    // an unmatched parenthesis: after a word it opens a statement's condition
                    // (or a call); otherwise it groups, and the search goes on outwards
                    let j = self.skip_ws_back(i);
                    if let Some(s) = self.word_before(j) {
                        return self.keyword_at(s, kws).map(|k| (s, k));
                    }
                }
                b'{' | b'}' if depth == 0 => return None,
                _ => {}
            }
        }
        None
    }

    /// The start of the statement around `off` when only declaration specifiers or an
    /// assignment's left-hand side precede `off` on its line (`int y = 0;` located at `y`, or
    /// `x = 1;` located at `=`); else `off`.
    fn stmt_start(&self, off: usize) -> usize {
        let (line, _) = self.line_col(off);
        let mut f = self.line_starts[line as usize - 1];
        while f < off && self.bytes[f].is_ascii_whitespace() {
            f += 1;
        }
        let simple = self.bytes[f..off]
            .iter()
            .all(|&b| Self::is_ident_byte(b) || b == b' ' || b == b'\t' || b == b'*');
        if simple {
            f
        } else {
            off
        }
    }

    /// The `do` of a do-while whose body starts at `off`.
    fn do_before(&self, off: usize) -> Option<usize> {
        let mut j = self.skip_ws_back(off);
        if j > 0 && self.bytes[j - 1] == b'{' {
            j = self.skip_ws_back(j - 1);
        }
        let s = self.word_before(j)?;
        self.keyword_at(s, &["do"]).map(|_| s)
    }

    /// The closing parenthesis of the only `__VERIFIER_nondet_*(...)` call on the line of `off`
    /// at or after `off`'s statement start.
    fn nondet_call_close(&self, off: usize) -> Option<usize> {
        let (line, _) = self.line_col(off);
        let end = self
            .line_starts
            .get(line as usize)
            .copied()
            .unwrap_or(self.bytes.len());
        let hay = &self.bytes[off..end];
        let pat = b"__VERIFIER_nondet_";
        let hits: Vec<usize> = (0..hay.len().saturating_sub(pat.len() - 1))
            .filter(|&i| hay[i..].starts_with(pat) && (i == 0 || !Self::is_ident_byte(hay[i - 1])))
            .collect();
        if hits.len() != 1 {
            return None;
        }
        let mut i = hits[0] + pat.len();
        while i < hay.len() && Self::is_ident_byte(hay[i]) {
            i += 1;
        }
        while i < hay.len() && hay[i].is_ascii_whitespace() {
            i += 1;
        }
        if hay.get(i) != Some(&b'(') {
            return None;
        }
        let mut depth = 0;
        for (k, b) in hay.iter().enumerate().skip(i) {
            match b {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(off + k);
                    }
                }
                _ => {}
            }
        }
        None
    }
}

/// The file ids of the SourceMap that denote `input_file`.
fn input_file_ids(sources: &SourceMap, input_file: &Path) -> Vec<FileId> {
    let want = std::fs::canonicalize(input_file).ok();
    let mut exact = Vec::new();
    for i in 0..sources.len() {
        let id = FileId(i as u32);
        let f = sources.get(id);
        let same = |p: &Path| {
            p == input_file
                || want
                    .as_ref()
                    .is_some_and(|w| std::fs::canonicalize(p).ok().as_ref() == Some(w))
        };
        if same(Path::new(&f.name)) || f.path.as_deref().is_some_and(same) {
            exact.push(id);
        }
    }
    if !exact.is_empty() {
        return exact;
    }
    let base = input_file.file_name();
    let by_name: Vec<FileId> = (0..sources.len())
        .map(|i| FileId(i as u32))
        .filter(|&id| Path::new(&sources.get(id).name).file_name() == base)
        .collect();
    if !by_name.is_empty() {
        return by_name;
    }
    if sources.len() == 1 {
        return vec![FileId(0)];
    }
    Vec::new()
}

fn read_input(input_file: &Path) -> Result<Vec<u8>, Diag> {
    std::fs::read(input_file).map_err(|e| {
        Diag::error(
            DiagKind::Io,
            None,
            format!("cannot read input file {}: {e}", input_file.display()),
        )
    })
}

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

// ---------------------------------------------------------------------------------------------
// Violation witnesses

/// A waypoint before rendering.
struct Waypoint {
    kind: &'static str,
    loc: (u32, u32),
    function: Option<String>,
    constraint: Option<(String, Option<&'static str>)>,
    thread: Option<u32>,
}

/// Context shared by the waypoint builders.
struct Ctx<'a> {
    prog: &'a Program,
    text: Text,
    files: Vec<FileId>,
    names: CNames<'a>,
}

impl Ctx<'_> {
    fn in_input(&self, loc: Loc) -> bool {
        self.files.contains(&loc.file) && loc.line > 0
    }

    fn offset(&self, loc: Loc) -> Option<usize> {
        if !self.in_input(loc) {
            return None;
        }
        self.text.offset(loc.line, loc.col.max(1))
    }

    /// Per CFG: decision location → (keyword line/col) for the decisions that can be named.
    fn decisions(&self, cfg: &Cfg) -> HashMap<LocId, (u32, u32)> {
        let mut by_kw: HashMap<usize, Vec<LocId>> = HashMap::new();
        for l in 0..cfg.num_locs {
            let l = LocId(l);
            let Some(outs) = cfg.out.get(l.0 as usize) else {
                continue;
            };
            if outs.len() != 2 {
                continue;
            }
            let (Some(a), Some(b)) = (
                cfg.edges.get(outs[0].0 as usize),
                cfg.edges.get(outs[1].0 as usize),
            ) else {
                continue;
            };
            if !matches!(a.op, Op::Assume(_)) || !matches!(b.op, Op::Assume(_)) {
                continue;
            }
            let Some(off) = self.offset(a.loc) else {
                continue;
            };
            let Some((kw, _)) = self.text.condition_keyword(off, &["if", "while", "for"]) else {
                continue;
            };
            by_kw.entry(kw).or_default().push(l);
        }
        let mut out = HashMap::new();
        for (kw, locs) in by_kw {
            if let [l] = locs[..] {
                out.insert(l, self.text.line_col(kw));
            }
        }
        out
    }
}

/// Which variables an edge writes.
fn writes(op: &Op, v: VarId) -> bool {
    match op {
        Op::Assign(x, _) | Op::Nondet(x) => *x == v,
        Op::Call { ret, may_write, .. } => *ret == Some(v) || may_write.contains(&v),
        _ => false,
    }
}

/// A counterexample edge step with its CFG and edge resolved.
struct St<'a> {
    thread: ThreadId,
    instance: u32,
    cfg: &'a Cfg,
    edge: &'a crate::ir::Edge,
    nondet: &'a [i128],
    assigned: &'a [(VarId, i128)],
}

impl St<'_> {
    fn func(&self) -> Option<String> {
        self.cfg.loc_func.get(self.edge.from.0 as usize).cloned()
    }
}

/// The next step of the same thread instance after `j`.
fn next_of(steps: &[St], j: usize) -> Option<usize> {
    (j + 1..steps.len())
        .find(|&k| steps[k].thread == steps[j].thread && steps[k].instance == steps[j].instance)
}

/// If `e` only copies `v` (possibly through a cast), the value it gives.
fn copy_of(e: &Expr, v: VarId, value: i128) -> Option<i128> {
    match e {
        Expr::Var(x) if *x == v => Some(value),
        Expr::Cast(t, a) => copy_of(a, v, value).map(|x| t.wrap(x)),
        _ => None,
    }
}

/// The `assumption` waypoint `name == value` for the value a `Nondet` step `i` chose for `v`:
/// follows copies of a temporary into a user variable, then places the assumption at the next
/// statement of the thread (no step in between may write the variable).
fn assumption_for(ctx: &Ctx, steps: &[St], i: usize, v: VarId, value: i128) -> Option<Waypoint> {
    let (mut var, mut val, mut j) = (v, value, i);
    let mut name = ctx.names.name(var);
    for _ in 0..4 {
        if name.is_some() {
            break;
        }
        let k = next_of(steps, j)?;
        let Op::Assign(y, e) = &steps[k].edge.op else {
            return None;
        };
        let copied = copy_of(e, var, val)?;
        val = steps[k]
            .assigned
            .iter()
            .find(|(x, _)| x == y)
            .map_or(copied, |&(_, x)| x);
        var = *y;
        j = k;
        name = ctx.names.name(var);
    }
    let name = name?;
    let here = steps[j].edge.loc;
    let mut k = j;
    loop {
        k = next_of(steps, k)?;
        let l = steps[k].edge.loc;
        if (l.line, l.col) != (here.line, here.col) {
            break;
        }
    }
    if steps[j + 1..k].iter().any(|s| writes(&s.edge.op, var)) {
        return None;
    }
    let at = steps[k].edge.loc;
    let off = ctx.offset(at)?;
    // inside a condition: at its statement's keyword; inside a declaration: at its start
    let off = match ctx
        .text
        .condition_keyword(off, &["if", "while", "for", "switch"])
    {
        Some((kw, _)) => kw,
        None => ctx.text.stmt_start(off),
    };
    let ty = ctx.prog.vars.get(var.0 as usize)?.ty;
    Some(Waypoint {
        kind: "assumption",
        loc: ctx.text.line_col(off),
        function: steps[k].func(),
        constraint: Some((
            format!("{name} == {}", c_literal(val, ty)),
            Some("c_expression"),
        )),
        thread: None,
    })
}

/// The violation witness (one `violation_sequence` entry) for a counterexample of
/// `reach_error()` reachability in `input_file` (whose bytes are hashed into the metadata).
/// `spec` is the property text (e.g. [`crate::svcomp::Property::specification`]).
///
/// Errors: the input file cannot be read, or the counterexample violates an unwinding
/// assertion rather than the property.
pub fn violation_witness(
    prog: &Program,
    sources: &SourceMap,
    cex: &Counterexample,
    input_file: &Path,
    spec: &str,
    data_model: DataModel,
    meta: &WitnessMeta,
) -> Result<String, Diag> {
    let violation_loc = match &cex.violation {
        Violation::Property { loc, .. } => *loc,
        Violation::UnwindingAssertion { .. } => {
            return Err(Diag::error(
                DiagKind::Unsupported,
                None,
                "no violation witness for an unwinding assertion (not a property violation)",
            ))
        }
    };
    let bytes = read_input(input_file)?;
    let hash = sha256_hex(&bytes);
    let file_name = input_file.to_string_lossy().into_owned();
    let ctx = Ctx {
        prog,
        text: Text::new(bytes),
        files: input_file_ids(sources, input_file),
        names: CNames::new(prog),
    };

    // Edge steps, resolved; invalid ids are skipped.
    let steps: Vec<St> = cex
        .steps
        .iter()
        .filter_map(|s| match s {
            Step::Edge {
                thread,
                instance,
                edge,
                nondet,
                assigned,
            } => {
                let cfg = prog.threads.get(thread.0 as usize)?;
                let e = cfg.edges.get(edge.0 as usize)?;
                Some(St {
                    thread: *thread,
                    instance: *instance,
                    cfg,
                    edge: e,
                    nondet,
                    assigned,
                })
            }
            Step::Sched(_) | Step::Flush { .. } => None,
        })
        .collect();

    let mut instances: Vec<(ThreadId, u32)> = Vec::new();
    for st in &steps {
        if !instances.contains(&(st.thread, st.instance)) {
            instances.push((st.thread, st.instance));
        }
    }
    let threaded = meta.thread_info
        && (instances.len() > 1 || instances.iter().any(|&(t, i)| t.0 != 0 || i != 0));
    // thread ids: main instance 0 is 0, the others 1, 2, ... in order of first appearance
    let mut tid: HashMap<(ThreadId, u32), u32> = HashMap::new();
    tid.insert((ThreadId(0), 0), 0);
    for &k in &instances {
        let n = tid.len() as u32;
        tid.entry(k).or_insert(n);
    }

    let mut decisions: HashMap<ThreadId, HashMap<LocId, (u32, u32)>> = HashMap::new();
    let mut wps: Vec<Waypoint> = Vec::new();
    let mut seen: Vec<(ThreadId, u32)> = Vec::new();
    // thread entry -> creating calls not yet matched to an instance: (call location, function)
    let mut creations: HashMap<ThreadId, Vec<(Loc, Option<String>)>> = HashMap::new();
    let mut target_done = false;
    for (i, st) in steps.iter().enumerate() {
        let thread = threaded.then(|| tid[&(st.thread, st.instance)]);
        if !seen.contains(&(st.thread, st.instance)) {
            seen.push((st.thread, st.instance));
            if threaded && (st.thread.0 != 0 || st.instance != 0) {
                let created = creations
                    .get_mut(&st.thread)
                    .filter(|v| !v.is_empty())
                    .map(|v| v.remove(0));
                let (loc, function) = match created {
                    Some(c) => c,
                    None => (st.edge.loc, Some(st.cfg.name.clone())),
                };
                if ctx.in_input(loc) {
                    wps.push(Waypoint {
                        kind: "function_enter",
                        loc: (loc.line, loc.col.max(1)),
                        function,
                        constraint: None,
                        thread,
                    });
                }
            }
        }
        match &st.edge.op {
            Op::Call { args, .. } => {
                for a in args {
                    if let CallArg::Thread(t) = a {
                        creations
                            .entry(*t)
                            .or_default()
                            .push((st.edge.loc, st.func()));
                    }
                }
            }
            Op::Nondet(v) => {
                let Some(&value) = st.nondet.first() else {
                    continue;
                };
                if let Some(w) = assumption_for(&ctx, &steps, i, *v, value) {
                    wps.push(Waypoint { thread, ..w });
                } else if let Some(close) = ctx
                    .offset(st.edge.loc)
                    .and_then(|off| ctx.text.nondet_call_close(off))
                {
                    let ty = prog.vars.get(v.0 as usize).map_or(Type::Bool, |x| x.ty);
                    wps.push(Waypoint {
                        kind: "function_return",
                        loc: ctx.text.line_col(close),
                        function: st.func(),
                        constraint: Some((
                            format!("\\result == {}", c_literal(value, ty)),
                            Some("acsl_expression"),
                        )),
                        thread,
                    });
                }
            }
            Op::Assume(_) => {
                let d = decisions
                    .entry(st.thread)
                    .or_insert_with(|| ctx.decisions(st.cfg));
                if let Some(&kw) = d.get(&st.edge.from) {
                    let tos: Vec<LocId> = st.cfg.out[st.edge.from.0 as usize]
                        .iter()
                        .filter_map(|e| st.cfg.edges.get(e.0 as usize).map(|e| e.to))
                        .collect();
                    let back = tos.iter().any(|&t| t <= st.edge.from);
                    if tos.len() == 2 && tos[0] != tos[1] && !back {
                        // branches are placed in program order: the true branch comes first
                        let taken_true = st.edge.to == tos[0].min(tos[1]);
                        wps.push(Waypoint {
                            kind: "branching",
                            loc: kw,
                            function: st.func(),
                            constraint: Some((taken_true.to_string(), None)),
                            thread,
                        });
                    }
                }
            }
            Op::Error(_) => {
                let loc = if ctx.in_input(st.edge.loc) {
                    st.edge.loc
                } else {
                    violation_loc
                };
                wps.push(Waypoint {
                    kind: "target",
                    loc: (loc.line.max(1), loc.col.max(1)),
                    function: st.func(),
                    constraint: None,
                    thread,
                });
                target_done = true;
                break;
            }
            _ => {}
        }
    }
    if !target_done {
        wps.push(Waypoint {
            kind: "target",
            loc: (violation_loc.line.max(1), violation_loc.col.max(1)),
            function: None,
            constraint: None,
            thread: None,
        });
    }

    let segments: Vec<Y> = wps
        .iter()
        .map(|w| {
            let mut loc = vec![
                ("file_name", s(&file_name)),
                ("line", Y::I(w.loc.0 as i64)),
                ("column", Y::I(w.loc.1 as i64)),
            ];
            if let Some(f) = &w.function {
                loc.push(("function", s(f)));
            }
            let mut wp = vec![
                ("type", s(w.kind)),
                ("action", s("follow")),
                ("location", m(loc)),
            ];
            if let Some((value, format)) = &w.constraint {
                let mut c = vec![("value", s(value))];
                if let Some(f) = format {
                    c.push(("format", s(*f)));
                }
                wp.push(("constraint", m(c)));
            }
            if let Some(t) = w.thread {
                wp.push(("thread_id", Y::I(t as i64)));
            }
            m(vec![("segment", Y::L(vec![m(vec![("waypoint", m(wp))])]))])
        })
        .collect();

    let entry = m(vec![
        ("entry_type", s("violation_sequence")),
        (
            "metadata",
            metadata(meta, &file_name, &hash, spec, data_model),
        ),
        ("content", Y::L(segments)),
    ]);
    Ok(to_yaml(&Y::L(vec![entry])))
}

// ---------------------------------------------------------------------------------------------
// Correctness witnesses

/// The C function a source location belongs to (the innermost inlined function of the CFG
/// location with that source position, else of the nearest one before it), `main` if unknown.
fn function_at(prog: &Program, loc: Loc) -> String {
    let mut best: Option<(Loc, &str)> = None;
    for cfg in &prog.threads {
        for (i, &l) in cfg.loc_src.iter().enumerate() {
            let Some(f) = cfg.loc_func.get(i) else {
                continue;
            };
            if l == loc {
                return f.clone();
            }
            if l.file == loc.file
                && (l.line, l.col) < (loc.line, loc.col)
                && best.is_none_or(|(b, _)| (b.line, b.col) < (l.line, l.col))
            {
                best = Some((l, f));
            }
        }
        for e in &cfg.edges {
            if e.loc == loc {
                if let Some(f) = cfg.loc_func.get(e.from.0 as usize) {
                    return f.clone();
                }
            }
        }
    }
    best.map_or_else(|| "main".to_string(), |(_, f)| f.to_string())
}

/// The correctness witness (one `invariant_set` entry) for a proof: each `(loc, value)` is a C
/// expression that holds whenever control reaches `loc`. A location at (or at the condition of,
/// or at the first body statement of a `do`) a loop becomes a `loop_invariant` at the loop's
/// keyword; any other location a `location_invariant`. Locations outside the input file are
/// left out. With no invariants, the trivial invariant `1` is given at every loop (or at the
/// start of `main`), which is what an empty proof certifies.
pub fn correctness_witness(
    prog: &Program,
    sources: &SourceMap,
    invariants: &[(Loc, String)],
    input_file: &Path,
    spec: &str,
    data_model: DataModel,
    meta: &WitnessMeta,
) -> Result<String, Diag> {
    let bytes = read_input(input_file)?;
    let hash = sha256_hex(&bytes);
    let file_name = input_file.to_string_lossy().into_owned();
    let ctx = Ctx {
        prog,
        text: Text::new(bytes),
        files: input_file_ids(sources, input_file),
        names: CNames::new(prog),
    };
    let mut invs: Vec<(Loc, String)> = invariants.to_vec();
    if invs.is_empty() {
        for cfg in &prog.threads {
            for lp in &cfg.loops {
                invs.push((lp.loc, "1".into()));
            }
        }
        if invs.is_empty() {
            if let Some(&l) = prog
                .threads
                .first()
                .and_then(|c| c.loc_src.get(c.entry.0 as usize))
            {
                invs.push((l, "1".into()));
            }
        }
    }
    let mut items: Vec<Y> = Vec::new();
    let mut done: Vec<(&'static str, (u32, u32), String)> = Vec::new();
    for (loc, value) in &invs {
        let Some(off) = ctx.offset(*loc) else {
            continue;
        };
        let (kind, at) = match ctx
            .text
            .condition_keyword(off, &["while", "for", "do"])
            .map(|(o, _)| o)
            .or_else(|| ctx.text.do_before(off))
        {
            Some(kw) => ("loop_invariant", ctx.text.line_col(kw)),
            // at the start of the statement (or declaration) the location is in
            None => {
                let start = match ctx.text.condition_keyword(off, &["if", "switch"]) {
                    Some((kw, _)) => kw,
                    None => ctx.text.stmt_start(off),
                };
                ("location_invariant", ctx.text.line_col(start))
            }
        };
        let key = (kind, at, value.clone());
        if done.contains(&key) {
            continue;
        }
        done.push(key);
        items.push(m(vec![(
            "invariant",
            m(vec![
                ("type", s(kind)),
                (
                    "location",
                    m(vec![
                        ("file_name", s(&file_name)),
                        ("line", Y::I(at.0 as i64)),
                        ("column", Y::I(at.1 as i64)),
                        ("function", s(function_at(prog, *loc))),
                    ]),
                ),
                ("value", s(value)),
                ("format", s("c_expression")),
            ]),
        )]));
    }
    let entry = m(vec![
        ("entry_type", s("invariant_set")),
        (
            "metadata",
            metadata(meta, &file_name, &hash, spec, data_model),
        ),
        ("content", Y::L(items)),
    ]);
    Ok(to_yaml(&Y::L(vec![entry])))
}

// ---------------------------------------------------------------------------------------------
// Schema check

/// What a valid witness file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WitnessKind {
    /// `violation_sequence` entries.
    Violation,
    /// `invariant_set` entries.
    Correctness,
}

type J = serde_json::Value;

fn obj<'a>(v: &'a J, path: &str) -> Result<&'a serde_json::Map<String, J>, String> {
    v.as_object()
        .ok_or_else(|| format!("{path}: expected a mapping"))
}

fn only_keys(
    o: &serde_json::Map<String, J>,
    path: &str,
    required: &[&str],
    optional: &[&str],
) -> Result<(), String> {
    for k in required {
        if !o.contains_key(*k) {
            return Err(format!("{path}: missing required key `{k}`"));
        }
    }
    for k in o.keys() {
        if !required.contains(&k.as_str()) && !optional.contains(&k.as_str()) {
            return Err(format!("{path}: unexpected key `{k}`"));
        }
    }
    Ok(())
}

fn string<'a>(v: &'a J, path: &str) -> Result<&'a str, String> {
    v.as_str()
        .ok_or_else(|| format!("{path}: expected a string, found {v}"))
}

fn one_of<'a>(v: &'a J, path: &str, allowed: &[&str]) -> Result<&'a str, String> {
    let x = string(v, path)?;
    if allowed.contains(&x) {
        Ok(x)
    } else {
        Err(format!("{path}: `{x}` is not one of {allowed:?}"))
    }
}

fn positive(v: &J, path: &str) -> Result<u64, String> {
    match v.as_u64() {
        Some(n) if n >= 1 => Ok(n),
        _ => Err(format!("{path}: expected an integer >= 1, found {v}")),
    }
}

fn is_uuid(x: &str) -> bool {
    let parts: Vec<&str> = x.split('-').collect();
    parts.len() == 5
        && parts
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(p, n)| p.len() == n && p.chars().all(|c| c.is_ascii_hexdigit()))
}

fn is_date_time(x: &str) -> bool {
    // YYYY-MM-DDTHH:MM:SS[.frac](Z|+HH:MM|-HH:MM)
    let b = x.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b.get(r.clone())
            .is_some_and(|s| s.iter().all(u8::is_ascii_digit))
    };
    if b.len() < 20
        || !digits(0..4)
        || b[4] != b'-'
        || !digits(5..7)
        || b[7] != b'-'
        || !digits(8..10)
        || !(b[10] == b'T' || b[10] == b't')
        || !digits(11..13)
        || b[13] != b':'
        || !digits(14..16)
        || b[16] != b':'
        || !digits(17..19)
    {
        return false;
    }
    let mut i = 19;
    if b[i] == b'.' {
        i += 1;
        let st = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == st {
            return false;
        }
    }
    match &b[i..] {
        [b'Z'] | [b'z'] => true,
        [s, h1, h2, b':', m1, m2] if *s == b'+' || *s == b'-' => {
            [h1, h2, m1, m2].iter().all(|c| c.is_ascii_digit())
        }
        _ => false,
    }
}

/// Checks `metadata`; returns the input file names.
fn check_metadata(v: &J, path: &str) -> Result<Vec<String>, String> {
    let o = obj(v, path)?;
    only_keys(
        o,
        path,
        &[
            "format_version",
            "uuid",
            "creation_time",
            "producer",
            "task",
        ],
        &[],
    )?;
    let fv = string(&o["format_version"], &format!("{path}/format_version"))?;
    if !fv.starts_with("2.") {
        return Err(format!("{path}/format_version: `{fv}` is not 2.x"));
    }
    let uuid = string(&o["uuid"], &format!("{path}/uuid"))?;
    if !is_uuid(uuid) {
        return Err(format!("{path}/uuid: `{uuid}` is not a UUID"));
    }
    let ct = string(&o["creation_time"], &format!("{path}/creation_time"))?;
    if !is_date_time(ct) {
        return Err(format!(
            "{path}/creation_time: `{ct}` is not an ISO 8601 date-time"
        ));
    }
    let pp = format!("{path}/producer");
    let p = obj(&o["producer"], &pp)?;
    only_keys(
        p,
        &pp,
        &["name", "version"],
        &["configuration", "command_line", "description"],
    )?;
    for (k, x) in p {
        string(x, &format!("{pp}/{k}"))?;
    }
    let tp = format!("{path}/task");
    let t = obj(&o["task"], &tp)?;
    only_keys(
        t,
        &tp,
        &[
            "input_files",
            "input_file_hashes",
            "specification",
            "data_model",
            "language",
        ],
        &[],
    )?;
    let files: Vec<String> = match &t["input_files"] {
        J::String(f) => vec![f.clone()],
        J::Array(a) if !a.is_empty() => a
            .iter()
            .enumerate()
            .map(|(i, f)| string(f, &format!("{tp}/input_files/{i}")).map(str::to_string))
            .collect::<Result<_, _>>()?,
        other => {
            return Err(format!(
                "{tp}/input_files: expected a non-empty list, found {other}"
            ))
        }
    };
    let hp = format!("{tp}/input_file_hashes");
    let h = obj(&t["input_file_hashes"], &hp)?;
    for f in &files {
        let x = h
            .get(f)
            .ok_or_else(|| format!("{hp}: no hash for input file `{f}`"))?;
        let x = string(x, &format!("{hp}/{f}"))?;
        if x.len() != 64 || !x.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(format!("{hp}/{f}: `{x}` is not a SHA-256 hex digest"));
        }
    }
    string(&t["specification"], &format!("{tp}/specification"))?;
    one_of(
        &t["data_model"],
        &format!("{tp}/data_model"),
        &["ILP32", "LP64"],
    )?;
    one_of(&t["language"], &format!("{tp}/language"), &["C"])?;
    Ok(files)
}

fn check_location(v: &J, path: &str, files: &[String], all_required: bool) -> Result<(), String> {
    let o = obj(v, path)?;
    if all_required {
        only_keys(o, path, &["file_name", "line", "column", "function"], &[])?;
    } else {
        only_keys(o, path, &["file_name", "line"], &["column", "function"])?;
    }
    let f = string(&o["file_name"], &format!("{path}/file_name"))?;
    if !files.iter().any(|x| x == f) {
        return Err(format!(
            "{path}/file_name: `{f}` is not among the input files"
        ));
    }
    positive(&o["line"], &format!("{path}/line"))?;
    if let Some(c) = o.get("column") {
        positive(c, &format!("{path}/column"))?;
    }
    if let Some(f) = o.get("function") {
        string(f, &format!("{path}/function"))?;
    }
    Ok(())
}

/// Checks a waypoint; returns (type, action).
fn check_waypoint(v: &J, path: &str, files: &[String]) -> Result<(String, String), String> {
    let o = obj(v, path)?;
    only_keys(
        o,
        path,
        &["type", "action", "location"],
        &["constraint", "thread_id"],
    )?;
    let ty = one_of(
        &o["type"],
        &format!("{path}/type"),
        &[
            "assumption",
            "target",
            "function_enter",
            "function_return",
            "branching",
        ],
    )?;
    let action = one_of(
        &o["action"],
        &format!("{path}/action"),
        &["follow", "avoid"],
    )?;
    check_location(&o["location"], &format!("{path}/location"), files, false)?;
    if let Some(t) = o.get("thread_id") {
        if !(t.is_u64() || t.is_string()) {
            return Err(format!("{path}/thread_id: expected an integer or string"));
        }
    }
    let cp = format!("{path}/constraint");
    match (ty, o.get("constraint")) {
        ("target" | "function_enter", Some(_)) => {
            return Err(format!("{cp}: a {ty} waypoint has no constraint"))
        }
        ("target" | "function_enter", None) => {}
        (_, None) => return Err(format!("{path}: missing required key `constraint`")),
        (_, Some(c)) => {
            let c = obj(c, &cp)?;
            only_keys(c, &cp, &["value"], &["format"])?;
            let value = string(&c["value"], &format!("{cp}/value"))?;
            let format = match c.get("format") {
                Some(f) => Some(one_of(
                    f,
                    &format!("{cp}/format"),
                    &["c_expression", "acsl_expression"],
                )?),
                None => None,
            };
            match ty {
                "assumption" if format == Some("acsl_expression") => {
                    return Err(format!("{cp}/format: an assumption is a c_expression"))
                }
                "function_return" if format == Some("c_expression") => {
                    return Err(format!(
                        "{cp}/format: a function_return is an acsl_expression"
                    ))
                }
                "branching"
                    if value.parse::<i128>().is_err() && !matches!(value, "true" | "false") =>
                {
                    return Err(format!(
                        "{cp}/value: `{value}` is not true, false or a case value"
                    ))
                }
                _ => {}
            }
            if value.trim().is_empty() {
                return Err(format!("{cp}/value: empty"));
            }
        }
    }
    if ty == "target" && action != "follow" {
        return Err(format!("{path}/action: a target waypoint must be followed"));
    }
    Ok((ty.to_string(), action.to_string()))
}

fn check_violation_content(v: &J, path: &str, files: &[String]) -> Result<(), String> {
    let segs = v
        .as_array()
        .filter(|a| !a.is_empty())
        .ok_or_else(|| format!("{path}: expected a non-empty list of segments"))?;
    for (i, seg) in segs.iter().enumerate() {
        let sp = format!("{path}/{i}");
        let so = obj(seg, &sp)?;
        only_keys(so, &sp, &["segment"], &[])?;
        let wps = so["segment"]
            .as_array()
            .filter(|a| !a.is_empty())
            .ok_or_else(|| format!("{sp}/segment: expected a non-empty list of waypoints"))?;
        for (k, w) in wps.iter().enumerate() {
            let wp = format!("{sp}/segment/{k}");
            let wo = obj(w, &wp)?;
            only_keys(wo, &wp, &["waypoint"], &[])?;
            let (ty, action) = check_waypoint(&wo["waypoint"], &format!("{wp}/waypoint"), files)?;
            let last = k + 1 == wps.len();
            if last && action != "follow" {
                return Err(format!("{wp}: a segment ends with its one follow waypoint"));
            }
            if !last && action != "avoid" {
                return Err(format!(
                    "{wp}: only the last waypoint of a segment is followed"
                ));
            }
            if ty == "target" && i + 1 != segs.len() {
                return Err(format!(
                    "{wp}: a target waypoint may only end the final segment"
                ));
            }
            if i + 1 == segs.len() && last && ty != "target" {
                return Err(format!(
                    "{wp}: the final segment must end with a target waypoint"
                ));
            }
        }
    }
    Ok(())
}

fn check_invariant_content(v: &J, path: &str, files: &[String]) -> Result<(), String> {
    let items = v
        .as_array()
        .filter(|a| !a.is_empty())
        .ok_or_else(|| format!("{path}: expected a non-empty list of invariants"))?;
    for (i, it) in items.iter().enumerate() {
        let ip = format!("{path}/{i}");
        let io = obj(it, &ip)?;
        only_keys(io, &ip, &["invariant"], &[])?;
        let vp = format!("{ip}/invariant");
        let inv = obj(&io["invariant"], &vp)?;
        only_keys(inv, &vp, &["type", "location", "value", "format"], &[])?;
        one_of(
            &inv["type"],
            &format!("{vp}/type"),
            &["loop_invariant", "location_invariant"],
        )?;
        check_location(&inv["location"], &format!("{vp}/location"), files, true)?;
        let value = string(&inv["value"], &format!("{vp}/value"))?;
        if value.trim().is_empty() {
            return Err(format!("{vp}/value: empty"));
        }
        one_of(&inv["format"], &format!("{vp}/format"), &["c_expression"])?;
    }
    Ok(())
}

/// Checks a witness file against the format-2.0 schemas for violation and correctness
/// witnesses: a non-empty list of entries of one kind, each with `entry_type`, `metadata`
/// (format version, UUID, ISO 8601 time, producer, task with a SHA-256 per input file, data
/// model ILP32/LP64, language C) and `content` (segments of avoid waypoints ending in one follow
/// waypoint, the last ending in the target; or invariants with complete locations). Waypoint
/// locations must name an input file. Unknown keys are errors (`thread_id` on waypoints is
/// allowed).
pub fn validate(yaml: &str) -> Result<WitnessKind, String> {
    let doc: J = serde_yaml::from_str(yaml).map_err(|e| format!("not YAML: {e}"))?;
    let entries = doc
        .as_array()
        .filter(|a| !a.is_empty())
        .ok_or("a witness is a non-empty list of entries")?;
    let mut kind = None;
    for (i, e) in entries.iter().enumerate() {
        let p = format!("/{i}");
        let o = obj(e, &p)?;
        only_keys(o, &p, &["entry_type", "metadata", "content"], &[])?;
        let ty = one_of(
            &o["entry_type"],
            &format!("{p}/entry_type"),
            &["violation_sequence", "invariant_set"],
        )?;
        let k = if ty == "violation_sequence" {
            WitnessKind::Violation
        } else {
            WitnessKind::Correctness
        };
        if kind.is_some_and(|x| x != k) {
            return Err(format!(
                "{p}/entry_type: a witness does not mix entry types"
            ));
        }
        kind = Some(k);
        let files = check_metadata(&o["metadata"], &format!("{p}/metadata"))?;
        match k {
            WitnessKind::Violation => {
                check_violation_content(&o["content"], &format!("{p}/content"), &files)?
            }
            WitnessKind::Correctness => {
                check_invariant_content(&o["content"], &format!("{p}/content"), &files)?
            }
        }
    }
    kind.ok_or_else(|| "no entries".to_string())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ir::{Edge, EdgeId, ErrorKind, LoopInfo, Scope, Var};

    pub(crate) const SEQ_SRC: &str = "extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  while (y < 3) {
    y = y + 1;
  }
  if (x > 5) {
    reach_error();
  }
  return 0;
}
";

    pub(crate) const CONC_SRC: &str = "int g = 0;
void *t(void *arg) {
  g = 1;
  return 0;
}
int main() {
  pthread_t id;
  pthread_create(&id, 0, t, 0);
  if (g == 1) {
    reach_error();
  }
  return 0;
}
";

    fn at(line: u32, col: u32) -> Loc {
        Loc {
            file: FileId(0),
            line,
            col,
        }
    }

    /// A CFG from (from, to, op, (line, col)) edges; loops from back edges.
    pub(crate) fn cfg(
        name: &str,
        num_locs: u32,
        exit: u32,
        error: u32,
        edges: Vec<(u32, u32, Op, (u32, u32))>,
        loc_src: &[(u32, u32)],
    ) -> Cfg {
        let mut out = vec![Vec::new(); num_locs as usize];
        let edges: Vec<Edge> = edges
            .into_iter()
            .enumerate()
            .map(|(i, (f, t, op, (l, c)))| {
                out[f as usize].push(EdgeId(i as u32));
                Edge {
                    from: LocId(f),
                    to: LocId(t),
                    op,
                    loc: at(l, c),
                }
            })
            .collect();
        let mut loops = Vec::new();
        for (i, e) in edges.iter().enumerate() {
            if e.to <= e.from {
                loops.push(LoopInfo {
                    id: loops.len() as u32 + 1,
                    head: e.to,
                    back_edges: vec![EdgeId(i as u32)],
                    loc: at(loc_src[e.to.0 as usize].0, loc_src[e.to.0 as usize].1),
                });
            }
        }
        Cfg {
            name: name.into(),
            num_locs,
            entry: LocId(0),
            exit: LocId(exit),
            error: LocId(error),
            edges,
            out,
            loc_src: (0..num_locs as usize)
                .map(|i| loc_src.get(i).map_or(at(1, 1), |&(l, c)| at(l, c)))
                .collect(),
            loc_func: vec![name.to_string(); num_locs as usize],
            loops,
            param: None,
            ret: None,
        }
    }

    pub(crate) fn var(name: &str, scope: Scope, temp: bool) -> Var {
        Var {
            name: name.into(),
            ty: Type::int(32, true),
            scope,
            init: None,
            is_temp: temp,
            loc: None,
        }
    }

    fn v(i: u32) -> Expr {
        Expr::Var(VarId(i))
    }
    fn c(x: i128) -> Expr {
        Expr::Const(x, Type::int(32, true))
    }

    /// SEQ_SRC by hand: x = v0, y = v1.
    pub(crate) fn seq_program() -> Program {
        let lt = |a, b| Expr::bin(BinOp::Lt, a, b);
        let gt = |a, b| Expr::bin(BinOp::Gt, a, b);
        let main = cfg(
            "main",
            9,
            7,
            8,
            vec![
                (0, 1, Op::Nondet(VarId(0)), (4, 3)),
                (1, 2, Op::Assign(VarId(1), c(0)), (5, 3)),
                (2, 3, Op::Assume(lt(v(1), c(3))), (6, 10)),
                (2, 4, Op::Assume(Expr::not(lt(v(1), c(3)))), (6, 10)),
                (
                    3,
                    2,
                    Op::Assign(VarId(1), Expr::bin(BinOp::Add, v(1), c(1))),
                    (7, 5),
                ),
                (4, 5, Op::Assume(gt(v(0), c(5))), (9, 3)),
                (4, 6, Op::Assume(Expr::not(gt(v(0), c(5)))), (9, 3)),
                (5, 8, Op::Error(ErrorKind::ReachError), (10, 5)),
                (6, 7, Op::Skip, (12, 3)),
            ],
            &[
                (4, 3),
                (5, 3),
                (6, 10),
                (7, 5),
                (9, 3),
                (10, 5),
                (12, 3),
                (13, 1),
                (10, 5),
            ],
        );
        Program {
            vars: vec![
                var("x", Scope::Local(ThreadId(0)), false),
                var("y", Scope::Local(ThreadId(0)), false),
            ],
            objects: vec![],
            threads: vec![main],
            pointer_bits: 32,
            target: "ilp32".into(),
        }
    }

    pub(crate) fn step(
        thread: u32,
        instance: u32,
        edge: u32,
        nondet: Vec<i128>,
        assigned: Vec<(u32, i128)>,
    ) -> Step {
        Step::Edge {
            thread: ThreadId(thread),
            instance,
            edge: EdgeId(edge),
            nondet,
            assigned: assigned.into_iter().map(|(v, x)| (VarId(v), x)).collect(),
        }
    }

    pub(crate) fn seq_cex() -> Counterexample {
        let mut steps = vec![
            step(0, 0, 0, vec![6], vec![(0, 6)]),
            step(0, 0, 1, vec![], vec![(1, 0)]),
        ];
        for k in 1..=3 {
            steps.push(step(0, 0, 2, vec![], vec![]));
            steps.push(step(0, 0, 4, vec![], vec![(1, k)]));
        }
        steps.push(step(0, 0, 3, vec![], vec![]));
        steps.push(step(0, 0, 5, vec![], vec![]));
        steps.push(step(0, 0, 7, vec![], vec![]));
        Counterexample {
            violation: Violation::Property {
                description: "reach_error".into(),
                loc: at(10, 5),
            },
            steps,
        }
    }

    /// CONC_SRC by hand: g = v0 (global), thread 1 = t.
    pub(crate) fn conc_program() -> Program {
        let eq = Expr::bin(BinOp::Eq, v(0), c(1));
        let main = cfg(
            "main",
            6,
            4,
            5,
            vec![
                (
                    0,
                    1,
                    Op::Call {
                        func: "pthread_create".into(),
                        args: vec![
                            CallArg::Value(Expr::Const(4096, Type::int(32, false))),
                            CallArg::Value(Expr::Const(0, Type::int(32, false))),
                            CallArg::Thread(ThreadId(1)),
                            CallArg::Value(Expr::Const(0, Type::int(32, false))),
                        ],
                        ret: None,
                        may_write: vec![],
                    },
                    (8, 3),
                ),
                (1, 2, Op::Assume(eq.clone()), (9, 3)),
                (1, 3, Op::Assume(Expr::not(eq)), (9, 3)),
                (2, 5, Op::Error(ErrorKind::ReachError), (10, 5)),
                (3, 4, Op::Skip, (12, 3)),
            ],
            &[(8, 3), (9, 3), (10, 5), (12, 3), (13, 1), (10, 5)],
        );
        let t = cfg(
            "t",
            4,
            2,
            3,
            vec![
                (0, 1, Op::Assign(VarId(0), c(1)), (3, 3)),
                (1, 2, Op::Skip, (4, 3)),
            ],
            &[(3, 3), (4, 3), (5, 1), (5, 1)],
        );
        Program {
            vars: vec![var("g", Scope::Global, false)],
            objects: vec![],
            threads: vec![main, t],
            pointer_bits: 32,
            target: "ilp32".into(),
        }
    }

    pub(crate) fn conc_cex() -> Counterexample {
        Counterexample {
            violation: Violation::Property {
                description: "reach_error".into(),
                loc: at(10, 5),
            },
            steps: vec![
                step(0, 0, 0, vec![], vec![]),
                Step::Sched("switch to t #0".into()),
                step(1, 0, 0, vec![], vec![(0, 1)]),
                step(1, 0, 1, vec![], vec![]),
                Step::Sched("switch to main #0".into()),
                step(0, 0, 1, vec![], vec![]),
                step(0, 0, 3, vec![], vec![]),
            ],
        }
    }

    pub(crate) fn write_src(name: &str, text: &str) -> (std::path::PathBuf, SourceMap) {
        let dir =
            std::env::temp_dir().join(format!("schedmc-witness-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let mut sources = SourceMap::new();
        sources.add(name, None, Some(text.to_string()));
        (path, sources)
    }

    fn meta() -> WitnessMeta {
        WitnessMeta::fixed(
            "2f7c0a5e-1b2c-4d3e-8f90-123456789abc",
            "2024-05-01T12:00:00Z",
        )
    }

    fn waypoints(y: &str) -> Vec<serde_json::Value> {
        let doc: serde_json::Value = serde_yaml::from_str(y).unwrap();
        doc[0]["content"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["segment"][0]["waypoint"].clone())
            .collect()
    }

    fn brief(w: &serde_json::Value) -> String {
        format!(
            "{} {}:{} {}",
            w["type"].as_str().unwrap(),
            w["location"]["line"],
            w["location"]["column"],
            w["constraint"]["value"].as_str().unwrap_or("-")
        )
    }

    #[test]
    fn sequential_violation_waypoints() {
        let (path, sources) = write_src("seq.c", SEQ_SRC);
        let prog = seq_program();
        let spec = crate::svcomp::Property::UnreachCall.specification();
        let y = violation_witness(
            &prog,
            &sources,
            &seq_cex(),
            &path,
            spec,
            DataModel::ILP32,
            &meta(),
        )
        .unwrap();
        assert_eq!(validate(&y), Ok(WitnessKind::Violation), "{y}");
        let wps: Vec<String> = waypoints(&y).iter().map(brief).collect();
        assert_eq!(
            wps,
            vec![
                "assumption 5:3 x == 6",
                "branching 6:3 true",
                "branching 6:3 true",
                "branching 6:3 true",
                "branching 6:3 false",
                "branching 9:3 true",
                "target 10:5 -",
            ],
            "{y}"
        );
        let w = waypoints(&y);
        assert_eq!(w[0]["constraint"]["format"], "c_expression");
        assert_eq!(w[0]["location"]["function"], "main");
        assert!(w.iter().all(|w| w.get("thread_id").is_none()));
        let doc: serde_json::Value = serde_yaml::from_str(&y).unwrap();
        let md = &doc[0]["metadata"];
        let file = path.to_string_lossy().to_string();
        assert_eq!(
            md["task"]["input_file_hashes"][&file],
            sha256_hex(SEQ_SRC.as_bytes())
        );
        assert_eq!(md["task"]["data_model"], "ILP32");
        assert_eq!(md["task"]["specification"], spec);
        assert_eq!(md["uuid"], meta().uuid);
        assert_eq!(md["creation_time"], "2024-05-01T12:00:00Z");
        // deterministic
        let again = violation_witness(
            &prog,
            &sources,
            &seq_cex(),
            &path,
            spec,
            DataModel::ILP32,
            &meta(),
        )
        .unwrap();
        assert_eq!(y, again);
    }

    #[test]
    fn temporary_nondet_falls_back_to_function_return() {
        let (path, sources) = write_src("tmp.c", SEQ_SRC);
        let mut prog = seq_program();
        prog.vars[0].is_temp = true;
        prog.vars[0].name = "tmp$1".into();
        let y = violation_witness(
            &prog,
            &sources,
            &seq_cex(),
            &path,
            "G ! call(reach_error())",
            DataModel::LP64,
            &meta(),
        )
        .unwrap();
        assert_eq!(validate(&y), Ok(WitnessKind::Violation), "{y}");
        let w = waypoints(&y);
        // `  int x = __VERIFIER_nondet_int();`: the closing parenthesis is column 33
        assert_eq!(brief(&w[0]), "function_return 4:33 \\result == 6");
        assert_eq!(w[0]["constraint"]["format"], "acsl_expression");
    }

    #[test]
    fn temporary_copied_into_user_variable() {
        let (path, sources) = write_src("copy.c", SEQ_SRC);
        let mut prog = seq_program();
        // tmp := nondet (edge 0) then y := tmp (edge 1), as a lowering with temporaries would
        prog.vars
            .push(var("tmp$7", Scope::Local(ThreadId(0)), true));
        prog.threads[0].edges[0].op = Op::Nondet(VarId(2));
        prog.threads[0].edges[1].op = Op::Assign(VarId(1), Expr::Var(VarId(2)));
        let mut cex = seq_cex();
        cex.steps[0] = step(0, 0, 0, vec![-4], vec![(2, -4)]);
        cex.steps[1] = step(0, 0, 1, vec![], vec![(1, -4)]);
        let y = violation_witness(
            &prog,
            &sources,
            &cex,
            &path,
            "G ! call(reach_error())",
            DataModel::ILP32,
            &meta(),
        )
        .unwrap();
        assert_eq!(brief(&waypoints(&y)[0]), "assumption 6:3 y == -4", "{y}");
    }

    #[test]
    fn ambiguous_decisions_are_not_named() {
        let (path, sources) = write_src("amb.c", SEQ_SRC);
        let mut prog = seq_program();
        // a second decision whose condition also resolves to the `if` of line 9
        let c9 = prog.threads[0].edges[5].clone();
        let mut d = c9.clone();
        d.from = LocId(6);
        d.to = LocId(7);
        let mut d2 = d.clone();
        d2.to = LocId(7);
        prog.threads[0].edges.push(d);
        prog.threads[0].edges.push(d2);
        prog.threads[0].out[6] = vec![EdgeId(9), EdgeId(10)];
        let y = violation_witness(
            &prog,
            &sources,
            &seq_cex(),
            &path,
            "G ! call(reach_error())",
            DataModel::ILP32,
            &meta(),
        )
        .unwrap();
        let wps: Vec<String> = waypoints(&y).iter().map(brief).collect();
        assert!(
            !wps.iter().any(|w| w.starts_with("branching 9:")),
            "{wps:?}"
        );
        assert!(
            wps.iter().any(|w| w.starts_with("branching 6:3")),
            "{wps:?}"
        );
    }

    #[test]
    fn concurrent_violation_has_thread_ids() {
        let (path, sources) = write_src("conc.c", CONC_SRC);
        let prog = conc_program();
        let y = violation_witness(
            &prog,
            &sources,
            &conc_cex(),
            &path,
            "G ! call(reach_error())",
            DataModel::ILP32,
            &meta(),
        )
        .unwrap();
        assert_eq!(validate(&y), Ok(WitnessKind::Violation), "{y}");
        let w = waypoints(&y);
        let wps: Vec<String> = w.iter().map(brief).collect();
        assert_eq!(
            wps,
            vec![
                "function_enter 8:3 -",
                "branching 9:3 true",
                "target 10:5 -"
            ],
            "{y}"
        );
        assert_eq!(w[0]["thread_id"], 1);
        assert_eq!(w[1]["thread_id"], 0);
        assert_eq!(w[2]["thread_id"], 0);
        let mut m2 = meta();
        m2.thread_info = false;
        let y2 = violation_witness(
            &prog,
            &sources,
            &conc_cex(),
            &path,
            "G ! call(reach_error())",
            DataModel::ILP32,
            &m2,
        )
        .unwrap();
        let w2 = waypoints(&y2);
        assert_eq!(w2.len(), 2);
        assert!(w2.iter().all(|w| w.get("thread_id").is_none()));
    }

    #[test]
    fn unwinding_assertion_and_missing_file_are_errors() {
        let (path, sources) = write_src("unw.c", SEQ_SRC);
        let prog = seq_program();
        let mut cex = seq_cex();
        cex.violation = Violation::UnwindingAssertion {
            loop_id: 1,
            loc: at(6, 3),
        };
        assert!(
            violation_witness(&prog, &sources, &cex, &path, "x", DataModel::ILP32, &meta())
                .is_err()
        );
        let missing = Path::new("/nonexistent/dir/x.c");
        let e = violation_witness(
            &prog,
            &sources,
            &seq_cex(),
            missing,
            "x",
            DataModel::ILP32,
            &meta(),
        )
        .unwrap_err();
        assert_eq!(e.kind, DiagKind::Io);
        assert!(correctness_witness(
            &prog,
            &sources,
            &[],
            missing,
            "x",
            DataModel::ILP32,
            &meta()
        )
        .is_err());
    }

    #[test]
    fn correctness_witness_locations() {
        let (path, sources) = write_src("inv.c", SEQ_SRC);
        let prog = seq_program();
        let invs = vec![
            (at(6, 10), "0 <= y && y <= 3".to_string()), // loop condition → `while` keyword
            (at(6, 10), "0 <= y && y <= 3".to_string()), // duplicate
            (at(9, 3), "y == 3".to_string()),            // a plain statement
            (
                Loc {
                    file: FileId(7),
                    line: 1,
                    col: 1,
                },
                "1".to_string(),
            ), // not the input file
        ];
        let y = correctness_witness(
            &prog,
            &sources,
            &invs,
            &path,
            "G ! call(reach_error())",
            DataModel::ILP32,
            &meta(),
        )
        .unwrap();
        assert_eq!(validate(&y), Ok(WitnessKind::Correctness), "{y}");
        let doc: serde_json::Value = serde_yaml::from_str(&y).unwrap();
        let items = doc[0]["content"].as_array().unwrap();
        assert_eq!(items.len(), 2, "{y}");
        let i0 = &items[0]["invariant"];
        assert_eq!(i0["type"], "loop_invariant");
        assert_eq!(
            (
                i0["location"]["line"].as_u64(),
                i0["location"]["column"].as_u64()
            ),
            (Some(6), Some(3))
        );
        assert_eq!(i0["location"]["function"], "main");
        assert_eq!(i0["value"], "0 <= y && y <= 3");
        assert_eq!(i0["format"], "c_expression");
        assert_eq!(items[1]["invariant"]["type"], "location_invariant");
        // no invariants: the trivial one at each loop
        let t = correctness_witness(
            &prog,
            &sources,
            &[],
            &path,
            "G ! call(reach_error())",
            DataModel::LP64,
            &meta(),
        )
        .unwrap();
        assert_eq!(validate(&t), Ok(WitnessKind::Correctness), "{t}");
        assert!(t.contains("value: \"1\""), "{t}");
        assert!(t.contains("type: \"loop_invariant\""), "{t}");
    }

    #[test]
    fn keywords_from_conditions() {
        let t = Text::new(
            b"  for (i = 0; (i < n); i++) x++;\n  do { y--; } while (y);\n  if (f(a)) b = 1;\n"
                .to_vec(),
        );
        let off = |l, c| t.offset(l, c).unwrap();
        let kws = &["if", "while", "for", "do"];
        assert_eq!(
            t.condition_keyword(off(1, 16), kws),
            Some((off(1, 3), "for"))
        );
        assert_eq!(
            t.condition_keyword(off(1, 3), kws),
            Some((off(1, 3), "for"))
        );
        assert_eq!(
            t.condition_keyword(off(2, 22), kws),
            Some((off(2, 15), "while"))
        );
        assert_eq!(t.condition_keyword(off(3, 7), kws), Some((off(3, 3), "if")));
        assert_eq!(t.condition_keyword(off(3, 9), kws), None); // `a`: argument of f
        assert_eq!(t.condition_keyword(off(3, 13), kws), None); // `b = 1`: a statement
        assert_eq!(t.do_before(off(2, 8)), Some(off(2, 3)));
        assert_eq!(t.line_col(off(2, 8)), (2, 8));
    }

    #[test]
    fn c_rendering() {
        assert_eq!(c_literal(5, Type::int(32, true)), "5");
        assert_eq!(c_literal(-1, Type::int(32, false)), "4294967295U");
        assert_eq!(
            c_literal(i32::MIN as i128, Type::int(32, true)),
            "(-2147483647 - 1)"
        );
        assert_eq!(c_literal(7, Type::int(64, false)), "7ULL");
        assert_eq!(c_literal(-7, Type::int(64, true)), "-7LL");
        assert_eq!(c_literal(300, Type::int(8, false)), "44");
        assert_eq!(c_literal(2, Type::Bool), "1");
        let mut prog = seq_program();
        prog.vars
            .push(var("tmp$1", Scope::Local(ThreadId(0)), true));
        prog.vars
            .push(var("push::stack[3]", Scope::Local(ThreadId(0)), false));
        prog.vars.push(Var {
            ty: Type::int(8, false),
            ..var("c", Scope::Global, false)
        });
        let e = Expr::bin(
            BinOp::And,
            Expr::bin(BinOp::Le, c(0), v(1)),
            Expr::bin(BinOp::Lt, v(3), Expr::cast(Type::int(32, true), v(0))),
        );
        assert_eq!(
            c_expr(&prog, &e).as_deref(),
            Some("(0 <= y) && (stack[3] < ((int) x))")
        );
        assert_eq!(c_expr(&prog, &Expr::bin(BinOp::Eq, v(2), c(1))), None);
        let u8t = Type::int(8, false);
        let add = Expr::bin(BinOp::Add, v(4), Expr::Const(1, u8t));
        assert_eq!(c_expr(&prog, &add).unwrap(), "(unsigned char) (c + 1)");
        // a name shared by two variables is ambiguous
        prog.vars
            .push(var("f::y", Scope::Local(ThreadId(0)), false));
        assert_eq!(CNames::new(&prog).name(VarId(1)), None);
        assert_eq!(CNames::new(&prog).name(VarId(0)).as_deref(), Some("x"));
    }

    #[test]
    fn metadata_helpers() {
        assert_eq!(iso8601_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso8601_utc(1_714_564_800), "2024-05-01T12:00:00Z");
        assert_eq!(iso8601_utc(951_782_400), "2000-02-29T00:00:00Z");
        let u = uuid_from_seed(b"x");
        assert!(is_uuid(&u), "{u}");
        assert_eq!(&u[14..15], "4");
        let a = WitnessMeta::new();
        let b = WitnessMeta::new();
        assert_ne!(a.uuid, b.uuid);
        assert!(is_uuid(&a.uuid) && is_date_time(&a.creation_time), "{a:?}");
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(is_date_time("2024-05-01T12:00:00.123+02:00"));
        assert!(!is_date_time("2024-05-01 12:00:00"));
        assert!(!is_uuid("not-a-uuid"));
    }

    #[test]
    fn yaml_emitter_round_trips() {
        let y = Y::L(vec![m(vec![
            ("a", s("x: \"q\"\n")),
            ("b", Y::I(-3)),
            ("c", Y::L(vec![])),
            ("d", Y::M(vec![("odd key/1.c".into(), s("v"))])),
            ("e", Y::L(vec![Y::L(vec![s("n")]), m(vec![("k", Y::I(1))])])),
        ])]);
        let text = to_yaml(&y);
        let back: serde_json::Value = serde_yaml::from_str(&text).unwrap();
        assert_eq!(
            back,
            serde_json::json!([{"a": "x: \"q\"\n", "b": -3, "c": [], "d": {"odd key/1.c": "v"}, "e": [["n"], {"k": 1}]}]),
            "{text}"
        );
    }
}
