//! Static elaboration of a SystemC model: runs `sc_main`'s module constructions at compile
//! time, as the SystemC kernel's elaboration phase would.
//!
//! Owns: the instance tree (each module instance's members become distinct objects with a
//! hierarchical name `top.p.x`), constructor selection and parameter binding (parameters are
//! bound to the argument expressions in the caller's context, [`Ctx`]), initialiser lists and
//! in-class initialisers, `new` of sub-modules during elaboration, port binding (`m.in(sig)`,
//! `m.in.bind(sig)`, port-to-port) and its resolution to channels, the process registrations
//! of constructors (`SC_THREAD`, `SC_METHOD`, `SC_CTHREAD`, `sensitive <<`,
//! `dont_initialize()`, `reset_signal_is`) as an ordered list of [`Action`]s, and the split of
//! `sc_main` into elaboration (before the first `sc_start`) and the code after it;
//! `sc_vector`s in [`vector`].
//! Compile-time constants (FIFO sizes, clock periods, array sizes) are evaluated by
//! [`const_eval`].

use super::ast::*;
use super::time::{const_number, const_time, from_value_and_unit, is_time_expr, unit_fs, unit_of};
use crate::diag::{Diag, DiagKind, Loc};
use std::collections::HashMap;
use std::rc::Rc;

mod new_array;
mod vector;

/// An evaluation context: the instance `this` refers to (None: `sc_main` / file scope) and
/// the constructor parameters in scope, each bound to an argument in its own context.
#[derive(Clone, Debug, Default)]
pub struct Ctx {
    pub inst: Option<usize>,
    pub params: Rc<Vec<(String, Expr, Ctx)>>,
}

/// An elaborated object a name can denote.
#[derive(Clone, Debug, PartialEq)]
pub enum Obj {
    /// A global object (variable, array, event, channel): index into [`Design::vars`], with
    /// constant indices when it names an array element.
    Var(usize, Vec<i64>),
    Port(usize),
    /// An array of ports (`sc_in<bool> in[4]`), element by element.
    Ports(Vec<usize>),
    Inst(usize),
    /// An `sc_vector` of modules, element by element.
    Insts(Vec<usize>),
    /// An `sc_vector` whose size is not set yet (`v.init(n)` sets it): its path and element
    /// type.
    Unsized(String, Box<Type>, Loc),
    /// A pointer member to a sub-module (set by `new` in the constructor).
    InstPtr(Option<usize>),
    /// An array of module pointers (`M *m[4];`), each set by `m[i] = new M(...)` during
    /// elaboration (a loop with constant bounds is unrolled).
    InstPtrs(Vec<Option<usize>>),
}

#[derive(Clone, Debug)]
pub struct Inst {
    /// Hierarchical name (`top.p`).
    pub path: String,
    pub module: usize,
    pub members: HashMap<String, Obj>,
    pub ctx: Ctx,
}

/// A global object of the elaborated design.
#[derive(Clone, Debug)]
pub struct GVar {
    pub path: String,
    pub ty: Type,
    pub dims: Vec<i64>,
    pub loc: Loc,
    /// FIFO capacity / semaphore count / signal initial value.
    pub param: Option<i64>,
    /// An `sc_clock`'s constructor arguments.
    pub clock: Option<ClockSpec>,
    /// Initial value of a file-scope scalar (emitted as its C initialiser).
    pub init: Option<Expr>,
}

#[derive(Clone, Debug)]
pub struct Port {
    pub path: String,
    pub ty: Type,
    pub loc: Loc,
    pub bound: Option<Obj>,
    /// An `sc_export` (bound inside its module; not among the positional ports).
    pub export: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ProcKind {
    Thread,
    Method,
    CThread,
    /// A user primitive channel's `update()`, run in the update phase after each of the
    /// channel's `request_update()`s.
    Update,
}

#[derive(Clone, Debug)]
pub struct Proc {
    pub inst: usize,
    pub method: String,
    pub kind: ProcKind,
    pub loc: Loc,
    /// `SC_CTHREAD(f, edge)`: the edge event (in the constructor's context).
    pub edge: Option<(Expr, Ctx)>,
}

/// An `sc_clock` (IEEE 1666 6.7.3), times in units of the time resolution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClockSpec {
    pub period: i64,
    /// The time the clock is high (`period * duty_cycle`, rounded as the Accellera kernel).
    pub high: i64,
    pub start: i64,
    pub posedge_first: bool,
}

/// Elaboration steps, in the order the C model's `main` performs them before `sc_start`.
#[derive(Clone, Debug)]
pub enum Action {
    /// A statement of a constructor or of `sc_main` (in its context).
    Code(Stmt, Ctx),
    /// `member = value` of an initialiser (the member is an object of the instance).
    Init(Obj, Expr, Ctx, Loc),
    Spawn(usize),
    /// `sensitive << e` (the event expression in its context)
    Sensitive(Expr, Ctx),
    DontInit(Loc),
    /// `{` / `}` of a block of `sc_main` (its locals are scoped)
    Open,
    Close,
    /// `{` / `}` around a constructor's member initialisers and body run in `sc_main`: its
    /// locals are scoped, and `sc_main`'s locals are not visible in it (a member may share a
    /// name with one).
    OpenCtor,
    CloseCtor,
    /// `reset_signal_is(sig, level)` / `async_reset_signal_is(sig, level)` of the last
    /// spawned process: the signal and the level (a constant), asynchronous or not.
    Reset {
        sig: Expr,
        ctx: Ctx,
        level: bool,
        asynchronous: bool,
        loc: Loc,
    },
}

#[derive(Clone, Debug, Default)]
pub struct Design {
    pub insts: Vec<Inst>,
    pub vars: Vec<GVar>,
    pub ports: Vec<Port>,
    pub procs: Vec<Proc>,
    pub actions: Vec<Action>,
    /// Objects declared in `sc_main` (instances, channels).
    pub main_objs: HashMap<String, Obj>,
    /// `sc_main`'s statements from the first `sc_start` on.
    pub post: Vec<Stmt>,
    /// File-scope variables: name → var index.
    pub globals: HashMap<String, usize>,
    /// The time resolution in femtoseconds (`sc_set_time_resolution`; 1 ps by default).
    pub resolution_fs: i64,
}

fn unsup(loc: Loc, what: impl std::fmt::Display) -> Diag {
    Diag::unsupported(Some(loc), what)
}

fn err(loc: Loc, msg: impl Into<String>) -> Diag {
    Diag::error(DiagKind::Type, Some(loc), msg)
}

