//! The C front end: preprocess → lex → parse (nom) → type against the target → lower to IR.
//!
//! [`load`] runs the whole pipeline on a file; [`load_str`] on a string (for tests).
pub mod ast;
pub mod lex;
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
    /// Macros schedmc defines itself, whatever the program defines (`PpOptions::fixed`).
    pub fixed_macros: Vec<(String, String)>,
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
    let tu = parse::parse(&toks)?;
    let (program, mut warnings) = lower::lower(&tu, &opts.target, sources)?;
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
