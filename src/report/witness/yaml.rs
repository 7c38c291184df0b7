//! The YAML document model of a witness: a small tree ([`Y`]: strings, integers, mappings with
//! ordered keys, sequences) and its emitter (block style, every string double-quoted), so that
//! the output is byte-for-byte deterministic and independent of any YAML library's formatting.

#[derive(Clone, Debug)]
pub(super) enum Y {
    S(String),
    I(i64),
    M(Vec<(String, Y)>),
    L(Vec<Y>),
}

pub(super) fn s(x: impl Into<String>) -> Y {
    Y::S(x.into())
}

pub(super) fn m(pairs: Vec<(&str, Y)>) -> Y {
    Y::M(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

pub(super) fn quote(x: &str) -> String {
    serde_json::to_string(x).unwrap_or_else(|_| "\"\"".into())
}

pub(super) fn key(k: &str) -> String {
    let plain = k
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        k.to_string()
    } else {
        quote(k)
    }
}

pub(super) fn emit(y: &Y, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match y {
        Y::S(_) | Y::I(_) => {
            out.push_str(&pad);
            out.push_str(&scalar(y));
            out.push('\n');
        }
        Y::M(pairs) => {
            for (k, v) in pairs {
                out.push_str(&pad);
                out.push_str(&key(k));
                out.push(':');
                match v {
                    Y::S(_) | Y::I(_) => {
                        out.push(' ');
                        out.push_str(&scalar(v));
                        out.push('\n');
                    }
                    Y::M(p) if p.is_empty() => out.push_str(" {}\n"),
                    Y::L(l) if l.is_empty() => out.push_str(" []\n"),
                    _ => {
                        out.push('\n');
                        emit(v, indent + 2, out);
                    }
                }
            }
        }
        Y::L(items) => {
            for it in items {
                match it {
                    Y::M(p) if !p.is_empty() => {
                        let mut inner = String::new();
                        emit(it, indent + 2, &mut inner);
                        out.push_str(&pad);
                        out.push_str("- ");
                        out.push_str(&inner[indent + 2..]);
                    }
                    Y::L(l) if !l.is_empty() => {
                        let mut inner = String::new();
                        emit(it, indent + 2, &mut inner);
                        out.push_str(&pad);
                        out.push_str("- ");
                        out.push_str(&inner[indent + 2..]);
                    }
                    Y::M(_) => out.push_str(&format!("{pad}- {{}}\n")),
                    Y::L(_) => out.push_str(&format!("{pad}- []\n")),
                    _ => {
                        out.push_str(&pad);
                        out.push_str("- ");
                        out.push_str(&scalar(it));
                        out.push('\n');
                    }
                }
            }
        }
    }
}

pub(super) fn scalar(y: &Y) -> String {
    match y {
        Y::S(x) => quote(x),
        Y::I(i) => i.to_string(),
        _ => String::new(),
    }
}

pub(super) fn to_yaml(y: &Y) -> String {
    let mut out = String::new();
    emit(y, 0, &mut out);
    out
}
