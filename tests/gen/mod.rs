//! Deterministic random generator of small threaded C programs for the POR soundness harness
//! (`tests/por_soundness.rs`): pthread programs (2-4 threads, shared ints, mutexes, atomic
//! sections, busy-wait loops, nondeterministic values, assertions via `reach_error`) with an
//! exact ground-truth verdict from an explicit-state exploration of the generated program, and
//! SystemC-event and FreeRTOS-priority variants (no oracle: only the configurations are
//! compared with each other).
//!
//! Every generated statement accesses at most one shared variable, so the explicit explorer's
//! statement-level interleaving equals the engine's preemption at shared accesses.
#![allow(dead_code)]

use std::collections::HashSet;
use std::fmt::Write;

/// A small deterministic PRNG (splitmix64).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Which scheduler family a generated program uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavor {
    Pthread,
    SystemC,
    FreeRtos,
}

/// A generated program.
pub struct GenProgram {
    pub seed: u64,
    pub flavor: Flavor,
    pub source: String,
    /// Ground truth (`Some(true)` = safe) when the generator can compute it.
    pub safe: Option<bool>,
    /// The instances get different arguments (`&ids[k]`): not interchangeable, so symmetry
    /// cannot reduce them (counted apart in the reduction ratio).
    pub distinct_args: bool,
    /// Main reads the handle array after the creation loop (a join loop or a join at a
    /// nondeterministic index): the slots are not permuted with the instances, so symmetric
    /// covers cannot apply (`sched::symmetry`'s module doc; counted apart in the ratio).
    pub joins_handles: bool,
}

/// A condition over thread locals: `a op c` or `a + b op c`.
#[derive(Clone, Debug)]
struct Cond {
    l: usize,
    plus: Option<usize>,
    op: &'static str,
    c: i64,
}

#[derive(Clone, Debug)]
enum Stmt {
    /// local = global
    Load(usize, usize),
    /// global = local + c (or = c when local is None)
    Store(usize, Option<usize>, i64),
    /// local = local + c
    Local(usize, usize, i64),
    /// local = nondet in 0..=hi
    Nondet(usize, i64),
    Lock(usize),
    Unlock(usize),
    Atomic(Vec<Stmt>),
    If(Cond, Vec<Stmt>, Vec<Stmt>),
    /// for (i = 0; i < n; i++) body  (uses the dedicated loop counter local 2)
    For(i64, Vec<Stmt>),
    /// do { local = global; } while (local == c)
    Await(usize, usize, i64),
    Assert(Cond),
    /// if (cond) abort();  (ends the whole program)
    Halt(Cond),
    // SystemC
    Wait(usize),
    Notify(usize),
    NotifyDelta(usize),
    // FreeRTOS
    Delay(i64),
    Take(usize),
    Give(usize),
    Yield,
}

const LOCALS: [&str; 3] = ["a", "b", "i"];

struct Shape {
    globals: usize,
    inits: Vec<i64>,
    mutexes: usize,
    /// Worker entries (function bodies); `spawns` lists which entry each created thread runs.
    workers: Vec<Vec<Stmt>>,
    spawns: Vec<usize>,
    prios: Vec<i64>,
    main_pre: Vec<Stmt>,
    /// Threads main joins (indices into spawns).
    joins: Vec<usize>,
    main_post: Vec<Stmt>,
    /// FreeRTOS: the body of an interrupt handler `isr_gen` (fires at preemption points).
    isr: Option<Vec<Stmt>>,
    /// pthreads: threads created and joined in loops over a handle array `t[N]` (every spawn
    /// runs the same entry; `joins` is a prefix).
    loop_spawn: bool,
    /// With `loop_spawn`: instead of the join loop, main joins one thread at an index chosen
    /// nondeterministically (`pthread_join(t[k], 0)`, `k` unknown to the scheduler state).
    join_any: bool,
    /// With `loop_spawn`: each instance gets a pointer to its own element of an array `ids`
    /// (all 0) and starts its local `a` from it (`int a = *(int *)arg;`): the dereference is
    /// lowered to a selection that also names the handle array's cells.
    arg_ids: bool,
}

/// Generates program number `seed` of the given flavor.
pub fn generate(seed: u64, flavor: Flavor) -> GenProgram {
    let mut r = Rng::new(seed ^ ((flavor as u64) << 56));
    let shape = gen_shape(&mut r, flavor);
    let source = print(&shape, flavor);
    let safe = if flavor == Flavor::Pthread {
        explore(&shape)
    } else {
        None
    };
    GenProgram {
        seed,
        flavor,
        source,
        safe,
        distinct_args: false,
        joins_handles: false,
    }
}

