//! Affine equalities among the integer variables (Karr's analysis), as candidate predicates.
//!
//! Dataflow pipelines copy and combine values through many variables (`pres_t = a; dbl_t =
//! (a + b) + (a - b)`, later `pres = pres_t; dbl = dbl_t; zero_t = dbl - 2 * pres`), and what
//! they keep is an affine relation (`dbl_t == 2 * pres_t`, `zero_t == 0`). Interpolants of
//! single spurious paths state such relations through the path's initial data (`pres_t ==
//! sum`) and rarely the relation itself. This module computes, per location, the affine hull
//! of the states reachable over the rationals: assignments of linear expressions are exact,
//! other writes forget the variable, linear equality conditions intersect, other conditions
//! are ignored; the hull only grows in dimension, so the fixpoint is reached after at most
//! `n + 1` changes per location. The equalities at the abstraction points are *candidates*
//! only: C arithmetic wraps and the analysis ignores that (and the modular closures of the
//! equalities are offered too), and the candidate replay and the ART's own posts decide what
//! holds; nothing here is trusted for a verdict.
//!
//! Variables are the integer ones not tracked by value (the tracked ones are exact already);
//! any expression reading another variable is not linear here.

use crate::ir::{BinOp, Cfg, Expr, LocId, Op, Program, UnOp, VarId};
use std::collections::{BTreeMap, HashMap};

/// Modelled variables beyond which the analysis is skipped.
const MAX_VARS: usize = 600;
use super::modular::{MAX_COEFF, MAX_VARS as MAX_EQ_VARS};

/// A rational with i128 parts (None on overflow: the analysis gives up).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Q {
    n: i128,
    d: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Q {
    const ZERO: Q = Q { n: 0, d: 1 };
    const ONE: Q = Q { n: 1, d: 1 };
    fn int(n: i128) -> Q {
        Q { n, d: 1 }
    }
    fn make(n: i128, d: i128) -> Option<Q> {
        if d == 0 {
            return None;
        }
        let g = gcd(n, d).max(1);
        let s = if d < 0 { -1 } else { 1 };
        Some(Q {
            n: s * n / g,
            d: s * d / g,
        })
    }
    fn is_zero(self) -> bool {
        self.n == 0
    }
    fn add(self, o: Q) -> Option<Q> {
        let n = self
            .n
            .checked_mul(o.d)?
            .checked_add(o.n.checked_mul(self.d)?)?;
        Q::make(n, self.d.checked_mul(o.d)?)
    }
    fn neg(self) -> Q {
        Q {
            n: -self.n,
            d: self.d,
        }
    }
    fn sub(self, o: Q) -> Option<Q> {
        self.add(o.neg())
    }
    fn mul(self, o: Q) -> Option<Q> {
        Q::make(self.n.checked_mul(o.n)?, self.d.checked_mul(o.d)?)
    }
    fn div(self, o: Q) -> Option<Q> {
        Q::make(self.n.checked_mul(o.d)?, self.d.checked_mul(o.n)?)
    }
}

/// A sparse vector: (dimension, nonzero value), sorted by dimension.
type Sparse = Vec<(usize, Q)>;

fn get(v: &Sparse, i: usize) -> Q {
    v.binary_search_by_key(&i, |e| e.0)
        .map(|k| v[k].1)
        .unwrap_or(Q::ZERO)
}

/// `a + k * b`.
fn axpy(a: &Sparse, k: Q, b: &Sparse) -> Option<Sparse> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let (d, v) = if j == b.len() || (i < a.len() && a[i].0 < b[j].0) {
            i += 1;
            (a[i - 1].0, a[i - 1].1)
        } else if i == a.len() || b[j].0 < a[i].0 {
            j += 1;
            (b[j - 1].0, k.mul(b[j - 1].1)?)
        } else {
            i += 1;
            j += 1;
            (a[i - 1].0, a[i - 1].1.add(k.mul(b[j - 1].1)?)?)
        };
        if !v.is_zero() {
            out.push((d, v));
        }
    }
    Some(out)
}

