//! Deterministic random generator of small, deterministic, undefined-behaviour-free C programs
//! (Csmith-style) over fixed-width integer types, casts, shifts, a union with byte, half-word
//! and bit-field views, a padding-free struct, an array indexed by variables (as elements and
//! as bytes), `uint8_t *` views of variables, and `memcpy`/`memset`, for `tests/c_semantics.rs`, where the system compiler is the oracle.
//!
//! Undefined behaviour is avoided by construction: arithmetic is done in `uint32_t` or
//! `uint64_t` (every operand is cast first, so nothing promotes to a signed `int` that could
//! overflow), shift amounts are constants below the width, divisors are `| 1`, every object is
//! initialised (aggregates by `memset` first), byte offsets and `memcpy` lengths stay inside
//! their objects. Conversions to narrower signed types are implementation-defined (modulo in
//! GCC and in schedmc).
//!
//! A program comes in two versions from one seed: `print` (prints every variable, compiled and
//! run to learn the final values) and `check` (asserts those values, optionally one of them
//! altered so that the assertion fails).
#![allow(dead_code)]

use std::fmt::Write;

/// A small deterministic PRNG (splitmix64).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5DEE_CE66_D1CE_4E5B)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// (C name, bytes, signed) of the scalar variable types.
const TYPES: &[(&str, u32, bool)] = &[
    ("int8_t", 1, true),
    ("uint8_t", 1, false),
    ("int16_t", 2, true),
    ("uint16_t", 2, false),
    ("int32_t", 4, true),
    ("uint32_t", 4, false),
    ("int64_t", 8, true),
    ("uint64_t", 8, false),
];

/// A bit-field member of the union's struct view.
struct BitField {
    name: String,
    ty: &'static str,
    width: u32,
}

/// One generated program (both versions share everything but the final part of `main`).
pub struct Program {
    vars: Vec<(String, usize)>,
    fields: Vec<BitField>,
    body: String,
    decls: String,
}

/// What can be read as a value (every read is cast to the arithmetic type first).
struct Gen<'r> {
    rng: &'r mut Rng,
    vars: Vec<(String, usize)>,
    fields: Vec<BitField>,
}

