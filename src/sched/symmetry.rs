//! Thread symmetry of the scheduler model: when permuting thread instances of the same entry
//! function maps the model's transition relation onto itself, and what a permutation does to
//! a scheduler state. The one definition the ESST engine (covers up to permutation,
//! `engine::esst::symmetry`) and the proof checker (`check::esst`) share, like
//! `Binder::restarted`.
//!
//! # When the model is symmetric
//! Instance `i` of entry `f` runs `f`'s CFG over its own copy of `f`'s locals; nothing in the
//! data semantics depends on the index `i` itself except *thread handles*: the values
//! `pthread_create` writes (`SchedState::handle(Thread, i)`) and `pthread_self` returns. A
//! permutation π of the instances (fixing `main`, instance 0, and mapping each instance to one
//! of the same entry) is a symmetry of the model when
//! - the scheduler description is the built-in POSIX-threads one (fully preemptive, no
//!   interrupt handlers: any enabled thread may run at every preemption point, so the set of
//!   scheduler choices is the same up to π);
//! - no thread asks for its own identity (`pthread_self`, `thrd_current`: no `current-thread`
//!   primitive is called);
//! - handle values only move: every variable that may hold a thread handle (the cells a spawn
//!   writes its handle to, closed under assignments that read them; [`Symmetry::is_handle_var`])
//!   is read only by plain copies into such variables (`x = t[k]`, casts, selections `c ? t0 :
//!   t1` whose conditions do not read handles) and by primitive arguments at the object / handle
//!   position (`pthread_join(t[k])`, resolved by the binder); never compared, computed with,
//!   passed as a thread's argument or to an external function.
//!
//! Then π acts on a state by moving instance `i`'s location, thread info, locals and recorded
//! bindings to `π(i)` and renaming every reference to an instance: join targets, mutex owners,
//! the atomic-section holder, the owners of bindings and the thread-handle values of bindings of
//! handle variables ([`Symmetry::permute`]). Data regions are renamed by the user (they hold
//! predicates over `(variable, instance)` constants); a region that mentions a handle variable
//! cannot be renamed (its values would need renaming) and must be refused.
//!
//! # Handle arrays joined in a loop are not covered as sets
//! Handle values are renamed with the instances, the slots holding them are not permuted:
//! `for (i..) pthread_join(t[i], 0)` joins the slots in order, so exchanging workers together
//! with their slots is no symmetry (examples/pthread/join_order_bug.c). Comparing such states
//! with the array read as the set of its unfinished threads (and `main`'s place in the join
//! loop forgotten) was tried in session 15 and is unsound as a cover relation: the states it
//! relates simulate each other only with stuttering (the `main` that is behind must first run
//! its loop), and a cover of a node by its own ancestor through those stutter steps (`main`
//! past the loop's condition covered by `main` at the loop head, where the scheduler offers no
//! preemption) cut off every interleaving of the workers while `main` joins:
//! examples/pthread/symmetric_ids_bug.c became a wrong SUCCESSFUL, in the engine and in the
//! proof checker alike. A sound route needs the join loop as one transition ("wait until all
//! of these have finished") in the engine and the checker, or a well-founded measure on the
//! stutter steps.
//!
//! [`Symmetry::canonical`] gives a permutation that sorts the instances of each entry by a
//! fingerprint of their control state (location, thread info, owned bindings); two states that
//! are permutations of each other usually get the same canonical image (ties between instances
//! with equal fingerprints may make them differ, which only loses a cover).

use super::spec::{Action, Policy, SchedulerSpec};
use super::state::{BlockOn, HandleKind, SchedState, ThreadInstance, ThreadStatus};
use crate::ir::{CallArg, Expr, LocId, Op, Program, VarId};
use std::collections::BTreeSet;

/// The symmetry of a program's model (see the module doc); `None` from [`Symmetry::new`] when
/// the model is not symmetric.
#[derive(Clone, Debug)]
pub struct Symmetry {
    handles: BTreeSet<VarId>,
    /// Handle variables no operation reads in a branch it may take (written by spawns only,
    /// e.g. `pthread_create(&t, ..)` in a loop without joins; named only by the dead branches
    /// of a dereference, `sched::addr_flow`): their values never matter, so
    /// [`Symmetry::permute`] drops their bindings (states differing only there are bisimilar).
    unread: BTreeSet<VarId>,
}

/// A permutation of thread instances: `perm[i]` is the new index of instance `i`.
pub type Perm = Vec<u8>;

fn mentions(e: &Expr, set: &BTreeSet<VarId>) -> bool {
    let mut any = false;
    e.for_each_var(&mut |v| any |= set.contains(&v));
    any
}