/// A linear expression over the dimensions: coefficients and a constant.
#[derive(Clone, Debug)]
struct Lin {
    coeffs: Sparse,
    constant: Q,
}

impl Lin {
    fn eval(&self, p: &[Q]) -> Option<Q> {
        let mut s = self.constant;
        for &(i, a) in &self.coeffs {
            s = s.add(a.mul(p[i])?)?;
        }
        Some(s)
    }
    /// The homogeneous part applied to a direction.
    fn apply_dir(&self, d: &Sparse) -> Option<Q> {
        let mut s = Q::ZERO;
        for &(i, a) in &self.coeffs {
            s = s.add(a.mul(get(d, i))?)?;
        }
        Some(s)
    }
}

/// An affine space: a point and a basis of directions in reduced echelon form (each row has a
/// pivot dimension where it is 1 and every other row 0).
#[derive(Clone, Debug)]
struct Space {
    point: Vec<Q>,
    rows: Vec<(usize, Sparse)>,
}

impl Space {
    /// Adds a direction; true when the dimension grew.
    fn add_dir(&mut self, v: Sparse) -> Option<bool> {
        let mut v = v;
        for (p, r) in &self.rows {
            let k = get(&v, *p);
            if !k.is_zero() {
                v = axpy(&v, k.neg(), r)?;
            }
        }
        let Some(&(p, lead)) = v.first() else {
            return Some(false);
        };
        let inv = Q::ONE.div(lead)?;
        let v: Sparse = v
            .iter()
            .map(|&(i, x)| Some((i, x.mul(inv)?)))
            .collect::<Option<_>>()?;
        for (_, r) in &mut self.rows {
            let k = get(r, p);
            if !k.is_zero() {
                *r = axpy(r, k.neg(), &v)?;
            }
        }
        self.rows.push((p, v));
        Some(true)
    }

    /// The affine hull with `o`; true when it grew.
    fn join(&mut self, o: &Space) -> Option<bool> {
        let diff: Sparse = o
            .point
            .iter()
            .zip(&self.point)
            .enumerate()
            .filter_map(|(i, (a, b))| match a.sub(*b) {
                Some(d) if d.is_zero() => None,
                Some(d) => Some(Some((i, d))),
                None => Some(None),
            })
            .collect::<Option<_>>()?;
        let mut grew = self.add_dir(diff)?;
        for (_, r) in &o.rows {
            grew |= self.add_dir(r.clone())?;
        }
        Some(grew)
    }

    fn forget(&mut self, x: usize) -> Option<()> {
        self.add_dir(vec![(x, Q::ONE)]).map(|_| ())
    }

    /// `x := lin`.
    fn assign(&mut self, x: usize, lin: &Lin) -> Option<()> {
        let px = lin.eval(&self.point)?;
        let mut dirs = Vec::with_capacity(self.rows.len());
        for (_, r) in &self.rows {
            let vx = lin.apply_dir(r)?;
            let mut r: Sparse = r.iter().copied().filter(|e| e.0 != x).collect();
            if !vx.is_zero() {
                let at = r.partition_point(|e| e.0 < x);
                r.insert(at, (x, vx));
            }
            dirs.push(r);
        }
        self.point[x] = px;
        self.rows.clear();
        for d in dirs {
            self.add_dir(d)?;
        }
        Some(())
    }

