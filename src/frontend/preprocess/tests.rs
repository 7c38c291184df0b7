//! Tests of the preprocessor (features, locations, line markers, shipped headers, benchmarks).

use super::*;
use crate::diag::Severity;

fn opts() -> PpOptions {
    PpOptions::default()
}

fn run_str(src: &str, o: &PpOptions) -> (Result<PpOutput, Diag>, SourceMap) {
    let mut sm = SourceMap::new();
    let r = preprocess_str("main.c", src, o, &mut sm);
    (r, sm)
}

fn pp(src: &str) -> String {
    match run_str(src, &opts()).0 {
        Ok(o) => o.text,
        Err(e) => panic!("unexpected error: {} at {:?}", e.message, e.loc),
    }
}

fn pp_err(src: &str) -> Diag {
    match run_str(src, &opts()).0 {
        Ok(o) => panic!("expected an error, got:\n{}", o.text),
        Err(e) => e,
    }
}

/// The output without line markers, all white space removed.
fn squash(text: &str) -> String {
    text.lines()
        .filter(|l| parse_line_marker(l).is_none())
        .flat_map(|l| l.chars())
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// The output without line markers, white space runs replaced by one space.
fn words(text: &str) -> String {
    let mut lx = Lexer::new(text);
    let mut v: Vec<String> = Vec::new();
    while let Some(line) = lx.next_line(FileId(0), 0).unwrap() {
        if parse_line_marker(
            &line
                .iter()
                .map(|t| format!("{} ", t.text))
                .collect::<String>(),
        )
        .is_some()
        {
            continue;
        }
        v.extend(line.iter().map(|t| t.text.to_string()));
    }
    v.join(" ")
}

/// Asserts that the output has the tokens of `want` (white space and line markers ignored).
macro_rules! assert_pp {
    ($out:expr, $want:expr) => {
        assert_eq!(words(&$out), words($want))
    };
}

/// (file, line, col) of every occurrence of `needle`, as a lexer honouring line markers sees it.
fn find_pos(text: &str, needle: &str) -> Vec<(String, u32, u32)> {
    let mut file = String::new();
    let mut line = 1;
    let mut res = Vec::new();
    for l in text.lines() {
        if let Some((n, f, _)) = parse_line_marker(l) {
            if let Some(f) = f {
                file = f;
            }
            line = n;
            continue;
        }
        let mut start = 0;
        while let Some(i) = l[start..].find(needle) {
            let b = start + i;
            res.push((file.clone(), line, l[..b].chars().count() as u32 + 1));
            start = b + needle.len();
        }
        line += 1;
    }
    res
}

fn at(file: &str, line: u32, col: u32) -> (String, u32, u32) {
    (file.to_string(), line, col)
}

fn err_pos(e: &Diag, sm: &SourceMap) -> (String, u32, u32) {
    let l = e.loc.expect("error without location");
    (sm.name(l.file).to_string(), l.line, l.col)
}

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let d = std::env::temp_dir().join(format!("schedmc-pp-{}-{}", tag, std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        TempDir(d)
    }
    fn write(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.0.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn object_macros_and_columns_of_plain_text() {
    let out = pp("#define N 10\nint   a[N];  int b;\n  x = y ;\n");
    assert_pp!(out, "int a[10]; int b; x = y ;");
    // unexpanded text keeps its columns
    assert_eq!(find_pos(&out, "int b"), vec![at("main.c", 2, 14)]);
    assert_eq!(find_pos(&out, "x = y"), vec![at("main.c", 3, 3)]);
    assert_eq!(find_pos(&out, "10"), vec![at("main.c", 2, 9)]);
    assert!(out.starts_with("# 1 \"main.c\"\n"));
}

#[test]
fn stringification() {
    let out = pp("#define STR(x) #x\n#define XSTR(x) STR(x)\n#define V 42\n\
                  STR( a  +  \"b\\n\" ) STR() STR(V) XSTR(V) STR('\"')\n");
    assert_pp!(out, r#""a + \"b\\n\"" "" "V" "42" "'\"'""#);
}

#[test]
fn token_pasting() {
    let out = pp(
        "#define CAT(a,b) a##b\n#define XCAT(a,b) CAT(a,b)\n#define ONE 1\n\
                  CAT(x, 1) CAT(,y) CAT(z,) [CAT(,)] CAT(+,=) CAT(ONE,2) XCAT(ONE,2) CAT(0x,1f)\n",
    );
    assert_pp!(out, "x1 y z [] += ONE2 12 0x1f");
    let e = pp_err("#define CAT(a,b) a##b\nint x = CAT(+,-);\n");
    assert!(
        e.message
            .contains("does not give a valid preprocessing token"),
        "{}",
        e.message
    );
    assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((2, 9)));
}

#[test]
fn nested_function_like_macros() {
    let out = pp(
        "#define SQ(x) ((x)*(x))\n#define ADD(a,b) ((a)+(b))\n#define ID(x) x\n\
                  ADD(SQ(1), ID(SQ(ID(2))))\nADD((1,2),3)\n",
    );
    assert_eq!(
        squash(&out),
        "((((1)*(1)))+(((2)*(2))))((1,2))+(3))".replace("((1,2))", "(((1,2))")
    );
}

#[test]
fn blue_paint_prevents_recursion() {
    let out =
        pp("#define f(x) f(x+1)\nf(2)\n#define a a b\n#define b a\na\n#define g(x) x\ng(g)(1)\n");
    // g's expansion yields a painted `g` which is not expanded even when followed by `(`
    assert_pp!(out, "f(2+1) a a g(1)");
}

#[test]
fn c_standard_example() {
    // ISO C 6.10.3.5 example 3
    let src = "#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n\
#define z z[0]\n#define h g(~\n#define m(a) a(w)\n#define w 0,1\n#define t(a) a\n#define p() int\n\
#define q(x) x\n#define r(x,y) x ## y\n#define str(x) # x\n\
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\ng(x+(3,4)-w) | h 5) & m\n(f)^m(m);\n\
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };\nchar c[2][6] = { str(hello), str() };\n";
    let out = pp(src);
    let want = "f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);\
f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);\
int i[] = { 1, 23, 4, 5, };char c[2][6] = { \"hello\", \"\" };";
    assert_eq!(squash(&out), want.replace(' ', ""));
}

#[test]
fn variadic_macros() {
    let out = pp("#define P(fmt, ...) printf(fmt, __VA_ARGS__)\n\
                  #define E(fmt, ...) printf(fmt, ## __VA_ARGS__)\n\
                  #define N(fmt, args...) printf(fmt , ##args)\n\
                  #define S(...) #__VA_ARGS__\n\
                  #define C(...) __VA_ARGS__\n\
                  P(\"a\", 1, 2);\nE(\"b\");\nE(\"c\",);\nE(\"d\", x, y);\nN(\"e\");\nN(\"f\", 3);\n\
                  S(a, b ,c);\nC();\nC(1,(2,3));\n");
    assert_pp!(
        out,
        "printf(\"a\", 1, 2); printf(\"b\"); printf(\"c\",); printf(\"d\", x, y); \
         printf(\"e\"); printf(\"f\" , 3); \"a, b ,c\"; ; 1,(2,3);"
    );
}

#[test]
fn macro_argument_count_errors() {
    let (r, sm) = run_str("#define F(a,b) a\nint x;\n  F(1);\n", &opts());
    let e = r.unwrap_err();
    assert!(e.message.contains("requires 2 arguments"), "{}", e.message);
    assert_eq!(err_pos(&e, &sm), at("main.c", 3, 3));
    let e = pp_err("#define F(a) a\nF(1,2)\n");
    assert!(e.message.contains("passed 2 arguments"), "{}", e.message);
    let e = pp_err("#define F(a) a\nF(1,\n2\n");
    assert!(
        e.message.contains("unterminated argument list"),
        "{}",
        e.message
    );
    assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((2, 1)));
    let e = pp_err("#define G() 1\nG(x)\n");
    assert!(e.message.contains("takes just 0"), "{}", e.message);
}

fn if_value(expr: &str) -> bool {
    let out = pp(&format!("#if {expr}\nyes\n#else\nno\n#endif\n"));
    match words(&out).as_str() {
        "yes" => true,
        "no" => false,
        o => panic!("unexpected output {o:?}"),
    }
}

#[test]
fn if_arithmetic() {
    let cases: &[(&str, bool)] = &[
        ("1 + 2 * 3 == 7", true),
        ("(1 + 2) * 3 == 9", true),
        ("10 / 3 == 3 && 10 % 3 == 1", true),
        ("-7 / 2 == -3 && -7 % 2 == -1", true),
        ("1 << 4 == 16 && 256 >> 4 == 16", true),
        ("-1 >> 1 == -1", true),
        ("-1 < 0", true),
        ("-1 < 0u", false),
        ("0xffffffffffffffff == -1", true),
        ("18446744073709551615u > 0", true),
        ("~0 == -1 && ~0u == 18446744073709551615u", true),
        ("(2 || 0) == 1 && (2 && 3) == 1", true),
        ("!0 && !!5 == 1", true),
        ("1 ? 2 : 3", true),
        ("0 ? 2 : 0", false),
        ("(0 ? 1 : -1) < 0", true),
        ("(1 ? -1 : 0u) > 0", true),
        ("(5 & 3) == 1 && (5 | 3) == 7 && (5 ^ 3) == 6", true),
        ("'a' == 97 && '\\n' == 10 && '\\0' == 0", true),
        ("'\\377' < 0", true),
        ("0x10 == 16 && 010 == 8 && 0b11 == 3", true),
        ("1L == 1 && 2ULL == 2 && 3lu == 3", true),
        ("9223372036854775807 + 1 < 0", true),
        ("(1, 0)", false),
        ("3 >= 3 && 3 <= 3 && 4 > 3 && !(3 != 3)", true),
        ("0 && 1 / 0", false),
        ("1 || 1 / 0", true),
        ("1 ? 1 : 1 / 0", true),
        ("undefined_name == 0", true),
        ("true", false),
    ];
    for (e, want) in cases {
        assert_eq!(if_value(e), *want, "#if {e}");
    }
}

#[test]
fn if_defined_and_macros() {
    let src = "#define A 1\n#define B A + 1\n#define EMPTY\n#define F(x) x\n\
#if defined A && defined(B) && !defined C && defined EMPTY\nok1\n#endif\n\
#if B == 2 && F(3) == 3\nok2\n#endif\n\
#ifdef F\nok3\n#endif\n#ifndef C\nok4\n#endif\n#ifdef C\nbad\n#endif\n\
#define D defined(A)\n#if D\nok5\n#endif\n";
    assert_pp!(pp(src), "ok1 ok2 ok3 ok4 ok5");
}

#[test]
fn elif_chains_and_nesting() {
    let src = "#define X 2\n\
#if X == 1\none\n#elif X == 2\ntwo\n#elif X == 2\ntwo_again\n#else\nother\n#endif\n\
#if 0\n#if 1\nno\n#else\nno\n#endif\n#elif 1\nyes\n#endif\n\
#if 0\n#elif 0\n#else\nelse\n#endif\n\
#if 1\n#if 0\n#else\nnested\n#endif\n#endif\n\
#if 0\n#bogus directive in skipped group\n#error not reached\n#endif\n";
    assert_pp!(pp(src), "two yes else nested");
}

#[test]
fn error_directive_location() {
    let (r, sm) = run_str("int a;\n#if 1\n  #  error this is bad\n#endif\n", &opts());
    let e = r.unwrap_err();
    assert_eq!(e.severity, Severity::Error);
    assert_eq!(e.kind, DiagKind::Preprocess);
    assert_eq!(e.message, "#error this is bad");
    assert_eq!(err_pos(&e, &sm), at("main.c", 3, 3));
    // #warning is a warning
    let (r, _) = run_str("#warning don't panic\nint x;\n", &opts());
    let o = r.unwrap();
    assert_eq!(o.warnings.len(), 1);
    assert_eq!(o.warnings[0].severity, Severity::Warning);
    assert!(
        o.warnings[0].message.contains("don 't panic") || o.warnings[0].message.contains("don't")
    );
}

#[test]
fn unbalanced_conditionals() {
    let e = pp_err("int a;\n\n   #endif\n");
    assert_eq!(e.message, "#endif without #if");
    assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((3, 4)));
    let e = pp_err("#if 1\n#else\n#else\n#endif\n");
    assert_eq!(e.message, "#else after #else");
    assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((3, 1)));
    let e = pp_err("#if 1\n#else\n#elif 1\n#endif\n");
    assert_eq!(e.message, "#elif after #else");
    let e = pp_err("#elif 1\n");
    assert_eq!(e.message, "#elif without #if");
    let e = pp_err("#if 1\n#endif\nx\n  #ifdef FOO\n#if 0\n#endif\ny\n");
    assert_eq!(e.message, "unterminated #ifdef");
    assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((4, 3)));
}

