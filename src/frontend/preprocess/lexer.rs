//! Preprocessing tokens and the line lexer: source text → one logical line of pp-tokens at a
//! time (comments removed, backslash-newline splices removed, original line/column kept).

use std::rc::Rc;

use crate::diag::{Diag, DiagKind, FileId, Loc};

/// Kind of a preprocessing token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TK {
    Ident,
    Num,
    Char,
    Str,
    Punct,
    /// Any other single character (`@`, `` ` ``, a stray `\`, non-ASCII, ...).
    Other,
    /// An unterminated character or string literal: the rest of the line.
    Bad,
    /// The empty result of an empty macro argument next to `##`.
    Placemarker,
}

/// A set of macro ids that must not be expanded in a token (Prosser's hide set, "blue paint").
pub(crate) type HideSet = Option<Rc<Vec<u32>>>;

pub(crate) fn hs_contains(hs: &HideSet, id: u32) -> bool {
    hs.as_ref().is_some_and(|v| v.binary_search(&id).is_ok())
}

pub(crate) fn hs_add(hs: &HideSet, id: u32) -> HideSet {
    let mut v: Vec<u32> = hs.as_ref().map(|v| v.to_vec()).unwrap_or_default();
    if let Err(p) = v.binary_search(&id) {
        v.insert(p, id);
    }
    Some(Rc::new(v))
}

pub(crate) fn hs_union(a: &HideSet, b: &HideSet) -> HideSet {
    match (a, b) {
        (None, x) | (x, None) => x.clone(),
        (Some(x), Some(y)) => {
            if Rc::ptr_eq(x, y) {
                return a.clone();
            }
            let mut v: Vec<u32> = x.iter().chain(y.iter()).copied().collect();
            v.sort_unstable();
            v.dedup();
            Some(Rc::new(v))
        }
    }
}

pub(crate) fn hs_intersect(a: &HideSet, b: &HideSet) -> HideSet {
    match (a, b) {
        (Some(x), Some(y)) => {
            let v: Vec<u32> = x
                .iter()
                .copied()
                .filter(|i| y.binary_search(i).is_ok())
                .collect();
            if v.is_empty() {
                None
            } else {
                Some(Rc::new(v))
            }
        }
        _ => None,
    }
}

/// A preprocessing token.
#[derive(Clone, Debug)]
pub(crate) struct Tok {
    pub kind: TK,
    pub text: Rc<str>,
    /// Where the token is (presumed file and line, 1-based column); for tokens of a macro body
    /// the location of the macro invocation.
    pub loc: Loc,
    /// Preceded by white space (or first on its line).
    pub space: bool,
    /// Produced by a macro expansion (its column is not a position in the output line).
    pub expanded: bool,
    pub hs: HideSet,
}

impl Tok {
    pub fn new(kind: TK, text: &str, loc: Loc) -> Tok {
        Tok {
            kind,
            text: Rc::from(text),
            loc,
            space: false,
            expanded: false,
            hs: None,
        }
    }

    pub fn is_punct(&self, p: &str) -> bool {
        self.kind == TK::Punct && &*self.text == p
    }

    pub fn is_ident(&self, p: &str) -> bool {
        self.kind == TK::Ident && &*self.text == p
    }
}

pub(crate) fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '$'
}

pub(crate) fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

const PUNCT3: [&str; 3] = ["...", "<<=", ">>="];
const PUNCT2: [&str; 25] = [
    "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=", "/=", "%=", "+=", "-=",
    "&=", "^=", "|=", "##", "<:", ":>", "<%", "%>", "%:",
];
const PUNCT1: &str = "[](){}.&*+-~!/%<>^|?:;=,#";

/// True when `a` immediately followed by `b` would start a longer punctuator (or a comment).
pub(crate) fn punct_pair_merges(a: char, b: char) -> bool {
    let mut s = String::new();
    s.push(a);
    s.push(b);
    PUNCT2.contains(&s.as_str()) || s == ".." || s == "//" || s == "/*"
}

/// Lexes a file (or a string) line by line.
pub(crate) struct Lexer {
    c: Vec<char>,
    i: usize,
    /// Physical line (1-based) of the next character.
    line: u32,
    col: u32,
}

impl Lexer {
    pub fn new(text: &str) -> Lexer {
        Lexer {
            c: text.chars().collect(),
            i: 0,
            line: 1,
            col: 1,
        }
    }

    /// Physical line of the next unread character.
    pub fn line(&self) -> u32 {
        self.line
    }

