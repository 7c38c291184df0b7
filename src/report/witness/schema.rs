//! A hand-written check of a witness against the published format-2.0 schemas (required keys,
//! types, enumerations, segment structure): [`validate`].

/// What a valid witness file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WitnessKind {
    /// `violation_sequence` entries.
    Violation,
    /// `invariant_set` entries.
    Correctness,
}

pub(super) type J = serde_json::Value;

pub(super) fn obj<'a>(v: &'a J, path: &str) -> Result<&'a serde_json::Map<String, J>, String> {
    v.as_object()
        .ok_or_else(|| format!("{path}: expected a mapping"))
}

pub(super) fn only_keys(
    o: &serde_json::Map<String, J>,
    path: &str,
    required: &[&str],
    optional: &[&str],
) -> Result<(), String> {
    for k in required {
        if !o.contains_key(*k) {
            return Err(format!("{path}: missing required key `{k}`"));
        }
    }
    for k in o.keys() {
        if !required.contains(&k.as_str()) && !optional.contains(&k.as_str()) {
            return Err(format!("{path}: unexpected key `{k}`"));
        }
    }
    Ok(())
}

pub(super) fn string<'a>(v: &'a J, path: &str) -> Result<&'a str, String> {
    v.as_str()
        .ok_or_else(|| format!("{path}: expected a string, found {v}"))
}

pub(super) fn one_of<'a>(v: &'a J, path: &str, allowed: &[&str]) -> Result<&'a str, String> {
    let x = string(v, path)?;
    if allowed.contains(&x) {
        Ok(x)
    } else {
        Err(format!("{path}: `{x}` is not one of {allowed:?}"))
    }
}

pub(super) fn positive(v: &J, path: &str) -> Result<u64, String> {
    match v.as_u64() {
        Some(n) if n >= 1 => Ok(n),
        _ => Err(format!("{path}: expected an integer >= 1, found {v}")),
    }
}

pub(super) fn is_uuid(x: &str) -> bool {
    let parts: Vec<&str> = x.split('-').collect();
    parts.len() == 5
        && parts
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(p, n)| p.len() == n && p.chars().all(|c| c.is_ascii_hexdigit()))
}

pub(super) fn is_date_time(x: &str) -> bool {
    // YYYY-MM-DDTHH:MM:SS[.frac](Z|+HH:MM|-HH:MM)
    let b = x.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b.get(r.clone())
            .is_some_and(|s| s.iter().all(u8::is_ascii_digit))
    };
    if b.len() < 20
        || !digits(0..4)
        || b[4] != b'-'
        || !digits(5..7)
        || b[7] != b'-'
        || !digits(8..10)
        || !(b[10] == b'T' || b[10] == b't')
        || !digits(11..13)
        || b[13] != b':'
        || !digits(14..16)
        || b[16] != b':'
        || !digits(17..19)
    {
        return false;
    }
    let mut i = 19;
    if b[i] == b'.' {
        i += 1;
        let st = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == st {
            return false;
        }
    }
    match &b[i..] {
        [b'Z'] | [b'z'] => true,
        [s, h1, h2, b':', m1, m2] if *s == b'+' || *s == b'-' => {
            [h1, h2, m1, m2].iter().all(|c| c.is_ascii_digit())
        }
        _ => false,
    }
}

/// Checks `metadata`; returns the input file names.
pub(super) fn check_metadata(v: &J, path: &str) -> Result<Vec<String>, String> {
    let o = obj(v, path)?;
    only_keys(
        o,
        path,
        &[
            "format_version",
            "uuid",
            "creation_time",
            "producer",
            "task",
        ],
        &[],
    )?;
    let fv = string(&o["format_version"], &format!("{path}/format_version"))?;
    if !fv.starts_with("2.") {
        return Err(format!("{path}/format_version: `{fv}` is not 2.x"));
    }
    let uuid = string(&o["uuid"], &format!("{path}/uuid"))?;
    if !is_uuid(uuid) {
        return Err(format!("{path}/uuid: `{uuid}` is not a UUID"));
    }
    let ct = string(&o["creation_time"], &format!("{path}/creation_time"))?;
    if !is_date_time(ct) {
        return Err(format!(
            "{path}/creation_time: `{ct}` is not an ISO 8601 date-time"
        ));
    }
    let pp = format!("{path}/producer");
    let p = obj(&o["producer"], &pp)?;
    only_keys(
        p,
        &pp,
        &["name", "version"],
        &["configuration", "command_line", "description"],
    )?;
    for (k, x) in p {
        string(x, &format!("{pp}/{k}"))?;
    }
    let tp = format!("{path}/task");
    let t = obj(&o["task"], &tp)?;
    only_keys(
        t,
        &tp,
        &[
            "input_files",
            "input_file_hashes",
            "specification",
            "data_model",
            "language",
        ],
        &[],
    )?;
    let files: Vec<String> = match &t["input_files"] {
        J::String(f) => vec![f.clone()],
        J::Array(a) if !a.is_empty() => a
            .iter()
            .enumerate()
            .map(|(i, f)| string(f, &format!("{tp}/input_files/{i}")).map(str::to_string))
            .collect::<Result<_, _>>()?,
        other => {
            return Err(format!(
                "{tp}/input_files: expected a non-empty list, found {other}"
            ))
        }
    };
    let hp = format!("{tp}/input_file_hashes");
    let h = obj(&t["input_file_hashes"], &hp)?;
    for f in &files {
        let x = h
            .get(f)
            .ok_or_else(|| format!("{hp}: no hash for input file `{f}`"))?;
        let x = string(x, &format!("{hp}/{f}"))?;
        if x.len() != 64 || !x.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(format!("{hp}/{f}: `{x}` is not a SHA-256 hex digest"));
        }
    }
    string(&t["specification"], &format!("{tp}/specification"))?;
    one_of(
        &t["data_model"],
        &format!("{tp}/data_model"),
        &["ILP32", "LP64"],
    )?;
    one_of(&t["language"], &format!("{tp}/language"), &["C"])?;
    Ok(files)
}

