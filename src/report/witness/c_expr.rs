//! C rendering of IR names, constants and expressions, for witness invariants and assumptions
//! (and the DOT pictures): C names of IR variables ([`CNames`]), constants of a given C type
//! ([`c_literal`]), and expressions ([`render_c_expr`], [`c_expr`]).

use crate::ir::print::{c_binop, C_UNARY_PREC};
use crate::ir::{BinOp, Expr, Program, Type, UnOp, VarId};
use std::collections::HashMap;

/// A C constant of type `ty` with value `v` (`5U`, `-3`, `(-2147483647 - 1)`, `7ULL`).
pub fn c_literal(v: i128, ty: Type) -> String {
    match ty {
        Type::Bool => ((v != 0) as u8).to_string(),
        Type::Int { bits, signed } => {
            let v = ty.wrap(v);
            let suffix = match (bits, signed) {
                (b, true) if b > 32 => "LL",
                (b, false) if b > 32 => "ULL",
                (b, false) if b > 16 => "U",
                _ => "",
            };
            if signed && (32..=64).contains(&bits) && v == ty.min_value() {
                format!("({}{suffix} - 1)", v + 1)
            } else {
                format!("{v}{suffix}")
            }
        }
    }
}

/// The C type name for an IR type, when it has one.
pub fn c_type_name(ty: Type) -> Option<&'static str> {
    Some(match ty {
        Type::Bool => "_Bool",
        Type::Int { bits: 8, signed } => {
            if signed {
                "signed char"
            } else {
                "unsigned char"
            }
        }
        Type::Int { bits: 16, signed } => {
            if signed {
                "short"
            } else {
                "unsigned short"
            }
        }
        Type::Int { bits: 32, signed } => {
            if signed {
                "int"
            } else {
                "unsigned int"
            }
        }
        Type::Int { bits: 64, signed } => {
            if signed {
                "long long"
            } else {
                "unsigned long long"
            }
        }
        _ => return None,
    })
}

pub(super) fn is_ident(x: &str) -> bool {
    let mut cs = x.chars();
    cs.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `ident ( [digits] | .ident )*`: the shape of IR names of C variables and cells.
pub(super) fn is_c_lvalue_path(x: &str) -> bool {
    let head_end = x.find(['[', '.']).unwrap_or(x.len());
    if !is_ident(&x[..head_end]) {
        return false;
    }
    let mut rest = &x[head_end..];
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('[') {
            let Some(close) = r.find(']') else {
                return false;
            };
            if close == 0 || !r[..close].chars().all(|c| c.is_ascii_digit()) {
                return false;
            }
            rest = &r[close + 1..];
        } else if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['[', '.']).unwrap_or(r.len());
            if !is_ident(&r[..end]) {
                return false;
            }
            rest = &r[end..];
        } else {
            return false;
        }
    }
    true
}

/// Maps IR variables to the C expressions naming them (`x`, `a[2]`, `s.f`; the part after the
/// last `::` of an inlined local). Temporaries, names that are not C lvalues, and names that two
/// program variables share (so that the C name could denote either) have none.
pub struct CNames<'p> {
    prog: &'p Program,
    counts: HashMap<String, usize>,
}

impl<'p> CNames<'p> {
    pub fn new(prog: &'p Program) -> Self {
        let mut counts = HashMap::new();
        for v in &prog.vars {
            if let Some(b) = Self::base(&v.name) {
                *counts.entry(b.to_string()).or_insert(0) += 1;
            }
        }
        CNames { prog, counts }
    }

    fn base(name: &str) -> Option<&str> {
        let b = name.rsplit("::").next().unwrap_or(name);
        is_c_lvalue_path(b).then_some(b)
    }

    /// The unambiguous C name of a variable, if any.
    pub fn name(&self, v: VarId) -> Option<String> {
        let var = self.prog.vars.get(v.0 as usize)?;
        if var.is_temp {
            return None;
        }
        let b = Self::base(&var.name)?;
        (self.counts.get(b) == Some(&1)).then(|| b.to_string())
    }
}

/// Renders an IR expression as C, naming variables with `name` (None when some variable has no
/// name). Arithmetic on types narrower than `int` is cast back to its type so that C's integer
/// promotions do not change the wrap-around.
pub fn render_c_expr(
    prog: &Program,
    e: &Expr,
    name: &dyn Fn(VarId) -> Option<String>,
) -> Option<String> {
    let r = render_inner(prog, e, name)?;
    Some(strip_outer_parens(&r).to_string())
}

