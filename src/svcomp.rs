//! SV-COMP mode: task definitions (`.yml`, formats 1.x and 2.x), property files (`.prp`), data
//! models, and the one-word result line (`TRUE` / `FALSE(unreach-call)` / `UNKNOWN`) that
//! BenchExec's tool-info module (`contrib/benchexec/schedmc.py`) reads.
//!
//! Entry points: [`parse_task`] for a task file, [`parse_property_file`] for `--property FILE`,
//! [`DataModel::parse`] / [`DataModel::target_name`] for `--data-model`, [`result_line`] for the
//! last line of `verify --svcomp`.

use crate::diag::{Diag, DiagKind};
use crate::verdict::{Verdict, Violation};
use std::fmt;
use std::path::{Path, PathBuf};

/// The data model of a task (`options.data_model`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DataModel {
    /// 32-bit `int`, `long` and pointers (the SV-COMP default for old tasks without options).
    #[default]
    ILP32,
    /// 32-bit `int`, 64-bit `long` and pointers.
    LP64,
}

impl DataModel {
    /// Parses `ILP32` / `LP64` (case-insensitive; `32bit` / `64bit` are accepted as aliases).
    pub fn parse(s: &str) -> Option<DataModel> {
        match s.trim().to_ascii_lowercase().as_str() {
            "ilp32" | "32bit" | "32" => Some(DataModel::ILP32),
            "lp64" | "64bit" | "64" => Some(DataModel::LP64),
            _ => None,
        }
    }

    /// The name of the target profile (`targets/<name>.toml`) for this data model.
    pub fn target_name(self) -> &'static str {
        match self {
            DataModel::ILP32 => "ilp32",
            DataModel::LP64 => "lp64",
        }
    }

    /// The spelling used by task files and witnesses: `ILP32` / `LP64`.
    pub fn as_str(self) -> &'static str {
        match self {
            DataModel::ILP32 => "ILP32",
            DataModel::LP64 => "LP64",
        }
    }
}

impl fmt::Display for DataModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for DataModel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        DataModel::parse(s)
            .ok_or_else(|| format!("unknown data model `{s}` (expected ILP32 or LP64)"))
    }
}

/// A property schedmc can check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Property {
    /// `CHECK( init(main()), LTL(G ! call(reach_error())) )`: no call of `reach_error`
    /// (or the legacy `__VERIFIER_error`) is reachable from `main`.
    UnreachCall,
}

impl Property {
    /// The canonical property text, as written in `unreach-call.prp` and in witness metadata.
    pub fn specification(self) -> &'static str {
        match self {
            Property::UnreachCall => "CHECK( init(main()), LTL(G ! call(reach_error())) )",
        }
    }

    /// The SV-COMP short name (`unreach-call`), as used in `FALSE(...)`.
    pub fn short_name(self) -> &'static str {
        match self {
            Property::UnreachCall => "unreach-call",
        }
    }
}

/// Parses the text of a `.prp` file. Exactly one `CHECK( init(main()), LTL(G ! call(F())) )` with
/// `F` = `reach_error` or `__VERIFIER_error` is supported; any other property is an
/// `unsupported` error naming it.
pub fn parse_property(text: &str) -> Result<Property, Diag> {
    let checks: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with('#'))
        .collect();
    if checks.is_empty() {
        return Err(Diag::error(
            DiagKind::Syntax,
            None,
            "empty property file (expected CHECK( init(main()), LTL(...) ))",
        ));
    }
    if checks.len() > 1 {
        return Err(Diag::unsupported(
            None,
            format!(
                "property with {} CHECK clauses (only unreach-call is supported): {}",
                checks.len(),
                checks.join(" ")
            ),
        ));
    }
    let line = checks[0];
    let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let inner = compact
        .strip_prefix("CHECK(")
        .and_then(|s| s.strip_suffix(')'))
        .ok_or_else(|| {
            Diag::error(
                DiagKind::Syntax,
                None,
                format!("malformed property (expected CHECK( ... )): {line}"),
            )
        })?;
    let (init, formula) = inner.split_once(',').ok_or_else(|| {
        Diag::error(
            DiagKind::Syntax,
            None,
            format!("malformed property (expected CHECK( init(...), ... )): {line}"),
        )
    })?;
    if init != "init(main())" {
        return Err(Diag::unsupported(
            None,
            format!("property with entry point other than main: {line}"),
        ));
    }
    match formula {
        "LTL(G!call(reach_error()))" | "LTL(G!call(__VERIFIER_error()))" => {
            Ok(Property::UnreachCall)
        }
        _ => Err(Diag::unsupported(
            None,
            format!("property {line} (only unreach-call, G ! call(reach_error()), is supported)"),
        )),
    }
}

