//! Independent proof checking of SUCCESSFUL verdicts: the [`Certificate`] an engine hands over
//! in its [`Outcome`](crate::verdict::Outcome), and [`check`], which verifies it in fresh Yices
//! contexts. This module shares only the IR and the expression encoder ([`crate::smt`]) with the
//! engines; the CFG between cut points is encoded by its own [`region`] walker.
//!
//! A certificate for the main thread's CFG labels *cut points* (loop heads, targets of
//! backward edges, and any other location the engine labels) with formulas over the program
//! variables, under the engine's integer [`Semantics`]. The checker verifies:
//! - **initiation**: every path from the program start (globals at their initial values, locals
//!   arbitrary) to its first cut point ends in a state satisfying that cut point's label, and
//!   takes no bad edge (error or unsupported);
//! - **consecution**: from every cut point, every loop-free path to the next cut point maps a
//!   state satisfying the first label to one satisfying the second;
//! - **safety**: with `k = 1`, no such path from a labelled state takes a bad edge; with
//!   `k > 1` (k-induction), the base case (no execution with fewer than `k` arrivals at cut
//!   points takes a bad edge) and the inductive step (from any cut-point state satisfying the
//!   labels, `k - 1` bad-free blocks, each ending in labelled states, cannot be followed by a
//!   bad edge) are both re-checked.
//!
//! Together these prove that no execution takes a bad edge: initiation and consecution make
//! the labels hold at every arrival at a cut point (every cycle passes one, checked here), and
//! safety excludes bad edges after any arrival. Facts used at cut-point starts besides the
//! labels: under `WrappedInt` every value is within its type's range (true of every C value);
//! variables written on no edge reachable from a cut point keep the value they had at the first
//! arrival (computed here from the CFG).
//!
//! Every solver query runs with a timeout; an Unknown answer gives
//! [`CheckError::Inconclusive`], a satisfiable one [`CheckError::Refuted`] naming the failed
//! obligation.

pub mod cache;
pub mod esst;
pub mod region;
pub mod shrink;
#[cfg(test)]
mod tests;
pub mod unrolling;
#[cfg(test)]
mod unrolling_tests;

use crate::ir::{Expr, LocId, Program, VarId};
use crate::smt::{Context, Encoder, SatResult, Semantics, Term};
use region::{choice, fresh_value, merge, walk, Overrides};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The labels of a certificate.
#[derive(Clone, Debug, PartialEq)]
pub enum Labels {
    /// Disjunctions over `canon` (one constant per program variable, in [`VarId`] order):
    /// each disjunct fixes some variables to values and states a term over the constants.
    /// The checker treats each disjunct of a start label as its own case, with the fixed
    /// values substituted (so operations on them are evaluated exactly).
    Terms {
        canon: Vec<Term>,
        at: Vec<(LocId, Vec<Disjunct>)>,
    },
    /// Conjunctions of IR expressions.
    Exprs(Vec<(LocId, Vec<Expr>)>),
    /// A threaded program's complete ARF (ESST): checked by [`esst::check_arf`]; `k` and
    /// `exhaustive` do not apply.
    Threaded(Box<esst::ArfCertificate>),
    /// A threaded program's bounded unrolling (partial-order BMC): checked by
    /// [`unrolling::check_unrolling`]; `k` and `exhaustive` do not apply.
    Unrolling(Box<unrolling::UnrollingCertificate>),
}

/// One disjunct of a label: `fixed` variables equal their values and `rest` holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Disjunct {
    pub fixed: Vec<(VarId, i128)>,
    pub rest: Term,
}

/// A safety proof of `threads[0]` as an engine states it (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct Certificate {
    /// The engine that produced it (for messages).
    pub engine: &'static str,
    /// The semantics the labels are stated in and the check encodes the program with.
    pub sem: Semantics,
    pub labels: Labels,
    /// 1: the labels exclude bad edges directly; more: safety by k-induction.
    pub k: u32,
    /// The engine unrolled every execution completely (BMC with no reachable unwinding cut):
    /// the checker follows every execution from the start, block by block, until none arrives
    /// at a cut point, and checks that none takes a bad edge (labels are not used).
    pub exhaustive: bool,
}

/// The most cut-point arrivals an exhaustive check follows.
const MAX_EXHAUSTIVE_BLOCKS: u32 = 100_000;

/// Why a certificate was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// An obligation is violated: the certificate does not prove the program safe.
    Refuted(String),
    /// The solver gave up or the time ran out.
    Inconclusive(String),
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckError::Refuted(s) => write!(f, "refuted: {s}"),
            CheckError::Inconclusive(s) => write!(f, "inconclusive: {s}"),
        }
    }
}

/// What a successful check did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CheckStats {
    pub queries: u64,
    pub time: Duration,
    /// What the proof additionally rests on when the check was not complete (threaded
    /// certificates: partial-order reduction); the verdict carries it.
    pub note: Option<String>,
    /// Threaded certificates: the transitions partial-order reduction pruned whose successor
    /// the certificate does not cover, justified by the checker's POR argument; pruned ones
    /// checked directly (covered); pruned ones not re-checked.
    pub por: Option<[u64; 3]>,
    /// What the check covered and what it did not re-check, for the statistics (unrolling
    /// certificates).
    pub detail: Option<String>,
    /// The obligations discharged, by kind.
    pub obligations: Obligations,
}

