//! Thread-modular proofs for unboundedly many threads (`while (1) pthread_create(...)`), by a
//! sequential over-approximation that the sequential predicate-abstraction engine proves and
//! the proof checker re-checks.
//!
//! **The reduction.** A program whose threads are created without bound has, on every run,
//! finitely many instances at each moment; an error is reached by one of them (or by `main`).
//! [`sequentialise`] builds one sequential CFG that follows `main` and, at every creation, may
//! instead follow the created instance (the *representative*) to its end; every other instance
//! is abstracted by *interference*: each global of `W` (those any created entry, or `main` after
//! a creation, may write) keeps its value or takes one satisfying its *rely* atoms, before each
//! step of the followed thread that reads one of them and before each atomic-section start,
//! unless the followed thread is inside an atomic section (no other thread runs there); after a
//! primitive that may block (a mutex lock, a join, a condition wait) also inside one, and a
//! thread followed from its creation starts outside its creator's atomic section. The rely is
//! the *guarantee* too: every write of the followed thread to a global of `W`, once a thread
//! exists, is checked against its atoms (error edges of the sequential program); [`prove`]
//! drops an atom whose check fails on a real path of the sequential program and tries again
//! (Houdini over [`candidates`]). Scheduler primitives become their effects on program
//! variables: a creation writes its handle cells arbitrarily and returns its constant; a lock,
//! unlock, join or any other pthread primitive writes the cells it may write and its result
//! arbitrarily (blocking only removes behaviours); `pthread_exit` ends the followed thread.
//! Programs under a scheduler other than the fully preemptive one are not reduced.
//!
//! **Why it is sound.** Suppose a proof, and take a real run with any number of threads. By
//! induction over the run, every write of a thread to a global of `W` satisfies the rely: at
//! the first write that would not, every earlier write of the other threads did, so the writer's
//! steps up to it are a path of the sequential program (following the writer from its creation;
//! each value it read was its own, or one the interference offers), on which the guarantee
//! check fails: no proof. With the rely holding throughout, the same simulation reaches any
//! error of any thread in the sequential program.
//!
//! **What a proof rests on.** The sequential program's SUCCESSFUL verdict comes with the
//! predicate-abstraction certificate, checked here by `crate::check` against the sequential
//! program; the reduction itself (this module) is the trusted part, which the verdict's note
//! says. A FAILED answer of the sequential program may be spurious (the rely over-approximates
//! the other threads), so it never becomes FAILED: the caller goes on with its bounded search.

use crate::diag::Loc;
use crate::engine::VerifyOptions;
use crate::ir::{BinOp, VarId};
use crate::ir::{CallArg, Cfg, Edge, EdgeId, Expr, LocId, Op, Program, Scope, ThreadId, Type, Var};
use crate::sched::action::Action;
use crate::sched::spec::{Policy, SchedulerSpec};
use crate::verdict::Verdict;
use std::collections::BTreeSet;
use std::time::Duration;

/// The note of a SUCCESSFUL verdict from [`prove`].
pub const NOTE: &str = "proved for any number of threads by a thread-modular abstraction \
(one thread followed; the others' writes to shared variables are the values every write is \
proved to satisfy): the sequential proof was re-checked by the proof checker, the reduction \
to it was not";

/// The part of the time limit (and at most [`MAX_TIME`]) the modular proof may take.
const TIME_SHARE: u32 = 4;
const MAX_TIME: Duration = Duration::from_secs(20);

