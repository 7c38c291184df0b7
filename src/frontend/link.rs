//! Linking translation units: several parsed `.c` files become one translation unit for
//! lowering, with C's linkage rules.
//!
//! - Names with external linkage are shared: a prototype or `extern` declaration in one unit
//!   and the definition in another meet at file scope of the merged unit (tentative definitions
//!   of the same variable in several units are one object, as with `-fcommon`).
//! - Names with internal linkage (`static` at file scope, and every file-scope declaration of a
//!   name that is `static` somewhere in its unit) stay private to their unit: when another unit
//!   declares the same name at file scope, the static one is renamed `name$stem` (`stem` is the
//!   unit's file name without extension) in every place of its unit where that file-scope name
//!   is visible (block-scope declarations shadow it; block-scope `extern` refers to it).
//! - Declarations that come from the same place of the same header in several units
//!   (typedefs, struct/union/enum definitions, prototypes, `static inline` helpers that need no
//!   renaming) are kept once.
//!
//! - Typedef names, enumeration constants and struct/union/enum tags are private to a unit as
//!   well: one defined in several units at different places is renamed `name$stem` in every unit
//!   after the first that defines it.
//!
//! - Weak definitions (`__attribute__((weak))`, `#pragma weak`) give way to a strong definition
//!   of the same name in another unit (or, all weak, to the first unit's), as the linker does.
//!
//! What is not modelled: two strong definitions with external linkage of one name (functions,
//! or objects given an initialiser) in two units are an input error in lowering, as for the
//! linker; a struct defined (identically) in two `.c`
//! files and passed between them gets two names, so the function types no longer match (an
//! input error, never a silent mix-up).

use crate::diag::SourceMap;
use crate::frontend::ast::*;
use std::collections::{HashMap, HashSet};

/// One parsed unit and the name of its file (for renamed statics).
pub struct ParsedUnit {
    pub name: String,
    pub tu: TranslationUnit,
}

/// Links `units` (the first one holds the entry point by convention, but any order works).
pub fn link(mut units: Vec<ParsedUnit>, sources: &SourceMap) -> TranslationUnit {
    if units.len() == 1 {
        return units.into_iter().next().unwrap().tu;
    }
    resolve_weak(&mut units);
    let weak: Vec<String> = units.iter().flat_map(|u| u.tu.weak.clone()).collect();
    let file_names: Vec<HashSet<String>> = units.iter().map(|u| file_scope_names(&u.tu)).collect();
    let mut stems_used: HashSet<String> = HashSet::new();
    let mut items = Vec::new();
    let mut seen: HashSet<(String, u32, u32, Vec<String>)> = HashSet::new();
    // where each typedef name, enumeration constant and tag was first defined
    let mut first_def: HashMap<(bool, String), LocKey> = HashMap::new();
    for (k, unit) in units.into_iter().enumerate() {
        let statics = internal_names(&unit.tu);
        let mut clashing: Vec<String> = statics
            .iter()
            .filter(|n| {
                file_names
                    .iter()
                    .enumerate()
                    .any(|(j, names)| j != k && names.contains(*n))
            })
            .cloned()
            .collect();
        let mut clashing_tags = Vec::new();
        for (is_tag, name, key) in type_definitions(&unit.tu, sources) {
            match first_def.get(&(is_tag, name.clone())) {
                None => {
                    first_def.insert((is_tag, name), key);
                }
                // the same header line in another unit: the same definition
                Some(k0) if *k0 == key => {}
                Some(_) if is_tag => clashing_tags.push(name),
                Some(_) => clashing.push(name),
            }
        }
        let mut tu = unit.tu;
        if !clashing.is_empty() || !clashing_tags.is_empty() {
            let mut stem = std::path::Path::new(&unit.name)
                .file_stem()
                .map(|s| {
                    s.to_string_lossy()
                        .replace(|c: char| !c.is_alphanumeric(), "_")
                })
                .unwrap_or_else(|| format!("u{k}"));
            if !stems_used.insert(stem.clone()) {
                stem = format!("{stem}{k}");
                stems_used.insert(stem.clone());
            }
            let map: HashMap<String, String> = clashing
                .into_iter()
                .map(|n| (n.clone(), format!("{n}${stem}")))
                .collect();
            let tags: HashMap<String, String> = clashing_tags
                .into_iter()
                .map(|n| (n.clone(), format!("{n}${stem}")))
                .collect();
            Renamer::new(&map, &tags).unit(&mut tu);
        }
        for item in tu.items {
            let key = item_key(&item, sources);
            if let Some(key) = key {
                if !seen.insert(key) {
                    continue;
                }
            }
            items.push(item);
        }
    }
    TranslationUnit { items, weak }
}

