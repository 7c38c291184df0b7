//! The SystemC C++ front end: every `examples/systemc-cpp/*.cpp` gives its expected verdict;
//! one with a C original of the same name under `examples/systemc/` (its twin) gives the same
//! verdict as it, and for FAILED a trace of the same shape (as many delta cycles and time
//! advances, the violation in the process of the same name's last component). Bad input:
//! outside the subset is `unsupported:` with file:line:col and exit 3, a syntax error exit 2.

mod common;
use common::*;
use std::path::Path;

/// The `// expect:` verdict of `p` (None: a part of a model in several files, verified with
/// the file naming it in its `// args:` line).
fn expect_of(p: &Path) -> Option<String> {
    let text = std::fs::read_to_string(p).unwrap();
    text.lines()
        .next()
        .and_then(|l| l.strip_prefix("// expect:"))
        .map(|v| v.trim().to_string())
}

/// The `// args:` of `p` (line 2): a timeout (`--timeout N`, else 60 s) and other arguments
/// (the further files of a model in several files).
fn args_of(p: &Path) -> (String, Vec<String>) {
    let text = std::fs::read_to_string(p).unwrap_or_default();
    let args: Vec<String> = text
        .lines()
        .nth(1)
        .and_then(|l| l.strip_prefix("// args:"))
        .map(|a| a.split_whitespace().map(String::from).collect())
        .unwrap_or_default();
    let mut timeout = "60".to_string();
    let mut rest = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        if a == "--timeout" {
            timeout = it.next().unwrap_or(timeout);
        } else {
            rest.push(a);
        }
    }
    (timeout, rest)
}

/// The timeout of `p`: its `// args: --timeout N` line, else 60 s.
fn timeout_of(p: &Path) -> String {
    args_of(p).0
}

/// `schedmc verify --timeout T` on `p` with its own `// args:` ([`args_of`]).
fn verify(p: &Path) -> Run {
    let (t, more) = args_of(p);
    let mut args = vec!["verify".to_string(), "--timeout".into(), t];
    args.extend(more);
    args.push(p.to_str().unwrap().into());
    run(&args)
}

fn verify_with(p: &Path, timeout: &str) -> Run {
    run(["verify", "--timeout", timeout, p.to_str().unwrap()])
}

/// (delta cycles, time advances) of a trace
fn shape(r: &Run) -> (usize, usize) {
    let sched = r.stdout.lines().filter(|l| l.contains("[scheduler]"));
    let (mut d, mut t) = (0, 0);
    for l in sched {
        d += l.matches("delta cycle").count();
        t += l.matches("time advances").count();
    }
    (d, t)
}

/// Safe examples whose proof is not yet reliable within their timeout: they may answer UNKNOWN
/// (never the opposite verdict). struct_methods_safe.cpp: since its member functions called on
/// the module member are specialised to it (session 18), SUCCESSFUL in 12-15 s of CPU in two of
/// three runs of one binary, still open after 36 s of CPU in the third (runs of one binary
/// explore differently: the exploration is not deterministic).
const NOT_YET_PROVED: &[&str] = &["struct_methods_safe.cpp"];

