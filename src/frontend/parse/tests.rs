//! Parser unit tests: tricky constructs, diagnostics, the SV-COMP files, a robustness proptest.

use super::*;
use crate::frontend::ast::*;
use std::path::PathBuf;

// ---------- helpers ----------

fn p(src: &str) -> TranslationUnit {
    let mut sm = SourceMap::new();
    match parse_str(src, &mut sm) {
        Ok(tu) => tu,
        Err(d) => panic!("parse failed:\n{}", d.render(&sm)),
    }
}

fn perr(src: &str) -> (Diag, SourceMap) {
    let mut sm = SourceMap::new();
    match parse_str(src, &mut sm) {
        Ok(tu) => panic!("expected a parse error, got {tu:?}"),
        Err(d) => (d, sm),
    }
}

/// The block items of the last function definition in `src`.
fn body(src: &str) -> Vec<BlockItem> {
    let tu = p(src);
    let f = tu
        .items
        .iter()
        .rev()
        .find_map(|it| match it {
            ExternalDecl::Function(f) => Some(f.clone()),
            _ => None,
        })
        .expect("a function definition");
    match f.body.kind {
        StmtKind::Compound(items) => items,
        k => panic!("body is {k:?}"),
    }
}

fn stmts(src: &str) -> Vec<Stmt> {
    body(src)
        .into_iter()
        .filter_map(|b| match b {
            BlockItem::Stmt(s) => Some(s),
            _ => None,
        })
        .collect()
}

/// The expression of each expression statement in `void f(){ <prelude> ... }`.
fn exprs(prelude: &str, code: &str) -> Vec<String> {
    let src = format!("{prelude}\nvoid __t(void) {{ {code} }}");
    stmts(&src)
        .into_iter()
        .filter_map(|s| match s.kind {
            StmtKind::Expr(Some(e)) => Some(sx(&e)),
            _ => None,
        })
        .collect()
}

fn ex(code: &str) -> String {
    let v = exprs("int a, b, c, d, e, f, g, h, x, y, *p, **pp, arr[3]; struct S { int f; struct S *n; } s, *ps; int fn(int, ...);", &format!("{code};"));
    assert_eq!(v.len(), 1, "{code}");
    v.into_iter().next().unwrap_or_default()
}

fn bop(op: BinaryOp) -> &'static str {
    use BinaryOp::*;
    match op {
        Mul => "*",
        Div => "/",
        Rem => "%",
        Add => "+",
        Sub => "-",
        Shl => "<<",
        Shr => ">>",
        Lt => "<",
        Gt => ">",
        Le => "<=",
        Ge => ">=",
        Eq => "==",
        Ne => "!=",
        BitAnd => "&",
        BitXor => "^",
        BitOr => "|",
        LogAnd => "&&",
        LogOr => "||",
    }
}

/// S-expression rendering of an expression.
fn sx(e: &Expr) -> String {
    use ExprKind::*;
    match &e.kind {
        Ident(s) => s.clone(),
        IntLit {
            value,
            unsigned,
            long,
            non_decimal,
        } => format!(
            "{value}{}{}{}",
            if *unsigned { "u" } else { "" },
            "l".repeat(*long as usize),
            if *non_decimal && *value != 0 { "x" } else { "" }
        ),
        FloatLit(s) => s.clone(),
        CharLit(v) => format!("'{v}'"),
        StringLit(b) => format!("{:?}", String::from_utf8_lossy(b)),
        Unary(op, a) => {
            let o = match op {
                UnaryOp::Plus => "+",
                UnaryOp::Neg => "neg",
                UnaryOp::BitNot => "~",
                UnaryOp::Not => "!",
                UnaryOp::Deref => "deref",
                UnaryOp::AddrOf => "addr",
            };
            format!("({o} {})", sx(a))
        }
        IncDec { pre, inc, arg } => format!(
            "({}{} {})",
            if *pre { "pre" } else { "post" },
            if *inc { "++" } else { "--" },
            sx(arg)
        ),
        Binary(op, a, b) => format!("({} {} {})", bop(*op), sx(a), sx(b)),
        Assign(op, a, b) => format!("({}= {} {})", op.map(bop).unwrap_or(""), sx(a), sx(b)),
        Cond(c, t, f) => format!("(? {} {} {})", sx(c), sx(t), sx(f)),
        Comma(a, b) => format!("(, {} {})", sx(a), sx(b)),
        Cast(t, a) => format!("(cast {} {})", tn(t), sx(a)),
        SizeofExpr(a) => format!("(sizeof {})", sx(a)),
        SizeofType(t) => format!("(sizeof-type {})", tn(t)),
        AlignofType(t) => format!("(alignof {})", tn(t)),
        Call(f, args) => {
            let a: Vec<String> = args.iter().map(sx).collect();
            format!("(call {} [{}])", sx(f), a.join(" "))
        }
        Index(a, i) => format!("([] {} {})", sx(a), sx(i)),
        Member { base, field, arrow } => {
            format!("({} {} {field})", if *arrow { "->" } else { "." }, sx(base))
        }
        CompoundLit(t, init) => format!("(lit {} {})", tn(t), ini(init)),
        StmtExpr(_) => "(stmt-expr)".into(),
        WideStringLit(k, u) => format!("(wide {k:?} {u:?})"),
        Quantifier { forall, body, .. } => {
            format!(
                "({} {})",
                if *forall { "forall" } else { "exists" },
                sx(body)
            )
        }
        BuiltinOffsetof(t, path) => format!("(offsetof {} {})", tn(t), path.join(".")),
    }
}

fn ini(i: &Initializer) -> String {
    match i {
        Initializer::Expr(e) => sx(e),
        Initializer::List(items, _) => {
            let v: Vec<String> = items
                .iter()
                .map(|(ds, i)| {
                    let d: String = ds
                        .iter()
                        .map(|d| match d {
                            Designator::Field(f) => format!(".{f}"),
                            Designator::Index(e) => format!("[{}]", sx(e)),
                            Designator::Range(a, b) => format!("[{}...{}]", sx(a), sx(b)),
                        })
                        .collect();
                    if d.is_empty() {
                        ini(i)
                    } else {
                        format!("{d}={}", ini(i))
                    }
                })
                .collect();
            format!("{{{}}}", v.join(", "))
        }
    }
}

fn specs_str(s: &DeclSpecs) -> String {
    let mut v: Vec<String> = Vec::new();
    if s.is_const {
        v.push("const".into());
    }
    if s.is_volatile {
        v.push("volatile".into());
    }
    for t in &s.types {
        v.push(match t {
            TypeSpec::Struct(st) => format!(
                "{}:{}",
                if st.kind == StructKind::Union {
                    "union"
                } else {
                    "struct"
                },
                st.tag.clone().unwrap_or_default()
            ),
            TypeSpec::Enum(e) => format!("enum:{}", e.tag.clone().unwrap_or_default()),
            TypeSpec::TypedefName(n) => n.clone(),
            TypeSpec::TypeofExpr(e) => format!("typeof({})", sx(e)),
            TypeSpec::TypeofType(t) => format!("typeof({})", tn(t)),
            other => format!("{other:?}").to_lowercase(),
        });
    }
    v.join(" ")
}

