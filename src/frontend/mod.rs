//! The C front end: preprocess → lex → parse (nom) → type against the target → lower to IR.
//!
//! [`load`] runs the whole pipeline on a file; [`load_str`] on a string (for tests);
//! [`load_units`] on several files (translation units, each with its own `-I`/`-D`), linked by
//! [`link`] before lowering.
pub mod ast;
pub mod compile_db;
pub mod cpp;
pub mod format;
pub mod lex;
pub mod libc;
pub mod link;
pub mod lower;
pub mod parse;
pub mod preprocess;
pub mod types;

use crate::diag::{Diag, SourceMap};
use crate::ir;
use crate::target::Target;
use std::path::{Path, PathBuf};

pub use lower::lower;

/// Options of a front-end run.
#[derive(Clone, Debug, Default)]
pub struct FrontendOptions {
    pub include_dirs: Vec<PathBuf>,
    pub defines: Vec<(String, Option<String>)>,
    pub target: Target,
    /// The entry function (`--entry`): the first thread [default: `main`].
    pub entry: Option<String>,
    /// Nested recursive calls inlined (`--unwind`); `None`: `lower::DEFAULT_RECURSION_DEPTH`.
    pub recursion_depth: Option<u32>,
    /// Macros schedmc defines itself, whatever the program defines (`PpOptions::fixed`).
    pub fixed_macros: Vec<(String, String)>,
    /// The heap model's options (`--malloc-may-fail`).
    pub heap: lower::heap::HeapOptions,
    /// Defined functions that are thread entries even when the program never takes their
    /// address: the scheduler description's interrupt handlers (`lower_entry_heap`).
    pub extra_entries: Vec<String>,
}

/// One translation unit of a multi-file program: its file and its own preprocessor options.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Unit {
    pub path: PathBuf,
    pub include_dirs: Vec<PathBuf>,
    pub defines: Vec<(String, Option<String>)>,
}

/// The result of loading a C file: the lowered program, its AST, and warnings of all stages.
pub struct Loaded {
    pub program: ir::Program,
    pub ast: ast::TranslationUnit,
    pub warnings: Vec<Diag>,
    /// Object-like macros at the end of the translation unit (name, body text), sorted.
    pub macros: Vec<(String, String)>,
}

fn pp_options(opts: &FrontendOptions) -> preprocess::PpOptions {
    let mut defines = opts.target.predefined_macros();
    defines.extend(opts.defines.iter().cloned());
    preprocess::PpOptions {
        include_dirs: opts.include_dirs.clone(),
        defines,
        system_include_dir: None,
        fixed: opts.fixed_macros.clone(),
        skip_headers: Vec::new(),
    }
}

/// Specialises `tu`'s printf-family calls with literal formats (`format`), links the C
/// library models `tu` calls (`toks`: its tokens) and lowers it with the entry and recursion
/// bound of `opts`.
fn link_and_lower(
    tu: &mut ast::TranslationUnit,
    toks: &[lex::Token],
    macros: &[(String, String)],
    opts: &FrontendOptions,
    sources: &mut SourceMap,
) -> Result<(ir::Program, Vec<Diag>), Diag> {
    format::specialise(tu, &opts.target, sources)?;
    // the kernel's copies of FreeRTOS task names, for a program that uses `pcTaskGetName`
    // (not only the header's declaration `char *pcTaskGetName(..)`: a use after `*`, a
    // dereferenced call, finds no copy and is UNKNOWN)
    if toks.windows(2).any(|w| {
        matches!(&w[1].kind, lex::TokenKind::Ident(n) if n == "pcTaskGetName")
            && !matches!(&w[0].kind, lex::TokenKind::Punct(lex::Punct::Star))
    }) {
        let text = crate::sched::task_name::copies_text(macros);
        let file = sources.add("<schedmc>/freertos/task_names.c", None, Some(text.clone()));
        let ctoks = lex::lex(&text, file, sources)?;
        tu.items.extend(parse::parse(&ctoks)?.items);
    }
    libc::link(tu, toks, &opts.target, sources)?;
    let depth = opts
        .recursion_depth
        .unwrap_or(lower::DEFAULT_RECURSION_DEPTH);
    let (mut program, warnings) = lower::lower_entry_heap(
        tu,
        &opts.target,
        sources,
        opts.entry.as_deref(),
        depth,
        opts.heap,
        &opts.extra_entries,
    )?;
    end_lone_thread_exits(&mut program);
    Ok((program, warnings))
}

