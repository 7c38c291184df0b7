//! Encoding of ARF edges over the solver: canonical constants per variable instance, edge
//! actions (with queue and stream-buffer item copies) as formulas, the precision of a thread
//! at a location, and the abstract post (E2/E3) of a node's regions.

use super::*;

impl<'a> Esst<'a> {
    /// The assignment a queue item copy makes: `slot := *item` (send) or `*item := slot`
    /// (receive), with the item pointer resolved to the running thread's scalar cell it points
    /// to; `Ok(Err(why))` for copies not supported, `Err(NeedGhosts)` when the queue's slots
    /// have no ghost cells yet.
    pub(super) fn queue_copy(
        &self,
        st: &SchedState,
        entry: ThreadId,
        inst: u8,
        cp: &sched::QueueCopy,
    ) -> Res<Result<Vec<(VKey, Rhs)>, String>> {
        // an item address computed from tracked values (`&buf[i]`) is exact
        let item = self.binder.specialise(st, ThreadInstance(inst), &cp.item);
        let Expr::Const(addr, _) = item else {
            return Ok(Err("the item pointer is not a constant address".into()));
        };
        if cp.stream {
            return self.stream_copy(st, entry, inst, cp, addr);
        }
        let cell = match sched::queue_item_cell(self.prog, addr, cp.item_size) {
            Ok(c) => c,
            Err(why) => return Ok(Err(why)),
        };
        let cv = self.prog.var(cell);
        if let Scope::Local(t) = cv.scope {
            if t != entry {
                return Ok(Err(format!(
                    "the item `{}` is another thread's local",
                    cv.name
                )));
            }
        }
        // a receive into a scheduler-valued cell would change it behind the binder's back (a
        // send only reads the cell's data value)
        if self.binder.is_tracked(cell) && matches!(cp.dir, sched::CopyDir::OutOfQueue) {
            return Ok(Err(format!(
                "the item `{}` holds a scheduler object",
                cv.name
            )));
        }
        let Some(&ghost) = self.ghosts.slots.get(&(cp.queue, cp.slot)) else {
            let cap = st.queues.get(cp.queue as usize).map_or(0, |q| q.cap);
            if cp.slot >= cap {
                return Ok(Err("queue slot out of range".into()));
            }
            return Err(Stop::NeedGhosts(cp.queue, cap, cv.ty));
        };
        let gty = self.prog.var(ghost).ty;
        let conv = |x: Expr, from: Type, to: Type| {
            if from == to {
                x
            } else {
                Expr::cast(to, x)
            }
        };
        Ok(Ok(vec![match cp.dir {
            sched::CopyDir::IntoQueue => (
                (ghost, GLOBAL),
                Rhs::Expr(conv(Expr::Var(cell), cv.ty, gty), inst),
            ),
            sched::CopyDir::OutOfQueue => (
                self.key(cell, inst),
                Rhs::Expr(conv(Expr::Var(ghost), gty, cv.ty), inst),
            ),
        }]))
    }

    /// The assignment a completed join makes (`sched::exit_copy_assignment`): the cell the
    /// out-parameter points to := the joined instance's exit value; `Err(why)` for what the
    /// model does not cover.
    pub(super) fn exit_copy(
        &self,
        st: &SchedState,
        entry: ThreadId,
        inst: u8,
        ec: &sched::ExitCopy,
    ) -> Result<(VKey, Rhs), String> {
        let (dst, x) = sched::exit_copy_assignment(
            self.prog,
            &self.binder,
            st,
            ThreadInstance(inst),
            entry,
            ec,
        )?;
        Ok((self.key(dst, inst), Rhs::Expr(x, ec.from.0)))
    }