#[test]
fn if_expression_errors() {
    let e = pp_err("#if 1 / 0\n#endif\n");
    assert!(e.message.contains("division by zero"), "{}", e.message);
    assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((1, 7)));
    let e = pp_err("#if (1 + 2\n#endif\n");
    assert!(e.message.contains("missing ')'"), "{}", e.message);
    let e = pp_err("#if 1 2\n#endif\n");
    assert!(
        e.message.contains("missing binary operator"),
        "{}",
        e.message
    );
    assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((1, 7)));
    let e = pp_err("#if\n#endif\n");
    assert!(e.message.contains("no expression"), "{}", e.message);
    let e = pp_err("#if 1.5\n#endif\n");
    assert!(e.message.contains("floating"), "{}", e.message);
    let e = pp_err("#if defined\n#endif\n");
    assert!(e.message.contains("defined"), "{}", e.message);
    let e = pp_err("#if 1 +\n#endif\n");
    assert!(e.message.contains("missing operand"), "{}", e.message);
    let e = pp_err("#if \"s\"\n#endif\n");
    assert!(e.message.contains("not valid"), "{}", e.message);
}

#[test]
fn define_errors() {
    let e = pp_err("#define F(x) #y\n");
    assert!(e.message.contains("'#' is not followed"), "{}", e.message);
    assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((1, 14)));
    let e = pp_err("#define F(x) ## x\n");
    assert!(e.message.contains("either end"), "{}", e.message);
    let e = pp_err("#define F(x, x) x\n");
    assert!(e.message.contains("duplicate"), "{}", e.message);
    let e = pp_err("#define 3 x\n");
    assert!(e.message.contains("identifiers"), "{}", e.message);
    let e = pp_err("#define F(x x\n");
    assert!(e.message.contains("expected ','"), "{}", e.message);
    let e = pp_err("#define\n");
    assert!(e.message.contains("no macro name"), "{}", e.message);
    let e = pp_err("#foo\n");
    assert!(
        e.message.contains("invalid preprocessing directive"),
        "{}",
        e.message
    );
    // `#` in an object-like macro is an ordinary token; undef works
    assert_pp!(pp("#define H # x\nH\n#undef H\nH\n"), "# x H");
}

