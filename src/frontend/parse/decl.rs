//! Declarations: specifiers, declarators (derived parts in the order documented in `ast.rs`),
//! struct/union/enum specifiers, parameter lists, type names, initialisers.

use super::{In, NameKind, PResult, Parser};
use crate::diag::Loc;
use crate::frontend::ast::*;
use crate::frontend::lex::{Keyword, Punct, TokenKind};
use nom::combinator::opt;
use nom::sequence::{delimited, preceded};

/// Which declarators are allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DeclMode {
    /// A name is required (declarations, fields).
    Named,
    /// No name (type names in casts, `sizeof`).
    Abstract,
    /// Either (parameters).
    Maybe,
}

/// Type specifiers that GCC predefines under typedef-like names.
fn builtin_type(name: &str) -> Option<Vec<TypeSpec>> {
    Some(match name {
        "__int128_t" => vec![TypeSpec::Int128],
        "__uint128_t" => vec![TypeSpec::Unsigned, TypeSpec::Int128],
        "_Float32" => vec![TypeSpec::Float],
        "_Float64" | "_Float32x" => vec![TypeSpec::Double],
        "_Float128" | "_Float64x" | "__float128" => vec![TypeSpec::Long, TypeSpec::Double],
        _ => return None,
    })
}

impl<'t> Parser<'t> {
    /// Whether the tokens at `i` start a type name (for casts, `sizeof`, compound literals).
    pub(super) fn is_type_start(&self, i: In<'t>) -> bool {
        use Keyword::*;
        match self.kind(i) {
            TokenKind::Keyword(k) => match k {
                Void | Char | Short | Int | Long | Float | Double | Signed | Unsigned | Bool
                | Complex | Int128 | Struct | Union | Enum | Const | Volatile | Restrict
                | Typeof | Atomic | Alignas => true,
                Attribute => {
                    let j = self.peek_past_attrs(i);
                    j.len() != i.len() && self.is_type_start(j)
                }
                Extension => self.is_type_start(self.bump(i)),
                _ => false,
            },
            TokenKind::Ident(s) => self.is_typedef(s),
            _ => false,
        }
    }

    /// Whether the tokens at `i` start a declaration (in a block or a `for` init).
    pub(super) fn is_decl_start(&self, i: In<'t>) -> bool {
        use Keyword::*;
        match self.kind(i) {
            TokenKind::Keyword(k) => match k {
                Typedef | Extern | Static | Auto | Register | Inline | Noreturn | ThreadLocal
                | StaticAssert => true,
                Attribute => {
                    let j = self.peek_past_attrs(i);
                    j.len() != i.len() && self.is_decl_start(j)
                }
                Extension => self.is_decl_start(self.bump(i)),
                _ => self.is_type_start(i),
            },
            TokenKind::Ident(s) => {
                self.is_typedef(s) && !matches!(self.kind_at(i, 1), TokenKind::Punct(Punct::Colon))
            }
            _ => false,
        }
    }

