//! Lexer: preprocessed text (with line markers) to C tokens carrying original locations.
//!
//! Owns: tokenisation of C99 plus the GNU spellings found in SV-COMP `.i` files, the
//! `# 12 "file.c" 1 3` / `#line` markers (every token gets the location in the ORIGINAL file;
//! file names seen in markers are registered in the [`SourceMap`]), skipping of comments and of
//! any other `#` directive line, and the values of integer / character / string literals
//! (escapes decoded, value of multi-character constants as GCC computes it).
//! Errors (bad character, unterminated literal or comment, bad number) are [`Diag`]s with the
//! exact location; the lexer never panics.

use crate::diag::{Diag, DiagKind, FileId, Loc, SourceMap};
use std::fmt;

/// One token with the location (original file, line, column) of its first character.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub kind: TokenKind,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind {
    Ident(String),
    Keyword(Keyword),
    /// An integer constant with its value and suffix flags (`u`, `l` = 1, `ll` = 2).
    IntLit {
        value: u128,
        unsigned: bool,
        long: u8,
        /// true for octal, hexadecimal and binary constants.
        non_decimal: bool,
    },
    /// A floating constant as spelled (including its suffix).
    FloatLit(String),
    /// A character constant's value (type int, plain char is signed as on x86 GCC).
    CharLit(i64),
    /// A string literal's bytes (escapes decoded, no terminating NUL).
    StrLit(Vec<u8>),
    /// A wide string literal (`L"..."`, `u"..."`, `U"..."`): its code units (no terminating 0).
    WStrLit(crate::frontend::ast::WideKind, Vec<u32>),
    Punct(Punct),
    Eof,
}

/// Keywords; several GNU spellings map to one keyword (`__inline__` is [`Keyword::Inline`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Keyword {
    Auto,
    Break,
    Case,
    Char,
    Const,
    Continue,
    Default,
    Do,
    Double,
    Else,
    Enum,
    Extern,
    Float,
    For,
    Goto,
    If,
    Inline,
    Int,
    Long,
    Register,
    Restrict,
    Return,
    Short,
    Signed,
    Sizeof,
    Static,
    Struct,
    Switch,
    Typedef,
    Union,
    Unsigned,
    Void,
    Volatile,
    While,
    /// `_Bool`
    Bool,
    /// `_Complex`, `__complex__`
    Complex,
    /// `_Noreturn`
    Noreturn,
    /// `_Static_assert`
    StaticAssert,
    /// `_Alignof`, `__alignof__`, `__alignof`
    Alignof,
    /// `_Alignas`
    Alignas,
    /// `_Atomic`
    Atomic,
    /// `_Thread_local`, `__thread`
    ThreadLocal,
    /// `_Generic`
    Generic,
    /// `__attribute__`, `__attribute`
    Attribute,
    /// `asm`, `__asm__`, `__asm`
    Asm,
    /// `typeof`, `__typeof__`, `__typeof`
    Typeof,
    /// `__extension__`
    Extension,
    /// `__int128`
    Int128,
    /// `__label__`
    Label,
    /// `__builtin_offsetof`
    BuiltinOffsetof,
    /// `__builtin_va_arg`
    BuiltinVaArg,
    /// `__builtin_types_compatible_p`
    BuiltinTypesCompatibleP,
}

impl Keyword {
    /// The keyword for an identifier spelling, if it is one.
    pub fn from_spelling(s: &str) -> Option<Keyword> {
        use Keyword::*;
        Some(match s {
            "auto" => Auto,
            "break" => Break,
            "case" => Case,
            "char" => Char,
            "const" | "__const" | "__const__" => Const,
            "continue" => Continue,
            "default" => Default,
            "do" => Do,
            "double" => Double,
            "else" => Else,
            "enum" => Enum,
            "extern" => Extern,
            "float" => Float,
            "for" => For,
            "goto" => Goto,
            "if" => If,
            "inline" | "__inline" | "__inline__" => Inline,
            "int" => Int,
            "long" => Long,
            "register" => Register,
            "restrict" | "__restrict" | "__restrict__" => Restrict,
            "return" => Return,
            "short" => Short,
            "signed" | "__signed" | "__signed__" => Signed,
            "sizeof" => Sizeof,
            "static" => Static,
            "struct" => Struct,
            "switch" => Switch,
            "typedef" => Typedef,
            "union" => Union,
            "unsigned" => Unsigned,
            "void" => Void,
            "volatile" | "__volatile" | "__volatile__" => Volatile,
            "while" => While,
            "_Bool" => Bool,
            "_Complex" | "__complex__" => Complex,
            "_Noreturn" => Noreturn,
            "_Static_assert" => StaticAssert,
            "_Alignof" | "__alignof__" | "__alignof" => Alignof,
            "_Alignas" => Alignas,
            "_Atomic" => Atomic,
            "_Thread_local" | "__thread" => ThreadLocal,
            "_Generic" => Generic,
            "__attribute__" | "__attribute" => Attribute,
            "asm" | "__asm__" | "__asm" => Asm,
            "typeof" | "__typeof__" | "__typeof" => Typeof,
            "__extension__" => Extension,
            "__int128" => Int128,
            "__label__" => Label,
            "__builtin_offsetof" => BuiltinOffsetof,
            "__builtin_va_arg" => BuiltinVaArg,
            "__builtin_types_compatible_p" => BuiltinTypesCompatibleP,
            _ => return None,
        })
    }

