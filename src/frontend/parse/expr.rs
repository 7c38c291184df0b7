//! Expressions: comma, assignment (right-assoc), conditional (right-assoc), binary operators by
//! precedence climbing, casts / compound literals, unary and postfix operators, primaries
//! (literals with string concatenation, statement expressions, GNU builtins taking types).

use super::{In, PResult, Parser};
use crate::frontend::ast::*;
use crate::frontend::lex::{Keyword, Punct, TokenKind};
use nom::sequence::{delimited, terminated};

/// Binary operators with their precedence (higher binds tighter); all left-associative.
fn binop(k: &TokenKind) -> Option<(BinaryOp, u8)> {
    use BinaryOp::*;
    let TokenKind::Punct(p) = k else {
        return None;
    };
    Some(match p {
        Punct::PipePipe => (LogOr, 1),
        Punct::AmpAmp => (LogAnd, 2),
        Punct::Pipe => (BitOr, 3),
        Punct::Caret => (BitXor, 4),
        Punct::Amp => (BitAnd, 5),
        Punct::EqEq => (Eq, 6),
        Punct::Ne => (Ne, 6),
        Punct::Lt => (Lt, 7),
        Punct::Gt => (Gt, 7),
        Punct::Le => (Le, 7),
        Punct::Ge => (Ge, 7),
        Punct::Shl => (Shl, 8),
        Punct::Shr => (Shr, 8),
        Punct::Plus => (Add, 9),
        Punct::Minus => (Sub, 9),
        Punct::Star => (Mul, 10),
        Punct::Slash => (Div, 10),
        Punct::Percent => (Rem, 10),
        _ => return None,
    })
}

/// Assignment operators: `=` is `None`, `op=` is `Some(op)`.
fn assign_op(k: &TokenKind) -> Option<Option<BinaryOp>> {
    use BinaryOp::*;
    let TokenKind::Punct(p) = k else {
        return None;
    };
    Some(match p {
        Punct::Assign => None,
        Punct::StarAssign => Some(Mul),
        Punct::SlashAssign => Some(Div),
        Punct::PercentAssign => Some(Rem),
        Punct::PlusAssign => Some(Add),
        Punct::MinusAssign => Some(Sub),
        Punct::ShlAssign => Some(Shl),
        Punct::ShrAssign => Some(Shr),
        Punct::AmpAssign => Some(BitAnd),
        Punct::CaretAssign => Some(BitXor),
        Punct::PipeAssign => Some(BitOr),
        _ => return None,
    })
}

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

