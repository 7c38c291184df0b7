//! Declarations: C types from specifiers and declarators, struct/union/enum definitions,
//! file-scope symbols, and the pre-scan that finds thread entries (functions used as values).

use super::*;
use crate::frontend::ast::{
    BlockItem, DeclSpecs, Declaration, Declarator, Derived, Designator, ExprKind, Initializer,
    StmtKind, StorageClass, StructKind, TypeSpec,
};
use crate::frontend::types::{Aggregate, FieldSpec, IntKind};

impl<'a> Lowerer<'a> {
    /// The type named by declaration specifiers (registers struct/enum definitions).
    pub fn base_type(&mut self, specs: &'a DeclSpecs) -> Result<CType, Diag> {
        let mut n_void = 0;
        let mut n_char = 0;
        let mut n_short = 0;
        let mut n_int = 0;
        let mut n_long = 0;
        let mut n_signed = 0;
        let mut n_unsigned = 0;
        let mut n_bool = 0;
        let mut n_float = 0;
        let mut n_double = 0;
        let mut n_i128 = 0;
        let mut other: Option<CType> = None;
        for t in &specs.types {
            match t {
                TypeSpec::Void => n_void += 1,
                TypeSpec::Char => n_char += 1,
                TypeSpec::Short => n_short += 1,
                TypeSpec::Int => n_int += 1,
                TypeSpec::Long => n_long += 1,
                TypeSpec::Float => n_float += 1,
                TypeSpec::Double => n_double += 1,
                TypeSpec::Signed => n_signed += 1,
                TypeSpec::Unsigned => n_unsigned += 1,
                TypeSpec::Bool => n_bool += 1,
                TypeSpec::Int128 => n_i128 += 1,
                TypeSpec::Struct(sp) => other = Some(self.struct_type(sp)?),
                TypeSpec::Enum(es) => other = Some(self.enum_type(es)?),
                TypeSpec::TypedefName(n) => match self.lookup(n) {
                    Some(Sym::Typedef(t)) => other = Some(t),
                    _ if n == "__builtin_va_list" => other = Some(self.va_list_type()),
                    // CBMC's built-in type names
                    _ if n == "__CPROVER_bool" => other = Some(CType::Int(IntKind::Bool)),
                    _ if n == "__CPROVER_size_t" => other = Some(CType::Int(self.size_t())),
                    _ => return Err(self.type_err(specs.loc, format!("unknown type name `{}`", n))),
                },
                TypeSpec::TypeofExpr(e) => {
                    let v = self.scratch_expr(e)?;
                    other = Some(self.val_type(&v));
                }
                TypeSpec::TypeofType(tn) => other = Some(self.type_name(tn)?),
            }
        }
        let _ = n_int;
        if let Some(t) = other {
            return Ok(t);
        }
        let u = n_unsigned > 0;
        let k = if n_void > 0 {
            return Ok(CType::Void);
        } else if n_bool > 0 {
            IntKind::Bool
        } else if n_float > 0 {
            return Ok(CType::Float(crate::frontend::types::FloatKind::Float));
        } else if n_double > 0 {
            return Ok(CType::Float(if n_long > 0 {
                crate::frontend::types::FloatKind::LongDouble
            } else {
                crate::frontend::types::FloatKind::Double
            }));
        } else if n_char > 0 {
            if u {
                IntKind::UChar
            } else if n_signed > 0 {
                IntKind::SChar
            } else {
                IntKind::Char
            }
        } else if n_short > 0 {
            if u {
                IntKind::UShort
            } else {
                IntKind::Short
            }
        } else if n_i128 > 0 {
            if u {
                IntKind::UInt128
            } else {
                IntKind::Int128
            }
        } else if n_long == 1 {
            if u {
                IntKind::ULong
            } else {
                IntKind::Long
            }
        } else if n_long >= 2 {
            if u {
                IntKind::ULongLong
            } else {
                IntKind::LongLong
            }
        } else if u {
            IntKind::UInt
        } else {
            IntKind::Int
        };
        Ok(CType::Int(k))
    }

