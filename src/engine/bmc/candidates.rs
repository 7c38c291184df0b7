//! Candidate cut-point invariants for k-induction (checked afterwards by [`super::houdini`]).
//!
//! Candidates are *guessed* from concrete executions: random simulation of the CFG with the
//! concrete interpreter ([`crate::ir::interp::eval`]) records the states at every arrival at a
//! cut point; over the variables live there, the generator keeps the template instances that
//! hold in every recorded state:
//! - `x == c` (a variable constant at the cut point);
//! - `x == y + d` and `x <= y` / `x >= y` for pairs of variables that occur together in one
//!   condition or assignment of the program;
//! - implications `g ⇒ f` where `g` is `x == c` for a variable with few values (a status
//!   flag, a program counter) and `f` one of the facts above that holds in the states where
//!   `g` holds (and not in all states);
//! - `¬(g1 ∧ g2)` for two such guards never seen together, and `g1 ∧ g2 ⇒ f` for facts that
//!   hold only where both hold.
//!
//! Nothing here needs to be right for soundness: a wrong candidate is dropped by Houdini, a
//! missing one only weakens the inductive step. The simulation is deterministic (a fixed
//! seed), so verdicts do not depend on timing.
//!
//! The simulation's cost follows what it finds: the candidates depend only on the recorded
//! sample sets, so it stops once no new distinct state has been recorded for
//! [`Limits::stall`] steps, or for as many steps as it had taken to record the last new one
//! (whichever is more), or once every cut point's sample set is full. A small loop whose states
//! are all seen in the first few thousand steps costs a few milliseconds, not the whole
//! [`Limits::steps`] budget.

use super::houdini::Candidate;
use crate::ir::interp::{eval, ReplaySemantics, Valuation};
use crate::ir::{BinOp, CallArg, Cfg, Expr, LocId, Op, Program, Type, VarId};
use std::collections::{BTreeSet, HashMap, HashSet};

/// Limits of the generator.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Total simulation steps.
    pub steps: usize,
    /// Steps of one run.
    pub run_steps: usize,
    /// Distinct recorded states per cut point.
    pub samples: usize,
    /// Candidates per cut point.
    pub per_cut: usize,
    /// Most values a guard variable may take at a cut point.
    pub guard_values: usize,
    /// Fewest steps without a new recorded state before the simulation stops early.
    pub stall: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            steps: 3_000_000,
            run_steps: 20_000,
            samples: 3_000,
            per_cut: 3_000,
            guard_values: 4,
            stall: 100_000,
        }
    }
}

