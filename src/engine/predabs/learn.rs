//! What a refinement learns: candidate predicates from interpolants (atoms, affine and modular
//! closures, equalities), interpolation queries, and how the new predicates are placed in the
//! precision (per location, Boolean abstraction where Cartesian cannot exclude a path).

use super::*;

impl<'a> Analysis<'a> {
    /// Puts the interpolants' atoms, and their conjuncts that are not literals (disjunctions),
    /// into the predicate table as candidates; true when some are new.
    pub(super) fn intern_candidates(
        &mut self,
        itps: &[Term],
        var_of: &HashMap<Term, VarId>,
    ) -> bool {
        let mut new = false;
        for &itp in itps {
            if itp.is_true() || itp.is_false() {
                continue;
            }
            let mut ts = itp.atoms();
            for c in cexpr::conjuncts(itp).unwrap_or_else(|| vec![itp]) {
                let atoms = c.atoms();
                if !(atoms.len() == 1 && (c == atoms[0] || c == atoms[0].not())) {
                    ts.push(c);
                }
            }
            if self.w.enc.sem == Semantics::WrappedInt {
                ts.extend(self.modular_candidates(itp, var_of));
            }
            for t in ts {
                let Some((p, vars)) = self.unssa(t, var_of) else {
                    continue;
                };
                let (_, fresh) = self.preds.intern(p);
                if fresh {
                    self.pred_vars.push(vars);
                    new = true;
                }
            }
        }
        if self.w.enc.sem != Semantics::BitVector {
            new |= self.derive_equalities();
        }
        new
    }

    /// The affine equalities at the abstraction points (see [`affine`]) over the variables not
    /// tracked by value, and (WrappedInt) their modular closures, interned as predicates (not
    /// in the bit-vector world, whose constants are not integers).
    pub(super) fn affine_candidates(&mut self) -> Vec<PredId> {
        if self.w.enc.sem == Semantics::BitVector {
            return Vec::new();
        }
        let t0 = Instant::now();
        let eqs = affine::equalities(self.prog, self.cfg, &self.abs_point, &self.tracked.index);
        let mut out = Vec::new();
        if debug() {
            for (coeffs, b) in &eqs {
                let cs: Vec<String> = coeffs
                    .iter()
                    .map(|(v, a)| format!("{a}*{}", self.prog.var(*v).name))
                    .collect();
                eprintln!("[predabs]   affine: {} == {b}", cs.join(" + "));
            }
        }
        for (coeffs, b) in eqs.into_iter().take(MAX_AFFINE) {
            let mut vars: Vec<VarId> = coeffs.iter().map(|c| c.0).collect();
            vars.sort();
            let mut d = Term::int(-b);
            for &(v, a) in &coeffs {
                d = d.add(Term::int(a).mul(self.w.canon[v.0 as usize]));
            }
            out.extend(self.intern_equality(d, &vars).into_iter().map(|(id, _)| id));
        }
        if debug() {
            eprintln!("[predabs] affine candidates: {}", out.len());
        }
        self.prof("affine", t0);
        out
    }

    /// Interns the eliminations (see [`modular::eliminate`]) of the linear equalities among
    /// the predicates not scanned yet with those known, and (WrappedInt) their modular
    /// closures; true when a predicate is new. At most [`MAX_DERIVED`] in all.
    pub(super) fn derive_equalities(&mut self) -> bool {
        let mut new_atoms = false;
        for i in self.lin_scanned..self.preds.len() {
            let p = PredId(i as u32);
            let t = self.preds.term(p);
            // Interpolants' and affine atoms only: the program's own atoms (mostly `x == x_t`
            // copies guarded by flags) multiply the eliminations without adding relations.
            let from_program = !self.affine_ids.contains(&p)
                && self.atom_pool.as_ref().is_some_and(|a| a.contains(&p));
            if !from_program && !self.lin_derived.contains(&p) && t.atoms() == [t] {
                self.lin_atoms.push(t);
                new_atoms = true;
            }
        }
        self.lin_scanned = self.preds.len();
        if !new_atoms || self.lin_derived.len() >= MAX_DERIVED {
            return false;
        }
        let fresh_eqs: Vec<modular::Linear> = modular::equalities(&self.lin_atoms)
            .into_iter()
            .filter(|d| self.lin_known.insert(*d))
            .filter_map(modular::linear)
            .collect();
        let mut new = false;
        for e in fresh_eqs {
            for known in self.lin_eqs.clone() {
                for d in modular::eliminate(&known, &e) {
                    let Some(mut vars) = d
                        .coeffs
                        .iter()
                        .map(|(x, _)| self.w.canon_var.get(x).copied())
                        .collect::<Option<Vec<VarId>>>()
                    else {
                        continue;
                    };
                    vars.sort();
                    for (id, fresh) in self.intern_equality(d.term(), &vars) {
                        if fresh {
                            self.lin_derived.insert(id);
                            new = true;
                        }
                    }
                }
                if self.lin_derived.len() >= MAX_DERIVED {
                    return new;
                }
            }
            self.lin_eqs.push(e);
        }
        new
    }