    /// The intersection with `lin == 0`; None when empty, Err on overflow.
    fn meet(mut self, lin: &Lin) -> Result<Option<Space>, ()> {
        let at_p = lin.eval(&self.point).ok_or(())?;
        let vals: Vec<Q> = self
            .rows
            .iter()
            .map(|(_, r)| lin.apply_dir(r))
            .collect::<Option<_>>()
            .ok_or(())?;
        let Some(k) = vals.iter().position(|v| !v.is_zero()) else {
            return Ok(at_p.is_zero().then_some(self));
        };
        // Move the point along row k onto the hyperplane; project the other rows.
        let (_, dk) = self.rows[k].clone();
        let t = at_p.neg().div(vals[k]).ok_or(())?;
        for &(i, v) in &dk {
            self.point[i] = self.point[i].add(t.mul(v).ok_or(())?).ok_or(())?;
        }
        let mut dirs = Vec::new();
        for (j, (_, r)) in self.rows.iter().enumerate() {
            if j == k {
                continue;
            }
            let f = vals[j].div(vals[k]).ok_or(())?.neg();
            dirs.push(axpy(r, f, &dk).ok_or(())?);
        }
        self.rows.clear();
        for d in dirs {
            self.add_dir(d).ok_or(())?;
        }
        Ok(Some(self))
    }
}

/// `Σ a_i x_i == b`: the terms `(x_i, a_i)` and `b`.
pub(super) type Equality<X> = (Vec<(X, i128)>, i128);

/// Values of the tracked variables (per position in the tracked list; None: unknown).
type Vals = Vec<Option<i128>>;

/// What the analysis knows about the variables: which are dimensions, which are tracked by
/// value (explicit, like the ART's values).
struct Model<'a> {
    prog: &'a Program,
    /// Dimension of each program variable (modelled integer variables).
    dim: Vec<Option<usize>>,
    /// Position in the valuation of each tracked program variable.
    tracked: &'a [Option<usize>],
}

impl Model<'_> {
    /// The tracked variable `e` is, if it is one (its position in the valuation).
    fn tracked_var(&self, e: &Expr) -> Option<usize> {
        match e {
            Expr::Var(v) => self.tracked[v.0 as usize],
            _ => None,
        }
    }

    /// The value of `e` when it reads known tracked variables only.
    fn eval(&self, e: &Expr, vals: &Vals) -> Option<i128> {
        struct Env<'e> {
            m: &'e Model<'e>,
            vals: &'e Vals,
        }
        impl crate::ir::interp::Env for Env<'_> {
            fn vars(&self) -> &[crate::ir::Var] {
                &self.m.prog.vars
            }
            fn get(&self, v: VarId) -> Option<i128> {
                self.m.tracked[v.0 as usize].and_then(|i| self.vals[i])
            }
        }
        crate::ir::interp::eval(
            e,
            &Env { m: self, vals },
            crate::ir::interp::ReplaySemantics::BitVector,
        )
        .ok()
    }
}

/// States (explicit values × affine space) at abstraction points beyond which the analysis
/// gives up, and states inside one block.
const MAX_STATES: usize = 10000;

/// Reports (with `PREDABS_DEBUG`) why the analysis gave up.
fn give_up(why: &str) {
    if super::debug() {
        eprintln!("[predabs] affine analysis gave up: too many {why}");
    }
}
const MAX_BLOCK_STATES: usize = 10000;
/// Work (CPU time of the calling thread, in milliseconds) the analysis may take before it
/// gives up.
const BUDGET_MS: u64 = 8000;

/// The affine equalities `Σ a_i x_i == b` (integer coefficients) that hold at the abstraction
/// points of `cfg` by the analysis, over the integer variables not tracked by value, each as
/// its terms and constant; empty when the analysis gives up (overflow, too many variables or
/// states, time). `tracked` gives each program variable's position among the variables
/// tracked by value, which the analysis keeps explicitly as the ART does (one affine space per
/// valuation: flags decide which copies a path makes); `abs_point` must cut every cycle.
pub(super) fn equalities(
    prog: &Program,
    cfg: &Cfg,
    abs_point: &[bool],
    tracked: &[Option<usize>],
) -> Vec<Equality<VarId>> {
    analyse(prog, cfg, abs_point, tracked).unwrap_or_default()
}