fn gen_cond(r: &mut Rng) -> Cond {
    let ops = ["==", "!=", "<", "<=", ">"];
    Cond {
        l: r.below(2),
        plus: r.chance(30).then(|| r.below(2)),
        op: ops[r.below(ops.len())],
        c: r.below(4) as i64,
    }
}

struct Ctx {
    flavor: Flavor,
    globals: usize,
    mutexes: usize,
    events: usize,
    depth: usize,
    in_loop: bool,
}

fn gen_block(r: &mut Rng, cx: &mut Ctx, len: usize) -> Vec<Stmt> {
    let mut out = Vec::new();
    for _ in 0..len {
        gen_stmt(r, cx, &mut out);
    }
    out
}

fn gen_simple(r: &mut Rng, cx: &Ctx) -> Stmt {
    match r.below(5) {
        0 | 1 => Stmt::Load(r.below(2), r.below(cx.globals)),
        2 | 3 => Stmt::Store(
            r.below(cx.globals),
            r.chance(70).then(|| r.below(2)),
            r.below(3) as i64,
        ),
        _ => Stmt::Local(r.below(2), r.below(2), r.below(3) as i64 - 1),
    }
}

fn gen_stmt(r: &mut Rng, cx: &mut Ctx, out: &mut Vec<Stmt>) {
    let k = r.below(100);
    let nested = cx.depth < 2;
    match k {
        0..=44 => out.push(gen_simple(r, cx)),
        45..=49 => out.push(Stmt::Nondet(r.below(2), 1 + r.below(2) as i64)),
        50..=57 => out.push(Stmt::Assert(gen_cond(r))),
        58..=65 if nested => {
            cx.depth += 1;
            let n = 1 + r.below(2);
            let a = gen_block(r, cx, n);
            let b = if r.chance(50) {
                gen_block(r, cx, 1)
            } else {
                Vec::new()
            };
            cx.depth -= 1;
            out.push(Stmt::If(gen_cond(r), a, b));
        }
        66..=70 if nested && !cx.in_loop => {
            cx.depth += 1;
            cx.in_loop = true;
            let n = 1 + r.below(2);
            let body = gen_block(r, cx, n);
            cx.in_loop = false;
            cx.depth -= 1;
            out.push(Stmt::For(1 + r.below(2) as i64, body));
        }
        71..=74 if cx.flavor == Flavor::Pthread => {
            out.push(Stmt::Await(r.below(2), r.below(cx.globals), 0))
        }
        75..=84 => match cx.flavor {
            Flavor::Pthread if cx.mutexes > 0 => {
                let m = r.below(cx.mutexes);
                let mut body = vec![gen_simple(r, cx)];
                if r.chance(60) {
                    body.push(gen_simple(r, cx));
                }
                out.push(Stmt::Lock(m));
                out.extend(body);
                out.push(Stmt::Unlock(m));
            }
            Flavor::Pthread => {
                let mut body = vec![gen_simple(r, cx), gen_simple(r, cx)];
                if r.chance(30) {
                    body.push(Stmt::Assert(gen_cond(r)));
                }
                out.push(Stmt::Atomic(body));
            }
            Flavor::SystemC => out.push(match r.below(3) {
                0 => Stmt::Wait(r.below(cx.events)),
                1 => Stmt::Notify(r.below(cx.events)),
                _ => Stmt::NotifyDelta(r.below(cx.events)),
            }),
            Flavor::FreeRtos => match r.below(4) {
                0 => out.push(Stmt::Delay(1 + r.below(2) as i64)),
                1 => out.push(Stmt::Yield),
                _ => {
                    // take/give pairs keep the semaphore balanced
                    out.push(Stmt::Take(0));
                    out.push(gen_simple(r, cx));
                    out.push(Stmt::Give(0));
                }
            },
        },
        93..=95 if cx.flavor == Flavor::Pthread => {
            // a check on a shared value that ends the program (mix000's
            // `assume_abort_if_not(cnt == 2)` in main)
            let l = r.below(2);
            out.push(Stmt::Load(l, r.below(cx.globals)));
            out.push(Stmt::Halt(Cond {
                l,
                plus: None,
                op: "!=",
                c: r.below(3) as i64,
            }));
        }
        85..=92 if cx.flavor == Flavor::Pthread => {
            let mut body = vec![gen_simple(r, cx), gen_simple(r, cx)];
            if r.chance(30) {
                body.push(Stmt::Assert(gen_cond(r)));
            }
            out.push(Stmt::Atomic(body));
        }
        _ => out.push(gen_simple(r, cx)),
    }
}

