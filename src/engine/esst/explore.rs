//! The main loop and the ARF construction: restarts and refinement rounds (`Esst::run`),
//! the worklist with covers (`build`, `insert_succ`), and the expansion of a node (E1-E4:
//! thread steps, scheduler primitives, connectors, preemption).

use super::*;

impl<'a> Esst<'a> {
    pub(super) fn run(&mut self) -> Res<Verdict> {
        // Hook (impact.rs): `--abstraction impact` runs the Impact loop instead.
        if self.opts.abstraction == Abstraction::Impact {
            return self.impact_run();
        }
        loop {
            if self.deadline.expired() {
                return Err(self.timeout_verdict());
            }
            self.arf_reset();
            let (nodes, found) = self.build()?;
            self.publish_progress();
            match found {
                None => {
                    self.arf_record(&nodes, None);
                    if let Some(reason) = self
                        .feasible_blockers
                        .values()
                        .min_by_key(|r| r.to_string())
                    {
                        return Ok(Verdict::Unknown(reason.clone()));
                    }
                    let note = self
                        .opts
                        .int_math
                        .then(|| "assuming no integer overflow (--int-math)".to_string());
                    self.cert = Some(self.certificate(&nodes));
                    return Ok(Verdict::Safe { note });
                }
                Some(f) => {
                    let error = arf::error_of(&f);
                    let t0 = Instant::now();
                    let r = self.analyse(&nodes, f);
                    self.times.refinement(t0);
                    if let Err(Stop::Verdict(v)) = &r {
                        let failed = matches!(v, Verdict::Unsafe(_));
                        self.arf_record(&nodes, error.filter(|_| failed));
                        if self.deadline.expired() {
                            // the run is over (`crate::memory::free_unless_ending`)
                            crate::memory::free_unless_ending(nodes);
                        }
                    }
                    r?
                }
            }
        }
    }

    pub(super) fn initial_action(&self) -> Action {
        let mut a = Action::default();
        for (i, v) in self.prog.vars.iter().enumerate() {
            let k = self.key(VarId(i as u32), 0);
            if let Some(c) = v.init {
                a.assign(k, Rhs::Const(c));
            }
        }
        a
    }

    /// The root's scheduler state and thread locations (every thread at its entry).
    pub(super) fn root_state(&self) -> Res<(SchedState, Vec<LocId>)> {
        let mut s0 = sched::initial(self.spec, self.prog)
            .map_err(|e| Stop::Verdict(Verdict::Unknown(UnknownReason::classify(e.to_string()))))?;
        s0.max_threads = self.opts.max_threads.min(sched::state::MAX_THREADS) as u8;
        let locs: Vec<LocId> = s0
            .threads
            .iter()
            .map(|t| self.prog.thread(t.entry).entry)
            .collect();
        Ok((s0, locs))
    }