fn derived_str(d: &[Derived]) -> String {
    let v: Vec<String> = d
        .iter()
        .map(|d| match d {
            Derived::Pointer {
                is_const,
                is_volatile,
            } => format!(
                "ptr{}{}",
                if *is_const { "-const" } else { "" },
                if *is_volatile { "-volatile" } else { "" }
            ),
            Derived::Array(None) => "arr[]".into(),
            Derived::Array(Some(e)) => format!("arr[{}]", sx(e)),
            Derived::Function { params, variadic } => {
                let mut ps: Vec<String> = params
                    .iter()
                    .map(|p| {
                        let mut s = specs_str(&p.specs);
                        if !p.declarator.derived.is_empty() {
                            s.push_str(&format!(" <{}>", derived_str(&p.declarator.derived)));
                        }
                        if let Some(n) = &p.declarator.name {
                            s.push_str(&format!(" {n}"));
                        }
                        s
                    })
                    .collect();
                if *variadic {
                    ps.push("...".into());
                }
                format!("fn({})", ps.join(", "))
            }
        })
        .collect();
    v.join(" ")
}

fn tn(t: &TypeName) -> String {
    if t.declarator.derived.is_empty() {
        specs_str(&t.specs)
    } else {
        format!(
            "{} <{}>",
            specs_str(&t.specs),
            derived_str(&t.declarator.derived)
        )
    }
}

/// `name: derived` of every declarator of every file-scope declaration.
fn decls(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for it in p(src).items {
        match it {
            ExternalDecl::Decl(d) => {
                for id in &d.declarators {
                    out.push(format!(
                        "{}: {}",
                        id.declarator.name.clone().unwrap_or_default(),
                        derived_str(&id.declarator.derived)
                    ));
                }
            }
            ExternalDecl::Function(f) => out.push(format!(
                "def {}: {}",
                f.declarator.name.clone().unwrap_or_default(),
                derived_str(&f.declarator.derived)
            )),
        }
    }
    out
}

fn is_decl(b: &BlockItem) -> bool {
    matches!(b, BlockItem::Decl(_))
}

// ---------- declarators ----------

#[test]
fn declarator_array_of_pointers_vs_pointer_to_array() {
    assert_eq!(decls("int *a[3];"), vec!["a: arr[3] ptr"]);
    assert_eq!(decls("int (*a)[3];"), vec!["a: ptr arr[3]"]);
    assert_eq!(decls("int m[2][3];"), vec!["m: arr[2] arr[3]"]);
    assert_eq!(decls("extern int u[];"), vec!["u: arr[]"]);
    assert_eq!(decls("int (*f)(int);"), vec!["f: ptr fn(int)"]);
}

#[test]
fn declarator_signal() {
    assert_eq!(
        decls("void (*signal(int, void (*)(int)))(int);"),
        vec!["signal: fn(int, void <ptr fn(int)>) ptr fn(int)"]
    );
}

#[test]
fn declarator_function_pointers() {
    assert_eq!(
        decls("struct T { void *(*start)(void *); } t; int (*fp[4])(int); int (*get(void))(int) { return 0; }"),
        vec!["t: ", "fp: arr[4] ptr fn(int)", "def get: fn(void) ptr fn(int)"]
    );
    let tu = p("struct T { void *(*start)(void *); };");
    let ExternalDecl::Decl(d) = &tu.items[0] else {
        panic!()
    };
    let TypeSpec::Struct(s) = &d.specs.types[0] else {
        panic!()
    };
    let f = &s.fields.as_ref().unwrap()[0];
    assert_eq!(
        derived_str(&f.declarators[0].0.as_ref().unwrap().derived),
        "ptr fn(void <ptr>) ptr"
    );
}

#[test]
fn declarator_qualified_pointers() {
    let tu = p("const int * const * volatile p;");
    let ExternalDecl::Decl(d) = &tu.items[0] else {
        panic!()
    };
    assert!(d.specs.is_const);
    assert_eq!(
        derived_str(&d.declarators[0].declarator.derived),
        "ptr-volatile ptr-const"
    );
    assert_eq!(decls("int * __restrict q, r;"), vec!["q: ptr", "r: "]);
}

#[test]
fn vla_and_abstract_declarators() {
    let b = body("void f(int n) { int v[n]; (int (*)[3])0; sizeof(int*); }");
    let BlockItem::Decl(d) = &b[0] else { panic!() };
    assert_eq!(derived_str(&d.declarators[0].declarator.derived), "arr[n]");
    let e = exprs(
        "",
        "(int (*)[3])0; sizeof(int*); sizeof(void (*)(int)); (char **)0;",
    );
    assert_eq!(
        e,
        vec![
            "(cast int <ptr arr[3]> 0)",
            "(sizeof-type int <ptr>)",
            "(sizeof-type void <ptr fn(int)>)",
            "(cast char <ptr ptr> 0)"
        ]
    );
}

#[test]
fn parameter_lists_and_prototypes() {
    assert_eq!(
        decls("int f(); int g(void); int h(int, char *, ...); void k(int a[], int (*cmp)(const void *, const void *));"),
        vec![
            "f: fn()",
            "g: fn(void)",
            "h: fn(int, char <ptr>, ...)",
            "k: fn(int <arr[]> a, int <ptr fn(const void <ptr>, const void <ptr>)> cmp)"
        ]
    );
    // `(void)` is kept as written; `void *` is an ordinary parameter
    assert_eq!(decls("void *m(void *);"), vec!["m: fn(void <ptr>) ptr"]);
}

#[test]
fn specifier_combinations() {
    let tu = p("unsigned long long int a; long unsigned b; signed char c; _Bool d; long double e; __int128 f; unsigned __int128 g; static const volatile short h; register int i2;");
    let got: Vec<String> = tu
        .items
        .iter()
        .map(|it| match it {
            ExternalDecl::Decl(d) => specs_str(&d.specs),
            _ => panic!(),
        })
        .collect();
    assert_eq!(
        got,
        vec![
            "unsigned long long int",
            "long unsigned",
            "signed char",
            "bool",
            "long double",
            "int128",
            "unsigned int128",
            "const volatile short",
            "int"
        ]
    );
    let ExternalDecl::Decl(d) = &tu.items[7] else {
        panic!()
    };
    assert_eq!(d.specs.storage, Some(StorageClass::Static));
    let (e, _) = perr("static extern int x;");
    assert!(
        e.message.contains("multiple storage classes"),
        "{}",
        e.message
    );
}

#[test]
fn storage_and_inline_qualifiers() {
    let tu = p("static inline int f(void) { return 1; } extern int x; _Noreturn void die(void); __inline__ static int g(void) { return 2; }");
    let ExternalDecl::Function(f) = &tu.items[0] else {
        panic!()
    };
    assert!(f.specs.is_inline);
    assert_eq!(f.specs.storage, Some(StorageClass::Static));
    let ExternalDecl::Function(g) = &tu.items[3] else {
        panic!()
    };
    assert!(g.specs.is_inline);
}

