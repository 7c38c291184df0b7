//! `sc_vector<T>` at elaboration: its elements (ports, an array of channels / events, module
//! instances named `v_0`, `v_1`, ... as the reference kernel names them), sized by its
//! constructor (`v("v", n)`) or by `v.init(n)` in a constructor or `sc_main`.

use super::*;

impl Elab<'_> {
    /// The elements of an `sc_vector<t>` of `n` elements named `path` (in `ctx`, the holder's
    /// context): ports `path[k]`, channels / events as an array `path`, modules `path_k` (the
    /// names the reference kernel gives them).
    pub(super) fn vector_elems(
        &mut self,
        path: &str,
        t: &Type,
        n: i64,
        ctx: &Ctx,
        loc: Loc,
    ) -> Result<Obj, Diag> {
        if !(1..=1024).contains(&n) {
            return Err(unsup(loc, format!("an sc_vector of {n} elements")));
        }
        let base = path.rsplit('.').next().unwrap_or(path).to_string();
        Ok(match t {
            t if t.is_port() => Obj::Ports(
                (0..n)
                    .map(|k| {
                        self.d.ports.push(Port {
                            path: format!("{path}[{k}]"),
                            ty: t.clone(),
                            loc,
                            bound: None,
                            export: false,
                        });
                        self.d.ports.len() - 1
                    })
                    .collect(),
            ),
            Type::Module(mi) => {
                let mut v = Vec::new();
                for k in 0..n {
                    let name = format!("{base}_{k}");
                    let arg = Expr {
                        kind: ExprKind::Str(name.clone().into_bytes()),
                        loc,
                    };
                    v.push(self.instantiate(*mi, &name, &[arg], ctx, loc)?);
                }
                Obj::Insts(v)
            }
            _ => {
                let d = VarDecl {
                    ty: t.clone(),
                    name: base,
                    loc,
                    dims: vec![Expr {
                        kind: ExprKind::Int(n.to_string()),
                        loc,
                    }],
                    init: None,
                    is_const: false,
                    is_static: false,
                    by_ref: false,
                };
                Obj::Var(self.new_var(path.to_string(), &d, &[], ctx)?, Vec::new())
            }
        })
    }

    /// An `sc_vector` declared with constructor arguments `args` (`("v", n)`, `(n)` or none:
    /// sized later by `v.init(n)`).
    pub(super) fn vector(
        &mut self,
        path: &str,
        t: &Type,
        args: &[Expr],
        ctx: &Ctx,
        loc: Loc,
    ) -> Result<Obj, Diag> {
        let nums: Vec<&Expr> = args
            .iter()
            .filter(|a| !matches!(a.kind, ExprKind::Str(_)))
            .collect();
        match nums.as_slice() {
            [] => Ok(Obj::Unsized(path.to_string(), Box::new(t.clone()), loc)),
            [n] => {
                let k = self
                    .const_eval(n, ctx)
                    .ok_or_else(|| unsup(n.loc, "an sc_vector size that is not a constant"))?;
                self.vector_elems(path, t, k, ctx, loc)
            }
            [_, x, ..] => Err(unsup(x.loc, "an sc_vector element creator")),
        }
    }

    /// `v.init(n)` of an unsized `sc_vector` `v` (a member of this module or of an instance,
    /// or of `sc_main`): true when `e` is one.
    pub(super) fn vector_init(&mut self, e: &Expr, ctx: &Ctx) -> Result<bool, Diag> {
        let ExprKind::Call(f, args) = &e.kind else {
            return Ok(false);
        };
        let ExprKind::Member(b, m, _) = &f.kind else {
            return Ok(false);
        };
        if m != "init" {
            return Ok(false);
        }
        let Some(obj) = self.resolve(b, ctx) else {
            return Ok(false);
        };
        let (path, t, loc) = match obj {
            Obj::Unsized(p, t, l) => (p, t, l),
            Obj::Ports(_) | Obj::Insts(_) => {
                return Err(err(e.loc, "sc_vector::init on a vector already sized"))
            }
            Obj::Var(v, _) if !self.d.vars[v].dims.is_empty() => {
                return Err(err(e.loc, "sc_vector::init on a vector already sized"))
            }
            _ => return Ok(false),
        };
        let [n] = args.as_slice() else {
            return Err(unsup(e.loc, "sc_vector::init with an element creator"));
        };
        let k = self
            .const_eval(n, ctx)
            .ok_or_else(|| unsup(n.loc, "an sc_vector size that is not a constant"))?;
        // the holder: a member of an instance, or of sc_main
        let (holder, name) = match &b.kind {
            ExprKind::Ident(name) => (ctx.inst, name.clone()),
            ExprKind::Member(x, name, _) => match self.resolve(x, ctx) {
                Some(Obj::Inst(i) | Obj::InstPtr(Some(i))) => (Some(i), name.clone()),
                _ => return Err(unsup(e.loc, "sc_vector::init here")),
            },
            _ => return Err(unsup(e.loc, "sc_vector::init here")),
        };
        let hctx = match holder {
            Some(i) => self.d.insts[i].ctx.clone(),
            None => ctx.clone(),
        };
        let obj = self.vector_elems(&path, &t, k, &hctx, loc)?;
        match holder {
            Some(i) => self.d.insts[i].members.insert(name, obj),
            None => self.d.main_objs.insert(name, obj),
        };
        Ok(true)
    }
}
