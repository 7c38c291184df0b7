//! Calls: verifier builtins (`reach_error`, `__VERIFIER_nondet_*`, assume/assert, atomic
//! sections), allocation, inlining of functions with a body (fresh locals per call site;
//! recursion unwound to a bound, deeper calls unsupported), external calls (a warning per
//! unmodelled function), and calls through function pointers.

use super::cfg::Label;
use super::expr::{unsup, Val};
use super::lvalue::{LValue, Place};
use super::*;
use crate::frontend::ast::{Derived, Expr as AExpr, ExprKind, FunctionDef};
use crate::frontend::types::{self as ty, IntKind};
use crate::ir::{BinOp, CallArg, ErrorKind, Op};

/// Names and locations of a definition's parameters.
pub(crate) fn param_decls(def: &FunctionDef) -> Vec<(Option<String>, Loc)> {
    for d in &def.declarator.derived {
        if let Derived::Function { params, .. } = d {
            if params.len() == 1
                && params[0].declarator.name.is_none()
                && params[0].declarator.derived.is_empty()
                && params[0].specs.types == vec![crate::frontend::ast::TypeSpec::Void]
            {
                return Vec::new();
            }
            return params
                .iter()
                .map(|p| (p.declarator.name.clone(), p.loc))
                .collect();
        }
    }
    Vec::new()
}

/// The C type a `__VERIFIER_nondet_<suffix>` returns when it is not declared.
fn nondet_suffix_type(s: &str, t: &Target) -> CType {
    use IntKind::*;
    let k = match s {
        "int" => Int,
        "uint" | "unsigned" | "u32" | "unsigned_int" => UInt,
        "char" => Char,
        "uchar" | "u8" | "unsigned_char" => UChar,
        "schar" | "s8" => SChar,
        "short" | "s16" => Short,
        "ushort" | "u16" | "unsigned_short" => UShort,
        "long" | "s32" => Long,
        "ulong" | "unsigned_long" => ULong,
        "longlong" | "long_long" | "s64" => LongLong,
        "ulonglong" | "unsigned_long_long" | "u64" => ULongLong,
        "bool" | "_Bool" => Bool,
        "int128" => Int128,
        "uint128" => UInt128,
        "size_t" | "loff_t" | "sector_t" => ty::size_t_kind(t),
        "pointer" | "pchar" => return CType::ptr_to(CType::Void),
        "float" => return CType::Float(ty::FloatKind::Float),
        "double" => return CType::Float(ty::FloatKind::Double),
        _ => Int,
    };
    CType::Int(k)
}

/// Whether a shipped scheduler description (`schedulers/*.toml`) maps `name` to an action.
pub(crate) fn is_shipped_primitive(name: &str) -> bool {
    use crate::sched::spec::{builtin_names, SchedulerSpec};
    use std::sync::OnceLock;
    // each description is parsed once; the question is asked at every external call
    static SPECS: OnceLock<Vec<SchedulerSpec>> = OnceLock::new();
    SPECS
        .get_or_init(|| {
            builtin_names()
                .iter()
                .filter_map(|n| SchedulerSpec::builtin(n))
                .collect()
        })
        .iter()
        .any(|s| s.primitive(name).is_some() || s.dispatch.contains_key(name))
}

/// The warning printed (once per function) for a call to a function without a body, a model
/// or a scheduler mapping.
pub(crate) fn unmodelled_warning(name: &str) -> String {
    format!(
        "no body for '{name}': its result is nondeterministic and it may write through its \
         pointer arguments"
    )
}

/// External functions known not to write through their pointer arguments.
pub(crate) fn is_pure_libc(name: &str) -> bool {
    matches!(
        name,
        "printf"
            | "fprintf"
            | "vprintf"
            | "vfprintf"
            | "puts"
            | "putchar"
            | "fputs"
            | "fputc"
            | "putc"
            | "fflush"
            | "perror"
            | "strlen"
            | "strnlen"
            | "strcmp"
            | "strncmp"
            | "strcasecmp"
            | "memcmp"
            | "strchr"
            | "strrchr"
            | "strstr"
            | "abs"
            | "labs"
            | "llabs"
            | "isdigit"
            | "isalpha"
            | "isspace"
            | "isalnum"
            | "isupper"
            | "islower"
            | "toupper"
            | "tolower"
            | "atoi"
            | "atol"
            | "getenv"
            | "rand"
            | "srand"
            | "sleep"
            | "usleep"
    )
}