/// In a program that starts no thread, `pthread_exit`/`thrd_exit` ends its only thread and so
/// the process (POSIX: the process exits with status 0 after its last thread terminates), as
/// `exit` does: nothing after the call runs. (With threads, the scheduler ends the thread.)
fn end_lone_thread_exits(program: &mut ir::Program) {
    if program.threads.len() != 1 || program.is_concurrent() {
        return;
    }
    for e in &mut program.threads[0].edges {
        if matches!(&e.op, ir::Op::Call { func, .. } if func == "pthread_exit" || func == "thrd_exit")
        {
            e.op = ir::Op::Assume(ir::Expr::bool(false));
        }
    }
}

fn finish(
    pp: preprocess::PpOutput,
    main_name: &str,
    opts: &FrontendOptions,
    sources: &mut SourceMap,
) -> Result<Loaded, Diag> {
    let main = sources.add(main_name, None, None);
    let toks = lex::lex(&pp.text, main, sources)?;
    let mut tu = parse::parse(&toks)?;
    let (program, mut warnings) = link_and_lower(&mut tu, &toks, &pp.macros, opts, sources)?;
    let mut all = pp.warnings;
    all.append(&mut warnings);
    Ok(Loaded {
        program,
        ast: tu,
        warnings: all,
        macros: pp.macros,
    })
}

/// Preprocesses (with the target's predefined macros and the user's defines), lexes, parses
/// and lowers a C file.
pub fn load(path: &Path, opts: &FrontendOptions, sources: &mut SourceMap) -> Result<Loaded, Diag> {
    let pp = preprocess::preprocess_file(path, &pp_options(opts), sources)?;
    let name = path.to_string_lossy().into_owned();
    finish(pp, &name, opts, sources)
}

/// Preprocesses and parses each unit with its own options (the target's macros and
/// `opts.defines`/`opts.include_dirs` come first), links them and lowers the result.
pub fn load_units(
    units: &[Unit],
    opts: &FrontendOptions,
    sources: &mut SourceMap,
) -> Result<Loaded, Diag> {
    let mut parsed = Vec::new();
    let mut warnings = Vec::new();
    let mut all_toks = Vec::new();
    let mut macros: Vec<(String, String)> = Vec::new();
    for u in units {
        let mut o = opts.clone();
        o.include_dirs.extend(u.include_dirs.iter().cloned());
        o.defines.extend(u.defines.iter().cloned());
        let mut pp = preprocess::preprocess_file(&u.path, &pp_options(&o), sources)?;
        warnings.append(&mut pp.warnings);
        // the first unit's definition of a macro wins (the entry's unit comes first)
        for (n, b) in std::mem::take(&mut pp.macros) {
            if !macros.iter().any(|(m, _)| *m == n) {
                macros.push((n, b));
            }
        }
        let name = u.path.to_string_lossy().into_owned();
        let main = sources.add(&name, None, None);
        let toks = lex::lex(&pp.text, main, sources)?;
        let tu = parse::parse(&toks)?;
        parsed.push(link::ParsedUnit { name, tu });
        all_toks.extend(toks);
    }
    let mut tu = link::link(parsed, sources);
    macros.sort();
    let (program, mut w) = link_and_lower(&mut tu, &all_toks, &macros, opts, sources)?;
    warnings.append(&mut w);
    Ok(Loaded {
        program,
        ast: tu,
        warnings,
        macros,
    })
}

/// [`load`] on `text` given as the contents of `path` (quoted includes are searched in `path`'s
/// directory): for programs instrumented in their text (`schedmc validate`).
pub fn load_text_at(
    path: &Path,
    text: &str,
    opts: &FrontendOptions,
    sources: &mut SourceMap,
) -> Result<Loaded, Diag> {
    let pp = preprocess::preprocess_str_at(path, text, &pp_options(opts), sources)?;
    let name = path.to_string_lossy().into_owned();
    finish(pp, &name, opts, sources)
}

/// [`load`] on a string named `name`.
pub fn load_str(
    name: &str,
    text: &str,
    opts: &FrontendOptions,
    sources: &mut SourceMap,
) -> Result<Loaded, Diag> {
    let pp = preprocess::preprocess_str(name, text, &pp_options(opts), sources)?;
    finish(pp, name, opts, sources)
}
