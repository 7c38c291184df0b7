//! Tests of the IR encoder against a reference C evaluator, for all three semantics.
use super::*;
use crate::ir::{BinOp, Expr, Scope, Type, UnOp, Var, VarId};
use std::time::Duration;

const I8: Type = Type::Int {
    bits: 8,
    signed: true,
};
const U8: Type = Type::Int {
    bits: 8,
    signed: false,
};
const I16: Type = Type::Int {
    bits: 16,
    signed: true,
};
const U16: Type = Type::Int {
    bits: 16,
    signed: false,
};
const I32: Type = Type::Int {
    bits: 32,
    signed: true,
};
const U32: Type = Type::Int {
    bits: 32,
    signed: false,
};
const I64: Type = Type::Int {
    bits: 64,
    signed: true,
};
const U64: Type = Type::Int {
    bits: 64,
    signed: false,
};
const INT_TYPES: [Type; 8] = [I8, U8, I16, U16, I32, U32, I64, U64];

fn mkvar(name: &str, ty: Type) -> Var {
    Var {
        name: name.to_string(),
        ty,
        scope: Scope::Global,
        init: None,
        is_temp: false,
        loc: None,
    }
}

/// One variable per integer type plus a Bool, in this order.
fn var_table() -> Vec<Var> {
    let mut v: Vec<Var> = INT_TYPES
        .iter()
        .enumerate()
        .map(|(i, t)| mkvar(&format!("v{i}"), *t))
        .collect();
    v.push(mkvar("b", Type::Bool));
    v
}

fn var_of(ty: Type) -> VarId {
    match ty {
        Type::Bool => VarId(INT_TYPES.len() as u32),
        t => VarId(INT_TYPES.iter().position(|x| *x == t).unwrap() as u32),
    }
}

/// Reference C semantics (with the documented UB choices): [`crate::ir::semantics`] in
/// bit-precise mode. Returns the value and whether some intermediate arithmetic result or cast
/// wrapped (or hit `INT_MIN / -1`), i.e. differs from mathematical integers.
fn eval(e: &Expr, vars: &[Var], env: &[i128], ovf: &mut bool) -> i128 {
    use crate::ir::semantics::{self as sem, IntSemantics};
    let (bv, mi) = (IntSemantics::BitVector, IntSemantics::MathInt);
    // The bit-precise value, noting when the mathematical one differs.
    let noted = |v: i128, math: Result<i128, sem::Overflow>, ovf: &mut bool| {
        if math != Ok(v) {
            *ovf = true;
        }
        v
    };
    match e {
        Expr::Const(v, _) => *v,
        Expr::Var(x) => env[x.0 as usize],
        Expr::Unary(op, a) => {
            let ty = a.ty(vars);
            let x = eval(a, vars, env, ovf);
            let v = sem::unop(*op, ty, x, bv).unwrap();
            match op {
                UnOp::Neg => noted(v, sem::unop(*op, ty, x, mi), ovf),
                _ => v,
            }
        }
        Expr::Binary(op, a, b) => {
            let ty = a.ty(vars);
            let x = eval(a, vars, env, ovf);
            let y = eval(b, vars, env, ovf);
            let v = sem::binop(*op, ty, x, y, bv).unwrap();
            match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl => {
                    noted(v, sem::binop(*op, ty, x, y, mi), ovf)
                }
                BinOp::Div if y != 0 => noted(v, sem::binop(*op, ty, x, y, mi), ovf),
                _ => v,
            }
        }
        Expr::Cast(to, a) => {
            let from = a.ty(vars);
            let x = eval(a, vars, env, ovf);
            let v = sem::cast(from, *to, x, bv);
            match to {
                Type::Bool => v,
                _ => noted(v, Ok(x), ovf),
            }
        }
        Expr::Ite(c, a, b) => {
            if eval(c, vars, env, ovf) != 0 {
                eval(a, vars, env, ovf)
            } else {
                eval(b, vars, env, ovf)
            }
        }
        Expr::Float(..) => panic!("no floating operations in these expressions"),
    }
}

