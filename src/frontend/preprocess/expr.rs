//! `#if` / `#elif` constant expressions over macro-expanded tokens (intmax_t / uintmax_t
//! semantics with i64 / u64, character constants; `defined` is resolved during expansion).

use crate::diag::{Diag, DiagKind, Loc};

use super::lexer::{Tok, TK};

/// A value: its bits and whether it is unsigned (uintmax_t) or signed (intmax_t).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct V {
    pub v: u64,
    pub u: bool,
}

impl V {
    fn s(v: i64) -> V {
        V {
            v: v as u64,
            u: false,
        }
    }
    fn truth(b: bool) -> V {
        V::s(b as i64)
    }
}

const MAX_DEPTH: u32 = 200;

fn err(loc: Loc, msg: impl Into<String>) -> Diag {
    Diag::error(DiagKind::Preprocess, Some(loc), msg)
}

/// Evaluates the tokens of a `#if` after macro expansion. `dir_loc` locates the directive.
pub(crate) fn eval(toks: &[Tok], dir_loc: Loc, char_unsigned: bool) -> Result<bool, Diag> {
    let toks: Vec<&Tok> = toks.iter().filter(|t| t.kind != TK::Placemarker).collect();
    if toks.is_empty() {
        return Err(err(dir_loc, "#if with no expression"));
    }
    let mut p = P {
        t: &toks,
        i: 0,
        end_loc: toks.last().map(|t| t.loc).unwrap_or(dir_loc),
        cu: char_unsigned,
        depth: 0,
    };
    let v = p.comma(true)?;
    if let Some(t) = p.t.get(p.i) {
        return Err(err(
            t.loc,
            format!("missing binary operator before token \"{}\"", t.text),
        ));
    }
    Ok(v.v != 0)
}

struct P<'a> {
    t: &'a [&'a Tok],
    i: usize,
    end_loc: Loc,
    cu: bool,
    depth: u32,
}

fn binop_prec(t: &Tok) -> Option<u8> {
    if t.kind != TK::Punct {
        return None;
    }
    Some(match &*t.text {
        "||" => 1,
        "&&" => 2,
        "|" => 3,
        "^" => 4,
        "&" => 5,
        "==" | "!=" => 6,
        "<" | ">" | "<=" | ">=" => 7,
        "<<" | ">>" => 8,
        "+" | "-" => 9,
        "*" | "/" | "%" => 10,
        _ => return None,
    })
}

impl<'a> P<'a> {
    fn peek(&self) -> Option<&'a Tok> {
        self.t.get(self.i).copied()
    }

    fn peek_punct(&self, p: &str) -> bool {
        self.peek().is_some_and(|t| t.is_punct(p))
    }

    fn comma(&mut self, ev: bool) -> Result<V, Diag> {
        let mut v = self.cond(ev)?;
        while self.peek_punct(",") {
            self.i += 1;
            v = self.cond(ev)?;
        }
        Ok(v)
    }

    fn cond(&mut self, ev: bool) -> Result<V, Diag> {
        let c = self.binary(1, ev)?;
        if !self.peek_punct("?") {
            return Ok(c);
        }
        let q = self.t[self.i];
        self.i += 1;
        let taken = c.v != 0;
        let a = self.comma(ev && taken)?;
        if !self.peek_punct(":") {
            return Err(err(q.loc, "'?' without following ':'"));
        }
        self.i += 1;
        let b = self.cond(ev && !taken)?;
        let u = a.u || b.u;
        Ok(V {
            v: if taken { a.v } else { b.v },
            u,
        })
    }

    fn binary(&mut self, min: u8, ev: bool) -> Result<V, Diag> {
        let mut lhs = self.unary(ev)?;
        while let Some(op) = self.peek() {
            let Some(prec) = binop_prec(op) else { break };
            if prec < min {
                break;
            }
            self.i += 1;
            match &*op.text {
                "||" => {
                    let rhs = self.binary(prec + 1, ev && lhs.v == 0)?;
                    lhs = V::truth(lhs.v != 0 || rhs.v != 0);
                }
                "&&" => {
                    let rhs = self.binary(prec + 1, ev && lhs.v != 0)?;
                    lhs = V::truth(lhs.v != 0 && rhs.v != 0);
                }
                o => {
                    let rhs = self.binary(prec + 1, ev)?;
                    lhs = apply(o, lhs, rhs, ev, op.loc)?;
                }
            }
        }
        Ok(lhs)
    }

    fn unary(&mut self, ev: bool) -> Result<V, Diag> {
        let Some(t) = self.peek() else {
            return Err(err(self.end_loc, "missing operand in #if expression"));
        };
        if t.kind == TK::Punct && matches!(&*t.text, "+" | "-" | "~" | "!") {
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                return Err(err(t.loc, "#if expression nested too deeply"));
            }
            self.i += 1;
            let v = self.unary(ev)?;
            self.depth -= 1;
            return Ok(match &*t.text {
                "+" => v,
                "-" => V {
                    v: v.v.wrapping_neg(),
                    u: v.u,
                },
                "~" => V { v: !v.v, u: v.u },
                _ => V::truth(v.v == 0),
            });
        }
        self.primary(ev)
    }

    fn primary(&mut self, ev: bool) -> Result<V, Diag> {
        let Some(t) = self.peek() else {
            return Err(err(self.end_loc, "missing operand in #if expression"));
        };
        self.i += 1;
        match t.kind {
            TK::Num => parse_number(&t.text).map_err(|m| err(t.loc, m)),
            TK::Char => parse_char(&t.text, self.cu).map_err(|m| err(t.loc, m)),
            // identifiers left after expansion (including keywords) are 0
            TK::Ident => Ok(V::s(0)),
            TK::Punct if &*t.text == "(" => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(err(t.loc, "#if expression nested too deeply"));
                }
                let v = self.comma(ev)?;
                self.depth -= 1;
                if !self.peek_punct(")") {
                    let loc = self.peek().map(|x| x.loc).unwrap_or(t.loc);
                    return Err(err(loc, "missing ')' in #if expression"));
                }
                self.i += 1;
                Ok(v)
            }
            TK::Bad => Err(err(
                t.loc,
                format!(
                    "missing terminating {} character",
                    t.text
                        .chars()
                        .find(|c| *c == '"' || *c == '\'')
                        .unwrap_or('"')
                ),
            )),
            TK::Str => Err(err(
                t.loc,
                format!("string literal {} is not valid in #if expressions", t.text),
            )),
            _ => Err(err(
                t.loc,
                format!("token \"{}\" is not valid in #if expressions", t.text),
            )),
        }
    }
}

