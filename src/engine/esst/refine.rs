//! Counterexample analysis and refinement: ARF paths, their SSA path formulas, feasibility
//! (FAILED with steps from the model), sequence interpolants (with retries and slices),
//! and the placement of new predicates in the precisions.

use super::*;

/// Work cap (CPU time) of the first interpolation of a whole integer path formula with
/// division or remainder facts, before its unsat-core slice (see `integer_refinement`).
const DIVREM_FIRST_CAP: std::time::Duration = std::time::Duration::from_secs(1);

impl<'a> Esst<'a> {
    /// The nodes from the root to `n`.
    pub(super) fn path_nodes(nodes: &[Node], n: usize) -> Vec<usize> {
        let mut out = vec![n];
        let mut c = n;
        while let Some((p, _)) = &nodes[c].parent {
            out.push(*p);
            c = *p;
        }
        out.reverse();
        out
    }

    pub(super) fn path_labels(nodes: &[Node], n: usize) -> Vec<Label> {
        let mut out = Vec::new();
        let mut c = n;
        while let Some((p, l)) = &nodes[c].parent {
            out.push(l.clone());
            c = *p;
        }
        out.reverse();
        out
    }

    /// Analyses the path to a found error or blocker: feasible, it is a counterexample (or a
    /// feasible blocker); infeasible, its interpolants refine the precisions.
    pub(super) fn analyse(&mut self, nodes: &[Node], f: Found) -> Res<()> {
        let n = match &f {
            Found::Error { n, .. } | Found::Blocker { n, .. } => *n,
        };
        let labels = Self::path_labels(nodes, n);
        let pf = self.path_formula(&labels);
        if debug() {
            for (i, p) in pf.parts.iter().enumerate() {
                eprintln!("[esst]   path part {i}: {p}");
            }
        }
        let mut ctx = Context::new();
        ctx.assert_all(&pf.parts);
        match ctx.check_with_timeout(self.remaining()) {
            SatResult::Unknown => Err(self.solver_unknown()),
            SatResult::Sat => {
                let steps = self.feasible_steps(ctx, &labels, &pf)?;
                self.feasible(nodes, n, f, steps)
            }
            SatResult::Unsat => {
                drop(ctx);
                self.refine_path(nodes, n, &labels, &pf)
            }
        }
    }

    /// The steps of a feasible path from the model of `ctx` (which holds `pf`). Under
    /// wrapped integers the path is solved again with bit-vectors, whose model gives the
    /// machine's values (unsat there: the run needs bit-vectors).
    fn feasible_steps(
        &mut self,
        ctx: Context,
        labels: &[Label],
        pf: &PathFormula,
    ) -> Res<Vec<Step>> {
        if self.enc.sem != Semantics::WrappedInt {
            let m = ctx.model().ok_or_else(|| self.solver_unknown())?;
            return Ok(self.steps_from_model(labels, pf, &self.enc, &m));
        }
        drop(ctx);
        let bv = Encoder::new(Semantics::BitVector);
        let saved = std::mem::replace(&mut self.enc, bv);
        let bpf = self.path_formula(labels);
        let mut bctx = Context::new();
        bctx.assert_all(&bpf.parts);
        let r = bctx.check_with_timeout(self.remaining());
        let res = match r {
            SatResult::Sat => match bctx.model() {
                Some(m) => Ok(self.steps_from_model(labels, &bpf, &self.enc, &m)),
                None => Err(self.solver_unknown()),
            },
            SatResult::Unsat => Err(Stop::NeedBitVector),
            SatResult::Unknown => Err(self.solver_unknown()),
        };
        self.enc = saved;
        res
    }