impl Gen<'_> {
    fn arith(&mut self) -> &'static str {
        if self.rng.chance(60) {
            "uint32_t"
        } else {
            "uint64_t"
        }
    }

    fn constant(&mut self) -> String {
        match self.rng.below(4) {
            0 => format!("{}u", self.rng.below(16)),
            1 => format!("0x{:x}u", self.rng.next() as u8),
            2 => format!("0x{:x}u", self.rng.next() as u32),
            _ => format!("0x{:x}ull", self.rng.next()),
        }
    }

    /// A readable location (already cast to `a`).
    fn leaf(&mut self, a: &str) -> String {
        let r = self.rng.below(10);
        match r {
            0 => self.constant(),
            1..=4 => {
                let (n, _) = self.vars[self.rng.below(self.vars.len())].clone();
                format!("({a}){n}")
            }
            5 => format!("({a})u.b[{}]", self.rng.below(8)),
            6 => format!("({a})u.h[{}]", self.rng.below(4)),
            7 => {
                if self.fields.is_empty() {
                    format!("({a})u.raw")
                } else {
                    let f = &self.fields[self.rng.below(self.fields.len())];
                    format!("({a})u.f.{}", f.name)
                }
            }
            8 => {
                if self.rng.chance(50) {
                    let f = ["s.a", "s.b", "s.c", "s.d"][self.rng.below(4)];
                    format!("({a}){f}")
                } else {
                    let (n, _) = self.vars[self.rng.below(self.vars.len())].clone();
                    format!("({a})arr[(uint32_t){n} & 3u]")
                }
            }
            _ => {
                let (n, t) = self.vars[self.rng.below(self.vars.len())].clone();
                let k = self.rng.below(TYPES[t].1 as usize);
                format!("({a})((uint8_t *)&{n})[{k}]")
            }
        }
    }

    /// An expression of the arithmetic type `a` (`uint32_t` or `uint64_t`).
    fn expr(&mut self, a: &str, depth: u32) -> String {
        if depth == 0 || self.rng.chance(30) {
            return self.leaf(a);
        }
        let bits = if a == "uint32_t" { 32 } else { 64 };
        match self.rng.below(8) {
            0..=2 => {
                let op = ["+", "-", "*", "&", "|", "^"][self.rng.below(6)];
                let x = self.expr(a, depth - 1);
                let y = self.expr(a, depth - 1);
                format!("({a})({x} {op} {y})")
            }
            3 => {
                let op = if self.rng.chance(50) { "<<" } else { ">>" };
                let x = self.expr(a, depth - 1);
                format!("({a})({x} {op} {})", self.rng.below(bits))
            }
            4 => {
                // signed right shift (arithmetic in GCC) of a narrowed value
                let (t, tb) = [
                    ("int8_t", 8),
                    ("int16_t", 16),
                    ("int32_t", 32),
                    ("int64_t", 64),
                ][self.rng.below(4)];
                let x = self.expr(a, depth - 1);
                format!("({a})(({t})({x}) >> {})", self.rng.below(tb))
            }
            5 => {
                let op = if self.rng.chance(50) { "/" } else { "%" };
                let x = self.expr(a, depth - 1);
                let y = self.expr(a, depth - 1);
                format!("({a})({x} {op} ({y} | 1u))")
            }
            6 => {
                let t = TYPES[self.rng.below(TYPES.len())].0;
                let x = self.expr(a, depth - 1);
                format!("({a})({t})({x})")
            }
            _ => {
                let op = ["<", "<=", "==", "!=", ">", ">="][self.rng.below(6)];
                let x = self.expr(a, depth - 1);
                let y = self.expr(a, depth - 1);
                format!("({a})({x} {op} {y})")
            }
        }
    }

    /// One statement (at most one level of `if`).
    fn stmt(&mut self, out: &mut String, indent: &str, depth: u32) {
        let a = self.arith();
        match self.rng.below(13) {
            0..=3 => {
                let (n, t) = self.vars[self.rng.below(self.vars.len())].clone();
                let e = self.expr(a, 3);
                let _ = writeln!(out, "{indent}{n} = ({})({e});", TYPES[t].0);
            }
            4 => {
                let e = self.expr(a, 2);
                let w = match self.rng.below(4) {
                    0 => "u.raw".to_string(),
                    1 => format!("u.w[{}]", self.rng.below(2)),
                    2 => format!("u.h[{}]", self.rng.below(4)),
                    _ => format!("u.b[{}]", self.rng.below(8)),
                };
                let _ = writeln!(out, "{indent}{w} = {e};");
            }
            5 if !self.fields.is_empty() => {
                let f = self.fields[self.rng.below(self.fields.len())].name.clone();
                let e = self.expr(a, 2);
                let _ = writeln!(out, "{indent}u.f.{f} = {e};");
            }
            6 => {
                let (n, t) = self.vars[self.rng.below(self.vars.len())].clone();
                let k = self.rng.below(TYPES[t].1 as usize);
                let e = self.expr(a, 2);
                let _ = writeln!(out, "{indent}((uint8_t *)&{n})[{k}] = (uint8_t)({e});");
            }
            7 => {
                // memcpy between a variable and the union's bytes
                let (n, t) = self.vars[self.rng.below(self.vars.len())].clone();
                let size = TYPES[t].1 as usize;
                let len = 1 + self.rng.below(size);
                let off = self.rng.below(8 - len + 1);
                if self.rng.chance(50) {
                    let _ = writeln!(out, "{indent}memcpy(&{n}, &u.b[{off}], {len});");
                } else {
                    let _ = writeln!(out, "{indent}memcpy(&u.b[{off}], &{n}, {len});");
                }
            }
            8 => {
                let c = self.rng.below(256);
                match self.rng.below(3) {
                    0 => {
                        let _ = writeln!(out, "{indent}memset(&s, {c}, sizeof s);");
                    }
                    1 => {
                        let len = 1 + self.rng.below(8);
                        let _ = writeln!(out, "{indent}memset(&u, {c}, {len});");
                    }
                    _ => {
                        let (n, t) = self.vars[self.rng.below(self.vars.len())].clone();
                        let len = 1 + self.rng.below(TYPES[t].1 as usize);
                        let _ = writeln!(out, "{indent}memset(&{n}, {c}, {len});");
                    }
                }
            }
            9 => {
                if self.rng.chance(50) {
                    let _ = writeln!(out, "{indent}memcpy(&s, &u, sizeof s);");
                } else {
                    let _ = writeln!(out, "{indent}memcpy(&u, &s, sizeof s);");
                }
            }
            10 => {
                let f = ["s.a", "s.b", "s.c", "s.d"][self.rng.below(4)];
                let e = self.expr(a, 2);
                let _ = writeln!(out, "{indent}{f} = {e};");
            }
            11 if self.rng.chance(70) => {
                // an array written at a variable index, as elements, bytes or by memcpy
                let (n, _) = self.vars[self.rng.below(self.vars.len())].clone();
                let e = self.expr(a, 2);
                match self.rng.below(3) {
                    0 => {
                        let _ = writeln!(out, "{indent}arr[(uint32_t){n} & 3u] = (uint16_t)({e});");
                    }
                    1 => {
                        let _ = writeln!(
                            out,
                            "{indent}((uint8_t *)arr)[(uint32_t){n} & 7u] = (uint8_t)({e});"
                        );
                    }
                    _ => {
                        let len = 1 + self.rng.below(8);
                        let off = self.rng.below(8 - len + 1);
                        let _ = writeln!(
                            out,
                            "{indent}memcpy((uint8_t *)arr + {off}, &u.b[{}], {len});",
                            self.rng.below(8 - len + 1)
                        );
                    }
                }
            }
            _ if depth > 0 => {
                let c = self.expr(a, 2);
                let _ = writeln!(out, "{indent}if ({c} & 1u) {{");
                let inner = format!("{indent}    ");
                for _ in 0..1 + self.rng.below(3) {
                    self.stmt(out, &inner, depth - 1);
                }
                let _ = writeln!(out, "{indent}}} else {{");
                for _ in 0..1 + self.rng.below(2) {
                    self.stmt(out, &inner, depth - 1);
                }
                let _ = writeln!(out, "{indent}}}");
            }
            _ => {
                let (n, t) = self.vars[self.rng.below(self.vars.len())].clone();
                let e = self.expr(a, 2);
                let _ = writeln!(out, "{indent}{n} = ({})({e});", TYPES[t].0);
            }
        }
    }
}

