//! Correctness witnesses (`invariant_set`): the invariants of a proof, given as C expressions at
//! source locations, placed at loop keywords (`loop_invariant`) or statement starts
//! (`location_invariant`).

use super::c_expr::CNames;
use super::source_text::{input_file_ids, read_input, Ctx, Text};
use super::yaml::{m, s, to_yaml, Y};
use super::{metadata, sha256_hex, WitnessMeta};
use crate::diag::{Diag, Loc, SourceMap};
use crate::ir::Program;
use crate::svcomp::DataModel;
use std::path::Path;

/// The C function a source location belongs to (the innermost inlined function of the CFG
/// location with that source position, else of the nearest one before it), `main` if unknown.
pub(super) fn function_at(prog: &Program, loc: Loc) -> String {
    let mut best: Option<(Loc, &str)> = None;
    for cfg in &prog.threads {
        for (i, &l) in cfg.loc_src.iter().enumerate() {
            let Some(f) = cfg.loc_func.get(i) else {
                continue;
            };
            if l == loc {
                return f.clone();
            }
            if l.file == loc.file
                && (l.line, l.col) < (loc.line, loc.col)
                && best.is_none_or(|(b, _)| (b.line, b.col) < (l.line, l.col))
            {
                best = Some((l, f));
            }
        }
        for e in &cfg.edges {
            if e.loc == loc {
                if let Some(f) = cfg.loc_func.get(e.from.0 as usize) {
                    return f.clone();
                }
            }
        }
    }
    best.map_or_else(|| "main".to_string(), |(_, f)| f.to_string())
}

/// One invariant as it is written into a witness: its type (`loop_invariant` or
/// `location_invariant`), line and column in the input file, function and C expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedInvariant {
    pub kind: &'static str,
    pub line: u32,
    pub column: u32,
    pub function: String,
    pub value: String,
}

/// The correctness witness (one `invariant_set` entry) for a proof: each `(loc, value)` is a C
/// expression that holds whenever control reaches `loc`. A location at (or at the condition of,
/// or at the first body statement of a `do`) a loop becomes a `loop_invariant` at the loop's
/// keyword; any other location a `location_invariant`. Locations outside the input file are
/// left out. With no invariants, the trivial invariant `1` is given at every loop (or at the
/// start of `main`), which is what an empty proof certifies.
pub fn correctness_witness(
    prog: &Program,
    sources: &SourceMap,
    invariants: &[(Loc, String)],
    input_file: &Path,
    spec: &str,
    data_model: DataModel,
    meta: &WitnessMeta,
) -> Result<String, Diag> {
    let placed = place_invariants(prog, sources, invariants, input_file)?;
    invariant_set(&placed, input_file, spec, data_model, meta)
}

/// Where [`correctness_witness`] writes each invariant (see there), without duplicates.
pub fn place_invariants(
    prog: &Program,
    sources: &SourceMap,
    invariants: &[(Loc, String)],
    input_file: &Path,
) -> Result<Vec<PlacedInvariant>, Diag> {
    let bytes = read_input(input_file)?;
    let ctx = Ctx {
        prog,
        text: Text::new(bytes),
        files: input_file_ids(sources, input_file),
        names: CNames::new(prog),
    };
    let mut invs: Vec<(Loc, String)> = invariants.to_vec();
    if invs.is_empty() {
        for cfg in &prog.threads {
            for lp in &cfg.loops {
                invs.push((lp.loc, "1".into()));
            }
        }
        if invs.is_empty() {
            if let Some(&l) = prog
                .threads
                .first()
                .and_then(|c| c.loc_src.get(c.entry.0 as usize))
            {
                invs.push((l, "1".into()));
            }
        }
    }
    let mut placed: Vec<PlacedInvariant> = Vec::new();
    for (loc, value) in &invs {
        let Some(off) = ctx.offset(*loc) else {
            continue;
        };
        let (kind, at) = match ctx
            .text
            .condition_keyword(off, &["while", "for", "do"])
            .map(|(o, _)| o)
            .or_else(|| ctx.text.do_before(off))
        {
            Some(kw) => ("loop_invariant", ctx.text.line_col(kw)),
            // at the start of the statement (or declaration) the location is in
            None => {
                let start = match ctx.text.condition_keyword(off, &["if", "switch"]) {
                    Some((kw, _)) => kw,
                    None => ctx.text.stmt_start(off),
                };
                ("location_invariant", ctx.text.line_col(start))
            }
        };
        let p = PlacedInvariant {
            kind,
            line: at.0,
            column: at.1,
            function: function_at(prog, *loc),
            value: value.clone(),
        };
        if !placed.contains(&p) {
            placed.push(p);
        }
    }
    Ok(placed)
}

/// The witness text (one `invariant_set` entry) of placed invariants for `input_file`.
pub fn invariant_set(
    placed: &[PlacedInvariant],
    input_file: &Path,
    spec: &str,
    data_model: DataModel,
    meta: &WitnessMeta,
) -> Result<String, Diag> {
    let bytes = read_input(input_file)?;
    let hash = sha256_hex(&bytes);
    let file_name = input_file.to_string_lossy().into_owned();
    let items: Vec<Y> = placed
        .iter()
        .map(|p| {
            m(vec![(
                "invariant",
                m(vec![
                    ("type", s(p.kind)),
                    (
                        "location",
                        m(vec![
                            ("file_name", s(&file_name)),
                            ("line", Y::I(p.line as i64)),
                            ("column", Y::I(p.column as i64)),
                            ("function", s(&p.function)),
                        ]),
                    ),
                    ("value", s(&p.value)),
                    ("format", s("c_expression")),
                ]),
            )])
        })
        .collect();
    let entry = m(vec![
        ("entry_type", s("invariant_set")),
        (
            "metadata",
            metadata(meta, &file_name, &hash, spec, data_model),
        ),
        ("content", Y::L(items)),
    ]);
    Ok(to_yaml(&Y::L(vec![entry])))
}