fn gen_shape(r: &mut Rng, flavor: Flavor) -> Shape {
    let globals = 1 + r.below(3);
    let inits = (0..globals).map(|_| r.below(2) as i64).collect();
    let mutexes = if flavor == Flavor::Pthread {
        r.below(3)
    } else {
        0
    };
    let nthreads = 1 + r.below(3); // workers besides main
    let nentries = 1 + r.below(nthreads);
    let mut cx = Ctx {
        flavor,
        globals,
        mutexes,
        events: 2,
        depth: 0,
        in_loop: false,
    };
    let budget = match nthreads {
        1 => 5,
        2 => 4,
        _ => 3,
    };
    let workers: Vec<Vec<Stmt>> = (0..nentries)
        .map(|_| {
            let n = 1 + r.below(budget);
            gen_block(r, &mut cx, n)
        })
        .collect();
    let mut spawns: Vec<usize> = (0..nthreads).map(|i| i % nentries).collect();
    if r.chance(30) {
        spawns.reverse();
    }
    let prios = (0..nthreads).map(|_| 1 + r.below(2) as i64).collect();
    let main_pre = if r.chance(30) {
        gen_block(r, &mut cx, 1)
    } else {
        Vec::new()
    };
    let joins: Vec<usize> = (0..nthreads).filter(|_| r.chance(80)).collect();
    let mut main_post = Vec::new();
    let nchecks = 1 + r.below(2);
    for _ in 0..nchecks {
        main_post.push(Stmt::Load(r.below(2), r.below(globals)));
        if r.chance(50) {
            main_post.push(Stmt::Load(1 - r.below(2), r.below(globals)));
        }
        main_post.push(Stmt::Assert(gen_cond(r)));
    }
    // drawn last, so that the other flavors' programs do not change
    let isr = (flavor == Flavor::FreeRtos && r.chance(40)).then(|| {
        let n = 1 + r.below(2);
        (0..n).map(|_| gen_simple(r, &cx)).collect()
    });
    Shape {
        globals,
        inits,
        mutexes,
        workers,
        spawns,
        prios,
        main_pre,
        joins,
        main_post,
        isr,
        loop_spawn: false,
        join_any: false,
        arg_ids: false,
    }
}

/// Generates symmetric pthread program number `seed`: 2-4 instances of one worker entry,
/// created in a loop over a handle array and joined in a loop (a prefix of them) or, in about a
/// third of those with joins, one joined at a nondeterministic index (`pthread_join(t[k], 0)`:
/// the binder splits the join over the handles), with the explicit-state ground truth. The
/// instances are interchangeable, so ESST's covers up to thread symmetry apply.
pub fn generate_symmetric(seed: u64) -> GenProgram {
    let mut r = Rng::new(seed ^ (0x53u64 << 56));
    let mut shape = gen_shape(&mut r, Flavor::Pthread);
    shape.workers.truncate(1);
    let n = 2 + r.below(3);
    shape.spawns = vec![0; n];
    let joined = if r.chance(70) { n } else { r.below(n + 1) };
    shape.joins = (0..joined).collect();
    shape.prios = vec![1; n];
    shape.loop_spawn = true;
    // drawn last, so that the other symmetric programs do not change; only programs with
    // joins (those without keep their unread handles, which symmetric covers rely on)
    if !shape.joins.is_empty() && r.chance(30) {
        shape.join_any = true;
        shape.joins.clear();
    }
    shape.arg_ids = r.chance(50);
    // a quarter join nothing and check nothing after the creation loop (drawn after the
    // others, which keep their shapes): symmetric covers need handles no one reads, and a
    // join of a prefix of the slots made such programs rare (about 1 in 12; none safe among
    // the CI sample's interchangeable ones); main's checks without joins would mostly fail
    // at once, before any cover
    if r.chance(25) {
        shape.joins.clear();
        shape.join_any = false;
        shape.main_post.clear();
    }
    let source = print(&shape, Flavor::Pthread);
    let safe = explore(&shape);
    GenProgram {
        seed,
        flavor: Flavor::Pthread,
        source,
        safe,
        distinct_args: shape.arg_ids,
        joins_handles: !shape.joins.is_empty() || shape.join_any,
    }
}

