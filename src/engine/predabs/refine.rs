//! Refinement of spurious abstract paths: checking a path, the Cartesian replay over
//! candidate predicates, needed literals and slicing of a path's blocks.

use super::*;

impl<'a> Analysis<'a> {
    pub(super) fn bv_world(&mut self) -> &World {
        if self.bv.is_none() {
            self.bv = Some(World::new(self.prog, Semantics::BitVector));
        }
        self.bv.as_ref().expect("made above")
    }

    /// Checks the abstract path root..n + end `k`: a real error (Stop), a feasible unsupported
    /// edge (recorded), or a spurious path (refined).
    pub(super) fn analyse(&mut self, n: NodeId, k: EndKey) -> Res<()> {
        let path = self.path_to(n);
        let mut segments: Vec<(LocId, EndKey)> = Vec::with_capacity(path.len());
        for i in 1..path.len() {
            segments.push((self.art[path[i - 1]].loc, self.art[path[i]].via));
        }
        segments.push((self.art[n].loc, k));
        let pf = path_formula(
            self.prog,
            self.cfg,
            &self.w,
            &self.abs_point,
            &segments,
            PathOpts::default(),
        );
        let t0 = Instant::now();
        let mut ctx = Context::new();
        ctx.assert_all(&pf.parts);
        let r = ctx.check_with_timeout(self.remaining());
        self.prof("path-check", t0);
        match r {
            SatResult::Unknown => Err(self.solver_unknown()),
            SatResult::Sat => {
                let exact = self.w.enc.sem != Semantics::WrappedInt;
                let steps = if exact {
                    let m = ctx.model().ok_or_else(|| self.solver_unknown())?;
                    steps_from_model(self.prog, &self.w, &pf, &m)
                } else {
                    drop(ctx);
                    let remaining = self.remaining();
                    let (prog, cfg) = (self.prog, self.cfg);
                    let abs_point = self.abs_point.clone();
                    let bw = self.bv_world();
                    let bpf =
                        path_formula(prog, cfg, bw, &abs_point, &segments, PathOpts::default());
                    let mut bctx = Context::new();
                    bctx.assert_all(&bpf.parts);
                    match bctx.check_with_timeout(remaining) {
                        SatResult::Sat => {}
                        SatResult::Unsat => return Err(Stop::NeedBitVector),
                        SatResult::Unknown => return Err(self.solver_unknown()),
                    }
                    let m = bctx.model().ok_or_else(|| self.solver_unknown())?;
                    let bw = self.bv.as_ref().expect("made above");
                    steps_from_model(prog, bw, &bpf, &m)
                };
                let Some(steps) = steps else {
                    return Err(Stop::Verdict(Verdict::Unknown(UnknownReason::internal(
                        "could not extract a concrete path from the model",
                    ))));
                };
                if let EndKey::Loc(_) = k {
                    self.error_end = Some((n, k));
                }
                self.counterexample(k, steps)
            }
            SatResult::Unsat => {
                drop(ctx);
                self.refine(&path, &segments)
            }
        }
    }

    /// Refines a spurious abstract path. Cheap variants first: one concrete CFG path per block
    /// (conjunctive formulas interpolate much faster than whole blocks), with loop counters
    /// abstracted away (their interpolants would unroll loops one iteration at a time), then
    /// plain; then the whole blocks; finally Boolean groups for the interpolants' disjunctions.
    pub(super) fn refine(&mut self, path: &[NodeId], segments: &[(LocId, EndKey)]) -> Res<()> {
        let pivot = match self.refine_guided(path, segments)? {
            Some(j) => j,
            None => match self.refine_sliced_blocks(path, segments)? {
                Some(j) => j,
                None => match self.refine_by_variants(path, segments)? {
                    Some(j) => j,
                    None => self.refine_full(path, segments)?,
                },
            },
        };
        self.apply_refinement(path, pivot);
        Ok(())
    }

    /// The Cartesian replay of the path with the candidate pool as it is now: the pivot, or
    /// the replay's cubes when the path stays feasible (None: no progress).
    fn replay_pool(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
    ) -> Res<Result<usize, Option<Vec<Lits>>>> {
        let pool = self.candidate_pool();
        Ok(match self.refine_by_candidates(path, segments, &pool)? {
            Replay::Pivot(j) => Ok(j),
            Replay::Feasible(c) => Err(Some(c)),
            Replay::NoProgress => Err(None),
        })
    }