#[test]
fn includes_relative_and_dash_i() {
    let d = TempDir::new("inc");
    d.write("src/local.h", "int local;\n#include \"sub/deeper.h\"\n");
    d.write("src/sub/deeper.h", "int deeper;\n");
    d.write("inc/lib.h", "#pragma once\nint lib = LIBVAL;\n");
    d.write(
        "inc/guard.h",
        "#ifndef GUARD_H\n#define GUARD_H\nint guarded;\n#endif\n",
    );
    let main = d.write(
        "src/main.c",
        "#define LIBVAL 7\n#include \"local.h\"\n#include <lib.h>\n#include \"lib.h\"\n\
         #include \"guard.h\"\n#include <guard.h>\nint after = __LINE__;\n",
    );
    let o = PpOptions {
        include_dirs: vec![d.0.join("inc")],
        ..opts()
    };
    let mut sm = SourceMap::new();
    let out = preprocess_file(&main, &o, &mut sm).unwrap();
    assert_pp!(
        out.text,
        "int local; int deeper; int lib = 7; int guarded; int after = 7;"
    );
    let main_name = main.to_string_lossy().into_owned();
    assert_eq!(find_pos(&out.text, "int after"), vec![at(&main_name, 7, 1)]);
    let deeper = d.0.join("src/sub/deeper.h").to_string_lossy().into_owned();
    assert_eq!(find_pos(&out.text, "int deeper"), vec![at(&deeper, 1, 1)]);
    let lib = d.0.join("inc/lib.h").to_string_lossy().into_owned();
    assert_eq!(find_pos(&out.text, "int lib"), vec![at(&lib, 2, 1)]);
    // every file read is registered with its text
    let id = sm.find(&deeper).expect("deeper.h registered");
    assert_eq!(sm.get(id).text.as_deref(), Some("int deeper;\n"));
    assert!(sm.find(&main_name).is_some());
    // enter / return flags
    assert!(out.text.contains(&format!("# 1 \"{lib}\" 1\n")));
    assert!(out.text.contains(&format!("# 4 \"{main_name}\" 2\n")));
}

