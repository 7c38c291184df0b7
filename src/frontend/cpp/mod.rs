//! The SystemC C++ front end: a SystemC model written in C++ (`SC_MODULE`, `SC_CTOR`,
//! `sc_signal<int>`, `sc_main`) onto the same IR and scheduler description as C models
//! written against `include/systemc.h`.
//!
//! A model may span several files (`schedmc verify a.cpp b.cpp main.cpp`): each is its own
//! translation unit; [`parse::parse_units`] reads them into one program.
//!
//! Pipeline: the C preprocessor (SystemC / C++ standard headers are recognised and dropped,
//! their names are built in) → the C lexer (C++ tokens are C tokens; `::` is two colons) →
//! [`parse`] (the C++ subset's own AST, [`ast`]) → [`elaborate`] (runs `sc_main`'s module
//! constructions, constructors and port bindings at compile time: every instance's members
//! become distinct objects `inst.member`, ports resolve to the channels they are bound to,
//! `SC_THREAD`/`SC_METHOD`/`sensitive <<` become the C API's registrations) → [`emit`] (C
//! text against `include/systemc.h`, with `#line` markers into the C++ file, and member
//! functions instantiated per instance with `this` bound) → the C front end → [`rename`]
//! of the mangled names (`producer__main`) back to the model's names (`producer.main`).
pub mod ast;
pub mod elaborate;
pub mod emit;
pub mod parse;
pub mod time;

use super::{FrontendOptions, Loaded};
use crate::diag::{Diag, DiagKind, SourceMap};
use std::path::Path;

/// True when `path` names a C++ file (`.cpp`, `.cc`, `.cxx`, `.C`).
pub fn is_cpp_path(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("cpp" | "cc" | "cxx" | "C" | "c++")
    )
}

/// Headers a SystemC model includes whose contents the front end knows (dropped from the
/// text; their names are built in).
const KNOWN_HEADERS: &[&str] = &[
    "systemc.h",
    "systemc",
    "iostream",
    "cassert",
    "assert.h",
    "cstdio",
    "stdio.h",
    "cstdlib",
    "stdlib.h",
    "cstdint",
    "stdint.h",
    "iomanip",
    "verifier.h",
    "stdbool.h",
    // their types are built in (`time_t`, `ssize_t`, ...); a call of one of their functions
    // (`time`, `clock`, ...) is `unsupported` where it is made
    "ctime",
    "time.h",
    "cstddef",
    "stddef.h",
    "sys/types.h",
    // the string functions are not in the subset: a call of one is `unsupported` where it is
    // made
    "cstring",
    "string.h",
];

/// Headers a SystemC model includes that are read as the C front end's shipped header of the
/// second name (only macros, such as `INT_MAX`, reach the model, and `<errno.h>`'s global
/// `int errno`) or, with an empty name,
/// accepted with nothing in them: `<cstdarg>`'s `va_list` is only of use to a variadic
/// function, which the subset does not have (`...` is `unsupported` where it appears).
const MAPPED_HEADERS: &[(&str, &str)] = &[
    ("climits", "limits.h"),
    ("limits.h", "limits.h"),
    ("cerrno", "errno.h"),
    ("errno.h", "errno.h"),
    ("cstdarg", ""),
    ("stdarg.h", ""),
];

/// Blanks `#include <known>` lines (keeping line numbers); other includes stay.
fn strip_known_includes(text: &str) -> Result<String, (usize, String)> {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix('#') {
            let rest = rest.trim_start();
            if let Some(r) = rest.strip_prefix("include") {
                let r = r.trim();
                let name = r
                    .strip_prefix('<')
                    .and_then(|r| r.split('>').next())
                    .or_else(|| r.strip_prefix('"').and_then(|r| r.split('"').next()));
                if let Some(n) = name {
                    if KNOWN_HEADERS.contains(&n) {
                        out.push_str(if line.ends_with('\n') { "\n" } else { "" });
                        continue;
                    }
                    if let Some((_, c)) = MAPPED_HEADERS.iter().find(|(h, _)| *h == n) {
                        if !c.is_empty() {
                            out.push_str(&format!("#include <{c}>"));
                        }
                        out.push_str(if line.ends_with('\n') { "\n" } else { "" });
                        continue;
                    }
                    if r.starts_with('<') {
                        return Err((i + 1, n.to_string()));
                    }
                }
            }
        }
        out.push_str(line);
    }
    Ok(out)
}

/// Loads a SystemC C++ model: parse, elaborate, emit C, then the C front end.
pub fn load(path: &Path, opts: &FrontendOptions, sources: &mut SourceMap) -> Result<Loaded, Diag> {
    load_units(
        &[super::Unit {
            path: path.to_path_buf(),
            ..Default::default()
        }],
        opts,
        sources,
    )
}

