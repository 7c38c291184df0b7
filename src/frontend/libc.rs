//! schedmc's C library: models of C library functions written in C (`include/libc/*.c`,
//! embedded into the binary) and linked into a translation unit that calls them without
//! defining them, as CBMC links its `ansi-c/library` models.
//!
//! [`link`] looks at the identifiers a program's tokens mention before a `(` (calls and
//! prototypes): for every model function the program names so but does not define (and does
//! not declare as an object), the model file
//! that defines it is preprocessed with the target's predefined macros only (so user `-D`s
//! cannot change a model), parsed by our own front end, and the needed definitions are
//! appended to the program's translation unit, preceded by the model file's file-scope
//! objects they name (`errno`, a function's static state) that the program does not declare
//! itself. The lowering then inlines them like any
//! function with a body; their locations are in `<schedmc>/libc/FILE.c`. Models use no
//! typedef names (`include/libc/common.h`, shipped as `__schedmc_libc_common.h`, gives the target's `size_t` as the macro
//! `__size`), so that a program that includes no header still links them. Each model is
//! self-contained (models do not call one another), which keeps the selection one step.
//!
//! A model is also linked under GCC's `__builtin_` spelling of its name (`__builtin_strncpy`)
//! when the program calls that spelling.
//!
//! `memcpy`, `memmove`, `memset` and `memcmp` are built into the lowering, not modelled here.