    /// Cheapest first: the program's own atoms and every predicate known so far, placed by a
    /// Cartesian replay of the path; then guided rounds: one concrete CFG path per block
    /// consistent with the replay's cubes, whose interpolants must mention what the candidates
    /// miss (they become candidates).
    fn refine_guided(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
    ) -> Res<Option<usize>> {
        let mut cubes = match self.replay_pool(path, segments)? {
            Ok(j) => return Ok(Some(j)),
            Err(c) => c,
        };
        for _ in 0..GUIDED_ROUNDS {
            let Some(c) = &cubes else { break };
            let Some(s) = self.concrete_block_paths(path, segments, Some(c))? else {
                break;
            };
            // Infeasible suffixes first (their interpolants do not depend on the initial
            // data): the shortest and the longest in turn.
            if let Some((itps, var_of)) = self.suffix_interpolants(path, segments, c)? {
                if self.intern_candidates(&itps, &var_of) {
                    cubes = match self.replay_pool(path, segments)? {
                        Ok(j) => return Ok(Some(j)),
                        Err(c) => c,
                    };
                    continue;
                }
            }
            // Mathematical integers first (clean equalities, whose modular closures become
            // candidates too), then the exploring world.
            let budget = Some(Duration::from_millis(GUIDED_INT_ITP_MS));
            let mut r = None;
            if self.w.enc.sem == Semantics::WrappedInt {
                r = self.interpolate_in(segments, only(&s), budget, "itp-guided-int", true)?;
            }
            if r.is_none() {
                let budget = Some(Duration::from_millis(GUIDED_ITP_MS));
                r = self.interpolate_variant(segments, only(&s), budget, "itp-guided")?;
            }
            let Some((itps, var_of)) = r else {
                break;
            };
            if !self.intern_candidates(&itps, &var_of) {
                break;
            }
            cubes = match self.replay_pool(path, segments)? {
                Ok(j) => return Ok(Some(j)),
                Err(c) => c,
            };
        }
        Ok(None)
    }

    /// The whole blocks, sliced to an unsat core of their conditions and its cone of
    /// influence: usually few variables, which MCSAT interpolates quickly.
    fn refine_sliced_blocks(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
    ) -> Res<Option<usize>> {
        let Some(((dropped, keep), _)) = self.slice(segments, None, None, None, &[])? else {
            return Ok(None);
        };
        let po = PathOpts {
            drop: Some(&dropped),
            keep_assumes: Some(&keep),
            ..PathOpts::default()
        };
        let budget = Some(Duration::from_millis(SLICED_FULL_ITP_MS));
        let mut r = self.interpolate_in(segments, po, budget, "itp-core-sliced-int", true)?;
        if r.is_none() {
            r = self.interpolate_in(segments, po, budget, "itp-core-sliced", false)?;
        }
        let Some((itps, var_of)) = r else {
            return Ok(None);
        };
        let pivot = self.replay_with_interpolants(path, segments, &itps, &var_of)?;
        Ok(pivot.or_else(|| self.add_predicates(path, &itps, &var_of)))
    }

    /// One concrete CFG path per block, with loop counters havocked, then plain; when their
    /// interpolants are all known, Boolean groups for their disjunctions, then Boolean
    /// abstraction where they say something.
    fn refine_by_variants(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
    ) -> Res<Option<usize>> {
        let single = self.concrete_block_paths(path, segments, None)?;
        let counters = self.has_counters.then(|| self.counters.clone());
        let sliced = Some(Duration::from_millis(SLICED_ITP_MS));
        let mut variants: Vec<Variant> = Vec::new();
        if let Some(s) = &single {
            if let Some(c) = &counters {
                variants.push((Some(c), Some(s), sliced, "itp-path-sliced"));
            }
            variants.push((
                None,
                Some(s),
                Some(Duration::from_millis(PATH_ITP_MS)),
                "itp-path",
            ));
        } else if let Some(c) = &counters {
            variants.push((Some(c), None, sliced, "itp-sliced"));
        }
        let mut single_itps = None;
        for (havoc, only, budget, what) in variants {
            let Some((itps, var_of)) = self.interpolate_variant(
                segments,
                PathOpts {
                    havoc,
                    only,
                    ..Default::default()
                },
                budget,
                what,
            )?
            else {
                continue;
            };
            // The interpolants propose predicates; the replay places them along the whole
            // blocks (a concrete path's interpolants need not refute the other paths).
            let pivot = self.replay_with_interpolants(path, segments, &itps, &var_of)?;
            if let Some(j) = pivot.or_else(|| self.add_predicates(path, &itps, &var_of)) {
                return Ok(Some(j));
            }
            if havoc.is_none() {
                single_itps = Some((itps, var_of));
            }
        }
        // The concrete paths' interpolants are all known: their disjunctions need Boolean
        // groups (cheaper than interpolating the whole blocks). Still nothing: the blocks'
        // other paths need disjunctions of known predicates. Boolean abstraction at the
        // locations where the concrete path's interpolants say something is much cheaper than
        // interpolating the whole blocks.
        Ok(single_itps.and_then(|(itps, var_of)| {
            self.add_groups(path, &itps, &var_of)
                .or_else(|| self.make_boolean_upto(path, &itps, EARLY_BOOLEAN_MAX_PREDS))
        }))
    }

