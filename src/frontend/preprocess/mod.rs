//! The C preprocessor: includes (with schedmc's shipped headers embedded), object- and
//! function-like macros (variadic, `#`, `##`, Prosser hide sets), conditionals with full
//! constant expressions, `#line` / line markers, `#error` / `#warning`, `#pragma` / `_Pragma`.
//!
//! The output is one string of preprocessed text with GCC-style line markers (`# 12 "file.c"`,
//! optionally with flag 1 on entering an include and 2 on returning), such that every output
//! line is attributable to its original file and line; unexpanded text keeps its columns.
//! Tokens of a macro expansion go on the line of the invocation, except that argument tokens
//! from later lines of a multi-line invocation stay on their own lines.
//!
//! Not supported: `__VA_OPT__`; directives inside macro arguments (an error); `#include_next`
//! searches like `#include`; `%:%:` as the paste operator; `#pragma push_macro`/`pop_macro`
//! (ignored); header names are lexed as tokens (so `<a//b.h>` fails).

mod expr;
mod headers;
mod lexer;
mod output;
#[cfg(test)]
mod tests;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::diag::{Diag, DiagKind, FileId, Loc, SourceMap};

use lexer::{hs_add, hs_contains, hs_intersect, hs_union, lex_one, HideSet, Lexer, Tok, TK};
use output::{escape_name, Out};

pub use headers::{shipped_header, SHIPPED_HEADERS};

/// Options of a preprocessor run.
#[derive(Clone, Debug, Default)]
pub struct PpOptions {
    /// `-I` directories, searched in order.
    pub include_dirs: Vec<PathBuf>,
    /// `-D NAME[=VALUE]` (a `NAME` alone means `1`); `NAME(params)=body` defines a function-like macro.
    pub defines: Vec<(String, Option<String>)>,
    /// Directory of schedmc's shipped headers; `None` uses the copies built into the binary.
    pub system_include_dir: Option<PathBuf>,
    /// Macros whose definition schedmc replaces (`NAME` or `NAME(params)`, body): when the
    /// program defines `NAME`, this definition is used instead (scheduler descriptions replace
    /// port-layer macros such as FreeRTOS's `portYIELD()`, whose definitions use inline
    /// assembly and memory-mapped registers). Until then `NAME` stays undefined.
    pub fixed: Vec<(String, String)>,
    /// Header names whose `#include` is dropped wherever it appears (the SystemC C++ front
    /// end's standard headers, which it models itself, also when a model's own header
    /// includes them).
    pub skip_headers: Vec<String>,
}

/// Preprocessed text (with line markers) and the warnings produced.
#[derive(Clone, Debug)]
pub struct PpOutput {
    pub text: String,
    pub warnings: Vec<Diag>,
    /// The object-like macros defined at the end of the translation unit, with their bodies
    /// as text (tokens separated by single spaces), sorted by name.
    pub macros: Vec<(String, String)>,
}

/// Preprocesses a file; the main file is named in markers and in `sources` as `path` is spelled.
pub fn preprocess_file(
    path: &Path,
    opts: &PpOptions,
    sources: &mut SourceMap,
) -> Result<PpOutput, Diag> {
    let name = path.to_string_lossy().into_owned();
    let bytes = std::fs::read(path)
        .map_err(|e| Diag::error(DiagKind::Io, None, format!("cannot read {name}: {e}")))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let id = sources.add(&name, Some(path), Some(text.clone()));
    let dir = Some(path.parent().map(Path::to_path_buf).unwrap_or_default());
    run(id, &name, &text, dir, opts, sources)
}

/// Preprocesses a string named `name` (quote includes are searched in the `-I` directories only).
pub fn preprocess_str(
    name: &str,
    text: &str,
    opts: &PpOptions,
    sources: &mut SourceMap,
) -> Result<PpOutput, Diag> {
    let id = sources.add(name, None, Some(text.to_string()));
    run(id, name, text, None, opts, sources)
}

/// [`preprocess_str`] for text read from `path` (a quoted `#include` is searched in `path`'s
/// directory first, as for [`preprocess_file`]).
pub fn preprocess_str_at(
    path: &Path,
    text: &str,
    opts: &PpOptions,
    sources: &mut SourceMap,
) -> Result<PpOutput, Diag> {
    let name = path.to_string_lossy().into_owned();
    let id = sources.add(&name, Some(path), Some(text.to_string()));
    let dir = Some(path.parent().map(Path::to_path_buf).unwrap_or_default());
    run(id, &name, text, dir, opts, sources)
}

/// Parses a GCC line marker line `# N "file" flags...` (or `#line N "file"`): (line, file, flags).
pub fn parse_line_marker(line: &str) -> Option<(u32, Option<String>, Vec<u32>)> {
    let l = line.trim_start().strip_prefix('#')?.trim_start();
    let l = match l.strip_prefix("line") {
        Some(r) if r.starts_with([' ', '\t']) => r.trim_start(),
        _ => l,
    };
    let end = l.find(|c: char| !c.is_ascii_digit()).unwrap_or(l.len());
    if end == 0 {
        return None;
    }
    let n: u32 = l[..end].parse().ok()?;
    let mut rest = l[end..].trim_start();
    let mut file = None;
    if let Some(r) = rest.strip_prefix('"') {
        let mut name = String::new();
        let mut chars = r.char_indices();
        let mut close = None;
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    close = Some(i);
                    break;
                }
                '\\' => {
                    if let Some((_, d)) = chars.next() {
                        name.push(d);
                    }
                }
                c => name.push(c),
            }
        }
        rest = r[close? + 1..].trim_start();
        file = Some(name);
    }
    let flags = rest
        .split_whitespace()
        .map_while(|f| f.parse().ok())
        .collect();
    Some((n, file, flags))
}

const MAX_INCLUDE_DEPTH: usize = 200;
/// The pseudo-function a `#pragma pack(...)` becomes in the output (read by the parser).
pub const PRAGMA_PACK: &str = "__schedmc_pragma_pack";
/// The pseudo-declaration `#pragma weak name` becomes in the output (read by the parser).
pub const PRAGMA_WEAK: &str = "__schedmc_pragma_weak";
const MAX_EXPANSION_DEPTH: usize = 200;
const MAX_EXPANSION_TOKENS: usize = 1_000_000;

