//! printf-family calls whose format is a string literal, specialised at their call sites.
//!
//! Our front end does not walk variable arguments, so a C model of `sprintf` cannot read
//! them. Instead, [`specialise`] reads each literal format at compile time and replaces a
//! call `sprintf(buf, "x=%5d", v)` by a call of a generated function
//! `__schedmc_fmt_N(buf, v)` whose parameters have the types the conversions read (so the
//! arguments are evaluated and converted as `va_arg` would) and whose body writes the literal
//! text and calls the helpers of `include/libc/format.c`, one per conversion. The generated
//! text and the helpers are parsed by our own front end, like the library models, and put
//! before the program's items.
//!
//! Covered: `printf`, `fprintf`, `dprintf` (the exact character count, computed without
//! loops for integers; the output itself is not modelled; a call whose value is unused stays
//! the nondeterministic model, which is exact enough and cheaper), `sprintf`, `snprintf` (the text written, NUL-terminated within the bound,
//! and the count), with the conversions `%d %i %u %o %x %X %c %s %%` (and `%p` for the count: "(nil)" or a
//! length in the range of "0x" and up to 2 * sizeof(void *) hex digits, from an unmodelled
//! intrinsic so that a counterexample depending on it is UNKNOWN), the flags `- + space # 0`,
//! a literal width and precision and the length modifiers `hh h l ll j z` (`z` only on
//! unsigned conversions). Any other format (another conversion, `*`, `%n`, a format that is
//! not a literal, a number of arguments that differs from the conversions') leaves the call
//! as it is: the nondeterministic models of `libc.rs` (`printf`, `snprintf`) or an unmodelled
//! external call (`sprintf`).
//!
//! `sscanf` with `%d %u %x %X %s %c %%`, `*`, a width and `hh h l ll`: white space,
//! ordinary characters, the number of assignments or EOF as C11 7.21.6.2 says; a number
//! outside the destination type's range (undefined behaviour) is `unsupported`.

use crate::diag::{Diag, SourceMap};
use crate::frontend::ast::{
    BlockItem, Declaration, Derived, Expr, ExprKind, ExternalDecl, Initializer, Stmt, StmtKind,
    TranslationUnit,
};
use crate::frontend::{lex, parse, preprocess};
use crate::target::Target;
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

/// The helpers the generated functions call.
const HELPERS: &str = include_str!("../../include/libc/format.c");

/// A library function this module specialises: its name, the C parameters before the
/// format, and how its output is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    /// `printf(fmt, ...)`: count only.
    Printf,
    /// `fprintf(stream, fmt, ...)`: count only.
    Fprintf,
    /// `dprintf(fd, fmt, ...)`: count only.
    Dprintf,
    /// `sprintf(buf, fmt, ...)`: no limit.
    Sprintf,
    /// `snprintf(buf, size, fmt, ...)`: at most size - 1 characters and the NUL.
    Snprintf,
    /// `sscanf(str, fmt, ...)`.
    Sscanf,
}

impl Kind {
    fn of(name: &str) -> Option<Kind> {
        Some(match name {
            "printf" => Kind::Printf,
            "fprintf" => Kind::Fprintf,
            "dprintf" => Kind::Dprintf,
            "sprintf" => Kind::Sprintf,
            "snprintf" => Kind::Snprintf,
            "sscanf" => Kind::Sscanf,
            _ => return None,
        })
    }
    /// The parameters before the format (C declarations).
    fn prefix(self) -> &'static [&'static str] {
        match self {
            Kind::Printf => &[],
            Kind::Fprintf => &["void *__stream"],
            Kind::Dprintf => &["int __fd"],
            Kind::Sprintf => &["char *__o"],
            Kind::Snprintf => &["char *__o", "__size __lim"],
            Kind::Sscanf => &["const char *__s"],
        }
    }
}

/// A length modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Len {
    None,
    Hh,
    H,
    L,
    Ll,
    J,
    Z,
}

/// One conversion specification.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Conv {
    flags: u32,
    width: u32,
    prec: Option<u32>,
    len: Len,
    conv: u8,
}

const MINUS: u32 = 1;
const PLUS: u32 = 2;
const SPACE: u32 = 4;
const HASH: u32 = 8;
const ZERO: u32 = 16;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Piece {
    Lit(Vec<u8>),
    Conv(Conv),
}

/// Widths and precisions beyond this are left to the unspecialised call.
const MAX_FIELD: u32 = 4096;

