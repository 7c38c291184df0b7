//! Statements: CFG fragments in program order (if/loops/switch/goto/return), block-scope
//! declarations, and the lowering of one thread entry.

use super::expr::Val;
use super::lvalue::{LValue, Place};
use super::*;
use crate::frontend::ast::{BlockItem, Declaration, ExprKind, Stmt, StmtKind, StorageClass};
use crate::ir::Op;

impl<'a> Lowerer<'a> {
    /// Runs `f`; an `Unsupported` diagnostic becomes an `Op::Unsupported` edge at the current
    /// position and lowering continues.
    pub fn guard(&mut self, f: impl FnOnce(&mut Self) -> Result<(), Diag>) -> Result<(), Diag> {
        let nframes = self.frames.len();
        let nscopes = self.frame().scopes.len();
        let ntags = self.frame().tags.len();
        let nstack = self.inline_stack.len();
        let func = self.b.func.clone();
        let src = self.b.src;
        let depth = self.frame().loop_depth;
        let scratch = self.scratch;
        match f(self) {
            Ok(()) => Ok(()),
            Err(d) if d.kind == DiagKind::Unsupported => {
                self.frames.truncate(nframes);
                let fr = self.frame_mut();
                fr.scopes.truncate(nscopes);
                fr.tags.truncate(ntags);
                fr.loop_depth = depth;
                self.inline_stack.truncate(nstack);
                self.b.func = func;
                self.b.src = d.loc.unwrap_or(src);
                self.scratch = scratch;
                let msg = d
                    .message
                    .strip_prefix("unsupported: ")
                    .unwrap_or(&d.message)
                    .to_string();
                self.b.emit(Op::Unsupported(msg));
                self.b.src = src;
                Ok(())
            }
            Err(d) => Err(d),
        }
    }

    /// A branch on a condition; an unsupported condition makes both branches possible after an
    /// `Unsupported` edge.
    fn branch_guarded(
        &mut self,
        e: &'a crate::frontend::ast::Expr,
        t: Label,
        f: Label,
    ) -> Result<(), Diag> {
        let mut ok = false;
        self.guard(|s| {
            s.branch(e, t, f)?;
            ok = true;
            Ok(())
        })?;
        if !ok {
            // the guard emitted the Unsupported edge; continue both ways
            let c = self.b.here();
            self.b.edge(c, cfg::Tgt::Label(t), cfg::POp::Ir(Op::Skip));
            self.b.edge(c, cfg::Tgt::Label(f), cfg::POp::Ir(Op::Skip));
            self.b.cur = None;
        }
        Ok(())
    }

