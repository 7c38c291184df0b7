//! Replay of an ESST counterexample on the concrete interpreter extended with the scheduler.
//!
//! [`replay`] re-executes a counterexample from the initial scheduler state and the initial
//! variable values, independently of the engine's abstraction and of its binder: primitive
//! calls are bound with the *concrete* values of their arguments and run by [`sexec`], every
//! scheduler step of the trace (`Step::Sched`) must be one of the outcomes the policy allows
//! at that point ([`sched`] when no thread runs, [`preempt`] at a preemption point, a thread
//! finishing at its exit, a blocking primitive), identified by its decision
//! ([`super::decision`], compared by value; the step's text is never compared), and every edge
//! step must be taken by the thread the scheduler is running. Values the engine reports for
//! a primitive's result and cells must equal the ones `sexec` computes; nondeterministic values
//! (inputs, external calls) are taken from the trace as in [`interp::replay`]. Operations that
//! are not primitives run through the interpreter's one-edge step [`interp::exec_op`].
//!
//! Several scheduler outcomes can carry the same decision (they differ in what the decision
//! does not record, e.g. which waiter a primitive woke); the replay then follows all of them
//! (a small set of *worlds*) and succeeds when one of them reaches the violation. The replayed
//! trace shows the texts of the replay's own outcomes.
//!
//! [`replay_weak`] replays a weak-memory counterexample (`--mm tso|pso`) the same way with
//! explicit store buffers ([`super::storebuf`]): plain stores of globals outside atomic sections
//! are buffered, loads forward from the thread's own buffer, the trace's flush steps make
//! stores visible, and barriers (`engine::pobmc::barrier`: fences, writing atomic sections,
//! primitives, a thread's exit) fail the replay while the stores they order are still buffered;
//! a store-store fence (PSO) is recorded in the buffer and orders the flushes.
//! The engine's values of every edge step must equal the replayed ones.

use crate::ir::interp::{self, ReplayError, ReplaySemantics, ReplayedStep, StepError};
use crate::ir::interp::{Env, ReplayedTrace};
use crate::ir::{EdgeId, Expr, LocId, Op, Program, Scope, ThreadId, Var, VarId};
use crate::verdict::{Counterexample, SchedDecision, Step, Violation};

use super::bind::{bind_with, PrimitiveCall};
use super::decision;
use super::policy::{initial, is_preemption_point_edge, preempt, sched, thread_exit};
use super::sexec::{sexec, CopyDir, ReturnValue};
use super::spec::SchedulerSpec;
use super::state::{running, SchedState, ThreadInstance, ThreadStatus};
use super::storebuf::StoreBuffers;
use crate::engine::pobmc::barrier::{is_store_store_fence, section, section_barrier, Barrier};
use crate::engine::pobmc::MemoryModel;

/// At most this many worlds are followed at once.
const MAX_WORLDS: usize = 256;

#[derive(Clone)]
struct World {
    sst: SchedState,
    globals: Vec<Option<i128>>,
    /// Per thread instance (index of the scheduler state): its locals.
    locals: Vec<Vec<Option<i128>>>,
    pcs: Vec<LocId>,
    /// The scheduler step the previous edge step must be followed by (a primitive's outcome,
    /// the thread finishing): its decision and text.
    pending: Option<(SchedDecision, String)>,
    reached_error: bool,
    /// The first counterexample step (1-based) that overflows a signed integer; `Some(0)`
    /// while the step being replayed does (the main loop fills in its number).
    signed_overflow: Option<usize>,
    out: Vec<ReplayedStep>,
    /// Queue slot contents: (queue index, slot) -> the item copied in.
    qslots: std::collections::BTreeMap<(u8, u16), i128>,
    /// Weak memory: the stores not yet visible (empty under SC).
    bufs: StoreBuffers,
}

struct View<'a> {
    prog: &'a Program,
    w: &'a World,
    t: usize,
}

impl Env for View<'_> {
    fn vars(&self) -> &[Var] {
        &self.prog.vars
    }
    fn get(&self, v: VarId) -> Option<i128> {
        match self.prog.var(v).scope {
            Scope::Global => self
                .w
                .bufs
                .forward(self.t, v)
                .or_else(|| self.w.globals.get(v.0 as usize).copied().flatten()),
            Scope::Local(_) => self
                .w
                .locals
                .get(self.t)
                .and_then(|l| l.get(v.0 as usize).copied().flatten()),
        }
    }
}

struct Ctx<'a> {
    prog: &'a Program,
    spec: &'a SchedulerSpec,
    sem: ReplaySemantics,
    /// The memory model: SC, or store buffers under TSO/PSO.
    mm: MemoryModel,
}