    /// The last resort: the whole blocks' interpolants, as candidates, predicates, Boolean
    /// groups, then Boolean abstraction; no progress is UNKNOWN.
    fn refine_full(&mut self, path: &[NodeId], segments: &[(LocId, EndKey)]) -> Res<usize> {
        let Some((itps, var_of)) =
            self.interpolate_variant(segments, PathOpts::default(), None, "itp-full")?
        else {
            return Err(self.solver_unknown());
        };
        self.replay_with_interpolants(path, segments, &itps, &var_of)?
            .or_else(|| self.add_predicates(path, &itps, &var_of))
            .or_else(|| self.add_groups(path, &itps, &var_of))
            .or_else(|| self.make_boolean(path, &itps))
            .ok_or_else(|| {
                Stop::Verdict(Verdict::Unknown(UnknownReason::no_progress(
                    "refinement made no progress",
                )))
            })
    }

    /// Interpolants as new candidates, placed by a Cartesian replay of the path: the pivot of
    /// the refinement when the replay refutes the path with them (None when they add no
    /// candidate or the replay makes no progress).
    pub(super) fn replay_with_interpolants(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
        itps: &[Term],
        var_of: &HashMap<Term, VarId>,
    ) -> Res<Option<usize>> {
        if !self.intern_candidates(itps, var_of) {
            return Ok(None);
        }
        let pool = self.candidate_pool();
        match self.refine_by_candidates(path, segments, &pool)? {
            Replay::Pivot(j) => Ok(Some(j)),
            _ => Ok(None),
        }
    }

    /// Candidate predicates for refinement: the atoms of every assume condition of the CFG and
    /// `x == c` for every assignment of a constant, over the canonical constants (made once),
    /// followed by every predicate found by interpolation so far.
    pub(super) fn candidate_pool(&mut self) -> Vec<PredId> {
        if self.atom_pool.is_none() {
            let mut pool = Vec::new();
            let mut seen = HashSet::new();
            for e in &self.cfg.edges {
                let canon = &self.w.canon;
                let t = match &e.op {
                    Op::Assume(c) => self
                        .w
                        .enc
                        .expr(c, &self.prog.vars, &mut |v| canon[v.0 as usize]),
                    Op::Assign(x, rhs) => {
                        let mut r = rhs;
                        while let Expr::Cast(_, a) = r {
                            r = a;
                        }
                        let Expr::Const(k, _) = r else { continue };
                        let ty = self.prog.var(*x).ty;
                        canon[x.0 as usize].eq(self.w.enc.constant(ty.wrap(*k), ty))
                    }
                    _ => continue,
                };
                for a in t.atoms() {
                    if !seen.insert(a) {
                        continue;
                    }
                    let fv = a.free_vars();
                    let Some(mut vars) = fv
                        .iter()
                        .map(|t| self.w.canon_var.get(t).copied())
                        .collect::<Option<Vec<VarId>>>()
                    else {
                        continue;
                    };
                    if vars.is_empty() {
                        continue;
                    }
                    vars.sort();
                    vars.dedup();
                    let (id, fresh) = self.preds.intern(a);
                    if fresh {
                        self.pred_vars.push(vars);
                    }
                    pool.push(id);
                }
            }
            let affine = self.affine_candidates();
            self.affine_ids = affine.iter().copied().collect();
            pool.extend(affine);
            self.atom_pool = Some(pool);
        }
        let mut pool = self.atom_pool.clone().unwrap_or_default();
        let mut seen: HashSet<PredId> = pool.iter().copied().collect();
        for i in 0..self.preds.len() {
            let p = PredId(i as u32);
            if seen.insert(p) {
                pool.push(p);
            }
        }
        pool
    }