fn apply(op: &str, a: V, b: V, ev: bool, loc: Loc) -> Result<V, Diag> {
    let u = a.u || b.u;
    let (sa, sb) = (a.v as i64, b.v as i64);
    Ok(match op {
        "*" => V {
            v: a.v.wrapping_mul(b.v),
            u,
        },
        "/" | "%" => {
            if b.v == 0 {
                if ev {
                    return Err(err(loc, "division by zero in #if"));
                }
                V { v: 0, u }
            } else if u {
                V {
                    v: if op == "/" { a.v / b.v } else { a.v % b.v },
                    u,
                }
            } else {
                V::s(if op == "/" {
                    sa.wrapping_div(sb)
                } else {
                    sa.wrapping_rem(sb)
                })
            }
        }
        "+" => V {
            v: a.v.wrapping_add(b.v),
            u,
        },
        "-" => V {
            v: a.v.wrapping_sub(b.v),
            u,
        },
        "<<" | ">>" => {
            // the result has the type of the left operand; a negative count shifts the other way
            let (mut left, n) = if !b.u && sb < 0 {
                (op == ">>", sb.unsigned_abs())
            } else {
                (op == "<<", b.v)
            };
            if n == 0 {
                left = true;
            }
            let v = if left {
                if n >= 64 {
                    0
                } else {
                    a.v << n
                }
            } else if a.u {
                if n >= 64 {
                    0
                } else {
                    a.v >> n
                }
            } else if n >= 64 {
                if sa < 0 {
                    u64::MAX
                } else {
                    0
                }
            } else {
                (sa >> n) as u64
            };
            V { v, u: a.u }
        }
        "<" | ">" | "<=" | ">=" => {
            let ord = if u { a.v.cmp(&b.v) } else { sa.cmp(&sb) };
            use std::cmp::Ordering::*;
            V::truth(match op {
                "<" => ord == Less,
                ">" => ord == Greater,
                "<=" => ord != Greater,
                _ => ord != Less,
            })
        }
        "==" => V::truth(a.v == b.v),
        "!=" => V::truth(a.v != b.v),
        "&" => V { v: a.v & b.v, u },
        "^" => V { v: a.v ^ b.v, u },
        "|" => V { v: a.v | b.v, u },
        _ => return Err(err(loc, format!("invalid operator \"{op}\" in #if"))),
    })
}