impl<'a> Ctx<'a> {
    fn fresh_locals(&self) -> Vec<Option<i128>> {
        self.prog
            .vars
            .iter()
            .map(|v| match v.scope {
                Scope::Local(_) => v.init,
                Scope::Global => None,
            })
            .collect()
    }

    fn get(&self, w: &World, t: usize, v: VarId) -> Option<i128> {
        View {
            prog: self.prog,
            w,
            t,
        }
        .get(v)
    }

    fn write(&self, w: &mut World, t: usize, v: VarId, val: i128) {
        let val = self.store(v, val);
        match self.prog.var(v).scope {
            Scope::Global => w.globals[v.0 as usize] = Some(val),
            Scope::Local(_) => {
                if let Some(l) = w.locals.get_mut(t) {
                    l[v.0 as usize] = Some(val);
                }
            }
        }
    }

    fn store(&self, v: VarId, val: i128) -> i128 {
        interp::store_value(self.prog, v, val, self.sem)
    }

    fn eval(&self, w: &World, t: usize, e: &Expr) -> Result<i128, ReplayError> {
        let view = View {
            prog: self.prog,
            w,
            t,
        };
        interp::eval(e, &view, self.sem)
            .map_err(|err| StepError::from(err).into_replay(self.prog, 0, EdgeId(0), ""))
    }

    /// Puts instance `t` at its entry with fresh locals (spawn, interrupt restart).
    fn start(&self, w: &mut World, t: ThreadInstance) {
        let i = t.index();
        if w.pcs.len() <= i {
            w.pcs.resize(i + 1, LocId(0));
        }
        if w.locals.len() <= i {
            w.locals.resize(i + 1, Vec::new());
        }
        let entry = w.sst.thread(t).entry;
        w.pcs[i] = self.prog.thread(entry).entry;
        w.locals[i] = self.fresh_locals();
    }

    /// The thread finishing when it reaches its exit while running: the trace text.
    fn exit_check(&self, w: &mut World, t: ThreadInstance) -> Result<Option<String>, String> {
        let entry = w.sst.thread(t).entry;
        if w.pcs[t.index()] == self.prog.thread(entry).exit
            && w.sst.thread(t).status == ThreadStatus::Running
        {
            // a thread's exit is a barrier
            self.barrier(w, t, &Barrier::Full)?;
            let text = exit_text(&w.sst, t);
            w.sst = thread_exit(self.spec, &w.sst, t).map_err(|e| e.to_string())?;
            return Ok(Some(text));
        }
        Ok(None)
    }

    /// Weak memory: fails when a store `barrier` orders is still in `t`'s buffer.
    fn barrier(&self, w: &World, t: ThreadInstance, barrier: &Barrier) -> Result<(), String> {
        let name = |v: VarId| self.prog.var(v).name.clone();
        w.bufs
            .check(t.index(), barrier, &name)
            .map_err(|m| format!("{}: {m}", w.sst.thread_name(t)))
    }

    /// The barrier of an edge of thread instance `t` that binds to a scheduler primitive.
    fn primitive_barrier(&self, w: &World, t: ThreadInstance, edge: EdgeId) -> Barrier {
        let cfg = self.prog.thread(w.sst.thread(t).entry);
        match &cfg.edge(edge).op {
            Op::AtomicEnd => Barrier::None,
            Op::Call { func, .. } if func == "__VERIFIER_atomic_end" => Barrier::None,
            Op::AtomicBegin => section_barrier(self.mm, &section(self.prog, cfg, edge)),
            Op::Call { func, .. } if func == "__VERIFIER_atomic_begin" => {
                section_barrier(self.mm, &section(self.prog, cfg, edge))
            }
            _ => Barrier::Full,
        }
    }

    /// Weak memory: the worlds after flush step `step` (a `Step::Flush`).
    fn flush_step(&self, w: &World, step: &Step) -> Result<World, String> {
        let Step::Flush {
            thread,
            instance,
            var,
        } = step
        else {
            return Err("not a flush".into());
        };
        if self.mm == MemoryModel::Sc {
            return Err("a store-buffer flush in a sequentially consistent replay".into());
        }
        if var.0 as usize >= self.prog.vars.len() || self.prog.var(*var).scope != Scope::Global {
            return Err(format!("a flush of variable {} (not a global)", var.0));
        }
        let Some((t, _)) = w
            .sst
            .instances()
            .find(|(t, i)| i.entry == *thread && w.sst.instance_number(*t) == *instance)
        else {
            return Err(format!("thread {} #{instance} was never created", thread.0));
        };
        let mut w2 = w.clone();
        if let Some((_, p)) = w2.pending.take() {
            w2.out.push(ReplayedStep::Sched(p));
        }
        let val = w2.bufs.flush(self.mm, t.index(), *var).map_err(|m| {
            format!(
                "{}: {m} (`{}`)",
                w.sst.thread_name(t),
                self.prog.var(*var).name
            )
        })?;
        w2.globals[var.0 as usize] = Some(val);
        w2.out.push(ReplayedStep::Memory {
            thread: *thread,
            instance: *instance,
            var: *var,
            value: val,
            visible: true,
        });
        Ok(w2)
    }