    /// Refinement by candidate predicates: replays the abstract path with Cartesian
    /// abstraction over all of `pool` at every node. If that already refutes the path, a
    /// backward pass keeps at each node only the literals needed (an unsat core of "literals ∧
    /// block ⇒ needed literals of the next node"), and their predicates are added at the
    /// nodes' locations. With them the Cartesian posts along the path imply the kept literals,
    /// so the path cannot come back. Returns the pivot (None when the replay does not refute
    /// the path or adds nothing new).
    pub(super) fn refine_by_candidates(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
        pool: &[PredId],
    ) -> Res<Replay> {
        let t0 = Instant::now();
        let c0 = smt::stats().calls;
        let r = self.replay_candidates(path, segments, pool);
        self.prof("replay", t0);
        self.prof.entry("replay-checks").or_default().0 += smt::stats().calls - c0;
        if debug() {
            eprintln!("[predabs] replay over {} candidates", pool.len());
        }
        let (r, cubes) = match r? {
            Ok(x) => x,
            Err(cubes) => return Ok(Replay::Feasible(cubes)),
        };
        let t0 = Instant::now();
        let needed = self.needed_literals(path, segments, r, &cubes);
        self.prof("replay-minimize", t0);
        let Some(needed) = needed? else {
            return Ok(Replay::NoProgress);
        };
        let mut pivot = None;
        for (j, lits) in needed.iter().enumerate().skip(1) {
            let (loc, version) = (self.art[path[j]].loc, self.art[path[j]].version);
            let mut new_here = false;
            for &(p, _) in lits {
                self.prec.add(loc, p);
                if !self.prec.known_in(loc, p, version) {
                    new_here = true;
                }
            }
            if new_here && pivot.is_none() {
                pivot = Some(j);
            }
        }
        if debug() {
            let shown: Vec<String> = needed
                .iter()
                .enumerate()
                .skip(1)
                .map(|(j, lits)| {
                    let ls: Vec<String> = lits
                        .iter()
                        .map(|&(p, pos)| {
                            let t = self.preds.term(p);
                            if pos {
                                t.to_string()
                            } else {
                                format!("(not {t})")
                            }
                        })
                        .collect();
                    format!("{:?}: {}", self.art[path[j]].loc, ls.join(" "))
                })
                .collect();
            eprintln!(
                "[predabs] candidates refute at segment {r} of {}, pivot {pivot:?}: {}",
                segments.len(),
                shown.join(" | ")
            );
        }
        Ok(pivot.map_or(Replay::NoProgress, Replay::Pivot))
    }