/// Reads and parses a `.prp` file ([`parse_property`]); errors name the file.
pub fn parse_property_file(path: &Path) -> Result<Property, Diag> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Diag::error(
            DiagKind::Io,
            None,
            format!("cannot read property file {}: {e}", path.display()),
        )
    })?;
    parse_property(&text).map_err(|d| Diag {
        message: format!("{}: {}", path.display(), d.message),
        ..d
    })
}

/// One entry of a task's `properties` list.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskProperty {
    /// The property file, resolved against the task file's directory.
    pub file: PathBuf,
    /// `expected_verdict` (true = the property holds).
    pub expected: Option<bool>,
    /// The parsed property, or why it cannot be checked (unsupported, unreadable).
    pub property: Result<Property, String>,
}

/// A verification task from a `.yml` task-definition file.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// The task file itself.
    pub path: PathBuf,
    /// The program files, resolved against the task file's directory.
    pub input_files: Vec<PathBuf>,
    /// The property schedmc checks for this task: the first supported entry of `properties`.
    pub property: Option<Property>,
    /// The file of that property.
    pub property_file: Option<PathBuf>,
    /// The expected verdict for that property (true = the program is safe).
    pub expected: Option<bool>,
    /// `options.data_model` (ILP32 when the task gives none, as for format 1.0 tasks).
    pub data_model: DataModel,
    /// All entries of `properties`, in file order.
    pub properties: Vec<TaskProperty>,
}

impl Task {
    /// The expected verdict for a given property file (compared after canonicalisation, falling
    /// back to the file name), e.g. for `--property FILE`.
    pub fn expected_for(&self, prp: &Path) -> Option<bool> {
        let want = std::fs::canonicalize(prp).ok();
        self.properties
            .iter()
            .find(|p| match (&want, std::fs::canonicalize(&p.file).ok()) {
                (Some(a), Some(b)) => *a == b,
                _ => p.file.file_name() == prp.file_name(),
            })
            .and_then(|p| p.expected)
    }
}

fn task_err(path: &Path, msg: impl fmt::Display) -> Diag {
    Diag::error(DiagKind::Syntax, None, format!("{}: {msg}", path.display()))
}

/// Reads and parses a task-definition file ([`parse_task_str`]).
pub fn parse_task(path: &Path) -> Result<Task, Diag> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Diag::error(
            DiagKind::Io,
            None,
            format!("cannot read task file {}: {e}", path.display()),
        )
    })?;
    parse_task_str(&text, path)
}

