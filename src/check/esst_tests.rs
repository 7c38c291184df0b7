//! Unit tests of the ESST proof check: the engine's certificates are accepted (with and without
//! partial-order reduction), certificates broken on purpose (a node dropped, a region
//! weakened or emptied, the root missing, queue slot ghosts swapped or aliased) are rejected.

use super::*;
use crate::check::{check, Certificate, Labels};
use crate::engine::{PorMode, VerifyOptions};
use crate::verdict::Verdict;
use std::path::PathBuf;

fn load(src: &str) -> Program {
    let opts = crate::frontend::FrontendOptions {
        include_dirs: vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("include")],
        defines: vec![],
        target: crate::target::Target::ilp32(),
        ..Default::default()
    };
    let mut sources = crate::diag::SourceMap::new();
    match crate::frontend::load_str("test.c", src, &opts, &mut sources) {
        Ok(l) => l.program,
        Err(d) => panic!("front end: {d:?}"),
    }
}

/// Two threads add to a shared counter under a mutex; main checks the sum after joining
/// (needs predicates over `x` and the thread regions).
const COUNTER: &str = r#"
#include <pthread.h>
#include <assert.h>
int x = 0;
pthread_mutex_t m;
void *worker(void *arg) {
    pthread_mutex_lock(&m);
    x = x + 1;
    pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_mutex_init(&m, 0);
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(x == 2);
    return 0;
}
"#;

const T: Option<Duration> = Some(Duration::from_secs(60));

/// ESST's certificate of `src` (which must be SUCCESSFUL) under `por`.
fn certificate(p: &Program, por: PorMode) -> Certificate {
    let opts = VerifyOptions {
        timeout: Some(Duration::from_secs(120)),
        por,
        ..VerifyOptions::default()
    };
    let o = crate::engine::esst::verify(p, &opts);
    assert!(matches!(o.verdict, Verdict::Safe { .. }), "{:?}", o.verdict);
    *o.certificate.expect("ESST hands over a certificate")
}

fn arf(c: &mut Certificate) -> &mut ArfCertificate {
    match &mut c.labels {
        Labels::Threaded(a) => a,
        other => panic!("not a threaded certificate: {other:?}"),
    }
}

fn refuted(r: Result<crate::check::CheckStats, CheckError>, what: &str) {
    match r {
        Err(CheckError::Refuted(m)) => assert!(m.contains(what), "{m}"),
        other => panic!("expected a refutation mentioning {what}, got {other:?}"),
    }
}

fn class_of(n: &ArfNode) -> Class {
    (n.locs.clone(), n.sched.clone(), n.scheduled)
}

/// Non-root nodes alone in their class (dropping or emptying one leaves its class uncovered).
fn lonely(a: &ArfCertificate) -> Vec<usize> {
    (1..a.nodes.len())
        .filter(|&i| {
            let c = class_of(&a.nodes[i]);
            a.nodes.iter().filter(|m| class_of(m) == c).count() == 1
        })
        .collect()
}

#[test]
fn engine_certificate_is_accepted_fully_without_por() {
    let p = load(COUNTER);
    let c = certificate(&p, PorMode::None);
    let st = check(&p, &c, T).unwrap();
    assert_eq!(st.note, None, "without POR nothing rests on it");
    let a = match &c.labels {
        Labels::Threaded(a) => a,
        _ => unreachable!(),
    };
    let r = check_arf(&p, a, c.sem, T).unwrap();
    assert!(r.transitions > 10 && r.por_dependent == 0, "{r:?}");
}

#[test]
fn engine_certificate_with_por_is_accepted() {
    let p = load(COUNTER);
    let c = certificate(&p, PorMode::SourceSets);
    let st = check(&p, &c, T).unwrap();
    if let Some(n) = &st.note {
        assert!(n.contains("partial-order reduction"), "{n}");
    }
}

#[test]
fn dropped_node_is_rejected() {
    let p = load(COUNTER);
    let c = certificate(&p, PorMode::None);
    let a0 = match &c.labels {
        Labels::Threaded(a) => a.clone(),
        _ => unreachable!(),
    };
    let cands = lonely(&a0);
    assert!(cands.len() > 3, "{}", cands.len());
    // every such node is needed (its parent's explored step leads into its class)
    for &i in cands.iter().step_by(cands.len() / 3) {
        let mut b = c.clone();
        arf(&mut b).nodes.remove(i);
        refuted(check(&p, &b, T), "consecution");
    }
    // the root is needed by initiation
    let mut b = c.clone();
    arf(&mut b).nodes.remove(0);
    refuted(check(&p, &b, T), "initiation");
}

