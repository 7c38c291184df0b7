//! Types of the SystemC C++ subset: whether the tokens at the cursor start a type, types
//! named by one identifier (C scalars, SystemC classes, typedefs, enums, modules and plain
//! structs), declaration specifiers, and the template arguments of SystemC templates
//! (`sc_signal<sc_uint<4> >`, splitting `>>`; ports of the standard interfaces as the port
//! types they behave as).

use super::*;

impl Parser {
    /// True when the tokens at the cursor start a type.
    pub(super) fn is_type_start(&self) -> bool {
        let mut i = 0;
        loop {
            match self.peek_at(i) {
                TokenKind::Keyword(k) => {
                    return matches!(
                        k,
                        Keyword::Int
                            | Keyword::Char
                            | Keyword::Short
                            | Keyword::Long
                            | Keyword::Unsigned
                            | Keyword::Signed
                            | Keyword::Void
                            | Keyword::Bool
                            | Keyword::Const
                            | Keyword::Static
                            | Keyword::Volatile
                            | Keyword::Float
                            | Keyword::Double
                            | Keyword::Inline
                            | Keyword::Register
                    )
                }
                TokenKind::Ident(s) => {
                    if matches!(s.as_str(), "sc_core" | "std" | "sc_dt")
                        && self.is_punct_at(i + 1, Punct::Colon)
                        && self.is_punct_at(i + 2, Punct::Colon)
                    {
                        i += 3;
                        continue;
                    }
                    return self.named_type(s).is_some()
                        && !self.is_punct_at(i + 1, Punct::Colon)
                        && !(self.is_punct_at(i + 1, Punct::LParen)
                            && self.module_index(s).is_none()
                            && !s.starts_with("sc_"));
                }
                _ => return false,
            }
        }
    }

    /// A type named by one identifier (without template arguments): Some(None) when it takes
    /// template arguments.
    pub(super) fn named_type(&self, s: &str) -> Option<Option<Type>> {
        let sc = |t: &str| Some(Some(Type::Scalar(t.to_string())));
        match s {
            "bool" => sc("_Bool"),
            "int8_t" => sc("signed char"),
            "uint8_t" => sc("unsigned char"),
            "int16_t" => sc("short"),
            "uint16_t" => sc("unsigned short"),
            "int32_t" => sc("int"),
            "uint32_t" => sc("unsigned int"),
            "int64_t" => sc("long long"),
            "uint64_t" | "uint64" => sc("unsigned long long"),
            "int64" => sc("long long"),
            "size_t" => sc("unsigned long"),
            // <cstddef>, <sys/types.h>, <ctime> (as include/stddef.h, sys/types.h, time.h)
            "ptrdiff_t" | "ssize_t" | "off_t" | "time_t" | "clock_t" => sc("long"),
            "pid_t" => sc("int"),
            "uid_t" | "gid_t" | "mode_t" => sc("unsigned int"),
            "useconds_t" => sc("unsigned long"),
            "sc_module_name" => sc("sc_module_name"),
            "sc_event" => Some(Some(Type::Event)),
            "sc_time" => Some(Some(Type::Time)),
            "sc_clock" => Some(Some(Type::Clock)),
            "sc_mutex" => Some(Some(Type::Mutex)),
            "sc_semaphore" => Some(Some(Type::Semaphore)),
            "sc_in_clk" => Some(Some(Type::In(Box::new(Type::Scalar("_Bool".into()))))),
            "sc_out_clk" => Some(Some(Type::Out(Box::new(Type::Scalar("_Bool".into()))))),
            "sc_signal" | "sc_in" | "sc_out" | "sc_inout" | "sc_fifo" | "sc_fifo_in"
            | "sc_fifo_out" | "sc_uint" | "sc_int" | "sc_biguint" | "sc_bigint" | "sc_vector"
            | "sc_port" | "sc_export" => Some(None),
            _ => {
                if let Some(mi) = self.module_index(s) {
                    if self.prog.modules[mi].plain {
                        return Some(Some(Type::Struct(mi)));
                    }
                    return Some(Some(Type::Module(mi)));
                }
                if let Some((_, t)) = self.typedefs.iter().rev().find(|(n, _)| n == s) {
                    return Some(Some(t.clone()));
                }
                if self.prog.enum_types.iter().any(|n| n == s) {
                    return sc("int");
                }
                None
            }
        }
    }