    /// The canonical spelling (for messages).
    pub fn spelling(self) -> &'static str {
        use Keyword::*;
        match self {
            Auto => "auto",
            Break => "break",
            Case => "case",
            Char => "char",
            Const => "const",
            Continue => "continue",
            Default => "default",
            Do => "do",
            Double => "double",
            Else => "else",
            Enum => "enum",
            Extern => "extern",
            Float => "float",
            For => "for",
            Goto => "goto",
            If => "if",
            Inline => "inline",
            Int => "int",
            Long => "long",
            Register => "register",
            Restrict => "restrict",
            Return => "return",
            Short => "short",
            Signed => "signed",
            Sizeof => "sizeof",
            Static => "static",
            Struct => "struct",
            Switch => "switch",
            Typedef => "typedef",
            Union => "union",
            Unsigned => "unsigned",
            Void => "void",
            Volatile => "volatile",
            While => "while",
            Bool => "_Bool",
            Complex => "_Complex",
            Noreturn => "_Noreturn",
            StaticAssert => "_Static_assert",
            Alignof => "_Alignof",
            Alignas => "_Alignas",
            Atomic => "_Atomic",
            ThreadLocal => "_Thread_local",
            Generic => "_Generic",
            Attribute => "__attribute__",
            Asm => "__asm__",
            Typeof => "__typeof__",
            Extension => "__extension__",
            Int128 => "__int128",
            Label => "__label__",
            BuiltinOffsetof => "__builtin_offsetof",
            BuiltinVaArg => "__builtin_va_arg",
            BuiltinTypesCompatibleP => "__builtin_types_compatible_p",
        }
    }
}

/// Punctuators (digraphs `<: :> <% %>` are mapped to the brackets they stand for).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Punct {
    LBracket,
    RBracket,
    LParen,
    RParen,
    LBrace,
    RBrace,
    Dot,
    Arrow,
    PlusPlus,
    MinusMinus,
    Amp,
    Star,
    Plus,
    Minus,
    Tilde,
    Bang,
    Slash,
    Percent,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    EqEq,
    Ne,
    Caret,
    Pipe,
    AmpAmp,
    PipePipe,
    Question,
    Colon,
    Semi,
    Ellipsis,
    Assign,
    StarAssign,
    SlashAssign,
    PercentAssign,
    PlusAssign,
    MinusAssign,
    ShlAssign,
    ShrAssign,
    AmpAssign,
    CaretAssign,
    PipeAssign,
    Comma,
}

impl Punct {
    pub fn spelling(self) -> &'static str {
        use Punct::*;
        match self {
            LBracket => "[",
            RBracket => "]",
            LParen => "(",
            RParen => ")",
            LBrace => "{",
            RBrace => "}",
            Dot => ".",
            Arrow => "->",
            PlusPlus => "++",
            MinusMinus => "--",
            Amp => "&",
            Star => "*",
            Plus => "+",
            Minus => "-",
            Tilde => "~",
            Bang => "!",
            Slash => "/",
            Percent => "%",
            Shl => "<<",
            Shr => ">>",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            EqEq => "==",
            Ne => "!=",
            Caret => "^",
            Pipe => "|",
            AmpAmp => "&&",
            PipePipe => "||",
            Question => "?",
            Colon => ":",
            Semi => ";",
            Ellipsis => "...",
            Assign => "=",
            StarAssign => "*=",
            SlashAssign => "/=",
            PercentAssign => "%=",
            PlusAssign => "+=",
            MinusAssign => "-=",
            ShlAssign => "<<=",
            ShrAssign => ">>=",
            AmpAssign => "&=",
            CaretAssign => "^=",
            PipeAssign => "|=",
            Comma => ",",
        }
    }
}

impl fmt::Display for TokenKind {
    /// A short description for "found ..." messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenKind::Ident(s) => write!(f, "identifier `{s}`"),
            TokenKind::Keyword(k) => write!(f, "`{}`", k.spelling()),
            TokenKind::IntLit { value, .. } => write!(f, "integer constant `{value}`"),
            TokenKind::FloatLit(s) => write!(f, "floating constant `{s}`"),
            TokenKind::CharLit(_) => write!(f, "character constant"),
            TokenKind::StrLit(_) | TokenKind::WStrLit(..) => write!(f, "string literal"),
            TokenKind::Punct(p) => write!(f, "`{}`", p.spelling()),
            TokenKind::Eof => write!(f, "end of file"),
        }
    }
}

/// Tokenises preprocessed text. Locations start in `main_file` at line 1 and follow line markers.
pub fn lex(text: &str, main_file: FileId, sources: &mut SourceMap) -> Result<Vec<Token>, Diag> {
    let mut lx = Lexer {
        src: text.as_bytes(),
        text,
        pos: 0,
        line: 1,
        line_start: 0,
        col_cache: (0, 1),
        file: main_file,
        at_line_start: true,
        sources,
        toks: Vec::with_capacity(text.len() / 4 + 1),
    };
    lx.run()?;
    Ok(lx.toks)
}

struct Lexer<'a, 's> {
    src: &'a [u8],
    text: &'a str,
    pos: usize,
    /// Line number (in the current original file) of the physical line containing `pos`.
    line: u32,
    /// Byte offset where the current physical line starts.
    line_start: usize,
    /// (byte offset, column) of the last column computed on the current line.
    col_cache: (usize, u32),
    file: FileId,
    /// Only whitespace seen since the start of the current line.
    at_line_start: bool,
    sources: &'s mut SourceMap,
    toks: Vec<Token>,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$'
}

