//! Emission of the elaborated SystemC model as C against `include/systemc.h`.
//!
//! Owns: the C declarations of the design's objects (channels as `sc_signal_int`-style
//! structs, FIFOs with their capacity, `sc_clock`s initialised by `sc_clock_init_high` with
//! times in resolution units, arrays of ports as tables of pointers to the bound channels),
//! member functions instantiated per instance (`top__p__run_`, `this` bound statically), the
//! typed translation of C++ statements and expressions (`sc_uint<N>`/`sc_int<N>` as masked /
//! sign-extended integers, references as pointers, `cout` operands evaluated), `main` (the
//! elaboration actions: process creation with `SC_THREAD` / `SC_METHOD` / `SC_CTHREAD`,
//! sensitivity, resets; then the rest of `sc_main` with `sc_start` / `sc_start_time`), `#line`
//! markers into the C++ file, and the table mapping mangled C names back to the model's names.
//! Calls (built-ins, channel methods, waits) are in [`call`], C types and width conversions in
//! [`ctypes`], plain structs in [`plain_struct`], time arithmetic in [`time`].

use super::ast::*;
use super::elaborate::{const_eval_d, Action, Ctx, Design, Obj, ProcKind};
use crate::diag::{Diag, DiagKind, Loc};
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

mod call;
mod ctypes;
mod plain_struct;
mod time;

use ctypes::{c_type, chan_struct, conv, fifo_struct, float_result};
use time::is_time;

type R<T> = Result<T, Diag>;

/// The C text and the (mangled C name, model name) table.
pub struct Emitted {
    pub text: String,
    pub names: Vec<(String, String)>,
}

fn unsup(loc: Loc, what: impl std::fmt::Display) -> Diag {
    Diag::unsupported(Some(loc), what)
}
fn terr(loc: Loc, msg: impl Into<String>) -> Diag {
    Diag::error(DiagKind::Type, Some(loc), msg)
}

fn mangle(path: &str) -> String {
    format!("{}_", path.replace('.', "__"))
}

/// The source files of the model by [`FileId`](crate::diag::FileId): names (for `#line`
/// markers) and lines (assertion texts are quoted from them).
pub struct Files(Vec<(String, Vec<String>)>);

impl Files {
    pub fn of(sources: &crate::diag::SourceMap) -> Files {
        Files(
            (0..sources.len())
                .map(|i| {
                    let f = sources.get(crate::diag::FileId(i as u32));
                    let lines = f
                        .text
                        .as_deref()
                        .unwrap_or("")
                        .lines()
                        .map(str::to_string)
                        .collect();
                    (f.name.clone(), lines)
                })
                .collect(),
        )
    }
    fn name(&self, loc: Loc) -> &str {
        self.0.get(loc.file.0 as usize).map_or("", |f| &f.0)
    }
    fn line(&self, loc: Loc) -> Option<&str> {
        let f = self.0.get(loc.file.0 as usize)?;
        f.1.get(loc.line.checked_sub(1)? as usize)
            .map(String::as_str)
    }
}

/// A translated expression.
#[derive(Clone, Debug)]
enum Val {
    /// A C value (an lvalue when it came from a variable) and its type.
    V(String, Type),
    /// A pointer to a channel / event struct, with the channel's type (ports: the bound
    /// channel's type with the port's element type).
    Ch(String, Type),
    Inst(usize),
    /// An `sc_vector` of modules.
    Insts(Vec<usize>),
    /// An array of ports: the C table of pointers to the bound channels, the element type.
    Ports(String, Type),
    /// An array of channels / events (the C array, the dimensions left, the element type).
    ChArr(String, usize, Type),
    /// A statement (a call without a value).
    S(String),
}

/// A local of the function being emitted.
#[derive(Clone, Debug)]
struct Local {
    c: String,
    ty: Type,
}

struct Fn<'a> {
    ctx: Ctx,
    /// the model's name of the function (`top.p.run`)
    disp: String,
    locals: Vec<HashMap<String, Local>>,
    ret: Type,
    /// In a plain struct's `operator==`: the struct (its fields are `this->f`).
    this_struct: Option<usize>,
    /// In a plain struct's member function specialised to one global object (see
    /// `plain_struct::Em::struct_call`): that object's C name, which `this` denotes.
    this_obj: Option<String>,
    /// The first scope of `locals` visible: in a constructor's body run in `sc_main`, the
    /// constructor's own (`sc_main`'s locals are not in scope there).
    floor: usize,
    _p: std::marker::PhantomData<&'a ()>,
}

struct Em<'a> {
    prog: &'a Program,
    d: &'a Design,
    files: &'a Files,
    out: String,
    /// function bodies (after the prototypes)
    funcs: String,
    names: Vec<(String, String)>,
    /// (instance, method) instantiated or queued
    done: HashSet<(Option<usize>, String)>,
    queue: Vec<(Option<usize>, String)>,
    line: u32,
    tmp: u32,
    /// The static locals declared (their C names).
    statics: HashSet<String>,
    /// Plain-struct member functions specialised to a global object (struct, function,
    /// object's C name), emitted or being emitted.
    specialised: HashSet<(usize, String, String)>,
}

/// The object `this` denotes in a plain struct's member function, as a C lvalue: `(*this)`,
/// or the global object the function is specialised to.
/// The C object naming the update requests of the user primitive channel instance `path`.
fn update_key(path: &str) -> String {
    mangle(&format!("{path}.sc_update_request_"))
}

fn this_lvalue(f: &Fn) -> String {
    match &f.this_obj {
        Some(c) => format!("({c})"),
        None => "(*this)".into(),
    }
}

/// Emits the C model.
pub fn emit(prog: &Program, d: &Design, files: &Files) -> R<Emitted> {
    let mut em = Em {
        prog,
        d,
        files,
        out: String::new(),
        funcs: String::new(),
        names: Vec::new(),
        done: HashSet::new(),
        queue: Vec::new(),
        line: 0,
        tmp: 0,
        statics: HashSet::new(),
        specialised: HashSet::new(),
    };
    em.emit_all()?;
    Ok(Emitted {
        text: em.out,
        names: em.names,
    })
}

impl<'a> Em<'a> {
    fn marker(&mut self, loc: Loc) -> String {
        self.line = loc.line;
        format!(
            "#line {} \"{}\"\n",
            loc.line.max(1),
            self.files.name(loc).replace('"', "\\\"")
        )
    }