/// The obligations a check discharged, by kind (the `obligations` of `--json`'s
/// `proof_check_detail`); zero where the certificate's kind has none. One solver query can
/// discharge several (all obligations of one cut-point case are asked together).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Obligations {
    /// Labelled cut points (loop heads and other labelled locations).
    pub cut_points: u64,
    /// Start cases: one per disjunct of a cut point's label (an unlabelled cut point: one).
    pub cases: u64,
    /// Paths from the program start to a first cut point, each ending in its label.
    pub initiation: u64,
    /// Paths from a labelled cut point to the next one, each ending in the next label.
    pub consecution: u64,
    /// Bad edges (error, unsupported) shown unreachable, before the first cut point or from a
    /// labelled one (k = 1).
    pub safety: u64,
    /// k-induction: base-case blocks checked (executions with fewer than k arrivals).
    pub base_case: u64,
    /// k-induction: inductive steps checked (0 or 1).
    pub inductive_step: u64,
    /// Complete unrolling: blocks (cut-point arrivals) followed from the start.
    pub blocks: u64,
    /// Threaded certificates: ARF nodes whose successors were checked.
    pub nodes: u64,
    /// Threaded certificates: transitions checked (successors of nodes).
    pub transitions: u64,
}

/// What the proof check of a run checked (`--json`'s `proof_check_detail`, see
/// `docs/json.md`): made by [`summary`] from the certificate and the check's result.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CheckSummary {
    /// `invariants` (labels, k = 1), `k_induction`, `complete_unrolling`, `threaded_arf` or
    /// `bounded_unrolling`.
    pub kind: String,
    /// The engine that produced the certificate.
    pub engine: String,
    /// `passed`, `refuted` or `inconclusive`.
    pub result: String,
    /// The k of a k-induction certificate (1 otherwise).
    pub k: u32,
    pub time: Duration,
    /// Solver queries (a passed check only).
    pub queries: Option<u64>,
    /// The obligations discharged (a passed check only).
    pub obligations: Option<Obligations>,
    /// What the check trusts without re-checking it: the shared IR and encoder always, and
    /// per kind the parts a certificate does not cover (partial-order reduction, unmodelled
    /// copies, the unrolling's step encoding).
    pub rests_on: Vec<String>,
    /// The failed obligation or why the check gave up (refuted, inconclusive).
    pub why: Option<String>,
}

/// The kind of a certificate, as [`CheckSummary::kind`] names it.
pub fn kind_name(cert: &Certificate) -> &'static str {
    match &cert.labels {
        Labels::Threaded(_) => "threaded_arf",
        Labels::Unrolling(_) => "bounded_unrolling",
        _ if cert.exhaustive => "complete_unrolling",
        _ if cert.k > 1 => "k_induction",
        _ => "invariants",
    }
}

/// What the driver reports about the check of `cert` that gave `result` in `time`.
pub fn summary(
    cert: &Certificate,
    result: &Result<CheckStats, CheckError>,
    time: Duration,
) -> CheckSummary {
    let mut rests_on = vec![
        "the IR (the front end's lowering) and the expression encoder, shared with the engines"
            .to_string(),
    ];
    let (res, queries, obligations, why) = match result {
        Ok(st) => {
            if let Some(n) = &st.note {
                rests_on.extend(
                    n.split("; ")
                        .map(|p| p.strip_prefix("proof check: ").unwrap_or(p).to_string()),
                );
            }
            if let Some(d) = &st.detail {
                if let Some((_, unchecked)) = d.split_once("unchecked: ") {
                    rests_on.push(unchecked.to_string());
                }
            }
            (
                "passed",
                Some(st.queries),
                Some(st.obligations.clone()),
                None,
            )
        }
        Err(CheckError::Refuted(w)) => ("refuted", None, None, Some(w.clone())),
        Err(CheckError::Inconclusive(w)) => ("inconclusive", None, None, Some(w.clone())),
    };
    CheckSummary {
        kind: kind_name(cert).to_string(),
        engine: cert.engine.to_string(),
        result: res.to_string(),
        k: cert.k.max(1),
        time,
        queries,
        obligations,
        rests_on,
        why,
    }
}

struct Checker<'a> {
    prog: &'a Program,
    cfg: &'a crate::ir::Cfg,
    enc: Encoder,
    cuts: Vec<bool>,
    /// Cut points in location order.
    cut_list: Vec<LocId>,
    /// Label of every cut point over `canon` as disjuncts (absent: true).
    label: HashMap<LocId, Vec<Disjunct>>,
    canon: Vec<Term>,
    deadline: Option<Instant>,
    stats: CheckStats,
    /// Cases proved by earlier checks of this program (k = 1 only).
    cache: Option<&'a mut cache::CaseCache>,
}

/// Checks `cert` against `prog` within `budget` (see the module doc).
pub fn check(
    prog: &Program,
    cert: &Certificate,
    budget: Option<Duration>,
) -> Result<CheckStats, CheckError> {
    check_with(prog, cert, budget, None)
}