impl<'a> Lowerer<'a> {
    pub fn call(
        &mut self,
        f: &'a AExpr,
        args: &'a [AExpr],
        loc: Loc,
        discard: bool,
    ) -> Result<Val, Diag> {
        // direct call by name
        let mut inner = f;
        while let ExprKind::Unary(
            crate::frontend::ast::UnaryOp::Deref | crate::frontend::ast::UnaryOp::AddrOf,
            a,
        ) = &inner.kind
        {
            if let ExprKind::Ident(_) = a.kind {
                inner = a;
            } else {
                break;
            }
        }
        if let ExprKind::Ident(name) = &inner.kind {
            match self.lookup(name) {
                Some(Sym::Func(fid)) => return self.call_func(fid, name, args, loc, discard),
                None => {
                    if let Some(v) = self.builtin(name, None, args, loc, discard)? {
                        return Ok(v);
                    }
                    // implicit declaration: int name() (schedmc's own `__schedmc_*` functions,
                    // called by macros the scheduler descriptions define, are not reported)
                    if !name.starts_with("__schedmc_") {
                        self.warn(loc, format!("implicit declaration of function `{}`", name));
                    }
                    let fid = self.register_func(
                        name,
                        Rc::new(FuncType {
                            ret: CType::int(),
                            params: vec![],
                            variadic: false,
                            prototyped: false,
                        }),
                        None,
                        loc,
                    );
                    return self.call_func(fid, name, args, loc, discard);
                }
                _ => {}
            }
        }
        // through a function pointer
        let v = self.expr(f)?;
        if let Val::Func(fid) = v {
            let name = self.funcs[fid].name.clone();
            return self.call_func(fid, &name, args, loc, discard);
        }
        let (fp, fpt) = self.rvalue_of(v, f.loc)?;
        let fty = match fpt.as_func() {
            Some(ft) => ft.clone(),
            None => {
                return Err(self.type_err(
                    loc,
                    format!(
                        "called object of type `{}` is not a function or function pointer",
                        self.types.display(&fpt)
                    ),
                ))
            }
        };
        if self.scratch {
            return self.dummy_result(&fty.ret, loc);
        }
        if let Some(c) = fold::const_value(&fp, &self.vars) {
            if let Some(fid) = self.func_at(c as u64) {
                let name = self.funcs[fid].name.clone();
                return self.call_func(fid, &name, args, loc, discard);
            }
        }
        // dispatch over every function whose address is taken with a matching arity; a
        // prototyped target whose arity differs from the call (possible only through an
        // unprototyped pointer type) would be undefined behaviour: it falls to the
        // unknown-target branch below, which is UNKNOWN; so do a `void` function whose
        // result the call uses and one taking a struct where the pointer's type has a scalar
        // (or the reverse)
        let ret_ty = fty.ret.clone();
        let res = if ret_ty.is_scalar() && !discard {
            let t = self.ir_of(&ret_ty, loc)?;
            Some(self.temp(t))
        } else {
            None
        };
        let cands: Vec<FuncId> = (0..self.funcs.len())
            .filter(|&g| {
                let fi = &self.funcs[g];
                fi.address_taken
                    && (!fi.ty.prototyped
                        || fi.ty.params.len() == args.len()
                        || (fi.ty.variadic && args.len() >= fi.ty.params.len()))
                    && !(res.is_some() && fi.ty.ret.is_void())
                    && !(fty.prototyped
                        && fi.ty.prototyped
                        && fty.params.iter().zip(&fi.ty.params).any(|(p, q)| {
                            matches!(p, CType::Struct(_)) != matches!(q, CType::Struct(_))
                        }))
            })
            .collect();
        let fpv = match fp {
            Expr::Var(_) => fp,
            e => {
                let t = self.temp(self.ptr_type());
                self.b.emit(Op::Assign(t, e));
                Expr::Var(t)
            }
        };
        let join = self.b.new_label();
        let mut labels = Vec::new();
        let mut none = Expr::bool(true);
        let pt = self.ptr_type();
        for &g in &cands {
            let o = self.func_object(g);
            let a = Expr::Const(self.objs[o.0 as usize].base as i128, pt);
            let eq = Expr::bin(BinOp::Eq, fpv.clone(), a.clone());
            let l = self.b.new_label();
            self.b.branch_to(eq, l);
            none = fold::bin(
                BinOp::And,
                none,
                Expr::bin(BinOp::Ne, fpv.clone(), a),
                &self.vars,
            );
            labels.push(l);
        }
        let lunk = self.b.new_label();
        if none != Expr::bool(false) {
            self.b.branch_to(none, lunk);
        }
        self.b.cur = None;
        for (&g, l) in cands.iter().zip(labels) {
            self.b.place(l);
            let name = self.funcs[g].name.clone();
            let v = self.call_func(g, &name, args, loc, discard || res.is_none())?;
            if let Some(t) = res {
                let (x, xt) = self.rvalue_of(v, loc)?;
                let x = self.convert(x, &xt, &ret_ty, loc)?;
                self.b.emit(Op::Assign(t, x));
            }
            self.b.jump(join);
        }
        self.b.place(lunk);
        self.b.emit(Op::Unsupported(
            "call through a function pointer with an unknown target".into(),
        ));
        if let Some(t) = res {
            self.b.emit(Op::Nondet(t));
        }
        self.b.place(join);
        Ok(match res {
            Some(t) => Val::R(Expr::Var(t), ret_ty),
            None => Val::Void,
        })
    }

    fn func_at(&self, addr: u64) -> Option<FuncId> {
        self.objs.iter().find_map(|o| match o.kind {
            ObjKind::Func(f) if o.base == addr => Some(f),
            _ => None,
        })
    }

