//! The explicit-value component of the predicate-abstraction ART: finite-valued variables
//! (status flags, program counters, event states) are tracked by value in every node instead of
//! by predicates, as in CPAchecker's composition of value analysis with predicate analysis.
//!
//! A variable is *tracked* when every write to it assigns a value determined by tracked
//! variables: a constant, a tracked variable, a conditional choice between such values, or a
//! linear combination of them (`num += 1`). *Flags* are the tracked variables whose writes never
//! compute (constants, copies, choices): they only ever hold one of finitely many values. The
//! other tracked variables are *counters*, whose values could grow without bound; a counter that
//! takes more than [`VALUE_THRESHOLD`] distinct values at one abstraction point is dropped from
//! tracking and the analysis restarts without it ([`super::Stop::Untrack`]), so the explicit part
//! of the domain stays finite and the exploration still terminates. A node's [`Vals`] gives each tracked
//! variable its value, or `None` when it is unknown (an uninitialised local, or a join the
//! enumeration gave up on). The abstract post through a block end enumerates the distinct
//! valuations of the tracked variables at the end (a projected all-SAT over their output terms,
//! each model blocked by an assumption), and makes one successor per valuation, whose predicate
//! state is abstracted under that valuation. So the flags' correlations across the paths of a
//! large block are kept exactly, where a Cartesian abstraction of `x == c` predicates would join
//! them.
//!
//! **Specialised blocks.** The exploration does not solve a block's general formula under the
//! values as assumptions: it builds the block again with the known values as its input terms
//! ([`SpecBlock`], cached per start location and valuation). Conditions on known values then
//! fold to constants while the formula is built, the paths they exclude are dropped, variables
//! that get the same value on every path need no φ constant, and predicates over the
//! successor's known values are constants; what the solver sees is only the part of the block
//! the values leave open (nondeterministic choices, untracked data).
//!
//! Soundness: each successor valuation was read off a model of the block formula, and the
//! enumeration stops only when the blocking assumptions make the query unsatisfiable, so the
//! successors cover every concrete successor. Beyond [`MAX_VALUATIONS`] the variable with the
//! most distinct values is left out and the enumeration repeated over the others (a projection:
//! each successor covers every concrete successor with its values of the others); a variable
//! left out keeps a value only where the solver proved it is the only one. A
//! specialised block is the block's formula with the known input values substituted (built by
//! the same encoding from constant inputs), so it is equivalent to the general formula under
//! the node's values; a predicate is instantiated with a successor value only where that value
//! is an input constant or asserted by the successor's assumption.

use super::{block, Analysis, NodeId, Res, Stop};
use crate::ir::{BinOp, Cfg, Expr, LocId, Op, Program, UnOp, VarId};
use crate::smt::{Context, SatResult, Semantics, Term};
use std::collections::HashSet;
use std::rc::Rc;
use std::time::Instant;

/// The values of the tracked variables, in [`Tracked::vars`] order (`None`: unknown).
pub(super) type Vals = Rc<[Option<i128>]>;

/// A valuation of the tracked variables being built (see [`Analysis::successor_vals`]).
type Valuation = Vec<Option<i128>>;

/// A tracked variable left out of an enumeration but proven to have one value: (index, value,
/// the equation of its output term with that value).
type Unique = (usize, i128, Term);

/// Cap on the distinct valuations of one block end (beyond it the successors are merged).
pub(super) const MAX_VALUATIONS: usize = 64;

/// Merges caused by one variable (with many distinct values) beyond which it is not tracked.
const MAX_OVERFLOWS: u32 = 3;

/// Distinct values of one counter at one abstraction point beyond which it is no longer tracked.
pub(super) const VALUE_THRESHOLD: usize = 128;

/// The solver context of one block end for its specialised blocks: the range facts (or the
/// initial-state facts at the root) at the base level, and in one pushed scope the formula of
/// the specialised block last used (consecutive posts from one node reuse it; one context per
/// block end keeps the memory bounded whatever the number of valuations).
pub(super) struct SpecCtx {
    pub ctx: Context,
    loaded: Option<Vals>,
    /// Per program variable: its canonical constant's type range is asserted (at the base
    /// level). Ranges are asserted only for the constants a query mentions (the loaded
    /// formulas' inputs; states and predicates get theirs as assumptions): ranges of other
    /// constants are independent satisfiable facts that change no answer, and asserting all
    /// of them made every model construction walk every variable of the program. At the root
    /// no canonical ranges are used (all true).
    pub ranged: Vec<bool>,
}