/// [`check`], reusing the consecution cases `cache` holds from earlier checks of `prog` (see
/// [`cache`]) and adding those this check proves. For many checks of one program whose labels
/// differ in parts (k = 1); other certificates are checked as by [`check`].
pub fn check_cached(
    prog: &Program,
    cert: &Certificate,
    budget: Option<Duration>,
    cache: &mut cache::CaseCache,
) -> Result<CheckStats, CheckError> {
    check_with(prog, cert, budget, Some(cache))
}

fn check_with<'a>(
    prog: &'a Program,
    cert: &Certificate,
    budget: Option<Duration>,
    mut cache: Option<&'a mut cache::CaseCache>,
) -> Result<CheckStats, CheckError> {
    let start = Instant::now();
    if let Labels::Threaded(arf) = &cert.labels {
        let r = esst::check_arf(prog, arf, cert.sem, budget)?;
        let obligations = Obligations {
            initiation: 1,
            nodes: arf.nodes.len() as u64,
            transitions: r.transitions,
            ..Obligations::default()
        };
        return Ok(CheckStats {
            note: r.note(),
            por: Some([r.por_argued, r.por_direct, r.por_dependent]),
            obligations,
            ..r.stats
        });
    }
    if let Labels::Unrolling(u) = &cert.labels {
        return unrolling::check_unrolling(prog, u, budget);
    }
    let Some(cfg) = prog.threads.first() else {
        return Err(CheckError::Refuted("program has no main thread".into()));
    };
    if prog.is_concurrent() {
        return Err(CheckError::Refuted(
            "a sequential certificate for a concurrent program".into(),
        ));
    }
    let enc = Encoder::new(cert.sem);
    let n = cfg.num_locs as usize;
    let mut cuts = vec![false; n];
    for lp in &cfg.loops {
        cuts[lp.head.0 as usize] = true;
    }
    for e in &cfg.edges {
        if e.to <= e.from {
            cuts[e.to.0 as usize] = true;
        }
    }
    let (canon, given): (Vec<Term>, Vec<(LocId, Vec<Disjunct>)>) = match &cert.labels {
        Labels::Terms { canon, at } => (canon.clone(), at.clone()),
        Labels::Threaded(_) | Labels::Unrolling(_) => {
            return Err(CheckError::Refuted("unreachable".into()))
        }
        Labels::Exprs(at) => {
            // with a cache, the same constants in every check (equal labels, equal terms)
            let kept = cache
                .as_ref()
                .and_then(|c| c.canon.clone())
                .filter(|c| c.len() == prog.vars.len());
            let canon: Vec<Term> = kept.unwrap_or_else(|| {
                prog.vars
                    .iter()
                    .map(|v| Term::var(&format!("chk!canon!{}", v.name), enc.sort(v.ty)))
                    .collect()
            });
            if let Some(c) = cache.as_mut() {
                c.canon = Some(canon.clone());
            }
            let term = |e: &Expr| enc.expr(e, &prog.vars, &mut |v| canon[v.0 as usize]);
            let at = at
                .iter()
                .map(|(l, es)| {
                    // the label as the disjuncts of its DNF when not too many, with the
                    // variables each fixes: the shape of the engines' labels, which the check
                    // splits by case and simplifies by the fixed values (one large formula
                    // and its negation made single queries time out on toy.cil.c)
                    let ds = match label_cubes(prog, es, EXPR_CUBES) {
                        Some(cubes) => cubes
                            .into_iter()
                            .map(|(fixed, rest)| Disjunct {
                                fixed,
                                rest: Term::and(&rest.iter().map(term).collect::<Vec<_>>()),
                            })
                            .collect(),
                        None => vec![Disjunct {
                            fixed: Vec::new(),
                            rest: Term::and(&es.iter().map(term).collect::<Vec<_>>()),
                        }],
                    };
                    (*l, ds)
                })
                .collect();
            (canon, at)
        }
    };
    if canon.len() != prog.vars.len() {
        return Err(CheckError::Refuted(
            "certificate has the wrong variables".into(),
        ));
    }
    let mut label: HashMap<LocId, Vec<Disjunct>> = HashMap::new();
    for (l, t) in given {
        if l.0 as usize >= n || l == cfg.error || l == cfg.exit {
            return Err(CheckError::Refuted(format!(
                "label at location {} that cannot be a cut point",
                l.0
            )));
        }
        if t.iter()
            .any(|d| d.fixed.iter().any(|(v, _)| v.0 as usize >= prog.vars.len()))
        {
            return Err(CheckError::Refuted(
                "a label fixes an unknown variable".into(),
            ));
        }
        cuts[l.0 as usize] = true;
        if label.insert(l, t).is_some() {
            return Err(CheckError::Refuted(format!(
                "two labels at location {}",
                l.0
            )));
        }
    }
    let cut_list: Vec<LocId> = (0..n as u32)
        .map(LocId)
        .filter(|l| cuts[l.0 as usize])
        .collect();
    let mut ck = Checker {
        prog,
        cfg,
        enc,
        cuts,
        cut_list,
        label,
        canon,
        deadline: budget.map(|b| start + b),
        stats: CheckStats::default(),
        cache: if cert.k <= 1 && !cert.exhaustive {
            cache
        } else {
            None
        },
    };
    if let Some(c) = ck.cache.as_mut() {
        c.enter(cache::Shape {
            sem: cert.sem,
            cuts: ck.cuts.clone(),
            vars: prog.vars.len(),
            edges: cfg.edges.len(),
        });
    }
    ck.stats.obligations.cut_points = ck.label.len() as u64;
    if cert.exhaustive {
        ck.exhaustive()?;
    } else {
        ck.run(cert.k.max(1))?;
    }
    ck.stats.time = start.elapsed();
    Ok(ck.stats)
}