fn number(f: &[u8], i: &mut usize) -> Option<u32> {
    let start = *i;
    let mut v: u32 = 0;
    while *i < f.len() && f[*i].is_ascii_digit() {
        v = v.checked_mul(10)?.checked_add((f[*i] - b'0') as u32)?;
        *i += 1;
    }
    if *i == start {
        return Some(0);
    }
    (v <= MAX_FIELD).then_some(v)
}

/// The pieces of a printf format, or `None` when it uses anything outside the covered
/// subset (or is undefined: `#` on `d`, `0` on `s`).
fn parse_printf(f: &[u8]) -> Option<Vec<Piece>> {
    let mut out = Vec::new();
    let mut lit = Vec::new();
    let mut i = 0;
    while i < f.len() {
        if f[i] != b'%' {
            lit.push(f[i]);
            i += 1;
            continue;
        }
        i += 1;
        if f.get(i) == Some(&b'%') {
            lit.push(b'%');
            i += 1;
            continue;
        }
        let mut flags = 0;
        while let Some(c) = f.get(i) {
            flags |= match c {
                b'-' => MINUS,
                b'+' => PLUS,
                b' ' => SPACE,
                b'#' => HASH,
                b'0' => ZERO,
                _ => break,
            };
            i += 1;
        }
        let width = number(f, &mut i)?;
        let prec = if f.get(i) == Some(&b'.') {
            i += 1;
            Some(number(f, &mut i)?)
        } else {
            None
        };
        let len = match (f.get(i), f.get(i + 1)) {
            (Some(b'h'), Some(b'h')) => Len::Hh,
            (Some(b'h'), _) => Len::H,
            (Some(b'l'), Some(b'l')) => Len::Ll,
            (Some(b'l'), _) => Len::L,
            (Some(b'j'), _) => Len::J,
            (Some(b'z'), _) => Len::Z,
            _ => Len::None,
        };
        i += match len {
            Len::None => 0,
            Len::Hh | Len::Ll => 2,
            _ => 1,
        };
        let conv = *f.get(i)?;
        i += 1;
        let ok = match conv {
            b'd' | b'i' => flags & HASH == 0 && len != Len::Z,
            b'u' => flags & HASH == 0,
            b'o' | b'x' | b'X' => true,
            b'c' => flags & (HASH | ZERO) == 0 && len == Len::None && prec.is_none(),
            b's' => flags & (HASH | ZERO) == 0 && len == Len::None,
            // `%p`: counted only (printf family), see `count_conversion`
            b'p' => flags & !MINUS == 0 && len == Len::None && prec.is_none(),
            _ => false,
        };
        if !ok {
            return None;
        }
        if !lit.is_empty() {
            out.push(Piece::Lit(std::mem::take(&mut lit)));
        }
        out.push(Piece::Conv(Conv {
            flags,
            width,
            prec,
            len,
            conv,
        }));
    }
    if !lit.is_empty() {
        out.push(Piece::Lit(lit));
    }
    Some(out)
}

/// The parameter type a conversion reads (after the default argument promotions).
fn param_type(c: &Conv) -> &'static str {
    let signed = matches!(c.conv, b'd' | b'i');
    match (c.conv, c.len) {
        (b'c', _) => "int",
        (b's', _) => "const char *",
        (b'p', _) => "const void *",
        (_, Len::None | Len::Hh | Len::H) => {
            if signed {
                "int"
            } else {
                "unsigned int"
            }
        }
        (_, Len::L) => {
            if signed {
                "long"
            } else {
                "unsigned long"
            }
        }
        (_, Len::Ll | Len::J) => {
            if signed {
                "long long"
            } else {
                "unsigned long long"
            }
        }
        (_, Len::Z) => "__size",
    }
}