/// Tries the thread-modular proof: SUCCESSFUL when the sequential over-approximation is
/// proved and its certificate checks, else why not. The rely starts with the candidate atoms of
/// [`candidates`]; a guarantee check the sequential program violates (a real path of it) drops
/// its atom and the proof is tried again (Houdini), until no check fails or a program
/// assertion does.
pub fn prove(
    prog: &Program,
    spec: &SchedulerSpec,
    opts: &VerifyOptions,
    remaining: Option<Duration>,
) -> Result<Verdict, String> {
    let budget = opts
        .timeout
        .map_or(MAX_TIME, |t| (t / TIME_SHARE).min(MAX_TIME));
    let budget = remaining.map_or(budget, |r| r.min(budget));
    let start = std::time::Instant::now();
    let mut rely = candidates(prog, &interference(prog, &spawned_entries(prog)));
    loop {
        let seq = sequentialise(prog, spec, &rely)?;
        let left = budget.saturating_sub(start.elapsed());
        if left.is_zero() {
            return Err("out of time".into());
        }
        let mut o = opts.clone();
        o.timeout = Some(left);
        let out = crate::engine::predabs::verify(&seq.prog, &o);
        match out.verdict {
            Verdict::Safe { note } => {
                let cert = out
                    .certificate
                    .ok_or("the sequential proof has no certificate")?;
                crate::check::check(&seq.prog, &cert, Some(left))
                    .map_err(|e| format!("the sequential proof did not check: {e:?}"))?;
                let note = match note {
                    Some(n) => format!("{NOTE}; {n}"),
                    None => NOTE.to_string(),
                };
                return Ok(Verdict::Safe { note: Some(note) });
            }
            Verdict::Unsafe(cex) => {
                let last = cex.steps.iter().rev().find_map(|s| match s {
                    crate::verdict::Step::Edge { edge, .. } => Some(*edge),
                    _ => None,
                });
                let Some(&(_, v, i)) = seq.checks.iter().find(|c| Some(c.0) == last) else {
                    return Err("an assertion fails in the sequential over-approximation".into());
                };
                rely.get_mut(&v).expect("checked global").remove(i);
            }
            v => return Err(format!("the sequential over-approximation: {v:?}")),
        }
    }
}

