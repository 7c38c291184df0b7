//! Target profiles (`targets/*.toml`): integer widths, char signedness, pointer size, alignment,
//! byte order.
//!
//! Five profiles are shipped and embedded in the binary (`ilp32`, the SV-COMP default, `lp64`,
//! `cortex-m4`, `avr`, and the big-endian `ppc32`); `--target` also accepts a path to a `.toml`
//! file with the same fields. `endianness` (`"little"` unless stated) orders the bytes of
//! objects that are accessed under more than one type and the bits of bit-fields (GCC allocates
//! them from the most significant bit on big-endian targets).
//! Alignment follows one rule: the natural alignment of a scalar (its size in bytes, rounded down
//! to a power of two) capped at `[align] max`, unless `[align]` names the type explicitly.

use crate::diag::{Diag, DiagKind};
use serde::Deserialize;

/// Per-type alignment overrides (bytes) and the cap of natural alignment.
#[derive(Clone, Debug, Deserialize, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct AlignSpec {
    /// Largest alignment any scalar gets by the natural rule.
    pub max: Option<u32>,
    pub short: Option<u32>,
    pub int: Option<u32>,
    pub long: Option<u32>,
    pub long_long: Option<u32>,
    pub pointer: Option<u32>,
    pub float: Option<u32>,
    pub double: Option<u32>,
    pub long_double: Option<u32>,
    pub bool: Option<u32>,
}

/// A data model: the widths (in bits) of the C scalar types and their alignment.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Target {
    pub name: String,
    pub description: String,
    pub char_bits: u16,
    pub char_signed: bool,
    pub short_bits: u16,
    pub int_bits: u16,
    pub long_bits: u16,
    pub long_long_bits: u16,
    pub pointer_bits: u16,
    /// Storage width of `_Bool` (8 unless stated).
    #[serde(default = "default_bool_bits")]
    pub bool_bits: u16,
    #[serde(default = "default_float_bits")]
    pub float_bits: u16,
    #[serde(default = "default_double_bits")]
    pub double_bits: u16,
    #[serde(default = "default_long_double_bits")]
    pub long_double_bits: u16,
    /// Byte order of multi-byte scalars in memory.
    #[serde(default)]
    pub endianness: Endianness,
    #[serde(default)]
    pub align: AlignSpec,
}

/// Byte order of a target.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum Endianness {
    #[default]
    Little,
    Big,
}

fn default_bool_bits() -> u16 {
    8
}
fn default_float_bits() -> u16 {
    32
}
fn default_double_bits() -> u16 {
    64
}
fn default_long_double_bits() -> u16 {
    96
}

const BUILTINS: &[(&str, &str)] = &[
    ("ilp32", include_str!("../targets/ilp32.toml")),
    ("lp64", include_str!("../targets/lp64.toml")),
    ("cortex-m4", include_str!("../targets/cortex-m4.toml")),
    ("avr", include_str!("../targets/avr.toml")),
    ("ppc32", include_str!("../targets/ppc32.toml")),
];

/// Which scalar an alignment question is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarKind {
    Bool,
    Char,
    Short,
    Int,
    Long,
    LongLong,
    Int128,
    Pointer,
    Float,
    Double,
    LongDouble,
}

impl Target {
    /// One of the shipped profiles by name.
    pub fn builtin(name: &str) -> Option<Target> {
        let (_, text) = BUILTINS.iter().find(|(n, _)| *n == name)?;
        toml::from_str(text).ok()
    }