fn analyse(
    prog: &Program,
    cfg: &Cfg,
    abs_point: &[bool],
    tracked: &[Option<usize>],
) -> Option<Vec<Equality<VarId>>> {
    let vars: Vec<VarId> = (0..prog.vars.len() as u32)
        .map(VarId)
        .filter(|v| prog.var(*v).ty != crate::ir::Type::Bool && tracked[v.0 as usize].is_none())
        .collect();
    if vars.is_empty() || vars.len() > MAX_VARS {
        return None;
    }
    let mut dim: Vec<Option<usize>> = vec![None; prog.vars.len()];
    for (i, v) in vars.iter().enumerate() {
        dim[v.0 as usize] = Some(i);
    }
    let model = Model { prog, dim, tracked };
    let (init, init_vals) = initial_state(prog, &vars, tracked)?;
    let topo = topological_order(cfg, abs_point)?;
    let global = fixpoint(&model, cfg, abs_point, &topo, init, init_vals)?;
    live_equalities(cfg, &vars, &global)
}

/// The affine space and the tracked values at the program's start: each variable at its
/// initial value, any value when it has none.
fn initial_state(
    prog: &Program,
    vars: &[VarId],
    tracked: &[Option<usize>],
) -> Option<(Space, Vals)> {
    let mut init = Space {
        point: vec![Q::ZERO; vars.len()],
        rows: Vec::new(),
    };
    for (i, v) in vars.iter().enumerate() {
        match prog.var(*v).init {
            Some(c) => init.point[i] = Q::int(c),
            None => init.forget(i)?,
        }
    }
    let ntracked = tracked.iter().flatten().count();
    let mut init_vals: Vals = vec![None; ntracked];
    for (v, pos) in tracked.iter().enumerate() {
        if let Some(i) = pos {
            init_vals[*i] = prog.vars[v].init;
        }
    }
    Some((init, init_vals))
}

/// Each location's position in a topological order of the CFG with the edges into
/// abstraction points removed; None when a cycle has no abstraction point (not the CFG shape
/// the blocks assume).
fn topological_order(cfg: &Cfg, abs_point: &[bool]) -> Option<Vec<usize>> {
    let nl = cfg.num_locs as usize;
    let mut indeg = vec![0usize; nl];
    for e in &cfg.edges {
        if !abs_point[e.to.0 as usize] {
            indeg[e.to.0 as usize] += 1;
        }
    }
    let mut topo = vec![usize::MAX; nl];
    let mut queue: Vec<usize> = (0..nl).filter(|&l| indeg[l] == 0).collect();
    let mut next = 0;
    while let Some(l) = queue.pop() {
        topo[l] = next;
        next += 1;
        for &e in &cfg.out[l] {
            let t = cfg.edges[e.0 as usize].to.0 as usize;
            if !abs_point[t] {
                indeg[t] -= 1;
                if indeg[t] == 0 {
                    queue.push(t);
                }
            }
        }
    }
    (!topo.contains(&usize::MAX)).then_some(topo)
}