/// A label's cube: the integer variables it fixes, with their values, and its other literals.
type Cube = (Vec<(VarId, i128)>, Vec<Expr>);

/// Most disjuncts a label given as expressions is split into (see [`label_cubes`]).
const EXPR_CUBES: usize = 2048;

/// The conjunction of `es` as a disjunction of cubes over its `&&`/`||` structure (other
/// subexpressions are literals), each as (the integer variables it fixes, with their values;
/// its other literals); cubes fixing one variable to two values are left out. None when there
/// would be more than `limit` cubes.
fn label_cubes(prog: &Program, es: &[Expr], limit: usize) -> Option<Vec<Cube>> {
    use crate::ir::{BinOp, Type};
    type Cubes = Vec<Vec<Expr>>;
    fn product(a: Cubes, b: Cubes, limit: usize) -> Option<Cubes> {
        if a.len().saturating_mul(b.len()) > limit {
            return None;
        }
        Some(
            a.iter()
                .flat_map(|x| {
                    b.iter().map(move |y| {
                        let mut c = x.clone();
                        c.extend(y.iter().cloned());
                        c
                    })
                })
                .collect(),
        )
    }
    fn cubes(e: &Expr, limit: usize) -> Option<Cubes> {
        match e {
            Expr::Binary(BinOp::And, a, b) => product(cubes(a, limit)?, cubes(b, limit)?, limit),
            Expr::Binary(BinOp::Or, a, b) => {
                let mut x = cubes(a, limit)?;
                x.extend(cubes(b, limit)?);
                (x.len() <= limit).then_some(x)
            }
            Expr::Const(k, Type::Bool) => Some(if *k != 0 {
                vec![Vec::new()]
            } else {
                Vec::new()
            }),
            _ => Some(vec![vec![e.clone()]]),
        }
    }
    let mut all: Cubes = vec![Vec::new()];
    for e in es {
        all = product(all, cubes(e, limit)?, limit)?;
    }
    let mut out = Vec::new();
    'cube: for c in all {
        let mut fixed: Vec<(VarId, i128)> = Vec::new();
        let mut rest: Vec<Expr> = Vec::new();
        for l in c {
            let eq = match &l {
                Expr::Binary(BinOp::Eq, a, b) => match (&**a, &**b) {
                    (Expr::Var(v), Expr::Const(k, t)) | (Expr::Const(k, t), Expr::Var(v))
                        if matches!(t, Type::Int { .. }) && prog.var(*v).ty == *t =>
                    {
                        Some((*v, *k))
                    }
                    _ => None,
                },
                _ => None,
            };
            match eq {
                Some((v, k)) => match fixed.iter().find(|(w, _)| *w == v) {
                    Some((_, j)) if *j != k => continue 'cube,
                    Some(_) => {}
                    None => fixed.push((v, k)),
                },
                None => rest.push(l),
            }
        }
        out.push((fixed, rest));
    }
    Some(out)
}

/// A symbolic state at cut points: exclusive guards per cut point and one valuation.
struct ChainState {
    at: Vec<(LocId, Term)>,
    vals: Vec<Term>,
}

impl<'a> Checker<'a> {
    fn label_at(&self, l: LocId, vals: &[Term]) -> Term {
        match self.label.get(&l) {
            None => Term::tt(),
            Some(ds) => Term::or(
                &ds.iter()
                    .map(|d| self.disjunct_at(d, vals))
                    .collect::<Vec<_>>(),
            ),
        }
    }

    fn disjunct_at(&self, d: &Disjunct, vals: &[Term]) -> Term {
        // A fixed value the valuation contradicts (both constants, different) makes the whole
        // disjunct false: stop before building the rest (the common case when the start
        // values are fixed; substituting `rest` dominated the check).
        let mut parts: Vec<Term> = Vec::with_capacity(d.fixed.len() + 1);
        for (v, k) in &d.fixed {
            let ty = self.prog.var(*v).ty;
            let e = vals[v.0 as usize].eq(self.enc.constant(ty.wrap(*k), ty));
            if e.is_false() {
                return Term::ff();
            }
            if !e.is_true() {
                parts.push(e);
            }
        }
        parts.push(if d.rest.is_true() || d.rest.is_false() {
            d.rest
        } else {
            d.rest.subst(&self.canon, vals)
        });
        Term::and(&parts)
    }

