//! Proof check of the threaded engine's SUCCESSFUL verdicts: the [`ArfCertificate`] ESST hands
//! over (its complete ARF's nodes) and [`check_arf`], which re-checks it in fresh Yices
//! contexts, independently of the engine's exploration (abstract posts, precisions, covers,
//! partial-order reduction, refinement).
//!
//! # What is checked
//! A node of the certificate is a *control class* (one CFG location per thread instance, the
//! explicit scheduler state 𝕊, the "just scheduled" flag) with a data region, a formula over
//! one constant per variable instance (`(variable, instance)`, globals [`SHARED`]). The
//! certificate stands for the set of concrete states (class, valuation) whose valuation
//! satisfies the region of some node of that class (per class, the union of its nodes'
//! regions, the seed's correctness argument). The checker verifies:
//! - **initiation**: the initial class (every thread at its entry, `sched::initial` with the
//!   engine's thread bound, flag set) with the globals at their initial values lies in the
//!   certificate;
//! - **consecution**: from every node, every transition of the ESST model (rules E1-E4: the
//!   running thread's CFG edges, primitives run by `sched::sexec`, the scheduler's choices
//!   `sched::sched` when no thread runs and `sched::preempt` at preemption points, a thread
//!   reaching its exit, handler restarts) leads into the certificate: `region ∧ step ∧
//!   ¬⋁ regions of the successor class` is unsatisfiable (an entailment check);
//! - **safety**: no node with a satisfiable region has its running thread at an error edge,
//!   an unsupported edge or a scheduler error (the engine's blockers).
//!
//! The transitions are computed here from the IR and the scheduler model (`crate::sched`: the
//! policy, `sexec`, and the binder's exact scheduler-valued variables, which are part of the
//! model, not of the exploration). Values are in their type's range at every state (true of
//! every C value under the wrapping semantics; under `--int-math` it is the no-overflow
//! assumption the verdict states).
//!
//! # Partial-order reduction
//! With `--por` the engine explores, at a node, only the transitions of some threads (source
//! sets, sleep sets); the others are redundant by the POR argument, so the ARF is not closed
//! under them. The certificate says, per node, which thread instances' transitions were
//! explored. The checker checks every transition anyway: an explored one that leaves the
//! certificate refutes it; a pruned one that leaves it is followed further by an exact
//! bounded exploration (esst_lookahead.rs), else justified by the checker's POR argument
//! (esst_por.rs), else counted, and the proof then rests on the engine's reduction for those
//! transitions (the verdict stays SUCCESSFUL with a note saying so,
//! [`ArfCheck::por_dependent`]).
//!
//! # Queue item copies
//! A queue send copies the item (`*item`, a scalar cell of the running instance or a global)
//! into the slot `sexec` chose, a receive copies the slot out: the checker models each slot as
//! a ghost global cell of the certificate's program (the engine's extension of the checked
//! program, [`ArfCertificate::queue_slots`] names them). Which ghost belongs to which slot is
//! only a naming: the checker verifies the ghosts are globals outside the checked program (no
//! program edge writes them) and pairwise distinct; their values are then whatever the copies
//! put there. A copy the model does not cover (a non-constant item address, another thread's
//! local, a slot without ghost) is a bad step.

#[cfg(test)]
#[path = "esst_tests.rs"]
mod tests;

// covers up to thread symmetry (see its module doc)
#[path = "esst_symmetry.rs"]
mod esst_symmetry;
// pruned transitions followed further (see its module doc)
#[path = "esst_lookahead.rs"]
mod esst_lookahead;
#[path = "esst_por.rs"]
mod por;

use por::PorInfo;

use super::{CheckError, CheckStats};
use crate::ir::{Expr, LocId, Op, Program, Scope, ThreadId, Type, VarId};
use crate::sched::{
    self, all_finished, running, Binder, SchedEvent, SchedState, SchedulerSpec, ThreadInstance,
};
use crate::smt::{Context, Encoder, SatResult, Semantics, Term};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Instance marker of shared (global) variables in a [`Key`].
pub const SHARED: u8 = u8::MAX;

/// A variable instance: (variable, thread instance index) or (variable, [`SHARED`]).
pub type Key = (VarId, u8);

/// One node of a complete ARF.
#[derive(Clone, Debug, PartialEq)]
pub struct ArfNode {
    pub locs: Vec<LocId>,
    pub sched: SchedState,
    /// Reached by a scheduler connector: not preempted before its first edge.
    pub scheduled: bool,
    /// The data region (global and thread regions together) over the certificate's constants.
    pub region: Term,
    /// Partial-order reduction: the thread instances whose transitions the engine explored
    /// here (None: all of them).
    pub explored: Option<Vec<u8>>,
}

/// A safety proof of a threaded program as ESST states it (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct ArfCertificate {
    pub spec: SchedulerSpec,
    /// The bound on thread instances the engine ran with.
    pub max_threads: u8,
    /// The engine's program when it extends the checked one (ghost cells for queue slots
    /// appended after the program's variables).
    pub program: Option<Box<Program>>,
    /// The ghost cell of every queue slot (queue index into `SchedState::queues`, slot) the
    /// engine gave one: global variables of `program` after the checked program's variables.
    pub queue_slots: Vec<((u8, u16), VarId)>,
    /// The constant of every variable instance the regions mention.
    pub canon: Vec<(Key, Term)>,
    pub nodes: Vec<ArfNode>,
}