/// The statements of one conversion reading parameter `a`.
fn conversion(c: &Conv, a: &str, out: &mut String) {
    let prec = c.prec.map_or(-1, |p| p as i64);
    let width = c.width;
    match c.conv {
        b'c' => {
            let _ = writeln!(
                out,
                "    __n = __schedmc_fmt_c(__o, __cap, __n, {a}, {}, {width});",
                c.flags
            );
        }
        b's' => {
            let _ = writeln!(
                out,
                "    __n = __schedmc_fmt_s(__o, __cap, __n, {a}, {}, {width}, {prec});",
                c.flags
            );
        }
        conv => {
            let signed = matches!(conv, b'd' | b'i');
            let narrow = matches!(c.len, Len::None | Len::Hh | Len::H);
            let (helper, ut, st) = if narrow {
                ("__schedmc_fmt_u32", "unsigned int", "int")
            } else {
                ("__schedmc_fmt_u64", "unsigned long long", "long long")
            };
            let value = match (c.len, signed) {
                (Len::Hh, true) => format!("(signed char){a}"),
                (Len::H, true) => format!("(short){a}"),
                (Len::Hh, false) => format!("(unsigned char){a}"),
                (Len::H, false) => format!("(unsigned short){a}"),
                _ => a.to_string(),
            };
            let (base, upper) = match conv {
                b'o' => (8, 0),
                b'x' => (16, 0),
                b'X' => (16, 1),
                _ => (10, 0),
            };
            // '+' and ' ' apply to signed conversions only
            let flags = if signed {
                c.flags
            } else {
                c.flags & !(PLUS | SPACE)
            };
            if signed {
                let _ = writeln!(
                    out,
                    "    {{ {st} __v = {value}; __n = {helper}(__o, __cap, __n, __v < 0 ? ({ut})0 - ({ut})__v : ({ut})__v, __v < 0, {base}, {upper}, {flags}, {width}, {prec}); }}"
                );
            } else {
                let _ = writeln!(
                    out,
                    "    __n = {helper}(__o, __cap, __n, ({ut})({value}), 0, {base}, {upper}, {flags}, {width}, {prec});"
                );
            }
        }
    }
}

/// `1 + (m >= B) + (m >= B^2) + ...`: the number of base-`base` digits of `m`, an unsigned
/// value of `bits` bits, as comparisons only (no loop, no division).
fn digit_count(m: &str, base: u128, bits: u32, suffix: &str) -> String {
    let max = if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    let mut e = "1".to_string();
    let mut p = base;
    while p <= max {
        let _ = write!(e, " + ({m} >= {p}{suffix})");
        match p.checked_mul(base) {
            Some(q) => p = q,
            None => break,
        }
    }
    e
}

/// The statements of one conversion reading parameter `a` when only the count matters
/// (printf, fprintf, dprintf): the field's length computed without writing it.
fn count_conversion(c: &Conv, a: &str, target: &Target, out: &mut String) {
    let prec = c.prec.map_or(-1, |p| p as i64);
    let width = c.width as i64;
    match c.conv {
        b'c' => {
            let _ = writeln!(out, "    (void){a};\n    __n += {};", width.max(1));
        }
        b'p' => {
            // glibc prints "(nil)" for NULL, else "0x" and the address in hex without leading
            // zeros: its length depends on the real address, which our abstract addresses are
            // not. The length comes from an unmodelled library intrinsic (within the range a
            // pointer's text can have), so a counterexample through it is UNKNOWN.
            let _ = writeln!(
                out,
                "    {{ int __l = 5; if ({a} != 0) {{ __l = __schedmc_pointer_text_length(); __VERIFIER_assume(__l >= 3 && __l <= {}); }} __n += __l < {width} ? {width} : __l; }}",
                2 + target.pointer_bits / 4
            );
        }
        b's' => {
            let _ = writeln!(
                out,
                "    {{ const char *__s = {a}; int __l = 0; while (({prec} < 0 || __l < {prec}) && __s[__l] != 0) __l++; __n += __l < {width} ? {width} : __l; }}"
            );
        }
        conv => {
            let signed = matches!(conv, b'd' | b'i');
            let narrow = matches!(c.len, Len::None | Len::Hh | Len::H);
            let (ut, st, bits, sfx) = if narrow {
                ("unsigned int", "int", target.int_bits as u32, "U")
            } else {
                ("unsigned long long", "long long", 64, "ULL")
            };
            let value = match (c.len, signed) {
                (Len::Hh, true) => format!("(signed char){a}"),
                (Len::H, true) => format!("(short){a}"),
                (Len::Hh, false) => format!("(unsigned char){a}"),
                (Len::H, false) => format!("(unsigned short){a}"),
                _ => a.to_string(),
            };
            let base = match conv {
                b'o' => 8,
                b'x' | b'X' => 16,
                _ => 10,
            };
            let _ = writeln!(out, "    {{");
            if signed {
                let _ = writeln!(
                    out,
                    "        {st} __v = {value}; int __neg = __v < 0; {ut} __m = __neg ? ({ut})0 - ({ut})__v : ({ut})__v;"
                );
            } else {
                let _ = writeln!(out, "        int __neg = 0; {ut} __m = ({ut})({value});");
            }
            let digits = digit_count("__m", base, bits, sfx);
            if prec == 0 {
                let _ = writeln!(out, "        int __nd = __m != 0 ? {digits} : 0;");
            } else {
                let _ = writeln!(out, "        int __nd = {digits};");
            }
            let _ = writeln!(out, "        int __z = {prec} > __nd ? {prec} - __nd : 0;");
            if conv == b'o' && c.flags & HASH != 0 {
                let _ = writeln!(
                    out,
                    "        if (__z == 0 && !(__m == 0 && __nd == 1)) __z = 1;"
                );
            }
            let sign = if signed && c.flags & (PLUS | SPACE) != 0 {
                "1"
            } else {
                "__neg"
            };
            let pre = if base == 16 && c.flags & HASH != 0 {
                "(__m != 0 ? 2 : 0)"
            } else {
                "0"
            };
            let _ = writeln!(
                out,
                "        int __l = {sign} + {pre} + __z + __nd;\n        __n += __l < {width} ? {width} : __l;\n    }}"
            );
        }
    }
}

