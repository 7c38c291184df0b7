//! Building the ART: node creation, block contexts, abstract posts (Cartesian, Boolean,
//! cached), covers and subtree removal.

use super::*;

impl<'a> Analysis<'a> {
    /// The node exists and is not covered.
    pub(super) fn live(&self, n: NodeId) -> bool {
        self.art.get(n).is_some_and(|x| x.covered_by.is_none())
    }

    pub(super) fn new_node(
        &mut self,
        loc: LocId,
        state: AbsState,
        vals: Vals,
        parent: Option<NodeId>,
        via: EndKey,
        version: Version,
    ) -> NodeId {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.nodes += 1;
        let id = self.art.insert(Node {
            loc,
            state,
            vals,
            parent,
            via,
            children: Vec::new(),
            covered_by: None,
            covering: Vec::new(),
            seq,
            version,
        });
        if let Some(p) = parent {
            self.art[p].children.push(id);
        }
        self.per_loc.entry(loc).or_default().push(id);
        id
    }

    pub(super) fn is_root(&self, n: NodeId) -> bool {
        self.root == Some(n)
    }

    pub(super) fn block_of(&mut self, n: NodeId) -> Rc<Block> {
        let loc = self.art[n].loc;
        let root = self.is_root(n);
        if let Some(b) = self.blocks.get(&(loc, root)) {
            return b.clone();
        }
        let mut namer = Namer::new(&format!(".b{}{}", loc.0, if root { "r" } else { "" }));
        let input = if root {
            self.w.root_input.clone()
        } else {
            self.w.canon.clone()
        };
        let t0 = Instant::now();
        let b = Rc::new(block::build(
            self.prog,
            self.cfg,
            &self.w.enc,
            &self.abs_point,
            loc,
            &input,
            &mut namer,
            BuildOpts::default(),
        ));
        self.prof("block", t0);
        self.blocks.insert((loc, root), b.clone());
        b
    }

    /// Takes the solver context of the block from `n` out of the cache (made on first use: the
    /// formula of every end behind an activation literal, plus the range facts of the canonical
    /// constants, or the initial-state facts for the root), with the assumptions that select end
    /// `k` from the node's abstract state. Put it back with [`Self::put_ctx`].
    pub(super) fn take_ctx(
        &mut self,
        n: NodeId,
        block: &Block,
        k: EndKey,
    ) -> (BlockCtx, Vec<Term>) {
        let key = (self.art[n].loc, self.is_root(n), k);
        let bc = match self.ctxs.remove(&key) {
            Some(c) => c,
            None => {
                let mut ctx = Context::new();
                if key.1 {
                    ctx.assert(self.w.root_facts);
                } else {
                    for r in &self.w.canon_range {
                        if !r.is_true() {
                            ctx.assert(*r);
                        }
                    }
                }
                // Only this end's formula: a context holding every end of the block behind
                // activation literals makes each check assign the Boolean variables of all
                // ends (the SAT search dominated the Boolean abstraction's time).
                let mut act = HashMap::new();
                let end = &block.ends[&k];
                let a = Term::var(
                    &format!("act.{}{}.{:?}", key.0 .0, if key.1 { "r" } else { "" }, k),
                    crate::smt::bool_sort(),
                );
                ctx.assert(a.implies(end.formula));
                act.insert(k, a);
                BlockCtx { ctx, act, key }
            }
        };
        let mut base = vec![bc.act[&k]];
        if !key.1 {
            let st = self.art[n].state.to_term(&self.preds);
            if !st.is_true() {
                base.push(st);
            }
            let vt = self.vals_term(&self.art[n].vals);
            if !vt.is_true() {
                base.push(vt);
            }
        }
        (bc, base)
    }

    pub(super) fn put_ctx(&mut self, _n: NodeId, bc: BlockCtx) {
        self.ctxs.insert(bc.key, bc);
    }