    /// The width of the modular closure (see [`modular`]) of an equality over `vars`: in the
    /// WrappedInt world, the widest variable's, when no variable is Bool and it has at least
    /// 8 bits.
    pub(super) fn closure_width(&self, vars: &[VarId]) -> Option<u32> {
        if self.w.enc.sem != Semantics::WrappedInt {
            return None;
        }
        let tys: Vec<crate::ir::Type> = vars.iter().map(|v| self.prog.var(*v).ty).collect();
        if tys.contains(&crate::ir::Type::Bool) {
            return None;
        }
        let w = tys.iter().map(|t| t.bits()).max().unwrap_or(0);
        (w >= 8).then_some(w as u32)
    }

    /// Interns `d == 0` (an integer term over the canonical constants of the sorted `vars`)
    /// and its modular closure where one applies ([`Self::closure_width`]) as predicates: each
    /// id and whether it is new. Nothing over a Bool variable.
    pub(super) fn intern_equality(&mut self, d: Term, vars: &[VarId]) -> Vec<(PredId, bool)> {
        if vars
            .iter()
            .any(|v| self.prog.var(*v).ty == crate::ir::Type::Bool)
        {
            return Vec::new();
        }
        let mut ts = vec![d.eq(Term::int(0))];
        if let Some(w) = self.closure_width(vars) {
            ts.push(modular::closure(d, w));
        }
        let mut out = Vec::new();
        for t in ts {
            if t.is_true() || t.is_false() {
                continue;
            }
            let (id, fresh) = self.preds.intern(t);
            if fresh {
                self.pred_vars.push(vars.to_vec());
            }
            out.push((id, fresh));
        }
        out
    }

    /// The modular closures (see [`modular`]) of the integer equalities an interpolant states,
    /// over its boundary constants.
    pub(super) fn modular_candidates(&self, itp: Term, var_of: &HashMap<Term, VarId>) -> Vec<Term> {
        let mut out = Vec::new();
        for d in modular::equalities(&itp.atoms()) {
            let Some((_, vars)) = self.unssa(d.eq(Term::int(0)), var_of) else {
                continue;
            };
            if let Some(w) = self.closure_width(&vars) {
                out.push(modular::closure(d, w));
            }
        }
        out
    }

    /// Interpolates one variant of the path formula: the minimised interpolants and the
    /// boundary constants. None when the variant is feasible or interpolation failed or ran out
    /// of its budget.
    pub(super) fn interpolate_variant(
        &mut self,
        segments: &[(LocId, EndKey)],
        po: PathOpts,
        budget: Option<Duration>,
        what: &'static str,
    ) -> Res<Option<Refined>> {
        self.interpolate_in(segments, po, budget, what, false)
    }

    /// [`Self::interpolate_variant`], optionally in mathematical integers (`int`; only when
    /// exploring in WrappedInt, whose canonical constants have the same sort). Integer
    /// interpolants are only candidates: the replay in the exploring world decides.
    pub(super) fn interpolate_in(
        &mut self,
        segments: &[(LocId, EndKey)],
        po: PathOpts,
        budget: Option<Duration>,
        what: &'static str,
        int: bool,
    ) -> Res<Option<Refined>> {
        if int && self.w.enc.sem != Semantics::WrappedInt {
            return Ok(None);
        }
        if int && self.iw.is_none() {
            self.iw = Some(World::new(self.prog, Semantics::Integer));
        }
        let w = if int {
            self.iw.as_ref().expect("made above")
        } else {
            &self.w
        };
        let pf = path_formula(self.prog, self.cfg, w, &self.abs_point, segments, po);
        if int
            || po.havoc.is_some()
            || po.keep_assumes.is_some()
            || po.drop.is_some()
            || po.start.is_some()
        {
            let mut ctx = Context::new();
            ctx.assert_all(&pf.parts);
            if ctx.check_with_timeout(self.remaining()) != SatResult::Unsat {
                return Ok(None);
            }
        }
        let t0 = Instant::now();
        let r = smt::sequence_interpolants_within(&pf.parts, &self.work_budget(budget));
        self.prof(what, t0);
        if self.deadline.expired() {
            return Err(self.solver_unknown());
        }
        let Ok(itps) = r else { return Ok(None) };
        let itps = self.minimize_itps(&pf.parts, &itps);
        if debug() {
            for (i, t) in itps.iter().enumerate() {
                if !t.is_true() {
                    eprintln!("[predabs]   {what} itp {}: {t}", i + 1);
                }
            }
        }
        Ok(Some((itps, pf.var_of)))
    }