/// A block built from the known values at its start (see the module documentation).
pub(super) struct SpecBlock {
    pub block: block::Block,
    /// Input term of each variable: its known value, else its canonical (or, at the root,
    /// initial) constant.
    pub input: Vec<Term>,
    /// (block start, root, start values).
    pub key: SpecKey,
}

/// Identifies a [`SpecBlock`]: (block start, root, start values).
pub(super) type SpecKey = (LocId, bool, Vals);

/// The tracked variables.
#[derive(Debug, Default)]
pub(super) struct Tracked {
    /// Tracked variables, sorted.
    pub vars: Vec<VarId>,
    /// Position in `vars` of each program variable.
    pub index: Vec<Option<usize>>,
    /// Per position in `vars`: a counter (not a flag).
    pub counter: Vec<bool>,
    /// Per position in `vars`, for a variable with nondeterministic writes (all of them dead,
    /// e.g. an uninitialised local's declaration): the locations where it is live. Elsewhere
    /// its value is never read before being overwritten, so it is left unknown.
    pub live: Vec<Option<Vec<bool>>>,
}

/// The variables of the CFG to track by value (see the module documentation), except those in
/// `untracked`; none when `enabled` is false.
pub(super) fn tracked_vars(
    prog: &Program,
    cfg: &Cfg,
    enabled: bool,
    untracked: &HashSet<VarId>,
) -> Tracked {
    let n = prog.vars.len();
    if !enabled {
        return Tracked {
            vars: Vec::new(),
            index: vec![None; n],
            counter: Vec::new(),
            live: Vec::new(),
        };
    }
    let mut ok: Vec<bool> = (0..n as u32)
        .map(|v| !untracked.contains(&VarId(v)))
        .collect();
    let mut assigns: Vec<(VarId, &Expr)> = Vec::new();
    let mut nondet: Vec<Vec<LocId>> = vec![Vec::new(); n];
    for e in &cfg.edges {
        match &e.op {
            Op::Assign(x, rhs) => assigns.push((*x, rhs)),
            Op::Nondet(x) => nondet[x.0 as usize].push(e.to),
            Op::Call { ret, may_write, .. } => {
                if let Some(r) = ret {
                    ok[r.0 as usize] = false;
                }
                for v in may_write {
                    ok[v.0 as usize] = false;
                }
            }
            _ => {}
        }
    }
    // A nondeterministic write is harmless when its value is never read (the variable is dead
    // after it): `int x;` lowered to `x := nondet()` before `x = 0`. At a location where such a
    // variable is live, every path from its nondeterministic writes has overwritten it.
    let mut live: Vec<Option<Vec<bool>>> = vec![None; n];
    for (x, targets) in nondet.iter().enumerate() {
        if targets.is_empty() || !ok[x] {
            continue;
        }
        let l = live_locs(cfg, VarId(x as u32));
        if targets.iter().any(|t| l[t.0 as usize]) {
            ok[x] = false;
        } else {
            live[x] = Some(l);
        }
    }
    // Greatest fixpoints: a variable stays tracked while all of its writes are determined by
    // tracked variables, and a flag while they are also finite-valued.
    let fixpoint = |ok: &mut Vec<bool>, good: &dyn Fn(&Expr, &[bool]) -> bool| loop {
        let mut changed = false;
        for &(x, rhs) in &assigns {
            if ok[x.0 as usize] && !good(rhs, ok) {
                ok[x.0 as usize] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    };
    fixpoint(&mut ok, &determined);
    let mut flag = ok.clone();
    fixpoint(&mut flag, &finite_valued);
    // Variables never written are constants: their initial value is fixed by the root facts,
    // and tracking them costs nothing (never enumerated) but lets predicates over them drop out.
    let vars: Vec<VarId> = (0..n as u32)
        .map(VarId)
        .filter(|v| ok[v.0 as usize])
        .collect();
    let mut index = vec![None; n];
    for (i, v) in vars.iter().enumerate() {
        index[v.0 as usize] = Some(i);
    }
    let counter = vars.iter().map(|v| !flag[v.0 as usize]).collect();
    let live = vars.iter().map(|v| live[v.0 as usize].take()).collect();
    Tracked {
        vars,
        index,
        counter,
        live,
    }
}

/// The locations where `x` is live: some path from there reads it before writing it (calls and
/// unsupported edges count as reads).
pub(super) fn live_locs(cfg: &Cfg, x: VarId) -> Vec<bool> {
    let reads_x = |e: &Expr| {
        let mut r = false;
        e.for_each_var(&mut |v| r |= v == x);
        r
    };
    let mut live = vec![false; cfg.num_locs as usize];
    loop {
        let mut changed = false;
        for e in &cfg.edges {
            if live[e.from.0 as usize] {
                continue;
            }
            let (reads, writes) = match &e.op {
                Op::Assign(y, rhs) => (reads_x(rhs), *y == x),
                Op::Nondet(y) => (false, *y == x),
                Op::Assume(c) => (reads_x(c), false),
                Op::Call { .. } | Op::Unsupported(_) => (true, false),
                _ => (false, false),
            };
            if reads || (!writes && live[e.to.0 as usize]) {
                live[e.from.0 as usize] = true;
                changed = true;
            }
        }
        if !changed {
            return live;
        }
    }
}

/// `e`'s value is a function of tracked variables (up to a choice between such values): linear
/// arithmetic, comparisons and connectives over tracked variables and constants.
fn determined(e: &Expr, ok: &[bool]) -> bool {
    match e {
        Expr::Const(..) => true,
        Expr::Var(v) => ok[v.0 as usize],
        Expr::Cast(_, a) | Expr::Unary(UnOp::Neg | UnOp::Not, a) => determined(a, ok),
        Expr::Unary(UnOp::BitNot, _) => false,
        Expr::Ite(_, a, b) => determined(a, ok) && determined(b, ok),
        Expr::Float(..) => false,
        Expr::Binary(op, a, b) => {
            let linear = matches!(op, BinOp::Add | BinOp::Sub)
                || op.is_comparison()
                || op.is_logical()
                || (*op == BinOp::Mul
                    && (matches!(**a, Expr::Const(..)) || matches!(**b, Expr::Const(..))));
            linear && determined(a, ok) && determined(b, ok)
        }
    }
}

/// `e` takes one of finitely many values whatever the state: a constant, a tracked variable,
/// a cast of such a value, or a choice between two such values.
fn finite_valued(e: &Expr, ok: &[bool]) -> bool {
    match e {
        Expr::Const(..) => true,
        Expr::Var(v) => ok[v.0 as usize],
        Expr::Cast(_, a) => finite_valued(a, ok),
        Expr::Ite(_, a, b) => finite_valued(a, ok) && finite_valued(b, ok),
        _ => false,
    }
}

/// `w`'s valuation covers `v`'s: every value `w` knows, `v` has too.
pub(super) fn covers(w: &[Option<i128>], v: &[Option<i128>]) -> bool {
    w.iter().zip(v.iter()).all(|(a, b)| a.is_none() || a == b)
}

impl Analysis<'_> {
    /// The values of the tracked variables at program start.
    pub(super) fn root_vals(&self) -> Vals {
        self.tracked
            .vars
            .iter()
            .map(|v| self.prog.var(*v).init.map(|k| self.prog.var(*v).ty.wrap(k)))
            .collect()
    }

    /// `vals` as a formula over the canonical constants (true when nothing is known).
    pub(super) fn vals_term(&self, vals: &[Option<i128>]) -> Term {
        let eqs: Vec<Term> = self
            .tracked
            .vars
            .iter()
            .zip(vals.iter())
            .filter_map(|(v, k)| {
                let ty = self.prog.var(*v).ty;
                k.map(|k| self.w.canon[v.0 as usize].eq(self.w.enc.constant(k, ty)))
            })
            .collect();
        Term::and(&eqs)
    }

    /// The block from `n` specialised to `n`'s known values (made on first use).
    pub(super) fn spec_block(&mut self, n: NodeId) -> Rc<SpecBlock> {
        let root = self.is_root(n);
        let key: SpecKey = (self.art[n].loc, root, self.art[n].vals.clone());
        if let Some(b) = self.spec_blocks.get(&key) {
            return b.clone();
        }
        let t0 = Instant::now();
        let mut input = if root {
            self.w.root_input.clone()
        } else {
            self.w.canon.clone()
        };
        for (v, k) in self.tracked.vars.iter().zip(key.2.iter()) {
            if let Some(k) = k {
                input[v.0 as usize] = self.w.enc.constant(*k, self.prog.var(*v).ty);
            }
        }
        let mut namer = block::Namer::new(&format!(
            ".s{}{}.{}",
            key.0 .0,
            if root { "r" } else { "" },
            self.spec_blocks.len()
        ));
        let b = block::build(
            self.prog,
            self.cfg,
            &self.w.enc,
            &self.abs_point,
            key.0,
            &input,
            &mut namer,
            block::BuildOpts::default(),
        );
        let sb = Rc::new(SpecBlock {
            block: b,
            input,
            key: key.clone(),
        });
        self.spec_blocks.insert(key, sb.clone());
        self.prof("spec-block", t0);
        sb
    }

    /// A solver context holding the formula of end `k` of the specialised block from `n`
    /// (with the range facts of the canonical constants, or the initial-state facts at the
    /// root), and the assumption of the node's abstract state. Put it back with
    /// [`Self::put_spec_ctx`].
    pub(super) fn take_spec_ctx(
        &mut self,
        n: NodeId,
        sb: &SpecBlock,
        k: block::EndKey,
    ) -> (SpecCtx, Vec<Term>) {
        let ckey = (sb.key.0, sb.key.1, k);
        let mut sc = match self.spec_ctxs.remove(&ckey) {
            Some(c) => c,
            None => {
                let mut ctx = Context::new();
                if sb.key.1 {
                    ctx.assert(self.w.root_facts);
                }
                SpecCtx {
                    ctx,
                    loaded: None,
                    ranged: vec![sb.key.1; self.w.canon.len()],
                }
            }
        };
        if sc.loaded.as_ref() != Some(&sb.key.2) {
            if sc.loaded.is_some() {
                sc.ctx.pop();
            }
            let formula = sb.block.ends[&k].formula;
            for (i, r) in self.missing_ranges(&sc.ranged, &[formula]) {
                sc.ranged[i] = true;
                sc.ctx.assert(r);
            }
            sc.ctx.push();
            sc.ctx.assert(sb.block.ends[&k].formula);
            sc.loaded = Some(sb.key.2.clone());
        }
        let mut base = Vec::new();
        if !sb.key.1 {
            // The state over the block's inputs: literals over known values become constants.
            let st = self.art[n].state.to_term(&self.preds);
            let st = st.subst(&self.w.canon, &sb.input);
            if !st.is_true() {
                base.extend(
                    self.missing_ranges(&sc.ranged, &[st])
                        .into_iter()
                        .map(|(_, r)| r),
                );
                base.push(st);
            }
        }
        (sc, base)
    }

    /// The non-trivial type ranges of the canonical constants in `terms` that `ranged` does
    /// not mark, each once with its variable's index; see [`SpecCtx::ranged`].
    pub(super) fn missing_ranges(&self, ranged: &[bool], terms: &[Term]) -> Vec<(usize, Term)> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for t in terms {
            for v in t.free_vars() {
                let Some(x) = self.w.canon_var.get(&v) else {
                    continue;
                };
                let i = x.0 as usize;
                let r = self.w.canon_range[i];
                if !ranged[i] && !r.is_true() && seen.insert(i) {
                    out.push((i, r));
                }
            }
        }
        out
    }

    pub(super) fn put_spec_ctx(&mut self, n: NodeId, k: block::EndKey, sc: SpecCtx) {
        self.spec_ctxs
            .insert((self.art[n].loc, self.is_root(n), k), sc);
    }

    /// `t` (over the canonical constants of `vars`) at end `end` of the specialised block `sb`
    /// for a successor with tracked values `vals`: a variable with a known successor value is
    /// that value (an input constant, or asserted by the successor's assumption, see
    /// [`Self::successor_vals`]), any other its output term, or its input term when the block
    /// does not write it.
    pub(super) fn instantiate_spec(
        &self,
        sb: &SpecBlock,
        end: &block::End,
        vals: &[Option<i128>],
        t: Term,
        vars: &[VarId],
    ) -> Term {
        let from: Vec<Term> = vars.iter().map(|v| self.w.canon[v.0 as usize]).collect();
        let to: Vec<Term> = vars
            .iter()
            .map(|v| {
                if let Some(k) = self.tracked.index[v.0 as usize].and_then(|i| vals[i]) {
                    return self.w.enc.constant(k, self.prog.var(*v).ty);
                }
                match end.out.binary_search_by_key(v, |(x, _)| *x) {
                    Ok(i) => end.out[i].1,
                    Err(_) => sb.input[v.0 as usize],
                }
            })
            .collect();
        t.subst(&from, &to)
    }

    /// The valuations of the tracked variables after the specialised block from `n` through
    /// end `k`, each with its formula over the end's output terms (to assume when abstracting
    /// the predicates of that successor). Empty when the end is unreachable from the node.
    pub(super) fn successor_vals(
        &mut self,
        n: NodeId,
        block: &SpecBlock,
        k: block::EndKey,
    ) -> Res<Vec<(Vals, Term)>> {
        let mut pre = self.art[n].vals.clone();
        let end = &block.block.ends[&k];
        // Tracked variables written in the block (the others keep their values), except those
        // dead at the end (unknown there).
        let dead = |i: usize| match (&self.tracked.live[i], k) {
            (Some(l), block::EndKey::Loc(at)) => !l[at.0 as usize],
            _ => false,
        };
        let mut written: Vec<(usize, Term)> = Vec::new();
        let mut unknown: Vec<usize> = Vec::new();
        for (v, t) in &end.out {
            if let Some(i) = self.tracked.index[v.0 as usize] {
                if dead(i) {
                    unknown.push(i);
                } else {
                    written.push((i, *t));
                }
            }
        }
        if !unknown.is_empty() {
            let mut p = pre.to_vec();
            for i in unknown {
                p[i] = None;
            }
            pre = Rc::from(p);
        }
        if written.is_empty() {
            return Ok(vec![(pre, Term::tt())]);
        }
        let t0 = Instant::now();
        let (mut ctx, base) = self.take_spec_ctx(n, block, k);
        // Every written output a constant (the usual case: the block's end is reached by
        // paths that all compute the same tracked values): one valuation when the end is
        // reachable, decided by one check without a model (models walk the whole formula).
        let consts: Vec<Option<i128>> = written
            .iter()
            .map(|&(i, t)| self.const_value(t, self.prog.var(self.tracked.vars[i]).ty))
            .collect();
        if consts.iter().all(Option::is_some) {
            let r = ctx.ctx.check_assuming_with_timeout(&base, self.remaining());
            self.put_spec_ctx(n, k, ctx);
            self.prof("post-vals-const", t0);
            return match r {
                SatResult::Unsat => Ok(Vec::new()),
                SatResult::Unknown => Err(self.solver_unknown()),
                SatResult::Sat => {
                    let mut vals = pre.to_vec();
                    for (&(i, _), c) in written.iter().zip(&consts) {
                        vals[i] = *c;
                    }
                    self.prof.entry("post-valuations").or_default().0 += 1;
                    Ok(vec![(Rc::from(vals), Term::tt())])
                }
            };
        }
        let r = self.valuations_through(&mut ctx, &base, &pre, &written);
        self.put_spec_ctx(n, k, ctx);
        let (found, left_out, unique) = r?;
        let out = found
            .into_iter()
            .map(|mut vals| {
                let mut eqs: Vec<Term> = Vec::new();
                for &(i, t) in &written {
                    if left_out[i] {
                        vals[i] = None;
                    } else if let Some(c) = vals[i] {
                        let ty = self.prog.var(self.tracked.vars[i]).ty;
                        eqs.push(t.eq(self.w.enc.constant(c, ty)));
                    }
                }
                for &(i, c, eq) in &unique {
                    vals[i] = Some(c);
                    eqs.push(eq);
                }
                (Rc::from(vals), Term::and(&eqs))
            })
            .collect::<Vec<_>>();
        self.prof("post-vals", t0);
        self.prof.entry("post-valuations").or_default().0 += out.len() as u64;
        Ok(out)
    }

    /// The valuations of the `written` tracked variables (index, output term) reachable
    /// through the block loaded in `ctx` under `base`, for [`Self::successor_vals`]: the
    /// valuations found, the variables left out of the enumeration, and those of them proven
    /// to have one value (index, value, equation).
    ///
    /// Enumerates the valuations of the written variables not left out (at first all). When
    /// there are more than MAX_VALUATIONS, the variable with the most distinct values among
    /// those found is left out (its successor value is unknown unless proven unique) and the
    /// enumeration is repeated over the others, so that a block that writes one counter with
    /// many values and several flags keeps the flags exact.
    fn valuations_through(
        &mut self,
        ctx: &mut SpecCtx,
        base: &[Term],
        pre: &[Option<i128>],
        written: &[(usize, Term)],
    ) -> Res<(Vec<Valuation>, Vec<bool>, Vec<Unique>)> {
        let mut left_out = vec![false; pre.len()];
        let found = loop {
            let (found, overflow) =
                self.enumerate_valuations(ctx, base, pre, written, &left_out)?;
            if !overflow {
                break found;
            }
            // Drop the variable with the most distinct values; one that keeps causing this
            // is no longer tracked.
            let (i, _) = written
                .iter()
                .filter(|&&(i, _)| !left_out[i])
                .map(|&(i, _)| {
                    let d: HashSet<Option<i128>> = found.iter().map(|f| f[i]).collect();
                    (i, d.len())
                })
                .max_by_key(|&(i, d)| (d, std::cmp::Reverse(i)))
                .expect("an overflow has a written variable");
            left_out[i] = true;
            self.overflows[i] += 1;
            if self.overflows[i] >= MAX_OVERFLOWS {
                return Err(Stop::Untrack(self.tracked.vars[i]));
            }
        };
        let unique = self.unique_left_out(ctx, base, written, &left_out, &found)?;
        Ok((found, left_out, unique))
    }

    /// The valuations of the written variables not `left_out` (the others decoded for the
    /// uniqueness check), each blocked once found; true when there were more than
    /// MAX_VALUATIONS (the enumeration stopped).
    fn enumerate_valuations(
        &self,
        ctx: &mut SpecCtx,
        base: &[Term],
        pre: &[Option<i128>],
        written: &[(usize, Term)],
        left_out: &[bool],
    ) -> Res<(Vec<Valuation>, bool)> {
        let mut assume = base.to_vec();
        let mut found: Vec<Valuation> = Vec::new();
        loop {
            match ctx
                .ctx
                .check_assuming_with_timeout(&assume, self.remaining())
            {
                SatResult::Unsat => return Ok((found, false)),
                SatResult::Unknown => return Err(self.solver_unknown()),
                SatResult::Sat => {}
            }
            let Some(m) = ctx.ctx.model() else {
                return Err(self.solver_unknown());
            };
            let mut vals = pre.to_vec();
            let mut eqs = Vec::new();
            for &(i, t) in written {
                let ty = self.prog.var(self.tracked.vars[i]).ty;
                vals[i] = self.w.enc.decode(&m, t, ty);
                if left_out[i] {
                    // Decoded for the uniqueness check, not enumerated.
                    continue;
                }
                if let Some(c) = vals[i] {
                    // A constant output term needs no blocking (the equation is true).
                    let eq = t.eq(self.w.enc.constant(c, ty));
                    if !eq.is_true() {
                        eqs.push(eq);
                    }
                }
            }
            found.push(vals);
            if eqs.is_empty() {
                return Ok((found, false));
            }
            if found.len() > MAX_VALUATIONS {
                return Ok((found, true));
            }
            assume.push(Term::and(&eqs).not());
        }
    }

    /// The written variables left out of the enumeration that have one value in every
    /// valuation (proven, not just seen in `found`): (index, value, equation).
    fn unique_left_out(
        &self,
        ctx: &mut SpecCtx,
        base: &[Term],
        written: &[(usize, Term)],
        left_out: &[bool],
        found: &[Valuation],
    ) -> Res<Vec<Unique>> {
        let mut unique = Vec::new();
        for &(i, t) in written {
            if !left_out[i] {
                continue;
            }
            let ty = self.prog.var(self.tracked.vars[i]).ty;
            let Some(c) = found.first().and_then(|f| f[i]) else {
                continue;
            };
            let eq = t.eq(self.w.enc.constant(c, ty));
            let mut q = base.to_vec();
            q.push(eq.not());
            match ctx.ctx.check_assuming_with_timeout(&q, self.remaining()) {
                SatResult::Unsat => unique.push((i, c, eq)),
                SatResult::Sat => {}
                SatResult::Unknown => return Err(self.solver_unknown()),
            }
        }
        Ok(unique)
    }

    /// The value of a constant term `t` of type `ty` (as [`crate::smt::Encoder::decode`]
    /// reads it from a model), None when `t` is not a constant.
    fn const_value(&self, t: Term, ty: crate::ir::Type) -> Option<i128> {
        if t.is_true() {
            return Some(1);
        }
        if t.is_false() {
            return Some(0);
        }
        if t.is_bool() {
            return None;
        }
        match self.w.enc.sem {
            Semantics::BitVector => t.bv_const(ty.is_signed()),
            _ => t.int_const(),
        }
    }

    /// Records the counters' values at abstraction point `l`; a counter with more than
    /// [`VALUE_THRESHOLD`] distinct values there stops the analysis (to restart without it).
    pub(super) fn note_values(&mut self, l: crate::ir::LocId, vals: &[Option<i128>]) -> Res<()> {
        for (i, k) in vals.iter().enumerate() {
            let Some(k) = k else { continue };
            if !self.tracked.counter[i] {
                continue;
            }
            let seen = self.seen_values.entry((l, i)).or_default();
            if seen.insert(*k) && seen.len() > VALUE_THRESHOLD {
                return Err(Stop::Untrack(self.tracked.vars[i]));
            }
        }
        Ok(())
    }

    /// The known tracked values as a substitution (canonical constant → value), to simplify
    /// the predicates of a cube that also fixes these values (for invariants).
    pub(super) fn vals_subst(&self, vals: &[Option<i128>]) -> (Vec<Term>, Vec<Term>) {
        self.tracked
            .vars
            .iter()
            .zip(vals.iter())
            .filter_map(|(v, k)| {
                let ty = self.prog.var(*v).ty;
                Some((self.w.canon[v.0 as usize], self.w.enc.constant((*k)?, ty)))
            })
            .unzip()
    }

    /// The known tracked values as C conjuncts (`x == 3`; temporaries left out), for invariants
    /// and pictures; `names` maps canonical constants to C names.
    pub(super) fn vals_c(
        &self,
        vals: &[Option<i128>],
        names: &std::collections::HashMap<Term, String>,
    ) -> Vec<String> {
        self.tracked
            .vars
            .iter()
            .zip(vals.iter())
            .filter(|(v, _)| !self.prog.var(**v).is_temp)
            .filter_map(|(v, k)| {
                let ty = self.prog.var(*v).ty;
                let eq = self.w.canon[v.0 as usize].eq(self.w.enc.constant((*k)?, ty));
                super::cexpr::to_c(eq, names)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn covers_needs_every_known_value() {
        assert!(covers(&[None, Some(1)], &[Some(0), Some(1)]));
        assert!(!covers(&[Some(0), Some(1)], &[None, Some(1)]));
        assert!(!covers(&[Some(2)], &[Some(1)]));
        assert!(covers(&[], &[]));
    }
}
