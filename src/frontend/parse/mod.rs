//! nom parser: tokens to the AST, with typedef names tracked in scope.
//!
//! Owns: the C99 + GNU grammar over `&[Token]` (nom combinators on token slices, expressions by
//! precedence climbing), the typedef-name scope stack (`T * x;` is a declaration iff `T` names a
//! type in scope; an ordinary identifier declared in an inner scope shadows a typedef name until
//! the scope ends), and syntax diagnostics that point at the furthest token that could not be
//! consumed ("expected `;` after declaration, found `}`"). Nesting is capped (`nesting too deep`)
//! so that hostile input cannot overflow the stack; the parser never panics.
//!
//! Submodules: [`decl`] (specifiers, declarators, struct/enum, initialisers, type names),
//! [`expr`] (expressions), [`stmt`] (statements and the translation unit).
//!
//! AST conventions (beyond the docs in `ast.rs`):
//! - Locations: `Binary`, `Assign`, `Cond` (`?`), `Comma`, `Index` (`[`), `Member` (`.`/`->`)
//!   and postfix `++`/`--` are at their operator token; `Call` is at the callee's first token;
//!   everything else (and every statement / declaration) at its first token. A declarator's
//!   location is its name's (the first token for abstract declarators).
//! - `f()` has no parameters; `f(void)` is kept as one unnamed `void` parameter.
//! - Implicit `int` (`main() {}`, `static x;`) gives empty `DeclSpecs::types`.
//! - Kept for layout (`layout`): `_Alignas`, `__attribute__((packed | aligned(N)))`, `#pragma pack`.
//! - Dropped: `restrict`, `_Noreturn`, `__extension__`, other attributes, asm labels on
//!   declarations, `__label__`, `_Static_assert`, file-scope `asm(...)`.
//! - `__int128_t` / `__uint128_t` give `[Int128]` / `[Unsigned, Int128]`; `_Float32/64/128`,
//!   `_Float32x/64x`, `__float128` give the nearest float specifiers; `__builtin_va_list` is
//!   `TypedefName("__builtin_va_list")`.
//! - `__builtin_va_arg(ap, T)` is `Call(Ident("__builtin_va_arg"), [ap, SizeofType(T)])` and
//!   `__builtin_types_compatible_p(A, B)` is a call with two `SizeofType` arguments.
//! - `__alignof__ expr` is `AlignofType` of a type name whose only specifier is `TypeofExpr`.
//! - `L: }` / `case 1: }` get an empty statement (`Expr(None)`) as their body.
//! - `StmtKind::Asm` holds the template; when the asm has output operands the text gets a
//!   ` /* with output operands */` suffix, so it is never empty (never a silent no-op).
//! - A plain `0` is an octal constant (`non_decimal: true`), as in the C grammar.
//! - `unsupported:` diagnostics (never silently accepted): `_Atomic`
//!   after a `*` (atomic pointers), `_Complex`, `_Generic`, nested functions, computed `goto`, `&&label`, array paths in `__builtin_offsetof`, wide
//!   string literals.

mod decl;
mod expr;
mod layout;
mod stmt;
#[cfg(test)]
mod tests;

use crate::diag::{Diag, DiagKind, Loc, SourceMap};
use crate::frontend::ast;
use crate::frontend::lex::{self, Keyword, Punct, Token, TokenKind};
use nom::error::{ErrorKind, ParseError};
use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// Maximum nesting (statements, parenthesised / unary expressions, declarators, initialiser lists).
pub const MAX_DEPTH: u32 = 256;

/// Parses a token stream (as produced by [`lex::lex`], ending in `Eof`) into a translation unit.
pub fn parse(tokens: &[Token]) -> Result<ast::TranslationUnit, Diag> {
    let owned;
    let toks: &[Token] = if matches!(tokens.last(), Some(t) if t.kind == TokenKind::Eof) {
        tokens
    } else {
        let mut v = tokens.to_vec();
        let loc = tokens.last().map(|t| t.loc).unwrap_or_default();
        v.push(Token {
            kind: TokenKind::Eof,
            loc,
        });
        owned = v;
        &owned
    };
    let p = Parser::new(toks);
    match p.translation_unit(toks) {
        Ok((_, tu)) => Ok(tu),
        Err(nom::Err::Failure(PErr::Fatal(d))) | Err(nom::Err::Error(PErr::Fatal(d))) => Err(*d),
        Err(_) => Err(p.syntax_diag()),
    }
}