    fn splice_len(&self, j: usize) -> usize {
        if self.c.get(j) != Some(&'\\') {
            return 0;
        }
        // like GCC, white space between the backslash and the newline is allowed
        let mut k = j + 1;
        while matches!(self.c.get(k), Some(' ' | '\t' | '\r')) {
            k += 1;
        }
        if self.c.get(k) == Some(&'\n') {
            k + 1 - j
        } else {
            0
        }
    }

    fn skip_splices(&mut self) {
        loop {
            let n = self.splice_len(self.i);
            if n == 0 {
                break;
            }
            self.i += n;
            self.line = self.line.saturating_add(1);
            self.col = 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_splices();
        self.c.get(self.i).copied()
    }

    /// The `n`-th character after the next one (0 = the one after the next), splices skipped.
    fn peek_at(&self, n: usize) -> Option<char> {
        let mut j = self.i;
        let mut k = 0;
        loop {
            loop {
                let s = self.splice_len(j);
                if s == 0 {
                    break;
                }
                j += s;
            }
            if k == n + 1 {
                return self.c.get(j).copied();
            }
            if j >= self.c.len() {
                return None;
            }
            j += 1;
            k += 1;
        }
    }

    fn bump(&mut self) -> Option<char> {
        self.skip_splices();
        let c = *self.c.get(self.i)?;
        self.i += 1;
        if c == '\n' {
            self.line = self.line.saturating_add(1);
            self.col = 1;
        } else {
            self.col = self.col.saturating_add(1);
        }
        Some(c)
    }

    /// The tokens of the next logical line, located in `file` with presumed line = physical + `delta`;
    /// `None` at end of input. The only error is an unterminated comment.
    pub fn next_line(&mut self, file: FileId, delta: i64) -> Result<Option<Vec<Tok>>, Diag> {
        if self.peek().is_none() {
            return Ok(None);
        }
        let mk = |line: u32, col: u32| Loc {
            file,
            line: (line as i64 + delta).clamp(0, u32::MAX as i64) as u32,
            col,
        };
        let mut toks = Vec::new();
        let mut space = true;
        while let Some(ch) = self.peek() {
            if ch == '\n' {
                self.bump();
                break;
            }
            if matches!(ch, ' ' | '\t' | '\r' | '\x0b' | '\x0c' | '\u{feff}') {
                self.bump();
                space = true;
                continue;
            }
            if ch == '/' && self.peek_at(0) == Some('*') {
                let start = mk(self.line, self.col);
                self.bump();
                self.bump();
                loop {
                    match self.bump() {
                        None => {
                            return Err(Diag::error(
                                DiagKind::Preprocess,
                                Some(start),
                                "unterminated comment",
                            ))
                        }
                        Some('*') if self.peek() == Some('/') => {
                            self.bump();
                            break;
                        }
                        _ => {}
                    }
                }
                space = true;
                continue;
            }
            if ch == '/' && self.peek_at(0) == Some('/') {
                while let Some(c) = self.peek() {
                    if c == '\n' {
                        break;
                    }
                    self.bump();
                }
                space = true;
                continue;
            }
            let loc = mk(self.line, self.col);
            let (kind, text) = self.token();
            let mut t = Tok::new(kind, &text, loc);
            t.space = space;
            toks.push(t);
            space = false;
        }
        Ok(Some(toks))
    }

    fn token(&mut self) -> (TK, String) {
        let c = self.bump().unwrap_or(' ');
        let mut s = String::new();
        s.push(c);
        if is_ident_start(c) {
            while let Some(d) = self.peek() {
                if !is_ident_char(d) {
                    break;
                }
                s.push(d);
                self.bump();
            }
            if matches!(s.as_str(), "L" | "u" | "U" | "u8") {
                if let Some(q @ ('"' | '\'')) = self.peek() {
                    self.bump();
                    s.push(q);
                    return self.quoted(s, q);
                }
            }
            return (TK::Ident, s);
        }
        if c.is_ascii_digit() || (c == '.' && self.peek().is_some_and(|d| d.is_ascii_digit())) {
            while let Some(d) = self.peek() {
                let last = s.chars().last().unwrap_or(' ');
                let sign = (d == '+' || d == '-') && matches!(last, 'e' | 'E' | 'p' | 'P');
                if d.is_ascii_alphanumeric() || d == '_' || d == '.' || sign {
                    s.push(d);
                    self.bump();
                } else {
                    break;
                }
            }
            return (TK::Num, s);
        }
        if c == '"' || c == '\'' {
            return self.quoted(s, c);
        }
        let n0 = self.peek();
        let n1 = self.peek_at(0);
        let n2 = self.peek_at(1);
        if c == '%' && n0 == Some(':') && n1 == Some('%') && n2 == Some(':') {
            for _ in 0..3 {
                self.bump();
            }
            return (TK::Punct, "%:%:".into());
        }
        if let (Some(a), Some(b)) = (n0, n1) {
            let t: String = [c, a, b].iter().collect();
            if PUNCT3.contains(&t.as_str()) {
                self.bump();
                self.bump();
                return (TK::Punct, t);
            }
        }
        if let Some(a) = n0 {
            let t: String = [c, a].iter().collect();
            if PUNCT2.contains(&t.as_str()) {
                self.bump();
                return (TK::Punct, t);
            }
        }
        if PUNCT1.contains(c) {
            return (TK::Punct, s);
        }
        (TK::Other, s)
    }

    fn quoted(&mut self, mut s: String, q: char) -> (TK, String) {
        loop {
            match self.peek() {
                None | Some('\n') => return (TK::Bad, s),
                Some('\\') => {
                    self.bump();
                    s.push('\\');
                    if let Some(x) = self.peek() {
                        if x != '\n' {
                            s.push(x);
                            self.bump();
                        }
                    }
                }
                Some(x) => {
                    self.bump();
                    s.push(x);
                    if x == q {
                        return (if q == '"' { TK::Str } else { TK::Char }, s);
                    }
                }
            }
        }
    }
}

/// Lexes `text` as exactly one preprocessing token (for `##`); `None` if it is not one token.
pub(crate) fn lex_one(text: &str) -> Option<(TK, String)> {
    let mut lx = Lexer::new(text);
    let toks = lx.next_line(FileId(0), 0).ok()??;
    if toks.len() != 1 || lx.peek().is_some() {
        return None;
    }
    let t = &toks[0];
    if t.kind == TK::Bad || &*t.text != text {
        return None;
    }
    Some((t.kind, text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex(s: &str) -> Vec<Vec<(TK, String, u32, u32)>> {
        let mut lx = Lexer::new(s);
        let mut lines = Vec::new();
        while let Some(l) = lx.next_line(FileId(0), 0).unwrap() {
            lines.push(
                l.into_iter()
                    .map(|t| (t.kind, t.text.to_string(), t.loc.line, t.loc.col))
                    .collect(),
            );
        }
        lines
    }

    #[test]
    fn lexes_tokens_with_positions() {
        let l = lex("int x=0x1fUL;/* c\n */ a->b ... 'c' L\"s\"\n  1e+5 .5 x##y");
        assert_eq!(l.len(), 2);
        let texts: Vec<&str> = l[0].iter().map(|t| t.1.as_str()).collect();
        assert_eq!(
            texts,
            ["int", "x", "=", "0x1fUL", ";", "a", "->", "b", "...", "'c'", "L\"s\""]
        );
        assert_eq!((l[0][5].2, l[0][5].3), (2, 5));
        assert_eq!(l[0][9].0, TK::Char);
        assert_eq!(l[0][10].0, TK::Str);
        let texts: Vec<&str> = l[1].iter().map(|t| t.1.as_str()).collect();
        assert_eq!(texts, ["1e+5", ".5", "x", "##", "y"]);
        assert_eq!((l[1][0].2, l[1][0].3), (3, 3));
    }

    #[test]
    fn splices_and_unterminated() {
        let l = lex("ab\\\ncd 'x\n\"y\\ \r\nz");
        assert_eq!(l[0][0].1, "abcd");
        assert_eq!(l[0][1].0, TK::Bad);
        assert_eq!((l[0][1].2, l[0][1].3), (2, 4));
        assert_eq!(l[1][0].0, TK::Bad);
        assert_eq!(l[1][0].1, "\"yz");
        let mut lx = Lexer::new("a /* never closed\n");
        let e = lx.next_line(FileId(0), 0).unwrap_err();
        assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((1, 3)));
    }

    #[test]
    fn lex_one_checks_single_token() {
        assert_eq!(lex_one("ab").map(|x| x.0), Some(TK::Ident));
        assert_eq!(lex_one("+=").map(|x| x.0), Some(TK::Punct));
        assert!(lex_one("+-").is_none());
        assert!(lex_one("//").is_none());
        assert!(lex_one("").is_none());
    }
}
