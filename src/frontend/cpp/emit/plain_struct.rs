//! Plain structs (value types) in the emitted model: their C structs with the typedefs of
//! their signals and FIFOs, `operator==` as a C function of two pointers and its calls (`a == b`,
//! a signal write comparing old and new value), and the zeroing of their `sc_int`/`sc_uint`
//! fields that the default constructors do.

use super::*;

/// The C function comparing two values of plain struct `mi` (its `operator==`).
pub(super) fn struct_eq(mi: usize) -> String {
    format!("sc_s{mi}_eq")
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
                let ct = c_type(&d.ty).ok_or_else(|| unsup(d.loc, "this member type"))?;
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
            let Some(eq) = m.methods.iter().find(|f| f.name == "operator==") else {
                continue;
            };
            let mut fnc = Fn {
                ctx: Ctx::default(),
                disp: format!("{}::operator==", m.name),
                locals: vec![HashMap::new()],
                ret: Type::Scalar("_Bool".into()),
                this_struct: Some(mi),
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

    /// Statements setting the `sc_int`/`sc_uint` fields of struct value `c` (plain struct
    /// `mi`, recursively) to 0, as their default constructors do; other fields of a local
    /// are left indeterminate, as C++ default-initialisation leaves them.
    pub(super) fn zero_scint(&mut self, mi: usize, c: &str) -> String {
        let mut out = String::new();
        for d in &self.prog.modules[mi].members {
            let mut target = format!("({c}).{}", d.name);
            for e in &d.dims {
                let n = const_eval_d(self.prog, Some(self.d), e, &Ctx::default(), 0).unwrap_or(0);
                let i = self.fresh();
                let _ = write!(out, " for (int {i} = 0; {i} < {n}; {i}++)");
                let _ = write!(target, "[{i}]");
            }
            match &d.ty {
                Type::ScInt { .. } => {
                    let _ = write!(out, " {target} = 0;");
                }
                Type::Struct(s) => {
                    let inner = self.zero_scint(*s, &target);
                    let _ = write!(out, " {{{inner} }}");
                }
                _ => {
                    let _ = write!(out, " ;");
                }
            }
        }
        out
    }
}