// ---------- typedef names ----------

#[test]
fn typedef_name_makes_a_declaration() {
    let b = body("typedef int T; void f(void) { T * x; T(y); }");
    assert!(is_decl(&b[0]) && is_decl(&b[1]));
    let BlockItem::Decl(d) = &b[0] else { panic!() };
    assert_eq!(d.specs.types, vec![TypeSpec::TypedefName("T".into())]);
    assert_eq!(d.declarators[0].declarator.name.as_deref(), Some("x"));
}

#[test]
fn variable_shadows_typedef_in_scope() {
    let b = body("typedef int T; int x; void f(void) { int T; T * x; }");
    assert!(is_decl(&b[0]));
    let BlockItem::Stmt(s) = &b[1] else {
        panic!("{:?}", b[1])
    };
    let StmtKind::Expr(Some(e)) = &s.kind else {
        panic!()
    };
    assert_eq!(sx(e), "(* T x)");
}

#[test]
fn shadowing_is_restored_after_the_block() {
    let b = body("typedef int T; int x, y; void f(void) { { int T; T * x; } T * y; }");
    let BlockItem::Stmt(Stmt {
        kind: StmtKind::Compound(inner),
        ..
    }) = &b[0]
    else {
        panic!()
    };
    assert!(!is_decl(&inner[1]));
    assert!(is_decl(&b[1]));
    // and a typedef declared in a block ends with it
    let (e, _) = perr("void f(void) { { typedef int U; U a; } U b; }");
    assert_eq!(e.message, "unknown type name `U`");
}

#[test]
fn typedef_in_for_init_and_params() {
    let b = body("typedef int T; int z; void f(void) { for (T i = 0; i < 3; i++) ; for (int T = 0; T < 3; T++) T * 2; T * z; }");
    let BlockItem::Stmt(Stmt {
        kind: StmtKind::For(Some(init), ..),
        ..
    }) = &b[0]
    else {
        panic!()
    };
    assert!(matches!(**init, BlockItem::Decl(_)));
    let BlockItem::Stmt(Stmt {
        kind: StmtKind::For(_, _, _, body2),
        ..
    }) = &b[1]
    else {
        panic!()
    };
    assert!(matches!(&body2.kind, StmtKind::Expr(Some(e)) if sx(e) == "(* T 2)"));
    assert!(is_decl(&b[2]), "T is a type again after the for");
    // a parameter named like a typedef shadows it in the body
    let b = body("typedef int T; int x; void g(int T) { T * x; }");
    assert!(!is_decl(&b[0]));
    // enumerators shadow typedef names too
    let b = body("typedef int A2; int x; void h(void) { enum { A2 }; A2 * x; }");
    assert!(!is_decl(&b[1]));
}

#[test]
fn typedef_redeclared_and_struct_tag_namespace() {
    // the second `foo` is a declarator name because a type specifier was already seen
    let tu =
        p("typedef struct foo foo; typedef struct foo foo; foo *q; struct foo { foo *next; };");
    assert_eq!(tu.items.len(), 4);
    assert_eq!(decls("typedef int T; struct S { T T; } s;").len(), 2);
}

#[test]
fn casts_versus_parenthesised_expressions() {
    let e = exprs(
        "typedef int T; int x;",
        "(T)x; (x)+1; (T)+1; (x)-1; (T)-1; (T*)&x; (unsigned char)x; ((T)x);",
    );
    assert_eq!(
        e,
        vec![
            "(cast T x)",
            "(+ x 1)",
            "(cast T (+ 1))",
            "(- x 1)",
            "(cast T (neg 1))",
            "(cast T <ptr> (addr x))",
            "(cast unsigned char x)",
            "(cast T x)"
        ]
    );
}

#[test]
fn builtin_va_list_is_a_type() {
    assert_eq!(
        decls("typedef __builtin_va_list __gnuc_va_list; void v(__gnuc_va_list ap);"),
        vec!["__gnuc_va_list: ", "v: fn(__gnuc_va_list ap)"]
    );
}

// ---------- expressions ----------

#[test]
fn implication_and_quantifiers() {
    // `==>` binds more loosely than `||`, right-associative; `a == b` still parses
    assert_eq!(ex("a || b ==> c ==> d"), "(|| (! (|| a b)) (|| (! c) d))");
    assert_eq!(ex("a == b"), "(== a b)");
    assert_eq!(ex("x = a ==> b ? c : d"), "(= x (? (|| (! a) b) c d))");
    assert_eq!(
        ex("__CPROVER_forall { int i; (i >= 0 && i < 3) ==> arr[i] == 0 }"),
        "(forall (|| (! (&& (>= i 0) (< i 3))) (== ([] arr i) 0)))"
    );
    assert_eq!(
        ex("__CPROVER_exists { int i; i == a }"),
        "(exists (== i a))"
    );
    assert_eq!(ex("L\"ab\" \"c\""), "(wide Wchar [97, 98, 99])");
}

#[test]
fn operator_precedence() {
    assert_eq!(ex("a + b * c << d & e"), "(& (<< (+ a (* b c)) d) e)");
    assert_eq!(
        ex("a || b && c | d ^ e & f == g < h"),
        "(|| a (&& b (| c (^ d (& e (== f (< g h)))))))"
    );
    assert_eq!(ex("a - b - c"), "(- (- a b) c)");
    assert_eq!(ex("a / b % c * d"), "(* (% (/ a b) c) d)");
    assert_eq!(ex("a >> 1 >= b != c"), "(!= (>= (>> a 1) b) c)");
}

#[test]
fn assignment_is_right_associative() {
    assert_eq!(ex("a = b = c += d"), "(= a (= b (+= c d)))");
    assert_eq!(ex("a <<= b |= c"), "(<<= a (|= b c))");
    assert_eq!(ex("a = b ? c : d"), "(= a (? b c d))");
}

#[test]
fn ternary_associativity_and_sequencing() {
    assert_eq!(ex("a ? b : c ? d : e"), "(? a b (? c d e))");
    assert_eq!(ex("a ? b ? c : d : e"), "(? a (? b c d) e)");
    assert_eq!(ex("a ? b, c : d"), "(? a (, b c) d)");
    assert_eq!(ex("a || b ? c : d"), "(? (|| a b) c d)");
}

#[test]
fn comma_versus_argument_lists() {
    assert_eq!(ex("fn(a, (b, c), d)"), "(call fn [a (, b c) d])");
    assert_eq!(ex("a, b = c"), "(, a (= b c))");
    assert_eq!(ex("x = (a, b)"), "(= x (, a b))");
    assert_eq!(ex("a, b, c"), "(, (, a b) c)");
    assert_eq!(ex("fn()"), "(call fn [])");
}

