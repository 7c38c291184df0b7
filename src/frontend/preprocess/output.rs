//! The output writer: places tokens so that every output line maps to its original file and line
//! (GCC-style line markers `# N "file" [flags]` when needed) and unexpanded text keeps its column.

use crate::diag::FileId;

use super::lexer::{is_ident_char, punct_pair_merges, Tok, TK};

/// Largest gap of lines bridged with empty lines instead of a line marker.
const MAX_BLANK_GAP: u32 = 8;

pub(crate) struct Out {
    pub s: String,
    file: Option<FileId>,
    /// Presumed line of the current output line.
    line: u32,
    /// 1-based column of the next character of the current output line.
    col: u32,
    prev: Option<Prev>,
    /// A line directive came since the last token ([`Out::renumbered`]).
    renumbered: bool,
}

struct Prev {
    kind: TK,
    last: char,
    /// For an unexpanded token: (file, line, column just after it) in the source.
    src_end: Option<(FileId, u32, u32)>,
}

/// Escapes a file name for a line marker or `__FILE__`.
pub(crate) fn escape_name(name: &str) -> String {
    let mut s = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '"' => s.push_str("\\\""),
            '\n' => s.push_str("\\n"),
            c => s.push(c),
        }
    }
    s
}

/// Whether two tokens written without white space would lex differently.
fn needs_space(pk: TK, plast: char, n: &Tok) -> bool {
    let Some(nf) = n.text.chars().next() else {
        return false;
    };
    if is_ident_char(plast) && (is_ident_char(nf) || nf == '\'' || nf == '"') {
        return true;
    }
    if pk == TK::Num && matches!(nf, '.' | '+' | '-') {
        return true;
    }
    if plast == '.' && nf.is_ascii_digit() {
        return true;
    }
    if matches!(pk, TK::Punct | TK::Other) && matches!(n.kind, TK::Punct | TK::Other) {
        return punct_pair_merges(plast, nf) || plast == '\\';
    }
    false
}

impl Out {
    pub fn new() -> Out {
        Out {
            s: String::new(),
            file: None,
            line: 1,
            col: 1,
            prev: None,
            renumbered: false,
        }
    }

    /// A `#line` directive or line marker in the input renumbered the lines: the next token
    /// gets a marker when it lies before the output's line, even when it comes from a macro
    /// expansion (generated code such as the SystemC front end's re-enters a line it left).
    pub fn renumbered(&mut self) {
        self.renumbered = true;
    }

    fn end_line(&mut self) {
        if !self.s.is_empty() && !self.s.ends_with('\n') {
            self.s.push('\n');
        }
    }

    /// Emits `# line "name" [flag]`; the next output line is `line` of `file`.
    pub fn marker(&mut self, line: u32, file: FileId, name: &str, flag: Option<u8>) {
        self.end_line();
        self.s
            .push_str(&format!("# {} \"{}\"", line, escape_name(name)));
        if let Some(f) = flag {
            self.s.push_str(&format!(" {f}"));
        }
        self.s.push('\n');
        self.file = Some(file);
        self.line = line;
        self.col = 1;
        self.prev = None;
    }

    /// Finishes the output with a newline.
    pub fn finish(mut self) -> String {
        self.end_line();
        self.s
    }

    /// Writes one token; `name` gives the file name for a line marker.
    pub fn emit(&mut self, t: &Tok, name: &dyn Fn(FileId) -> String) {
        if t.kind == TK::Placemarker || t.text.is_empty() {
            return;
        }
        let same_file = self.file == Some(t.loc.file);
        if !same_file || t.loc.line < self.line {
            if !(t.expanded && same_file && !self.renumbered) {
                self.marker(t.loc.line, t.loc.file, &name(t.loc.file), None);
            }
        } else if t.loc.line > self.line {
            let gap = t.loc.line - self.line;
            if gap <= MAX_BLANK_GAP {
                for _ in 0..gap {
                    self.s.push('\n');
                }
                self.line = t.loc.line;
                self.col = 1;
                self.prev = None;
            } else {
                self.marker(t.loc.line, t.loc.file, &name(t.loc.file), None);
            }
        }
        let on_own_line = self.file == Some(t.loc.file) && self.line == t.loc.line;
        if on_own_line && self.col < t.loc.col {
            for _ in self.col..t.loc.col {
                self.s.push(' ');
            }
            self.col = t.loc.col;
        } else if let Some(p) = &self.prev {
            let adjacent = !t.expanded
                && p.src_end == Some((t.loc.file, t.loc.line, t.loc.col))
                && on_own_line;
            if !adjacent && (t.space || needs_space(p.kind, p.last, t)) {
                self.s.push(' ');
                self.col += 1;
            }
        }
        self.renumbered = false;
        self.s.push_str(&t.text);
        let n = t.text.chars().count() as u32;
        self.col = self.col.saturating_add(n);
        self.prev = Some(Prev {
            kind: t.kind,
            last: t.text.chars().last().unwrap_or(' '),
            src_end: if t.expanded {
                None
            } else {
                Some((t.loc.file, t.loc.line, t.loc.col.saturating_add(n)))
            },
        });
    }
}