    /// The value of the global cell at address `key` (the first cell of a SystemC signal is
    /// its current value), if known.
    fn cell_value(&self, w: &World, key: i128) -> Option<i128> {
        let o = self
            .prog
            .objects
            .iter()
            .find(|o| o.base as i128 <= key && key < (o.base + o.size) as i128)?;
        let off = (key - o.base as i128) as u64;
        let v = o.cells.iter().find(|(c, _)| *c == off)?.1;
        match self.prog.var(v).scope {
            Scope::Global => w.globals.get(v.0 as usize).copied().flatten(),
            Scope::Local(_) => None,
        }
    }

    /// The worlds after the scheduler step with decision `want` (not a primitive's outcome
    /// after its edge); `text`, the trace's, only for messages.
    fn sched_step(
        &self,
        w: &World,
        want: &SchedDecision,
        text: &str,
    ) -> Result<Vec<World>, String> {
        let mut out = Vec::new();
        // the trace shows the values an update phase commits (the scheduler does not know them)
        let shown = |text: &str| {
            super::systemc::with_update_values(&w.sst, text, &|key| self.cell_value(w, key))
        };
        let push_restart =
            |out: &mut Vec<World>, s2: SchedState, ev: &super::policy::SchedEvent| {
                let shown = shown(&ev.text);
                let mut w2 = w.clone();
                w2.sst = s2;
                if let Some(isr) = ev.restart() {
                    self.start(&mut w2, isr);
                    let entry = w2.sst.thread(isr).entry;
                    let cfg = self.prog.thread(entry);
                    for (v, p) in [(ev.param, cfg.param), (ev.param2, cfg.param2)] {
                        if let (Some(v), Some(p)) = (v, p) {
                            let v = self.store(p, v);
                            self.write(&mut w2, isr.index(), p, v);
                        }
                    }
                }
                w2.out.push(ReplayedStep::Sched(shown));
                out.push(w2);
            };
        let Some(r) = running(&w.sst) else {
            let outs = sched(self.spec, &w.sst).map_err(|e| e.to_string())?;
            for (s2, ev) in outs {
                if decision::policy(&s2, &ev) == *want {
                    push_restart(&mut out, s2, &ev);
                }
            }
            if out.is_empty() {
                return Err(format!(
                    "no thread runs and the scheduler cannot do `{text}` (state {})",
                    w.sst
                ));
            }
            return Ok(out);
        };
        let entry = w.sst.thread(r).entry;
        let cfg = self.prog.thread(entry);
        let pc = w.pcs[r.index()];
        if pc == cfg.exit {
            // (a thread still running at its exit, e.g. after yielding on its last edge)
            let s2 = thread_exit(self.spec, &w.sst, r).map_err(|e| e.to_string())?;
            if decision::exit(&s2) == *want {
                let mut w2 = w.clone();
                w2.sst = s2;
                w2.out
                    .push(ReplayedStep::Sched(shown(&exit_step_text(&w.sst, r))));
                out.push(w2);
            }
        } else {
            if cfg
                .out_edges(pc)
                .any(|(_, e)| is_preemption_point_edge(self.spec, &w.sst, e, cfg.exit, self.prog))
            {
                let outs = preempt(self.spec, &w.sst).map_err(|e| e.to_string())?;
                for (s2, ev) in outs.into_iter().skip(1) {
                    if decision::policy(&s2, &ev) == *want {
                        push_restart(&mut out, s2, &ev);
                    }
                }
            }
            // a blocking primitive: the thread stays before the call
            for (_, e) in cfg.out_edges(pc) {
                let lookup = |v: VarId| self.get(w, r.index(), v);
                if let Ok(Some(call)) = bind_with(self.spec, &e.op, self.prog, &lookup, &|_| false)
                {
                    if let Ok(outs) = sexec(self.spec, &w.sst, &call) {
                        for (rv, s2) in outs {
                            if !rv.advance && decision::primitive(&s2, &rv, false) == *want {
                                let mut w2 = w.clone();
                                w2.sst = s2;
                                w2.out.push(ReplayedStep::Sched(shown(&rv.label)));
                                out.push(w2);
                            }
                        }
                    }
                }
            }
        }
        if out.is_empty() {
            return Err(format!(
                "the scheduler cannot do `{text}` while {} is at location {} (state {})",
                w.sst.thread_name(r),
                pc.0,
                w.sst
            ));
        }
        Ok(out)
    }