/// Random bit-fields for the union's struct view (at most 48 bits in total, some `:0`).
fn bit_fields(rng: &mut Rng) -> (Vec<BitField>, String) {
    let mut fields = Vec::new();
    let mut decl = String::new();
    let mut total = 0;
    let n = 1 + rng.below(5);
    for i in 0..n {
        let (ty, tb) = [
            ("uint32_t", 32),
            ("int32_t", 32),
            ("unsigned", 32),
            ("int", 32),
            ("uint16_t", 16),
            ("int16_t", 16),
            ("uint8_t", 8),
            ("int8_t", 8),
        ][rng.below(8)];
        if rng.chance(10) {
            let _ = writeln!(decl, "        {ty} : 0;");
            continue;
        }
        let width = 1 + rng.below(tb.min(20)) as u32;
        if total + width > 48 {
            break;
        }
        total += width;
        let name = format!("f{i}");
        let _ = writeln!(decl, "        {ty} {name} : {width};");
        fields.push(BitField { name, ty, width });
    }
    (fields, decl)
}

/// Generates the program of one seed.
pub fn generate(seed: u64) -> Program {
    let mut rng = Rng::new(seed);
    let nvars = 2 + rng.below(4);
    let vars: Vec<(String, usize)> = (0..nvars)
        .map(|i| (format!("v{i}"), rng.below(TYPES.len())))
        .collect();
    let (fields, fdecl) = bit_fields(&mut rng);
    let mut decls = String::new();
    let _ = writeln!(
        decls,
        "union U {{\n    uint64_t raw;\n    uint32_t w[2];\n    uint16_t h[4];\n    uint8_t b[8];\n    struct {{\n{fdecl}    }} f;\n}};\n\nstruct S {{\n    uint8_t a;\n    int8_t b;\n    uint16_t c;\n    int32_t d;\n}};"
    );
    let mut body = String::new();
    let _ = writeln!(
        body,
        "    union U u;\n    struct S s;\n    uint16_t arr[4];"
    );
    let _ = writeln!(
        body,
        "    memset(&u, 0, sizeof u);\n    memset(&s, 0, sizeof s);\n    memset(arr, 0, sizeof arr);"
    );
    for (n, t) in &vars {
        let init = rng.next() & (u64::MAX >> (64 - 8 * TYPES[*t].1));
        let _ = writeln!(
            body,
            "    {} {n} = ({})0x{init:x}ull;",
            TYPES[*t].0, TYPES[*t].0
        );
    }
    let mut g = Gen {
        rng: &mut rng,
        vars: vars.clone(),
        fields,
    };
    for _ in 0..6 + g.rng.below(8) {
        g.stmt(&mut body, "    ", 1);
    }
    let fields = std::mem::take(&mut g.fields);
    Program {
        vars,
        fields,
        body,
        decls,
    }
}

impl Program {
    /// The observed values, in the order `print` prints them.
    fn observed(&self) -> Vec<String> {
        let mut v: Vec<String> = self.vars.iter().map(|(n, _)| n.clone()).collect();
        v.push("u.raw".into());
        for f in &self.fields {
            v.push(format!("u.f.{}", f.name));
        }
        v.extend(["s.a", "s.b", "s.c", "s.d"].map(String::from));
        v.extend((0..4).map(|i| format!("arr[{i}]")));
        v
    }

    fn head(&self) -> String {
        format!(
            "#include <assert.h>\n#include <stdint.h>\n#include <string.h>\n\n{}\nint main(void) {{\n{}",
            self.decls, self.body
        )
    }

    /// The version that prints every observed value (as `uint64_t`, hex, one per line).
    pub fn print_version(&self) -> String {
        let mut s = format!("#include <stdio.h>\n{}", self.head());
        for o in self.observed() {
            let _ = writeln!(
                s,
                "    printf(\"%llx\\n\", (unsigned long long)(uint64_t){o});"
            );
        }
        s.push_str("    return 0;\n}\n");
        s
    }

    /// The version asserting the values; `wrong = Some(i)` alters the `i`-th (mod count)
    /// expected value, so that assertion fails.
    pub fn check_version(&self, header: &str, values: &[u64], wrong: Option<usize>) -> String {
        let obs = self.observed();
        let mut s = format!("{header}{}", self.head());
        let bad = wrong.map(|i| i % obs.len());
        for (i, (o, v)) in obs.iter().zip(values).enumerate() {
            let v = if bad == Some(i) { v ^ 1 } else { *v };
            let _ = writeln!(s, "    assert((uint64_t){o} == 0x{v:x}ull);");
        }
        s.push_str("    return 0;\n}\n");
        s
    }

    pub fn observed_count(&self) -> usize {
        self.observed().len()
    }
}