    fn struct_type(&mut self, sp: &'a crate::frontend::ast::StructSpec) -> Result<CType, Diag> {
        let key = sp as *const _ as usize;
        if let Some(id) = self.struct_memo.get(&key) {
            return Ok(CType::Struct(*id));
        }
        let kind = match sp.kind {
            StructKind::Struct => Aggregate::Struct,
            StructKind::Union => Aggregate::Union,
        };
        match &sp.fields {
            None => {
                if let Some(tag) = &sp.tag {
                    if let Some(id) = self.lookup_tag(tag) {
                        return Ok(CType::Struct(id));
                    }
                    let id = self.types.declare(kind, Some(tag.clone()));
                    self.bind_tag(tag, id);
                    Ok(CType::Struct(id))
                } else {
                    let id = self.types.declare(kind, None);
                    Ok(CType::Struct(id))
                }
            }
            Some(fields) => {
                // complete a forward declaration in the same scope, else a new type
                let existing = sp.tag.as_ref().and_then(|t| {
                    let f = self.frame();
                    let innermost = if f.func.is_some() {
                        f.tags.last().and_then(|m| m.get(t).copied())
                    } else {
                        self.gtags.get(t).copied()
                    };
                    innermost.filter(|id| !self.types.get(*id).complete)
                });
                let id = match existing {
                    Some(id) => id,
                    None => {
                        let id = self.types.declare(kind, sp.tag.clone());
                        if let Some(t) = &sp.tag {
                            self.bind_tag(t, id);
                        }
                        id
                    }
                };
                self.struct_memo.insert(key, id);
                let mut specs = Vec::new();
                for fd in fields {
                    let base = self.base_type(&fd.specs)?;
                    let falign = self.align_request(&fd.specs.align)?;
                    let fpacked = fd.specs.packed;
                    if fd.declarators.is_empty() {
                        // anonymous struct/union member
                        if matches!(base, CType::Struct(_)) {
                            specs.push(FieldSpec {
                                name: None,
                                ty: base,
                                bit_width: None,
                                align: falign,
                                packed: fpacked,
                            });
                        }
                        continue;
                    }
                    for (d, w) in &fd.declarators {
                        let (ty, name) = match d {
                            Some(d) => {
                                let (t, vla) = self.declarator_type(base.clone(), d)?;
                                if let Some(e) = vla {
                                    return Err(Diag::unsupported(
                                        Some(e.loc),
                                        "variable-length array in a structure (GNU extension)",
                                    ));
                                }
                                (t, d.name.clone())
                            }
                            None => (base.clone(), None),
                        };
                        let bit_width = match w {
                            Some(we) => {
                                let v = self.const_int(we)?.ok_or_else(|| {
                                    self.type_err(we.loc, "bit-field width is not a constant")
                                })?;
                                if !(0..=128).contains(&v) {
                                    return Err(self.type_err(we.loc, "invalid bit-field width"));
                                }
                                Some(v as u16)
                            }
                            None => None,
                        };
                        specs.push(FieldSpec {
                            name,
                            ty,
                            bit_width,
                            align: falign,
                            packed: fpacked,
                        });
                    }
                }
                let target = self.target;
                let packing = crate::frontend::types::Packing {
                    packed: sp.packed,
                    pack: sp.pack,
                    align: self.align_request(&sp.align)?,
                };
                self.types
                    .define_packed(id, specs, target, packing)
                    .map_err(|m| self.type_err(sp.loc, m))?;
                Ok(CType::Struct(id))
            }
        }
    }

    /// The strictest of the alignment requests `exprs` (`_Alignas`, `aligned(N)`): each a
    /// constant power of two, or 0 (no request).
    pub(crate) fn align_request(
        &mut self,
        exprs: &'a [crate::frontend::ast::Expr],
    ) -> Result<Option<u64>, Diag> {
        let mut out: Option<u64> = None;
        for e in exprs {
            let v = self
                .const_int(e)?
                .ok_or_else(|| self.type_err(e.loc, "alignment is not an integer constant"))?;
            if v == 0 {
                continue;
            }
            if v < 0 || !(v as u128).is_power_of_two() || v > 1 << 28 {
                return Err(self.type_err(e.loc, "requested alignment is not a power of two"));
            }
            out = Some(out.map_or(v as u64, |a| a.max(v as u64)));
        }
        Ok(out)
    }