#[test]
fn missing_includes() {
    let (r, sm) = run_str("int a;\n#include   \"nope.h\"\n", &opts());
    let e = r.unwrap_err();
    assert!(e.message.contains("nope.h"), "{}", e.message);
    assert_eq!(err_pos(&e, &sm), at("main.c", 2, 12));
    let (r, _) = run_str(
        "#include <fcntl.h>\n#include <sys/stat.h>\nint x;\n",
        &opts(),
    );
    let o = r.unwrap();
    assert_eq!(o.warnings.len(), 2);
    assert_eq!(o.warnings[0].severity, Severity::Warning);
    assert_eq!(o.warnings[0].kind, DiagKind::Preprocess);
    assert!(o.warnings[0].message.contains("fcntl.h"));
    assert_eq!(o.warnings[1].loc.map(|l| (l.line, l.col)), Some((2, 1)));
    assert_eq!(find_pos(&o.text, "int x"), vec![at("main.c", 3, 1)]);
    let e = pp_err("#include\n");
    assert!(e.message.contains("expects"), "{}", e.message);
    // computed include
    let (r, _) = run_str(
        "#define H <stdbool.h>\n#include H\nbool b = true;\n",
        &opts(),
    );
    assert_pp!(r.unwrap().text, "_Bool b = 1;");
}

#[test]
fn include_depth_limit() {
    let d = TempDir::new("depth");
    let p = d.write("self.c", "#include \"self.c\"\nint x;\n");
    let mut sm = SourceMap::new();
    let e = preprocess_file(&p, &opts(), &mut sm).unwrap_err();
    assert!(e.message.contains("nested too deeply"), "{}", e.message);
}

#[test]
fn line_markers_map_lines_after_includes_and_skipped_blocks() {
    let d = TempDir::new("markers");
    d.write("h.h", "\n\nint in_header;\n");
    let main = d.write(
        "m.c",
        "int first;\n#include \"h.h\"\nint second;\n#if 0\n\n\n\n\n\n\n\n\n\n\n\n\n#endif\nint third;\n\
         int fourth; /* a comment\n spanning\n lines */ int fifth;\nint sixth;\n",
    );
    let mut sm = SourceMap::new();
    let out = preprocess_file(&main, &opts(), &mut sm).unwrap().text;
    let m = main.to_string_lossy().into_owned();
    let h = d.0.join("h.h").to_string_lossy().into_owned();
    assert_eq!(find_pos(&out, "int first"), vec![at(&m, 1, 1)]);
    assert_eq!(find_pos(&out, "int in_header"), vec![at(&h, 3, 1)]);
    assert_eq!(find_pos(&out, "int second"), vec![at(&m, 3, 1)]);
    assert_eq!(find_pos(&out, "int third"), vec![at(&m, 18, 1)]);
    assert_eq!(find_pos(&out, "int fourth"), vec![at(&m, 19, 1)]);
    assert_eq!(find_pos(&out, "int fifth"), vec![at(&m, 21, 11)]);
    assert_eq!(find_pos(&out, "int sixth"), vec![at(&m, 22, 1)]);
}