/// What a successful ARF check found besides its statistics.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArfCheck {
    pub stats: CheckStats,
    /// Transitions checked (successors of nodes).
    pub transitions: u64,
    /// Transitions pruned by partial-order reduction whose successor the certificate does not
    /// cover and that the checker's own POR argument (esst_por.rs) does not justify: the proof
    /// rests on the engine's reduction for them (not re-checked).
    pub por_dependent: u64,
    /// Pruned transitions whose successor the certificate covers (checked directly).
    pub por_direct: u64,
    /// Pruned transitions justified by the checker's POR argument (esst_por.rs).
    pub por_argued: u64,
    /// Pruned transitions to a state outside the certificate closed by following them further
    /// (esst_lookahead.rs; counted in `por_direct` too).
    pub por_lookahead: u64,
    /// Stream-buffer byte copies (FreeRTOS stream and message buffers), not modelled here:
    /// the transitions that make them are not re-checked.
    pub unmodelled: u64,
}

impl ArfCheck {
    /// The note a SUCCESSFUL verdict carries when the check was not complete.
    pub fn note(&self) -> Option<String> {
        let mut parts = Vec::new();
        if self.por_dependent > 0 {
            parts.push(format!(
                "proof check: {} of {} transitions rest on partial-order reduction (not re-checked)",
                self.por_dependent, self.transitions
            ));
        }
        if self.unmodelled > 0 {
            parts.push(format!(
                "proof check: {} stream-buffer copies not re-checked",
                self.unmodelled
            ));
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }
}

type Class = (Vec<LocId>, SchedState, bool);

#[derive(Clone, Debug)]
enum Rhs {
    /// An expression read in the context of a thread instance.
    Expr(Expr, u8),
    Const(i128),
    Havoc,
}

/// Simultaneous assignments, then assumptions, all over the pre-state.
#[derive(Clone, Debug, Default)]
struct Action {
    assigns: Vec<(Key, Rhs)>,
    assumes: Vec<(Expr, u8)>,
}

impl Action {
    fn assign(&mut self, k: Key, r: Rhs) {
        self.assigns.retain(|(x, _)| *x != k);
        self.assigns.push((k, r));
    }
}

struct Succ {
    class: Class,
    action: Action,
    /// The thread instance the transition belongs to (the engine's POR tag).
    tag: Option<u8>,
    what: String,
}

/// The transitions of one node.
#[derive(Default)]
struct Expansion {
    succs: Vec<Succ>,
    /// Bad steps (error edges, unsupported edges, scheduler errors): the region must be empty.
    bad: Vec<String>,
    /// Steps not modelled here (stream-buffer copies): counted, not checked.
    unmodelled: Vec<String>,
}

struct ArfChecker<'a> {
    prog: &'a Program,
    spec: &'a SchedulerSpec,
    binder: Binder<'a>,
    /// The ghost cell of each queue slot (validated: fresh globals, one per slot).
    slots: HashMap<(u8, u16), VarId>,
    enc: Encoder,
    canon: HashMap<Key, Term>,
    /// The key of every constant in `canon`.
    key_of: HashMap<Term, Key>,
    /// The free constants of each node's region (computed when first needed).
    fv: Vec<Option<Vec<Term>>>,
    locals_of: Vec<Vec<VarId>>,
    nodes: &'a [ArfNode],
    classes: HashMap<Class, Vec<usize>>,
    /// The classes up to thread symmetry, when the model has it (esst_symmetry.rs).
    sym: Option<esst_symmetry::SymClasses>,
    /// Per node, what the POR argument needs (esst_por.rs).
    por: Vec<PorInfo>,
    /// Nodes with pruned transitions the certificate does not cover, with their number.
    por_uncovered: Vec<(usize, u64)>,
    /// The uncovered pruned transitions (node, index among its transitions), followed further
    /// after the main pass (esst_lookahead.rs).
    por_pending: Vec<(usize, usize)>,
    deadline: Option<Instant>,
    out: ArfCheck,
}

