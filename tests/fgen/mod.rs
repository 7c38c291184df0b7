//! Deterministic random generator of small, deterministic, undefined-behaviour-free C programs
//! over `float` and `double` for `tests/c_semantics.rs` (the system compiler is the oracle):
//! constants (decimal and hexadecimal, subnormals, infinities, NaN, `-0.0`), `+ - * /`, unary
//! minus, conversions between the two formats and to and from integers, comparisons (NaN
//! unordered), and the usual arithmetic conversions between them.
//!
//! The generator evaluates what it writes with Rust's `f32`/`f64` (the same IEEE arithmetic as
//! x86-64 SSE code, `FLT_EVAL_METHOD == 0`) only to stay clear of undefined behaviour: a
//! floating value is converted to an integer type only when its truncation is in range. The
//! values the program is checked against come from running it.
//!
//! A program comes in two versions: `print` (prints every variable's bits) and `check`
//! (asserts those bits; a NaN only as `x != x`, since NaN payloads depend on the compiler's
//! operand order; optionally one value altered so that the assertion fails).
#![allow(dead_code)]

use std::fmt::Write;

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x0F10_A7F1_0A75_EED5)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A value of the program: its C type and what it holds.
#[derive(Clone, Copy, Debug)]
enum V {
    F(f32),
    D(f64),
    I(i64, &'static str),
}

/// (C name, min, max) of the integer variable types.
const INTS: &[(&str, i128, i128)] = &[
    ("int32_t", i32::MIN as i128, i32::MAX as i128),
    ("uint32_t", 0, u32::MAX as i128),
    ("int64_t", i64::MIN as i128, i64::MAX as i128),
    ("int8_t", -128, 127),
    ("uint16_t", 0, 65535),
];

fn int_range(t: &str) -> (i128, i128) {
    INTS.iter()
        .find(|(n, ..)| *n == t)
        .map(|(_, a, b)| (*a, *b))
        .unwrap()
}

fn hex_f64(v: f64) -> String {
    let b = v.to_bits();
    let sign = if b >> 63 != 0 { "-" } else { "" };
    let e = ((b >> 52) & 0x7FF) as i64;
    let m = b & ((1 << 52) - 1);
    if e == 0 {
        format!("{sign}0x0.{m:013x}p-1022")
    } else {
        format!("{sign}0x1.{m:013x}p{}", e - 1023)
    }
}

fn hex_f32(v: f32) -> String {
    let b = v.to_bits();
    let sign = if b >> 31 != 0 { "-" } else { "" };
    let e = ((b >> 23) & 0xFF) as i64;
    let m = (b & ((1 << 23) - 1)) << 1;
    if e == 0 {
        format!("{sign}0x0.{m:06x}p-126f")
    } else {
        format!("{sign}0x1.{m:06x}p{}f", e - 127)
    }
}

pub struct Program {
    /// (name, type) of every variable, in declaration order.
    vars: Vec<(String, &'static str)>,
    /// The statements of `main`.
    body: Vec<String>,
}

struct Gen {
    rng: Rng,
    vars: Vec<(String, V)>,
}

impl Gen {
    fn constant(&mut self, double: bool) -> (String, V) {
        let r = &mut self.rng;
        let pick = r.below(12);
        let v: f64 = match pick {
            0 => 0.0,
            1 => -0.0,
            2 => f64::INFINITY,
            3 => f64::NAN,
            4 => (r.next() % 2000) as f64 / 8.0 - 100.0,
            5 => f64::from_bits(r.next() & 0x000F_FFFF_FFFF_FFFF), // subnormal double
            6 => f32::from_bits((r.next() & 0x007F_FFFF) as u32) as f64, // subnormal float
            7 => (r.next() % 100_000) as f64 * 1e30,
            8 => 1.0 + (r.next() % 16) as f64 * f64::EPSILON,
            _ => {
                // a random finite value of moderate exponent
                let e = (r.next() % 120) as i64 - 60;
                let m = 1.0 + (r.next() >> 12) as f64 / (1u64 << 52) as f64;
                let s = if r.chance(30) { -1.0 } else { 1.0 };
                s * m * 2f64.powi(e as i32)
            }
        };
        let hex = self.rng.chance(30);
        if double {
            let text = if v.is_nan() {
                "(0.0 / 0.0)".into()
            } else if v.is_infinite() {
                if v > 0.0 {
                    "(1.0 / 0.0)".into()
                } else {
                    "(-1.0 / 0.0)".into()
                }
            } else if hex {
                hex_f64(v)
            } else {
                format!("{v:e}")
            };
            let text = if text.starts_with('-') {
                format!("({text})")
            } else {
                text
            };
            (text, V::D(v))
        } else {
            let v = v as f32;
            let text = if v.is_nan() {
                "(0.0f / 0.0f)".into()
            } else if v.is_infinite() {
                if v > 0.0 {
                    "(1.0f / 0.0f)".into()
                } else {
                    "(-1.0f / 0.0f)".into()
                }
            } else if hex {
                hex_f32(v)
            } else {
                format!("{v:e}f")
            };
            let text = if text.starts_with('-') {
                format!("({text})")
            } else {
                text
            };
            (text, V::F(v))
        }
    }