    /// Declaration specifiers: (type, const, static). Pointers/references are declarator parts.
    pub(super) fn decl_specs(&mut self) -> R<(Type, bool, bool)> {
        let mut is_const = false;
        let mut is_static = false;
        let mut words: Vec<&'static str> = Vec::new();
        let mut ty: Option<Type> = None;
        let loc = self.loc();
        loop {
            match self.peek().clone() {
                TokenKind::Keyword(k) => {
                    let w = match k {
                        Keyword::Const => {
                            is_const = true;
                            self.bump();
                            continue;
                        }
                        Keyword::Static => {
                            is_static = true;
                            self.bump();
                            continue;
                        }
                        Keyword::Volatile | Keyword::Inline | Keyword::Register => {
                            self.bump();
                            continue;
                        }
                        Keyword::Int => "int",
                        Keyword::Char => "char",
                        Keyword::Short => "short",
                        Keyword::Long => "long",
                        Keyword::Unsigned => "unsigned",
                        Keyword::Signed => "signed",
                        Keyword::Void => "void",
                        Keyword::Bool => "_Bool",
                        Keyword::Float => "float",
                        Keyword::Double => "double",
                        Keyword::Extern => {
                            return Err(Diag::unsupported(Some(self.loc()), "extern declaration"))
                        }
                        _ => break,
                    };
                    if ty.is_some() {
                        return Err(syntax(self.loc(), "two types in one declaration"));
                    }
                    words.push(w);
                    self.bump();
                }
                TokenKind::Ident(s) if words.is_empty() && ty.is_none() => {
                    if s == "auto" {
                        return Err(Diag::unsupported(Some(self.loc()), "`auto` type"));
                    }
                    let save = self.pos;
                    self.skip_ns_prefix();
                    let s = match self.ident() {
                        Some(s) => s.to_string(),
                        None => {
                            self.pos = save;
                            break;
                        }
                    };
                    match self.named_type(&s) {
                        Some(Some(t)) => {
                            self.bump();
                            ty = Some(t);
                        }
                        Some(None) => {
                            let l = self.loc();
                            self.bump();
                            ty = Some(self.template_type(&s, l)?);
                        }
                        None => {
                            self.check_word(&s, self.loc())?;
                            self.pos = save;
                            break;
                        }
                    }
                }
                _ => break,
            }
        }
        if let Some(t) = ty {
            return Ok((t, is_const, is_static));
        }
        if words.is_empty() {
            // `T x`, `T *x`, `T &x` with a type `T` the subset does not know (`FILE`,
            // `sc_actions`, a class from a library header): C++ outside the subset
            if let TokenKind::Ident(t) = self.peek() {
                let decl = |n: usize| matches!(self.peek_at(n), TokenKind::Ident(_));
                if decl(1)
                    || ((self.is_punct_at(1, Punct::Star) || self.is_punct_at(1, Punct::Amp))
                        && decl(2))
                {
                    return Err(Diag::unsupported(
                        Some(loc),
                        format!("type `{t}` (not in the SystemC subset)"),
                    ));
                }
            }
            return Err(syntax(
                loc,
                format!("expected a type, found {}", self.found()),
            ));
        }
        if words == ["void"] {
            return Ok((Type::Void, is_const, is_static));
        }
        if words.len() > 1 && words.iter().any(|w| matches!(*w, "float" | "double")) {
            // `long double` (and nonsense such as `unsigned double`)
            return Err(Diag::unsupported(
                Some(loc),
                format!("type `{}` in a SystemC model", words.join(" ")),
            ));
        }
        Ok((Type::Scalar(c_scalar(&words)), is_const, is_static))
    }