/// Checks `cert` (a certificate in semantics `sem`) against `prog` within `budget`.
pub fn check_arf(
    prog: &Program,
    cert: &ArfCertificate,
    sem: Semantics,
    budget: Option<Duration>,
) -> Result<ArfCheck, CheckError> {
    let start = Instant::now();
    let orig = prog;
    let prog: &Program = match &cert.program {
        Some(p) => {
            let extends = p.vars.len() >= prog.vars.len()
                && p.vars[..prog.vars.len()] == prog.vars[..]
                && p.vars[prog.vars.len()..]
                    .iter()
                    .all(|v| v.scope == Scope::Global)
                && p.threads == prog.threads;
            if !extends {
                return Err(CheckError::Refuted(
                    "the certificate's program is not the checked program".into(),
                ));
            }
            p
        }
        None => prog,
    };
    let orig_vars = orig.vars.len();
    let mut slots = HashMap::new();
    for &(qs, v) in &cert.queue_slots {
        let fresh = (v.0 as usize) >= orig_vars
            && (v.0 as usize) < prog.vars.len()
            && prog.var(v).scope == Scope::Global;
        if !fresh || slots.values().any(|w| *w == v) || slots.insert(qs, v).is_some() {
            return Err(CheckError::Refuted(
                "a queue slot's ghost cell is not a fresh global of its own".into(),
            ));
        }
    }
    let mut locals_of = vec![Vec::new(); prog.threads.len()];
    for (i, v) in prog.vars.iter().enumerate() {
        if let Scope::Local(t) = v.scope {
            if let Some(l) = locals_of.get_mut(t.0 as usize) {
                l.push(VarId(i as u32));
            }
        }
    }
    let mut canon = HashMap::new();
    for (k, t) in &cert.canon {
        if k.0 .0 as usize >= prog.vars.len() {
            return Err(CheckError::Refuted(
                "the certificate names an unknown variable".into(),
            ));
        }
        if canon.insert(*k, *t).is_some() {
            return Err(CheckError::Refuted("two constants for one variable".into()));
        }
    }
    let mut classes: HashMap<Class, Vec<usize>> = HashMap::new();
    for (i, n) in cert.nodes.iter().enumerate() {
        if n.locs.len() != n.sched.threads.len() {
            return Err(CheckError::Refuted(format!(
                "node {i}: one location per thread instance expected"
            )));
        }
        for (j, (l, t)) in n.locs.iter().zip(&n.sched.threads).enumerate() {
            if t.entry.0 as usize >= prog.threads.len() || l.0 >= prog.thread(t.entry).num_locs {
                return Err(CheckError::Refuted(format!(
                    "node {i}: thread instance {j} at an unknown location"
                )));
            }
        }
        classes
            .entry((n.locs.clone(), n.sched.clone(), n.scheduled))
            .or_default()
            .push(i);
    }
    let key_of = canon.iter().map(|(k, t)| (*t, *k)).collect();
    let sym = esst_symmetry::SymClasses::new(
        sched::symmetry::Symmetry::new(&cert.spec, prog),
        &classes,
        cert.nodes.iter().map(|n| n.region).collect(),
        &key_of,
    );
    let mut ck = ArfChecker {
        prog,
        spec: &cert.spec,
        binder: Binder::new(&cert.spec, prog),
        slots,
        enc: Encoder::new(sem),
        canon,
        key_of,
        fv: vec![None; cert.nodes.len()],
        locals_of,
        nodes: &cert.nodes,
        classes,
        sym,
        por: vec![PorInfo::default(); cert.nodes.len()],
        por_uncovered: Vec::new(),
        por_pending: Vec::new(),
        deadline: budget.map(|b| start + b),
        out: ArfCheck::default(),
    };
    ck.initiation(cert.max_threads)?;
    for i in 0..cert.nodes.len() {
        ck.node(i)?;
    }
    let t_por = Instant::now();
    ck.lookaheads();
    let por = ck.por_argument()?;
    ck.out.por_argued = por.argued;
    ck.out.por_dependent = por.unchecked;
    let t_por = t_por.elapsed();
    ck.out.stats.time = start.elapsed();
    if std::env::var_os("SCHEDMC_DEBUG_CHECK").is_some() {
        eprintln!(
            "[check] ARF: {} nodes, {} transitions, {} queries, pruned: {} argued, {} direct ({} followed further), \
             {} unchecked; {:.2?} (POR argument {:.2?})",
            cert.nodes.len(),
            ck.out.transitions,
            ck.out.stats.queries,
            ck.out.por_argued,
            ck.out.por_direct,
            ck.out.por_lookahead,
            ck.out.por_dependent,
            ck.out.stats.time,
            t_por
        );
    }
    Ok(ck.out)
}

/// The POR tag of a successor (the engine's `por::classify`): the stepping instance, else the
/// instance running after a connector to another thread, else the one running before.
fn tag(pre: &SchedState, post: &SchedState, step: Option<u8>) -> Option<u8> {
    if step.is_some() {
        return step;
    }
    match running(pre) {
        Some(t) => match running(post) {
            Some(u) if u != t => Some(u.0),
            _ => Some(t.0),
        },
        None => running(post).map(|u| u.0),
    }
}

impl<'a> ArfChecker<'a> {
    fn key(&self, v: VarId, ctx: u8) -> Key {
        match self.prog.var(v).scope {
            Scope::Global => (v, SHARED),
            Scope::Local(_) => (v, ctx),
        }
    }

    fn ty(&self, k: Key) -> Type {
        self.prog.var(k.0).ty
    }

    fn canon(&mut self, k: Key) -> Term {
        if let Some(t) = self.canon.get(&k) {
            return *t;
        }
        let v = self.prog.var(k.0);
        let t = Term::var(&format!("chk!{}#{}", v.name, k.1), self.enc.sort(v.ty));
        self.canon.insert(k, t);
        self.key_of.insert(t, k);
        t
    }

    fn free_vars(&mut self, i: usize) -> &[Term] {
        let nodes = self.nodes;
        self.fv[i].get_or_insert_with(|| nodes[i].region.free_vars())
    }