/// A plain copy of handle values: a handle variable, a cast of one, a constant, or a selection
/// whose condition reads no handle.
fn is_copy(e: &Expr, set: &BTreeSet<VarId>) -> bool {
    match e {
        Expr::Var(_) | Expr::Const(..) => true,
        Expr::Cast(_, a) => is_copy(a, set),
        Expr::Ite(c, a, b) => !mentions(c, set) && is_copy(a, set) && is_copy(b, set),
        _ => false,
    }
}

impl Symmetry {
    /// The symmetry of `prog` under `spec`, or `None` when permuting same-entry instances is
    /// not known to be a symmetry of the model.
    pub fn new(spec: &SchedulerSpec, prog: &Program) -> Option<Symmetry> {
        Symmetry::check(spec, prog).ok()
    }

    /// [`Symmetry::new`] with the reason when the model is not known to be symmetric.
    pub fn check(spec: &SchedulerSpec, prog: &Program) -> Result<Symmetry, String> {
        if spec.name != "pthread"
            || spec.policy != Policy::FullyPreemptive
            || !spec.interrupt_handlers.is_empty()
        {
            return Err("not the POSIX-threads scheduler".into());
        }
        // the cells a spawn writes its handle to
        let mut handles: BTreeSet<VarId> = BTreeSet::new();
        for cfg in &prog.threads {
            for e in &cfg.edges {
                let Op::Call { func, args, .. } = &e.op else {
                    continue;
                };
                let Some(p) = spec.primitive(func) else {
                    continue;
                };
                match p.action {
                    Action::CurrentThread => {
                        return Err("a thread asks for its own identity".into())
                    }
                    Action::Spawn => {
                        if p.returns == super::spec::Returns::Handle {
                            return Err("a spawn returns a handle".into());
                        }
                        let Some(CallArg::Value(x)) = p.args.handle.and_then(|h| args.get(h))
                        else {
                            continue;
                        };
                        let cells = super::bind::pointee_cells(prog, x, &[]);
                        if cells.is_empty() {
                            return Err("a spawn's handle address is not resolved".into());
                        }
                        handles.extend(cells);
                    }
                    _ => {}
                }
            }
        }
        // closed under assignments that read them (in a branch they may take: a dereference
        // of `&ids[i]` is lowered to a selection that also names the handle array's cells)
        let flow = super::addr_flow::AddrFlow::new(prog, &|f| {
            spec.primitive(f)
                .filter(|p| p.action == Action::Spawn)
                .map(|p| (p.args.arg, p.args.entry))
        });
        let mentions = |e: &Expr, set: &BTreeSet<VarId>| flow.live_mentions(e, set);
        loop {
            let before = handles.len();
            for cfg in &prog.threads {
                for e in &cfg.edges {
                    if let Op::Assign(v, x) = &e.op {
                        if mentions(x, &handles) {
                            handles.insert(*v);
                        }
                    }
                }
            }
            if handles.len() == before {
                break;
            }
        }
        // handles only move
        for cfg in &prog.threads {
            if cfg.param.is_some_and(|p| handles.contains(&p))
                || cfg.param2.is_some_and(|p| handles.contains(&p))
                || cfg.ret.is_some_and(|r| handles.contains(&r))
            {
                return Err("a thread's parameter or result may hold a handle".into());
            }
            for e in &cfg.edges {
                let ok = match &e.op {
                    Op::Assign(_, x) => is_copy(x, &handles) || !mentions(x, &handles),
                    Op::Assume(c) => !mentions(c, &handles),
                    // an arbitrary value: the set of them is closed under renaming handles
                    Op::Nondet(_) => true,
                    Op::Call {
                        func,
                        args,
                        ret,
                        may_write,
                    } => {
                        let p = spec.primitive(func);
                        let allowed = |i: usize| {
                            p.is_some_and(|p| p.args.object == Some(i) || p.args.handle == Some(i))
                        };
                        let args_ok = args.iter().enumerate().all(|(i, a)| match a {
                            CallArg::Value(x) => allowed(i) || !mentions(x, &handles),
                            _ => true,
                        });
                        // an external's results are arbitrary values, not handles; a
                        // primitive writes handles only through the spawn's handle cell
                        let writes_ok = p.is_some()
                            || (ret.is_none_or(|r| !handles.contains(&r))
                                && may_write.iter().all(|w| !handles.contains(w)));
                        args_ok && writes_ok
                    }
                    // no variables
                    _ => true,
                };
                if !ok {
                    return Err(format!(
                        "a thread handle is read by something other than a copy or a primitive: {:?}",
                        e.op
                    ));
                }
            }
        }
        // read in a branch it may take: a dereference of a thread's argument `&ids[i]` is
        // lowered to a selection that also names the handle array's cells, in branches the
        // argument's value never selects (the same liveness as above)
        let mut exprs: Vec<&Expr> = Vec::new();
        for cfg in &prog.threads {
            for e in &cfg.edges {
                match &e.op {
                    Op::Assign(_, x) | Op::Assume(x) => exprs.push(x),
                    Op::Call { args, .. } => exprs.extend(args.iter().filter_map(|a| match a {
                        CallArg::Value(x) => Some(x),
                        _ => None,
                    })),
                    _ => {}
                }
            }
        }
        let unread = handles
            .iter()
            .copied()
            .filter(|&h| {
                let one: BTreeSet<VarId> = [h].into_iter().collect();
                !exprs.iter().any(|x| mentions(x, &one))
            })
            .collect();
        Ok(Symmetry { handles, unread })
    }