    /// Forward pass of [`Self::refine_by_candidates`]: the Cartesian cubes over `pool` along the
    /// path (`cubes[j]` at `path[j]`) up to the first segment `r` that is unsatisfiable with its
    /// cube; Err(cubes of all nodes) when every segment is satisfiable.
    #[allow(clippy::type_complexity)]
    pub(super) fn replay_candidates(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
        pool: &[PredId],
    ) -> Res<Result<(usize, Vec<Lits>), Vec<Lits>>> {
        let mut cubes: Vec<Vec<(PredId, bool)>> = vec![Vec::new()];
        let dl = self.deadline;
        let timeout = move || dl.remaining();
        for (j, &(_, key)) in segments.iter().enumerate() {
            let n = path[j];
            let last = j + 1 == segments.len();
            let ck: ReplayKey = (
                self.art[n].loc,
                self.is_root(n),
                key,
                cubes[j].clone(),
                self.art[n].vals.clone(),
                path.get(j + 1).map(|&m| self.art[m].vals.clone()),
            );
            // The cube over a prefix of the pool, when cached.
            let mut prev: Option<(usize, Vec<(PredId, bool)>)> = None;
            if !last {
                match self.replay_cache.get(&ck) {
                    Some(None) => return Ok(Ok((j, cubes))),
                    Some(Some((len, lastp, c)))
                        if *len <= pool.len()
                            && (*len == 0 || pool.get(*len - 1).copied() == *lastp) =>
                    {
                        if *len == pool.len() {
                            let c = c.clone();
                            cubes.push(c);
                            continue;
                        }
                        prev = Some((*len, c.clone()));
                    }
                    _ => {}
                }
            }
            let block = self.block_of(n);
            let Some(end) = block.ends.get(&key) else {
                return Ok(Err(cubes));
            };
            let cube_term = self.literals_term(&cubes[j]);
            let (mut bc, base0) = self.take_ctx(n, &block, key);
            let mut base = vec![base0[0]];
            if !cube_term.is_true() {
                base.push(cube_term);
            }
            base.extend(self.path_vals_assumptions(path, j, end));
            let r = bc.ctx.check_assuming_with_timeout(&base, self.remaining());
            match r {
                SatResult::Sat => {}
                SatResult::Unsat => {
                    self.put_ctx(n, bc);
                    self.replay_cache.insert(ck, None);
                    return Ok(Ok((j, cubes)));
                }
                SatResult::Unknown => {
                    self.put_ctx(n, bc);
                    return Err(self.solver_unknown());
                }
            }
            if last {
                self.put_ctx(n, bc);
                return Ok(Err(cubes));
            }
            let start = prev.as_ref().map_or(0, |p| p.0);
            // Candidates over variables whose values the successor node fixes are decided by
            // those values, which every later segment (and the backward pass) assumes anyway:
            // leaving them out of the cube loses nothing and saves most of the rounds on
            // programs with many tracked flags.
            let known: HashSet<VarId> = match path.get(j + 1) {
                Some(&m) => self
                    .tracked
                    .vars
                    .iter()
                    .zip(self.art[m].vals.iter())
                    .filter(|(_, k)| k.is_some())
                    .map(|(v, _)| *v)
                    .collect(),
                None => HashSet::new(),
            };
            // Candidates over variables that are all dead at the successor (temporaries of
            // inlined calls, overwritten before they are read) cannot help refute the rest of
            // the path. (Leaving out candidates only weakens the replay, never the ART.)
            let succ_loc = path.get(j + 1).map(|&m| self.art[m].loc);
            let mut keep = Vec::with_capacity(pool.len() - start);
            for &p in &pool[start..] {
                let vars = &self.pred_vars[p.0 as usize];
                if !known.is_empty() && vars.iter().all(|v| known.contains(v)) {
                    continue;
                }
                if let Some(l) = succ_loc {
                    let mut all_dead = !vars.is_empty();
                    for &v in vars {
                        let cfg = self.cfg;
                        let live = self
                            .live_cache
                            .entry(v)
                            .or_insert_with(|| explicit::live_locs(cfg, v));
                        if live[l.0 as usize] {
                            all_dead = false;
                            break;
                        }
                    }
                    if all_dead {
                        continue;
                    }
                }
                keep.push(p);
            }
            let insts: Vec<PredInstance> = keep
                .iter()
                .map(|&p| PredInstance {
                    id: p,
                    term: self.instantiate(
                        n,
                        end,
                        self.preds.term(p),
                        &self.pred_vars[p.0 as usize],
                    ),
                })
                .collect();
            let m = bc.ctx.model();
            let c = predicate::cartesian(&mut bc.ctx, &base, m, &insts, &timeout);
            self.put_ctx(n, bc);
            match c {
                Ok(mut c) => {
                    if let Some((_, old)) = prev {
                        for (p, pos) in old {
                            if pos {
                                c.pos.insert(p);
                            } else {
                                c.neg.insert(p);
                            }
                        }
                    }
                    let c = c.literals();
                    let lastp = pool.last().copied();
                    self.replay_cache
                        .insert(ck, Some((pool.len(), lastp, c.clone())));
                    cubes.push(c);
                }
                Err(AbsError::SolverUnknown) => return Err(self.solver_unknown()),
            }
        }
        Ok(Err(cubes))
    }