#[test]
fn emptied_region_is_rejected() {
    let p = load(COUNTER);
    let c = certificate(&p, PorMode::None);
    let i = *lonely(match &c.labels {
        Labels::Threaded(a) => a,
        _ => unreachable!(),
    })
    .last()
    .expect("a lonely node");
    let mut b = c.clone();
    arf(&mut b).nodes[i].region = Term::ff();
    refuted(check(&p, &b, T), "consecution");
}

#[test]
fn weakened_regions_are_rejected() {
    let p = load(COUNTER);
    let c = certificate(&p, PorMode::None);
    let n = arf(&mut c.clone()).nodes.len();
    // Every region weakened to `true`: the assertion's failure becomes reachable.
    let mut b = c.clone();
    for nd in &mut arf(&mut b).nodes {
        nd.region = Term::tt();
    }
    refuted(check(&p, &b, T), "");
    // Weakening single nodes: some weakening breaks the proof, none panics, and each is
    // refuted or still a proof (never inconclusive).
    let mut refutations = 0;
    for i in 0..n {
        let mut b = c.clone();
        if arf(&mut b).nodes[i].region.is_true() {
            continue;
        }
        arf(&mut b).nodes[i].region = Term::tt();
        match check(&p, &b, T) {
            Ok(_) => {}
            Err(CheckError::Refuted(_)) => refutations += 1,
            Err(e) => panic!("{e}"),
        }
    }
    assert!(refutations > 0);
}

#[test]
fn pruned_transitions_are_followed_not_refuted_and_explored_ones_refuted() {
    // The same dropped node: refuted when its parent says it explored every thread; when the
    // parent says it pruned the thread that steps there, the gap is explored exactly
    // (esst_lookahead.rs) and closed.
    let p = load(COUNTER);
    let c = certificate(&p, PorMode::None);
    let a0 = match &c.labels {
        Labels::Threaded(a) => a.clone(),
        _ => unreachable!(),
    };
    // not a just-scheduled node (the states a pruned switch leads to are checked one step
    // further: a dropped one of those is no gap, see the next test)
    let cands: Vec<usize> = lonely(&a0)
        .into_iter()
        .filter(|&j| !a0.nodes[j].scheduled)
        .collect();
    let i = cands[cands.len() / 2];
    let mut b = c.clone();
    arf(&mut b).nodes.remove(i);
    refuted(check(&p, &b, T), "consecution");
    for nd in &mut arf(&mut b).nodes {
        nd.explored = Some(Vec::new());
    }
    let sem = b.sem;
    let r = check_arf(&p, arf(&mut b), sem, T).unwrap();
    assert!(r.por_lookahead > 0 && r.por_dependent == 0, "{r:?}");
}

/// Thread `t` writes `x` then `y`; main reads `y`, then `x` (SAFE: `y == 1` implies `x == 1`
/// under sequential consistency) or `x`, then `y` (UNSAFE: main reads `x == 0`, `t` runs, main
/// reads `y == 1`).
const ORDER_SAFE: &str = r#"
#include <pthread.h>
#include <assert.h>
int x = 0, y = 0;
void *t(void *a) { x = 1; y = 1; return 0; }
int main(void) {
    pthread_t h;
    pthread_create(&h, 0, t, 0);
    int r = y;
    if (r == 1) assert(x == 1);
    return 0;
}
"#;
const ORDER_UNSAFE: &str = r#"
#include <pthread.h>
#include <assert.h>
int x = 0, y = 0;
void *t(void *a) { x = 1; y = 1; return 0; }
int main(void) {
    pthread_t h;
    pthread_create(&h, 0, t, 0);
    int r = x;
    if (y == 1) assert(r == 1);
    return 0;
}
"#;