/// The C text of the function `name` that does `kind` with the format `pieces`.
fn generate(kind: Kind, pieces: &[Piece], name: &str, target: &Target) -> String {
    let mut params: Vec<String> = kind.prefix().iter().map(|s| s.to_string()).collect();
    let mut k = 0;
    for p in pieces {
        if let Piece::Conv(c) = p {
            k += 1;
            params.push(format!("{} __a{k}", param_type(c)));
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "int {name}({})\n{{",
        if params.is_empty() {
            "void".to_string()
        } else {
            params.join(", ")
        }
    );
    let writes = matches!(kind, Kind::Sprintf | Kind::Snprintf);
    match kind {
        Kind::Sprintf => out.push_str("    __size __cap = (__size)-1;\n"),
        Kind::Snprintf => out.push_str("    __size __cap = __lim > 0 ? __lim - 1 : 0;\n"),
        _ => {}
    }
    match kind {
        Kind::Fprintf => out.push_str("    (void)__stream;\n"),
        Kind::Dprintf => out.push_str("    (void)__fd;\n"),
        _ => {}
    }
    out.push_str("    int __n = 0;\n");
    let mut k = 0;
    for p in pieces {
        match p {
            Piece::Lit(bytes) if writes => {
                for b in bytes {
                    let _ = writeln!(
                        out,
                        "    if ((__size)__n < __cap) __o[__n] = (char){}; __n++;",
                        *b as i8
                    );
                }
            }
            Piece::Lit(bytes) => {
                let _ = writeln!(out, "    __n += {};", bytes.len());
            }
            Piece::Conv(c) => {
                k += 1;
                if writes {
                    conversion(c, &format!("__a{k}"), &mut out);
                } else {
                    count_conversion(c, &format!("__a{k}"), target, &mut out);
                }
            }
        }
    }
    match kind {
        Kind::Sprintf => out.push_str("    __o[__n] = 0;\n"),
        Kind::Snprintf => {
            out.push_str("    if (__lim > 0) __o[(__size)__n < __cap ? (__size)__n : __cap] = 0;\n")
        }
        _ => {}
    }
    out.push_str("    return __n;\n}\n");
    out
}

/// One directive of a scanf format.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Scan {
    /// White space: skips any amount of input white space.
    Space,
    /// An ordinary character (or `%%`, which skips white space first).
    Char(u8, bool),
    /// A conversion: `*` (suppressed), width (0: none), length, conversion.
    Conv(bool, u32, Len, u8),
}

