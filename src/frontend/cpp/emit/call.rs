//! Calls of the emitted model: member and free functions (instantiated per instance, channels
//! and references passed as pointers), the built-ins (`wait` / `next_trigger` overloads by
//! argument type onto the C API's waits, `sc_assert`, `sc_start`, `sc_stop`, verifier
//! built-ins), channel methods (`sc_signal`, `sc_fifo`, `sc_event`, `sc_mutex`,
//! `sc_semaphore`) onto `include/systemc.h`'s macros, and the methods of values (`sc_uint`
//! ranges and bits, conversions).

use super::*;

impl Em<'_> {
    pub(super) fn is_event_expr(&mut self, e: &Expr, f: &mut Fn) -> bool {
        match &e.kind {
            ExprKind::Binary("|" | "&", l, _) => self.is_event_expr(l, f),
            _ => matches!(self.expr(e, f), Ok(Val::Ch(_, Type::Event))),
        }
    }

    /// A time from `(t)` or `(v, unit)`. `sc_time(v, unit)` rounds `v * (unit / resolution)`
    /// in double precision (`from_value_and_unit`): a constant `v` (integer or floating) gives
    /// the count computed here, a floating `v` the same double arithmetic in the model, an
    /// integer `v` `sc_time_make`'s integer rounding (the same for integers below 2^53).
    pub(super) fn time_args(&mut self, args: &[Expr], f: &mut Fn, loc: Loc) -> R<String> {
        match args {
            [t] => Ok(self.rvalue(t, f)?),
            [ve, ue] => {
                let res = self.d.resolution_fs;
                let unit = crate::frontend::cpp::time::unit_of(ue);
                if unit > 0 {
                    if let Some(x) = crate::frontend::cpp::time::const_number(self.prog, ve, &f.ctx)
                    {
                        let n = crate::frontend::cpp::time::from_value_and_unit(x, unit, res);
                        if n > i64::MIN {
                            return Ok(format!("((sc_time){n}LL)"));
                        }
                    }
                }
                let (v, tv) = self.value(ve, f)?;
                let (u, _) = self.value(ue, f)?;
                if matches!(&tv, Type::Scalar(s) if super::ctypes::is_float(s)) {
                    return Ok(format!(
                        "((sc_time)(long long)((double)({v}) * ((double)({u}) / (double)SC_TIME_RESOLUTION_FS) + 0.5))"
                    ));
                }
                Ok(format!("sc_time_make({v}, {u})"))
            }
            _ => Err(terr(loc, "expected a time (t) or (value, unit)")),
        }
    }

    /// The event an expression denotes (a pointer); in sensitivity lists a channel gives its
    /// default event.
    pub(super) fn event_of(&mut self, e: &Expr, f: &mut Fn, sensitivity: bool) -> R<String> {
        match self.expr(e, f)? {
            Val::Ch(p, Type::Event) => Ok(p),
            Val::Ch(p, Type::Signal(_) | Type::Clock) if sensitivity => {
                Ok(format!("sc_signal_value_changed_event({p})"))
            }
            Val::Ch(p, Type::Fifo(_)) if sensitivity => {
                Ok(format!("sc_fifo_data_written_event({p})"))
            }
            _ => Err(unsup(e.loc, "this expression as an event")),
        }
    }

    /// Events of `e1 | e2 | ...` (op `|`) or `e1 & e2 & ...` (op `&`), at most 4.
    pub(super) fn event_list(
        &mut self,
        e: &Expr,
        f: &mut Fn,
        out: &mut Vec<String>,
        op: &mut Option<&'static str>,
    ) -> R<()> {
        if let ExprKind::Binary(o @ ("|" | "&"), l, r) = &e.kind {
            if op.is_some_and(|x| x != *o) {
                return Err(unsup(e.loc, "mixing `|` and `&` in an event list"));
            }
            *op = Some(o);
            self.event_list(l, f, out, op)?;
            return self.event_list(r, f, out, op);
        }
        out.push(self.event_of(e, f, false)?);
        if out.len() > 4 {
            return Err(unsup(e.loc, "an event list of more than 4 events"));
        }
        Ok(())
    }

    /// The waits of a thread; `wait(...)` and `next_trigger(...)`.
    pub(super) fn wait_call(&mut self, name: &str, args: &[Expr], f: &mut Fn, loc: Loc) -> R<Val> {
        let wait = name == "wait";
        let mut evs = Vec::new();
        let mut op = None;
        let mut time = None;
        match args {
            [] => {
                return Ok(Val::S(if wait {
                    "sc_wait_static()".to_string()
                } else {
                    "sc_next_trigger()".into()
                }))
            }
            [a] => {
                if self.is_event_expr(a, f) {
                    self.event_list(a, f, &mut evs, &mut op)?;
                } else {
                    let (c, t) = self.value(a, f)?;
                    if is_time(&t) {
                        time = Some(c);
                    } else if wait {
                        // wait(n): the n-th trigger of the static sensitivity (n >= 1; the
                        // reference kernel reports an error otherwise)
                        return Ok(Val::S(
                            match const_eval_d(self.prog, Some(self.d), a, &f.ctx, 0) {
                                Some(n) if n >= 1 && n <= i32::MAX as i64 => {
                                    format!("sc_wait_cycles({n})")
                                }
                                Some(_) => return Err(unsup(a.loc, "wait(n) with n < 1")),
                                None => {
                                    let i = self.fresh();
                                    format!(
                                    "do {{ int {i} = {c}; assert({i} >= 1 && \"wait(n): n >= 1\"); \
                                     for (; {i} > 0; {i}--) sc_wait_static(); }} while (0)"
                                )
                                }
                            },
                        ));
                    } else {
                        return Err(terr(loc, "next_trigger needs an event or a time"));
                    }
                }
            }
            [a, b] if self.is_event_expr(b, f) => {
                time = Some(self.time_args(std::slice::from_ref(a), f, loc)?);
                self.event_list(b, f, &mut evs, &mut op)?;
            }
            [a, b] => time = Some(self.time_args(&[a.clone(), b.clone()], f, loc)?),
            [a, b, c] => {
                time = Some(self.time_args(&[a.clone(), b.clone()], f, loc)?);
                self.event_list(c, f, &mut evs, &mut op)?;
            }
            _ => return Err(terr(loc, format!("too many arguments to {name}"))),
        }
        let s = if evs.is_empty() {
            let t = time.unwrap_or_default();
            if wait {
                format!("sc_wait_time({t})")
            } else {
                format!("sc_next_trigger_time({t})")
            }
        } else {
            while evs.len() < 4 {
                evs.push("0".into());
            }
            // none: SC_NO_TIMEOUT; the model's own time never reads as none
            let t = time.map_or_else(|| "SC_NO_TIMEOUT".into(), |t| format!("__sc_timeout({t})"));
            let func = match (wait, op) {
                (true, Some("&")) => "sc_wait_all",
                (true, _) => "sc_wait_any",
                (false, Some("&")) => return Err(unsup(loc, "next_trigger on an and-list")),
                (false, _) => "sc_next_trigger_any",
            };
            format!("{func}({}, {t})", evs.join(", "))
        };
        Ok(Val::S(s))
    }

    pub(super) fn call(&mut self, callee: &Expr, args: &[Expr], f: &mut Fn, loc: Loc) -> R<Val> {
        match &callee.kind {
            ExprKind::Ident(n) => {
                if let Some(k) = n.strip_prefix("::") {
                    // `sc_core::wait`, `sc_core::next_trigger`: the kernel's
                    return self.builtin(k, args, f, loc);
                }
                // a member function of this struct or instance, a free function, a built-in
                if let Some(mi) = f.this_struct {
                    if self.struct_has_method(mi, n) {
                        let this = match &f.this_obj {
                            Some(o) => format!("&({o})"),
                            None => "this".into(),
                        };
                        return self.struct_call(mi, this, n, args, f, loc);
                    }
                }
                if let Some(i) = f.ctx.inst {
                    if self.find_fn(Some(i), n).is_some() {
                        return self.user_call(Some(i), n, args, f, loc);
                    }
                }
                if self.find_fn(None, n).is_some() && n != "sc_main" {
                    return self.user_call(None, n, args, f, loc);
                }
                self.builtin(n, args, f, loc)
            }
            ExprKind::Member(b, m, _) => {
                let base = self.expr(b, f)?;
                if m == "size" && args.is_empty() {
                    if let Some(n) = const_eval_d(
                        self.prog,
                        Some(self.d),
                        &Expr {
                            kind: ExprKind::Call(Box::new(callee.clone()), Vec::new()),
                            loc,
                        },
                        &f.ctx,
                        0,
                    ) {
                        return Ok(Val::V(n.to_string(), Type::Scalar("unsigned long".into())));
                    }
                }
                match base {
                    Val::Inst(i) => {
                        // `port.get_interface()` / `export.get_interface()`: the channel
                        // the port or export is bound to (IEEE 1666 5.12.6, 5.13.7)
                        if m == "get_interface"
                            && args.is_empty()
                            && self.find_fn(Some(i), m).is_none()
                        {
                            return Ok(Val::Inst(i));
                        }
                        if self.find_fn(Some(i), m).is_none() {
                            return Err(terr(loc, format!("no member function `{m}`")));
                        }
                        self.user_call(Some(i), m, args, f, loc)
                    }
                    Val::Ch(p, t) => self.chan_method(&p, &t, m, args, f, loc),
                    Val::V(c, Type::Struct(mi)) if self.struct_has_method(mi, m) => {
                        self.struct_call(mi, format!("&({c})"), m, args, f, loc)
                    }
                    Val::V(c, t) => self.value_method(&c, &t, m, args, f, loc),
                    Val::S(_) => Err(terr(loc, "member call on a call without a value")),
                    Val::Ports(..) | Val::ChArr(..) | Val::Insts(_) => {
                        Err(unsup(loc, "a member call on an array of channels"))
                    }
                }
            }
            _ => Err(unsup(loc, "this call")),
        }
    }

    pub(super) fn user_call(
        &mut self,
        inst: Option<usize>,
        n: &str,
        args: &[Expr],
        f: &mut Fn,
        loc: Loc,
    ) -> R<Val> {
        let func = self.find_fn(inst, n).expect("checked");
        let cargs = self.call_args(n, &func.params, args, f, loc)?;
        let ret = func.ret.clone();
        let c = self.instance_fn(inst, n);
        let call = format!("{c}({})", cargs.join(", "));
        Ok(if ret == Type::Void {
            Val::S(call)
        } else {
            Val::V(call, ret)
        })
    }

    /// The C arguments of a call of `n` taking `params` (channels and references as pointers, values
    /// converted to the parameter types).
    pub(super) fn call_args(
        &mut self,
        n: &str,
        params: &[Param],
        args: &[Expr],
        f: &mut Fn,
        loc: Loc,
    ) -> R<Vec<String>> {
        if params.len() != args.len() {
            return Err(terr(
                loc,
                format!("`{n}` takes {} argument(s)", params.len()),
            ));
        }
        let mut cargs = Vec::new();
        for (p, a) in params.iter().zip(args) {
            if p.ty.is_port() || p.ty.is_channel() || matches!(p.ty, Type::Event) {
                match self.expr(a, f)? {
                    Val::Ch(c, _) => cargs.push(c),
                    _ => return Err(terr(a.loc, "expected a channel argument")),
                }
            } else if p.by_ref {
                match self.expr(a, f)? {
                    Val::V(c, _) => cargs.push(format!("&{c}")),
                    _ => return Err(terr(a.loc, "expected a variable for a reference parameter")),
                }
            } else {
                let v = self.rvalue(a, f)?;
                cargs.push(conv(&v, &p.ty));
            }
        }
        Ok(cargs)
    }

    pub(super) fn builtin(&mut self, n: &str, args: &[Expr], f: &mut Fn, loc: Loc) -> R<Val> {
        let vals = |em: &mut Self, f: &mut Fn| -> R<Vec<String>> {
            args.iter().map(|a| em.rvalue(a, f)).collect()
        };
        Ok(match n {
            "wait" | "next_trigger" => {
                // sc_core::wait in a plain struct's member function: the calling process's
                if n == "wait" && f.ctx.inst.is_none() && f.this_struct.is_none() {
                    return Err(terr(loc, "wait() outside a process"));
                }
                self.wait_call(n, args, f, loc)?
            }
            "request_update" => {
                let prim = f
                    .ctx
                    .inst
                    .filter(|i| self.prog.modules[self.d.insts[*i].module].prim);
                match (prim, args) {
                    (Some(i), []) => Val::S(format!(
                        "__sc_request_update(&{}, 0, 0, 0, 0)",
                        update_key(&self.d.insts[i].path)
                    )),
                    (Some(_), _) => return Err(terr(loc, "request_update() takes no argument")),
                    (None, _) => {
                        return Err(terr(
                            loc,
                            "request_update() outside a primitive channel's member function",
                        ))
                    }
                }
            }
            "timed_out" => Val::V("sc_timed_out()".into(), Type::Scalar("_Bool".into())),
            "sc_time_stamp" => Val::V("sc_time_stamp()".into(), Type::Time),
            "sc_stop" => Val::S("sc_stop()".into()),
            "sc_start" => {
                if f.disp != "sc_main" {
                    return Err(unsup(loc, "sc_start outside sc_main"));
                }
                if args.is_empty() {
                    Val::S("sc_start()".into())
                } else {
                    // a zero duration (`sc_start(SC_ZERO_TIME)`) runs one delta cycle: the
                    // scheduler's `start` with a time of 0
                    let t = self.time_args(args, f, loc)?;
                    Val::S(format!("sc_start_time({t})"))
                }
            }
            "assert" | "sc_assert" => {
                if args.len() != 1 {
                    return Err(terr(loc, format!("{n} takes one argument")));
                }
                let c = self.rvalue(&args[0], f)?;
                let text: String = self
                    .source_arg(loc)
                    .unwrap_or_else(|| c.clone())
                    .chars()
                    .map(|ch| if ch == '"' || ch == '\\' { '\'' } else { ch })
                    .collect();
                Val::S(format!(
                    "(({c}) ? (void)0 : __assert_fail(\"{text}\", __FILE__, __LINE__, \"{}\"))",
                    f.disp
                ))
            }
            "printf" => {
                let v = vals(self, f)?;
                Val::S(format!("printf({})", v.join(", ")))
            }
            "sc_delta_count" => return Err(unsup(loc, "sc_delta_count")),
            // rand(): any value in [0, RAND_MAX] (glibc's RAND_MAX, as the C library model
            // include/libc/stdlib.c and CBMC's / ESBMC's models: no sequence is assumed)
            "rand" if args.is_empty() => {
                let r = self.fresh();
                Val::V(
                    format!(
                        "({{ int {r} = __VERIFIER_nondet_int(); \
                         __VERIFIER_assume({r} >= 0 && {r} <= 2147483647); {r}; }})"
                    ),
                    Type::Scalar("int".into()),
                )
            }
            // srand(seed): no effect on the values rand() may return; the seed is evaluated
            // unless it is the idiom `time(NULL)` (cast or not), which has no effect either
            "srand" if args.len() == 1 => {
                let mut a = &args[0];
                while let ExprKind::Cast(_, e) = &a.kind {
                    a = e;
                }
                let is_time = matches!(&a.kind, ExprKind::Call(c, _)
                    if matches!(&c.kind, ExprKind::Ident(n) if n == "time"));
                if is_time {
                    Val::S("(void)0".into())
                } else {
                    let v = self.rvalue(&args[0], f)?;
                    Val::S(format!("(void)({v})"))
                }
            }
            _ if n.starts_with("__VERIFIER_") || n == "reach_error" => {
                let v = vals(self, f)?;
                let t = if n.contains("nondet_bool") {
                    Type::Scalar("_Bool".into())
                } else if n.contains("nondet_uint") || n.contains("nondet_unsigned") {
                    Type::Scalar("unsigned int".into())
                } else {
                    Type::Scalar("int".into())
                };
                let call = format!("{n}({})", v.join(", "));
                if n.starts_with("__VERIFIER_nondet") {
                    Val::V(call, t)
                } else {
                    Val::S(call)
                }
            }
            "SC_THREAD" | "SC_METHOD" | "SC_CTHREAD" | "dont_initialize" | "reset_signal_is" => {
                return Err(unsup(loc, format!("{n} outside a constructor's top level")))
            }
            _ => return Err(unsup(loc, format!("call of `{n}`"))),
        })
    }

    pub(super) fn chan_method(
        &mut self,
        p: &str,
        t: &Type,
        m: &str,
        args: &[Expr],
        f: &mut Fn,
        loc: Loc,
    ) -> R<Val> {
        let bool_t = || Type::Scalar("_Bool".into());
        let int_t = || Type::Scalar("int".into());
        let n = args.len();
        let outside = if f.disp == "sc_main" { "_outside" } else { "" };
        match (t, m, n) {
            (Type::Signal(et), "read", 0) => {
                Ok(Val::V(format!("sc_signal_read({p})"), (**et).clone()))
            }
            (Type::Clock, "read", 0) => Ok(Val::V(format!("sc_signal_read({p})"), bool_t())),
            (Type::Signal(et), "write", 1) => {
                let v = self.rvalue(&args[0], f)?;
                Ok(Val::S(self.signal_write(p, et, &v, loc)?))
            }
            // a value change in the update phase just before this evaluation phase
            (Type::Signal(_) | Type::Clock, "event", 0) => {
                Ok(Val::V(format!("sc_signal_event({p})"), bool_t()))
            }
            (Type::Signal(et), "posedge" | "negedge", 0) if **et == bool_t() => {
                Ok(Val::V(format!("sc_signal_{m}({p})"), bool_t()))
            }
            (Type::Clock, "posedge" | "negedge", 0) => {
                Ok(Val::V(format!("sc_signal_{m}({p})"), bool_t()))
            }
            (Type::Signal(_) | Type::Clock, "value_changed_event" | "default_event", 0) => Ok(
                Val::Ch(format!("sc_signal_value_changed_event({p})"), Type::Event),
            ),
            (Type::Signal(et), "posedge_event" | "pos" | "negedge_event" | "neg", 0)
                if **et == bool_t() =>
            {
                let which = if m.starts_with("pos") {
                    "posedge"
                } else {
                    "negedge"
                };
                Ok(Val::Ch(
                    format!("sc_signal_{which}_event({p})"),
                    Type::Event,
                ))
            }
            (Type::Clock, "posedge_event" | "pos" | "negedge_event" | "neg", 0) => {
                let which = if m.starts_with("pos") {
                    "posedge"
                } else {
                    "negedge"
                };
                Ok(Val::Ch(
                    format!("sc_signal_{which}_event({p})"),
                    Type::Event,
                ))
            }
            (Type::Fifo(et), "read", 0) => {
                let tmp = self.fresh();
                let ct = c_type(et).unwrap_or_else(|| "int".into());
                Ok(Val::V(
                    format!("({{ {ct} {tmp}; sc_fifo_read({p}, {tmp}); {tmp}; }})"),
                    (**et).clone(),
                ))
            }
            (Type::Fifo(_), "read", 1) => {
                let Val::V(c, _) = self.expr(&args[0], f)? else {
                    return Err(terr(args[0].loc, "expected a variable"));
                };
                Ok(Val::S(format!("sc_fifo_read({p}, {c})")))
            }
            (Type::Fifo(et), "write", 1) => {
                let v = self.rvalue(&args[0], f)?;
                Ok(Val::S(format!("sc_fifo_write({p}, {})", conv(&v, et))))
            }
            (Type::Fifo(_), "nb_read", 1) => {
                let Val::V(c, _) = self.expr(&args[0], f)? else {
                    return Err(terr(args[0].loc, "expected a variable"));
                };
                let ok = self.fresh();
                Ok(Val::V(
                    format!("({{ int {ok}; sc_fifo_nb_read({p}, {c}, {ok}); {ok}; }})"),
                    bool_t(),
                ))
            }
            (Type::Fifo(et), "nb_write", 1) => {
                let v = self.rvalue(&args[0], f)?;
                let ok = self.fresh();
                Ok(Val::V(
                    format!(
                        "({{ int {ok}; sc_fifo_nb_write({p}, {}, {ok}); {ok}; }})",
                        conv(&v, et)
                    ),
                    bool_t(),
                ))
            }
            (Type::Fifo(_), "num_available", 0) => {
                Ok(Val::V(format!("sc_fifo_num_available({p})"), int_t()))
            }
            (Type::Fifo(_), "num_free", 0) => Ok(Val::V(format!("sc_fifo_num_free({p})"), int_t())),
            (Type::Fifo(_), "data_written_event", 0) => Ok(Val::Ch(
                format!("sc_fifo_data_written_event({p})"),
                Type::Event,
            )),
            (Type::Fifo(_), "data_read_event", 0) => Ok(Val::Ch(
                format!("sc_fifo_data_read_event({p})"),
                Type::Event,
            )),
            (Type::Event, "notify", 0) => Ok(Val::S(format!("sc_notify({p})"))),
            (Type::Event, "notify", 1 | 2) => {
                let k = match args {
                    [t] => const_eval_d(self.prog, Some(self.d), t, &f.ctx, 0),
                    [v, u] => const_eval_d(self.prog, Some(self.d), v, &f.ctx, 0)
                        .zip(const_eval_d(self.prog, Some(self.d), u, &f.ctx, 0))
                        .map(|(a, b)| a * b),
                    _ => None,
                };
                let t = self.time_args(args, f, loc)?;
                Ok(Val::S(match k {
                    Some(0) => format!("sc_notify_delta({p})"),
                    Some(_) => format!("sc_notify_time({p}, {t})"),
                    None => {
                        let tmp = self.fresh();
                        format!(
                            "do {{ sc_time {tmp} = {t}; if ({tmp} == 0) sc_notify_delta({p}); \
                             else sc_notify_time({p}, {tmp}); }} while (0)"
                        )
                    }
                }))
            }
            (Type::Event, "cancel", 0) => Ok(Val::S(format!("sc_event_cancel({p})"))),
            // sc_main's code (and the constructors it runs) is outside any process: the
            // `_outside` forms of include/systemc.h behave as the reference kernel there
            (Type::Mutex, "lock", 0) => Ok(Val::S(format!("sc_mutex_lock{outside}({p})"))),
            (Type::Mutex, "trylock" | "unlock", 0) => {
                let r = self.fresh();
                Ok(Val::V(
                    format!("({{ int {r}; sc_mutex_{m}{outside}({p}, {r}); {r}; }})"),
                    int_t(),
                ))
            }
            (Type::Semaphore, "wait" | "post", 0) => {
                Ok(Val::S(format!("sc_semaphore_{m}{outside}({p})")))
            }
            (Type::Semaphore, "trywait", 0) => {
                let r = self.fresh();
                Ok(Val::V(
                    format!("({{ int {r}; sc_semaphore_trywait({p}, {r}); {r}; }})"),
                    int_t(),
                ))
            }
            (Type::Semaphore, "get_value", 0) => {
                Ok(Val::V(format!("sc_semaphore_get_value({p})"), int_t()))
            }
            (Type::Signal(_) | Type::Fifo(_) | Type::Clock, "bind", _) => {
                Err(unsup(loc, "port binding outside elaboration"))
            }
            _ => Err(unsup(
                loc,
                format!("method `{m}` with {n} argument(s) of this channel"),
            )),
        }
    }

    pub(super) fn value_method(
        &mut self,
        c: &str,
        t: &Type,
        m: &str,
        args: &[Expr],
        f: &mut Fn,
        loc: Loc,
    ) -> R<Val> {
        match (t, m, args.len()) {
            (
                Type::ScInt { .. } | Type::Scalar(_),
                "to_uint" | "to_uint64" | "to_ulong" | "to_int" | "to_int64" | "to_long",
                0,
            ) => {
                let ct = match m {
                    "to_uint" => "unsigned int",
                    "to_uint64" => "unsigned long long",
                    "to_ulong" => "unsigned long",
                    "to_int" => "int",
                    "to_int64" => "long long",
                    _ => "long",
                };
                Ok(Val::V(format!("(({ct})({c}))"), Type::Scalar(ct.into())))
            }
            (Type::Time, "value", 0) => Ok(Val::V(
                format!("((unsigned long long)({c}))"),
                Type::Scalar("unsigned long long".into()),
            )),
            (Type::ScInt { .. }, "to_bool", 0) => Ok(Val::V(
                format!("(({c}) != 0)"),
                Type::Scalar("_Bool".into()),
            )),
            (Type::ScInt { .. }, "range", 2) => {
                let hi = const_eval_d(self.prog, Some(self.d), &args[0], &f.ctx, 0);
                let lo = const_eval_d(self.prog, Some(self.d), &args[1], &f.ctx, 0);
                match (hi, lo) {
                    (Some(h), Some(l)) if h >= l && l >= 0 && h < 64 => {
                        let w = (h - l + 1) as u32;
                        let ty = Type::ScInt {
                            bits: w,
                            signed: false,
                        };
                        Ok(Val::V(conv(&format!("(({c}) >> {l})"), &ty), ty))
                    }
                    _ => Err(unsup(loc, "a range with non-constant bounds")),
                }
            }
            (Type::ScInt { .. }, "bit", 1) => {
                let i = self.rvalue(&args[0], f)?;
                Ok(Val::V(
                    format!("((({c}) >> ({i})) & 1)"),
                    Type::Scalar("_Bool".into()),
                ))
            }
            // the count of resolution units as a double (`static_cast<double>(m_value)`)
            (Type::Time, "to_double", 0) => Ok(Val::V(
                format!("((double)({c}))"),
                Type::Scalar("double".into()),
            )),
            // divided by the default time unit (1 ns) in resolution units, at least 1 (as
            // `sc_set_time_resolution` recomputes it)
            (Type::Time, "to_default_time_units", 0) => Ok(Val::V(
                format!(
                    "((double)({c}) / {}.0)",
                    (1_000_000 / self.d.resolution_fs).max(1)
                ),
                Type::Scalar("double".into()),
            )),
            // the reference kernels round differently (2.3.x: `v * resolution * 1e-15`,
            // later: `v * (resolution / 1e15)`), so its value is not one double
            (Type::Time, "to_seconds", 0) => Err(unsup(
                loc,
                "sc_time::to_seconds() (a double whose rounding differs between kernel versions)",
            )),
            _ => Err(unsup(loc, format!("method `{m}` of a value"))),
        }
    }
}
