//! Parser of the SystemC C++ subset: tokens (from the C lexer, which reads C++ tokens too:
//! `::` arrives as two adjacent `:`) to the [`ast`](super::ast) of modules, functions and
//! bodies.
//!
//! Owns: the top level (`SC_MODULE`, `struct`/`class X : sc_module`, `namespace`, `using`,
//! `enum`, `typedef`, out-of-class member definitions `X::f`), class bodies (access labels,
//! `SC_CTOR`, `SC_HAS_PROCESS`, constructors with initialiser lists, members, methods), type
//! classification (SystemC templates such as `sc_signal<sc_uint<4> >`, splitting `>>`),
//! statements and expressions (precedence climbing). Constructs outside the subset
//! (`virtual`, `template`, `operator`, exceptions, ...) are `unsupported:` at their token;
//! syntax errors point at the offending token. Recursion is capped; it never panics.
//! Statements and expressions are in [`stmt`], types in [`types`], plain structs in
//! [`plain_struct`].

use super::ast::*;
use crate::diag::{Diag, DiagKind, Loc};
use crate::frontend::lex::{Keyword, Punct, Token, TokenKind};
use std::collections::HashMap;

mod plain_struct;
mod stmt;
mod types;

const MAX_DEPTH: u32 = 200;

type R<T> = Result<T, Diag>;

/// Parses the tokens of a preprocessed C++ file into a [`Program`].
pub fn parse(tokens: Vec<Token>) -> R<Program> {
    parse_units(vec![tokens])
}

/// Parses several translation units (each a preprocessed `.cpp` file) into one [`Program`]:
/// a top-level item repeated token for token in a later unit (a module, enumeration, typedef,
/// constant or `inline` function of a shared header) counts once; a module or function
/// defined in two units otherwise is an error, as is a variable defined in two units.
pub fn parse_units(units: Vec<Vec<Token>>) -> R<Program> {
    let mut p = Parser {
        toks: Vec::new(),
        pos: 0,
        prog: Program::default(),
        typedefs: Vec::new(),
        depth: 0,
        unit: 0,
        seen: Vec::new(),
        first_unit: HashMap::new(),
        dup: None,
        local_consts: Vec::new(),
    };
    for (u, tokens) in units.into_iter().enumerate() {
        let mut toks = tokens;
        if !matches!(toks.last(), Some(t) if t.kind == TokenKind::Eof) {
            let loc = toks.last().map(|t| t.loc).unwrap_or_default();
            toks.push(Token {
                kind: TokenKind::Eof,
                loc,
            });
        }
        p.toks = toks;
        p.pos = 0;
        p.unit = u;
        p.typedefs.clear();
        p.top_items(false)?;
    }
    // a variable defined twice (in one unit or in two)
    for (i, g) in p.prog.globals.iter().enumerate() {
        if p.prog.globals[..i].iter().any(|h| h.name == g.name) {
            return Err(Diag::error(
                DiagKind::Type,
                Some(g.loc),
                format!("redefinition of `{}`", g.name),
            ));
        }
    }
    Ok(p.prog)
}

/// Identifiers that are C++ (not C) constructs outside the subset.
const UNSUPPORTED_WORDS: &[&str] = &[
    "virtual",
    "template",
    "operator",
    "try",
    "catch",
    "throw",
    "friend",
    "delete",
    "typename",
    "dynamic_cast",
    "reinterpret_cast",
    "mutable",
    "explicit",
    "union",
    "goto",
    "sc_spawn",
    "SC_FORK",
    "sc_buffer",
    "sc_bv",
    "sc_lv",
    "sc_logic",
    "sc_bit",
    "sc_fixed",
    "sc_report_handler",
    "sc_trace",
    "sc_create_vcd_trace_file",
    "sc_interface",
    "std::vector",
    "vector",
    "string",
];

struct Parser {
    toks: Vec<Token>,
    pos: usize,
    prog: Program,
    typedefs: Vec<(String, Type)>,
    depth: u32,
    /// The translation unit being parsed.
    unit: usize,
    /// The token kinds of every top-level item parsed, with its unit.
    seen: Vec<(usize, Vec<TokenKind>)>,
    /// The unit defining a module (`M`) or function (`M::f`, `::f`) first.
    first_unit: HashMap<String, usize>,
    /// A module or function of the current top-level item already defined in an earlier unit:
    /// where and what (the item must repeat that definition token for token).
    dup: Option<(Loc, String)>,
    /// The local constants of the enclosing blocks, innermost last: `const int N = 4;` with a
    /// constant initialiser is its (converted) value at its uses, so that it may size an array
    /// or a channel array; None: a local variable of that name hides an outer constant.
    local_consts: Vec<Vec<(String, Option<Expr>)>>,
}