#[test]
fn comments_and_splices_keep_numbering() {
    let out = pp("/* one\n two\n three */ int a;\n// c \\\n continued\nint b; // tail\nlong \\\nname = 1;\nint c = 'x' + \"/* no */\";\n");
    assert_eq!(find_pos(&out, "int a"), vec![at("main.c", 3, 11)]);
    assert_eq!(find_pos(&out, "int b"), vec![at("main.c", 6, 1)]);
    assert_eq!(find_pos(&out, "long"), vec![at("main.c", 7, 1)]);
    assert_eq!(find_pos(&out, "int c"), vec![at("main.c", 9, 1)]);
    assert!(out.contains("\"/* no */\""));
    assert!(!out.contains("continued"));
    assert!(!out.contains("tail"));
    let e = pp_err("int a;\n  /* never closed\n");
    assert_eq!(e.message, "unterminated comment");
    assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((2, 3)));
}

#[test]
fn line_and_file_builtins_and_line_directive() {
    let src = "int a = __LINE__;\n#define L __LINE__\n\nint b = L; char *f = __FILE__;\n\
#line 100 \"renamed.c\"\nint c = __LINE__; char *g = __FILE__;\nint d;\n";
    let (r, sm) = run_str(src, &opts());
    let out = r.unwrap().text;
    assert_pp!(
        out,
        "int a = 1; int b = 4; char *f = \"main.c\"; int c = 100; char *g = \"renamed.c\"; int d;"
    );
    assert_eq!(find_pos(&out, "int c"), vec![at("renamed.c", 100, 1)]);
    assert_eq!(find_pos(&out, "int d"), vec![at("renamed.c", 101, 1)]);
    assert!(sm.find("renamed.c").is_some());
    // an error after #line is reported at the presumed location
    let (r, sm) = run_str("#line 50\n\n#error here\n", &opts());
    assert_eq!(err_pos(&r.unwrap_err(), &sm), at("main.c", 51, 1));
}

#[test]
fn input_line_markers_are_honoured() {
    let src = "# 1 \"orig.c\"\nint a;\n# 1 \"/usr/include/x.h\" 1 3 4\nint h;\n# 10 \"orig.c\" 2\n\
               int b;\n#line 20\nint c;\n";
    let (r, sm) = run_str(src, &opts());
    let out = r.unwrap().text;
    assert_eq!(find_pos(&out, "int a"), vec![at("orig.c", 1, 1)]);
    assert_eq!(find_pos(&out, "int h"), vec![at("/usr/include/x.h", 1, 1)]);
    assert_eq!(find_pos(&out, "int b"), vec![at("orig.c", 10, 1)]);
    assert_eq!(find_pos(&out, "int c"), vec![at("orig.c", 20, 1)]);
    let id = sm.find("orig.c").expect("marker file registered");
    assert!(sm.get(id).text.is_none());
}

#[test]
fn pragmas_are_dropped() {
    let out = pp(
        "#pragma GCC diagnostic push\nint a; _Pragma(\"omp parallel\") int b;\n\
                  #define P _Pragma(\"x\") int c;\nP\n#ident \"v1\"\n#\nint d;\n",
    );
    assert_pp!(out, "int a; int b; int c; int d;");
    let e = pp_err("_Pragma(1)\n");
    assert!(e.message.contains("_Pragma"), "{}", e.message);
}

#[test]
fn multi_line_invocations_keep_following_lines() {
    let src = "#define F(a, b) ((a) + (b))\nint x = F(1,\n          2);\nint y;\n\
               #define G(x) x\nint z = G\n\n  (3);\nint w;\n";
    let out = pp(src);
    assert_pp!(out, "int x = ((1) + ( 2)); int y; int z = 3; int w;");
    assert_eq!(find_pos(&out, "int x"), vec![at("main.c", 2, 1)]);
    assert_eq!(find_pos(&out, "int y"), vec![at("main.c", 4, 1)]);
    assert_eq!(find_pos(&out, "int w"), vec![at("main.c", 9, 1)]);
    // a function-like macro name without arguments is left alone, also before a directive
    let out = pp("#define G(x) x\nint G;\nG\n#define Z 1\n(2)\n");
    assert_pp!(out, "int G; G (2)");
}

#[test]
fn no_expansion_inside_literals_and_spacing_safety() {
    let out = pp("#define x 1\nchar *s = \"x\"; char c = 'x'; int y = x;\n\
                  #define M -\nint a = -M 1; int b = M-1;\n#define E\nint c = +E+;\n");
    assert_pp!(
        out,
        "char *s = \"x\"; char c = 'x'; int y = 1; int a = - - 1; int b = - -1; int c = + +;"
    );
}

#[test]
fn columns_after_expansion() {
    let out = pp("#define LONGNAME 1\n#define S 12345678\nLONGNAME + y;\nS + z;\n");
    // shorter expansion: text after keeps its column
    assert_eq!(find_pos(&out, "+ y"), vec![at("main.c", 3, 10)]);
    // longer expansion: just a space
    assert_pp!(out, "1 + y; 12345678 + z;");
}