#[test]
fn cpp_examples_match_their_c_twins() {
    let dir = root().join("examples/systemc-cpp");
    let files = files_with_ext(&dir, "cpp");
    assert!(files.len() >= 4, "no C++ examples found");
    let mut errors = Vec::new();
    for f in &files {
        let Some(expect) = expect_of(f) else {
            continue;
        };
        let r = verify(f);
        let last = r.last_line().to_string();
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        if NOT_YET_PROVED.contains(&name.as_str())
            && r.clean()
            && last.starts_with("VERIFICATION UNKNOWN")
        {
            eprintln!("{name}: {last} (not yet proved reliably: NOT_YET_PROVED)");
            continue;
        }
        if !r.clean() || last != format!("VERIFICATION {expect}") {
            errors.push(format!(
                "{}: expected {expect}, got `{last}`\n{}",
                f.display(),
                r.stderr
            ));
            continue;
        }
        let twin = root()
            .join("examples/systemc")
            .join(f.file_stem().unwrap())
            .with_extension("c");
        if !twin.exists() {
            continue;
        }
        // the twin with the larger of the two timeouts (a C twin has no args line of its own)
        let t = timeout_of(f).parse::<u32>().unwrap_or(60);
        let tc = timeout_of(&twin).parse::<u32>().unwrap_or(60);
        let rc = verify_with(&twin, &t.max(tc).to_string());
        if rc.last_line() != last {
            errors.push(format!(
                "{}: `{last}` but its twin {} gives `{}`",
                f.display(),
                twin.display(),
                rc.last_line()
            ));
            continue;
        }
        if expect == "FAILED" && shape(&r) != shape(&rc) {
            errors.push(format!(
                "{}: trace shape (delta cycles, time advances) {:?} differs from the twin's {:?}",
                f.display(),
                shape(&r),
                shape(&rc)
            ));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// The run's verdict line is `want` (the whole output in the message otherwise).
fn assert_verdict(r: &Run, want: &str) {
    assert_eq!(r.last_line(), want, "{}{}", r.stdout, r.stderr);
}

fn run_text(name: &str, text: &str) -> Run {
    let dir = std::env::temp_dir().join(format!("schedmc_cpp_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    verify(&p)
}

#[test]
fn outside_the_subset_is_unsupported_with_location() {
    let r = run_text(
        "virt.cpp",
        "#include <systemc.h>\nSC_MODULE(M) {\n  virtual void f() {}\n  SC_CTOR(M) {}\n};\n\
         int sc_main(int argc, char *argv[]) { M m(\"m\"); sc_start(); return 0; }\n",
    );
    assert_eq!(r.code, 3, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("virt.cpp:3:3"), "{}", r.stderr);
    assert!(
        r.stderr.contains("unsupported: C++ construct `virtual`"),
        "{}",
        r.stderr
    );
}

#[test]
fn c_library_types_outside_the_subset_are_unsupported() {
    // a C stream, a variadic function: C++ outside the subset (exit 3), not bad input
    for (name, text, at, what) in [
        (
            "file.cpp",
            "#include <systemc.h>\n#include <cstdio>\nFILE *fp;\n\
             int sc_main(int argc, char *argv[]) { sc_start(); return 0; }\n",
            "file.cpp:3:1",
            "unsupported: type `FILE`",
        ),
        (
            "va.cpp",
            "#include <systemc.h>\n#include <cstdarg>\nint say(const char *f, ...) { return 0; }\n\
             int sc_main(int argc, char *argv[]) { sc_start(); return 0; }\n",
            "va.cpp:3:24",
            "unsupported: a variadic function",
        ),
    ] {
        let r = run_text(name, text);
        assert_eq!(r.code, 3, "{name}: {}{}", r.stdout, r.stderr);
        assert!(r.stderr.contains(at), "{name}: {}", r.stderr);
        assert!(r.stderr.contains(what), "{name}: {}", r.stderr);
    }
}

#[test]
fn c_headers_give_their_macros_and_types() {
    // <climits>'s macros are the C front end's (include/limits.h); <ctime>, <sys/types.h>
    // give their types
    let model = |k: &str| {
        format!(
            "#include <systemc.h>\n#include <climits>\n#include <ctime>\n#include <sys/types.h>\n\
             #include <cstdarg>\n\
             SC_MODULE(M) {{\n  int x;\n  ssize_t n;\n  time_t t;\n\
               void run() {{ x = INT_MAX; n = -1; t = 0; wait(1, SC_NS);\n\
                 sc_assert(x == {k} && n < 0 && INT_MIN < 0); }}\n\
               SC_CTOR(M) : x(0), n(0), t(0) {{ SC_THREAD(run); }}\n}};\n\
             int sc_main(int argc, char *argv[]) {{ M m(\"m\"); sc_start(); return 0; }}\n"
        )
    };
    let r = run_text("hdr_safe.cpp", &model("2147483647"));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let r = run_text("hdr_bug.cpp", &model("2147483646"));
    assert_eq!(r.code, 10, "{}{}", r.stdout, r.stderr);
}

#[test]
fn user_channels_outside_the_subset_are_located() {
    // a primitive channel's update() may not notify immediately (an error in SystemC):
    // unsupported where it notifies (exit 3)
    let r = run_text(
        "prim.cpp",
        "#include <systemc.h>\nclass my_if : virtual public sc_interface {\n public:\n  virtual void put(int v) = 0;\n};\n\
         class C : public sc_prim_channel, public my_if {\n public:\n  C(const char *n) : sc_prim_channel(n), v(0) {}\n\
         void put(int x) { v = x; request_update(); }\n  void update() { e.notify(); }\n  int v;\n  sc_event e;\n};\n\
         SC_MODULE(M) {\n  sc_port<my_if> p;\n  void run() { p->put(1); }\n  SC_CTOR(M) { SC_THREAD(run); }\n};\n\
         int sc_main(int argc, char *argv[]) { C c(\"c\"); M m(\"m\"); m.p(c); sc_start(); return 0; }\n",
    );
    assert_eq!(r.code, 3, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("unsupported: immediate notification of c.e in a primitive channel's update() (line 10)"),
        "{}{}",
        r.stdout,
        r.stderr
    );
    // an interface port bound to a channel that does not implement the interface
    let r = run_text(
        "ifbind.cpp",
        "#include <systemc.h>\nclass a_if : virtual public sc_interface {\n public:\n  virtual int get() = 0;\n};\n\
         class b_if : virtual public sc_interface {\n public:\n  virtual int put() = 0;\n};\n\
         class C : public sc_channel, public b_if {\n public:\n  C(sc_module_name n) : sc_channel(n) {}\n  int put() { return 1; }\n};\n\
         SC_MODULE(M) {\n  sc_port<a_if> p;\n  void run() { sc_assert(p->get() == 1); }\n  SC_CTOR(M) { SC_THREAD(run); }\n};\n\
         int sc_main(int argc, char *argv[]) { C c(\"c\"); M m(\"m\"); m.p(c); sc_start(); return 0; }\n",
    );
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("does not implement `a_if`"),
        "{}",
        r.stderr
    );
}

#[test]
fn syntax_error_exits_2_with_location() {
    let r = run_text(
        "syn.cpp",
        "#include <systemc.h>\nint sc_main(int argc, char *argv[]) {\n  int x = ;\n  return 0;\n}\n",
    );
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("syn.cpp:3:11"), "{}", r.stderr);
}

#[test]
fn signal_write_is_visible_after_the_delta_only() {
    // standard SystemC: read() right after write() returns the old value
    let model = "#include <systemc.h>\n\
        SC_MODULE(M) {\n  sc_signal<int> s;\n  void run() {\n    s.write(5);\n    int a = s.read();\n\
            wait(SC_ZERO_TIME);\n    int b = s.read();\n    sc_assert(a == 0 && b == 5);\n  }\n\
          SC_CTOR(M) { SC_THREAD(run); }\n};\n\
        int sc_main(int argc, char *argv[]) { M m(\"m\"); sc_start(); return 0; }\n";
    let r = run_text("raw.cpp", model);
    assert_verdict(&r, "VERIFICATION SUCCESSFUL");
    let bad = model.replace("a == 0", "a == 5");
    let r = run_text("raw_bug.cpp", &bad);
    assert_verdict(&r, "VERIFICATION FAILED");
    assert!(r.stdout.contains("m.run"), "{}", r.stdout);
}

#[test]
fn output_operands_are_evaluated() {
    // `cout << ++n` increments n (the operands run, only the output is not modelled)
    let model = "#include <systemc.h>\n\
        SC_MODULE(M) {\n  int n;\n  void run() {\n    cout << \"n = \" << ++n << endl;\n\
            sc_assert(n == 1);\n  }\n  SC_CTOR(M) : n(0) { SC_THREAD(run); }\n};\n\
        int sc_main(int argc, char *argv[]) { M m(\"m\"); sc_start(); return 0; }\n";
    let r = run_text("cout_ops.cpp", model);
    assert_verdict(&r, "VERIFICATION SUCCESSFUL");
}

#[test]
fn time_arithmetic_as_the_reference_kernel() {
    // sc_time / double rounds to the resolution (1 ps / 2 = 1 ps); a clock with an sc_time
    // period and a duty cycle; sc_start twice
    let model = "#include <systemc.h>\n\
        SC_MODULE(M) {\n  sc_in<bool> clk;\n  int edges;\n  void run() { edges++; }\n\
          SC_CTOR(M) : edges(0) { SC_METHOD(run); sensitive << clk.pos(); dont_initialize(); }\n};\n\
        int sc_main(int argc, char *argv[]) {\n\
          sc_clock clk(\"clk\", sc_time(10, SC_NS), 0.25, sc_time(2, SC_NS), true);\n\
          M m(\"m\");\n  m.clk(clk);\n\
          sc_time half = sc_time(1, SC_PS) / 2;\n  sc_assert(half == sc_time(1, SC_PS));\n\
          sc_start(20, SC_NS);\n  sc_assert(m.edges == 2);\n\
          sc_start(sc_time(10, SC_NS));\n  sc_assert(m.edges == 3 && sc_time_stamp().value() == 30000);\n\
          return 0;\n}\n";
    let r = run_text("time_ops.cpp", model);
    assert_verdict(&r, "VERIFICATION SUCCESSFUL");
    let bad = model.replace("m.edges == 3", "m.edges == 4");
    let r = run_text("time_ops_bug.cpp", &bad);
    assert_verdict(&r, "VERIFICATION FAILED");
    // the quotient of two times is a double (`t1.to_double() / t2.to_double()`): 30 ns / 20 ns
    // is 1.5, truncated to 1 as an int
    let q = model.replace(
        "sc_time_stamp().value() == 30000);",
        "sc_time_stamp().value() == 30000);\n  \
         int k = sc_time_stamp() / sc_time(20, SC_NS);\n  sc_assert(k == 1);",
    );
    let r = run_text("time_quot.cpp", &q);
    assert_verdict(&r, "VERIFICATION SUCCESSFUL");
    let r = run_text("time_quot_bug.cpp", &q.replace("k == 1", "k == 2"));
    assert_verdict(&r, "VERIFICATION FAILED");
    // `/=` of a time by a time does not compile in C++: outside the subset, located
    let q = model.replace(
        "sc_time(1, SC_PS) / 2;",
        "sc_time(1, SC_PS) / 2;\n  half /= sc_time(1, SC_PS);",
    );
    let r = run_text("time_quot_assign.cpp", &q);
    assert_eq!(r.code, 3, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("time_quot_assign.cpp:13:"),
        "{}",
        r.stderr
    );
}

#[test]
fn model_headers_are_found_next_to_the_model() {
    // A module in the model's own header (`#include "counter.h"`), which includes
    // <systemc.h> itself, as models compiled against the reference library are laid out.
    let header = "#include \"systemc.h\"\n\
        SC_MODULE(counter) {\n  sc_in<bool> clk;\n  int n;\n\
          void tick() { n++; sc_assert(n < LIMIT); }\n\
          SC_CTOR(counter) : n(0) { SC_METHOD(tick); sensitive << clk.pos(); dont_initialize(); }\n};\n";
    let top = "#include <systemc.h>\n#include \"counter.h\"\n\
        int sc_main(int argc, char *argv[]) {\n  sc_clock clk(\"clk\", 10, SC_NS);\n\
          counter c(\"c\");\n  c.clk(clk);\n  sc_start(200, SC_NS);\n  return 0;\n}\n";
    // About 20 rising edges in 200 ns: n reaches 15 but not 100.
    for (limit, expect) in [
        (100, "VERIFICATION SUCCESSFUL"),
        (15, "VERIFICATION FAILED"),
    ] {
        let dir =
            std::env::temp_dir().join(format!("schedmc_cpp_hdr_{}_{limit}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("counter.h"),
            header.replace("LIMIT", &limit.to_string()),
        )
        .unwrap();
        let p = dir.join("top.cpp");
        std::fs::write(&p, top).unwrap();
        let r = verify_with(&p, "120");
        assert_eq!(r.last_line(), expect, "{}{}", r.stdout, r.stderr);
    }
}

/// Writes `files` (name, text) into a fresh directory and runs `schedmc verify` on them (in
/// that order).
fn run_files(tag: &str, files: &[(&str, &str)]) -> Run {
    let dir = std::env::temp_dir().join(format!("schedmc_cpp_{tag}_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut args = vec!["verify".to_string(), "--timeout".into(), "60".into()];
    for (n, t) in files {
        let p = dir.join(n);
        std::fs::write(&p, t).unwrap();
        if n.ends_with(".cpp") {
            args.push(p.to_str().unwrap().into());
        }
    }
    run(&args)
}

const COUNTER_H: &str = "#ifndef COUNTER_H\n#define COUNTER_H\n#include <systemc.h>\n\
    const int LIMIT = 3;\ninline int next(int x) { return x + 1; }\n\
    SC_MODULE(counter) {\n  sc_in<bool> clk;\n  int n;\n  void tick();\n\
      SC_CTOR(counter) : n(0) { SC_METHOD(tick); sensitive << clk.pos(); dont_initialize(); }\n\
    };\n#endif\n";

const TOP: &str = "#include <systemc.h>\n#include \"counter.h\"\n\
    int sc_main(int argc, char *argv[]) {\n  sc_clock clk(\"clk\", 10, SC_NS);\n\
      counter c(\"c\");\n  c.clk(clk);\n  sc_start(45, SC_NS);\n  return 0;\n}\n";

#[test]
fn a_model_in_several_files() {
    // The process defined out of class in counter.cpp; 5 rising edges (0, 10, ..., 40 ns):
    // n reaches 5, above LIMIT after the 4th.
    let body = |cond: &str| {
        format!(
            "#include \"counter.h\"\nvoid counter::tick() {{\n  n = next(n);\n  sc_assert({cond});\n}}\n"
        )
    };
    let safe = body("n <= 5");
    let r = run_files(
        "multi_safe",
        &[
            ("counter.h", COUNTER_H),
            ("counter.cpp", &safe),
            ("top.cpp", TOP),
        ],
    );
    assert_verdict(&r, "VERIFICATION SUCCESSFUL");
    let bug = body("n <= LIMIT");
    let r = run_files(
        "multi_bug",
        &[
            ("counter.h", COUNTER_H),
            ("counter.cpp", &bug),
            ("top.cpp", TOP),
        ],
    );
    assert_verdict(&r, "VERIFICATION FAILED");
    // the violation is located in counter.cpp
    assert!(r.stdout.contains("counter.cpp:4"), "{}", r.stdout);
    // without the file defining the process
    let r = run_files(
        "multi_missing",
        &[("counter.h", COUNTER_H), ("top.cpp", TOP)],
    );
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr
            .contains("`tick` is not a member function of `counter` with a body"),
        "{}",
        r.stderr
    );
}

#[test]
fn second_definitions_in_several_files_are_errors() {
    let tick = "#include \"counter.h\"\nvoid counter::tick() { n = next(n); }\n";
    // the process defined in two files
    let r = run_files(
        "dup_fn",
        &[
            ("counter.h", COUNTER_H),
            ("a.cpp", tick),
            ("b.cpp", tick),
            ("top.cpp", TOP),
        ],
    );
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("b.cpp:2:15"), "{}", r.stderr);
    assert!(
        r.stderr.contains("redefinition of `counter::tick`"),
        "{}",
        r.stderr
    );
    // a module defined differently in two files
    let other = "#include <systemc.h>\nSC_MODULE(counter) {\n  int n;\n  SC_CTOR(counter) {}\n};\n";
    let r = run_files(
        "dup_mod",
        &[
            ("counter.h", COUNTER_H),
            ("a.cpp", tick),
            ("b.cpp", other),
            ("top.cpp", TOP),
        ],
    );
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("b.cpp:2:11"), "{}", r.stderr);
    assert!(
        r.stderr.contains("redefinition of module `counter`"),
        "{}",
        r.stderr
    );
    // a variable defined in two files (a header without `const`)
    let h = COUNTER_H.replace("const int LIMIT", "int LIMIT");
    let r = run_files(
        "dup_var",
        &[("counter.h", &h), ("a.cpp", tick), ("top.cpp", TOP)],
    );
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("counter.h:4:5"), "{}", r.stderr);
    assert!(r.stderr.contains("redefinition of `LIMIT`"), "{}", r.stderr);
}

#[test]
fn out_of_class_definitions_in_one_file() {
    let model = |cond: &str| {
        format!(
            "#include <systemc.h>\nSC_MODULE(m) {{\n  sc_signal<int> s;\n  int k;\n  void run();\n\
               int twice(int x) const;\n  m(sc_module_name n);\n}};\n\
             m::m(sc_module_name n) : sc_module(n), k(2) {{ SC_THREAD(run); }}\n\
             int m::twice(int x) const {{ return 2 * x; }}\n\
             void m::run() {{\n  k = twice(k);\n  s.write(k);\n  wait(1, SC_NS);\n  sc_assert({cond});\n}}\n\
             int sc_main(int argc, char *argv[]) {{ m top(\"top\"); sc_start(); return 0; }}\n"
        )
    };
    let r = run_text("ooc_safe.cpp", &model("s.read() == 4"));
    assert_verdict(&r, "VERIFICATION SUCCESSFUL");
    let r = run_text("ooc_bug.cpp", &model("s.read() == 2"));
    assert_verdict(&r, "VERIFICATION FAILED");
}

#[test]
fn sc_vector_bad_input() {
    let model = |decl: &str, use_: &str| {
        format!(
            "#include <systemc.h>\nSC_MODULE(w) {{\n  sc_in<int> in;\n  SC_CTOR(w) {{}}\n}};\n\
             int sc_main(int argc, char *argv[]) {{\n  int n = 2;\n  {decl}\n  {use_}\n  \
             sc_start();\n  return 0;\n}}\n"
        )
    };
    // a size known only at run time: unsupported, exit 3, located at the size
    let r = run_text(
        "vec_size.cpp",
        &model("sc_vector<w> ws(\"ws\", n);", "sc_signal<int> s;"),
    );
    assert_eq!(r.code, 3, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("vec_size.cpp:8:25"), "{}", r.stderr);
    assert!(
        r.stderr.contains("unsupported: an sc_vector size"),
        "{}",
        r.stderr
    );
    // an element outside the vector: its port stays unbound (an error, exit 2)
    let r = run_text(
        "vec_idx.cpp",
        &model(
            "sc_vector<w> ws(\"ws\", 2);",
            "sc_signal<int> s; ws[0].in(s); ws[2].in(s);",
        ),
    );
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("vec_idx.cpp:"), "{}", r.stderr);
    // init twice
    let r = run_text(
        "vec_init.cpp",
        &model("sc_vector<sc_signal<int> > v(\"v\", 2);", "v.init(3);"),
    );
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("vec_init.cpp:9:"), "{}", r.stderr);
    // a vector of values is not SystemC
    let r = run_text("vec_int.cpp", &model("sc_vector<int> v(\"v\", 2);", ""));
    assert_eq!(r.code, 3, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("vec_int.cpp:8:3"), "{}", r.stderr);
}

