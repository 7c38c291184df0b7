//! Unit tests of the elaboration: instances, bindings, exports, array `new`, module
//! pointer arrays.

use super::*;
use crate::diag::SourceMap;
use crate::frontend::lex;

fn elab(t: &str) -> Result<Design, Diag> {
    let mut sm = SourceMap::new();
    let f = sm.add("t.cpp", None, Some(t.to_string()));
    let p = super::super::parse::parse(lex::lex(t, f, &mut sm)?)?;
    elaborate(&p)
}

#[test]
fn instances_and_bindings() {
    let d = elab(
        "SC_MODULE(P) { sc_out<int> out; void run() { out.write(1); } \
         SC_CTOR(P) { SC_THREAD(run); } }; \
         SC_MODULE(C) { sc_in<int> in; void run() { wait(); } \
         SC_CTOR(C) { SC_METHOD(run); sensitive << in; dont_initialize(); } }; \
         int sc_main(int argc, char *argv[]) { sc_signal<int> s; P p(\"p\"); C c(\"c\"); \
         p.out(s); c.in.bind(s); sc_start(); return 0; }",
    )
    .unwrap();
    assert_eq!(d.insts.len(), 2);
    assert_eq!(d.procs.len(), 2);
    assert_eq!(d.ports[0].path, "p.out");
    assert_eq!(d.ports[1].bound, Some(Obj::Var(0, vec![])));
    assert_eq!(d.post.len(), 2);
}

#[test]
fn unbound_port_is_an_error() {
    let e = elab(
        "SC_MODULE(C) { sc_in<int> in; SC_CTOR(C) {} }; \
         int sc_main(int argc, char *argv[]) { C c(\"c\"); sc_start(); return 0; }",
    )
    .unwrap_err();
    assert!(e.message.contains("not bound"), "{}", e.message);
}

#[test]
fn ports_bind_through_exports_and_exports_are_not_positional() {
    // P exports its signal; C's sc_in binds to the export (positionally: the export of
    // C is skipped)
    let d = elab(
        "SC_MODULE(P) { sc_export<sc_signal_inout_if<int> > xp; sc_signal<int> s; \
         SC_CTOR(P) { xp(s); } }; \
         SC_MODULE(C) { sc_export<sc_signal_in_if<int> > mine; sc_in<int> in; \
         sc_signal<int> t; SC_CTOR(C) { mine(t); } }; \
         int sc_main(int argc, char *argv[]) { P p(\"p\"); C c(\"c\"); c(p.xp); \
         sc_start(); return 0; }",
    )
    .unwrap();
    let port = |path: &str| d.ports.iter().find(|p| p.path == path).unwrap();
    assert!(port("p.xp").export && port("c.mine").export && !port("c.in").export);
    assert_eq!(
        port("c.in").ty,
        Type::In(Box::new(Type::Scalar("int".into())))
    );
    let s = d.vars.iter().position(|v| v.path == "p.s").unwrap();
    assert_eq!(port("c.in").bound, Some(Obj::Var(s, vec![])));
}

#[test]
fn array_new_in_a_constructor_makes_the_member_an_array() {
    let m = |size: &str| {
        format!(
            "SC_MODULE(M) {{ int *data; int k; \
             M(sc_module_name n, int s) : sc_module(n), k(s) {{ data = new int[{size}]; }} }}; \
             int sc_main(int argc, char *argv[]) {{ M m(\"m\", 5); sc_start(); return 0; }}"
        )
    };
    let d = elab(&m("s + 1")).unwrap();
    let v = d.vars.iter().find(|v| v.path == "m.data").unwrap();
    assert_eq!(
        (v.ty.clone(), v.dims.clone()),
        (Type::Scalar("int".into()), vec![6])
    );
    // a size that is not a compile-time constant (a member)
    let e = elab(&m("k")).unwrap_err();
    assert_eq!(e.kind, DiagKind::Unsupported, "{}", e.message);
}

#[test]
fn module_pointer_arrays_filled_in_a_loop() {
    let src = |more: &str| {
        format!(
            "SC_MODULE(S) {{ sc_in<int> in; SC_CTOR(S) {{}} }}; \
             int sc_main(int argc, char *argv[]) {{ sc_signal<int> sig[3]; S *s[3]; \
             for (int i = 0; i < 3; i++) {{ s[i] = new S(\"s\"); s[i]->in(sig[i]); }} \
             {more} sc_start(); return 0; }}"
        )
    };
    let d = elab(&src("")).unwrap();
    let paths: Vec<&str> = d.insts.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(paths, ["s_0", "s_1", "s_2"]);
    assert_eq!(d.ports[2].path, "s_2.in");
    assert_eq!(d.ports[2].bound, Some(Obj::Var(0, vec![2])));
    // each element is bound once; a second `new` of an element is unsupported
    let e = elab(&src("s[1]->in(sig[0]);")).unwrap_err();
    assert!(e.message.contains("bound twice"), "{}", e.message);
    let e = elab(&src("s[1] = new S(\"t\");")).unwrap_err();
    assert_eq!(e.kind, DiagKind::Unsupported, "{}", e.message);
}