/// The analysis' fixpoint: one affine space per abstraction point and valuation of the
/// tracked variables, each block from an abstraction point followed in topological order
/// (one space per valuation at each of its locations). None when it gives up.
fn fixpoint(
    model: &Model,
    cfg: &Cfg,
    abs_point: &[bool],
    topo: &[usize],
    init: Space,
    init_vals: Vals,
) -> Option<HashMap<(LocId, Vals), Space>> {
    // A work limit (CPU time of this thread), not wall-clock time: whether the affine
    // candidates exist must not depend on the machine's load.
    let budget = crate::smt::Budget::new(None, Some(std::time::Duration::from_millis(BUDGET_MS)));
    let mut global: HashMap<(LocId, Vals), Space> = HashMap::new();
    let mut work: Vec<(LocId, Vals)> = vec![(cfg.entry, init_vals.clone())];
    global.insert((cfg.entry, init_vals), init);
    while let Some((start, vals)) = work.pop() {
        if budget.exhausted() {
            give_up("steps for the time budget");
            return None;
        }
        let s0 = global[&(start, vals.clone())].clone();
        let mut local: BTreeMap<(usize, LocId, Vals), Space> = BTreeMap::new();
        let mut first = Some((start, vals, s0));
        let mut steps = 0usize;
        loop {
            let (l, vals, s) = match first.take() {
                Some(x) => x,
                None => match local.pop_first() {
                    Some(((_, l, v), s)) => (l, v, s),
                    None => break,
                },
            };
            steps += 1;
            if steps > MAX_BLOCK_STATES {
                give_up("states in a block");
                return None;
            }
            for &e in &cfg.out[l.0 as usize] {
                let edge = &cfg.edges[e.0 as usize];
                let Some((post, pvals)) = transfer(model, s.clone(), vals.clone(), &edge.op)?
                else {
                    continue;
                };
                let t = edge.to;
                if abs_point[t.0 as usize] {
                    let key = (t, pvals);
                    let grew = match global.get_mut(&key) {
                        None => {
                            global.insert(key.clone(), post);
                            true
                        }
                        Some(old) => old.join(&post)?,
                    };
                    if global.len() > MAX_STATES {
                        give_up("states");
                        return None;
                    }
                    if grew && !work.contains(&key) {
                        work.push(key);
                    }
                } else {
                    let key = (topo[t.0 as usize], t, pvals);
                    match local.get_mut(&key) {
                        None => {
                            local.insert(key, post);
                        }
                        Some(old) => {
                            old.join(&post)?;
                        }
                    }
                }
            }
        }
    }
    Some(global)
}

/// The equalities of the fixpoint's spaces over variables live where they hold (a dead
/// variable's relations say nothing about the future), normalised (sorted, first coefficient
/// positive), without repetitions, sorted.
fn live_equalities(
    cfg: &Cfg,
    vars: &[VarId],
    global: &HashMap<(LocId, Vals), Space>,
) -> Option<Vec<Equality<VarId>>> {
    let mut live: HashMap<VarId, Vec<bool>> = HashMap::new();
    let mut out: Vec<Equality<VarId>> = Vec::new();
    for ((l, _), s) in global {
        for eq in space_equalities(s, vars.len())? {
            let mut cs: Vec<(VarId, i128)> = eq.0.iter().map(|&(i, a)| (vars[i], a)).collect();
            cs.sort();
            let all_live = cs.iter().all(|(v, _)| {
                live.entry(*v)
                    .or_insert_with(|| super::explicit::live_locs(cfg, *v))[l.0 as usize]
            });
            if !all_live {
                continue;
            }
            let sign = if cs[0].1 < 0 { -1 } else { 1 };
            let eq = (
                cs.iter().map(|&(v, a)| (v, sign * a)).collect::<Vec<_>>(),
                sign * eq.1,
            );
            if !out.contains(&eq) {
                out.push(eq);
            }
        }
    }
    out.sort();
    Some(out)
}

/// The equalities of a space: for each non-pivot dimension `f`, `x_f - Σ_r row_r[f] x_(pivot r)
/// == point[f] - Σ_r row_r[f] point[pivot r]`, scaled to integers; only small ones.
fn space_equalities(s: &Space, n: usize) -> Option<Vec<Equality<usize>>> {
    let mut is_pivot = vec![false; n];
    let mut terms: Vec<Vec<(usize, Q)>> = vec![Vec::new(); n];
    for (p, r) in &s.rows {
        is_pivot[*p] = true;
        for &(f, v) in r {
            if f != *p {
                terms[f].push((*p, v.neg()));
            }
        }
    }
    let mut out = Vec::new();
    for f in 0..n {
        if is_pivot[f] || terms[f].len() + 1 > MAX_EQ_VARS {
            continue;
        }
        let mut coeffs: Vec<(usize, Q)> = vec![(f, Q::ONE)];
        coeffs.extend(terms[f].iter().copied());
        let mut rhs = Q::ZERO;
        for &(i, a) in &coeffs {
            rhs = rhs.add(a.mul(s.point[i])?)?;
        }
        // Scale by the lcm of the denominators.
        let mut l: i128 = 1;
        for d in coeffs.iter().map(|c| c.1.d).chain([rhs.d]) {
            l = (l / gcd(l, d)).checked_mul(d)?;
        }
        let ints: Vec<(usize, i128)> = coeffs
            .iter()
            .map(|&(i, a)| Some((i, a.n.checked_mul(l / a.d)?)))
            .collect::<Option<_>>()?;
        if ints.iter().any(|c| c.1.abs() > MAX_COEFF) {
            continue;
        }
        let b = rhs.n.checked_mul(l / rhs.d)?;
        out.push((ints, b));
    }
    Some(out)
}