    /// Interpolants of a suffix of the abstract path that is infeasible on its own: from node
    /// `path[i]` with only the tracked values known (every other variable anywhere in its
    /// range) through the whole blocks, each segment's end pinned to the ART path's tracked
    /// values, sliced to an unsat core, in mathematical integers first. The prefix of a path
    /// pins the data to their initial values, and interpolants of the whole path then state
    /// those values (`x == 0`, `p == s` for a variable never written), where the suffix's state
    /// the relations that refute it whatever the data (`d == 2 * p`). Whole blocks, not one
    /// CFG path per block: concrete paths chosen block by block take data-dependent branches
    /// that contradict each other (`x != t` in one block, `x == t` in the next), and the
    /// shortest infeasible suffix would be about that. Only candidates: the replay decides.
    /// None when no suffix is infeasible or interpolation fails.
    pub(super) fn suffix_interpolants(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
        cubes: &[Vec<(PredId, bool)>],
    ) -> Res<Option<Refined>> {
        let t0 = Instant::now();
        // The replay's cube at each node: implied by the path up to it, so a suffix may start
        // from it (the candidates' facts make suffixes shorter and their interpolants state
        // what the candidates miss).
        let lits_at = |a: &Analysis, j: usize| -> Vec<(Term, Vec<VarId>)> {
            if j == 0 {
                return Vec::new();
            }
            cubes
                .get(j)
                .map(|c| {
                    c.iter()
                        .map(|&(p, pos)| {
                            let t = a.preds.term(p);
                            let t = if pos { t } else { t.not() };
                            (t, a.pred_vars[p.0 as usize].clone())
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        let vals_at = |a: &Analysis, j: usize| -> Vec<Option<i128>> {
            let mut st = vec![None; a.prog.vars.len()];
            for (v, k) in a.tracked.vars.iter().zip(a.art[path[j]].vals.iter()) {
                st[v.0 as usize] = *k;
            }
            st
        };
        let pins: Vec<Vec<Option<i128>>> = (1..path.len()).map(|j| vals_at(self, j)).collect();
        // With the ends pinned, infeasibility is monotone in the suffix's length (a longer
        // suffix implies the shorter one's start): binary search for the shortest, i.e. the
        // largest start `i` whose suffix is infeasible. The whole path (i = 0, from the
        // initial state) is infeasible; open data from i = 0 need not be.
        let infeasible = |a: &mut Analysis, i: usize| -> Option<bool> {
            let st = vals_at(a, i);
            let lits: Vec<Term> = lits_at(a, i).into_iter().map(|l| l.0).collect();
            let po = PathOpts {
                start: Some(&st),
                pin: Some(&pins[i..]),
                start_lits: Some(&lits),
                ..PathOpts::default()
            };
            let pf = path_formula(a.prog, a.cfg, &a.w, &a.abs_point, &segments[i..], po);
            let mut ctx = Context::new();
            ctx.assert_all(&pf.parts);
            match ctx.check_within(&a.budget(SUFFIX_CHECK_MS)) {
                SatResult::Unsat => Some(true),
                SatResult::Sat => Some(false),
                SatResult::Unknown => None,
            }
        };
        if infeasible(self, 0) != Some(true) {
            self.prof("suffix-search", t0);
            return Ok(None);
        }
        // The suffix from `lo` is infeasible, the one from `hi` feasible (or empty).
        let (mut lo, mut hi) = (0, segments.len());
        while lo + 1 < hi {
            let mid = (lo + hi) / 2;
            match infeasible(self, mid) {
                Some(true) => lo = mid,
                Some(false) => hi = mid,
                None => break,
            }
        }
        self.prof("suffix-search", t0);
        let i = lo;
        if debug() {
            eprintln!(
                "[predabs] suffix from segment {i} of {} infeasible",
                segments.len()
            );
        }
        let st = vals_at(self, i);
        let segs = &segments[i..];
        let pin = &pins[i..];
        // Sliced to an unsat core of its conditions and their cone of influence.
        let lits = lits_at(self, i);
        let Some(((dropped, keep), lits)) = self.slice(segs, None, Some(&st), Some(pin), &lits)?
        else {
            return Ok(None);
        };
        let po = PathOpts {
            start: Some(&st),
            pin: Some(pin),
            start_lits: Some(&lits),
            drop: Some(&dropped),
            keep_assumes: Some(&keep),
            ..PathOpts::default()
        };
        let budget = Some(Duration::from_millis(SUFFIX_ITP_MS));
        let mut r = self.interpolate_in(segs, po, budget, "itp-suffix-int", true)?;
        if r.is_none() {
            r = self.interpolate_in(segs, po, budget, "itp-suffix", false)?;
        }
        Ok(r)
    }

    /// One concrete CFG path through each block of the abstract path, consistent with the
    /// abstract states at both ends (None if some block has no such path).
    pub(super) fn concrete_block_paths(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
        cubes: Option<&[Lits]>,
    ) -> Res<Option<Vec<HashSet<EdgeId>>>> {
        let t0 = Instant::now();
        let mut out = Vec::with_capacity(segments.len());
        for (i, &(_, key)) in segments.iter().enumerate() {
            let n = path[i];
            let block = self.block_of(n);
            let Some(end) = block.ends.get(&key) else {
                return Ok(None);
            };
            // The next node's tracked values, and its state or the replay's cube.
            let (target, tvars) = match path.get(i + 1) {
                Some(&next) => {
                    let node = &self.art[next];
                    let (t, mut vars) = match cubes.and_then(|c| c.get(i + 1)) {
                        Some(c) => (self.literals_term(c), self.lits_vars(c)),
                        None => (
                            node.state.to_term(&self.preds),
                            self.state_vars(&node.state),
                        ),
                    };
                    vars.extend(
                        self.tracked
                            .vars
                            .iter()
                            .zip(node.vals.iter())
                            .filter(|(_, k)| k.is_some())
                            .map(|(v, _)| *v),
                    );
                    vars.sort();
                    vars.dedup();
                    (t.and2(self.vals_term(&node.vals)), vars)
                }
                None => (Term::tt(), Vec::new()),
            };
            let (mut bc, mut base) = self.take_ctx(n, &block, key);
            if let Some(c) = cubes.and_then(|c| c.get(i)) {
                // The replay's cube instead of the node's state (the root has none), with the
                // node's tracked values.
                base.truncate(1);
                let t = self.literals_term(c);
                if !t.is_true() {
                    base.push(t);
                }
                if !self.is_root(n) {
                    let vt = self.vals_term(&self.art[n].vals);
                    if !vt.is_true() {
                        base.push(vt);
                    }
                }
            }
            if !target.is_true() {
                base.push(self.instantiate(n, end, target, &tvars));
            }
            let r = bc.ctx.check_assuming_with_timeout(&base, self.remaining());
            let m = if r == SatResult::Sat {
                bc.ctx.model()
            } else {
                None
            };
            self.put_ctx(n, bc);
            match r {
                SatResult::Sat => {}
                SatResult::Unsat => return Ok(None),
                SatResult::Unknown => return Err(self.solver_unknown()),
            }
            let Some(m) = m else {
                return Ok(None);
            };
            let Some(cs) = block.path_from_model(key, &m) else {
                return Ok(None);
            };
            out.push(cs.iter().map(|c| c.edge).collect());
        }
        self.prof("concrete-paths", t0);
        Ok(Some(out))
    }

    /// The variables of the predicates of literals.
    pub(super) fn lits_vars(&self, lits: &[(PredId, bool)]) -> Vec<VarId> {
        let mut vars: Vec<VarId> = lits
            .iter()
            .flat_map(|(p, _)| self.pred_vars[p.0 as usize].iter().copied())
            .collect();
        vars.sort();
        vars.dedup();
        vars
    }

    /// The variables of the predicates of a state.
    pub(super) fn state_vars(&self, st: &AbsState) -> Vec<VarId> {
        let mut vars = Vec::new();
        for c in st.cubes() {
            for p in c.pos.iter().chain(c.neg.iter()) {
                vars.extend(self.pred_vars[p.0 as usize].iter().copied());
            }
        }
        vars.sort();
        vars.dedup();
        vars
    }

    /// `t` (over canonical constants of `vars`) instantiated at the end of a block from `n`.
    pub(super) fn instantiate(&self, n: NodeId, end: &block::End, t: Term, vars: &[VarId]) -> Term {
        let input: &[Term] = if self.is_root(n) {
            &self.w.root_input
        } else {
            &self.w.canon
        };
        let from: Vec<Term> = vars.iter().map(|v| self.w.canon[v.0 as usize]).collect();
        let to: Vec<Term> = vars
            .iter()
            .map(|v| match end.out.binary_search_by_key(v, |(x, _)| *x) {
                Ok(i) => end.out[i].1,
                Err(_) => input[v.0 as usize],
            })
            .collect();
        t.subst(&from, &to)
    }

    pub(super) fn counterexample(&mut self, k: EndKey, steps: Vec<Step>) -> Res<()> {
        match k {
            EndKey::Unsupported(e) => {
                let edge = self.cfg.edge(e);
                let reason = match &edge.op {
                    Op::Unsupported(r) => r.clone(),
                    _ => "unsupported construct".into(),
                };
                self.feasible_unsupported.insert(e);
                if self.unsupported.is_none() {
                    self.unsupported = Some((reason, edge.loc));
                }
                Ok(())
            }
            EndKey::Loc(_) => {
                let last = steps.iter().rev().find_map(|s| match s {
                    Step::Edge { edge, .. } => Some(*edge),
                    _ => None,
                });
                let (description, loc) = match last.map(|e| self.cfg.edge(e)) {
                    Some(edge) => (
                        match &edge.op {
                            Op::Error(ErrorKind::AssertFail(t)) => format!("assertion {t}"),
                            _ => "reach_error()".to_string(),
                        },
                        edge.loc,
                    ),
                    None => ("reach_error()".to_string(), Loc::default()),
                };
                Err(Stop::Verdict(Verdict::Unsafe(Counterexample {
                    violation: Violation::Property { description, loc },
                    steps,
                })))
            }
        }
    }

    /// Maps an interpolant atom over boundary constants to a predicate over canonical
    /// constants (None when some constant is not a boundary constant, or the atom is trivial).
    pub(super) fn unssa(
        &self,
        atom: Term,
        var_of: &HashMap<Term, VarId>,
    ) -> Option<(Term, Vec<VarId>)> {
        let fv = atom.free_vars();
        if fv.is_empty() {
            return None;
        }
        let mut from = Vec::with_capacity(fv.len());
        let mut to = Vec::with_capacity(fv.len());
        let mut vars = Vec::with_capacity(fv.len());
        for t in fv {
            let v = *var_of.get(&t)?;
            from.push(t);
            to.push(self.w.canon[v.0 as usize]);
            vars.push(v);
        }
        let p = atom.subst(&from, &to);
        if p.is_true() || p.is_false() {
            return None;
        }
        vars.sort();
        vars.dedup();
        Some((p, vars))
    }

    /// Shrinks a sequence interpolant: from the last cut backwards, keeps only the conjuncts of
    /// `I_j` needed to refute `P_(j+1) ∧ ¬S_(j+1)` (an unsat core). The result is again a
    /// sequence interpolant (`P_1 ⇒ I_1 ⇒ S_1`, `S_j ∧ P_(j+1) ⇒ S_(j+1)`, `S_(n-1) ∧ P_n` unsat)
    /// with fewer atoms (MCSAT interpolants list many irrelevant facts).
    pub(super) fn minimize_itps(&mut self, parts: &[Term], itps: &[Term]) -> Vec<Term> {
        let t0 = Instant::now();
        let mut out = itps.to_vec();
        let mut next = Term::ff();
        for j in (0..itps.len()).rev() {
            if let Some(cs) = cexpr::conjuncts(itps[j]).filter(|c| c.len() > 1) {
                let mut ctx = Context::new();
                ctx.assert(parts[j + 1]);
                ctx.assert(next.not());
                if ctx.check_assuming_with_timeout(&cs, self.remaining()) == SatResult::Unsat {
                    out[j] = Term::and(&ctx.unsat_core());
                }
            }
            next = out[j];
        }
        self.prof("itp-minimize", t0);
        out
    }

    /// Adds the un-SSA'd atoms of the interpolants to the precisions of the path's nodes;
    /// returns the first node index whose precision gained a predicate it did not have.
    pub(super) fn add_predicates(
        &mut self,
        path: &[NodeId],
        itps: &[Term],
        var_of: &HashMap<Term, VarId>,
    ) -> Option<usize> {
        let mut pivot: Option<usize> = None;
        if debug() {
            eprintln!("[predabs] refine path of {} nodes", path.len());
            for (i, t) in itps.iter().enumerate() {
                eprintln!(
                    "[predabs]   itp {} at {:?}: {}",
                    i + 1,
                    self.art[path[i + 1]].loc,
                    t
                );
            }
        }
        for (j, &nj) in path.iter().enumerate().skip(1) {
            let Some(&itp) = itps.get(j - 1) else { break };
            let (loc, version) = (self.art[nj].loc, self.art[nj].version);
            let mut new_here = false;
            for atom in itp.atoms() {
                let Some((p, vars)) = self.unssa(atom, var_of) else {
                    continue;
                };
                let (id, fresh) = self.preds.intern(p);
                if fresh {
                    self.pred_vars.push(vars);
                }
                self.prec.add(loc, id);
                if !self.prec.known_in(loc, id, version) {
                    new_here = true;
                }
            }
            if new_here && pivot.is_none() {
                pivot = Some(j);
            }
        }
        pivot
    }

    /// Every interpolant atom was already known: Cartesian abstraction lost the interpolants'
    /// disjunctions. Each conjunct of an interpolant that is not a literal becomes a Boolean
    /// group at its node's location (Boolean abstraction over a group implies the conjunct, so
    /// with all groups the path is excluded); if that changes nothing either, the locations
    /// switch to full Boolean abstraction. Returns the first node index whose abstraction
    /// changes.
    pub(super) fn add_groups(
        &mut self,
        path: &[NodeId],
        itps: &[Term],
        var_of: &HashMap<Term, VarId>,
    ) -> Option<usize> {
        let mut pivot = None;
        for (j, &nj) in path.iter().enumerate().skip(1) {
            let Some(&itp) = itps.get(j - 1) else { break };
            let (loc, version) = (self.art[nj].loc, self.art[nj].version);
            if itp.is_true() || version.boolean {
                continue;
            }
            let conj = cexpr::conjuncts(itp).unwrap_or_else(|| vec![itp]);
            let mut changed = false;
            for c in conj {
                let mut g: Vec<PredId> = c
                    .atoms()
                    .into_iter()
                    .filter_map(|a| self.unssa(a, var_of))
                    .filter_map(|(p, _)| self.preds.get(p))
                    .collect();
                g.sort();
                g.dedup();
                if g.len() >= 2 && self.prec.add_group(loc, g, version) {
                    changed = true;
                }
            }
            if changed && pivot.is_none() {
                pivot = Some(j);
            }
        }
        if debug() {
            eprintln!("[predabs] boolean groups: pivot {pivot:?}");
        }
        pivot
    }

    /// Last resort: full Boolean abstraction at the path's locations.
    pub(super) fn make_boolean(&mut self, path: &[NodeId], itps: &[Term]) -> Option<usize> {
        self.make_boolean_upto(path, itps, usize::MAX)
    }

    /// [`Self::make_boolean`] only at locations with at most `max_preds` predicates (all-SAT
    /// over many predicates can take seconds per post).
    pub(super) fn make_boolean_upto(
        &mut self,
        path: &[NodeId],
        itps: &[Term],
        max_preds: usize,
    ) -> Option<usize> {
        let mut pivot = None;
        {
            for (j, &nj) in path.iter().enumerate().skip(1) {
                let Some(&itp) = itps.get(j - 1) else { break };
                let (loc, version) = (self.art[nj].loc, self.art[nj].version);
                if itp.is_true() || version.boolean || self.prec.at(loc).len() > max_preds {
                    continue;
                }
                self.prec.make_boolean(loc);
                if pivot.is_none() {
                    pivot = Some(j);
                }
            }
        }
        if debug() {
            eprintln!("[predabs] upgrade to boolean: pivot {pivot:?}");
        }
        pivot
    }

    /// Lazy abstraction: removes the subtree at `path[j]` and re-expands its parent's block.
    pub(super) fn apply_refinement(&mut self, path: &[NodeId], j: usize) {
        self.refinements += 1;
        let node = path[j];
        let (parent, via) = (path[j - 1], self.art[node].via);
        self.remove_subtree(node);
        if self.live(parent) {
            self.work.push(Task::ExpandEnd(parent, via));
        }
    }
}