fn syntax(loc: Loc, msg: impl Into<String>) -> Diag {
    Diag::error(DiagKind::Syntax, Some(loc), msg)
}

impl Parser {
    // ------------------------------------------------------------------ token helpers
    fn peek(&self) -> &TokenKind {
        &self.toks[self.pos].kind
    }
    fn peek_at(&self, n: usize) -> &TokenKind {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)].kind
    }
    fn loc(&self) -> Loc {
        self.toks[self.pos].loc
    }
    fn bump(&mut self) {
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
    }
    fn is_punct(&self, p: Punct) -> bool {
        matches!(self.peek(), TokenKind::Punct(q) if *q == p)
    }
    fn is_punct_at(&self, n: usize, p: Punct) -> bool {
        matches!(self.peek_at(n), TokenKind::Punct(q) if *q == p)
    }
    fn is_kw(&self, k: Keyword) -> bool {
        matches!(self.peek(), TokenKind::Keyword(q) if *q == k)
    }
    fn ident(&self) -> Option<&str> {
        match self.peek() {
            TokenKind::Ident(s) => Some(s),
            _ => None,
        }
    }
    fn ident_at(&self, n: usize) -> Option<&str> {
        match self.peek_at(n) {
            TokenKind::Ident(s) => Some(s),
            _ => None,
        }
    }
    fn is_ident(&self, s: &str) -> bool {
        self.ident() == Some(s)
    }
    fn eat(&mut self, p: Punct) -> bool {
        if self.is_punct(p) {
            self.bump();
            true
        } else {
            false
        }
    }
    /// `::` (two adjacent colons)
    fn is_scope(&self) -> bool {
        self.is_punct(Punct::Colon) && self.is_punct_at(1, Punct::Colon) && {
            let a = self.toks[self.pos].loc;
            let b = self.toks[(self.pos + 1).min(self.toks.len() - 1)].loc;
            a.file == b.file && a.line == b.line && b.col == a.col + 1
        }
    }
    fn found(&self) -> String {
        match self.peek() {
            TokenKind::Eof => "end of file".to_string(),
            k => format!("`{k}`"),
        }
    }
    fn expect(&mut self, p: Punct, ctx: &str) -> R<()> {
        if self.eat(p) {
            Ok(())
        } else {
            Err(syntax(
                self.loc(),
                format!("expected `{}` {ctx}, found {}", p.spelling(), self.found()),
            ))
        }
    }
    /// `>` closing a template argument list (splits `>>`).
    fn expect_gt(&mut self) -> R<()> {
        if self.eat(Punct::Gt) {
            return Ok(());
        }
        if self.is_punct(Punct::Shr) {
            let t = &mut self.toks[self.pos];
            t.kind = TokenKind::Punct(Punct::Gt);
            t.loc.col += 1;
            return Ok(());
        }
        Err(syntax(
            self.loc(),
            format!(
                "expected `>` after template argument, found {}",
                self.found()
            ),
        ))
    }
    fn expect_ident(&mut self, ctx: &str) -> R<(String, Loc)> {
        let loc = self.loc();
        match self.peek().clone() {
            TokenKind::Ident(s) => {
                self.check_word(&s, loc)?;
                self.bump();
                Ok((s, loc))
            }
            _ => Err(syntax(
                loc,
                format!("expected identifier {ctx}, found {}", self.found()),
            )),
        }
    }
    fn check_word(&self, s: &str, loc: Loc) -> R<()> {
        if UNSUPPORTED_WORDS.contains(&s) {
            return Err(Diag::unsupported(Some(loc), format!("C++ construct `{s}`")));
        }
        Ok(())
    }
    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(syntax(self.loc(), "nesting too deep"));
        }
        Ok(())
    }

    /// Skips `sc_core::`, `std::`, `sc_dt::`, `::` prefixes.
    fn skip_ns_prefix(&mut self) {
        loop {
            if self.is_scope() {
                self.bump();
                self.bump();
                continue;
            }
            let is_ns = matches!(self.ident(), Some("sc_core" | "std" | "sc_dt" | "sc_core_"));
            if is_ns && {
                self.pos += 1;
                let s = self.is_scope();
                self.pos -= 1;
                s
            } {
                self.bump();
                self.bump();
                self.bump();
                continue;
            }
            return;
        }
    }

    // ------------------------------------------------------------------ top level
    fn top_items(&mut self, nested: bool) -> R<()> {
        loop {
            if matches!(self.peek(), TokenKind::Eof) {
                if nested {
                    return Err(syntax(self.loc(), "expected `}` closing the namespace"));
                }
                return Ok(());
            }
            if nested && self.eat(Punct::RBrace) {
                return Ok(());
            }
            self.top_item()?;
        }
    }

    /// A top-level item; one that repeats an earlier unit's item token for token is dropped
    /// (a shared header's definitions), when C++ allows it in several units.
    fn top_item(&mut self) -> R<()> {
        let start = self.pos;
        let snap = (
            self.prog.modules.len(),
            self.prog.globals.len(),
            self.prog.enums.len(),
            self.prog.enum_types.len(),
            self.prog.interfaces.len(),
        );
        let outer_dup = self.dup.take();
        self.top_item_inner()?;
        let dup = std::mem::replace(&mut self.dup, outer_dup);
        let span: Vec<TokenKind> = self.toks[start..self.pos]
            .iter()
            .map(|t| t.kind.clone())
            .collect();
        let repeated = self.unit > 0 && self.seen.iter().any(|(u, s)| *u < self.unit && *s == span);
        // variables must not be defined twice (constants have internal linkage: each unit's
        // copy has the same value), functions only when `inline`
        let vars = self.prog.globals[snap.1..].iter().any(|g| !g.is_const);
        let inline = matches!(span.first(), Some(TokenKind::Keyword(Keyword::Inline)));
        let fn_dup = dup.as_ref().is_some_and(|(_, w)| w.starts_with("function"));
        if repeated && !vars && (!fn_dup || inline) {
            self.prog.modules.truncate(snap.0);
            self.prog.globals.truncate(snap.1);
            self.prog.enums.truncate(snap.2);
            self.prog.enum_types.truncate(snap.3);
            self.prog.interfaces.truncate(snap.4);
            return Ok(());
        }
        if let Some((loc, what)) = dup {
            return Err(syntax(
                loc,
                format!("redefinition of {what} (defined in another file)"),
            ));
        }
        self.seen.push((self.unit, span));
        Ok(())
    }

    fn top_item_inner(&mut self) -> R<()> {
        let loc = self.loc();
        if self.eat(Punct::Semi) {
            return Ok(());
        }
        if self.is_ident("using") {
            while !self.is_punct(Punct::Semi) && !matches!(self.peek(), TokenKind::Eof) {
                self.bump();
            }
            return self.expect(Punct::Semi, "after `using`");
        }
        if self.is_ident("namespace") {
            self.bump();
            if self.ident().is_some() {
                self.bump();
            }
            self.expect(Punct::LBrace, "after `namespace`")?;
            self.enter()?;
            self.top_items(true)?;
            self.depth -= 1;
            return Ok(());
        }
        if self.is_kw(Keyword::Extern) && matches!(self.peek_at(1), TokenKind::StrLit(_)) {
            // extern "C" declarations: prototypes only (of verifier built-ins)
            self.bump();
            self.bump();
            if self.eat(Punct::LBrace) {
                while !self.eat(Punct::RBrace) {
                    if matches!(self.peek(), TokenKind::Eof) {
                        return Err(syntax(self.loc(), "expected `}`"));
                    }
                    self.skip_prototype()?;
                }
                return Ok(());
            }
            return self.skip_prototype();
        }
        if self.is_ident("SC_MODULE") {
            self.bump();
            self.expect(Punct::LParen, "after SC_MODULE")?;
            let (name, nloc) = self.expect_ident("naming the module")?;
            self.expect(Punct::RParen, "after the module name")?;
            self.expect(Punct::LBrace, "opening the module body")?;
            self.module_body(name, nloc, Vec::new(), false)?;
            return self.expect(Punct::Semi, "after the module body");
        }
        if self.is_ident("class") || self.is_kw(Keyword::Struct) {
            self.bump();
            let (name, nloc) = self.expect_ident("naming the class")?;
            if self.eat(Punct::LBrace) {
                self.module_body(name, nloc, Vec::new(), true)?;
                self.check_plain_struct(self.prog.modules.len() - 1)?;
                return self.expect(Punct::Semi, "after the class body");
            }
            if !self.eat(Punct::Colon) {
                return Err(Diag::unsupported(
                    Some(loc),
                    "a class or struct that is not an sc_module",
                ));
            }
            let (is_module, ifs, prim) = self.base_list()?;
            self.expect(Punct::LBrace, "opening the class body")?;
            if is_module {
                self.module_body(name, nloc, ifs, false)?;
                if let Some(m) = self.prog.modules.last_mut() {
                    m.prim = prim;
                }
            } else {
                self.interface_body(name, nloc, ifs)?;
            }
            return self.expect(Punct::Semi, "after the class body");
        }
        if self.is_kw(Keyword::Enum) {
            return self.enum_decl(None);
        }
        if self.is_kw(Keyword::Typedef) {
            return self.typedef_decl();
        }
        if self.skip_output_definition()? {
            return Ok(());
        }
        if let Some(w) = self.ident() {
            let w = w.to_string();
            self.check_word(&w, loc)?;
        }
        // constructor defined outside its class: X::X(...)
        if let (Some(a), Some(b)) = (self.ident(), self.ident_at(3)) {
            if a == b && self.is_punct_at(1, Punct::Colon) && self.is_punct_at(2, Punct::Colon) {
                if let Some(mi) = self.module_index(a) {
                    self.pos += 4;
                    let ctor = self.ctor_rest(loc)?;
                    self.define_ctor(mi, ctor);
                    return Ok(());
                }
            }
        }
        let (ty, is_const, is_static) = self.decl_specs()?;
        self.declarators_or_function(ty, is_const, is_static, None)
    }

    /// The base classes after `class X :`: (derived from `sc_module` / `sc_channel` /
    /// `sc_prim_channel`, the user interfaces among the bases, derived from
    /// `sc_prim_channel`). A class with neither a module base nor only interface bases is
    /// unsupported (user base classes).
    fn base_list(&mut self) -> R<(bool, Vec<usize>, bool)> {
        let mut is_module = false;
        let mut prim = false;
        let mut ifs = Vec::new();
        loop {
            while matches!(
                self.ident(),
                Some("public" | "private" | "protected" | "virtual")
            ) {
                self.bump();
            }
            self.skip_ns_prefix();
            let bloc = self.loc();
            let Some(b) = self.ident().map(str::to_string) else {
                return Err(syntax(
                    bloc,
                    format!("expected a base class, found {}", self.found()),
                ));
            };
            self.bump();
            match b.as_str() {
                "sc_module" | "sc_channel" => is_module = true,
                "sc_interface" => {}
                "sc_prim_channel" => {
                    is_module = true;
                    prim = true;
                }
                _ => match self.interface_index(&b) {
                    Some(i) => ifs.push(i),
                    None => {
                        return Err(Diag::unsupported(
                            Some(bloc),
                            format!("a class derived from `{b}` (only sc_module, sc_channel and interfaces)"),
                        ))
                    }
                },
            }
            if !self.eat(Punct::Comma) {
                return Ok((is_module, ifs, prim));
            }
        }
    }

    fn interface_index(&self, name: &str) -> Option<usize> {
        self.prog.interfaces.iter().position(|i| i.name == name)
    }

    /// The body of a user interface (after `{`): pure virtual functions only (their names are
    /// kept; the implementing channel's definitions give the signatures).
    fn interface_body(&mut self, name: String, loc: Loc, bases: Vec<usize>) -> R<()> {
        let key = format!("interface {name}");
        match self.first_unit.get(&key) {
            Some(u) if *u < self.unit => self.dup = Some((loc, format!("interface `{name}`"))),
            Some(_) => return Err(syntax(loc, format!("redefinition of interface `{name}`"))),
            None => {
                self.first_unit.insert(key, self.unit);
            }
        }
        let mut methods = Vec::new();
        loop {
            let iloc = self.loc();
            if self.eat(Punct::RBrace) {
                break;
            }
            if matches!(self.peek(), TokenKind::Eof) {
                return Err(syntax(iloc, "expected `}` closing the interface body"));
            }
            if self.eat(Punct::Semi) {
                continue;
            }
            if matches!(self.ident(), Some("public" | "private" | "protected"))
                && self.is_punct_at(1, Punct::Colon)
            {
                self.bump();
                self.bump();
                continue;
            }
            if !self.is_ident("virtual") {
                return Err(Diag::unsupported(
                    Some(iloc),
                    "a member of an interface other than a pure virtual function",
                ));
            }
            self.bump();
            // `R name(params) [const] = 0;`: the name is the identifier before the first `(`
            let mut fname = None;
            let mut depth = 0usize;
            let mut pure = false;
            loop {
                match self.peek() {
                    TokenKind::Eof => {
                        return Err(syntax(self.loc(), "expected `;` after the declaration"))
                    }
                    TokenKind::Punct(Punct::LBrace) => {
                        return Err(Diag::unsupported(
                            Some(self.loc()),
                            "a function defined in an interface",
                        ))
                    }
                    TokenKind::Punct(Punct::Semi) if depth == 0 => {
                        self.bump();
                        break;
                    }
                    TokenKind::Punct(Punct::LParen) => {
                        if depth == 0 && fname.is_none() {
                            fname =
                                self.pos
                                    .checked_sub(1)
                                    .and_then(|p| match &self.toks[p].kind {
                                        TokenKind::Ident(n) => Some(n.clone()),
                                        _ => None,
                                    });
                        }
                        depth += 1;
                    }
                    TokenKind::Punct(Punct::RParen) => depth = depth.saturating_sub(1),
                    TokenKind::Punct(Punct::Assign) if depth == 0 => {
                        pure = matches!(self.peek_at(1), TokenKind::IntLit { value: 0, .. });
                    }
                    _ => {}
                }
                self.bump();
            }
            match fname {
                Some(f) if pure => methods.push(f),
                _ => {
                    return Err(Diag::unsupported(
                        Some(iloc),
                        "a member of an interface other than a pure virtual function",
                    ))
                }
            }
        }
        self.prog.interfaces.push(Interface {
            name,
            loc,
            bases,
            methods,
        });
        Ok(())
    }

    fn skip_prototype(&mut self) -> R<()> {
        while !self.eat(Punct::Semi) {
            if matches!(self.peek(), TokenKind::Eof) || self.is_punct(Punct::LBrace) {
                return Err(Diag::unsupported(
                    Some(self.loc()),
                    "an extern \"C\" definition",
                ));
            }
            self.bump();
        }
        Ok(())
    }

    fn module_index(&self, name: &str) -> Option<usize> {
        self.prog.modules.iter().position(|m| m.name == name)
    }

    fn define_ctor(&mut self, mi: usize, ctor: Ctor) {
        let m = &mut self.prog.modules[mi];
        // replaces a declaration-only constructor with the same parameter count
        if let Some(c) = m
            .ctors
            .iter_mut()
            .find(|c| c.params.len() == ctor.params.len() && is_empty_decl(&c.body))
        {
            *c = ctor;
        } else {
            m.ctors.push(ctor);
        }
    }

    fn enum_decl(&mut self, module: Option<usize>) -> R<()> {
        self.bump();
        if self.is_ident("class") || self.is_kw(Keyword::Struct) {
            return Err(Diag::unsupported(Some(self.loc()), "scoped enumeration"));
        }
        if let Some(n) = self.ident() {
            let n = n.to_string();
            self.prog.enum_types.push(n);
            self.bump();
        }
        self.expect(Punct::LBrace, "opening the enumeration")?;
        while !self.eat(Punct::RBrace) {
            let (name, nloc) = self.expect_ident("naming an enumerator")?;
            let v = if self.eat(Punct::Assign) {
                Some(self.assign_expr()?)
            } else {
                None
            };
            self.prog.enums.push((name, v, nloc));
            if !self.eat(Punct::Comma) {
                self.expect(Punct::RBrace, "closing the enumeration")?;
                break;
            }
        }
        if self.eat(Punct::Semi) {
            return Ok(());
        }
        // `enum { a, b } state;`: variables of the enumeration (an `int`)
        let decls = self.declarators(Type::Scalar("int".into()), false, false)?;
        for d in decls {
            match module {
                Some(mi) => self.prog.modules[mi].members.push(d),
                None => self.prog.globals.push(d),
            }
        }
        Ok(())
    }

    fn typedef_decl(&mut self) -> R<()> {
        self.bump();
        let (ty, _, _) = self.decl_specs()?;
        let (name, _) = self.expect_ident("naming the typedef")?;
        self.typedefs.push((name, ty));
        self.expect(Punct::Semi, "after the typedef")
    }

    // ------------------------------------------------------------------ modules
    fn module_body(
        &mut self,
        name: String,
        loc: Loc,
        implements: Vec<usize>,
        plain: bool,
    ) -> R<()> {
        match self.first_unit.get(&name) {
            Some(u) if *u < self.unit => self.dup = Some((loc, format!("module `{name}`"))),
            Some(_) => return Err(syntax(loc, format!("redefinition of module `{name}`"))),
            None => {
                self.first_unit.insert(name.clone(), self.unit);
            }
        }
        self.prog.modules.push(Module {
            name: name.clone(),
            loc,
            members: Vec::new(),
            implements,
            ctors: Vec::new(),
            methods: Vec::new(),
            plain,
            prim: false,
        });
        let mi = self.prog.modules.len() - 1;
        loop {
            let iloc = self.loc();
            if self.eat(Punct::RBrace) {
                return Ok(());
            }
            if matches!(self.peek(), TokenKind::Eof) {
                return Err(syntax(iloc, "expected `}` closing the module body"));
            }
            if self.eat(Punct::Semi) {
                continue;
            }
            if matches!(self.ident(), Some("public" | "private" | "protected"))
                && self.is_punct_at(1, Punct::Colon)
            {
                self.bump();
                self.bump();
                continue;
            }
            if self.is_ident("SC_HAS_PROCESS") {
                self.bump();
                self.expect(Punct::LParen, "after SC_HAS_PROCESS")?;
                self.expect_ident("naming the module")?;
                self.expect(Punct::RParen, "after the module name")?;
                self.eat(Punct::Semi);
                continue;
            }
            if self.is_ident("SC_CTOR") {
                self.bump();
                self.expect(Punct::LParen, "after SC_CTOR")?;
                let (n, nloc) = self.expect_ident("naming the module")?;
                if n != name {
                    return Err(syntax(nloc, format!("SC_CTOR({n}) inside module `{name}`")));
                }
                self.expect(Punct::RParen, "after the module name")?;
                let (inits, body) = self.ctor_inits_body()?;
                self.prog.modules[mi].ctors.push(Ctor {
                    loc: iloc,
                    params: vec![Param {
                        ty: Type::Scalar("sc_module_name".into()),
                        name: "name".into(),
                        by_ref: false,
                        loc: iloc,
                    }],
                    inits,
                    body,
                });
                continue;
            }
            if self.is_ident(&name) && self.is_punct_at(1, Punct::LParen) {
                self.bump();
                let ctor = self.ctor_rest(iloc)?;
                self.prog.modules[mi].ctors.push(ctor);
                continue;
            }
            if self.is_ident("virtual") && self.is_punct_at(1, Punct::Tilde) {
                // `virtual ~X()`: the destructor is not run (below), so how it would be
                // dispatched does not matter
                self.bump();
            }
            if self.is_punct(Punct::Tilde) {
                // destructor: not run (it runs when sc_main returns); so that no check is
                // lost, only output and `delete` are accepted in its body
                let dloc = self.loc();
                self.bump();
                self.expect_ident("naming the destructor")?;
                self.expect(Punct::LParen, "after the destructor name")?;
                self.expect(Punct::RParen, "in the destructor")?;
                if self.is_punct(Punct::LBrace) {
                    let body = self.block()?;
                    if !inert_destructor(&body) {
                        return Err(Diag::unsupported(
                            Some(dloc),
                            "a destructor with code other than output and `delete`",
                        ));
                    }
                } else {
                    self.expect(Punct::Semi, "after the destructor")?;
                }
                continue;
            }
            if (self.is_kw(Keyword::Struct) || self.is_ident("class"))
                && matches!(
                    self.peek_at(2),
                    TokenKind::Punct(Punct::Semi | Punct::LBrace | Punct::Colon)
                )
            {
                return Err(Diag::unsupported(
                    Some(iloc),
                    "a class or struct nested in a class",
                ));
            }
            if self.is_kw(Keyword::Enum) {
                self.enum_decl(Some(mi))?;
                continue;
            }
            if self.is_kw(Keyword::Typedef) {
                self.typedef_decl()?;
                continue;
            }
            // `virtual` implementing an interface's function: user modules have no derived
            // classes, so the call is never dispatched to another definition
            if self.is_ident("virtual") && !self.prog.modules[mi].implements.is_empty() {
                self.bump();
            }
            if let Some(w) = self.ident() {
                let w = w.to_string();
                self.check_word(&w, iloc)?;
            }
            let (ty, is_const, is_static) = self.decl_specs()?;
            self.declarators_or_function(ty, is_const, is_static, Some(mi))?;
        }
    }

    /// After `X` of a constructor: `(params) [: inits] { body }` or `(params);`
    fn ctor_rest(&mut self, loc: Loc) -> R<Ctor> {
        let params = self.params()?;
        if self.eat(Punct::Semi) {
            return Ok(Ctor {
                loc,
                params,
                inits: Vec::new(),
                body: Stmt {
                    kind: StmtKind::Empty,
                    loc,
                },
            });
        }
        let (inits, body) = self.ctor_inits_body()?;
        Ok(Ctor {
            loc,
            params,
            inits,
            body,
        })
    }

    fn ctor_inits_body(&mut self) -> R<(Vec<MemberInit>, Stmt)> {
        let mut inits = Vec::new();
        if self.eat(Punct::Colon) {
            loop {
                self.skip_ns_prefix();
                let (n, nloc) = self.expect_ident("in the initialiser list")?;
                let close = if self.eat(Punct::LBrace) {
                    Punct::RBrace
                } else {
                    self.expect(Punct::LParen, "after the initialised member")?;
                    Punct::RParen
                };
                let args = self.args_until(close)?;
                if n != "sc_module" && n != "sc_channel" && n != "sc_prim_channel" {
                    inits.push((n, args, nloc));
                }
                if !self.eat(Punct::Comma) {
                    break;
                }
            }
        }
        let body = self.block()?;
        Ok((inits, body))
    }

    /// Arguments up to the closing `close` (consumed).
    fn args_until(&mut self, close: Punct) -> R<Vec<Expr>> {
        let mut args = Vec::new();
        if self.eat(close) {
            return Ok(args);
        }
        loop {
            args.push(self.assign_expr()?);
            if self.eat(close) {
                return Ok(args);
            }
            self.expect(Punct::Comma, "between arguments")?;
        }
    }

    fn params(&mut self) -> R<Vec<Param>> {
        self.expect(Punct::LParen, "opening the parameter list")?;
        let mut ps = Vec::new();
        if self.eat(Punct::RParen) {
            return Ok(ps);
        }
        if self.is_kw(Keyword::Void) && self.is_punct_at(1, Punct::RParen) {
            self.bump();
            self.bump();
            return Ok(ps);
        }
        loop {
            let loc = self.loc();
            if self.is_punct(Punct::Ellipsis) {
                return Err(Diag::unsupported(Some(loc), "a variadic function (`...`)"));
            }
            let (mut ty, _, _) = self.decl_specs()?;
            let mut by_ref = false;
            loop {
                if self.eat(Punct::Star) {
                    ty = Type::Ptr(Box::new(ty));
                } else if self.eat(Punct::Amp) {
                    by_ref = true;
                } else if self.is_punct(Punct::AmpAmp) {
                    return Err(Diag::unsupported(Some(self.loc()), "rvalue reference"));
                } else if self.is_kw(Keyword::Const) {
                    self.bump();
                } else {
                    break;
                }
            }
            let name = match self.ident() {
                Some(_) => self.expect_ident("naming the parameter")?.0,
                None => String::new(),
            };
            while self.eat(Punct::LBracket) {
                if !self.is_punct(Punct::RBracket) {
                    self.assign_expr()?;
                }
                self.expect(Punct::RBracket, "closing the array parameter")?;
                ty = Type::Ptr(Box::new(ty));
            }
            if self.is_punct(Punct::Assign) {
                return Err(Diag::unsupported(Some(self.loc()), "default argument"));
            }
            ps.push(Param {
                ty,
                name,
                by_ref,
                loc,
            });
            if self.eat(Punct::RParen) {
                return Ok(ps);
            }
            self.expect(Punct::Comma, "between parameters")?;
        }
    }

    /// After the specifiers: a function (definition or declaration; `X::f` defines a member of
    /// module X) or a list of variable declarators ending in `;`.
    fn declarators_or_function(
        &mut self,
        ty: Type,
        is_const: bool,
        is_static: bool,
        module: Option<usize>,
    ) -> R<()> {
        // function?
        let save = self.pos;
        let mut fty = ty.clone();
        while self.eat(Punct::Star) {
            fty = Type::Ptr(Box::new(fty));
        }
        if self.is_punct(Punct::Amp) {
            return Err(Diag::unsupported(
                Some(self.loc()),
                "function returning a reference",
            ));
        }
        let mut owner = module;
        // `bool operator==(const T &rhs) const { ... }` in a plain struct
        let eq_op = module.is_some()
            && self.is_ident("operator")
            && self.is_punct_at(1, Punct::EqEq)
            && self.is_punct_at(2, Punct::LParen);
        let is_fn = if eq_op {
            true
        } else if let Some(n) = self.ident() {
            let n = n.to_string();
            if self.is_punct_at(1, Punct::LParen) {
                true
            } else if self.is_punct_at(1, Punct::Colon)
                && self.is_punct_at(2, Punct::Colon)
                && self.ident_at(3).is_some()
                && self.is_punct_at(4, Punct::LParen)
            {
                match self.module_index(&n) {
                    Some(mi) => {
                        owner = Some(mi);
                        self.pos += 3;
                        true
                    }
                    None => {
                        return Err(Diag::unsupported(
                            Some(self.loc()),
                            format!("qualified name `{n}::...`"),
                        ))
                    }
                }
            } else {
                false
            }
        } else {
            false
        };
        if is_fn {
            let (name, loc) = if eq_op {
                let loc = self.loc();
                self.bump();
                self.bump();
                ("operator==".to_string(), loc)
            } else {
                self.expect_ident("naming the function")?
            };
            let params = self.params()?;
            while self.is_kw(Keyword::Const) || self.is_ident("override") {
                self.bump();
            }
            let body = if self.eat(Punct::Semi) {
                None
            } else {
                Some(self.block()?)
            };
            let f = Func {
                name,
                loc,
                ret: fty,
                params,
                body,
            };
            let key = match owner {
                Some(mi) => format!("{}::{}", self.prog.modules[mi].name, f.name),
                None => format!("::{}", f.name),
            };
            if f.body.is_some() {
                match self.first_unit.get(&key) {
                    Some(u) if *u < self.unit && owner == module => {
                        // a member defined in a repeated class body is checked with the class
                        if module.is_none() {
                            self.dup = Some((loc, format!("function `{}`", f.name)));
                        }
                        return Ok(());
                    }
                    Some(u) if *u < self.unit => {
                        return Err(syntax(
                            loc,
                            format!("redefinition of `{key}` (defined in another file)"),
                        ))
                    }
                    Some(_) => return Err(syntax(loc, format!("redefinition of `{}`", f.name))),
                    None => {
                        self.first_unit.insert(key, self.unit);
                    }
                }
            }
            let list = match owner {
                Some(mi) => &mut self.prog.modules[mi].methods,
                None => &mut self.prog.functions,
            };
            if let Some(old) = list.iter_mut().find(|g| g.name == f.name) {
                if f.body.is_some() {
                    *old = f;
                }
            } else {
                list.push(f);
            }
            return Ok(());
        }
        self.pos = save;
        let decls = self.declarators(ty, is_const, is_static)?;
        match module {
            Some(mi) => {
                for d in decls {
                    if let Some(d) = self.constant(d) {
                        self.prog.modules[mi].members.push(d);
                    }
                }
            }
            None => {
                for d in decls {
                    if let Some(d) = self.constant(d) {
                        self.prog.globals.push(d);
                    }
                }
            }
        }
        Ok(())
    }

    /// A constant integer (`const int N = 4;`, member or file scope) is a compile-time
    /// constant (an enumerator): None; any other declaration is returned.
    fn constant(&mut self, d: VarDecl) -> Option<VarDecl> {
        if d.is_const && matches!(d.ty, Type::Scalar(_) | Type::ScInt { .. }) && d.dims.is_empty() {
            if let Some(Init::Expr(e)) = &d.init {
                self.prog
                    .enums
                    .push((d.name.clone(), Some(e.clone()), d.loc));
                if d.ty != Type::Scalar("int".into()) {
                    self.prog.const_types.push((d.name.clone(), d.ty.clone()));
                }
                return None;
            }
        }
        Some(d)
    }

    /// `a, *b = 1, c[4], d("d", 2);`
    fn declarators(&mut self, ty: Type, is_const: bool, is_static: bool) -> R<Vec<VarDecl>> {
        let mut out = Vec::new();
        loop {
            let mut dty = ty.clone();
            let mut by_ref = false;
            loop {
                if self.eat(Punct::Star) {
                    dty = Type::Ptr(Box::new(dty));
                } else if self.eat(Punct::Amp) {
                    by_ref = true;
                } else if self.is_kw(Keyword::Const) {
                    self.bump();
                } else {
                    break;
                }
            }
            let (name, loc) = self.expect_ident("in the declaration")?;
            let mut dims = Vec::new();
            while self.eat(Punct::LBracket) {
                dims.push(self.assign_expr()?);
                self.expect(Punct::RBracket, "closing the array dimension")?;
            }
            let init = if self.eat(Punct::Assign) {
                if self.eat(Punct::LBrace) {
                    Some(Init::Args(self.brace_list()?))
                } else {
                    Some(Init::Expr(self.assign_expr()?))
                }
            } else if self.eat(Punct::LParen) {
                Some(Init::Args(self.args_until(Punct::RParen)?))
            } else if self.eat(Punct::LBrace) {
                Some(Init::Args(self.brace_list()?))
            } else {
                None
            };
            out.push(VarDecl {
                ty: dty,
                name,
                loc,
                dims,
                init,
                is_const,
                is_static,
                by_ref,
            });
            if self.eat(Punct::Comma) {
                continue;
            }
            self.expect(Punct::Semi, "after the declaration")?;
            return Ok(out);
        }
    }

    fn brace_list(&mut self) -> R<Vec<Expr>> {
        let mut v = Vec::new();
        loop {
            if self.eat(Punct::RBrace) {
                return Ok(v);
            }
            if self.is_punct(Punct::LBrace) {
                return Err(Diag::unsupported(
                    Some(self.loc()),
                    "nested initialiser list",
                ));
            }
            v.push(self.assign_expr()?);
            if !self.eat(Punct::Comma) {
                self.expect(Punct::RBrace, "closing the initialiser list")?;
                return Ok(v);
            }
        }
    }
}

/// True when a destructor body only prints and deletes (nothing a check could see).
fn inert_destructor(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Block(v) => v.iter().all(inert_destructor),
        StmtKind::Output(_) | StmtKind::Empty => true,
        StmtKind::Expr(e) => matches!(&e.kind, ExprKind::Call(f, _)
            if matches!(&f.kind, ExprKind::Ident(n) if n == "delete")),
        _ => false,
    }
}

fn is_empty_decl(s: &Stmt) -> bool {
    matches!(s.kind, StmtKind::Empty)
}

#[cfg(test)]
mod tests;