    /// The worlds in which the thread of edge step `step` runs, reached from `w` by taking the
    /// pending primitive outcome and at most one scheduler decision (see [`replay_scheduled`]).
    fn fill_schedule(&self, w: &World, step: &Step) -> Result<Vec<World>, String> {
        let Step::Edge {
            thread, instance, ..
        } = step
        else {
            return Ok(Vec::new());
        };
        let mut w = w.clone();
        if let Some((_, p)) = w.pending.take() {
            w.out.push(ReplayedStep::Sched(p));
        }
        let Some((t, _)) = w
            .sst
            .instances()
            .find(|(t, i)| i.entry == *thread && w.sst.instance_number(*t) == *instance)
        else {
            return Err(format!("thread {} #{instance} was never created", thread.0));
        };
        if running(&w.sst) == Some(t) {
            return Ok(vec![w]);
        }
        let outs = match running(&w.sst) {
            None => sched(self.spec, &w.sst).map_err(|e| e.to_string())?,
            Some(r) => {
                let entry = w.sst.thread(r).entry;
                let cfg = self.prog.thread(entry);
                let pc = w.pcs[r.index()];
                if !cfg.out_edges(pc).any(|(_, e)| {
                    is_preemption_point_edge(self.spec, &w.sst, e, cfg.exit, self.prog)
                }) {
                    return Err(format!(
                        "{} must run but {} is not at a preemption point",
                        w.sst.thread_name(t),
                        w.sst.thread_name(r)
                    ));
                }
                preempt(self.spec, &w.sst)
                    .map_err(|e| e.to_string())?
                    .into_iter()
                    .skip(1)
                    .collect()
            }
        };
        let mut res = Vec::new();
        for (s2, ev) in outs {
            if running(&s2) == Some(t) && ev.restart().is_none() {
                let mut w2 = w.clone();
                w2.sst = s2;
                let shown = super::systemc::with_update_values(&w.sst, &ev.text, &|key| {
                    self.cell_value(&w, key)
                });
                w2.out.push(ReplayedStep::Sched(shown));
                res.push(w2);
            }
        }
        if res.is_empty() {
            return Err(format!(
                "the scheduler cannot switch to {} (state {})",
                w.sst.thread_name(t),
                w.sst
            ));
        }
        Ok(res)
    }

    /// The worlds after edge step `step` (an `Step::Edge`): checks that the step's thread, instance
    /// and edge exist and that the scheduler runs that instance at the edge's source, then takes
    /// it as a scheduler primitive ([`Self::primitive_step`]) or a plain operation
    /// ([`Self::plain_step`]).
    fn edge_step(&self, w: &World, step: &Step) -> Result<Vec<World>, ReplayError> {
        let Step::Edge {
            thread,
            instance,
            edge,
            nondet,
            ..
        } = step
        else {
            return Ok(Vec::new());
        };
        let bad = infeasible;
        if thread.0 as usize >= self.prog.threads.len() {
            return Err(bad(format!("no thread {}", thread.0)));
        }
        let cfg = self.prog.thread(*thread);
        if edge.0 as usize >= cfg.edges.len() {
            return Err(bad(format!("no edge {} in thread {}", edge.0, cfg.name)));
        }
        let Some((t, _)) = w
            .sst
            .instances()
            .find(|(t, i)| i.entry == *thread && w.sst.instance_number(*t) == *instance)
        else {
            return Err(bad(format!("{} #{instance} was never created", cfg.name)));
        };
        if running(&w.sst) != Some(t) {
            return Err(bad(format!(
                "{} takes a step but the scheduler runs {} (state {})",
                w.sst.thread_name(t),
                running(&w.sst).map_or("no thread".into(), |r| w.sst.thread_name(r)),
                w.sst
            )));
        }
        let ti = t.index();
        let e = cfg.edge(*edge);
        if e.from != w.pcs[ti] {
            return Err(bad(format!(
                "edge {} of {} starts at location {}, but the thread is at location {}",
                edge.0, cfg.name, e.from.0, w.pcs[ti].0
            )));
        }
        let lookup = |v: VarId| self.get(w, ti, v);
        let call = bind_with(self.spec, &e.op, self.prog, &lookup, &|_| false)
            .map_err(|be| bad(format!("the primitive does not bind concretely: {be}")))?;
        let at = EdgeAt {
            thread,
            instance,
            edge,
            nondet,
            t,
        };
        if let Some(call) = call {
            return self.primitive_step(w, at, &call);
        }
        self.plain_step(w, step, at)
    }