    fn emit_all(&mut self) -> R<()> {
        let d = self.d;
        let mut max_fifo = 4;
        for v in &d.vars {
            if matches!(v.ty, Type::Fifo(_)) {
                max_fifo = max_fifo.max(v.param.unwrap_or(16));
            }
        }
        if max_fifo > 64 {
            return Err(unsup(Loc::default(), "a FIFO with more than 64 places"));
        }
        let _ = writeln!(self.out, "#define SC_FIFO_MAX {max_fifo}");
        let _ = writeln!(
            self.out,
            "#define SC_TIME_RESOLUTION_FS {}LL",
            d.resolution_fs
        );
        self.out.push_str(
            "#include <systemc.h>\n#include <verifier.h>\n#include <assert.h>\n\
             typedef SC_SIGNAL_STRUCT(long long) sc_signal_ll;\n\
             typedef SC_SIGNAL_STRUCT(unsigned long long) sc_signal_ull;\n\
             typedef SC_FIFO_STRUCT(_Bool) sc_fifo_bool;\n\
             typedef SC_FIFO_STRUCT(long long) sc_fifo_ll;\n\
             typedef SC_SIGNAL_STRUCT(float) sc_signal_float;\n\
             typedef SC_SIGNAL_STRUCT(double) sc_signal_double;\n\
             typedef SC_FIFO_STRUCT(float) sc_fifo_float;\n\
             typedef SC_FIFO_STRUCT(double) sc_fifo_double;\n",
        );
        // enumerators and constants
        let mut next = 0i64;
        for (n, v, loc) in &self.prog.enums {
            let val = match v {
                Some(e) => const_eval_d(self.prog, Some(self.d), e, &Ctx::default(), 0)
                    .ok_or_else(|| unsup(*loc, "an enumerator that is not a constant"))?,
                None => next,
            };
            next = val + 1;
            let m = self.marker(*loc);
            if i32::try_from(val).is_ok() {
                let _ = writeln!(self.out, "{m}enum {{ {n} = {val} }};");
            } else {
                let _ = writeln!(self.out, "{m}static const long long {n} = {val}LL;");
            }
        }
        self.plain_structs()?;
        // objects
        for v in d.vars.iter() {
            let c = mangle(&v.path);
            self.names.push((c.clone(), v.path.clone()));
            let dims: String = v.dims.iter().map(|n| format!("[{n}]")).collect();
            let m = self.marker(v.loc);
            let decl = match &v.ty {
                Type::Signal(t) => {
                    let init = match v.param {
                        Some(x) => format!(" = SC_SIGNAL_INIT({})", conv(&x.to_string(), t)),
                        None => String::new(),
                    };
                    format!("{} {c}{dims}{init};", chan_struct(t))
                }
                Type::Clock => format!("sc_clock {c};"),
                Type::Fifo(t) => format!("{} {c}{dims};", fifo_struct(t)),
                Type::Event => format!("sc_event {c}{dims};"),
                Type::Mutex => format!("sc_mutex {c}{dims};"),
                Type::Semaphore => format!(
                    "sc_semaphore {c}{dims} = SC_SEMAPHORE_INIT({});",
                    v.param.unwrap_or(0)
                ),
                t => {
                    let ct = c_type(t).ok_or_else(|| unsup(v.loc, "this object type"))?;
                    let init = match &v.init {
                        Some(e) => {
                            let k = const_eval_d(self.prog, Some(self.d), e, &Ctx::default(), 0)
                                .ok_or_else(|| unsup(e.loc, "a non-constant initialiser"))?;
                            format!(" = {}", conv(&k.to_string(), t))
                        }
                        None => String::new(),
                    };
                    format!("{ct} {c}{dims}{init};")
                }
            };
            let _ = writeln!(self.out, "{m}{decl}");
        }
        // user primitive channels: the object naming their update requests
        for inst in d.insts.iter().filter(|i| self.prog.modules[i.module].prim) {
            let key = update_key(&inst.path);
            self.names
                .push((key.clone(), format!("{}.update_request", inst.path)));
            let _ = writeln!(self.out, "sc_event {key};");
        }
        // arrays of ports: tables of pointers to the bound channels
        for inst in &d.insts {
            let mut arrays: Vec<&Vec<usize>> = inst
                .members
                .values()
                .filter_map(|o| match o {
                    Obj::Ports(ps) => Some(ps),
                    _ => None,
                })
                .collect();
            arrays.sort();
            for ps in arrays {
                let port = &d.ports[ps[0]];
                let st = match &port.ty {
                    Type::In(t) | Type::Out(t) | Type::InOut(t) => chan_struct(t),
                    Type::FifoIn(t) | Type::FifoOut(t) => fifo_struct(t),
                    _ => return Err(unsup(port.loc, "an array of these ports")),
                };
                let mut elems = Vec::new();
                for p in ps {
                    match self.obj(&Obj::Port(*p), port.loc)? {
                        Val::Ch(c, _) => elems.push(c),
                        _ => return Err(unsup(port.loc, "a port bound to this object")),
                    }
                }
                let table = port.path.rsplit_once('[').map_or(&*port.path, |x| x.0);
                let c = mangle(table);
                self.names.push((c.clone(), table.to_string()));
                let m = self.marker(port.loc);
                let _ = writeln!(
                    self.out,
                    "{m}{st} *const {c}[{}] = {{{}}};",
                    ps.len(),
                    elems.join(", ")
                );
            }
        }
        // sc_main: elaboration, sc_start, the rest
        let mut main = String::new();
        let mut mf = Fn {
            ctx: Ctx::default(),
            disp: "sc_main".into(),
            locals: vec![HashMap::new()],
            ret: Type::Scalar("int".into()),
            this_struct: None,
            this_obj: None,
            floor: 0,
            _p: std::marker::PhantomData,
        };
        // a scalar data member is default-initialised when its module is constructed, which
        // leaves it indeterminate (C++ [dcl.init]: no initialiser, no constructor; modules are
        // never objects of static storage here: sc_main's locals or `new`): any value until
        // an in-class or constructor initialiser (an `Action::Init`, emitted after this) or
        // the constructor body sets it. File-scope scalars are zero-initialised C globals.
        let file_scope: HashSet<usize> = d.globals.values().copied().collect();
        for (vi, v) in d.vars.iter().enumerate() {
            let Type::Scalar(s) = &v.ty else { continue };
            if file_scope.contains(&vi) || v.init.is_some() || s == "sc_module_name" {
                continue;
            }
            let any = plain_struct::any_value(s);
            let m = self.marker(v.loc);
            // element by element (constant indices: no loop, no symbolic-index stores)
            let mut targets = vec![mangle(&v.path)];
            for n in &v.dims {
                targets = targets
                    .iter()
                    .flat_map(|t| (0..*n).map(move |k| format!("{t}[{k}]")))
                    .collect();
            }
            let body: String = targets
                .iter()
                .map(|t| format!(" {t} = ({s}){any};"))
                .collect();
            let _ = writeln!(main, "{m}{{{body} }}");
        }
        for v in d.vars.iter() {
            // a struct object: constructed first (before its module's constructor body, as
            // C++ constructs members): its user constructor, else sc_int fields zero and
            // scalar fields any value
            if let Type::Struct(mi) = v.ty {
                let m = self.marker(v.loc);
                let body = self.construct_array(mi, &mangle(&v.path), &v.dims, v.loc)?;
                let _ = writeln!(main, "{m}{body}");
            }
            if let Type::Fifo(_) = v.ty {
                if !v.dims.is_empty() {
                    return Err(unsup(v.loc, "an array of FIFOs"));
                }
                let m = self.marker(v.loc);
                let _ = writeln!(
                    main,
                    "{m}sc_fifo_init(&{}, {});",
                    mangle(&v.path),
                    v.param.unwrap_or(16)
                );
            }
            if let Some(k) = &v.clock {
                let m = self.marker(v.loc);
                let _ = writeln!(
                    main,
                    "{m}sc_clock_init_high(&{}, {}LL, {}LL, {}LL, {});",
                    mangle(&v.path),
                    k.period,
                    k.high,
                    k.start,
                    k.posedge_first as i32
                );
            }
        }
        let mut floors = Vec::new();
        for a in &d.actions {
            match a {
                Action::Code(s, ctx) => {
                    mf.ctx = ctx.clone();
                    let t = self.stmt(s, &mut mf)?;
                    main.push_str(&t);
                }
                Action::Init(obj, e, ctx, loc) => {
                    mf.ctx = ctx.clone();
                    let (c, ty) = self.obj_val(obj, *loc)?;
                    let Val::V(c, ty) = (match ty {
                        Some(t) => Val::V(c, t),
                        None => return Err(unsup(*loc, "initialising this member")),
                    }) else {
                        unreachable!()
                    };
                    let v = self.rvalue(e, &mut mf)?;
                    let m = self.marker(*loc);
                    let _ = writeln!(main, "{m}{c} = {};", conv(&v, &ty));
                }
                Action::Spawn(p) => {
                    let pr = &d.procs[*p];
                    let f = self.instance_fn(Some(pr.inst), &pr.method);
                    let m = self.marker(pr.loc);
                    match (&pr.kind, &pr.edge) {
                        (ProcKind::CThread, Some((e, ctx))) => {
                            mf.ctx = ctx.clone();
                            let ev = self.event_of(e, &mut mf, false)?;
                            let _ = writeln!(main, "{m}SC_CTHREAD({f}, {ev});");
                        }
                        (ProcKind::Method, _) => {
                            let _ = writeln!(main, "{m}SC_METHOD({f});");
                        }
                        (ProcKind::Update, _) => {
                            let key = update_key(&d.insts[pr.inst].path);
                            let _ = writeln!(main, "{m}SC_METHOD({f}); __sc_make_updater(&{key});");
                        }
                        _ => {
                            let _ = writeln!(main, "{m}SC_THREAD({f});");
                        }
                    }
                }
                Action::Reset {
                    sig,
                    ctx,
                    level,
                    asynchronous,
                    loc,
                } => {
                    mf.ctx = ctx.clone();
                    let p = match self.expr(sig, &mut mf)? {
                        Val::Ch(p, Type::Clock) => p,
                        Val::Ch(p, Type::Signal(t)) if *t == Type::Scalar("_Bool".into()) => p,
                        _ => return Err(unsup(sig.loc, "a reset that is not a bool signal")),
                    };
                    let m = self.marker(*loc);
                    let which = if *asynchronous { "async_" } else { "" };
                    let _ = writeln!(
                        main,
                        "{m}sc_{which}reset_signal_is({p}, {});",
                        *level as i32
                    );
                }
                Action::Sensitive(e, ctx) => {
                    mf.ctx = ctx.clone();
                    let ev = self.event_of(e, &mut mf, true)?;
                    let m = self.marker(e.loc);
                    let _ = writeln!(main, "{m}sc_sensitive({ev});");
                }
                Action::Open => {
                    mf.locals.push(HashMap::new());
                    main.push_str("{\n");
                }
                Action::Close => {
                    mf.locals.pop();
                    main.push_str("}\n");
                }
                Action::OpenCtor => {
                    floors.push(mf.floor);
                    mf.floor = mf.locals.len();
                    mf.locals.push(HashMap::new());
                    main.push_str("{\n");
                }
                Action::CloseCtor => {
                    mf.locals.pop();
                    mf.floor = floors.pop().unwrap_or(0);
                    main.push_str("}\n");
                }
                Action::DontInit(loc) => {
                    let m = self.marker(*loc);
                    let _ = writeln!(main, "{m}sc_dont_initialize();");
                }
            }
        }
        mf.ctx = Ctx::default();
        for s in &d.post {
            let t = self.stmt(s, &mut mf)?;
            main.push_str(&t);
        }
        // member functions (instantiated on demand)
        while let Some((inst, name)) = self.queue.pop() {
            self.emit_fn(inst, &name)?;
        }
        self.out.push_str(&self.funcs.clone());
        self.out.push_str("int main(void) {\n");
        self.out.push_str(&main);
        self.out.push_str("return 0;\n}\n");
        Ok(())
    }