    fn dummy_result(&mut self, t: &CType, loc: Loc) -> Result<Val, Diag> {
        match t {
            CType::Void => Ok(Val::Void),
            CType::Struct(_) | CType::Array(..) => {
                let sc = self.local_scope();
                let s = self.new_slot("dummy$", t, sc, true, loc);
                Ok(Val::L(LValue {
                    place: Place::Slot {
                        slot: s,
                        off: 0,
                        idx: vec![],
                    },
                    ty: t.clone(),
                    bitfield: None,
                }))
            }
            t => {
                let it = ty::ir_type(t, self.target).unwrap_or(crate::ir::Type::Bool);
                Ok(Val::R(Expr::Const(0, it), t.clone()))
            }
        }
    }

    fn call_func(
        &mut self,
        fid: FuncId,
        name: &str,
        args: &'a [AExpr],
        loc: Loc,
        discard: bool,
    ) -> Result<Val, Diag> {
        let fty = self.funcs[fid].ty.clone();
        if let Some(v) = self.builtin(name, Some(fid), args, loc, discard)? {
            return Ok(v);
        }
        if self.scratch {
            return self.dummy_result(&fty.ret, loc);
        }
        // a port's inline interrupt-masking function (inline assembly) that a scheduler
        // description maps: the call is the primitive, the body is not lowered
        let port_primitive = ["vPort", "ulPort", "xPort", "uxPort"]
            .iter()
            .any(|p| name.starts_with(p))
            && is_shipped_primitive(name);
        if self.funcs[fid].def.is_some() && !port_primitive {
            let atomic = name.starts_with("__VERIFIER_atomic_");
            if atomic {
                self.b.emit(Op::AtomicBegin);
            }
            let v = self.inline(fid, args, loc)?;
            if atomic {
                self.b.emit(Op::AtomicEnd);
            }
            return Ok(v);
        }
        self.external(fid, args, loc, discard)
    }