/// The directives of a scanf format, or `None` outside the covered subset (`%d %u %x %X %s
/// %c %%` with `*`, a width and `hh h l ll`).
fn parse_scanf(f: &[u8]) -> Option<Vec<Scan>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < f.len() {
        let c = f[i];
        if c == b' ' || (b'\t'..=b'\r').contains(&c) {
            if out.last() != Some(&Scan::Space) {
                out.push(Scan::Space);
            }
            i += 1;
            continue;
        }
        if c != b'%' {
            out.push(Scan::Char(c, false));
            i += 1;
            continue;
        }
        i += 1;
        if f.get(i) == Some(&b'%') {
            out.push(Scan::Char(b'%', true));
            i += 1;
            continue;
        }
        let suppress = f.get(i) == Some(&b'*');
        if suppress {
            i += 1;
        }
        let width = number(f, &mut i)?;
        let len = match (f.get(i), f.get(i + 1)) {
            (Some(b'h'), Some(b'h')) => Len::Hh,
            (Some(b'h'), _) => Len::H,
            (Some(b'l'), Some(b'l')) => Len::Ll,
            (Some(b'l'), _) => Len::L,
            _ => Len::None,
        };
        i += match len {
            Len::None => 0,
            Len::Hh | Len::Ll => 2,
            _ => 1,
        };
        let conv = *f.get(i)?;
        i += 1;
        let ok = match conv {
            b'd' | b'u' | b'x' | b'X' => true,
            b's' | b'c' => len == Len::None,
            _ => false,
        };
        if !ok {
            return None;
        }
        out.push(Scan::Conv(suppress, width, len, conv));
    }
    Some(out)
}

/// The integer type (C name, bits, signed) a scanf integer conversion stores.
fn scan_int_type(len: Len, signed: bool, t: &Target) -> (&'static str, u16) {
    let (s, u, bits) = match len {
        Len::Hh => ("signed char", "unsigned char", t.char_bits),
        Len::H => ("short", "unsigned short", t.short_bits),
        Len::L => ("long", "unsigned long", t.long_bits),
        Len::Ll | Len::J | Len::Z => ("long long", "unsigned long long", t.long_long_bits),
        Len::None => ("int", "unsigned int", t.int_bits),
    };
    (if signed { s } else { u }, bits)
}

/// The C text of the function `name` that does `sscanf` with the format `dirs`.
fn generate_scanf(dirs: &[Scan], name: &str, target: &Target) -> String {
    let mut params = vec!["const char *__s".to_string()];
    let mut k = 0;
    for d in dirs {
        if let Scan::Conv(false, _, len, conv) = d {
            k += 1;
            let t = match conv {
                b's' | b'c' => "char",
                b'd' => scan_int_type(*len, true, target).0,
                _ => scan_int_type(*len, false, target).0,
            };
            params.push(format!("{t} *__a{k}"));
        }
    }
    let mut out = String::new();
    let _ = writeln!(out, "int {name}({})\n{{", params.join(", "));
    // __st: 0 going on, 1 matching failure, 2 input failure; __c: conversions done
    out.push_str("    int __i = 0, __r = 0, __c = 0, __st = 0;\n");
    let mut k = 0;
    let ub = "sscanf: a number outside the range of the converted type (undefined behaviour)";
    for d in dirs {
        match d {
            Scan::Space => out.push_str(
                "    if (__st == 0) while (__s[__i] == ' ' || (__s[__i] >= '\\t' && __s[__i] <= '\\r')) __i++;\n",
            ),
            Scan::Char(c, skip) => {
                if *skip {
                    out.push_str("    if (__st == 0) while (__s[__i] == ' ' || (__s[__i] >= '\\t' && __s[__i] <= '\\r')) __i++;\n");
                }
                let _ = writeln!(
                    out,
                    "    if (__st == 0) {{ if (__s[__i] == 0) __st = 2; else if (__s[__i] == (char){}) __i++; else __st = 1; }}",
                    *c as i8
                );
            }
            Scan::Conv(suppress, width, len, conv) => {
                let dest = if *suppress {
                    None
                } else {
                    k += 1;
                    Some(format!("__a{k}"))
                };
                let assigned = if dest.is_some() { " __r++;" } else { "" };
                match conv {
                    b's' | b'c' => {
                        let helper = if *conv == b's' {
                            "__schedmc_scan_s"
                        } else {
                            "__schedmc_scan_c"
                        };
                        let w = if *conv == b'c' && *width == 0 { 1 } else { *width };
                        let _ = writeln!(
                            out,
                            "    if (__st == 0) {{ int __k = {helper}(__s, &__i, {}, {w}); if (__k < 0) __st = 2; else if (__k == 0) __st = 1; else {{ __c++;{assigned} }} }}",
                            dest.as_deref().unwrap_or("(char *)0")
                        );
                    }
                    _ => {
                        let signed = *conv == b'd';
                        let base = if signed || *conv == b'u' { 10 } else { 16 };
                        let (t, bits) = scan_int_type(*len, signed, target);
                        let store = match &dest {
                            None => String::new(),
                            Some(a) if signed => {
                                let max = (1u128 << (bits - 1)) - 1;
                                format!(
                                    " if (__ovf || (__neg ? __m > {}ULL : __m > {max}ULL)) __schedmc_unsupported(\"{ub}\"); *{a} = __neg ? ({t})(0ULL - __m) : ({t})__m;",
                                    max + 1
                                )
                            }
                            Some(a) => {
                                let max = if bits >= 64 {
                                    u64::MAX as u128
                                } else {
                                    (1u128 << bits) - 1
                                };
                                format!(
                                    " if (__ovf || (__neg && __m != 0) || __m > {max}ULL) __schedmc_unsupported(\"{ub}\"); *{a} = ({t})__m;"
                                )
                            }
                        };
                        let _ = writeln!(
                            out,
                            "    if (__st == 0) {{ unsigned long long __m = 0; int __neg = 0, __ovf = 0; int __k = __schedmc_scan_int(__s, &__i, {base}, {width}, &__m, &__neg, &__ovf); if (__k < 0) __st = 2; else if (__k == 0) __st = 1; else {{{store} __c++;{assigned} }} }}"
                        );
                    }
                }
            }
        }
    }
    out.push_str("    return __st == 2 && __c == 0 ? -1 : __r;\n}\n");
    out
}