    /// The worlds after edge step `at` (checked by [`Self::edge_step`]) whose operation is the
    /// scheduler primitive `call`: one per outcome of [`sexec`] that completes
    /// the call and agrees with the trace's values.
    fn primitive_step(
        &self,
        w: &World,
        at: EdgeAt,
        call: &PrimitiveCall,
    ) -> Result<Vec<World>, ReplayError> {
        let EdgeAt {
            thread,
            instance,
            edge,
            nondet,
            t,
        } = at;
        let bad = infeasible;
        let cfg = self.prog.thread(*thread);
        let ti = t.index();
        let e = cfg.edge(*edge);
        let take = |nd: &mut dyn Iterator<Item = i128>, v: VarId| {
            interp::take_nondet(self.prog, v, nd)
                .map_err(|x| x.into_replay(self.prog, 0, *edge, &cfg.name))
        };
        let mut out = Vec::new();
        if self.mm != MemoryModel::Sc {
            self.barrier(w, t, &self.primitive_barrier(w, t, *edge))
                .map_err(bad)?;
        }
        let outs = sexec(self.spec, &w.sst, call).map_err(|se| bad(se.to_string()))?;
        let (ret, may_write) = match &e.op {
            Op::Call { ret, may_write, .. } => (*ret, may_write.clone()),
            _ => (None, Vec::new()),
        };
        for (rv, s2) in outs {
            if !rv.advance {
                continue;
            }
            let mut w2 = w.clone();
            w2.sst = s2;
            let mut copied = self.queue_copy(w, &mut w2, ti, &call.func, &rv)?;
            copied.extend(self.exit_copy(w, &mut w2, ti, &call.func, &rv)?);
            let mut nd = nondet.iter().copied();
            let mut assigned = Vec::new();
            let mut ok = true;
            if let Some(v) = ret {
                let given = take(&mut nd, v)?;
                let val = match rv.ret {
                    Some(c) => {
                        let c = self.store(v, c);
                        ok &= c == given;
                        c
                    }
                    None => given,
                };
                self.write(&mut w2, ti, v, val);
                assigned.push((v, val));
            }
            for (v, c) in &rv.writes {
                self.write(&mut w2, ti, *v, *c);
            }
            for v in &may_write {
                let given = take(&mut nd, *v)?;
                match self.get(&w2, ti, *v) {
                    Some(cur) => ok &= cur == given,
                    None => self.write(&mut w2, ti, *v, given),
                }
                if let Some(cur) = self.get(&w2, ti, *v) {
                    assigned.push((*v, cur));
                }
            }
            for (c, v) in copied {
                // The received item shows in the trace as a write of the buffer.
                if !assigned.iter().any(|(x, _)| *x == c) {
                    assigned.push((c, v));
                }
            }
            if !ok {
                continue;
            }
            for nt in [rv.spawned, rv.restart].into_iter().flatten() {
                self.start(&mut w2, nt);
            }
            if let Some(nt) = rv.spawned {
                let ne = w2.sst.thread(nt).entry;
                if let (Some(p), Some(d)) = (self.prog.thread(ne).param, call.data_arg.as_ref()) {
                    let val = self.eval(w, ti, d)?;
                    let val = self.store(p, val);
                    if let Some(given) = nd.next() {
                        if self.store(p, given) != val {
                            continue;
                        }
                    }
                    self.write(&mut w2, nt.index(), p, val);
                }
            }
            w2.pcs[ti] = e.to;
            let exit = self.exit_check(&mut w2, t).map_err(bad)?;
            let d = decision::primitive(&w2.sst, &rv, exit.is_some());
            w2.pending = Some(match exit {
                Some(x) => (d, format!("{}; {x}", rv.label)),
                None => (d, rv.label.clone()),
            });
            w2.out.push(ReplayedStep::Edge {
                thread: *thread,
                instance: *instance,
                edge: *edge,
                assigned,
            });
            out.push(w2);
        }
        if out.is_empty() {
            return Err(bad(format!(
                "{} cannot complete with the values of the trace",
                call.func
            )));
        }
        Ok(out)
    }