    /// Range facts of the constants in `ts` (nothing to add in bit-vector semantics; terms
    /// that are not the constant of a variable instance are left alone).
    fn ranges_of<'t>(&self, ts: impl IntoIterator<Item = &'t Term>) -> Vec<Term> {
        if self.enc.sem == Semantics::BitVector {
            return Vec::new();
        }
        ts.into_iter()
            .filter_map(|t| self.key_of.get(t).map(|k| self.enc.range(*t, self.ty(*k))))
            .collect()
    }

    fn remaining(&self, what: &dyn Fn() -> String) -> Result<Option<Duration>, CheckError> {
        match self.deadline {
            Some(d) => {
                let r = d.saturating_duration_since(Instant::now());
                if r.is_zero() {
                    return Err(CheckError::Inconclusive(format!(
                        "timeout before checking {}",
                        what()
                    )));
                }
                Ok(Some(r))
            }
            None => Ok(None),
        }
    }

    /// Satisfiability of `goal` in `ctx` (in a push/pop scope).
    fn sat(
        &mut self,
        ctx: &mut Context,
        goal: Term,
        what: &dyn Fn() -> String,
    ) -> Result<bool, CheckError> {
        if goal.is_false() {
            return Ok(false);
        }
        let t = self.remaining(what)?;
        ctx.push();
        ctx.assert(goal);
        self.out.stats.queries += 1;
        let r = ctx.check_with_timeout(t);
        ctx.pop();
        match r {
            SatResult::Sat => Ok(true),
            SatResult::Unsat => Ok(false),
            SatResult::Unknown => Err(CheckError::Inconclusive(format!(
                "solver gave up (or timeout) on {}",
                what()
            ))),
        }
    }

    /// Range facts of every known constant (nothing to add in bit-vector semantics).
    fn ranges(&self) -> Vec<Term> {
        if self.enc.sem == Semantics::BitVector {
            return Vec::new();
        }
        self.canon
            .iter()
            .map(|(k, t)| self.enc.range(*t, self.ty(*k)))
            .collect()
    }

    fn describe(&self, c: &Class) -> String {
        let locs: Vec<String> =
            c.0.iter()
                .zip(&c.1.threads)
                .map(|(l, t)| {
                    let cfg = self.prog.thread(t.entry);
                    match cfg.loc_src.get(l.0 as usize) {
                        Some(s) if s.line > 0 => format!("{}@{}(line {})", cfg.name, l.0, s.line),
                        _ => format!("{}@{}", cfg.name, l.0),
                    }
                })
                .collect();
        format!("[{}] {}", locs.join(", "), c.1)
    }

    /// The union of the regions of class `c` over the valuation `at` (keys not in `at` keep
    /// their constants); false when the certificate has no node of that class.
    fn covered_by(&self, c: &Class, at: &HashMap<Key, Term>) -> Term {
        let mut sym = match &self.sym {
            Some(sx) => {
                sx.permuted_regions(self.prog, &self.enc, c, at, &self.canon, &self.classes)
            }
            None => Vec::new(),
        };
        let Some(ms) = self.classes.get(c) else {
            return Term::or(&sym);
        };
        let (from, to): (Vec<Term>, Vec<Term>) = at
            .iter()
            .filter_map(|(k, t)| self.canon.get(k).map(|c| (*c, *t)))
            .unzip();
        let rs: Vec<Term> = ms
            .iter()
            .map(|&m| {
                let r = self.nodes[m].region;
                if from.is_empty() || r.is_true() || r.is_false() {
                    r
                } else {
                    r.subst(&from, &to)
                }
            })
            .collect();
        sym.extend(rs);
        Term::or(&sym)
    }

    fn initiation(&mut self, max_threads: u8) -> Result<(), CheckError> {
        let mut s0 = sched::initial(self.spec, self.prog)
            .map_err(|e| CheckError::Inconclusive(format!("initial scheduler state: {e}")))?;
        s0.max_threads = max_threads;
        let locs: Vec<LocId> = s0
            .threads
            .iter()
            .map(|t| self.prog.thread(t.entry).entry)
            .collect();
        let class = (locs, s0, true);
        let mut init = HashMap::new();
        for (i, v) in self.prog.vars.iter().enumerate() {
            if let Some(c) = v.init {
                let k = self.key(VarId(i as u32), 0);
                init.insert(k, self.enc.constant(v.ty.wrap(c), v.ty));
            }
        }
        let goal = self.covered_by(&class, &init).not();
        let mut ctx = Context::new();
        // the variables without an initial value are arbitrary (in range)
        let ranges = self.ranges();
        ctx.assert_all(&ranges);
        let what = format!("initiation at {}", self.describe(&class));
        if self.sat(&mut ctx, goal, &|| what.clone())? {
            return Err(CheckError::Refuted(what));
        }
        Ok(())
    }

    /// Checks the transitions of node `i`.
    fn node(&mut self, i: usize) -> Result<(), CheckError> {
        let nodes = self.nodes;
        let n = &nodes[i];
        let x = self.expand(n);
        // every key the transitions read or write gets its constant before encoding
        for s in &x.succs {
            for (k, r) in &s.action.assigns {
                self.canon(*k);
                if let Rhs::Expr(e, ctx) = r {
                    self.expr_keys(e, *ctx);
                }
            }
            for (e, ctx) in &s.action.assumes {
                self.expr_keys(e, *ctx);
            }
        }
        self.out.transitions += x.succs.len() as u64;
        let syn: Vec<bool> = x.succs.iter().map(|s| self.syntactic_cover(i, s)).collect();
        let explored: Vec<bool> = x
            .succs
            .iter()
            .map(|s| match (&n.explored, s.tag) {
                (Some(ex), Some(t)) => ex.contains(&t),
                _ => true,
            })
            .collect();
        let mut covered = syn.clone();
        if syn.iter().all(|c| *c) && x.bad.is_empty() && x.unmodelled.is_empty() {
            self.record_por(i, &x.succs, &explored, &covered);
            return Ok(());
        }
        // range facts of the constants the queries mention: the region's, the successor
        // regions', the transitions'
        let mut used: std::collections::BTreeSet<Term> =
            self.free_vars(i).iter().copied().collect();
        for (s, _) in x.succs.iter().zip(&syn).filter(|(_, c)| !**c) {
            for m in self.classes.get(&s.class).cloned().unwrap_or_default() {
                used.extend(self.free_vars(m).iter().copied());
            }
            for (k, r) in &s.action.assigns {
                used.insert(self.canon[k]);
                if let Rhs::Expr(e, c) = r {
                    e.for_each_var(&mut |v| {
                        used.insert(self.canon[&self.key(v, *c)]);
                    });
                }
            }
            for (e, c) in &s.action.assumes {
                e.for_each_var(&mut |v| {
                    used.insert(self.canon[&self.key(v, *c)]);
                });
            }
        }
        let mut ctx = Context::new();
        let ranges = self.ranges_of(&used);
        ctx.assert_all(&ranges);
        ctx.assert(n.region);
        let here = (n.locs.clone(), n.sched.clone(), n.scheduled);
        if !x.bad.is_empty() || !x.unmodelled.is_empty() {
            let empty = !self.sat(&mut ctx, Term::tt(), &|| format!("the region of node {i}"))?;
            if empty {
                // no state: every argument holds vacuously there
                self.por[i].vacuous = true;
                return Ok(());
            }
            if let Some(b) = x.bad.first() {
                return Err(CheckError::Refuted(format!(
                    "safety: {b} from {}",
                    self.describe(&here)
                )));
            }
            self.out.unmodelled += x.unmodelled.len() as u64;
        }
        let mut uncovered = 0;
        for (j, s) in x.succs.iter().enumerate() {
            if covered[j] {
                continue;
            }
            if self.query(&mut ctx, s)? {
                covered[j] = true;
                continue;
            }
            if !explored[j] {
                uncovered += 1;
                self.por_pending.push((i, j));
                if std::env::var_os("SCHEDMC_DEBUG_POR").is_some() {
                    eprintln!(
                        "[por] node {i} {} explored {:?}: pruned {} -> {} (class known: {})",
                        self.describe(&here),
                        n.explored,
                        s.what,
                        self.describe(&s.class),
                        self.classes.contains_key(&s.class)
                    );
                }
                continue;
            }
            if std::env::var_os("SCHEDMC_DEBUG_CHECK").is_some() {
                // what the refutation is about (for debugging an engine)
                eprintln!("[check] node {i} region: {}", n.region);
                eprintln!("[check] action: {:?}", s.action);
                for m in self.classes.get(&s.class).cloned().unwrap_or_default() {
                    eprintln!("[check]   succ node {m}: {}", self.nodes[m].region);
                }
            }
            return Err(CheckError::Refuted(format!(
                "consecution: from {} by {} to {}: the successor is not covered",
                self.describe(&here),
                s.what,
                self.describe(&s.class)
            )));
        }
        self.record_por(i, &x.succs, &explored, &covered);
        if uncovered > 0 {
            self.por_uncovered.push((i, uncovered));
        }
        Ok(())
    }

    /// Records what the POR argument needs of node `i` (esst_por.rs): which instances have all
    /// their transitions explored or covered, the successor classes and guards of those.
    fn record_por(&mut self, i: usize, succs: &[Succ], explored: &[bool], covered: &[bool]) {
        // (lookahead-checked switches are among the covered ones)
        self.out.por_direct += (0..succs.len())
            .filter(|&j| !explored[j] && covered[j])
            .count() as u64;
        let mut info = PorInfo::default();
        let mut guards = Vec::new();
        for (j, s) in succs.iter().enumerate() {
            let ok = explored[j] || covered[j];
            if let Some(t) = s.tag {
                let e = info.checked.entry(t).or_insert(true);
                *e &= ok;
            }
        }
        for s in succs {
            let in_e = s.tag.is_none_or(|t| info.checked.get(&t) == Some(&true));
            if in_e {
                info.next.push(s.class.clone());
                guards.push(self.guard(s));
            }
        }
        info.guard = (!guards.is_empty()).then(|| Term::or(&guards));
        self.por[i] = info;
    }

    /// The guard of a transition: its assumptions over the pre-state.
    fn guard(&self, s: &Succ) -> Term {
        let prog = self.prog;
        let canon = &self.canon;
        let key = |v: VarId, c: u8| match prog.var(v).scope {
            Scope::Global => (v, SHARED),
            Scope::Local(_) => (v, c),
        };
        let cons: Vec<Term> = s
            .action
            .assumes
            .iter()
            .map(|(e, c)| self.enc.expr(e, &prog.vars, &mut |v| canon[&key(v, *c)]))
            .collect();
        Term::and(&cons)
    }

    fn expr_keys(&mut self, e: &Expr, ctx: u8) {
        let mut ks = Vec::new();
        e.for_each_var(&mut |v| ks.push(self.key(v, ctx)));
        for k in ks {
            self.canon(k);
        }
    }

    /// Syntactic cover: a successor class has a node with the very region of node `i` and
    /// the step writes none of its constants (assumptions only strengthen).
    fn syntactic_cover(&mut self, i: usize, s: &Succ) -> bool {
        let region = self.nodes[i].region;
        if !self.same_region_succ(region, s) {
            return false;
        }
        let written: Vec<Term> = s
            .action
            .assigns
            .iter()
            .map(|(k, _)| self.canon[k])
            .collect();
        let fv = self.free_vars(i);
        written.iter().all(|t| fv.binary_search(t).is_err())
    }

    /// True when the successor class of `s` has a node with region `region`.
    fn same_region_succ(&self, region: Term, s: &Succ) -> bool {
        self.classes
            .get(&s.class)
            .is_some_and(|ms| ms.iter().any(|&m| self.nodes[m].region == region))
    }

    /// True when every state of the node whose region `ctx` holds, stepping by `s`, lands in
    /// the certificate.
    fn query(&mut self, ctx: &mut Context, s: &Succ) -> Result<bool, CheckError> {
        let (cons, post) = self.step_terms(&HashMap::new(), &s.action, None);
        let goal = Term::and(&cons).and2(self.covered_by(&s.class, &post).not());
        let what = || format!("a transition ({})", s.what);
        Ok(!self.sat(ctx, goal, &what)?)
    }

    /// The constraints of action `a` from a state whose variable instances hold `val` (those
    /// not in `val`: their constants), and the post-state's values of the instances it assigns:
    /// fresh constants (`chk!post!…`), or with `inline` (the name of the fresh constants of
    /// havocked instances) the assigned expressions' terms themselves, so that a value computed
    /// twice from the same values is the same term. Every key the action names must have its
    /// constant already.
    fn step_terms(
        &self,
        val: &HashMap<Key, Term>,
        a: &Action,
        inline: Option<&str>,
    ) -> (Vec<Term>, HashMap<Key, Term>) {
        let prog = self.prog;
        let canon = &self.canon;
        let key = |v: VarId, c: u8| match prog.var(v).scope {
            Scope::Global => (v, SHARED),
            Scope::Local(_) => (v, c),
        };
        let term = |k: Key| val.get(&k).copied().unwrap_or_else(|| canon[&k]);
        let enc_expr =
            |e: &Expr, c: u8| -> Term { self.enc.expr(e, &prog.vars, &mut |v| term(key(v, c))) };
        let mut cons = Vec::new();
        for (e, c) in &a.assumes {
            cons.push(enc_expr(e, *c));
        }
        let mut post: HashMap<Key, Term> = HashMap::new();
        for (k, r) in &a.assigns {
            let v = prog.var(k.0);
            match (inline, r) {
                (Some(_), Rhs::Expr(e, c)) => {
                    post.insert(*k, enc_expr(e, *c));
                    continue;
                }
                (Some(_), Rhs::Const(c)) => {
                    post.insert(*k, self.enc.constant(v.ty.wrap(*c), v.ty));
                    continue;
                }
                _ => {}
            }
            let tag = inline.unwrap_or("post");
            let p = Term::var(
                &format!("chk!{tag}!{}#{}", v.name, k.1),
                self.enc.sort(v.ty),
            );
            cons.push(match r {
                Rhs::Expr(e, c) => p.eq(enc_expr(e, *c)),
                Rhs::Const(c) => p.eq(self.enc.constant(v.ty.wrap(*c), v.ty)),
                Rhs::Havoc => self.enc.range(p, v.ty),
            });
            post.insert(*k, p);
        }
        (cons, post)
    }

    /// The data effect of a queue item copy (the scheduler model moves the item between the
    /// running instance's cell the item pointer denotes and the slot `sexec` chose): `slot :=
    /// *item` (send) or `*item := slot` (receive), converted as C's assignment converts. Err
    /// when the copy is not a scalar copy between the instance's own cell and the slot's
    /// ghost cell (a bad step: the engine answers UNKNOWN there).
    fn queue_copy(
        &self,
        st: &SchedState,
        r: ThreadInstance,
        entry: ThreadId,
        cp: &sched::QueueCopy,
    ) -> Result<(Key, Rhs), String> {
        let Expr::Const(addr, _) = self.binder.specialise(st, r, &cp.item) else {
            return Err("the item pointer is not a constant address".into());
        };
        let cell = sched::queue_item_cell(self.prog, addr, cp.item_size)?;
        let cv = self.prog.var(cell);
        if let Scope::Local(t) = cv.scope {
            if t != entry {
                return Err(format!("the item `{}` is another thread's local", cv.name));
            }
        }
        if self.binder.is_tracked(cell) && cp.dir == sched::CopyDir::OutOfQueue {
            return Err(format!("the item `{}` holds a scheduler object", cv.name));
        }
        let ghost = *self
            .slots
            .get(&(cp.queue, cp.slot))
            .ok_or_else(|| format!("queue slot {} has no ghost cell", cp.slot))?;
        let gty = self.prog.var(ghost).ty;
        let conv = |x: Expr, from: Type, to: Type| {
            if from == to {
                x
            } else {
                Expr::cast(to, x)
            }
        };
        Ok(match cp.dir {
            sched::CopyDir::IntoQueue => (
                (ghost, SHARED),
                Rhs::Expr(conv(Expr::Var(cell), cv.ty, gty), r.0),
            ),
            sched::CopyDir::OutOfQueue => (
                self.key(cell, r.0),
                Rhs::Expr(conv(Expr::Var(ghost), gty, cv.ty), r.0),
            ),
        })
    }

    fn havoc_locals(&self, a: &mut Action, entry: ThreadId, inst: u8) {
        for &v in &self.locals_of[entry.0 as usize] {
            // thread-local objects start at their initial value, other locals are arbitrary
            let r = self
                .prog
                .var(v)
                .thread_start()
                .map_or(Rhs::Havoc, Rhs::Const);
            a.assign((v, inst), r);
        }
    }

    /// A scheduler connector to `s2` (rule E4, or a preemption): a restarted handler starts
    /// at its entry with arbitrary locals.
    fn connector(&self, n: &ArfNode, s2: SchedState, ev: &SchedEvent, x: &mut Expansion) {
        let mut locs = n.locs.clone();
        let mut a = Action::default();
        let mut s2 = s2;
        match self.binder.restarted(&mut s2, ev) {
            Ok(None) => {}
            Ok(Some(rs)) => {
                rs.place(self.prog, &mut locs);
                self.havoc_locals(&mut a, rs.entry, rs.inst.0);
                for (p, v) in rs.params() {
                    a.assign((p, rs.inst.0), Rhs::Const(v));
                }
            }
            Err(e) => {
                x.bad
                    .push(format!("scheduler error ({e}) at `{}`", ev.text));
                return;
            }
        }
        x.succs.push(Succ {
            tag: tag(&n.sched, &s2, None),
            class: (locs, s2, true),
            action: a,
            what: format!("`{}`", ev.text),
        });
    }

    /// The running thread reaching its exit finishes.
    fn exit_check(
        &self,
        s: SchedState,
        r: ThreadInstance,
        to: LocId,
        exit: LocId,
    ) -> Result<SchedState, String> {
        if to == exit && s.thread(r).status == sched::ThreadStatus::Running {
            return sched::thread_exit(self.spec, &s, r).map_err(|e| e.to_string());
        }
        Ok(s)
    }

    /// Every transition of the ESST model from `n` (rules E1-E4).
    fn expand(&self, n: &ArfNode) -> Expansion {
        let mut x = Expansion::default();
        let st = &n.sched;
        let Some(r) = running(st) else {
            if st.ended || all_finished(st) {
                return x;
            }
            match sched::sched(self.spec, st) {
                Ok(outs) => {
                    for (s2, ev) in outs {
                        self.connector(n, s2, &ev, &mut x);
                    }
                }
                Err(e) => x.bad.push(format!("scheduler error ({e})")),
            }
            return x;
        };
        let entry = st.thread(r).entry;
        let cfg = self.prog.thread(entry);
        let l = n.locs[r.index()];
        if l == cfg.exit {
            match sched::thread_exit(self.spec, st, r) {
                Ok(s2) => x.succs.push(Succ {
                    tag: tag(st, &s2, None),
                    class: (n.locs.clone(), s2, false),
                    action: Action::default(),
                    what: format!("{} exits", st.thread_name(r)),
                }),
                Err(e) => x.bad.push(format!("scheduler error ({e})")),
            }
            return x;
        }
        let preempt_here = |e: &crate::ir::Edge| {
            sched::is_preemption_point_edge(self.spec, st, e, cfg.exit, self.prog)
        };
        if cfg.out_edges(l).any(|(_, e)| preempt_here(e)) {
            match sched::preempt(self.spec, st) {
                Ok(outs) => {
                    for (s2, ev) in outs.into_iter().skip(1) {
                        if n.scheduled && !sched::after_decision(st, &ev) {
                            continue;
                        }
                        self.connector(n, s2, &ev, &mut x);
                    }
                }
                Err(e) => {
                    x.bad.push(format!("scheduler error ({e})"));
                    return x;
                }
            }
        }
        let inst = r.0;
        for (_, e) in cfg.out_edges(l) {
            let line = e.loc.line;
            let step = |what: String| format!("{} line {line}: {what}", st.thread_name(r));
            match &e.op {
                Op::Error(_) => {
                    x.bad.push(step("an error edge".into()));
                    continue;
                }
                Op::Unsupported(why) => {
                    x.bad.push(step(format!("an unsupported edge ({why})")));
                    continue;
                }
                _ => {}
            }
            let lookup = |v: VarId| self.binder.value(st, r, v);
            let tracked = |v: VarId| self.binder.is_tracked(v);
            let cases = match sched::bind_cases(self.spec, &e.op, self.prog, &lookup, &tracked) {
                Ok(c) => c,
                Err(be) => {
                    x.bad
                        .push(step(format!("a primitive that does not bind ({be})")));
                    continue;
                }
            };
            // a call split over an unknown index (`sched::bind_cases`): the cases differ in
            // that argument only, each outcome carries the guard selecting its case (not a
            // blocking one: the thread's data does not change while it waits)
            let call = cases.first().and_then(|(c, _)| c.clone());
            let mut locs = n.locs.clone();
            locs[r.index()] = e.to;
            let Some(call) = call else {
                let mut a = Action::default();
                match &e.op {
                    Op::Assign(v, rhs) => a.assign(
                        self.key(*v, inst),
                        Rhs::Expr(self.binder.specialise(st, r, rhs), inst),
                    ),
                    Op::Nondet(v) => a.assign(self.key(*v, inst), Rhs::Havoc),
                    Op::Assume(c) => {
                        if self.binder.decide(st, r, c) == Some(false) {
                            continue;
                        }
                        a.assumes.push((self.binder.specialise(st, r, c), inst));
                    }
                    Op::Call { ret, may_write, .. } => {
                        for v in ret.iter().chain(may_write.iter()) {
                            a.assign(self.key(*v, inst), Rhs::Havoc);
                        }
                    }
                    _ => {}
                }
                let s1 = match self.binder.track(st, r, &e.op) {
                    Ok(s) => s.unwrap_or_else(|| st.clone()),
                    Err(se) => {
                        x.bad.push(step(format!("scheduler error ({se})")));
                        continue;
                    }
                };
                match self.exit_check(s1, r, e.to, cfg.exit) {
                    Ok(s2) => x.succs.push(Succ {
                        tag: Some(inst),
                        class: (locs, s2, false),
                        action: a,
                        what: step("an edge".into()),
                    }),
                    Err(why) => x.bad.push(step(format!("scheduler error ({why})"))),
                }
                continue;
            };
            let outs = match sched::sexec_cases(self.spec, st, &cases) {
                Ok(outs) => outs,
                Err(se) => {
                    x.bad.push(step(format!("scheduler error ({se})")));
                    continue;
                }
            };
            for (guard, (rv, s2)) in outs {
                if rv.copy.as_ref().is_some_and(|c| c.stream) {
                    x.unmodelled
                        .push(step(format!("stream-buffer copy of {}", call.func)));
                    continue;
                }
                let copy = match &rv.copy {
                    None => None,
                    Some(cp) => match self.queue_copy(st, r, entry, cp) {
                        Ok(c) => Some(c),
                        Err(why) => {
                            x.bad
                                .push(step(format!("a queue copy of {} ({why})", call.func)));
                            continue;
                        }
                    },
                };
                let exit_copy = match &rv.exit_copy {
                    None => None,
                    Some(ec) => {
                        match sched::exit_copy_assignment(self.prog, &self.binder, st, r, entry, ec)
                        {
                            Ok((dst, v)) => Some((self.key(dst, r.0), Rhs::Expr(v, ec.from.0))),
                            Err(why) => {
                                x.bad
                                    .push(step(format!("the exit value of {} ({why})", call.func)));
                                continue;
                            }
                        }
                    }
                };
                if !rv.advance {
                    x.succs.push(Succ {
                        tag: tag(st, &s2, None),
                        class: (n.locs.clone(), s2, false),
                        action: Action::default(),
                        what: step(rv.label.clone()),
                    });
                    continue;
                }
                let mut a = Action::default();
                if let Some(g) = &guard {
                    a.assumes.push((self.binder.specialise(st, r, g), inst));
                }
                if let Op::Call { ret: Some(v), .. } = &e.op {
                    let k = self.key(*v, inst);
                    a.assign(k, rv.ret.map_or(Rhs::Havoc, Rhs::Const));
                }
                for (v, c) in &rv.writes {
                    a.assign(self.key(*v, inst), Rhs::Const(*c));
                }
                for (k, rhs) in copy.into_iter().chain(exit_copy) {
                    a.assign(k, rhs);
                }
                let mut locs = locs.clone();
                let mut s2 = s2;
                let mut failed = None;
                for t in [rv.spawned, rv.restart].into_iter().flatten() {
                    let te = s2.thread(t).entry;
                    let spawner = (Some(t) == rv.spawned).then_some(r);
                    if let Err(se) =
                        self.binder
                            .spawned(&mut s2, spawner, t, te, call.data_arg.as_ref())
                    {
                        failed = Some(se.to_string());
                        break;
                    }
                    if locs.len() <= t.index() {
                        locs.resize(t.index() + 1, LocId(0));
                    }
                    locs[t.index()] = self.prog.thread(te).entry;
                    self.havoc_locals(&mut a, te, t.0);
                    if Some(t) == rv.spawned {
                        if let (Some(p), Some(d)) =
                            (self.prog.thread(te).param, call.data_arg.as_ref())
                        {
                            let d = self.binder.specialise(st, r, d);
                            a.assign((p, t.0), Rhs::Expr(d, inst));
                        }
                    }
                }
                if let Some(why) = failed {
                    x.bad.push(step(format!("scheduler error ({why})")));
                    continue;
                }
                match self.exit_check(s2, r, e.to, cfg.exit) {
                    Ok(s2) => x.succs.push(Succ {
                        tag: Some(inst),
                        class: (locs, s2, false),
                        action: a,
                        what: step(rv.label.clone()),
                    }),
                    Err(why) => x.bad.push(step(format!("scheduler error ({why})"))),
                }
            }
        }
        x
    }
}