    /// Builds the ARF from the root until it is complete or a counterexample/blocker is found.
    pub(super) fn build(&mut self) -> Res<(Vec<Node>, Option<Found>)> {
        let (s0, locs) = self.root_state()?;
        let init = self.initial_action();
        let regions = self
            .post(&Regions::top(), &[], &locs, &init, &[0])?
            .unwrap_or_else(Regions::top);
        let mut nodes: Vec<Node> = vec![Node {
            locs,
            sched: s0,
            regions,
            parent: None,
            scheduled: true,
        }];
        self.nodes += 1;
        let mut index = Covers {
            exact: HashMap::new(),
            sym: None,
        };
        index
            .exact
            .entry(control_key(&nodes[0].locs, &nodes[0].sched, true))
            .or_default()
            .push(0);
        let mut work: VecDeque<usize> = VecDeque::from([0]);
        let mut count: u64 = 0;
        // POR hook (por.rs): the POR state parallel to `nodes`.
        let por_t0 = Instant::now();
        let mut por = self.por_new();
        self.times.por(por_t0);
        // symmetric covers (symmetry.rs); under POR only with access summaries (the
        // naive `--no-summaries` baseline walks coverers' subtrees in their own numbering)
        if !por.active() || self.opts.summaries {
            index.sym = self.symmetry.clone().map(symmetry::SymIndex::new);
            if let Some(sx) = index.sym.as_mut() {
                sx.record(&nodes, 0);
            }
        }
        loop {
            let n = match work.pop_front() {
                Some(n) => n,
                None => {
                    // POR hook: covered nodes' backtrack points (summaries); more successors.
                    let por_t0 = Instant::now();
                    let more = self.por_resume(&mut por);
                    self.times.por(por_t0);
                    if !more {
                        break;
                    }
                    for (p, sc) in std::mem::take(&mut por.ready) {
                        self.insert_succ(&mut por, &mut nodes, &mut index, &mut work, p, sc);
                    }
                    continue;
                }
            };
            count += 1;
            self.publish_progress();
            if self.deadline.expired() {
                self.arf_record(&nodes, None);
                // the run is over: its ARF may be left to the operating system
                crate::memory::free_unless_ending((nodes, index, work, por));
                return Err(self.timeout_verdict());
            }
            if debug() && count.is_multiple_of(2000) {
                let nd = &nodes[n];
                eprintln!(
                    "[esst] {count} expanded, {} nodes; at {:?} {}",
                    nodes.len(),
                    nd.locs,
                    nd.sched,
                );
            }
            if count.is_multiple_of(256) {
                if let Some(why) = crate::memory::exceeded(self.opts.memory_limit_mb) {
                    self.arf_record(&nodes, None);
                    return Err(Stop::Verdict(Verdict::Unknown(
                        UnknownReason::memory_limit(why),
                    )));
                }
            }
            for (i, t) in nodes[n].sched.threads.iter().enumerate() {
                self.seen_instances.insert((i as u8, t.entry));
            }
            let mut succ: Vec<Succ> = Vec::new();
            if let Some(f) = self.expand(&nodes, n, &mut succ)? {
                let por_t0 = Instant::now();
                self.por_stats(&por, &nodes);
                self.times.por(por_t0);
                return Ok((nodes, Some(f)));
            }
            // POR hook: `Choose` (the other threads' successors wait for backtrack points).
            let por_t0 = Instant::now();
            let succ = self.por_select(&mut por, &nodes, n, succ);
            self.times.por(por_t0);
            if succ.is_empty() {
                let por_t0 = Instant::now();
                self.por_dead_end(&mut por, &nodes, n);
                self.times.por(por_t0);
            }
            for sc in succ {
                self.insert_succ(&mut por, &mut nodes, &mut index, &mut work, n, sc);
            }
            for (p, sc) in std::mem::take(&mut por.ready) {
                self.insert_succ(&mut por, &mut nodes, &mut index, &mut work, p, sc);
            }
        }
        let por_t0 = Instant::now();
        self.por_stats(&por, &nodes);
        self.times.por(por_t0);
        Ok((nodes, None))
    }

    /// Inserts successor `sc` of node `n` unless an earlier node covers it.
    pub(super) fn insert_succ(
        &mut self,
        por: &mut por::Por,
        nodes: &mut Vec<Node>,
        index: &mut Covers,
        work: &mut VecDeque<usize>,
        n: usize,
        sc: Succ,
    ) {
        let child = if por.active() {
            {
                let por_t0 = Instant::now();
                let c = self.por_child(por, nodes, n, &sc);
                self.times.por(por_t0);
                Some(c)
            }
        } else {
            None
        };
        let list = index
            .exact
            .entry(control_key(&sc.locs, &sc.sched, sc.scheduled))
            .or_default();
        let mut coverer = list.iter().copied().find(|&w| {
            let m = &nodes[w];
            m.scheduled == sc.scheduled
                && m.locs == sc.locs
                && m.sched == sc.sched
                && sc.regions.entails(&m.regions)
                && child.as_ref().is_none_or(|c| {
                    let por_t0 = Instant::now();
                    let r = self.por_may_cover(por, w, c);
                    self.times.por(por_t0);
                    r
                })
        });
        let mut perm = None;
        if coverer.is_none() {
            if let Some(sx) = index.sym.as_mut() {
                let p: &por::Por = por;
                let allowed = |w: usize, sigma: &[u8]| {
                    child
                        .as_ref()
                        .is_none_or(|c| p.may_cover_permuted(w, c, sigma))
                };
                if let Some((w, sigma)) = self.sym_cover(sx, nodes, &sc, &allowed) {
                    coverer = Some(w);
                    perm = Some(sigma);
                }
            }
        }
        if let Some(w) = coverer {
            self.covers += 1;
            let existing = nodes.len();
            self.arf_covered(existing, n, &sc.locs, &sc.sched, &sc.regions, &sc.label, w);
            if let Some(c) = child {
                let por_t0 = Instant::now();
                self.por_covered(por, c, w, perm);
                self.times.por(por_t0);
            }
            return;
        }
        let id = nodes.len();
        index
            .exact
            .entry(control_key(&sc.locs, &sc.sched, sc.scheduled))
            .or_default()
            .push(id);
        nodes.push(Node {
            locs: sc.locs,
            sched: sc.sched,
            regions: sc.regions,
            parent: Some((n, sc.label)),
            scheduled: sc.scheduled,
        });
        if let Some(sx) = index.sym.as_mut() {
            sx.record(nodes, id);
        }
        if let Some(c) = child {
            let por_t0 = Instant::now();
            self.por_push(por, c);
            self.times.por(por_t0);
        }
        self.nodes += 1;
        work.push_back(id);
    }