    /// The cases of a start label: (input valuation with the fixed values substituted, the
    /// disjunct's remaining fact over that valuation). No label: one case, no fact.
    fn start_cases(&self, l: LocId) -> Vec<(Option<Disjunct>, Vec<Term>, Term)> {
        match self.label.get(&l) {
            None => vec![(None, self.canon.clone(), Term::tt())],
            Some(ds) => ds
                .iter()
                .filter(|d| !d.rest.is_false())
                .map(|d| {
                    let mut vals = self.canon.clone();
                    for (v, k) in &d.fixed {
                        let ty = self.prog.var(*v).ty;
                        vals[v.0 as usize] = self.enc.constant(ty.wrap(*k), ty);
                    }
                    let rest = if d.rest.is_true() {
                        d.rest
                    } else {
                        d.rest.subst(&self.canon, &vals)
                    };
                    (Some(d.clone()), vals, rest)
                })
                .collect(),
        }
    }

    fn full(&self, input: &[Term], over: &Overrides) -> Vec<Term> {
        let mut v = input.to_vec();
        for (x, t) in over {
            v[x.0 as usize] = *t;
        }
        v
    }

    /// Asks whether `defs ∧ goal` is satisfiable (in a fresh context); Unsat is the expected
    /// answer.
    fn unsat(
        &mut self,
        defs: &[Term],
        goal: Term,
        what: &dyn Fn() -> String,
    ) -> Result<(), CheckError> {
        if goal.is_false() {
            return Ok(());
        }
        let mut ctx = Context::new();
        ctx.assert_all(defs);
        self.unsat_in(&mut ctx, goal, what)
    }

    /// [`Self::unsat`] in `ctx`, which holds the definitions already: `goal` is asserted in
    /// a push/pop scope, so one context serves every obligation of a cut point.
    fn unsat_in(
        &mut self,
        ctx: &mut Context,
        goal: Term,
        what: &dyn Fn() -> String,
    ) -> Result<(), CheckError> {
        if goal.is_false() {
            return Ok(());
        }
        let remaining = match self.deadline {
            Some(d) => {
                let r = d.saturating_duration_since(Instant::now());
                if r.is_zero() {
                    return Err(CheckError::Inconclusive(format!(
                        "timeout before checking {}",
                        what()
                    )));
                }
                Some(r)
            }
            None => None,
        };
        ctx.push();
        ctx.assert(goal);
        self.stats.queries += 1;
        let r = ctx.check_with_timeout(remaining);
        ctx.pop();
        match r {
            SatResult::Unsat => Ok(()),
            SatResult::Sat => Err(CheckError::Refuted(what())),
            SatResult::Unknown => Err(CheckError::Inconclusive(format!(
                "solver gave up (or timeout) on {}",
                what()
            ))),
        }
    }

    /// Values at program start: initial values of statics, fresh in-range values otherwise.
    fn initial(&self, defs: &mut Vec<Term>) -> Vec<Term> {
        self.prog
            .vars
            .iter()
            .enumerate()
            .map(|(i, v)| match v.init {
                Some(k) => self.enc.constant(v.ty.wrap(k), v.ty),
                None => fresh_value(self.prog, &self.enc, VarId(i as u32), defs),
            })
            .collect()
    }

    /// Merges the arrivals of a region into the next chain state.
    fn next_state(
        &self,
        input: &[Term],
        ends: Vec<(LocId, Term, Overrides)>,
        defs: &mut Vec<Term>,
    ) -> ChainState {
        let mut at: Vec<(LocId, Term)> = Vec::new();
        for &c in &self.cut_list {
            let gs: Vec<Term> = ends.iter().filter(|e| e.0 == c).map(|e| e.1).collect();
            if !gs.is_empty() {
                at.push((c, Term::or(&gs)));
            }
        }
        let contribs: Vec<(Term, Overrides)> = ends.into_iter().map(|(_, g, o)| (g, o)).collect();
        let vals = if contribs.is_empty() {
            input.to_vec()
        } else {
            let (_, over) = merge(self.prog, &self.enc, input, contribs, defs);
            self.full(input, &over)
        };
        ChainState { at, vals }
    }

    /// Variables written on some edge reachable from a cut point.
    fn written_after_cuts(&self) -> Vec<bool> {
        let n = self.cfg.num_locs as usize;
        let mut seen = vec![false; n];
        let mut stack: Vec<LocId> = self.cut_list.clone();
        for l in &stack {
            seen[l.0 as usize] = true;
        }
        let mut written = vec![false; self.prog.vars.len()];
        while let Some(l) = stack.pop() {
            for (_, e) in self.cfg.out_edges(l) {
                match &e.op {
                    crate::ir::Op::Assign(x, _) | crate::ir::Op::Nondet(x) => {
                        written[x.0 as usize] = true
                    }
                    crate::ir::Op::Call { ret, may_write, .. } => {
                        for x in ret.iter().chain(may_write) {
                            written[x.0 as usize] = true;
                        }
                    }
                    _ => {}
                }
                if !seen[e.to.0 as usize] {
                    seen[e.to.0 as usize] = true;
                    stack.push(e.to);
                }
            }
        }
        written
    }