    /// A floating expression of depth at most `d`.
    fn fexpr(&mut self, d: u32) -> (String, V) {
        let k = if d == 0 {
            self.rng.below(3)
        } else {
            self.rng.below(9)
        };
        match k {
            0 => {
                let dbl = self.rng.chance(50);
                self.constant(dbl)
            }
            1 | 2 => {
                let i = self.rng.below(self.vars.len());
                let (n, v) = self.vars[i].clone();
                (n, v)
            }
            3 => {
                let (t, v) = self.fexpr(d - 1);
                match v {
                    V::F(x) => (format!("(double)({t})"), V::D(x as f64)),
                    V::D(x) => (format!("(float)({t})"), V::F(x as f32)),
                    V::I(x, _) => {
                        if self.rng.chance(50) {
                            (format!("(float)({t})"), V::F(x as f32))
                        } else {
                            (format!("(double)({t})"), V::D(x as f64))
                        }
                    }
                }
            }
            4 => {
                let (t, v) = self.fexpr(d - 1);
                match v {
                    V::F(x) => (format!("(-{t})"), V::F(-x)),
                    V::D(x) => (format!("(-{t})"), V::D(-x)),
                    V::I(..) => (t, v),
                }
            }
            _ => {
                let (ta, a) = self.fexpr(d - 1);
                let (tb, b) = self.fexpr(d - 1);
                let op = ["+", "-", "*", "/"][self.rng.below(4)];
                let text = format!("({ta} {op} {tb})");
                let v = match (a, b) {
                    (V::I(x, _), V::I(y, _)) => {
                        // keep floating: convert one operand
                        let (x, y) = (x as f64, y as f64);
                        return (format!("((double)({ta}) {op} {tb})"), V::D(fop(op, x, y)));
                    }
                    (V::D(x), V::D(y)) => V::D(fop(op, x, y)),
                    (V::D(x), V::F(y)) => V::D(fop(op, x, y as f64)),
                    (V::F(x), V::D(y)) => V::D(fop(op, x as f64, y)),
                    (V::D(x), V::I(y, _)) => V::D(fop(op, x, y as f64)),
                    (V::I(x, _), V::D(y)) => V::D(fop(op, x as f64, y)),
                    (V::F(x), V::F(y)) => V::F(fop32(op, x, y)),
                    (V::F(x), V::I(y, _)) => V::F(fop32(op, x, y as f32)),
                    (V::I(x, _), V::F(y)) => V::F(fop32(op, x as f32, y)),
                };
                (text, v)
            }
        }
    }
}

fn fop(op: &str, x: f64, y: f64) -> f64 {
    match op {
        "+" => x + y,
        "-" => x - y,
        "*" => x * y,
        _ => x / y,
    }
}

fn fop32(op: &str, x: f32, y: f32) -> f32 {
    match op {
        "+" => x + y,
        "-" => x - y,
        "*" => x * y,
        _ => x / y,
    }
}

/// The truncation of `v` when it is in `t`'s range.
fn to_int(v: f64, t: &str) -> Option<i64> {
    if v.is_nan() || v.is_infinite() {
        return None;
    }
    let tr = v.trunc();
    let (lo, hi) = int_range(t);
    if tr.abs() > 1e30 {
        return None;
    }
    let n = tr as i128;
    (lo..=hi).contains(&n).then_some(n as i64)
}

/// Two operands of a comparison in their common type (C's usual arithmetic conversions), as
/// `f64`s (exact for `float` values) or integers.
fn common(a: V, b: V) -> (f64, f64) {
    match (a, b) {
        (V::I(x, _), V::I(y, _)) => ((x > y) as i64 as f64 - (x < y) as i64 as f64, 0.0),
        (V::D(_), _) | (_, V::D(_)) => (as_f64(a), as_f64(b)),
        _ => {
            let f = |v: V| match v {
                V::F(x) => x,
                V::I(x, _) => x as f32,
                V::D(x) => x as f32,
            };
            (f(a) as f64, f(b) as f64)
        }
    }
}

fn as_f64(v: V) -> f64 {
    match v {
        V::F(x) => x as f64,
        V::D(x) => x,
        V::I(x, _) => x as f64,
    }
}

pub fn generate(seed: u64) -> Program {
    let mut g = Gen {
        rng: Rng::new(seed),
        vars: Vec::new(),
    };
    let mut decls = Vec::new();
    let mut body = Vec::new();
    // a few floating and integer variables, each initialised
    let nf = 2 + g.rng.below(3);
    for i in 0..nf {
        let dbl = g.rng.chance(50);
        let (t, v) = g.constant(dbl);
        let name = format!("f{i}");
        let ty = if dbl { "double" } else { "float" };
        body.push(format!("{ty} {name} = {t};"));
        decls.push((name.clone(), ty));
        g.vars.push((name, v));
    }
    let ni = 1 + g.rng.below(2);
    for i in 0..ni {
        let (ty, ..) = INTS[g.rng.below(INTS.len())];
        let (lo, hi) = int_range(ty);
        let x = match g.rng.below(3) {
            0 => lo as i64,
            1 => hi as i64,
            _ => (g.rng.next() % 2001) as i64 - 1000,
        };
        // (the most negative `int64_t` has no literal)
        let x = x.clamp(
            lo.max(i64::MIN as i128 + 1) as i64,
            hi.min(i64::MAX as i128) as i64,
        );
        let name = format!("i{i}");
        body.push(format!(
            "{ty} {name} = {x}{};",
            if ty == "int64_t" { "LL" } else { "" }
        ));
        decls.push((name.clone(), ty));
        g.vars.push((name, V::I(x, ty)));
    }
    let n = 4 + g.rng.below(6);
    for _ in 0..n {
        let target = g.rng.below(g.vars.len());
        let (name, cur) = g.vars[target].clone();
        let (t, v) = g.fexpr(3);
        match cur {
            V::F(_) => {
                g.vars[target].1 = V::F(match v {
                    V::F(x) => x,
                    V::D(x) => x as f32,
                    V::I(x, _) => x as f32,
                });
                body.push(format!("{name} = {t};"));
            }
            V::D(_) => {
                g.vars[target].1 = V::D(as_f64(v));
                body.push(format!("{name} = {t};"));
            }
            V::I(_, ty) => {
                if g.rng.chance(40) {
                    // a comparison
                    let (tb, b) = g.fexpr(2);
                    let op = ["<", "<=", ">", ">=", "==", "!="][g.rng.below(6)];
                    let (x, y) = common(v, b);
                    // compared in the common type; floats compare exactly as doubles
                    let r = match op {
                        "<" => x < y,
                        "<=" => x <= y,
                        ">" => x > y,
                        ">=" => x >= y,
                        "==" => x == y,
                        _ => x != y,
                    };
                    g.vars[target].1 = V::I(r as i64, ty);
                    body.push(format!("{name} = ({t}) {op} ({tb});"));
                } else if let (V::F(_) | V::D(_), Some(x)) = (v, to_int(as_f64(v), ty)) {
                    g.vars[target].1 = V::I(x, ty);
                    body.push(format!("{name} = ({ty})({t});"));
                }
            }
        }
    }
    Program { vars: decls, body }
}

impl Program {
    fn prelude() -> String {
        "#include <assert.h>\n#include <stdint.h>\n#include <string.h>\n#include <stdio.h>\n\
         static uint32_t bits_f(float x) { uint32_t u; memcpy(&u, &x, 4); return u; }\n\
         static uint64_t bits_d(double x) { uint64_t u; memcpy(&u, &x, 8); return u; }\n"
            .into()
    }