    pub(super) fn sched_label(decision: SchedDecision, text: String) -> Label {
        Label {
            step: None,
            action: Action::default(),
            nondet: Vec::new(),
            sched: Some((decision, text)),
        }
    }

    /// Havocs the locals of instance `inst` running `entry`.
    pub(super) fn havoc_locals(&self, a: &mut Action, entry: ThreadId, inst: u8) {
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

    /// The ARF connector from `node` to the scheduler state `s2` reached by `ev` (a `sched` or
    /// `preempt` outcome). When `ev` restarts an interrupt handler, the handler's instance starts
    /// at its entry with havocked locals; None when that post is empty.
    pub(super) fn connector(
        &mut self,
        node: &Node,
        s2: SchedState,
        ev: &SchedEvent,
    ) -> Res<Option<Succ>> {
        let mut locs = node.locs.clone();
        let mut regions = node.regions.clone();
        let mut label = Self::sched_label(sched::decision::policy(&s2, ev), ev.text.clone());
        let mut s2 = s2;
        let restart = self
            .binder
            .restarted(&mut s2, ev)
            .map_err(|e| Stop::Verdict(Verdict::Unknown(UnknownReason::classify(e.to_string()))))?;
        if let Some(rs) = restart {
            let isr = rs.inst;
            rs.place(self.prog, &mut locs);
            let mut a = Action::default();
            self.havoc_locals(&mut a, rs.entry, isr.0);
            for (p, v) in rs.params() {
                a.assign((p, isr.0), Rhs::Const(v));
            }
            match self.post(&regions, &node.locs, &locs, &a, &[isr.0])? {
                Some(p) => regions = p,
                None => return Ok(None),
            }
            label.action = a;
        }
        Ok(Some(Succ {
            locs,
            sched: s2,
            regions,
            label,
            scheduled: true,
        }))
    }

    /// Expands node `n` into `succ`; returns a counterexample or blocker instead when found.
    pub(super) fn expand(
        &mut self,
        nodes: &[Node],
        n: usize,
        succ: &mut Vec<Succ>,
    ) -> Res<Option<Found>> {
        let node = &nodes[n];
        let st = &node.sched;
        let Some(r) = running(st) else {
            if st.ended || all_finished(st) {
                return Ok(None);
            }
            let outs = match sched::sched(self.spec, st) {
                Ok(o) => o,
                Err(e) => {
                    let reason = UnknownReason::classify(e.to_string());
                    return Ok(self.block(n, BlockKey::Sched(e), reason, None).found());
                }
            };
            for (s2, ev) in outs {
                if let Some(c) = self.connector(node, s2, &ev)? {
                    succ.push(c);
                }
            }
            return Ok(None);
        };
        let inst = r.0;
        let entry = st.thread(r).entry;
        let cfg = self.prog.thread(entry);
        let Some(&l) = node.locs.get(r.index()) else {
            return Err(Stop::Verdict(Verdict::Unknown(UnknownReason::internal(
                "internal error: thread instance without location",
            ))));
        };
        let number = st.instance_number(r);
        if l == cfg.exit {
            // Still running at its exit (e.g. it yielded on its last edge): it finishes now.
            let s2 = match sched::thread_exit(self.spec, st, r) {
                Ok(s) => s,
                Err(e) => {
                    let reason = UnknownReason::classify(e.to_string());
                    return Ok(self.block(n, BlockKey::Sched(e), reason, None).found());
                }
            };
            let label = Self::sched_label(
                sched::decision::exit(&s2),
                sched::replay::exit_step_text(st, r),
            );
            succ.push(Succ {
                locs: node.locs.clone(),
                sched: s2,
                regions: node.regions.clone(),
                label,
                scheduled: false,
            });
            return Ok(None);
        }
        // Preemption (connectors) before a shared access, a primitive, an atomic-section
        // start or the thread's last edge (`sched::is_preemption_point_edge`).
        let preempt_here = |e: &crate::ir::Edge| {
            sched::is_preemption_point_edge(self.spec, st, e, cfg.exit, self.prog)
        };
        // Just scheduled: only the ticks that bring a wake-up closer (`sched::after_decision`).
        if cfg.out_edges(l).any(|(_, e)| preempt_here(e)) {
            match sched::preempt(self.spec, st) {
                Ok(outs) => {
                    for (s2, ev) in outs.into_iter().skip(1) {
                        if node.scheduled && !sched::after_decision(st, &ev) {
                            continue;
                        }
                        if let Some(c) = self.connector(node, s2, &ev)? {
                            succ.push(c);
                        }
                    }
                }
                Err(e) => {
                    let reason = UnknownReason::classify(e.to_string());
                    return Ok(self.block(n, BlockKey::Sched(e), reason, None).found());
                }
            }
        }
        for (eid, e) in cfg.out_edges(l) {
            let bkey = BlockKey::Edge(entry, eid);
            match &e.op {
                Op::Error(_) => {
                    return Ok(Some(Found::Error {
                        n,
                        thread: entry,
                        inst,
                        edge: eid,
                    }))
                }
                Op::Unsupported(why) => {
                    match self.block(
                        n,
                        bkey,
                        UnknownReason::of_unsupported_edge(why.clone()),
                        Some(e.loc),
                    ) {
                        Blocked::Stop(f) => return Ok(Some(f)),
                        Blocked::Known => continue,
                    }
                }
                _ => {}
            }
            let lookup = |v: VarId| self.binder.value(st, r, v);
            let tracked = |v: VarId| self.binder.is_tracked(v);
            let cases = match sched::bind_cases(self.spec, &e.op, self.prog, &lookup, &tracked) {
                Ok(c) => c,
                Err(be) => {
                    match self.block(
                        n,
                        bkey,
                        UnknownReason::classify(be.to_string()),
                        Some(e.loc),
                    ) {
                        Blocked::Stop(f) => return Ok(Some(f)),
                        Blocked::Known => continue,
                    }
                }
            };
            let step_nondet = |me: &Self| -> Vec<VKey> {
                match &e.op {
                    Op::Nondet(v) => vec![me.key(*v, inst)],
                    Op::Call { ret, may_write, .. } => ret
                        .iter()
                        .chain(may_write.iter())
                        .map(|v| me.key(*v, inst))
                        .collect(),
                    _ => Vec::new(),
                }
            };
            // a call split over an unknown index (`sched::bind_cases`): the cases differ in
            // that argument only, each outcome carries the guard selecting its case (not a
            // blocking one: the thread's data does not change while it waits, so the missing
            // guard only adds waits)
            let call = cases.first().and_then(|(c, _)| c.clone());
            let mut outcomes: Vec<(Vec<LocId>, SchedState, Label)> = Vec::new();
            match call {
                Some(call) => {
                    let outs = match sched::sexec_cases(self.spec, st, &cases) {
                        Ok(outs) => outs,
                        Err(se) => {
                            match self.block(
                                n,
                                bkey,
                                UnknownReason::classify(se.to_string()),
                                Some(e.loc),
                            ) {
                                Blocked::Stop(f) => return Ok(Some(f)),
                                Blocked::Known => continue,
                            }
                        }
                    };
                    for (guard, (rv, s2)) in outs {
                        let copy = match &rv.copy {
                            Some(cp) => match self.queue_copy(st, entry, inst, cp)? {
                                Ok(c) => Some(c),
                                Err(why) => {
                                    let why = format!(
                                        "unsupported: queue item copies ({}): {why}",
                                        call.func
                                    );
                                    match self.block(
                                        n,
                                        bkey.clone(),
                                        UnknownReason::classify(why),
                                        Some(e.loc),
                                    ) {
                                        Blocked::Stop(f) => return Ok(Some(f)),
                                        Blocked::Known => continue,
                                    }
                                }
                            },
                            None => None,
                        };
                        let exit_copy = match &rv.exit_copy {
                            Some(ec) => match self.exit_copy(st, entry, inst, ec) {
                                Ok(c) => Some(c),
                                Err(why) => {
                                    let why = format!(
                                        "unsupported: the exit value a join hands over ({}): {why}",
                                        call.func
                                    );
                                    match self.block(
                                        n,
                                        bkey.clone(),
                                        UnknownReason::classify(why),
                                        Some(e.loc),
                                    ) {
                                        Blocked::Stop(f) => return Ok(Some(f)),
                                        Blocked::Known => continue,
                                    }
                                }
                            },
                            None => None,
                        };
                        if !rv.advance {
                            let d = sched::decision::primitive(&s2, &rv, false);
                            let label = Self::sched_label(d, rv.label.clone());
                            outcomes.push((node.locs.clone(), s2, label));
                            continue;
                        }
                        let mut a = Action::default();
                        if let Some(g) = &guard {
                            a.assumes.push((self.binder.specialise(st, r, g), inst));
                        }
                        if let Op::Call {
                            ret: Some(rv_var), ..
                        } = &e.op
                        {
                            let k = self.key(*rv_var, inst);
                            match rv.ret {
                                Some(c) => a.assign(k, Rhs::Const(c)),
                                None => a.assign(k, Rhs::Havoc),
                            }
                        }
                        for (v, c) in &rv.writes {
                            a.assign(self.key(*v, inst), Rhs::Const(*c));
                        }
                        for (k, rhs) in copy.into_iter().flatten().chain(exit_copy) {
                            a.assign(k, rhs);
                        }
                        let mut locs = node.locs.clone();
                        locs[r.index()] = e.to;
                        let mut s2 = s2;
                        for t in [rv.spawned, rv.restart].into_iter().flatten() {
                            let te = s2.thread(t).entry;
                            let spawner = (Some(t) == rv.spawned).then_some(r);
                            if let Err(se) =
                                self.binder
                                    .spawned(&mut s2, spawner, t, te, call.data_arg.as_ref())
                            {
                                return Ok(self
                                    .block(
                                        n,
                                        bkey.clone(),
                                        UnknownReason::classify(se.to_string()),
                                        Some(e.loc),
                                    )
                                    .found());
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
                        let s2 = self.exit_check(s2, r, e.to, cfg.exit)?;
                        let (s2, exit_text) = match s2 {
                            Ok(s) => s,
                            Err(why) => {
                                match self.block(
                                    n,
                                    bkey.clone(),
                                    UnknownReason::classify(why),
                                    Some(e.loc),
                                ) {
                                    Blocked::Stop(f) => return Ok(Some(f)),
                                    Blocked::Known => continue,
                                }
                            }
                        };
                        let mut nondet = step_nondet(self);
                        if let Some(t) = rv.spawned {
                            // The interpreter takes the new instance's parameter as one more
                            // nondet value of the spawning call.
                            if let Some(p) = self.prog.thread(s2.thread(t).entry).param {
                                nondet.push((p, t.0));
                            }
                        }
                        let d = sched::decision::primitive(&s2, &rv, exit_text.is_some());
                        let text = match exit_text {
                            Some(x) => format!("{}; {x}", rv.label),
                            None => rv.label.clone(),
                        };
                        let label = Label {
                            step: Some((entry, inst, number, eid)),
                            action: a,
                            nondet,
                            sched: Some((d, text)),
                        };
                        outcomes.push((locs, s2, label));
                    }
                }
                None => {
                    let mut a = Action::default();
                    match &e.op {
                        Op::Assign(v, x) => a.assign(
                            self.key(*v, inst),
                            Rhs::Expr(self.binder.specialise(st, r, x), inst),
                        ),
                        Op::Nondet(v) => a.assign(self.key(*v, inst), Rhs::Havoc),
                        Op::Assume(c) => {
                            // tracked variables are exact: an assume they falsify is infeasible
                            if self.binder.decide(st, r, c) == Some(false) {
                                continue;
                            }
                            a.assumes.push((self.binder.specialise(st, r, c), inst))
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
                            match self.block(
                                n,
                                bkey,
                                UnknownReason::classify(se.to_string()),
                                Some(e.loc),
                            ) {
                                Blocked::Stop(f) => return Ok(Some(f)),
                                Blocked::Known => continue,
                            }
                        }
                    };
                    let (s2, exit_text) = match self.exit_check(s1, r, e.to, cfg.exit)? {
                        Ok(s) => s,
                        Err(why) => {
                            match self.block(n, bkey, UnknownReason::classify(why), Some(e.loc)) {
                                Blocked::Stop(f) => return Ok(Some(f)),
                                Blocked::Known => continue,
                            }
                        }
                    };
                    let mut locs = node.locs.clone();
                    locs[r.index()] = e.to;
                    let label = Label {
                        step: Some((entry, inst, number, eid)),
                        action: a,
                        nondet: step_nondet(self),
                        sched: exit_text.map(|x| (sched::decision::finish(&s2), x)),
                    };
                    outcomes.push((locs, s2, label));
                }
            }
            for (locs, s2, label) in outcomes {
                // the running thread, and the instances whose locals the step writes (spawn)
                // or reads (a join's exit value)
                let mut exact = vec![inst];
                for ((_, j), rhs) in &label.action.assigns {
                    let read = match rhs {
                        Rhs::Expr(_, c) => Some(*c),
                        _ => None,
                    };
                    for j in std::iter::once(*j).chain(read) {
                        if j != GLOBAL && !exact.contains(&j) {
                            exact.push(j);
                        }
                    }
                }
                if let Some(regions) =
                    self.post(&node.regions, &node.locs, &locs, &label.action, &exact)?
                {
                    succ.push(Succ {
                        locs,
                        sched: s2,
                        regions,
                        label,
                        scheduled: false,
                    });
                }
            }
        }
        Ok(None)
    }

    /// The thread reaching its CFG exit finishes (`thread_exit`); the second component is the
    /// trace text when it did.
    #[allow(clippy::type_complexity)]
    pub(super) fn exit_check(
        &self,
        s: SchedState,
        r: ThreadInstance,
        to: LocId,
        exit: LocId,
    ) -> Res<Result<(SchedState, Option<String>), String>> {
        if to == exit && s.thread(r).status == sched::ThreadStatus::Running {
            let text = sched::replay::exit_text(&s, r);
            return Ok(sched::thread_exit(self.spec, &s, r)
                .map(|s| (s, Some(text)))
                .map_err(|e| e.to_string()));
        }
        Ok(Ok((s, None)))
    }

    /// What expanding node `n` does when `key` (a scheduler error, an unsupported construct)
    /// blocks it: stop with a blocker, or go on without that step when the blocker is already
    /// known feasible (the node is just not expanded there). A location other than the default
    /// is appended to the reason as its line.
    pub(super) fn block(
        &mut self,
        n: usize,
        key: BlockKey,
        reason: UnknownReason,
        loc: Option<Loc>,
    ) -> Blocked {
        if self.feasible_blockers.contains_key(&key) {
            return Blocked::Known;
        }
        let reason = match loc {
            Some(l) if l != Loc::default() => reason.with_suffix(&format!(" (line {})", l.line)),
            _ => reason,
        };
        Blocked::Stop(Found::Blocker { n, key, reason })
    }
}

/// The answer of [`Esst::block`].
pub(super) enum Blocked {
    /// Expansion stops: report this blocker.
    Stop(Found),
    /// The blocker is known feasible: the step is left out, expansion goes on.
    Known,
}

impl Blocked {
    /// The blocker to report, if any (for sites that end the node's expansion either way).
    fn found(self) -> Option<Found> {
        match self {
            Blocked::Stop(f) => Some(f),
            Blocked::Known => None,
        }
    }
}