/// What the encoding of `e` must satisfy given inputs `env`: exactly `want` (exact
/// encodings) or at least allow `want` (approximations).
fn check_encoding(
    sem: Semantics,
    e: &Expr,
    vars: &[Var],
    env: &[i128],
    symbolic: bool,
    want: i128,
) {
    let enc = Encoder::new(sem);
    let mut ctx = Context::new();
    let terms: Vec<Term> = vars
        .iter()
        .zip(env)
        .map(|(v, &val)| {
            let c = enc.constant(val, v.ty);
            if symbolic {
                let t = Term::var(&v.name, enc.sort(v.ty));
                ctx.assert(t.eq(c));
                t
            } else {
                c
            }
        })
        .collect();
    let r = enc.expr(e, vars, &mut |v: VarId| terms[v.0 as usize]);
    let ty = e.ty(vars);
    let wt = enc.constant(want, ty);
    let exact = !enc.approximated();
    if exact {
        ctx.assert(r.neq(wt));
        assert_eq!(
            ctx.check(),
            SatResult::Unsat,
            "{sem:?} (symbolic {symbolic}) {e:?} with {env:?}: expected {want}, term {r}"
        );
    } else {
        assert_ne!(sem, Semantics::BitVector, "BitVector never approximates");
        ctx.assert(r.eq(wt));
        assert_eq!(
            ctx.check(),
            SatResult::Sat,
            "{sem:?} approximation excludes the C value {want}: {e:?} with {env:?}, term {r}"
        );
    }
    // decode agrees with the value for exact encodings
    if exact {
        let mut c2 = Context::new();
        let z = Term::var("z", enc.sort(ty));
        c2.assert(z.eq(r));
        if symbolic {
            for (t, (v, &val)) in terms.iter().zip(vars.iter().zip(env)) {
                c2.assert(Term::eq(*t, enc.constant(val, v.ty)));
            }
        }
        assert_eq!(c2.check(), SatResult::Sat);
        let m = c2.model().unwrap();
        assert_eq!(enc.decode(&m, z, ty), Some(want), "decode {e:?}");
    }
}

/// Checks `e` under all semantics against the reference (Integer only when nothing wraps).
fn check_all(e: &Expr, vars: &[Var], env: &[i128]) {
    let mut ovf = false;
    let want = eval(e, vars, env, &mut ovf);
    for symbolic in [false, true] {
        check_encoding(Semantics::BitVector, e, vars, env, symbolic, want);
        check_encoding(Semantics::WrappedInt, e, vars, env, symbolic, want);
        if !ovf {
            check_encoding(Semantics::Integer, e, vars, env, symbolic, want);
        }
    }
}

fn c(v: i128, ty: Type) -> Expr {
    Expr::Const(ty.wrap(v), ty)
}
fn v(ty: Type) -> Expr {
    Expr::Var(var_of(ty))
}
fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::bin(op, a, b)
}

/// Environment with the given values for the given types, 0 elsewhere.
fn env_with(vals: &[(Type, i128)]) -> Vec<i128> {
    let mut env = vec![0i128; INT_TYPES.len() + 1];
    for (t, x) in vals {
        env[var_of(*t).0 as usize] = t.wrap(*x);
    }
    env
}

#[test]
fn division_and_remainder_of_negatives() {
    let vars = var_table();
    for (a, b) in [
        (-7, 2),
        (7, -2),
        (-7, -2),
        (7, 2),
        (-8, 3),
        (i32::MIN as i128, -1),
        (5, 0),
        (-5, 0),
    ] {
        let env = env_with(&[(I32, a)]);
        check_all(&bin(BinOp::Div, v(I32), c(b, I32)), &vars, &env);
        check_all(&bin(BinOp::Rem, v(I32), c(b, I32)), &vars, &env);
        // variable divisor: the divisor in the I16 slot, cast to int
        let env2 = env_with(&[(I32, a), (I16, b)]);
        let d = Expr::cast(I32, v(I16));
        check_all(&bin(BinOp::Div, v(I32), d.clone()), &vars, &env2);
        check_all(&bin(BinOp::Rem, v(I32), d), &vars, &env2);
    }
    // -7 / 2 == -3 and -7 % 2 == -1 explicitly (not only against the reference)
    let mut ovf = false;
    let env = env_with(&[(I32, -7)]);
    assert_eq!(
        eval(&bin(BinOp::Div, v(I32), c(2, I32)), &vars, &env, &mut ovf),
        -3
    );
    assert_eq!(
        eval(&bin(BinOp::Rem, v(I32), c(2, I32)), &vars, &env, &mut ovf),
        -1
    );
    // unsigned: (unsigned)-7 / 2
    let env = env_with(&[(U32, -7)]);
    check_all(&bin(BinOp::Div, v(U32), c(2, U32)), &vars, &env);
    check_all(&bin(BinOp::Rem, v(U32), c(10, U32)), &vars, &env);
    check_all(&bin(BinOp::Div, v(U32), c(0, U32)), &vars, &env);
}