    /// `name<args>` of a SystemC template (the name is consumed).
    pub(super) fn template_type(&mut self, name: &str, loc: Loc) -> R<Type> {
        if !self.eat(Punct::Lt) {
            return Err(syntax(self.loc(), format!("expected `<` after `{name}`")));
        }
        let t = match name {
            "sc_uint" | "sc_int" | "sc_biguint" | "sc_bigint" => {
                let bits = match self.peek().clone() {
                    TokenKind::IntLit { value, .. } => {
                        self.bump();
                        value
                    }
                    _ => {
                        return Err(Diag::unsupported(
                            Some(self.loc()),
                            "a bit width that is not an integer literal",
                        ))
                    }
                };
                if bits == 0 || bits > 64 {
                    return Err(Diag::unsupported(Some(loc), format!("{name}<{bits}>")));
                }
                Type::ScInt {
                    bits: bits as u32,
                    signed: name == "sc_int" || name == "sc_bigint",
                }
            }
            "sc_vector" => {
                let (inner, _, _) = self.decl_specs()?;
                if !((inner.is_port() && !matches!(inner, Type::IfPort(_)))
                    || matches!(
                        inner,
                        Type::Signal(_) | Type::Fifo(_) | Type::Event | Type::Module(_)
                    ))
                {
                    return Err(Diag::unsupported(
                        Some(loc),
                        "sc_vector of something else than ports, signals, FIFOs, events or modules",
                    ));
                }
                Type::Vector(Box::new(inner))
            }
            "sc_port" | "sc_export" => {
                self.skip_ns_prefix();
                let (i, iloc) = self.expect_ident("naming the port's interface")?;
                let t = match self.interface_index(&i) {
                    Some(ii) => Type::IfPort(ii),
                    None => match std_interface_port(&i) {
                        Some(k) => {
                            if !self.eat(Punct::Lt) {
                                return Err(syntax(self.loc(), format!("expected `<` after `{i}`")));
                            }
                            let (inner, _, _) = self.decl_specs()?;
                            if !inner.is_value() {
                                return Err(Diag::unsupported(
                                    Some(iloc),
                                    format!("{i} of a non-integer type"),
                                ));
                            }
                            self.expect_gt()?;
                            k(Box::new(inner))
                        }
                        None => {
                            return Err(Diag::unsupported(
                                Some(iloc),
                                format!("{name} of `{i}` (only of user interfaces and the signal and FIFO interfaces)"),
                            ))
                        }
                    },
                };
                if name == "sc_export" {
                    Type::Export(Box::new(t))
                } else {
                    t
                }
            }
            _ => {
                let (inner, _, _) = self.decl_specs()?;
                if !inner.is_value() {
                    return Err(Diag::unsupported(
                        Some(loc),
                        format!("{name} of a non-integer type"),
                    ));
                }
                let b = Box::new(inner);
                match name {
                    "sc_signal" => Type::Signal(b),
                    "sc_in" => Type::In(b),
                    "sc_out" => Type::Out(b),
                    "sc_inout" => Type::InOut(b),
                    "sc_fifo" => Type::Fifo(b),
                    "sc_fifo_in" => Type::FifoIn(b),
                    _ => Type::FifoOut(b),
                }
            }
        };
        if self.eat(Punct::Comma) {
            return Err(Diag::unsupported(
                Some(self.loc()),
                format!("a second template argument of {name}"),
            ));
        }
        self.expect_gt()?;
        Ok(t)
    }
}

/// The port type a port or export of a standard interface behaves as
/// (`sc_port<sc_signal_in_if<T>>` is an `sc_in<T>`, IEEE 1666 6.8-6.10, 6.25-6.27).
fn std_interface_port(name: &str) -> Option<fn(Box<Type>) -> Type> {
    Some(match name {
        "sc_signal_in_if" => Type::In,
        "sc_signal_inout_if" => Type::InOut,
        "sc_signal_write_if" => Type::Out,
        "sc_fifo_in_if" => Type::FifoIn,
        "sc_fifo_out_if" => Type::FifoOut,
        _ => return None,
    })
}

/// The C spelling of a list of C type keywords (`unsigned long` → `unsigned long`).
fn c_scalar(words: &[&str]) -> String {
    let mut w: Vec<&str> = words.to_vec();
    if w.len() > 1 {
        w.retain(|x| *x != "int");
    }
    match w.as_slice() {
        ["unsigned"] => "unsigned int".into(),
        ["signed"] => "int".into(),
        _ => {
            let s = w.join(" ");
            if s.is_empty() {
                "int".into()
            } else {
                s
            }
        }
    }
}
