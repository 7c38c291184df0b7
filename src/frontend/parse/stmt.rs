//! Statements, blocks (with their typedef-name scopes), function definitions and the
//! translation unit.

use super::decl::DeclMode;
use super::{In, NameKind, PResult, Parser};
use crate::diag::Loc;
use crate::frontend::ast::*;
use crate::frontend::lex::{Keyword, Punct, Token, TokenKind};
use nom::sequence::delimited;

/// A label-like prefix of a statement.
enum Prefix {
    Label(String),
    Case(Expr, Option<Expr>),
    Default,
}

impl<'t> Parser<'t> {
    /// The whole token stream.
    pub(super) fn translation_unit(&self, mut i: In<'t>) -> PResult<'t, TranslationUnit> {
        let mut items = Vec::new();
        let mut weak = Vec::new();
        loop {
            match self.kind(i) {
                TokenKind::Eof => break,
                TokenKind::Ident(n) if n == crate::frontend::preprocess::PRAGMA_WEAK => {
                    // `#pragma weak name`
                    let (r, (name, _)) = self.ident(self.bump(i))?;
                    if !self.is_p(r, Punct::Semi) {
                        return self.unsupported(self.loc(r), "`#pragma weak` with an alias");
                    }
                    weak.push(name);
                    i = self.bump(r);
                }
                TokenKind::Punct(Punct::Semi) => i = self.bump(i),
                TokenKind::Keyword(Keyword::Asm) => {
                    // file-scope asm("..."); : skipped
                    let (r, ()) = self.skip_balanced(self.bump(i))?;
                    let (r, _) = self.expect_p(r, Punct::Semi, "`;` after `__asm__`")?;
                    i = r;
                }
                TokenKind::Keyword(Keyword::StaticAssert) => i = self.static_assert(i)?.0,
                _ if self.at_pragma_pack(i) => i = self.pragma_pack(i)?.0,
                _ => {
                    let (r, item) = self.external_decl(i)?;
                    if self.has_weak_attr(&i[..i.len() - r.len()], &item) {
                        match &item {
                            ExternalDecl::Function(f) => weak.extend(f.declarator.name.clone()),
                            ExternalDecl::Decl(d) => weak.extend(
                                d.declarators
                                    .iter()
                                    .filter_map(|d| d.declarator.name.clone()),
                            ),
                        }
                    }
                    items.push(item);
                    i = r;
                }
            }
        }
        Ok((i, TranslationUnit { items, weak }))
    }

    /// Whether the tokens of a file-scope declaration (a function definition's up to its
    /// body) carry `__attribute__((weak))`.
    fn has_weak_attr(&self, toks: &[Token], item: &ExternalDecl) -> bool {
        let mut depth = 0u32;
        let mut in_attr = false;
        for t in toks {
            match &t.kind {
                TokenKind::Keyword(Keyword::Attribute) => in_attr = true,
                TokenKind::Punct(Punct::LParen) => depth += 1,
                TokenKind::Punct(Punct::RParen) => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        in_attr = false;
                    }
                }
                TokenKind::Punct(Punct::LBrace)
                    if depth == 0 && matches!(item, ExternalDecl::Function(_)) =>
                {
                    return false;
                }
                TokenKind::Ident(n) if in_attr && depth == 2 && n.trim_matches('_') == "weak" => {
                    return true;
                }
                _ => {}
            }
        }
        false
    }

    /// A function definition or a file-scope declaration (implicit `int` allowed).
    fn external_decl(&self, i: In<'t>) -> PResult<'t, ExternalDecl> {
        let loc = self.loc(i);
        let start = i;
        let (i, specs) = self.decl_specs(i)?;
        if i.len() == start.len()
            && !matches!(
                self.kind(i),
                TokenKind::Ident(_) | TokenKind::Punct(Punct::Star | Punct::LParen)
            )
        {
            return self.fail(i, "declaration");
        }
        if i.len() == start.len() {
            self.check_unknown_type(i, true)?;
        }
        if self.is_p(i, Punct::Semi) {
            return Ok((
                self.bump(i),
                ExternalDecl::Decl(Declaration {
                    specs,
                    declarators: Vec::new(),
                    loc,
                }),
            ));
        }
        self.knr_pending.set(false);
        let (i, mut d) = self.declarator(i, DeclMode::Named)?;
        let mut attrs = super::layout::LayoutAttrs::default();
        let (mut i, ()) = self.layout_attrs_asm(i, &mut attrs)?;
        let knr = self.knr_pending.replace(false);
        if knr && specs.storage != Some(StorageClass::Typedef) {
            if let Some(Derived::Function { params, .. }) = d.derived.first_mut() {
                if self.is_decl_start(i) || self.is_p(i, Punct::LBrace) {
                    let _scope = self.push_scope();
                    i = self.knr_params(i, params)?.0;
                } else {
                    // An identifier list outside a definition declares no prototype.
                    params.clear();
                }
            }
        }
        if let Some(Derived::Function { params, .. }) = d.derived.first() {
            if specs.storage != Some(StorageClass::Typedef) && self.is_p(i, Punct::LBrace) {
                if let Some(n) = &d.name {
                    self.declare(n, NameKind::Ordinary);
                }
                let _scope = self.push_scope();
                for p in params {
                    if let Some(n) = &p.declarator.name {
                        self.declare(n, NameKind::Ordinary);
                    }
                }
                let (r, body) = self.compound(i)?;
                return Ok((
                    r,
                    ExternalDecl::Function(FunctionDef {
                        specs,
                        declarator: d,
                        body,
                        loc,
                    }),
                ));
            }
        }
        let (i, decl) = self.init_declarators(i, specs, d, attrs, loc)?;
        Ok((i, ExternalDecl::Decl(decl)))
    }

    /// `{ block-item* }` in a new scope.
    pub(super) fn compound(&self, i: In<'t>) -> PResult<'t, Stmt> {
        let _g = self.enter(i)?;
        let loc = self.loc(i);
        let (mut i, _) = self.expect_p(i, Punct::LBrace, "`{`")?;
        let _scope = self.push_scope();
        let mut items = Vec::new();
        loop {
            match self.kind(i) {
                TokenKind::Punct(Punct::RBrace) => {
                    i = self.bump(i);
                    break;
                }
                TokenKind::Keyword(Keyword::Label) => {
                    // __label__ a, b; : local label declarations, nothing to keep
                    let mut r = self.bump(i);
                    loop {
                        let (r2, _) = self.ident(r)?;
                        r = r2;
                        if self.is_p(r, Punct::Comma) {
                            r = self.bump(r);
                        } else {
                            break;
                        }
                    }
                    let (r, _) = self.expect_p(r, Punct::Semi, "`;` after `__label__`")?;
                    i = r;
                }
                TokenKind::Keyword(Keyword::StaticAssert) => i = self.static_assert(i)?.0,
                _ if self.at_pragma_pack(i) => {
                    return self.unsupported(self.loc(i), "`#pragma pack` inside a function")
                }
                _ => {
                    if self.is_decl_start(i) {
                        let (r, d) = self.declaration(i)?;
                        items.push(BlockItem::Decl(d));
                        i = r;
                    } else {
                        self.check_unknown_type(i, false)?;
                        let (r, s) = self.stmt(i)?;
                        items.push(BlockItem::Stmt(s));
                        i = r;
                    }
                }
            }
        }
        Ok((
            i,
            Stmt {
                kind: StmtKind::Compound(items),
                loc,
            },
        ))
    }

    /// `( expression )` as after `if`, `while`, `switch`.
    fn paren_expr(&self, i: In<'t>, what: &'static str) -> PResult<'t, Expr> {
        delimited(
            |i| self.expect_p(i, Punct::LParen, what),
            |i| self.expr(i),
            |i| self.expect_p(i, Punct::RParen, "`)`"),
        )(i)
    }

    fn semi(&self, i: In<'t>, what: &'static str) -> PResult<'t, ()> {
        let (i, _) = self.expect_p(i, Punct::Semi, what)?;
        Ok((i, ()))
    }

    /// One statement. Chains of labels / `case` / `default` prefixes are collected iteratively
    /// (a switch with hundreds of `case`s sharing one body must not count as deep nesting).
    pub(super) fn stmt(&self, i: In<'t>) -> PResult<'t, Stmt> {
        let mut prefixes: Vec<(Prefix, Loc)> = Vec::new();
        let mut i = i;
        loop {
            let loc = self.loc(i);
            let (r, pre) = match self.kind(i) {
                TokenKind::Ident(name)
                    if matches!(self.kind_at(i, 1), TokenKind::Punct(Punct::Colon)) =>
                {
                    (self.bump(self.bump(i)), Prefix::Label(name.clone()))
                }
                TokenKind::Keyword(Keyword::Case) => {
                    let (r, lo) = self.cond_expr(self.bump(i))?;
                    let (r, hi) = if self.is_p(r, Punct::Ellipsis) {
                        let (r, hi) = self.cond_expr(self.bump(r))?;
                        (r, Some(hi))
                    } else {
                        (r, None)
                    };
                    let (r, _) = self.expect_p(r, Punct::Colon, "`:` after `case` value")?;
                    (r, Prefix::Case(lo, hi))
                }
                TokenKind::Keyword(Keyword::Default) => {
                    let (r, _) =
                        self.expect_p(self.bump(i), Punct::Colon, "`:` after `default`")?;
                    (r, Prefix::Default)
                }
                _ => break,
            };
            prefixes.push((pre, loc));
            // attributes on labels; a label may end the block (`L: }`)
            i = self.skip_attrs(r)?.0;
            if self.is_p(i, Punct::RBrace) {
                break;
            }
        }
        let (r, mut s) = if !prefixes.is_empty() && self.is_p(i, Punct::RBrace) {
            let empty = Stmt {
                kind: StmtKind::Expr(None),
                loc: self.loc(i),
            };
            (i, empty)
        } else {
            self.unlabeled_stmt(i)?
        };
        for (pre, loc) in prefixes.into_iter().rev() {
            let b = Box::new(s);
            let kind = match pre {
                Prefix::Label(n) => StmtKind::Labeled(n, b),
                Prefix::Case(lo, None) => StmtKind::Case(lo, b),
                Prefix::Case(lo, Some(hi)) => StmtKind::CaseRange(lo, hi, b),
                Prefix::Default => StmtKind::Default(b),
            };
            s = Stmt { kind, loc };
        }
        Ok((r, s))
    }

    /// A statement without label prefixes.
    fn unlabeled_stmt(&self, i: In<'t>) -> PResult<'t, Stmt> {
        if self.is_p(i, Punct::LBrace) {
            return self.compound(i);
        }
        let _g = self.enter(i)?;
        let loc = self.loc(i);
        let mk = |kind: StmtKind| Stmt { kind, loc };
        match self.kind(i) {
            TokenKind::Punct(Punct::Semi) => Ok((self.bump(i), mk(StmtKind::Expr(None)))),
            TokenKind::Keyword(k) => match k {
                Keyword::If => self.if_chain(i),
                Keyword::While => {
                    let (r, c) = self.paren_expr(self.bump(i), "`(` after `while`")?;
                    let (r, body) = self.stmt(r)?;
                    Ok((r, mk(StmtKind::While(c, Box::new(body)))))
                }
                Keyword::Do => {
                    let (r, body) = self.stmt(self.bump(i))?;
                    let (r, _) = self.keyword(Keyword::While)(r)?;
                    let (r, c) = self.paren_expr(r, "`(` after `while`")?;
                    let (r, ()) = self.semi(r, "`;` after do-while statement")?;
                    Ok((r, mk(StmtKind::DoWhile(Box::new(body), c))))
                }
                Keyword::For => self.for_stmt(i),
                Keyword::Switch => {
                    let (r, c) = self.paren_expr(self.bump(i), "`(` after `switch`")?;
                    let (r, body) = self.stmt(r)?;
                    Ok((r, mk(StmtKind::Switch(c, Box::new(body)))))
                }
                Keyword::Goto => {
                    let r = self.bump(i);
                    if self.is_p(r, Punct::Star) {
                        return self.unsupported(self.loc(r), "computed `goto`");
                    }
                    let (r, (label, _)) = self.ident(r)?;
                    let (r, ()) = self.semi(r, "`;` after `goto`")?;
                    Ok((r, mk(StmtKind::Goto(label))))
                }
                Keyword::Break => {
                    let (r, ()) = self.semi(self.bump(i), "`;` after `break`")?;
                    Ok((r, mk(StmtKind::Break)))
                }
                Keyword::Continue => {
                    let (r, ()) = self.semi(self.bump(i), "`;` after `continue`")?;
                    Ok((r, mk(StmtKind::Continue)))
                }
                Keyword::Return => {
                    let r = self.bump(i);
                    let (r, e) = if self.is_p(r, Punct::Semi) {
                        (r, None)
                    } else {
                        let (r, e) = self.expr(r)?;
                        (r, Some(e))
                    };
                    let (r, ()) = self.semi(r, "`;` after `return`")?;
                    Ok((r, mk(StmtKind::Return(e))))
                }
                Keyword::Asm => self.asm_stmt(i),
                Keyword::Attribute => {
                    // statement attributes, e.g. __attribute__((fallthrough));
                    let (r, ()) = self.skip_attrs(i)?;
                    if self.is_p(r, Punct::Semi) {
                        return Ok((self.bump(r), mk(StmtKind::Expr(None))));
                    }
                    self.stmt(r)
                }
                Keyword::Else => self.fail(i, "statement (`else` without `if`)"),
                _ => self.expr_stmt(i),
            },
            _ => self.expr_stmt(i),
        }
    }

    /// `if (c) s [else if (c) s]* [else s]`, with the `else if` chain parsed iteratively.
    fn if_chain(&self, i: In<'t>) -> PResult<'t, Stmt> {
        let mut chain = Vec::new();
        let mut r = i;
        let mut last_else = None;
        loop {
            let loc = self.loc(r);
            let (r2, c) = self.paren_expr(self.bump(r), "`(` after `if`")?;
            let (r2, t) = self.stmt(r2)?;
            chain.push((c, t, loc));
            if !self.is_k(r2, Keyword::Else) {
                r = r2;
                break;
            }
            let r3 = self.bump(r2);
            if self.is_k(r3, Keyword::If) {
                r = r3;
                continue;
            }
            let (r3, e) = self.stmt(r3)?;
            last_else = Some(e);
            r = r3;
            break;
        }
        let mut acc = last_else;
        for (c, t, loc) in chain.into_iter().rev() {
            acc = Some(Stmt {
                kind: StmtKind::If(c, Box::new(t), acc.map(Box::new)),
                loc,
            });
        }
        match acc {
            Some(s) => Ok((r, s)),
            None => self.fail(i, "`if` statement"),
        }
    }

    fn expr_stmt(&self, i: In<'t>) -> PResult<'t, Stmt> {
        let loc = self.loc(i);
        let (r, e) = self.expr(i)?;
        let (r, ()) = self.semi(r, "`;` after expression")?;
        Ok((
            r,
            Stmt {
                kind: StmtKind::Expr(Some(e)),
                loc,
            },
        ))
    }

    #[inline(never)]
    fn for_stmt(&self, i: In<'t>) -> PResult<'t, Stmt> {
        let loc = self.loc(i);
        let (r, _) = self.expect_p(self.bump(i), Punct::LParen, "`(` after `for`")?;
        let _scope = self.push_scope();
        let (r, init) = if self.is_p(r, Punct::Semi) {
            (self.bump(r), None)
        } else if self.is_decl_start(r) {
            let (r, d) = self.declaration(r)?;
            (r, Some(Box::new(BlockItem::Decl(d))))
        } else {
            let (r, s) = self.expr_stmt(r)?;
            (r, Some(Box::new(BlockItem::Stmt(s))))
        };
        let (r, cond) = if self.is_p(r, Punct::Semi) {
            (r, None)
        } else {
            let (r, e) = self.expr(r)?;
            (r, Some(e))
        };
        let (r, ()) = self.semi(r, "`;` after `for` condition")?;
        let (r, step) = if self.is_p(r, Punct::RParen) {
            (r, None)
        } else {
            let (r, e) = self.expr(r)?;
            (r, Some(e))
        };
        let (r, _) = self.expect_p(r, Punct::RParen, "`)` after `for` clauses")?;
        let (r, body) = self.stmt(r)?;
        Ok((
            r,
            Stmt {
                kind: StmtKind::For(init, cond, step, Box::new(body)),
                loc,
            },
        ))
    }

    /// `__asm__ [volatile|inline|goto] ( "template" [: operands ...] ) ;` — keeps the template.
    #[inline(never)]
    fn asm_stmt(&self, i: In<'t>) -> PResult<'t, Stmt> {
        let loc = self.loc(i);
        let mut r = self.bump(i);
        while matches!(
            self.kind(r),
            TokenKind::Keyword(Keyword::Volatile | Keyword::Inline | Keyword::Goto)
        ) {
            r = self.bump(r);
        }
        if !self.is_p(r, Punct::LParen) {
            return self.fail(r, "`(` after `__asm__`");
        }
        let mut template = Vec::new();
        let mut j = self.bump(r);
        while let TokenKind::StrLit(b) = self.kind(j) {
            template.extend_from_slice(b);
            j = self.bump(j);
        }
        // output operands (between the first and second top-level `:`) write C objects: keep
        // the statement non-empty so that the lowering never treats it as a no-op
        let mut has_outputs = false;
        if self.is_p(j, Punct::Colon) {
            let k = self.bump(j);
            has_outputs = !matches!(self.kind(k), TokenKind::Punct(Punct::Colon | Punct::RParen));
        }
        let (r, ()) = self.skip_balanced(r)?;
        let (r, ()) = self.semi(r, "`;` after `__asm__` statement")?;
        let mut text = String::from_utf8_lossy(&template).into_owned();
        if has_outputs {
            text.push_str(" /* with output operands */");
        }
        Ok((
            r,
            Stmt {
                kind: StmtKind::Asm(text),
                loc,
            },
        ))
    }
}