    /// The tracked values along an abstract path, as assumptions for segment `j` (the block
    /// from `path[j]` through `end`): the node's values over the block's input (the root's are
    /// its initial facts) and the successor's values over the end's outputs. The ART abstracts
    /// every successor under exactly these values, so a replay under them refutes the path as
    /// the ART will see it again, while one without them must also refute control paths of the
    /// blocks that the values exclude (which needs disjunctions the Cartesian replay lacks).
    pub(super) fn path_vals_assumptions(
        &self,
        path: &[NodeId],
        j: usize,
        end: &block::End,
    ) -> Vec<Term> {
        let n = path[j];
        let mut out = Vec::new();
        if !self.is_root(n) {
            let vt = self.vals_term(&self.art[n].vals);
            if !vt.is_true() {
                out.push(vt);
            }
        }
        if let Some(&next) = path.get(j + 1) {
            let vals = &self.art[next].vals;
            let vt = self.vals_term(vals);
            if !vt.is_true() {
                let vars: Vec<VarId> = self
                    .tracked
                    .vars
                    .iter()
                    .zip(vals.iter())
                    .filter(|(_, k)| k.is_some())
                    .map(|(v, _)| *v)
                    .collect();
                out.push(self.instantiate(n, end, vt, &vars));
            }
        }
        out
    }

    /// The conjunction of literals over canonical constants.
    pub(super) fn literals_term(&self, lits: &[(PredId, bool)]) -> Term {
        let ts: Vec<Term> = lits
            .iter()
            .map(|&(p, pos)| {
                let t = self.preds.term(p);
                if pos {
                    t
                } else {
                    t.not()
                }
            })
            .collect();
        Term::and(&ts)
    }

    /// Backward pass of [`Self::refine_by_candidates`]: for nodes `r` down to 1, the literals of
    /// `cubes[j]` needed so that block `j` implies the needed literals of node `j + 1` (false
    /// after segment `r`). None when a check does not confirm it (should not happen).
    #[allow(clippy::type_complexity)]
    pub(super) fn needed_literals(
        &mut self,
        path: &[NodeId],
        segments: &[(LocId, EndKey)],
        r: usize,
        cubes: &[Vec<(PredId, bool)>],
    ) -> Res<Option<Vec<Vec<(PredId, bool)>>>> {
        let mut needed: Vec<Vec<(PredId, bool)>> = vec![Vec::new(); r + 1];
        let mut next: Vec<(PredId, bool)> = Vec::new();
        for j in (1..=r).rev() {
            let n = path[j];
            let key = segments[j].1;
            let block = self.block_of(n);
            let Some(end) = block.ends.get(&key) else {
                return Ok(None);
            };
            let goal = if j == r {
                None
            } else if next.is_empty() {
                // Nothing is needed after this node: nothing is needed before it either.
                break;
            } else {
                let t = self.literals_term(&next);
                let vars = self.lits_vars(&next);
                Some(self.instantiate(n, end, t, &vars).not())
            };
            let (mut bc, base0) = self.take_ctx(n, &block, key);
            let mut assume = vec![base0[0]];
            if let Some(g) = goal {
                assume.push(g);
            }
            assume.extend(self.path_vals_assumptions(path, j, end));
            let mut lit_of: HashMap<Term, (PredId, bool)> = HashMap::new();
            for &(p, pos) in &cubes[j] {
                let t = self.preds.term(p);
                let t = if pos { t } else { t.not() };
                lit_of.insert(t, (p, pos));
                assume.push(t);
            }
            let res = bc
                .ctx
                .check_assuming_with_timeout(&assume, self.remaining());
            let core = if res == SatResult::Unsat {
                bc.ctx.unsat_core()
            } else {
                Vec::new()
            };
            self.put_ctx(n, bc);
            match res {
                SatResult::Unsat => {}
                SatResult::Sat => return Ok(None),
                SatResult::Unknown => return Err(self.solver_unknown()),
            }
            let mut lits: Vec<(PredId, bool)> =
                core.iter().filter_map(|t| lit_of.get(t).copied()).collect();
            lits.sort();
            lits.dedup();
            needed[j] = lits.clone();
            next = lits;
        }
        Ok(Some(needed))
    }