#[test]
fn shifts() {
    let vars = var_table();
    for x in [-8i128, 8, -1, i32::MIN as i128, 0x40000000, 12345] {
        for k in [0i128, 1, 3, 31, 32, 40, -1] {
            let env = env_with(&[(I32, x), (U32, x)]);
            check_all(&bin(BinOp::Shr, v(I32), c(k, I32)), &vars, &env);
            check_all(&bin(BinOp::Shr, v(U32), c(k, U32)), &vars, &env);
            check_all(&bin(BinOp::Shl, v(I32), c(k, I32)), &vars, &env);
            check_all(&bin(BinOp::Shl, v(U32), c(k, U32)), &vars, &env);
        }
    }
    // variable amount
    let env = env_with(&[(I8, -100), (U8, 3)]);
    let amt = Expr::cast(I8, v(U8));
    check_all(&bin(BinOp::Shr, v(I8), amt.clone()), &vars, &env);
    check_all(&bin(BinOp::Shl, v(I8), amt), &vars, &env);
}

#[test]
fn casts() {
    let vars = var_table();
    // truncation: (signed char)300 == 44, (unsigned char)-1 == 255
    let env = env_with(&[(I32, 300), (I8, -1), (U32, 0)]);
    check_all(&Expr::cast(I8, v(I32)), &vars, &env);
    check_all(&Expr::cast(U8, v(I32)), &vars, &env);
    // sign extension of a negative char to int; zero extension of unsigned char
    check_all(&Expr::cast(I32, v(I8)), &vars, &env);
    check_all(&Expr::cast(U32, v(I8)), &vars, &env);
    check_all(&Expr::cast(I32, Expr::cast(U8, v(I8))), &vars, &env);
    check_all(&Expr::cast(U64, v(I8)), &vars, &env);
    // unsigned wrap of 0 - 1
    let e = bin(BinOp::Sub, v(U32), c(1, U32));
    check_all(&e, &vars, &env);
    let mut ovf = false;
    assert_eq!(eval(&e, &vars, &env, &mut ovf), 4294967295);
    // Int <-> Bool
    let env = env_with(&[(I32, -3)]);
    check_all(&Expr::cast(Type::Bool, v(I32)), &vars, &env);
    check_all(
        &Expr::cast(I32, Expr::cast(Type::Bool, v(I32))),
        &vars,
        &env,
    );
    check_all(
        &Expr::cast(U8, Expr::bin(BinOp::Lt, v(I32), c(0, I32))),
        &vars,
        &env,
    );
    // Integer semantics: casts are the identity (no wraparound), documented
    let enc = Encoder::new(Semantics::Integer);
    let t = enc.expr(&Expr::cast(U32, c(-1, I32)), &vars, &mut |_| Term::int(0));
    assert_eq!(t.int_const(), Some(-1));
}

#[test]
fn comparisons_signed_vs_unsigned() {
    let vars = var_table();
    let env = env_with(&[(I32, -1), (U32, -1)]);
    for op in [
        BinOp::Lt,
        BinOp::Le,
        BinOp::Gt,
        BinOp::Ge,
        BinOp::Eq,
        BinOp::Ne,
    ] {
        check_all(&bin(op, v(I32), c(1, I32)), &vars, &env);
        check_all(&bin(op, v(U32), c(1, U32)), &vars, &env);
    }
    let mut ovf = false;
    assert_eq!(
        eval(&bin(BinOp::Lt, v(I32), c(1, I32)), &vars, &env, &mut ovf),
        1
    );
    assert_eq!(
        eval(&bin(BinOp::Lt, v(U32), c(1, U32)), &vars, &env, &mut ovf),
        0
    );
}

