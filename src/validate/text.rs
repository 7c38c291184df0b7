//! The input file's text with code inserted at witness locations: where a statement may be
//! inserted, the parenthesised condition of `if`/`while`/`for`/`switch`, the extent of a
//! `__VERIFIER_nondet_*()` call, and the instrumented text itself ([`Edit`]: a declaration
//! prelude, insertions that never add a line, and the map from an instrumented column back to
//! the input's).

use crate::report::witness::source_text::Text;

/// Insertions into one input text.
pub(crate) struct Edit<'t> {
    pub(crate) text: &'t Text,
    /// Declarations put before the first line (the line numbering restarts at 1 after them).
    pub prelude: Vec<String>,
    /// (byte offset, rank, inserted text); at one offset the lower rank comes first, then the
    /// earlier addition.
    inserts: Vec<(usize, u8, String)>,
}

impl<'t> Edit<'t> {
    pub(crate) fn new(text: &'t Text) -> Edit<'t> {
        Edit {
            text,
            prelude: Vec::new(),
            inserts: Vec::new(),
        }
    }

    /// Inserts `s` (one line, no newline) before byte `off`.
    pub fn insert(&mut self, off: usize, s: String) {
        self.insert_ranked(off, 0, s);
    }

    /// Inserts `s` before byte `off` with a rank: where two constructs nest and start or end
    /// at the same byte, the outer one's opening text and the inner one's closing text get
    /// the lower rank.
    pub fn insert_ranked(&mut self, off: usize, rank: u8, s: String) {
        debug_assert!(!s.contains('\n'));
        self.inserts.push((off, rank, s));
    }

    /// The instrumented text.
    pub fn render(&self) -> String {
        let mut ins: Vec<&(usize, u8, String)> = self.inserts.iter().collect();
        ins.sort_by_key(|(o, r, _)| (*o, *r));
        let mut out = String::new();
        for p in &self.prelude {
            out.push_str(p);
            out.push('\n');
        }
        if !self.prelude.is_empty() {
            out.push_str("#line 1\n");
        }
        let bytes = &self.text.bytes;
        let mut at = 0;
        for (o, _, s) in ins {
            out.push_str(&String::from_utf8_lossy(&bytes[at..*o]));
            out.push_str(s);
            at = *o;
        }
        out.push_str(&String::from_utf8_lossy(&bytes[at..]));
        out
    }

    /// The input column of instrumented column `col` on `line` (None inside inserted text).
    pub fn original_col(&self, line: u32, col: u32) -> Option<u32> {
        let start = *self.text.line_starts.get(line.checked_sub(1)? as usize)?;
        let end = self
            .text
            .line_starts
            .get(line as usize)
            .copied()
            .unwrap_or(self.text.bytes.len() + 1);
        let mut on_line: Vec<(u32, u32)> = self
            .inserts
            .iter()
            .filter(|(o, _, _)| (start..end).contains(o))
            .map(|(o, _, s)| ((o - start) as u32 + 1, s.len() as u32))
            .collect();
        on_line.sort_by_key(|x| x.0);
        let mut shift = 0;
        for (c, len) in on_line {
            if col >= c + shift + len {
                shift += len;
            } else if col >= c + shift {
                return None;
            } else {
                break;
            }
        }
        Some(col - shift)
    }
}

impl Text {
    /// Skips a string or character literal starting at `i` (its quote); the offset after it.
    fn skip_literal(&self, mut i: usize) -> usize {
        let q = self.bytes[i];
        i += 1;
        while i < self.bytes.len() && self.bytes[i] != q {
            if self.bytes[i] == b'\\' {
                i += 1;
            }
            i += 1;
        }
        i + 1
    }