#[test]
fn time_as_double_in_output_and_integer_comparisons() {
    // sc_time::to_double() is the time in resolution units (1 ps): 10 ns is 10000. Printed
    // (not modelled) or compared with an integer constant it is exact (an integer
    // comparison); to_seconds() (whose rounding differs between kernel versions) is
    // unsupported.
    let model = |cond: &str| {
        format!(
            "#include <systemc.h>\nSC_MODULE(m) {{\n  void run() {{\n    wait(10, SC_NS);\n    \
             cout << \"t = \" << sc_time_stamp().to_double() << endl;\n    \
             sc_assert({cond});\n  }}\n  SC_CTOR(m) {{ SC_THREAD(run); }}\n}};\n\
             int sc_main(int argc, char *argv[]) {{ m top(\"top\"); sc_start(); return 0; }}\n"
        )
    };
    let r = run_text(
        "dbl_safe.cpp",
        &model("sc_time_stamp().to_double() == 10000.0 && 9999 < sc_time_stamp().to_double()"),
    );
    assert_verdict(&r, "VERIFICATION SUCCESSFUL");
    let r = run_text("dbl_bug.cpp", &model("sc_time_stamp().to_double() < 10000"));
    assert_verdict(&r, "VERIFICATION FAILED");
    let r = run_text("dbl_sec.cpp", &model("sc_time_stamp().to_seconds() < 1"));
    assert_eq!(r.code, 3, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("dbl_sec.cpp:6:"), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("sc_time::to_seconds() (a double whose rounding differs"),
        "{}",
        r.stderr
    );
    // any other use is the double itself (C's conversion of the 64-bit count)
    let r = run_text(
        "dbl_arith.cpp",
        &model("sc_time_stamp().to_double() * 2.5 == 25000.0"),
    );
    assert_verdict(&r, "VERIFICATION SUCCESSFUL");
    let r = run_text(
        "dbl_arith_bug.cpp",
        &model("sc_time_stamp().to_double() * 2.5 > 25000.0"),
    );
    assert_verdict(&r, "VERIFICATION FAILED");
}