/// Elaborates `prog`: its file-scope objects and `sc_main` up to the first `sc_start`.
pub fn elaborate(prog: &Program) -> Result<Design, Diag> {
    let mut el = Elab {
        new_arrays: Vec::new(),
        prog,
        d: Design {
            resolution_fs: 1000,
            ..Design::default()
        },
    };
    for g in &prog.globals {
        if !g.ty.is_value() && !matches!(g.ty, Type::Event) || g.by_ref {
            return Err(unsup(
                g.loc,
                "a file-scope object that is not a scalar or an event",
            ));
        }
        let dims = el.dims(&g.dims, &Ctx::default())?;
        let init = match &g.init {
            None => None,
            Some(Init::Expr(e)) => Some(e.clone()),
            Some(Init::Args(a)) if a.len() == 1 && dims.is_empty() => Some(a[0].clone()),
            Some(Init::Args(_)) => return Err(unsup(g.loc, "an aggregate initialiser")),
        };
        el.d.vars.push(GVar {
            path: g.name.clone(),
            ty: g.ty.clone(),
            dims,
            loc: g.loc,
            param: None,
            clock: None,
            init,
        });
        el.d.globals.insert(g.name.clone(), el.d.vars.len() - 1);
    }
    let Some(main) = prog.functions.iter().find(|f| f.name == "sc_main") else {
        return Err(Diag::error(
            DiagKind::Type,
            None,
            "a SystemC model needs `int sc_main(int argc, char *argv[])`",
        ));
    };
    let Some(body) = &main.body else {
        return Err(err(main.loc, "sc_main has no body"));
    };
    let StmtKind::Block(stmts) = &body.kind else {
        return Err(err(main.loc, "sc_main has no body"));
    };
    let ctx = Ctx::default();
    let mut started = false;
    for s in stmts {
        if started {
            el.d.post.push(s.clone());
            continue;
        }
        if is_sc_start(s) {
            started = true;
            el.d.post.push(s.clone());
            continue;
        }
        el.main_stmt(s, &ctx)?;
    }
    // every port is bound, to a channel in the end
    for i in 0..el.d.ports.len() {
        el.resolve_port(i, el.d.ports[i].loc)?;
    }
    Ok(el.d)
}

/// True when the statement calls `sc_start` (anywhere in it): the elaboration ends there.
fn is_sc_start(s: &Stmt) -> bool {
    stmt_any(
        s,
        &|e| matches!(&e.kind, ExprKind::Call(f, _) if matches!(&f.kind, ExprKind::Ident(n) if n == "sc_start")),
        &|_| false,
    )
}

/// True when `p` holds for an expression (or `q` for a statement) anywhere in `s`.
pub fn stmt_any(s: &Stmt, p: &dyn Fn(&Expr) -> bool, q: &dyn Fn(&Stmt) -> bool) -> bool {
    if q(s) {
        return true;
    }
    let e = |x: &Expr| expr_any(x, p);
    let oe = |x: &Option<Expr>| x.as_ref().is_some_and(e);
    let st = |x: &Stmt| stmt_any(x, p, q);
    match &s.kind {
        StmtKind::Expr(x) | StmtKind::Case(x) => e(x),
        StmtKind::Return(x) => oe(x),
        StmtKind::Output(v) => v.iter().any(e),
        StmtKind::Decl(ds) => ds.iter().any(|d| {
            d.dims.iter().any(e)
                || match &d.init {
                    Some(Init::Expr(x)) => e(x),
                    Some(Init::Args(a)) => a.iter().any(e),
                    None => false,
                }
        }),
        StmtKind::Block(v) => v.iter().any(st),
        StmtKind::If(c, a, b) => e(c) || st(a) || b.as_deref().is_some_and(st),
        StmtKind::While(c, b) | StmtKind::DoWhile(b, c) | StmtKind::Switch(c, b) => e(c) || st(b),
        StmtKind::For(i, c, sp, b) => i.as_deref().is_some_and(st) || oe(c) || oe(sp) || st(b),
        _ => false,
    }
}

/// True when `p` holds for `e` or a subexpression.
pub fn expr_any(e: &Expr, p: &dyn Fn(&Expr) -> bool) -> bool {
    if p(e) {
        return true;
    }
    let r = |x: &Expr| expr_any(x, p);
    match &e.kind {
        ExprKind::Call(f, a) => r(f) || a.iter().any(r),
        ExprKind::Unary(_, x)
        | ExprKind::PostInc(x)
        | ExprKind::PostDec(x)
        | ExprKind::PreInc(x)
        | ExprKind::PreDec(x)
        | ExprKind::Cast(_, x)
        | ExprKind::Member(x, _, _) => r(x),
        ExprKind::Binary(_, a, b)
        | ExprKind::Assign(_, a, b)
        | ExprKind::Comma(a, b)
        | ExprKind::Index(a, b) => r(a) || r(b),
        ExprKind::Cond(a, b, c) => r(a) || r(b) || r(c),
        ExprKind::New(_, a) | ExprKind::Construct(_, a) => a.iter().any(r),
        _ => false,
    }
}

/// The name of a called identifier (`f(...)` → `f`).
fn callee_name(e: &Expr) -> Option<(&str, &[Expr])> {
    if let ExprKind::Call(f, args) = &e.kind {
        if let ExprKind::Ident(n) = &f.kind {
            return Some((n, args));
        }
    }
    None
}

struct Elab<'a> {
    prog: &'a Program,
    d: Design,
    /// The `new T[n]` of pointer members made arrays ([`new_array`]): done by elaboration.
    new_arrays: Vec<Loc>,
}