// ---------------------------------------------------------------------------------- printing

fn cond_c(c: &Cond) -> String {
    match c.plus {
        Some(p) => format!("{} + {} {} {}", LOCALS[c.l], LOCALS[p], c.op, c.c),
        None => format!("{} {} {}", LOCALS[c.l], c.op, c.c),
    }
}

fn print_block(out: &mut String, b: &[Stmt], ind: usize) {
    for s in b {
        print_stmt(out, s, ind);
    }
}

fn print_stmt(out: &mut String, s: &Stmt, ind: usize) {
    let p = "    ".repeat(ind);
    match s {
        Stmt::Load(l, g) => writeln!(out, "{p}{} = g{g};", LOCALS[*l]),
        Stmt::Store(g, Some(l), c) => writeln!(out, "{p}g{g} = {} + {c};", LOCALS[*l]),
        Stmt::Store(g, None, c) => writeln!(out, "{p}g{g} = {c};"),
        Stmt::Local(d, s, c) => writeln!(out, "{p}{} = {} + {c};", LOCALS[*d], LOCALS[*s]),
        Stmt::Nondet(l, hi) => writeln!(
            out,
            "{p}{0} = __VERIFIER_nondet_int(); __VERIFIER_assume({0} >= 0 && {0} <= {hi});",
            LOCALS[*l]
        ),
        Stmt::Lock(m) => writeln!(out, "{p}pthread_mutex_lock(&m{m});"),
        Stmt::Unlock(m) => writeln!(out, "{p}pthread_mutex_unlock(&m{m});"),
        Stmt::Atomic(b) => {
            writeln!(out, "{p}__VERIFIER_atomic_begin();").unwrap();
            print_block(out, b, ind);
            writeln!(out, "{p}__VERIFIER_atomic_end();")
        }
        Stmt::If(c, a, b) => {
            writeln!(out, "{p}if ({}) {{", cond_c(c)).unwrap();
            print_block(out, a, ind + 1);
            if b.is_empty() {
                writeln!(out, "{p}}}")
            } else {
                writeln!(out, "{p}}} else {{").unwrap();
                print_block(out, b, ind + 1);
                writeln!(out, "{p}}}")
            }
        }
        Stmt::For(n, b) => {
            writeln!(out, "{p}for (i = 0; i < {n}; i++) {{").unwrap();
            print_block(out, b, ind + 1);
            writeln!(out, "{p}}}")
        }
        Stmt::Await(l, g, c) => writeln!(
            out,
            "{p}do {{ {0} = g{g}; }} while ({0} == {c});",
            LOCALS[*l]
        ),
        Stmt::Assert(c) => writeln!(out, "{p}if (!({})) reach_error();", cond_c(c)),
        Stmt::Halt(c) => writeln!(out, "{p}if ({}) abort();", cond_c(c)),
        Stmt::Wait(e) => writeln!(out, "{p}sc_wait(&e{e});"),
        Stmt::Notify(e) => writeln!(out, "{p}sc_notify(&e{e});"),
        Stmt::NotifyDelta(e) => writeln!(out, "{p}sc_notify_delta(&e{e});"),
        Stmt::Delay(t) => writeln!(out, "{p}vTaskDelay({t});"),
        Stmt::Take(_) => writeln!(out, "{p}xSemaphoreTake(s0, portMAX_DELAY);"),
        Stmt::Give(_) => writeln!(out, "{p}xSemaphoreGive(s0);"),
        Stmt::Yield => writeln!(out, "{p}taskYIELD();"),
    }
    .unwrap();
}

