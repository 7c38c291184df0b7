//! Layout requests: `_Alignas`, `__attribute__((packed))` / `__attribute__((aligned(N)))`
//! (other attributes are skipped) and `#pragma pack`, which the preprocessor passes on as the
//! pseudo-declaration `__schedmc_pragma_pack(...);` (`preprocess::PRAGMA_PACK`).
//!
//! `#pragma pack` follows GCC: `pack(N)` sets the maximum member alignment (N a power of two
//! up to 16), `pack()` resets it, `pack(push)` / `pack(push, N)` save it (and set N),
//! `pack(pop)` restores it. A pragma is read only between file-scope declarations: one inside
//! a function or a struct is `unsupported`, as are labelled pushes (`pack(push, id)`).

use super::{In, PResult, Parser};
use crate::frontend::ast::{Expr, ExprKind};
use crate::frontend::lex::{Keyword, Punct, TokenKind};

/// The layout attributes of an `__attribute__` list.
#[derive(Default)]
pub(super) struct LayoutAttrs {
    pub packed: bool,
    pub align: Vec<Expr>,
}

/// GCC's `__BIGGEST_ALIGNMENT__` on x86-64 (SSE): what `aligned` without an argument means.
const BIGGEST_ALIGNMENT: u128 = 16;

impl<'t> Parser<'t> {
    /// Parses any `__attribute__((...))` lists, collecting `packed` and `aligned` into `out`.
    pub(super) fn layout_attrs(&self, mut i: In<'t>, out: &mut LayoutAttrs) -> PResult<'t, ()> {
        while self.is_k(i, Keyword::Attribute) {
            let (r, _) = self.expect_p(self.bump(i), Punct::LParen, "`(`")?;
            let (mut r, _) = self.expect_p(r, Punct::LParen, "`(`")?;
            loop {
                match self.kind(r) {
                    TokenKind::Punct(Punct::RParen) => break,
                    TokenKind::Punct(Punct::Comma) => {
                        r = self.bump(r);
                        continue;
                    }
                    TokenKind::Eof => return self.fail(r, "`)`"),
                    _ => {}
                }
                let name = match self.kind(r) {
                    TokenKind::Ident(n) => n.trim_matches('_').to_string(),
                    _ => String::new(),
                };
                let loc = self.loc(r);
                r = self.bump(r);
                if name == "vector_size" {
                    // GCC vector types: element-wise arithmetic we do not model
                    return self.unsupported(loc, "`__attribute__((vector_size))` (vector types)");
                }
                if self.is_p(r, Punct::LParen) {
                    if name == "aligned" {
                        let (r2, e) = self.cond_expr(self.bump(r))?;
                        let (r2, _) = self.expect_p(r2, Punct::RParen, "`)`")?;
                        out.align.push(e);
                        r = r2;
                    } else {
                        let (r2, ()) = self.skip_balanced(r)?;
                        r = r2;
                    }
                } else if name == "aligned" {
                    out.align.push(Expr {
                        kind: ExprKind::IntLit {
                            value: BIGGEST_ALIGNMENT,
                            unsigned: false,
                            long: 0,
                            non_decimal: false,
                        },
                        loc,
                    });
                } else if name == "packed" {
                    out.packed = true;
                }
            }
            let (r, _) = self.expect_p(r, Punct::RParen, "`)`")?;
            let (r, _) = self.expect_p(r, Punct::RParen, "`)`")?;
            i = r;
        }
        Ok((i, ()))
    }

    /// [`Parser::layout_attrs`] also skipping `__asm__("name")` labels (after declarators).
    pub(super) fn layout_attrs_asm(&self, mut i: In<'t>, out: &mut LayoutAttrs) -> PResult<'t, ()> {
        loop {
            if self.is_k(i, Keyword::Attribute) {
                i = self.layout_attrs(i, out)?.0;
            } else if self.is_k(i, Keyword::Asm) {
                i = self.skip_balanced(self.bump(i))?.0;
            } else {
                return Ok((i, ()));
            }
        }
    }

    /// `_Alignas(type-name)` (as `AlignofType`) or `_Alignas(constant-expression)`; `i` is at
    /// the keyword.
    pub(super) fn alignas(&self, i: In<'t>) -> PResult<'t, Expr> {
        let loc = self.loc(i);
        let (r, _) = self.expect_p(self.bump(i), Punct::LParen, "`(` after `_Alignas`")?;
        let (r, e) = if self.is_type_start(r) {
            let (r, tn) = self.type_name(r)?;
            (
                r,
                Expr {
                    kind: ExprKind::AlignofType(Box::new(tn)),
                    loc,
                },
            )
        } else {
            self.cond_expr(r)?
        };
        let (r, _) = self.expect_p(r, Punct::RParen, "`)`")?;
        Ok((r, e))
    }

    /// Whether `i` is at a `#pragma pack` pseudo-declaration.
    pub(super) fn at_pragma_pack(&self, i: In<'t>) -> bool {
        matches!(self.kind(i), TokenKind::Ident(n) if n == crate::frontend::preprocess::PRAGMA_PACK)
    }

    /// `__schedmc_pragma_pack(args);` at file scope: updates the pack state.
    pub(super) fn pragma_pack(&self, i: In<'t>) -> PResult<'t, ()> {
        let loc = self.loc(i);
        let (mut r, _) = self.expect_p(self.bump(i), Punct::LParen, "`(` after `#pragma pack`")?;
        let mut words: Vec<String> = Vec::new();
        let mut value: Option<u128> = None;
        loop {
            match self.kind(r) {
                TokenKind::Punct(Punct::RParen) => break,
                TokenKind::Punct(Punct::Comma) => {}
                TokenKind::Ident(n) => words.push(n.clone()),
                TokenKind::IntLit { value: v, .. } => value = Some(*v),
                _ => return self.fatal(self.loc(r), "malformed `#pragma pack`"),
            }
            r = self.bump(r);
        }
        let (r, _) = self.expect_p(self.bump(r), Punct::Semi, "`;`")?;
        let n = match value {
            Some(v) if v.is_power_of_two() && v <= 16 => Some(v as u64),
            // GCC ignores an invalid value (with a warning)
            Some(_) => return Ok((r, ())),
            None => None,
        };
        let mut st = self.pack.borrow_mut();
        match words
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice()
        {
            [] => st.0 = n,
            ["push"] => {
                let cur = st.0;
                st.1.push(cur);
                if n.is_some() {
                    st.0 = n;
                }
            }
            ["pop"] if n.is_none() => st.0 = st.1.pop().unwrap_or(None),
            ["show"] => {}
            _ => {
                drop(st);
                return self.unsupported(loc, "this form of `#pragma pack`");
            }
        }
        Ok((r, ()))
    }

    /// The `#pragma pack` value in effect.
    pub(super) fn current_pack(&self) -> Option<u64> {
        self.pack.borrow().0
    }
}