    /// Names of the shipped profiles.
    pub fn builtin_names() -> Vec<&'static str> {
        BUILTINS.iter().map(|(n, _)| *n).collect()
    }

    /// True for a big-endian target.
    pub fn big_endian(&self) -> bool {
        self.endianness == Endianness::Big
    }

    /// The SV-COMP default profile.
    pub fn ilp32() -> Target {
        Target::builtin("ilp32").expect("embedded ilp32 profile parses")
    }

    /// A shipped profile name, or a path to a `.toml` profile.
    pub fn load(name_or_path: &str) -> Result<Target, Diag> {
        if let Some(t) = Target::builtin(name_or_path) {
            return Ok(t);
        }
        let path = std::path::Path::new(name_or_path);
        if !path.exists() {
            return Err(Diag::error(
                DiagKind::Io,
                None,
                format!(
                    "unknown target `{}` (built-in targets: {}; or give a path to a .toml profile)",
                    name_or_path,
                    Target::builtin_names().join(", ")
                ),
            ));
        }
        let text = std::fs::read_to_string(path).map_err(|e| {
            Diag::error(
                DiagKind::Io,
                None,
                format!("cannot read target profile {}: {}", name_or_path, e),
            )
        })?;
        Target::parse_toml(name_or_path, &text)
    }

    /// Parses a profile's TOML text; errors name the file, line and column.
    pub fn parse_toml(file_name: &str, text: &str) -> Result<Target, Diag> {
        let t: Target = toml::from_str(text).map_err(|e| {
            let (line, col) = match e.span() {
                Some(sp) => line_col(text, sp.start),
                None => (0, 0),
            };
            let msg = e.message().trim().to_string();
            Diag::error(
                DiagKind::Io,
                None,
                if line > 0 {
                    format!(
                        "{}:{}:{}: invalid target profile: {}",
                        file_name, line, col, msg
                    )
                } else {
                    format!("{}: invalid target profile: {}", file_name, msg)
                },
            )
        })?;
        t.validate(file_name)?;
        Ok(t)
    }

    fn validate(&self, file_name: &str) -> Result<(), Diag> {
        let bad = |what: &str| {
            Err(Diag::error(
                DiagKind::Io,
                None,
                format!("{}: invalid target profile: {}", file_name, what),
            ))
        };
        let ok_width = |b: u16| (8..=128).contains(&b) && b.is_multiple_of(8);
        for (n, b) in [
            ("char_bits", self.char_bits),
            ("short_bits", self.short_bits),
            ("int_bits", self.int_bits),
            ("long_bits", self.long_bits),
            ("long_long_bits", self.long_long_bits),
            ("pointer_bits", self.pointer_bits),
            ("bool_bits", self.bool_bits),
        ] {
            if !ok_width(b) {
                return bad(&format!(
                    "{} = {} (must be a multiple of 8 between 8 and 128)",
                    n, b
                ));
            }
        }
        if self.char_bits != 8 {
            return bad("char_bits must be 8");
        }
        if !(self.char_bits <= self.short_bits
            && self.short_bits <= self.int_bits
            && self.int_bits <= self.long_bits
            && self.long_bits <= self.long_long_bits)
        {
            return bad("widths must satisfy char <= short <= int <= long <= long long");
        }
        if self.int_bits < 16 || self.long_bits < 32 || self.long_long_bits < 64 {
            return bad("C requires int >= 16, long >= 32 and long long >= 64 bits");
        }
        Ok(())
    }

    /// Size in bytes of a scalar kind.
    pub fn scalar_bytes(&self, k: ScalarKind) -> u64 {
        let bits = match k {
            ScalarKind::Bool => self.bool_bits,
            ScalarKind::Char => self.char_bits,
            ScalarKind::Short => self.short_bits,
            ScalarKind::Int => self.int_bits,
            ScalarKind::Long => self.long_bits,
            ScalarKind::LongLong => self.long_long_bits,
            ScalarKind::Int128 => 128,
            ScalarKind::Pointer => self.pointer_bits,
            ScalarKind::Float => self.float_bits,
            ScalarKind::Double => self.double_bits,
            ScalarKind::LongDouble => self.long_double_bits,
        };
        (bits as u64).div_ceil(8)
    }

    /// Alignment in bytes of a scalar kind.
    pub fn scalar_align(&self, k: ScalarKind) -> u64 {
        let a = &self.align;
        let explicit = match k {
            ScalarKind::Bool => a.bool,
            ScalarKind::Char => Some(1),
            ScalarKind::Short => a.short,
            ScalarKind::Int => a.int,
            ScalarKind::Long => a.long,
            ScalarKind::LongLong => a.long_long,
            ScalarKind::Int128 => None,
            ScalarKind::Pointer => a.pointer,
            ScalarKind::Float => a.float,
            ScalarKind::Double => a.double,
            ScalarKind::LongDouble => a.long_double,
        };
        if let Some(x) = explicit {
            return (x as u64).max(1);
        }
        let size = self.scalar_bytes(k).max(1);
        let mut nat = 1u64;
        while nat * 2 <= size {
            nat *= 2;
        }
        match a.max {
            Some(m) => nat.min((m as u64).max(1)),
            None => nat,
        }
    }

    /// Macros the preprocessor predefines for this target.
    pub fn predefined_macros(&self) -> Vec<(String, Option<String>)> {
        let mut v: Vec<(String, Option<String>)> = Vec::new();
        let mut def = |n: &str, val: String| v.push((n.to_string(), Some(val)));
        let bytes = |b: u16| (b / 8).to_string();
        def("__CHAR_BIT__", self.char_bits.to_string());
        def("__SIZEOF_SHORT__", bytes(self.short_bits));
        def("__SIZEOF_INT__", bytes(self.int_bits));
        def("__SIZEOF_LONG__", bytes(self.long_bits));
        def("__SIZEOF_LONG_LONG__", bytes(self.long_long_bits));
        def("__SIZEOF_POINTER__", bytes(self.pointer_bits));
        def("__SIZEOF_SIZE_T__", bytes(self.pointer_bits));
        def("__SIZEOF_FLOAT__", bytes(self.float_bits));
        def("__SIZEOF_DOUBLE__", bytes(self.double_bits));
        def("__SIZEOF_LONG_DOUBLE__", bytes(self.long_double_bits));
        let max = |b: u16| ((1u128 << (b - 1)) - 1).to_string();
        def("__SCHAR_MAX__", max(self.char_bits));
        def("__SHRT_MAX__", max(self.short_bits));
        def("__INT_MAX__", max(self.int_bits));
        def("__LONG_MAX__", format!("{}L", max(self.long_bits)));
        def(
            "__LONG_LONG_MAX__",
            format!("{}LL", max(self.long_long_bits)),
        );
        if !self.char_signed {
            def("__CHAR_UNSIGNED__", "1".into());
        }
        def("__ORDER_LITTLE_ENDIAN__", "1234".into());
        def("__ORDER_BIG_ENDIAN__", "4321".into());
        def(
            "__BYTE_ORDER__",
            if self.big_endian() {
                "__ORDER_BIG_ENDIAN__"
            } else {
                "__ORDER_LITTLE_ENDIAN__"
            }
            .into(),
        );
        if self.int_bits == 32 && self.long_bits == 32 && self.pointer_bits == 32 {
            def("__ILP32__", "1".into());
            def("_ILP32", "1".into());
        }
        if self.long_bits == 64 && self.pointer_bits == 64 {
            def("__LP64__", "1".into());
            def("_LP64", "1".into());
        }
        v
    }
}