    /// A feasible path to node `n`: the counterexample ending at the error edge, or a feasible
    /// blocker recorded.
    fn feasible(&mut self, nodes: &[Node], n: usize, f: Found, mut steps: Vec<Step>) -> Res<()> {
        match f {
            Found::Error {
                thread, inst, edge, ..
            } => {
                let st = &nodes[n].sched;
                let number = st
                    .threads
                    .get(inst as usize)
                    .map(|_| st.instance_number(ThreadInstance(inst)))
                    .unwrap_or(0);
                steps.push(Step::Edge {
                    thread,
                    instance: number,
                    edge,
                    nondet: Vec::new(),
                    assigned: Vec::new(),
                });
                let e = self.prog.thread(thread).edge(edge);
                let description = match &e.op {
                    Op::Error(ErrorKind::AssertFail(t)) => format!("assertion {t}"),
                    _ => "reach_error()".to_string(),
                };
                Err(Stop::Verdict(Verdict::Unsafe(Counterexample {
                    violation: Violation::Property {
                        description,
                        loc: e.loc,
                    },
                    steps,
                })))
            }
            Found::Blocker { key, reason, .. } => {
                if debug() {
                    eprintln!("[esst] feasible blocker: {reason}");
                }
                self.feasible_blockers.insert(key, reason);
                Ok(())
            }
        }
    }

    /// Refines with an infeasible path to node `n`. Interpolates first under mathematical
    /// integers (no wraparound `ite`s, which MCSAT handles badly); any predicate is sound, so
    /// these are used whenever the integer path is infeasible too. When they add nothing new
    /// (e.g. `r = x + 1` does not survive a wrapping `+ 1`, so the same spurious path comes
    /// back), interpolates the exact (WrappedInt / BitVector) formula. A refinement that adds
    /// nothing twice (the second time with boolean precision) ends the run UNKNOWN.
    fn refine_path(
        &mut self,
        nodes: &[Node],
        n: usize,
        labels: &[Label],
        pf: &PathFormula,
    ) -> Res<()> {
        let path = Self::path_nodes(nodes, n);
        self.refinements += 1;
        if debug() {
            for (i, p) in pf.parts.iter().enumerate() {
                eprintln!("[esst]   exact part {i}: {p}");
            }
        }
        let mut added = 0;
        let mut itps = Vec::new();
        if self.enc.sem == Semantics::WrappedInt {
            if let Some((a, v)) = self.integer_refinement(nodes, &path, labels) {
                added = a;
                itps = v;
            }
        }
        if added == 0 {
            // no integer interpolants, or they are not enough under wraparound (an integer
            // invariant such as `token == local + 1` is not preserved by a wrapping
            // increment): interpolate the exact path formula
            let cap = smt::itp_retry::EXACT_CAP;
            let parts = Self::sliced(pf, &self.itp_budget(cap));
            let budget = self.itp_budget(cap);
            match smt::itp_retry::interpolants(&parts, &budget) {
                Ok(v) => {
                    added = self.place(&v, &pf.var_of, &states_of(nodes, &path, labels, pf), false);
                    itps = v;
                }
                Err(_) => return Err(self.exact_itp_failed(&budget)),
            }
        }
        if debug() {
            self.debug_refinement(nodes, n, labels, pf, &itps, added);
        }
        if added == 0 {
            if self.boolean {
                return Err(Stop::Verdict(Verdict::Unknown(UnknownReason::no_progress(
                    "refinement made no progress",
                ))));
            }
            self.boolean = true;
        }
        Ok(())
    }