    /// The assignments of a stream-buffer copy (`sched::stream_buffer`): byte-wise between the
    /// object at `addr` and the buffer's `u8` ghost slots.
    pub(super) fn stream_copy(
        &self,
        st: &SchedState,
        entry: ThreadId,
        inst: u8,
        cp: &sched::QueueCopy,
        addr: i128,
    ) -> Res<Result<Vec<(VKey, Rhs)>, String>> {
        let plan = match sched::stream_buffer::byte_cells(self.prog, addr, cp.item_size) {
            Ok(p) => p,
            Err(why) => return Ok(Err(why)),
        };
        for &(cell, _) in &plan {
            let cv = self.prog.var(cell);
            if let Scope::Local(t) = cv.scope {
                if t != entry {
                    return Ok(Err(format!("`{}` is another thread's local", cv.name)));
                }
            }
            if self.binder.is_tracked(cell) && matches!(cp.dir, sched::CopyDir::OutOfQueue) {
                return Ok(Err(format!("`{}` holds a scheduler object", cv.name)));
            }
        }
        let cap = st.queues.get(cp.queue as usize).map_or(0, |q| q.cap);
        if cap == 0 {
            return Ok(Err("stream buffer of no bytes".into()));
        }
        let mut slots = Vec::with_capacity(plan.len());
        for i in 0..plan.len() {
            let slot = ((cp.slot as usize + i) % cap as usize) as u16;
            match self.ghosts.slots.get(&(cp.queue, slot)) {
                Some(&g) => slots.push(g),
                None => return Err(Stop::NeedGhosts(cp.queue, cap, Type::int(8, false))),
            }
        }
        let asg = sched::stream_buffer::byte_assignments(self.prog, &plan, &slots, cp.dir);
        Ok(Ok(asg
            .into_iter()
            .map(|(v, x)| (self.key(v, inst), Rhs::Expr(x, inst)))
            .collect()))
    }

    pub(super) fn key(&self, v: VarId, ctx: u8) -> VKey {
        match self.prog.var(v).scope {
            Scope::Global => (v, GLOBAL),
            Scope::Local(_) => (v, ctx),
        }
    }

    pub(super) fn ty(&self, k: VKey) -> Type {
        self.prog.var(k.0).ty
    }

    pub(super) fn canon(&mut self, k: VKey) -> Term {
        if let Some(t) = self.canon.get(&k) {
            return *t;
        }
        let v = self.prog.var(k.0);
        let name = if k.1 == GLOBAL {
            format!("{}~e{}", v.name, self.world)
        } else {
            format!("{}#{}~e{}", v.name, k.1, self.world)
        };
        let t = Term::var(&name, self.enc.sort(v.ty));
        self.canon.insert(k, t);
        self.canon_key.insert(t, k);
        t
    }

    pub(super) fn fresh_term(&mut self, k: VKey, tag: &str) -> Term {
        self.fresh += 1;
        let v = self.prog.var(k.0);
        let name = format!("{}#{}{}{}~e{}", v.name, k.1, tag, self.fresh, self.world);
        Term::var(&name, self.enc.sort(v.ty))
    }

    /// Encodes an action: constraints over the `pre` terms of the keys it reads, with the
    /// `post` terms of the assigned keys; assignments to keys without a post term are dropped
    /// (they cannot matter to the caller).
    pub(super) fn encode_action(
        &self,
        a: &Action,
        pre: &HashMap<VKey, Term>,
        post: &HashMap<VKey, Term>,
    ) -> Vec<Term> {
        let prog = self.prog;
        let enc_expr = |e: &Expr, ctx: u8| -> Term {
            self.enc.expr(e, &prog.vars, &mut |v| {
                pre.get(&self.key(v, ctx)).copied().unwrap_or_else(Term::tt)
            })
        };
        let mut cons = Vec::new();
        for (e, ctx) in &a.assumes {
            cons.push(enc_expr(e, *ctx));
        }
        for (k, r) in &a.assigns {
            let Some(&p) = post.get(k) else { continue };
            let ty = self.ty(*k);
            cons.push(match r {
                Rhs::Expr(e, ctx) => p.eq(enc_expr(e, *ctx)),
                Rhs::Const(c) => p.eq(self.enc.constant(ty.wrap(*c), ty)),
                Rhs::Havoc => self.enc.range(p, ty),
            });
        }
        cons
    }

    // ------------------------------------------------------------------ abstract post

    pub(super) fn range_of_keys(&mut self, keys: impl IntoIterator<Item = VKey>) -> Vec<Term> {
        let mut out = Vec::new();
        if self.enc.sem == Semantics::BitVector {
            return out;
        }
        for k in keys {
            let c = self.canon(k);
            out.push(self.enc.range(c, self.ty(k)));
        }
        out
    }

    pub(super) fn action_reads(&self, a: &Action) -> Vec<VKey> {
        let mut ks = Vec::new();
        let add = |e: &Expr, ctx: u8, ks: &mut Vec<VKey>| {
            e.for_each_var(&mut |v| ks.push(self.key(v, ctx)));
        };
        for (_, r) in &a.assigns {
            if let Rhs::Expr(e, ctx) = r {
                add(e, *ctx, &mut ks);
            }
        }
        for (e, ctx) in &a.assumes {
            add(e, *ctx, &mut ks);
        }
        ks.sort();
        ks.dedup();
        ks
    }