/// [`render_c_expr`] with [`CNames`]: the C expression for an IR expression over user variables
/// (e.g. to turn an engine's invariant into a witness `value`).
pub fn c_expr(prog: &Program, e: &Expr) -> Option<String> {
    let names = CNames::new(prog);
    render_c_expr(prog, e, &|v| names.name(v))
}

pub(super) fn strip_outer_parens(x: &str) -> &str {
    if !(x.starts_with('(') && x.ends_with(')')) {
        return x;
    }
    let mut depth = 0i32;
    for (i, c) in x.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 && i != x.len() - 1 {
                    return x;
                }
            }
            _ => {}
        }
    }
    &x[1..x.len() - 1]
}

pub(super) fn render_inner(
    prog: &Program,
    e: &Expr,
    name: &dyn Fn(VarId) -> Option<String>,
) -> Option<String> {
    Some(render_prec(prog, e, name)?.text)
}

/// A rendered C expression with the precedence of its outermost operator
/// ([`crate::ir::print::c_binop`]'s scale) and that operator when it is binary.
struct Rendered {
    text: String,
    prec: u8,
    op: Option<BinOp>,
}

const PRIMARY: u8 = C_UNARY_PREC + 1;

fn primary(text: String) -> Rendered {
    Rendered {
        text,
        prec: PRIMARY,
        op: None,
    }
}

fn is_bitwise(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor | BinOp::Shl | BinOp::Shr
    )
}

/// Whether `child` needs parentheses as an operand of `parent` (`right`: the right operand):
/// where C's precedence requires them, and where compilers ask for them to be clear (`&&`
/// under `||`, a comparison under a comparison, bitwise operators and shifts mixed with other
/// operators).
fn needs_parens(parent: BinOp, child: &Rendered, right: bool) -> bool {
    operand_needs_parens(parent, child.prec, child.op, right)
}

/// [`needs_parens`] for a child given by its precedence ([`c_binop`]'s scale) and its operator
/// when binary: shared with predabs' rendering of solver terms (`engine::predabs::cexpr`).
pub fn operand_needs_parens(
    parent: BinOp,
    child_prec: u8,
    child_op: Option<BinOp>,
    right: bool,
) -> bool {
    let p = c_binop(parent).1;
    if child_prec < p || (right && child_prec == p) {
        return true;
    }
    let Some(c) = child_op else {
        return false;
    };
    (parent == BinOp::Or && c == BinOp::And)
        || (parent.is_comparison() && c.is_comparison())
        || ((is_bitwise(parent) || is_bitwise(c)) && parent != c)
}

fn paren_if(r: Rendered, yes: bool) -> String {
    if yes {
        format!("({})", r.text)
    } else {
        r.text
    }
}

/// The operand of a unary operator or cast: parenthesized unless primary or unary (and never
/// starting with a sign, so that `-` and a negative literal do not read as `--`).
fn unary_operand(r: Rendered) -> String {
    let signed = r.text.starts_with('-') || r.text.starts_with('+');
    let wrap = r.prec < C_UNARY_PREC || signed;
    paren_if(r, wrap)
}

fn render_prec(
    prog: &Program,
    e: &Expr,
    name: &dyn Fn(VarId) -> Option<String>,
) -> Option<Rendered> {
    Some(match e {
        Expr::Const(v, t) => {
            let text = c_literal(*v, *t);
            let prec = if text.starts_with('-') {
                C_UNARY_PREC
            } else {
                PRIMARY
            };
            Rendered {
                text,
                prec,
                op: None,
            }
        }
        Expr::Var(v) => primary(name(*v)?),
        Expr::Unary(op, a) => {
            let a = unary_operand(render_prec(prog, a, name)?);
            let (sym, narrowed) = match op {
                UnOp::Not => ("!", false),
                UnOp::Neg => ("-", true),
                UnOp::BitNot => ("~", true),
            };
            let r = Rendered {
                text: format!("{sym}{a}"),
                prec: C_UNARY_PREC,
                op: None,
            };
            if narrowed {
                narrow(e.ty(&prog.vars), r)
            } else {
                r
            }
        }
        Expr::Binary(op, a, b) => {
            let (sym, prec) = c_binop(*op);
            let (a, b) = (render_prec(prog, a, name)?, render_prec(prog, b, name)?);
            let (pa, pb) = (needs_parens(*op, &a, false), needs_parens(*op, &b, true));
            let r = Rendered {
                text: format!("{} {sym} {}", paren_if(a, pa), paren_if(b, pb)),
                prec,
                op: Some(*op),
            };
            if op.is_comparison() || op.is_logical() {
                r
            } else {
                narrow(e.ty(&prog.vars), r)
            }
        }
        Expr::Cast(t, a) => Rendered {
            text: format!(
                "({}) {}",
                c_type_name(*t)?,
                unary_operand(render_prec(prog, a, name)?)
            ),
            prec: C_UNARY_PREC,
            op: None,
        },
        Expr::Ite(c, a, b) => primary(format!(
            "({} ? {} : {})",
            render_prec(prog, c, name)?.text,
            render_prec(prog, a, name)?.text,
            render_prec(prog, b, name)?.text
        )),
        // IEEE 754 operations have no C rendering over the integer view of their operands
        Expr::Float(..) => return None,
    })
}