#[test]
fn unary_and_postfix() {
    assert_eq!(ex("*p++"), "(deref (post++ p))");
    assert_eq!(ex("++*p"), "(pre++ (deref p))");
    assert_eq!(ex("-arr[1]"), "(neg ([] arr 1))");
    assert_eq!(ex("&s.n->f"), "(addr (-> (. s n) f))");
    assert_eq!(ex("!~x"), "(! (~ x))");
    assert_eq!(ex("**pp"), "(deref (deref pp))");
    assert_eq!(
        ex("ps->n->n[0].f--"),
        "(post-- (. ([] (-> (-> ps n) n) 0) f))"
    );
    assert_eq!(ex("x++ + ++y"), "(+ (post++ x) (pre++ y))");
    assert_eq!(ex("a - -b"), "(- a (neg b))");
}

#[test]
fn sizeof_forms() {
    let e = exprs(
        "typedef int T; int x; struct P { int a; };",
        "sizeof x; sizeof(int*); sizeof(x); sizeof (T); sizeof x + 1; sizeof (struct P){1}.a; sizeof -x; _Alignof(int); __alignof__ x;",
    );
    assert_eq!(
        e,
        vec![
            "(sizeof x)",
            "(sizeof-type int <ptr>)",
            "(sizeof x)",
            "(sizeof-type T)",
            "(+ (sizeof x) 1)",
            "(sizeof (. (lit struct:P {1}) a))",
            "(sizeof (neg x))",
            "(alignof int)",
            "(alignof typeof(x))"
        ]
    );
}

#[test]
fn compound_literals() {
    let e = exprs(
        "struct P { int x, y; };",
        "(struct P){ .x = 1, .y = 2 }.x; (int[]){1, 2, 3}[1];",
    );
    assert_eq!(
        e,
        vec![
            "(. (lit struct:P {.x=1, .y=2}) x)",
            "([] (lit int <arr[]> {1, 2, 3}) 1)"
        ]
    );
}

#[test]
fn literal_values() {
    assert_eq!(ex("0xFFFFFFFFu"), "4294967295ux");
    assert_eq!(ex("077"), "63x");
    assert_eq!(ex("10UL"), "10ul");
    assert_eq!(ex("'a'"), "'97'");
    assert_eq!(ex("'\\n'"), "'10'");
    assert_eq!(ex("'\\x41'"), "'65'");
    assert_eq!(ex("1.5e3f"), "1.5e3f");
}

