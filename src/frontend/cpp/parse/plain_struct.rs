//! Plain structs of the SystemC C++ subset (value types, not modules): the check of what a
//! plain struct may contain, and the skipping of the stream output / `sc_trace` definitions
//! SystemC asks of a signal's payload type.

use super::*;

impl Parser {
    /// A plain struct (`struct pkt { sc_int<8> data; bool flag; bool operator==(...) const
    /// {...} };`): a value type whose data members are values (scalars, `sc_int<N>`, other
    /// plain structs, arrays of them; single `sc_event`s), with constructors (member initialisers of its scalar
    /// members, a body) and member functions (non-virtual, statically dispatched; defined in
    /// the class or out of it as `T::f`); of the operators only `operator==` (what
    /// `sc_signal<T>` needs of `T`). Anything else in it is unsupported at its location.
    pub(super) fn check_plain_struct(&self, mi: usize) -> R<()> {
        let m = &self.prog.modules[mi];
        for d in &m.members {
            // an sc_event member (a class such as a mailbox notifying its users): not an
            // array; the struct is then not copyable, as in C++ (sc_event is not)
            let event = matches!(d.ty, Type::Event) && d.dims.is_empty();
            if !(d.ty.is_value() || event) || d.is_static || d.by_ref || matches!(d.ty, Type::Time)
            {
                return Err(Diag::unsupported(
                    Some(d.loc),
                    "a member of a plain struct that is not an integer, bool, sc_int/sc_uint, sc_event or plain struct",
                ));
            }
            if d.init.is_some() {
                return Err(Diag::unsupported(
                    Some(d.loc),
                    "an in-class initialiser in a plain struct",
                ));
            }
        }
        for (k, c) in m.ctors.iter().enumerate() {
            if m.ctors[..k]
                .iter()
                .any(|o| o.params.len() == c.params.len())
            {
                return Err(Diag::unsupported(
                    Some(c.loc),
                    "two constructors of a plain struct with the same number of parameters",
                ));
            }
            for (name, _, loc) in &c.inits {
                match m.members.iter().find(|d| &d.name == name) {
                    Some(d) if d.dims.is_empty() && !matches!(d.ty, Type::Struct(_)) => {}
                    Some(_) => {
                        return Err(Diag::unsupported(
                            Some(*loc),
                            "a member initialiser of a struct or array member of a plain struct",
                        ))
                    }
                    None => return Err(syntax(*loc, format!("no member `{name}` to initialise"))),
                }
            }
        }
        for f in &m.methods {
            if f.name == "operator==" {
                if f.params.len() != 1 || f.params[0].ty != Type::Struct(mi) || f.body.is_none() {
                    return Err(Diag::unsupported(
                        Some(f.loc),
                        "an `operator==` of a plain struct other than `bool operator==(const T &) const`",
                    ));
                }
            } else if f.name.starts_with("operator") {
                return Err(Diag::unsupported(
                    Some(f.loc),
                    format!("`{}` of a plain struct (only `operator==`)", f.name),
                ));
            }
        }
        Ok(())
    }

    /// At a top-level item: `[inline] [std::]ostream &operator<<(...) { ... }`, the stream
    /// output of a user type, or a definition of `sc_trace(...)` for one (SystemC asks both
    /// of a signal's payload type). Output and trace files are not modelled: the definition
    /// is skipped (a call of `sc_trace` stays unsupported). True when skipped.
    pub(super) fn skip_output_definition(&mut self) -> R<bool> {
        let mut k = 0;
        if matches!(self.peek_at(0), TokenKind::Keyword(Keyword::Inline)) {
            k += 1;
        }
        let is_stream = {
            let mut j = k;
            if self.ident_at(j) == Some("std") && self.is_punct_at(j + 1, Punct::Colon) {
                j += 3;
            }
            self.ident_at(j) == Some("ostream")
                && self.is_punct_at(j + 1, Punct::Amp)
                && self.ident_at(j + 2) == Some("operator")
                && self.is_punct_at(j + 3, Punct::Shl)
        };
        let is_trace = matches!(self.peek_at(k), TokenKind::Keyword(Keyword::Void))
            && self.ident_at(k + 1) == Some("sc_trace")
            && self.is_punct_at(k + 2, Punct::LParen);
        if !is_stream && !is_trace {
            return Ok(false);
        }
        while !self.is_punct(Punct::LBrace) {
            if matches!(self.peek(), TokenKind::Eof) || self.is_punct(Punct::Semi) {
                return Err(syntax(self.loc(), "expected the function body"));
            }
            self.bump();
        }
        let mut depth = 0usize;
        loop {
            match self.peek() {
                TokenKind::Eof => return Err(syntax(self.loc(), "expected `}`")),
                TokenKind::Punct(Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RBrace) => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        return Ok(true);
                    }
                }
                _ => {}
            }
            self.bump();
        }
    }
}