impl Elab<'_> {
    fn dims(&self, dims: &[Expr], ctx: &Ctx) -> Result<Vec<i64>, Diag> {
        dims.iter()
            .map(|e| match self.const_eval(e, ctx) {
                Some(v) if (1..=4096).contains(&v) => Ok(v),
                Some(_) => Err(err(e.loc, "array size out of range (1..4096)")),
                None => Err(unsup(e.loc, "an array size that is not a constant")),
            })
            .collect()
    }

    /// Evaluates an integer constant expression (literals, enumerators, constructor
    /// parameters, time units in fs).
    pub fn const_eval(&self, e: &Expr, ctx: &Ctx) -> Option<i64> {
        const_eval_d(self.prog, Some(&self.d), e, ctx, 0)
    }

    fn main_stmt(&mut self, s: &Stmt, ctx: &Ctx) -> Result<(), Diag> {
        match &s.kind {
            StmtKind::Decl(ds) => {
                for d in ds {
                    self.main_decl(d, ctx)?;
                }
                Ok(())
            }
            StmtKind::Expr(e) => self.elab_expr_stmt(s, e, ctx),
            StmtKind::For(..) if self.unroll(s, ctx, true)? => Ok(()),
            StmtKind::Block(v) => {
                self.d.actions.push(Action::Open);
                for s in v {
                    self.main_stmt(s, ctx)?;
                }
                self.d.actions.push(Action::Close);
                Ok(())
            }
            _ => {
                self.d.actions.push(Action::Code(s.clone(), ctx.clone()));
                Ok(())
            }
        }
    }

    /// Elaboration loops (`for (int i = 0; i < N; i++) { m.in[i](s[i]); ... }` with constant
    /// bounds, whose body registers processes, binds ports, creates modules or calls member
    /// functions) are run at compile time: the body is elaborated once per value of `i`, bound
    /// as a constant. Returns false (nothing done) for any other loop.
    fn unroll(&mut self, s: &Stmt, ctx: &Ctx, main: bool) -> Result<bool, Diag> {
        let StmtKind::For(Some(init), Some(cond), Some(step), body) = &s.kind else {
            return Ok(false);
        };
        let StmtKind::Decl(ds) = &init.kind else {
            return Ok(false);
        };
        let [d] = ds.as_slice() else {
            return Ok(false);
        };
        let Some(Init::Expr(_) | Init::Args(_)) = &d.init else {
            return Ok(false);
        };
        if !matches!(d.ty, Type::Scalar(_)) || !d.dims.is_empty() || d.by_ref {
            return Ok(false);
        }
        let i = d.name.clone();
        let is_i = |x: &Expr| matches!(&x.kind, ExprKind::Ident(n) if *n == i);
        let elab = |x: &Expr| match &x.kind {
            ExprKind::Call(f, _) => match &f.kind {
                ExprKind::Member(..) | ExprKind::Index(..) => true,
                ExprKind::Ident(n) => matches!(
                    n.as_str(),
                    "SC_THREAD"
                        | "SC_METHOD"
                        | "SC_CTHREAD"
                        | "dont_initialize"
                        | "reset_signal_is"
                        | "async_reset_signal_is"
                ),
                _ => false,
            },
            ExprKind::New(..) => true,
            ExprKind::Binary("<<", l, _) => {
                matches!(&l.kind, ExprKind::Ident(n) if n == "sensitive")
            }
            _ => false,
        };
        let writes_i = |x: &Expr| match &x.kind {
            ExprKind::Assign(_, l, _)
            | ExprKind::PreInc(l)
            | ExprKind::PreDec(l)
            | ExprKind::PostInc(l)
            | ExprKind::PostDec(l)
            | ExprKind::Unary("&", l) => is_i(l),
            _ => false,
        };
        let jumps = |x: &Stmt| {
            matches!(
                x.kind,
                StmtKind::Break | StmtKind::Continue | StmtKind::Return(_)
            )
        };
        if !stmt_any(body, &elab, &|_| false) || stmt_any(body, &writes_i, &jumps) {
            return Ok(false);
        }
        let e0 = match &d.init {
            Some(Init::Expr(e)) => e.clone(),
            Some(Init::Args(a)) if a.len() == 1 => a[0].clone(),
            _ => return Ok(false),
        };
        let Some(mut k) = self.const_eval(&e0, ctx) else {
            return Ok(false);
        };
        let delta = match &step.kind {
            ExprKind::PostInc(x) | ExprKind::PreInc(x) if is_i(x) => 1,
            ExprKind::PostDec(x) | ExprKind::PreDec(x) if is_i(x) => -1,
            ExprKind::Assign(op @ ("+" | "-"), x, c) if is_i(x) => match self.const_eval(c, ctx) {
                Some(c) if *op == "+" => c,
                Some(c) => -c,
                None => return Ok(false),
            },
            _ => return Ok(false),
        };
        let with = |k: i64| {
            let mut params = (*ctx.params).clone();
            params.push((
                i.clone(),
                Expr {
                    kind: ExprKind::Int(k.to_string()),
                    loc: d.loc,
                },
                Ctx::default(),
            ));
            Ctx {
                inst: ctx.inst,
                params: Rc::new(params),
            }
        };
        for _ in 0..=4096 {
            let c = with(k);
            match self.const_eval(cond, &c) {
                Some(0) => return Ok(true),
                Some(_) => {}
                None => {
                    return Err(unsup(
                        cond.loc,
                        "an elaboration loop without a constant bound",
                    ))
                }
            }
            if main {
                self.main_stmt(body, &c)?;
            } else {
                self.ctor_stmt(body, &c)?;
            }
            k += delta;
        }
        Err(unsup(
            s.loc,
            "an elaboration loop of more than 4096 iterations",
        ))
    }

    fn main_decl(&mut self, d: &VarDecl, ctx: &Ctx) -> Result<(), Diag> {
        let args: Vec<Expr> = match &d.init {
            Some(Init::Args(a)) => a.clone(),
            _ => Vec::new(),
        };
        match &d.ty {
            Type::Module(mi) => {
                if !d.dims.is_empty() {
                    return Err(unsup(d.loc, "an array of modules"));
                }
                let id = self.instantiate(*mi, &d.name, &args, ctx, d.loc)?;
                self.d.main_objs.insert(d.name.clone(), Obj::Inst(id));
            }
            Type::Ptr(t) if matches!(**t, Type::Module(_)) => match &d.init {
                Some(Init::Expr(Expr {
                    kind: ExprKind::New(Type::Module(mi), a),
                    ..
                })) => {
                    let id = self.instantiate(*mi, &d.name, a, ctx, d.loc)?;
                    self.d
                        .main_objs
                        .insert(d.name.clone(), Obj::InstPtr(Some(id)));
                }
                None => {
                    let obj = match self.dims(&d.dims, ctx)?.as_slice() {
                        [] => Obj::InstPtr(None),
                        [n] => Obj::InstPtrs(vec![None; *n as usize]),
                        _ => {
                            return Err(unsup(
                                d.loc,
                                "a multi-dimensional array of module pointers",
                            ))
                        }
                    };
                    self.d.main_objs.insert(d.name.clone(), obj);
                }
                _ => return Err(unsup(d.loc, "a module pointer not initialised with `new`")),
            },
            Type::Vector(t) => {
                if !d.dims.is_empty() {
                    return Err(unsup(d.loc, "an array of sc_vectors"));
                }
                if t.is_port() {
                    return Err(unsup(d.loc, "a port outside a module"));
                }
                let obj = self.vector(&d.name, t, &args, ctx, d.loc)?;
                self.d.main_objs.insert(d.name.clone(), obj);
            }
            t if t.is_port() || matches!(t, Type::Export(_)) => {
                return Err(unsup(d.loc, "a port outside a module"))
            }
            t if t.is_value() && !d.by_ref => {
                self.d.actions.push(Action::Code(
                    Stmt {
                        kind: StmtKind::Decl(vec![d.clone()]),
                        loc: d.loc,
                    },
                    ctx.clone(),
                ));
            }
            Type::Ptr(_) | Type::Void | Type::Scalar(_) | Type::ScInt { .. } | Type::Time => {
                return Err(unsup(d.loc, "this declaration in sc_main"))
            }
            _ => {
                let path = d.name.clone();
                let v = self.new_var(path, d, &args, ctx)?;
                self.d
                    .main_objs
                    .insert(d.name.clone(), Obj::Var(v, Vec::new()));
            }
        }
        Ok(())
    }

    /// A global object for a declaration (channel, event, scalar member, ...).
    fn new_var(
        &mut self,
        path: String,
        d: &VarDecl,
        args: &[Expr],
        ctx: &Ctx,
    ) -> Result<usize, Diag> {
        let dims = self.dims(&d.dims, ctx)?;
        // constructor arguments after an optional name string
        let nums: Vec<&Expr> = args
            .iter()
            .filter(|a| !matches!(a.kind, ExprKind::Str(_)))
            .collect();
        let mut clock = None;
        let param = match &d.ty {
            Type::Fifo(_) => Some(match nums.first() {
                Some(e) => self
                    .const_eval(e, ctx)
                    .ok_or_else(|| unsup(e.loc, "a FIFO size that is not a constant"))?,
                None => 16,
            }),
            Type::Semaphore => Some(match nums.first() {
                Some(e) => self
                    .const_eval(e, ctx)
                    .ok_or_else(|| unsup(e.loc, "a semaphore count that is not a constant"))?,
                None => return Err(err(d.loc, "sc_semaphore needs an initial value")),
            }),
            Type::Clock => {
                if !dims.is_empty() {
                    return Err(unsup(d.loc, "an array of clocks"));
                }
                let spec = self.clock_spec(d, &nums, ctx)?;
                clock = Some(spec);
                None
            }
            Type::Signal(_) => match nums.first() {
                Some(e) => Some(self.const_eval(e, ctx).ok_or_else(|| {
                    unsup(e.loc, "a signal initial value that is not a constant")
                })?),
                None => None,
            },
            Type::Event | Type::Mutex => {
                if let Some(e) = nums.first() {
                    return Err(unsup(e.loc, "this constructor argument"));
                }
                None
            }
            _ => None,
        };
        self.d.vars.push(GVar {
            path,
            ty: d.ty.clone(),
            dims,
            loc: d.loc,
            param,
            clock,
            init: None,
        });
        Ok(self.d.vars.len() - 1)
    }

    /// The arguments of an `sc_clock` constructor (after the name), as the Accellera kernel's
    /// constructors: `()` (period 1 ns), `(period [, duty [, start [, posedge_first]]])` with
    /// sc_time values, `(v, unit [, duty [, start_v, start_unit [, posedge_first]]])`, and the
    /// deprecated `(period_ns [, duty [, start_ns [, posedge_first]]])`.
    fn clock_spec(&self, d: &VarDecl, nums: &[&Expr], ctx: &Ctx) -> Result<ClockSpec, Diag> {
        let res = self.d.resolution_fs;
        let bad = |e: &Expr| unsup(e.loc, "an sc_clock argument that is not a constant");
        let time = |e: &Expr| const_time(self.prog, e, ctx, res).ok_or_else(|| bad(e));
        let num = |e: &Expr| const_number(self.prog, e, ctx).ok_or_else(|| bad(e));
        let is_unit = |e: &Expr| matches!(&e.kind, ExprKind::Ident(n) if unit_fs(n).is_some());
        let ns = |v: f64| from_value_and_unit(v, 1_000_000, res);
        let (period, rest) = match nums {
            [] => (ns(1.0), &nums[0..0]),
            [v, u, rest @ ..] if is_unit(u) => {
                (from_value_and_unit(num(v)?, unit_of(u), res), rest)
            }
            [t, rest @ ..] if is_time_expr(t) => (time(t)?, rest),
            [v, rest @ ..] => (ns(num(v)?), rest),
        };
        let mut duty = 0.5;
        let mut start = 0;
        let mut posedge_first = true;
        let timed_form = nums.len() >= 2 && is_unit(nums[1]);
        let mut i = 0;
        if let Some(e) = rest.get(i) {
            duty = num(e)?;
            i += 1;
        }
        if let Some(e) = rest.get(i) {
            if timed_form {
                let Some(u) = rest.get(i + 1).filter(|u| is_unit(u)) else {
                    return Err(err(e.loc, "expected the start time's unit"));
                };
                start = from_value_and_unit(num(e)?, unit_of(u), res);
                i += 2;
            } else if is_time_expr(e) {
                start = time(e)?;
                i += 1;
            } else {
                start = ns(num(e)?);
                i += 1;
            }
        }
        if let Some(e) = rest.get(i) {
            posedge_first = match &e.kind {
                ExprKind::Bool(b) => *b,
                _ => num(e)? != 0.0,
            };
            i += 1;
        }
        if let Some(e) = rest.get(i) {
            return Err(err(e.loc, "too many sc_clock arguments"));
        }
        if !(duty > 0.0 && duty < 1.0) {
            duty = 0.5;
        }
        let high = (period as f64 * duty + 0.5) as i64;
        if period <= 0 || high <= 0 || high >= period || start < 0 {
            // the reference kernel reports an error (zero period, high or low time)
            return Err(err(
                d.loc,
                "sc_clock: the period, high and low times must be positive at the time resolution",
            ));
        }
        Ok(ClockSpec {
            period,
            high,
            start,
            posedge_first,
        })
    }

    /// Instantiates module `mi` named `name` with constructor arguments `args` (in `ctx`).
    fn instantiate(
        &mut self,
        mi: usize,
        name: &str,
        args: &[Expr],
        ctx: &Ctx,
        loc: Loc,
    ) -> Result<usize, Diag> {
        if self.d.insts.len() > 1000 {
            return Err(unsup(loc, "more than 1000 module instances"));
        }
        let m = &self.prog.modules[mi];
        let path = match ctx.inst {
            Some(p) => format!("{}.{}", self.d.insts[p].path, name),
            None => name.to_string(),
        };
        // constructor: by argument count (the module name counts as one)
        let ctor = m.ctors.iter().find(|c| c.params.len() == args.len());
        let ctor = match ctor {
            Some(c) => Some(c),
            None if m.ctors.is_empty() && args.len() <= 1 => None,
            None => {
                return Err(err(
                    loc,
                    format!(
                        "no constructor of `{}` takes {} argument(s)",
                        m.name,
                        args.len()
                    ),
                ))
            }
        };
        let mut params = Vec::new();
        if let Some(c) = ctor {
            for (p, a) in c.params.iter().zip(args) {
                if p.by_ref && !p.ty.is_value() {
                    return Err(unsup(
                        p.loc,
                        "a constructor parameter that is a channel reference",
                    ));
                }
                params.push((p.name.clone(), a.clone(), ctx.clone()));
            }
        }
        let id = self.d.insts.len();
        let ictx = Ctx {
            inst: Some(id),
            params: Rc::new(params),
        };
        self.d.insts.push(Inst {
            path: path.clone(),
            module: mi,
            members: HashMap::new(),
            ctx: ictx.clone(),
        });
        let inits: Vec<MemberInit> = ctor.map(|c| c.inits.clone()).unwrap_or_default();
        for init in &inits {
            if !m.members.iter().any(|d| d.name == init.0) {
                return Err(err(
                    init.2,
                    format!("`{}` is not a member of `{}`", init.0, m.name),
                ));
            }
        }
        self.d.actions.push(Action::OpenCtor);
        for d in &m.members {
            let ini = inits.iter().find(|i| i.0 == d.name);
            let args: Vec<Expr> = match (ini, &d.init) {
                (Some(i), _) => i.1.clone(),
                (None, Some(Init::Args(a))) => a.clone(),
                _ => Vec::new(),
            };
            let mpath = format!("{path}.{}", d.name);
            let obj = match &d.ty {
                Type::Module(smi) => {
                    if !d.dims.is_empty() {
                        return Err(unsup(d.loc, "an array of modules"));
                    }
                    let sname = match args.first() {
                        Some(Expr {
                            kind: ExprKind::Str(_),
                            ..
                        })
                        | None => d.name.clone(),
                        Some(_) => d.name.clone(),
                    };
                    Obj::Inst(self.instantiate(*smi, &sname, &args, &ictx, d.loc)?)
                }
                Type::Ptr(t) if matches!(**t, Type::Module(_)) => {
                    match self.dims(&d.dims, &ictx)?.as_slice() {
                        [] => Obj::InstPtr(None),
                        [n] => Obj::InstPtrs(vec![None; *n as usize]),
                        _ => {
                            return Err(unsup(
                                d.loc,
                                "a multi-dimensional array of module pointers",
                            ))
                        }
                    }
                }
                Type::Vector(t) => {
                    if !d.dims.is_empty() {
                        return Err(unsup(d.loc, "an array of sc_vectors"));
                    }
                    self.vector(&mpath, t, &args, &ictx, d.loc)?
                }
                Type::Export(inner) => {
                    if !d.dims.is_empty() {
                        return Err(unsup(d.loc, "an array of sc_export"));
                    }
                    self.d.ports.push(Port {
                        path: mpath,
                        ty: (**inner).clone(),
                        loc: d.loc,
                        bound: None,
                        export: true,
                    });
                    Obj::Port(self.d.ports.len() - 1)
                }
                Type::IfPort(_) if !d.dims.is_empty() => {
                    return Err(unsup(d.loc, "an array of sc_port"))
                }
                t if t.is_port() => {
                    let dims = self.dims(&d.dims, &ictx)?;
                    let mut new_port = |path: String| {
                        self.d.ports.push(Port {
                            path,
                            ty: t.clone(),
                            loc: d.loc,
                            bound: None,
                            export: false,
                        });
                        self.d.ports.len() - 1
                    };
                    match dims.as_slice() {
                        [] => Obj::Port(new_port(mpath)),
                        [n] => {
                            Obj::Ports((0..*n).map(|k| new_port(format!("{mpath}[{k}]"))).collect())
                        }
                        _ => return Err(unsup(d.loc, "a multi-dimensional array of ports")),
                    }
                }
                Type::Ptr(t) if t.is_value() && !d.by_ref && d.dims.is_empty() => {
                    let found = ctor.and_then(|c| new_array::new_array_of(&c.body, &d.name, t));
                    let Some((n, at)) = found else {
                        return Err(unsup(d.loc, "a pointer member"));
                    };
                    let mut a = d.clone();
                    a.ty = (**t).clone();
                    a.dims = vec![n];
                    a.init = None;
                    self.new_arrays.push(at);
                    Obj::Var(self.new_var(mpath, &a, &[], &ictx)?, Vec::new())
                }
                Type::Ptr(_) => return Err(unsup(d.loc, "a pointer member")),
                t if d.by_ref => return Err(unsup(d.loc, format!("a reference member of {t:?}"))),
                t if t.is_value() => {
                    let v = self.new_var(mpath, d, &[], &ictx)?;
                    let value = match (ini, &d.init) {
                        (Some(i), _) if i.1.len() == 1 => Some(i.1[0].clone()),
                        (Some(i), _) => return Err(err(i.2, "expected one initial value")),
                        (None, Some(Init::Expr(e))) => Some(e.clone()),
                        (None, Some(Init::Args(a))) if a.len() == 1 => Some(a[0].clone()),
                        (None, Some(Init::Args(_))) => {
                            return Err(unsup(d.loc, "an aggregate initialiser"))
                        }
                        (None, None) => None,
                    };
                    if let Some(e) = value {
                        if !d.dims.is_empty() {
                            return Err(unsup(d.loc, "an array initialiser"));
                        }
                        let loc = e.loc;
                        self.d.actions.push(Action::Init(
                            Obj::Var(v, Vec::new()),
                            e,
                            ictx.clone(),
                            loc,
                        ));
                    }
                    Obj::Var(v, Vec::new())
                }
                _ => Obj::Var(self.new_var(mpath, d, &args, &ictx)?, Vec::new()),
            };
            self.d.insts[id].members.insert(d.name.clone(), obj);
        }
        if let Some(c) = ctor {
            self.ctor_stmt(&c.body, &ictx)?;
        }
        if m.prim {
            // the channel's update() (none: request_update() has no effect, as the default
            // sc_prim_channel::update does nothing)
            if let Some(f) = m.methods.iter().find(|f| f.name == "update") {
                if !f.params.is_empty() || f.body.is_none() {
                    return Err(Diag::unsupported(
                        Some(f.loc),
                        "an update() of a primitive channel with parameters or without a body",
                    ));
                }
                self.d.procs.push(Proc {
                    inst: id,
                    method: "update".into(),
                    kind: ProcKind::Update,
                    loc: f.loc,
                    edge: None,
                });
                self.d.actions.push(Action::Spawn(self.d.procs.len() - 1));
            }
        }
        self.d.actions.push(Action::CloseCtor);
        Ok(id)
    }

    fn ctor_stmt(&mut self, s: &Stmt, ctx: &Ctx) -> Result<(), Diag> {
        match &s.kind {
            StmtKind::Block(v) => {
                for s in v {
                    self.ctor_stmt(s, ctx)?;
                }
                Ok(())
            }
            // a local of the constructor (its scope is the constructor's body, see
            // Action::OpenCtor); a constant one sizes arrays (the parser uses its value)
            StmtKind::Decl(ds) if ds.iter().all(|d| d.ty.is_value() && !d.by_ref) => {
                self.d.actions.push(Action::Code(s.clone(), ctx.clone()));
                Ok(())
            }
            StmtKind::Decl(_) => Err(unsup(s.loc, "a local declaration in a constructor")),
            StmtKind::Expr(e) => self.elab_expr_stmt(s, e, ctx),
            StmtKind::For(..) if self.unroll(s, ctx, false)? => Ok(()),
            _ => {
                self.d.actions.push(Action::Code(s.clone(), ctx.clone()));
                Ok(())
            }
        }
    }

    /// Elaboration statements: registrations, `sensitive <<`, bindings, `new`; anything else
    /// is code run at its place in the elaboration.
    fn elab_expr_stmt(&mut self, s: &Stmt, e: &Expr, ctx: &Ctx) -> Result<(), Diag> {
        if let Some((n, args)) = callee_name(e) {
            let kind = match n {
                "SC_THREAD" => Some(ProcKind::Thread),
                "SC_METHOD" => Some(ProcKind::Method),
                "SC_CTHREAD" => Some(ProcKind::CThread),
                _ => None,
            };
            if let Some(kind) = kind {
                let Some(inst) = ctx.inst else {
                    return Err(err(e.loc, format!("{n} outside a module constructor")));
                };
                let want = if kind == ProcKind::CThread { 2 } else { 1 };
                let fname = match args.first().map(|a| &a.kind) {
                    Some(ExprKind::Ident(f)) if args.len() == want => f.clone(),
                    _ => return Err(err(e.loc, format!("malformed {n}"))),
                };
                let m = &self.prog.modules[self.d.insts[inst].module];
                match m.methods.iter().find(|f| f.name == fname) {
                    Some(f) if f.body.is_some() && f.params.is_empty() => {}
                    Some(f) if !f.params.is_empty() => {
                        return Err(err(e.loc, format!("process `{fname}` takes parameters")))
                    }
                    _ => {
                        return Err(err(
                            e.loc,
                            format!(
                                "`{fname}` is not a member function of `{}` with a body",
                                m.name
                            ),
                        ))
                    }
                }
                self.d.procs.push(Proc {
                    inst,
                    method: fname,
                    kind,
                    loc: e.loc,
                    edge: (kind == ProcKind::CThread).then(|| (args[1].clone(), ctx.clone())),
                });
                self.d.actions.push(Action::Spawn(self.d.procs.len() - 1));
                return Ok(());
            }
            match n {
                "dont_initialize" => {
                    self.d.actions.push(Action::DontInit(e.loc));
                    return Ok(());
                }
                "reset_signal_is" | "async_reset_signal_is" => {
                    if self.d.procs.is_empty() {
                        return Err(err(e.loc, format!("{n} before any process")));
                    }
                    let level = match args.get(1) {
                        Some(l) if args.len() == 2 => self
                            .const_eval(l, ctx)
                            .ok_or_else(|| unsup(l.loc, "a reset level that is not a constant"))?,
                        _ => return Err(err(e.loc, format!("{n}(signal, true|false) expected"))),
                    };
                    self.d.actions.push(Action::Reset {
                        sig: args[0].clone(),
                        ctx: ctx.clone(),
                        level: level != 0,
                        asynchronous: n == "async_reset_signal_is",
                        loc: e.loc,
                    });
                    return Ok(());
                }
                "sc_set_time_resolution" => {
                    let fs = match args {
                        [v, u] if unit_of(u) > 0 => self
                            .const_eval(v, ctx)
                            .and_then(|v| v.checked_mul(unit_of(u))),
                        _ => None,
                    };
                    let Some(fs) = fs.filter(|f| {
                        *f > 0
                            && f.to_string()
                                .trim_start_matches('1')
                                .chars()
                                .all(|c| c == '0')
                    }) else {
                        return Err(unsup(
                            e.loc,
                            "a time resolution that is not a constant power of 10",
                        ));
                    };
                    if ctx.inst.is_some() || !self.d.vars.iter().all(|v| v.clock.is_none()) {
                        return Err(unsup(
                            e.loc,
                            "sc_set_time_resolution after a clock or in a module",
                        ));
                    }
                    self.d.resolution_fs = fs;
                    return Ok(());
                }
                "sensitive_pos" | "sensitive_neg" => {
                    return Err(unsup(e.loc, "sensitive_pos / sensitive_neg (deprecated)"))
                }
                _ => {}
            }
        }
        if self.vector_init(e, ctx)? {
            return Ok(());
        }
        // sensitive << a << b
        if let Some(list) = sensitive_list(e) {
            for ev in list {
                self.d
                    .actions
                    .push(Action::Sensitive(ev.clone(), ctx.clone()));
            }
            return Ok(());
        }
        // data = new T[n] (the member is an array already)
        if let ExprKind::Assign("=", lhs, rhs) = &e.kind {
            if let ExprKind::NewArray(..) = &rhs.kind {
                if self.new_arrays.contains(&rhs.loc) && new_array::assigned_member(lhs).is_some() {
                    return Ok(());
                }
                return Err(unsup(
                    rhs.loc,
                    "array `new` other than once at a constructor's top level with a constant size",
                ));
            }
        }
        // p = new M("p")
        if let ExprKind::Assign("=", lhs, rhs) = &e.kind {
            if let ExprKind::New(ty, args) = &rhs.kind {
                let Type::Module(mi) = ty else {
                    return Err(unsup(rhs.loc, "`new` of something that is not a module"));
                };
                // `p = new M(..)` or `p[k] = new M(..)` (k a constant), in a constructor or
                // in sc_main; the instance is named after the pointer (`p`, `p_k`)
                let (name, k) = match &lhs.kind {
                    ExprKind::Ident(n) => (n, None),
                    ExprKind::Index(b, i) => match (&b.kind, self.const_eval(i, ctx)) {
                        (ExprKind::Ident(n), Some(k)) => (n, Some(k)),
                        _ => return Err(unsup(lhs.loc, "`new` assigned to this expression")),
                    },
                    _ => return Err(unsup(lhs.loc, "`new` assigned to this expression")),
                };
                let cur = match ctx.inst {
                    Some(inst) => self.d.insts[inst].members.get(name),
                    None => self.d.main_objs.get(name),
                };
                let iname = match (cur, k) {
                    (Some(Obj::InstPtr(None)), None) => name.clone(),
                    (Some(Obj::InstPtrs(v)), Some(k))
                        if usize::try_from(k).is_ok_and(|k| v.get(k) == Some(&None)) =>
                    {
                        format!("{name}_{k}")
                    }
                    _ => return Err(unsup(lhs.loc, "`new` assigned to this pointer")),
                };
                let id = self.instantiate(*mi, &iname, args, ctx, rhs.loc)?;
                let slot = match ctx.inst {
                    Some(inst) => self.d.insts[inst].members.get_mut(name),
                    None => self.d.main_objs.get_mut(name),
                };
                match (slot, k) {
                    (Some(Obj::InstPtrs(v)), Some(k)) => v[k as usize] = Some(id),
                    (Some(o), _) => *o = Obj::InstPtr(Some(id)),
                    (None, _) => unreachable!("checked above"),
                }
                return Ok(());
            }
        }
        // m.sub_ptr = &other_module;
        if let ExprKind::Assign("=", lhs, rhs) = &e.kind {
            if let ExprKind::Unary("&", target) = &rhs.kind {
                if let Some(Obj::Inst(t)) = self.resolve(target, ctx) {
                    let (holder, name) = match &lhs.kind {
                        ExprKind::Member(b, n, _) => (self.resolve(b, ctx), n.clone()),
                        ExprKind::Ident(n) => (ctx.inst.map(Obj::Inst), n.clone()),
                        _ => (None, String::new()),
                    };
                    if let Some(Obj::Inst(h) | Obj::InstPtr(Some(h))) = holder {
                        if let Some(Obj::InstPtr(_)) = self.d.insts[h].members.get(&name) {
                            self.d.insts[h].members.insert(name, Obj::InstPtr(Some(t)));
                            return Ok(());
                        }
                    }
                    return Err(unsup(e.loc, "taking the address of a module here"));
                }
            }
        }
        // port binding: x.port(ch) / x.port.bind(ch) / x->port(ch)
        if let ExprKind::Call(f, args) = &e.kind {
            let target = match &f.kind {
                ExprKind::Member(b, n, _) if n == "bind" => Some(&**b),
                _ => Some(&**f),
            };
            if let Some(t) = target {
                match self.resolve(t, ctx) {
                    Some(Obj::Port(p)) => {
                        if args.len() != 1 {
                            return Err(err(e.loc, "a port binds to one channel"));
                        }
                        return self.bind(p, &args[0], ctx, e.loc);
                    }
                    Some(Obj::Ports(ps)) => {
                        // a vector of ports bound to a vector (array) of channels or ports,
                        // element by element
                        let [a] = args.as_slice() else {
                            return Err(err(e.loc, "a port binds to one channel"));
                        };
                        let elems: Vec<Obj> = match self.resolve(a, ctx) {
                            Some(Obj::Ports(qs)) => qs.into_iter().map(Obj::Port).collect(),
                            Some(Obj::Var(v, idx))
                                if self.d.vars[v].dims.len() == idx.len() + 1 =>
                            {
                                (0..self.d.vars[v].dims[idx.len()])
                                    .map(|k| {
                                        let mut i = idx.clone();
                                        i.push(k);
                                        Obj::Var(v, i)
                                    })
                                    .collect()
                            }
                            _ => return Err(unsup(a.loc, "binding a vector of ports to this")),
                        };
                        if elems.len() != ps.len() {
                            return Err(err(
                                e.loc,
                                format!("binding {} ports to {} channels", ps.len(), elems.len()),
                            ));
                        }
                        for (p, o) in ps.into_iter().zip(elems) {
                            if self.d.ports[p].bound.is_some() {
                                return Err(err(
                                    e.loc,
                                    format!("port `{}` is bound twice", self.d.ports[p].path),
                                ));
                            }
                            self.d.ports[p].bound = Some(o);
                        }
                        return Ok(());
                    }
                    Some(Obj::Inst(i) | Obj::InstPtr(Some(i)))
                        if !matches!(&f.kind, ExprKind::Member(..)) =>
                    {
                        return self.bind_positional(i, args, ctx, e.loc);
                    }
                    _ => {}
                }
            }
        }
        self.d.actions.push(Action::Code(s.clone(), ctx.clone()));
        Ok(())
    }

    /// Positional binding `m(a, b, ...)`: the ports of `m` in declaration order (an array of
    /// ports element by element) to the arguments.
    fn bind_positional(
        &mut self,
        i: usize,
        args: &[Expr],
        ctx: &Ctx,
        loc: Loc,
    ) -> Result<(), Diag> {
        let m = &self.prog.modules[self.d.insts[i].module];
        let mut ports = Vec::new();
        for d in &m.members {
            match self.d.insts[i].members.get(&d.name) {
                Some(Obj::Port(p)) if !self.d.ports[*p].export => ports.push(*p),
                Some(Obj::Ports(ps)) => ports.extend(ps.iter().copied()),
                _ => {}
            }
        }
        if args.len() > ports.len() {
            return Err(err(
                loc,
                format!(
                    "{} arguments bind {} port(s) of `{}`",
                    args.len(),
                    ports.len(),
                    self.d.insts[i].path
                ),
            ));
        }
        for (p, a) in ports.into_iter().zip(args) {
            self.bind(p, a, ctx, loc)?;
        }
        Ok(())
    }

    fn bind(&mut self, p: usize, a: &Expr, ctx: &Ctx, loc: Loc) -> Result<(), Diag> {
        let Some(mut ch) = self.resolve(a, ctx) else {
            return Err(unsup(a.loc, "binding to this expression"));
        };
        // an interface port binds to a channel instance (a module implementing it)
        if matches!(self.d.ports[p].ty, Type::IfPort(_)) {
            match ch {
                Obj::InstPtr(Some(i)) => ch = Obj::Inst(i),
                Obj::InstPtr(None) => {
                    return Err(err(a.loc, "module pointer used before `new`"));
                }
                _ => {}
            }
        }
        if matches!(ch, Obj::Inst(_)) && matches!(self.d.ports[p].ty, Type::IfPort(_)) {
        } else if matches!(
            ch,
            Obj::Inst(_) | Obj::InstPtr(_) | Obj::Ports(_) | Obj::Insts(_) | Obj::Unsized(..)
        ) {
            return Err(unsup(a.loc, "binding a port to this object"));
        }
        if self.d.ports[p].bound.is_some() {
            return Err(err(
                loc,
                format!("port `{}` is bound twice", self.d.ports[p].path),
            ));
        }
        self.d.ports[p].bound = Some(ch);
        Ok(())
    }

    /// The object an expression denotes at elaboration time, if any.
    pub fn resolve(&self, e: &Expr, ctx: &Ctx) -> Option<Obj> {
        resolve(self.prog, &self.d, e, ctx, 0)
    }

    fn resolve_port(&mut self, p: usize, loc: Loc) -> Result<Obj, Diag> {
        let mut cur = p;
        for _ in 0..=self.d.ports.len() {
            match &self.d.ports[cur].bound {
                None => {
                    return Err(err(
                        self.d.ports[cur].loc,
                        format!("port `{}` is not bound", self.d.ports[cur].path),
                    ))
                }
                Some(Obj::Port(q)) => cur = *q,
                Some(o) => {
                    let o = o.clone();
                    self.check_binding(p, &o)?;
                    self.d.ports[p].bound = Some(o.clone());
                    return Ok(o);
                }
            }
        }
        Err(err(loc, "cyclic port binding"))
    }

    fn check_binding(&self, p: usize, o: &Obj) -> Result<(), Diag> {
        let port = &self.d.ports[p];
        if let Type::IfPort(ii) = port.ty {
            let ok = matches!(o, Obj::Inst(i) if self.prog.implements(self.d.insts[*i].module, ii));
            if !ok {
                return Err(err(
                    port.loc,
                    format!(
                        "port `{}` is bound to an object that does not implement `{}`",
                        port.path, self.prog.interfaces[ii].name
                    ),
                ));
            }
            return Ok(());
        }
        let Obj::Var(v, idx) = o else {
            return Err(unsup(port.loc, "a port bound to this object"));
        };
        let var = &self.d.vars[*v];
        if idx.len() != var.dims.len() {
            return Err(unsup(port.loc, "a port bound to a whole array"));
        }
        let ok = match (&port.ty, &var.ty) {
            (Type::In(t) | Type::Out(t) | Type::InOut(t), Type::Signal(u)) => t == u,
            (Type::In(t), Type::Clock) => **t == Type::Scalar("_Bool".into()),
            (Type::FifoIn(t) | Type::FifoOut(t), Type::Fifo(u)) => t == u,
            _ => false,
        };
        if !ok {
            return Err(err(
                port.loc,
                format!(
                    "port `{}` is bound to `{}` of another type",
                    port.path, var.path
                ),
            ));
        }
        Ok(())
    }
}