fn is_ident_cont(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$'
}

impl<'a, 's> Lexer<'a, 's> {
    fn peek(&self, k: usize) -> u8 {
        self.src.get(self.pos + k).copied().unwrap_or(0)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.src.len()
    }

    /// Location of byte offset `at` (on the current line).
    fn loc_at(&mut self, at: usize) -> Loc {
        let (cpos, ccol) = if self.col_cache.0 >= self.line_start && self.col_cache.0 <= at {
            self.col_cache
        } else {
            (self.line_start, 1)
        };
        let end = at.min(self.src.len());
        let add = self
            .src
            .get(cpos.min(end)..end)
            .unwrap_or(&[])
            .iter()
            .filter(|&&b| (b & 0xC0) != 0x80)
            .count() as u32;
        let col = ccol.saturating_add(add);
        self.col_cache = (at, col);
        Loc {
            file: self.file,
            line: self.line,
            col,
        }
    }

    fn here(&mut self) -> Loc {
        self.loc_at(self.pos)
    }

    fn err<T>(&mut self, at: usize, msg: impl Into<String>) -> Result<T, Diag> {
        let loc = self.loc_at(at);
        Err(Diag::error(DiagKind::Syntax, Some(loc), msg))
    }

    fn newline(&mut self) {
        // self.pos points just after the '\n'
        self.line = self.line.saturating_add(1);
        self.line_start = self.pos;
        self.col_cache = (self.pos, 1);
        self.at_line_start = true;
    }

    fn push(&mut self, kind: TokenKind, loc: Loc) {
        self.at_line_start = false;
        self.toks.push(Token { kind, loc });
    }

    fn run(&mut self) -> Result<(), Diag> {
        loop {
            self.skip_ws_and_comments()?;
            if self.at_end() {
                let loc = self.here();
                self.toks.push(Token {
                    kind: TokenKind::Eof,
                    loc,
                });
                return Ok(());
            }
            let c = self.peek(0);
            if c == b'#' && self.at_line_start {
                self.directive()?;
                continue;
            }
            self.token()?;
        }
    }