fn print(sh: &Shape, flavor: Flavor) -> String {
    let mut o = String::new();
    match flavor {
        Flavor::Pthread => o.push_str("#include <pthread.h>\n#include <stdlib.h>\n"),
        Flavor::SystemC => o.push_str("#include <systemc.h>\n"),
        Flavor::FreeRtos => {
            o.push_str("#include <FreeRTOS.h>\n#include <task.h>\n#include <semphr.h>\n")
        }
    }
    o.push_str(
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
         extern void __VERIFIER_assume(int);\n",
    );
    if flavor == Flavor::Pthread {
        o.push_str(
            "extern void __VERIFIER_atomic_begin(void);\nextern void __VERIFIER_atomic_end(void);\n",
        );
    }
    for g in 0..sh.globals {
        writeln!(o, "int g{g} = {};", sh.inits[g]).unwrap();
    }
    for m in 0..sh.mutexes {
        writeln!(o, "pthread_mutex_t m{m};").unwrap();
    }
    match flavor {
        Flavor::SystemC => o.push_str("sc_event e0;\nsc_event e1;\n"),
        Flavor::FreeRtos => o.push_str("SemaphoreHandle_t s0;\n"),
        Flavor::Pthread => {}
    }
    if let Some(body) = &sh.isr {
        o.push_str("void isr_gen(void) {\n    int a = 0; int b = 0; int i = 0;\n");
        print_block(&mut o, body, 1);
        o.push_str("}\n");
    }
    for (i, w) in sh.workers.iter().enumerate() {
        match flavor {
            Flavor::Pthread => writeln!(o, "void *w{i}(void *arg) {{").unwrap(),
            Flavor::SystemC => writeln!(o, "void w{i}(void) {{").unwrap(),
            Flavor::FreeRtos => writeln!(o, "void w{i}(void *arg) {{").unwrap(),
        }
        if sh.arg_ids {
            o.push_str("    int a = *(int *)arg; int b = 0; int i = 0;\n");
        } else {
            o.push_str("    int a = 0; int b = 0; int i = 0;\n");
        }
        print_block(&mut o, w, 1);
        match flavor {
            Flavor::Pthread => o.push_str("    return 0;\n}\n"),
            // FreeRTOS tasks must not return: they delete themselves
            Flavor::FreeRtos => o.push_str("    vTaskDelete(0);\n}\n"),
            Flavor::SystemC => o.push_str("}\n"),
        }
    }
    o.push_str("int main(void) {\n    int a = 0; int b = 0; int i = 0;\n");
    match flavor {
        Flavor::Pthread if sh.loop_spawn => {
            let n = sh.spawns.len();
            writeln!(o, "    pthread_t t[{n}];\n    int k;").unwrap();
            for m in 0..sh.mutexes {
                writeln!(o, "    pthread_mutex_init(&m{m}, 0);").unwrap();
            }
            print_block(&mut o, &sh.main_pre, 1);
            if sh.arg_ids {
                writeln!(
                    o,
                    "    int ids[{n}];\n    for (k = 0; k < {n}; k++) {{\n        ids[k] = 0;\n        \
                     pthread_create(&t[k], 0, w0, &ids[k]);\n    }}"
                )
                .unwrap();
            } else {
                writeln!(
                    o,
                    "    for (k = 0; k < {n}; k++)\n        pthread_create(&t[k], 0, w0, 0);"
                )
                .unwrap();
            }
            if !sh.joins.is_empty() {
                writeln!(
                    o,
                    "    for (k = 0; k < {}; k++)\n        pthread_join(t[k], 0);",
                    sh.joins.len()
                )
                .unwrap();
            }
            if sh.join_any {
                writeln!(
                    o,
                    "    k = __VERIFIER_nondet_int(); __VERIFIER_assume(k >= 0 && k < {n});\n    \
                     pthread_join(t[k], 0);"
                )
                .unwrap();
            }
            print_block(&mut o, &sh.main_post, 1);
        }
        Flavor::Pthread => {
            for t in 0..sh.spawns.len() {
                writeln!(o, "    pthread_t t{t};").unwrap();
            }
            for m in 0..sh.mutexes {
                writeln!(o, "    pthread_mutex_init(&m{m}, 0);").unwrap();
            }
            print_block(&mut o, &sh.main_pre, 1);
            for (t, e) in sh.spawns.iter().enumerate() {
                writeln!(o, "    pthread_create(&t{t}, 0, w{e}, 0);").unwrap();
            }
            for t in &sh.joins {
                writeln!(o, "    pthread_join(t{t}, 0);").unwrap();
            }
            print_block(&mut o, &sh.main_post, 1);
        }
        Flavor::SystemC => {
            for e in &sh.spawns {
                writeln!(o, "    sc_thread_create(w{e});").unwrap();
            }
            o.push_str("    sc_start();\n");
            print_block(&mut o, &sh.main_post, 1);
        }
        Flavor::FreeRtos => {
            o.push_str("    s0 = xSemaphoreCreateBinary();\n    xSemaphoreGive(s0);\n");
            for (t, e) in sh.spawns.iter().enumerate() {
                writeln!(
                    o,
                    "    xTaskCreate(w{e}, \"t{t}\", 128, 0, {}, 0);",
                    sh.prios[t]
                )
                .unwrap();
            }
            // the checks run in the lowest-priority task so that they see the others' effects
            o.push_str("    vTaskStartScheduler();\n");
        }
    }
    o.push_str("    return 0;\n}\n");
    if flavor == Flavor::FreeRtos {
        // assertions of the post part go into a checker task of priority 1
        let mut chk =
            String::from("void checker(void *arg) {\n    int a = 0; int b = 0; int i = 0;\n");
        print_block(&mut chk, &sh.main_post, 1);
        chk.push_str("    vTaskDelete(0);\n}\n");
        o = o.replace(
            "    vTaskStartScheduler();\n",
            "    xTaskCreate(checker, \"chk\", 128, 0, 1, 0);\n    vTaskStartScheduler();\n",
        );
        let at = o.find("int main(void)").unwrap_or(0);
        o.insert_str(at, &chk);
    }
    o
}

