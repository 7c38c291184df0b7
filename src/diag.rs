//! Source files, locations and user-facing diagnostics (`file:line:col: error: ...` with a caret).
//!
//! Every stage of the front end reports problems as a [`Diag`]; the CLI renders it with
//! codespan-reporting against the [`SourceMap`] and exits with status 2.

use std::fmt;
use std::path::{Path, PathBuf};

/// Index of a file in a [`SourceMap`].
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct FileId(pub u32);

/// A position in an original source file (1-based line and column).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Loc {
    pub file: FileId,
    pub line: u32,
    pub col: u32,
}

/// All source files seen during one run (the main file, included headers, files named by line markers).
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

/// One file: the name as the user or a line marker spelled it, and its text when it could be read.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub path: Option<PathBuf>,
    pub text: Option<String>,
}

impl SourceMap {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a file (or returns the id of a file with the same name already present).
    pub fn add(&mut self, name: &str, path: Option<&Path>, text: Option<String>) -> FileId {
        if let Some(i) = self.files.iter().position(|f| f.name == name) {
            if self.files[i].text.is_none() && text.is_some() {
                self.files[i].text = text;
            }
            return FileId(i as u32);
        }
        self.files.push(SourceFile {
            name: name.to_string(),
            path: path.map(Path::to_path_buf),
            text,
        });
        FileId(self.files.len() as u32 - 1)
    }

    /// Looks a file up by the name it was added under.
    pub fn find(&self, name: &str) -> Option<FileId> {
        self.files
            .iter()
            .position(|f| f.name == name)
            .map(|i| FileId(i as u32))
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn name(&self, id: FileId) -> &str {
        &self.files[id.0 as usize].name
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The text of line `line` (1-based) of a file, when the file's text is known.
    pub fn line_text(&self, loc: Loc) -> Option<&str> {
        let f = self.files.get(loc.file.0 as usize)?;
        let text = f.text.as_deref()?;
        text.lines().nth(loc.line.checked_sub(1)? as usize)
    }

    /// `file:line` for traces.
    pub fn short(&self, loc: Loc) -> String {
        format!("{}:{}", self.display_name(loc.file), loc.line)
    }

    /// The file name without directories (for stable traces).
    pub fn display_name(&self, id: FileId) -> &str {
        let n = self.name(id);
        n.rsplit('/').next().unwrap_or(n)
    }
}

/// Severity of a diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// What kind of problem a diagnostic reports; `Unsupported` is C we read but cannot analyse soundly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagKind {
    Preprocess,
    Syntax,
    Type,
    Unsupported,
    Io,
}

/// A problem at a source location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    pub severity: Severity,
    pub kind: DiagKind,
    pub loc: Option<Loc>,
    pub message: String,
}

impl Diag {
    pub fn error(kind: DiagKind, loc: Option<Loc>, message: impl Into<String>) -> Self {
        Diag {
            severity: Severity::Error,
            kind,
            loc,
            message: message.into(),
        }
    }

    pub fn warning(kind: DiagKind, loc: Option<Loc>, message: impl Into<String>) -> Self {
        Diag {
            severity: Severity::Warning,
            kind,
            loc,
            message: message.into(),
        }
    }

    /// `unsupported: <construct>` at a location.
    pub fn unsupported(loc: Option<Loc>, construct: impl fmt::Display) -> Self {
        Diag::error(
            DiagKind::Unsupported,
            loc,
            format!("unsupported: {construct}"),
        )
    }

    /// Renders as `file:line:col: error: message`, followed by the source line and a caret.
    pub fn render(&self, sources: &SourceMap) -> String {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        match self.loc {
            Some(loc) if (loc.file.0 as usize) < sources.len() => {
                let mut s = format!(
                    "{}:{}:{}: {}: {}\n",
                    sources.name(loc.file),
                    loc.line,
                    loc.col,
                    sev,
                    self.message
                );
                if let Some(line) = sources.line_text(loc) {
                    let width = loc.line.to_string().len();
                    s.push_str(&format!("{:width$} |\n", ""));
                    s.push_str(&format!("{} | {}\n", loc.line, line));
                    let pad: String = line
                        .chars()
                        .take(loc.col.saturating_sub(1) as usize)
                        .map(|c| if c == '\t' { '\t' } else { ' ' })
                        .collect();
                    s.push_str(&format!("{:width$} | {}^\n", "", pad));
                }
                s
            }
            _ => format!("schedmc: {}: {}\n", sev, self.message),
        }
    }
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for Diag {}