/// Candidates for the cut points `cuts` of `cfg`.
pub(crate) fn generate(
    prog: &Program,
    cfg: &Cfg,
    cuts: &[LocId],
    math: bool,
    lim: Limits,
) -> Vec<Candidate> {
    let live = liveness(prog, cfg);
    let cutset: HashSet<LocId> = cuts.iter().copied().collect();
    // Tracked variables per cut point: live integer variables.
    let tracked: HashMap<LocId, Vec<VarId>> = cuts
        .iter()
        .map(|c| {
            let vs = (0..prog.vars.len())
                .filter(|&i| live_has(&live[c.0 as usize], i))
                .filter(|&i| matches!(prog.vars[i].ty, Type::Int { .. }))
                .map(|i| VarId(i as u32))
                .collect();
            (*c, vs)
        })
        .collect();
    let dbg = std::env::var_os("SCHEDMC_DEBUG_HOUDINI").is_some();
    let t0 = std::time::Instant::now();
    let (samples, steps) = simulate(prog, cfg, &cutset, &tracked, math, lim);
    if dbg {
        eprintln!(
            "candidates: {} cut points, liveness+simulation {:.2?} ({steps} steps), samples {:?}",
            cuts.len(),
            t0.elapsed(),
            cuts.iter()
                .map(|c| (
                    tracked.get(c).map_or(0, |v| v.len()),
                    samples.get(c).map_or(0, |s| s.len())
                ))
                .collect::<Vec<_>>()
        );
    }
    let pairs = related_pairs(prog, cfg);
    let mut out = Vec::new();
    for c in cuts {
        let (Some(vs), Some(ss)) = (tracked.get(c), samples.get(c)) else {
            continue;
        };
        if ss.is_empty() || vs.is_empty() {
            continue;
        }
        let ss: Vec<&Vec<i128>> = ss.iter().collect();
        let m = Miner {
            prog,
            vars: vs,
            pairs: vs_pairs(vs, &pairs, prog),
            math,
        };
        for e in m.mine(&ss, lim) {
            out.push(Candidate { loc: *c, expr: e });
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Liveness

type Bits = Vec<u64>;

fn live_has(b: &Bits, i: usize) -> bool {
    b[i / 64] >> (i % 64) & 1 == 1
}

fn set_bit(b: &mut Bits, i: usize) {
    b[i / 64] |= 1 << (i % 64);
}

/// Variables read by an edge, and the ones it surely overwrites.
fn uses_defs(op: &Op) -> (Vec<VarId>, Vec<VarId>) {
    let mut uses = Vec::new();
    let mut defs = Vec::new();
    match op {
        Op::Assign(v, e) => {
            e.for_each_var(&mut |x| uses.push(x));
            defs.push(*v);
        }
        Op::Nondet(v) => defs.push(*v),
        Op::Assume(e) => e.for_each_var(&mut |x| uses.push(x)),
        Op::Call { args, ret, .. } => {
            for a in args {
                if let CallArg::Value(e) = a {
                    e.for_each_var(&mut |x| uses.push(x));
                }
            }
            defs.extend(ret.iter().copied());
        }
        _ => {}
    }
    (uses, defs)
}

/// Live-in variables of every location (backward may-analysis).
fn liveness(prog: &Program, cfg: &Cfg) -> Vec<Bits> {
    let words = prog.vars.len().div_ceil(64).max(1);
    let n = cfg.num_locs as usize;
    let mut live: Vec<Bits> = vec![vec![0; words]; n];
    let ud: Vec<(Vec<VarId>, Vec<VarId>)> = cfg.edges.iter().map(|e| uses_defs(&e.op)).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for l in (0..n).rev() {
            let mut acc = live[l].clone();
            for &eid in &cfg.out[l] {
                let e = &cfg.edges[eid.0 as usize];
                let (uses, defs) = &ud[eid.0 as usize];
                let mut t = live[e.to.0 as usize].clone();
                for d in defs {
                    t[d.0 as usize / 64] &= !(1 << (d.0 as usize % 64));
                }
                for u in uses {
                    set_bit(&mut t, u.0 as usize);
                }
                for (a, b) in acc.iter_mut().zip(&t) {
                    *a |= *b;
                }
            }
            if acc != live[l] {
                live[l] = acc;
                changed = true;
            }
        }
    }
    live
}

// ---------------------------------------------------------------------------------------------
// Related pairs

/// Pairs of distinct integer variables of one type occurring together in an edge.
fn related_pairs(prog: &Program, cfg: &Cfg) -> HashSet<(VarId, VarId)> {
    let mut out = HashSet::new();
    for e in &cfg.edges {
        let mut vs: Vec<VarId> = Vec::new();
        match &e.op {
            Op::Assign(v, x) => {
                vs.push(*v);
                x.for_each_var(&mut |y| vs.push(y));
            }
            Op::Assume(x) => x.for_each_var(&mut |y| vs.push(y)),
            _ => continue,
        }
        vs.sort();
        vs.dedup();
        for (i, a) in vs.iter().enumerate() {
            for b in &vs[i + 1..] {
                let (ta, tb) = (prog.vars[a.0 as usize].ty, prog.vars[b.0 as usize].ty);
                if ta == tb && matches!(ta, Type::Int { .. }) {
                    out.insert((*a, *b));
                }
            }
        }
    }
    out
}

/// The related pairs among the tracked variables, as index pairs into `vs`.
fn vs_pairs(vs: &[VarId], pairs: &HashSet<(VarId, VarId)>, prog: &Program) -> Vec<(usize, usize)> {
    let _ = prog;
    let mut out = Vec::new();
    for (i, a) in vs.iter().enumerate() {
        for (j, b) in vs.iter().enumerate().skip(i + 1) {
            if pairs.contains(&(*a, *b)) || pairs.contains(&(*b, *a)) {
                out.push((i, j));
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Simulation

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn value(&mut self, ty: Type) -> i128 {
        let v: i128 = match self.below(10) {
            0..=3 => 0,
            4 | 5 => 1,
            6 => -1,
            7 => 2 + self.below(8) as i128,
            _ => self.next() as i64 as i128,
        };
        ty.wrap(v)
    }
}

/// Records the (projected) states at the cut points reached by random runs; also returns the
/// number of steps taken. Stops early (see the module documentation) when the sample sets have
/// stopped growing or are all full.
fn simulate(
    prog: &Program,
    cfg: &Cfg,
    cutset: &HashSet<LocId>,
    tracked: &HashMap<LocId, Vec<VarId>>,
    math: bool,
    lim: Limits,
) -> (HashMap<LocId, HashSet<Vec<i128>>>, usize) {
    let sem = ReplaySemantics::from_int_math(math);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out: HashMap<LocId, HashSet<Vec<i128>>> = HashMap::new();
    let mut steps = 0usize;
    let mut runs = 0usize;
    // The step at which the last new distinct state was recorded, and the number of cut points
    // whose sample set is full.
    let mut last_new = 0usize;
    let mut full = 0usize;
    let stalled = |steps: usize, last_new: usize, full: usize| {
        steps - last_new >= lim.stall.max(last_new)
            || (!tracked.is_empty() && full == tracked.len())
    };
    while steps < lim.steps && runs < 200_000 && !stalled(steps, last_new, full) {
        runs += 1;
        let mut val = Valuation::initial(prog);
        for (i, v) in prog.vars.iter().enumerate() {
            if v.init.is_none() {
                val.values[i] = Some(rng.value(v.ty));
            }
        }
        let mut l = cfg.entry;
        let mut run_steps = 0;
        let mut enabled = Vec::new();
        while run_steps < lim.run_steps && steps < lim.steps {
            run_steps += 1;
            steps += 1;
            if cutset.contains(&l) {
                if let Some(vs) = tracked.get(&l) {
                    let set = out.entry(l).or_default();
                    if set.len() < lim.samples
                        && set.insert(
                            vs.iter()
                                .map(|v| val.values[v.0 as usize].unwrap_or(0))
                                .collect(),
                        )
                    {
                        last_new = steps;
                        if set.len() == lim.samples {
                            full += 1;
                        }
                    }
                }
            }
            if l == cfg.error || l == cfg.exit {
                break;
            }
            enabled.clear();
            for (_, e) in cfg.out_edges(l) {
                let ok = match &e.op {
                    Op::Assume(c) => matches!(eval(c, &val, sem), Ok(x) if x != 0),
                    Op::Error(_) | Op::Unsupported(_) => false,
                    _ => true,
                };
                if ok {
                    enabled.push(e);
                }
            }
            if enabled.is_empty() {
                break;
            }
            let e = enabled[rng.below(enabled.len())];
            let ok = match &e.op {
                Op::Assign(v, x) => match eval(x, &val, sem) {
                    Ok(r) => {
                        val.set(*v, r);
                        true
                    }
                    Err(_) => false,
                },
                Op::Nondet(v) => {
                    let r = rng.value(prog.vars[v.0 as usize].ty);
                    val.set(*v, r);
                    true
                }
                Op::Call { ret, may_write, .. } => {
                    for v in ret.iter().chain(may_write) {
                        let r = rng.value(prog.vars[v.0 as usize].ty);
                        val.set(*v, r);
                    }
                    true
                }
                _ => true,
            };
            if !ok {
                break;
            }
            l = e.to;
        }
    }
    (out, steps)
}

// ---------------------------------------------------------------------------------------------
// Mining

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Fact {
    /// `vars[i] == c`
    Const(usize, i128),
    /// `vars[i] == vars[j] + d`
    Diff(usize, usize, i128),
    /// `vars[i] <= vars[j]`
    Le(usize, usize),
    /// `vars[i] >= vars[j]`
    Ge(usize, usize),
}

impl Fact {
    fn mentions(&self, i: usize) -> bool {
        match *self {
            Fact::Const(a, _) => a == i,
            Fact::Diff(a, b, _) | Fact::Le(a, b) | Fact::Ge(a, b) => a == i || b == i,
        }
    }
}

struct Miner<'a> {
    prog: &'a Program,
    vars: &'a [VarId],
    pairs: Vec<(usize, usize)>,
    math: bool,
}

impl Miner<'_> {
    fn ty(&self, i: usize) -> Type {
        self.prog.vars[self.vars[i].0 as usize].ty
    }

    fn facts(&self, ss: &[&Vec<i128>], order: bool) -> BTreeSet<Fact> {
        let mut out = BTreeSet::new();
        let Some(first) = ss.first() else {
            return out;
        };
        for (i, &c) in first.iter().enumerate() {
            if ss.iter().all(|s| s[i] == c) {
                out.insert(Fact::Const(i, c));
            }
        }
        for &(i, j) in &self.pairs {
            let ty = self.ty(i);
            let diff = |s: &Vec<i128>| {
                let d = s[i] - s[j];
                if self.math {
                    d
                } else {
                    ty.wrap(d)
                }
            };
            let d = diff(first);
            if d >= ty.min_value()
                && d <= ty.max_value()
                && ss.iter().all(|s| diff(s) == d)
                && !(out.contains(&Fact::Const(i, first[i]))
                    && out.contains(&Fact::Const(j, first[j])))
            {
                out.insert(Fact::Diff(i, j, d));
            }
            if order {
                if ss.iter().all(|s| s[i] <= s[j]) {
                    out.insert(Fact::Le(i, j));
                }
                if ss.iter().all(|s| s[i] >= s[j]) {
                    out.insert(Fact::Ge(i, j));
                }
            }
        }
        out
    }

    fn var(&self, i: usize) -> Expr {
        Expr::Var(self.vars[i])
    }

    fn eq_const(&self, i: usize, c: i128) -> Expr {
        Expr::bin(BinOp::Eq, self.var(i), Expr::Const(c, self.ty(i)))
    }

    fn expr(&self, f: Fact) -> Expr {
        match f {
            Fact::Const(i, c) => self.eq_const(i, c),
            Fact::Diff(i, j, d) => {
                let rhs = if d == 0 {
                    self.var(j)
                } else {
                    Expr::bin(BinOp::Add, self.var(j), Expr::Const(d, self.ty(j)))
                };
                Expr::bin(BinOp::Eq, self.var(i), rhs)
            }
            Fact::Le(i, j) => Expr::bin(BinOp::Le, self.var(i), self.var(j)),
            Fact::Ge(i, j) => Expr::bin(BinOp::Ge, self.var(i), self.var(j)),
        }
    }

    fn implies(g: Expr, f: Expr) -> Expr {
        Expr::bin(BinOp::Or, Expr::not(g), f)
    }

    fn mine(&self, ss: &[&Vec<i128>], lim: Limits) -> Vec<Expr> {
        let mut out = Vec::new();
        let global = self.facts(ss, true);
        for f in &global {
            out.push(self.expr(*f));
        }
        // Guards: variables with 2..=guard_values values.
        let mut guards: Vec<(usize, i128)> = Vec::new();
        for i in 0..self.vars.len() {
            let vals: BTreeSet<i128> = ss.iter().map(|s| s[i]).collect();
            if vals.len() >= 2 && vals.len() <= lim.guard_values {
                guards.extend(vals.into_iter().map(|c| (i, c)));
            }
        }
        let subset = |(i, c): (usize, i128)| -> Vec<&Vec<i128>> {
            ss.iter().copied().filter(|s| s[i] == c).collect()
        };
        let mut single: Vec<BTreeSet<Fact>> = Vec::new();
        for &g in &guards {
            let sub = subset(g);
            let fs: BTreeSet<Fact> = self
                .facts(&sub, false)
                .into_iter()
                .filter(|f| !global.contains(f) && !f.mentions(g.0))
                .collect();
            for f in &fs {
                if out.len() >= lim.per_cut {
                    return out;
                }
                out.push(Self::implies(self.eq_const(g.0, g.1), self.expr(*f)));
            }
            single.push(fs);
        }
        // Pairs of guards on distinct variables.
        let mut pair_facts: Vec<Expr> = Vec::new();
        for a in 0..guards.len() {
            for b in a + 1..guards.len() {
                let (ga, gb) = (guards[a], guards[b]);
                if ga.0 == gb.0 {
                    continue;
                }
                let both: Vec<&Vec<i128>> = ss
                    .iter()
                    .copied()
                    .filter(|s| s[ga.0] == ga.1 && s[gb.0] == gb.1)
                    .collect();
                let conj = || {
                    Expr::bin(
                        BinOp::And,
                        self.eq_const(ga.0, ga.1),
                        self.eq_const(gb.0, gb.1),
                    )
                };
                if both.is_empty() {
                    if out.len() >= lim.per_cut {
                        return out;
                    }
                    out.push(Expr::not(conj()));
                    continue;
                }
                let na = ss.iter().filter(|s| s[ga.0] == ga.1).count();
                let nb = ss.iter().filter(|s| s[gb.0] == gb.1).count();
                if both.len() == na || both.len() == nb {
                    continue;
                }
                for f in self.facts(&both, false) {
                    if global.contains(&f)
                        || single[a].contains(&f)
                        || single[b].contains(&f)
                        || f.mentions(ga.0)
                        || f.mentions(gb.0)
                    {
                        continue;
                    }
                    pair_facts.push(Self::implies(conj(), self.expr(f)));
                }
            }
        }
        for e in pair_facts {
            if out.len() >= lim.per_cut {
                break;
            }
            out.push(e);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bmc::tests::{bin, c, program, v, var, I32};

    /// Candidates at loop head 1 of `p` and the simulation's step count, under `lim`.
    fn run(p: &Program, lim: Limits) -> (Vec<Candidate>, usize) {
        let cuts = [LocId(1)];
        let cutset: HashSet<LocId> = cuts.iter().copied().collect();
        let tracked: HashMap<LocId, Vec<VarId>> = [(LocId(1), vec![VarId(0), VarId(1)])].into();
        let (_, steps) = simulate(p, p.main(), &cutset, &tracked, false, lim);
        (generate(p, p.main(), &cuts, false, lim), steps)
    }

    fn without_stall() -> Limits {
        Limits {
            stall: usize::MAX,
            ..Limits::default()
        }
    }

    /// `x = 0; y = 0; while (*) { x = 1 - x; y = x + 3; } assume(y != 7);`: three states at the head, all seen
    /// at once.
    fn toggle() -> Program {
        program(
            vec![var("x", I32, Some(0)), var("y", I32, Some(0))],
            vec![
                (0, 1, Op::Skip),
                (1, 2, Op::Assign(VarId(0), bin(BinOp::Sub, c(1), v(0)))),
                (2, 1, Op::Assign(VarId(1), bin(BinOp::Add, v(0), c(3)))),
                (1, 3, Op::Assume(bin(BinOp::Ne, v(1), c(7)))),
            ],
            5,
        )
    }

    /// `x = *; y = x; while (*) { x++; y++; }`: a new state in almost every run until the
    /// sample set is full.
    fn lockstep() -> Program {
        program(
            vec![var("x", I32, None), var("y", I32, None)],
            vec![
                (0, 1, Op::Assign(VarId(1), v(0))),
                (1, 2, Op::Assign(VarId(0), bin(BinOp::Add, v(0), c(1)))),
                (2, 1, Op::Assign(VarId(1), bin(BinOp::Add, v(1), c(1)))),
                (1, 3, Op::Skip),
            ],
            5,
        )
    }

    #[test]
    fn simulation_stops_when_no_new_state_appears() {
        let p = toggle();
        let (early, steps) = run(&p, Limits::default());
        let (full, all_steps) = run(&p, without_stall());
        assert!(steps <= 2 * Limits::default().stall, "{steps}");
        assert!(all_steps > 5 * steps, "{steps} {all_steps}");
        assert_eq!(early, full);
        assert!(!early.is_empty());
    }

    #[test]
    fn simulation_stops_when_every_sample_set_is_full() {
        let p = lockstep();
        // Without the stall rule too: the full sample set alone ends the simulation (and
        // nothing recorded after that point could have changed a candidate).
        let (early, steps) = run(&p, without_stall());
        assert!(steps < Limits::default().steps / 10, "{steps}");
        assert!(
            early.iter().any(|c| c.expr == bin(BinOp::Eq, v(0), v(1))),
            "{early:?}"
        );
    }
}