    /// The integer interpolants of the path (division and remainder by constants linear:
    /// `smt::encode`'s fresh q, r) placed in the precisions: (new placements, interpolants),
    /// or None when the interpolation failed.
    fn integer_refinement(
        &mut self,
        nodes: &[Node],
        path: &[usize],
        labels: &[Label],
    ) -> Option<(usize, Vec<Term>)> {
        let saved = std::mem::replace(&mut self.enc, Encoder::integer_linear_divrem());
        let ipf = self.path_formula(labels);
        let divrem = self.enc.introduced_divrem();
        self.enc = saved;
        if debug() {
            for (i, p) in ipf.parts.iter().enumerate() {
                eprintln!("[esst]   integer part {i}: {p}");
            }
        }
        // not sliced: the unsat core of the integer formula often keeps only the values of
        // one unrolling (counting interpolants, no convergence on transmitter /
        // producer_consumer / isr_shared_counter). With division or remainder facts (fresh
        // quotients), MCSAT can stall on the whole path for its entire cap where the slice
        // interpolates at once (a word sent through a stream buffer byte by byte and
        // reassembled: two stalls of 10 s each on stream_buffer_safe.c): a short attempt
        // first, then the slice, then the whole path with the full cap.
        let first = if divrem {
            self.itp_budget(DIVREM_FIRST_CAP)
        } else {
            self.itp_budget(smt::itp_retry::INT_CAP)
        };
        let mut r = smt::itp_retry::interpolants(&ipf.parts, &first);
        if r.is_err() {
            // MCSAT stalled (it can, on a trivial linear path such as `result = 2*input`):
            // the path restricted to an unsat core, without the range facts of irrelevant
            // variables, is interpolated quickly.
            let cap = smt::itp_retry::INT_CAP;
            let core = Self::sliced(&ipf, &self.itp_budget(cap));
            r = smt::itp_retry::interpolants(&core, &self.itp_budget(cap));
        }
        if r.is_err() && divrem {
            r = smt::itp_retry::interpolants(&ipf.parts, &self.itp_budget(smt::itp_retry::INT_CAP));
        }
        if debug() {
            eprintln!(
                "[esst]   integer interpolation: {}",
                if r.is_ok() { "ok" } else { "failed" }
            );
        }
        let v = r.ok()?;
        let added = self.place(&v, &ipf.var_of, &states_of(nodes, path, labels, &ipf), true);
        Some((added, v))
    }

    /// `SCHEDMC_DEBUG` output of one refinement: the path's regions, steps, parts and
    /// interpolants.
    fn debug_refinement(
        &self,
        nodes: &[Node],
        n: usize,
        labels: &[Label],
        pf: &PathFormula,
        itps: &[Term],
        added: usize,
    ) {
        let mut c = n;
        loop {
            eprintln!(
                "[esst]   node {c} region {}",
                nodes[c].regions.to_term(&self.preds)
            );
            match &nodes[c].parent {
                Some((p, _)) => c = *p,
                None => break,
            }
        }
        for l in labels {
            eprintln!("[esst]   step {:?} {:?} {:?}", l.step, l.action, l.sched);
        }
        for (i, p) in pf.parts.iter().enumerate() {
            eprintln!("[esst]   part {i}: {p}");
        }
        for (i, p) in itps.iter().enumerate() {
            eprintln!("[esst]   itp {i}: {p}");
        }
        eprintln!(
            "[esst] refinement {}: path of {} steps, {} new predicates (total {})",
            self.refinements,
            labels.len(),
            added,
            self.precs.len()
        );
    }

    /// The budget of one interpolation (or unsat-core slice): the run's time left (its only
    /// wall-clock limit) and at most `cap` of work (CPU time of this thread, so that what the
    /// exploration learns does not depend on the machine's load; see [`smt::itp_retry`]).
    pub(super) fn itp_budget(&self, cap: Duration) -> smt::Budget {
        self.deadline.budget().narrowed(Some(cap))
    }

    /// Adds the predicates of `itps` at their homes, else (when that adds nothing: the
    /// thread regions lost them to E2.2 havoc) to π; returns how many placements are new.
    pub(super) fn place(
        &mut self,
        itps: &[Term],
        var_of: &HashMap<Term, VKey>,
        at: &[(Vec<LocId>, Option<u8>)],
        wrap: bool,
    ) -> usize {
        let added = self.add_predicates(itps, var_of, at, false, wrap);
        if added == 0 && self.placement != PlacementKind::Global {
            return self.add_predicates(itps, var_of, at, true, wrap);
        }
        added
    }

