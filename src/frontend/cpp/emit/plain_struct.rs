//! Plain structs (value types) in the emitted model: their C structs with the typedefs of
//! their signals and FIFOs, `operator==` as a C function of two pointers and its calls (`a == b`,
//! a signal write comparing old and new value), their member functions and constructors as C
//! functions taking `this` (statically dispatched: `x.f(a)` is `sc_sN__f(&x, a)`), and their
//! default construction (the user's default constructor, or the implicit one: `sc_int`/`sc_uint`
//! fields zero, scalar fields indeterminate, as C++ default-initialisation leaves them).

use super::*;

/// The C function comparing two values of plain struct `mi` (its `operator==`).
pub(super) fn struct_eq(mi: usize) -> String {
    format!("sc_s{mi}_eq")
}

/// The C function of member function `name` of plain struct `mi`.
pub(super) fn struct_method(mi: usize, name: &str) -> String {
    format!("sc_s{mi}__{name}")
}

/// The C function of member function `name` of plain struct `mi` specialised to the global
/// object `obj` (its C name).
fn specialised_method(mi: usize, name: &str, obj: &str) -> String {
    format!("sc_s{mi}__{name}__on__{obj}")
}

/// The C function of the constructor of plain struct `mi` taking `n` parameters.
pub(super) fn struct_ctor(mi: usize, n: usize) -> String {
    format!("sc_s{mi}__ctor{n}")
}