    /// Verifier and compiler builtins; `None` when `name` is not one.
    fn builtin(
        &mut self,
        name: &str,
        fid: Option<FuncId>,
        args: &'a [AExpr],
        loc: Loc,
        discard: bool,
    ) -> Result<Option<Val>, Diag> {
        let has_body = fid.is_some_and(|f| self.funcs[f].def.is_some());
        let declared_ret = fid.map(|f| self.funcs[f].ty.ret.clone());
        if let (false, Some((op, k))) = (has_body, Self::overflow_builtin_kind(name)) {
            return self.overflow_builtin(name, op, k, args, loc).map(Some);
        }
        if !has_body {
            if let Some(v) = self.float_builtin(name, args, loc)? {
                return Ok(Some(v));
            }
        }
        match name {
            // MSVC's `__noop(...)`: the arguments are not evaluated, the value is 0
            "__noop" if !has_body => {
                let k = IntKind::Int;
                Ok(Some(Val::R(self.int_const(0, k), CType::Int(k))))
            }
            "reach_error" | "__VERIFIER_error" => {
                self.eval_args(args)?;
                if !self.scratch {
                    let el = self.error_label_here(loc)?;
                    self.b.emit_to(Op::Error(ErrorKind::ReachError), el);
                }
                Ok(Some(Val::Void))
            }
            "__assert_fail"
            | "__assert_perror_fail"
            | "__assert"
            | "__assert_rtn"
            | "__builtin___assert_fail"
                if !has_body =>
            {
                let msg = match args.first().map(|a| &a.kind) {
                    Some(ExprKind::StringLit(b)) => String::from_utf8_lossy(b).into_owned(),
                    _ => "assertion".to_string(),
                };
                let rest: &'a [AExpr] = if args.is_empty() { args } else { &args[1..] };
                self.eval_args(rest)?;
                if !self.scratch {
                    let el = self.error_label_here(loc)?;
                    self.b.emit_to(Op::Error(ErrorKind::AssertFail(msg)), el);
                }
                Ok(Some(Val::Void))
            }
            "assert" if !has_body => {
                let a = args
                    .first()
                    .ok_or_else(|| self.type_err(loc, "assert needs an argument"))?;
                if self.scratch {
                    return Ok(Some(Val::Void));
                }
                let text = ast_text(a);
                let lt = self.b.new_label();
                let lf = self.b.new_label();
                self.branch(a, lt, lf)?;
                self.b.place(lf);
                let el = self.error_label_here(loc)?;
                self.b.emit_to(Op::Error(ErrorKind::AssertFail(text)), el);
                self.b.place(lt);
                Ok(Some(Val::Void))
            }
            "exit" | "__builtin_exit" if !has_body => {
                self.eval_args(args)?;
                if !self.scratch {
                    self.run_atexit_handlers(loc)?;
                    self.b.emit(Op::Assume(Expr::bool(false)));
                    self.b.cur = None;
                }
                Ok(Some(Val::Void))
            }
            "abort"
            | "_Exit"
            | "_exit"
            | "__builtin_trap"
            | "__builtin_unreachable"
            | "__builtin_abort"
                if !has_body =>
            {
                self.eval_args(args)?;
                if !self.scratch {
                    self.b.emit(Op::Assume(Expr::bool(false)));
                    self.b.cur = None;
                }
                Ok(Some(Val::Void))
            }
            "__CPROVER_assert" | "__ESBMC_assert" if !has_body => {
                // CBMC's and ESBMC's assertion: (condition, description)
                let a = args
                    .first()
                    .ok_or_else(|| self.type_err(loc, format!("{name} needs an argument")))?;
                if self.scratch {
                    return Ok(Some(Val::Void));
                }
                let text = match args.get(1).map(|m| &m.kind) {
                    Some(ExprKind::StringLit(b)) => String::from_utf8_lossy(b).into_owned(),
                    _ => ast_text(a),
                };
                self.eval_args(args.get(1..).unwrap_or(&[]))?;
                let lt = self.b.new_label();
                let lf = self.b.new_label();
                self.branch(a, lt, lf)?;
                self.b.place(lf);
                let el = self.error_label_here(loc)?;
                self.b.emit_to(Op::Error(ErrorKind::AssertFail(text)), el);
                self.b.place(lt);
                Ok(Some(Val::Void))
            }
            "__VERIFIER_assume" | "__CPROVER_assume" | "__ESBMC_assume" if !has_body => {
                let a = args
                    .first()
                    .ok_or_else(|| self.type_err(loc, format!("{name} needs an argument")))?;
                let c = self.cond(a)?;
                if !self.scratch {
                    self.b.emit(Op::Assume(c));
                }
                Ok(Some(Val::Void))
            }
            "__schedmc_unsupported" if !has_body => {
                // used by the C library models: reaching it makes a verdict UNKNOWN
                let what = match args.first().map(|a| &a.kind) {
                    Some(ExprKind::StringLit(b)) => String::from_utf8_lossy(b).into_owned(),
                    _ => "a library feature schedmc does not model".to_string(),
                };
                if !self.scratch {
                    self.b.emit(Op::Unsupported(what));
                }
                Ok(Some(Val::Void))
            }
            // SV-COMP's atomic sections and ESBMC's and CBMC's spellings of them
            "__VERIFIER_atomic_begin" | "__ESBMC_atomic_begin" | "__CPROVER_atomic_begin"
                if !has_body =>
            {
                if !self.scratch {
                    self.b.emit(Op::AtomicBegin);
                }
                Ok(Some(Val::Void))
            }
            // full memory fences: an empty atomic section (a no-op under sequential
            // consistency; partial-order BMC orders every buffered write before it under
            // --mm tso/pso). A release or acq_rel fence is a store-store fence (the call
            // `engine::pobmc::barrier::STORE_STORE_FENCE`, which only PSO gives a meaning);
            // relaxed, consume and acquire fences order nothing TSO/PSO reorders. A
            // non-constant order is seq_cst (as GCC treats it).
            "__sync_synchronize" | "__atomic_thread_fence" if !has_body => {
                let order = match args.first() {
                    Some(a) => self.const_int(a)?.unwrap_or(5),
                    None => 5,
                };
                self.eval_args(args)?;
                if !self.scratch {
                    if order >= 5 {
                        self.b.emit(Op::AtomicBegin);
                        self.b.emit(Op::AtomicEnd);
                    } else if order == 3 || order == 4 {
                        self.b.emit(store_store_fence());
                    }
                }
                Ok(Some(Val::Void))
            }
            "__VERIFIER_atomic_end" | "__ESBMC_atomic_end" | "__CPROVER_atomic_end"
                if !has_body =>
            {
                if !self.scratch {
                    self.b.emit(Op::AtomicEnd);
                }
                Ok(Some(Val::Void))
            }
            n if (n.starts_with("__VERIFIER_nondet_")
                || (n.starts_with("nondet_") && args.is_empty()))
                && !has_body =>
            {
                // SV-COMP's __VERIFIER_nondet_<type>; CBMC's and ESBMC's convention: every
                // function named nondet_* without a body returns an arbitrary value (one with
                // arguments stays an unmodelled call: it may write through them)
                self.eval_args(args)?;
                let suffix = n
                    .strip_prefix("__VERIFIER_nondet_")
                    .unwrap_or(&n["nondet_".len()..]);
                let t = match declared_ret {
                    Some(t)
                        if !(t == CType::int()
                            && fid.is_some_and(|f| !self.funcs[f].ty.prototyped)
                            && suffix != "int") =>
                    {
                        t
                    }
                    _ => nondet_suffix_type(suffix, self.target),
                };
                if t.is_void() {
                    return Ok(Some(Val::Void));
                }
                if self.scratch {
                    return Ok(Some(self.dummy_result(&t, loc)?));
                }
                if !t.is_scalar() {
                    return Ok(Some(self.nondet_result(&t, loc)?));
                }
                let it = self.ir_of(&t, loc)?;
                let v = self.temp(it);
                self.b.emit(Op::Nondet(v));
                self.nondet_sources.insert(v);
                Ok(Some(Val::R(Expr::Var(v), t)))
            }
            "__builtin_expect" | "__builtin_expect_with_probability" if !has_body => {
                let a = args
                    .first()
                    .ok_or_else(|| self.type_err(loc, "__builtin_expect needs arguments"))?;
                let v = self.expr(a)?;
                if args.len() > 1 {
                    self.eval_args(&args[1..])?;
                }
                Ok(Some(v))
            }
            "__builtin_types_compatible_p" if !has_body => {
                let mut ts = Vec::new();
                for a in args {
                    match &a.kind {
                        ExprKind::SizeofType(tn) => ts.push(self.type_name(tn)?),
                        _ => {
                            return Err(
                                self.type_err(loc, "__builtin_types_compatible_p needs two types")
                            )
                        }
                    }
                }
                let same = ts.len() == 2 && ts[0] == ts[1];
                Ok(Some(Val::R(
                    self.int_const(same as i128, IntKind::Int),
                    CType::int(),
                )))
            }
            "__builtin_constant_p" if !has_body => {
                // 1 for an integer constant expression, else 0 (GCC without optimisation);
                // the argument is not evaluated
                let c = match args {
                    [a] => self.const_int(a)?.is_some(),
                    _ => false,
                };
                Ok(Some(Val::R(
                    self.int_const(i128::from(c), IntKind::Int),
                    CType::int(),
                )))
            }
            "__builtin_bswap16" | "__builtin_bswap32" | "__builtin_bswap64" if !has_body => {
                let bits: u16 = match name {
                    "__builtin_bswap16" => 16,
                    "__builtin_bswap32" => 32,
                    _ => 64,
                };
                let a = args
                    .first()
                    .ok_or_else(|| self.type_err(loc, "bswap needs an argument"))?;
                let (x, t) = self.rv(a)?;
                let k = match bits {
                    16 => IntKind::UShort,
                    32 => {
                        if self.target.int_bits == 32 {
                            IntKind::UInt
                        } else {
                            IntKind::ULong
                        }
                    }
                    _ => IntKind::ULongLong,
                };
                let x = self.convert(x, &t, &CType::Int(k), loc)?;
                let it = k.ir(self.target);
                let mut acc: Option<Expr> = None;
                for i in 0..(bits / 8) {
                    let from = i * 8;
                    let to = bits - 8 - i * 8;
                    let byte = Expr::bin(
                        BinOp::BitAnd,
                        Expr::bin(BinOp::Shr, x.clone(), Expr::Const(from as i128, it)),
                        Expr::Const(0xff, it),
                    );
                    let moved = Expr::bin(BinOp::Shl, byte, Expr::Const(to as i128, it));
                    acc = Some(match acc {
                        None => moved,
                        Some(a) => Expr::bin(BinOp::BitOr, a, moved),
                    });
                }
                Ok(Some(Val::R(acc.unwrap_or(x), CType::Int(k))))
            }
            "malloc" | "calloc" | "alloca" | "__builtin_alloca" | "valloc" | "__builtin_malloc"
            | "__builtin_calloc" | "__CPROVER_malloc" | "pvPortMalloc"
                if !has_body =>
            {
                let name = if name == "__builtin_calloc" {
                    "calloc"
                } else {
                    name
                };
                self.alloc(name, args, loc).map(Some)
            }
            "memcpy" | "memmove" | "memset" | "memcmp" | "__builtin_memcpy"
            | "__builtin_memmove" | "__builtin_memset" | "__builtin_memcmp"
                if !has_body =>
            {
                self.mem_builtin(name, args, loc)
            }
            // FreeRTOS's heap (pvPortMalloc / vPortFree of heap_1..5) without its body: the model
            "free" | "cfree" | "__builtin_free" | "vPortFree" if !has_body => {
                self.free_call(args, loc).map(Some)
            }
            "realloc" | "__builtin_realloc" if !has_body => self.realloc(args, loc).map(Some),
            "aligned_alloc" if !has_body => self.aligned_alloc(args, loc).map(Some),
            "__builtin_va_start" | "__builtin_va_arg" | "__builtin_va_end"
            | "__builtin_va_copy"
                if !has_body =>
            {
                self.va_builtin(name, args, loc).map(Some)
            }
            _ => {
                let _ = discard;
                Ok(None)
            }
        }
    }