fn perr(loc: Loc, msg: impl Into<String>) -> Diag {
    Diag::error(DiagKind::Preprocess, Some(loc), msg)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Builtin {
    File,
    Line,
    Counter,
    IncludeLevel,
}

#[derive(Debug)]
enum MacroKind {
    Object,
    Function {
        params: Vec<Rc<str>>,
        variadic: bool,
    },
    Builtin(Builtin),
}

#[derive(Debug)]
struct Macro {
    id: u32,
    kind: MacroKind,
    body: Vec<Tok>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CondState {
    /// This group is being processed.
    Active,
    /// An earlier group of this conditional was taken: skip the rest.
    Done,
    /// No group taken yet: skipping, a later `#elif`/`#else` may be taken.
    Pending,
    /// The whole conditional is inside a skipped group.
    Outer,
}

struct Cond {
    loc: Loc,
    directive: &'static str,
    state: CondState,
    seen_else: bool,
}

/// One file being read.
struct FileState {
    lx: Lexer,
    /// Presumed file (changed by `#line` / line markers) and presumed-line offset.
    pfile: FileId,
    delta: i64,
    /// Directory for `#include "..."` (None for strings and built-in headers).
    dir: Option<PathBuf>,
    conds: Vec<Cond>,
    pending: Option<Vec<Tok>>,
    once_key: String,
}

fn is_directive(line: &[Tok]) -> bool {
    line.first()
        .is_some_and(|t| t.is_punct("#") || t.is_punct("%:"))
}

impl FileState {
    fn new(text: &str, pfile: FileId, dir: Option<PathBuf>, once_key: String) -> FileState {
        FileState {
            lx: Lexer::new(text),
            pfile,
            delta: 0,
            dir,
            conds: Vec::new(),
            pending: None,
            once_key,
        }
    }

    fn next_line(&mut self) -> Result<Option<Vec<Tok>>, Diag> {
        if let Some(l) = self.pending.take() {
            return Ok(Some(l));
        }
        self.lx.next_line(self.pfile, self.delta)
    }

    /// The next line if it is a text line (for macro arguments spanning lines).
    fn pull_text_line(&mut self) -> Result<Option<Vec<Tok>>, Diag> {
        if self.pending.is_none() {
            self.pending = self.lx.next_line(self.pfile, self.delta)?;
        }
        match &self.pending {
            Some(l) if !is_directive(l) => Ok(self.pending.take()),
            _ => Ok(None),
        }
    }

    fn skipping(&self) -> bool {
        self.conds
            .last()
            .is_some_and(|c| c.state != CondState::Active)
    }

    /// Presumed line number of the next line to be read.
    fn next_presumed_line(&self) -> u32 {
        (self.lx.line() as i64 + self.delta).clamp(1, u32::MAX as i64) as u32
    }
}

/// Where an included file was found.
enum Found {
    Disk(PathBuf),
    Builtin(&'static str, &'static str),
}

struct Pp<'a> {
    opts: &'a PpOptions,
    sources: &'a mut SourceMap,
    macros: HashMap<Rc<str>, Rc<Macro>>,
    ids: HashMap<Rc<str>, u32>,
    out: Out,
    warnings: Vec<Diag>,
    once: HashSet<String>,
    counter: u64,
    depth: usize,
    budget: usize,
    include_level: usize,
    hs_memo: HashMap<(usize, u32), (HideSet, HideSet)>,
    /// The definitions of `PpOptions::fixed`, used in place of the program's.
    fixed: HashMap<Rc<str>, Rc<Macro>>,
}

fn run(
    main: FileId,
    name: &str,
    text: &str,
    dir: Option<PathBuf>,
    opts: &PpOptions,
    sources: &mut SourceMap,
) -> Result<PpOutput, Diag> {
    let mut pp = Pp {
        opts,
        sources,
        macros: HashMap::new(),
        ids: HashMap::new(),
        out: Out::new(),
        warnings: Vec::new(),
        once: HashSet::new(),
        counter: 0,
        depth: 0,
        budget: 0,
        include_level: 0,
        hs_memo: HashMap::new(),
        fixed: HashMap::new(),
    };
    for (n, b) in [
        ("__FILE__", Builtin::File),
        ("__LINE__", Builtin::Line),
        ("__COUNTER__", Builtin::Counter),
        ("__INCLUDE_LEVEL__", Builtin::IncludeLevel),
    ] {
        let name: Rc<str> = Rc::from(n);
        let id = pp.intern(&name);
        pp.macros.insert(
            name,
            Rc::new(Macro {
                id,
                kind: MacroKind::Builtin(b),
                body: Vec::new(),
            }),
        );
    }
    let builtin =
        "#define __STDC__ 1\n#define __STDC_VERSION__ 199901L\n#define __STDC_HOSTED__ 1\n\
                   #define __schedmc__ 1\n#define __SCHEDMC__ 1\n\
                   #define __DATE__ \"Jan  1 1970\"\n#define __TIME__ \"00:00:00\"\n";
    pp.run_prelude("<built-in>", builtin)?;
    let mut cmdline = String::new();
    for (n, v) in &opts.defines {
        let n = n.replace(['\n', '\r'], " ");
        let v = v.as_deref().unwrap_or("1").replace(['\n', '\r'], " ");
        cmdline.push_str(&format!("#define {n} {v}\n"));
    }
    if !cmdline.is_empty() {
        pp.run_prelude("<command-line>", &cmdline)?;
    }
    let mut fixed = String::new();
    for (n, v) in &opts.fixed {
        let n = n.replace(['\n', '\r'], " ");
        let v = v.replace(['\n', '\r'], " ");
        fixed.push_str(&format!("#undef {}\n#define {n} {v}\n", macro_name(&n)));
    }
    if !fixed.is_empty() {
        pp.run_prelude("<schedmc>", &fixed)?;
        for (n, _) in &opts.fixed {
            let n: Rc<str> = Rc::from(macro_name(n));
            if let Some(m) = pp.macros.remove(&n) {
                pp.fixed.insert(n, m);
            }
        }
    }
    pp.out = Out::new();
    pp.out.marker(1, main, name, None);
    let key = dir
        .as_ref()
        .and_then(|_| std::fs::canonicalize(name).ok())
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(|| name.to_string());
    pp.run_files(vec![FileState::new(text, main, dir, key)])?;
    let mut macros: Vec<(String, String)> = pp
        .macros
        .iter()
        .filter(|(_, m)| matches!(m.kind, MacroKind::Object))
        .map(|(n, m)| {
            let body: Vec<&str> = m.body.iter().map(|t| &*t.text).collect();
            (n.to_string(), body.join(" "))
        })
        .collect();
    macros.sort();
    Ok(PpOutput {
        text: pp.out.finish(),
        warnings: pp.warnings,
        macros,
    })
}

/// The name of a macro given as `NAME` or `NAME(params)`.
fn macro_name(n: &str) -> &str {
    n.split('(').next().unwrap_or(n).trim()
}

impl<'a> Pp<'a> {
    fn intern(&mut self, name: &Rc<str>) -> u32 {
        let n = self.ids.len() as u32;
        *self.ids.entry(name.clone()).or_insert(n)
    }

    fn run_prelude(&mut self, name: &str, text: &str) -> Result<(), Diag> {
        let id = self.sources.add(name, None, Some(text.to_string()));
        self.run_files(vec![FileState::new(text, id, None, name.to_string())])
    }

    fn file_name(&self, id: FileId) -> String {
        self.sources.name(id).to_string()
    }

    /// Processes files until the bottom one ends (includes push onto `files`).
    fn run_files(&mut self, mut files: Vec<FileState>) -> Result<(), Diag> {
        loop {
            let Some(top) = files.last_mut() else {
                return Ok(());
            };
            match top.next_line()? {
                None => {
                    if let Some(c) = top.conds.last() {
                        return Err(perr(c.loc, format!("unterminated #{}", c.directive)));
                    }
                    files.pop();
                    self.include_level = files.len().saturating_sub(1);
                    if let Some(parent) = files.last() {
                        let line = parent.next_presumed_line();
                        let name = self.file_name(parent.pfile);
                        self.out.marker(line, parent.pfile, &name, Some(2));
                    }
                }
                Some(line) => {
                    if is_directive(&line) {
                        self.budget = 0;
                        self.directive(line, &mut files)?;
                    } else if !top.skipping() {
                        self.budget = 0;
                        let toks = self.expand(line, Some(top), false)?;
                        self.emit(&toks)?;
                    }
                }
            }
        }
    }

    fn emit(&mut self, toks: &[Tok]) -> Result<(), Diag> {
        let sources = &*self.sources;
        let name = |id: FileId| sources.name(id).to_string();
        for t in toks {
            if t.kind == TK::Bad {
                return Err(unterminated(t));
            }
            self.out.emit(t, &name);
        }
        Ok(())
    }

    // ----------------------------------------------------------------------------------------
    // Directives

    fn directive(&mut self, line: Vec<Tok>, files: &mut Vec<FileState>) -> Result<(), Diag> {
        let Some(fs) = files.last_mut() else {
            return Ok(());
        };
        let hash = line[0].clone();
        let skipping = fs.skipping();
        let Some(name_tok) = line.get(1) else {
            return Ok(()); // null directive
        };
        let rest = &line[2..];
        if name_tok.kind == TK::Num {
            // a GCC line marker `# 12 "file" flags`
            if skipping {
                return Ok(());
            }
            return self.line_directive(&line[1..], fs, &hash);
        }
        if name_tok.kind != TK::Ident {
            if skipping {
                return Ok(());
            }
            return Err(perr(
                name_tok.loc,
                format!("invalid preprocessing directive #{}", name_tok.text),
            ));
        }
        let dname: &str = &name_tok.text;
        match dname {
            "if" | "ifdef" | "ifndef" => {
                let directive = match dname {
                    "if" => "if",
                    "ifdef" => "ifdef",
                    _ => "ifndef",
                };
                let state = if skipping {
                    CondState::Outer
                } else if self.cond_value(dname, rest, name_tok)? {
                    CondState::Active
                } else {
                    CondState::Pending
                };
                fs.conds.push(Cond {
                    loc: hash.loc,
                    directive,
                    state,
                    seen_else: false,
                });
                Ok(())
            }
            "elif" | "elifdef" | "elifndef" => {
                let Some(c) = fs.conds.last() else {
                    return Err(perr(hash.loc, format!("#{dname} without #if")));
                };
                if c.seen_else {
                    return Err(perr(hash.loc, format!("#{dname} after #else")));
                }
                let new = match c.state {
                    CondState::Active | CondState::Done => CondState::Done,
                    CondState::Outer => CondState::Outer,
                    CondState::Pending => {
                        let kind = match dname {
                            "elif" => "if",
                            "elifdef" => "ifdef",
                            _ => "ifndef",
                        };
                        if self.cond_value(kind, rest, name_tok)? {
                            CondState::Active
                        } else {
                            CondState::Pending
                        }
                    }
                };
                if let Some(c) = fs.conds.last_mut() {
                    c.state = new;
                }
                Ok(())
            }
            "else" => {
                let Some(c) = fs.conds.last_mut() else {
                    return Err(perr(hash.loc, "#else without #if"));
                };
                if c.seen_else {
                    return Err(perr(hash.loc, "#else after #else"));
                }
                c.seen_else = true;
                c.state = match c.state {
                    CondState::Active | CondState::Done => CondState::Done,
                    CondState::Pending => CondState::Active,
                    CondState::Outer => CondState::Outer,
                };
                Ok(())
            }
            "endif" => {
                if fs.conds.pop().is_none() {
                    return Err(perr(hash.loc, "#endif without #if"));
                }
                Ok(())
            }
            _ if skipping => Ok(()),
            "define" => self.define(rest, &hash),
            "undef" => {
                match rest.first() {
                    Some(t) if t.kind == TK::Ident => {
                        if &*t.text == "defined" {
                            return Err(perr(t.loc, "\"defined\" cannot be used as a macro name"));
                        }
                        self.macros.remove(&t.text);
                    }
                    Some(t) => return Err(perr(t.loc, "macro names must be identifiers")),
                    None => return Err(perr(hash.loc, "no macro name given in #undef directive")),
                }
                Ok(())
            }
            "include" | "include_next" | "import" => self.include(rest, &hash, files),
            "line" => {
                let toks = if rest.first().is_some_and(|t| t.kind == TK::Num) {
                    rest.to_vec()
                } else {
                    self.expand(rest.to_vec(), None, false)?
                };
                self.line_directive(&toks, fs, &hash)
            }
            "error" | "warning" => {
                let mut msg = format!("#{dname}");
                for t in rest {
                    msg.push(' ');
                    msg.push_str(&t.text);
                }
                if dname == "error" {
                    Err(perr(hash.loc, msg))
                } else {
                    self.warnings
                        .push(Diag::warning(DiagKind::Preprocess, Some(hash.loc), msg));
                    Ok(())
                }
            }
            "pragma" => {
                if rest.first().is_some_and(|t| t.is_ident("once")) {
                    self.once.insert(fs.once_key.clone());
                }
                if rest.first().is_some_and(|t| t.is_ident("pack")) {
                    // `#pragma pack(...)` changes struct layout: passed to the parser as the
                    // pseudo-declaration `__schedmc_pragma_pack(...);` (arguments expanded)
                    let mut toks = vec![Tok::new(TK::Ident, PRAGMA_PACK, rest[0].loc)];
                    toks.extend(self.expand(rest[1..].to_vec(), None, false)?);
                    let mut semi = Tok::new(TK::Punct, ";", rest[0].loc);
                    semi.expanded = true;
                    toks.push(semi);
                    for t in &mut toks {
                        t.expanded = true;
                    }
                    self.emit(&toks)?;
                }
                if rest.first().is_some_and(|t| t.is_ident("weak")) {
                    // `#pragma weak name` (and the alias form `name = target`, which the parser
                    // rejects): passed on as `__schedmc_pragma_weak name ;`
                    let mut toks = vec![Tok::new(TK::Ident, PRAGMA_WEAK, rest[0].loc)];
                    toks.extend(rest[1..].iter().cloned());
                    toks.push(Tok::new(TK::Punct, ";", rest[0].loc));
                    for t in &mut toks {
                        t.expanded = true;
                    }
                    self.emit(&toks)?;
                }
                Ok(())
            }
            "ident" | "sccs" | "assert" | "unassert" => Ok(()),
            _ => Err(perr(
                name_tok.loc,
                format!("invalid preprocessing directive #{dname}"),
            )),
        }
    }

    /// Value of `#if` / `#ifdef` / `#ifndef` (`kind`) with operand tokens `rest`.
    fn cond_value(&mut self, kind: &str, rest: &[Tok], dir: &Tok) -> Result<bool, Diag> {
        if kind == "if" {
            if rest.is_empty() {
                return Err(perr(dir.loc, format!("#{} with no expression", dir.text)));
            }
            let toks = self.expand(rest.to_vec(), None, true)?;
            let cu = self.macros.contains_key("__CHAR_UNSIGNED__");
            return expr::eval(&toks, dir.loc, cu);
        }
        match rest.first() {
            Some(t) if t.kind == TK::Ident => {
                let d = self.macros.contains_key(&t.text);
                Ok(if kind == "ifdef" { d } else { !d })
            }
            Some(t) => Err(perr(t.loc, "macro names must be identifiers")),
            None => Err(perr(
                dir.loc,
                format!("no macro name given in #{} directive", dir.text),
            )),
        }
    }

    /// `#line N ["file"]` or a line marker `# N "file" flags` (tokens start at the number).
    fn line_directive(&mut self, toks: &[Tok], fs: &mut FileState, hash: &Tok) -> Result<(), Diag> {
        let Some(n) = toks.first() else {
            return Err(perr(hash.loc, "#line directive requires a line number"));
        };
        if n.kind != TK::Num || !n.text.chars().all(|c| c.is_ascii_digit()) {
            return Err(perr(
                n.loc,
                format!("\"{}\" after #line is not a positive integer", n.text),
            ));
        }
        let line: u32 = n
            .text
            .parse()
            .map_err(|_| perr(n.loc, "line number out of range"))?;
        if let Some(f) = toks.get(1) {
            if f.kind != TK::Str || !f.text.starts_with('"') {
                return Err(perr(f.loc, format!("invalid filename \"{}\"", f.text)));
            }
            let body = &f.text[1..f.text.len() - 1];
            let mut name = String::new();
            let mut cs = body.chars();
            while let Some(c) = cs.next() {
                if c == '\\' {
                    if let Some(d) = cs.next() {
                        name.push(d);
                    }
                } else {
                    name.push(c);
                }
            }
            fs.pfile = match self.sources.find(&name) {
                Some(id) => id,
                None => {
                    let (path, text) = match &fs.dir {
                        Some(d) if !name.starts_with('<') => {
                            let p = d.join(&name);
                            match std::fs::metadata(&p) {
                                Ok(m) if m.is_file() => {
                                    let t = std::fs::read(&p)
                                        .ok()
                                        .map(|b| String::from_utf8_lossy(&b).into_owned());
                                    (Some(p), t)
                                }
                                _ => (None, None),
                            }
                        }
                        _ => (None, None),
                    };
                    self.sources.add(&name, path.as_deref(), text)
                }
            };
        }
        fs.delta = line as i64 - fs.lx.line() as i64;
        self.out.renumbered();
        Ok(())
    }

    fn define(&mut self, rest: &[Tok], hash: &Tok) -> Result<(), Diag> {
        let Some(name) = rest.first() else {
            return Err(perr(hash.loc, "no macro name given in #define directive"));
        };
        if name.kind != TK::Ident {
            return Err(perr(name.loc, "macro names must be identifiers"));
        }
        if &*name.text == "defined" {
            return Err(perr(name.loc, "\"defined\" cannot be used as a macro name"));
        }
        if let Some(m) = self.fixed.get(&name.text) {
            self.macros.insert(name.text.clone(), m.clone());
            return Ok(());
        }
        let mut i = 1;
        let mut kind = MacroKind::Object;
        if rest.get(1).is_some_and(|t| t.is_punct("(") && !t.space) {
            let mut params: Vec<Rc<str>> = Vec::new();
            let mut variadic = false;
            i = 2;
            let mut last = &rest[1];
            loop {
                let Some(t) = rest.get(i) else {
                    return Err(perr(last.loc, "missing ')' in macro parameter list"));
                };
                last = t;
                i += 1;
                if t.is_punct(")") && params.is_empty() && !variadic {
                    break;
                }
                if t.is_punct("...") {
                    variadic = true;
                    params.push(Rc::from("__VA_ARGS__"));
                } else if t.kind == TK::Ident {
                    if params.contains(&t.text) {
                        return Err(perr(
                            t.loc,
                            format!("duplicate macro parameter \"{}\"", t.text),
                        ));
                    }
                    if &*t.text == "__VA_ARGS__" {
                        return Err(perr(
                            t.loc,
                            "__VA_ARGS__ can not be used as a parameter name",
                        ));
                    }
                    params.push(t.text.clone());
                    if rest.get(i).is_some_and(|x| x.is_punct("...")) {
                        variadic = true;
                        i += 1;
                    }
                } else {
                    return Err(perr(
                        t.loc,
                        format!("expected parameter name, found \"{}\"", t.text),
                    ));
                }
                match rest.get(i) {
                    Some(x) if x.is_punct(")") => {
                        i += 1;
                        break;
                    }
                    Some(x) if x.is_punct(",") && !variadic => {
                        i += 1;
                    }
                    Some(x) => {
                        return Err(perr(
                            x.loc,
                            if variadic {
                                "missing ')' after \"...\"".to_string()
                            } else {
                                format!("expected ',' or ')', found \"{}\"", x.text)
                            },
                        ))
                    }
                    None => return Err(perr(t.loc, "missing ')' in macro parameter list")),
                }
            }
            kind = MacroKind::Function { params, variadic };
        }
        let body: Vec<Tok> = rest[i..].to_vec();
        if let (Some(f), Some(l)) = (body.first(), body.last()) {
            if f.is_punct("##") {
                return Err(perr(
                    f.loc,
                    "'##' cannot appear at either end of a macro expansion",
                ));
            }
            if l.is_punct("##") {
                return Err(perr(
                    l.loc,
                    "'##' cannot appear at either end of a macro expansion",
                ));
            }
        }
        if let MacroKind::Function { params, .. } = &kind {
            for (k, t) in body.iter().enumerate() {
                if t.is_punct("#") {
                    let ok = body
                        .get(k + 1)
                        .is_some_and(|p| p.kind == TK::Ident && params.contains(&p.text));
                    if !ok {
                        return Err(perr(t.loc, "'#' is not followed by a macro parameter"));
                    }
                }
            }
        }
        let id = self.intern(&name.text);
        self.macros
            .insert(name.text.clone(), Rc::new(Macro { id, kind, body }));
        Ok(())
    }

    fn include(
        &mut self,
        rest: &[Tok],
        hash: &Tok,
        files: &mut Vec<FileState>,
    ) -> Result<(), Diag> {
        let (name, angled, name_loc) = match header_name(rest) {
            Some(x) => x,
            None => {
                let toks = self.expand(rest.to_vec(), None, false)?;
                match header_name(&toks) {
                    Some(x) => x,
                    None => {
                        return Err(perr(
                            rest.first().map(|t| t.loc).unwrap_or(hash.loc),
                            "#include expects \"FILENAME\" or <FILENAME>",
                        ))
                    }
                }
            }
        };
        if name.is_empty() {
            return Err(perr(name_loc, "empty filename in #include"));
        }
        if self.opts.skip_headers.contains(&name) {
            return Ok(());
        }
        let cur_dir = files.last().and_then(|f| f.dir.clone());
        let found = self.find_include(&name, angled, cur_dir.as_deref());
        let Some(found) = found else {
            if angled {
                self.warnings.push(Diag::warning(
                    DiagKind::Preprocess,
                    Some(hash.loc),
                    format!("system header <{name}> is not provided by schedmc; #include skipped"),
                ));
                return Ok(());
            }
            return Err(perr(name_loc, format!("{name}: No such file or directory")));
        };
        if files.len() >= MAX_INCLUDE_DEPTH {
            return Err(perr(
                hash.loc,
                format!("#include nested too deeply (more than {MAX_INCLUDE_DEPTH} levels)"),
            ));
        }
        let (fname, path, text, dir, key) = match found {
            Found::Disk(p) => {
                let bytes = std::fs::read(&p)
                    .map_err(|e| perr(name_loc, format!("cannot read {}: {e}", p.display())))?;
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let key = std::fs::canonicalize(&p)
                    .unwrap_or_else(|_| p.clone())
                    .to_string_lossy()
                    .into_owned();
                let dir = p.parent().map(Path::to_path_buf).unwrap_or_default();
                (
                    p.to_string_lossy().into_owned(),
                    Some(p),
                    text,
                    Some(dir),
                    key,
                )
            }
            Found::Builtin(n, t) => {
                let fname = format!("<schedmc>/{n}");
                (fname.clone(), None, t.to_string(), None, fname)
            }
        };
        if self.once.contains(&key) {
            return Ok(());
        }
        let id = self
            .sources
            .add(&fname, path.as_deref(), Some(text.clone()));
        self.out.marker(1, id, &fname, Some(1));
        files.push(FileState::new(&text, id, dir, key));
        self.include_level = files.len() - 1;
        Ok(())
    }

    fn find_include(&self, name: &str, angled: bool, cur_dir: Option<&Path>) -> Option<Found> {
        let is_file = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.is_file());
        if Path::new(name).is_absolute() {
            let p = PathBuf::from(name);
            return is_file(&p).then_some(Found::Disk(p));
        }
        if !angled {
            if let Some(d) = cur_dir {
                let p = d.join(name);
                if is_file(&p) {
                    return Some(Found::Disk(p));
                }
            }
        }
        for d in &self.opts.include_dirs {
            let p = d.join(name);
            if is_file(&p) {
                return Some(Found::Disk(p));
            }
        }
        match &self.opts.system_include_dir {
            Some(d) => {
                let p = d.join(name);
                is_file(&p).then_some(Found::Disk(p))
            }
            None => shipped_header(name).map(|(n, t)| Found::Builtin(n, t)),
        }
    }

    // ----------------------------------------------------------------------------------------
    // Macro expansion (Prosser's algorithm with hide sets)

    /// Fully macro-expands `toks`; with `src`, a function-like macro invocation may continue on
    /// the following text lines of the file. `in_if` resolves `defined`.
    fn expand(
        &mut self,
        toks: Vec<Tok>,
        mut src: Option<&mut FileState>,
        in_if: bool,
    ) -> Result<Vec<Tok>, Diag> {
        if self.depth >= MAX_EXPANSION_DEPTH {
            let loc = toks.first().map(|t| t.loc);
            return Err(Diag::error(
                DiagKind::Preprocess,
                loc,
                "macro expansion nested too deeply",
            ));
        }
        self.depth += 1;
        let r = self.expand_inner(toks, &mut src, in_if);
        self.depth -= 1;
        r
    }

    fn expand_inner(
        &mut self,
        toks: Vec<Tok>,
        src: &mut Option<&mut FileState>,
        in_if: bool,
    ) -> Result<Vec<Tok>, Diag> {
        let mut stack = toks;
        stack.reverse();
        let mut out = Vec::with_capacity(stack.len());
        while let Some(t) = stack.pop() {
            if t.kind != TK::Ident {
                out.push(t);
                continue;
            }
            if in_if && &*t.text == "defined" {
                out.push(self.defined_op(&t, &mut stack)?);
                continue;
            }
            if in_if && &*t.text == "__has_include" {
                out.push(self.has_include(&t, &mut stack, src)?);
                continue;
            }
            let Some(m) = self.macros.get(&t.text).cloned() else {
                if &*t.text == "_Pragma" {
                    self.pragma_op(&t, &mut stack, src)?;
                } else {
                    out.push(t);
                }
                continue;
            };
            if hs_contains(&t.hs, m.id) {
                out.push(t);
                continue;
            }
            match &m.kind {
                MacroKind::Builtin(b) => out.push(self.builtin(*b, &t)),
                MacroKind::Object => {
                    let hs = self.hs_add_memo(&t.hs, m.id);
                    let body = self.subst(&m, Vec::new(), false, &hs, &t, in_if)?;
                    self.charge(body.len(), &t)?;
                    stack.extend(body.into_iter().rev());
                }
                MacroKind::Function { .. } => {
                    if !next_is_lparen(&mut stack, src)? {
                        out.push(t);
                        continue;
                    }
                    let (args, rparen, va_absent) = self.collect_args(&m, &t, &mut stack, src)?;
                    let hs = self.hs_add_memo(&hs_intersect(&t.hs, &rparen.hs), m.id);
                    let body = self.subst(&m, args, va_absent, &hs, &t, in_if)?;
                    self.charge(body.len(), &t)?;
                    stack.extend(body.into_iter().rev());
                }
            }
        }
        Ok(out)
    }

    /// `hs ∪ {id}`, shared between expansions (keeps pathological expansions cheap).
    fn hs_add_memo(&mut self, hs: &HideSet, id: u32) -> HideSet {
        let key = (hs.as_ref().map_or(0, |r| Rc::as_ptr(r) as usize), id);
        if let Some((_, r)) = self.hs_memo.get(&key) {
            return r.clone();
        }
        let r = hs_add(hs, id);
        // the key's hide set is kept alive so that its address is not reused
        self.hs_memo.insert(key, (hs.clone(), r.clone()));
        r
    }

    fn charge(&mut self, n: usize, at: &Tok) -> Result<(), Diag> {
        self.budget = self.budget.saturating_add(n);
        if self.budget > MAX_EXPANSION_TOKENS {
            return Err(perr(at.loc, "macro expansion too large"));
        }
        Ok(())
    }

    fn builtin(&mut self, b: Builtin, t: &Tok) -> Tok {
        let (kind, text) = match b {
            Builtin::File => (
                TK::Str,
                format!("\"{}\"", escape_name(self.sources.name(t.loc.file))),
            ),
            Builtin::Line => (TK::Num, t.loc.line.to_string()),
            Builtin::Counter => {
                self.counter += 1;
                (TK::Num, (self.counter - 1).to_string())
            }
            Builtin::IncludeLevel => (TK::Num, self.include_level.to_string()),
        };
        let mut r = Tok::new(kind, &text, t.loc);
        r.space = t.space;
        r.expanded = true;
        r
    }

    /// `defined X` / `defined(X)` in `#if`.
    fn defined_op(&mut self, t: &Tok, stack: &mut Vec<Tok>) -> Result<Tok, Diag> {
        let bad = || perr(t.loc, "operator \"defined\" requires an identifier");
        let paren = stack.last().is_some_and(|x| x.is_punct("("));
        if paren {
            stack.pop();
        }
        let name = stack.pop().ok_or_else(bad)?;
        if name.kind != TK::Ident {
            return Err(perr(
                name.loc,
                "operator \"defined\" requires an identifier",
            ));
        }
        if paren {
            match stack.pop() {
                Some(x) if x.is_punct(")") => {}
                _ => return Err(perr(t.loc, "missing ')' after \"defined\"")),
            }
        }
        let d = self.macros.contains_key(&name.text);
        let mut r = Tok::new(TK::Num, if d { "1" } else { "0" }, t.loc);
        r.space = t.space;
        Ok(r)
    }

    /// `__has_include("x")` / `__has_include(<x>)` in `#if`.
    fn has_include(
        &mut self,
        t: &Tok,
        stack: &mut Vec<Tok>,
        src: &mut Option<&mut FileState>,
    ) -> Result<Tok, Diag> {
        let bad = || perr(t.loc, "__has_include requires a header name in parentheses");
        if !stack.last().is_some_and(|x| x.is_punct("(")) {
            return Err(bad());
        }
        stack.pop();
        let mut inner = Vec::new();
        loop {
            let x = stack.pop().ok_or_else(bad)?;
            if x.is_punct(")") {
                break;
            }
            inner.push(x);
        }
        let (name, angled, _) = header_name(&inner).ok_or_else(bad)?;
        let dir = src.as_ref().and_then(|f| f.dir.clone());
        let found = self.find_include(&name, angled, dir.as_deref()).is_some();
        let mut r = Tok::new(TK::Num, if found { "1" } else { "0" }, t.loc);
        r.space = t.space;
        Ok(r)
    }

    /// `_Pragma("...")`: checked and dropped.
    fn pragma_op(
        &mut self,
        t: &Tok,
        stack: &mut Vec<Tok>,
        src: &mut Option<&mut FileState>,
    ) -> Result<(), Diag> {
        let bad = || perr(t.loc, "_Pragma takes a parenthesized string literal");
        if !next_is_lparen(stack, src)? {
            return Err(bad());
        }
        stack.pop();
        for want_str in [true, false] {
            if stack.is_empty() {
                if let Some(fs) = src.as_deref_mut() {
                    while stack.is_empty() {
                        match fs.pull_text_line()? {
                            Some(l) => stack.extend(l.into_iter().rev()),
                            None => break,
                        }
                    }
                }
            }
            let x = stack.pop().ok_or_else(bad)?;
            let ok = if want_str {
                x.kind == TK::Str
            } else {
                x.is_punct(")")
            };
            if !ok {
                return Err(bad());
            }
        }
        Ok(())
    }

    /// Collects the arguments of a function-like macro invocation; the `(` is next on the stack.
    fn collect_args(
        &mut self,
        m: &Macro,
        name: &Tok,
        stack: &mut Vec<Tok>,
        src: &mut Option<&mut FileState>,
    ) -> Result<(Vec<Vec<Tok>>, Tok, bool), Diag> {
        let MacroKind::Function { params, variadic } = &m.kind else {
            unreachable!("collect_args on a non-function macro")
        };
        let (nparams, variadic) = (params.len(), *variadic);
        stack.pop(); // '('
        let mut args: Vec<Vec<Tok>> = vec![Vec::new()];
        let mut depth = 0usize;
        let rparen = loop {
            let tok = match stack.pop() {
                Some(t) => t,
                None => {
                    let more = match src.as_deref_mut() {
                        Some(fs) => fs.pull_text_line()?,
                        None => None,
                    };
                    match more {
                        Some(l) => {
                            stack.extend(l.into_iter().rev());
                            continue;
                        }
                        None => {
                            return Err(perr(
                                name.loc,
                                format!(
                                    "unterminated argument list invoking macro \"{}\"",
                                    name.text
                                ),
                            ))
                        }
                    }
                }
            };
            if tok.kind == TK::Punct {
                match &*tok.text {
                    "(" => depth += 1,
                    ")" if depth == 0 => break tok,
                    ")" => depth -= 1,
                    "," if depth == 0 && !(variadic && args.len() == nparams) => {
                        args.push(Vec::new());
                        continue;
                    }
                    _ => {}
                }
            }
            if let Some(a) = args.last_mut() {
                a.push(tok);
            }
        };
        // the variable arguments are left out (GNU `, ## __VA_ARGS__` then drops the comma)
        let va_absent = variadic
            && (args.len() == nparams - 1
                || (nparams == 1 && args.len() == 1 && args[0].is_empty()));
        if nparams == 0 {
            if args.len() == 1 && args[0].is_empty() {
                args.clear();
            } else {
                return Err(perr(
                    name.loc,
                    format!(
                        "macro \"{}\" passed {} arguments, but takes just 0",
                        name.text,
                        args.len()
                    ),
                ));
            }
        } else if args.len() < nparams {
            if variadic && args.len() == nparams - 1 {
                args.push(Vec::new());
            } else if nparams == 1 && args.len() == 1 {
                // unreachable: one (possibly empty) argument always exists
            } else {
                return Err(perr(
                    name.loc,
                    format!(
                        "macro \"{}\" requires {} arguments, but only {} given",
                        name.text,
                        if variadic { nparams - 1 } else { nparams },
                        args.len()
                    ),
                ));
            }
        } else if args.len() > nparams {
            return Err(perr(
                name.loc,
                format!(
                    "macro \"{}\" passed {} arguments, but takes just {}",
                    name.text,
                    args.len(),
                    nparams
                ),
            ));
        }
        Ok((args, rparen, va_absent))
    }

    /// Substitutes arguments into a macro body (Prosser's `subst` with placemarkers), marks the
    /// result as expanded at `inv` and adds `hs` to every token's hide set.
    fn subst(
        &mut self,
        m: &Macro,
        args: Vec<Vec<Tok>>,
        va_absent: bool,
        hs: &HideSet,
        inv: &Tok,
        in_if: bool,
    ) -> Result<Vec<Tok>, Diag> {
        let params: &[Rc<str>] = match &m.kind {
            MacroKind::Function { params, .. } => params,
            _ => &[],
        };
        let param_of = |t: &Tok| -> Option<usize> {
            if t.kind == TK::Ident {
                params.iter().position(|p| *p == t.text)
            } else {
                None
            }
        };
        enum Item {
            T(Tok),
            Paste,
        }
        let body = &m.body;
        let mut items: Vec<Item> = Vec::with_capacity(body.len());
        let mut expanded: Vec<Option<Vec<Tok>>> = vec![None; args.len()];
        let at_inv = |b: &Tok| {
            let mut t = b.clone();
            t.loc = inv.loc;
            t
        };
        let mut i = 0;
        while i < body.len() {
            let b = &body[i];
            if !params.is_empty() && b.is_punct("#") {
                if let Some(p) = body.get(i + 1).and_then(param_of) {
                    let mut s = stringify(&args[p], inv.loc);
                    s.space = b.space;
                    items.push(Item::T(s));
                    i += 2;
                    continue;
                }
            }
            if b.is_punct("##") {
                items.push(Item::Paste);
                i += 1;
                continue;
            }
            if let Some(p) = param_of(b) {
                let before = i > 0 && body[i - 1].is_punct("##");
                let after = body.get(i + 1).is_some_and(|x| x.is_punct("##"));
                let is_va = &*params[p] == "__VA_ARGS__"
                    || matches!(&m.kind, MacroKind::Function { variadic: true, .. } if p + 1 == params.len());
                if before && is_va && i >= 2 && body[i - 2].is_punct(",") {
                    // GNU `, ## __VA_ARGS__`: drop the comma when the variable arguments are
                    // left out; otherwise the arguments follow the comma, unexpanded
                    items.pop();
                    if va_absent {
                        items.pop();
                        items.push(Item::T(placemarker(inv.loc)));
                    } else if args[p].is_empty() {
                        items.push(Item::T(placemarker(inv.loc)));
                    } else {
                        let mut first = true;
                        for a in &args[p] {
                            let mut a = a.clone();
                            if first {
                                a.space = b.space;
                                first = false;
                            }
                            items.push(Item::T(a));
                        }
                    }
                    i += 1;
                    continue;
                }
                if before || after {
                    if args[p].is_empty() {
                        items.push(Item::T(placemarker(inv.loc)));
                    } else {
                        for (k, a) in args[p].iter().enumerate() {
                            let mut a = a.clone();
                            if k == 0 {
                                a.space = b.space;
                            }
                            items.push(Item::T(a));
                        }
                    }
                } else {
                    if expanded[p].is_none() {
                        expanded[p] = Some(self.expand(args[p].clone(), None, in_if)?);
                    }
                    let e = expanded[p].as_deref().unwrap_or(&[]);
                    if e.is_empty() {
                        items.push(Item::T(placemarker(inv.loc)));
                    }
                    for (k, a) in e.iter().enumerate() {
                        let mut a = a.clone();
                        if k == 0 {
                            a.space = b.space;
                        }
                        items.push(Item::T(a));
                    }
                }
                i += 1;
                continue;
            }
            items.push(Item::T(at_inv(b)));
            i += 1;
        }
        // token pasting, left to right
        let mut res: Vec<Tok> = Vec::with_capacity(items.len());
        let mut it = items.into_iter();
        while let Some(item) = it.next() {
            match item {
                Item::T(t) => res.push(t),
                Item::Paste => {
                    let lhs = res.pop().unwrap_or_else(|| placemarker(inv.loc));
                    let rhs = match it.next() {
                        Some(Item::T(t)) => t,
                        Some(Item::Paste) => at_inv(&Tok::new(TK::Punct, "##", inv.loc)),
                        None => placemarker(inv.loc),
                    };
                    res.push(glue(lhs, rhs, inv)?);
                }
            }
        }
        let mut first = true;
        let mut out = Vec::with_capacity(res.len());
        for mut t in res {
            if t.kind == TK::Placemarker {
                continue;
            }
            if first {
                t.space = inv.space;
                first = false;
            }
            t.expanded = true;
            t.hs = hs_union(&t.hs, hs);
            out.push(t);
        }
        Ok(out)
    }
}

