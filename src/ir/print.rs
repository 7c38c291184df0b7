//! Text and DOT dumps of the IR (`schedmc parse --dump ir|dot|loops`).
//!
//! The text form is stable and deterministic (it is snapshot-tested): the target, the global
//! variables with their types and initial values, the memory objects, then each thread with its
//! locals and, per location, `L12 (file.c:40, in push):` followed by its out-edges
//! `-> L13  x := (x + 1)`. Expressions print C-like; types appear only in casts, e.g.
//! `(int32)c`.

use super::{BinOp, CallArg, Cfg, ErrorKind, Expr, Op, Program, Scope, Type, UnOp};
use crate::diag::{Loc, SourceMap};
use std::fmt::Write;

/// `int32`, `uint8`, `bool`.
pub fn type_to_string(t: Type) -> String {
    match t {
        Type::Bool => "bool".into(),
        Type::Int { bits, signed } => format!("{}int{}", if signed { "" } else { "u" }, bits),
    }
}

/// C's spelling and precedence of the IR's binary operators (higher binds tighter; all are
/// left-associative in C; the same levels as the parser's table in `frontend::parse::expr`):
/// the one table the IR printer and the witness C renderer (`report::witness::c_expr`) use.
pub fn c_binop(op: BinOp) -> (&'static str, u8) {
    match op {
        BinOp::Or => ("||", 1),
        BinOp::And => ("&&", 2),
        BinOp::BitOr => ("|", 3),
        BinOp::BitXor => ("^", 4),
        BinOp::BitAnd => ("&", 5),
        BinOp::Eq => ("==", 6),
        BinOp::Ne => ("!=", 6),
        BinOp::Lt => ("<", 7),
        BinOp::Le => ("<=", 7),
        BinOp::Gt => (">", 7),
        BinOp::Ge => (">=", 7),
        BinOp::Shl => ("<<", 8),
        BinOp::Shr => (">>", 8),
        BinOp::Add => ("+", 9),
        BinOp::Sub => ("-", 9),
        BinOp::Mul => ("*", 10),
        BinOp::Div => ("/", 10),
        BinOp::Rem => ("%", 10),
    }
}

/// Precedence of C's unary operators and casts in [`c_binop`]'s scale (tighter than every
/// binary operator); primary expressions (names, literals, parenthesized) are one above.
pub const C_UNARY_PREC: u8 = 11;

fn binop_str(op: BinOp) -> &'static str {
    c_binop(op).0
}

/// A C-like rendering of an expression.
pub fn expr_to_string(e: &Expr, p: &Program) -> String {
    let mut s = String::new();
    write_expr(&mut s, e, p);
    s
}

fn var_name(p: &Program, v: super::VarId) -> String {
    p.vars
        .get(v.0 as usize)
        .map(|x| x.name.clone())
        .unwrap_or_else(|| format!("v{}", v.0))
}

fn write_expr(s: &mut String, e: &Expr, p: &Program) {
    match e {
        Expr::Const(v, Type::Bool) => s.push_str(if *v != 0 { "true" } else { "false" }),
        Expr::Const(v, _) => {
            let _ = write!(s, "{}", v);
        }
        Expr::Var(v) => s.push_str(&var_name(p, *v)),
        Expr::Unary(op, a) => {
            s.push_str(match op {
                UnOp::Neg => "-",
                UnOp::BitNot => "~",
                UnOp::Not => "!",
            });
            write_expr(s, a, p);
        }
        Expr::Binary(op, a, b) => {
            s.push('(');
            write_expr(s, a, p);
            let _ = write!(s, " {} ", binop_str(*op));
            write_expr(s, b, p);
            s.push(')');
        }
        Expr::Cast(t, a) => {
            let _ = write!(s, "({})", type_to_string(*t));
            write_expr(s, a, p);
        }
        Expr::Ite(c, a, b) => {
            s.push('(');
            write_expr(s, c, p);
            s.push_str(" ? ");
            write_expr(s, a, p);
            s.push_str(" : ");
            write_expr(s, b, p);
            s.push(')');
        }
        Expr::Float(op, xs) => {
            let _ = write!(s, "{}(", op.name());
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                write_expr(s, x, p);
            }
            s.push(')');
        }
    }
}

