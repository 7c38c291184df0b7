//! The AST of the SystemC C++ subset: modules (members, constructors, member functions), free
//! functions (including `sc_main`), and the statements / expressions of their bodies.
//!
//! Types are already classified here ([`Type`]): scalars keep their C spelling, SystemC types
//! (`sc_signal<T>`, ports, `sc_fifo<T>`, `sc_event`, `sc_uint<N>`, ...) and module types are
//! distinct variants, so that elaboration and emission never re-parse a type.

use crate::diag::Loc;

/// A classified C++ type.
#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Void,
    /// A C scalar type as spelled in C (`int`, `unsigned int`, `long long`, `_Bool`, `char`).
    Scalar(String),
    /// `sc_uint<N>` (signed: false) / `sc_int<N>` (signed: true), also `sc_biguint`/`sc_bigint`
    /// up to 64 bits.
    ScInt {
        bits: u32,
        signed: bool,
    },
    Event,
    Time,
    /// `sc_signal<T>` (and `sc_buffer<T>` is unsupported)
    Signal(Box<Type>),
    In(Box<Type>),
    Out(Box<Type>),
    InOut(Box<Type>),
    Fifo(Box<Type>),
    FifoIn(Box<Type>),
    FifoOut(Box<Type>),
    Clock,
    Mutex,
    Semaphore,
    /// A user module (index into [`Program::modules`]).
    Module(usize),
    /// A plain struct or class (no base class, data members of value types only): a value
    /// type (signal and FIFO payloads, members, locals), index into [`Program::modules`]
    /// (whose entry has `plain` set).
    Struct(usize),
    /// `sc_vector<T>` of ports, channels, events or modules (its size is set at elaboration:
    /// by its constructor `v("v", n)` or `v.init(n)`).
    Vector(Box<Type>),
    /// `T *` (only pointers to modules are supported in emission).
    Ptr(Box<Type>),
    /// `sc_port<I>` of a user interface `I` (index into [`Program::interfaces`]): bound at
    /// elaboration to one channel instance (a module implementing `I`), so that a call
    /// `port->f(...)` is a call of that instance's `f`.
    IfPort(usize),
    /// `sc_export<I>`: bound inside its module to a channel (or another export); ports
    /// outside bind to it. The inner type is the port type it behaves as (`IfPort` for a user
    /// interface, `In(T)` for `sc_signal_in_if<T>`, ...); not a positional port.
    Export(Box<Type>),
}

impl Type {
    pub fn is_port(&self) -> bool {
        matches!(
            self,
            Type::In(_)
                | Type::Out(_)
                | Type::InOut(_)
                | Type::FifoIn(_)
                | Type::FifoOut(_)
                | Type::IfPort(_)
        )
    }
    pub fn is_channel(&self) -> bool {
        matches!(self, Type::Signal(_) | Type::Fifo(_) | Type::Clock)
    }
    /// True for types whose values are plain C scalars.
    pub fn is_value(&self) -> bool {
        matches!(
            self,
            Type::Scalar(_) | Type::ScInt { .. } | Type::Time | Type::Struct(_)
        )
    }
}

/// A top-level program.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub modules: Vec<Module>,
    pub functions: Vec<Func>,
    /// File-scope variables (and `const` integers).
    pub globals: Vec<VarDecl>,
    /// Enumerators (name, value, location), file scope or module scope (already mangled).
    pub enums: Vec<(String, Option<Expr>, Loc)>,
    /// The types of the constants among [`Program::enums`] that are not `int`
    /// (`const unsigned N = 4;`): their uses are converted to the type.
    pub const_types: Vec<(String, Type)>,
    /// Names of enum types (they are `int`).
    pub enum_types: Vec<String>,
    /// User interfaces (classes derived from `sc_interface` with pure virtual functions).
    pub interfaces: Vec<Interface>,
}

/// A user interface: `class I : virtual public sc_interface { virtual R f(...) = 0; ... };`
/// (also derived from other user interfaces).
#[derive(Clone, Debug)]
pub struct Interface {
    pub name: String,
    pub loc: Loc,
    /// Base interfaces (indices into [`Program::interfaces`]).
    pub bases: Vec<usize>,
    /// The pure virtual functions it declares.
    pub methods: Vec<String>,
}

impl Program {
    /// True when module `mi` implements interface `ii` (directly or through a derived
    /// interface).
    pub fn implements(&self, mi: usize, ii: usize) -> bool {
        let mut todo: Vec<usize> = self.modules[mi].implements.clone();
        let mut seen = Vec::new();
        while let Some(j) = todo.pop() {
            if j == ii {
                return true;
            }
            if !seen.contains(&j) {
                seen.push(j);
                todo.extend(self.interfaces[j].bases.iter().copied());
            }
        }
        false
    }