/// The names the program defines as functions or declares as objects at file scope: a
/// call of such a name is the program's own.
fn own_names(tu: &TranslationUnit) -> HashSet<String> {
    let mut s = HashSet::new();
    for item in &tu.items {
        match item {
            ExternalDecl::Function(fd) => {
                if let Some(n) = &fd.declarator.name {
                    s.insert(n.clone());
                }
            }
            ExternalDecl::Decl(d) => {
                for id in &d.declarators {
                    let func = matches!(
                        id.declarator.derived.first(),
                        Some(Derived::Function { .. })
                    );
                    if !func {
                        if let Some(n) = &id.declarator.name {
                            s.insert(n.clone());
                        }
                    }
                }
            }
        }
    }
    s
}

/// The specialisations found so far: (kind, pieces) → generated function name.
struct Specialiser<'t> {
    target: &'t Target,
    own: HashSet<String>,
    made: HashMap<(Kind, Vec<Piece>), String>,
    scans: HashMap<Vec<Scan>, String>,
    text: String,
}

impl Specialiser<'_> {
    /// `discarded`: the call is an expression statement (its value unused).
    fn call(&mut self, f: &mut Expr, args: &mut Vec<Expr>, discarded: bool) {
        let ExprKind::Ident(name) = &f.kind else {
            return;
        };
        if self.own.contains(name) {
            return;
        }
        let Some(kind) = Kind::of(name) else { return };
        // a count nobody reads: the unspecialised model (nondeterministic count) is exact
        // enough, and cheaper for every engine
        if discarded && matches!(kind, Kind::Printf | Kind::Fprintf | Kind::Dprintf) {
            return;
        }
        let fi = kind.prefix().len();
        let Some(ExprKind::StringLit(fmt)) = args.get(fi).map(|a| &a.kind) else {
            return;
        };
        if kind == Kind::Sscanf {
            let Some(dirs) = parse_scanf(fmt) else { return };
            let convs = dirs
                .iter()
                .filter(|d| matches!(d, Scan::Conv(false, ..)))
                .count();
            if args.len() != fi + 1 + convs {
                return;
            }
            let n = self.made.len() + self.scans.len();
            let target = self.target;
            let text = &mut self.text;
            let fname = self
                .scans
                .entry(dirs.clone())
                .or_insert_with(|| {
                    let fname = format!("__schedmc_fmt_{n}");
                    text.push_str(&generate_scanf(&dirs, &fname, target));
                    fname
                })
                .clone();
            f.kind = ExprKind::Ident(fname);
            args.remove(fi);
            return;
        }
        let Some(pieces) = parse_printf(fmt) else {
            return;
        };
        // `%p`'s text is not modelled, only a bound on its length (printf family)
        if matches!(kind, Kind::Sprintf | Kind::Snprintf)
            && pieces
                .iter()
                .any(|p| matches!(p, Piece::Conv(c) if c.conv == b'p'))
        {
            return;
        }
        let convs = pieces
            .iter()
            .filter(|p| matches!(p, Piece::Conv(_)))
            .count();
        if args.len() != fi + 1 + convs {
            return;
        }
        let n = self.made.len() + self.scans.len();
        let fname = self
            .made
            .entry((kind, pieces.clone()))
            .or_insert_with(|| {
                let fname = format!("__schedmc_fmt_{n}");
                self.text
                    .push_str(&generate(kind, &pieces, &fname, self.target));
                fname
            })
            .clone();
        f.kind = ExprKind::Ident(fname);
        args.remove(fi);
    }

    fn expr(&mut self, e: &mut Expr) {
        self.expr_in(e, false)
    }

    fn expr_in(&mut self, e: &mut Expr, discarded: bool) {
        match &mut e.kind {
            ExprKind::Call(f, args) => {
                self.expr(f);
                for a in args.iter_mut() {
                    self.expr(a);
                }
                self.call(f, args, discarded);
            }
            ExprKind::Unary(_, a)
            | ExprKind::Cast(_, a)
            | ExprKind::SizeofExpr(a)
            | ExprKind::IncDec { arg: a, .. }
            | ExprKind::Member { base: a, .. } => self.expr(a),
            ExprKind::Binary(_, a, b)
            | ExprKind::Assign(_, a, b)
            | ExprKind::Comma(a, b)
            | ExprKind::Index(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::Cond(a, b, c) => {
                self.expr(a);
                self.expr(b);
                self.expr(c);
            }
            ExprKind::CompoundLit(_, init) => self.init(init),
            ExprKind::StmtExpr(s) => self.stmt(s),
            ExprKind::Quantifier { body, .. } => self.expr(body),
            _ => {}
        }
    }

    fn init(&mut self, i: &mut Initializer) {
        match i {
            Initializer::Expr(e) => self.expr(e),
            Initializer::List(items, _) => {
                for (_, i) in items {
                    self.init(i);
                }
            }
        }
    }

    fn decl(&mut self, d: &mut Declaration) {
        for id in &mut d.declarators {
            if let Some(i) = &mut id.init {
                self.init(i);
            }
        }
    }

    fn item(&mut self, b: &mut BlockItem) {
        match b {
            BlockItem::Decl(d) => self.decl(d),
            BlockItem::Stmt(s) => self.stmt(s),
        }
    }

    fn stmt(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Compound(items) => {
                for b in items {
                    self.item(b);
                }
            }
            StmtKind::Expr(Some(e)) => self.expr_in(e, true),
            StmtKind::Return(Some(e)) => self.expr(e),
            StmtKind::If(c, a, b) => {
                self.expr(c);
                self.stmt(a);
                if let Some(b) = b {
                    self.stmt(b);
                }
            }
            StmtKind::While(c, b) | StmtKind::Switch(c, b) => {
                self.expr(c);
                self.stmt(b);
            }
            StmtKind::DoWhile(b, c) => {
                self.stmt(b);
                self.expr(c);
            }
            StmtKind::For(init, c, step, b) => {
                if let Some(i) = init {
                    self.item(i);
                }
                if let Some(c) = c {
                    self.expr(c);
                }
                if let Some(st) = step {
                    self.expr(st);
                }
                self.stmt(b);
            }
            StmtKind::Case(_, b)
            | StmtKind::CaseRange(_, _, b)
            | StmtKind::Default(b)
            | StmtKind::Labeled(_, b) => self.stmt(b),
            _ => {}
        }
    }
}