    /// Where a predicate over `keys` learned from an interpolant at a state with thread
    /// locations `locs`, just after a step of instance `stepper`, goes (seed section 4.1):
    /// over the locals of one instance `j` only, to `j`'s precision (at its location under
    /// `Location`); over `j`'s locals and globals, the same when `j` made the step (another
    /// thread's step would havoc it at once, E2.2), else π; over globals only or several
    /// instances, and everything under `Global`, to π.
    pub(super) fn home(&self, keys: &[VKey], locs: &[LocId], stepper: Option<u8>) -> Home {
        if self.placement == PlacementKind::Global {
            return Home::Global;
        }
        let insts: BTreeSet<u8> = keys.iter().filter(|k| k.1 != GLOBAL).map(|k| k.1).collect();
        if insts.len() != 1 {
            return Home::Global;
        }
        let j = *insts.iter().next().expect("one instance");
        let globals = keys.iter().any(|k| k.1 == GLOBAL);
        if globals && stepper != Some(j) {
            return Home::Global;
        }
        match (self.placement, locs.get(j as usize)) {
            (PlacementKind::Location, Some(l)) => Home::Loc(j, *l),
            _ => Home::Thread(j),
        }
    }

    /// Adds the un-SSA'd interpolant atoms (and their copies for the other instances of the
    /// same entry) to the precisions: the atoms of `itps[k]` at the home chosen for the state
    /// `at[k]` (thread locations, instance that made the step), or all to π when
    /// `force_global`; returns how many placements are new. With `wrap` (integer
    /// interpolants used in a WrappedInt analysis), every equality `a = b` over two or more
    /// variables of one integer width `w` (also `a >= b`) gives `(a - b) mod 2^w = 0`, its wraparound
    /// form (`token = local + 1` does not survive a wrapping `+ 1`; its wrapped form does).
    pub(super) fn add_predicates(
        &mut self,
        itps: &[Term],
        var_of: &HashMap<Term, VKey>,
        at: &[(Vec<LocId>, Option<u8>)],
        force_global: bool,
        wrap: bool,
    ) -> usize {
        let mut added = 0;
        let mut atoms: Vec<(Term, usize)> = Vec::new();
        for (k, itp) in itps.iter().enumerate() {
            for a in itp.atoms() {
                let w = if wrap {
                    self.wrapped_eq(a, var_of)
                } else {
                    None
                };
                for a in std::iter::once(a).chain(w) {
                    if !atoms.contains(&(a, k)) {
                        atoms.push((a, k));
                    }
                }
            }
        }
        for (atom, k) in atoms {
            let fv = atom.free_vars();
            if fv.is_empty() {
                continue;
            }
            let mut keys = Vec::new();
            let mut ok = true;
            for t in &fv {
                match var_of.get(t) {
                    Some(k) => keys.push(*k),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            let (locs, stepper) = at.get(k).cloned().unwrap_or_default();
            let home = if force_global {
                Home::Global
            } else {
                self.home(&keys, &locs, stepper)
            };
            // Instances this atom speaks about (locals): instantiate for same-entry instances.
            let insts: BTreeSet<u8> = keys.iter().filter(|k| k.1 != GLOBAL).map(|k| k.1).collect();
            let mut variants: Vec<(Vec<VKey>, Home)> = vec![(keys.clone(), home)];
            if insts.len() == 1 {
                let i = *insts.iter().next().expect("one");
                let entries: Vec<ThreadId> = self
                    .seen_instances
                    .iter()
                    .filter(|(x, _)| *x == i)
                    .map(|(_, e)| *e)
                    .collect();
                for (j, ej) in self.seen_instances.clone() {
                    if j != i && entries.contains(&ej) {
                        let ok_vars = keys
                            .iter()
                            .all(|k| k.1 == GLOBAL || self.prog.var(k.0).scope == Scope::Local(ej));
                        if ok_vars {
                            let h = match home {
                                Home::Global => Home::Global,
                                Home::Thread(_) => Home::Thread(j),
                                Home::Loc(_, l) => Home::Loc(j, l),
                            };
                            variants.push((
                                keys.iter()
                                    .map(|k| if k.1 == GLOBAL { *k } else { (k.0, j) })
                                    .collect(),
                                h,
                            ));
                        }
                    }
                }
            }
            for (vk, h) in variants {
                let to: Vec<Term> = vk.iter().map(|k| self.canon(*k)).collect();
                let p = atom.subst(&fv, &to);
                if p.is_true() || p.is_false() {
                    continue;
                }
                let (id, fresh) = self.preds.intern(p);
                if fresh {
                    let mut ks = vk.clone();
                    ks.sort();
                    ks.dedup();
                    self.pred_keys.push(ks);
                }
                if self.precs.add(h, id) {
                    for k in &self.pred_keys[id.0 as usize] {
                        self.prec_keys.insert(*k);
                    }
                    added += 1;
                }
            }
        }
        added
    }

    /// `(a - b) mod 2^w = 0` for an integer equality `a = b` or inequality `a >= b` over two
    /// or more variables (mapped by `var_of`) of integer types of one width `w`, else None
    /// (interpolants often state an equality as two inequalities).
    pub(super) fn wrapped_eq(&self, atom: Term, var_of: &HashMap<Term, VKey>) -> Option<Term> {
        let (a, b) = atom.cmp_sides()?;
        if !a.is_int() || !b.is_int() {
            return None;
        }
        let fv = atom.free_vars();
        if fv.len() < 2 {
            return None;
        }
        let mut width = None;
        for t in &fv {
            let k = var_of.get(t)?;
            let w = match self.ty(*k) {
                Type::Int { bits, .. } if bits < 64 => bits,
                _ => return None,
            };
            if *width.get_or_insert(w) != w {
                return None;
            }
        }
        let m = Term::int(1i128 << width?);
        Some(a.sub(b).int_mod(m).eq(Term::int(0)))
    }

    /// The SSA path formula of the suppressed ARF path: one part per non-empty step.
    pub(super) fn path_formula(&mut self, labels: &[Label]) -> PathFormula {
        let mut cur: HashMap<VKey, Term> = HashMap::new();
        let mut var_of: HashMap<Term, VKey> = HashMap::new();
        let mut parts = Vec::new();
        let mut after: Vec<Vec<Term>> = Vec::with_capacity(labels.len());
        let mut written: Vec<Vec<(VKey, Term)>> = Vec::with_capacity(labels.len());
        // The initial values of the globals form the first part (the root's abstraction).
        let mut init_facts = Vec::new();
        // (and of main's thread-local objects: instance 0 exists from the start)
        for (i, v) in self.prog.vars.iter().enumerate() {
            let k = match v.scope {
                Scope::Global => (VarId(i as u32), GLOBAL),
                Scope::Local(ThreadId(0)) => (VarId(i as u32), 0),
                Scope::Local(_) => continue,
            };
            if v.init.is_some() {
                self.initial_value(k, &mut cur, &mut var_of, &mut init_facts);
            }
        }
        init_facts.extend(self.enc.take_side());
        parts.push(Term::and(&init_facts));
        let mut part_facts = vec![init_facts];
        let mut part_label: Vec<Option<usize>> = vec![None];
        for (i, l) in labels.iter().enumerate() {
            let mut facts: Vec<Term> = Vec::new();
            let mut pre: HashMap<VKey, Term> = HashMap::new();
            for k in self.action_reads(&l.action) {
                let t = self.initial_value(k, &mut cur, &mut var_of, &mut facts);
                pre.insert(k, t);
            }
            let mut post: HashMap<VKey, Term> = HashMap::new();
            let mut posts = Vec::new();
            for (k, _) in &l.action.assigns {
                let t = self.fresh_term(*k, &format!("@{i}."));
                var_of.insert(t, *k);
                post.insert(*k, t);
                posts.push((*k, t));
            }
            let cons = self.encode_action(&l.action, &pre, &post);
            for (k, t) in &posts {
                cur.insert(*k, *t);
            }
            let vals: Vec<Term> = l
                .nondet
                .iter()
                .map(|k| self.initial_value(*k, &mut cur, &mut var_of, &mut facts))
                .collect();
            after.push(vals);
            written.push(posts);
            facts.extend(cons);
            facts.extend(self.enc.take_side());
            if !facts.is_empty() {
                parts.push(Term::and(&facts));
                part_label.push(Some(i));
                part_facts.push(facts);
            }
        }
        PathFormula {
            parts,
            part_facts,
            part_label,
            var_of,
            after,
            written,
        }
    }

    /// The parts of an unsatisfiable path formula restricted to an unsat core
    /// ([`smt::itp_retry::core_slice`]).
    pub(super) fn sliced(pf: &PathFormula, t: &smt::Budget) -> Vec<Term> {
        smt::itp_retry::core_slice(&pf.parts, &pf.part_facts, t)
    }

    /// The current SSA term of `k`, creating its initial constant (with its initial-value or
    /// range fact in `facts`) on first use.
    pub(super) fn initial_value(
        &mut self,
        k: VKey,
        cur: &mut HashMap<VKey, Term>,
        var_of: &mut HashMap<Term, VKey>,
        facts: &mut Vec<Term>,
    ) -> Term {
        if let Some(t) = cur.get(&k) {
            return *t;
        }
        let t = self.fresh_term(k, "@init");
        let v = self.prog.var(k.0);
        match v.init {
            Some(c) => facts.push(t.eq(self.enc.constant(v.ty.wrap(c), v.ty))),
            None => facts.push(self.enc.range(t, v.ty)),
        }
        cur.insert(k, t);
        var_of.insert(t, k);
        t
    }

    pub(super) fn steps_from_model(
        &self,
        labels: &[Label],
        pf: &PathFormula,
        enc: &Encoder,
        m: &Model,
    ) -> Vec<Step> {
        let mut steps = Vec::new();
        for (i, l) in labels.iter().enumerate() {
            if let Some((thread, _, number, edge)) = l.step {
                let val = |k: VKey, t: Term| {
                    let ty = self.ty(k);
                    enc.decode(m, t, ty).map(|x| ty.wrap(x)).unwrap_or(0)
                };
                let nondet = l
                    .nondet
                    .iter()
                    .zip(pf.after[i].iter())
                    .map(|(k, t)| val(*k, *t))
                    .collect();
                let assigned = pf.written[i]
                    .iter()
                    .filter(|(k, _)| (k.0 .0 as usize) < self.ghosts.orig_vars)
                    .filter(|(k, _)| k.1 == GLOBAL || Some(k.1) == l.step.map(|s| s.1))
                    .map(|(k, t)| (k.0, val(*k, *t)))
                    .collect();
                steps.push(Step::Edge {
                    thread,
                    instance: number,
                    edge,
                    nondet,
                    assigned,
                });
            }
            if let Some((decision, text)) = &l.sched {
                steps.push(Step::Sched {
                    decision: decision.clone(),
                    text: text.clone(),
                });
            }
        }
        steps
    }
}

pub(super) struct PathFormula {
    pub(super) parts: Vec<Term>,
    /// Per part: its conjuncts.
    pub(super) part_facts: Vec<Vec<Term>>,
    /// Per part: the label it encodes (None: the initial values).
    pub(super) part_label: Vec<Option<usize>>,
    pub(super) var_of: HashMap<Term, VKey>,
    /// Per label: the SSA terms of its `nondet` keys after the step.
    pub(super) after: Vec<Vec<Term>>,
    /// Per label: the post terms of its assignments.
    pub(super) written: Vec<Vec<(VKey, Term)>>,
}

/// The state each interpolant of `pf` describes (after the step of its part): the locations
/// of the path's node there, and the thread instance that stepped.
fn states_of(
    nodes: &[Node],
    path: &[usize],
    labels: &[Label],
    pf: &PathFormula,
) -> Vec<(Vec<LocId>, Option<u8>)> {
    pf.part_label
        .iter()
        .map(|pl| match pl {
            None => (nodes[path[0]].locs.clone(), None),
            Some(li) => (
                nodes[path[li + 1]].locs.clone(),
                labels[*li].step.map(|s| s.1),
            ),
        })
        .collect()
}