#[test]
fn string_concatenation() {
    assert_eq!(ex(r#""ab" "c\n" "\x41""#), "\"abc\\nA\"");
    let e = exprs("", r#"fn("a\\b" "\"", 1);"#);
    assert_eq!(e, vec![r#"(call fn ["a\\b\"" 1])"#]);
}

#[test]
fn statement_expressions_and_gnu_builtins() {
    let b = body("int x; void f(void) { x = ({ int y = 1; y + 1; }); }");
    let BlockItem::Stmt(Stmt {
        kind: StmtKind::Expr(Some(e)),
        ..
    }) = &b[0]
    else {
        panic!()
    };
    let ExprKind::Assign(None, _, rhs) = &e.kind else {
        panic!()
    };
    let ExprKind::StmtExpr(s) = &rhs.kind else {
        panic!()
    };
    let StmtKind::Compound(items) = &s.kind else {
        panic!()
    };
    assert_eq!(items.len(), 2);
    let e = exprs(
        "struct S { struct { int b; } a; }; int x; typedef __builtin_va_list va; va ap;",
        "__builtin_offsetof(struct S, a.b); __builtin_expect(x, 0); __extension__ (x + 1); __builtin_va_arg(ap, int); __PRETTY_FUNCTION__; __func__;",
    );
    assert_eq!(
        e,
        vec![
            "(offsetof struct:S a.b)",
            "(call __builtin_expect [x 0])",
            "(+ x 1)",
            "(call __builtin_va_arg [ap (sizeof-type int)])",
            "__PRETTY_FUNCTION__",
            "__func__"
        ]
    );
}

#[test]
fn typeof_specifiers() {
    let tu =
        p("int x; __typeof__(x) y; typeof(int *) z; __extension__ typedef long long ll; ll w;");
    let got: Vec<String> = tu
        .items
        .iter()
        .map(|it| match it {
            ExternalDecl::Decl(d) => specs_str(&d.specs),
            _ => panic!(),
        })
        .collect();
    assert_eq!(
        got,
        vec!["int", "typeof(x)", "typeof(int <ptr>)", "long long", "ll"]
    );
}

// ---------- statements ----------

#[test]
fn dangling_else_binds_to_nearest_if() {
    let s = stmts(
        "int a, b; void x(void); void y(void); void f(void) { if (a) if (b) x(); else y(); }",
    );
    let StmtKind::If(_, inner, outer_else) = &s[0].kind else {
        panic!()
    };
    assert!(outer_else.is_none());
    let StmtKind::If(_, _, inner_else) = &inner.kind else {
        panic!()
    };
    assert!(inner_else.is_some());
}

#[test]
fn switch_fall_through_structure() {
    let s = stmts("int x; void a(void); void b(void); void c(void); void f(void) { switch (x) { case 1: a(); case 2: case 3 ... 5: b(); break; default: c(); } }");
    let StmtKind::Switch(_, body) = &s[0].kind else {
        panic!()
    };
    let StmtKind::Compound(items) = &body.kind else {
        panic!()
    };
    let kinds: Vec<String> = items
        .iter()
        .map(|it| match it {
            BlockItem::Stmt(s) => match &s.kind {
                StmtKind::Case(v, inner) => format!("case {} -> {}", sx(v), kind_name(&inner.kind)),
                StmtKind::Default(inner) => format!("default -> {}", kind_name(&inner.kind)),
                k => kind_name(k),
            },
            BlockItem::Decl(_) => "decl".into(),
        })
        .collect();
    assert_eq!(
        kinds,
        vec![
            "case 1 -> expr",
            "case 2 -> case-range",
            "break",
            "default -> expr"
        ]
    );
    let StmtKind::Compound(items) = &body.kind else {
        panic!()
    };
    let BlockItem::Stmt(Stmt {
        kind: StmtKind::Case(_, c2),
        ..
    }) = &items[1]
    else {
        panic!()
    };
    let StmtKind::CaseRange(lo, hi, _) = &c2.kind else {
        panic!()
    };
    assert_eq!((sx(lo), sx(hi)), ("3".into(), "5".into()));
}

fn kind_name(k: &StmtKind) -> String {
    match k {
        StmtKind::Compound(_) => "block",
        StmtKind::Expr(_) => "expr",
        StmtKind::If(..) => "if",
        StmtKind::While(..) => "while",
        StmtKind::DoWhile(..) => "do",
        StmtKind::For(..) => "for",
        StmtKind::Switch(..) => "switch",
        StmtKind::Case(..) => "case",
        StmtKind::CaseRange(..) => "case-range",
        StmtKind::Default(..) => "default",
        StmtKind::Labeled(..) => "label",
        StmtKind::Goto(_) => "goto",
        StmtKind::Break => "break",
        StmtKind::Continue => "continue",
        StmtKind::Return(_) => "return",
        StmtKind::Asm(_) => "asm",
    }
    .into()
}

#[test]
fn loops_and_jumps() {
    let s = stmts("int i, n; void f(void) { while (i) { continue; } do i++; while (i < n); for (;;) break; for (i = 0; i < n; i++) ; return; }");
    let k: Vec<String> = s.iter().map(|s| kind_name(&s.kind)).collect();
    assert_eq!(k, vec!["while", "do", "for", "for", "return"]);
    let StmtKind::For(None, None, None, _) = &s[2].kind else {
        panic!("{:?}", s[2])
    };
    let StmtKind::For(Some(init), Some(_), Some(_), _) = &s[3].kind else {
        panic!()
    };
    assert!(matches!(**init, BlockItem::Stmt(_)));
    let StmtKind::Return(None) = &s[4].kind else {
        panic!()
    };
}

#[test]
fn labels_and_goto() {
    let s = stmts("typedef int T; void f(void) { goto L; L: ; T: goto T; { M: } ERROR: {} }");
    assert!(matches!(&s[0].kind, StmtKind::Goto(l) if l == "L"));
    assert!(
        matches!(&s[1].kind, StmtKind::Labeled(l, b) if l == "L" && matches!(b.kind, StmtKind::Expr(None)))
    );
    assert!(
        matches!(&s[2].kind, StmtKind::Labeled(l, b) if l == "T" && matches!(&b.kind, StmtKind::Goto(t) if t == "T"))
    );
    let StmtKind::Compound(inner) = &s[3].kind else {
        panic!()
    };
    assert!(
        matches!(&inner[0], BlockItem::Stmt(Stmt { kind: StmtKind::Labeled(m, _), .. }) if m == "M")
    );
    assert!(
        matches!(&s[4].kind, StmtKind::Labeled(l, b) if l == "ERROR" && matches!(b.kind, StmtKind::Compound(_)))
    );
}

#[test]
fn mixed_declarations_and_statements() {
    let b = body("int g(void); void f(void) { int a = 1; a++; int b[2] = {1, 2}, *c = &a; g(); __label__ out; _Static_assert(1, \"x\"); }");
    let k: Vec<bool> = b.iter().map(is_decl).collect();
    assert_eq!(k, vec![true, false, true, false]);
    let BlockItem::Decl(d) = &b[2] else { panic!() };
    assert_eq!(d.declarators.len(), 2);
}

#[test]
fn asm_statements_and_declarations() {
    let s = stmts("extern int fscanf(void *, const char *, ...) __asm__(\"\" \"__isoc99_fscanf\"); void f(void) { __asm__ __volatile__(\"\" ::: \"memory\"); asm(\"nop\"); __asm__ volatile (\"mov %0, %1\" : \"=r\"(x) : \"r\"(y)); }");
    let t: Vec<String> = s
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Asm(t) => t.clone(),
            _ => panic!(),
        })
        .collect();
    assert_eq!(t[..2], ["", "nop"]);
    // output operands make even an empty template non-empty (the lowering must not skip it)
    assert!(
        t[2].starts_with("mov %0, %1") && t[2].contains("output operands"),
        "{}",
        t[2]
    );
    let s = stmts("int x; void f(void) { __asm__(\"\" : \"=r\"(x)); __asm__(\"\" : : \"r\"(x) : \"memory\"); }");
    assert!(matches!(&s[0].kind, StmtKind::Asm(t) if !t.is_empty()));
    assert!(matches!(&s[1].kind, StmtKind::Asm(t) if t.is_empty()));
}

#[test]
fn implicit_int_and_empty_file_items() {
    let tu = p(";; main() { return 0; } static x = 1;");
    assert!(matches!(&tu.items[0], ExternalDecl::Function(f) if f.specs.types.is_empty()));
    assert_eq!(tu.items.len(), 2);
}

// ---------- declarations with initialisers, structs, enums ----------

#[test]
fn designated_initialisers() {
    let tu = p("struct S { int a; struct { int c; } b; int d[3]; }; int arr[10] = { [1] = 2, [3 ... 5] = 1, 7, }; struct S s = { .a = 1, .b.c = 2, .d = { 3 }, }; struct S t = { a: 1 }; struct S u = {};");
    let inits: Vec<String> = tu
        .items
        .iter()
        .skip(1)
        .map(|it| match it {
            ExternalDecl::Decl(d) => ini(d.declarators[0].init.as_ref().unwrap()),
            _ => panic!(),
        })
        .collect();
    assert_eq!(
        inits,
        vec![
            "{[1]=2, [3...5]=1, 7}",
            "{.a=1, .b.c=2, .d={3}}",
            "{.a=1}",
            "{}"
        ]
    );
}

#[test]
fn bit_fields_and_anonymous_members() {
    let tu = p("struct B { unsigned a : 3, : 0, b : 5; int c; union { int i; char ch; }; struct { int x; } named; };");
    let ExternalDecl::Decl(d) = &tu.items[0] else {
        panic!()
    };
    let TypeSpec::Struct(s) = &d.specs.types[0] else {
        panic!()
    };
    let f = s.fields.as_ref().unwrap();
    assert_eq!(f.len(), 4);
    let widths: Vec<(Option<String>, Option<String>)> = f[0]
        .declarators
        .iter()
        .map(|(d, w)| (d.as_ref().and_then(|d| d.name.clone()), w.as_ref().map(sx)))
        .collect();
    assert_eq!(
        widths,
        vec![
            (Some("a".into()), Some("3".into())),
            (None, Some("0".into())),
            (Some("b".into()), Some("5".into()))
        ]
    );
    assert!(f[2].declarators.is_empty(), "anonymous union member");
    assert!(
        matches!(&f[2].specs.types[0], TypeSpec::Struct(u) if u.kind == StructKind::Union && u.tag.is_none())
    );
    assert_eq!(f[3].declarators.len(), 1);
}

#[test]
fn struct_forward_and_self_references() {
    let tu = p(
        "struct N; struct N { struct N *next; int v[2]; }; struct N *head; union U { int a; } uu;",
    );
    let ExternalDecl::Decl(d0) = &tu.items[0] else {
        panic!()
    };
    assert!(
        matches!(&d0.specs.types[0], TypeSpec::Struct(s) if s.fields.is_none() && s.tag.as_deref() == Some("N"))
    );
    let ExternalDecl::Decl(d1) = &tu.items[1] else {
        panic!()
    };
    assert!(
        matches!(&d1.specs.types[0], TypeSpec::Struct(s) if s.fields.as_ref().map(|f| f.len()) == Some(2))
    );
}

#[test]
fn enum_values() {
    let tu = p("enum E { A, B = 5, C, D = B + 1, }; enum E e = C; enum { X } y;");
    let ExternalDecl::Decl(d) = &tu.items[0] else {
        panic!()
    };
    let TypeSpec::Enum(en) = &d.specs.types[0] else {
        panic!()
    };
    let v: Vec<(String, Option<String>)> = en
        .enumerators
        .as_ref()
        .unwrap()
        .iter()
        .map(|(n, e, _)| (n.clone(), e.as_ref().map(sx)))
        .collect();
    assert_eq!(
        v,
        vec![
            ("A".into(), None),
            ("B".into(), Some("5".into())),
            ("C".into(), None),
            ("D".into(), Some("(+ B 1)".into()))
        ]
    );
}

#[test]
fn attributes_in_odd_places() {
    let src = r#"
struct __attribute__((packed)) S { int a __attribute__((aligned(4))); } __attribute__((unused));
extern void abort(void) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
__attribute__((noinline)) static int f(int x __attribute__((unused))) { return x; }
int __attribute__((weak)) g;
void (__attribute__((stdcall)) *fp)(void);
int * __attribute__((aligned(8))) q;
static int h(int) __attribute__((const));
int k(void) __attribute__((pure)) { int y __attribute__((unused)) = 2; __attribute__((fallthrough)); return y; }
"#;
    assert_eq!(
        decls(src),
        vec![
            "abort: fn(void)",
            "def f: fn(int x)",
            "g: ",
            "fp: ptr fn(void)",
            "q: ptr",
            "h: fn(int)",
            "def k: fn(void)"
        ]
    );
}

// ---------- diagnostics ----------

#[test]
fn error_expected_semicolon_after_declaration() {
    let (d, sm) = perr("void f(void) {\n  int x\n}\n");
    assert_eq!(d.kind, DiagKind::Syntax);
    assert_eq!(d.message, "expected `;` after declaration, found `}`");
    let loc = d.loc.unwrap();
    assert_eq!((loc.line, loc.col), (3, 1));
    assert!(d
        .render(&sm)
        .starts_with("<input>:3:1: error: expected `;`"));
}

#[test]
fn error_points_at_furthest_token() {
    let (d, _) = perr("int x;\nvoid f(void) { x = 1 +; }");
    assert_eq!(d.message, "expected expression, found `;`");
    assert_eq!(d.loc.map(|l| (l.line, l.col)), Some((2, 23)));
    let (d, _) = perr("int f(int a, int b { }");
    assert!(
        d.message.contains("`,` or `)` in parameter list"),
        "{}",
        d.message
    );
    assert!(d.message.ends_with("found `{`"), "{}", d.message);
    for src in [
        "void f(foo x);",
        "foo x;",
        "foo *x;",
        "void g(void) { foo x; }",
        "struct S { foo *x; };",
    ] {
        let (d, _) = perr(src);
        assert_eq!(d.message, "unknown type name `foo`", "{src}");
    }
    let (d, _) = perr("int f(void) { return 1 }");
    assert_eq!(d.message, "expected `;` after `return`, found `}`");
    let (d, _) = perr("int a = ;");
    assert_eq!(d.message, "expected expression, found `;`");
    let (d, _) = perr("void f(void) { if x) ; }");
    assert!(
        d.message.starts_with("expected `(` after `if`"),
        "{}",
        d.message
    );
    let (d, _) = perr("void f(void) { f(1, 2; }");
    assert_eq!(d.message, "expected `,` or `)` in argument list, found `;`");
    let (d, _) = perr("void f(void) {");
    assert!(d.message.ends_with("found end of file"), "{}", d.message);
}

#[test]
fn lexer_errors_come_through() {
    let (d, _) = perr("int x = 09;");
    assert!(d.message.contains("octal"));
    assert_eq!(d.loc.map(|l| (l.line, l.col)), Some((1, 10)));
    let (d, _) = perr("char *s = \"abc;\nint y;");
    assert!(d.message.contains("unterminated string"));
}

#[test]
fn nesting_too_deep_is_an_error_not_a_crash() {
    let src = format!("int x = {}1{};", "(".repeat(5000), ")".repeat(5000));
    let (d, _) = perr(&src);
    assert!(d.message.contains("nesting too deep"), "{}", d.message);
    let src = format!("void f(void) {{ {} }}", "{".repeat(3000));
    let (d, _) = perr(&src);
    assert!(d.message.contains("nesting too deep"), "{}", d.message);
    let src = format!("int x = {}1;", "-".repeat(3000));
    assert!(perr(&src).0.message.contains("nesting too deep"));
    let src = format!("int {}x;", "(*".repeat(2000));
    assert!(perr(&src).0.message.contains("nesting too deep"));
    // moderately deep code is fine
    let src = format!("int x = {}1{};", "(".repeat(100), ")".repeat(100));
    p(&src);
}

#[test]
fn max_depth_fits_in_a_small_stack() {
    // MAX_DEPTH levels of every kind of nesting must fit in far less than the 2 MiB of a test
    // thread (the CLI's main thread has 8 MiB).
    let n = MAX_DEPTH as usize - 8;
    let kb: usize = std::env::var("SCHEDMC_STACK_KB")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1024);
    let srcs = vec![
        format!("int x = {}1{};", "(".repeat(n), ")".repeat(n)),
        format!("int x = {}1;", "-".repeat(n)),
        format!("int x = {}1;", "(int)".repeat(n)),
        format!(
            "int x; void f(void) {{ {} x = 1; {} }}",
            "{".repeat(n),
            "}".repeat(n)
        ),
        format!("int x; void f(void) {{ {} x = 1; }}", "if (x) ".repeat(n)),
        format!("int x; void f(void) {{ x = {}1; }}", "x = ".repeat(n)),
        format!(
            "int x; void f(void) {{ x = {}1{}; }}",
            "({ x = ".repeat(n / 4),
            "; })".repeat(n / 4)
        ),
        format!("int x = {}1{};", "x ? ".repeat(n), " : 1".repeat(n)),
        format!("int x[1] = {}1{};", "{".repeat(n), "}".repeat(n)),
        format!("int {}x{};", "(*".repeat(n / 2), ")".repeat(n / 2)),
        format!("int {}x{};", "(".repeat(n), ")".repeat(n)),
        format!("int x = {}1{};", "(1 + ".repeat(n), ")".repeat(n)),
    ];
    let h = std::thread::Builder::new()
        .stack_size(kb * 1024)
        .spawn(move || {
            for s in &srcs {
                let mut sm = SourceMap::new();
                if let Err(d) = parse_str(s, &mut sm) {
                    panic!("{}: {}", &s[..40.min(s.len())], d.message);
                }
            }
        })
        .unwrap();
    h.join().unwrap();
}

#[test]
fn long_chains_are_not_deep_nesting() {
    let n = 2000;
    let mut src = String::from("int x; void f(void) { ");
    for k in 0..n {
        src.push_str(&format!("if (x == {k}) x = {k}; else "));
    }
    src.push_str("x = -1; switch (x) { ");
    for k in 0..n {
        src.push_str(&format!("case {k}: "));
    }
    src.push_str("L1: L2: default: x = 0; M: } }");
    let s = stmts(&src);
    // the else-if chain nests to the right, ending in the final else
    let mut cur = &s[0];
    let mut depth = 0;
    while let StmtKind::If(_, _, Some(e)) = &cur.kind {
        cur = e;
        depth += 1;
    }
    assert_eq!(depth, n);
    assert!(matches!(&cur.kind, StmtKind::Expr(Some(_))));
    let StmtKind::Switch(_, body) = &s[1].kind else {
        panic!("{:?}", s[1].kind)
    };
    let StmtKind::Compound(items) = &body.kind else {
        panic!()
    };
    assert_eq!(items.len(), 2);
    let BlockItem::Stmt(first) = &items[0] else {
        panic!()
    };
    let mut cur = first;
    let mut cases = 0;
    while let StmtKind::Case(_, b) = &cur.kind {
        cur = b;
        cases += 1;
    }
    assert_eq!(cases, n);
    assert!(matches!(&cur.kind, StmtKind::Labeled(l, _) if l == "L1"));
    let BlockItem::Stmt(m) = &items[1] else {
        panic!()
    };
    assert!(
        matches!(&m.kind, StmtKind::Labeled(l, b) if l == "M" && matches!(b.kind, StmtKind::Expr(None)))
    );
}

#[test]
fn knr_definitions_type_their_parameters() {
    let tu = p("typedef long L; int f(a, b, c) char *a; L c; { return 0; } int g(x, y);");
    let ExternalDecl::Function(f) = &tu.items[1] else {
        panic!()
    };
    let Derived::Function { params, variadic } = &f.declarator.derived[0] else {
        panic!()
    };
    assert!(!variadic);
    let names: Vec<_> = params
        .iter()
        .map(|p| p.declarator.name.clone().unwrap())
        .collect();
    assert_eq!(names, ["a", "b", "c"]);
    assert_eq!(params[0].specs.types, vec![TypeSpec::Char]);
    assert!(matches!(
        params[0].declarator.derived[0],
        Derived::Pointer { .. }
    ));
    assert_eq!(params[1].specs.types, vec![TypeSpec::Int], "implicit int");
    assert_eq!(
        params[2].specs.types,
        vec![TypeSpec::TypedefName("L".into())]
    );
    // an identifier list in a mere declaration declares no prototype
    let ExternalDecl::Decl(g) = &tu.items[2] else {
        panic!()
    };
    assert!(matches!(
        &g.declarators[0].declarator.derived[0],
        Derived::Function { params, .. } if params.is_empty()
    ));
    let (d, _) = perr("int f(a) int b; { return 0; }");
    assert!(d.message.contains("not a parameter"), "{}", d.message);
}

#[test]
fn elvis_evaluates_its_condition_once() {
    let tu =
        p("int x; int f(void); int g(void) { return x ?: 1; } int h(void) { return f() ?: 2; }");
    let ret = |i: usize| -> Expr {
        let ExternalDecl::Function(f) = &tu.items[i] else {
            panic!()
        };
        let StmtKind::Compound(items) = &f.body.kind else {
            panic!()
        };
        let BlockItem::Stmt(Stmt {
            kind: StmtKind::Return(Some(e)),
            ..
        }) = &items[0]
        else {
            panic!()
        };
        e.clone()
    };
    assert!(matches!(ret(2).kind, ExprKind::Cond(..)), "pure: a ? a : b");
    assert!(
        matches!(ret(3).kind, ExprKind::StmtExpr(_)),
        "with a call: one temporary"
    );
}

#[test]
fn unsupported_constructs_are_reported() {
    for (src, what) in [
        ("void f(void) { void g(void) { } }", "nested function"),
        (
            "int main(void) { unsigned __CPROVER_bitvector[69] x; return 0; }",
            "__CPROVER_bitvector[N]",
        ),
        (
            "int main(void) { return (int)(signed __CPROVER_bitvector[3])5; }",
            "__CPROVER_bitvector[N]",
        ),
        ("void f(void) { void *p = &&l; l: ; }", "`&&label`"),
        (
            "typedef int v4si __attribute__((vector_size(16)));",
            "vector_size",
        ),
        (
            "int main(void) { int __attribute__((vector_size(8))) v; return 0; }",
            "vector_size",
        ),
    ] {
        let (d, _) = perr(src);
        assert_eq!(d.kind, DiagKind::Unsupported, "{src}: {}", d.message);
        assert!(d.message.contains(what), "{src}: {}", d.message);
    }
}

#[test]
fn line_marker_locations() {
    let mut sm = SourceMap::new();
    let src = "# 1 \"main.c\"\nint a;\n# 40 \"orig.c\" 2\nint b;\nint c = ;\n";
    let (d, _) = {
        let r = parse_str(src, &mut sm);
        (r.err().unwrap(), ())
    };
    let loc = d.loc.unwrap();
    assert_eq!((sm.name(loc.file), loc.line, loc.col), ("orig.c", 41, 9));
    let mut sm = SourceMap::new();
    let tu = parse_str("# 40 \"orig.c\"\nint b;\n", &mut sm).unwrap();
    let ExternalDecl::Decl(d) = &tu.items[0] else {
        panic!()
    };
    assert_eq!(sm.short(d.loc), "orig.c:40");
    assert_eq!(d.declarators[0].declarator.loc.col, 5);
}

// ---------- real files ----------

fn svcomp_dir() -> Option<PathBuf> {
    let local = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/benchmarks/svcomp");
    if local.join("MANIFEST.tsv").exists() {
        return Some(local);
    }
    let abs = PathBuf::from("/work/shared/benchmarks/svcomp");
    abs.join("MANIFEST.tsv").exists().then_some(abs)
}

fn manifest_files(dir: &std::path::Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap_or_default();
    manifest
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').next())
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn svcomp_manifest_parses() {
    let Some(dir) = svcomp_dir() else {
        println!("skipped: no SV-COMP benchmark directory (../shared or /work/shared)");
        return;
    };
    let files = manifest_files(&dir);
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(dir.join(path)).unwrap();
        let mut sm = SourceMap::new();
        let f = sm.add(path, None, Some(text.clone()));
        match lex::lex(&text, f, &mut sm).and_then(|t| parse(&t)) {
            Ok(tu) => {
                let has_main = tu.items.iter().any(|it| {
                    matches!(it, ExternalDecl::Function(f) if f.declarator.name.as_deref() == Some("main"))
                });
                assert!(has_main, "{path}: no main() definition found");
            }
            Err(d) => failures.push(d.render(&sm)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    assert!(files.len() >= 30);
}

#[test]
fn svcomp_timing_print() {
    let Some(dir) = svcomp_dir() else {
        println!("skipped: no SV-COMP benchmark directory");
        return;
    };
    let Some(largest) = manifest_files(&dir)
        .into_iter()
        .max_by_key(|p| std::fs::metadata(dir.join(p)).map(|m| m.len()).unwrap_or(0))
    else {
        return;
    };
    let text = std::fs::read_to_string(dir.join(&largest)).unwrap();
    let mut sm = SourceMap::new();
    let f = sm.add(&largest, None, None);
    let t0 = std::time::Instant::now();
    let toks = lex::lex(&text, f, &mut sm).unwrap();
    let t1 = std::time::Instant::now();
    let tu = parse(&toks).unwrap();
    let t2 = std::time::Instant::now();
    println!(
        "timing: {largest} ({} bytes, {} tokens, {} items): lex {:?}, parse {:?}",
        text.len(),
        toks.len(),
        tu.items.len(),
        t1 - t0,
        t2 - t1
    );
}

// ---------- robustness ----------

const SNIPPETS: &[&str] = &[
    "typedef struct node { int v; struct node *next; } node_t; node_t *head; int main(void) { node_t *p = head; while (p) { p = p->next; } return 0; }",
    "int a[3] = {1, [2] = 3}; void (*fp)(int); int f(int x, ...) { switch (x) { case 1: return a[0]; default: break; } return sizeof(int (*)[3]) + (int)x; }",
    "extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__)); void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail (\"0\", \"f.c\", 3, __extension__ __PRETTY_FUNCTION__); })); }",
    "int m_st; int e; void error(void) { ERROR: {reach_error();abort();} return; } int main(void) { int __retres1 ; { while (1) { while_0_continue: ; if (m_st == 0) { goto while_0_break; } else { if ((int )e != 1) { e = __VERIFIER_nondet_int(); } } } while_0_break: ; } __retres1 = 0; return (__retres1); }",
    "struct s { unsigned a : 3; union { int i; char c[4]; }; } g = { .a = 1, { .i = 2 } }; char *str = \"a\\n\" \"b\"; long long v = 0x7fffffffffffffffLL; int arr[2][3] = {{1, 2, 3}, [1][2] = 4}; void (*tab[2])(void) = {0, 0};",
    "typedef int T; int x; void g(void) { T * y; { int T; T * x; } for (T i = 0; i < 10; i++) { if (i) continue; else goto L; } L: ; x = x ? x : x << 2; }",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(400),
        .. proptest::prelude::ProptestConfig::default()
    })]
    #[test]
    fn mutated_snippets_never_panic(
        which in 0usize..SNIPPETS.len(),
        ops in proptest::collection::vec((0u8..4, 0usize..400, 0usize..400, proptest::char::any()), 1..6)
    ) {
        let mut chars: Vec<char> = SNIPPETS[which].chars().collect();
        for (op, a, b, c) in ops {
            if chars.is_empty() { break; }
            let a = a % chars.len();
            let b = b % chars.len();
            match op {
                0 => { chars.remove(a); }
                1 => chars.insert(a, c),
                2 => chars.swap(a, b),
                _ => {
                    // insert a C token from the snippet somewhere else
                    let tok: String = chars[a..].iter().take_while(|c| !c.is_whitespace()).collect();
                    for (k, ch) in tok.chars().enumerate() { chars.insert((b + k).min(chars.len()), ch); }
                }
            }
        }
        let src: String = chars.into_iter().collect();
        let mut sm = SourceMap::new();
        let r = parse_str(&src, &mut sm);
        if let Err(d) = r {
            // the diagnostic renders and points into the file
            let _ = d.render(&sm);
        }
    }

    #[test]
    fn token_level_mutations_never_panic(
        which in 0usize..SNIPPETS.len(),
        ops in proptest::collection::vec((0u8..3, 0usize..500, 0usize..500), 1..5)
    ) {
        let mut sm = SourceMap::new();
        let f = sm.add("<input>", None, None);
        let mut toks = lex::lex(SNIPPETS[which], f, &mut sm).unwrap();
        let eof = toks.pop().unwrap();
        for (op, a, b) in ops {
            if toks.is_empty() { break; }
            let a = a % toks.len();
            let b = b % toks.len();
            match op {
                0 => { toks.remove(a); }
                1 => { let t = toks[b].clone(); toks.insert(a, t); }
                _ => toks.swap(a, b),
            }
        }
        toks.push(eof);
        let _ = parse(&toks);
    }
}

#[test]
fn svcomp_token_mutations_never_panic() {
    let Some(dir) = svcomp_dir() else {
        println!("skipped: no SV-COMP benchmark directory");
        return;
    };
    let rounds: usize = std::env::var("SCHEDMC_FUZZ_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as usize
    };
    let mut errors = 0;
    for path in [
        "systemc/pipeline.cil-1.c",
        "pthread/stack-1.i",
        "pthread-lit/sssc12.i",
    ] {
        let Ok(text) = std::fs::read_to_string(dir.join(path)) else {
            continue;
        };
        let mut sm = SourceMap::new();
        let f = sm.add(path, None, None);
        let base = lex::lex(&text, f, &mut sm).unwrap();
        for _ in 0..rounds {
            let mut toks = base.clone();
            let eof = toks.pop().unwrap();
            for _ in 0..1 + next() % 3 {
                let n = toks.len();
                let (a, b) = (next() % n, next() % n);
                match next() % 3 {
                    0 => {
                        toks.remove(a);
                    }
                    1 => {
                        let t = toks[b].clone();
                        toks.insert(a, t);
                    }
                    _ => toks.swap(a, b),
                }
            }
            toks.push(eof);
            if parse(&toks).is_err() {
                errors += 1;
            }
        }
    }
    println!("svcomp token mutations: {errors} rejected");
}
/// Every shipped header, preprocessed by our preprocessor, parses (markers give header locations).
#[test]
fn shipped_headers_parse_after_preprocessing() {
    use crate::frontend::preprocess::{preprocess_str, PpOptions};
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("include");
    let Ok(rd) = std::fs::read_dir(&dir) else {
        println!("skipped: no include/ directory");
        return;
    };
    let mut names: Vec<String> = rd
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".h"))
        .collect();
    names.sort();
    let mut src: String = names.iter().map(|n| format!("#include <{n}>\n")).collect();
    src.push_str("int main(void) {\n  return 0;\n}\n");
    let mut sm = SourceMap::new();
    let out = match preprocess_str("all.c", &src, &PpOptions::default(), &mut sm) {
        Ok(o) => o,
        Err(d) => panic!("preprocessing failed: {}", d.render(&sm)),
    };
    let f = sm.find("all.c").unwrap();
    let toks = lex::lex(&out.text, f, &mut sm).unwrap();
    let tu = match parse(&toks) {
        Ok(tu) => tu,
        Err(d) => panic!("{}", d.render(&sm)),
    };
    let main = tu
        .items
        .iter()
        .find_map(|it| match it {
            ExternalDecl::Function(f) if f.declarator.name.as_deref() == Some("main") => Some(f),
            _ => None,
        })
        .expect("main");
    assert_eq!(sm.short(main.loc), format!("all.c:{}", names.len() + 1));
}

#[test]
fn thread_local_storage_class() {
    let tu = p("__thread int a; static _Thread_local int b = 2; int c;");
    let flags: Vec<bool> = tu
        .items
        .iter()
        .map(|it| match it {
            ExternalDecl::Decl(d) => d.specs.is_thread_local,
            _ => panic!("a declaration"),
        })
        .collect();
    assert_eq!(flags, [true, true, false]);
}