/// The object an address constant denotes: `&name` for the base address of an object in
/// [`Program::objects`], `&cell` (`&a[2]`, `&s.f`) for the address of one of its other cells;
/// None for other expressions. Only unsigned constants of the target's pointer width count
/// (the lowering's type of `&x`).
pub fn address_name(e: &Expr, p: &Program) -> Option<String> {
    let Expr::Const(
        v,
        Type::Int {
            bits,
            signed: false,
        },
    ) = e
    else {
        return None;
    };
    if *bits != p.pointer_bits {
        return None;
    }
    let a = u64::try_from(*v).ok()?;
    p.objects.iter().find_map(|o| {
        if a == o.base {
            return Some(format!("&{}", o.name));
        }
        o.cells
            .iter()
            .find(|(off, _)| o.base.checked_add(*off) == Some(a))
            .map(|(_, c)| format!("&{}", var_name(p, *c)))
    })
}

/// A call argument as traces and dumps show it: an object's address as `&name`, a thread
/// entry as `&entry`, other values as C-like expressions.
pub fn arg_to_string(a: &CallArg, p: &Program) -> String {
    match a {
        CallArg::Value(e) => address_name(e, p).unwrap_or_else(|| expr_to_string(e, p)),
        CallArg::Thread(t) => p
            .threads
            .get(t.0 as usize)
            .map(|c| format!("&{}", c.name))
            .unwrap_or_else(|| format!("thread#{}", t.0)),
        CallArg::Str(x) => format!("{:?}", x),
    }
}

/// A one-line rendering of an edge operation.
pub fn op_to_string(op: &Op, p: &Program) -> String {
    match op {
        Op::Skip => "skip".into(),
        Op::Assign(v, e) => format!("{} := {}", var_name(p, *v), expr_to_string(e, p)),
        Op::Nondet(v) => format!("{} := nondet()", var_name(p, *v)),
        Op::Assume(e) => format!("assume {}", expr_to_string(e, p)),
        Op::Call {
            func,
            args,
            ret,
            may_write,
        } => {
            let a: Vec<String> = args.iter().map(|a| arg_to_string(a, p)).collect();
            let mut s = String::new();
            if let Some(r) = ret {
                let _ = write!(s, "{} := ", var_name(p, *r));
            }
            let _ = write!(s, "{}({})", func, a.join(", "));
            if !may_write.is_empty() {
                let w: Vec<String> = may_write.iter().map(|v| var_name(p, *v)).collect();
                let _ = write!(s, "  [may write {}]", w.join(", "));
            }
            s
        }
        Op::AtomicBegin => "atomic_begin".into(),
        Op::AtomicEnd => "atomic_end".into(),
        Op::Error(ErrorKind::ReachError) => "error: reach_error()".into(),
        Op::Error(ErrorKind::AssertFail(t)) => format!("error: assertion failed: {}", t),
        Op::Unsupported(r) => format!("unsupported: {}", r),
    }
}

fn loc_str(sources: &SourceMap, l: Loc) -> String {
    if (l.file.0 as usize) < sources.len() {
        sources.short(l)
    } else {
        format!("?:{}", l.line)
    }
}

fn init_str(v: &super::Var) -> String {
    match v.init {
        Some(c) if v.ty == Type::Bool => format!(" = {}", c != 0),
        Some(c) => format!(" = {}", c),
        None => String::new(),
    }
}