    /// An alignment attribute on a typedef. GCC gives the named type the requested alignment
    /// and keeps its size (`typedef struct { long a[9]; int m; } T __attribute__((aligned))`:
    /// sizeof 80, alignof 16, checked with gcc). Modelled exactly for an anonymous struct or
    /// union defined in a typedef of one name (glibc's `__pthread_unwind_buf_t`), where nothing
    /// else names the struct, when the request does not lower its alignment; otherwise
    /// unsupported.
    pub(crate) fn typedef_align(
        &mut self,
        d: &'a crate::frontend::ast::Declaration,
        idecl: &'a crate::frontend::ast::InitDeclarator,
        ty: &CType,
        loc: Loc,
    ) -> Result<(), Diag> {
        let Some(a) = self.decl_align_request(&d.specs, idecl)? else {
            return Ok(());
        };
        if let CType::Struct(id) = ty {
            let def = self.types.get(*id);
            if d.declarators.len() == 1 && def.tag.is_none() && def.complete && a >= def.align {
                self.types.structs[id.0 as usize].align = a;
                return Ok(());
            }
        }
        Err(Diag::unsupported(
            Some(loc),
            "an alignment attribute on a typedef (other than of an anonymous struct or union)",
        ))
    }

    /// The alignment requested for the object an init-declarator declares: by its
    /// specifiers and by attributes after its declarator.
    pub(crate) fn decl_align_request(
        &mut self,
        specs: &'a crate::frontend::ast::DeclSpecs,
        idecl: &'a crate::frontend::ast::InitDeclarator,
    ) -> Result<Option<u64>, Diag> {
        let a = self.align_request(&specs.align)?;
        let b = self.align_request(&idecl.align)?;
        Ok(a.max(b))
    }

    /// Binds the enumerators and returns the enum's type, as GCC does: `unsigned int` when no
    /// value is negative and all fit in `int`, else `int` if they do; beyond `int` (a GNU
    /// extension) the first of `unsigned int`/`unsigned long`/`unsigned long long` (no negative
    /// value) or `long`/`long long` that holds every value. An enumerator whose value fits in
    /// `int` has type `int`, a larger one has the enum's type.
    fn enum_type(&mut self, es: &'a crate::frontend::ast::EnumSpec) -> Result<CType, Diag> {
        let Some(list) = &es.enumerators else {
            let known = es.tag.as_ref().and_then(|t| self.enum_tags.get(t).cloned());
            return Ok(known.unwrap_or(CType::Int(IntKind::UInt)));
        };
        let mut next: i128 = 0;
        let mut vals = Vec::new();
        for (name, e, loc) in list {
            let v = match e {
                Some(e) => self
                    .const_int(e)?
                    .ok_or_else(|| self.type_err(*loc, "enumerator value is not a constant"))?,
                None => next,
            };
            // bound now, so later enumerators can use it (a value beyond int provisionally as
            // long long, or unsigned long long when even that is too small)
            let (ilo, ihi) = IntKind::Int.range(self.target);
            let k = if v >= ilo && v <= ihi {
                IntKind::Int
            } else if v <= IntKind::LongLong.range(self.target).1 {
                IntKind::LongLong
            } else {
                IntKind::ULongLong
            };
            self.bind(name, Sym::Enum(v, k));
            vals.push((name, v));
            next = v + 1;
        }
        let min = vals.iter().map(|(_, v)| *v).min().unwrap_or(0);
        let max = vals.iter().map(|(_, v)| *v).max().unwrap_or(0);
        let (imin, imax) = IntKind::Int.range(self.target);
        let fits = |k: IntKind| {
            let (lo, hi) = k.range(self.target);
            lo <= min && max <= hi
        };
        let kind = if min >= imin && max <= imax {
            if min >= 0 {
                IntKind::UInt
            } else {
                IntKind::Int
            }
        } else {
            let order: &[IntKind] = if min >= 0 {
                &[
                    IntKind::UInt,
                    IntKind::ULong,
                    IntKind::ULongLong,
                    IntKind::UInt128,
                ]
            } else {
                &[IntKind::Long, IntKind::LongLong, IntKind::Int128]
            };
            match order.iter().copied().find(|&k| fits(k)) {
                Some(k) => k,
                None => {
                    return Err(self.type_err(
                        es.loc,
                        "enumerator values out of range of every integer type",
                    ))
                }
            }
        };
        for (name, v) in vals {
            if v < imin || v > imax {
                self.bind(name, Sym::Enum(v, kind));
            }
        }
        let ty = CType::Int(kind);
        if let Some(t) = &es.tag {
            self.enum_tags.insert(t.clone(), ty.clone());
        }
        Ok(ty)
    }