/// Value of an integer constant (pp-number) in `#if`.
pub(crate) fn parse_number(text: &str) -> Result<V, String> {
    let lower = text.to_ascii_lowercase();
    let (radix, digits_start) = if lower.starts_with("0x") {
        (16, 2)
    } else if lower.starts_with("0b") {
        (2, 2)
    } else if lower.starts_with('0') {
        (8, 0)
    } else {
        (10, 0)
    };
    let body = &lower[digits_start..];
    let is_float = body.contains('.')
        || (radix == 16 && body.contains('p'))
        || (radix != 16 && body.contains('e') && !body.starts_with('e'));
    if is_float {
        return Err("floating constant in preprocessor expression".into());
    }
    let end = body
        .find(|c: char| !c.is_digit(radix.max(10)))
        .unwrap_or(body.len());
    let (digits, suffix) = body.split_at(end);
    let unsigned_suffix = match suffix {
        "" | "l" | "ll" => false,
        "u" | "ul" | "lu" | "ull" | "llu" => true,
        _ => {
            return Err(format!(
                "invalid suffix \"{}\" on integer constant",
                &text[digits_start + end..]
            ))
        }
    };
    if digits.is_empty() && radix != 8 {
        return Err(format!("invalid integer constant \"{text}\""));
    }
    let mut v: u128 = 0;
    for c in digits.chars() {
        let d = c
            .to_digit(radix)
            .ok_or_else(|| format!("invalid digit \"{c}\" in integer constant \"{text}\""))?;
        v = v * radix as u128 + d as u128;
        if v > u64::MAX as u128 {
            return Err(format!("integer constant \"{text}\" is too large"));
        }
    }
    Ok(V {
        v: v as u64,
        u: unsigned_suffix || v > i64::MAX as u128,
    })
}

/// Decodes the characters of a character or string literal body (between the quotes).
pub(crate) fn decode_escapes(body: &str) -> Vec<u32> {
    let cs: Vec<char> = body.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        i += 1;
        if c != '\\' || i >= cs.len() {
            out.push(c as u32);
            continue;
        }
        let e = cs[i];
        i += 1;
        let v = match e {
            'n' => 10,
            't' => 9,
            'r' => 13,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            'e' | 'E' => 27,
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                let mut n = 1;
                while n < 3 && i < cs.len() {
                    let Some(d) = cs[i].to_digit(8) else { break };
                    v = v * 8 + d;
                    i += 1;
                    n += 1;
                }
                v
            }
            'x' | 'u' | 'U' => {
                let mut v: u32 = 0;
                let max = match e {
                    'u' => 4,
                    'U' => 8,
                    _ => usize::MAX,
                };
                let mut n = 0;
                while n < max && i < cs.len() {
                    let Some(d) = cs[i].to_digit(16) else { break };
                    v = v.wrapping_mul(16).wrapping_add(d);
                    i += 1;
                    n += 1;
                }
                v
            }
            other => other as u32,
        };
        out.push(v);
    }
    out
}

/// Value of a character constant in `#if` (plain `char` signed unless `char_unsigned`).
pub(crate) fn parse_char(text: &str, char_unsigned: bool) -> Result<V, String> {
    let q = text.find('\'').ok_or("invalid character constant")?;
    let prefix = &text[..q];
    let body = &text[q + 1..text.len().saturating_sub(1).max(q + 1)];
    let vals = decode_escapes(body);
    if vals.is_empty() {
        return Err("empty character constant".into());
    }
    match prefix {
        "" => {
            if vals.len() == 1 {
                let b = vals[0] as u8;
                Ok(if char_unsigned {
                    V::s(b as i64)
                } else {
                    V::s(b as i8 as i64)
                })
            } else {
                let mut acc: u32 = 0;
                for v in &vals {
                    acc = (acc << 8) | (v & 0xff);
                }
                Ok(V::s(acc as i32 as i64))
            }
        }
        "L" => Ok(V::s(*vals.last().unwrap_or(&0) as i32 as i64)),
        _ => Ok(V::s(*vals.last().unwrap_or(&0) as i64)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(parse_number("42").unwrap(), V { v: 42, u: false });
        assert_eq!(parse_number("0x1fUL").unwrap(), V { v: 31, u: true });
        assert_eq!(parse_number("017").unwrap().v, 15);
        assert_eq!(parse_number("0").unwrap().v, 0);
        assert_eq!(parse_number("0b101").unwrap().v, 5);
        assert!(parse_number("0xffffffffffffffff").unwrap().u);
        assert!(parse_number("08").is_err());
        assert!(parse_number("1.5").is_err());
        assert!(parse_number("1e3").is_err());
        assert!(parse_number("12abc").is_err());
        assert!(parse_number("99999999999999999999999").is_err());
    }

    #[test]
    fn chars() {
        assert_eq!(parse_char("'a'", false).unwrap().v, 97);
        assert_eq!(parse_char("'\\n'", false).unwrap().v, 10);
        assert_eq!(parse_char("'\\xff'", false).unwrap().v as i64, -1);
        assert_eq!(parse_char("'\\xff'", true).unwrap().v, 255);
        assert_eq!(parse_char("'\\101'", false).unwrap().v, 65);
        assert_eq!(parse_char("'ab'", false).unwrap().v, 0x6162);
        assert_eq!(parse_char("L'\\x100'", false).unwrap().v, 256);
        assert!(parse_char("''", false).is_err());
    }
}
