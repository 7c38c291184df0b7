//! The C abstract syntax tree produced by `parse` and consumed by `lower`.
//!
//! It stays close to C99 syntax: declarations keep their specifiers and declarators as written
//! (typedef names already resolved by the parser into `TypeSpec::TypedefName`), and every node
//! that can be the subject of a diagnostic or a trace step carries a [`Loc`].

use crate::diag::Loc;

/// A whole preprocessed file.
#[derive(Clone, Debug, PartialEq)]
pub struct TranslationUnit {
    pub items: Vec<ExternalDecl>,
    /// Names declared weak at file scope (`__attribute__((weak))` on a declaration or
    /// definition, `#pragma weak name`): a definition of one gives way to a strong definition
    /// in another linked unit (`frontend::link`).
    pub weak: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum ExternalDecl {
    /// A function definition with its body.
    Function(FunctionDef),
    /// A declaration at file scope (variables, prototypes, typedefs, struct/enum tags).
    Decl(Declaration),
}

#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDef {
    pub specs: DeclSpecs,
    /// The declarator naming the function; its outermost derived part is `Derived::Function`.
    pub declarator: Declarator,
    pub body: Stmt,
    pub loc: Loc,
}

/// `specifiers init-declarator-list ;`
#[derive(Clone, Debug, PartialEq)]
pub struct Declaration {
    pub specs: DeclSpecs,
    pub declarators: Vec<InitDeclarator>,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InitDeclarator {
    pub declarator: Declarator,
    pub init: Option<Initializer>,
    /// `__attribute__((aligned(N)))` after this declarator (see `DeclSpecs::align`).
    pub align: Vec<Expr>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageClass {
    Typedef,
    Extern,
    Static,
    Auto,
    Register,
}

/// Declaration specifiers: storage class, qualifiers, and the type specifiers as written.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct DeclSpecs {
    pub storage: Option<StorageClass>,
    pub is_const: bool,
    pub is_volatile: bool,
    pub is_inline: bool,
    /// `_Atomic` as a qualifier or `_Atomic(type-name)` (the latter also pushes the type as
    /// `TypeofType`): the lowering makes compound assignments and `++`/`--` on such an object
    /// one atomic step; plain loads and stores are single accesses already.
    pub is_atomic: bool,
    /// `_Thread_local` / `__thread` (C11's `thread_local` macro): one instance of the object
    /// per thread (the lowering gives every thread entry its own copy).
    pub is_thread_local: bool,
    /// Type specifiers in order, e.g. `[Unsigned, Long, Long]`.
    pub types: Vec<TypeSpec>,
    /// Alignment requests of the declared objects or members: `_Alignas(N)`,
    /// `_Alignas(type)` (as `AlignofType`), `__attribute__((aligned(N)))` (the strictest
    /// wins; 0 means none).
    pub align: Vec<Expr>,
    /// `__attribute__((packed))` on a member: its alignment is 1.
    pub packed: bool,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeSpec {
    Void,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
    Signed,
    Unsigned,
    Bool,
    /// `__int128` and similar wide GNU types.
    Int128,
    Struct(StructSpec),
    Enum(EnumSpec),
    TypedefName(String),
    /// `__typeof__(expr)` or `__typeof__(type)`.
    TypeofExpr(Box<Expr>),
    TypeofType(Box<TypeName>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StructKind {
    Struct,
    Union,
}

/// `struct tag { fields }`, `struct tag` (a reference), or an anonymous struct.
#[derive(Clone, Debug, PartialEq)]
pub struct StructSpec {
    pub kind: StructKind,
    pub tag: Option<String>,
    /// `None` when only referenced (`struct s *p;`), `Some` when defined here.
    pub fields: Option<Vec<FieldDecl>>,
    /// `__attribute__((packed))`: members unaligned (except those with an alignment request),
    /// bit-fields packed without storage units.
    pub packed: bool,
    /// `__attribute__((aligned(N)))` on the type: its alignment is at least N.
    pub align: Vec<Expr>,
    /// `#pragma pack(N)` in effect at the definition: members aligned to at most N.
    pub pack: Option<u64>,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FieldDecl {
    pub specs: DeclSpecs,
    /// Each field declarator with an optional bit-field width; an empty list is an anonymous
    /// struct/union member.
    pub declarators: Vec<(Option<Declarator>, Option<Expr>)>,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EnumSpec {
    pub tag: Option<String>,
    pub enumerators: Option<Vec<(String, Option<Expr>, Loc)>>,
    pub loc: Loc,
}

/// A declarator: a name (absent in abstract declarators) and the derivations applied to the base
/// type, innermost first. `int *a[3]` is `name a, derived [Array(3), Pointer]`: a is an array of 3
/// pointers to int. `int (*f)(int)` is `name f, derived [Pointer, Function]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Declarator {
    pub name: Option<String>,
    pub derived: Vec<Derived>,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Derived {
    Pointer {
        is_const: bool,
        is_volatile: bool,
    },
    /// `[expr]` or `[]`.
    Array(Option<Box<Expr>>),
    Function {
        params: Vec<ParamDecl>,
        variadic: bool,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct ParamDecl {
    pub specs: DeclSpecs,
    pub declarator: Declarator,
    pub loc: Loc,
}

/// A type name as in casts and `sizeof(type)`.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeName {
    pub specs: DeclSpecs,
    pub declarator: Declarator,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Initializer {
    Expr(Expr),
    List(Vec<(Vec<Designator>, Initializer)>, Loc),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Designator {
    Index(Expr),
    /// GNU range designator `[lo ... hi]`.
    Range(Expr, Expr),
    Field(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `{ ... }` with declarations and statements in order.
    Compound(Vec<BlockItem>),
    Expr(Option<Expr>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>),
    DoWhile(Box<Stmt>, Expr),
    /// `for (init; cond; step) body`; `init` is a declaration or an expression statement.
    For(
        Option<Box<BlockItem>>,
        Option<Expr>,
        Option<Expr>,
        Box<Stmt>,
    ),
    Switch(Expr, Box<Stmt>),
    Case(Expr, Box<Stmt>),
    /// GNU `case lo ... hi:`.
    CaseRange(Expr, Expr, Box<Stmt>),
    Default(Box<Stmt>),
    Labeled(String, Box<Stmt>),
    Goto(String),
    Break,
    Continue,
    Return(Option<Expr>),
    /// `__asm__ (...)` as a statement; lowered to `unsupported: inline assembly` unless empty.
    Asm(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum BlockItem {
    Decl(Declaration),
    Stmt(Stmt),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub loc: Loc,
}

impl Expr {
    /// True when evaluating the expression may change state (assignments, increments, calls,
    /// statement expressions, compound literals).
    pub fn has_side_effects(&self) -> bool {
        let e = self;
        match &e.kind {
            ExprKind::Ident(_)
            | ExprKind::IntLit { .. }
            | ExprKind::FloatLit(_)
            | ExprKind::CharLit(_)
            | ExprKind::StringLit(_)
            | ExprKind::WideStringLit(..)
            | ExprKind::SizeofType(_)
            | ExprKind::AlignofType(_)
            | ExprKind::SizeofExpr(_)
            | ExprKind::BuiltinOffsetof(..) => false,
            ExprKind::Unary(_, a) | ExprKind::Cast(_, a) | ExprKind::Member { base: a, .. } => {
                a.has_side_effects()
            }
            ExprKind::Binary(_, a, b) | ExprKind::Comma(a, b) | ExprKind::Index(a, b) => {
                a.has_side_effects() || b.has_side_effects()
            }
            ExprKind::Cond(a, b, c) => {
                a.has_side_effects() || b.has_side_effects() || c.has_side_effects()
            }
            ExprKind::Quantifier { body, .. } => body.has_side_effects(),
            ExprKind::IncDec { .. }
            | ExprKind::Assign(..)
            | ExprKind::Call(..)
            | ExprKind::StmtExpr(_)
            | ExprKind::CompoundLit(..) => true,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Ident(String),
    /// An integer literal with its value and suffix flags (`u`, `l`, `ll`).
    IntLit {
        value: u128,
        unsigned: bool,
        long: u8,
        /// true for octal/hex literals, which may take unsigned types (C99 6.4.4.1).
        non_decimal: bool,
    },
    FloatLit(String),
    CharLit(i64),
    /// Adjacent string literals are already concatenated.
    StringLit(Vec<u8>),
    /// A wide string literal (adjacent literals concatenated, one of them wide): code units.
    WideStringLit(WideKind, Vec<u32>),
    Unary(UnaryOp, Box<Expr>),
    /// `++x`, `--x`, `x++`, `x--`.
    IncDec {
        pre: bool,
        inc: bool,
        arg: Box<Expr>,
    },
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `lhs = rhs` (op None) or `lhs op= rhs`.
    Assign(Option<BinaryOp>, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Comma(Box<Expr>, Box<Expr>),
    Cast(Box<TypeName>, Box<Expr>),
    SizeofExpr(Box<Expr>),
    SizeofType(Box<TypeName>),
    AlignofType(Box<TypeName>),
    Call(Box<Expr>, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    /// `a.f` (arrow false) or `a->f` (arrow true).
    Member {
        base: Box<Expr>,
        field: String,
        arrow: bool,
    },
    /// `(type){ init }`.
    CompoundLit(Box<TypeName>, Box<Initializer>),
    /// GNU statement expression `({ ... })`.
    StmtExpr(Box<Stmt>),
    /// `__builtin_offsetof(type, member)`, `__builtin_types_compatible_p` etc. are parsed as calls.
    BuiltinOffsetof(Box<TypeName>, Vec<String>),
    /// CBMC's `__CPROVER_forall { T v; body }` / `__CPROVER_exists { T v; body }` (`a ==> b`
    /// in the body, as anywhere, is parsed as `!(a) || (b)`).
    Quantifier {
        forall: bool,
        decl: Box<Declaration>,
        body: Box<Expr>,
    },
}

/// The element type of a wide string literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WideKind {
    /// `L"..."`: `wchar_t`.
    Wchar,
    /// `u"..."`: `char16_t`.
    Char16,
    /// `U"..."`: `char32_t`.
    Char32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `+x`
    Plus,
    /// `-x`
    Neg,
    /// `~x`
    BitNot,
    /// `!x`
    Not,
    /// `*p`
    Deref,
    /// `&x`
    AddrOf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogAnd,
    LogOr,
}