    /// The type of a declarator over `base`, and the size expression of an outermost
    /// variable-length array dimension, if any.
    pub fn declarator_type(
        &mut self,
        base: CType,
        d: &'a Declarator,
    ) -> Result<(CType, Option<&'a crate::frontend::ast::Expr>), Diag> {
        let mut t = base;
        let mut vla = None;
        let n = d.derived.len();
        for (i, der) in d.derived.iter().enumerate().rev() {
            t = match der {
                Derived::Pointer { .. } => CType::ptr_to(t),
                Derived::Array(None) => CType::Array(Box::new(t), None),
                Derived::Array(Some(e)) => match self.const_int(e)? {
                    Some(v) if v >= 0 => CType::Array(Box::new(t), Some(v as u64)),
                    Some(_) => return Err(self.type_err(e.loc, "array has negative size")),
                    None => {
                        if i == 0 {
                            vla = Some(&**e);
                        } else if let (c, true) = self.vla_bound(e)? {
                            // an inner bound that is a never-assigned variable with a constant
                            // initialiser (`unsigned n = 10; int a[n][n];`): that constant
                            t = CType::Array(Box::new(t), Some(c));
                            continue;
                        } else {
                            return Err(Diag::unsupported(
                                Some(e.loc),
                                "variable-length array in an inner dimension",
                            ));
                        }
                        CType::Array(Box::new(t), None)
                    }
                },
                Derived::Function { params, variadic } => {
                    let (ps, prototyped) = self.param_types(params)?;
                    CType::Func(Rc::new(FuncType {
                        ret: t,
                        params: ps,
                        variadic: *variadic,
                        prototyped,
                    }))
                }
            };
        }
        let _ = n;
        Ok((t, vla))
    }

    pub fn param_types(
        &mut self,
        params: &'a [crate::frontend::ast::ParamDecl],
    ) -> Result<(Vec<CType>, bool), Diag> {
        if params.is_empty() {
            return Ok((Vec::new(), false));
        }
        let mut out = Vec::new();
        for p in params {
            let base = self.base_type(&p.specs)?;
            let (t, _) = match self.declarator_type(base, &p.declarator) {
                // `void f(int m, int n, int x[m][n])`: a variably modified parameter type
                Err(d)
                    if d.message.contains("undeclared")
                        && p.declarator.derived.iter().any(|x| {
                            matches!(x, crate::frontend::ast::Derived::Array(Some(_)))
                        }) =>
                {
                    return Err(Diag::unsupported(
                        d.loc,
                        "variable-length array parameter bounded by another parameter",
                    ))
                }
                r => r?,
            };
            if t.is_void() && p.declarator.name.is_none() && params.len() == 1 {
                return Ok((Vec::new(), true));
            }
            out.push(adjust_param(t));
        }
        Ok((out, true))
    }

    pub fn type_name(&mut self, tn: &'a crate::frontend::ast::TypeName) -> Result<CType, Diag> {
        let base = self.base_type(&tn.specs)?;
        let (t, _) = self.declarator_type(base, &tn.declarator)?;
        Ok(t)
    }

    /// Evaluates an integer constant expression (`None` when it is not constant).
    pub fn const_int(&mut self, e: &'a crate::frontend::ast::Expr) -> Result<Option<i128>, Diag> {
        let v = match self.scratch_expr(e) {
            Ok(v) => v,
            Err(d) if d.kind == DiagKind::Unsupported => return Ok(None),
            Err(d) => return Err(d),
        };
        match v {
            expr::Val::R(x, t) if t.is_integer() || t.is_pointer() => {
                Ok(fold::const_value(&x, &self.vars))
            }
            _ => Ok(None),
        }
    }