    /// The queue or stream-buffer copy of a primitive outcome `rv` of instance `ti` (`func` names
    /// the call in messages): the item's cells into the queue slots of `w2`, or the slots into
    /// the receiving cells; returns the received cells with their new values.
    fn queue_copy(
        &self,
        w: &World,
        w2: &mut World,
        ti: usize,
        func: &str,
        rv: &ReturnValue,
    ) -> Result<Vec<(VarId, i128)>, ReplayError> {
        let bad = infeasible;
        let mut copied: Vec<(VarId, i128)> = Vec::new();
        if let Some(cp) = rv.copy.as_ref().filter(|c| c.stream) {
            let addr = self.eval(w, ti, &cp.item)?;
            let plan = crate::sched::stream_buffer::byte_cells(self.prog, addr, cp.item_size)
                .map_err(|why| ReplayError::Unsupported {
                    step: 0,
                    construct: format!("stream buffer copies ({func}): {why}"),
                })?;
            let cap = w
                .sst
                .queues
                .get(cp.queue as usize)
                .map_or(1, |q| q.cap.max(1));
            for (i, &(cell, b)) in plan.iter().enumerate() {
                let slot = ((cp.slot as usize + i) % cap as usize) as u16;
                let ty = self.prog.var(cell).ty;
                match cp.dir {
                    CopyDir::IntoQueue => {
                        let val = self.get(w, ti, cell).ok_or_else(|| {
                            bad(format!(
                                "the data `{}` sent is uninitialised",
                                self.prog.var(cell).name
                            ))
                        })?;
                        let byte = crate::sched::stream_buffer::byte_of(ty, val, b);
                        w2.qslots.insert((cp.queue, slot), i128::from(byte));
                    }
                    CopyDir::OutOfQueue => {
                        let byte = *w2.qslots.get(&(cp.queue, slot)).ok_or_else(|| {
                            bad(format!("stream buffer byte {slot} was never written"))
                        })?;
                        let old = self.get(w2, ti, cell).unwrap_or(0);
                        let new = crate::sched::stream_buffer::with_byte(ty, old, b, byte as u8);
                        self.write(w2, ti, cell, new);
                        if let Some(v) = self.get(w2, ti, cell) {
                            copied.retain(|(c, _)| *c != cell);
                            copied.push((cell, v));
                        }
                    }
                }
            }
        } else if let Some(cp) = &rv.copy {
            let unsupported = |why: String| ReplayError::Unsupported {
                step: 0,
                construct: format!("queue item copies ({func}): {why}"),
            };
            let addr = self.eval(w, ti, &cp.item)?;
            let cell = crate::sched::queue_item_cell(self.prog, addr, cp.item_size)
                .map_err(unsupported)?;
            match cp.dir {
                CopyDir::IntoQueue => {
                    let val = self.get(w, ti, cell).ok_or_else(|| {
                        bad(format!(
                            "the item `{}` sent is uninitialised",
                            self.prog.var(cell).name
                        ))
                    })?;
                    w2.qslots.insert((cp.queue, cp.slot), val);
                }
                CopyDir::OutOfQueue => {
                    let val = *w
                        .qslots
                        .get(&(cp.queue, cp.slot))
                        .ok_or_else(|| bad(format!("queue slot {} was never filled", cp.slot)))?;
                    self.write(w2, ti, cell, val);
                    copied.extend(self.get(w2, ti, cell).map(|v| (cell, v)));
                }
            }
        }
        Ok(copied)
    }

    /// The exit-value copy of a completed join `rv` of instance `ti` (`sched::ExitCopy`): the
    /// joined instance's exit value into the cell the out-parameter points to; returns that cell
    /// with its new value.
    fn exit_copy(
        &self,
        w: &World,
        w2: &mut World,
        ti: usize,
        func: &str,
        rv: &ReturnValue,
    ) -> Result<Option<(VarId, i128)>, ReplayError> {
        let Some(ec) = &rv.exit_copy else {
            return Ok(None);
        };
        let unsupported = |why: String| ReplayError::Unsupported {
            step: 0,
            construct: format!("the exit value of {func}: {why}"),
        };
        let addr = self.eval(w, ti, &ec.into)?;
        let joined = w.sst.thread(ec.from).entry;
        let (src, dst) =
            crate::sched::exit_copy_cells(self.prog, joined, addr).map_err(unsupported)?;
        let val = self.get(w, ec.from.index(), src).ok_or_else(|| {
            unsupported(format!(
                "thread `{}` ended without an exit value (indeterminate)",
                self.prog.thread(joined).name
            ))
        })?;
        self.write(w2, ti, dst, val);
        Ok(self.get(w2, ti, dst).map(|v| (dst, v)))
    }