    /// The C name of function `name` of `inst` (None: a free function); queues its emission.
    fn instance_fn(&mut self, inst: Option<usize>, name: &str) -> String {
        let c = match inst {
            Some(i) => mangle(&format!("{}.{name}", self.d.insts[i].path)),
            None => format!("{name}_"),
        };
        let key = (inst, name.to_string());
        if self.done.insert(key.clone()) {
            self.queue.push(key);
            let disp = match inst {
                Some(i) => format!("{}.{name}", self.d.insts[i].path),
                None => name.to_string(),
            };
            self.names.push((c.clone(), disp));
        }
        c
    }

    fn find_fn(&self, inst: Option<usize>, name: &str) -> Option<&'a Func> {
        match inst {
            Some(i) => self.prog.modules[self.d.insts[i].module]
                .methods
                .iter()
                .find(|f| f.name == name),
            None => self.prog.functions.iter().find(|f| f.name == name),
        }
    }

    fn emit_fn(&mut self, inst: Option<usize>, name: &str) -> R<()> {
        let f = self.find_fn(inst, name).expect("queued function exists");
        let Some(body) = &f.body else {
            return Err(terr(f.loc, format!("function `{name}` has no body")));
        };
        let c = match inst {
            Some(i) => mangle(&format!("{}.{name}", self.d.insts[i].path)),
            None => format!("{name}_"),
        };
        let ctx = match inst {
            Some(i) => self.d.insts[i].ctx.clone(),
            None => Ctx::default(),
        };
        let disp = match inst {
            Some(i) => format!("{}.{name}", self.d.insts[i].path),
            None => name.to_string(),
        };
        let mut fnc = Fn {
            ctx,
            disp,
            locals: vec![HashMap::new()],
            ret: f.ret.clone(),
            this_struct: None,
            this_obj: None,
            floor: 0,
            _p: std::marker::PhantomData,
        };
        let ret = c_type(&f.ret).ok_or_else(|| unsup(f.loc, "this return type"))?;
        let mut ps = Vec::new();
        for p in &f.params {
            let (decl, local) = self.param(p)?;
            ps.push(decl);
            fnc.locals[0].insert(p.name.clone(), local);
        }
        let m = self.marker(f.loc);
        let params = if ps.is_empty() {
            "void".to_string()
        } else {
            ps.join(", ")
        };
        let mut text = format!("{m}{ret} {c}({params}) {{\n");
        text.push_str(&self.stmt(body, &mut fnc)?);
        text.push_str("}\n");
        // prototype first, so that instances may call each other in any order
        let _ = writeln!(self.out, "{ret} {c}({params});");
        self.funcs.push_str(&text);
        Ok(())
    }

    fn param(&mut self, p: &Param) -> R<(String, Local)> {
        let name = p.name.clone();
        if p.ty.is_port() || p.ty.is_channel() || matches!(p.ty, Type::Event) {
            if !p.by_ref {
                return Err(unsup(p.loc, "a channel passed by value"));
            }
            let st = match &p.ty {
                Type::Signal(t) | Type::In(t) | Type::Out(t) | Type::InOut(t) => chan_struct(t),
                Type::Fifo(t) | Type::FifoIn(t) | Type::FifoOut(t) => fifo_struct(t),
                Type::Event => "sc_event".into(),
                _ => return Err(unsup(p.loc, "this parameter type")),
            };
            let ty = match &p.ty {
                Type::In(t) | Type::Out(t) | Type::InOut(t) => Type::Signal(t.clone()),
                Type::FifoIn(t) | Type::FifoOut(t) => Type::Fifo(t.clone()),
                t => t.clone(),
            };
            return Ok((format!("{st} *{name}"), Local { c: name, ty }));
        }
        let ct = c_type(&p.ty).ok_or_else(|| unsup(p.loc, "this parameter type"))?;
        if p.by_ref {
            Ok((
                format!("{ct} *{name}"),
                Local {
                    c: format!("(*{name})"),
                    ty: p.ty.clone(),
                },
            ))
        } else {
            Ok((
                format!("{ct} {name}"),
                Local {
                    c: name,
                    ty: p.ty.clone(),
                },
            ))
        }
    }

    // ------------------------------------------------------------------ objects
    /// C text of an elaborated object: (text, Some(value type)) for scalars; channel objects
    /// give a pointer expression and None.
    fn obj_val(&self, o: &Obj, loc: Loc) -> R<(String, Option<Type>)> {
        match o {
            Obj::Var(v, idx) => {
                let var = &self.d.vars[*v];
                let mut c = mangle(&var.path);
                for i in idx {
                    let _ = write!(c, "[{i}]");
                }
                if var.ty.is_value() {
                    Ok((c, Some(var.ty.clone())))
                } else {
                    Ok((format!("&{c}"), None))
                }
            }
            _ => Err(unsup(loc, "this object as a value")),
        }
    }

    fn obj(&self, o: &Obj, loc: Loc) -> R<Val> {
        match o {
            Obj::Inst(i) | Obj::InstPtr(Some(i)) => Ok(Val::Inst(*i)),
            Obj::InstPtr(None) => Err(terr(loc, "module pointer used before `new`")),
            Obj::Insts(v) => Ok(Val::Insts(v.clone())),
            Obj::InstPtrs(v) => v
                .iter()
                .map(|i| i.ok_or_else(|| terr(loc, "module pointer used before `new`")))
                .collect::<R<Vec<usize>>>()
                .map(Val::Insts),
            Obj::Unsized(p, _, _) => Err(terr(loc, format!("sc_vector `{p}` used before init"))),
            Obj::Ports(ps) => {
                let port = &self.d.ports[ps[0]];
                let ty = match &port.ty {
                    Type::In(t) | Type::Out(t) | Type::InOut(t) => Type::Signal(t.clone()),
                    Type::FifoIn(t) | Type::FifoOut(t) => Type::Fifo(t.clone()),
                    t => t.clone(),
                };
                let table = port.path.rsplit_once('[').map_or(&*port.path, |x| x.0);
                Ok(Val::Ports(mangle(table), ty))
            }
            Obj::Port(p) => {
                let port = &self.d.ports[*p];
                let bound = port
                    .bound
                    .clone()
                    .ok_or_else(|| terr(loc, "unbound port"))?;
                if let (Type::IfPort(_), Obj::Inst(i)) = (&port.ty, &bound) {
                    return Ok(Val::Inst(*i));
                }
                let Val::Ch(c, cty) = self.obj(&bound, loc)? else {
                    return Err(unsup(loc, "a port bound to this object"));
                };
                let ty = match (&port.ty, cty) {
                    (_, Type::Clock) => Type::Clock,
                    (Type::In(t) | Type::Out(t) | Type::InOut(t), _) => Type::Signal(t.clone()),
                    (Type::FifoIn(t) | Type::FifoOut(t), _) => Type::Fifo(t.clone()),
                    (_, t) => t,
                };
                Ok(Val::Ch(c, ty))
            }
            Obj::Var(v, idx) => {
                let var = &self.d.vars[*v];
                let (c, vt) = self.obj_val(o, loc)?;
                match vt {
                    Some(t) if idx.len() == var.dims.len() => Ok(Val::V(c, t)),
                    Some(t) => Ok(Val::V(c, Type::Ptr(Box::new(t)))),
                    None if idx.len() == var.dims.len() => Ok(Val::Ch(c, var.ty.clone())),
                    None => Ok(Val::ChArr(
                        c.trim_start_matches('&').to_string(),
                        var.dims.len() - idx.len(),
                        var.ty.clone(),
                    )),
                }
            }
        }
    }

    // ------------------------------------------------------------------ statements
    fn stmt(&mut self, s: &Stmt, f: &mut Fn) -> R<String> {
        let m = self.marker(s.loc);
        Ok(match &s.kind {
            StmtKind::Empty => format!("{m};\n"),
            StmtKind::Output(ops) => {
                let mut t = String::new();
                for e in ops {
                    if let Some(c) = self.output_operand(e, f)? {
                        let _ = writeln!(t, "{m}{c};");
                    }
                }
                t
            }
            StmtKind::Expr(e) => {
                let v = self.expr(e, f)?;
                match v {
                    Val::V(c, _) => format!("{m}(void)({c});\n"),
                    Val::S(c) => format!("{m}{c};\n"),
                    _ => format!("{m};\n"),
                }
            }
            StmtKind::Decl(ds) => {
                let mut t = String::new();
                for d in ds {
                    t.push_str(&self.local_decl(d, f)?);
                }
                t
            }
            StmtKind::Block(v) => {
                f.locals.push(HashMap::new());
                let mut t = format!("{m}{{\n");
                for s in v {
                    t.push_str(&self.stmt(s, f)?);
                }
                t.push_str("}\n");
                f.locals.pop();
                t
            }
            StmtKind::If(c, a, b) => {
                let c = self.cond(c, f)?;
                let a = self.sub_stmt(a, f)?;
                let mut t = format!("{m}if ({c}) {{\n{a}}}\n");
                if let Some(b) = b {
                    let b = self.sub_stmt(b, f)?;
                    let _ = write!(t, "else {{\n{b}}}\n");
                }
                t
            }
            StmtKind::While(c, b) => {
                let c = self.cond(c, f)?;
                let b = self.sub_stmt(b, f)?;
                format!("{m}while ({c}) {{\n{b}}}\n")
            }
            StmtKind::DoWhile(b, c) => {
                let b = self.sub_stmt(b, f)?;
                let c = self.cond(c, f)?;
                format!("{m}do {{\n{b}}} while ({c});\n")
            }
            StmtKind::For(init, c, step, b) => {
                f.locals.push(HashMap::new());
                let i = match init {
                    Some(s) => self.stmt(s, f)?,
                    None => String::new(),
                };
                let c = match c {
                    Some(c) => self.cond(c, f)?,
                    None => "1".into(),
                };
                let st = match step {
                    Some(e) => match self.expr(e, f)? {
                        Val::V(c, _) => c,
                        Val::S(c) => format!("({{ {c}; }})"),
                        _ => String::new(),
                    },
                    None => String::new(),
                };
                let b = self.sub_stmt(b, f)?;
                f.locals.pop();
                format!("{m}{{\n{i}for (; {c}; {st}) {{\n{b}}}\n}}\n")
            }
            StmtKind::Switch(c, b) => {
                let c = self.rvalue(c, f)?;
                let b = self.sub_stmt(b, f)?;
                format!("{m}switch ({c}) {{\n{b}}}\n")
            }
            StmtKind::Case(e) => {
                let v = const_eval_d(self.prog, Some(self.d), e, &f.ctx, 0)
                    .ok_or_else(|| unsup(e.loc, "a case label that is not a constant"))?;
                format!("{m}case {v}:;\n")
            }
            StmtKind::Default => format!("{m}default:;\n"),
            StmtKind::Break => format!("{m}break;\n"),
            StmtKind::Continue => format!("{m}continue;\n"),
            StmtKind::Return(e) => match e {
                Some(e) => {
                    let v = self.rvalue(e, f)?;
                    let ret = f.ret.clone();
                    format!("{m}return {};\n", conv(&v, &ret))
                }
                None => format!("{m}return;\n"),
            },
        })
    }

    /// The C statement evaluating an operand of `cout <<` (None: nothing to evaluate: string
    /// literals, manipulators, module and object names).
    fn output_operand(&mut self, e: &Expr, f: &mut Fn) -> R<Option<String>> {
        const MANIPULATORS: &[&str] = &[
            "endl",
            "ends",
            "flush",
            "hex",
            "dec",
            "oct",
            "boolalpha",
            "noboolalpha",
            "showbase",
            "noshowbase",
            "fixed",
            "scientific",
            "left",
            "right",
            "internal",
            "uppercase",
            "nouppercase",
            "showpos",
            "noshowpos",
        ];
        match &e.kind {
            ExprKind::Str(_) | ExprKind::Char(_) | ExprKind::Int(_) | ExprKind::Bool(_) => {
                return Ok(None)
            }
            ExprKind::Ident(n) if MANIPULATORS.contains(&n.as_str()) => return Ok(None),
            ExprKind::Call(c, args) => {
                let name = match &c.kind {
                    ExprKind::Ident(n) => Some(n.as_str()),
                    ExprKind::Member(_, n, _) => Some(n.as_str()),
                    _ => None,
                };
                match name {
                    Some("setw" | "setfill" | "setprecision" | "setbase") => {
                        let mut t = Vec::new();
                        for a in args {
                            if let Some(c) = self.output_operand(a, f)? {
                                t.push(c);
                            }
                        }
                        return Ok((!t.is_empty()).then(|| t.join("; ")));
                    }
                    Some(
                        "name"
                        | "basename"
                        | "kind"
                        | "to_string"
                        | "to_double"
                        | "to_seconds"
                        | "to_default_time_units",
                    ) if args.is_empty()
                        && match &c.kind {
                            ExprKind::Member(b, _, _) => self.is_plain_object(b),
                            _ => true,
                        } =>
                    {
                        return Ok(None)
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        Ok(match self.expr(e, f)? {
            Val::V(c, _) => Some(format!("(void)({c})")),
            Val::S(c) => Some(c),
            Val::Ch(..) | Val::Inst(_) | Val::Insts(_) | Val::Ports(..) | Val::ChArr(..) => None,
        })
    }

    /// A name, member chain or `this`: naming it has no side effect.
    fn is_plain_object(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Ident(_) | ExprKind::This => true,
            ExprKind::Member(b, _, _) => self.is_plain_object(b),
            ExprKind::Index(b, i) => {
                self.is_plain_object(b) && matches!(i.kind, ExprKind::Int(_) | ExprKind::Ident(_))
            }
            ExprKind::Call(c, a) if a.is_empty() => match &c.kind {
                ExprKind::Ident(n) => n == "sc_time_stamp",
                _ => false,
            },
            _ => false,
        }
    }

    fn sub_stmt(&mut self, s: &Stmt, f: &mut Fn) -> R<String> {
        f.locals.push(HashMap::new());
        let r = self.stmt(s, f);
        f.locals.pop();
        r
    }

    fn local_decl(&mut self, d: &VarDecl, f: &mut Fn) -> R<String> {
        let m = self.marker(d.loc);
        if d.by_ref {
            // T &x = lvalue: an alias
            let Some(Init::Expr(e)) = &d.init else {
                return Err(terr(d.loc, "a reference needs an initialiser"));
            };
            let v = self.expr(e, f)?;
            let local = match v {
                Val::V(c, t) if t == d.ty => Local { c, ty: t },
                Val::Ch(c, t) => Local { c, ty: t },
                _ => return Err(unsup(d.loc, "this reference")),
            };
            f.locals.last_mut().unwrap().insert(d.name.clone(), local);
            return Ok(String::new());
        }
        let ct = match &d.ty {
            t if t.is_value() => c_type(t).unwrap_or_else(|| "int".into()),
            // a pointer to scalars: `const char *s = "text";`
            Type::Ptr(t) if t.is_value() && d.dims.is_empty() => {
                let q = if d.is_const { "const " } else { "" };
                format!("{q}{} *", c_type(t).unwrap_or_else(|| "int".into()))
            }
            _ => return Err(unsup(d.loc, "a local variable of this type")),
        };
        if d.is_static {
            return self.static_local(d, &ct, f);
        }
        let name = d.name.clone();
        let mut dims = String::new();
        for e in &d.dims {
            let n = const_eval_d(self.prog, Some(self.d), e, &f.ctx, 0)
                .ok_or_else(|| unsup(e.loc, "a variable-length array"))?;
            let _ = write!(dims, "[{n}]");
        }
        let ctor_call = match (&d.ty, &d.init) {
            (Type::Struct(mi), Some(Init::Args(a))) if d.dims.is_empty() => {
                self.ctor_init(*mi, &name, a, f, d.loc)?
            }
            _ => None,
        };
        let init = match &d.init {
            None => String::new(),
            Some(Init::Expr(e)) => {
                let v = self.rvalue(e, f)?;
                format!(" = {}", conv(&v, &d.ty))
            }
            Some(Init::Args(_)) if ctor_call.is_some() => String::new(),
            Some(Init::Args(a)) if d.dims.is_empty() && a.len() == 1 => {
                let v = self.rvalue(&a[0], f)?;
                format!(" = {}", conv(&v, &d.ty))
            }
            Some(Init::Args(a)) if d.dims.is_empty() && a.len() == 2 && is_time(&d.ty) => {
                let v = self.time_args(a, f, d.loc)?;
                format!(" = {v}")
            }
            Some(Init::Args(a)) if !d.dims.is_empty() => {
                let mut vs = Vec::new();
                for e in a {
                    let v = self.rvalue(e, f)?;
                    vs.push(conv(&v, &d.ty));
                }
                format!(" = {{{}}}", vs.join(", "))
            }
            Some(Init::Args(_)) => return Err(unsup(d.loc, "this initialiser")),
        };
        let mut zero = String::new();
        if let (Type::Struct(mi), None) = (&d.ty, &d.init) {
            if d.dims.is_empty() {
                zero = self.zero_scint(*mi, &name, d.loc)?;
            } else {
                return Err(unsup(d.loc, "a local array of structs"));
            }
        }
        // an array local indexes element-wise (not as an sc_int bit select)
        let mut ty = d.ty.clone();
        for _ in &d.dims {
            ty = Type::Ptr(Box::new(ty));
        }
        f.locals.last_mut().unwrap().insert(
            d.name.clone(),
            Local {
                c: name.clone(),
                ty,
            },
        );
        if let Some(call) = ctor_call {
            zero = format!(" {call};");
        }
        Ok(format!("{m}{ct} {name}{dims}{init};{zero}\n"))
    }

    /// `static T x = k;` in a function: one object of static storage for the declaration
    /// (C++ [stmt.dcl]), shared by every call and by every instance of the function's module
    /// (a member function's static local belongs to the function, not to the object); a
    /// scalar with a constant initialiser (or none: zero), initialised before `sc_main`.
    fn static_local(&mut self, d: &VarDecl, ct: &str, f: &mut Fn) -> R<String> {
        if !d.dims.is_empty() || !matches!(d.ty, Type::Scalar(_) | Type::ScInt { .. }) {
            return Err(unsup(d.loc, "a static local that is not a scalar"));
        }
        let e = match &d.init {
            None => None,
            Some(Init::Expr(e)) => Some(e),
            Some(Init::Args(a)) if a.len() == 1 => Some(&a[0]),
            Some(Init::Args(_)) => return Err(unsup(d.loc, "this initialiser")),
        };
        let init = match e {
            None => "0".to_string(),
            Some(e) => {
                let k = const_eval_d(self.prog, Some(self.d), e, &f.ctx, 0).ok_or_else(|| {
                    unsup(e.loc, "a static local with a non-constant initialiser")
                })?;
                conv(&k.to_string(), &d.ty)
            }
        };
        let c = format!(
            "sc_static{}_{}_{}_{}_",
            d.loc.file.0, d.loc.line, d.loc.col, d.name
        );
        if self.statics.insert(c.clone()) {
            let m = self.marker(d.loc);
            let _ = writeln!(self.out, "{m}{ct} {c} = {init};");
            self.names.push((c.clone(), d.name.clone()));
        }
        f.locals.last_mut().unwrap().insert(
            d.name.clone(),
            Local {
                c,
                ty: d.ty.clone(),
            },
        );
        Ok(String::new())
    }

    fn cond(&mut self, e: &Expr, f: &mut Fn) -> R<String> {
        self.rvalue(e, f)
    }

    // ------------------------------------------------------------------ expressions
    /// An expression used as a value (channels are read).
    fn rvalue(&mut self, e: &Expr, f: &mut Fn) -> R<String> {
        Ok(self.value(e, f)?.0)
    }

    fn value(&mut self, e: &Expr, f: &mut Fn) -> R<(String, Type)> {
        match self.expr(e, f)? {
            Val::V(c, t) => Ok((c, t)),
            Val::Ch(p, Type::Signal(t)) => Ok((format!("sc_signal_read({p})"), *t)),
            Val::Ch(p, Type::Clock) => {
                Ok((format!("sc_signal_read({p})"), Type::Scalar("_Bool".into())))
            }
            Val::S(_) => Err(terr(e.loc, "a call without a value used as a value")),
            _ => Err(unsup(e.loc, "this object used as a value")),
        }
    }

    fn lookup_local(&self, n: &str, f: &Fn) -> Option<Local> {
        f.locals[f.floor.min(f.locals.len())..]
            .iter()
            .rev()
            .find_map(|m| m.get(n))
            .cloned()
    }

    fn expr(&mut self, e: &Expr, f: &mut Fn) -> R<Val> {
        let loc = e.loc;
        let int = || Type::Scalar("int".into());
        Ok(match &e.kind {
            ExprKind::Int(s) => Val::V(s.clone(), int()),
            ExprKind::Char(c) => Val::V(c.to_string(), int()),
            ExprKind::Bool(b) => Val::V((*b as i32).to_string(), Type::Scalar("_Bool".into())),
            ExprKind::Float(s) => {
                let t = if s.ends_with(['f', 'F']) {
                    "float"
                } else if s.ends_with(['l', 'L']) {
                    return Err(unsup(loc, "a `long double` literal"));
                } else {
                    "double"
                };
                Val::V(s.clone(), Type::Scalar(t.into()))
            }
            ExprKind::Str(s) => {
                let mut t = String::from("\"");
                for b in s {
                    let _ = write!(t, "\\{b:03o}");
                }
                t.push('"');
                Val::V(t, Type::Ptr(Box::new(Type::Scalar("char".into()))))
            }
            ExprKind::This => match f.ctx.inst {
                _ if f.this_struct.is_some() => Val::V(
                    this_lvalue(f),
                    Type::Struct(f.this_struct.expect("checked")),
                ),
                Some(i) => Val::Inst(i),
                None => return Err(terr(loc, "`this` outside a module")),
            },
            ExprKind::Ident(n) => self.ident(n, f, loc)?,
            ExprKind::Member(b, n, _) => match self.expr(b, f)? {
                Val::Inst(i) => match self.d.insts[i].members.get(n) {
                    Some(o) => self.obj(&o.clone(), loc)?,
                    None => {
                        return Err(terr(
                            loc,
                            format!("`{n}` is not a data member of `{}`", self.d.insts[i].path),
                        ))
                    }
                },
                Val::V(c, Type::Struct(mi)) => self.field(&c, mi, n, loc)?,
                _ => return Err(unsup(loc, format!("member `.{n}` here"))),
            },
            ExprKind::Index(b, i) => {
                if let Val::Insts(v) = self.expr(b, f)? {
                    let k =
                        const_eval_d(self.prog, Some(self.d), i, &f.ctx, 0).ok_or_else(|| {
                            unsup(i.loc, "a module of an sc_vector by a run-time index")
                        })?;
                    return match usize::try_from(k).ok().and_then(|k| v.get(k)) {
                        Some(m) => Ok(Val::Inst(*m)),
                        None => Err(terr(
                            i.loc,
                            format!("index {k} out of the sc_vector's bounds"),
                        )),
                    };
                }
                let iv = self.rvalue(i, f)?;
                match self.expr(b, f)? {
                    Val::V(c, Type::Ptr(t)) => Val::V(format!("{c}[{iv}]"), *t),
                    Val::V(c, t @ Type::ScInt { .. }) => {
                        let _ = t;
                        Val::V(
                            format!("((({c}) >> ({iv})) & 1)"),
                            Type::Scalar("_Bool".into()),
                        )
                    }
                    Val::Ports(tbl, t) => Val::Ch(format!("{tbl}[{iv}]"), t),
                    Val::ChArr(a, 1, t) => Val::Ch(format!("&{a}[{iv}]"), t),
                    Val::ChArr(a, n, t) => Val::ChArr(format!("{a}[{iv}]"), n - 1, t),
                    _ => return Err(unsup(loc, "indexing this expression")),
                }
            }
            ExprKind::Call(callee, args) => self.call(callee, args, f, loc)?,
            ExprKind::Unary(op, x) => match *op {
                "*" => match self.expr(x, f)? {
                    // a local pointer to a scalar (`const char *s = "..."`)
                    Val::V(c, Type::Ptr(t)) if t.is_value() => Val::V(format!("(*{c})"), *t),
                    _ => return Err(unsup(loc, "unary `*` in a SystemC model")),
                },
                "&" => return Err(unsup(loc, format!("unary `{op}` in a SystemC model"))),
                _ => {
                    let (c, t) = self.value(x, f)?;
                    let (c, t) = if *op == "!" {
                        (c, Type::Scalar("_Bool".into()))
                    } else {
                        // `-u` of an sc_uint is the uint64 negation (SystemC's conversion)
                        ctypes::sc_operand(c, t)
                    };
                    Val::V(format!("({op}{c})"), t)
                }
            },
            ExprKind::Binary(op, l, r) => {
                if let Some(c) = self.time_double_cmp(op, l, r, f)? {
                    return Ok(Val::V(c, Type::Scalar("_Bool".into())));
                }
                if matches!(*op, "|" | "&") && self.is_event_expr(l, f) {
                    return Err(unsup(loc, "an event list outside wait / next_trigger"));
                }
                let (a, ta) = self.value(l, f)?;
                let (b, tb) = self.value(r, f)?;
                if let Type::Struct(mi) = ta {
                    if tb != ta || !matches!(*op, "==" | "!=") {
                        return Err(unsup(loc, format!("operator `{op}` of a struct")));
                    }
                    let c = self.struct_eq_call(mi, &a, &b, loc)?;
                    let c = if *op == "!=" { format!("(!{c})") } else { c };
                    return Ok(Val::V(c, Type::Scalar("_Bool".into())));
                }
                if matches!(tb, Type::Struct(_)) {
                    return Err(unsup(loc, format!("operator `{op}` of a struct")));
                }
                if let Some(v) = self.time_arith(op, (&a, &ta), (&b, &tb)) {
                    return Ok(v);
                }
                if *op == "/" && is_time(&ta) {
                    return Ok(Val::V(self.time_div(&a, r, f)?, Type::Time));
                }
                let t = if matches!(*op, "==" | "!=" | "<" | ">" | "<=" | ">=" | "&&" | "||") {
                    Type::Scalar("_Bool".into())
                } else if is_time(&ta) || is_time(&tb) {
                    Type::Time
                } else if let Some(ft) = float_result(&ta, &tb) {
                    // the usual arithmetic conversions: double, else float
                    Type::Scalar(ft.into())
                } else {
                    Type::Scalar(String::new())
                };
                let logical = matches!(*op, "&&" | "||");
                if !logical && !is_time(&ta) && !is_time(&tb) {
                    if let Some(v) = ctypes::narrow_product(op, (l, &a, &ta), (r, &b, &tb)) {
                        return Ok(v);
                    }
                    // sc_int / sc_uint operands are int64 / uint64 in SystemC's arithmetic
                    let (a, ta) = ctypes::sc_operand(a, ta);
                    let (b, tb) = ctypes::sc_operand(b, tb);
                    let t = match t {
                        Type::Scalar(s) if s.is_empty() => ctypes::int_result(&ta, &tb),
                        t => t,
                    };
                    return Ok(Val::V(format!("({a} {op} {b})"), t));
                }
                let t = match t {
                    Type::Scalar(s) if s.is_empty() => int(),
                    t => t,
                };
                Val::V(format!("({a} {op} {b})"), t)
            }
            ExprKind::Assign(op, l, r) => {
                let lv = self.expr(l, f)?;
                match lv {
                    Val::V(c, t) => {
                        let (v, tv) = self.value(r, f)?;
                        let rhs = if *op == "=" {
                            v
                        } else if *op == "/" && is_time(&t) {
                            if is_time(&tv) {
                                return Err(unsup(r.loc, "`/=` of a time by a time"));
                            }
                            self.time_div(&c, r, f)?
                        } else if let Some(Val::V(x, _)) = self.time_arith(op, (&c, &t), (&v, &tv))
                        {
                            // `t *= d` of a double d: rounded as `sc_time::operator*=`
                            x
                        } else {
                            // `x op= v` of an sc_int / sc_uint computes in 64 bits as `x op v`
                            let (cx, _) = ctypes::sc_operand(c.clone(), t.clone());
                            let (v, _) = ctypes::sc_operand(v, tv);
                            format!("({cx} {op} ({v}))")
                        };
                        Val::V(format!("({c} = {})", conv(&rhs, &t)), t)
                    }
                    Val::Ch(p, Type::Signal(t)) if *op == "=" => {
                        let v = self.rvalue(r, f)?;
                        Val::S(self.signal_write(&p, &t, &v, loc)?)
                    }
                    _ => return Err(unsup(loc, "assigning to this object")),
                }
            }
            ExprKind::PreInc(x)
            | ExprKind::PreDec(x)
            | ExprKind::PostInc(x)
            | ExprKind::PostDec(x) => {
                let op = if matches!(e.kind, ExprKind::PreInc(_) | ExprKind::PostInc(_)) {
                    "+"
                } else {
                    "-"
                };
                let post = matches!(e.kind, ExprKind::PostInc(_) | ExprKind::PostDec(_));
                let Val::V(c, t) = self.expr(x, f)? else {
                    return Err(unsup(loc, "incrementing this object"));
                };
                if let Type::ScInt { .. } = t {
                    let nv = conv(&format!("{c} {op} 1"), &t);
                    if post {
                        let ct = c_type(&t).unwrap_or_default();
                        let tmp = self.fresh();
                        Val::V(format!("({{ {ct} {tmp} = {c}; {c} = {nv}; {tmp}; }})"), t)
                    } else {
                        Val::V(format!("({c} = {nv})"), t)
                    }
                } else {
                    let o = if op == "+" { "++" } else { "--" };
                    if post {
                        Val::V(format!("({c}{o})"), t)
                    } else {
                        Val::V(format!("({o}{c})"), t)
                    }
                }
            }
            ExprKind::Cond(c, a, b) => {
                let c = self.rvalue(c, f)?;
                let (a, ta) = self.value(a, f)?;
                let (b, _) = self.value(b, f)?;
                Val::V(format!("({c} ? {a} : {b})"), ta)
            }
            ExprKind::Comma(a, b) => {
                let a = match self.expr(a, f)? {
                    Val::V(c, _) => c,
                    Val::S(s) => format!("({{ {s}; }})"),
                    _ => "0".into(),
                };
                let (b, tb) = self.value(b, f)?;
                Val::V(format!("({a}, {b})"), tb)
            }
            ExprKind::Cast(t, x) => {
                let v = self.rvalue(x, f)?;
                let ct = c_type(t).ok_or_else(|| unsup(loc, "this cast"))?;
                Val::V(format!("(({ct})({}))", conv(&v, t)), t.clone())
            }
            ExprKind::Construct(t, args) => match t {
                Type::Time => Val::V(self.time_args(args, f, loc)?, Type::Time),
                Type::Scalar(s) if args.len() == 1 => {
                    // a functional cast `T(x)`: C's cast (to bool: `x != 0`)
                    let v = self.rvalue(&args[0], f)?;
                    Val::V(format!("(({s})({v}))"), t.clone())
                }
                t if t.is_value() && args.len() == 1 => {
                    let v = self.rvalue(&args[0], f)?;
                    Val::V(conv(&v, t), t.clone())
                }
                _ => return Err(unsup(loc, "a temporary of this type")),
            },
            ExprKind::New(..) => return Err(unsup(loc, "`new` outside elaboration")),
            ExprKind::NewArray(..) => {
                return Err(unsup(
                    loc,
                    "array `new` other than a pointer member's in its constructor",
                ))
            }
        })
    }

    /// The source text of the parenthesised argument of the call at `loc` (on its line).
    fn source_arg(&self, loc: Loc) -> Option<String> {
        let line = self.files.line(loc)?;
        let rest = line.get(loc.col.checked_sub(1)? as usize..)?;
        let open = rest.find('(')?;
        let mut depth = 0;
        for (i, ch) in rest[open..].char_indices() {
            match ch {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(rest[open + 1..open + i].trim().to_string());
                    }
                }
                _ => {}
            }
        }
        None
    }

    fn fresh(&mut self) -> String {
        self.tmp += 1;
        format!("sc_tmp{}_", self.tmp)
    }

    /// Field `n` of the struct value `c` of plain struct `mi` (an array field indexes
    /// element-wise).
    fn field(&self, c: &str, mi: usize, n: &str, loc: Loc) -> R<Val> {
        let m = &self.prog.modules[mi];
        let Some(d) = m.members.iter().find(|d| d.name == n) else {
            return Err(terr(loc, format!("no member `{n}` in `{}`", m.name)));
        };
        if matches!(d.ty, Type::Event) {
            // an event member of a plain struct: the event is its address
            return Ok(Val::Ch(format!("(&({c}).{n})"), Type::Event));
        }
        if matches!(d.ty, Type::Event) {
            // an event member of a plain struct: the event is its address
            return Ok(Val::Ch(format!("(&({c}).{n})"), Type::Event));
        }
        let mut ty = d.ty.clone();
        for _ in &d.dims {
            ty = Type::Ptr(Box::new(ty));
        }
        Ok(Val::V(format!("({c}).{n}"), ty))
    }

    fn ident(&mut self, n: &str, f: &mut Fn, loc: Loc) -> R<Val> {
        if let Some(l) = self.lookup_local(n, f) {
            if l.ty.is_value() || matches!(l.ty, Type::Ptr(_)) {
                return Ok(Val::V(l.c, l.ty));
            }
            return Ok(Val::Ch(l.c, l.ty));
        }
        if let Some(mi) = f.this_struct {
            if self.prog.modules[mi].members.iter().any(|d| d.name == n) {
                return self.field(&this_lvalue(f), mi, n, loc);
            }
        }
        if let Some((_, a, c)) = f.ctx.params.iter().find(|(p, _, _)| p == n).cloned() {
            let mut pf = Fn {
                ctx: c,
                disp: f.disp.clone(),
                locals: vec![HashMap::new()],
                ret: Type::Void,
                this_struct: None,
                this_obj: None,
                floor: 0,
                _p: std::marker::PhantomData,
            };
            return self.expr(&a, &mut pf);
        }
        let obj = match f.ctx.inst {
            Some(i) => self.d.insts[i].members.get(n).cloned(),
            None => self.d.main_objs.get(n).cloned(),
        }
        .or_else(|| self.d.globals.get(n).map(|v| Obj::Var(*v, Vec::new())));
        if let Some(o) = obj {
            return self.obj(&o, loc);
        }
        if self.prog.enums.iter().any(|(x, _, _)| x == n) {
            if let Some((_, t)) = self.prog.const_types.iter().find(|(x, _)| x == n) {
                let ct = c_type(t).unwrap_or_else(|| "int".into());
                return Ok(Val::V(conv(&format!("(({ct}){n})"), t), t.clone()));
            }
            return Ok(Val::V(n.to_string(), Type::Scalar("int".into())));
        }
        match n {
            "SC_ZERO_TIME" => return Ok(Val::V("0".into(), Type::Time)),
            "SC_FS" | "SC_PS" | "SC_NS" | "SC_US" | "SC_MS" | "SC_SEC" => {
                return Ok(Val::V(n.to_string(), Type::Scalar("int".into())))
            }
            _ => {}
        }
        Err(terr(loc, format!("use of undeclared identifier `{n}`")))
    }
}
