//! Statements and expressions of the SystemC C++ subset: blocks, control flow, declarations,
//! output statements (`cout << ...`, their operands kept for evaluation), and expressions by
//! precedence climbing (casts, `static_cast`, `new`, postfix chains, functional casts of
//! SystemC types such as `sc_time(10, SC_NS)`).

use super::*;

impl Parser {
    /// Records a local declaration in the innermost block: a constant integer with a constant
    /// initialiser (literals, enumerators, file-scope and outer local constants) is kept as
    /// its value converted to its type; any other declaration hides an outer constant.
    fn note_local(&mut self, d: &VarDecl) {
        let value = match (&d.init, &d.ty) {
            (Some(Init::Expr(e)), Type::Scalar(_) | Type::ScInt { .. })
                if d.is_const && d.dims.is_empty() && !d.by_ref && self.is_const_expr(e) =>
            {
                Some(match &d.ty {
                    Type::Scalar(t) if t == "int" => Expr {
                        kind: e.kind.clone(),
                        loc: e.loc,
                    },
                    t => Expr {
                        kind: ExprKind::Cast(t.clone(), Box::new(e.clone())),
                        loc: e.loc,
                    },
                })
            }
            _ => None,
        };
        if let Some(scope) = self.local_consts.last_mut() {
            scope.push((d.name.clone(), value));
        }
    }

    /// The value of local constant `n` in scope, if it names one.
    fn local_const(&self, n: &str) -> Option<Expr> {
        for scope in self.local_consts.iter().rev() {
            if let Some((_, v)) = scope.iter().rev().find(|(x, _)| x == n) {
                return v.clone().map(|e| Expr {
                    kind: ExprKind::Unary("+", Box::new(e)),
                    loc: Loc::default(),
                });
            }
        }
        None
    }