#[test]
fn plain_structs_outside_the_subset_are_located() {
    // a plain struct with two constructors of one arity (overloading by type), with a
    // member initialiser of an array member, with an array of events: unsupported where it is
    // (exit 3); constructors, member functions and single sc_event members are in the subset
    // (struct_methods_*.cpp, event_class_*.cpp)
    for (name, text, at, what) in [
        (
            "sctor2.cpp",
            "#include <systemc.h>\nstruct P {\n  int a;\n  P(int x) { a = x; }\n  P(bool y) { a = 2; }\n};\n\
             int sc_main(int argc, char *argv[]) { sc_start(); return 0; }\n",
            "sctor2.cpp:5:3",
            "unsupported: two constructors of a plain struct with the same number of parameters",
        ),
        (
            "sinit.cpp",
            "#include <systemc.h>\nstruct P {\n  int a[2];\n  P() : a(0) {}\n};\n\
             int sc_main(int argc, char *argv[]) { sc_start(); return 0; }\n",
            "sinit.cpp:4:",
            "unsupported: a member initialiser of a struct or array member",
        ),
        (
            "sev.cpp",
            "#include <systemc.h>\nclass B {\n  sc_event e[2];\n};\n\
             int sc_main(int argc, char *argv[]) { sc_start(); return 0; }\n",
            "sev.cpp:3:12",
            "unsupported: a member of a plain struct",
        ),
    ] {
        let r = run_text(name, text);
        assert_eq!(r.code, 3, "{name}: {}{}", r.stdout, r.stderr);
        assert!(r.stderr.contains(at), "{name}: {}", r.stderr);
        assert!(r.stderr.contains(what), "{name}: {}", r.stderr);
    }
    // sc_signal<T> needs T's operator== (the reference library does not compile without it)
    let r = run_text(
        "noeq.cpp",
        "#include <systemc.h>\nstruct P {\n  int a;\n};\n\
         int sc_main(int argc, char *argv[]) {\n  sc_signal<P> s;\n  P p;\n  p.a = 1;\n  s.write(p);\n  sc_start();\n  return 0;\n}\n",
    );
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("noeq.cpp:9:"), "{}", r.stderr);
    assert!(r.stderr.contains("needs `operator==`"), "{}", r.stderr);
}

#[test]
fn errno_and_string_headers() {
    // <errno.h> / <cerrno> give errno (a global int, 0 at start) and the error numbers;
    // <cstring> is accepted (its functions are not in the subset)
    let model = |k: &str| {
        format!(
            "#include <systemc.h>\n#include <cerrno>\n#include <cstring>\n\
             int sc_main(int argc, char *argv[]) {{\n  sc_assert(errno == 0);\n  errno = EINTR;\n\
               sc_start();\n  sc_assert(errno == {k});\n  return 0;\n}}\n"
        )
    };
    let r = run_text("errno_safe.cpp", &model("4"));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let r = run_text("errno_bug.cpp", &model("0"));
    assert_eq!(r.code, 10, "{}{}", r.stdout, r.stderr);
}