/// Lexes and parses `text`; the text is registered as `<input>` (line markers in it still apply).
pub fn parse_str(text: &str, sources: &mut SourceMap) -> Result<ast::TranslationUnit, Diag> {
    let file = sources.add("<input>", None, Some(text.to_string()));
    let toks = lex::lex(text, file, sources)?;
    parse(&toks)
}

pub(crate) type In<'t> = &'t [Token];
pub(crate) type PResult<'t, O> = nom::IResult<In<'t>, O, PErr>;

/// The nom error type: `Soft` failures are recorded in the parser's furthest-failure state;
/// `Fatal` ones carry their own diagnostic and stop the parse.
#[derive(Debug)]
pub(crate) enum PErr {
    Soft,
    Fatal(Box<Diag>),
}

impl<'t> ParseError<In<'t>> for PErr {
    fn from_error_kind(_input: In<'t>, _kind: ErrorKind) -> Self {
        PErr::Soft
    }
    fn append(_input: In<'t>, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

/// What a name means in a scope: a typedef name or an ordinary identifier (which shadows one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NameKind {
    Typedef,
    Ordinary,
}

/// GCC's built-in type names, treated as typedef names at file scope.
const BUILTIN_TYPEDEFS: &[&str] = &[
    "__builtin_va_list",
    "__int128_t",
    "__uint128_t",
    "_Float32",
    "_Float64",
    "_Float128",
    "_Float32x",
    "_Float64x",
    "__float128",
    "__CPROVER_bool",
    "__CPROVER_size_t",
];

/// The parser state; the grammar functions are its methods (spread over the submodules).
pub(crate) struct Parser<'t> {
    toks: &'t [Token],
    eof: &'t Token,
    scopes: RefCell<Vec<HashMap<String, NameKind>>>,
    /// Token index of the furthest soft failure, and what was expected there.
    furthest: Cell<Option<usize>>,
    expected: RefCell<Vec<Cow<'static, str>>>,
    depth: Cell<u32>,
    /// Set when a declarator had a K&R identifier list; `external_decl` reads and clears it.
    knr_pending: Cell<bool>,
    /// Counter for parser-made temporaries (`__elvis$N`).
    fresh: Cell<u32>,
    /// `#pragma pack`: the value in effect and the pushed ones (`layout`).
    pack: RefCell<(Option<u64>, Vec<Option<u64>>)>,
}

/// Restores the nesting depth when dropped.
pub(crate) struct DepthGuard<'a>(&'a Cell<u32>);

impl Drop for DepthGuard<'_> {
    fn drop(&mut self) {
        self.0.set(self.0.get().saturating_sub(1));
    }
}

/// Pops a scope (and anything pushed after it) when dropped, also on error paths.
pub(crate) struct ScopeGuard<'a> {
    scopes: &'a RefCell<Vec<HashMap<String, NameKind>>>,
    len: usize,
}

impl Drop for ScopeGuard<'_> {
    fn drop(&mut self) {
        self.scopes.borrow_mut().truncate(self.len);
    }
}

impl<'t> Parser<'t> {
    /// `toks` must be non-empty and end with `Eof`.
    fn new(toks: &'t [Token]) -> Self {
        let eof = toks.last().expect("token stream ends with Eof");
        let mut file_scope = HashMap::new();
        for n in BUILTIN_TYPEDEFS {
            file_scope.insert((*n).to_string(), NameKind::Typedef);
        }
        Parser {
            toks,
            eof,
            scopes: RefCell::new(vec![file_scope]),
            furthest: Cell::new(None),
            expected: RefCell::new(Vec::new()),
            depth: Cell::new(0),
            knr_pending: Cell::new(false),
            fresh: Cell::new(0),
            pack: RefCell::new((None, Vec::new())),
        }
    }

    // ---- token primitives ----

    fn pos(&self, i: In<'t>) -> usize {
        self.toks.len() - i.len()
    }