// ---------------------------------------------------------------------------------- oracle

/// Flat instructions of one thread body.
#[derive(Clone, Debug)]
enum Ins {
    Load(usize, usize),
    Store(usize, Option<usize>, i64),
    Local(usize, usize, i64),
    /// local = 0..=hi (branching)
    Nondet(usize, i64),
    Lock(usize),
    Unlock(usize),
    AtomicBegin,
    AtomicEnd,
    /// jump to target when the condition is false
    JumpUnless(Cond, usize),
    /// jump to target when local == c
    JumpIfEq(usize, i64, usize),
    Jump(usize),
    Assert(Cond),
    /// the program ends when the condition holds
    Halt(Cond),
    SetLocal(usize, i64),
    /// loop counter test: if !(i < n) jump
    JumpUnlessLess(usize, i64, usize),
    Create(usize),
    Join(usize),
    /// Join one of threads 1..=n (main's choice of `k` is not observed: main goes on once
    /// some thread of the range has finished).
    JoinAny(usize),
}

fn compile(b: &[Stmt], out: &mut Vec<Ins>) {
    for s in b {
        match s {
            Stmt::Load(l, g) => out.push(Ins::Load(*l, *g)),
            Stmt::Store(g, l, c) => out.push(Ins::Store(*g, *l, *c)),
            Stmt::Local(d, s, c) => out.push(Ins::Local(*d, *s, *c)),
            Stmt::Nondet(l, hi) => out.push(Ins::Nondet(*l, *hi)),
            Stmt::Lock(m) => out.push(Ins::Lock(*m)),
            Stmt::Unlock(m) => out.push(Ins::Unlock(*m)),
            Stmt::Atomic(b) => {
                out.push(Ins::AtomicBegin);
                compile(b, out);
                out.push(Ins::AtomicEnd);
            }
            Stmt::If(c, a, b) => {
                let j = out.len();
                out.push(Ins::Jump(0));
                compile(a, out);
                if b.is_empty() {
                    out[j] = Ins::JumpUnless(c.clone(), out.len());
                } else {
                    let k = out.len();
                    out.push(Ins::Jump(0));
                    out[j] = Ins::JumpUnless(c.clone(), out.len());
                    compile(b, out);
                    out[k] = Ins::Jump(out.len());
                }
            }
            Stmt::For(n, b) => {
                out.push(Ins::SetLocal(2, 0));
                let head = out.len();
                out.push(Ins::Jump(0));
                compile(b, out);
                out.push(Ins::Local(2, 2, 1));
                out.push(Ins::Jump(head));
                out[head] = Ins::JumpUnlessLess(2, *n, out.len());
            }
            Stmt::Await(l, g, c) => {
                let head = out.len();
                out.push(Ins::Load(*l, *g));
                out.push(Ins::JumpIfEq(*l, *c, head));
            }
            Stmt::Assert(c) => out.push(Ins::Assert(c.clone())),
            Stmt::Halt(c) => out.push(Ins::Halt(c.clone())),
            _ => unreachable!("oracle only for pthread programs"),
        }
    }
}

