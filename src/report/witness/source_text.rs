//! The input file's text as the witness writers see it: line/column offsets, statement keywords
//! (`if`, `while`, `for`, `do`) around a location, statement starts and `__VERIFIER_nondet_*`
//! calls ([`Text`]); which source-map files denote the input file; and the context ([`Ctx`])
//! that maps IR source locations into that text.

use super::c_expr::CNames;
use crate::diag::{Diag, DiagKind, FileId, Loc, SourceMap};
use crate::ir::Program;
use std::path::Path;

pub(crate) struct Text {
    pub(crate) bytes: Vec<u8>,
    pub(crate) line_starts: Vec<usize>,
}

impl Text {
    pub(crate) fn new(bytes: Vec<u8>) -> Text {
        let mut line_starts = vec![0];
        for (i, b) in bytes.iter().enumerate() {
            if *b == b'\n' {
                line_starts.push(i + 1);
            }
        }
        Text { bytes, line_starts }
    }

    /// Byte offset of a 1-based line and column.
    pub(crate) fn offset(&self, line: u32, col: u32) -> Option<usize> {
        let start = *self.line_starts.get(line.checked_sub(1)? as usize)?;
        let off = start + col.checked_sub(1)? as usize;
        (off < self.bytes.len()).then_some(off)
    }

    pub(crate) fn line_col(&self, off: usize) -> (u32, u32) {
        let line = match self.line_starts.binary_search(&off) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        (line as u32 + 1, (off - self.line_starts[line]) as u32 + 1)
    }

    pub(crate) fn is_ident_byte(b: u8) -> bool {
        b.is_ascii_alphanumeric() || b == b'_'
    }

    /// The keyword of `kws` starting exactly at `off` (as a whole word).
    pub(crate) fn keyword_at(&self, off: usize, kws: &[&'static str]) -> Option<&'static str> {
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

    pub(crate) fn skip_ws_back(&self, mut i: usize) -> usize {
        while i > 0 && self.bytes[i - 1].is_ascii_whitespace() {
            i -= 1;
        }
        i
    }

    /// The word ending at `end` (exclusive): its start.
    pub(crate) fn word_before(&self, end: usize) -> Option<usize> {
        let mut s = end;
        while s > 0 && Self::is_ident_byte(self.bytes[s - 1]) {
            s -= 1;
        }
        (s < end).then_some(s)
    }

    /// The statement keyword (`if`, `while`, `for`, per `kws`) whose condition starts at `off`
    /// (or that starts at `off` itself): scans back over nested parentheses and, inside `for`,
    /// the init clause.
    pub(crate) fn condition_keyword(
        &self,
        off: usize,
        kws: &[&'static str],
    ) -> Option<(usize, &'static str)> {
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
    pub(crate) fn stmt_start(&self, off: usize) -> usize {
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
    pub(crate) fn do_before(&self, off: usize) -> Option<usize> {
        let mut j = self.skip_ws_back(off);
        if j > 0 && self.bytes[j - 1] == b'{' {
            j = self.skip_ws_back(j - 1);
        }
        let s = self.word_before(j)?;
        self.keyword_at(s, &["do"]).map(|_| s)
    }

    /// The closing parenthesis of the only `__VERIFIER_nondet_*(...)` call on the line of `off`
    /// at or after `off`'s statement start.
    pub(crate) fn nondet_call_close(&self, off: usize) -> Option<usize> {
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
pub(super) fn input_file_ids(sources: &SourceMap, input_file: &Path) -> Vec<FileId> {
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

pub(super) fn read_input(input_file: &Path) -> Result<Vec<u8>, Diag> {
    std::fs::read(input_file).map_err(|e| {
        Diag::error(
            DiagKind::Io,
            None,
            format!("cannot read input file {}: {e}", input_file.display()),
        )
    })
}

/// Context shared by the waypoint builders.
pub(super) struct Ctx<'a> {
    pub(super) prog: &'a Program,
    pub(super) text: Text,
    pub(super) files: Vec<FileId>,
    pub(super) names: CNames<'a>,
}

impl Ctx<'_> {
    pub(super) fn in_input(&self, loc: Loc) -> bool {
        self.files.contains(&loc.file) && loc.line > 0
    }

    pub(super) fn offset(&self, loc: Loc) -> Option<usize> {
        if !self.in_input(loc) {
            return None;
        }
        self.text.offset(loc.line, loc.col.max(1))
    }
}