impl<'t> Parser<'t> {
    /// `expression`: assignment expressions separated by the comma operator (left-assoc).
    pub(super) fn expr(&self, i: In<'t>) -> PResult<'t, Expr> {
        let (mut i, mut e) = self.assign_expr(i)?;
        while self.is_p(i, Punct::Comma) {
            let loc = self.loc(i);
            let (r, rhs) = self.assign_expr(self.bump(i))?;
            e = Expr {
                kind: ExprKind::Comma(bx(e), bx(rhs)),
                loc,
            };
            i = r;
        }
        Ok((i, e))
    }

    /// `assignment-expression` (right-associative).
    pub(super) fn assign_expr(&self, i: In<'t>) -> PResult<'t, Expr> {
        let (i, lhs) = self.cond_expr(i)?;
        if let Some(op) = assign_op(self.kind(i)) {
            let loc = self.loc(i);
            let _g = self.enter(i)?;
            let (r, rhs) = self.assign_expr(self.bump(i))?;
            return Ok((
                r,
                Expr {
                    kind: ExprKind::Assign(op, bx(lhs), bx(rhs)),
                    loc,
                },
            ));
        }
        Ok((i, lhs))
    }

    /// `conditional-expression`: `a ? b : c` (right-associative; the middle is an expression).
    pub(super) fn cond_expr(&self, i: In<'t>) -> PResult<'t, Expr> {
        let (i, c) = self.implication(i)?;
        if !self.is_p(i, Punct::Question) {
            return Ok((i, c));
        }
        let loc = self.loc(i);
        let i = self.bump(i);
        if self.is_p(i, Punct::Colon) {
            let _g = self.enter(i)?;
            let (i, f) = self.cond_expr(self.bump(i))?;
            return Ok((i, self.elvis(c, f, loc)));
        }
        let _g = self.enter(i)?;
        let (i, t) = terminated(
            |i| self.expr(i),
            |i| self.expect_p(i, Punct::Colon, "`:` in conditional expression"),
        )(i)?;
        let (i, f) = self.cond_expr(i)?;
        Ok((
            i,
            Expr {
                kind: ExprKind::Cond(bx(c), bx(t), bx(f)),
                loc,
            },
        ))
    }

    /// GNU `a ?: b`: `a` is evaluated once. Without side effects it is `a ? a : b`; otherwise
    /// `({ __typeof__(a) t = a; t ? t : b; })` with a fresh temporary.
    fn elvis(&self, c: Expr, f: Expr, loc: crate::diag::Loc) -> Expr {
        if !c.has_side_effects() {
            return Expr {
                kind: ExprKind::Cond(bx(c.clone()), bx(c), bx(f)),
                loc,
            };
        }
        let n = self.fresh.get();
        self.fresh.set(n + 1);
        let tmp = format!("__elvis${n}");
        let var = Expr {
            kind: ExprKind::Ident(tmp.clone()),
            loc,
        };
        let decl = Declaration {
            specs: DeclSpecs {
                types: vec![TypeSpec::TypeofExpr(bx(c.clone()))],
                loc,
                ..DeclSpecs::default()
            },
            declarators: vec![InitDeclarator {
                declarator: Declarator {
                    name: Some(tmp),
                    derived: Vec::new(),
                    loc,
                },
                init: Some(Initializer::Expr(c)),
                align: Vec::new(),
            }],
            loc,
        };
        let value = Expr {
            kind: ExprKind::Cond(bx(var.clone()), bx(var), bx(f)),
            loc,
        };
        let body = Stmt {
            kind: StmtKind::Compound(vec![
                BlockItem::Decl(decl),
                BlockItem::Stmt(Stmt {
                    kind: StmtKind::Expr(Some(value)),
                    loc,
                }),
            ]),
            loc,
        };
        Expr {
            kind: ExprKind::StmtExpr(Box::new(body)),
            loc,
        }
    }

    /// CBMC's implication `a ==> b` (right-associative, binding more loosely than `||`), as
    /// `!(a) || (b)`.
    fn implication(&self, i: In<'t>) -> PResult<'t, Expr> {
        let (i, a) = self.binary(i, 1)?;
        if !self.at_implies(i) {
            return Ok((i, a));
        }
        let loc = self.loc(i);
        let _g = self.enter(i)?;
        let (i, b) = self.implication(self.bump(self.bump(i)))?;
        let not_a = Expr {
            kind: ExprKind::Unary(UnaryOp::Not, bx(a)),
            loc,
        };
        Ok((
            i,
            Expr {
                kind: ExprKind::Binary(BinaryOp::LogOr, bx(not_a), bx(b)),
                loc,
            },
        ))
    }

    /// At `==` directly followed by `>` (no C expression continues so).
    fn at_implies(&self, i: In<'t>) -> bool {
        self.is_p(i, Punct::EqEq) && self.is_p(self.bump(i), Punct::Gt)
    }

    /// `__CPROVER_forall { T v; body }` / `__CPROVER_exists { ... }` after the keyword.
    fn quantifier(&self, i: In<'t>, forall: bool) -> PResult<'t, Expr> {
        let loc = self.loc(i);
        let _g = self.enter(i)?;
        let (i, _) = self.expect_p(self.bump(i), Punct::LBrace, "`{` after a quantifier")?;
        let (i, decl) = self.declaration(i)?;
        let (i, body) = self.expr(i)?;
        let (i, _) = self.expect_p(i, Punct::RBrace, "`}` closing a quantifier")?;
        Ok((
            i,
            Expr {
                kind: ExprKind::Quantifier {
                    forall,
                    decl: Box::new(decl),
                    body: bx(body),
                },
                loc,
            },
        ))
    }

    /// Binary operators of precedence `min` and higher (precedence climbing).
    fn binary(&self, i: In<'t>, min: u8) -> PResult<'t, Expr> {
        let (mut i, mut lhs) = self.cast_expr(i)?;
        while let Some((op, prec)) = binop(self.kind(i)) {
            if prec < min || self.at_implies(i) {
                break;
            }
            let loc = self.loc(i);
            let (r, rhs) = self.binary(self.bump(i), prec + 1)?;
            lhs = Expr {
                kind: ExprKind::Binary(op, bx(lhs), bx(rhs)),
                loc,
            };
            i = r;
        }
        Ok((i, lhs))
    }

    /// `cast-expression`: `(type) cast-expr`, a compound literal, or a unary expression.
    pub(super) fn cast_expr(&self, i: In<'t>) -> PResult<'t, Expr> {
        if self.is_p(i, Punct::LParen) && self.is_type_start(self.bump(i)) {
            let loc = self.loc(i);
            let (r, tn) = delimited(
                self.punct(Punct::LParen),
                |i| self.type_name(i),
                |i| self.expect_p(i, Punct::RParen, "`)` after type name"),
            )(i)?;
            if self.is_p(r, Punct::LBrace) {
                let (r, init) = self.initializer(r)?;
                let e = Expr {
                    kind: ExprKind::CompoundLit(Box::new(tn), Box::new(init)),
                    loc,
                };
                return self.postfix_ops(r, e);
            }
            let _g = self.enter(i)?;
            let (r, operand) = self.cast_expr(r)?;
            return Ok((
                r,
                Expr {
                    kind: ExprKind::Cast(Box::new(tn), bx(operand)),
                    loc,
                },
            ));
        }
        self.unary_expr(i)
    }

    /// `unary-expression`.
    fn unary_expr(&self, i: In<'t>) -> PResult<'t, Expr> {
        let loc = self.loc(i);
        let un = |op: UnaryOp| -> PResult<'t, Expr> {
            let _g = self.enter(i)?;
            let (r, e) = self.cast_expr(self.bump(i))?;
            Ok((
                r,
                Expr {
                    kind: ExprKind::Unary(op, bx(e)),
                    loc,
                },
            ))
        };
        match self.kind(i) {
            TokenKind::Punct(p) => match p {
                Punct::PlusPlus | Punct::MinusMinus => {
                    let _g = self.enter(i)?;
                    let (r, e) = self.unary_expr(self.bump(i))?;
                    Ok((
                        r,
                        Expr {
                            kind: ExprKind::IncDec {
                                pre: true,
                                inc: *p == Punct::PlusPlus,
                                arg: bx(e),
                            },
                            loc,
                        },
                    ))
                }
                Punct::Amp => un(UnaryOp::AddrOf),
                Punct::Star => un(UnaryOp::Deref),
                Punct::Plus => un(UnaryOp::Plus),
                Punct::Minus => un(UnaryOp::Neg),
                Punct::Tilde => un(UnaryOp::BitNot),
                Punct::Bang => un(UnaryOp::Not),
                Punct::AmpAmp => self.unsupported(loc, "address of a label (`&&label`)"),
                _ => self.postfix_expr(i),
            },
            TokenKind::Keyword(Keyword::Sizeof) => self.sizeof_like(i, true),
            TokenKind::Keyword(Keyword::Alignof) => self.sizeof_like(i, false),
            TokenKind::Keyword(Keyword::Extension) => {
                let _g = self.enter(i)?;
                self.cast_expr(self.bump(i))
            }
            _ => self.postfix_expr(i),
        }
    }

    /// `sizeof expr`, `sizeof (type)`, `_Alignof (type)`, `__alignof__ expr`.
    #[inline(never)]
    fn sizeof_like(&self, i: In<'t>, is_sizeof: bool) -> PResult<'t, Expr> {
        let _g = self.enter(i)?;
        let loc = self.loc(i);
        let i = self.bump(i);
        let operand: (In<'t>, Result<TypeName, Expr>) =
            if self.is_p(i, Punct::LParen) && self.is_type_start(self.bump(i)) {
                let ploc = self.loc(i);
                let (r, tn) = delimited(
                    self.punct(Punct::LParen),
                    |i| self.type_name(i),
                    |i| self.expect_p(i, Punct::RParen, "`)` after type name"),
                )(i)?;
                if self.is_p(r, Punct::LBrace) {
                    // sizeof (T){ ... } : the operand is a compound literal expression
                    let (r, init) = self.initializer(r)?;
                    let e = Expr {
                        kind: ExprKind::CompoundLit(Box::new(tn), Box::new(init)),
                        loc: ploc,
                    };
                    let (r, e) = self.postfix_ops(r, e)?;
                    (r, Err(e))
                } else {
                    (r, Ok(tn))
                }
            } else {
                let (r, e) = self.unary_expr(i)?;
                (r, Err(e))
            };
        let (r, op) = operand;
        let kind = match (is_sizeof, op) {
            (true, Ok(tn)) => ExprKind::SizeofType(Box::new(tn)),
            (true, Err(e)) => ExprKind::SizeofExpr(bx(e)),
            (false, Ok(tn)) => ExprKind::AlignofType(Box::new(tn)),
            (false, Err(e)) => {
                let eloc = e.loc;
                ExprKind::AlignofType(Box::new(TypeName {
                    specs: DeclSpecs {
                        types: vec![TypeSpec::TypeofExpr(bx(e))],
                        loc: eloc,
                        ..DeclSpecs::default()
                    },
                    declarator: Declarator {
                        name: None,
                        derived: Vec::new(),
                        loc: eloc,
                    },
                    loc: eloc,
                }))
            }
        };
        Ok((r, Expr { kind, loc }))
    }

    fn postfix_expr(&self, i: In<'t>) -> PResult<'t, Expr> {
        let (i, e) = self.primary_expr(i)?;
        self.postfix_ops(i, e)
    }

    /// `[i]`, `(args)`, `.f`, `->f`, `++`, `--` after a primary expression.
    fn postfix_ops(&self, mut i: In<'t>, mut e: Expr) -> PResult<'t, Expr> {
        loop {
            let loc = self.loc(i);
            match self.kind(i) {
                TokenKind::Punct(Punct::LBracket) => {
                    let (r, idx) = self.expr(self.bump(i))?;
                    let (r, _) = self.expect_p(r, Punct::RBracket, "`]`")?;
                    e = Expr {
                        kind: ExprKind::Index(bx(e), bx(idx)),
                        loc,
                    };
                    i = r;
                }
                TokenKind::Punct(Punct::LParen) => {
                    let (r, args) = self.call_args(i)?;
                    let cloc = e.loc;
                    e = Expr {
                        kind: ExprKind::Call(bx(e), args),
                        loc: cloc,
                    };
                    i = r;
                }
                TokenKind::Punct(p @ (Punct::Dot | Punct::Arrow)) => {
                    let (r, (field, _)) = self.ident(self.bump(i))?;
                    e = Expr {
                        kind: ExprKind::Member {
                            base: bx(e),
                            field,
                            arrow: *p == Punct::Arrow,
                        },
                        loc,
                    };
                    i = r;
                }
                TokenKind::Punct(p @ (Punct::PlusPlus | Punct::MinusMinus)) => {
                    e = Expr {
                        kind: ExprKind::IncDec {
                            pre: false,
                            inc: *p == Punct::PlusPlus,
                            arg: bx(e),
                        },
                        loc,
                    };
                    i = self.bump(i);
                }
                _ => return Ok((i, e)),
            }
        }
    }

    /// `( assignment-expression, ... )` with `i` at `(`.
    #[inline(never)]
    fn call_args(&self, i: In<'t>) -> PResult<'t, Vec<Expr>> {
        let mut i = self.bump(i);
        let mut args = Vec::new();
        if self.is_p(i, Punct::RParen) {
            return Ok((self.bump(i), args));
        }
        loop {
            let (r, a) = self.assign_expr(i)?;
            args.push(a);
            i = r;
            if self.is_p(i, Punct::Comma) {
                i = self.bump(i);
            } else {
                break;
            }
        }
        let (i, _) = self.expect_p(i, Punct::RParen, "`,` or `)` in argument list")?;
        Ok((i, args))
    }

    fn primary_expr(&self, i: In<'t>) -> PResult<'t, Expr> {
        let loc = self.loc(i);
        let lit = |kind: ExprKind| -> PResult<'t, Expr> { Ok((self.bump(i), Expr { kind, loc })) };
        match self.kind(i) {
            TokenKind::Ident(s) => {
                if self.is_typedef(s) {
                    return self.fail(i, "expression");
                }
                if (s == "__CPROVER_forall" || s == "__CPROVER_exists")
                    && self.is_p(self.bump(i), Punct::LBrace)
                {
                    return self.quantifier(i, s == "__CPROVER_forall");
                }
                lit(ExprKind::Ident(s.clone()))
            }
            TokenKind::IntLit {
                value,
                unsigned,
                long,
                non_decimal,
            } => lit(ExprKind::IntLit {
                value: *value,
                unsigned: *unsigned,
                long: *long,
                non_decimal: *non_decimal,
            }),
            TokenKind::FloatLit(s) => lit(ExprKind::FloatLit(s.clone())),
            TokenKind::CharLit(v) => lit(ExprKind::CharLit(*v)),
            TokenKind::StrLit(_) | TokenKind::WStrLit(..) => {
                // adjacent literals concatenate; one wide literal makes the whole wide
                let mut bytes = Vec::new();
                let mut units: Vec<u32> = Vec::new();
                let mut wide: Option<WideKind> = None;
                let mut i = i;
                loop {
                    match self.kind(i) {
                        TokenKind::StrLit(b) => {
                            bytes.extend_from_slice(b);
                            units.extend(b.iter().map(|&c| u32::from(c)));
                        }
                        TokenKind::WStrLit(k, u) => {
                            if wide.is_some_and(|w| w != *k) {
                                return self.fail(i, "string literals of one kind");
                            }
                            wide = Some(*k);
                            units.extend_from_slice(u);
                        }
                        _ => break,
                    }
                    i = self.bump(i);
                }
                let kind = match wide {
                    Some(k) => ExprKind::WideStringLit(k, units),
                    None => ExprKind::StringLit(bytes),
                };
                Ok((i, Expr { kind, loc }))
            }
            TokenKind::Punct(Punct::LParen) => {
                let _g = self.enter(i)?;
                let j = self.bump(i);
                if self.is_p(j, Punct::LBrace) {
                    let (r, body) = self.compound(j)?;
                    let (r, _) =
                        self.expect_p(r, Punct::RParen, "`)` after statement expression")?;
                    return Ok((
                        r,
                        Expr {
                            kind: ExprKind::StmtExpr(Box::new(body)),
                            loc,
                        },
                    ));
                }
                let (r, e) = self.expr(j)?;
                let (r, _) = self.expect_p(r, Punct::RParen, "`)`")?;
                Ok((r, e))
            }
            TokenKind::Keyword(Keyword::BuiltinOffsetof) => self.offsetof(i),
            TokenKind::Keyword(Keyword::BuiltinVaArg) => {
                // __builtin_va_arg(ap, T) is represented as a call __builtin_va_arg(ap, sizeof(T))
                let (r, _) = self.expect_p(self.bump(i), Punct::LParen, "`(`")?;
                let (r, ap) = self.assign_expr(r)?;
                let (r, _) = self.expect_p(r, Punct::Comma, "`,`")?;
                let tloc = self.loc(r);
                let (r, tn) = self.type_name(r)?;
                let (r, _) = self.expect_p(r, Punct::RParen, "`)`")?;
                Ok((r, self.builtin_call(loc, "__builtin_va_arg", ap, tn, tloc)))
            }
            TokenKind::Keyword(Keyword::BuiltinTypesCompatibleP) => {
                // represented as a call __builtin_types_compatible_p(sizeof(T1), sizeof(T2))
                let (r, _) = self.expect_p(self.bump(i), Punct::LParen, "`(`")?;
                let aloc = self.loc(r);
                let (r, a) = self.type_name(r)?;
                let (r, _) = self.expect_p(r, Punct::Comma, "`,`")?;
                let bloc = self.loc(r);
                let (r, b) = self.type_name(r)?;
                let (r, _) = self.expect_p(r, Punct::RParen, "`)`")?;
                let a = Expr {
                    kind: ExprKind::SizeofType(Box::new(a)),
                    loc: aloc,
                };
                Ok((
                    r,
                    self.builtin_call(loc, "__builtin_types_compatible_p", a, b, bloc),
                ))
            }
            TokenKind::Keyword(Keyword::Generic) => self.unsupported(loc, "`_Generic`"),
            _ => self.fail(i, "expression"),
        }
    }

    #[inline(never)]
    fn builtin_call(
        &self,
        loc: crate::diag::Loc,
        name: &str,
        a: Expr,
        t: TypeName,
        tloc: crate::diag::Loc,
    ) -> Expr {
        Expr {
            kind: ExprKind::Call(
                bx(Expr {
                    kind: ExprKind::Ident(name.to_string()),
                    loc,
                }),
                vec![
                    a,
                    Expr {
                        kind: ExprKind::SizeofType(Box::new(t)),
                        loc: tloc,
                    },
                ],
            ),
            loc,
        }
    }

    /// `__builtin_offsetof(T, a.b.c)`.
    #[inline(never)]
    fn offsetof(&self, i: In<'t>) -> PResult<'t, Expr> {
        let loc = self.loc(i);
        let (r, _) = self.expect_p(self.bump(i), Punct::LParen, "`(`")?;
        let (r, tn) = self.type_name(r)?;
        let (r, _) = self.expect_p(r, Punct::Comma, "`,`")?;
        let (mut r, (f, _)) = self.ident(r)?;
        let mut path = vec![f];
        loop {
            if self.is_p(r, Punct::Dot) {
                let (r2, (f, _)) = self.ident(self.bump(r))?;
                path.push(f);
                r = r2;
            } else if self.is_p(r, Punct::LBracket) {
                return self.unsupported(self.loc(r), "array index in `__builtin_offsetof`");
            } else {
                break;
            }
        }
        let (r, _) = self.expect_p(r, Punct::RParen, "`)`")?;
        Ok((
            r,
            Expr {
                kind: ExprKind::BuiltinOffsetof(Box::new(tn), path),
                loc,
            },
        ))
    }
}