    pub(super) fn expand_end(&mut self, n: NodeId, k: EndKey) -> Res<()> {
        let block = self.spec_block(n);
        if !block.block.ends.contains_key(&k) {
            return Ok(());
        }
        match k {
            EndKey::Loc(l) if l == self.cfg.error => {
                if self.feasible(n, &block, k)? {
                    self.analyse(n, k)?;
                }
            }
            EndKey::Unsupported(e) => {
                if self.feasible_unsupported.contains(&e) {
                    return Ok(());
                }
                if self.feasible(n, &block, k)? {
                    self.analyse(n, k)?;
                }
            }
            EndKey::Loc(l) => {
                for (vals, assume) in self.successor_vals(n, &block, k)? {
                    self.note_values(l, &vals)?;
                    let version = self.prec.version(l);
                    let Some(s) = self.post_under(n, &block, k, l, &vals, assume)? else {
                        continue;
                    };
                    let c = self.new_node(l, s, vals, Some(n), k, version);
                    if !self.try_cover(c) {
                        self.work.push(Task::Expand(c));
                    }
                }
            }
        }
        Ok(())
    }

    /// The abstract predicate state of the successor of `n` through end `k` at `l` whose tracked
    /// variables have the values `vals` (`assume`: those values over the end's output terms);
    /// None when that successor is unreachable. Cached.
    pub(super) fn post_under(
        &mut self,
        n: NodeId,
        block: &SpecBlock,
        k: EndKey,
        l: LocId,
        vals: &Vals,
        assume: Term,
    ) -> Res<Option<AbsState>> {
        if !self.prec.is_boolean(l) && self.prec.at(l).groups().is_empty() {
            let t0 = Instant::now();
            let post = self.cartesian_post_inc(n, block, k, l, vals, assume)?;
            self.prof("post-cart", t0);
            return Ok(post);
        }
        let version = self.prec.version(l);
        let node = &self.art[n];
        let key = (
            node.state.clone(),
            node.vals.clone(),
            node.loc,
            self.is_root(n),
            k,
            vals.clone(),
            version,
        );
        if let Some(p) = self.post_cache.get(&key) {
            return Ok(p.clone());
        }
        let t0 = Instant::now();
        let plist: Vec<PredId> = self.prec.at(l).preds().to_vec();
        let p = self.abstract_post_over(n, block, k, l, &plist, vals, assume)?;
        self.prof(
            if self.prec.is_boolean(l) {
                "post-bool"
            } else {
                "post-cart"
            },
            t0,
        );
        if let Some(s) = &p {
            let e = self.prof.entry("post-cubes").or_default();
            e.0 += s.cubes().len() as u64;
            let e = self.prof.entry("post-preds").or_default();
            e.0 += self.prec.at(l).len() as u64;
        }
        self.post_cache.insert(key, p.clone());
        Ok(p)
    }

    /// Is the block end reachable from the node's abstract state?
    pub(super) fn feasible(&mut self, n: NodeId, block: &SpecBlock, k: EndKey) -> Res<bool> {
        let t0 = Instant::now();
        let (mut ctx, base) = self.take_spec_ctx(n, block, k);
        let r = ctx.ctx.check_assuming_with_timeout(&base, self.remaining());
        self.put_spec_ctx(n, k, ctx);
        self.prof("feasible", t0);
        match r {
            SatResult::Sat => Ok(true),
            SatResult::Unsat => Ok(false),
            SatResult::Unknown => Err(self.solver_unknown()),
        }
    }