fn unterminated(t: &Tok) -> Diag {
    let q = t
        .text
        .chars()
        .find(|c| *c == '"' || *c == '\'')
        .unwrap_or('"');
    perr(t.loc, format!("missing terminating {q} character"))
}

fn placemarker(loc: Loc) -> Tok {
    Tok::new(TK::Placemarker, "", loc)
}

/// Whether the next token is `(`; with `src`, looks at the following text lines of the file.
fn next_is_lparen(stack: &mut Vec<Tok>, src: &mut Option<&mut FileState>) -> Result<bool, Diag> {
    loop {
        if let Some(t) = stack.last() {
            return Ok(t.is_punct("("));
        }
        let Some(fs) = src.as_deref_mut() else {
            return Ok(false);
        };
        match fs.pull_text_line()? {
            Some(l) => stack.extend(l.into_iter().rev()),
            None => return Ok(false),
        }
    }
}

/// `#x`: the spelling of an argument as a string literal.
fn stringify(arg: &[Tok], loc: Loc) -> Tok {
    let mut s = String::from("\"");
    let mut first = true;
    for t in arg {
        if t.kind == TK::Placemarker {
            continue;
        }
        if !first && t.space {
            s.push(' ');
        }
        first = false;
        if matches!(t.kind, TK::Str | TK::Char | TK::Bad) {
            for c in t.text.chars() {
                if c == '"' || c == '\\' {
                    s.push('\\');
                }
                s.push(c);
            }
        } else {
            s.push_str(&t.text);
        }
    }
    s.push('"');
    let mut t = Tok::new(TK::Str, &s, loc);
    t.expanded = true;
    t
}