/// `sensitive << a << b` → [a, b]
fn sensitive_list(e: &Expr) -> Option<Vec<&Expr>> {
    match &e.kind {
        ExprKind::Binary("<<", l, r) => {
            if matches!(&l.kind, ExprKind::Ident(n) if n == "sensitive") {
                return Some(vec![r]);
            }
            let mut v = sensitive_list(l)?;
            v.push(r);
            Some(v)
        }
        _ => None,
    }
}

/// The object an expression denotes in the elaborated design (names of instances, channels,
/// ports and members; constant array indices; constructor parameters).
pub fn resolve(prog: &Program, d: &Design, e: &Expr, ctx: &Ctx, depth: u32) -> Option<Obj> {
    if depth > 64 {
        return None;
    }
    match &e.kind {
        ExprKind::Ident(n) => {
            if let Some((_, a, c)) = ctx.params.iter().find(|(p, _, _)| p == n) {
                return resolve(prog, d, a, c, depth + 1);
            }
            match ctx.inst {
                Some(i) => d.insts[i].members.get(n).cloned(),
                None => d.main_objs.get(n).cloned(),
            }
            .or_else(|| d.globals.get(n).map(|v| Obj::Var(*v, Vec::new())))
        }
        ExprKind::This => ctx.inst.map(Obj::Inst),
        ExprKind::Member(b, n, _) => match resolve(prog, d, b, ctx, depth + 1)? {
            Obj::Inst(i) | Obj::InstPtr(Some(i)) => d.insts[i].members.get(n).cloned(),
            _ => None,
        },
        ExprKind::Unary("*", b) => match resolve(prog, d, b, ctx, depth + 1)? {
            Obj::InstPtr(Some(i)) => Some(Obj::Inst(i)),
            _ => None,
        },
        ExprKind::Index(b, i) => match resolve(prog, d, b, ctx, depth + 1)? {
            Obj::Insts(v) => {
                let k = const_eval_d(prog, Some(d), i, ctx, 0)?;
                usize::try_from(k)
                    .ok()
                    .and_then(|k| v.get(k))
                    .map(|i| Obj::Inst(*i))
            }
            Obj::Ports(ps) => {
                let k = const_eval_d(prog, Some(d), i, ctx, 0)?;
                usize::try_from(k)
                    .ok()
                    .and_then(|k| ps.get(k))
                    .map(|p| Obj::Port(*p))
            }
            Obj::InstPtrs(v) => {
                let k = const_eval_d(prog, Some(d), i, ctx, 0)?;
                usize::try_from(k)
                    .ok()
                    .and_then(|k| v.get(k))
                    .map(|p| Obj::InstPtr(*p))
            }
            Obj::Var(v, mut idx) => {
                let k = const_eval_d(prog, Some(d), i, ctx, 0)?;
                idx.push(k);
                if idx.len() > d.vars[v].dims.len() || k < 0 || k >= d.vars[v].dims[idx.len() - 1] {
                    return None;
                }
                Some(Obj::Var(v, idx))
            }
            _ => None,
        },
        _ => None,
    }
}