#[test]
fn bitwise_and_masks() {
    let vars = var_table();
    for x in [-3i128, 0, 1, 255, -128, 0x1234] {
        let env = env_with(&[(I16, x), (U16, x), (I8, 5)]);
        for (op, k) in [
            (BinOp::BitAnd, 1),
            (BinOp::BitAnd, 0xff),
            (BinOp::BitAnd, -4),
            (BinOp::BitAnd, 0),
            (BinOp::BitAnd, -1),
            (BinOp::BitOr, 0),
            (BinOp::BitOr, -1),
            (BinOp::BitXor, -1),
            (BinOp::BitXor, 0),
            (BinOp::BitXor, 0x55),
            (BinOp::BitOr, 6),
        ] {
            check_all(&bin(op, v(I16), c(k, I16)), &vars, &env);
            check_all(&bin(op, c(k, U16), v(U16)), &vars, &env);
        }
        check_all(&Expr::Unary(UnOp::BitNot, Box::new(v(I16))), &vars, &env);
        check_all(&Expr::Unary(UnOp::BitNot, Box::new(v(U16))), &vars, &env);
        check_all(
            &bin(BinOp::BitAnd, v(I16), Expr::cast(I16, v(I8))),
            &vars,
            &env,
        );
    }
}

#[test]
fn wrapped_int_overflow_add_sub_mul_const() {
    let vars = var_table();
    for ty in INT_TYPES {
        for &b in &[1i128, -1, 3, 100, 1000, 65537] {
            for &a in &[0i128, -1, 100, -100] {
                let env = env_with(&[(ty, a)]);
                check_all(&bin(BinOp::Add, v(ty), c(b, ty)), &vars, &env);
                check_all(&bin(BinOp::Sub, v(ty), c(b, ty)), &vars, &env);
                check_all(&bin(BinOp::Mul, v(ty), c(b, ty)), &vars, &env);
            }
            for x in [ty.max_value(), ty.min_value()] {
                let env = env_with(&[(ty, x)]);
                check_all(&bin(BinOp::Add, v(ty), c(b, ty)), &vars, &env);
                check_all(&bin(BinOp::Sub, v(ty), c(b, ty)), &vars, &env);
                check_all(&bin(BinOp::Mul, c(b, ty), v(ty)), &vars, &env);
            }
        }
        for x in [ty.max_value(), ty.min_value(), 0, 5] {
            let env = env_with(&[(ty, x)]);
            check_all(&Expr::Unary(UnOp::Neg, Box::new(v(ty))), &vars, &env);
        }
    }
}

/// A tiny deterministic PRNG (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545F4914F6CDD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn value(&mut self, ty: Type) -> i128 {
        match self.below(6) {
            0 => ty.min_value(),
            1 => ty.max_value(),
            2 => 0,
            3 => ty.wrap(-1),
            4 => ty.wrap((self.below(17) as i128) - 8),
            _ => ty.wrap(self.next() as i64 as i128),
        }
    }
}