use crate::diag::{Diag, SourceMap};
use crate::frontend::ast::{Derived, ExternalDecl, StorageClass, TranslationUnit};
use crate::frontend::lex::{Keyword, Punct, Token, TokenKind};
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
            "memchr",
            "strdup",
            "strndup",
            "strtok",
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
            "abs", "labs", "llabs", "div", "ldiv", "lldiv", "rand", "srand", "strtol", "strtoll",
            "strtoul", "strtoull", "atoi", "atol", "atoll", "qsort", "bsearch",
        ],
    ),
    (
        "pthread.c",
        include_str!("../../include/libc/pthread.c"),
        &[
            "pthread_rwlock_init",
            "pthread_rwlock_destroy",
            "pthread_rwlock_rdlock",
            "pthread_rwlock_tryrdlock",
            "pthread_rwlock_wrlock",
            "pthread_rwlock_trywrlock",
            "pthread_rwlock_unlock",
            "pthread_spin_init",
            "pthread_spin_destroy",
            "pthread_spin_lock",
            "pthread_spin_trylock",
            "pthread_spin_unlock",
            "pthread_barrier_init",
            "pthread_barrier_destroy",
            "pthread_barrier_wait",
            "sem_init",
            "sem_destroy",
            "sem_wait",
            "sem_trywait",
            "sem_post",
            "sem_getvalue",
            "pthread_once",
            "pthread_key_create",
            "pthread_key_delete",
            "pthread_getspecific",
            "pthread_setspecific",
            "call_once",
            "tss_create",
            "tss_delete",
            "tss_get",
            "tss_set",
        ],
    ),
    (
        "wchar.c",
        include_str!("../../include/libc/wchar.c"),
        &[
            "mbsinit", "wcslen", "wcsnlen", "wcscmp", "wcsncmp", "wcscpy", "wcsncpy", "wcscat",
            "wcschr", "wmemset", "wmemcpy", "wmemcmp",
        ],
    ),
    (
        "time.c",
        include_str!("../../include/libc/time.c"),
        &[
            "time",
            "timespec_get",
            "gmtime",
            "localtime",
            "gmtime_r",
            "localtime_r",
            "mktime",
            "asctime",
            "ctime",
            "strftime",
            "ffs",
            "ffsl",
            "ffsll",
            "__builtin_ffs",
            "__builtin_ffsl",
            "__builtin_ffsll",
            "__builtin_ctz",
            "__builtin_ctzl",
            "__builtin_ctzll",
            "__builtin_clz",
            "__builtin_clzl",
            "__builtin_clzll",
            "__builtin_popcount",
            "__builtin_popcountl",
            "__builtin_popcountll",
            "__builtin_parity",
            "__builtin_parityl",
            "__builtin_parityll",
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
    (
        "atexit.c",
        include_str!("../../include/libc/atexit.c"),
        &["atexit", "__schedmc_atexit_run"],
    ),
    (
        "math.c",
        include_str!("../../include/libc/math.c"),
        &[
            "trunc", "floor", "ceil", "round", "truncf", "floorf", "ceilf", "roundf", "fmin",
            "fmax", "fminf", "fmaxf",
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
    // a name followed by `(`: a call or a function declaration (a header's prototype); an
    // object or member of the same name (`float div = ...;`) does not bring a model, whose
    // types (`struct __schedmc_div`) a program without the header does not declare
    let mut used: HashSet<&str> = HashSet::new();
    for w in toks.windows(2) {
        if let (TokenKind::Ident(n), TokenKind::Punct(Punct::LParen)) = (&w[0].kind, &w[1].kind) {
            used.insert(n.as_str());
        }
    }
    // `atexit` brings its model, and the handler runner the front end calls at exit() and
    // main's return, only where the program calls it or takes its address: a prototype
    // (`int atexit(...)`, as <stdlib.h> has) does not
    let atexit_used = toks.windows(2).any(|w| {
        matches!(&w[1].kind, TokenKind::Ident(n) if n == "atexit")
            && !matches!(w[0].kind, TokenKind::Keyword(Keyword::Int))
    });
    if atexit_used {
        used.insert("__schedmc_atexit_run");
    } else {
        used.remove("atexit");
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
    // GCC's `__builtin_` spelling of a modelled function (`__builtin_strncpy`, as GCC and
    // Clang emit and torture tests write): the model's definition under that name too
    let aliased: HashSet<&str> = modelled_functions()
        .filter(|f| {
            let a = format!("__builtin_{f}");
            // (not when that spelling has a model of its own: __builtin_ffs)
            !f.starts_with("__")
                && !has_model(&a)
                && used.contains(a.as_str())
                && !taken.contains(&a)
        })
        .collect();
    let builtin_alias = |f: &str| aliased.contains(f).then(|| format!("__builtin_{f}"));
    for (file, text, funcs) in MODELS {
        let direct: HashSet<&str> = funcs
            .iter()
            .copied()
            .filter(|f| used.contains(f) && !taken.contains(*f))
            .collect();
        let needed: HashSet<&str> = funcs
            .iter()
            .copied()
            .filter(|f| direct.contains(f) || builtin_alias(f).is_some())
            .collect();
        if needed.is_empty() {
            continue;
        }
        let opts = preprocess::PpOptions {
            include_dirs: Vec::new(),
            defines: target.predefined_macros(),
            system_include_dir: None,
            fixed: Vec::new(),
            skip_headers: Vec::new(),
        };
        let name = format!("<schedmc>/libc/{file}");
        let pp = preprocess::preprocess_str(&name, text, &opts, sources)?;
        let main = sources.add(&name, None, None);
        let mtoks = lex::lex(&pp.text, main, sources)?;
        let model = parse::parse(&mtoks)?;
        let idents = item_idents(&model, &mtoks);
        // the file-scope objects the needed functions name (errno, static state), unless the
        // program declares them itself; appended before the functions that use them
        let mut objs_used: HashSet<&str> = HashSet::new();
        for (item, ids) in model.items.iter().zip(&idents) {
            if let ExternalDecl::Function(fd) = item {
                if fd
                    .declarator
                    .name
                    .as_deref()
                    .is_some_and(|n| needed.contains(n))
                {
                    objs_used.extend(ids.iter().map(String::as_str));
                }
            }
        }
        let mut funcs = Vec::new();
        for item in &model.items {
            match item {
                ExternalDecl::Function(fd) => {
                    let Some(n) = fd.declarator.name.as_deref() else {
                        continue;
                    };
                    if direct.contains(n) {
                        funcs.push(item.clone());
                    }
                    if let Some(a) = builtin_alias(n) {
                        let mut f = fd.clone();
                        f.declarator.name = Some(a);
                        funcs.push(ExternalDecl::Function(f));
                    }
                }
                ExternalDecl::Decl(d) => {
                    let object = d.specs.storage != Some(StorageClass::Typedef)
                        && !d.declarators.is_empty()
                        && d.declarators.iter().all(|id| {
                            !matches!(
                                id.declarator.derived.first(),
                                Some(Derived::Function { .. })
                            ) && id
                                .declarator
                                .name
                                .as_deref()
                                .is_some_and(|n| objs_used.contains(n) && !taken.contains(n))
                        });
                    if object {
                        for id in &d.declarators {
                            if let Some(n) = &id.declarator.name {
                                taken.insert(n.clone());
                            }
                        }
                        tu.items.push(item.clone());
                    }
                }
            }
        }
        tu.items.extend(funcs);
    }
    Ok(())
}

/// The identifiers among the tokens of each item of `tu` (parsed from `toks`): an item spans
/// from its first token (at its location) to the next item's first token.
/// True for a function of the C implementation rather than of the user's environment: a
/// reserved identifier (C11 7.1.3: `__x`, `_X`; compiler built-ins, CBMC's and ESBMC's
/// intrinsics) or a function a shipped header declares (`name(` in `include/*.h`). Such a
/// function has a semantics fixed by the standard or by its tool; without a model its call is
/// havocked, which over-approximates that semantics: sound for SUCCESSFUL, but a counterexample
/// through it may be one the real function cannot give (`time(&t)` returning a value other
/// than the one it stores), so the driver reports it as UNKNOWN.
pub fn is_library_function(name: &str) -> bool {
    static DECLARED: std::sync::OnceLock<HashSet<String>> = std::sync::OnceLock::new();
    let b = name.as_bytes();
    if b.len() > 1 && b[0] == b'_' && (b[1] == b'_' || b[1].is_ascii_uppercase()) {
        return true;
    }
    DECLARED
        .get_or_init(|| {
            let mut out = HashSet::new();
            for (_, text) in preprocess::SHIPPED_HEADERS {
                let t = text.as_bytes();
                let mut i = 0;
                while i < t.len() {
                    if t[i].is_ascii_alphabetic() || t[i] == b'_' {
                        let s = i;
                        while i < t.len() && (t[i].is_ascii_alphanumeric() || t[i] == b'_') {
                            i += 1;
                        }
                        let mut j = i;
                        while j < t.len() && (t[j] == b' ' || t[j] == b'\t') {
                            j += 1;
                        }
                        if j < t.len() && t[j] == b'(' {
                            out.insert(text[s..i].to_string());
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            out
        })
        .contains(name)
}

/// The name prefix of the temporaries that stand for reads through a pointer with an unknown
/// target.
pub const UNKNOWN_READ_PREFIX: &str = "unknown_read$";

/// Does the counterexample's path read through a pointer whose target the analysis did not
/// know (such a read gives any value, so the path may be one the program cannot take)? The
/// first such read's source line, if any.
pub fn reads_unknown_target(
    prog: &crate::ir::Program,
    cex: &crate::verdict::Counterexample,
) -> Option<u32> {
    cex.edges(prog).find_map(|e| match &e.op {
        crate::ir::Op::Nondet(v) if prog.var(*v).name.contains(UNKNOWN_READ_PREFIX) => {
            Some(e.loc.line)
        }
        _ => None,
    })
}

/// The library functions ([`is_library_function`]) among the unmodelled calls of `cex` whose
/// call havocs something (a result or an object its pointer arguments reach), sorted, each once.
pub fn havocked_library_calls(
    prog: &crate::ir::Program,
    cex: &crate::verdict::Counterexample,
    unmodelled: &[String],
) -> Vec<String> {
    let mut out = std::collections::BTreeSet::new();
    for e in cex.edges(prog) {
        if let crate::ir::Op::Call {
            func,
            ret,
            may_write,
            ..
        } = &e.op
        {
            if (ret.is_some() || !may_write.is_empty())
                && unmodelled.contains(func)
                && is_library_function(func)
            {
                out.insert(func.clone());
            }
        }
    }
    out.into_iter().collect()
}

fn item_idents(tu: &TranslationUnit, toks: &[Token]) -> Vec<HashSet<String>> {
    let loc_of = |item: &ExternalDecl| match item {
        ExternalDecl::Function(fd) => fd.loc,
        ExternalDecl::Decl(d) => d.loc,
    };
    let mut starts = Vec::with_capacity(tu.items.len());
    let mut i = 0;
    for item in &tu.items {
        let l = loc_of(item);
        while i < toks.len() && toks[i].loc != l {
            i += 1;
        }
        starts.push(i.min(toks.len()));
    }
    starts.push(toks.len());
    (0..tu.items.len())
        .map(|k| {
            toks[starts[k]..starts[k + 1].max(starts[k])]
                .iter()
                .filter_map(|t| match &t.kind {
                    TokenKind::Ident(n) => Some(n.clone()),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::diag::SourceMap;
    use crate::frontend::{load_str, FrontendOptions};
    use crate::ir::Op;

    fn load(src: &str) -> (crate::frontend::Loaded, SourceMap) {
        let mut sm = SourceMap::new();
        let l = load_str("t.c", src, &FrontendOptions::default(), &mut sm)
            .unwrap_or_else(|e| panic!("{}", e.render(&sm)));
        (l, sm)
    }

    fn defined(l: &crate::frontend::Loaded) -> Vec<String> {
        l.ast
            .items
            .iter()
            .filter_map(|i| match i {
                crate::frontend::ast::ExternalDecl::Function(f) => f.declarator.name.clone(),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn only_called_undefined_functions_are_linked() {
        let (l, sm) = load(
            "int strcmp(const char *a, const char *b) { return 0; }\n\
             int main(void) { return (int)strlen(\"ab\") + strcmp(\"a\", \"b\") + isdigit('1'); }",
        );
        let d = defined(&l);
        assert!(d.contains(&"strlen".to_string()) && d.contains(&"isdigit".to_string()));
        // the program's own strcmp, once; models not named are not linked
        assert_eq!(d.iter().filter(|n| *n == "strcmp").count(), 1);
        assert!(!d.contains(&"strcpy".to_string()) && !d.contains(&"atoi".to_string()));
        // no external call remains: the models are inlined, with their own file name
        let calls = l.program.threads[0]
            .edges
            .iter()
            .filter(|e| matches!(e.op, Op::Call { .. }))
            .count();
        assert_eq!(calls, 0);
        let in_model = l.program.threads[0]
            .edges
            .iter()
            .any(|e| sm.display_name(e.loc.file).ends_with("string.c"));
        assert!(in_model);
        assert!(l.warnings.is_empty(), "{:?}", l.warnings);
    }

    #[test]
    fn a_local_object_named_like_a_model_links_nothing() {
        // no <stdlib.h>: the div model's result type is not declared, and nothing calls div
        let (l, _) = load("int main(void) { int div = 6 / 2; int abs = div; return abs - 3; }");
        let d = defined(&l);
        assert!(!d.contains(&"div".to_string()) && !d.contains(&"abs".to_string()));
    }

    #[test]
    fn a_file_scope_object_of_the_same_name_blocks_the_model() {
        let (l, _) = load("int abs = 3;\nint main(void) { return abs; }");
        assert!(!defined(&l).contains(&"abs".to_string()));
    }

    #[test]
    fn unmodelled_functions_warn_once_and_stay_calls() {
        let (l, _) =
            load("int get(int *p);\nint main(void) { int x = 0; get(&x); get(&x); return x; }");
        let w: Vec<&str> = l
            .warnings
            .iter()
            .map(|d| d.message.as_str())
            .filter(|m| m.contains("no body for 'get'"))
            .collect();
        assert_eq!(w.len(), 1, "{:?}", l.warnings);
        assert!(w[0].contains("it may write through its pointer arguments"));
        let calls = l.program.threads[0]
            .edges
            .iter()
            .filter(|e| matches!(&e.op, Op::Call { func, .. } if func == "get"))
            .count();
        assert_eq!(calls, 2);
    }

    #[test]
    fn scheduler_primitives_do_not_warn() {
        let (l, _) = load(
            "typedef int pthread_mutex_t; int pthread_mutex_lock(pthread_mutex_t *);\n\
             pthread_mutex_t m; int main(void) { return pthread_mutex_lock(&m); }",
        );
        assert!(l.warnings.is_empty(), "{:?}", l.warnings);
    }

    fn objects(l: &crate::frontend::Loaded) -> Vec<String> {
        l.ast
            .items
            .iter()
            .filter_map(|i| match i {
                crate::frontend::ast::ExternalDecl::Decl(d) => Some(d),
                _ => None,
            })
            .flat_map(|d| d.declarators.iter())
            .filter_map(|id| id.declarator.name.clone())
            .collect()
    }

    #[test]
    fn a_model_brings_the_file_scope_objects_it_names() {
        // strtol sets errno: without <errno.h> the model's errno is linked, once
        let (l, _) = load(
            "long strtol(const char *, char **, int);
int main(void) { return (int)strtol(\"1\", 0, 10); }",
        );
        assert_eq!(objects(&l).iter().filter(|n| *n == "errno").count(), 1);
        // abs names no object of stdlib.c
        let (l, _) = load(
            "int abs(int);
int main(void) { return abs(-1); }",
        );
        assert!(!objects(&l).contains(&"errno".to_string()));
        // the program's own errno is the one the model uses
        let (l, _) = load(
            "int errno;
long strtol(const char *, char **, int);
int main(void) { return (int)strtol(\"1\", 0, 10) + errno; }",
        );
        assert_eq!(objects(&l).iter().filter(|n| *n == "errno").count(), 1);
        // strtok's position
        let (l, _) = load(
            "char *strtok(char *, const char *);
char s[] = \"a b\";
int main(void) { return strtok(s, \" \") != 0; }",
        );
        assert!(objects(&l).contains(&"__schedmc_strtok_next".to_string()));
    }

    #[test]
    fn every_listed_model_is_defined_by_its_file() {
        let mut names: Vec<&str> = super::modelled_functions().collect();
        names.sort();
        // each name as a call, the way a program names a model
        let text = names
            .iter()
            .map(|n| format!("{n}();"))
            .collect::<Vec<_>>()
            .join(" ");
        let mut sm = SourceMap::new();
        let f = sm.add("t.c", None, Some(text.clone()));
        let toks = crate::frontend::lex::lex(&text, f, &mut sm).unwrap();
        let mut tu = crate::frontend::ast::TranslationUnit {
            items: vec![],
            weak: vec![],
        };
        super::link(&mut tu, &toks, &crate::target::Target::default(), &mut sm).unwrap();
        let mut d: Vec<String> = tu
            .items
            .iter()
            .filter_map(|i| match i {
                crate::frontend::ast::ExternalDecl::Function(f) => f.declarator.name.clone(),
                _ => None,
            })
            .collect();
        d.sort();
        assert_eq!(d, names);
        assert!(super::has_model("strtol") && !super::has_model("memcpy"));
    }

    #[test]
    fn builtin_spelling_links_the_model_under_that_name() {
        let text = "int f(char *s) { return __builtin_strlen(s) + __builtin_ffs(2) + ffs(4); }";
        let mut sm = SourceMap::new();
        let f = sm.add("t.c", None, Some(text.to_string()));
        let toks = crate::frontend::lex::lex(text, f, &mut sm).unwrap();
        let mut tu = crate::frontend::parse::parse(&toks).unwrap();
        super::link(&mut tu, &toks, &crate::target::Target::default(), &mut sm).unwrap();
        let mut d: Vec<String> = tu
            .items
            .iter()
            .filter_map(|i| match i {
                crate::frontend::ast::ExternalDecl::Function(f) => f.declarator.name.clone(),
                _ => None,
            })
            .collect();
        d.sort();
        // strlen itself is not called: only its __builtin_ copy; __builtin_ffs is its own model
        assert_eq!(d, ["__builtin_ffs", "__builtin_strlen", "f", "ffs"]);
    }
}