    /// `exit()` or main's return in a program that calls `atexit`: the registered handlers
    /// (`include/libc/atexit.c`) run here; `exit()` called by a handler is undefined (C11
    /// 7.22.4.4p2).
    pub(crate) fn run_atexit_handlers(&mut self, loc: Loc) -> Result<(), Diag> {
        let Some(&f) = self.func_by_name.get("__schedmc_atexit_run") else {
            return Ok(());
        };
        if self.funcs[f].def.is_none() || self.b.cur.is_none() {
            return Ok(());
        }
        if self.inline_stack.contains(&f) {
            self.b.emit(Op::Unsupported(
                "exit() called by an atexit handler (undefined behaviour)".into(),
            ));
            return Ok(());
        }
        self.inline(f, &[], loc).map(|_| ())
    }

    /// The error location of the CFG being built (none while evaluating file-scope
    /// initialisers, where a call is not a constant anyway).
    fn error_label_here(&self, loc: Loc) -> Result<Label, Diag> {
        if self.frame().func.is_none() && self.frames.len() == 1 && self.b.locs.is_empty() {
            return Err(self.type_err(loc, "initializer element is not a compile-time constant"));
        }
        self.error_label
            .ok_or_else(|| self.type_err(loc, "initializer element is not a compile-time constant"))
    }