/// The names with external linkage a unit defines: function definitions and objects with an
/// initialiser (not `static`, not typedefs).
fn external_definitions(tu: &TranslationUnit) -> HashSet<String> {
    let statics = internal_names(tu);
    let mut out = HashSet::new();
    for item in &tu.items {
        match item {
            ExternalDecl::Function(f) => out.extend(f.declarator.name.clone()),
            ExternalDecl::Decl(d) if d.specs.storage != Some(StorageClass::Typedef) => {
                for id in &d.declarators {
                    if id.init.is_some() {
                        out.extend(id.declarator.name.clone());
                    }
                }
            }
            ExternalDecl::Decl(_) => {}
        }
    }
    out.retain(|n| !statics.contains(n));
    out
}

/// Weak definitions give way, as the linker decides: one in a unit where the name is weak
/// ([`TranslationUnit::weak`]) is dropped when another unit defines the name strongly, or, if
/// every definition is weak, when an earlier unit defines it. A dropped function definition
/// becomes its prototype; a dropped object definition loses its initialiser (the object stays
/// one, shared). Two strong definitions are left to the lowering, which rejects them.
fn resolve_weak(units: &mut [ParsedUnit]) {
    if units.iter().all(|u| u.tu.weak.is_empty()) {
        return;
    }
    let defs: Vec<HashSet<String>> = units.iter().map(|u| external_definitions(&u.tu)).collect();
    let strong = |n: &str, k: usize| {
        defs.iter()
            .enumerate()
            .any(|(j, d)| j != k && d.contains(n) && !units[j].tu.weak.iter().any(|w| w == n))
    };
    let mut drop: Vec<HashSet<String>> = vec![HashSet::new(); units.len()];
    for (k, d) in defs.iter().enumerate() {
        for n in d {
            if units[k].tu.weak.iter().any(|w| w == n)
                && (strong(n, k) || defs[..k].iter().any(|e| e.contains(n)))
            {
                drop[k].insert(n.clone());
            }
        }
    }
    for (u, names) in units.iter_mut().zip(drop) {
        if names.is_empty() {
            continue;
        }
        for item in u.tu.items.iter_mut() {
            match item {
                ExternalDecl::Function(f)
                    if f.declarator
                        .name
                        .as_ref()
                        .is_some_and(|n| names.contains(n)) =>
                {
                    *item = ExternalDecl::Decl(Declaration {
                        specs: f.specs.clone(),
                        declarators: vec![InitDeclarator {
                            declarator: f.declarator.clone(),
                            init: None,
                            align: Vec::new(),
                        }],
                        loc: f.loc,
                    });
                }
                ExternalDecl::Decl(d) => {
                    for id in d.declarators.iter_mut() {
                        if id
                            .declarator
                            .name
                            .as_ref()
                            .is_some_and(|n| names.contains(n))
                        {
                            id.init = None;
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// A definition's place: file name, line, column.
type LocKey = (String, u32, u32);

fn loc_key(loc: crate::diag::Loc, sources: &SourceMap) -> LocKey {
    let name = if (loc.file.0 as usize) < sources.len() {
        sources.name(loc.file).to_string()
    } else {
        String::new()
    };
    (name, loc.line, loc.col)
}

/// The file-scope type definitions of a unit: `(is_tag, name, place)` for typedef names,
/// enumeration constants (`is_tag` false: ordinary identifiers) and struct/union/enum tags
/// defined with a body.
fn type_definitions(tu: &TranslationUnit, sources: &SourceMap) -> Vec<(bool, String, LocKey)> {
    fn specs(sp: &DeclSpecs, sources: &SourceMap, out: &mut Vec<(bool, String, LocKey)>) {
        for t in &sp.types {
            match t {
                TypeSpec::Struct(st) => {
                    if let Some(fields) = &st.fields {
                        if let Some(tag) = &st.tag {
                            out.push((true, tag.clone(), loc_key(st.loc, sources)));
                        }
                        for f in fields {
                            specs(&f.specs, sources, out);
                        }
                    }
                }
                TypeSpec::Enum(en) => {
                    if let Some(es) = &en.enumerators {
                        if let Some(tag) = &en.tag {
                            out.push((true, tag.clone(), loc_key(en.loc, sources)));
                        }
                        for (n, _, l) in es {
                            out.push((false, n.clone(), loc_key(*l, sources)));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for item in &tu.items {
        match item {
            ExternalDecl::Function(f) => specs(&f.specs, sources, &mut out),
            ExternalDecl::Decl(d) => {
                specs(&d.specs, sources, &mut out);
                if d.specs.storage == Some(StorageClass::Typedef) {
                    for i in &d.declarators {
                        if let Some(n) = &i.declarator.name {
                            out.push((false, n.clone(), loc_key(i.declarator.loc, sources)));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Location and declared names of an item, for dropping the copies of one header declaration.
/// Object definitions (declarations that are neither typedefs, prototypes nor `extern`) are
/// always kept: tentative definitions of one name merge anyway.
fn item_key(item: &ExternalDecl, sources: &SourceMap) -> Option<(String, u32, u32, Vec<String>)> {
    let (loc, names) = match item {
        ExternalDecl::Function(f) => (f.loc, vec![f.declarator.name.clone().unwrap_or_default()]),
        ExternalDecl::Decl(d) => {
            let keeps_only_declarations = d.specs.storage == Some(StorageClass::Typedef)
                || d.specs.storage == Some(StorageClass::Extern)
                || d.declarators.iter().all(|i| {
                    i.init.is_none()
                        && matches!(i.declarator.derived.first(), Some(Derived::Function { .. }))
                });
            if !keeps_only_declarations {
                return None;
            }
            (
                d.loc,
                d.declarators
                    .iter()
                    .map(|i| i.declarator.name.clone().unwrap_or_default())
                    .collect(),
            )
        }
    };
    if (loc.file.0 as usize) >= sources.len() {
        return None;
    }
    Some((sources.name(loc.file).to_string(), loc.line, loc.col, names))
}

/// Every ordinary name declared at file scope (objects, functions, typedefs, enumerators).
fn file_scope_names(tu: &TranslationUnit) -> HashSet<String> {
    let mut out = HashSet::new();
    for item in &tu.items {
        match item {
            ExternalDecl::Function(f) => {
                out.extend(f.declarator.name.clone());
            }
            ExternalDecl::Decl(d) => {
                for i in &d.declarators {
                    out.extend(i.declarator.name.clone());
                }
                for t in &d.specs.types {
                    if let TypeSpec::Enum(EnumSpec {
                        enumerators: Some(es),
                        ..
                    }) = t
                    {
                        out.extend(es.iter().map(|e| e.0.clone()));
                    }
                }
            }
        }
    }
    out
}

/// File-scope names with internal linkage in one unit.
fn internal_names(tu: &TranslationUnit) -> HashSet<String> {
    let mut out = HashSet::new();
    for item in &tu.items {
        match item {
            ExternalDecl::Function(f) if f.specs.storage == Some(StorageClass::Static) => {
                out.extend(f.declarator.name.clone());
            }
            ExternalDecl::Decl(d) if d.specs.storage == Some(StorageClass::Static) => {
                for i in &d.declarators {
                    out.extend(i.declarator.name.clone());
                }
            }
            _ => {}
        }
    }
    out
}

/// Renames uses of file-scope names of one unit, honouring block scopes.
struct Renamer<'m> {
    /// Ordinary identifiers (statics, typedef names, enumeration constants).
    map: &'m HashMap<String, String>,
    /// struct/union/enum tags.
    tags: &'m HashMap<String, String>,
    /// Ordinary names declared in the enclosing block scopes (innermost last); tags declared
    /// there are kept as `struct NAME`.
    scopes: Vec<HashSet<String>>,
}

impl<'m> Renamer<'m> {
    fn new(map: &'m HashMap<String, String>, tags: &'m HashMap<String, String>) -> Self {
        Renamer {
            map,
            tags,
            scopes: Vec::new(),
        }
    }

    fn rename_tag(&mut self, tag: &mut Option<String>, defined_here: bool) {
        let Some(t) = tag else { return };
        let key = format!("struct {t}");
        if defined_here && !self.scopes.is_empty() {
            self.declare_local(&key);
            return;
        }
        if !self.shadowed(&key) {
            if let Some(m) = self.tags.get(t.as_str()) {
                *t = m.clone();
            }
        }
    }

    fn shadowed(&self, n: &str) -> bool {
        self.scopes.iter().any(|s| s.contains(n))
    }

    fn rename_use(&self, n: &mut String) {
        if !self.shadowed(n) {
            if let Some(m) = self.map.get(n.as_str()) {
                *n = m.clone();
            }
        }
    }

    fn declare_local(&mut self, n: &str) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(n.to_string());
        }
    }

    fn unit(&mut self, tu: &mut TranslationUnit) {
        for item in &mut tu.items {
            match item {
                ExternalDecl::Function(f) => {
                    self.specs(&mut f.specs);
                    if let Some(n) = &mut f.declarator.name {
                        self.rename_use(n);
                    }
                    self.scopes.push(HashSet::new());
                    // parameters are in the scope of the body
                    if let Some(Derived::Function { params, .. }) = f.declarator.derived.first_mut()
                    {
                        for p in params.iter_mut() {
                            self.specs(&mut p.specs);
                            self.derived(&mut p.declarator.derived);
                            if let Some(n) = &p.declarator.name {
                                self.declare_local(n);
                            }
                        }
                    }
                    for d in f.declarator.derived.iter_mut().skip(1) {
                        self.one_derived(d);
                    }
                    self.stmt(&mut f.body);
                    self.scopes.pop();
                }
                ExternalDecl::Decl(d) => self.decl(d, true),
            }
        }
    }

    fn decl(&mut self, d: &mut Declaration, file_scope: bool) {
        self.specs(&mut d.specs);
        let is_extern = d.specs.storage == Some(StorageClass::Extern);
        for i in &mut d.declarators {
            self.derived(&mut i.declarator.derived);
            if let Some(n) = &mut i.declarator.name {
                if file_scope {
                    self.rename_use(n);
                } else if is_extern && self.map.contains_key(n.as_str()) && !self.shadowed(n) {
                    // block-scope `extern` names the file-scope object
                    let m = self.map[n.as_str()].clone();
                    *n = m;
                } else if !is_extern
                    || matches!(i.declarator.derived.first(), Some(Derived::Function { .. }))
                {
                    self.declare_local(&n.clone());
                }
            }
            if let Some(init) = &mut i.init {
                self.init(init);
            }
        }
    }

    fn specs(&mut self, s: &mut DeclSpecs) {
        for t in &mut s.types {
            match t {
                TypeSpec::TypeofExpr(e) => self.expr(e),
                TypeSpec::TypeofType(tn) => self.type_name(tn),
                TypeSpec::TypedefName(n) => self.rename_use(n),
                TypeSpec::Struct(st) => {
                    self.rename_tag(&mut st.tag, st.fields.is_some());
                    if let Some(fields) = &mut st.fields {
                        for f in fields {
                            self.specs(&mut f.specs);
                            for (d, w) in &mut f.declarators {
                                if let Some(d) = d {
                                    self.derived(&mut d.derived);
                                }
                                if let Some(w) = w {
                                    self.expr(w);
                                }
                            }
                        }
                    }
                }
                TypeSpec::Enum(en) => {
                    self.rename_tag(&mut en.tag, en.enumerators.is_some());
                    if let Some(es) = &mut en.enumerators {
                        for (name, v, _) in es {
                            if let Some(v) = v {
                                self.expr(v);
                            }
                            if self.scopes.is_empty() {
                                self.rename_use(name);
                            } else {
                                self.declare_local(&name.clone());
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn derived(&mut self, ds: &mut [Derived]) {
        for d in ds {
            self.one_derived(d);
        }
    }

    fn one_derived(&mut self, d: &mut Derived) {
        match d {
            Derived::Array(Some(e)) => self.expr(e),
            Derived::Function { params, .. } => {
                // prototype scope: parameter names shadow only inside the prototype
                self.scopes.push(HashSet::new());
                for p in params {
                    self.specs(&mut p.specs);
                    self.derived(&mut p.declarator.derived);
                    if let Some(n) = &p.declarator.name {
                        self.declare_local(n);
                    }
                }
                self.scopes.pop();
            }
            _ => {}
        }
    }

    fn type_name(&mut self, tn: &mut TypeName) {
        self.specs(&mut tn.specs);
        self.derived(&mut tn.declarator.derived);
    }

    fn init(&mut self, i: &mut Initializer) {
        match i {
            Initializer::Expr(e) => self.expr(e),
            Initializer::List(items, _) => {
                for (ds, i) in items {
                    for d in ds {
                        match d {
                            Designator::Index(e) => self.expr(e),
                            Designator::Range(a, b) => {
                                self.expr(a);
                                self.expr(b);
                            }
                            Designator::Field(_) => {}
                        }
                    }
                    self.init(i);
                }
            }
        }
    }

    fn block_item(&mut self, it: &mut BlockItem) {
        match it {
            BlockItem::Decl(d) => self.decl(d, false),
            BlockItem::Stmt(s) => self.stmt(s),
        }
    }

    fn stmt(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Compound(items) => {
                self.scopes.push(HashSet::new());
                for it in items {
                    self.block_item(it);
                }
                self.scopes.pop();
            }
            StmtKind::Expr(Some(e)) | StmtKind::Return(Some(e)) => self.expr(e),
            StmtKind::If(c, a, b) => {
                self.expr(c);
                self.stmt(a);
                if let Some(b) = b {
                    self.stmt(b);
                }
            }
            StmtKind::While(c, b) | StmtKind::Switch(c, b) | StmtKind::Case(c, b) => {
                self.expr(c);
                self.stmt(b);
            }
            StmtKind::DoWhile(b, c) => {
                self.stmt(b);
                self.expr(c);
            }
            StmtKind::For(init, c, step, b) => {
                self.scopes.push(HashSet::new());
                if let Some(i) = init {
                    self.block_item(i);
                }
                if let Some(c) = c {
                    self.expr(c);
                }
                if let Some(st) = step {
                    self.expr(st);
                }
                self.stmt(b);
                self.scopes.pop();
            }
            StmtKind::CaseRange(a, c, b) => {
                self.expr(a);
                self.expr(c);
                self.stmt(b);
            }
            StmtKind::Default(b) | StmtKind::Labeled(_, b) => self.stmt(b),
            StmtKind::Expr(None)
            | StmtKind::Return(None)
            | StmtKind::Goto(_)
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Asm(_) => {}
        }
    }

    fn expr(&mut self, e: &mut Expr) {
        match &mut e.kind {
            ExprKind::Ident(n) => self.rename_use(n),
            ExprKind::IntLit { .. }
            | ExprKind::FloatLit(_)
            | ExprKind::CharLit(_)
            | ExprKind::StringLit(_)
            | ExprKind::WideStringLit(..) => {}
            ExprKind::Unary(_, a)
            | ExprKind::IncDec { arg: a, .. }
            | ExprKind::SizeofExpr(a)
            | ExprKind::Member { base: a, .. } => self.expr(a),
            ExprKind::Binary(_, a, b)
            | ExprKind::Assign(_, a, b)
            | ExprKind::Comma(a, b)
            | ExprKind::Index(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::Cond(a, b, c) => {
                self.expr(a);
                self.expr(b);
                self.expr(c);
            }
            ExprKind::Cast(t, a) => {
                self.type_name(t);
                self.expr(a);
            }
            ExprKind::SizeofType(t) | ExprKind::AlignofType(t) => self.type_name(t),
            ExprKind::BuiltinOffsetof(t, _) => self.type_name(t),
            ExprKind::Call(f, args) => {
                self.expr(f);
                for a in args {
                    self.expr(a);
                }
            }
            ExprKind::CompoundLit(t, i) => {
                self.type_name(t);
                self.init(i);
            }
            ExprKind::StmtExpr(s) => self.stmt(s),
            ExprKind::Quantifier { decl, body, .. } => {
                self.scopes.push(HashSet::new());
                self.decl(decl, false);
                self.expr(body);
                self.scopes.pop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::parse::parse_str;

    fn units(srcs: &[(&str, &str)]) -> (TranslationUnit, SourceMap) {
        let mut sm = SourceMap::new();
        let parsed = srcs
            .iter()
            .map(|(name, text)| ParsedUnit {
                name: name.to_string(),
                tu: parse_str(&format!("# 1 \"{name}\"\n{text}"), &mut sm).unwrap(),
            })
            .collect();
        (link(parsed, &sm), sm)
    }

    fn idents(e: &Expr, out: &mut Vec<String>) {
        match &e.kind {
            ExprKind::Ident(n) => out.push(n.clone()),
            ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) => {
                idents(a, out);
                idents(b, out);
            }
            ExprKind::Call(f, args) => {
                idents(f, out);
                args.iter().for_each(|a| idents(a, out));
            }
            _ => {}
        }
    }

    /// Identifiers used by the expression statements and returns of function `f`.
    fn used_in(tu: &TranslationUnit, f: &str) -> Vec<String> {
        let mut out = Vec::new();
        for it in &tu.items {
            if let ExternalDecl::Function(fd) = it {
                if fd.declarator.name.as_deref() == Some(f) {
                    let StmtKind::Compound(items) = &fd.body.kind else {
                        panic!()
                    };
                    for i in items {
                        if let BlockItem::Stmt(Stmt {
                            kind: StmtKind::Expr(Some(e)) | StmtKind::Return(Some(e)),
                            ..
                        }) = i
                        {
                            idents(e, &mut out);
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn statics_stay_private_when_another_unit_uses_the_name() {
        let (tu, _) = units(&[
            (
                "main.c",
                "int count; int get(void); int main(void) { count = 1; return get(); }",
            ),
            (
                "drv.c",
                "static int count; static int helper(void) { return count; } \
                 int get(void) { int r = helper(); return r + count; } \
                 int sh(void) { int count = 5; return count; }",
            ),
        ]);
        assert_eq!(used_in(&tu, "main"), ["count", "get"]);
        // drv.c's static `count` is renamed; `helper` clashes with nothing and keeps its name;
        // the block-scope `count` shadows the static
        assert_eq!(used_in(&tu, "get"), ["r", "count$drv"]);
        assert_eq!(used_in(&tu, "sh"), ["count"]);
        assert!(used_in(&tu, "helper").contains(&"count$drv".to_string()));
    }

    #[test]
    fn types_defined_differently_in_two_units_are_renamed_and_header_copies_kept_once() {
        let header = "typedef unsigned u32; struct pkt { u32 len; };";
        let (tu, _) = units(&[
            ("a.c", &format!("{header} typedef char t; struct s {{ t x; }}; int fa(void) {{ return sizeof(struct s); }}")),
            ("b.c", &format!("{header} typedef int t; struct s {{ t x; }}; int fb(void) {{ return sizeof(struct s); }}")),
        ]);
        let mut typedefs = Vec::new();
        let mut tags = Vec::new();
        for it in &tu.items {
            if let ExternalDecl::Decl(d) = it {
                if d.specs.storage == Some(StorageClass::Typedef) {
                    typedefs.extend(
                        d.declarators
                            .iter()
                            .map(|i| i.declarator.name.clone().unwrap()),
                    );
                }
                for t in &d.specs.types {
                    if let TypeSpec::Struct(StructSpec {
                        tag: Some(tag),
                        fields: Some(_),
                        ..
                    }) = t
                    {
                        tags.push(tag.clone());
                    }
                }
            }
        }
        // the header lines come from the same place in both units only when they are in one
        // file; here each unit has its own copy at a different file name, so b's are renamed
        assert_eq!(typedefs, ["u32", "t", "u32$b", "t$b"]);
        assert_eq!(tags, ["pkt", "s", "pkt$b", "s$b"]);
    }

    /// The function names with a body and the objects with an initialiser in a linked unit.
    fn definitions(tu: &TranslationUnit) -> (Vec<String>, Vec<String>) {
        let mut funcs = Vec::new();
        let mut objs = Vec::new();
        for it in &tu.items {
            match it {
                ExternalDecl::Function(f) => funcs.push(f.declarator.name.clone().unwrap()),
                ExternalDecl::Decl(d) => objs.extend(
                    d.declarators
                        .iter()
                        .filter(|i| i.init.is_some())
                        .map(|i| i.declarator.name.clone().unwrap()),
                ),
            }
        }
        (funcs, objs)
    }

    #[test]
    fn weak_definitions_give_way_to_strong_ones_in_other_units() {
        let (tu, _) = units(&[
            (
                "lib.c",
                "int __attribute__((weak)) rate = 1; \
                 __attribute__((__weak__)) int init(void) { return 0; } \
                 int id(void) __attribute__((weak)); int id(void) { return 7; } \
                 int both(void) __attribute__((weak)); int both(void) { return 1; }",
            ),
            (
                "app.c",
                "int rate = 2; int init(void) { return 1; } \
                 int __attribute__((weak)) both(void) { return 2; } \
                 int main(void) { return init() + id() + both() + rate; }",
            ),
        ]);
        assert_eq!(tu.weak, ["rate", "init", "id", "both", "both"]);
        let (funcs, objs) = definitions(&tu);
        // init and rate: app's strong ones; id: lib's weak one, alone; both: weak in both
        // units, the first unit's is kept
        assert_eq!(funcs, ["id", "both", "init", "main"]);
        assert_eq!(objs, ["rate"]);
        // a weak name local to a function body is not the unit's
        let (tu, _) = units(&[
            (
                "a.c",
                "int f(void) { int __attribute__((weak)) x; return 0; }",
            ),
            ("b.c", "int g(void) { return 1; }"),
        ]);
        assert!(tu.weak.is_empty());
        // two strong definitions are both kept (the lowering rejects them)
        let (tu, _) = units(&[
            ("a.c", "int f(void) { return 1; }"),
            ("b.c", "int f(void) { return 2; }"),
        ]);
        assert_eq!(definitions(&tu).0, ["f", "f"]);
    }
}