    /// Declaration specifiers (possibly none: the caller decides whether that is allowed).
    pub(super) fn decl_specs(&self, mut i: In<'t>) -> PResult<'t, DeclSpecs> {
        use Keyword::*;
        let mut specs = DeclSpecs {
            loc: self.loc(i),
            ..DeclSpecs::default()
        };
        let mut seen_type = false;
        // the token position right after a struct or union specifier
        let mut struct_end: Option<usize> = None;
        loop {
            let loc = self.loc(i);
            let storage = match self.kind(i) {
                TokenKind::Keyword(k) => match k {
                    Typedef => Some(StorageClass::Typedef),
                    Extern => Some(StorageClass::Extern),
                    Static => Some(StorageClass::Static),
                    Auto => Some(StorageClass::Auto),
                    Register => Some(StorageClass::Register),
                    _ => None,
                },
                _ => None,
            };
            if let Some(sc) = storage {
                if specs.storage.is_some() {
                    return self.fatal(loc, "multiple storage classes in declaration specifiers");
                }
                specs.storage = Some(sc);
                i = self.bump(i);
                continue;
            }
            let simple = match self.kind(i) {
                TokenKind::Keyword(k) => match k {
                    Void => Some(TypeSpec::Void),
                    Char => Some(TypeSpec::Char),
                    Short => Some(TypeSpec::Short),
                    Int => Some(TypeSpec::Int),
                    Long => Some(TypeSpec::Long),
                    Float => Some(TypeSpec::Float),
                    Double => Some(TypeSpec::Double),
                    Signed => Some(TypeSpec::Signed),
                    Unsigned => Some(TypeSpec::Unsigned),
                    Bool => Some(TypeSpec::Bool),
                    Int128 => Some(TypeSpec::Int128),
                    _ => None,
                },
                _ => None,
            };
            if let Some(ts) = simple {
                specs.types.push(ts);
                seen_type = true;
                i = self.bump(i);
                continue;
            }
            match self.kind(i) {
                TokenKind::Keyword(k) => match k {
                    Const => specs.is_const = true,
                    Volatile => specs.is_volatile = true,
                    Inline => specs.is_inline = true,
                    Restrict | Noreturn | Extension => {}
                    Attribute => {
                        let mut attrs = super::layout::LayoutAttrs::default();
                        let (r, ()) = self.layout_attrs(i, &mut attrs)?;
                        // right after a struct's closing brace they are the type's attributes
                        match specs.types.last_mut() {
                            Some(TypeSpec::Struct(st))
                                if struct_end == Some(self.pos(i)) && st.fields.is_some() =>
                            {
                                st.packed |= attrs.packed;
                                st.align.extend(attrs.align);
                            }
                            _ => {
                                specs.packed |= attrs.packed;
                                specs.align.extend(attrs.align);
                            }
                        }
                        i = r;
                        continue;
                    }
                    Alignas => {
                        let (r, e) = self.alignas(i)?;
                        specs.align.push(e);
                        i = r;
                        continue;
                    }
                    ThreadLocal => specs.is_thread_local = true,
                    Atomic => {
                        specs.is_atomic = true;
                        let n = self.bump(i);
                        if self.is_p(n, Punct::LParen) {
                            // `_Atomic(type-name)`: a type specifier
                            let (r, tn) = self.type_name(self.bump(n))?;
                            let (r, _) = self.expect_p(r, Punct::RParen, "`)`")?;
                            specs.types.push(TypeSpec::TypeofType(Box::new(tn)));
                            seen_type = true;
                            i = r;
                            continue;
                        }
                    }
                    Complex => return self.unsupported(loc, "complex types"),
                    Struct | Union => {
                        let (r, s) = self.struct_spec(i)?;
                        specs.types.push(TypeSpec::Struct(s));
                        seen_type = true;
                        struct_end = Some(self.pos(r));
                        i = r;
                        continue;
                    }
                    Enum => {
                        let (r, e) = self.enum_spec(i)?;
                        specs.types.push(TypeSpec::Enum(e));
                        seen_type = true;
                        i = r;
                        continue;
                    }
                    Typeof => {
                        let (r, t) = self.typeof_spec(i)?;
                        specs.types.push(t);
                        seen_type = true;
                        i = r;
                        continue;
                    }
                    _ => break,
                },
                TokenKind::Ident(name) if !seen_type && self.is_typedef(name) => {
                    match builtin_type(name) {
                        Some(ts) => specs.types.extend(ts),
                        None => specs.types.push(TypeSpec::TypedefName(name.clone())),
                    }
                    seen_type = true;
                }
                TokenKind::Ident(name)
                    if name == "__CPROVER_bitvector"
                        && self.is_p(self.bump(i), Punct::LBracket) =>
                {
                    return self.unsupported(
                        loc,
                        "CBMC's bit-precise integer types (`__CPROVER_bitvector[N]`)",
                    );
                }
                _ => break,
            }
            i = self.bump(i);
        }
        Ok((i, specs))
    }

    fn specs_empty(specs: &DeclSpecs) -> bool {
        specs.types.is_empty()
            && specs.storage.is_none()
            && !specs.is_const
            && !specs.is_volatile
            && !specs.is_inline
    }

    /// `__typeof__(expr)` or `__typeof__(type)`.
    #[inline(never)]
    fn typeof_spec(&self, i: In<'t>) -> PResult<'t, TypeSpec> {
        let i = self.bump(i);
        let (i, _) = self.expect_p(i, Punct::LParen, "`(` after `__typeof__`")?;
        if self.is_type_start(i) {
            let (i, tn) = self.type_name(i)?;
            let (i, _) = self.expect_p(i, Punct::RParen, "`)`")?;
            Ok((i, TypeSpec::TypeofType(Box::new(tn))))
        } else {
            let (i, e) = self.expr(i)?;
            let (i, _) = self.expect_p(i, Punct::RParen, "`)`")?;
            Ok((i, TypeSpec::TypeofExpr(Box::new(e))))
        }
    }

    /// `struct tag`, `struct tag { ... }`, `struct { ... }` (and `union`).
    fn struct_spec(&self, i: In<'t>) -> PResult<'t, StructSpec> {
        let _g = self.enter(i)?;
        let loc = self.loc(i);
        let kind = if self.is_k(i, Keyword::Union) {
            StructKind::Union
        } else {
            StructKind::Struct
        };
        let mut attrs = super::layout::LayoutAttrs::default();
        let (i, ()) = self.layout_attrs(self.bump(i), &mut attrs)?;
        let (i, tag) = opt(|i| self.ident(i))(i)?;
        let (mut i, ()) = self.layout_attrs(i, &mut attrs)?;
        let mut fields = None;
        if self.is_p(i, Punct::LBrace) {
            i = self.bump(i);
            let mut fs = Vec::new();
            loop {
                match self.kind(i) {
                    TokenKind::Punct(Punct::RBrace) => {
                        i = self.bump(i);
                        break;
                    }
                    TokenKind::Punct(Punct::Semi) => i = self.bump(i),
                    TokenKind::Keyword(Keyword::StaticAssert) => i = self.static_assert(i)?.0,
                    _ if self.at_pragma_pack(i) => {
                        return self.unsupported(self.loc(i), "`#pragma pack` inside a struct")
                    }
                    _ => {
                        let (r, f) = self.field_decl(i)?;
                        fs.push(f);
                        i = r;
                    }
                }
            }
            fields = Some(fs);
        } else if tag.is_none() {
            return self.fail(i, "identifier or `{` after `struct`");
        }
        Ok((
            i,
            StructSpec {
                kind,
                tag: tag.map(|t| t.0),
                pack: if fields.is_some() {
                    self.current_pack()
                } else {
                    None
                },
                fields,
                packed: attrs.packed,
                align: attrs.align,
                loc,
            },
        ))
    }

    fn field_decl(&self, i: In<'t>) -> PResult<'t, FieldDecl> {
        let loc = self.loc(i);
        let (i, mut specs) = self.decl_specs(i)?;
        if specs.types.is_empty() && !specs.is_const && !specs.is_volatile {
            self.check_unknown_type(i, true)?;
            return self.fail(i, "field declaration or `}`");
        }
        // attributes after a member's declarator or width (`int x __attribute__((aligned(8)))`)
        let mut attrs = super::layout::LayoutAttrs::default();
        let mut declarators = Vec::new();
        let mut i = i;
        if !self.is_p(i, Punct::Semi) {
            loop {
                let (r, d) = if self.is_p(i, Punct::Colon) {
                    (i, None)
                } else {
                    let (r, d) = self.declarator(i, DeclMode::Named)?;
                    (r, Some(d))
                };
                let (r, ()) = self.layout_attrs(r, &mut attrs)?;
                let (r, width) =
                    opt(preceded(self.punct_q(Punct::Colon), |i| self.cond_expr(i)))(r)?;
                let (r, ()) = self.layout_attrs(r, &mut attrs)?;
                declarators.push((d, width));
                i = r;
                if self.is_p(i, Punct::Comma) {
                    i = self.bump(i);
                } else {
                    break;
                }
            }
        }
        // GNU C accepts the last member without its `;` (`struct { int a }`, a pedantic warning).
        let i = if self.is_p(i, Punct::RBrace) {
            i
        } else {
            self.expect_p(i, Punct::Semi, "`;` after field declaration")?
                .0
        };
        if attrs.packed || !attrs.align.is_empty() {
            if declarators.len() > 1 {
                return self.unsupported(
                    loc,
                    "a layout attribute on one of several members declared together",
                );
            }
            specs.packed |= attrs.packed;
            specs.align.extend(attrs.align);
        }
        Ok((
            i,
            FieldDecl {
                specs,
                declarators,
                loc,
            },
        ))
    }

    /// `enum tag`, `enum tag { A, B = 2, }`, `enum { ... }`.
    fn enum_spec(&self, i: In<'t>) -> PResult<'t, EnumSpec> {
        let loc = self.loc(i);
        let (i, ()) = self.skip_attrs(self.bump(i))?;
        let (i, tag) = opt(|i| self.ident(i))(i)?;
        let (mut i, ()) = self.skip_attrs(i)?;
        let mut enumerators = None;
        if self.is_p(i, Punct::LBrace) {
            i = self.bump(i);
            let mut es = Vec::new();
            loop {
                if self.is_p(i, Punct::RBrace) {
                    i = self.bump(i);
                    break;
                }
                let (r, (name, nloc)) = self.ident(i)?;
                let (r, ()) = self.skip_attrs(r)?;
                let (r, value) =
                    opt(preceded(self.punct_q(Punct::Assign), |i| self.cond_expr(i)))(r)?;
                self.declare(&name, NameKind::Ordinary);
                es.push((name, value, nloc));
                i = r;
                if self.is_p(i, Punct::Comma) {
                    i = self.bump(i);
                } else if self.is_p(i, Punct::RBrace) {
                    i = self.bump(i);
                    break;
                } else {
                    return self.fail(i, "`,` or `}` in enumerator list");
                }
            }
            enumerators = Some(es);
        } else if tag.is_none() {
            return self.fail(i, "identifier or `{` after `enum`");
        }
        Ok((
            i,
            EnumSpec {
                tag: tag.map(|t| t.0),
                enumerators,
                loc,
            },
        ))
    }

    /// Whether, just after a `(` in a declarator, a parenthesised declarator follows (rather
    /// than a parameter list).
    fn nested_declarator_follows(&self, i: In<'t>, mode: DeclMode) -> bool {
        let j = self.peek_past_attrs(i);
        match self.kind(j) {
            TokenKind::Punct(Punct::Star) | TokenKind::Punct(Punct::LParen) => true,
            TokenKind::Punct(Punct::LBracket) => mode != DeclMode::Named,
            TokenKind::Ident(s) => mode != DeclMode::Abstract && !self.is_typedef(s),
            _ => false,
        }
    }

    /// A declarator: pointers, a name or a parenthesised declarator, then array / function
    /// suffixes. Derived parts are listed from the name outwards (see `ast::Declarator`).
    pub(super) fn declarator(&self, i: In<'t>, mode: DeclMode) -> PResult<'t, Declarator> {
        let _g = self.enter(i)?;
        let start_loc = self.loc(i);
        let mut i = i;
        let mut ptrs = Vec::new();
        loop {
            let (r, ()) = self.skip_attrs(i)?;
            i = r;
            if !self.is_p(i, Punct::Star) {
                break;
            }
            i = self.bump(i);
            let (mut c, mut v) = (false, false);
            loop {
                match self.kind(i) {
                    TokenKind::Keyword(Keyword::Const) => c = true,
                    TokenKind::Keyword(Keyword::Volatile) => v = true,
                    TokenKind::Keyword(Keyword::Restrict) => {}
                    TokenKind::Keyword(Keyword::Attribute) => {
                        i = self.skip_attrs(i)?.0;
                        continue;
                    }
                    TokenKind::Keyword(Keyword::Atomic) => {
                        return self.unsupported(self.loc(i), "`_Atomic`")
                    }
                    _ => break,
                }
                i = self.bump(i);
            }
            ptrs.push(Derived::Pointer {
                is_const: c,
                is_volatile: v,
            });
        }
        let (mut i, name, loc, inner) = match self.kind(i) {
            TokenKind::Ident(s) if mode != DeclMode::Abstract => {
                (self.bump(i), Some(s.clone()), self.loc(i), Vec::new())
            }
            TokenKind::Punct(Punct::LParen)
                if self.nested_declarator_follows(self.bump(i), mode) =>
            {
                let (r, d) = delimited(
                    self.punct(Punct::LParen),
                    |i| self.declarator(i, mode),
                    |i| self.expect_p(i, Punct::RParen, "`)` in declarator"),
                )(i)?;
                (r, d.name, d.loc, d.derived)
            }
            _ if mode == DeclMode::Named => {
                return self.fail(i, "identifier or `(` in declarator");
            }
            _ => (i, None, start_loc, Vec::new()),
        };
        let mut derived = inner;
        loop {
            if self.is_p(i, Punct::LBracket) {
                let (r, d) = self.array_suffix(i)?;
                derived.push(d);
                i = r;
            } else if self.is_p(i, Punct::LParen) {
                let (r, d) = self.param_list(i)?;
                derived.push(d);
                i = r;
            } else {
                break;
            }
        }
        derived.extend(ptrs.into_iter().rev());
        Ok((i, Declarator { name, derived, loc }))
    }

    /// `[n]`, `[]`, `[*]`, `[static n]`, `[const n]`.
    #[inline(never)]
    fn array_suffix(&self, i: In<'t>) -> PResult<'t, Derived> {
        let mut i = self.bump(i);
        while matches!(
            self.kind(i),
            TokenKind::Keyword(
                Keyword::Static | Keyword::Const | Keyword::Volatile | Keyword::Restrict
            )
        ) {
            i = self.bump(i);
        }
        if self.is_p(i, Punct::RBracket) {
            return Ok((self.bump(i), Derived::Array(None)));
        }
        if self.is_p(i, Punct::Star)
            && matches!(self.kind_at(i, 1), TokenKind::Punct(Punct::RBracket))
        {
            return Ok((self.bump(self.bump(i)), Derived::Array(None)));
        }
        let (i, e) = self.assign_expr(i)?;
        let (i, _) = self.expect_p(i, Punct::RBracket, "`]`")?;
        Ok((i, Derived::Array(Some(Box::new(e)))))
    }

    /// `( params )` of a function declarator. `()` gives no parameters; `(void)` is kept as
    /// written (one unnamed `void` parameter) so that prototypes can be told apart.
    fn param_list(&self, i: In<'t>) -> PResult<'t, Derived> {
        let mut i = self.bump(i);
        let _scope = self.push_scope();
        let mut params = Vec::new();
        let mut variadic = false;
        if self.is_p(i, Punct::RParen) {
            return Ok((self.bump(i), Derived::Function { params, variadic }));
        }
        loop {
            if self.is_p(i, Punct::Ellipsis) {
                variadic = true;
                i = self.bump(i);
                break;
            }
            let loc = self.loc(i);
            let (r, specs) = self.decl_specs(i)?;
            if Self::specs_empty(&specs) {
                if let TokenKind::Ident(s) = self.kind(r) {
                    if params.is_empty()
                        && matches!(
                            self.kind_at(r, 1),
                            TokenKind::Punct(Punct::Comma | Punct::RParen)
                        )
                    {
                        return self.identifier_list(r);
                    }
                    return self.fatal(self.loc(r), format!("unknown type name `{s}`"));
                }
                return self.fail(r, "parameter declaration");
            }
            let (r, d) = self.declarator(r, DeclMode::Maybe)?;
            let (r, ()) = self.skip_attrs_asm(r)?;
            if let Some(n) = &d.name {
                self.declare(n, NameKind::Ordinary);
            }
            params.push(ParamDecl {
                specs,
                declarator: d,
                loc,
            });
            i = r;
            if self.is_p(i, Punct::Comma) {
                i = self.bump(i);
            } else {
                break;
            }
        }
        let (i, _) = self.expect_p(i, Punct::RParen, "`,` or `)` in parameter list")?;
        Ok((i, Derived::Function { params, variadic }))
    }

    /// The identifier list of a K&R function declarator, `(a, b, c)`: one parameter per name,
    /// with no specifiers yet (the definition's declaration list, or implicit `int`, gives them
    /// their types: see [`Parser::knr_params`]).
    fn identifier_list(&self, mut i: In<'t>) -> PResult<'t, Derived> {
        let mut params = Vec::new();
        loop {
            let loc = self.loc(i);
            let (r, (name, nloc)) = self.ident(i)?;
            params.push(ParamDecl {
                specs: DeclSpecs {
                    loc,
                    ..DeclSpecs::default()
                },
                declarator: Declarator {
                    name: Some(name),
                    derived: Vec::new(),
                    loc: nloc,
                },
                loc,
            });
            i = r;
            if self.is_p(i, Punct::Comma) {
                i = self.bump(i);
            } else {
                break;
            }
        }
        let (i, _) = self.expect_p(i, Punct::RParen, "`,` or `)` in identifier list")?;
        self.knr_pending.set(true);
        Ok((
            i,
            Derived::Function {
                params,
                variadic: false,
            },
        ))
    }

    /// The declaration list of a K&R function definition, between its declarator and `{`:
    /// gives each named parameter its declared type; parameters not declared are `int`. A name
    /// declared but not in the identifier list is an error.
    pub(super) fn knr_params(&self, mut i: In<'t>, params: &mut [ParamDecl]) -> PResult<'t, ()> {
        while !self.is_p(i, Punct::LBrace) {
            let loc = self.loc(i);
            let (r, d) = self.declaration(i)?;
            if d.specs.storage.is_some_and(|s| s != StorageClass::Register) {
                return self.fatal(loc, "storage class in a K&R parameter declaration");
            }
            for id in d.declarators {
                if id.init.is_some() {
                    return self.fatal(id.declarator.loc, "K&R parameter with an initializer");
                }
                let name = id.declarator.name.clone().unwrap_or_default();
                let Some(p) = params
                    .iter_mut()
                    .find(|p| p.declarator.name.as_deref() == Some(name.as_str()))
                else {
                    return self.fatal(
                        id.declarator.loc,
                        format!("declaration of `{name}`, which is not a parameter"),
                    );
                };
                p.specs = d.specs.clone();
                p.specs.storage = None;
                p.declarator = id.declarator;
            }
            i = r;
        }
        for p in params.iter_mut() {
            if p.specs.types.is_empty() {
                p.specs.types.push(TypeSpec::Int);
            }
        }
        Ok((i, ()))
    }

    /// A type name (casts, `sizeof`, `__typeof__`, compound literals).
    pub(super) fn type_name(&self, i: In<'t>) -> PResult<'t, TypeName> {
        let loc = self.loc(i);
        let (r, specs) = self.decl_specs(i)?;
        if specs.types.is_empty() && !specs.is_const && !specs.is_volatile {
            return self.fail(r, "type name");
        }
        if let Some(_sc) = specs.storage {
            return self.fatal(specs.loc, "storage class in a type name");
        }
        let (r, declarator) = self.declarator(r, DeclMode::Abstract)?;
        let (r, ()) = self.skip_attrs(r)?;
        Ok((
            r,
            TypeName {
                specs,
                declarator,
                loc,
            },
        ))
    }

    /// An initialiser: an assignment expression or a braced list with designators.
    pub(super) fn initializer(&self, i: In<'t>) -> PResult<'t, Initializer> {
        if !self.is_p(i, Punct::LBrace) {
            let (i, e) = self.assign_expr(i)?;
            return Ok((i, Initializer::Expr(e)));
        }
        let _g = self.enter(i)?;
        let loc = self.loc(i);
        let mut i = self.bump(i);
        let mut items = Vec::new();
        loop {
            if self.is_p(i, Punct::RBrace) {
                i = self.bump(i);
                break;
            }
            let (r, desigs) = self.designation(i)?;
            let (r, init) = self.initializer(r)?;
            items.push((desigs, init));
            i = r;
            if self.is_p(i, Punct::Comma) {
                i = self.bump(i);
            } else if self.is_p(i, Punct::RBrace) {
                i = self.bump(i);
                break;
            } else {
                return self.fail(i, "`,` or `}` in initializer list");
            }
        }
        Ok((i, Initializer::List(items, loc)))
    }

    /// Designators `.f`, `[3]`, `[1 ... 3]` followed by `=`, or the old GNU `f:` and `[3] value`.
    fn designation(&self, i: In<'t>) -> PResult<'t, Vec<Designator>> {
        if let (TokenKind::Ident(s), TokenKind::Punct(Punct::Colon)) =
            (self.kind(i), self.kind_at(i, 1))
        {
            return Ok((self.bump(self.bump(i)), vec![Designator::Field(s.clone())]));
        }
        let mut ds = Vec::new();
        let mut i = i;
        loop {
            if self.is_p(i, Punct::Dot) {
                let (r, (f, _)) = self.ident(self.bump(i))?;
                ds.push(Designator::Field(f));
                i = r;
            } else if self.is_p(i, Punct::LBracket) {
                let (r, lo) = self.cond_expr(self.bump(i))?;
                let (r, hi) = opt(preceded(self.punct_q(Punct::Ellipsis), |i| {
                    self.cond_expr(i)
                }))(r)?;
                let (r, _) = self.expect_p(r, Punct::RBracket, "`]` in designator")?;
                ds.push(match hi {
                    Some(hi) => Designator::Range(lo, hi),
                    None => Designator::Index(lo),
                });
                i = r;
            } else {
                break;
            }
        }
        if !ds.is_empty() {
            // GNU's obsolete `[index] value` omits the `=` after a single array designator.
            let obsolete =
                ds.len() == 1 && matches!(ds[0], Designator::Index(_) | Designator::Range(..));
            if !obsolete || self.is_p(i, Punct::Assign) {
                let (r, _) = self.expect_p(i, Punct::Assign, "`=` after designator")?;
                i = r;
            }
        }
        Ok((i, ds))
    }

    /// After the specifiers and the first declarator of a declaration: the rest of the
    /// init-declarator list and the `;`. Declares every name in the current scope.
    pub(super) fn init_declarators(
        &self,
        i: In<'t>,
        specs: DeclSpecs,
        first: Declarator,
        first_attrs: super::layout::LayoutAttrs,
        loc: Loc,
    ) -> PResult<'t, Declaration> {
        let kind = if specs.storage == Some(StorageClass::Typedef) {
            NameKind::Typedef
        } else {
            NameKind::Ordinary
        };
        let mut declarators = Vec::new();
        let mut d = first;
        let mut attrs = first_attrs;
        let mut i = i;
        loop {
            if let Some(n) = &d.name {
                self.declare(n, kind);
            }
            let (r, init) = opt(preceded(self.punct_q(Punct::Assign), |i| {
                self.initializer(i)
            }))(i)?;
            let (r, ()) = self.layout_attrs(r, &mut attrs)?;
            declarators.push(InitDeclarator {
                declarator: d,
                init,
                align: std::mem::take(&mut attrs.align),
            });
            i = r;
            if !self.is_p(i, Punct::Comma) {
                break;
            }
            let (r, nd) = self.declarator(self.bump(i), DeclMode::Named)?;
            let (r, ()) = self.layout_attrs_asm(r, &mut attrs)?;
            d = nd;
            i = r;
        }
        let (i, _) = self.expect_p(i, Punct::Semi, "`;` after declaration")?;
        Ok((
            i,
            Declaration {
                specs,
                declarators,
                loc,
            },
        ))
    }

    /// A declaration in a block or a `for` init (no function definitions).
    pub(super) fn declaration(&self, i: In<'t>) -> PResult<'t, Declaration> {
        let loc = self.loc(i);
        let (i, specs) = self.decl_specs(i)?;
        if Self::specs_empty(&specs) {
            return self.fail(i, "declaration specifiers");
        }
        if self.is_p(i, Punct::Semi) {
            return Ok((
                self.bump(i),
                Declaration {
                    specs,
                    declarators: Vec::new(),
                    loc,
                },
            ));
        }
        let (i, d) = self.declarator(i, DeclMode::Named)?;
        let mut attrs = super::layout::LayoutAttrs::default();
        let (i, ()) = self.layout_attrs_asm(i, &mut attrs)?;
        if self.is_p(i, Punct::LBrace)
            && matches!(d.derived.first(), Some(Derived::Function { .. }))
        {
            return self.unsupported(self.loc(i), "nested function definitions");
        }
        self.init_declarators(i, specs, d, attrs, loc)
    }

    /// `_Static_assert ( expr , "msg" ) ;` — checked by nobody, skipped.
    pub(super) fn static_assert(&self, i: In<'t>) -> PResult<'t, ()> {
        let (i, ()) = self.skip_balanced(self.bump(i))?;
        let (i, _) = self.expect_p(i, Punct::Semi, "`;` after `_Static_assert`")?;
        Ok((i, ()))
    }
}