fn gen(r: &mut Rng, ty: Type, depth: u32) -> Expr {
    if ty == Type::Bool {
        if depth == 0 {
            return if r.below(3) == 0 {
                Expr::bool(r.below(2) == 0)
            } else {
                v(Type::Bool)
            };
        }
        return match r.below(4) {
            0 => {
                let t = INT_TYPES[r.below(8)];
                let op = [
                    BinOp::Lt,
                    BinOp::Le,
                    BinOp::Gt,
                    BinOp::Ge,
                    BinOp::Eq,
                    BinOp::Ne,
                ][r.below(6)];
                bin(op, gen(r, t, depth - 1), gen(r, t, depth - 1))
            }
            1 => Expr::not(gen(r, Type::Bool, depth - 1)),
            2 => bin(
                [BinOp::And, BinOp::Or][r.below(2)],
                gen(r, Type::Bool, depth - 1),
                gen(r, Type::Bool, depth - 1),
            ),
            _ => {
                let t = INT_TYPES[r.below(8)];
                Expr::cast(Type::Bool, gen(r, t, depth - 1))
            }
        };
    }
    if depth == 0 {
        return if r.below(2) == 0 {
            let x = r.value(ty);
            c(x, ty)
        } else {
            v(ty)
        };
    }
    match r.below(6) {
        0..=2 => {
            let ops = [
                BinOp::Add,
                BinOp::Sub,
                BinOp::Mul,
                BinOp::Div,
                BinOp::Rem,
                BinOp::Shl,
                BinOp::Shr,
                BinOp::BitAnd,
                BinOp::BitOr,
                BinOp::BitXor,
            ];
            let op = ops[r.below(ops.len())];
            // Bias the right operand towards constants (the exact paths of WrappedInt).
            let rhs = if r.below(2) == 0 {
                let x = if matches!(op, BinOp::Shl | BinOp::Shr) {
                    r.below(ty.bits() as usize + 2) as i128
                } else {
                    r.value(ty)
                };
                c(x, ty)
            } else {
                gen(r, ty, depth - 1)
            };
            bin(op, gen(r, ty, depth - 1), rhs)
        }
        3 => Expr::Unary(
            [UnOp::Neg, UnOp::BitNot][r.below(2)],
            Box::new(gen(r, ty, depth - 1)),
        ),
        4 => {
            let from = if r.below(5) == 0 {
                Type::Bool
            } else {
                INT_TYPES[r.below(8)]
            };
            Expr::cast(ty, gen(r, from, depth - 1))
        }
        _ => Expr::ite(
            gen(r, Type::Bool, depth - 1),
            gen(r, ty, depth - 1),
            gen(r, ty, depth - 1),
        ),
    }
}

#[test]
fn random_expressions_agree_with_c() {
    let vars = var_table();
    let mut r = Rng(0x9E3779B97F4A7C15);
    for _ in 0..250 {
        let ty = if r.below(4) == 0 {
            Type::Bool
        } else {
            INT_TYPES[r.below(8)]
        };
        let depth = 1 + r.below(3) as u32;
        let e = gen(&mut r, ty, depth);
        let env: Vec<i128> = vars
            .iter()
            .map(|x| {
                if x.ty == Type::Bool {
                    r.below(2) as i128
                } else {
                    r.value(x.ty)
                }
            })
            .collect();
        check_all(&e, &vars, &env);
    }
}

#[test]
fn range_and_sorts() {
    let vars = var_table();
    let _ = vars;
    let e = Encoder::new(Semantics::WrappedInt);
    let x = Term::var("x", e.sort(I8));
    assert_eq!(e.sort(I8), int_sort());
    assert_eq!(e.sort(Type::Bool), bool_sort());
    let mut ctx = Context::new();
    ctx.assert(e.range(x, I8));
    ctx.assert(x.gt(Term::int(127)));
    assert_eq!(ctx.check(), SatResult::Unsat);
    let b = Encoder::new(Semantics::BitVector);
    assert_eq!(b.sort(U16), bv_sort(16));
    assert!(b.range(Term::var("y", bv_sort(16)), U16).is_true());
    // approximation flag
    let vars = var_table();
    let t = e.expr(&bin(BinOp::Mul, v(I32), v(I32)), &vars, &mut |id| {
        Term::var(&format!("s{}", id.0), int_sort())
    });
    assert!(e.approximated());
    assert!(t.is_int());
    e.clear_approximated();
    assert!(!e.approximated());
}