    /// True for a variable that may hold a thread handle.
    pub fn is_handle_var(&self, v: VarId) -> bool {
        self.handles.contains(&v)
    }

    /// True when `perm` is a permutation of `s`'s instances that fixes `main` and maps every
    /// instance to one of the same entry.
    pub fn admissible(s: &SchedState, perm: &[u8]) -> bool {
        let n = s.threads.len();
        if perm.len() != n || perm.first().is_some_and(|&p| p != 0) {
            return false;
        }
        let mut seen = vec![false; n];
        for (i, &p) in perm.iter().enumerate() {
            let p = p as usize;
            if p >= n || seen[p] || s.threads[p].entry != s.threads[i].entry {
                return false;
            }
            seen[p] = true;
        }
        true
    }

    /// The image of `s` under the admissible permutation `perm` (see the module doc), without
    /// the bindings of unread handle variables (compare it with [`Symmetry::permute`] of the
    /// other state under the identity).
    pub fn permute(&self, s: &SchedState, perm: &[u8]) -> SchedState {
        let r = |t: ThreadInstance| ThreadInstance(perm[t.index()]);
        let mut out = s.clone();
        for (i, th) in s.threads.iter().enumerate() {
            let mut th = *th;
            if let ThreadStatus::Blocked {
                on: BlockOn::Join(j),
            } = th.status
            {
                th.status = ThreadStatus::Blocked {
                    on: BlockOn::Join(r(j)),
                };
            }
            out.threads[perm[i] as usize] = th;
        }
        for m in out.mutexes.iter_mut() {
            m.owner = m.owner.map(r);
        }
        out.atomic = s.atomic.map(|(t, d)| (r(t), d));
        out.interrupted = s.interrupted.map(r);
        for b in out.bindings.iter_mut() {
            b.owner = b.owner.map(r);
            if self.handles.contains(&b.var) {
                if let Some(v) = b.value {
                    if let Some((HandleKind::Thread, k)) = s.decode_handle(v) {
                        if k < perm.len() {
                            b.value = Some(s.handle(HandleKind::Thread, perm[k] as usize));
                        }
                    }
                }
            }
        }
        out.bindings.sort_by_key(|b| (b.var, b.owner));
        out.bindings.retain(|b| !self.unread.contains(&b.var));
        out
    }

    /// A canonical permutation of the state (`locs`, `s`): the instances of each entry sorted
    /// by a fingerprint of their control state (ties by index).
    pub fn canonical(&self, locs: &[LocId], s: &SchedState) -> Perm {
        use std::hash::{Hash, Hasher};
        let n = s.threads.len();
        // the instances' own bindings, in one pass over the bindings (a program's global
        // handle array is as many unowned bindings)
        let mut own: Vec<std::collections::hash_map::DefaultHasher> = vec![Default::default(); n];
        for b in s.bindings.iter() {
            let Some(o) = b.owner.filter(|o| o.index() < n) else {
                continue;
            };
            if self.unread.contains(&b.var) {
                continue;
            }
            let h = &mut own[o.index()];
            b.var.hash(h);
            if !self.handles.contains(&b.var) {
                b.value.hash(h);
            }
        }
        let fp: Vec<u64> = (0..n)
            .map(|i| {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                let th = &s.threads[i];
                locs.get(i).hash(&mut h);
                th.entry.hash(&mut h);
                th.base_prio.hash(&mut h);
                th.eff_prio.hash(&mut h);
                th.cond_woken.hash(&mut h);
                th.timed_out.hash(&mut h);
                match th.status {
                    ThreadStatus::Blocked {
                        on: BlockOn::Join(_),
                    } => 1u8.hash(&mut h),
                    st => st.hash(&mut h),
                }
                let me = Some(ThreadInstance(i as u8));
                for m in s.mutexes.iter() {
                    (m.owner == me).hash(&mut h);
                }
                s.atomic.is_some_and(|(t, _)| Some(t) == me).hash(&mut h);
                own[i].finish().hash(&mut h);
                h.finish()
            })
            .collect();
        let mut perm: Perm = (0..n as u8).collect();
        let mut entries: Vec<_> = s.threads.iter().skip(1).map(|t| t.entry).collect();
        entries.sort();
        entries.dedup();
        for e in entries {
            let slots: Vec<usize> = (1..n).filter(|&i| s.threads[i].entry == e).collect();
            let mut sorted = slots.clone();
            sorted.sort_by_key(|&i| (fp[i], i));
            for (k, &i) in sorted.iter().enumerate() {
                perm[i] = slots[k] as u8;
            }
        }
        perm
    }
}