impl Default for Target {
    fn default() -> Self {
        Target::ilp32()
    }
}

/// 1-based line and column of a byte offset.
fn line_col(text: &str, offset: usize) -> (u32, u32) {
    let mut line = 1u32;
    let mut col = 1u32;
    for (i, ch) in text.char_indices() {
        if i >= offset {
            break;
        }
        if ch == '\n' {
            line += 1;
            col = 1;
        } else {
            col += 1;
        }
    }
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_parse() {
        for n in Target::builtin_names() {
            let t = Target::builtin(n).unwrap_or_else(|| panic!("{n} parses"));
            assert_eq!(t.name, n);
        }
        assert_eq!(Target::default(), Target::ilp32());
    }

    #[test]
    fn widths_and_alignment() {
        let i = Target::ilp32();
        assert_eq!((i.int_bits, i.long_bits, i.pointer_bits), (32, 32, 32));
        assert!(i.char_signed);
        assert_eq!(i.scalar_align(ScalarKind::LongLong), 4);
        assert_eq!(i.scalar_align(ScalarKind::Short), 2);
        let l = Target::builtin("lp64").unwrap();
        assert_eq!((l.long_bits, l.pointer_bits), (64, 64));
        assert_eq!(l.scalar_align(ScalarKind::Long), 8);
        let c = Target::builtin("cortex-m4").unwrap();
        assert!(!c.char_signed);
        assert_eq!(c.scalar_align(ScalarKind::LongLong), 8);
        let a = Target::builtin("avr").unwrap();
        assert_eq!((a.int_bits, a.long_bits, a.pointer_bits), (16, 32, 16));
        assert_eq!(a.scalar_align(ScalarKind::Long), 1);
        assert_eq!(a.scalar_bytes(ScalarKind::Pointer), 2);
        let p = Target::builtin("ppc32").unwrap();
        assert!(p.big_endian() && !p.char_signed);
        assert!(!i.big_endian() && !c.big_endian());
        assert_eq!(p.scalar_align(ScalarKind::LongLong), 8);
    }

    #[test]
    fn macros() {
        let m = Target::builtin("cortex-m4").unwrap().predefined_macros();
        let get = |n: &str| m.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone());
        assert_eq!(get("__CHAR_UNSIGNED__"), Some(Some("1".into())));
        assert_eq!(get("__SIZEOF_INT__"), Some(Some("4".into())));
        assert!(get("__ILP32__").is_some());
        assert!(get("__LP64__").is_none());
        let m = Target::ilp32().predefined_macros();
        assert!(!m.iter().any(|(k, _)| k == "__CHAR_UNSIGNED__"));
        let m = Target::builtin("lp64").unwrap().predefined_macros();
        assert!(m.iter().any(|(k, _)| k == "__LP64__"));
        let m = Target::builtin("avr").unwrap().predefined_macros();
        assert!(m
            .iter()
            .any(|(k, v)| k == "__SIZEOF_POINTER__" && v.as_deref() == Some("2")));
    }

    #[test]
    fn malformed_profile_reports_line() {
        let text = "name = \"x\"\ndescription = \"d\"\nchar_bits = \"eight\"\n";
        let e = Target::parse_toml("bad.toml", text).unwrap_err();
        assert!(e.message.contains("bad.toml:3:"), "{}", e.message);
        let text = "name = \"x\"\ndescription = \"d\"\nchar_bits = 8\nchar_signed = true\nshort_bits = 16\nint_bits = 32\nlong_bits = 32\nlong_long_bits = 64\npointer_bits = 32\nwat = 1\n";
        let e = Target::parse_toml("bad.toml", text).unwrap_err();
        assert!(e.message.contains("bad.toml:10:"), "{}", e.message);
        assert!(e.message.contains("wat"), "{}", e.message);
        assert!(Target::load("/nonexistent/x.toml").is_err());
    }

    #[test]
    fn load_from_file() {
        let dir = std::env::temp_dir().join(format!("schedmc-target-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("t.toml");
        let text = include_str!("../targets/avr.toml").replace("\"avr\"", "\"myavr\"");
        std::fs::write(&p, text).unwrap();
        let t = Target::load(p.to_str().unwrap()).unwrap();
        assert_eq!(t.name, "myavr");
        assert_eq!(t.int_bits, 16);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