/// Candidate rely atoms per interfering global `v` (Houdini drops those that do not hold):
/// `v >= 0` for a signed `v`; the comparisons of `v` with a constant the program's conditions
/// make; `v` between the least and greatest constant assigned to it or to a variable copied
/// into it, and equal to one of them (when there are at most [`MAX_VALUES`]); and `v <= u`,
/// `v >= u` for a global `u` that no thread writes once threads exist, when a condition
/// compares expressions over both.
fn candidates(prog: &Program, w: &BTreeSet<VarId>) -> Rely {
    const MAX_VALUES: usize = 8;
    let mut consts: std::collections::BTreeMap<VarId, BTreeSet<i128>> = Default::default();
    let mut copies: Vec<(VarId, VarId)> = Vec::new();
    let mut atoms: Rely = w.iter().map(|&v| (v, Vec::new())).collect();
    let push = |atoms: &mut Rely, v: VarId, a: Expr| {
        if let Some(list) = atoms.get_mut(&v) {
            if !list.contains(&a) {
                list.push(a);
            }
        }
    };
    for c in &prog.threads {
        for e in &c.edges {
            match &e.op {
                Op::Assign(v, Expr::Const(k, _)) => {
                    consts.entry(*v).or_default().insert(*k);
                }
                Op::Assign(v, Expr::Var(x)) => copies.push((*v, *x)),
                Op::Assume(cond) => {
                    let mut cmps = Vec::new();
                    comparisons(cond, &mut cmps);
                    for cmp in cmps {
                        let Expr::Binary(_, a, b) = cmp else { continue };
                        if let (Expr::Var(v), Expr::Const(..)) | (Expr::Const(..), Expr::Var(v)) =
                            (&**a, &**b)
                        {
                            push(&mut atoms, *v, cmp.clone());
                        }
                        let mut names = BTreeSet::new();
                        cmp.for_each_var(&mut |x| {
                            names.insert(x);
                        });
                        for &v in names.iter().filter(|x| w.contains(x)) {
                            for &u in names.iter().filter(|x| {
                                !w.contains(x)
                                    && prog.var(**x).scope == Scope::Global
                                    && prog.var(**x).ty == prog.var(v).ty
                            }) {
                                for op in [BinOp::Le, BinOp::Ge] {
                                    push(&mut atoms, v, Expr::bin(op, Expr::Var(v), Expr::Var(u)));
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
    for (&v, list) in atoms.iter_mut() {
        let ty = prog.var(v).ty;
        if ty == Type::Bool {
            continue;
        }
        let k = |c: i128| Expr::Const(ty.wrap(c), ty);
        if ty.is_signed() {
            list.push(Expr::bin(BinOp::Ge, Expr::Var(v), k(0)));
        }
        let mut vals = consts.get(&v).cloned().unwrap_or_default();
        for &(to, from) in &copies {
            if to == v {
                vals.extend(consts.get(&from).into_iter().flatten());
            }
        }
        let vals: BTreeSet<i128> = vals.into_iter().map(|c| ty.wrap(c)).collect();
        let (Some(&lo), Some(&hi)) = (vals.first(), vals.last()) else {
            continue;
        };
        list.push(Expr::bin(BinOp::Ge, Expr::Var(v), k(lo)));
        list.push(Expr::bin(BinOp::Le, Expr::Var(v), k(hi)));
        if vals.len() <= MAX_VALUES {
            let any = vals
                .into_iter()
                .map(|c| Expr::bin(BinOp::Eq, Expr::Var(v), k(c)))
                .reduce(|a, b| Expr::bin(BinOp::Or, a, b))
                .expect("values");
            list.push(any);
        }
    }
    atoms
}

/// The comparisons inside a condition.
fn comparisons<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Binary(op, _, _) if op.is_comparison() => out.push(e),
        Expr::Binary(_, a, b) => {
            comparisons(a, out);
            comparisons(b, out);
        }
        Expr::Unary(_, a) | Expr::Cast(_, a) => comparisons(a, out),
        Expr::Ite(c, a, b) => {
            comparisons(c, out);
            comparisons(a, out);
            comparisons(b, out);
        }
        _ => {}
    }
}

/// What a call edge does in the reduction.
enum CallKind {
    /// Not a scheduler primitive: kept (an external call).
    External,
    /// A creation of this entry; its argument (if any) and the constant result.
    Spawn {
        entry: ThreadId,
        arg: Option<Expr>,
        ret: Option<i128>,
    },
    /// `pthread_exit`: the followed thread ends.
    Exit,
    /// Its effects on program variables only (cells it may write, its result), `blocking` when
    /// other threads may run while it waits.
    Effects { blocking: bool },
}

fn classify(spec: &SchedulerSpec, op: &Op) -> Result<CallKind, String> {
    let Op::Call { func, args, .. } = op else {
        return Ok(CallKind::External);
    };
    let Some(p) = spec.primitive(func) else {
        return Ok(CallKind::External);
    };
    use Action as A;
    Ok(match p.action {
        A::Spawn => {
            let entry = args
                .iter()
                .find_map(|a| match a {
                    CallArg::Thread(t) => Some(*t),
                    _ => None,
                })
                .ok_or_else(|| format!("`{func}` without a thread entry"))?;
            let arg = p.args.arg.and_then(|i| args.get(i)).and_then(|a| match a {
                CallArg::Value(e) => Some(e.clone()),
                _ => None,
            });
            let ret = match p.returns {
                crate::sched::spec::Returns::Const(c) => Some(c),
                _ => None,
            };
            CallKind::Spawn { entry, arg, ret }
        }
        A::Exit => CallKind::Exit,
        A::MutexLock | A::Join | A::CondWait | A::Yield => CallKind::Effects { blocking: true },
        A::MutexCreate
        | A::MutexUnlock
        | A::MutexTrylock
        | A::MutexDestroy
        | A::MutexattrInit
        | A::MutexattrSettype
        | A::MutexattrGettype
        | A::Noop
        | A::CurrentThread
        | A::CondInit
        | A::CondSignal
        | A::CondBroadcast => CallKind::Effects { blocking: false },
        other => return Err(format!("primitive `{func}` ({other:?}) is not reduced")),
    })
}

/// The variables an op writes.
fn writes(op: &Op, out: &mut impl FnMut(VarId)) {
    match op {
        Op::Assign(v, _) | Op::Nondet(v) => out(*v),
        Op::Call { ret, may_write, .. } => {
            ret.iter().copied().for_each(&mut *out);
            may_write.iter().copied().for_each(out);
        }
        _ => {}
    }
}

/// Whether an op reads one of `w`.
fn reads_any(op: &Op, w: &BTreeSet<VarId>) -> bool {
    let mut hit = false;
    let mut f = |v: VarId| hit |= w.contains(&v);
    match op {
        Op::Assign(_, e) | Op::Assume(e) => e.for_each_var(&mut f),
        Op::Call { args, .. } => {
            for a in args {
                if let CallArg::Value(e) = a {
                    e.for_each_var(&mut f);
                }
            }
        }
        _ => {}
    }
    hit
}

/// The locations of `cfg` reachable from `from`.
fn reachable(cfg: &Cfg, from: LocId) -> Vec<bool> {
    let mut seen = vec![false; cfg.num_locs as usize];
    let mut stack = vec![from];
    seen[from.0 as usize] = true;
    while let Some(l) = stack.pop() {
        for (_, e) in cfg.out_edges(l) {
            if !seen[e.to.0 as usize] {
                seen[e.to.0 as usize] = true;
                stack.push(e.to);
            }
        }
    }
    seen
}

/// The entries some creation names, closed under creations in them (main excluded).
fn spawned_entries(prog: &Program) -> BTreeSet<ThreadId> {
    let mut todo = vec![ThreadId(0)];
    let mut seen = BTreeSet::new();
    while let Some(t) = todo.pop() {
        for e in &prog.thread(t).edges {
            if let Op::Call { args, .. } = &e.op {
                for a in args {
                    if let CallArg::Thread(c) = a {
                        if c.0 != 0 && seen.insert(*c) {
                            todo.push(*c);
                        }
                    }
                }
            }
        }
    }
    seen
}

/// The interfering writes: globals any created entry writes, and those `main` writes at or
/// after a creation.
fn interference(prog: &Program, entries: &BTreeSet<ThreadId>) -> BTreeSet<VarId> {
    let mut w = BTreeSet::new();
    let mut add = |v: VarId| {
        if prog.var(v).scope == Scope::Global {
            w.insert(v);
        }
    };
    for t in entries {
        for e in &prog.thread(*t).edges {
            writes(&e.op, &mut add);
        }
    }
    let main = prog.main();
    let mut after = vec![false; main.num_locs as usize];
    for e in &main.edges {
        if crate::engine::esst::unbounded::is_spawn(&e.op) {
            for (l, r) in reachable(main, e.from).into_iter().enumerate() {
                after[l] |= r;
            }
        }
    }
    for e in &main.edges {
        if after[e.from.0 as usize] {
            writes(&e.op, &mut add);
        }
    }
    w
}

/// Builds the combined CFG. Every location gets a sort key (entry's rank, original location,
/// sequence number) so that [`Builder::finish`] numbers them in program order: an original
/// location's arrival, then the locations of its interference and primitive chains.
struct Builder {
    cfg: Cfg,
    keys: Vec<(usize, u32, u32)>,
    /// The key of the original location being translated, and the next sequence number.
    cur: (usize, u32, u32),
    /// The havocked globals.
    w: Vec<VarId>,
    /// The rely: what every other thread's write to a global of `w` satisfies (atoms over
    /// that global alone; none: any value).
    rely: Rely,
    /// The guarantee checks: an error edge of the combined CFG and the rely atom it checks.
    checks: Vec<(EdgeId, VarId, usize)>,
    /// The combined error location (made before any edge).
    error: LocId,
    spawned: VarId,
    atomic: VarId,
}

/// Per interfering global, the atoms (Boolean expressions over it alone) that every write of
/// another thread satisfies: assumed of the values interference gives, checked at every write
/// of the followed thread once another thread exists.
pub type Rely = std::collections::BTreeMap<VarId, Vec<Expr>>;

impl Builder {
    fn new_loc(&mut self, src: Loc, func: &str) -> LocId {
        let l = LocId(self.cfg.num_locs);
        self.cfg.num_locs += 1;
        self.cfg.out.push(Vec::new());
        self.cfg.loc_src.push(src);
        self.cfg.loc_func.push(func.to_string());
        self.keys.push(self.cur);
        self.cur.2 += 1;
        l
    }
    fn raw_edge(&mut self, from: LocId, to: LocId, op: Op, loc: Loc) -> EdgeId {
        let id = EdgeId(self.cfg.edges.len() as u32);
        self.cfg.edges.push(Edge { from, to, op, loc });
        self.cfg.out[from.0 as usize].push(id);
        id
    }
    /// An edge of the followed thread; a write to a global with rely atoms is followed by the
    /// guarantee checks (once another thread exists, the written value satisfies each atom).
    fn edge(&mut self, from: LocId, to: LocId, op: Op, loc: Loc) {
        let mut written = None;
        writes(&op, &mut |v| {
            if self.rely.get(&v).is_some_and(|a| !a.is_empty()) {
                written = Some(v);
            }
        });
        let Some(v) = written else {
            self.raw_edge(from, to, op, loc);
            return;
        };
        let func = self.cfg.loc_func[from.0 as usize].clone();
        let at = self.new_loc(loc, &func);
        self.raw_edge(from, at, op, loc);
        for (i, a) in self.rely[&v].clone().into_iter().enumerate() {
            let bad = self.new_loc(loc, &func);
            let cond = Expr::bin(BinOp::And, Expr::Var(self.spawned), Expr::not(a));
            self.raw_edge(at, bad, Op::Assume(cond), loc);
            let err = self.error;
            let id = self.raw_edge(
                bad,
                err,
                Op::Error(crate::ir::ErrorKind::AssertFail(
                    "thread-modular guarantee".into(),
                )),
                loc,
            );
            self.checks.push((id, v, i));
        }
        self.raw_edge(at, to, Op::Skip, loc);
    }
    /// A straight chain of ops from `from` to `to` (new locations between).
    fn chain(&mut self, from: LocId, to: LocId, ops: Vec<Op>, loc: Loc) {
        let func = self.cfg.loc_func[from.0 as usize].clone();
        let mut at = from;
        let n = ops.len();
        for (i, op) in ops.into_iter().enumerate() {
            let next = if i + 1 == n {
                to
            } else {
                self.new_loc(loc, &func)
            };
            self.edge(at, next, op, loc);
            at = next;
        }
        if n == 0 {
            self.edge(from, to, Op::Skip, loc);
        }
    }
    /// Interference before a step: from `at` either no change (no other thread yet, or inside
    /// an atomic section unless `forced`) or every interfering global arbitrary, then `to`.
    fn interfere(&mut self, at: LocId, to: LocId, forced: bool, loc: Loc) {
        let mut guard = Expr::Var(self.spawned);
        if !forced {
            guard = Expr::bin(BinOp::And, guard, Expr::not(Expr::Var(self.atomic)));
        }
        self.raw_edge(at, to, Op::Assume(Expr::not(guard.clone())), loc);
        let func = self.cfg.loc_func[at.0 as usize].clone();
        let mut cur = self.new_loc(loc, &func);
        self.raw_edge(at, cur, Op::Assume(guard), loc);
        // each global keeps its value or takes one another thread may write
        for v in self.w.clone() {
            let next = self.new_loc(loc, &func);
            self.raw_edge(cur, next, Op::Skip, loc);
            let atoms = self.rely.get(&v).cloned().unwrap_or_default();
            if atoms.is_empty() {
                self.raw_edge(cur, next, Op::Nondet(v), loc);
            } else {
                let mid = self.new_loc(loc, &func);
                self.raw_edge(cur, mid, Op::Nondet(v), loc);
                let all = atoms
                    .into_iter()
                    .reduce(|a, b| Expr::bin(BinOp::And, a, b))
                    .expect("atoms");
                self.raw_edge(mid, next, Op::Assume(all), loc);
            }
            cur = next;
        }
        self.raw_edge(cur, to, Op::Skip, loc);
    }
    /// The CFG with its locations numbered by their keys, and its loops.
    fn finish(mut self, entry: LocId, exit: LocId, error: LocId) -> Cfg {
        let mut order: Vec<usize> = (0..self.keys.len()).collect();
        order.sort_by_key(|&l| self.keys[l]);
        let mut new_of = vec![0u32; order.len()];
        for (n, &old) in order.iter().enumerate() {
            new_of[old] = n as u32;
        }
        let map = |l: LocId| LocId(new_of[l.0 as usize]);
        let c = &mut self.cfg;
        for e in &mut c.edges {
            e.from = map(e.from);
            e.to = map(e.to);
        }
        let mut out = vec![Vec::new(); order.len()];
        for (i, e) in c.edges.iter().enumerate() {
            out[e.from.0 as usize].push(EdgeId(i as u32));
        }
        c.out = out;
        c.loc_src = order.iter().map(|&o| c.loc_src[o]).collect();
        c.loc_func = order.iter().map(|&o| c.loc_func[o].clone()).collect();
        c.entry = map(entry);
        c.exit = map(exit);
        c.error = map(error);
        c.loops = crate::ir::loops::find_loops(c);
        self.cfg
    }
}

/// The sequential over-approximation of a program with unboundedly many threads (see the
/// module doc), or why it cannot be built.
pub fn sequentialise(
    prog: &Program,
    spec: &SchedulerSpec,
    rely: &Rely,
) -> Result<Sequential, String> {
    if spec.policy != Policy::FullyPreemptive || !spec.interrupt_handlers.is_empty() {
        return Err("not a fully preemptive scheduler".into());
    }
    let entries = spawned_entries(prog);
    let order: Vec<ThreadId> = std::iter::once(ThreadId(0))
        .chain(entries.iter().copied())
        .collect();
    // every call classified first: an unsupported primitive stops the reduction
    for t in &order {
        for e in &prog.thread(*t).edges {
            classify(spec, &e.op)?;
        }
    }
    let w = interference(prog, &entries);
    let mut vars = prog.vars.clone();
    let mut ghost = |name: &str| {
        vars.push(Var {
            name: name.to_string(),
            ty: Type::Bool,
            scope: Scope::Global,
            init: Some(0),
            is_temp: true,
            loc: None,
        });
        VarId(vars.len() as u32 - 1)
    };
    let spawned = ghost("modular$spawned");
    let atomic = ghost("modular$atomic");
    let main = prog.main();
    let mut b = Builder {
        cfg: Cfg {
            name: main.name.clone(),
            num_locs: 0,
            entry: LocId(0),
            exit: LocId(0),
            error: LocId(0),
            edges: Vec::new(),
            out: Vec::new(),
            loc_src: Vec::new(),
            loc_func: Vec::new(),
            loops: Vec::new(),
            param: None,
            param2: None,
            ret: main.ret,
        },
        keys: Vec::new(),
        cur: (0, 0, 0),
        w: w.iter().copied().collect(),
        rely: rely.clone(),
        checks: Vec::new(),
        error: LocId(0),
        spawned,
        atomic,
    };
    // the arrival location of every (entry, location) but the exits and error locations,
    // which are the combined CFG's last two
    let mut arrive: Vec<Vec<Option<LocId>>> = vec![Vec::new(); prog.threads.len()];
    for (rank, t) in order.iter().enumerate() {
        let c = prog.thread(*t);
        arrive[t.0 as usize] = (0..c.num_locs)
            .map(|l| {
                b.cur = (rank, l, 0);
                let at = LocId(l);
                (at != c.exit && at != c.error)
                    .then(|| b.new_loc(c.loc_src[l as usize], &c.loc_func[l as usize]))
            })
            .collect();
    }
    b.cur = (usize::MAX, 0, 0);
    let exit = b.new_loc(main.loc_src[main.exit.0 as usize], &main.name);
    let error = b.new_loc(main.loc_src[main.error.0 as usize], &main.name);
    b.error = error;
    let target = |t: ThreadId, l: LocId| -> LocId {
        let c = prog.thread(t);
        if l == c.exit {
            exit
        } else if l == c.error {
            error
        } else {
            arrive[t.0 as usize][l.0 as usize].expect("an inner location")
        }
    };
    for (rank, t) in order.iter().enumerate() {
        let c = prog.thread(*t);
        for l in 0..c.num_locs {
            let Some(arrival) = arrive[t.0 as usize][l as usize] else {
                continue;
            };
            b.cur = (rank, l, 1);
            let src = c.loc_src[l as usize];
            let outs: Vec<&Edge> = c.out_edges(LocId(l)).map(|(_, e)| e).collect();
            let needs = outs
                .iter()
                .any(|e| matches!(e.op, Op::AtomicBegin) || reads_any(&e.op, &w));
            let depart = if needs {
                let d = b.new_loc(src, &c.loc_func[l as usize]);
                b.interfere(arrival, d, false, src);
                d
            } else {
                arrival
            };
            for e in outs {
                let to = target(*t, e.to);
                translate(prog, spec, &mut b, &target, depart, to, e)?;
            }
        }
    }
    let checks = std::mem::take(&mut b.checks);
    let start = arrive[0][main.entry.0 as usize].ok_or("main starts at its exit")?;
    let cfg = b.finish(start, exit, error);
    Ok(Sequential {
        prog: Program {
            vars,
            objects: prog.objects.clone(),
            threads: vec![cfg],
            pointer_bits: prog.pointer_bits,
            target: prog.target.clone(),
            floats: prog.floats.clone(),
        },
        checks,
    })
}

/// The sequential over-approximation and its guarantee checks.
pub struct Sequential {
    pub prog: Program,
    /// Error edges that check a rely atom: (edge, global, atom index).
    pub checks: Vec<(EdgeId, VarId, usize)>,
}

/// One edge of an entry's CFG into the combined CFG, from `depart` to `to`.
fn translate(
    prog: &Program,
    spec: &SchedulerSpec,
    b: &mut Builder,
    target: &impl Fn(ThreadId, LocId) -> LocId,
    depart: LocId,
    to: LocId,
    e: &Edge,
) -> Result<(), String> {
    let loc = e.loc;
    let set = |v: VarId, val: bool| Op::Assign(v, Expr::bool(val));
    match &e.op {
        Op::AtomicBegin => b.edge(depart, to, set(b.atomic, true), loc),
        Op::AtomicEnd => b.edge(depart, to, set(b.atomic, false), loc),
        op @ Op::Call { ret, may_write, .. } => {
            let effects: Vec<Op> = may_write.iter().map(|&v| Op::Nondet(v)).collect();
            match classify(spec, op)? {
                CallKind::External => b.edge(depart, to, op.clone(), loc),
                CallKind::Exit => {
                    b.edge(depart, target(ThreadId(0), prog.main().exit), Op::Skip, loc)
                }
                CallKind::Effects { blocking } => {
                    let mut ops = effects;
                    ops.extend(ret.map(Op::Nondet));
                    if blocking {
                        let func = b.cfg.loc_func[depart.0 as usize].clone();
                        let mid = b.new_loc(loc, &func);
                        b.chain(depart, mid, ops, loc);
                        b.interfere(mid, to, true, loc);
                    } else {
                        b.chain(depart, to, ops, loc);
                    }
                }
                CallKind::Spawn { entry, arg, ret: c } => {
                    let mut ops = effects.clone();
                    ops.push(set(b.spawned, true));
                    // the creator goes on
                    let mut go_on = ops.clone();
                    if let Some(r) = *ret {
                        let ty = prog.var(r).ty;
                        go_on.push(match c {
                            Some(c) => Op::Assign(r, Expr::Const(ty.wrap(c), ty)),
                            None => Op::Nondet(r),
                        });
                    }
                    b.chain(depart, to, go_on, loc);
                    // or the created instance is followed: outside the creator's atomic
                    // section (it runs only once the creator has left it), its parameter
                    // first (the creator's values), then its other locals as a new instance
                    // has them
                    ops.push(set(b.atomic, false));
                    let child = prog.thread(entry);
                    if let Some(p) = child.param {
                        let pty = prog.var(p).ty;
                        ops.push(match arg {
                            Some(a) if a.ty(&prog.vars) == pty => Op::Assign(p, a),
                            Some(a) => Op::Assign(p, Expr::cast(pty, a)),
                            None => Op::Nondet(p),
                        });
                    }
                    for (i, v) in prog.vars.iter().enumerate() {
                        let id = VarId(i as u32);
                        if v.scope != Scope::Local(entry) || Some(id) == child.param {
                            continue;
                        }
                        ops.push(match v.thread_start() {
                            Some(c) => Op::Assign(id, Expr::Const(c, v.ty)),
                            None => Op::Nondet(id),
                        });
                    }
                    b.chain(depart, target(entry, child.entry), ops, loc);
                }
            }
        }
        op => b.edge(depart, to, op.clone(), loc),
    }
    Ok(())
}
