//! Integer values of the program's object-like macros for scheduler configuration
//! (`SchedulerSpec::configure`): a literal in parentheses and casts ([`macro_int`]), or a
//! constant expression over literals and other macros ([`macro_eval`]).

/// The integer value of a macro body such as `5`, `( 5 )`, `( ( UBaseType_t ) 5U )` or
/// `0x50`: optional parentheses and casts to type names around one integer literal.
pub fn macro_int(body: &str) -> Option<i128> {
    let toks: Vec<&str> = body
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter(|t| !t.is_empty())
        .collect();
    let (lit, casts) = toks.split_last()?;
    let ident = |t: &str| {
        t.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if !casts.iter().all(|t| ident(t)) {
        return None;
    }
    let digits = lit.trim_end_matches(['u', 'U', 'l', 'L']);
    let (text, radix) = if let Some(h) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        (h, 16)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (&digits[1..], 8)
    } else {
        (digits, 10)
    };
    if text.is_empty() || !text.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    i128::from_str_radix(text, radix).ok()
}

/// The integer value of a macro body that is a constant expression over integer literals and
/// other object-like macros (`( configMAX_PRIORITIES - 1 )`, `( 5 << 4 )`): casts to type
/// names, parentheses, unary `- ~ !` and the binary arithmetic, shift and bitwise operators
/// (C precedence); `macros` sorted by name. `None` for anything else (division by zero,
/// unknown identifiers, overflow, macros nested deeper than 16).
pub fn macro_eval(body: &str, macros: &[(String, String)], depth: u32) -> Option<i128> {
    if depth > 16 {
        return None;
    }
    let mut toks: Vec<String> = Vec::new();
    let cs: Vec<char> = body.chars().collect();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_alphanumeric() || c == '_' {
            let st = i;
            while i < cs.len() && (cs[i].is_ascii_alphanumeric() || cs[i] == '_') {
                i += 1;
            }
            toks.push(cs[st..i].iter().collect());
        } else if i + 1 < cs.len()
            && ((c == '<' && cs[i + 1] == '<') || (c == '>' && cs[i + 1] == '>'))
        {
            toks.push(format!("{c}{c}"));
            i += 2;
        } else if "()+-*/%&|^~!".contains(c) {
            toks.push(c.to_string());
            i += 1;
        } else {
            return None;
        }
    }
    let mut p = ExprParser {
        toks,
        pos: 0,
        macros,
        depth,
    };
    let v = p.binary(0)?;
    (p.pos == p.toks.len()).then_some(v)
}

struct ExprParser<'a> {
    toks: Vec<String>,
    pos: usize,
    macros: &'a [(String, String)],
    depth: u32,
}

impl ExprParser<'_> {
    fn peek(&self, k: usize) -> Option<&str> {
        self.toks.get(self.pos + k).map(|s| s.as_str())
    }
    fn ident(t: &str) -> bool {
        t.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
    }
    fn binary(&mut self, min: u8) -> Option<i128> {
        let mut l = self.unary()?;
        loop {
            let Some(op) = self.peek(0).map(|s| s.to_string()) else {
                return Some(l);
            };
            let prec = match op.as_str() {
                "*" | "/" | "%" => 5,
                "+" | "-" => 4,
                "<<" | ">>" => 3,
                "&" => 2,
                "^" => 1,
                "|" => 0,
                _ => return Some(l),
            };
            if prec < min {
                return Some(l);
            }
            self.pos += 1;
            let r = self.binary(prec + 1)?;
            l = match op.as_str() {
                "*" => l.checked_mul(r)?,
                "/" => l.checked_div(r)?,
                "%" => l.checked_rem(r)?,
                "+" => l.checked_add(r)?,
                "-" => l.checked_sub(r)?,
                "<<" => l.checked_shl(u32::try_from(r).ok().filter(|&s| s < 64)?)?,
                ">>" => l.checked_shr(u32::try_from(r).ok().filter(|&s| s < 64)?)?,
                "&" => l & r,
                "^" => l ^ r,
                _ => l | r,
            };
        }
    }
    fn unary(&mut self) -> Option<i128> {
        let t = self.peek(0)?.to_string();
        self.pos += 1;
        match t.as_str() {
            "-" => self.unary()?.checked_neg(),
            "~" => Some(!self.unary()?),
            "!" => Some((self.unary()? == 0) as i128),
            "(" => {
                // a cast to a type name: `( TickType_t ) x`
                if let (Some(n), Some(")")) = (self.peek(0), self.peek(1)) {
                    let known = self
                        .macros
                        .binary_search_by(|(k, _)| k.as_str().cmp(n))
                        .is_ok();
                    if Self::ident(n) && !known {
                        self.pos += 2;
                        return self.unary();
                    }
                }
                let v = self.binary(0)?;
                (self.peek(0) == Some(")")).then(|| self.pos += 1)?;
                Some(v)
            }
            _ if Self::ident(&t) => {
                let i = self
                    .macros
                    .binary_search_by(|(k, _)| k.as_str().cmp(t.as_str()))
                    .ok()?;
                let body = &self.macros[i].1;
                macro_int(body).or_else(|| macro_eval(body, self.macros, self.depth + 1))
            }
            _ => macro_int(&t),
        }
    }
}