    /// Lowers an expression without keeping any code (for `sizeof`, `typeof`, constants).
    pub fn scratch_expr(&mut self, e: &'a crate::frontend::ast::Expr) -> Result<expr::Val, Diag> {
        let saved = std::mem::take(&mut self.b);
        self.b.func = saved.func.clone();
        self.b.src = saved.src;
        let was = self.scratch;
        self.scratch = true;
        let nframes = self.frames.len();
        let nscopes = self.frame().scopes.len();
        let labels = self.frame().labels.clone();
        let placed = self.frame().placed.clone();
        let r = self.expr(e);
        self.scratch = was;
        self.frames.truncate(nframes);
        let f = self.frame_mut();
        f.scopes.truncate(nscopes);
        f.labels = labels;
        f.placed = placed;
        self.b = saved;
        r
    }

    /// Registers a function declaration or definition.
    pub fn register_func(
        &mut self,
        name: &str,
        ty: Rc<FuncType>,
        def: Option<&'a crate::frontend::ast::FunctionDef>,
        loc: Loc,
    ) -> FuncId {
        if let Some(&f) = self.func_by_name.get(name) {
            let fi = &mut self.funcs[f];
            if def.is_some() {
                fi.def = def;
                fi.ty = ty;
                fi.loc = loc;
            } else if !fi.ty.prototyped && ty.prototyped && fi.def.is_none() {
                fi.ty = ty;
            }
            self.globals.insert(name.to_string(), Sym::Func(f));
            return f;
        }
        self.funcs.push(FuncInfo {
            name: name.to_string(),
            ty,
            def,
            thread: None,
            obj: None,
            address_taken: false,
            has_backward_goto: false,
            uses_va_start: false,
            loc,
        });
        let f = self.funcs.len() - 1;
        self.func_by_name.insert(name.to_string(), f);
        self.globals.insert(name.to_string(), Sym::Func(f));
        f
    }