    /// Slices a spurious path: an unsat core over its assume conditions (each guarded by a
    /// selector), and the variables outside the data cone of influence of the kept conditions
    /// (to be left out). The sliced path formula is weaker than the original and still
    /// unsatisfiable, so its interpolants are interpolants of the original, with fewer
    /// irrelevant facts (and MCSAT interpolates it much faster). None when no core was found.
    pub(super) fn slice(
        &mut self,
        segments: &[(LocId, EndKey)],
        only: Option<&[HashSet<EdgeId>]>,
        start: Option<&[Option<i128>]>,
        pin: Option<&[Vec<Option<i128>>]>,
        start_lits: &[(Term, Vec<VarId>)],
    ) -> Res<Option<(Slice, Vec<Term>)>> {
        let t0 = Instant::now();
        let po = PathOpts {
            only,
            start,
            pin,
            selectors: true,
            ..PathOpts::default()
        };
        let pf = path_formula(self.prog, self.cfg, &self.w, &self.abs_point, segments, po);
        let mut sel_of: HashMap<Term, (usize, EdgeId)> = HashMap::new();
        for (i, b) in pf.blocks.iter().enumerate() {
            for (t, e) in &b.selectors {
                sel_of.insert(*t, (i, *e));
            }
        }
        let mut sels: Vec<Term> = sel_of.keys().copied().collect();
        let mut ctx = Context::new();
        ctx.assert_all(&pf.parts);
        // The start facts behind selectors of their own: the core says which are needed.
        let mut lit_of: HashMap<Term, usize> = HashMap::new();
        for (k, (l, _)) in start_lits.iter().enumerate() {
            let a = Term::var(&format!("slice.lit.{k}"), crate::smt::bool_sort());
            ctx.assert(a.implies(l.subst(&self.w.canon, &self.w.root_input)));
            lit_of.insert(a, k);
            sels.push(a);
        }
        let r = ctx.check_assuming_within(&sels, &self.budget(SLICE_CORE_MS));
        let mut core = match r {
            SatResult::Unsat => ctx.unsat_core(),
            SatResult::Sat => return Ok(None),
            SatResult::Unknown if self.deadline.expired() => return Err(self.solver_unknown()),
            SatResult::Unknown => {
                self.prof("slice-giveup", t0);
                return Ok(None);
            }
        };
        // Deletion-based minimisation (cheap DPLL(T) checks, bounded: each check gets what is
        // left of the work budget, and an unfinished check ends the minimisation).
        let mut i = 0;
        let min_budget = self.budget(CORE_MIN_MS);
        while i < core.len() && !min_budget.exhausted() {
            let mut trial = core.clone();
            trial.remove(i);
            match ctx.check_assuming_within(&trial, &min_budget) {
                SatResult::Unsat => {
                    let c2 = ctx.unsat_core();
                    core = if c2.len() < trial.len() { c2 } else { trial };
                }
                SatResult::Sat => i += 1,
                SatResult::Unknown if self.deadline.expired() => return Err(self.solver_unknown()),
                SatResult::Unknown => break,
            }
        }
        drop(ctx);
        let mut keep: Vec<HashSet<EdgeId>> = vec![HashSet::new(); segments.len()];
        let mut relevant = vec![false; self.prog.vars.len()];
        let mut lits = Vec::new();
        for t in core {
            if let Some(&k) = lit_of.get(&t) {
                lits.push(start_lits[k].0);
                for v in &start_lits[k].1 {
                    relevant[v.0 as usize] = true;
                }
            }
            if let Some(&(i, e)) = sel_of.get(&t) {
                keep[i].insert(e);
                if let Op::Assume(c) = &self.cfg.edge(e).op {
                    c.for_each_var(&mut |v| relevant[v.0 as usize] = true);
                }
            }
        }
        // Data cone of influence over the assignments of the path's blocks.
        let mut assigns: Vec<EdgeId> = Vec::new();
        for b in &pf.blocks {
            let contribs = b
                .incoming
                .values()
                .flatten()
                .chain(b.ends.values().flat_map(|e| e.incoming.iter()));
            for c in contribs {
                if matches!(self.cfg.edge(c.edge).op, Op::Assign(..)) {
                    assigns.push(c.edge);
                }
            }
        }
        assigns.sort();
        assigns.dedup();
        loop {
            let mut changed = false;
            for &e in &assigns {
                if let Op::Assign(x, rhs) = &self.cfg.edge(e).op {
                    if relevant[x.0 as usize] {
                        rhs.for_each_var(&mut |v| {
                            if !relevant[v.0 as usize] {
                                relevant[v.0 as usize] = true;
                                changed = true;
                            }
                        });
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let havoc: Vec<bool> = relevant.iter().map(|r| !r).collect();
        self.prof("slice", t0);
        if debug() {
            let kept: usize = keep.iter().map(|k| k.len()).sum();
            let vars = relevant.iter().filter(|r| **r).count();
            eprintln!("[predabs] slice: {kept} assumes, {vars} variables");
        }
        Ok(Some(((havoc, keep), lits)))
    }
}