pub(super) fn check_location(
    v: &J,
    path: &str,
    files: &[String],
    all_required: bool,
) -> Result<(), String> {
    let o = obj(v, path)?;
    if all_required {
        only_keys(o, path, &["file_name", "line", "column", "function"], &[])?;
    } else {
        only_keys(o, path, &["file_name", "line"], &["column", "function"])?;
    }
    let f = string(&o["file_name"], &format!("{path}/file_name"))?;
    if !files.iter().any(|x| x == f) {
        return Err(format!(
            "{path}/file_name: `{f}` is not among the input files"
        ));
    }
    positive(&o["line"], &format!("{path}/line"))?;
    if let Some(c) = o.get("column") {
        positive(c, &format!("{path}/column"))?;
    }
    if let Some(f) = o.get("function") {
        string(f, &format!("{path}/function"))?;
    }
    Ok(())
}

/// Checks a waypoint; returns (type, action).
pub(super) fn check_waypoint(
    v: &J,
    path: &str,
    files: &[String],
) -> Result<(String, String), String> {
    let o = obj(v, path)?;
    only_keys(
        o,
        path,
        &["type", "action", "location"],
        &["constraint", "thread_id"],
    )?;
    let ty = one_of(
        &o["type"],
        &format!("{path}/type"),
        &[
            "assumption",
            "target",
            "function_enter",
            "function_return",
            "branching",
        ],
    )?;
    let action = one_of(
        &o["action"],
        &format!("{path}/action"),
        &["follow", "avoid"],
    )?;
    check_location(&o["location"], &format!("{path}/location"), files, false)?;
    if let Some(t) = o.get("thread_id") {
        if !(t.is_u64() || t.is_string()) {
            return Err(format!("{path}/thread_id: expected an integer or string"));
        }
    }
    let cp = format!("{path}/constraint");
    match (ty, o.get("constraint")) {
        ("target" | "function_enter", Some(_)) => {
            return Err(format!("{cp}: a {ty} waypoint has no constraint"))
        }
        ("target" | "function_enter", None) => {}
        (_, None) => return Err(format!("{path}: missing required key `constraint`")),
        (_, Some(c)) => {
            let c = obj(c, &cp)?;
            only_keys(c, &cp, &["value"], &["format"])?;
            let value = string(&c["value"], &format!("{cp}/value"))?;
            let format = match c.get("format") {
                Some(f) => Some(one_of(
                    f,
                    &format!("{cp}/format"),
                    &["c_expression", "acsl_expression"],
                )?),
                None => None,
            };
            match ty {
                "assumption" if format == Some("acsl_expression") => {
                    return Err(format!("{cp}/format: an assumption is a c_expression"))
                }
                "function_return" if format == Some("c_expression") => {
                    return Err(format!(
                        "{cp}/format: a function_return is an acsl_expression"
                    ))
                }
                "branching"
                    if value.parse::<i128>().is_err() && !matches!(value, "true" | "false") =>
                {
                    return Err(format!(
                        "{cp}/value: `{value}` is not true, false or a case value"
                    ))
                }
                _ => {}
            }
            if value.trim().is_empty() {
                return Err(format!("{cp}/value: empty"));
            }
        }
    }
    if ty == "target" && action != "follow" {
        return Err(format!("{path}/action: a target waypoint must be followed"));
    }
    Ok((ty.to_string(), action.to_string()))
}