fn eval(c: &Cond, loc: &[i64; 3]) -> bool {
    let v = loc[c.l] + c.plus.map_or(0, |p| loc[p]);
    match c.op {
        "==" => v == c.c,
        "!=" => v != c.c,
        "<" => v < c.c,
        "<=" => v <= c.c,
        _ => v > c.c,
    }
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    g: Vec<i64>,
    /// per thread (0 = main): pc (usize::MAX = not started), locals
    pc: Vec<usize>,
    loc: Vec<[i64; 3]>,
    lock: Vec<Option<u8>>,
    atomic: Option<u8>,
}

/// Exhaustive interleaving exploration; Some(true) = safe, None when too big.
fn explore(sh: &Shape) -> Option<bool> {
    let mut code: Vec<Vec<Ins>> = Vec::new();
    let mut main = Vec::new();
    compile(&sh.main_pre, &mut main);
    for t in 0..sh.spawns.len() {
        main.push(Ins::Create(t + 1));
    }
    for t in &sh.joins {
        main.push(Ins::Join(t + 1));
    }
    if sh.join_any {
        main.push(Ins::JoinAny(sh.spawns.len()));
    }
    compile(&sh.main_post, &mut main);
    // main's `return` is one more step (other threads may run before it)
    main.push(Ins::Local(2, 2, 0));
    code.push(main);
    for e in &sh.spawns {
        let mut c = Vec::new();
        compile(&sh.workers[*e], &mut c);
        code.push(c);
    }
    let n = code.len();
    let mut pc = vec![usize::MAX; n];
    pc[0] = 0;
    let init = State {
        g: sh.inits.clone(),
        pc,
        loc: vec![[0; 3]; n],
        lock: vec![None; sh.mutexes],
        atomic: None,
    };
    let mut seen: HashSet<State> = HashSet::new();
    let mut stack = vec![init];
    while let Some(s) = stack.pop() {
        if !seen.insert(s.clone()) {
            continue;
        }
        if seen.len() > 200_000 {
            return None;
        }
        // main finished: the program ends
        if s.pc[0] >= code[0].len() {
            continue;
        }
        for t in 0..n {
            if s.atomic.is_some_and(|a| a as usize != t) {
                continue;
            }
            let p = s.pc[t];
            if p == usize::MAX || p >= code[t].len() {
                continue;
            }
            let mut ns = s.clone();
            ns.pc[t] = p + 1;
            let l = &mut ns.loc[t];
            match &code[t][p] {
                Ins::Load(x, g) => l[*x] = s.g[*g],
                Ins::Store(g, x, c) => ns.g[*g] = x.map_or(0, |x| l[x]) + c,
                Ins::Local(d, x, c) => l[*d] = l[*x] + c,
                Ins::SetLocal(d, c) => l[*d] = *c,
                Ins::Nondet(x, hi) => {
                    for v in 0..=*hi {
                        let mut s2 = ns.clone();
                        s2.loc[t][*x] = v;
                        stack.push(s2);
                    }
                    continue;
                }
                Ins::Lock(m) => {
                    if s.lock[*m].is_some() {
                        continue;
                    }
                    ns.lock[*m] = Some(t as u8);
                }
                Ins::Unlock(m) => ns.lock[*m] = None,
                Ins::AtomicBegin => ns.atomic = Some(t as u8),
                Ins::AtomicEnd => ns.atomic = None,
                Ins::JumpUnless(c, to) => {
                    if !eval(c, l) {
                        ns.pc[t] = *to;
                    }
                }
                Ins::JumpIfEq(x, c, to) => {
                    if l[*x] == *c {
                        ns.pc[t] = *to;
                    }
                }
                Ins::JumpUnlessLess(x, c, to) => {
                    if l[*x] >= *c {
                        ns.pc[t] = *to;
                    }
                }
                Ins::Jump(to) => ns.pc[t] = *to,
                Ins::Assert(c) => {
                    if !eval(c, l) {
                        return Some(false);
                    }
                }
                Ins::Halt(c) => {
                    if eval(c, l) {
                        // the program ends: a state without successors
                        ns.pc[0] = code[0].len();
                    }
                }
                Ins::Create(c) => ns.pc[*c] = 0,
                Ins::Join(c) => {
                    if s.pc[*c] == usize::MAX || s.pc[*c] < code[*c].len() {
                        continue;
                    }
                }
                Ins::JoinAny(n) => {
                    let done = |c: usize| s.pc[c] != usize::MAX && s.pc[c] >= code[c].len();
                    if !(1..=*n).any(done) {
                        continue;
                    }
                }
            }
            stack.push(ns);
        }
    }
    Some(true)
}