/// The identity permutation of `n` instances.
pub fn identity(n: usize) -> Perm {
    (0..n as u8).collect()
}

/// The inverse of a permutation.
pub fn inverse(perm: &[u8]) -> Perm {
    let mut inv = vec![0u8; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        inv[p as usize] = i as u8;
    }
    inv
}

/// `perm` applied to locations: `out[perm[i]] = locs[i]`.
pub fn permute_locs(locs: &[LocId], perm: &[u8]) -> Vec<LocId> {
    let mut out = locs.to_vec();
    for (i, &l) in locs.iter().enumerate() {
        out[perm[i] as usize] = l;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::ThreadId;
    use crate::sched::state::ThreadInfo;

    fn state() -> SchedState {
        let mut s = SchedState::empty(64);
        s.add_thread(ThreadInfo::new(ThreadId(0), ThreadStatus::Runnable, 0))
            .unwrap();
        for _ in 0..2 {
            s.add_thread(ThreadInfo::new(ThreadId(1), ThreadStatus::Runnable, 0))
                .unwrap();
        }
        s
    }

    #[test]
    fn permute_renames_join_targets_owners_and_handles() {
        let sym = Symmetry {
            handles: [VarId(7), VarId(8)].into_iter().collect(),
            unread: [VarId(8)].into_iter().collect(),
        };
        let mut s = state();
        s.thread_mut(ThreadInstance(0)).status = ThreadStatus::Blocked {
            on: BlockOn::Join(ThreadInstance(1)),
        };
        let h1 = s.handle(HandleKind::Thread, 1);
        s.set_binding(VarId(7), Some(ThreadInstance(0)), Some(h1))
            .unwrap();
        s.set_binding(VarId(8), None, Some(h1)).unwrap();
        s.set_binding(VarId(9), Some(ThreadInstance(1)), Some(5))
            .unwrap();
        let perm = vec![0, 2, 1];
        assert!(Symmetry::admissible(&s, &perm));
        assert!(!Symmetry::admissible(&s, &[1, 0, 2]));
        let p = sym.permute(&s, &perm);
        assert_eq!(
            p.thread(ThreadInstance(0)).status,
            ThreadStatus::Blocked {
                on: BlockOn::Join(ThreadInstance(2))
            }
        );
        let h2 = s.handle(HandleKind::Thread, 2);
        assert_eq!(p.binding(VarId(7), Some(ThreadInstance(0))), Some(Some(h2)));
        // the unread handle variable is dropped, the local moves with its instance
        assert_eq!(p.binding(VarId(8), None), None);
        assert_eq!(p.binding(VarId(9), Some(ThreadInstance(2))), Some(Some(5)));
        assert_eq!(p.binding(VarId(9), Some(ThreadInstance(1))), None);
        // a permutation and its inverse cancel (up to the dropped binding)
        let back = sym.permute(&p, &inverse(&perm));
        assert_eq!(back, sym.permute(&s, &identity(3)));
    }

    fn lower(text: &str) -> Program {
        let mut sm = crate::diag::SourceMap::new();
        let opts = crate::frontend::FrontendOptions::default();
        match crate::frontend::load_str("t.c", text, &opts, &mut sm) {
            Ok(l) => l.program,
            Err(d) => panic!("{}", d.render(&sm)),
        }
    }

    fn var(p: &Program, name: &str) -> VarId {
        VarId(p.vars.iter().position(|v| v.name == name).unwrap() as u32)
    }

    const IDS: &str = r#"
        #include <pthread.h>
        int sum; pthread_mutex_t m;
        void *worker(void *arg) {
          int id = *(int *)arg;
          pthread_mutex_lock(&m); sum = sum + id; pthread_mutex_unlock(&m);
          return 0;
        }
        int main(void) {
          pthread_t t[3]; int ids[3];
          for (int i = 0; i < 3; i++) { ids[i] = i + 1; pthread_create(&t[i], 0, worker, ARG); }
          for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
          return sum;
        }"#;

    #[test]
    fn a_dereference_that_cannot_reach_the_handle_array_reads_no_handle() {
        let spec = SchedulerSpec::builtin("pthread").unwrap();
        // the worker's `*(int *)arg` is lowered to a selection over `t` and `ids` by the
        // argument's value; the argument only ever points into `ids`
        let p = lower(&IDS.replace("ARG", "&ids[i]"));
        let sym = Symmetry::check(&spec, &p).unwrap();
        assert!(sym.is_handle_var(var(&p, "main::t[1]")));
        assert!(!sym.is_handle_var(var(&p, "sum")));
        assert!(!sym.is_handle_var(var(&p, "worker::id")));
    }

    #[test]
    fn handles_named_only_by_dead_branches_are_unread() {
        let spec = SchedulerSpec::builtin("pthread").unwrap();
        let no_join = IDS.replace("for (int i = 0; i < 3; i++) pthread_join(t[i], 0);", "");
        // the worker's `*(int *)arg` names `t` in branches `&ids[i]` never selects: the slots'
        // values never matter (before, they were read, and a permuted state never matched)
        let p = lower(&no_join.replace("ARG", "&ids[i]"));
        let sym = Symmetry::check(&spec, &p).unwrap();
        assert!(sym.unread.contains(&var(&p, "main::t[1]")));
        // the join loop reads them
        let p = lower(&IDS.replace("ARG", "&ids[i]"));
        let sym = Symmetry::check(&spec, &p).unwrap();
        assert!(!sym.unread.contains(&var(&p, "main::t[1]")));
        // a live read: main copies a slot and joins the copy
        let p = lower(&no_join.replace("ARG", "&ids[i]").replace(
            "return sum;",
            "pthread_t u = t[2]; pthread_join(u, 0); return sum;",
        ));
        let sym = Symmetry::check(&spec, &p).unwrap();
        assert!(!sym.unread.contains(&var(&p, "main::t[2]")));
        // another entry started with a NULL argument does not make the workers' `arg` NULL
        let p = lower(
            &no_join
                .replace("ARG", "&ids[i]")
                .replace(
                    "int main(void) {",
                    "void *other(void *a) { return a; }\nint main(void) {",
                )
                .replace(
                    "return sum;",
                    "pthread_t o; pthread_create(&o, 0, other, 0); return sum;",
                ),
        );
        let sym = Symmetry::check(&spec, &p).unwrap();
        assert!(sym.unread.contains(&var(&p, "main::t[1]")));
    }

    #[test]
    fn a_dereference_that_may_reach_the_handle_array_reads_handles() {
        let spec = SchedulerSpec::builtin("pthread").unwrap();
        // the argument points at the handle itself: the worker adds a handle value to `sum`
        let p = lower(&IDS.replace("ARG", "&t[i]"));
        assert!(Symmetry::check(&spec, &p).is_err());
        // a NULL argument compares below every object: the branch reading `t` is live
        let p = lower(&IDS.replace("ARG", "(i == 1 ? 0 : &ids[i])"));
        assert!(Symmetry::check(&spec, &p).is_err());
        // an argument computed by arithmetic other than an offset: anything
        let p = lower(
            &IDS.replace("ARG", "(int *)((long)&ids[i] & mask)")
                .replace("int sum;", "long mask = -1; int sum;"),
        );
        assert!(Symmetry::check(&spec, &p).is_err());
    }

    #[test]
    fn canonical_images_of_permuted_states_agree() {
        let sym = Symmetry {
            handles: BTreeSet::new(),
            unread: BTreeSet::new(),
        };
        let s = state();
        let locs = vec![LocId(3), LocId(1), LocId(2)];
        let perm = vec![0, 2, 1];
        let (l2, s2) = (permute_locs(&locs, &perm), sym.permute(&s, &perm));
        let c1 = sym.canonical(&locs, &s);
        let c2 = sym.canonical(&l2, &s2);
        assert_eq!(permute_locs(&locs, &c1), permute_locs(&l2, &c2));
        assert_eq!(sym.permute(&s, &c1), sym.permute(&s2, &c2));
    }
}