    fn is_const_expr(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Char(_) | ExprKind::Bool(_) => true,
            ExprKind::Ident(n) => self.prog.enums.iter().any(|(x, _, _)| x == n),
            ExprKind::Unary(op, x) => *op != "&" && *op != "*" && self.is_const_expr(x),
            ExprKind::Cast(_, x) => self.is_const_expr(x),
            ExprKind::Binary(_, a, b) => self.is_const_expr(a) && self.is_const_expr(b),
            ExprKind::Cond(c, a, b) => {
                self.is_const_expr(c) && self.is_const_expr(a) && self.is_const_expr(b)
            }
            _ => false,
        }
    }

    // ------------------------------------------------------------------ statements
    pub(super) fn block(&mut self) -> R<Stmt> {
        let loc = self.loc();
        self.expect(Punct::LBrace, "opening a block")?;
        self.enter()?;
        self.local_consts.push(Vec::new());
        let mut v = Vec::new();
        while !self.eat(Punct::RBrace) {
            if matches!(self.peek(), TokenKind::Eof) {
                return Err(syntax(self.loc(), "expected `}` closing the block"));
            }
            v.push(self.stmt()?);
        }
        self.local_consts.pop();
        self.depth -= 1;
        Ok(Stmt {
            kind: StmtKind::Block(v),
            loc,
        })
    }

    pub(super) fn stmt(&mut self) -> R<Stmt> {
        self.enter()?;
        let r = self.stmt_inner();
        self.depth -= 1;
        r
    }

    pub(super) fn paren_expr(&mut self, ctx: &str) -> R<Expr> {
        self.expect(Punct::LParen, ctx)?;
        let e = self.expr()?;
        self.expect(Punct::RParen, "closing the condition")?;
        Ok(e)
    }

    pub(super) fn stmt_inner(&mut self) -> R<Stmt> {
        let loc = self.loc();
        let mk = |kind| Ok(Stmt { kind, loc });
        if self.is_punct(Punct::LBrace) {
            return self.block();
        }
        if self.eat(Punct::Semi) {
            return mk(StmtKind::Empty);
        }
        if let TokenKind::Keyword(k) = self.peek().clone() {
            match k {
                Keyword::If => {
                    self.bump();
                    let c = self.paren_expr("after `if`")?;
                    let t = self.stmt()?;
                    let e = if self.is_kw(Keyword::Else) {
                        self.bump();
                        Some(Box::new(self.stmt()?))
                    } else {
                        None
                    };
                    return mk(StmtKind::If(c, Box::new(t), e));
                }
                Keyword::While => {
                    self.bump();
                    let c = self.paren_expr("after `while`")?;
                    let b = self.stmt()?;
                    return mk(StmtKind::While(c, Box::new(b)));
                }
                Keyword::Do => {
                    self.bump();
                    let b = self.stmt()?;
                    if !self.is_kw(Keyword::While) {
                        return Err(syntax(self.loc(), "expected `while` after the do body"));
                    }
                    self.bump();
                    let c = self.paren_expr("after `while`")?;
                    self.expect(Punct::Semi, "after do-while")?;
                    return mk(StmtKind::DoWhile(Box::new(b), c));
                }
                Keyword::For => {
                    self.bump();
                    self.expect(Punct::LParen, "after `for`")?;
                    let init = if self.eat(Punct::Semi) {
                        None
                    } else if self.is_type_start() {
                        let sl = self.loc();
                        let (ty, c, s) = self.decl_specs()?;
                        let d = self.declarators(ty, c, s)?;
                        for x in &d {
                            self.note_local(x);
                        }
                        Some(Box::new(Stmt {
                            kind: StmtKind::Decl(d),
                            loc: sl,
                        }))
                    } else {
                        let sl = self.loc();
                        let e = self.expr()?;
                        self.expect(Punct::Semi, "in `for`")?;
                        Some(Box::new(Stmt {
                            kind: StmtKind::Expr(e),
                            loc: sl,
                        }))
                    };
                    let cond = if self.is_punct(Punct::Semi) {
                        None
                    } else {
                        Some(self.expr()?)
                    };
                    self.expect(Punct::Semi, "in `for`")?;
                    let step = if self.is_punct(Punct::RParen) {
                        None
                    } else {
                        Some(self.expr()?)
                    };
                    self.expect(Punct::RParen, "closing `for`")?;
                    let body = self.stmt()?;
                    return mk(StmtKind::For(init, cond, step, Box::new(body)));
                }
                Keyword::Switch => {
                    self.bump();
                    let c = self.paren_expr("after `switch`")?;
                    let b = self.stmt()?;
                    return mk(StmtKind::Switch(c, Box::new(b)));
                }
                Keyword::Case => {
                    self.bump();
                    let e = self.cond_expr()?;
                    self.expect(Punct::Colon, "after the case label")?;
                    return mk(StmtKind::Case(e));
                }
                Keyword::Default => {
                    self.bump();
                    self.expect(Punct::Colon, "after `default`")?;
                    return mk(StmtKind::Default);
                }
                Keyword::Break => {
                    self.bump();
                    self.expect(Punct::Semi, "after `break`")?;
                    return mk(StmtKind::Break);
                }
                Keyword::Continue => {
                    self.bump();
                    self.expect(Punct::Semi, "after `continue`")?;
                    return mk(StmtKind::Continue);
                }
                Keyword::Return => {
                    self.bump();
                    let e = if self.is_punct(Punct::Semi) {
                        None
                    } else {
                        Some(self.expr()?)
                    };
                    self.expect(Punct::Semi, "after `return`")?;
                    return mk(StmtKind::Return(e));
                }
                Keyword::Goto => return Err(Diag::unsupported(Some(loc), "`goto`")),
                _ => {}
            }
        }
        // `delete p;` / `delete[] p;`: a call of `delete` (accepted in a destructor, whose
        // body is not run; anywhere else the call is unsupported where it is emitted)
        if self.is_ident("delete") {
            let floc = self.loc();
            self.bump();
            if self.eat(Punct::LBracket) {
                self.expect(Punct::RBracket, "in `delete[]`")?;
            }
            let e = self.expr()?;
            self.expect(Punct::Semi, "after `delete`")?;
            let f = Expr {
                kind: ExprKind::Ident("delete".into()),
                loc: floc,
            };
            return mk(StmtKind::Expr(Expr {
                kind: ExprKind::Call(Box::new(f), vec![e]),
                loc: floc,
            }));
        }
        if self.is_type_start() {
            // `static T x = k;`: one object for every call (and every instance of the
            // function's module), see the emitter
            let (ty, c, s) = self.decl_specs()?;
            let d = self.declarators(ty, c, s)?;
            for x in &d {
                self.note_local(x);
            }
            return mk(StmtKind::Decl(d));
        }
        // output streams: nothing to check
        let save = self.pos;
        self.skip_ns_prefix();
        if matches!(self.ident(), Some("cout" | "cerr" | "clog")) && self.is_punct_at(1, Punct::Shl)
        {
            // `cout << a << b;`: the operands are evaluated (for their side effects), the
            // output itself is not modelled
            self.bump();
            let mut ops = Vec::new();
            while self.eat(Punct::Shl) {
                ops.push(self.binary(8)?);
            }
            self.expect(Punct::Semi, "after the output statement")?;
            return mk(StmtKind::Output(ops));
        }
        self.pos = save;
        let e = self.expr()?;
        self.expect(Punct::Semi, "after the expression")?;
        mk(StmtKind::Expr(e))
    }

    // ------------------------------------------------------------------ expressions
    pub(super) fn expr(&mut self) -> R<Expr> {
        let mut e = self.assign_expr()?;
        while self.is_punct(Punct::Comma) {
            let loc = self.loc();
            self.bump();
            let r = self.assign_expr()?;
            e = Expr {
                kind: ExprKind::Comma(Box::new(e), Box::new(r)),
                loc,
            };
        }
        Ok(e)
    }

    pub(super) fn assign_expr(&mut self) -> R<Expr> {
        self.enter()?;
        let r = self.assign_inner();
        self.depth -= 1;
        r
    }

    pub(super) fn assign_inner(&mut self) -> R<Expr> {
        let lhs = self.cond_expr()?;
        let op = match self.peek() {
            TokenKind::Punct(p) => match p {
                Punct::Assign => "=",
                Punct::PlusAssign => "+",
                Punct::MinusAssign => "-",
                Punct::StarAssign => "*",
                Punct::SlashAssign => "/",
                Punct::PercentAssign => "%",
                Punct::ShlAssign => "<<",
                Punct::ShrAssign => ">>",
                Punct::AmpAssign => "&",
                Punct::PipeAssign => "|",
                Punct::CaretAssign => "^",
                _ => return Ok(lhs),
            },
            _ => return Ok(lhs),
        };
        let loc = self.loc();
        self.bump();
        let rhs = self.assign_expr()?;
        Ok(Expr {
            kind: ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)),
            loc,
        })
    }

    pub(super) fn cond_expr(&mut self) -> R<Expr> {
        let c = self.binary(0)?;
        if !self.is_punct(Punct::Question) {
            return Ok(c);
        }
        let loc = self.loc();
        self.bump();
        let t = self.expr()?;
        self.expect(Punct::Colon, "in the conditional expression")?;
        let f = self.assign_expr()?;
        Ok(Expr {
            kind: ExprKind::Cond(Box::new(c), Box::new(t), Box::new(f)),
            loc,
        })
    }

    pub(super) fn binop(&self) -> Option<(&'static str, u8)> {
        let TokenKind::Punct(p) = self.peek() else {
            return None;
        };
        Some(match p {
            Punct::PipePipe => ("||", 1),
            Punct::AmpAmp => ("&&", 2),
            Punct::Pipe => ("|", 3),
            Punct::Caret => ("^", 4),
            Punct::Amp => ("&", 5),
            Punct::EqEq => ("==", 6),
            Punct::Ne => ("!=", 6),
            Punct::Lt => ("<", 7),
            Punct::Gt => (">", 7),
            Punct::Le => ("<=", 7),
            Punct::Ge => (">=", 7),
            Punct::Shl => ("<<", 8),
            Punct::Shr => (">>", 8),
            Punct::Plus => ("+", 9),
            Punct::Minus => ("-", 9),
            Punct::Star => ("*", 10),
            Punct::Slash => ("/", 10),
            Punct::Percent => ("%", 10),
            _ => return None,
        })
    }

    pub(super) fn binary(&mut self, min: u8) -> R<Expr> {
        let mut lhs = self.unary()?;
        while let Some((op, prec)) = self.binop() {
            if prec <= min {
                break;
            }
            let loc = self.loc();
            self.bump();
            let rhs = self.binary(prec)?;
            lhs = Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                loc,
            };
        }
        Ok(lhs)
    }

    pub(super) fn unary(&mut self) -> R<Expr> {
        self.enter()?;
        let r = self.unary_inner();
        self.depth -= 1;
        r
    }

    pub(super) fn unary_inner(&mut self) -> R<Expr> {
        let loc = self.loc();
        let un = |op: &'static str, e: Expr| Expr {
            kind: ExprKind::Unary(op, Box::new(e)),
            loc,
        };
        if let TokenKind::Punct(p) = self.peek().clone() {
            let op = match p {
                Punct::Minus => Some("-"),
                Punct::Plus => Some("+"),
                Punct::Bang => Some("!"),
                Punct::Tilde => Some("~"),
                Punct::Star => Some("*"),
                Punct::Amp => Some("&"),
                _ => None,
            };
            if let Some(op) = op {
                self.bump();
                let e = self.unary()?;
                return Ok(un(op, e));
            }
            if p == Punct::PlusPlus || p == Punct::MinusMinus {
                self.bump();
                let e = Box::new(self.unary()?);
                let kind = if p == Punct::PlusPlus {
                    ExprKind::PreInc(e)
                } else {
                    ExprKind::PreDec(e)
                };
                return Ok(Expr { kind, loc });
            }
            if p == Punct::LParen {
                let save = self.pos;
                self.bump();
                if self.is_type_start() {
                    let (mut ty, _, _) = self.decl_specs()?;
                    while self.eat(Punct::Star) {
                        ty = Type::Ptr(Box::new(ty));
                    }
                    // else `(sc_uint<8>(x) + y)`: a parenthesised expression that starts
                    // with a functional cast, not a cast
                    if !self.is_punct(Punct::LParen) && !self.is_punct(Punct::LBrace) {
                        self.expect(Punct::RParen, "closing the cast")?;
                        let e = self.unary()?;
                        return Ok(Expr {
                            kind: ExprKind::Cast(ty, Box::new(e)),
                            loc,
                        });
                    }
                }
                self.pos = save;
            }
        }
        if self.is_kw(Keyword::Sizeof) {
            return Err(Diag::unsupported(Some(loc), "`sizeof` in a SystemC model"));
        }
        if self.is_ident("static_cast") {
            self.bump();
            self.expect(Punct::Lt, "after static_cast")?;
            let (mut ty, _, _) = self.decl_specs()?;
            while self.eat(Punct::Star) {
                ty = Type::Ptr(Box::new(ty));
            }
            self.expect_gt()?;
            let e = self.paren_expr("after static_cast<...>")?;
            return Ok(Expr {
                kind: ExprKind::Cast(ty, Box::new(e)),
                loc,
            });
        }
        if self.is_ident("new") {
            self.bump();
            let (ty, _, _) = self.decl_specs()?;
            let args = if self.eat(Punct::LParen) {
                self.args_until(Punct::RParen)?
            } else {
                Vec::new()
            };
            if self.is_punct(Punct::LBracket) {
                if !args.is_empty() || !ty.is_value() {
                    return Err(Diag::unsupported(Some(loc), "array `new` of this type"));
                }
                self.bump();
                let n = self.expr()?;
                self.expect(Punct::RBracket, "after the array size")?;
                return Ok(Expr {
                    kind: ExprKind::NewArray(ty, Box::new(n)),
                    loc,
                });
            }
            return Ok(Expr {
                kind: ExprKind::New(ty, args),
                loc,
            });
        }
        let e = self.primary()?;
        self.postfix(e)
    }

    pub(super) fn postfix(&mut self, mut e: Expr) -> R<Expr> {
        loop {
            let loc = self.loc();
            if self.eat(Punct::LParen) {
                let args = self.args_until(Punct::RParen)?;
                e = Expr {
                    loc: e.loc,
                    kind: ExprKind::Call(Box::new(e), args),
                };
            } else if self.eat(Punct::LBracket) {
                let i = self.expr()?;
                self.expect(Punct::RBracket, "closing the subscript")?;
                e = Expr {
                    kind: ExprKind::Index(Box::new(e), Box::new(i)),
                    loc,
                };
            } else if self.is_punct(Punct::Dot) || self.is_punct(Punct::Arrow) {
                let arrow = self.is_punct(Punct::Arrow);
                self.bump();
                let (n, _) = self.expect_ident("after `.`")?;
                e = Expr {
                    kind: ExprKind::Member(Box::new(e), n, arrow),
                    loc,
                };
            } else if self.eat(Punct::PlusPlus) {
                e = Expr {
                    kind: ExprKind::PostInc(Box::new(e)),
                    loc,
                };
            } else if self.eat(Punct::MinusMinus) {
                e = Expr {
                    kind: ExprKind::PostDec(Box::new(e)),
                    loc,
                };
            } else {
                return Ok(e);
            }
        }
    }

    pub(super) fn primary(&mut self) -> R<Expr> {
        let loc = self.loc();
        let mk = |kind| Ok(Expr { kind, loc });
        match self.peek().clone() {
            TokenKind::IntLit {
                value,
                unsigned,
                long,
                ..
            } => {
                self.bump();
                let mut s = value.to_string();
                if unsigned {
                    s.push('u');
                }
                for _ in 0..long {
                    s.push('l');
                }
                mk(ExprKind::Int(s))
            }
            TokenKind::FloatLit(f) => {
                self.bump();
                mk(ExprKind::Float(f))
            }
            TokenKind::CharLit(c) => {
                self.bump();
                mk(ExprKind::Char(c))
            }
            TokenKind::StrLit(mut s) => {
                self.bump();
                while let TokenKind::StrLit(t) = self.peek().clone() {
                    s.extend(t);
                    self.bump();
                }
                mk(ExprKind::Str(s))
            }
            TokenKind::Punct(Punct::LParen) => {
                self.bump();
                let e = self.expr()?;
                self.expect(Punct::RParen, "closing the parenthesis")?;
                Ok(e)
            }
            TokenKind::Ident(_) | TokenKind::Punct(Punct::Colon) => {
                let start = self.pos;
                self.skip_ns_prefix();
                let qualified = self.pos > start;
                let Some(s) = self.ident().map(str::to_string) else {
                    return Err(syntax(
                        self.loc(),
                        format!("expected an expression, found {}", self.found()),
                    ));
                };
                self.check_word(&s, self.loc())?;
                match s.as_str() {
                    "this" => {
                        self.bump();
                        return mk(ExprKind::This);
                    }
                    "true" | "false" => {
                        self.bump();
                        return mk(ExprKind::Bool(s == "true"));
                    }
                    "nullptr" | "NULL" => {
                        self.bump();
                        return mk(ExprKind::Int("0".into()));
                    }
                    _ => {}
                }
                if let Some(t) = self.named_type(&s) {
                    if self.module_index(&s).is_none() {
                        let ty = match t {
                            Some(t) => {
                                self.bump();
                                t
                            }
                            None => {
                                let l = self.loc();
                                self.bump();
                                self.template_type(&s, l)?
                            }
                        };
                        let close = if self.eat(Punct::LBrace) {
                            Punct::RBrace
                        } else {
                            self.expect(Punct::LParen, "after the type name")?;
                            Punct::RParen
                        };
                        let args = self.args_until(close)?;
                        return mk(ExprKind::Construct(ty, args));
                    }
                }
                self.bump();
                let mut name = s;
                // Module::member (a constant or enumerator of a module)
                while self.is_scope() && self.ident_at(2).is_some() {
                    self.bump();
                    self.bump();
                    let n = self.ident().unwrap_or_default().to_string();
                    self.bump();
                    name = n;
                }
                if let Some(v) = self.local_const(&name) {
                    return Ok(Expr { kind: v.kind, loc });
                }
                if qualified && matches!(name.as_str(), "wait" | "next_trigger") {
                    // `sc_core::wait(e)` / `::sc_core::wait(e)`: the kernel's, even in a class
                    // with a member function of that name (the emitter strips the `::`)
                    name = format!("::{name}");
                }
                mk(ExprKind::Ident(name))
            }
            // `double(x)`, `int(x)`, `bool(x)`: a functional cast to a one-word scalar type
            TokenKind::Keyword(
                k @ (Keyword::Float
                | Keyword::Double
                | Keyword::Int
                | Keyword::Char
                | Keyword::Short
                | Keyword::Long
                | Keyword::Unsigned
                | Keyword::Bool),
            ) if self.is_punct_at(1, Punct::LParen) => {
                self.bump();
                let t = match k {
                    Keyword::Float => "float",
                    Keyword::Double => "double",
                    Keyword::Char => "char",
                    Keyword::Short => "short",
                    Keyword::Long => "long",
                    Keyword::Unsigned => "unsigned int",
                    Keyword::Bool => "_Bool",
                    _ => "int",
                };
                self.expect(Punct::LParen, "after the type name")?;
                let args = self.args_until(Punct::RParen)?;
                mk(ExprKind::Construct(Type::Scalar(t.into()), args))
            }
            _ => Err(syntax(
                loc,
                format!("expected an expression, found {}", self.found()),
            )),
        }
    }
}