/// Parses the text of a task-definition file located at `path` (paths inside are resolved
/// against its directory; the property files are read to classify them).
pub fn parse_task_str(text: &str, path: &Path) -> Result<Task, Diag> {
    use serde_yaml_ng::Value;
    let doc: Value =
        serde_yaml_ng::from_str(text).map_err(|e| task_err(path, format!("invalid YAML: {e}")))?;
    let map = doc
        .as_mapping()
        .ok_or_else(|| task_err(path, "a task definition must be a YAML mapping"))?;
    let get = |k: &str| map.get(Value::String(k.to_string()));
    let dir = path.parent().unwrap_or(Path::new("")).to_path_buf();

    let version = match get("format_version") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(_) => return Err(task_err(path, "format_version must be a string")),
        None => return Err(task_err(path, "missing format_version")),
    };
    let major = version.split('.').next().unwrap_or("");
    if !matches!(major, "1" | "2") {
        return Err(Diag::unsupported(
            None,
            format!(
                "{}: task format version {version} (supported: 1.x, 2.x)",
                path.display()
            ),
        ));
    }

    let input_files: Vec<PathBuf> = match get("input_files") {
        Some(Value::String(s)) => vec![dir.join(s)],
        Some(Value::Sequence(items)) => {
            let mut v = Vec::new();
            for it in items {
                match it {
                    Value::String(s) => v.push(dir.join(s)),
                    _ => return Err(task_err(path, "input_files entries must be strings")),
                }
            }
            v
        }
        Some(_) => return Err(task_err(path, "input_files must be a string or a list")),
        None => return Err(task_err(path, "missing input_files")),
    };
    if input_files.is_empty() {
        return Err(task_err(path, "input_files is empty"));
    }

    let mut properties = Vec::new();
    match get("properties") {
        None | Some(Value::Null) => {}
        Some(Value::Sequence(items)) => {
            for it in items {
                let m = it
                    .as_mapping()
                    .ok_or_else(|| task_err(path, "properties entries must be mappings"))?;
                let file = match m.get(Value::String("property_file".into())) {
                    Some(Value::String(s)) => dir.join(s),
                    _ => return Err(task_err(path, "property entry without property_file")),
                };
                let expected = match m.get(Value::String("expected_verdict".into())) {
                    None | Some(Value::Null) => None,
                    Some(Value::Bool(b)) => Some(*b),
                    Some(_) => {
                        return Err(task_err(path, "expected_verdict must be true or false"))
                    }
                };
                let property = parse_property_file(&file).map_err(|d| d.message);
                properties.push(TaskProperty {
                    file,
                    expected,
                    property,
                });
            }
        }
        Some(_) => return Err(task_err(path, "properties must be a list")),
    }

    let mut data_model = DataModel::default();
    match get("options") {
        None | Some(Value::Null) => {}
        Some(Value::Mapping(o)) => {
            if let Some(lang) = o.get(Value::String("language".into())) {
                match lang.as_str() {
                    Some(l) if l.eq_ignore_ascii_case("c") => {}
                    Some(l) => {
                        return Err(Diag::unsupported(
                            None,
                            format!("{}: task language {l} (only C)", path.display()),
                        ))
                    }
                    None => return Err(task_err(path, "options.language must be a string")),
                }
            }
            if let Some(dm) = o.get(Value::String("data_model".into())) {
                let s = dm
                    .as_str()
                    .ok_or_else(|| task_err(path, "options.data_model must be a string"))?;
                data_model = DataModel::parse(s).ok_or_else(|| {
                    Diag::unsupported(
                        None,
                        format!(
                            "{}: data model {s} (supported: ILP32, LP64)",
                            path.display()
                        ),
                    )
                })?;
            }
        }
        Some(_) => return Err(task_err(path, "options must be a mapping")),
    }

    let chosen = properties.iter().find(|p| p.property.is_ok());
    Ok(Task {
        path: path.to_path_buf(),
        input_files,
        property: chosen.and_then(|p| p.property.clone().ok()),
        property_file: chosen.map(|p| p.file.clone()),
        expected: chosen.and_then(|p| p.expected),
        data_model,
        properties,
    })
}