    /// An arbitrary reachable-looking cut-point state: in range (WrappedInt), unwritten
    /// variables equal to their values at the first arrival, some prologue path arriving.
    /// Returns the facts (to be asserted with `defs`).
    fn arbitrary_facts(
        &self,
        prologue: &ChainState,
        vals: &[Term],
        defs: &mut Vec<Term>,
    ) -> Vec<Term> {
        let mut facts = Vec::new();
        if self.enc.sem == Semantics::WrappedInt {
            for (v, t) in self.prog.vars.iter().zip(vals) {
                facts.push(self.enc.range(*t, v.ty));
            }
        }
        let reach: Vec<Term> = prologue.at.iter().map(|(_, g)| *g).collect();
        facts.push(Term::or(&reach));
        let written = self.written_after_cuts();
        for (i, w) in written.iter().enumerate() {
            if !w {
                facts.push(vals[i].eq(prologue.vals[i]));
            }
        }
        let _ = defs;
        facts
    }

    fn run(&mut self, k: u32) -> Result<(), CheckError> {
        let cfg = self.cfg;
        let loc = |l: LocId| -> String {
            let s = cfg.loc_src.get(l.0 as usize);
            match s {
                Some(s) => format!("location {} (line {})", l.0, s.line),
                None => format!("location {}", l.0),
            }
        };
        // Initiation and the prologue's safety.
        let mut pdefs = Vec::new();
        let init = self.initial(&mut pdefs);
        let pro = if self.cuts[cfg.entry.0 as usize] {
            crate::check::region::Region {
                ends: vec![(cfg.entry, Term::tt(), Overrides::new())],
                bad: Vec::new(),
                defs: Vec::new(),
            }
        } else {
            walk(
                self.prog,
                cfg,
                &self.enc,
                &self.cuts,
                &init,
                &[(cfg.entry, Term::tt())],
            )
        };
        pdefs.extend(pro.defs.iter().copied());
        // One context for the whole check: the prologue's definitions at the bottom, each cut
        // point's case in a push/pop scope above them, each obligation in one above that.
        let mut ctx = Context::new();
        ctx.assert_all(&pdefs);
        self.stats.obligations.safety += pro.bad.len() as u64;
        self.stats.obligations.initiation += pro.ends.len() as u64;
        for (eid, g) in &pro.bad {
            let at = cfg.edge(*eid).loc;
            self.unsat_in(&mut ctx, *g, &|| {
                format!(
                    "safety: a bad edge (line {}) is reachable before any cut point",
                    at.line
                )
            })?;
        }
        for (d, g, o) in &pro.ends {
            let vals = self.full(&init, o);
            let goal = g.and2(self.label_at(*d, &vals).not());
            self.unsat_in(&mut ctx, goal, &|| format!("initiation at {}", loc(*d)))?;
        }
        let before_next = pdefs.len();
        let prologue = self.next_state(&init, pro.ends, &mut pdefs);
        ctx.assert_all(&pdefs[before_next..]);
        // Consecution (and safety for k = 1) from every cut point, one case per disjunct of
        // its label: one query for all obligations, then (only when it fails) one per
        // obligation to name it.
        // with a cache: the labels as shared values, and the cut points each region can reach
        let shared: HashMap<LocId, cache::Label> = if self.cache.is_some() {
            self.label
                .iter()
                .map(|(l, ds)| (*l, Some(std::rc::Rc::new(ds.clone()))))
                .collect()
        } else {
            HashMap::new()
        };
        let now = |e: LocId| shared.get(&e).cloned().flatten();
        let mut memo = HashMap::new();
        for c in self.cut_list.clone() {
            let ends = if self.cache.is_some() && k == 1 {
                self.region_ends(c)
            } else {
                Vec::new()
            };
            for (disjunct, input, rest) in self.start_cases(c) {
                if k == 1 {
                    if let Some(cache) = self.cache.as_mut() {
                        if cache.covers(c, &disjunct, &now, &mut memo) {
                            cache.hits += 1;
                            continue;
                        }
                    }
                }
                let mut defs = pdefs.clone();
                let facts = self.arbitrary_facts(&prologue, &input, &mut defs);
                defs.extend(facts);
                defs.push(rest);
                let r = walk(
                    self.prog,
                    cfg,
                    &self.enc,
                    &self.cuts,
                    &input,
                    &[(c, Term::tt())],
                );
                defs.extend(r.defs.iter().copied());
                let mut goals: Vec<(Term, String)> = Vec::new();
                for (d, g, o) in &r.ends {
                    let vals = self.full(&input, o);
                    goals.push((
                        g.and2(self.label_at(*d, &vals).not()),
                        format!("consecution from {} to {}", loc(c), loc(*d)),
                    ));
                }
                if k == 1 {
                    for (eid, g) in &r.bad {
                        let at = cfg.edge(*eid).loc;
                        goals.push((
                            *g,
                            format!(
                                "safety: a bad edge (line {}) is reachable from {}",
                                at.line,
                                loc(c)
                            ),
                        ));
                    }
                }
                self.stats.obligations.cases += 1;
                self.stats.obligations.consecution += r.ends.len() as u64;
                if k == 1 {
                    self.stats.obligations.safety += r.bad.len() as u64;
                }
                let all = Term::or(&goals.iter().map(|(g, _)| *g).collect::<Vec<_>>());
                ctx.push();
                ctx.assert_all(&defs[pdefs.len()..]);
                let r = self.cut_obligations(&mut ctx, all, &goals, &|| {
                    format!("the obligations from {}", loc(c))
                });
                ctx.pop();
                r?;
                if k == 1 {
                    if let Some(cache) = self.cache.as_mut() {
                        cache.record(c, disjunct, ends.iter().map(|&e| (e, now(e))).collect());
                    }
                }
            }
        }
        if k > 1 {
            self.base_case(k, &prologue, &pdefs)?;
            self.step_case(k, &prologue, &pdefs)?;
        }
        Ok(())
    }