    /// The abstract successor of `n` at abstraction point `l` through block end `k` over the
    /// predicates `plist` (of the precision at `l`), under the assumption `assume` over the
    /// end's output terms that gives the successor's tracked values `vals` (None when the end
    /// is unreachable from the node's state).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn abstract_post_over(
        &mut self,
        n: NodeId,
        block: &SpecBlock,
        k: EndKey,
        l: LocId,
        plist: &[PredId],
        vals: &[Option<i128>],
        assume: Term,
    ) -> Res<Option<AbsState>> {
        let (mut ctx, mut base) = self.take_spec_ctx(n, block, k);
        if !assume.is_true() {
            base.push(assume);
        }
        let r = self.abstract_post_in(&mut ctx.ctx, &base, &ctx.ranged, block, k, l, plist, vals);
        self.put_spec_ctx(n, k, ctx);
        r
    }

    /// The Cartesian post of `n` through end `k` at `l` (no groups, not Boolean), evaluating
    /// only the predicates of `l`'s precision not yet evaluated for this (state, block, end).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn cartesian_post_inc(
        &mut self,
        n: NodeId,
        block: &SpecBlock,
        k: EndKey,
        l: LocId,
        vals: &Vals,
        assume: Term,
    ) -> Res<Option<AbsState>> {
        let node = &self.art[n];
        let key = (
            node.state.clone(),
            node.vals.clone(),
            node.loc,
            self.is_root(n),
            k,
            vals.clone(),
        );
        let plist = self.prec.at(l).preds();
        let (done, mut cube) = match self.cart_cache.get(&key) {
            Some(None) => return Ok(None),
            Some(Some((d, c))) => (*d, c.clone()),
            None => (0, Cube::top()),
        };
        let first = !self.cart_cache.contains_key(&key);
        if !first && done == plist.len() {
            return Ok(Some(AbsState::from_cube(cube)));
        }
        let missing: Vec<PredId> = plist[done.min(plist.len())..].to_vec();
        let total = plist.len();
        let Some(post) = self.abstract_post_over(n, block, k, l, &missing, vals, assume)? else {
            // Reachable before (when cached) and unreachable now cannot happen: the formula
            // and the state are the same.
            self.cart_cache.insert(key, None);
            return Ok(None);
        };
        if let Some(c) = post.cubes().first() {
            for p in c.pos.iter() {
                cube.pos.insert(p);
            }
            for p in c.neg.iter() {
                cube.neg.insert(p);
            }
        }
        {
            let e = self.prof.entry("post-preds-evaluated").or_default();
            e.0 += missing.len() as u64;
        }
        self.cart_cache.insert(key, Some((total, cube.clone())));
        Ok(Some(AbsState::from_cube(cube)))
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn abstract_post_in(
        &mut self,
        ctx: &mut Context,
        base: &[Term],
        ranged: &[bool],
        block: &SpecBlock,
        k: EndKey,
        l: LocId,
        plist: &[PredId],
        vals: &[Option<i128>],
    ) -> Res<Option<AbsState>> {
        match ctx.check_assuming_with_timeout(base, self.remaining()) {
            SatResult::Sat => {}
            SatResult::Unsat => return Ok(None),
            SatResult::Unknown => return Err(self.solver_unknown()),
        }
        if plist.is_empty() {
            return Ok(Some(AbsState::top()));
        }
        // Instantiate the predicates over the end's output terms and the successor's known
        // values (a predicate over known values only is a constant: no solver check).
        let end = &block.block.ends[&k];
        let insts: Vec<PredInstance> = plist
            .iter()
            .map(|&p| PredInstance {
                id: p,
                term: self.instantiate_spec(
                    block,
                    end,
                    vals,
                    self.preds.term(p),
                    &self.pred_vars[p.0 as usize],
                ),
            })
            .collect();
        // The ranges of the constants the predicates add (see `SpecCtx::ranged`).
        let terms: Vec<Term> = insts.iter().map(|i| i.term).collect();
        let extra: Vec<Term> = self
            .missing_ranges(ranged, &terms)
            .into_iter()
            .map(|(_, r)| r)
            .collect();
        let with_ranges;
        let base = if extra.is_empty() {
            base
        } else {
            with_ranges = [base, &extra].concat();
            &with_ranges[..]
        };
        let dl = self.deadline;
        let timeout = move || dl.remaining();
        let r = if self.prec.is_boolean(l) {
            predicate::boolean(ctx, base, &insts, &timeout, MAX_CUBES)
        } else if self.prec.at(l).groups().is_empty()
            && insts
                .iter()
                .filter(|i| !i.term.is_true() && !i.term.is_false())
                .count()
                <= CHECKS_NOT_MODEL
        {
            predicate::cartesian_by_checks(ctx, base, &insts, &timeout).map(AbsState::from_cube)
        } else {
            let m = ctx.model();
            let pos: HashMap<PredId, usize> =
                plist.iter().enumerate().map(|(i, p)| (*p, i)).collect();
            let groups: Vec<Vec<usize>> = self
                .prec
                .at(l)
                .groups()
                .iter()
                .map(|g| g.iter().filter_map(|p| pos.get(p).copied()).collect())
                .collect();
            if groups.is_empty() {
                predicate::cartesian(ctx, base, m, &insts, &timeout).map(AbsState::from_cube)
            } else {
                predicate::cartesian_with_groups(ctx, base, m, &insts, &groups, &timeout, MAX_CUBES)
            }
        };
        match r {
            Ok(s) => Ok(Some(s)),
            Err(AbsError::SolverUnknown) => Err(self.solver_unknown()),
        }
    }

    /// Covers `v` by an uncovered node created before it at the same location whose state is
    /// entailed by `v`'s.
    pub(super) fn try_cover(&mut self, v: NodeId) -> bool {
        let (loc, seq) = (self.art[v].loc, self.art[v].seq);
        let found = self.per_loc.get(&loc).and_then(|list| {
            list.iter().copied().find(|&w| {
                w != v
                    && self.art.get(w).is_some_and(|wn| {
                        wn.seq < seq
                            && wn.covered_by.is_none()
                            && explicit::covers(&wn.vals, &self.art[v].vals)
                            && self.art[v].state.entails(&wn.state)
                    })
            })
        });
        match found {
            Some(w) => {
                self.art[v].covered_by = Some(w);
                self.art[w].covering.push(v);
                self.covers += 1;
                true
            }
            None => false,
        }
    }

    /// Removes the subtree rooted at `r`; nodes covered by removed nodes are uncovered and
    /// re-checked (re-queued when no earlier node covers them).
    pub(super) fn remove_subtree(&mut self, r: NodeId) {
        if let Some(p) = self.art[r].parent {
            self.art[p].children.retain(|&c| c != r);
        }
        let mut stack = vec![r];
        let mut removed: Vec<Node> = Vec::new();
        let mut removed_ids: HashSet<NodeId> = HashSet::new();
        while let Some(x) = stack.pop() {
            if let Some(node) = self.art.remove(x) {
                stack.extend(node.children.iter().copied());
                removed_ids.insert(x);
                removed.push(node);
            }
        }
        let mut uncover: Vec<NodeId> = Vec::new();
        let mut locs: HashSet<LocId> = HashSet::new();
        for node in &removed {
            locs.insert(node.loc);
            if let Some(w) = node.covered_by {
                if let Some(wn) = self.art.get_mut(w) {
                    wn.covering.retain(|c| !removed_ids.contains(c));
                }
            }
            uncover.extend(node.covering.iter().copied());
        }
        for l in locs {
            if let Some(list) = self.per_loc.get_mut(&l) {
                list.retain(|x| !removed_ids.contains(x));
            }
        }
        uncover.sort_by_key(|&v| self.art.get(v).map(|n| n.seq).unwrap_or(0));
        for v in uncover {
            if !self.art.contains_key(v) {
                continue;
            }
            self.art[v].covered_by = None;
            if !self.try_cover(v) {
                self.work.push(Task::Expand(v));
            }
        }
    }

    // ------------------------------------------------------------------ counterexamples

    pub(super) fn path_to(&self, n: NodeId) -> Vec<NodeId> {
        let mut p = vec![n];
        let mut c = n;
        while let Some(q) = self.art[c].parent {
            p.push(q);
            c = q;
        }
        p.reverse();
        p
    }
}