    fn tok(&self, i: In<'t>) -> &'t Token {
        i.first().unwrap_or(self.eof)
    }

    fn kind(&self, i: In<'t>) -> &'t TokenKind {
        &self.tok(i).kind
    }

    /// The kind of the token `n` places ahead.
    fn kind_at(&self, i: In<'t>, n: usize) -> &'t TokenKind {
        match i.get(n) {
            Some(t) => &t.kind,
            None => &self.eof.kind,
        }
    }

    fn loc(&self, i: In<'t>) -> Loc {
        self.tok(i).loc
    }

    /// Drops the first token (never the final `Eof`).
    fn bump(&self, i: In<'t>) -> In<'t> {
        if i.len() > 1 {
            &i[1..]
        } else {
            i
        }
    }

    fn is_p(&self, i: In<'t>, p: Punct) -> bool {
        matches!(self.kind(i), TokenKind::Punct(q) if *q == p)
    }

    fn is_k(&self, i: In<'t>, k: Keyword) -> bool {
        matches!(self.kind(i), TokenKind::Keyword(q) if *q == k)
    }

    /// Records that `what` was expected at `i` (kept only for the furthest position).
    fn expect_here(&self, i: In<'t>, what: impl Into<Cow<'static, str>>) {
        let p = self.pos(i);
        match self.furthest.get() {
            Some(f) if f > p => {}
            Some(f) if f == p => {
                let w = what.into();
                let mut e = self.expected.borrow_mut();
                if !e.contains(&w) {
                    e.push(w);
                }
            }
            _ => {
                self.furthest.set(Some(p));
                let mut e = self.expected.borrow_mut();
                e.clear();
                e.push(what.into());
            }
        }
    }

    /// A soft failure at `i`, recording what was expected.
    fn fail<T>(&self, i: In<'t>, what: impl Into<Cow<'static, str>>) -> PResult<'t, T> {
        self.expect_here(i, what);
        Err(nom::Err::Error(PErr::Soft))
    }

    /// A fatal syntax error at a location.
    fn fatal<T>(&self, loc: Loc, msg: impl Into<String>) -> PResult<'t, T> {
        Err(nom::Err::Failure(PErr::Fatal(Box::new(Diag::error(
            DiagKind::Syntax,
            Some(loc),
            msg,
        )))))
    }

    /// A fatal `unsupported: ...` error at a location.
    fn unsupported<T>(&self, loc: Loc, what: &str) -> PResult<'t, T> {
        Err(nom::Err::Failure(PErr::Fatal(Box::new(Diag::unsupported(
            Some(loc),
            what,
        )))))
    }

    /// Parser for one punctuator (nom style).
    fn punct(&self, p: Punct) -> impl Fn(In<'t>) -> PResult<'t, Loc> + '_ {
        move |i| {
            if self.is_p(i, p) {
                Ok((self.bump(i), self.loc(i)))
            } else {
                self.fail(i, format!("`{}`", p.spelling()))
            }
        }
    }

    /// Parser for an optional punctuator: fails without recording an expectation.
    fn punct_q(&self, p: Punct) -> impl Fn(In<'t>) -> PResult<'t, Loc> + '_ {
        move |i| {
            if self.is_p(i, p) {
                Ok((self.bump(i), self.loc(i)))
            } else {
                Err(nom::Err::Error(PErr::Soft))
            }
        }
    }

    /// Parser for one keyword (nom style).
    fn keyword(&self, k: Keyword) -> impl Fn(In<'t>) -> PResult<'t, Loc> + '_ {
        move |i| {
            if self.is_k(i, k) {
                Ok((self.bump(i), self.loc(i)))
            } else {
                self.fail(i, format!("`{}`", k.spelling()))
            }
        }
    }

    /// Expects punctuator `p`; on failure records `what` (e.g. "`;` after declaration").
    fn expect_p(&self, i: In<'t>, p: Punct, what: &'static str) -> PResult<'t, Loc> {
        if self.is_p(i, p) {
            Ok((self.bump(i), self.loc(i)))
        } else {
            self.fail(i, what)
        }
    }