    /// The precision of thread instance `j`'s region at location `l`: π_{T_j} ∪ π_{(j,l)}.
    pub(super) fn thread_prec(&self, j: u8, l: Option<LocId>) -> Vec<PredId> {
        let mut v: Vec<PredId> = self.precs.thread.get(&j).cloned().unwrap_or_default();
        if let Some(l) = l {
            if let Some(x) = self.precs.loc.get(&(j, l)) {
                for p in x {
                    if !v.contains(p) {
                        v.push(*p);
                    }
                }
            }
        }
        v
    }

    /// The successor regions of `regions` (at the locations `old_locs`) under `a`, the ARF
    /// post of rules E2/E3. The global region φ' and the regions of the instances in `exact`
    /// (the running thread, and instances whose locals `a` writes: spawn, restart) are the
    /// abstract post of φ ∧ ⋀_{j ∈ exact} φ_j over their precisions at their new locations
    /// `new_locs`. Every other thread's region is the havoc of the variables `a` writes
    /// (E2.2): its literals over written variables are dropped (exact up to what φ would add).
    /// None when the post is empty.
    pub(super) fn post(
        &mut self,
        regions: &Regions,
        old_locs: &[LocId],
        new_locs: &[LocId],
        a: &Action,
        exact: &[u8],
    ) -> Res<Option<Regions>> {
        let t0 = Instant::now();
        let r = self.post_untimed(regions, old_locs, new_locs, a, exact);
        self.times.abstraction(t0);
        r
    }

