//! schedmc's C library: models of C library functions written in C (`include/libc/*.c`,
//! embedded into the binary) and linked into a translation unit that calls them without
//! defining them, as CBMC links its `ansi-c/library` models.
//!
//! [`link`] looks at the identifiers a program's tokens mention: for every model function
//! the program names but does not define (and does not declare as an object), the model file
//! that defines it is preprocessed with the target's predefined macros only (so user `-D`s
//! cannot change a model), parsed by our own front end, and the needed definitions are
//! appended to the program's translation unit. The lowering then inlines them like any
//! function with a body; their locations are in `<schedmc>/libc/FILE.c`. Models use no
//! typedef names (`include/libc/common.h`, shipped as `__schedmc_libc_common.h`, gives the target's `size_t` as the macro
//! `__size`), so that a program that includes no header still links them. Each model is
//! self-contained (models do not call one another), which keeps the selection one step.
//!
//! `memcpy`, `memmove`, `memset` and `memcmp` are built into the lowering, not modelled here.

use crate::diag::{Diag, SourceMap};
use crate::frontend::ast::{Derived, ExternalDecl, StorageClass, TranslationUnit};
use crate::frontend::lex::{Token, TokenKind};
use crate::frontend::{lex, parse, preprocess};
use crate::target::Target;
use std::collections::HashSet;

/// (file name, text, functions it defines) of every model file.
const MODELS: &[(&str, &str, &[&str])] = &[
    (
        "string.c",
        include_str!("../../include/libc/string.c"),
        &[
            "strlen",
            "strnlen",
            "strcpy",
            "strncpy",
            "strcat",
            "strncat",
            "strcmp",
            "strncmp",
            "strcoll",
            "strchr",
            "strrchr",
            "strstr",
            "strspn",
            "strcspn",
            "strpbrk",
            "strcasecmp",
            "strncasecmp",
        ],
    ),
    (
        "ctype.c",
        include_str!("../../include/libc/ctype.c"),
        &[
            "isdigit", "isupper", "islower", "isalpha", "isalnum", "isxdigit", "isspace",
            "isblank", "iscntrl", "isprint", "isgraph", "ispunct", "isascii", "tolower", "toupper",
        ],
    ),
    (
        "stdlib.c",
        include_str!("../../include/libc/stdlib.c"),
        &[
            "abs", "labs", "llabs", "rand", "srand", "strtol", "strtoll", "strtoul", "strtoull",
            "atoi", "atol", "atoll",
        ],
    ),
    (
        "stdio.c",
        include_str!("../../include/libc/stdio.c"),
        &[
            "printf",
            "fprintf",
            "dprintf",
            "vprintf",
            "vfprintf",
            "puts",
            "fputs",
            "putchar",
            "fputc",
            "putc",
            "perror",
            "fflush",
            "snprintf",
            "vsnprintf",
        ],
    ),
];

/// Whether schedmc ships a C model of the function `name`.
pub fn has_model(name: &str) -> bool {
    MODELS.iter().any(|(_, _, fs)| fs.contains(&name))
}

/// Names of every modelled function (for documentation and tests).
pub fn modelled_functions() -> impl Iterator<Item = &'static str> {
    MODELS.iter().flat_map(|(_, _, fs)| fs.iter().copied())
}

/// Appends to `tu` the model definitions of the library functions its tokens name but it
/// does not define (see the module doc).
pub fn link(
    tu: &mut TranslationUnit,
    toks: &[Token],
    target: &Target,
    sources: &mut SourceMap,
) -> Result<(), Diag> {
    let mut used: HashSet<&str> = HashSet::new();
    for t in toks {
        if let TokenKind::Ident(n) = &t.kind {
            used.insert(n.as_str());
        }
    }
    // defined functions and file-scope objects/typedefs of the same name block a model
    let mut taken: HashSet<String> = HashSet::new();
    for item in &tu.items {
        match item {
            ExternalDecl::Function(fd) => {
                if let Some(n) = &fd.declarator.name {
                    taken.insert(n.clone());
                }
            }
            ExternalDecl::Decl(d) => {
                for id in &d.declarators {
                    let is_func = matches!(
                        id.declarator.derived.first(),
                        Some(Derived::Function { .. })
                    );
                    if !is_func || d.specs.storage == Some(StorageClass::Typedef) {
                        if let Some(n) = &id.declarator.name {
                            taken.insert(n.clone());
                        }
                    }
                }
            }
        }
    }
    for (file, text, funcs) in MODELS {
        let needed: HashSet<&str> = funcs
            .iter()
            .copied()
            .filter(|f| used.contains(f) && !taken.contains(*f))
            .collect();
        if needed.is_empty() {
            continue;
        }
        let opts = preprocess::PpOptions {
            include_dirs: Vec::new(),
            defines: target.predefined_macros(),
            system_include_dir: None,
        };
        let name = format!("<schedmc>/libc/{file}");
        let pp = preprocess::preprocess_str(&name, text, &opts, sources)?;
        let main = sources.add(&name, None, None);
        let mtoks = lex::lex(&pp.text, main, sources)?;
        let model = parse::parse(&mtoks)?;
        for item in model.items {
            if let ExternalDecl::Function(fd) = &item {
                if fd
                    .declarator
                    .name
                    .as_deref()
                    .is_some_and(|n| needed.contains(n))
                {
                    tu.items.push(item);
                }
            }
        }
    }
    Ok(())
}