    fn bits_expr(name: &str, ty: &str) -> String {
        match ty {
            "float" => format!("(uint64_t)bits_f({name})"),
            "double" => format!("bits_d({name})"),
            _ => format!("(uint64_t)(int64_t){name}"),
        }
    }

    /// Prints every variable's bits in hex, one per line.
    pub fn print_version(&self) -> String {
        let mut s = Self::prelude();
        s.push_str("int main(void) {\n");
        for l in &self.body {
            let _ = writeln!(s, "  {l}");
        }
        for (n, t) in &self.vars {
            let _ = writeln!(
                s,
                "  printf(\"%llx\\n\", (unsigned long long){});",
                Self::bits_expr(n, t)
            );
        }
        s.push_str("  return 0;\n}\n");
        s
    }

    pub fn observed_count(&self) -> usize {
        self.vars.len()
    }

    /// Asserts the printed values (NaN by class), the `wrong`-th one altered.
    pub fn check_version(&self, header: &str, values: &[u64], wrong: Option<usize>) -> String {
        let mut s = String::from(header);
        s.push_str(&Self::prelude());
        s.push_str("int main(void) {\n");
        for l in &self.body {
            let _ = writeln!(s, "  {l}");
        }
        let wrong = wrong.map(|w| w % self.vars.len());
        for (i, ((n, t), v)) in self.vars.iter().zip(values).enumerate() {
            let nan = match *t {
                "float" => f32::from_bits(*v as u32).is_nan(),
                "double" => f64::from_bits(*v).is_nan(),
                _ => false,
            };
            let alter = wrong == Some(i);
            if nan {
                let op = if alter { "==" } else { "!=" };
                let _ = writeln!(s, "  assert({n} {op} {n});");
            } else {
                let v = if alter { v ^ 1 } else { *v };
                let v = match *t {
                    "float" => v & 0xFFFF_FFFF,
                    _ => v,
                };
                let _ = writeln!(s, "  assert({} == 0x{v:x}ULL);", Self::bits_expr(n, t));
            }
        }
        s.push_str("  return 0;\n}\n");
        s
    }
}
