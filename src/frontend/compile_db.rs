//! Compilation databases (`compile_commands.json`, as CMake, Bear and Meson write them): the C
//! files of a real build with each file's own `-I`, `-D` and `-U` flags.
//!
//! Each entry has `directory`, `file` and either `arguments` (a list) or `command` (one shell
//! string, split with POSIX shell rules). Relative paths are relative to `directory`. Files that
//! are not C (`.cpp`, `.s`, ...) are skipped; entries for the same file are kept once. Flags
//! other than the preprocessor's include and define flags are ignored (optimisation and
//! warnings do not change the semantics we check; `-m32`-like flags are the target profile's
//! business, given with `--target`).

use crate::diag::{Diag, DiagKind};
use crate::frontend::Unit;
use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct Entry {
    directory: PathBuf,
    file: PathBuf,
    #[serde(default)]
    arguments: Option<Vec<String>>,
    #[serde(default)]
    command: Option<String>,
}

fn io_err(msg: String) -> Diag {
    Diag::error(DiagKind::Io, None, msg)
}

/// The C translation units of the database at `path`, in its order.
pub fn read(path: &Path) -> Result<Vec<Unit>, Diag> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| io_err(format!("cannot read `{}`: {e}", path.display())))?;
    parse(&text, path)
}

/// [`read`] on the text of a database at `path`; a relative `directory` is taken relative to
/// the database's own directory.
pub fn parse(text: &str, path: &Path) -> Result<Vec<Unit>, Diag> {
    let base = path.parent().unwrap_or(Path::new(""));
    let entries: Vec<Entry> = serde_json::from_str(text).map_err(|e| {
        io_err(format!(
            "`{}` is not a compilation database: {e}",
            path.display()
        ))
    })?;
    let mut out: Vec<Unit> = Vec::new();
    for e in entries {
        let args = match (&e.arguments, &e.command) {
            (Some(a), _) => a.clone(),
            (None, Some(c)) => shlex::split(c).ok_or_else(|| {
                io_err(format!(
                    "`{}`: cannot split the command of `{}`",
                    path.display(),
                    e.file.display()
                ))
            })?,
            (None, None) => {
                return Err(io_err(format!(
                    "`{}`: the entry of `{}` has neither `arguments` nor `command`",
                    path.display(),
                    e.file.display()
                )))
            }
        };
        let dir = base.join(&e.directory);
        let file = dir.join(&e.file);
        let is_c = file
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("c") || x == "i");
        if !is_c || out.iter().any(|u| u.path == file) {
            continue;
        }
        let mut unit = Unit {
            path: file,
            ..Default::default()
        };
        let mut it = args.iter().skip(1);
        while let Some(a) = it.next() {
            let mut value = |flag: &str| -> Option<String> {
                if a == flag {
                    it.next().cloned()
                } else {
                    a.strip_prefix(flag).map(str::to_string)
                }
            };
            if let Some(d) = value("-I").or_else(|| value("-isystem").or_else(|| value("-iquote")))
            {
                unit.include_dirs.push(dir.join(d));
            } else if let Some(d) = value("-D") {
                unit.defines.push(match d.split_once('=') {
                    Some((n, v)) => (n.to_string(), Some(v.to_string())),
                    None => (d, None),
                });
            }
        }
        out.push(unit);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_and_commands_give_units_with_their_flags() {
        let db = r#"[
          {"directory": "/b", "file": "src/main.c",
           "arguments": ["cc", "-Iinc", "-I", "/abs/inc", "-DX=1", "-D", "Y", "-O2", "-c", "src/main.c"]},
          {"directory": "/b", "file": "src/uart.c",
           "command": "gcc -isystem sys -DNAME=\"a b\" -c src/uart.c -o uart.o"},
          {"directory": "/b", "file": "src/start.s", "command": "as src/start.s"},
          {"directory": "/b", "file": "src/main.c", "command": "cc -c src/main.c"}
        ]"#;
        let units = parse(db, Path::new("db.json")).unwrap();
        assert_eq!(units.len(), 2, "assembly skipped, duplicate kept once");
        assert_eq!(units[0].path, PathBuf::from("/b/src/main.c"));
        assert_eq!(
            units[0].include_dirs,
            vec![PathBuf::from("/b/inc"), PathBuf::from("/abs/inc")]
        );
        assert_eq!(
            units[0].defines,
            vec![("X".into(), Some("1".into())), ("Y".into(), None)]
        );
        assert_eq!(units[1].include_dirs, vec![PathBuf::from("/b/sys")]);
        assert_eq!(units[1].defines, vec![("NAME".into(), Some("a b".into()))]);
    }

    #[test]
    fn malformed_databases_are_input_errors() {
        assert!(parse("{", Path::new("db.json")).is_err());
        assert!(parse(
            r#"[{"directory": "/", "file": "a.c"}]"#,
            Path::new("db.json")
        )
        .is_err());
    }
}