/// `x` cast to `ty` when `ty` is narrower than `int` (C computes in `int`; the IR's value
/// wraps to the narrow type).
fn narrow(ty: Type, x: Rendered) -> Rendered {
    match ty {
        Type::Int { bits, .. } if bits < 32 => match c_type_name(ty) {
            Some(t) => Rendered {
                text: format!("({t}) {}", unary_operand(x)),
                prec: C_UNARY_PREC,
                op: None,
            },
            None => x,
        },
        _ => x,
    }
}

/// The C names of the program variables visible at location `l` of `cfg` (the names a C
/// expression written at that source position resolves to): globals by their name, the
/// locals of the inlined function instance `l` belongs to by their name in that function
/// (a local shadows a global of the same name); temporaries, other functions' locals and
/// names that are not C lvalues have none. The instance is the one whose locals the edges at
/// `l` use, or the only instance of the function; when that is ambiguous no local is named.
pub fn scoped_c_names(
    prog: &Program,
    cfg: &crate::ir::Cfg,
    l: crate::ir::LocId,
) -> HashMap<VarId, String> {
    let split = |name: &str| -> (Option<String>, String) {
        match name.rsplit_once("::") {
            Some((p, b)) => (Some(p.to_string()), b.to_string()),
            None => (None, name.to_string()),
        }
    };
    let func = cfg.loc_func.get(l.0 as usize).cloned().unwrap_or_default();
    let of_func = |p: &str| p.split('#').next() == Some(func.as_str());
    // the instance prefixes of `func` that the edges at `l` mention
    let mut used: Vec<String> = Vec::new();
    for e in cfg.edges.iter().filter(|e| e.from == l || e.to == l) {
        let mut note = |v: VarId| {
            if let Some(var) = prog.vars.get(v.0 as usize) {
                if let (Some(p), _) = split(&var.name) {
                    if of_func(&p) && !used.contains(&p) {
                        used.push(p);
                    }
                }
            }
        };
        match &e.op {
            crate::ir::Op::Assign(x, ex) => {
                note(*x);
                ex.for_each_var(&mut note);
            }
            crate::ir::Op::Assume(ex) => ex.for_each_var(&mut note),
            crate::ir::Op::Nondet(x) => note(*x),
            _ => {}
        }
    }
    let instance = match used.len() {
        1 => used.pop(),
        0 => {
            let mut all: Vec<String> = prog
                .vars
                .iter()
                .filter_map(|v| split(&v.name).0)
                .filter(|p| of_func(p))
                .collect();
            all.sort();
            all.dedup();
            (all.len() == 1).then(|| all.remove(0))
        }
        _ => None,
    };
    let head = |b: &str| b.split(['.', '[']).next().unwrap_or(b).to_string();
    let local_heads: Vec<String> = prog
        .vars
        .iter()
        .filter_map(|v| match split(&v.name) {
            (Some(p), b) if Some(&p) == instance.as_ref() => Some(head(&b)),
            _ => None,
        })
        .collect();
    let mut out = HashMap::new();
    for (i, v) in prog.vars.iter().enumerate() {
        if v.is_temp {
            continue;
        }
        let (p, b) = split(&v.name);
        if !is_c_lvalue_path(&b) {
            continue;
        }
        let visible = match p {
            None => !local_heads.contains(&head(&b)),
            Some(p) => Some(&p) == instance.as_ref(),
        };
        if visible {
            out.insert(VarId(i as u32), b);
        }
    }
    out
}