/// The whole program as readable text.
pub fn dump_ir(p: &Program, sources: &SourceMap) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "target {} (pointers {} bits)", p.target, p.pointer_bits);
    let _ = writeln!(s, "globals:");
    for v in p.vars.iter().filter(|v| v.scope == Scope::Global) {
        let _ = writeln!(
            s,
            "  {}: {}{}{}",
            v.name,
            type_to_string(v.ty),
            init_str(v),
            if v.is_temp { "  (temp)" } else { "" }
        );
    }
    if !p.objects.is_empty() {
        let _ = writeln!(s, "objects:");
        for o in &p.objects {
            let cells: Vec<String> = o
                .cells
                .iter()
                .map(|(off, v)| format!("+{} {}", off, var_name(p, *v)))
                .collect();
            let _ = writeln!(
                s,
                "  {} @ {:#x}, {} bytes{}{}",
                o.name,
                o.base,
                o.size,
                if cells.is_empty() { "" } else { ": " },
                cells.join(", ")
            );
        }
    }
    for (ti, c) in p.threads.iter().enumerate() {
        let _ = writeln!(
            s,
            "thread {} {} (entry L{}, exit L{}, error L{}{}{}{}):",
            ti,
            c.name,
            c.entry.0,
            c.exit.0,
            c.error.0,
            c.param
                .map(|v| format!(", param {}", var_name(p, v)))
                .unwrap_or_default(),
            c.param2
                .map(|v| format!(", param2 {}", var_name(p, v)))
                .unwrap_or_default(),
            c.ret
                .map(|v| format!(", ret {}", var_name(p, v)))
                .unwrap_or_default()
        );
        let locals: Vec<String> = p
            .vars
            .iter()
            .filter(|v| v.scope == Scope::Local(super::ThreadId(ti as u32)))
            .map(|v| format!("{}: {}", v.name, type_to_string(v.ty)))
            .collect();
        if !locals.is_empty() {
            let _ = writeln!(s, "  locals: {}", locals.join(", "));
        }
        write_cfg(&mut s, c, p, sources);
    }
    s
}

fn write_cfg(s: &mut String, c: &Cfg, p: &Program, sources: &SourceMap) {
    for l in 0..c.num_locs {
        let tag = if l == c.entry.0 {
            " entry"
        } else if l == c.exit.0 {
            " exit"
        } else if l == c.error.0 {
            " error"
        } else {
            ""
        };
        let src = c
            .loc_src
            .get(l as usize)
            .map(|x| loc_str(sources, *x))
            .unwrap_or_default();
        let f = c.loc_func.get(l as usize).cloned().unwrap_or_default();
        let _ = writeln!(s, "  L{} ({}, in {}){}:", l, src, f, tag);
        for &eid in &c.out[l as usize] {
            let e = &c.edges[eid.0 as usize];
            let _ = writeln!(s, "    -> L{}  {}", e.to.0, op_to_string(&e.op, p));
        }
    }
}