pub(super) fn check_violation_content(v: &J, path: &str, files: &[String]) -> Result<(), String> {
    let segs = v
        .as_array()
        .filter(|a| !a.is_empty())
        .ok_or_else(|| format!("{path}: expected a non-empty list of segments"))?;
    for (i, seg) in segs.iter().enumerate() {
        let sp = format!("{path}/{i}");
        let so = obj(seg, &sp)?;
        only_keys(so, &sp, &["segment"], &[])?;
        let wps = so["segment"]
            .as_array()
            .filter(|a| !a.is_empty())
            .ok_or_else(|| format!("{sp}/segment: expected a non-empty list of waypoints"))?;
        for (k, w) in wps.iter().enumerate() {
            let wp = format!("{sp}/segment/{k}");
            let wo = obj(w, &wp)?;
            only_keys(wo, &wp, &["waypoint"], &[])?;
            let (ty, action) = check_waypoint(&wo["waypoint"], &format!("{wp}/waypoint"), files)?;
            let last = k + 1 == wps.len();
            if last && action != "follow" {
                return Err(format!("{wp}: a segment ends with its one follow waypoint"));
            }
            if !last && action != "avoid" {
                return Err(format!(
                    "{wp}: only the last waypoint of a segment is followed"
                ));
            }
            if ty == "target" && i + 1 != segs.len() {
                return Err(format!(
                    "{wp}: a target waypoint may only end the final segment"
                ));
            }
            if i + 1 == segs.len() && last && ty != "target" {
                return Err(format!(
                    "{wp}: the final segment must end with a target waypoint"
                ));
            }
        }
    }
    Ok(())
}

pub(super) fn check_invariant_content(v: &J, path: &str, files: &[String]) -> Result<(), String> {
    let items = v
        .as_array()
        .filter(|a| !a.is_empty())
        .ok_or_else(|| format!("{path}: expected a non-empty list of invariants"))?;
    for (i, it) in items.iter().enumerate() {
        let ip = format!("{path}/{i}");
        let io = obj(it, &ip)?;
        only_keys(io, &ip, &["invariant"], &[])?;
        let vp = format!("{ip}/invariant");
        let inv = obj(&io["invariant"], &vp)?;
        only_keys(inv, &vp, &["type", "location", "value", "format"], &[])?;
        one_of(
            &inv["type"],
            &format!("{vp}/type"),
            &["loop_invariant", "location_invariant"],
        )?;
        check_location(&inv["location"], &format!("{vp}/location"), files, true)?;
        let value = string(&inv["value"], &format!("{vp}/value"))?;
        if value.trim().is_empty() {
            return Err(format!("{vp}/value: empty"));
        }
        one_of(&inv["format"], &format!("{vp}/format"), &["c_expression"])?;
    }
    Ok(())
}

/// Checks a witness file against the format-2.0 schemas for violation and correctness
/// witnesses: a non-empty list of entries of one kind, each with `entry_type`, `metadata`
/// (format version, UUID, ISO 8601 time, producer, task with a SHA-256 per input file, data
/// model ILP32/LP64, language C) and `content` (segments of avoid waypoints ending in one follow
/// waypoint, the last ending in the target; or invariants with complete locations). Waypoint
/// locations must name an input file. Unknown keys are errors (`thread_id` on waypoints is
/// allowed).
pub fn validate(yaml: &str) -> Result<WitnessKind, String> {
    let doc: J = serde_yaml_ng::from_str(yaml).map_err(|e| format!("not YAML: {e}"))?;
    let entries = doc
        .as_array()
        .filter(|a| !a.is_empty())
        .ok_or("a witness is a non-empty list of entries")?;
    let mut kind = None;
    for (i, e) in entries.iter().enumerate() {
        let p = format!("/{i}");
        let o = obj(e, &p)?;
        only_keys(o, &p, &["entry_type", "metadata", "content"], &[])?;
        let ty = one_of(
            &o["entry_type"],
            &format!("{p}/entry_type"),
            &["violation_sequence", "invariant_set"],
        )?;
        let k = if ty == "violation_sequence" {
            WitnessKind::Violation
        } else {
            WitnessKind::Correctness
        };
        if kind.is_some_and(|x| x != k) {
            return Err(format!(
                "{p}/entry_type: a witness does not mix entry types"
            ));
        }
        kind = Some(k);
        let files = check_metadata(&o["metadata"], &format!("{p}/metadata"))?;
        match k {
            WitnessKind::Violation => {
                check_violation_content(&o["content"], &format!("{p}/content"), &files)?
            }
            WitnessKind::Correctness => {
                check_invariant_content(&o["content"], &format!("{p}/content"), &files)?
            }
        }
    }
    kind.ok_or_else(|| "no entries".to_string())
}