    /// The cut points a loop-free path from cut point `c` can arrive at first (the ends of
    /// its region, whatever the start values).
    fn region_ends(&self, c: LocId) -> Vec<LocId> {
        let mut seen = vec![false; self.cfg.num_locs as usize];
        let mut stack = vec![c];
        let mut ends = Vec::new();
        while let Some(l) = stack.pop() {
            for (_, e) in self.cfg.out_edges(l) {
                let t = e.to;
                if seen[t.0 as usize] {
                    continue;
                }
                seen[t.0 as usize] = true;
                if self.cuts[t.0 as usize] {
                    ends.push(t);
                } else {
                    stack.push(t);
                }
            }
        }
        ends.sort();
        ends
    }

    /// The obligations `goals` of one cut-point case (their disjunction `all`) in `ctx`: one
    /// query for all, then (only when it fails) one per obligation to name it.
    fn cut_obligations(
        &mut self,
        ctx: &mut Context,
        all: Term,
        goals: &[(Term, String)],
        what_all: &dyn Fn() -> String,
    ) -> Result<(), CheckError> {
        if self.unsat_in(ctx, all, what_all).is_err() {
            for (g, what) in goals {
                self.unsat_in(ctx, *g, &|| what.clone())?;
            }
            // The combined query failed but no single one does (e.g. a timeout).
            self.unsat_in(ctx, all, what_all)?;
        }
        Ok(())
    }

    fn remaining(&self, what: &str) -> Result<Option<Duration>, CheckError> {
        match self.deadline {
            Some(d) => {
                let r = d.saturating_duration_since(Instant::now());
                if r.is_zero() {
                    return Err(CheckError::Inconclusive(format!("timeout in {what}")));
                }
                Ok(Some(r))
            }
            None => Ok(None),
        }
    }

    /// Satisfiability of `goal` in `ctx` (in a push/pop scope).
    fn sat_in(&mut self, ctx: &mut Context, goal: Term, what: &str) -> Result<bool, CheckError> {
        if goal.is_false() {
            return Ok(false);
        }
        let t = self.remaining(what)?;
        ctx.push();
        ctx.assert(goal);
        self.stats.queries += 1;
        let r = ctx.check_with_timeout(t);
        ctx.pop();
        match r {
            SatResult::Sat => Ok(true),
            SatResult::Unsat => Ok(false),
            SatResult::Unknown => Err(CheckError::Inconclusive(format!(
                "solver gave up (or timeout) in {what}"
            ))),
        }
    }

    /// Every execution, followed from the start block by block until none arrives at a cut
    /// point, takes no bad edge.
    fn exhaustive(&mut self) -> Result<(), CheckError> {
        let cfg = self.cfg;
        let mut defs = Vec::new();
        let init = self.initial(&mut defs);
        // One symbolic state per cut point (guard, values): not merged across cut points, so
        // values stay as precise (often constant) as each loop's own state.
        let mut states: Vec<(LocId, Term, Vec<Term>)> = vec![(cfg.entry, Term::tt(), init)];
        let mut ctx = Context::new();
        ctx.assert_all(&defs);
        for n in 0..=MAX_EXHAUSTIVE_BLOCKS {
            let reach = Term::or(&states.iter().map(|(_, g, _)| *g).collect::<Vec<_>>());
            if std::env::var_os("SCHEDMC_DEBUG_CHECK").is_some() {
                eprintln!(
                    "[check] exhaustive block {n}: {} states, {} queries, {:.2?}",
                    states.len(),
                    self.stats.queries,
                    self.deadline
                        .map(|d| d.saturating_duration_since(Instant::now()))
                );
            }
            if !self.sat_in(&mut ctx, reach, "the exhaustive unrolling")? {
                return Ok(());
            }
            self.stats.obligations.blocks += 1;
            if n == 0 && self.cuts[cfg.entry.0 as usize] {
                // The entry is a cut point: the first block starts there.
                continue;
            }
            let mut defs = Vec::new();
            let mut bad = Vec::new();
            let mut arrivals: Vec<(LocId, Term, Vec<Term>)> = Vec::new();
            for (c, g, vals) in &states {
                let r = walk(self.prog, cfg, &self.enc, &self.cuts, vals, &[(*c, *g)]);
                defs.extend(r.defs.iter().copied());
                bad.extend(r.bad.iter().map(|(_, g)| *g));
                for (d, g, o) in r.ends {
                    arrivals.push((d, g, self.full(vals, &o)));
                }
            }
            ctx.assert_all(&defs);
            if self.sat_in(&mut ctx, Term::or(&bad), "the exhaustive unrolling")? {
                return Err(CheckError::Refuted(format!(
                    "exhaustive unrolling: a bad edge is reachable after {n} cut-point arrivals"
                )));
            }
            let mut next = Vec::new();
            let mut defs = Vec::new();
            for &c in &self.cut_list {
                let group: Vec<(Term, Vec<Term>)> = arrivals
                    .iter()
                    .filter(|a| a.0 == c)
                    .map(|a| (a.1, a.2.clone()))
                    .collect();
                if group.is_empty() {
                    continue;
                }
                let (g, vals) = self.merge_full(group, &mut defs);
                next.push((c, g, vals));
            }
            ctx.assert_all(&defs);
            states = next;
        }
        Err(CheckError::Inconclusive(format!(
            "exhaustive unrolling: more than {MAX_EXHAUSTIVE_BLOCKS} cut-point arrivals"
        )))
    }