#[test]
fn command_line_defines() {
    let o = PpOptions {
        defines: vec![
            ("FOO".into(), None),
            ("BAR".into(), Some("2 + 3".into())),
            ("SQ(x)".into(), Some("((x)*(x))".into())),
        ],
        ..opts()
    };
    let (r, _) = run_str("#if FOO == 1\nint a = BAR; int b = SQ(4);\n#endif\n", &o);
    assert_pp!(r.unwrap().text, "int a = 2 + 3; int b = ((4)*(4));");
    let o = PpOptions {
        defines: vec![("1BAD".into(), None)],
        ..opts()
    };
    assert!(run_str("int a;\n", &o).0.is_err());
}

#[test]
fn predefined_macros() {
    let out = pp("#if __STDC__ && __STDC_VERSION__ == 199901L && __schedmc__ && __SCHEDMC__\nok\n#endif\n\
                  #ifdef __GNUC__\nbad\n#endif\n#ifdef __SIZEOF_INT__\nbad\n#endif\nint c0 = __COUNTER__, c1 = __COUNTER__;\n");
    assert_pp!(out, "ok int c0 = 0, c1 = 1;");
}

#[test]
fn shipped_headers_preprocess() {
    let mut src = String::new();
    for (n, _) in SHIPPED_HEADERS {
        src.push_str(&format!("#include <{n}>\n"));
    }
    src.push_str(
        "int32_t a = INT_MAX; size_t s; bool ok = true; void f(void) { assert(a > 0); }\n",
    );
    let (r, sm) = run_str(&src, &opts());
    let o = r.unwrap();
    assert!(o.warnings.is_empty(), "{:?}", o.warnings);
    let w = words(&o.text);
    assert!(w.contains(&words("int32_t a = 2147483647;")), "{w}");
    assert!(w.contains(&words("typedef int int32_t;")));
    assert!(w.contains(&words("_Bool ok = 1;")));
    assert!(w.contains(&words(
        "((a > 0) ? (void)0 : __assert_fail(\"a > 0\", \"main.c\", "
    )));
    assert!(w.contains(&words("xTaskCreate")));
    assert!(w.contains(&words("sc_notify_delta")));
    assert!(w.contains(&words("__VERIFIER_nondet_int")));
    assert!(w.contains(&words("pthread_mutex_lock")));
    assert!(sm.find("<schedmc>/stdint.h").is_some());
    // target-dependent widths
    let o16 = PpOptions {
        defines: vec![
            ("__SIZEOF_INT__".into(), Some("2".into())),
            ("__SIZEOF_LONG__".into(), Some("4".into())),
            ("__SIZEOF_POINTER__".into(), Some("2".into())),
            ("__CHAR_UNSIGNED__".into(), None),
        ],
        ..opts()
    };
    let (r, _) = run_str(
        "#include <stdint.h>\n#include <limits.h>\n#include <stddef.h>\nint m = INT_MAX; int c = CHAR_MIN;\n",
        &o16,
    );
    let w = words(&r.unwrap().text);
    assert!(w.contains(&words("typedef long int32_t;")), "{w}");
    assert!(w.contains(&words("typedef int16_t intptr_t;")), "{w}");
    assert!(w.contains(&words("typedef unsigned int size_t;")), "{w}");
    assert!(w.contains(&words("int m = 32767; int c = 0;")), "{w}");
    // FreeRTOS header aliases
    let (r, _) = run_str("#include <FreeRTOS.h>\n#include \"task.h\"\n#include <semphr.h>\n#include <queue.h>\nvoid t(void) { taskYIELD(); taskENTER_CRITICAL(); }\n", &opts());
    let w = words(&r.unwrap().text);
    assert!(
        w.contains(&words("vTaskYield_schedmc(); vTaskEnterCritical();")),
        "{w}"
    );
}

#[test]
fn system_include_dir_overrides_builtin_headers() {
    let d = TempDir::new("sysdir");
    d.write("stdbool.h", "int from_disk;\n");
    let o = PpOptions {
        system_include_dir: Some(d.0.clone()),
        ..opts()
    };
    let (r, _) = run_str("#include <stdbool.h>\n#include <stdint.h>\n", &o);
    let o = r.unwrap();
    assert_pp!(o.text, "int from_disk;");
    assert_eq!(o.warnings.len(), 1); // stdint.h is not in that directory
}

#[test]
fn has_include_and_elifdef() {
    let out = pp(
        "#if __has_include(<stdint.h>) && !__has_include(\"nope.h\")\nyes\n#endif\n\
                  #ifdef A\n#elifdef __STDC__\nstdc\n#endif\n",
    );
    assert_pp!(out, "yes stdc");
}

#[test]
fn unterminated_literal_errors_only_in_active_code() {
    let out = pp("#if 0\nit's skipped\n#endif\nint a;\n");
    assert_pp!(out, "int a;");
    let e = pp_err("int a;\nchar c = 'x;\n");
    assert!(
        e.message.contains("missing terminating ' character"),
        "{}",
        e.message
    );
    assert_eq!(e.loc.map(|l| (l.line, l.col)), Some((2, 10)));
}