/// Loads a model split into several files (`a.cpp b.cpp main.cpp`, each its own translation
/// unit with its own includes and the unit's `-I`/`-D`): the units are parsed into one program
/// (a module or `inline` function defined identically in several units, from a shared header,
/// counts once; any other second definition is an error), then elaborated from `sc_main`.
pub fn load_units(
    units: &[super::Unit],
    opts: &FrontendOptions,
    sources: &mut SourceMap,
) -> Result<Loaded, Diag> {
    let mut toks = Vec::new();
    let mut warnings = Vec::new();
    for u in units {
        let name = u.path.to_string_lossy().into_owned();
        let bytes = std::fs::read(&u.path)
            .map_err(|e| Diag::error(DiagKind::Io, None, format!("cannot read {name}: {e}")))?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let mut o = opts.clone();
        o.include_dirs.extend(u.include_dirs.iter().cloned());
        o.defines.extend(u.defines.iter().cloned());
        let (t, mut w) = unit_tokens(&name, &text, &o, sources)?;
        toks.push(t);
        warnings.append(&mut w);
    }
    let main = units
        .first()
        .map(|u| u.path.to_string_lossy().into_owned())
        .unwrap_or_default();
    finish(&main, toks, warnings, opts, sources)
}

/// [`load`] on the text of a file named `name`.
pub fn load_text(
    name: &str,
    text: &str,
    opts: &FrontendOptions,
    sources: &mut SourceMap,
) -> Result<Loaded, Diag> {
    let (t, w) = unit_tokens(name, text, opts, sources)?;
    finish(name, vec![t], w, opts, sources)
}

/// The tokens of one translation unit (known headers dropped, the rest preprocessed).
fn unit_tokens(
    name: &str,
    text: &str,
    opts: &FrontendOptions,
    sources: &mut SourceMap,
) -> Result<(Vec<super::lex::Token>, Vec<Diag>), Diag> {
    let file = sources.add(name, Some(Path::new(name)), Some(text.to_string()));
    let stripped = strip_known_includes(text).map_err(|(line, h)| {
        Diag::unsupported(
            Some(crate::diag::Loc {
                file,
                line: line as u32,
                col: 1,
            }),
            format!("header <{h}> in a SystemC model"),
        )
    })?;
    // Quoted includes of the model's own headers are found next to the model.
    let mut pp_opts = super::pp_options(opts);
    pp_opts.skip_headers = KNOWN_HEADERS.iter().map(|h| h.to_string()).collect();
    let pp = super::preprocess::preprocess_str_at(Path::new(name), &stripped, &pp_opts, sources)?;
    let toks = super::lex::lex(&pp.text, file, sources)?;
    Ok((toks, pp.warnings))
}

/// Parses the units' tokens as one program, elaborates it, emits C and loads that.
fn finish(
    main: &str,
    units: Vec<Vec<super::lex::Token>>,
    mut warnings: Vec<Diag>,
    opts: &FrontendOptions,
    sources: &mut SourceMap,
) -> Result<Loaded, Diag> {
    let prog = parse::parse_units(units)?;
    let design = elaborate::elaborate(&prog)?;
    let emitted = emit::emit(&prog, &design, &emit::Files::of(sources))?;
    let gen_name = format!("{main}.schedmc.c");
    let mut loaded = super::load_str(&gen_name, &emitted.text, opts, sources)?;
    rename(&mut loaded.program, &emitted.names);
    warnings.append(&mut loaded.warnings);
    loaded.warnings = warnings;
    Ok(loaded)
}

/// The C text of a model (for tests and `parse --dump`).
pub fn to_c(name: &str, text: &str) -> Result<String, Diag> {
    let mut sources = SourceMap::new();
    let file = sources.add(name, None, Some(text.to_string()));
    let stripped = strip_known_includes(text).map_err(|(line, h)| {
        Diag::unsupported(
            Some(crate::diag::Loc {
                file,
                line: line as u32,
                col: 1,
            }),
            format!("header <{h}>"),
        )
    })?;
    let toks = super::lex::lex(&stripped, file, &mut sources)?;
    let prog = parse::parse(toks)?;
    let design = elaborate::elaborate(&prog)?;
    Ok(emit::emit(&prog, &design, &emit::Files::of(&sources))?.text)
}

/// Renames mangled C names (`top__p__main`) to the model's (`top.p.main`) in the lowered
/// program: thread entries, variables (also `f::local`) and objects.
fn rename(program: &mut crate::ir::Program, names: &[(String, String)]) {
    use std::collections::HashMap;
    let map: HashMap<&str, &str> = names
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let fix = |s: &mut String| {
        if let Some(n) = map.get(s.as_str()) {
            *s = n.to_string();
            return;
        }
        // `f::x`, `x.field`, `x[3]`: rename the leading name
        let cut = s.find([':', '.', '[', '@', '$']).unwrap_or(s.len());
        if cut < s.len() {
            if let Some(n) = map.get(&s[..cut]) {
                *s = format!("{n}{}", &s[cut..]);
            }
        }
    };
    for t in &mut program.threads {
        fix(&mut t.name);
        for f in &mut t.loc_func {
            fix(f);
        }
    }
    for v in &mut program.vars {
        fix(&mut v.name);
    }
    for o in &mut program.objects {
        fix(&mut o.name);
    }
}