    /// True when interface `ii` (or one of its bases) declares the function `name`.
    pub fn interface_declares(&self, ii: usize, name: &str) -> bool {
        let mut todo = vec![ii];
        let mut seen = Vec::new();
        while let Some(j) = todo.pop() {
            if self.interfaces[j].methods.iter().any(|m| m == name) {
                return true;
            }
            if !seen.contains(&j) {
                seen.push(j);
                todo.extend(self.interfaces[j].bases.iter().copied());
            }
        }
        false
    }
}

#[derive(Clone, Debug)]
pub struct Module {
    pub name: String,
    pub loc: Loc,
    pub members: Vec<VarDecl>,
    /// The user interfaces it implements (a hierarchical channel: `class C : public
    /// sc_channel, public I`), indices into [`Program::interfaces`].
    pub implements: Vec<usize>,
    pub ctors: Vec<Ctor>,
    pub methods: Vec<Func>,
    /// A plain struct (not a module): its members are the fields of the value type
    /// [`Type::Struct`]; its only member function is `operator==` (named `operator==`).
    pub plain: bool,
    /// A user primitive channel (derived from `sc_prim_channel`): `request_update()` in its
    /// member functions, its `update()` run in the update phase.
    pub prim: bool,
}

/// `member(args)` of a constructor's initialiser list.
pub type MemberInit = (String, Vec<Expr>, Loc);

#[derive(Clone, Debug)]
pub struct Ctor {
    pub loc: Loc,
    pub params: Vec<Param>,
    /// `member(args)` of the initialiser list (`sc_module(name)` is dropped).
    pub inits: Vec<MemberInit>,
    pub body: Stmt,
}

#[derive(Clone, Debug)]
pub struct Func {
    pub name: String,
    pub loc: Loc,
    pub ret: Type,
    pub params: Vec<Param>,
    pub body: Option<Stmt>,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub ty: Type,
    pub name: String,
    pub by_ref: bool,
    pub loc: Loc,
}

#[derive(Clone, Debug)]
pub struct VarDecl {
    pub ty: Type,
    pub name: String,
    pub loc: Loc,
    pub dims: Vec<Expr>,
    pub init: Option<Init>,
    pub is_const: bool,
    pub is_static: bool,
    /// `T &x = ...` (a local reference)
    pub by_ref: bool,
}

#[derive(Clone, Debug)]
pub enum Init {
    /// `= e`
    Expr(Expr),
    /// `x(args)` / `x{args}` / `= {args}`
    Args(Vec<Expr>),
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub loc: Loc,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Ident(String),
    This,
    /// An integer literal as spelled for C (value and suffix).
    Int(String),
    Float(String),
    Char(i64),
    Str(Vec<u8>),
    Bool(bool),
    Unary(&'static str, Box<Expr>),
    PostInc(Box<Expr>),
    PostDec(Box<Expr>),
    PreInc(Box<Expr>),
    PreDec(Box<Expr>),
    Binary(&'static str, Box<Expr>, Box<Expr>),
    /// `=` or a compound operator without its `=` (`+` for `+=`)
    Assign(&'static str, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Call(Box<Expr>, Vec<Expr>),
    Member(Box<Expr>, String, bool),
    Index(Box<Expr>, Box<Expr>),
    Cast(Type, Box<Expr>),
    Comma(Box<Expr>, Box<Expr>),
    /// `new T(args)`
    New(Type, Vec<Expr>),
    /// `new T[n]`: an array of scalars (only as the initial value of a pointer member in a
    /// constructor, with a constant size: the member becomes an array of `n`).
    NewArray(Type, Box<Expr>),
    /// `T(args)` / `T{args}`: a functional cast or a temporary of a SystemC type
    /// (`sc_time(10, SC_NS)`, `sc_uint<4>(x)`).
    Construct(Type, Vec<Expr>),
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub loc: Loc,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Expr(Expr),
    Decl(Vec<VarDecl>),
    Block(Vec<Stmt>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>),
    DoWhile(Box<Stmt>, Expr),
    For(Option<Box<Stmt>>, Option<Expr>, Option<Expr>, Box<Stmt>),
    Switch(Expr, Box<Stmt>),
    Case(Expr),
    Default,
    Break,
    Continue,
    Return(Option<Expr>),
    /// `cout << a << b;` / `std::cout << ...;`: the operands (evaluated in order for their
    /// side effects; the output itself is not modelled)
    Output(Vec<Expr>),
    Empty,
}