#[test]
fn errors_in_included_file_point_there() {
    let d = TempDir::new("incerr");
    d.write("bad.h", "int ok;\n#if\n#endif\n");
    let main = d.write("main.c", "#include \"bad.h\"\n");
    let mut sm = SourceMap::new();
    let e = preprocess_file(&main, &opts(), &mut sm).unwrap_err();
    let bad = d.0.join("bad.h").to_string_lossy().into_owned();
    assert_eq!(err_pos(&e, &sm), at(&bad, 2, 2));
    assert!(e.render(&sm).contains("#if"));
}

#[test]
fn parse_line_marker_forms() {
    assert_eq!(
        parse_line_marker("# 12 \"a\\\\b.c\" 1 3"),
        Some((12, Some("a\\b.c".to_string()), vec![1, 3]))
    );
    assert_eq!(parse_line_marker("#line 7"), Some((7, None, vec![])));
    assert_eq!(parse_line_marker("#define X"), None);
    assert_eq!(parse_line_marker("int x;"), None);
}

/// Finds the shared benchmark directory (`../shared` from the repository, or `/work/shared`).
fn shared_dir() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    [
        root.join("../shared"),
        root.join("../../shared"),
        PathBuf::from("/work/shared"),
    ]
    .into_iter()
    .find(|d| d.join("benchmarks/svcomp/MANIFEST.tsv").is_file())
}

#[test]
fn svcomp_benchmarks_preprocess() {
    let Some(shared) = shared_dir() else {
        println!("skipped: no shared benchmark directory (../shared or /work/shared)");
        return;
    };
    let base = shared.join("benchmarks/svcomp");
    let manifest = std::fs::read_to_string(base.join("MANIFEST.tsv")).unwrap();
    let mut n = 0;
    for line in manifest.lines().skip(1) {
        let Some(rel) = line.split('\t').next().filter(|s| !s.is_empty()) else {
            continue;
        };
        let path = base.join(rel);
        let mut sm = SourceMap::new();
        let out = preprocess_file(&path, &opts(), &mut sm)
            .unwrap_or_else(|e| panic!("{rel}: {}", e.render(&sm)));
        assert!(out.text.contains("main"), "{rel}: no main in output");
        // the output keeps the line structure: `main` is found at its original line
        let src = std::fs::read_to_string(&path).unwrap();
        let want = src
            .lines()
            .position(|l| l.contains("int main"))
            .map(|i| i as u32 + 1);
        if let Some(want) = want {
            let got = find_pos(&out.text, "int main");
            assert_eq!(got.first().map(|g| g.1), Some(want), "{rel}");
        }
        n += 1;
    }
    assert!(n >= 30, "only {n} benchmarks");
}

mod prop {
    use super::*;
    use proptest::prelude::*;

    fn fragment() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("#define ".to_string()),
            Just("#define F(x, ...) ".to_string()),
            Just("#if ".to_string()),
            Just("#ifdef A".to_string()),
            Just("#elif ".to_string()),
            Just("#else".to_string()),
            Just("#endif".to_string()),
            Just("#include ".to_string()),
            Just("#line ".to_string()),
            Just("#undef ".to_string()),
            Just("#".to_string()),
            Just("##".to_string()),
            Just("\n".to_string()),
            Just("\\\n".to_string()),
            Just("/*".to_string()),
            Just("*/".to_string()),
            Just("//".to_string()),
            Just("\"".to_string()),
            Just("'".to_string()),
            Just("(".to_string()),
            Just(")".to_string()),
            Just(",".to_string()),
            Just("...".to_string()),
            Just("__VA_ARGS__".to_string()),
            Just("defined".to_string()),
            Just("_Pragma".to_string()),
            Just("<stdint.h>".to_string()),
            Just("A".to_string()),
            Just("F".to_string()),
            Just("x".to_string()),
            Just(" ".to_string()),
            Just("0x1f".to_string()),
            Just("1".to_string()),
            Just("/".to_string()),
            Just("-".to_string()),
            Just("?".to_string()),
            Just(":".to_string()),
            "[ -~]{0,3}".prop_map(|s| s),
            any::<char>().prop_map(|c| c.to_string()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]
        #[test]
        fn random_input_never_panics(frags in proptest::collection::vec(fragment(), 0..60)) {
            let src: String = frags.concat();
            let mut sm = SourceMap::new();
            let _ = preprocess_str("fuzz.c", &src, &PpOptions::default(), &mut sm);
        }