    /// The world after edge step `step`, checked by [`Self::edge_step`] as `at`, whose operation
    /// is not a scheduler primitive: the interpreter's one-edge step, with weak
    /// memory's buffered stores.
    fn plain_step(&self, w: &World, step: &Step, at: EdgeAt) -> Result<Vec<World>, ReplayError> {
        let EdgeAt {
            thread,
            instance,
            edge,
            nondet,
            t,
        } = at;
        let bad = infeasible;
        let cfg = self.prog.thread(*thread);
        let ti = t.index();
        let e = cfg.edge(*edge);
        let mut out = Vec::new();
        let view = View {
            prog: self.prog,
            w,
            t: ti,
        };
        // weak memory: the lowering's conditional write `v := c ? x : v` with `c` false stores
        // nothing (as partial-order BMC encodes it: `split_shared::keep_condition`)
        let kept = match &e.op {
            Op::Assign(v, x) if self.mm != MemoryModel::Sc => {
                crate::ir::split_shared::keep_condition(x, *v)
                    .map(|k| interp::eval(&k, &view, self.sem))
                    .transpose()
                    .map_err(|err| bad(format!("{err:?}")))?
                    .filter(|&k| k != 0)
                    .map(|_| *v)
            }
            _ => None,
        };
        let done = interp::exec_op(
            &e.op,
            self.prog,
            &view,
            self.sem,
            &mut nondet.iter().copied(),
        )
        .map_err(|x| x.into_replay(self.prog, 0, *edge, &cfg.name))?;
        let mut w2 = w.clone();
        w2.reached_error = done.error;
        if done.signed_overflow && w2.signed_overflow.is_none() {
            w2.signed_overflow = Some(0);
        }
        if self.mm == MemoryModel::Pso && is_store_store_fence(&e.op) {
            w2.bufs.store_store_fence(ti);
        }
        // weak memory: a plain store of a global outside an atomic section is buffered
        let in_atomic = w.sst.atomic.is_some_and(|(owner, _)| owner == t);
        let mut buffered = Vec::new();
        for &(v, val) in &done.assigned {
            if kept == Some(v) {
                continue;
            }
            if self.mm != MemoryModel::Sc && !in_atomic && self.prog.var(v).scope == Scope::Global {
                let val = self.store(v, val);
                w2.bufs.push(ti, v, val);
                buffered.push(ReplayedStep::Memory {
                    thread: *thread,
                    instance: *instance,
                    var: v,
                    value: val,
                    visible: false,
                });
            } else {
                self.write(&mut w2, ti, v, val);
            }
        }
        if self.mm != MemoryModel::Sc {
            // the engine's values are the replayed ones
            if let Step::Edge {
                assigned: given, ..
            } = step
            {
                for (v, val) in given {
                    let mine = done.assigned.iter().rev().find(|(x, _)| x == v);
                    if let Some(&(_, mine)) = mine {
                        if self.store(*v, *val) != mine {
                            return Err(bad(format!(
                                "`{}` is {mine} in the replay, {val} in the engine's trace",
                                self.prog.var(*v).name
                            )));
                        }
                    }
                }
            }
        }
        let assigned = done.assigned;
        w2.pcs[ti] = e.to;
        w2.pending = self
            .exit_check(&mut w2, t)
            .map_err(bad)?
            .map(|x| (decision::finish(&w2.sst), x));
        w2.out.push(ReplayedStep::Edge {
            thread: *thread,
            instance: *instance,
            edge: *edge,
            assigned,
        });
        w2.out.extend(buffered);
        out.push(w2);
        Ok(out)
    }
}

/// An edge step of the trace, checked by [`Ctx::edge_step`]: instance `t` of `thread` takes
/// `edge` with the trace's nondeterministic values `nondet`.
#[derive(Clone, Copy)]
struct EdgeAt<'s> {
    thread: &'s ThreadId,
    instance: &'s u32,
    edge: &'s EdgeId,
    nondet: &'s [i128],
    t: ThreadInstance,
}

/// A replay step that cannot happen as the trace says.
fn infeasible(message: String) -> ReplayError {
    ReplayError::Infeasible { step: 0, message }
}

/// The trace text of running instance `t`, already at its exit, finishing.
pub fn exit_step_text(st: &SchedState, t: ThreadInstance) -> String {
    format!("{} exits", st.thread_name(t))
}

/// The trace text of instance `t` finishing at its exit.
pub fn exit_text(st: &SchedState, t: ThreadInstance) -> String {
    if st.thread(t).sc.method {
        return format!("method {} returns", st.thread_name(t));
    }
    format!("{} finishes", st.thread_name(t))
}

fn with_step(e: ReplayError, n: usize) -> ReplayError {
    match e {
        ReplayError::Infeasible { message, .. } => ReplayError::Infeasible { step: n, message },
        ReplayError::Unsupported { construct, .. } => {
            ReplayError::Unsupported { step: n, construct }
        }
    }
}

/// Replays an ESST counterexample with the scheduler `spec` (see the module doc). Only
/// property violations (`reach_error`, failed assertions) are ESST counterexamples.
pub fn replay(
    prog: &Program,
    spec: &SchedulerSpec,
    cex: &Counterexample,
    sem: ReplaySemantics,
) -> Result<ReplayedTrace, ReplayError> {
    replay_impl(prog, spec, cex, sem, false, MemoryModel::Sc)
}

/// Replays a counterexample that lists only edge steps (partial-order BMC): before each edge,
/// a pending primitive outcome is taken as reported by `sexec`, and when the edge's thread is
/// not the running one, the scheduler step that makes it run is inserted — a switch the
/// policy allows at that point ([`sched`] when no thread runs, [`preempt`] when the running
/// thread is at a preemption point). Every value is checked as in [`replay`]; the replayed
/// trace shows the inserted scheduler steps.
pub fn replay_scheduled(
    prog: &Program,
    spec: &SchedulerSpec,
    cex: &Counterexample,
    sem: ReplaySemantics,
) -> Result<ReplayedTrace, ReplayError> {
    replay_impl(prog, spec, cex, sem, true, MemoryModel::Sc)
}