    pub fn stmt(&mut self, s: &'a Stmt) -> Result<(), Diag> {
        self.b.set_src(s.loc);
        match &s.kind {
            StmtKind::Compound(items) => {
                self.push_scope();
                let r = self.block_items(items);
                self.pop_scope();
                r
            }
            StmtKind::Expr(Some(e)) => self.guard(|l| l.discard(e)),
            StmtKind::Expr(None) => Ok(()),
            StmtKind::If(c, a, b) => {
                let lt = self.b.new_label();
                let lf = self.b.new_label();
                self.branch_guarded(c, lt, lf)?;
                self.b.place(lt);
                self.stmt(a)?;
                match b {
                    Some(b) => {
                        let join = self.b.new_label();
                        self.b.jump(join);
                        self.b.place(lf);
                        self.stmt(b)?;
                        self.b.place(join);
                    }
                    None => {
                        self.b.place(lf);
                    }
                }
                Ok(())
            }
            StmtKind::While(c, body) => {
                let head = self.b.new_label();
                let lbody = self.b.new_label();
                let brk = self.b.new_label();
                self.b.place(head);
                self.b.set_src(c.loc);
                self.loop_cond(c, lbody, brk)?;
                self.b.place(lbody);
                self.loop_body(body, brk, head)?;
                self.b.jump(head);
                self.b.place(brk);
                Ok(())
            }
            StmtKind::DoWhile(body, c) => {
                let head = self.b.new_label();
                let cont = self.b.new_label();
                let brk = self.b.new_label();
                self.b.place_fresh(head);
                self.loop_body(body, brk, cont)?;
                self.b.place(cont);
                self.b.set_src(c.loc);
                self.loop_cond(c, head, brk)?;
                self.b.place(brk);
                Ok(())
            }
            StmtKind::For(init, c, step, body) => {
                self.push_scope();
                let r = (|| {
                    if let Some(i) = init {
                        match &**i {
                            BlockItem::Decl(d) => self.local_decl(d)?,
                            BlockItem::Stmt(st) => self.stmt(st)?,
                        }
                    }
                    let head = self.b.new_label();
                    let lbody = self.b.new_label();
                    let cont = self.b.new_label();
                    let brk = self.b.new_label();
                    self.b.src = s.loc;
                    self.b.place(head);
                    match c {
                        Some(c) => {
                            self.b.set_src(c.loc);
                            self.loop_cond(c, lbody, brk)?
                        }
                        None => self.b.jump(lbody),
                    }
                    self.b.place(lbody);
                    self.loop_body(body, brk, cont)?;
                    self.b.place(cont);
                    if let Some(st) = step {
                        self.b.set_src(st.loc);
                        self.frame_mut().loop_depth += 1;
                        let r = self.guard(|l| l.discard(st));
                        self.frame_mut().loop_depth -= 1;
                        r?;
                    }
                    self.b.jump(head);
                    self.b.place(brk);
                    Ok(())
                })();
                self.pop_scope();
                r
            }
            StmtKind::Switch(e, body) => self.switch(e, body),
            StmtKind::Case(_, inner)
            | StmtKind::CaseRange(_, _, inner)
            | StmtKind::Default(inner) => {
                let key = s as *const Stmt as usize;
                let l = self
                    .frame()
                    .switches
                    .last()
                    .and_then(|m| m.get(&key).copied())
                    .ok_or_else(|| {
                        self.type_err(s.loc, "case label not within a switch statement")
                    })?;
                self.b.place(l);
                self.stmt(inner)
            }
            StmtKind::Labeled(name, inner) => {
                let l = self.goto_label(name, s.loc);
                if !self.frame_mut().placed.insert(name.clone()) {
                    return Err(self.type_err(s.loc, format!("redefinition of label `{}`", name)));
                }
                self.b.place(l);
                self.stmt(inner)
            }
            StmtKind::Goto(name) => {
                let l = self.goto_label(name, s.loc);
                self.b.jump(l);
                Ok(())
            }
            StmtKind::Break => {
                let l = self
                    .frame()
                    .breaks
                    .last()
                    .copied()
                    .ok_or_else(|| self.type_err(s.loc, "`break` not in a loop or switch"))?;
                if let Some(d) = self.frame().brk_depths.last().copied() {
                    self.leave_scopes_above(d);
                }
                self.b.jump(l);
                Ok(())
            }
            StmtKind::Continue => {
                let l = self
                    .frame()
                    .conts
                    .last()
                    .copied()
                    .ok_or_else(|| self.type_err(s.loc, "`continue` not in a loop"))?;
                if let Some(d) = self.frame().cont_depths.last().copied() {
                    self.leave_scopes_above(d);
                }
                self.b.jump(l);
                Ok(())
            }
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    match (self.frame().ret, self.frame().ret_ty.clone()) {
                        (Some(rs), Some(rt)) => {
                            let lv = LValue {
                                place: Place::Slot {
                                    slot: rs,
                                    off: 0,
                                    idx: vec![],
                                },
                                ty: rt,
                                bitfield: None,
                            };
                            self.guard(|l| {
                                let v = l.expr(e)?;
                                l.assign_val(&lv, v, e.loc)
                            })?;
                        }
                        _ => {
                            // `return expr;` in a void function: evaluate for side effects
                            self.guard(|l| l.discard(e))?;
                        }
                    }
                }
                let exit = self
                    .frame()
                    .exit
                    .ok_or_else(|| self.type_err(s.loc, "`return` outside of a function"))?;
                self.b.jump(exit);
                Ok(())
            }
            StmtKind::Asm(text) => {
                match fence_asm(text) {
                    // a full memory fence (see `__sync_synchronize` in lower/call.rs)
                    Some(AsmFence::Full) => {
                        self.b.emit(Op::AtomicBegin);
                        self.b.emit(Op::AtomicEnd);
                    }
                    // a store-store fence (see `__atomic_thread_fence` in lower/call.rs)
                    Some(AsmFence::StoreStore) => self.b.emit(super::call::store_store_fence()),
                    Some(AsmFence::Load) => {}
                    None if !text.trim().is_empty() => {
                        self.b.emit(Op::Unsupported("inline assembly".into()))
                    }
                    None => {}
                }
                Ok(())
            }
        }
    }

    /// A loop condition (evaluated on every iteration).
    fn loop_cond(
        &mut self,
        c: &'a crate::frontend::ast::Expr,
        t: Label,
        f: Label,
    ) -> Result<(), Diag> {
        self.frame_mut().loop_depth += 1;
        let r = self.branch_guarded(c, t, f);
        self.frame_mut().loop_depth -= 1;
        r
    }

    fn loop_body(&mut self, body: &'a Stmt, brk: Label, cont: Label) -> Result<(), Diag> {
        let f = self.frame_mut();
        f.breaks.push(brk);
        f.conts.push(cont);
        let depth = f.scopes.len();
        f.brk_depths.push(depth);
        f.cont_depths.push(depth);
        f.loop_depth += 1;
        let r = self.stmt(body);
        let f = self.frame_mut();
        f.breaks.pop();
        f.conts.pop();
        f.brk_depths.pop();
        f.cont_depths.pop();
        f.loop_depth -= 1;
        r
    }

    fn block_items(&mut self, items: &'a [BlockItem]) -> Result<(), Diag> {
        for it in items {
            match it {
                BlockItem::Decl(d) => {
                    self.b.set_src(d.loc);
                    self.local_decl(d)?
                }
                BlockItem::Stmt(s) => self.stmt(s)?,
            }
        }
        Ok(())
    }

    pub fn push_scope(&mut self) {
        let f = self.frame_mut();
        f.scopes.push(HashMap::new());
        f.tags.push(HashMap::new());
    }

    pub fn pop_scope(&mut self) {
        self.end_scope_lifetimes();
        let f = self.frame_mut();
        f.scopes.pop();
        f.tags.pop();
    }

    fn goto_label(&mut self, name: &str, loc: Loc) -> Label {
        if let Some((l, _)) = self.frame().labels.get(name) {
            return *l;
        }
        let l = self.b.new_label();
        self.frame_mut().labels.insert(name.to_string(), (l, loc));
        l
    }

    fn switch(&mut self, e: &'a crate::frontend::ast::Expr, body: &'a Stmt) -> Result<(), Diag> {
        let loc = e.loc;
        // collect the case labels of this switch (not of nested ones)
        let mut cases: Vec<&'a Stmt> = Vec::new();
        collect_cases(body, &mut cases);
        let mut map = HashMap::new();
        let mut labels = Vec::new();
        for c in &cases {
            let l = self.b.new_label();
            map.insert(*c as *const Stmt as usize, l);
            labels.push(l);
        }
        let brk = self.b.new_label();
        let mut ok = true;
        let mut scrut: Option<(Expr, crate::frontend::types::IntKind)> = None;
        self.guard(|l| {
            let (x, t) = l.rv(e)?;
            let k = match t {
                CType::Int(k) => crate::frontend::types::promote(k, l.target),
                _ => return Err(l.type_err(loc, "switch quantity is not an integer")),
            };
            let x = fold::cast(k.ir(l.target), x, &l.vars);
            let x = match x {
                Expr::Var(_) | Expr::Const(..) => x,
                x => {
                    let t = l.temp(k.ir(l.target));
                    l.b.emit(Op::Assign(t, x));
                    Expr::Var(t)
                }
            };
            scrut = Some((x, k));
            Ok(())
        })
        .map(|_| ())?;
        if scrut.is_none() {
            ok = false;
        }
        // dispatch
        let mut default = None;
        let mut conds: Vec<Expr> = Vec::new();
        for (c, l) in cases.iter().zip(&labels) {
            match &c.kind {
                StmtKind::Default(_) => default = Some(*l),
                StmtKind::Case(v, _) => {
                    let val = self.const_int(v)?.ok_or_else(|| {
                        self.type_err(v.loc, "case label is not an integer constant")
                    })?;
                    if let Some((x, k)) = &scrut {
                        let irt = k.ir(self.target);
                        let cond = Expr::bin(
                            crate::ir::BinOp::Eq,
                            x.clone(),
                            Expr::Const(irt.wrap(val), irt),
                        );
                        conds.push(cond.clone());
                        self.b.branch_to(cond, *l);
                    } else {
                        let h = self.b.here();
                        self.b.edge(h, cfg::Tgt::Label(*l), cfg::POp::Ir(Op::Skip));
                    }
                }
                StmtKind::CaseRange(lo, hi, _) => {
                    let lo = self
                        .const_int(lo)?
                        .ok_or_else(|| self.type_err(c.loc, "case range is not constant"))?;
                    let hi = self
                        .const_int(hi)?
                        .ok_or_else(|| self.type_err(c.loc, "case range is not constant"))?;
                    if let Some((x, k)) = &scrut {
                        let irt = k.ir(self.target);
                        let cond = Expr::bin(
                            crate::ir::BinOp::And,
                            Expr::bin(
                                crate::ir::BinOp::Ge,
                                x.clone(),
                                Expr::Const(irt.wrap(lo), irt),
                            ),
                            Expr::bin(
                                crate::ir::BinOp::Le,
                                x.clone(),
                                Expr::Const(irt.wrap(hi), irt),
                            ),
                        );
                        conds.push(cond.clone());
                        self.b.branch_to(cond, *l);
                    } else {
                        let h = self.b.here();
                        self.b.edge(h, cfg::Tgt::Label(*l), cfg::POp::Ir(Op::Skip));
                    }
                }
                _ => {}
            }
        }
        let rest = default.unwrap_or(brk);
        if ok {
            let none = fold::balanced(
                conds.into_iter().map(fold::not).collect(),
                crate::ir::BinOp::And,
            );
            if none == Expr::bool(true) {
                self.b.jump(rest);
            } else {
                self.b.branch_to(none, rest);
                self.b.cur = None;
            }
        } else {
            self.b.jump(rest);
        }
        self.frame_mut().switches.push(map);
        self.frame_mut().breaks.push(brk);
        let depth = self.frame().scopes.len();
        self.frame_mut().brk_depths.push(depth);
        let r = self.stmt(body);
        self.frame_mut().switches.pop();
        self.frame_mut().breaks.pop();
        self.frame_mut().brk_depths.pop();
        r?;
        self.b.place(brk);
        Ok(())
    }

    /// A block-scope declaration.
    pub fn local_decl(&mut self, d: &'a Declaration) -> Result<(), Diag> {
        let base = self.base_type(&d.specs)?;
        for (i, idecl) in d.declarators.iter().enumerate() {
            let (mut ty, vla) = self.declarator_type(base.clone(), &idecl.declarator)?;
            let name = match &idecl.declarator.name {
                Some(n) => n.clone(),
                None => continue,
            };
            let loc = idecl.declarator.loc;
            self.b.set_src(loc);
            if d.specs.storage == Some(StorageClass::Typedef) {
                if vla.is_some() {
                    // the size is evaluated at the typedef, not at each use: not modelled
                    return Err(super::expr::unsup(
                        loc,
                        "variable-length array type in a typedef",
                    ));
                }
                self.typedef_align(d, idecl, &ty, loc)?;
                self.bind(&name, Sym::Typedef(ty));
                continue;
            }
            if let CType::Func(f) = ty {
                let id = self.register_func(&name, f, None, loc);
                self.bind(&name, Sym::Func(id));
                continue;
            }
            if d.specs.storage == Some(StorageClass::Extern) {
                let s = match self.globals.get(&name) {
                    Some(Sym::Var(s)) => *s,
                    _ => {
                        let s = self.new_slot(&name, &ty, Scope::Global, false, loc);
                        self.globals.insert(name.clone(), Sym::Var(s));
                        s
                    }
                };
                let req = self.decl_align_request(&d.specs, idecl)?;
                self.request_align(s, req);
                if d.specs.is_thread_local {
                    self.tls_slots.insert(s);
                }
                self.bind(&name, Sym::Var(s));
                continue;
            }
            if d.specs.is_thread_local && d.specs.storage != Some(StorageClass::Static) {
                return Err(self.type_err(
                    loc,
                    format!("`_Thread_local` variable `{name}` at block scope must be `static` or `extern`"),
                ));
            }
            if let (CType::Array(_, None), Some(init)) = (&ty, &idecl.init) {
                ty = self.complete_array_type(&ty, init)?;
            }
            if d.specs.storage == Some(StorageClass::Static) {
                let key = (d as *const Declaration as usize, i);
                let s = match self.static_memo.get(&key) {
                    Some(s) => *s,
                    None => {
                        let n = format!("{}::{}", self.frame().fname, name);
                        let s = self.new_slot(&n, &ty, Scope::Global, false, loc);
                        let req = self.decl_align_request(&d.specs, idecl)?;
                        self.request_align(s, req);
                        if super::libc_mutex::static_mutex_kind(&idecl.init).is_some() {
                            return Err(Diag::unsupported(
                                Some(loc),
                                "a block-scope static mutex with a typed static initialiser",
                            ));
                        }
                        if d.specs.is_thread_local {
                            self.tls_slots.insert(s);
                        }
                        self.static_memo.insert(key, s);
                        self.bind(&name, Sym::Var(s));
                        if let Some(init) = &idecl.init {
                            self.static_init(s, init)?;
                        }
                        s
                    }
                };
                self.bind(&name, Sym::Var(s));
                continue;
            }
            // automatic variable
            let mut guard_vla: Option<(VarId, u64, String)> = None;
            if let Some(size_e) = vla {
                let (n, exact) = self.vla_bound(size_e)?;
                if let CType::Array(elem, _) = &ty {
                    ty = CType::Array(elem.clone(), Some(n));
                }
                if !exact {
                    let mut val = None;
                    self.guard(|l| {
                        let (x, t) = l.rv(size_e)?;
                        if !t.is_integer() {
                            return Err(
                                l.type_err(size_e.loc, "size of array has non-integer type")
                            );
                        }
                        // the length is evaluated once, at the declaration (`sizeof` uses it)
                        let t64 = crate::ir::Type::int(64, true);
                        let t = l.temp(t64);
                        l.b.emit(Op::Assign(t, fold::cast(t64, x, &l.vars)));
                        val = Some(t);
                        Ok(())
                    })?;
                    if let Some(v) = val {
                        guard_vla = Some((v, n, name.clone()));
                    }
                }
            }
            let display = self.frame().display.clone();
            let sc = self.local_scope();
            // (CBMC's `__CPROVER_bool` is a true Boolean: never another value)
            let raw_bool = idecl.init.is_none()
                && matches!(ty, CType::Int(crate::frontend::types::IntKind::Bool))
                && !d.specs.types.iter().any(|t| {
                    matches!(t, crate::frontend::ast::TypeSpec::TypedefName(n) if n == "__CPROVER_bool")
                });
            self.raw_bool_next = raw_bool;
            let s = self.new_slot(&format!("{}::{}", display, name), &ty, sc, false, loc);
            self.raw_bool_next = false;
            // (frames: the file scope's, then the entry function's: its parameters, its body)
            if self.in_lifelong_block() {
                // the outermost block of main: live until the program ends
                self.lifelong_locals.insert(s);
            } else {
                self.begin_lifetime(s);
            }
            let req = self.decl_align_request(&d.specs, idecl)?;
            self.request_align(s, req);
            if let Some(k) = super::libc_mutex::static_mutex_kind(&idecl.init) {
                self.emit_mutex_init_kind(s, k);
            }
            if let Some((v, _, _)) = &guard_vla {
                self.vla_len.insert(s, *v);
            }
            if raw_bool && self.slots[s].bytes {
                self.raw_bools.insert(s);
            }
            self.bind(&name, Sym::Var(s));
            if let Some((v, n, nm)) = guard_vla {
                let t64 = crate::ir::Type::int(64, true);
                let too_big = Expr::bin(
                    crate::ir::BinOp::Gt,
                    Expr::Var(v),
                    Expr::Const(n as i128, t64),
                );
                let lbig = self.b.new_label();
                let join = self.b.new_label();
                self.b.branch_to(too_big.clone(), lbig);
                self.b.branch_to(fold::not(too_big), join);
                self.b.cur = None;
                self.b.place(lbig);
                self.b.emit(Op::Unsupported(format!(
                    "variable-length array `{}` with more than {} elements",
                    nm, n
                )));
                self.b.place(join);
            }
            match &idecl.init {
                Some(init) => {
                    self.guard(|l| l.local_init(s, init, loc))?;
                }
                None => {
                    if !self.slots[s].summarized {
                        let cells: Vec<VarId> =
                            self.slots[s].cells.iter().map(|(_, v)| *v).collect();
                        for v in cells {
                            self.b.emit(Op::Nondet(v));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Number of cells for a VLA and whether it is exact (the bound is a never-assigned
    /// variable with a constant initialiser).
    pub(crate) fn vla_bound(
        &mut self,
        e: &'a crate::frontend::ast::Expr,
    ) -> Result<(u64, bool), Diag> {
        if let ExprKind::Ident(n) = &e.kind {
            if let Some(Sym::Var(s)) = self.lookup(n) {
                let init = self.slots[s]
                    .cells
                    .first()
                    .filter(|_| !self.slots[s].bytes)
                    .and_then(|(_, v)| {
                        self.const_inits
                            .get(v)
                            .copied()
                            .or(self.vars[v.0 as usize].init)
                    });
                if let Some(c) = init {
                    if c >= 0 && (c as u64) <= MAX_CELLS as u64 {
                        if !self.written_names.contains(n) {
                            return Ok((c.max(1) as u64, true));
                        }
                        return Ok(((c as u64).max(VLA_CAP), false));
                    }
                }
            }
        }
        Ok((VLA_CAP, false))
    }

    /// A GNU statement expression: the value of its last expression statement.
    pub fn stmt_expr(&mut self, s: &'a Stmt, discard: bool) -> Result<Val, Diag> {
        let items = match &s.kind {
            StmtKind::Compound(items) => items,
            _ => {
                self.stmt(s)?;
                return Ok(Val::Void);
            }
        };
        self.push_scope();
        let r = (|| {
            let n = items.len();
            for (i, it) in items.iter().enumerate() {
                if i + 1 == n && !discard {
                    if let BlockItem::Stmt(Stmt {
                        kind: StmtKind::Expr(Some(e)),
                        ..
                    }) = it
                    {
                        let v = self.expr(e)?;
                        // keep scalars in a temporary: the scope ends here; an array value
                        // decays to a pointer (the value is an rvalue, C11 6.3.2.1)
                        return Ok(match v {
                            Val::L(lv)
                                if lv.ty.is_scalar() || matches!(lv.ty, CType::Array(..)) =>
                            {
                                let (x, t) = self.rvalue_of(Val::L(lv), e.loc)?;
                                Val::R(x, t)
                            }
                            v => v,
                        });
                    }
                }
                match it {
                    BlockItem::Decl(d) => self.local_decl(d)?,
                    BlockItem::Stmt(st) => self.stmt(st)?,
                }
            }
            Ok(Val::Void)
        })();
        self.pop_scope();
        r
    }

    /// Lowers one thread entry into its own CFG.
    pub fn lower_thread(&mut self, t: ThreadId) -> Result<(), Diag> {
        let f = self.threads[t.0 as usize];
        let def = self.funcs[f].def.expect("thread entries have bodies");
        self.thread = t;
        let start = self.life_tick();
        self.thread_seqs.push((start, t));
        let fname = self.funcs[f].name.clone();
        self.b = Builder {
            func: fname.clone(),
            src: def.loc,
            ..Default::default()
        };
        let entry = self.b.here();
        let exit = self.b.new_label();
        let error = self.b.new_label();
        self.error_label = Some(error);
        if t.0 == 0 {
            // the symbolic base addresses are chosen first (`bases`)
            self.b.emit_p(super::cfg::POp::Bases);
            self.emit_dynamic_inits()?;
        }
        let display = self.instance_name(&fname);
        let fexit = self.b.new_label();
        self.frames.push(Frame {
            func: Some(f),
            fname: fname.clone(),
            display: display.clone(),
            scopes: vec![HashMap::new()],
            tags: vec![HashMap::new()],
            exit: Some(fexit),
            ..Default::default()
        });
        self.inline_stack.push(f);
        let fty = self.funcs[f].ty.clone();
        let params = super::call::param_decls(def);
        let mut param_var = None;
        let mut param2_var = None;
        // main(int argc, char **argv): the hosted environment's model (env.rs)
        let argv_shaped = t.0 == 0
            && fty.params.len() >= 2
            && fty.params[0].is_integer()
            && fty.params[1]
                .pointee()
                .and_then(|p| p.pointee())
                .is_some_and(|c| {
                    matches!(
                        c,
                        CType::Int(
                            crate::frontend::types::IntKind::Char
                                | crate::frontend::types::IntKind::SChar
                                | crate::frontend::types::IntKind::UChar
                        )
                    )
                });
        // ... only when the program reads them (a model of unread arguments only costs)
        let argv_shaped = argv_shaped
            && params
                .iter()
                .take(2)
                .any(|(n, _)| n.as_ref().is_some_and(|n| self.value_names.contains(n)));
        let mut main_args: Vec<VarId> = Vec::new();
        for (i, (pname, pty)) in params
            .iter()
            .zip(fty.params.iter())
            .map(|((n, _), t)| (n, t))
            .enumerate()
        {
            let name = pname.clone().unwrap_or_else(|| format!("param${}", i));
            let sc = self.local_scope();
            let s = self.new_slot(&format!("{}::{}", display, name), pty, sc, false, def.loc);
            if let Some(n) = pname {
                self.bind(n, Sym::Var(s));
            }
            let cells: Vec<VarId> = self.slots[s].cells.iter().map(|(_, v)| *v).collect();
            if t.0 != 0 && i == 0 && cells.len() == 1 {
                param_var = Some(cells[0]);
                continue;
            }
            if t.0 != 0 && i == 1 && cells.len() == 1 {
                // set by the scheduler step starting the instance (havocked when it has none)
                param2_var = Some(cells[0]);
                continue;
            }
            if argv_shaped && i < 2 && cells.len() == 1 {
                main_args.push(cells[0]);
                if main_args.len() == 2 {
                    self.main_args(main_args[0], main_args[1], def.loc);
                }
                continue;
            }
            for v in cells {
                // main's argc/argv and further entry parameters are arbitrary
                self.b.emit(Op::Nondet(v));
                self.nondet_sources.insert(v);
            }
        }
        let ret_ty = fty.ret.clone();
        let mut ret_var = None;
        if !ret_ty.is_void() {
            let sc = self.local_scope();
            let s = self.new_slot(&format!("{}::ret$", display), &ret_ty, sc, true, def.loc);
            if let Some((_, v)) = self.slots[s].cells.first() {
                if self.slots[s].cells.len() == 1 {
                    ret_var = Some(*v);
                }
            }
            let fr = self.frame_mut();
            fr.ret = Some(s);
            fr.ret_ty = Some(ret_ty);
        }
        if t.0 == 0 {
            self.emit_static_mutex_kinds();
        }
        let r = self.stmt(&def.body);
        self.check_labels()?;
        r?;
        self.b.place(fexit);
        if t.0 == 0 {
            self.run_atexit_handlers(def.loc)?;
        }
        self.frames.pop();
        self.inline_stack.pop();
        self.b.place_fresh(exit);
        self.b.cur = None;
        self.b.place(error);
        let b = std::mem::take(&mut self.b);
        self.built.push(Built {
            b,
            name: fname,
            entry,
            exit,
            error,
            param: param_var,
            param2: param2_var,
            ret: ret_var,
            thread: t,
        });
        Ok(())
    }

    /// Fails on `goto` to a label the current function instance does not define.
    pub fn check_labels(&self) -> Result<(), Diag> {
        let f = self.frame();
        let mut missing: Vec<(&String, Loc)> = f
            .labels
            .iter()
            .filter(|(n, _)| !f.placed.contains(*n))
            .map(|(n, (_, l))| (n, *l))
            .collect();
        missing.sort_by_key(|(_, l)| *l);
        if let Some((n, l)) = missing.first() {
            return Err(self.type_err(*l, format!("use of undeclared label `{}`", n)));
        }
        Ok(())
    }

    /// A readable name for the next inlined instance of a function: `f`, `f#2`, ...
    pub fn instance_name(&mut self, f: &str) -> String {
        let c = self.inst_count.entry(f.to_string()).or_insert(0);
        *c += 1;
        if *c == 1 {
            f.to_string()
        } else {
            format!("{}#{}", f, c)
        }
    }

    /// Non-constant global initialisers, evaluated at the start of main.
    fn emit_dynamic_inits(&mut self) -> Result<(), Diag> {
        // Variables only declared `extern` are defined elsewhere with a value we do not know
        // (CBMC and ESBMC also treat them as nondeterministic).
        for s in std::mem::take(&mut self.extern_only) {
            if !self.value_names.contains(&self.slots[s].name) {
                continue;
            }
            self.b.src = self.slots[s].loc;
            let cells: Vec<VarId> = self.slots[s].cells.iter().map(|c| c.1).collect();
            for v in cells {
                self.b.emit(Op::Nondet(v));
            }
        }
        let inits = std::mem::take(&mut self.late_inits);
        for (s, init, loc) in inits {
            self.b.src = loc;
            self.guard(|l| l.local_init(s, init, loc))?;
        }
        Ok(())
    }
}

fn collect_cases<'a>(s: &'a Stmt, out: &mut Vec<&'a Stmt>) {
    match &s.kind {
        StmtKind::Case(_, b) | StmtKind::CaseRange(_, _, b) | StmtKind::Default(b) => {
            out.push(s);
            collect_cases(b, out);
        }
        StmtKind::Switch(..) => {}
        StmtKind::Compound(items) => {
            for it in items {
                if let BlockItem::Stmt(s) = it {
                    collect_cases(s, out);
                }
            }
        }
        StmtKind::If(_, a, b) => {
            collect_cases(a, out);
            if let Some(b) = b {
                collect_cases(b, out);
            }
        }
        StmtKind::While(_, b)
        | StmtKind::DoWhile(b, _)
        | StmtKind::For(_, _, _, b)
        | StmtKind::Labeled(_, b) => collect_cases(b, out),
        _ => {}
    }
}

/// What an inline-assembly template that is one memory barrier orders.
#[derive(Debug, PartialEq, Eq)]
enum AsmFence {
    /// x86 `mfence`, ARM `dmb`/`dsb` without an option or with a full one (`sy`, `ish`, ...).
    Full,
    /// ARM `dmb`/`dsb` `st`, `ishst`, `nshst`, `oshst`: stores before stores.
    StoreStore,
    /// ARM `dmb`/`dsb` `ld`, `ishld`, `nshld`, `oshld`: loads before later accesses, which
    /// SC, TSO and PSO never reorder: nothing.
    Load,
}

/// The barrier an inline-assembly template is (None: not a lone barrier instruction).
fn fence_asm(text: &str) -> Option<AsmFence> {
    let t = text.trim().trim_end_matches(';').trim();
    let words: Vec<&str> = t.split_whitespace().collect();
    match words.as_slice() {
        ["mfence"] | ["dmb" | "dsb"] => Some(AsmFence::Full),
        ["dmb" | "dsb", o] => Some(match *o {
            "st" | "ishst" | "nshst" | "oshst" => AsmFence::StoreStore,
            "ld" | "ishld" | "nshld" | "oshld" => AsmFence::Load,
            _ => AsmFence::Full,
        }),
        _ => None,
    }
}