    /// Evaluates arguments for their side effects only.
    fn eval_args(&mut self, args: &'a [AExpr]) -> Result<(), Diag> {
        for a in args {
            if has_effects(a) {
                self.discard(a)?;
            }
        }
        Ok(())
    }

    /// Inlines a function with a body at the current position.
    fn inline(&mut self, fid: FuncId, args: &'a [AExpr], loc: Loc) -> Result<Val, Diag> {
        let fty = self.funcs[fid].ty.clone();
        let fname = self.funcs[fid].name.clone();
        let def = self.funcs[fid].def.expect("inline of a defined function");
        let params = param_decls(def);
        if (fty.prototyped || !params.is_empty()) && !fty.variadic && args.len() != params.len() {
            return Err(self.type_err(
                loc,
                format!(
                    "`{}` takes {} argument(s) but {} were given",
                    fname,
                    params.len(),
                    args.len()
                ),
            ));
        }
        if fty.variadic && args.len() < params.len() {
            return Err(self.type_err(loc, format!("too few arguments to `{}`", fname)));
        }
        // arguments are evaluated in the caller
        let mut vals = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let v = self.expr(a)?;
            let v = match v {
                Val::L(lv) if lv.ty.is_scalar() || matches!(lv.ty, CType::Array(..)) => {
                    let (x, t) = self.rvalue_of(Val::L(lv), a.loc)?;
                    Val::R(x, t)
                }
                Val::Func(f) if i < fty.params.len() || !fty.prototyped => {
                    let (x, t) = self.rvalue_of(Val::Func(f), a.loc)?;
                    Val::R(x, t)
                }
                v => v,
            };
            vals.push(v);
        }
        if self.inline_stack.len() > 150 {
            return Err(unsup(
                loc,
                format!(
                    "call nesting deeper than 150 inlined functions at `{}`",
                    fname
                ),
            ));
        }
        // recursion: unwound like a loop, up to `recursion_depth` nested recursive calls
        let active = self.inline_stack.iter().filter(|&&g| g == fid).count() as u32;
        if active > 0 {
            let instances = self.inst_count.get(&fname).copied().unwrap_or(0);
            if active > self.recursion_depth || instances >= super::MAX_RECURSIVE_INSTANCES {
                let caller = self.funcs[*self.inline_stack.last().unwrap_or(&fid)]
                    .name
                    .clone();
                self.b.emit(Op::Unsupported(format!(
                    "recursion deeper than {} nested calls: {} calls {} (raise the bound with --unwind)",
                    self.recursion_depth, caller, fname
                )));
                return self.nondet_result(&fty.ret, loc);
            }
        }
        let display = self.instance_name(&fname);
        let exit = self.b.new_label();
        let caller_func = self.b.func.clone();
        self.frames.push(Frame {
            func: Some(fid),
            fname: fname.clone(),
            display: display.clone(),
            scopes: vec![HashMap::new()],
            tags: vec![HashMap::new()],
            exit: Some(exit),
            ..Default::default()
        });
        self.inline_stack.push(fid);
        self.b.func = fname.clone();
        let r = (|| {
            for (i, (pname, ploc)) in params.iter().enumerate() {
                let pty = fty.params.get(i).cloned().unwrap_or(CType::int());
                let name = pname.clone().unwrap_or_else(|| format!("param${}", i));
                let sc = self.local_scope();
                let s = self.new_slot(&format!("{}::{}", display, name), &pty, sc, false, *ploc);
                self.begin_lifetime(s);
                if let Some(n) = pname {
                    self.bind(n, Sym::Var(s));
                }
                let lv = LValue {
                    place: Place::Slot {
                        slot: s,
                        off: 0,
                        idx: vec![],
                    },
                    ty: pty,
                    bitfield: None,
                };
                self.b.src = loc;
                let v = vals[i].clone();
                self.assign_val(&lv, v, loc)?;
            }
            if fty.variadic && self.funcs[fid].uses_va_start {
                let extra = vals.get(params.len()..).unwrap_or_default().to_vec();
                self.va_store_args(extra, loc)?;
            }
            let ret_ty = fty.ret.clone();
            let mut ret_slot = None;
            if !ret_ty.is_void() {
                let sc = self.local_scope();
                let s = self.new_slot(&format!("{}::ret$", display), &ret_ty, sc, true, loc);
                ret_slot = Some(s);
                let fr = self.frame_mut();
                fr.ret = Some(s);
                fr.ret_ty = Some(ret_ty.clone());
            }
            self.stmt(&def.body)?;
            self.check_labels()?;
            self.b.src = loc;
            if let (Some(s), Some(_)) = (ret_slot, self.b.cur) {
                // the body's end is reachable without `return`: the value is indeterminate
                // (C11 6.9.1p12; a caller that uses it is undefined), arbitrary as in CBMC
                let cells: Vec<VarId> = self.slots[s].cells.iter().map(|(_, v)| *v).collect();
                for v in cells {
                    self.b.emit(Op::Nondet(v));
                    self.nondet_sources.insert(v);
                }
            }
            self.b.place(exit);
            self.end_frame_lifetimes();
            Ok(ret_slot)
        })();
        self.frames.pop();
        self.inline_stack.pop();
        self.b.func = caller_func;
        self.b.set_src(loc);
        let ret_slot = r?;
        let ret_ty = fty.ret.clone();
        match ret_slot {
            None => Ok(Val::Void),
            Some(s) => {
                let lv = LValue {
                    place: Place::Slot {
                        slot: s,
                        off: 0,
                        idx: vec![],
                    },
                    ty: ret_ty.clone(),
                    bitfield: None,
                };
                if ret_ty.is_scalar() {
                    let x = self.read(&lv, loc)?;
                    Ok(Val::R(x, ret_ty))
                } else {
                    Ok(Val::L(lv))
                }
            }
        }
    }

    /// An arbitrary result of type `t` (after an unsupported call).
    fn nondet_result(&mut self, t: &CType, loc: Loc) -> Result<Val, Diag> {
        match t {
            CType::Void => Ok(Val::Void),
            t if t.is_scalar() && !t.is_float() => {
                let it = self.ir_of(t, loc)?;
                let v = self.temp(it);
                self.b.emit(Op::Nondet(v));
                self.nondet_sources.insert(v);
                Ok(Val::R(Expr::Var(v), t.clone()))
            }
            t => {
                let sc = self.local_scope();
                let s = self.new_slot("ret$", t, sc, true, loc);
                let cells: Vec<VarId> = self.slots[s].cells.iter().map(|(_, v)| *v).collect();
                for v in cells {
                    self.b.emit(Op::Nondet(v));
                    self.nondet_sources.insert(v);
                }
                Ok(Val::L(LValue {
                    place: Place::Slot {
                        slot: s,
                        off: 0,
                        idx: vec![],
                    },
                    ty: t.clone(),
                    bitfield: None,
                }))
            }
        }
    }

    /// A call to a function without a body: `Op::Call`, result arbitrary.
    fn external(
        &mut self,
        fid: FuncId,
        args: &'a [AExpr],
        loc: Loc,
        discard: bool,
    ) -> Result<Val, Diag> {
        let fty = self.funcs[fid].ty.clone();
        let name = self.funcs[fid].name.clone();
        if fty.prototyped && !fty.variadic && args.len() != fty.params.len() {
            return Err(self.type_err(
                loc,
                format!(
                    "`{}` takes {} argument(s) but {} were given",
                    name,
                    fty.params.len(),
                    args.len()
                ),
            ));
        }
        let primitive = is_shipped_primitive(&name);
        if !primitive && !self.scratch {
            let msg = unmodelled_warning(&name);
            if !self.warnings.iter().any(|w| w.message == msg) {
                self.warn(loc, msg);
            }
        }
        let mut fn_arg = false;
        let mut cargs = Vec::new();
        for (i, a) in args.iter().enumerate() {
            if let ExprKind::StringLit(b) = &a.kind {
                // (a name the scheduler keeps is a pointer to the literal's object)
                if crate::sched::handed_back::name_arg(&name) != Some(i) {
                    cargs.push(CallArg::Str(String::from_utf8_lossy(b).into_owned()));
                    continue;
                }
            }
            let v = self.expr(a)?;
            if let Val::Func(g) = v {
                fn_arg = true;
                match self.funcs[g].thread {
                    Some(t) => cargs.push(CallArg::Thread(t)),
                    None => {
                        let (x, _) = self.rvalue_of(Val::Func(g), a.loc)?;
                        cargs.push(CallArg::Value(x));
                    }
                }
                continue;
            }
            if let Val::L(lv) = &v {
                if let CType::Struct(_) = lv.ty {
                    return Err(unsup(
                        a.loc,
                        format!("struct passed by value to external function `{}`", name),
                    ));
                }
            }
            let (x, t) = self.rvalue_of(v, a.loc)?;
            if t.as_func().is_some() && fold::const_value(&x, &self.vars) != Some(0) {
                fn_arg = true;
            }
            let x = match fty.params.get(i) {
                Some(pt) if fty.prototyped => self.convert_assign(x, &t, pt, a.loc)?,
                _ => match &t {
                    CType::Int(k) => {
                        let p = ty::promote(*k, self.target);
                        fold::cast(p.ir(self.target), x, &self.vars)
                    }
                    _ => x,
                },
            };
            cargs.push(CallArg::Value(x));
        }
        let ret_ty = fty.ret.clone();
        let (ret, result) = match &ret_ty {
            CType::Void => (None, Val::Void),
            t if t.is_scalar() => {
                if discard {
                    (None, Val::Void)
                } else {
                    let it = self.ir_of(t, loc)?;
                    let v = self.temp(it);
                    self.nondet_sources.insert(v);
                    (Some(v), Val::R(Expr::Var(v), t.clone()))
                }
            }
            _ => (None, Val::Void),
        };
        self.b.src = loc;
        if fn_arg && !primitive {
            // an unmodelled function given a function may call it: havocking the call would
            // leave out those executions
            self.b.emit(Op::Unsupported(format!(
                "call to unmodelled function `{name}` with a function argument (it may call it)"
            )));
        }
        if matches!(name.as_str(), "pthread_exit" | "thrd_exit") {
            self.store_exit_value(&cargs);
        }
        self.b.emit(Op::Call {
            func: name,
            args: cargs,
            ret,
            may_write: Vec::new(),
        });
        if let (CType::Struct(_), false) = (&ret_ty, discard) {
            return self.nondet_result(&ret_ty, loc);
        }
        Ok(result)
    }
}