/// A certificate of `p` with the initial class only (region `true`), claiming every transition
/// pruned: all the checker has is its own exploration of the model.
fn root_only(p: &Program, like: &ArfCertificate) -> ArfCertificate {
    let mut s0 = sched::initial(&like.spec, p).unwrap();
    s0.max_threads = like.max_threads;
    let locs = s0.threads.iter().map(|t| p.thread(t.entry).entry).collect();
    ArfCertificate {
        spec: like.spec.clone(),
        max_threads: like.max_threads,
        program: None,
        queue_slots: Vec::new(),
        canon: Vec::new(),
        nodes: vec![ArfNode {
            locs,
            sched: s0,
            scheduled: true,
            region: Term::tt(),
            explored: Some(Vec::new()),
        }],
    }
}

/// Following pruned transitions never closes a gap through which the program fails: with the
/// initial state alone as certificate, the unsafe program's pruned transitions stay counted as
/// not re-checked (so the verdict would say so), however far the exploration goes.
#[test]
fn pruned_transitions_through_an_error_stay_unchecked() {
    let safe = load(ORDER_SAFE);
    let c = certificate(&safe, PorMode::None);
    let sem = c.sem;
    let like = match &c.labels {
        Labels::Threaded(a) => a.clone(),
        _ => unreachable!(),
    };
    let unsafe_p = load(ORDER_UNSAFE);
    let r = check_arf(&unsafe_p, &root_only(&unsafe_p, &like), sem, T).unwrap();
    assert!(r.por_dependent > 0 && r.por_lookahead == 0, "{r:?}");
}

#[test]
fn impact_certificate_is_accepted_and_a_dropped_node_rejected() {
    let p = load(COUNTER);
    let opts = VerifyOptions {
        timeout: Some(Duration::from_secs(120)),
        por: PorMode::None,
        abstraction: crate::engine::Abstraction::Impact,
        ..VerifyOptions::default()
    };
    let o = crate::engine::esst::verify(&p, &opts);
    assert!(matches!(o.verdict, Verdict::Safe { .. }), "{:?}", o.verdict);
    let c = *o.certificate.expect("Impact hands over a certificate");
    assert_eq!(check(&p, &c, T).unwrap().note, None);
    let a0 = match &c.labels {
        Labels::Threaded(a) => a.clone(),
        _ => unreachable!(),
    };
    let i = *lonely(&a0).last().expect("a lonely node");
    let mut b = c.clone();
    arf(&mut b).nodes.remove(i);
    refuted(check(&p, &b, T), "consecution");
}

/// A FreeRTOS queue of length 2 between a producer and a consumer that checks the FIFO order:
/// the proof needs the items in the queue slots (ghost cells written by the copies).
const QUEUE: &str = include_str!("../../examples/freertos/queue_producer_consumer_safe.c");

#[test]
fn queue_copies_are_checked_and_wrong_slot_ghosts_rejected() {
    let p = load(QUEUE);
    let c = certificate(&p, PorMode::None);
    let st = check(&p, &c, T).unwrap();
    assert_eq!(
        st.note, None,
        "every transition (with the copies) is checked"
    );
    let slots = arf(&mut c.clone()).queue_slots.clone();
    assert!(slots.len() >= 2, "{slots:?}");
    // the copies write and read the slots' ghosts: swapping two slots' ghosts breaks the
    // certificate's argument about the FIFO order
    let mut swapped = c.clone();
    let qs = &mut arf(&mut swapped).queue_slots;
    let (g0, g1) = (qs[0].1, qs[1].1);
    qs[0].1 = g1;
    qs[1].1 = g0;
    assert!(
        matches!(check(&p, &swapped, T), Err(CheckError::Refuted(_))),
        "a certificate with swapped slot ghosts is accepted"
    );
    // a ghost must be a global of its own, outside the checked program
    let mut aliased = c.clone();
    arf(&mut aliased).queue_slots[0].1 = VarId(0);
    refuted(check(&p, &aliased, T), "ghost cell");
    let mut shared = c;
    let qs = &mut arf(&mut shared).queue_slots;
    qs[1].1 = qs[0].1;
    refuted(check(&p, &shared, T), "ghost cell");
}

