//! The proof check of partial-order BMC's unrolling certificates: a real certificate passes,
//! and certificates broken on purpose (a dropped unwinding assertion, a missing thread
//! instance, a claim made reachable, a dropped encoding) are refuted.

use super::unrolling::{check_unrolling, ClaimKind, UnrollingCertificate};
use super::{CheckError, Labels};
use crate::engine::{pobmc, EngineKind, VerifyOptions};
use crate::ir::Program;
use crate::smt::Term;
use crate::verdict::Verdict;
use std::path::PathBuf;
use std::time::Duration;

const SRC: &str = "#include <pthread.h>\nextern void reach_error(void);\n\
    extern int __VERIFIER_nondet_int(void);\nint x;\npthread_mutex_t m;\n\
    void *t(void *a) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 2) n = 2;\n\
    for (int i = 0; i < n; i++) { pthread_mutex_lock(&m); x = x + 1;\n\
    pthread_mutex_unlock(&m); } return 0; }\n\
    int main(void) { pthread_t a; pthread_create(&a, 0, t, 0); pthread_join(a, 0);\n\
    if (x > 2) reach_error(); return 0; }\n";

fn load(src: &str) -> Program {
    let opts = crate::frontend::FrontendOptions {
        include_dirs: vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("include")],
        ..Default::default()
    };
    let mut sources = crate::diag::SourceMap::new();
    match crate::frontend::load_str("test.c", src, &opts, &mut sources) {
        Ok(l) => l.program,
        Err(d) => panic!("front end: {d:?}"),
    }
}

fn certificate(p: &Program) -> UnrollingCertificate {
    let opts = VerifyOptions {
        timeout: Some(Duration::from_secs(120)),
        ..VerifyOptions::default()
    };
    let out = pobmc::verify(p, &opts, EngineKind::Incremental);
    assert!(
        matches!(out.verdict, Verdict::Safe { .. }),
        "{:?}",
        out.verdict
    );
    match out.certificate.map(|c| c.labels) {
        Some(Labels::Unrolling(u)) => *u,
        c => panic!("expected an unrolling certificate, got {c:?}"),
    }
}

fn refuted(p: &Program, c: &UnrollingCertificate, want: &str) {
    match check_unrolling(p, c, Some(Duration::from_secs(60))) {
        Err(CheckError::Refuted(m)) => assert!(m.contains(want), "{m}"),
        r => panic!("expected a refutation ({want}), got {r:?}"),
    }
}

#[test]
fn certificate_of_a_safe_unrolling_is_accepted() {
    let p = load(SRC);
    let c = certificate(&p);
    assert!(c.claims.iter().any(|c| c.kind == ClaimKind::Cut));
    let st = check_unrolling(&p, &c, Some(Duration::from_secs(60))).expect("accepted");
    let d = st.detail.expect("detail");
    assert!(d.contains("unchecked:") && d.contains("2 instances"), "{d}");
}

#[test]
fn dropped_unwinding_assertion_is_refuted() {
    let p = load(SRC);
    let mut c = certificate(&p);
    let i = c
        .claims
        .iter()
        .position(|c| c.kind == ClaimKind::Cut)
        .expect("a cut");
    c.claims.remove(i);
    refuted(&p, &c, "back edge without an unwinding assertion");
}

#[test]
fn missing_thread_instance_is_refuted() {
    let p = load(SRC);
    let mut c = certificate(&p);
    c.instances.truncate(1);
    c.claims.retain(|c| c.inst == 0);
    refuted(&p, &c, "creates 1 more instance(s) of `t`");
}

#[test]
fn reachable_claim_or_dropped_encoding_is_refuted() {
    let p = load(SRC);
    let mut c = certificate(&p);
    c.claims[0].guard = Term::tt();
    refuted(&p, &c, "final query is satisfiable");
    let mut c = certificate(&p);
    c.defs.clear();
    refuted(&p, &c, "final query is satisfiable");
}