impl Em<'_> {
    /// The plain structs (value types) as C structs in declaration order, with the typedefs
    /// of their signals and FIFOs and their `operator==` as a C function of two pointers.
    pub(super) fn plain_structs(&mut self) -> R<()> {
        let prog = self.prog;
        for (mi, m) in prog.modules.iter().enumerate() {
            if !m.plain {
                continue;
            }
            let mut fields = String::new();
            for d in &m.members {
                let ct = match d.ty {
                    Type::Event => "sc_event".to_string(),
                    _ => c_type(&d.ty).ok_or_else(|| unsup(d.loc, "this member type"))?,
                };
                let mut dims = String::new();
                for e in &d.dims {
                    let n = const_eval_d(prog, Some(self.d), e, &Ctx::default(), 0)
                        .filter(|n| *n > 0)
                        .ok_or_else(|| unsup(e.loc, "an array member without a constant size"))?;
                    let _ = write!(dims, "[{n}]");
                }
                let _ = write!(fields, " {ct} {}{dims};", d.name);
            }
            if m.members.is_empty() {
                fields.push_str(" char sc_empty_;");
            }
            let mk = self.marker(m.loc);
            let st = c_type(&Type::Struct(mi)).expect("a struct type");
            let _ = writeln!(
                self.out,
                "{mk}{st} {{{fields} }};
typedef SC_SIGNAL_STRUCT({st}) {};
typedef SC_FIFO_STRUCT({st}) {};",
                chan_struct(&Type::Struct(mi)),
                fifo_struct(&Type::Struct(mi))
            );
            self.names
                .push((st.trim_start_matches("struct ").into(), m.name.clone()));
        }
        // the functions after all struct types (a member function may take any of them)
        for (mi, m) in prog.modules.iter().enumerate() {
            if !m.plain {
                continue;
            }
            self.struct_functions(mi)?;
            let st = c_type(&Type::Struct(mi)).expect("a struct type");
            let Some(eq) = m.methods.iter().find(|f| f.name == "operator==") else {
                continue;
            };
            let mut fnc = Fn {
                ctx: Ctx::default(),
                disp: format!("{}::operator==", m.name),
                locals: vec![HashMap::new()],
                ret: Type::Scalar("_Bool".into()),
                this_struct: Some(mi),
                this_obj: None,
                floor: 0,
                _p: std::marker::PhantomData,
            };
            let (decl, local) = self.param(&eq.params[0])?;
            fnc.locals[0].insert(eq.params[0].name.clone(), local);
            let c = struct_eq(mi);
            let params = format!("const {st} *this, const {decl}");
            let mk = self.marker(eq.loc);
            let body = eq.body.as_ref().expect("checked by the parser");
            let text = self.stmt(body, &mut fnc)?;
            let _ = writeln!(self.out, "_Bool {c}({params});");
            let _ = writeln!(self.funcs, "{mk}_Bool {c}({params}) {{\n{text}}}");
        }
        Ok(())
    }

    /// `a == b` of plain struct `mi` through its `operator==` (`a.operator==(b)`); a struct
    /// without one is an error, as in C++ (and `sc_signal<T>` needs it).
    pub(super) fn struct_eq_call(&mut self, mi: usize, a: &str, b: &str, loc: Loc) -> R<String> {
        let m = &self.prog.modules[mi];
        if !m.methods.iter().any(|f| f.name == "operator==") {
            return Err(terr(
                loc,
                format!(
                    "no `operator==` for `{}` (sc_signal<T> and `==` need one)",
                    m.name
                ),
            ));
        }
        let st = c_type(&Type::Struct(mi)).expect("a struct type");
        let (x, y) = (self.fresh(), self.fresh());
        Ok(format!(
            "({{ {st} {x} = {a}; {st} {y} = {b}; {}(&{x}, &{y}); }})",
            struct_eq(mi)
        ))
    }

    /// `s.write(v)` of a signal whose payload is `t` (a struct compares with its `==`).
    pub(super) fn signal_write(&mut self, p: &str, t: &Type, v: &str, loc: Loc) -> R<String> {
        if let Type::Struct(mi) = t {
            let m = &self.prog.modules[*mi];
            if !m.methods.iter().any(|f| f.name == "operator==") {
                return Err(terr(
                    loc,
                    format!("sc_signal<{}> needs `operator==` of `{}`", m.name, m.name),
                ));
            }
            return Ok(format!("sc_signal_write_eq({p}, {v}, {})", struct_eq(*mi)));
        }
        Ok(format!("sc_signal_write({p}, {})", conv(v, t)))
    }

    /// Statements default-constructing struct value `c` of plain struct `mi`: its default
    /// constructor when it declares constructors (none taking no argument: an error, as in
    /// C++), else the implicit one: the `sc_int`/`sc_uint` fields set to 0 as their default
    /// constructors do, struct fields default-constructed, other fields left indeterminate,
    /// as C++ default-initialisation leaves them.
    pub(super) fn zero_scint(&mut self, mi: usize, c: &str, loc: Loc) -> R<String> {
        let m = &self.prog.modules[mi];
        if !m.ctors.is_empty() {
            if !m.ctors.iter().any(|k| k.params.is_empty()) {
                return Err(terr(loc, format!("no default constructor of `{}`", m.name)));
            }
            return Ok(format!(" {}(&({c}));", struct_ctor(mi, 0)));
        }
        self.construct_members(mi, c, &[])
    }

    /// Default construction of the elements of array `name` (dimensions `dims`) of plain
    /// struct `mi` (no dimension: the object itself), element by element with constant
    /// indices unless the array is large (see [`Self::construct_members`]).
    pub(super) fn construct_array(
        &mut self,
        mi: usize,
        name: &str,
        dims: &[i64],
        loc: Loc,
    ) -> R<String> {
        let count: i64 = dims.iter().map(|n| (*n).max(0)).product();
        if count > UNROLL_MAX {
            let mut target = name.to_string();
            let mut loops = String::new();
            for n in dims {
                let i = self.fresh();
                let _ = write!(loops, "for (int {i} = 0; {i} < {n}; {i}++) ");
                let _ = write!(target, "[{i}]");
            }
            let c = self.zero_scint(mi, &target, loc)?;
            return Ok(format!("{loops}{{{c} }}"));
        }
        let mut targets = vec![name.to_string()];
        for n in dims {
            targets = targets
                .iter()
                .flat_map(|t| (0..*n).map(move |k| format!("{t}[{k}]")))
                .collect();
        }
        let mut out = String::from("{");
        for t in targets {
            let c = self.zero_scint(mi, &t, loc)?;
            let _ = write!(out, " {{{c} }}");
        }
        out.push_str(" }");
        Ok(out)
    }

    /// Default construction of the members of struct value `c` (plain struct `mi`) but
    /// those named in `skip` (initialised by a constructor's initialiser list).
    fn construct_members(&mut self, mi: usize, c: &str, skip: &[&str]) -> R<String> {
        let mut out = String::new();
        for d in &self.prog.modules[mi].members {
            // sc_int / sc_uint fields (zero), scalars (any value) and structs are constructed
            let constructed = matches!(
                &d.ty,
                Type::ScInt { .. } | Type::Scalar(_) | Type::Struct(_)
            );
            if skip.contains(&d.name.as_str()) || !constructed {
                continue;
            }
            let base = format!("({c}).{}", d.name);
            let dims: Vec<i64> = d
                .dims
                .iter()
                .map(|e| const_eval_d(self.prog, Some(self.d), e, &Ctx::default(), 0).unwrap_or(0))
                .collect();
            // element by element with constant indices (an indeterminate value stored at a
            // symbolic offset of the object `this` points to would reach every cell of it in
            // the points-to analysis, pointers included: their targets became unknown); a loop
            // only for a large array
            let count: i64 = dims.iter().map(|n| (*n).max(0)).product();
            let targets: Vec<String> = if count <= UNROLL_MAX {
                let mut ts = vec![base];
                for n in &dims {
                    ts = ts
                        .iter()
                        .flat_map(|t| (0..*n).map(move |k| format!("{t}[{k}]")))
                        .collect();
                }
                ts
            } else {
                let mut target = base;
                for n in &dims {
                    let i = self.fresh();
                    let _ = write!(out, " for (int {i} = 0; {i} < {n}; {i}++)");
                    let _ = write!(target, "[{i}]");
                }
                vec![target]
            };
            let looped = count > UNROLL_MAX && !dims.is_empty();
            if looped {
                out.push_str(" {");
            }
            for target in targets {
                self.construct_one(&d.ty, &target, d.loc, &mut out)?;
            }
            if looped {
                out.push_str(" }");
            }
        }
        Ok(out)
    }

    /// Default construction of one member object `target` of type `ty` (appended to `out`).
    fn construct_one(&mut self, ty: &Type, target: &str, loc: Loc, out: &mut String) -> R<()> {
        match ty {
            Type::ScInt { .. } => {
                let _ = write!(out, " {target} = 0;");
            }
            // default-initialised: indeterminate (the object may be a zeroed C global)
            Type::Scalar(s) => {
                let _ = write!(out, " {target} = ({s}){};", any_value(s));
            }
            Type::Struct(s) => {
                let inner = self.zero_scint(*s, target, loc)?;
                let _ = write!(out, " {{{inner} }}");
            }
            _ => {}
        }
        Ok(())
    }

    /// The member functions (but `operator==`) and constructors of plain struct `mi` as C
    /// functions whose first parameter is `this` (a pointer to the struct).
    fn struct_functions(&mut self, mi: usize) -> R<()> {
        let prog = self.prog;
        let m = &prog.modules[mi];
        let st = c_type(&Type::Struct(mi)).expect("a struct type");
        let new_fn = |disp: String, ret: Type| Fn {
            ctx: Ctx::default(),
            disp,
            locals: vec![HashMap::new()],
            ret,
            this_struct: Some(mi),
            this_obj: None,
            floor: 0,
            _p: std::marker::PhantomData,
        };
        for func in &m.methods {
            if func.name != "operator==" {
                self.struct_function(mi, &func.name, None)?;
            }
        }
        for ctor in &m.ctors {
            let mut fnc = new_fn(format!("{}::{}", m.name, m.name), Type::Void);
            let mut ps = vec![format!("{st} *this")];
            for p in &ctor.params {
                let (decl, local) = self.param(p)?;
                ps.push(decl);
                fnc.locals[0].insert(p.name.clone(), local);
            }
            let c = struct_ctor(mi, ctor.params.len());
            let params = ps.join(", ");
            let mk = self.marker(ctor.loc);
            let skip: Vec<&str> = ctor.inits.iter().map(|(n, _, _)| n.as_str()).collect();
            let mut text = self.construct_members(mi, "*this", &skip)?;
            text.push('\n');
            for (name, args, loc) in &ctor.inits {
                let d = m
                    .members
                    .iter()
                    .find(|d| &d.name == name)
                    .expect("checked by the parser");
                let v = match args.as_slice() {
                    [a] => self.rvalue(a, &mut fnc)?,
                    [] => "0".to_string(),
                    _ => return Err(terr(*loc, format!("`{name}` takes one initialiser"))),
                };
                let _ = writeln!(text, "(*this).{name} = {};", conv(&v, &d.ty));
            }
            text.push_str(&self.stmt(&ctor.body, &mut fnc)?);
            let _ = writeln!(self.out, "void {c}({params});");
            let _ = writeln!(self.funcs, "{mk}void {c}({params}) {{\n{text}}}");
        }
        Ok(())
    }

    /// Member function `name` of plain struct `mi` as a C function: taking `this` (a pointer
    /// to the struct) as its first parameter, or, with `obj`, specialised to the global object
    /// of that C name (`this` denotes it; no `this` parameter).
    fn struct_function(&mut self, mi: usize, name: &str, obj: Option<&str>) -> R<()> {
        let prog = self.prog;
        let m = &prog.modules[mi];
        let func = m
            .methods
            .iter()
            .find(|x| x.name == name)
            .expect("checked by the caller");
        let st = c_type(&Type::Struct(mi)).expect("a struct type");
        let Some(body) = &func.body else {
            return Err(terr(
                func.loc,
                format!("member function `{}::{}` has no body", m.name, func.name),
            ));
        };
        let mut fnc = Fn {
            ctx: Ctx::default(),
            disp: format!("{}::{}", m.name, func.name),
            locals: vec![HashMap::new()],
            ret: func.ret.clone(),
            this_struct: Some(mi),
            this_obj: obj.map(str::to_string),
            floor: 0,
            _p: std::marker::PhantomData,
        };
        let ret = c_type(&func.ret).ok_or_else(|| unsup(func.loc, "this return type"))?;
        let mut ps = match obj {
            Some(_) => vec![],
            None => vec![format!("{st} *this")],
        };
        for p in &func.params {
            let (decl, local) = self.param(p)?;
            ps.push(decl);
            fnc.locals[0].insert(p.name.clone(), local);
        }
        let c = match obj {
            Some(o) => specialised_method(mi, name, o),
            None => struct_method(mi, name),
        };
        let params = if ps.is_empty() {
            "void".to_string()
        } else {
            ps.join(", ")
        };
        // emitted on demand in the middle of another function's text: its line marker state
        // is restored after
        let line = self.line;
        let mk = self.marker(func.loc);
        let text = self.stmt(body, &mut fnc)?;
        self.line = line;
        let _ = writeln!(self.out, "{ret} {c}({params});");
        let _ = writeln!(self.funcs, "{mk}{ret} {c}({params}) {{\n{text}}}");
        Ok(())
    }

    /// The C name of a global object of plain struct `mi` that C lvalue `c` names (a
    /// module's or a namespace-scope object, not an array element, not shadowed by a local of
    /// `f`), or None.
    fn global_object(&self, c: &str, mi: usize, f: &Fn) -> Option<String> {
        let c = c
            .strip_prefix('(')
            .and_then(|x| x.strip_suffix(')'))
            .unwrap_or(c);
        let global = self
            .d
            .vars
            .iter()
            .any(|v| v.dims.is_empty() && v.ty == Type::Struct(mi) && mangle(&v.path) == c);
        let shadowed = f.locals.iter().any(|m| m.values().any(|l| l.c == c));
        (global && !shadowed && c.chars().all(|x| x.is_ascii_alphanumeric() || x == '_'))
            .then(|| c.to_string())
    }

    /// A call of member function `n` of plain struct `mi` on the object at pointer `this`.
    pub(super) fn struct_call(
        &mut self,
        mi: usize,
        this: String,
        n: &str,
        args: &[Expr],
        f: &mut Fn,
        loc: Loc,
    ) -> R<Val> {
        let prog = self.prog;
        let func = prog.modules[mi]
            .methods
            .iter()
            .find(|x| x.name == n)
            .expect("checked by the caller");
        // on a global object: the function specialised to it, whose member accesses are
        // direct (through a `this` parameter, every access is an address computed from it,
        // which the analyses must learn to resolve for every inlined call)
        let obj = this
            .strip_prefix('&')
            .and_then(|o| self.global_object(o, mi, f));
        let mut cargs = Vec::new();
        let callee = match &obj {
            Some(o) => {
                if self.specialised.insert((mi, n.to_string(), o.clone())) {
                    self.struct_function(mi, n, Some(o))?;
                }
                specialised_method(mi, n, o)
            }
            None => {
                cargs.push(this);
                struct_method(mi, n)
            }
        };
        cargs.extend(self.call_args(n, &func.params, args, f, loc)?);
        let call = format!("{callee}({})", cargs.join(", "));
        Ok(if func.ret == Type::Void {
            Val::S(call)
        } else {
            Val::V(call, func.ret.clone())
        })
    }

    /// `T x(args)` of plain struct `mi` (`T` declaring a constructor of that many
    /// parameters, and not a copy `T x(y)` of a `T`): the call of that constructor on `x`.
    pub(super) fn ctor_init(
        &mut self,
        mi: usize,
        x: &str,
        args: &[Expr],
        f: &mut Fn,
        loc: Loc,
    ) -> R<Option<String>> {
        let prog = self.prog;
        let Some(ctor) = prog.modules[mi]
            .ctors
            .iter()
            .find(|c| c.params.len() == args.len())
        else {
            return Ok(None);
        };
        if let [a] = args {
            if self.value(a, f)?.1 == Type::Struct(mi) {
                return Ok(None);
            }
        }
        let mut cargs = vec![format!("&{x}")];
        let name = prog.modules[mi].name.clone();
        cargs.extend(self.call_args(&name, &ctor.params, args, f, loc)?);
        Ok(Some(format!(
            "{}({})",
            struct_ctor(mi, args.len()),
            cargs.join(", ")
        )))
    }

    /// True when plain struct `mi` has a member function `n` (not an operator).
    pub(super) fn struct_has_method(&self, mi: usize, n: &str) -> bool {
        n != "operator==" && self.prog.modules[mi].methods.iter().any(|x| x.name == n)
    }
}