/// `a ## b`.
fn glue(lhs: Tok, rhs: Tok, inv: &Tok) -> Result<Tok, Diag> {
    if lhs.kind == TK::Placemarker {
        return Ok(rhs);
    }
    if rhs.kind == TK::Placemarker {
        return Ok(lhs);
    }
    let text = format!("{}{}", lhs.text, rhs.text);
    match lex_one(&text) {
        Some((kind, _)) => {
            let mut t = Tok::new(kind, &text, lhs.loc);
            t.space = lhs.space;
            t.hs = lhs.hs.clone();
            Ok(t)
        }
        None => Err(perr(
            inv.loc,
            format!(
                "pasting \"{}\" and \"{}\" does not give a valid preprocessing token",
                lhs.text, rhs.text
            ),
        )),
    }
}

/// The header name of an `#include` operand: (name, angled, location).
fn header_name(toks: &[Tok]) -> Option<(String, bool, Loc)> {
    let first = toks.first()?;
    if first.kind == TK::Str && first.text.starts_with('"') {
        let t = &first.text;
        return Some((t[1..t.len() - 1].to_string(), false, first.loc));
    }
    if first.is_punct("<") {
        let mut s = String::new();
        for (k, t) in toks[1..].iter().enumerate() {
            if t.is_punct(">") {
                return Some((s, true, first.loc));
            }
            if k > 0 && t.space {
                s.push(' ');
            }
            s.push_str(&t.text);
        }
    }
    None
}