    fn post_untimed(
        &mut self,
        regions: &Regions,
        old_locs: &[LocId],
        new_locs: &[LocId],
        a: &Action,
        exact: &[u8],
    ) -> Res<Option<Regions>> {
        if self.deadline.expired() {
            return Err(self.timeout_verdict());
        }
        // Hook (impact.rs): Impact computes no abstract post; labels live in its own ARF.
        if self.opts.abstraction == Abstraction::Impact {
            return Ok(Some(regions.clone()));
        }
        let n_threads = new_locs.len().max(regions.threads.len());
        let written: HashSet<VKey> = a.assigns.iter().map(|(k, _)| *k).collect();
        let mut out = regions.clone();
        if out.threads.len() < n_threads {
            std::rc::Rc::make_mut(&mut out.threads).resize(n_threads, AbsState::top());
        }
        // E2.2: the other threads' regions forget what `a` may change
        if !written.is_empty() {
            for j in 0..out.threads.len() {
                if exact.contains(&(j as u8)) {
                    continue;
                }
                let r = &out.threads[j];
                let hit = |p: PredId| {
                    self.pred_keys[p.0 as usize]
                        .iter()
                        .any(|k| written.contains(k))
                };
                if r.cubes()
                    .iter()
                    .any(|c| c.pos.iter().chain(c.neg.iter()).any(hit))
                {
                    let cubes: Vec<Cube> = r
                        .cubes()
                        .iter()
                        .map(|c| {
                            let mut d = Cube::top();
                            for p in c.pos.iter().filter(|p| !hit(*p)) {
                                d.pos.insert(p);
                            }
                            for p in c.neg.iter().filter(|p| !hit(*p)) {
                                d.neg.insert(p);
                            }
                            d
                        })
                        .collect();
                    std::rc::Rc::make_mut(&mut out.threads)[j] = AbsState::from_cubes(cubes);
                }
            }
        }
        // The recomputed slots: (slot, new precision, old precision); slot None = global.
        let mut slots: Vec<(Option<u8>, Vec<PredId>, Vec<PredId>)> =
            vec![(None, self.precs.global.clone(), self.precs.global.clone())];
        for &j in exact {
            let newp = self.thread_prec(j, new_locs.get(j as usize).copied());
            let oldp = self.thread_prec(j, old_locs.get(j as usize).copied());
            slots.push((Some(j), newp, oldp));
        }
        let old_of = |slot: Option<u8>| -> AbsState {
            match slot {
                None => regions.global.clone(),
                Some(j) => regions.thread(j),
            }
        };
        let post_keys: Vec<VKey> = a
            .assigns
            .iter()
            .map(|(k, _)| *k)
            .filter(|k| self.prec_keys.contains(k))
            .collect();
        // Which predicates must be computed; the others keep their literal or stay unknown.
        let mut fixed: Vec<Cube> = Vec::new();
        let mut todo: Vec<Vec<PredId>> = Vec::new();
        for (slot, newp, oldp) in &slots {
            let old = old_of(*slot);
            let single = (!self.boolean && old.cubes().len() == 1).then(|| old.cubes()[0].clone());
            let mut f = Cube::top();
            let mut t = Vec::new();
            for &p in newp {
                let affected = self.pred_keys[p.0 as usize]
                    .iter()
                    .any(|k| written.contains(k));
                if !affected {
                    if let Some(c) = &single {
                        if c.pos.contains(p) {
                            f.pos.insert(p);
                            continue;
                        }
                        if c.neg.contains(p) {
                            f.neg.insert(p);
                            continue;
                        }
                        if a.assumes.is_empty() && oldp.contains(&p) {
                            // not determined before, nothing new assumed: stays unknown
                            continue;
                        }
                    }
                }
                t.push(p);
            }
            fixed.push(f);
            todo.push(t);
        }
        let set = |out: &mut Regions, slot: Option<u8>, r: AbsState| match slot {
            None => out.global = r,
            Some(j) => std::rc::Rc::make_mut(&mut out.threads)[j as usize] = r,
        };
        if a.assumes.is_empty() && todo.iter().all(|t| t.is_empty()) {
            for ((slot, _, _), f) in slots.iter().zip(fixed) {
                set(&mut out, *slot, AbsState::from_cube(f));
            }
            return Ok(Some(out));
        }
        let reads = self.action_reads(a);
        let pre: HashMap<VKey, Term> = reads.iter().map(|k| (*k, self.canon(*k))).collect();
        let mut post: HashMap<VKey, Term> = HashMap::new();
        for k in post_keys {
            let t = self.fresh_term(k, "'");
            post.insert(k, t);
        }
        let cons = self.encode_action(a, &pre, &post);
        let posts: Vec<(VKey, Term)> = post.into_iter().collect();
        let mut ctx = Context::new();
        ctx.assert(regions.global.to_term(&self.preds));
        for &j in exact {
            ctx.assert(regions.thread(j).to_term(&self.preds));
        }
        ctx.assert_all(&cons);
        let mut keys: Vec<VKey> = self.prec_keys.iter().copied().collect();
        keys.extend(reads);
        keys.sort();
        keys.dedup();
        let ranges = self.range_of_keys(keys);
        ctx.assert_all(&ranges);
        let model = match ctx.check_with_timeout(self.remaining()) {
            SatResult::Unsat => return Ok(None),
            SatResult::Unknown => return Err(self.solver_unknown()),
            SatResult::Sat => ctx.model(),
        };
        let mut all: Vec<PredId> = Vec::new();
        for t in &todo {
            for p in t {
                if !all.contains(p) {
                    all.push(*p);
                }
            }
        }
        let inst: Vec<PredInstance> = all
            .iter()
            .map(|&p| {
                let pk = &self.pred_keys[p.0 as usize];
                let (from, to): (Vec<Term>, Vec<Term>) = posts
                    .iter()
                    .filter(|(k, _)| pk.contains(k))
                    .map(|(k, t)| (self.canon[k], *t))
                    .unzip();
                let term = if from.is_empty() {
                    self.preds.term(p)
                } else {
                    self.preds.term(p).subst(&from, &to)
                };
                PredInstance { id: p, term }
            })
            .collect();
        let remaining = || self.deadline.remaining();
        let cubes: Vec<Cube> = if inst.is_empty() {
            vec![Cube::top()]
        } else if self.boolean {
            match predicate::boolean(&mut ctx, &[], &inst, &remaining, 4096) {
                Ok(s) => s.cubes().to_vec(),
                Err(_) => return Err(self.solver_unknown()),
            }
        } else {
            match predicate::cartesian(&mut ctx, &[], model, &inst, &remaining) {
                Ok(c) => vec![c],
                Err(_) => return Err(self.solver_unknown()),
            }
        };
        for (((slot, _, _), f), t) in slots.iter().zip(fixed).zip(todo) {
            let restricted: Vec<Cube> = cubes
                .iter()
                .map(|c| {
                    let mut d = f.clone();
                    for p in c.pos.iter().filter(|p| t.contains(p)) {
                        d.pos.insert(p);
                    }
                    for p in c.neg.iter().filter(|p| t.contains(p)) {
                        d.neg.insert(p);
                    }
                    d
                })
                .collect();
            set(&mut out, *slot, AbsState::from_cubes(restricted));
        }
        Ok(Some(out))
    }
}