    /// The matching closing parenthesis of the `(` at `open`.
    pub(crate) fn matching_paren(&self, open: usize) -> Option<usize> {
        let mut depth = 0i32;
        let mut i = open;
        while i < self.bytes.len() {
            match self.bytes[i] {
                b'"' | b'\'' => {
                    i = self.skip_literal(i);
                    continue;
                }
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// The condition of the `if`/`while`/`switch`/`for` (per `kw`) at `kw_off`: the byte range
    /// of the expression (for `for`, between the two `;` of its header; possibly empty).
    pub(crate) fn condition_range(&self, kw_off: usize, kw: &str) -> Option<(usize, usize)> {
        let mut i = kw_off + kw.len();
        while i < self.bytes.len() && self.bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if self.bytes.get(i) != Some(&b'(') {
            return None;
        }
        let close = self.matching_paren(i)?;
        if kw != "for" {
            return Some((i + 1, close));
        }
        let mut semis = Vec::new();
        let mut depth = 0i32;
        let mut j = i + 1;
        while j < close {
            match self.bytes[j] {
                b'"' | b'\'' => {
                    j = self.skip_literal(j);
                    continue;
                }
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                b';' if depth == 0 => semis.push(j),
                _ => {}
            }
            j += 1;
        }
        match semis[..] {
            [a, b] => Some((a + 1, b)),
            _ => None,
        }
    }

    /// Whether a statement may be inserted before byte `off`: it starts a line's code after a
    /// `;`, `{`, `}` or label `:` (comments and preprocessor lines skipped), and is not inside
    /// a `for` header.
    pub(crate) fn statement_context(&self, off: usize) -> bool {
        if off >= self.bytes.len()
            || !self.bytes[off].is_ascii_alphabetic() && self.bytes[off] != b'_'
        {
            return false;
        }
        let mut i = off;
        loop {
            i = self.skip_ws_back(i);
            if i == 0 {
                return true;
            }
            // a block comment ending here
            if i >= 2 && &self.bytes[i - 2..i] == b"*/" {
                let Some(p) = find_back(&self.bytes[..i - 2], b"/*") else {
                    return false;
                };
                i = p;
                continue;
            }
            let (line, _) = self.line_col(i - 1);
            let ls = self.line_starts[line as usize - 1];
            let code = &self.bytes[ls..i];
            // a preprocessor line
            if code.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'#') {
                i = ls;
                continue;
            }
            // a line comment (outside literals) on this line
            if let Some(p) = line_comment_start(code) {
                i = ls + p;
                continue;
            }
            let prev = self.bytes[i - 1];
            if prev == b':' {
                // a label or `case`, not `::` or `?:`
                return i < 2 || self.bytes[i - 2] != b':';
            }
            return matches!(prev, b';' | b'{' | b'}') && !self.in_for_header(i - 1);
        }
    }

    /// Whether `off` (a `;`) is inside the parentheses of a `for` header.
    fn in_for_header(&self, off: usize) -> bool {
        if self.bytes[off] != b';' {
            return false;
        }
        let mut depth = 0i32;
        let mut i = off;
        while i > 0 {
            i -= 1;
            match self.bytes[i] {
                b')' => depth += 1,
                b'(' if depth == 0 => {
                    let j = self.skip_ws_back(i);
                    return self
                        .word_before(j)
                        .is_some_and(|s| self.keyword_at(s, &["for"]).is_some());
                }
                b'(' => depth -= 1,
                b'{' | b'}' | b';' if depth == 0 => return false,
                _ => {}
            }
        }
        false
    }

    /// The `__VERIFIER_nondet_T(...)` call whose closing parenthesis is at `close`: the start
    /// of its name and `T`.
    pub(crate) fn nondet_call_at(&self, close: usize) -> Option<(usize, String)> {
        if self.bytes.get(close) != Some(&b')') {
            return None;
        }
        let mut depth = 0i32;
        let mut i = close + 1;
        let open = loop {
            i = i.checked_sub(1)?;
            match self.bytes[i] {
                b')' => depth += 1,
                b'(' => {
                    depth -= 1;
                    if depth == 0 {
                        break i;
                    }
                }
                _ => {}
            }
        };
        let j = self.skip_ws_back(open);
        let s = self.word_before(j)?;
        let name = std::str::from_utf8(&self.bytes[s..j]).ok()?;
        let t = name.strip_prefix("__VERIFIER_nondet_")?;
        Some((s, t.to_string()))
    }
}

fn find_back(hay: &[u8], pat: &[u8]) -> Option<usize> {
    (0..=hay.len().checked_sub(pat.len())?)
        .rev()
        .find(|&i| hay[i..].starts_with(pat))
}

/// Where a `//` comment starts in a line's code (outside string and character literals).
fn line_comment_start(code: &[u8]) -> Option<usize> {
    let mut i = 0;
    let mut quote = None;
    while i < code.len() {
        let b = code[i];
        match quote {
            Some(q) => {
                if b == b'\\' {
                    i += 1;
                } else if b == q {
                    quote = None;
                }
            }
            None => {
                if b == b'"' || b == b'\'' {
                    quote = Some(b);
                } else if b == b'/' && code.get(i + 1) == Some(&b'/') {
                    return Some(i);
                }
            }
        }
        i += 1;
    }
    None
}

/// The C type of `__VERIFIER_nondet_T`'s result, for the types SV-COMP defines.
pub fn nondet_type(t: &str) -> Option<&'static str> {
    Some(match t {
        "bool" | "_Bool" => "_Bool",
        "char" => "char",
        "uchar" | "unsigned_char" => "unsigned char",
        "short" => "short",
        "ushort" | "unsigned_short" => "unsigned short",
        "int" => "int",
        "uint" | "unsigned" | "unsigned_int" => "unsigned int",
        "long" => "long",
        "ulong" | "unsigned_long" => "unsigned long",
        "longlong" | "long_long" => "long long",
        "ulonglong" | "unsigned_long_long" => "unsigned long long",
        "float" => "float",
        "double" => "double",
        _ => return None,
    })
}

/// Whether a C expression from a witness is free of side effects as far as its text shows:
/// no assignment, increment, decrement or call (`sizeof(...)` aside). Conservative: a
/// function-like macro use is rejected too.
pub fn side_effect_free(e: &str) -> bool {
    let b = e.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' | b'\'' => return false,
            b'=' => {
                let prev = if i > 0 { b[i - 1] } else { b' ' };
                let next = b.get(i + 1).copied().unwrap_or(b' ');
                if next == b'=' {
                    i += 2;
                    continue;
                }
                if !matches!(prev, b'=' | b'!' | b'<' | b'>') {
                    return false;
                }
                // `<<=` / `>>=`
                if i >= 2 && matches!(&b[i - 2..i], b"<<" | b">>") {
                    return false;
                }
            }
            b'+' | b'-' if b.get(i + 1) == Some(&b[i]) => return false,
            b'(' => {
                let mut j = i;
                while j > 0 && b[j - 1].is_ascii_whitespace() {
                    j -= 1;
                }
                let mut s = j;
                while s > 0 && (b[s - 1].is_ascii_alphanumeric() || b[s - 1] == b'_') {
                    s -= 1;
                }
                if s < j && !b[s].is_ascii_digit() {
                    let w = &e[s..j];
                    if !matches!(
                        w,
                        "sizeof"
                            | "_Alignof"
                            | "int"
                            | "unsigned"
                            | "signed"
                            | "long"
                            | "short"
                            | "char"
                            | "_Bool"
                    ) {
                        return false;
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Text {
        Text::new(s.as_bytes().to_vec())
    }

    #[test]
    fn conditions_and_statement_contexts() {
        let t = text("int main() {\n  int x = 0; // c\n  for (x = 0; x < 3; x++) { if (f(x)) x++; }\n  while(1) {}\n}\n");
        let for_off = t.offset(3, 3).unwrap();
        let (a, b) = t.condition_range(for_off, "for").unwrap();
        assert_eq!(std::str::from_utf8(&t.bytes[a..b]).unwrap(), " x < 3");
        let if_off = t.offset(3, 29).unwrap();
        let (a, b) = t.condition_range(if_off, "if").unwrap();
        assert_eq!(std::str::from_utf8(&t.bytes[a..b]).unwrap(), "f(x)");
        assert!(t.statement_context(t.offset(2, 3).unwrap()));
        assert!(t.statement_context(for_off));
        assert!(t.statement_context(t.offset(4, 3).unwrap()));
        // `x++` after `if (f(x))` is not a place for a statement; nor `x` in the header
        assert!(!t.statement_context(t.offset(3, 38).unwrap()));
        assert!(!t.statement_context(t.offset(3, 15).unwrap()));
    }

    #[test]
    fn columns_map_back_over_insertions() {
        let t = text("ab\ncdef\n");
        let mut e = Edit::new(&t);
        e.insert(t.offset(2, 2).unwrap(), "XYZ".into());
        assert_eq!(e.render(), "ab\ncXYZdef\n");
        assert_eq!(e.original_col(2, 1), Some(1));
        assert_eq!(e.original_col(2, 3), None);
        assert_eq!(e.original_col(2, 5), Some(2));
        assert_eq!(e.original_col(1, 2), Some(2));
    }

    #[test]
    fn side_effects_in_witness_expressions() {
        assert!(side_effect_free("x == 3 && y <= 2 || !(z != 1)"));
        assert!(side_effect_free("(int) x >= sizeof(int)"));
        assert!(!side_effect_free("x = 3"));
        assert!(!side_effect_free("x++ > 0"));
        assert!(!side_effect_free("f(x) > 0"));
        assert!(!side_effect_free("x += 1"));
    }

    #[test]
    fn nondet_calls() {
        let t = text("x = __VERIFIER_nondet_int ( );\n");
        let close = t.offset(1, 29).unwrap();
        assert_eq!(t.nondet_call_at(close), Some((4, "int".into())));
    }
}