/// Integer constant expressions: literals, enumerators and constants of `prog`, constructor
/// parameters of `ctx`, time units (in fs), `sc_time(v, unit)` (in fs), arithmetic.
pub fn const_eval(prog: &Program, e: &Expr, ctx: &Ctx, depth: u32) -> Option<i64> {
    const_eval_d(prog, None, e, ctx, depth)
}

/// [`const_eval`], also of `v.size()` of the `sc_vector`s and arrays of `d`.
pub fn const_eval_d(
    prog: &Program,
    d: Option<&Design>,
    e: &Expr,
    ctx: &Ctx,
    depth: u32,
) -> Option<i64> {
    if depth > 64 {
        return None;
    }
    let ev = |x: &Expr| const_eval_d(prog, d, x, ctx, depth + 1);
    match &e.kind {
        ExprKind::Call(f, a) if a.is_empty() => {
            let (ExprKind::Member(b, m, _), Some(d)) = (&f.kind, d) else {
                return None;
            };
            if m != "size" {
                return None;
            }
            match resolve(prog, d, b, ctx, depth + 1)? {
                Obj::Ports(v) | Obj::Insts(v) => Some(v.len() as i64),
                Obj::Var(v, idx) => d.vars[v].dims.get(idx.len()).copied(),
                _ => None,
            }
        }
        ExprKind::Int(s) => s.trim_end_matches(['u', 'l']).parse().ok(),
        ExprKind::Char(c) => Some(*c),
        ExprKind::Bool(b) => Some(*b as i64),
        ExprKind::Ident(n) => {
            if let Some((_, a, c)) = ctx.params.iter().find(|(p, _, _)| p == n) {
                return const_eval_d(prog, d, a, c, depth + 1);
            }
            if let Some(fs) = super::time::unit_fs(n) {
                return Some(fs);
            }
            if n == "SC_ZERO_TIME" {
                return Some(0);
            }
            let mut next = 0;
            for (name, v, _) in &prog.enums {
                let val = match v {
                    Some(x) => ev(x)?,
                    None => next,
                };
                if name == n {
                    return Some(val);
                }
                next = val + 1;
            }
            prog.globals
                .iter()
                .find(|g| g.name == *n && g.is_const)
                .and_then(|g| match &g.init {
                    Some(Init::Expr(x)) => ev(x),
                    _ => None,
                })
        }
        ExprKind::Unary("-", x) => ev(x)?.checked_neg(),
        ExprKind::Unary("+", x) => ev(x),
        ExprKind::Unary("!", x) => Some((ev(x)? == 0) as i64),
        ExprKind::Unary("~", x) => Some(!ev(x)?),
        ExprKind::Cond(c, a, b) => {
            if ev(c)? != 0 {
                ev(a)
            } else {
                ev(b)
            }
        }
        ExprKind::Binary(op, l, r) => {
            let (a, b) = (ev(l)?, ev(r)?);
            match *op {
                "+" => a.checked_add(b),
                "-" => a.checked_sub(b),
                "*" => a.checked_mul(b),
                "/" if b != 0 => a.checked_div(b),
                "%" if b != 0 => a.checked_rem(b),
                "<<" if (0..63).contains(&b) => a.checked_shl(b as u32),
                ">>" if (0..63).contains(&b) => Some(a >> b),
                "&" => Some(a & b),
                "|" => Some(a | b),
                "^" => Some(a ^ b),
                "<" => Some((a < b) as i64),
                "<=" => Some((a <= b) as i64),
                ">" => Some((a > b) as i64),
                ">=" => Some((a >= b) as i64),
                "==" => Some((a == b) as i64),
                "!=" => Some((a != b) as i64),
                "&&" => Some((a != 0 && b != 0) as i64),
                "||" => Some((a != 0 || b != 0) as i64),
                _ => None,
            }
        }
        ExprKind::Construct(Type::Time, args) if args.len() == 2 => {
            ev(&args[0])?.checked_mul(ev(&args[1])?)
        }
        ExprKind::Cast(_, x) => ev(x),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