/// Most elements of a member array constructed element by element (constant indices).
const UNROLL_MAX: i64 = 256;

/// A C expression of any value of scalar type `s` (an indeterminate value: C++
/// default-initialisation of a scalar).
pub(super) fn any_value(s: &str) -> &'static str {
    match s {
        "float" => "__VERIFIER_nondet_float()",
        "double" => "__VERIFIER_nondet_double()",
        _ => "__VERIFIER_nondet_ulonglong()",
    }
}

#[cfg(test)]
mod tests {
    use crate::frontend::cpp::to_c;

    const MODEL: &str = "#include <systemc.h>
struct q2 {
  int regs[2];
  int n;
  q2() { n = 0; }
  void bump() { n++; }
  void push(int v) { regs[n] = v; bump(); }
};
SC_MODULE(top) {
  q2 q;
  SC_CTOR(top) { SC_THREAD(run); }
  void run() {
    q2 l;
    q.push(1);
    l.push(2);
    sc_assert(q.n == 1 && l.n == 1);
  }
};
int sc_main(int, char **) {
  top t(\"t\");
  sc_start();
  return 0;
}
";

    #[test]
    fn methods_on_a_global_object_are_specialised_to_it() {
        let c = to_c("t.cpp", MODEL).expect("emits");
        // the module member's call: the function specialised to it, without `this`, whose
        // own call on `this` is specialised too
        assert!(c.contains("sc_s0__push__on__t__q_(1)"), "{c}");
        assert!(c.contains("void sc_s0__push__on__t__q_(int v)"), "{c}");
        assert!(c.contains("((t__q_)).regs[((t__q_)).n] = v"), "{c}");
        assert!(c.contains("sc_s0__bump__on__t__q_()"), "{c}");
        // the local's call: through `this`
        assert!(c.contains("sc_s0__push(&("), "{c}");
        assert!(
            c.contains("void sc_s0__push(struct sc_s0_ *this, int v)"),
            "{c}"
        );
    }
}