fn dot_escape(x: &str) -> String {
    x.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Graphviz rendering: one cluster per thread, error locations red.
pub fn dump_dot(p: &Program, sources: &SourceMap) -> String {
    let mut s = String::from("digraph program {\n  node [shape=box, fontname=\"monospace\"];\n");
    for (ti, c) in p.threads.iter().enumerate() {
        let _ = writeln!(s, "  subgraph cluster_{} {{", ti);
        let _ = writeln!(s, "    label=\"thread {}: {}\";", ti, dot_escape(&c.name));
        for l in 0..c.num_locs {
            let src = c
                .loc_src
                .get(l as usize)
                .map(|x| loc_str(sources, *x))
                .unwrap_or_default();
            let style = if l == c.error.0 {
                ", color=red, fontcolor=red, style=bold"
            } else if l == c.exit.0 {
                ", peripheries=2"
            } else if l == c.entry.0 {
                ", style=bold"
            } else {
                ""
            };
            let _ = writeln!(
                s,
                "    t{}_L{} [label=\"L{}\\n{}\"{}];",
                ti,
                l,
                l,
                dot_escape(&src),
                style
            );
        }
        for e in &c.edges {
            let color = match e.op {
                Op::Error(_) => ", color=red",
                Op::Unsupported(_) => ", color=orange",
                _ => "",
            };
            let _ = writeln!(
                s,
                "    t{}_L{} -> t{}_L{} [label=\"{}\"{}];",
                ti,
                e.from.0,
                ti,
                e.to.0,
                dot_escape(&op_to_string(&e.op, p)),
                color
            );
        }
        let _ = writeln!(s, "  }}");
    }
    s.push_str("}\n");
    s
}

/// One line per loop: `thread main: loop 1 at file.c:40 (head L12)`.
pub fn dump_loops(p: &Program, sources: &SourceMap) -> String {
    let mut s = String::new();
    for c in &p.threads {
        for l in &c.loops {
            let _ = writeln!(
                s,
                "thread {}: loop {} at {} (head L{})",
                c.name,
                l.id,
                loc_str(sources, l.loc),
                l.head.0
            );
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Var, VarId};

    #[test]
    fn object_addresses_print_as_names() {
        let cell = |name: &str| Var {
            name: name.into(),
            ty: Type::int(32, true),
            scope: Scope::Global,
            init: Some(0),
            is_temp: false,
            loc: None,
        };
        let p = Program {
            vars: vec![cell("ev"), cell("a[0]"), cell("a[1]")],
            objects: vec![
                crate::ir::Object {
                    name: "ev".into(),
                    base: 0x1000,
                    size: 4,
                    cells: vec![(0, VarId(0))],
                },
                crate::ir::Object {
                    name: "a".into(),
                    base: 0x1008,
                    size: 8,
                    cells: vec![(0, VarId(1)), (4, VarId(2))],
                },
            ],
            threads: vec![],
            pointer_bits: 32,
            target: "ilp32".into(),
            floats: Default::default(),
        };
        let ptr = |v| CallArg::Value(Expr::Const(v, Type::int(32, false)));
        assert_eq!(arg_to_string(&ptr(0x1000), &p), "&ev");
        assert_eq!(arg_to_string(&ptr(0x1008), &p), "&a");
        assert_eq!(arg_to_string(&ptr(0x100c), &p), "&a[1]");
        // not an object's cell, not pointer-typed, null
        assert_eq!(arg_to_string(&ptr(0x100a), &p), "4106");
        let int = CallArg::Value(Expr::Const(0x1000, Type::int(32, true)));
        assert_eq!(arg_to_string(&int, &p), "4096");
        assert_eq!(arg_to_string(&ptr(0), &p), "0");
        let call = Op::Call {
            func: "sc_wait".into(),
            args: vec![ptr(0x1000)],
            ret: None,
            may_write: vec![VarId(0)],
        };
        assert_eq!(op_to_string(&call, &p), "sc_wait(&ev)  [may write ev]");
    }

    #[test]
    fn expressions_print_c_like() {
        let p = Program {
            vars: vec![Var {
                name: "x".into(),
                ty: Type::int(32, true),
                scope: Scope::Global,
                init: Some(0),
                is_temp: false,
                loc: None,
            }],
            objects: vec![],
            threads: vec![],
            pointer_bits: 32,
            target: "ilp32".into(),
            floats: Default::default(),
        };
        let x = Expr::Var(VarId(0));
        let e = Expr::bin(
            BinOp::Add,
            x.clone(),
            Expr::cast(Type::int(32, true), Expr::Const(1, Type::int(8, false))),
        );
        assert_eq!(expr_to_string(&e, &p), "(x + (int32)1)");
        let c = Expr::ite(Expr::not(Expr::bool(true)), x.clone(), x.clone());
        assert_eq!(expr_to_string(&c, &p), "(!true ? x : x)");
        assert_eq!(op_to_string(&Op::Nondet(VarId(0)), &p), "x := nondet()");
        assert_eq!(
            op_to_string(&Op::Assign(VarId(0), e), &p),
            "x := (x + (int32)1)"
        );
        assert!(dump_ir(&p, &SourceMap::new()).contains("x: int32 = 0"));
    }
}