    /// Any identifier (typedef names included).
    fn ident(&self, i: In<'t>) -> PResult<'t, (String, Loc)> {
        match self.kind(i) {
            TokenKind::Ident(s) => Ok((self.bump(i), (s.clone(), self.loc(i)))),
            _ => self.fail(i, "identifier"),
        }
    }

    /// Enters one nesting level; errors with `nesting too deep` beyond [`MAX_DEPTH`].
    fn enter(&self, i: In<'t>) -> Result<DepthGuard<'_>, nom::Err<PErr>> {
        let d = self.depth.get() + 1;
        if d > MAX_DEPTH {
            return Err(nom::Err::Failure(PErr::Fatal(Box::new(Diag::error(
                DiagKind::Syntax,
                Some(self.loc(i)),
                format!("nesting too deep (more than {MAX_DEPTH} levels)"),
            )))));
        }
        self.depth.set(d);
        Ok(DepthGuard(&self.depth))
    }

    /// `foo bar` (or `foo *bar` when `star_too`) where `foo` is not a type: a fatal
    /// "unknown type name `foo`" instead of a confusing "expected `;`".
    fn check_unknown_type(&self, i: In<'t>, star_too: bool) -> Result<(), nom::Err<PErr>> {
        if let TokenKind::Ident(s) = self.kind(i) {
            let next = self.kind_at(i, 1);
            if (s == "_ExtInt" || s == "_BitInt") && matches!(next, TokenKind::Punct(Punct::LParen))
            {
                return Err(nom::Err::Failure(PErr::Fatal(Box::new(Diag::unsupported(
                    Some(self.loc(i)),
                    format!("bit-precise integer types (`{s}(N)`)"),
                )))));
            }
            if matches!(next, TokenKind::Ident(_))
                || (star_too && matches!(next, TokenKind::Punct(Punct::Star)))
            {
                return Err(nom::Err::Failure(PErr::Fatal(Box::new(Diag::error(
                    DiagKind::Syntax,
                    Some(self.loc(i)),
                    format!("unknown type name `{s}`"),
                )))));
            }
        }
        Ok(())
    }

    // ---- scopes ----

    fn push_scope(&self) -> ScopeGuard<'_> {
        let mut s = self.scopes.borrow_mut();
        let len = s.len();
        s.push(HashMap::new());
        ScopeGuard {
            scopes: &self.scopes,
            len,
        }
    }

    fn declare(&self, name: &str, kind: NameKind) {
        if let Some(s) = self.scopes.borrow_mut().last_mut() {
            s.insert(name.to_string(), kind);
        }
    }

    /// Whether `name` is a typedef name in the current scope.
    fn is_typedef(&self, name: &str) -> bool {
        for s in self.scopes.borrow().iter().rev() {
            if let Some(k) = s.get(name) {
                return *k == NameKind::Typedef;
            }
        }
        false
    }

    // ---- GNU noise ----

    /// From `i` at `(`, skips to just after the matching `)`.
    fn skip_balanced(&self, i: In<'t>) -> PResult<'t, ()> {
        let (mut i, _) = self.expect_p(i, Punct::LParen, "`(`")?;
        let open = i;
        let mut depth = 1usize;
        loop {
            match self.kind(i) {
                TokenKind::Eof => {
                    let _ = open;
                    return self.fail(i, "`)`");
                }
                TokenKind::Punct(Punct::LParen) => depth += 1,
                TokenKind::Punct(Punct::RParen) => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok((self.bump(i), ()));
                    }
                }
                _ => {}
            }
            i = self.bump(i);
        }
    }

    /// Skips any `__attribute__((...))`.
    fn skip_attrs(&self, mut i: In<'t>) -> PResult<'t, ()> {
        while self.is_k(i, Keyword::Attribute) {
            let (r, ()) = self.skip_balanced(self.bump(i))?;
            i = r;
        }
        Ok((i, ()))
    }

    /// Skips any `__attribute__((...))` and `__asm__("name")` (as after declarators).
    fn skip_attrs_asm(&self, mut i: In<'t>) -> PResult<'t, ()> {
        loop {
            if self.is_k(i, Keyword::Attribute) || self.is_k(i, Keyword::Asm) {
                let (r, ()) = self.skip_balanced(self.bump(i))?;
                i = r;
            } else {
                return Ok((i, ()));
            }
        }
    }

    /// Looks past attributes without consuming or recording anything.
    fn peek_past_attrs(&self, i: In<'t>) -> In<'t> {
        let mut j = i;
        while self.is_k(j, Keyword::Attribute) {
            let k = self.bump(j);
            if !self.is_p(k, Punct::LParen) {
                return j;
            }
            let mut depth = 0usize;
            let mut m = k;
            loop {
                match self.kind(m) {
                    TokenKind::Eof => return j,
                    TokenKind::Punct(Punct::LParen) => depth += 1,
                    TokenKind::Punct(Punct::RParen) => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                m = self.bump(m);
            }
            j = self.bump(m);
        }
        j
    }

    /// The diagnostic for a failed parse: the furthest failure, what was expected, what was found.
    fn syntax_diag(&self) -> Diag {
        let pos = self.furthest.get().unwrap_or(0);
        let tok = self.toks.get(pos).unwrap_or(self.eof);
        let exp = self.expected.borrow();
        let msg = match exp.len() {
            0 => format!("unexpected {}", tok.kind),
            1 => format!("expected {}, found {}", exp[0], tok.kind),
            n => {
                let shown: Vec<&str> = exp.iter().take(6).map(|c| c.as_ref()).collect();
                let head = shown[..shown.len() - 1].join(", ");
                let more = if n > 6 { ", ..." } else { "" };
                format!(
                    "expected {head}{more} or {}, found {}",
                    shown[shown.len() - 1],
                    tok.kind
                )
            }
        };
        Diag::error(DiagKind::Syntax, Some(tok.loc), msg)
    }
}