/// The state after an edge: None (inner) when the edge is infeasible from it, None (outer)
/// on overflow.
fn transfer(m: &Model, mut s: Space, mut vals: Vals, op: &Op) -> Option<Option<(Space, Vals)>> {
    let forget = |s: &mut Space, vals: &mut Vals, x: VarId| -> Option<()> {
        if let Some(i) = m.tracked[x.0 as usize] {
            vals[i] = None;
        }
        if let Some(i) = m.dim[x.0 as usize] {
            s.forget(i)?;
        }
        Some(())
    };
    match op {
        Op::Assign(x, rhs) => {
            if let Some(i) = m.tracked[x.0 as usize] {
                vals[i] = m
                    .eval(rhs, &vals)
                    .map(|v| crate::ir::interp::store_value(m.prog, *x, v, Default::default()));
            } else if let Some(i) = m.dim[x.0 as usize] {
                match linear(rhs, m, &vals) {
                    Some(lin) => s.assign(i, &lin)?,
                    None => s.forget(i)?,
                }
            }
        }
        Op::Nondet(x) => forget(&mut s, &mut vals, *x)?,
        Op::Call { ret, may_write, .. } => {
            for v in ret.iter().chain(may_write) {
                forget(&mut s, &mut vals, *v)?;
            }
        }
        Op::Assume(c) => {
            if let Some(v) = m.eval(c, &vals) {
                if v == 0 {
                    return Some(None);
                }
            } else {
                for lin in equations(c, m, &vals) {
                    match s.meet(&lin) {
                        Ok(Some(t)) => s = t,
                        Ok(None) => return Some(None),
                        Err(()) => return None,
                    }
                }
            }
        }
        _ => {}
    }
    Some(Some((s, vals)))
}