/// The POR argument's independence is computed from the IR: a claim that the worker's write
/// of the shared counter is independent of what main can still do is refuted (main reads it
/// in its assertion), while the worker's private edges commute with everything.
#[test]
fn wrong_independence_claims_are_refuted() {
    use super::por::{edge_access, Reach};
    let p = load(COUNTER);
    let main = ThreadId(0);
    let worker = (0..p.threads.len())
        .map(|t| ThreadId(t as u32))
        .find(|t| p.thread(*t).name == "worker")
        .expect("worker thread");
    let x = VarId(
        p.vars
            .iter()
            .position(|v| v.name == "x" && v.scope == Scope::Global)
            .expect("x") as u32,
    );
    let wcfg = p.thread(worker);
    let writes_x = wcfg
        .edges
        .iter()
        .find(|e| matches!(&e.op, Op::Assign(v, _) if *v == x))
        .expect("the worker writes x");
    let w = edge_access(&p, worker, wcfg.exit, writes_x);
    assert!(w.writes.contains(&x));
    let mut reach = Reach::default();
    let m = reach.from(&p, main, p.thread(main).entry).clone();
    assert!(m.reads.contains(&x), "main reads x in its assertion");
    assert!(w.dependent(&m), "the write of x is not independent of main");
    let other = reach.from(&p, worker, wcfg.entry).clone();
    assert!(w.dependent(&other), "two workers both write x");
    // an edge touching only the worker's own locals (or nothing) commutes with main
    if let Some(private) = wcfg.edges.iter().find(|e| {
        let a = edge_access(&p, worker, wcfg.exit, e);
        a.reads.is_empty() && a.writes.is_empty() && !a.sched
    }) {
        assert!(!edge_access(&p, worker, wcfg.exit, private).dependent(&m));
    }
}

/// The POR counts add up: every pruned transition the certificate does not cover is either
/// justified or reported as not re-checked, and a certificate that claims nothing was explored
/// at some node gets no free pass (its pruned transitions are checked like any other or
/// counted).
#[test]
fn por_counts_are_reported_and_claims_are_not_trusted() {
    let p = load(COUNTER);
    let mut c = certificate(&p, PorMode::SourceSets);
    let st = check(&p, &c, T).unwrap();
    assert!(st.por.is_some());
    let sem = c.sem;
    let a = arf(&mut c);
    let full = check_arf(&p, a, sem, T).unwrap();
    // claim at every node that nothing was explored: nothing may be refuted by consecution
    // now, but nothing may be counted as explored either
    for n in &mut a.nodes {
        n.explored = Some(Vec::new());
    }
    let r = check_arf(&p, a, sem, T).unwrap();
    assert_eq!(r.transitions, full.transitions);
    let pruned = r.por_direct + r.por_argued + r.por_dependent;
    assert!(pruned > 0 && pruned <= r.transitions, "{r:?}");
    assert!(
        pruned >= full.por_direct + full.por_argued + full.por_dependent,
        "{r:?} vs {full:?}"
    );
}

/// A pruned switch to a state the certificate lacks is followed further: the switched
/// thread's edges must land in the certificate. Dropping such a state's node is no gap; with
/// every region emptied, what the bounded exploration cannot close is counted as not
/// re-checked, never accepted as checked.
#[test]
fn pruned_switch_is_followed_further() {
    let p = load(COUNTER);
    let c = certificate(&p, PorMode::None);
    let a0 = match &c.labels {
        Labels::Threaded(a) => a.clone(),
        _ => unreachable!(),
    };
    let Some(&i) = lonely(&a0).iter().find(|&&j| a0.nodes[j].scheduled) else {
        return;
    };
    let mut b = c.clone();
    arf(&mut b).nodes.remove(i);
    for nd in &mut arf(&mut b).nodes {
        nd.explored = Some(Vec::new());
    }
    let sem = b.sem;
    let r = check_arf(&p, arf(&mut b), sem, T).unwrap();
    // with every node's region emptied the switches' targets' steps are not covered
    let mut e = c.clone();
    for nd in &mut arf(&mut e).nodes[1..] {
        nd.region = Term::ff();
        nd.explored = Some(Vec::new());
    }
    arf(&mut e).nodes[0].explored = Some(Vec::new());
    let r2 = check_arf(&p, arf(&mut e), sem, T).unwrap();
    assert!(r2.por_dependent > 0, "{r2:?}");
    assert!(r.por_direct > 0, "{r:?}");
}