impl Lowerer<'_> {
    /// `pthread_exit(v)` / `thrd_exit(v)` in a thread: `v` becomes the thread's exit value, the
    /// cell its entry function's `return v` assigns (`ir::Cfg::ret`, one per instance), which a
    /// join of the instance copies into its out-parameter (`sched::sexec::ExitCopy`). In
    /// `main` (which no thread joins) and in an entry without a scalar result cell nothing is
    /// stored.
    fn store_exit_value(&mut self, cargs: &[CallArg]) {
        if self.thread.0 == 0 {
            return;
        }
        let Some(Some(slot)) = self.frames.get(1).map(|f| f.ret) else {
            return;
        };
        let Some(CallArg::Value(x)) = cargs.first() else {
            return;
        };
        let cells = &self.slots[slot].cells;
        if cells.len() != 1 {
            return;
        }
        let cell = cells[0].1;
        let ty = self.vars[cell.0 as usize].ty;
        let x = fold::cast(ty, x.clone(), &self.vars);
        self.b.emit(Op::Assign(cell, x));
    }
}

fn has_effects(e: &AExpr) -> bool {
    super::expr::has_side_effects(e)
}

/// A C rendering of an AST expression (assertion texts).
pub(crate) fn ast_text(e: &AExpr) -> String {
    use crate::frontend::ast::{BinaryOp as B, UnaryOp as U};
    match &e.kind {
        ExprKind::Ident(n) => n.clone(),
        ExprKind::IntLit { value, .. } => value.to_string(),
        ExprKind::FloatLit(s) => s.clone(),
        ExprKind::CharLit(c) => c.to_string(),
        ExprKind::StringLit(b) => format!("{:?}", String::from_utf8_lossy(b)),
        ExprKind::Unary(op, a) => {
            let o = match op {
                U::Plus => "+",
                U::Neg => "-",
                U::BitNot => "~",
                U::Not => "!",
                U::Deref => "*",
                U::AddrOf => "&",
            };
            format!("{}{}", o, ast_text(a))
        }
        ExprKind::IncDec { pre, inc, arg } => {
            let o = if *inc { "++" } else { "--" };
            if *pre {
                format!("{}{}", o, ast_text(arg))
            } else {
                format!("{}{}", ast_text(arg), o)
            }
        }
        ExprKind::Binary(op, a, b) => {
            let o = match op {
                B::Mul => "*",
                B::Div => "/",
                B::Rem => "%",
                B::Add => "+",
                B::Sub => "-",
                B::Shl => "<<",
                B::Shr => ">>",
                B::Lt => "<",
                B::Gt => ">",
                B::Le => "<=",
                B::Ge => ">=",
                B::Eq => "==",
                B::Ne => "!=",
                B::BitAnd => "&",
                B::BitXor => "^",
                B::BitOr => "|",
                B::LogAnd => "&&",
                B::LogOr => "||",
            };
            format!("({} {} {})", ast_text(a), o, ast_text(b))
        }
        ExprKind::Assign(_, a, b) => format!("{} = {}", ast_text(a), ast_text(b)),
        ExprKind::Cond(c, a, b) => format!("({} ? {} : {})", ast_text(c), ast_text(a), ast_text(b)),
        ExprKind::Comma(a, b) => format!("({}, {})", ast_text(a), ast_text(b)),
        ExprKind::Call(f, args) => {
            let a: Vec<String> = args.iter().map(ast_text).collect();
            format!("{}({})", ast_text(f), a.join(", "))
        }
        ExprKind::Index(a, b) => format!("{}[{}]", ast_text(a), ast_text(b)),
        ExprKind::Member { base, field, arrow } => {
            format!(
                "{}{}{}",
                ast_text(base),
                if *arrow { "->" } else { "." },
                field
            )
        }
        _ => "...".into(),
    }
}

/// The store-store fence (`engine::pobmc::barrier::STORE_STORE_FENCE`): a call without
/// arguments or result, so a no-op for every engine but partial-order BMC under PSO.
pub(crate) fn store_store_fence() -> Op {
    Op::Call {
        func: crate::engine::pobmc::barrier::STORE_STORE_FENCE.to_string(),
        args: Vec::new(),
        ret: None,
        may_write: Vec::new(),
    }
}