/// The last line of `verify --svcomp`: `TRUE`, `FALSE(unreach-call)` or `UNKNOWN`.
///
/// Soundness first: only an unqualified proof is `TRUE`. A `Safe` verdict carrying a note
/// (a bounded proof, or one assuming unbounded integers under `--int-math`) is not a proof of
/// the SV-COMP property and gives `UNKNOWN`, and so does a counterexample that violates a BMC
/// unwinding assertion rather than the property.
pub fn result_line(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::Safe { note: None } => "TRUE",
        Verdict::Safe { note: Some(_) } => "UNKNOWN",
        Verdict::Unsafe(cex) => match cex.violation {
            Violation::Property { .. } => "FALSE(unreach-call)",
            Violation::UnwindingAssertion { .. } => "UNKNOWN",
        },
        Verdict::Unknown(_) => "UNKNOWN",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Loc;
    use crate::verdict::Counterexample;

    /// The SV-COMP task directory: `../shared/benchmarks/svcomp` beside the crate, else
    /// `/work/shared/benchmarks/svcomp`.
    pub(crate) fn svcomp_dir() -> Option<PathBuf> {
        let local = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/benchmarks/svcomp");
        if local.is_dir() {
            return Some(local);
        }
        let abs = PathBuf::from("/work/shared/benchmarks/svcomp");
        abs.is_dir().then_some(abs)
    }

    fn all_yml(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                all_yml(&p, out);
            } else if p.extension().is_some_and(|e| e == "yml") {
                out.push(p);
            }
        }
    }

    #[test]
    fn unreach_call_property() {
        let p = parse_property("CHECK( init(main()), LTL(G ! call(reach_error())) )\n").unwrap();
        assert_eq!(p, Property::UnreachCall);
        assert_eq!(
            parse_property("CHECK(init(main()),LTL(G ! call(__VERIFIER_error())))").unwrap(),
            Property::UnreachCall
        );
        assert_eq!(parse_property(p.specification()).unwrap(), p);
    }

    #[test]
    fn other_properties_are_unsupported() {
        for text in [
            "CHECK( init(main()), LTL(F end) )",
            "CHECK( init(main()), LTL(G ! overflow) )",
            "CHECK( init(main()), LTL(G ! data-race) )",
            "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )",
            "CHECK( init(start()), LTL(G ! call(reach_error())) )",
        ] {
            let d = parse_property(text).unwrap_err();
            assert_eq!(d.kind, DiagKind::Unsupported, "{text}");
            assert!(d.message.contains("unsupported"), "{}", d.message);
        }
        assert_eq!(parse_property("").unwrap_err().kind, DiagKind::Syntax);
        assert_eq!(
            parse_property("G ! call(reach_error())").unwrap_err().kind,
            DiagKind::Syntax
        );
    }

    #[test]
    fn data_models() {
        assert_eq!(DataModel::parse("ILP32"), Some(DataModel::ILP32));
        assert_eq!(DataModel::parse("lp64"), Some(DataModel::LP64));
        assert_eq!(DataModel::parse("LLP64"), None);
        assert_eq!(DataModel::ILP32.target_name(), "ilp32");
        assert_eq!(DataModel::LP64.target_name(), "lp64");
        assert_eq!("LP64".parse::<DataModel>().unwrap(), DataModel::LP64);
        assert!("x".parse::<DataModel>().is_err());
    }

    #[test]
    fn result_lines() {
        let cex = |violation| {
            Verdict::Unsafe(Counterexample {
                violation,
                steps: vec![],
            })
        };
        assert_eq!(result_line(&Verdict::Safe { note: None }), "TRUE");
        assert_eq!(
            result_line(&Verdict::Safe {
                note: Some("bounded proof: loops unwound at most 5 times".into())
            }),
            "UNKNOWN"
        );
        assert_eq!(
            result_line(&cex(Violation::Property {
                description: "reach_error".into(),
                loc: Loc::default()
            })),
            "FALSE(unreach-call)"
        );
        assert_eq!(
            result_line(&cex(Violation::UnwindingAssertion {
                loop_id: 1,
                loc: Loc::default()
            })),
            "UNKNOWN"
        );
        assert_eq!(
            result_line(&Verdict::Unknown(crate::verdict::UnknownReason::Timeout)),
            "UNKNOWN"
        );
    }

    fn tmpdir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("schedmc-svcomp-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn task_with_list_inputs_and_lp64() {
        let d = tmpdir("lp64");
        std::fs::write(
            d.join("unreach-call.prp"),
            "CHECK( init(main()), LTL(G ! call(reach_error())) )\n",
        )
        .unwrap();
        let yml = d.join("t.yml");
        let text = "format_version: '2.0'\ninput_files: ['a.c', 'sub/b.c']\nproperties:\n  - property_file: ./termination.prp\n    expected_verdict: false\n  - property_file: unreach-call.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: LP64\n";
        let t = parse_task_str(text, &yml).unwrap();
        assert_eq!(t.input_files, vec![d.join("a.c"), d.join("sub/b.c")]);
        assert_eq!(t.data_model, DataModel::LP64);
        assert_eq!(t.property, Some(Property::UnreachCall));
        assert_eq!(t.expected, Some(true));
        assert_eq!(t.property_file, Some(d.join("unreach-call.prp")));
        assert_eq!(t.properties.len(), 2);
        assert!(t.properties[0].property.is_err());
        assert_eq!(t.expected_for(&d.join("unreach-call.prp")), Some(true));
        std::fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn malformed_tasks_are_errors() {
        let p = Path::new("/nonexistent/t.yml");
        for text in [
            "input_files: a.c\n",
            "format_version: '3.0'\ninput_files: a.c\n",
            "format_version: '2.0'\n",
            "format_version: '2.0'\ninput_files: 5\n",
            "format_version: '2.0'\ninput_files: a.c\noptions:\n  language: Java\n",
            "format_version: '2.0'\ninput_files: a.c\noptions:\n  data_model: LLP64\n",
            "format_version: '2.0'\ninput_files: a.c\nproperties:\n  - expected_verdict: true\n",
            "- a\n- b\n",
            "format_version: [unclosed\n",
        ] {
            assert!(parse_task_str(text, p).is_err(), "{text}");
        }
        // an unreadable property file is recorded, not fatal
        let t = parse_task_str(
            "format_version: '2.0'\ninput_files: a.c\nproperties:\n  - property_file: x.prp\n",
            p,
        )
        .unwrap();
        assert_eq!(t.property, None);
        assert!(t.properties[0]
            .property
            .as_ref()
            .unwrap_err()
            .contains("cannot read"));
        assert_eq!(t.data_model, DataModel::ILP32);
    }

    /// Every task of the dev set parses; its unreach-call verdict agrees with MANIFEST.tsv.
    #[test]
    fn all_dev_set_tasks() {
        let Some(dir) = svcomp_dir() else {
            println!("skipped: no SV-COMP task directory (../shared or /work/shared)");
            return;
        };
        let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap_or_default();
        let expected: std::collections::HashMap<String, bool> = manifest
            .lines()
            .skip(1)
            .filter_map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                Some((f.first()?.to_string(), f.get(2)?.parse().ok()?))
            })
            .collect();
        let mut ymls = Vec::new();
        all_yml(&dir, &mut ymls);
        assert!(!ymls.is_empty());
        let mut checked = 0;
        for y in &ymls {
            let t = parse_task(y).unwrap_or_else(|d| panic!("{}: {}", y.display(), d.message));
            assert!(!t.input_files.is_empty());
            for f in &t.input_files {
                assert!(
                    f.is_file(),
                    "{}: missing input {}",
                    y.display(),
                    f.display()
                );
            }
            assert_eq!(t.data_model, DataModel::ILP32, "{}", y.display());
            let mentions_unreach = t
                .properties
                .iter()
                .any(|p| p.file.file_name().is_some_and(|n| n == "unreach-call.prp"));
            assert_eq!(t.property.is_some(), mentions_unreach, "{}", y.display());
            if t.property.is_some() {
                assert!(t.expected.is_some(), "{}", y.display());
                let rel = t.input_files[0]
                    .strip_prefix(&dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                if let Some(&e) = expected.get(&rel) {
                    assert_eq!(t.expected, Some(e), "{} vs MANIFEST.tsv", y.display());
                    checked += 1;
                }
            }
        }
        println!(
            "{} task files parsed, {checked} checked against MANIFEST.tsv",
            ymls.len()
        );
        assert!(checked > 0 || expected.is_empty());
    }
}