        #[test]
        fn mutated_valid_input_never_panics(cut in 0usize..400, ins in fragment()) {
            let base = "#define STR(x) #x\n#define CAT(a,b) a##b\n#define V(f, ...) f(__VA_ARGS__)\n\
                        #if defined(CAT) && (1 << 3) > 7 ? 1 : 0\nint CAT(x,1) = V(g, 1, 2);\n#elif 0\n#else\n#endif\n\
                        char *s = STR(a \"b\" 'c');\n/* c */ int y; // d\n#include <stdbool.h>\nbool b;\n";
            let mut chars: Vec<char> = base.chars().collect();
            let at = cut.min(chars.len());
            for (k, c) in ins.chars().enumerate() {
                chars.insert(at + k, c);
            }
            let src: String = chars.into_iter().collect();
            let mut sm = SourceMap::new();
            let _ = preprocess_str("fuzz.c", &src, &PpOptions::default(), &mut sm);
        }
    }
}

/// `tests/data/pp/NAME.c` preprocessed by us has the same tokens as `NAME.gcc`, which holds the
/// output of `gcc -E -P -undef -nostdinc -std=c99 -D__schedmc__=1 NAME.c` (stored, so that gcc
/// is not needed to run the test).
#[test]
fn same_tokens_as_gcc() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pp");
    let mut n = 0;
    for name in ["std_examples", "macros", "conditionals"] {
        let c = dir.join(format!("{name}.c"));
        let want = std::fs::read_to_string(dir.join(format!("{name}.gcc"))).unwrap();
        let mut sm = SourceMap::new();
        let got = preprocess_file(&c, &opts(), &mut sm)
            .unwrap_or_else(|e| panic!("{name}: {}", e.render(&sm)));
        let (g, w) = (words(&got.text), words(&want));
        if g != w {
            let gt: Vec<&str> = g.split(' ').collect();
            let wt: Vec<&str> = w.split(' ').collect();
            let k = gt.iter().zip(&wt).take_while(|(a, b)| a == b).count();
            panic!(
                "{name}: first difference at token {k}: ours {:?} gcc {:?}",
                &gt[k.saturating_sub(5)..(k + 5).min(gt.len())],
                &wt[k.saturating_sub(5)..(k + 5).min(wt.len())]
            );
        }
        n += 1;
    }
    assert_eq!(n, 3);
    // the shipped headers (gcc run in tests/data/pp with -I ../../../include)
    let c = dir.join("headers.c");
    let mut sm = SourceMap::new();
    let got = preprocess_file(&c, &opts(), &mut sm).unwrap();
    assert!(got.warnings.is_empty(), "{:?}", got.warnings);
    let quoted = format!("\"{}\"", c.to_string_lossy());
    let got = got.text.replace(&quoted, "\"headers.c\"");
    let want = std::fs::read_to_string(dir.join("headers.gcc")).unwrap();
    assert_eq!(words(&got), words(&want));
}

/// Developer tool: `PP_IN=file.c PP_OUT=out.i cargo test --release manual_dump -- --ignored`
/// writes our output for comparing with `gcc -E` by hand.
#[test]
#[ignore]
fn manual_dump() {
    let (Ok(i), Ok(o)) = (std::env::var("PP_IN"), std::env::var("PP_OUT")) else {
        return;
    };
    let mut sm = SourceMap::new();
    let o2 = PpOptions {
        include_dirs: std::env::var("PP_I")
            .map(|d| vec![d.into()])
            .unwrap_or_default(),
        ..opts()
    };
    match preprocess_file(Path::new(&i), &o2, &mut sm) {
        Ok(out) => std::fs::write(o, out.text).unwrap(),
        Err(e) => panic!("{}", e.render(&sm)),
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = |n: usize| {
        format!(
            "#define ID(x) x\nint v = {}1{};\n",
            "ID(".repeat(n),
            ")".repeat(n)
        )
    };
    assert_pp!(pp(&deep(150)), "int v = 1;");
    let e = pp_err(&deep(1000));
    assert!(e.message.contains("nested too deeply"), "{}", e.message);
    let e = pp_err(&format!(
        "#if {}1{}\n#endif\n",
        "(".repeat(5000),
        ")".repeat(5000)
    ));
    assert!(e.message.contains("nested too deeply"), "{}", e.message);
    let e = pp_err(&format!("#if {}1\n#endif\n", "- ".repeat(5000)));
    assert!(e.message.contains("nested too deeply"), "{}", e.message);
    // exponential expansion is cut off
    let mut src = String::from("#define A0 x x\n");
    for i in 1..40 {
        src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    src.push_str("A39\n");
    let e = pp_err(&src);
    assert!(e.message.contains("too large"), "{}", e.message);
}

#[test]
fn expansions_after_a_line_directive_that_goes_back_keep_its_line() {
    // generated code (the SystemC front end) re-enters a line it left: the expansion on the
    // directive's line is at that line, not on the output line it would follow
    let src = "#define M(x) f(x)\n#line 16 \"m.cpp\"\nM(1);\n#line 17 \"m.cpp\"\ng();\n}\n{\n\
               #line 16 \"m.cpp\"\nM(2);\n#line 17 \"m.cpp\"\nh();\n";
    let out = pp(src);
    assert_eq!(find_pos(&out, "f(1)"), vec![at("m.cpp", 16, 1)]);
    assert_eq!(find_pos(&out, "f(2)"), vec![at("m.cpp", 16, 1)]);
    assert_eq!(find_pos(&out, "h()"), vec![at("m.cpp", 17, 1)]);
}