/// The linear equations `lin == 0` a condition implies (its equality conjuncts).
fn equations(c: &Expr, m: &Model, vals: &Vals) -> Vec<Lin> {
    let eq = |a: &Expr, b: &Expr| -> Option<Lin> {
        let (la, lb) = (linear(a, m, vals)?, linear(b, m, vals)?);
        Some(Lin {
            coeffs: axpy(&la.coeffs, Q::int(-1), &lb.coeffs)?,
            constant: la.constant.sub(lb.constant)?,
        })
    };
    match c {
        Expr::Binary(BinOp::Eq, a, b) => eq(a, b).into_iter().collect(),
        Expr::Binary(BinOp::And, a, b) => {
            let mut v = equations(a, m, vals);
            v.extend(equations(b, m, vals));
            v
        }
        Expr::Unary(UnOp::Not, inner) => match &**inner {
            Expr::Binary(BinOp::Ne, a, b) => eq(a, b).into_iter().collect(),
            Expr::Unary(UnOp::Not, e) => equations(e, m, vals),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// `e` as a linear expression over the modelled variables, known tracked values as constants
/// (casts between integer types are looked through: the analysis ignores wrapping).
fn linear(e: &Expr, m: &Model, vals: &Vals) -> Option<Lin> {
    if let Some(i) = m.tracked_var(e) {
        return Some(Lin {
            coeffs: Vec::new(),
            constant: Q::int(vals[i]?),
        });
    }
    let dim = &m.dim;
    let linear = |e: &Expr| linear(e, m, vals);
    match e {
        Expr::Const(c, _) => Some(Lin {
            coeffs: Vec::new(),
            constant: Q::int(*c),
        }),
        Expr::Var(v) => Some(Lin {
            coeffs: vec![(dim[v.0 as usize]?, Q::ONE)],
            constant: Q::ZERO,
        }),
        Expr::Cast(crate::ir::Type::Int { .. }, a) => linear(a),
        Expr::Unary(UnOp::Neg, a) => {
            let l = linear(a)?;
            Some(Lin {
                coeffs: l.coeffs.iter().map(|&(i, v)| (i, v.neg())).collect(),
                constant: l.constant.neg(),
            })
        }
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            let (la, lb) = (linear(a)?, linear(b)?);
            let k = if *op == BinOp::Add {
                Q::ONE
            } else {
                Q::int(-1)
            };
            Some(Lin {
                coeffs: axpy(&la.coeffs, k, &lb.coeffs)?,
                constant: la.constant.add(k.mul(lb.constant)?)?,
            })
        }
        Expr::Binary(BinOp::Mul, a, b) => {
            let (la, lb) = (linear(a)?, linear(b)?);
            let (k, l) = if la.coeffs.is_empty() {
                (la.constant, lb)
            } else if lb.coeffs.is_empty() {
                (lb.constant, la)
            } else {
                return None;
            };
            Some(Lin {
                coeffs: l
                    .coeffs
                    .iter()
                    .map(|&(i, v)| Some((i, k.mul(v)?)))
                    .collect::<Option<Sparse>>()?
                    .into_iter()
                    .filter(|e| !e.1.is_zero())
                    .collect(),
                constant: k.mul(l.constant)?,
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lin(coeffs: &[(usize, i128)], c: i128) -> Lin {
        Lin {
            coeffs: coeffs.iter().map(|&(i, a)| (i, Q::int(a))).collect(),
            constant: Q::int(c),
        }
    }

    fn origin(n: usize) -> Space {
        Space {
            point: vec![Q::ZERO; n],
            rows: Vec::new(),
        }
    }

    #[test]
    fn copies_and_doubling_give_the_relation() {
        // x0 := *; x1 := x0; x2 := 2 * x0; x0 := *: x2 == 2 * x1 remains.
        let mut s = origin(3);
        s.forget(0).unwrap();
        s.assign(1, &lin(&[(0, 1)], 0)).unwrap();
        s.assign(2, &lin(&[(0, 2)], 0)).unwrap();
        s.forget(0).unwrap();
        let eqs = space_equalities(&s, 3).unwrap();
        assert_eq!(eqs.len(), 1, "{eqs:?}");
        let (c, b) = &eqs[0];
        assert_eq!(*b, 0);
        let mut c = c.clone();
        c.sort();
        assert!(
            c == vec![(1, 2), (2, -1)] || c == vec![(1, -2), (2, 1)],
            "{c:?}"
        );
    }

    #[test]
    fn join_keeps_what_both_branches_agree_on() {
        // Branch 1: x1 := x0; branch 2: assume x1 == x0. The join keeps x1 == x0.
        let mut a = origin(2);
        a.forget(0).unwrap();
        a.forget(1).unwrap();
        let mut b = a.clone();
        a.assign(1, &lin(&[(0, 1)], 0)).unwrap();
        b = b.meet(&lin(&[(1, 1), (0, -1)], 0)).unwrap().unwrap();
        assert!(!a.join(&b).unwrap());
        assert_eq!(a.rows.len(), 1);
        // A constant point on one side and another constant on the other: the hull is a line.
        let mut c = origin(1);
        let mut d = origin(1);
        d.point[0] = Q::int(3);
        assert!(c.join(&d).unwrap());
        assert!(space_equalities(&c, 1).unwrap().is_empty());
        // An infeasible equality: empty.
        assert!(origin(1).meet(&lin(&[(0, 1)], -1)).unwrap().is_none());
    }
}