    fn skip_ws_and_comments(&mut self) -> Result<(), Diag> {
        while !self.at_end() {
            let c = self.peek(0);
            match c {
                b'\n' => {
                    self.pos += 1;
                    self.newline();
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                b'\\' if self.peek(1) == b'\n' => {
                    self.pos += 2;
                    // a line splice: the logical line continues, but locations follow physical lines
                    let als = self.at_line_start;
                    self.newline();
                    self.at_line_start = als;
                }
                b'\\' if self.peek(1) == b'\r' && self.peek(2) == b'\n' => {
                    self.pos += 3;
                    let als = self.at_line_start;
                    self.newline();
                    self.at_line_start = als;
                }
                b'/' if self.peek(1) == b'/' => {
                    while !self.at_end() && self.peek(0) != b'\n' {
                        self.pos += 1;
                    }
                }
                b'/' if self.peek(1) == b'*' => {
                    let start = self.pos;
                    let start_loc = self.here();
                    self.pos += 2;
                    loop {
                        if self.at_end() {
                            let _ = start;
                            return Err(Diag::error(
                                DiagKind::Syntax,
                                Some(start_loc),
                                "unterminated comment",
                            ));
                        }
                        let c = self.peek(0);
                        if c == b'*' && self.peek(1) == b'/' {
                            self.pos += 2;
                            break;
                        }
                        self.pos += 1;
                        if c == b'\n' {
                            let als = self.at_line_start;
                            self.newline();
                            self.at_line_start = als;
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
        Ok(())
    }

    /// Skips to the end of the current line (not consuming the newline), honouring splices.
    fn skip_rest_of_line(&mut self) {
        while !self.at_end() {
            let c = self.peek(0);
            if c == b'\n' {
                return;
            }
            if c == b'\\' && self.peek(1) == b'\n' {
                self.pos += 2;
                self.newline();
                continue;
            }
            self.pos += 1;
        }
    }

    fn skip_blanks(&mut self) {
        while matches!(self.peek(0), b' ' | b'\t' | b'\r' | 0x0b | 0x0c) {
            self.pos += 1;
        }
    }

    /// A line starting with `#`: a line marker (`# N "file" flags`, `#line N "file"`) or any other
    /// directive, which is ignored.
    fn directive(&mut self) -> Result<(), Diag> {
        self.pos += 1; // '#'
        self.skip_blanks();
        let mut is_marker = self.peek(0).is_ascii_digit();
        if !is_marker && self.src[self.pos..].starts_with(b"line") && !is_ident_cont(self.peek(4)) {
            self.pos += 4;
            self.skip_blanks();
            is_marker = self.peek(0).is_ascii_digit();
            if !is_marker {
                let at = self.pos;
                return self.err(at, "expected a line number after `#line`");
            }
        }
        if !is_marker {
            self.skip_rest_of_line();
            return Ok(());
        }
        let num_start = self.pos;
        let mut n: u64 = 0;
        while self.peek(0).is_ascii_digit() {
            n = n
                .saturating_mul(10)
                .saturating_add((self.peek(0) - b'0') as u64);
            self.pos += 1;
        }
        if n > u32::MAX as u64 {
            return self.err(num_start, "line number in line marker out of range");
        }
        self.skip_blanks();
        let mut new_file = None;
        if self.peek(0) == b'"' {
            let q = self.pos;
            self.pos += 1;
            let mut name = Vec::new();
            loop {
                if self.at_end() || self.peek(0) == b'\n' {
                    return self.err(q, "unterminated file name in line marker");
                }
                let c = self.peek(0);
                if c == b'"' {
                    self.pos += 1;
                    break;
                }
                if c == b'\\' && self.pos + 1 < self.src.len() && self.peek(1) != b'\n' {
                    // simple escapes only: \\ and \" (GCC writes these in marker names)
                    name.push(self.peek(1));
                    self.pos += 2;
                    continue;
                }
                name.push(c);
                self.pos += 1;
            }
            let name = String::from_utf8_lossy(&name).into_owned();
            new_file = Some(self.sources.add(&name, None, None));
        }
        // flags (1 2 3 4) and anything else: ignored
        self.skip_rest_of_line();
        if let Some(f) = new_file {
            self.file = f;
        }
        // the next line has number n
        self.line = (n as u32).wrapping_sub(1);
        if !self.at_end() {
            // consume the newline ourselves so that the line becomes exactly n
            self.pos += 1;
            self.line = n as u32;
            self.line_start = self.pos;
            self.col_cache = (self.pos, 1);
            self.at_line_start = true;
        }
        Ok(())
    }

    fn token(&mut self) -> Result<(), Diag> {
        let start = self.pos;
        let loc = self.here();
        let c = self.peek(0);
        // prefixed character / string literals
        if c == b'L' || c == b'u' || c == b'U' {
            let (plen, wide) = if c == b'u' && self.peek(1) == b'8' {
                (2, false)
            } else {
                (1, true)
            };
            let q = self.peek(plen);
            if q == b'\'' || q == b'"' {
                if q == b'"' && wide {
                    use crate::frontend::ast::WideKind;
                    let k = match c {
                        b'L' => WideKind::Wchar,
                        b'u' => WideKind::Char16,
                        _ => WideKind::Char32,
                    };
                    self.pos += plen;
                    return self.wide_string(loc, k);
                }
                self.pos += plen;
                return if q == b'"' {
                    self.string(loc, plen == 2)
                } else {
                    self.char_lit(loc, wide)
                };
            }
        }
        if is_ident_start(c) {
            while is_ident_cont(self.peek(0)) {
                self.pos += 1;
            }
            let s = &self.text[start..self.pos];
            let kind = match Keyword::from_spelling(s) {
                Some(k) => TokenKind::Keyword(k),
                None => TokenKind::Ident(s.to_string()),
            };
            self.push(kind, loc);
            return Ok(());
        }
        if c.is_ascii_digit() || (c == b'.' && self.peek(1).is_ascii_digit()) {
            return self.number(loc);
        }
        if c == b'"' {
            return self.string(loc, false);
        }
        if c == b'\'' {
            return self.char_lit(loc, false);
        }
        if let Some((p, len)) = self.punct() {
            self.pos += len;
            self.push(TokenKind::Punct(p), loc);
            return Ok(());
        }
        if c == b'#' {
            return self.err(start, "stray `#` in program");
        }
        if c >= 0x80 {
            let ch = self.text[start..].chars().next().unwrap_or('\u{fffd}');
            return self.err(
                start,
                format!("unexpected character `{ch}` (U+{:04X})", ch as u32),
            );
        }
        self.err(
            start,
            format!("unexpected character `{}` (0x{c:02x})", c.escape_ascii()),
        )
    }

    fn punct(&self) -> Option<(Punct, usize)> {
        use Punct::*;
        let (a, b, c) = (self.peek(0), self.peek(1), self.peek(2));
        let three = match (a, b, c) {
            (b'.', b'.', b'.') => Some(Ellipsis),
            (b'<', b'<', b'=') => Some(ShlAssign),
            (b'>', b'>', b'=') => Some(ShrAssign),
            _ => None,
        };
        if let Some(p) = three {
            return Some((p, 3));
        }
        let two = match (a, b) {
            (b'-', b'>') => Some(Arrow),
            (b'+', b'+') => Some(PlusPlus),
            (b'-', b'-') => Some(MinusMinus),
            (b'<', b'<') => Some(Shl),
            (b'>', b'>') => Some(Shr),
            (b'<', b'=') => Some(Le),
            (b'>', b'=') => Some(Ge),
            (b'=', b'=') => Some(EqEq),
            (b'!', b'=') => Some(Ne),
            (b'&', b'&') => Some(AmpAmp),
            (b'|', b'|') => Some(PipePipe),
            (b'*', b'=') => Some(StarAssign),
            (b'/', b'=') => Some(SlashAssign),
            (b'%', b'=') => Some(PercentAssign),
            (b'+', b'=') => Some(PlusAssign),
            (b'-', b'=') => Some(MinusAssign),
            (b'&', b'=') => Some(AmpAssign),
            (b'^', b'=') => Some(CaretAssign),
            (b'|', b'=') => Some(PipeAssign),
            (b'<', b':') => Some(LBracket),
            (b':', b'>') => Some(RBracket),
            (b'<', b'%') => Some(LBrace),
            (b'%', b'>') => Some(RBrace),
            _ => None,
        };
        if let Some(p) = two {
            return Some((p, 2));
        }
        let one = match a {
            b'[' => LBracket,
            b']' => RBracket,
            b'(' => LParen,
            b')' => RParen,
            b'{' => LBrace,
            b'}' => RBrace,
            b'.' => Dot,
            b'&' => Amp,
            b'*' => Star,
            b'+' => Plus,
            b'-' => Minus,
            b'~' => Tilde,
            b'!' => Bang,
            b'/' => Slash,
            b'%' => Percent,
            b'<' => Lt,
            b'>' => Gt,
            b'^' => Caret,
            b'|' => Pipe,
            b'?' => Question,
            b':' => Colon,
            b';' => Semi,
            b'=' => Assign,
            b',' => Comma,
            _ => return None,
        };
        Some((one, 1))
    }

    /// A preprocessing number, then interpreted as an integer or floating constant.
    fn number(&mut self, loc: Loc) -> Result<(), Diag> {
        let start = self.pos;
        loop {
            let c = self.peek(0);
            if (c == b'+' || c == b'-')
                && matches!(self.src[self.pos - 1], b'e' | b'E' | b'p' | b'P')
            {
                // exponent sign belongs to the pp-number (but not after a hex digit `e` in an
                // integer like 0x1e+1: C says it does too, so we follow C)
                self.pos += 1;
                continue;
            }
            if is_ident_cont(c) || c == b'.' {
                self.pos += 1;
                continue;
            }
            break;
        }
        let s = &self.text[start..self.pos];
        let b = s.as_bytes();
        let is_hex = b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X');
        let is_bin = b.len() >= 2 && b[0] == b'0' && (b[1] == b'b' || b[1] == b'B');
        let is_float = if is_hex {
            s.contains(['.', 'p', 'P'])
        } else if is_bin {
            false
        } else {
            s.contains(['.', 'e', 'E'])
        };
        if is_float {
            return self.float(s.to_string(), is_hex, start, loc);
        }
        let (radix, digits_start): (u32, usize) = if is_hex {
            (16, 2)
        } else if is_bin {
            (2, 2)
        } else if b[0] == b'0' {
            (8, 1)
        } else {
            (10, 0)
        };
        let mut i = digits_start;
        let mut value: u128 = 0;
        let mut overflow = false;
        while i < b.len() {
            let d = match (b[i] as char).to_digit(if radix == 8 { 10 } else { radix }) {
                Some(d) => d,
                None => break,
            };
            if radix == 8 && d >= 8 {
                return self.err(
                    start + i,
                    format!("invalid digit `{}` in octal constant", b[i] as char),
                );
            }
            match value
                .checked_mul(radix as u128)
                .and_then(|v| v.checked_add(d as u128))
            {
                Some(v) => value = v,
                None => overflow = true,
            }
            i += 1;
        }
        if i == digits_start && radix != 8 {
            return self.err(start, format!("no digits in constant `{s}`"));
        }
        if overflow {
            return self.err(start, format!("integer constant `{s}` is too large"));
        }
        let suffix = &s[i..];
        let (unsigned, long) = match parse_int_suffix(suffix) {
            Some(x) => x,
            None => {
                return self.err(
                    start + i,
                    format!("invalid suffix `{suffix}` on integer constant"),
                )
            }
        };
        self.push(
            TokenKind::IntLit {
                value,
                unsigned,
                long,
                non_decimal: radix != 10,
            },
            loc,
        );
        Ok(())
    }

    fn float(&mut self, s: String, is_hex: bool, start: usize, loc: Loc) -> Result<(), Diag> {
        let b = s.as_bytes();
        let mut i = if is_hex { 2 } else { 0 };
        let digit = |c: u8| {
            if is_hex {
                c.is_ascii_hexdigit()
            } else {
                c.is_ascii_digit()
            }
        };
        let mut mant_digits = 0;
        while i < b.len() && digit(b[i]) {
            i += 1;
            mant_digits += 1;
        }
        if i < b.len() && b[i] == b'.' {
            i += 1;
            while i < b.len() && digit(b[i]) {
                i += 1;
                mant_digits += 1;
            }
        }
        if mant_digits == 0 {
            return self.err(start, format!("invalid floating constant `{s}`"));
        }
        let exp_char = |c: u8| {
            if is_hex {
                c == b'p' || c == b'P'
            } else {
                c == b'e' || c == b'E'
            }
        };
        if i < b.len() && exp_char(b[i]) {
            i += 1;
            if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
                i += 1;
            }
            let ds = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == ds {
                return self.err(start + i, format!("exponent has no digits in `{s}`"));
            }
        } else if is_hex {
            return self.err(
                start,
                format!("hexadecimal floating constant `{s}` requires an exponent"),
            );
        }
        let suffix = &s[i..];
        let real = suffix.replacen(['i', 'I', 'j', 'J'], "", 1);
        if real.len() < suffix.len() && matches!(real.as_str(), "" | "f" | "F" | "l" | "L") {
            // GNU imaginary constants (`2.0i`, `1.0fi`): complex types are not modelled
            let loc = self.loc_at(start);
            return Err(Diag::unsupported(
                Some(loc),
                "imaginary constants (complex types)",
            ));
        }
        if !matches!(suffix, "" | "f" | "F" | "l" | "L") {
            return self.err(
                start + i,
                format!("invalid suffix `{suffix}` on floating constant"),
            );
        }
        self.push(TokenKind::FloatLit(s), loc);
        Ok(())
    }

    /// Decodes one escape sequence after the backslash; returns the code value.
    fn escape(&mut self, wide: bool) -> Result<u32, Diag> {
        let at = self.pos - 1;
        let c = self.peek(0);
        self.pos += 1;
        Ok(match c {
            b'n' => 10,
            b't' => 9,
            b'r' => 13,
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'e' | b'E' => 27,
            b'\\' => 92,
            b'\'' => 39,
            b'"' => 34,
            b'?' => 63,
            b'x' => {
                let mut v: u32 = 0;
                let mut n = 0;
                while self.peek(0).is_ascii_hexdigit() {
                    let d = (self.peek(0) as char).to_digit(16).unwrap_or(0);
                    v = v.wrapping_mul(16).wrapping_add(d);
                    self.pos += 1;
                    n += 1;
                }
                if n == 0 {
                    return self.err(at, "`\\x` used with no following hex digits");
                }
                if !wide && v > 0xff {
                    return self.err(at, "hex escape sequence out of range");
                }
                v
            }
            b'0'..=b'7' => {
                let mut v = (c - b'0') as u32;
                let mut n = 1;
                while n < 3 && (b'0'..=b'7').contains(&self.peek(0)) {
                    v = v * 8 + (self.peek(0) - b'0') as u32;
                    self.pos += 1;
                    n += 1;
                }
                if !wide && v > 0xff {
                    return self.err(at, "octal escape sequence out of range");
                }
                v
            }
            b'u' | b'U' => {
                // a universal character name: the code point (UTF-8 in a narrow string)
                let digits = if c == b'u' { 4 } else { 8 };
                let mut v: u32 = 0;
                for _ in 0..digits {
                    let Some(d) = (self.peek(0) as char).to_digit(16) else {
                        return self.err(at, "incomplete universal character name");
                    };
                    v = v.wrapping_mul(16).wrapping_add(d);
                    self.pos += 1;
                }
                v
            }
            b'\n' | 0 => {
                self.pos -= 1;
                return self.err(at, "unterminated escape sequence");
            }
            _ => {
                // unknown escape: GCC warns and uses the character itself
                self.pos -= 1;
                let ch = self.text[self.pos..].chars().next().unwrap_or('?');
                self.pos += ch.len_utf8();
                ch as u32
            }
        })
    }

    /// A narrow string literal (`utf8`: `u8"..."`, whose escapes may name any code point,
    /// stored as its UTF-8 bytes, as CBMC accepts).
    fn string(&mut self, loc: Loc, utf8: bool) -> Result<(), Diag> {
        let start = self.pos;
        self.pos += 1; // '"'
        let mut bytes = Vec::new();
        loop {
            if self.at_end() || self.peek(0) == b'\n' {
                let _ = start;
                return Err(Diag::error(
                    DiagKind::Syntax,
                    Some(loc),
                    "unterminated string literal",
                ));
            }
            let c = self.peek(0);
            if c == b'"' {
                self.pos += 1;
                break;
            }
            if c == b'\\' {
                if self.peek(1) == b'\n' {
                    self.pos += 2;
                    self.newline();
                    self.at_line_start = false;
                    continue;
                }
                self.pos += 1;
                // a universal character name is stored as its UTF-8 bytes, as GCC does
                let ucn = matches!(self.peek(0), b'u' | b'U');
                let v = self.escape(utf8)?;
                if v > 0xff || (ucn && v > 0x7f) {
                    // an unknown escape of a non-ASCII character: keep its UTF-8 bytes
                    let ch = char::from_u32(v).unwrap_or('?');
                    let mut buf = [0u8; 4];
                    bytes.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                } else {
                    bytes.push(v as u8);
                }
                continue;
            }
            bytes.push(c);
            self.pos += 1;
        }
        self.push(TokenKind::StrLit(bytes), loc);
        Ok(())
    }

    /// A wide string literal after its prefix: code points (UTF-16 surrogate pairs for
    /// `u"..."` outside the basic plane), escapes decoded.
    fn wide_string(&mut self, loc: Loc, k: crate::frontend::ast::WideKind) -> Result<(), Diag> {
        self.pos += 1; // '"'
        let mut units = Vec::new();
        loop {
            if self.at_end() || self.peek(0) == b'\n' {
                return Err(Diag::error(
                    DiagKind::Syntax,
                    Some(loc),
                    "unterminated string literal",
                ));
            }
            let c = self.peek(0);
            if c == b'"' {
                self.pos += 1;
                break;
            }
            let v = if c == b'\\' {
                if self.peek(1) == b'\n' {
                    self.pos += 2;
                    self.newline();
                    self.at_line_start = false;
                    continue;
                }
                self.pos += 1;
                self.escape(true)?
            } else {
                let ch = self.text[self.pos..].chars().next().unwrap_or('?');
                self.pos += ch.len_utf8();
                ch as u32
            };
            if k == crate::frontend::ast::WideKind::Char16 && v > 0xffff {
                let w = v - 0x10000;
                units.push(0xd800 + (w >> 10));
                units.push(0xdc00 + (w & 0x3ff));
            } else {
                units.push(v);
            }
        }
        self.push(TokenKind::WStrLit(k, units), loc);
        Ok(())
    }

    fn char_lit(&mut self, loc: Loc, wide: bool) -> Result<(), Diag> {
        let start = self.pos;
        self.pos += 1; // '\''
        let mut vals: Vec<u32> = Vec::new();
        loop {
            if self.at_end() || self.peek(0) == b'\n' {
                let _ = start;
                return Err(Diag::error(
                    DiagKind::Syntax,
                    Some(loc),
                    "unterminated character constant",
                ));
            }
            let c = self.peek(0);
            if c == b'\'' {
                self.pos += 1;
                break;
            }
            if c == b'\\' {
                self.pos += 1;
                let v = self.escape(wide)?;
                vals.push(v);
                continue;
            }
            if wide || c < 0x80 {
                let ch = self.text[self.pos..].chars().next().unwrap_or('?');
                self.pos += ch.len_utf8();
                vals.push(ch as u32);
            } else {
                // a UTF-8 encoded character in a narrow constant: GCC treats its bytes as a
                // multi-character constant
                let ch = self.text[self.pos..].chars().next().unwrap_or('?');
                let mut buf = [0u8; 4];
                for &byte in ch.encode_utf8(&mut buf).as_bytes() {
                    vals.push(byte as u32);
                }
                self.pos += ch.len_utf8();
            }
        }
        if vals.is_empty() {
            return Err(Diag::error(
                DiagKind::Syntax,
                Some(loc),
                "empty character constant",
            ));
        }
        let value: i64 = if wide {
            // wchar_t is a 32-bit int on our targets: GCC uses the last character
            vals.last().copied().unwrap_or(0) as i32 as i64
        } else if vals.len() == 1 {
            // plain char is signed (x86 GCC)
            (vals[0] as u8) as i8 as i64
        } else {
            // multi-character constant: GCC shifts in 8 bits per character, truncated to int
            let mut v: u32 = 0;
            for &c in &vals {
                v = (v << 8) | (c & 0xff);
            }
            v as i32 as i64
        };
        self.push(TokenKind::CharLit(value), loc);
        Ok(())
    }
}

/// `u`, `l`, `ll` in any order and case (but `ll`/`LL` not mixed): (unsigned, long count).
fn parse_int_suffix(s: &str) -> Option<(bool, u8)> {
    let mut unsigned = false;
    let mut long = 0u8;
    let b = s.as_bytes();
    let mut i = 0;
    let mut seen_u = false;
    let mut seen_l = false;
    while i < b.len() {
        match b[i] {
            b'u' | b'U' if !seen_u => {
                seen_u = true;
                unsigned = true;
                i += 1;
            }
            b'l' | b'L' if !seen_l => {
                seen_l = true;
                if i + 1 < b.len() && b[i + 1] == b[i] {
                    long = 2;
                    i += 2;
                } else {
                    long = 1;
                    i += 1;
                }
            }
            _ => return None,
        }
    }
    Some((unsigned, long))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lx(s: &str) -> Vec<TokenKind> {
        let mut sm = SourceMap::new();
        let f = sm.add("t.c", None, None);
        lex(s, f, &mut sm)
            .unwrap_or_else(|e| panic!("{e}"))
            .into_iter()
            .map(|t| t.kind)
            .collect()
    }

    fn lex_err(s: &str) -> Diag {
        let mut sm = SourceMap::new();
        let f = sm.add("t.c", None, None);
        match lex(s, f, &mut sm) {
            Ok(t) => panic!("expected an error, got {t:?}"),
            Err(e) => e,
        }
    }

    fn int(value: u128, unsigned: bool, long: u8, non_decimal: bool) -> TokenKind {
        TokenKind::IntLit {
            value,
            unsigned,
            long,
            non_decimal,
        }
    }

    #[test]
    fn integer_literals() {
        assert_eq!(
            lx("0xFFFFFFFFu 077 0 42 0b101 10ULL 10lu 1uLL 0X1f 18446744073709551615ULL"),
            vec![
                int(0xFFFF_FFFF, true, 0, true),
                int(63, false, 0, true),
                int(0, false, 0, true),
                int(42, false, 0, false),
                int(5, false, 0, true),
                int(10, true, 2, false),
                int(10, true, 1, false),
                int(1, true, 2, false),
                int(31, false, 0, true),
                int(u64::MAX as u128, true, 2, false),
                TokenKind::Eof
            ]
        );
    }

    #[test]
    fn bad_numbers() {
        assert!(lex_err("10Ll").message.contains("invalid suffix"));
        assert!(lex_err("10uu").message.contains("invalid suffix"));
        assert!(lex_err("12abc").message.contains("invalid suffix `abc`"));
        assert!(lex_err("09").message.contains("octal"));
        assert!(lex_err("0x").message.contains("no digits"));
        let e = lex_err("int x = 1;\n  y = 0x1p;");
        assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((2, 11)));
        assert!(lex_err("340282366920938463463374607431768211456")
            .message
            .contains("too large"));
    }

    #[test]
    fn floats() {
        assert_eq!(
            lx("1.0 .5 1e10 1.5f 2.L 0x1.8p3 1E-3"),
            vec![
                TokenKind::FloatLit("1.0".into()),
                TokenKind::FloatLit(".5".into()),
                TokenKind::FloatLit("1e10".into()),
                TokenKind::FloatLit("1.5f".into()),
                TokenKind::FloatLit("2.L".into()),
                TokenKind::FloatLit("0x1.8p3".into()),
                TokenKind::FloatLit("1E-3".into()),
                TokenKind::Eof
            ]
        );
        assert!(lex_err("1.5q").message.contains("invalid suffix"));
        let d = lex_err("2.0fi");
        assert_eq!(d.kind, DiagKind::Unsupported);
        assert!(d.message.contains("imaginary constants"), "{}", d.message);
    }

    #[test]
    fn wide_string_literals() {
        use crate::frontend::ast::WideKind;
        assert_eq!(
            lx(r#"L"a\x1234" u"\U0001F600" U"\u20AC" u8"\u00e9" "\u00e9""#),
            vec![
                TokenKind::WStrLit(WideKind::Wchar, vec![97, 0x1234]),
                TokenKind::WStrLit(WideKind::Char16, vec![0xd83d, 0xde00]),
                TokenKind::WStrLit(WideKind::Char32, vec![0x20ac]),
                TokenKind::StrLit(vec![0xc3, 0xa9]),
                TokenKind::StrLit(vec![0xc3, 0xa9]),
                TokenKind::Eof
            ]
        );
    }

    #[test]
    fn char_literals() {
        assert_eq!(
            lx(r"'a' '\n' '\x41' '\0' '\377' '\xff' 'ab' '\'' '\\' L'a'"),
            vec![
                TokenKind::CharLit(97),
                TokenKind::CharLit(10),
                TokenKind::CharLit(65),
                TokenKind::CharLit(0),
                TokenKind::CharLit(-1),
                TokenKind::CharLit(-1),
                TokenKind::CharLit(0x6162),
                TokenKind::CharLit(39),
                TokenKind::CharLit(92),
                TokenKind::CharLit(97),
                TokenKind::Eof
            ]
        );
        assert!(lex_err("''").message.contains("empty"));
        assert!(lex_err("'a").message.contains("unterminated"));
    }

    #[test]
    fn strings_and_escapes() {
        assert_eq!(
            lx(r#""a\tb\n" "\x41\101\"\\" """#),
            vec![
                TokenKind::StrLit(b"a\tb\n".to_vec()),
                TokenKind::StrLit(b"AA\"\\".to_vec()),
                TokenKind::StrLit(vec![]),
                TokenKind::Eof
            ]
        );
        let e = lex_err("x = \"abc\n");
        assert!(e.message.contains("unterminated string"));
        assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((1, 5)));
    }

    #[test]
    fn punctuators_and_comments() {
        use Punct::*;
        let p = |p| TokenKind::Punct(p);
        assert_eq!(
            lx("a->b ... <<= >>= /* c\n */ x // y\n ++ <: :>"),
            vec![
                TokenKind::Ident("a".into()),
                p(Arrow),
                TokenKind::Ident("b".into()),
                p(Ellipsis),
                p(ShlAssign),
                p(ShrAssign),
                TokenKind::Ident("x".into()),
                p(PlusPlus),
                p(LBracket),
                p(RBracket),
                TokenKind::Eof
            ]
        );
        assert!(lex_err("a /* b").message.contains("unterminated comment"));
        assert!(lex_err("a @ b").message.contains("unexpected character"));
    }

    #[test]
    fn keywords_gnu_spellings() {
        assert_eq!(
            lx("__inline__ __restrict __const __signed__ __asm__ typeof _Bool"),
            vec![
                TokenKind::Keyword(Keyword::Inline),
                TokenKind::Keyword(Keyword::Restrict),
                TokenKind::Keyword(Keyword::Const),
                TokenKind::Keyword(Keyword::Signed),
                TokenKind::Keyword(Keyword::Asm),
                TokenKind::Keyword(Keyword::Typeof),
                TokenKind::Keyword(Keyword::Bool),
                TokenKind::Eof
            ]
        );
    }

    #[test]
    fn line_markers() {
        let mut sm = SourceMap::new();
        let f = sm.add("main.i", None, None);
        let text = "int a;\n# 40 \"orig.c\"\nint b;\n\n  c\n# 7 \"<built-in>\" 1 3 4\nd\n#pragma once\ne\n#line 100\nf";
        let toks = lex(text, f, &mut sm).unwrap();
        let orig = sm.find("orig.c").unwrap();
        let at = |name: &str| {
            toks.iter()
                .find(|t| t.kind == TokenKind::Ident(name.into()))
                .map(|t| (sm.name(t.loc.file).to_string(), t.loc.line, t.loc.col))
                .unwrap()
        };
        assert_eq!(
            toks[0].loc,
            Loc {
                file: f,
                line: 1,
                col: 1
            }
        );
        assert_eq!(at("b"), ("orig.c".into(), 40, 5));
        assert_eq!(at("c"), ("orig.c".into(), 42, 3));
        assert_eq!(at("d"), ("<built-in>".into(), 7, 1));
        assert_eq!(at("e"), ("<built-in>".into(), 9, 1));
        assert_eq!(at("f"), ("<built-in>".into(), 100, 1));
        assert_eq!(toks[3].loc.file, orig);
    }

    #[test]
    fn splices_and_odd_bytes_do_not_panic() {
        let e = lex_err("x = \"ab\\\ncd\n");
        assert!(e.message.contains("unterminated string"));
        assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((1, 5)));
        assert_eq!(lx("a\\\nb").len(), 3);
        let _ = lex_err("\"\\");
        let _ = lex_err("'\\");
        let _ = lex_err("\u{0}");
        assert!(lex_err("int é;").message.contains("U+00E9"));
        assert_eq!(
            lx("\"é\""),
            vec![TokenKind::StrLit("é".as_bytes().to_vec()), TokenKind::Eof]
        );
    }

    #[test]
    fn hash_mid_line_is_an_error() {
        assert!(lex_err("int a # b").message.contains("stray"));
    }
}