    /// Merges exclusive (guard, values) contributions: φ constants where values differ.
    fn merge_full(
        &self,
        mut group: Vec<(Term, Vec<Term>)>,
        defs: &mut Vec<Term>,
    ) -> (Term, Vec<Term>) {
        if group.len() == 1 {
            return group
                .pop()
                .unwrap_or_else(|| (Term::ff(), self.canon.clone()));
        }
        let guard = Term::or(&group.iter().map(|(g, _)| *g).collect::<Vec<_>>());
        let mut vals = group[0].1.clone();
        for (i, v) in vals.iter_mut().enumerate() {
            if group.iter().all(|(_, vs)| vs[i] == *v) {
                continue;
            }
            let var = &self.prog.vars[i];
            let phi = Term::var(&format!("chk!phi!{}", var.name), self.enc.sort(var.ty));
            for (g, vs) in &group {
                defs.push(g.implies(phi.eq(vs[i])));
            }
            *v = phi;
        }
        (guard, vals)
    }

    /// Extends a chain by one block from `st`: its bad guard and the next state.
    fn block(&self, st: &ChainState, defs: &mut Vec<Term>) -> (Term, ChainState) {
        let starts: Vec<(LocId, Term)> = st.at.clone();
        let r = walk(
            self.prog, self.cfg, &self.enc, &self.cuts, &st.vals, &starts,
        );
        defs.extend(r.defs.iter().copied());
        let bad = Term::or(&r.bad.iter().map(|(_, g)| *g).collect::<Vec<_>>());
        let next = self.next_state(&st.vals, r.ends, defs);
        (bad, next)
    }

    /// No execution with 1..k-1 arrivals at cut points takes a bad edge.
    fn base_case(
        &mut self,
        k: u32,
        prologue: &ChainState,
        pdefs: &[Term],
    ) -> Result<(), CheckError> {
        let mut defs = pdefs.to_vec();
        let mut st = ChainState {
            at: prologue.at.clone(),
            vals: prologue.vals.clone(),
        };
        for j in 1..k {
            if st.at.is_empty() {
                break;
            }
            let (bad, next) = self.block(&st, &mut defs);
            self.unsat(&defs, bad, &|| {
                format!("base case: a bad edge after {j} cut-point arrivals")
            })?;
            self.stats.obligations.base_case += 1;
            st = next;
        }
        Ok(())
    }

    /// From an arbitrary labelled cut-point state, k-1 bad-free blocks then a bad edge is
    /// impossible.
    fn step_case(
        &mut self,
        k: u32,
        prologue: &ChainState,
        pdefs: &[Term],
    ) -> Result<(), CheckError> {
        let mut defs = pdefs.to_vec();
        let vals: Vec<Term> = self
            .prog
            .vars
            .iter()
            .map(|v| Term::var(&format!("chk!step!{}", v.name), self.enc.sort(v.ty)))
            .collect();
        let facts = self.arbitrary_facts(prologue, &vals, &mut defs);
        defs.extend(facts);
        let sel = choice(self.cut_list.len(), "chk!at");
        let at: Vec<(LocId, Term)> = self.cut_list.iter().copied().zip(sel).collect();
        let mut st = ChainState { at, vals };
        let mut bad = Term::ff();
        for j in 1..=k {
            let labels: Vec<Term> = st
                .at
                .iter()
                .map(|(c, g)| g.implies(self.label_at(*c, &st.vals)))
                .collect();
            defs.extend(labels);
            if j > 1 {
                defs.push(bad.not());
            }
            let (b, next) = self.block(&st, &mut defs);
            bad = b;
            st = next;
            if st.at.is_empty() && j < k {
                // No chain has k blocks: no execution has a k-block suffix to refute.
                return Ok(());
            }
        }
        self.unsat(&defs, bad, &|| format!("{k}-induction step"))?;
        self.stats.obligations.inductive_step += 1;
        Ok(())
    }
}