/// Builds the infeasible path `x := 0; (assume x < N; x := x + 1) ×3; assume !(x < N);
/// assume final` as SSA parts (N a free input) and returns its sequence interpolants.
fn loop_path_interpolants(sem: Semantics, last: &Expr) -> Vec<String> {
    let vars = vec![mkvar("x", I32), mkvar("N", I32)];
    let enc = Encoder::new(sem);
    let n = Term::var("N", enc.sort(I32));
    let xs: Vec<Term> = (0..4)
        .map(|i| Term::var(&format!("x{i}"), enc.sort(I32)))
        .collect();
    let x = Expr::Var(VarId(0));
    let nn = Expr::Var(VarId(1));
    let at = |i: usize| {
        let xi = xs[i];
        move |v: VarId| if v.0 == 0 { xi } else { n }
    };
    // x0 = 0 (and N in range for the integer semantics)
    let mut parts = vec![xs[0].eq(enc.constant(0, I32)).and2(enc.range(n, I32))];
    for i in 0..3 {
        let guard = enc.expr(&bin(BinOp::Lt, x.clone(), nn.clone()), &vars, &mut at(i));
        let step = enc.expr(&bin(BinOp::Add, x.clone(), c(1, I32)), &vars, &mut at(i));
        parts.push(guard.and2(xs[i + 1].eq(step)));
    }
    let exit = Expr::not(bin(BinOp::Lt, x.clone(), nn.clone()));
    parts.push(enc.expr(&bin(BinOp::And, exit, last.clone()), &vars, &mut at(3)));
    let its = sequence_interpolants(&parts, Some(Duration::from_secs(60))).expect("infeasible");
    its.iter().map(|t| t.to_string()).collect()
}

#[test]
fn loop_path_interpolants_all_semantics() {
    let x = Expr::Var(VarId(0));
    let nn = Expr::Var(VarId(1));
    let finals = [
        (
            "x == N + 1",
            bin(BinOp::Eq, x.clone(), bin(BinOp::Add, nn, c(1, I32))),
        ),
        ("x > 5", bin(BinOp::Gt, x, c(5, I32))),
    ];
    for (name, last) in &finals {
        for sem in [
            Semantics::BitVector,
            Semantics::Integer,
            Semantics::WrappedInt,
        ] {
            let its = loop_path_interpolants(sem, last);
            assert_eq!(its.len(), 4);
            println!("[assume {name}] {sem:?}:");
            for (k, i) in its.iter().enumerate() {
                println!("  I{}: {i}", k + 1);
            }
        }
    }
}

/// The linear encoding of division and remainder by constants (fresh quotient and remainder
/// with side facts, `Encoder::integer_linear_divrem`) gives C's values: with the side facts,
/// the term is exactly the C result (and the facts are satisfiable).
#[test]
fn linear_division_and_remainder_by_constants() {
    let vars = var_table();
    for ty in [I32, U32, I8] {
        for d in [8, -8, 3, -3, 2, 7] {
            if !ty.is_signed() && d < 0 {
                continue;
            }
            for a in [-17, -9, -8, -7, -1, 0, 1, 5, 7, 8, 9, 16, 100, 127, -128] {
                if !ty.is_signed() && a < 0 {
                    continue;
                }
                let env = env_with(&[(ty, a)]);
                for op in [BinOp::Div, BinOp::Rem] {
                    let e = bin(op, v(ty), c(d, ty));
                    let mut ovf = false;
                    let want = eval(&e, &vars, &env, &mut ovf);
                    let enc = Encoder::integer_linear_divrem();
                    let x = Term::var("x", enc.sort(ty));
                    let r = enc.expr(&e, &vars, &mut |_| x);
                    let side = enc.take_side();
                    assert_eq!(side.len(), 2, "{e:?}: the equation and the range");
                    assert!(!enc.approximated());
                    let mut ctx = Context::new();
                    ctx.assert(x.eq(Term::int(ty.wrap(a))));
                    for f in &side {
                        ctx.assert(*f);
                    }
                    ctx.push();
                    ctx.assert(r.neq(Term::int(want)));
                    assert_eq!(ctx.check(), SatResult::Unsat, "{e:?} at {a}: want {want}");
                    ctx.pop();
                    ctx.assert(r.eq(Term::int(want)));
                    assert_eq!(ctx.check(), SatResult::Sat, "{e:?} at {a}");
                }
            }
        }
    }
    // the default encoders collect no side facts
    let enc = Encoder::new(Semantics::Integer);
    let _ = enc.expr(&bin(BinOp::Rem, v(I32), c(8, I32)), &vars, &mut |_| {
        Term::var("y", int_sort())
    });
    assert!(enc.take_side().is_empty());
}