    /// Pass over the file scope: types, globals, functions.
    pub fn collect_file_scope(&mut self) -> Result<(), Diag> {
        let tu = self.tu;
        let mut pending: Vec<(SlotId, &'a Initializer, Loc)> = Vec::new();
        let mut linkage = Linkage::default();
        for item in &tu.items {
            match item {
                crate::frontend::ast::ExternalDecl::Function(fd) => {
                    self.b.src = fd.loc;
                    let base = self.base_type(&fd.specs)?;
                    let (ty, _) = self.declarator_type(base, &fd.declarator)?;
                    let name = fd.declarator.name.clone().ok_or_else(|| {
                        self.type_err(fd.loc, "function definition without a name")
                    })?;
                    let fty = match ty {
                        CType::Func(f) => f,
                        _ => {
                            return Err(self.type_err(
                                fd.loc,
                                format!("`{}` is defined with a body but is not a function", name),
                            ))
                        }
                    };
                    if let Some(prev) = self
                        .func_by_name
                        .get(&name)
                        .and_then(|&f| self.funcs[f].def)
                    {
                        // one body per function (across linked units: weak ones beside a
                        // strong one were dropped by `frontend::link`)
                        let at = prev.loc;
                        return Err(self.type_err(
                            fd.loc,
                            format!(
                                "redefinition of function `{name}` (first defined at line {})",
                                at.line
                            ),
                        ));
                    }
                    self.register_func(&name, fty, Some(fd), fd.loc);
                }
                crate::frontend::ast::ExternalDecl::Decl(d) => {
                    self.b.src = d.loc;
                    self.file_decl(d, &mut pending, &mut linkage)?;
                }
            }
        }
        // tentative definitions of a struct or union completed later in the file
        for s in 0..self.slots.len() {
            if self.slots[s].incomplete && self.slots[s].scope == Scope::Global {
                let ty = self.slots[s].ty.clone();
                if self.types.size_of(&ty, self.target).is_some() {
                    self.complete_slot(s, &ty);
                }
            }
        }
        // one initialiser per global: two are a redefinition in one unit and a multiple
        // definition across linked units (weak ones beside a strong one were dropped by
        // `frontend::link`)
        let mut seen = HashSet::new();
        for (s, init, loc) in pending.into_iter().rev() {
            if seen.insert(s) {
                self.dyn_inits.push((s, init, loc));
            } else {
                return Err(self.type_err(
                    loc,
                    format!(
                        "`{}` is defined with an initialiser more than once",
                        self.slots[s].name
                    ),
                ));
            }
        }
        self.dyn_inits.reverse();
        self.extern_only = linkage
            .declared_extern
            .into_iter()
            .filter(|s| !linkage.defined.contains(s))
            .collect();
        self.extern_only.sort_unstable();
        Ok(())
    }

    fn file_decl(
        &mut self,
        d: &'a Declaration,
        pending: &mut Vec<(SlotId, &'a Initializer, Loc)>,
        linkage: &mut Linkage,
    ) -> Result<(), Diag> {
        let base = self.base_type(&d.specs)?;
        for idecl in &d.declarators {
            let (mut ty, _) = self.declarator_type(base.clone(), &idecl.declarator)?;
            let name = match &idecl.declarator.name {
                Some(n) => n.clone(),
                None => continue,
            };
            let loc = idecl.declarator.loc;
            let atomic = self.specs_atomic(&d.specs);
            if d.specs.storage == Some(StorageClass::Typedef) {
                self.typedef_align(d, idecl, &ty, loc)?;
                if atomic {
                    self.atomic_typedefs.insert(name.clone());
                }
                self.globals.insert(name, Sym::Typedef(ty));
                continue;
            }
            if let CType::Func(f) = ty {
                self.register_func(&name, f, None, loc);
                continue;
            }
            if let (CType::Array(_, None), Some(init)) = (&ty, &idecl.init) {
                ty = self.complete_array_type(&ty, init)?;
            }
            let s = match self.globals.get(&name) {
                Some(Sym::Var(s)) => {
                    let s = *s;
                    if self.slots[s].incomplete && self.types.size_of(&ty, self.target).is_some() {
                        self.complete_slot(s, &ty);
                    }
                    s
                }
                _ => {
                    let s = self.new_slot(&name, &ty, Scope::Global, false, loc);
                    self.globals.insert(name.clone(), Sym::Var(s));
                    s
                }
            };
            let req = self.decl_align_request(&d.specs, idecl)?;
            self.request_align(s, req);
            if let Some(k) = super::libc_mutex::static_mutex_kind(&idecl.init) {
                self.static_mutexes.push((s, k));
            }
            if atomic {
                self.atomic_slots.insert(s);
            }
            if d.specs.is_thread_local {
                self.tls_slots.insert(s);
            }
            if d.specs.storage == Some(StorageClass::Extern) && idecl.init.is_none() {
                linkage.declared_extern.insert(s);
            } else {
                linkage.defined.insert(s);
            }
            if let Some(init) = &idecl.init {
                pending.push((s, init, loc));
            }
        }
        Ok(())
    }

    /// The object a use of slot `s` in the current thread denotes: `s` itself, or for a
    /// thread-local object (`_Thread_local`, `__thread`) the current thread entry's own copy,
    /// created on first use with the declared object's constant initial values. The copy's
    /// cells are `Scope::Local` variables *with* an initial value, which every engine and the
    /// interpreter give each thread instance at its start (a thread instance runs its entry's
    /// CFG with its own copy of the entry's locals, so every instance has its own object).
    pub fn thread_local_slot(&mut self, s: SlotId, loc: Loc) -> Result<SlotId, Diag> {
        if !self.tls_slots.contains(&s) {
            return Ok(s);
        }
        if let Some(&c) = self.tls_copies.get(&(s, self.thread)) {
            return Ok(c);
        }
        if self.late_inits.iter().any(|(x, _, _)| *x == s) {
            return Err(Diag::unsupported(
                Some(loc),
                "thread-local storage with an initialiser that is not a constant",
            ));
        }
        let orig = self.slots[s].clone();
        let tname = self
            .threads
            .get(self.thread.0 as usize)
            .map(|&f| self.funcs[f].name.clone())
            .unwrap_or_default();
        let c = self.new_slot(
            &format!("{}@{}", orig.name, tname),
            &orig.ty,
            Scope::Local(self.thread),
            false,
            orig.loc,
        );
        let pairs: Vec<(VarId, VarId)> = orig
            .cells
            .iter()
            .zip(self.slots[c].cells.iter())
            .map(|((_, a), (_, b))| (*a, *b))
            .collect();
        for (a, b) in pairs {
            // statics are zero-initialised; an `extern`-only declaration stays unknown
            let init = self.vars[a.0 as usize].init;
            self.vars[b.0 as usize].init = init;
            let addr: Vec<i128> = self
                .byte_inits
                .iter()
                .filter(|(v, _)| *v == a)
                .map(|(_, k)| *k)
                .collect();
            self.byte_inits.extend(addr.into_iter().map(|k| (b, k)));
        }
        if self.atomic_slots.contains(&s) {
            self.atomic_slots.insert(c);
        }
        self.tls_copies.insert((s, self.thread), c);
        Ok(c)
    }

    /// Whether declaration specifiers make an object `_Atomic` (the qualifier, or a typedef
    /// name declared `_Atomic`).
    pub fn specs_atomic(&self, specs: &crate::frontend::ast::DeclSpecs) -> bool {
        specs.is_atomic
            || specs
                .types
                .iter()
                .any(|t| matches!(t, TypeSpec::TypedefName(n) if self.atomic_typedefs.contains(n)))
    }

    /// Whether `e` names a file-scope `_Atomic` object (see `atomic_slots`).
    pub fn names_atomic(&self, e: &crate::frontend::ast::Expr) -> bool {
        match &e.kind {
            crate::frontend::ast::ExprKind::Ident(n) => {
                matches!(self.lookup(n), Some(Sym::Var(s)) if self.atomic_slots.contains(&s))
            }
            _ => false,
        }
    }

    /// Scans all function bodies: functions used as values (and `extra_entries`) become thread
    /// entries; functions with backward gotos are noted; assigned variable names are collected.
    pub fn find_thread_entries(&mut self) -> Result<(), Diag> {
        let mut scan = Scan::default();
        for item in &self.tu.items {
            match item {
                crate::frontend::ast::ExternalDecl::Function(fd) => {
                    scan.labels.clear();
                    scan.backward = false;
                    scan.va_start = false;
                    scan.stmt(&fd.body);
                    if let Some(n) = &fd.declarator.name {
                        if let Some(&f) = self.func_by_name.get(n) {
                            self.funcs[f].has_backward_goto |= scan.backward;
                            self.funcs[f].uses_va_start |= scan.va_start;
                        }
                    }
                }
                crate::frontend::ast::ExternalDecl::Decl(d) => scan.decl(d),
            }
        }
        self.written_names = scan.written;
        self.value_names = std::mem::take(&mut scan.addr);
        let addr = self.value_names.clone();
        let main = self.func_by_name.get(self.entry.as_str()).copied();
        if let Some(m) = main {
            self.threads.push(m);
            self.funcs[m].thread = Some(ThreadId(0));
        }
        for f in 0..self.funcs.len() {
            let taken = addr.contains(&self.funcs[f].name);
            self.funcs[f].address_taken |= taken;
            if (taken || self.extra_entries.contains(&self.funcs[f].name))
                && self.funcs[f].def.is_some()
                && Some(f) != main
            {
                self.funcs[f].thread = Some(ThreadId(self.threads.len() as u32));
                self.threads.push(f);
            }
        }
        Ok(())
    }
}

/// Array parameters are pointers, function parameters are function pointers.
pub fn adjust_param(t: CType) -> CType {
    match t {
        CType::Array(e, _) => CType::Pointer(e),
        CType::Func(_) => CType::ptr_to(t),
        t => t,
    }
}

/// File-scope variables declared `extern` without an initialiser, and those defined (a
/// declaration without `extern`, i.e. a tentative or full definition, or one with an
/// initialiser).
#[derive(Default)]
pub(crate) struct Linkage {
    declared_extern: HashSet<SlotId>,
    defined: HashSet<SlotId>,
}

/// Syntactic pre-scan of function bodies.
#[derive(Default)]
struct Scan {
    addr: HashSet<String>,
    written: HashSet<String>,
    labels: HashSet<String>,
    backward: bool,
    /// The body calls `va_start`.
    va_start: bool,
}

impl Scan {
    fn decl(&mut self, d: &Declaration) {
        for i in &d.declarators {
            for der in &i.declarator.derived {
                if let Derived::Array(Some(e)) = der {
                    self.expr(e, false);
                }
            }
            if let Some(init) = &i.init {
                self.init(init);
            }
        }
    }
    fn init(&mut self, i: &Initializer) {
        match i {
            Initializer::Expr(e) => self.expr(e, false),
            Initializer::List(items, _) => {
                for (ds, i) in items {
                    for d in ds {
                        match d {
                            Designator::Index(e) => self.expr(e, false),
                            Designator::Range(a, b) => {
                                self.expr(a, false);
                                self.expr(b, false)
                            }
                            Designator::Field(_) => {}
                        }
                    }
                    self.init(i)
                }
            }
        }
    }
    fn stmt(&mut self, s: &crate::frontend::ast::Stmt) {
        match &s.kind {
            StmtKind::Compound(items) => {
                for it in items {
                    match it {
                        BlockItem::Decl(d) => self.decl(d),
                        BlockItem::Stmt(s) => self.stmt(s),
                    }
                }
            }
            StmtKind::Expr(Some(e)) => self.expr(e, false),
            StmtKind::If(c, a, b) => {
                self.expr(c, false);
                self.stmt(a);
                if let Some(b) = b {
                    self.stmt(b)
                }
            }
            StmtKind::While(c, b) => {
                self.expr(c, false);
                self.stmt(b)
            }
            StmtKind::DoWhile(b, c) => {
                self.stmt(b);
                self.expr(c, false)
            }
            StmtKind::For(i, c, st, b) => {
                if let Some(i) = i {
                    match &**i {
                        BlockItem::Decl(d) => self.decl(d),
                        BlockItem::Stmt(s) => self.stmt(s),
                    }
                }
                if let Some(c) = c {
                    self.expr(c, false)
                }
                if let Some(st) = st {
                    self.expr(st, false)
                }
                self.stmt(b)
            }
            StmtKind::Switch(e, b) => {
                self.expr(e, false);
                self.stmt(b)
            }
            StmtKind::Case(e, b) => {
                self.expr(e, false);
                self.stmt(b)
            }
            StmtKind::CaseRange(a, c, b) => {
                self.expr(a, false);
                self.expr(c, false);
                self.stmt(b)
            }
            StmtKind::Default(b) => self.stmt(b),
            StmtKind::Labeled(n, b) => {
                self.labels.insert(n.clone());
                self.stmt(b)
            }
            StmtKind::Goto(n) if self.labels.contains(n) => self.backward = true,
            StmtKind::Return(Some(e)) => self.expr(e, false),
            _ => {}
        }
    }
    fn lhs(&mut self, e: &crate::frontend::ast::Expr) {
        if let ExprKind::Ident(n) = &e.kind {
            self.written.insert(n.clone());
        }
    }
    fn expr(&mut self, e: &crate::frontend::ast::Expr, callee: bool) {
        match &e.kind {
            ExprKind::Ident(n) if !callee => {
                self.addr.insert(n.clone());
            }
            ExprKind::Unary(op, a) => {
                if *op == crate::frontend::ast::UnaryOp::AddrOf {
                    self.lhs(a);
                }
                // `(*fp)(...)` and `(&f)(...)` keep the callee position
                let c = callee
                    && matches!(
                        op,
                        crate::frontend::ast::UnaryOp::Deref
                            | crate::frontend::ast::UnaryOp::AddrOf
                    );
                self.expr(a, c)
            }
            ExprKind::IncDec { arg, .. } => {
                self.lhs(arg);
                self.expr(arg, false)
            }
            ExprKind::Binary(_, a, b) | ExprKind::Comma(a, b) | ExprKind::Index(a, b) => {
                self.expr(a, false);
                self.expr(b, false)
            }
            ExprKind::Assign(_, a, b) => {
                self.lhs(a);
                self.expr(a, false);
                self.expr(b, false)
            }
            ExprKind::Cond(a, b, c) => {
                self.expr(a, false);
                self.expr(b, false);
                self.expr(c, false)
            }
            ExprKind::Cast(_, a) => self.expr(a, callee),
            ExprKind::SizeofExpr(_) => {}
            ExprKind::Call(f, args) => {
                if matches!(&f.kind, ExprKind::Ident(n) if n == "__builtin_va_start") {
                    self.va_start = true;
                }
                self.expr(f, true);
                for a in args {
                    self.expr(a, false)
                }
            }
            ExprKind::Member { base, .. } => self.expr(base, false),
            ExprKind::CompoundLit(_, i) => self.init(i),
            ExprKind::StmtExpr(s) => self.stmt(s),
            _ => {}
        }
    }
}
