//! Evidence for people and tools: text traces, JSON, witnesses, DOT pictures (counterexamples
//! and engines' ARFs), the progress line, rendered diagnostics.
//!
//! [`render_text`] is the whole text output of `schedmc verify` (trace, statistics, verdict
//! line); [`json::render`] the `--json` object; [`render_diag`] an input error.
pub mod arf;
pub mod dot;
pub mod json;
pub mod progress;
pub mod trace;
pub mod witness;

use crate::diag::{Diag, Severity, SourceMap};
use crate::driver::Report;
use crate::verdict::{Verdict, Violation};

pub use trace::TraceMode;

/// The process exit code for a verdict: SUCCESSFUL 0, FAILED 10, UNKNOWN 3.
pub fn exit_code(v: &Verdict) -> i32 {
    match v {
        Verdict::Safe { .. } => 0,
        Verdict::Unsafe(_) => 10,
        Verdict::Unknown(_) => 3,
    }
}

/// `SUCCESSFUL` / `FAILED` / `UNKNOWN`.
pub fn verdict_word(v: &Verdict) -> &'static str {
    match v {
        Verdict::Safe { .. } => "SUCCESSFUL",
        Verdict::Unsafe(_) => "FAILED",
        Verdict::Unknown(_) => "UNKNOWN",
    }
}

/// The last line of the text output.
pub fn verdict_line(report: &Report) -> String {
    match &report.outcome.verdict {
        Verdict::Safe { .. } => "VERIFICATION SUCCESSFUL".into(),
        Verdict::Unknown(r) => format!("VERIFICATION UNKNOWN: {r}"),
        Verdict::Unsafe(cex) => {
            let line: String = match &cex.violation {
                Violation::Property { .. } => "VERIFICATION FAILED".into(),
                Violation::UnwindingAssertion { loop_id, loc } => format!(
                    "VERIFICATION FAILED: unwinding assertion loop {loop_id} ({})",
                    report.sources.short(*loc)
                ),
            };
            match report.unmodelled.as_slice() {
                [] => line,
                [f] => format!("{line} (the path calls unmodelled function {f})"),
                fs => format!(
                    "{line} (the path calls unmodelled functions {})",
                    fs.join(", ")
                ),
            }
        }
    }
}

/// The complete text output of `schedmc verify`: for FAILED the trace, then the statistics,
/// then (for SUCCESSFUL) a `note:` line, then the verdict line.
pub fn render_text(report: &Report, mode: TraceMode) -> String {
    let mut s = String::new();
    if let (Verdict::Unsafe(cex), Some(replayed)) = (&report.outcome.verdict, &report.replayed) {
        s.push_str(&trace::render_trace(
            &report.program,
            &report.sources,
            cex,
            replayed,
            mode,
        ));
        s.push('\n');
    } else if let Verdict::Unsafe(cex) = &report.outcome.verdict {
        // not replayed (a weak-memory execution): the engine's description of the violation
        if let Violation::Property { description, loc } = &cex.violation {
            s.push_str(&format!(
                "violation: {description} ({})\n\n",
                report.sources.short(*loc)
            ));
        }
    }
    s.push_str(&trace::render_stats(&report.outcome.stats, report.engine));
    if let Verdict::Safe { note: Some(n) } = &report.outcome.verdict {
        s.push_str(&format!("note: {n}\n"));
    }
    s.push_str(&verdict_line(report));
    s.push('\n');
    s
}