/// Replaces the covered printf-family calls of `tu` by calls of generated functions (see the
/// module doc) and puts those functions, with the helpers, before the program's items.
pub fn specialise(
    tu: &mut TranslationUnit,
    target: &Target,
    sources: &mut SourceMap,
) -> Result<(), Diag> {
    let mut sp = Specialiser {
        target,
        own: own_names(tu),
        made: HashMap::new(),
        scans: HashMap::new(),
        text: String::new(),
    };
    for item in &mut tu.items {
        match item {
            ExternalDecl::Function(fd) => sp.stmt(&mut fd.body),
            ExternalDecl::Decl(d) => sp.decl(d),
        }
    }
    if sp.made.is_empty() && sp.scans.is_empty() {
        return Ok(());
    }
    let text = format!("{HELPERS}\n{}", sp.text);
    let opts = preprocess::PpOptions {
        include_dirs: Vec::new(),
        defines: target.predefined_macros(),
        system_include_dir: None,
        fixed: Vec::new(),
        skip_headers: Vec::new(),
    };
    let name = "<schedmc>/libc/format.c";
    let pp = preprocess::preprocess_str(name, &text, &opts, sources)?;
    let main = sources.add(name, None, None);
    let toks = lex::lex(&pp.text, main, sources)?;
    let generated = parse::parse(&toks)?;
    let rest = std::mem::take(&mut tu.items);
    tu.items = generated.items;
    tu.items.extend(rest);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_outside_the_subset_are_not_specialised() {
        assert!(parse_printf(b"%f").is_none());
        assert!(parse_printf(b"%*d").is_none());
        assert!(parse_printf(b"%n").is_none());
        assert!(parse_printf(b"%#d").is_none());
        assert!(parse_printf(b"%05s").is_none());
        assert!(parse_printf(b"%ls").is_none());
        assert!(parse_printf(b"%zd").is_none());
        assert!(parse_printf(b"abc%").is_none());
        assert!(parse_printf(b"%99999d").is_none());
    }

    #[test]
    fn a_format_splits_into_text_and_conversions() {
        let p = parse_printf(b"x=%-08.3lld%%|%#X").unwrap();
        assert_eq!(p.len(), 4);
        assert_eq!(p[0], Piece::Lit(b"x=".to_vec()));
        assert_eq!(
            p[1],
            Piece::Conv(Conv {
                flags: MINUS | ZERO,
                width: 8,
                prec: Some(3),
                len: Len::Ll,
                conv: b'd'
            })
        );
        assert_eq!(p[2], Piece::Lit(b"%|".to_vec()));
        assert!(matches!(&p[3], Piece::Conv(c) if c.flags == HASH && c.conv == b'X'));
        assert_eq!(parse_printf(b"").unwrap(), vec![]);
    }

    #[test]
    fn scanf_formats() {
        let d = parse_scanf(b"%d, %*5s%%%hhx\n%c").unwrap();
        assert_eq!(
            d,
            vec![
                Scan::Conv(false, 0, Len::None, b'd'),
                Scan::Char(b',', false),
                Scan::Space,
                Scan::Conv(true, 5, Len::None, b's'),
                Scan::Char(b'%', true),
                Scan::Conv(false, 0, Len::Hh, b'x'),
                Scan::Space,
                Scan::Conv(false, 0, Len::None, b'c'),
            ]
        );
        assert!(parse_scanf(b"%i").is_none());
        assert!(parse_scanf(b"%[a-z]").is_none());
        assert!(parse_scanf(b"%ls").is_none());
        assert!(parse_scanf(b"%n").is_none());
    }

    #[test]
    fn digit_counts_compare_against_every_power_that_fits() {
        assert_eq!(
            digit_count("m", 16, 16, "U"),
            "1 + (m >= 16U) + (m >= 256U) + (m >= 4096U)"
        );
        assert_eq!(digit_count("m", 10, 64, "ULL").matches(">=").count(), 19);
    }

    fn specialised(src: &str) -> TranslationUnit {
        let mut sm = SourceMap::new();
        let l = crate::frontend::load_str(
            "t.c",
            src,
            &crate::frontend::FrontendOptions::default(),
            &mut sm,
        )
        .unwrap_or_else(|e| panic!("{}", e.render(&sm)));
        l.ast
    }

    fn has_function(tu: &TranslationUnit, name: &str) -> bool {
        tu.items.iter().any(
            |i| matches!(i, ExternalDecl::Function(f) if f.declarator.name.as_deref() == Some(name)),
        )
    }

    #[test]
    fn only_used_counts_and_written_text_are_specialised() {
        let tu = specialised(
            "int printf(const char *, ...); int main(void) { printf(\"%d\\n\", 1); return 0; }",
        );
        assert!(!has_function(&tu, "__schedmc_fmt_0"));
        let tu = specialised("int printf(const char *, ...); int main(void) { int r = printf(\"%d\\n\", 1); return r; }");
        assert!(has_function(&tu, "__schedmc_fmt_0"));
        // the program's own sprintf is called as written
        let tu = specialised("int sprintf(char *b, const char *f, int x) { return 0; } char b[4]; int main(void) { return sprintf(b, \"%d\", 1); }");
        assert!(!has_function(&tu, "__schedmc_fmt_0"));
        // an argument count that differs from the format's is left alone
        let tu = specialised("int sprintf(char *, const char *, ...); char b[4]; int main(void) { return sprintf(b, \"%d\"); }");
        assert!(!has_function(&tu, "__schedmc_fmt_0"));
    }
}