/// Replays a weak-memory counterexample of partial-order BMC (`--mm tso|pso`): as
/// [`replay_scheduled`], with store buffers (see the module doc). Under `MemoryModel::Sc` it
/// is [`replay_scheduled`].
pub fn replay_weak(
    prog: &Program,
    spec: &SchedulerSpec,
    cex: &Counterexample,
    sem: ReplaySemantics,
    mm: MemoryModel,
) -> Result<ReplayedTrace, ReplayError> {
    replay_impl(prog, spec, cex, sem, true, mm)
}

fn replay_impl(
    prog: &Program,
    spec: &SchedulerSpec,
    cex: &Counterexample,
    sem: ReplaySemantics,
    fill: bool,
    mm: MemoryModel,
) -> Result<ReplayedTrace, ReplayError> {
    let infeasible = |step: usize, message: String| ReplayError::Infeasible { step, message };
    if !matches!(cex.violation, Violation::Property { .. }) {
        return Err(infeasible(0, "not a property violation".into()));
    }
    let ctx = Ctx {
        prog,
        spec,
        sem,
        mm,
    };
    let mut sst = initial(spec, prog).map_err(|e| infeasible(0, e.to_string()))?;
    // a trace has as many threads as the engine allowed
    sst.max_threads = super::state::MAX_THREADS as u8;
    let mut w0 = World {
        globals: prog
            .vars
            .iter()
            .map(|v| match v.scope {
                Scope::Global => v.init,
                Scope::Local(_) => None,
            })
            .collect(),
        locals: Vec::new(),
        pcs: Vec::new(),
        sst,
        pending: None,
        reached_error: false,
        signed_overflow: None,
        out: Vec::new(),
        qslots: Default::default(),
        bufs: StoreBuffers::default(),
    };
    for (t, _) in w0.sst.clone().instances() {
        ctx.start(&mut w0, t);
    }
    let mut worlds = vec![w0];
    for (i, step) in cex.steps.iter().enumerate() {
        let n = i + 1;
        let mut next = Vec::new();
        let mut last_err = None;
        for w in &worlds {
            if w.reached_error {
                last_err = Some(infeasible(n, "step after the error was reached".into()));
                continue;
            }
            let r = match step {
                Step::Flush { .. } => ctx
                    .flush_step(w, step)
                    .map(|w2| vec![w2])
                    .map_err(|m| infeasible(n, m)),
                Step::Sched { decision, text } => match &w.pending {
                    Some((d, p)) if d == decision => {
                        let mut w2 = w.clone();
                        w2.out.push(ReplayedStep::Sched(p.clone()));
                        w2.pending = None;
                        Ok(vec![w2])
                    }
                    Some((_, p)) => Err(infeasible(
                        n,
                        format!("the primitive's outcome is `{p}`, the trace says `{text}`"),
                    )),
                    None => ctx
                        .sched_step(w, decision, text)
                        .map_err(|m| infeasible(n, m)),
                },
                Step::Edge { .. } if fill => ctx
                    .fill_schedule(w, step)
                    .map_err(|m| infeasible(n, m))
                    .and_then(|ws| {
                        let mut out = Vec::new();
                        let mut err = None;
                        for w2 in &ws {
                            match ctx.edge_step(w2, step) {
                                Ok(v) => out.extend(v),
                                Err(e) => err = Some(with_step(e, n)),
                            }
                        }
                        match (out.is_empty(), err) {
                            (true, Some(e)) => Err(e),
                            _ => Ok(out),
                        }
                    }),
                Step::Edge { .. } => match &w.pending {
                    Some((_, p)) => Err(infeasible(
                        n,
                        format!("the primitive's outcome `{p}` is missing from the trace"),
                    )),
                    None => ctx.edge_step(w, step).map_err(|e| with_step(e, n)),
                },
            };
            match r {
                Ok(v) => next.extend(v),
                Err(e @ ReplayError::Unsupported { .. }) => return Err(e),
                Err(e) => last_err = Some(e),
            }
        }
        if next.is_empty() {
            return Err(last_err.unwrap_or_else(|| infeasible(n, "no world left".into())));
        }
        next.truncate(MAX_WORLDS);
        for w in &mut next {
            if w.signed_overflow == Some(0) {
                w.signed_overflow = Some(n);
            }
        }
        worlds = next;
    }
    let n = cex.steps.len();
    match worlds.into_iter().find(|w| w.reached_error) {
        Some(w) => Ok(ReplayedTrace {
            steps: w.out,
            signed_overflow: w.signed_overflow,
        }),
        None => Err(infeasible(
            n,
            "the path ends without reaching an error edge".into(),
        )),
    }
}