/// Renders a diagnostic: first line `file:line:col: error: message`, then (when the file's text
/// is known) the source line and a caret under the column, drawn by codespan-reporting.
pub fn render_diag(diag: &Diag, sources: &SourceMap) -> String {
    use codespan_reporting::diagnostic::{Diagnostic, Label};
    use codespan_reporting::files::SimpleFile;
    use codespan_reporting::term::{self, termcolor::NoColor, Chars, Config};

    let sev = match diag.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let Some(loc) = diag.loc.filter(|l| (l.file.0 as usize) < sources.len()) else {
        return format!("schedmc: {sev}: {}\n", diag.message);
    };
    let file = sources.get(loc.file);
    let mut out = format!(
        "{}:{}:{}: {}: {}\n",
        file.name, loc.line, loc.col, sev, diag.message
    );
    let Some(text) = file.text.as_deref() else {
        return out;
    };
    // Byte offset of (line, col); columns count characters.
    let Some(line_start) = line_offset(text, loc.line) else {
        return out;
    };
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let line = &text[line_start..line_end];
    let mut col_byte = line_start + line.len();
    for (n, (i, _)) in line.char_indices().enumerate() {
        if n + 1 == loc.col.max(1) as usize {
            col_byte = line_start + i;
            break;
        }
    }
    let end = text[col_byte..]
        .chars()
        .next()
        .filter(|c| *c != '\n')
        .map_or(col_byte, |c| col_byte + c.len_utf8());
    let sf = SimpleFile::new(file.name.clone(), text);
    let d = Diagnostic::error().with_labels(vec![Label::primary((), col_byte..end)]);
    let config = Config {
        chars: Chars::ascii(),
        ..Config::default()
    };
    let mut w = NoColor::new(Vec::<u8>::new());
    if term::emit(&mut w, &config, &sf, &d).is_ok() {
        let rendered = String::from_utf8_lossy(&w.into_inner()).into_owned();
        // Drop codespan's own header line (we printed ours) and keep the snippet.
        for l in rendered.lines().skip(1) {
            out.push_str(l.trim_end());
            out.push('\n');
        }
    }
    out
}

fn line_offset(text: &str, line: u32) -> Option<usize> {
    if line == 0 {
        return None;
    }
    let mut off = 0usize;
    for _ in 1..line {
        off += text[off..].find('\n')? + 1;
    }
    Some(off)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{DiagKind, Loc};

    #[test]
    fn diag_has_position_line_and_caret() {
        let mut sm = SourceMap::new();
        let f = sm.add(
            "dir/a.c",
            None,
            Some("int main() {\n  int x = 1\n  return x;\n}\n".into()),
        );
        let d = Diag::error(
            DiagKind::Syntax,
            Some(Loc {
                file: f,
                line: 2,
                col: 12,
            }),
            "expected `;`",
        );
        let s = render_diag(&d, &sm);
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], "dir/a.c:2:12: error: expected `;`");
        let src = lines.iter().position(|l| l.contains("int x = 1")).unwrap();
        let caret = lines[src + 1];
        let col_src = lines[src].find("int x").unwrap() - 2;
        assert_eq!(caret.find('^'), Some(col_src + 11), "{s}");
    }

    fn report(verdict: Verdict) -> Report {
        use crate::ir::interp::tests as it;
        let mut sources = SourceMap::new();
        sources.add("dir/t.c", None, None);
        Report {
            outcome: crate::verdict::Outcome::new(verdict, Default::default()),
            program: it::buggy(),
            sources,
            replayed: None,
            engine: Some(crate::engine::EngineKind::Bmc),
            int_math: false,
            warnings: vec![],
            replay_failure: None,
            unmodelled: vec![],
        }
    }

    #[test]
    fn verdict_lines_and_order() {
        let r = report(Verdict::Safe {
            note: Some("assuming no integer overflow (--int-math)".into()),
        });
        let t = render_text(&r, TraceMode::Compact);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines[lines.len() - 1], "VERIFICATION SUCCESSFUL");
        assert_eq!(
            lines[lines.len() - 2],
            "note: assuming no integer overflow (--int-math)"
        );
        assert!(lines[0].starts_with("statistics (engine bmc)"));
        assert_eq!(exit_code(&r.outcome.verdict), 0);
        let r = report(Verdict::Unknown(crate::verdict::UnknownReason::Timeout));
        assert!(render_text(&r, TraceMode::Full).ends_with("\nVERIFICATION UNKNOWN: timeout\n"));
        assert_eq!(exit_code(&r.outcome.verdict), 3);
        let cex = crate::verdict::Counterexample {
            violation: Violation::UnwindingAssertion {
                loop_id: 3,
                loc: Loc {
                    file: crate::diag::FileId(0),
                    line: 40,
                    col: 3,
                },
            },
            steps: vec![],
        };
        let r = report(Verdict::Unsafe(cex));
        assert_eq!(
            verdict_line(&r),
            "VERIFICATION FAILED: unwinding assertion loop 3 (t.c:40)"
        );
        assert_eq!(exit_code(&r.outcome.verdict), 10);
    }

    #[test]
    fn diag_without_location() {
        let d = Diag::error(DiagKind::Io, None, "cannot open `x.c`");
        assert_eq!(
            render_diag(&d, &SourceMap::new()),
            "schedmc: error: cannot open `x.c`\n"
        );
    }
}
