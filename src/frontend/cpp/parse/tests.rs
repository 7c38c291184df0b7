//! Unit tests of the C++ subset parser.

use super::*;
use crate::diag::SourceMap;
use crate::frontend::lex;

fn parse_text(t: &str) -> R<Program> {
    let mut sm = SourceMap::new();
    let f = sm.add("t.cpp", None, Some(t.to_string()));
    parse(lex::lex(t, f, &mut sm)?)
}

#[test]
fn module_with_ctor_and_members() {
    let p = parse_text(
        "SC_MODULE(M) { sc_in<bool> clk; sc_signal<sc_uint<4>> s; int n; \
         void run() { while (true) { wait(); n++; } } \
         SC_CTOR(M) : n(0) { SC_THREAD(run); sensitive << clk.pos(); } };",
    )
    .unwrap();
    let m = &p.modules[0];
    assert_eq!(m.members.len(), 3);
    assert_eq!(
        m.members[1].ty,
        Type::Signal(Box::new(Type::ScInt {
            bits: 4,
            signed: false
        }))
    );
    assert_eq!(m.ctors[0].inits.len(), 1);
    assert_eq!(m.methods[0].name, "run");
}

#[test]
fn virtual_is_unsupported() {
    let e = parse_text("SC_MODULE(M) { virtual void f() {} SC_CTOR(M) {} };").unwrap_err();
    assert_eq!(e.kind, DiagKind::Unsupported);
    assert_eq!(e.loc.unwrap().col, 16);
}

#[test]
fn destructors_only_print_and_delete() {
    // not run, so a check in one would be lost: unsupported
    let e = parse_text("SC_MODULE(M) { int n; ~M() { sc_assert(n == 3); } SC_CTOR(M) : n(0) {} };")
        .unwrap_err();
    assert_eq!(e.kind, DiagKind::Unsupported);
    assert_eq!(e.loc.unwrap().col, 23);
    parse_text(
        "SC_MODULE(M) { int *d; ~M() { delete[] d; cout << \"bye\" << endl; } \
         SC_CTOR(M) { d = new int[4]; } };",
    )
    .unwrap();
}

#[test]
fn syntax_error_is_located() {
    let e = parse_text("int sc_main(int c, char *v[]) { int x = ; }").unwrap_err();
    assert_eq!(e.kind, DiagKind::Syntax);
    assert_eq!(e.loc.unwrap().col, 41);
}
