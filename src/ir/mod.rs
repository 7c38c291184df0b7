//! The intermediate representation every engine reads: one control-flow graph per thread entry
//! (user functions already inlined), over typed scalar variables.
//!
//! Invariants the lowering guarantees and the engines rely on:
//! - All values are scalars: [`Type::Bool`] or [`Type::Int`] with an exact width and signedness
//!   taken from the target profile. Pointers are unsigned integers of the target's pointer width
//!   whose values are the abstract addresses in [`Program::objects`]; arrays and structs are
//!   flattened into one variable per scalar cell, and accesses with a non-constant index or through a
//!   pointer become `Ite` chains over the finite set of cells they may touch.
//! - `float`/`double` values are the IEEE 754 bit patterns in unsigned `Int`s of their width;
//!   only [`Expr::Float`] interprets them ([`FloatOp`]), integer operators see bits.
//! - Every expression is well typed: both operands of a `Binary` arithmetic or comparison op have
//!   the same type (the usual arithmetic conversions are explicit `Cast`s); comparisons and
//!   logical ops yield `Bool`; `Assume` conditions are `Bool`.
//! - Expressions have no side effects and no calls: side effects are sequenced into edges, `&&`,
//!   `||` and `?:` with side effects are control flow.
//! - Locations of a CFG are numbered in program order: every edge goes from a lower to a higher
//!   location, except the back edges of loops, which go to a loop head at or before their source
//!   (as in CBMC's goto programs). `loops` lists those heads.
//! - Each CFG has one entry, one exit (normal end of the thread) and one error location; edges into
//!   the error location are `Op::Error`. No edge leaves the error or exit location.

pub mod interp;
pub mod loops;
pub mod print;
pub mod semantics;
pub mod spin;
pub mod split_shared;

use crate::diag::Loc;

/// Index of a variable in [`Program::vars`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct VarId(pub u32);

/// Index of a thread entry in [`Program::threads`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct ThreadId(pub u32);

/// Index of a location inside one [`Cfg`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocId(pub u32);

/// Index of an edge inside one [`Cfg`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct EdgeId(pub u32);

/// Index of a memory object in [`Program::objects`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectId(pub u32);

/// A scalar type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Bool,
    Int { bits: u16, signed: bool },
}

impl Type {
    pub fn int(bits: u16, signed: bool) -> Type {
        Type::Int { bits, signed }
    }
    pub fn bits(self) -> u16 {
        match self {
            Type::Bool => 1,
            Type::Int { bits, .. } => bits,
        }
    }
    pub fn is_signed(self) -> bool {
        matches!(self, Type::Int { signed: true, .. })
    }
    /// Smallest value of an integer type (0 for Bool).
    pub fn min_value(self) -> i128 {
        match self {
            Type::Int { bits, signed: true } => -(1i128 << (bits - 1)),
            _ => 0,
        }
    }
    /// Largest value of an integer type (1 for Bool).
    pub fn max_value(self) -> i128 {
        match self {
            Type::Bool => 1,
            Type::Int { bits, signed: true } => (1i128 << (bits - 1)) - 1,
            Type::Int {
                bits,
                signed: false,
            } => {
                if bits >= 127 {
                    i128::MAX
                } else {
                    (1i128 << bits) - 1
                }
            }
        }
    }
    /// Wraps a mathematical integer into this type's range (two's complement).
    pub fn wrap(self, v: i128) -> i128 {
        match self {
            Type::Bool => (v != 0) as i128,
            Type::Int { bits, signed } => {
                if bits >= 128 {
                    return v;
                }
                let m = 1i128 << bits;
                let u = v.rem_euclid(m);
                if signed && u >= (m >> 1) {
                    u - m
                } else {
                    u
                }
            }
        }
    }
}

/// Where a variable lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Shared by all threads (C globals and statics, and locals whose address escapes to
    /// another thread).
    Global,
    /// Private to one thread entry (its locals and inlined callees' locals, parameters, temporaries).
    Local(ThreadId),
}

/// A scalar variable (a C variable, one cell of a flattened aggregate, or a temporary).
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    /// A readable, unique name: `x`, `arr[2]`, `s.f`, `push::stack` (inlined parameter),
    /// `tmp$3` (temporary).
    pub name: String,
    pub ty: Type,
    pub scope: Scope,
    /// Initial value at program start: `Some(c)` for globals/statics (C zero-initialisation
    /// included), `None` for uninitialised locals (nondeterministic). A `Scope::Local`
    /// variable with `Some(c)` is a cell of a thread-local object (`_Thread_local`): every
    /// thread instance starts with its own copy holding `c` ([`Var::thread_start`]).
    pub init: Option<i128>,
    /// True for temporaries introduced by lowering (hidden in compact traces).
    pub is_temp: bool,
    pub loc: Option<Loc>,
}

impl Var {
    /// The value this variable has when a thread instance starts: the initial value of a
    /// thread-local object's cell, None (arbitrary) for other locals and for globals.
    pub fn thread_start(&self) -> Option<i128> {
        match self.scope {
            Scope::Local(_) => self.init.map(|c| self.ty.wrap(c)),
            Scope::Global => None,
        }
    }
}

/// A memory object whose address is taken: its abstract base address and the variables holding
/// its cells, ordered by byte offset.
#[derive(Clone, Debug, PartialEq)]
pub struct Object {
    pub name: String,
    pub base: u64,
    pub size: u64,
    /// (byte offset, cell variable)
    pub cells: Vec<(u64, VarId)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// Two's complement negation (Int).
    Neg,
    /// Bitwise complement (Int).
    BitNot,
    /// Logical negation (Bool).
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// C division: truncates toward zero (signed) or unsigned division by operand type.
    Div,
    /// C remainder: sign follows the dividend (signed) or unsigned remainder.
    Rem,
    Shl,
    /// Arithmetic shift for signed, logical for unsigned operands.
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    /// Comparisons: operands of one type, result Bool; signedness from the operand type.
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Logical connectives on Bool operands (no side effects, so no short-circuit needed).
    And,
    Or,
}

impl BinOp {
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
    }
    pub fn is_logical(self) -> bool {
        matches!(self, BinOp::And | BinOp::Or)
    }
}

/// An IEEE 754 binary format. Values of a floating type are the bit patterns of that format,
/// held in unsigned integers of its width ([`FloatFmt::ty`]); only [`FloatOp`]s interpret them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatFmt {
    /// binary32 (`float`).
    F32,
    /// binary64 (`double`).
    F64,
}

impl FloatFmt {
    /// The format of the given total width (32 or 64).
    pub fn of_bits(bits: u16) -> Option<FloatFmt> {
        match bits {
            32 => Some(FloatFmt::F32),
            64 => Some(FloatFmt::F64),
            _ => None,
        }
    }
    /// Total width in bits.
    pub fn bits(self) -> u16 {
        match self {
            FloatFmt::F32 => 32,
            FloatFmt::F64 => 64,
        }
    }
    /// The IR type holding values of this format.
    pub fn ty(self) -> Type {
        Type::int(self.bits(), false)
    }
    /// Width of the exponent field.
    pub fn exp_bits(self) -> u32 {
        match self {
            FloatFmt::F32 => 8,
            FloatFmt::F64 => 11,
        }
    }
    /// Precision: significand bits including the hidden bit.
    pub fn precision(self) -> u32 {
        match self {
            FloatFmt::F32 => 24,
            FloatFmt::F64 => 53,
        }
    }
    /// The C name of the type.
    pub fn c_name(self) -> &'static str {
        match self {
            FloatFmt::F32 => "float",
            FloatFmt::F64 => "double",
        }
    }
}

/// An operation on IEEE 754 values (round to nearest, ties to even; no traps). Concrete
/// semantics in `ir::semantics::float`, the circuit in `smt::float`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatOp {
    /// Binary arithmetic, result of the format.
    Add(FloatFmt),
    Sub(FloatFmt),
    Mul(FloatFmt),
    Div(FloatFmt),
    /// Sign flip (also of NaN), result of the format.
    Neg(FloatFmt),
    /// Sign cleared, result of the format.
    Abs(FloatFmt),
    /// Square root, correctly rounded, result of the format (x86-64's `sqrtsd`/`sqrtss`: a NaN
    /// quieted, `-0` kept, another negative operand gives the default NaN).
    Sqrt(FloatFmt),
    /// Comparisons (Bool): false when either operand is NaN; `+0 == -0`.
    Eq(FloatFmt),
    Lt(FloatFmt),
    Le(FloatFmt),
    /// Classification (Bool).
    IsNan(FloatFmt),
    IsInf(FloatFmt),
    /// Conversion between formats (rounded; NaN stays NaN, quieted).
    Convert(FloatFmt, FloatFmt),
    /// An integer of the given type converted to the format (rounded).
    FromInt(Type, FloatFmt),
    /// Truncation toward zero to the integer type; 0 when the result is out of range or the
    /// operand NaN (undefined in C: the lowering guards it with [`FloatOp::ToIntOk`]).
    ToInt(FloatFmt, Type),
    /// Bool: the truncation of the operand is representable in the integer type.
    ToIntOk(FloatFmt, Type),
}

impl FloatOp {
    /// Number of operands.
    pub fn arity(self) -> usize {
        match self {
            FloatOp::Add(_)
            | FloatOp::Sub(_)
            | FloatOp::Mul(_)
            | FloatOp::Div(_)
            | FloatOp::Eq(_)
            | FloatOp::Lt(_)
            | FloatOp::Le(_) => 2,
            _ => 1,
        }
    }
    /// The type of the result.
    pub fn result_ty(self) -> Type {
        match self {
            FloatOp::Add(f)
            | FloatOp::Sub(f)
            | FloatOp::Mul(f)
            | FloatOp::Div(f)
            | FloatOp::Neg(f)
            | FloatOp::Abs(f)
            | FloatOp::Sqrt(f)
            | FloatOp::Convert(_, f)
            | FloatOp::FromInt(_, f) => f.ty(),
            FloatOp::Eq(_)
            | FloatOp::Lt(_)
            | FloatOp::Le(_)
            | FloatOp::IsNan(_)
            | FloatOp::IsInf(_)
            | FloatOp::ToIntOk(..) => Type::Bool,
            FloatOp::ToInt(_, t) => t,
        }
    }
    /// A short name for printing.
    pub fn name(self) -> String {
        match self {
            FloatOp::Add(f) => format!("fadd{}", f.bits()),
            FloatOp::Sub(f) => format!("fsub{}", f.bits()),
            FloatOp::Mul(f) => format!("fmul{}", f.bits()),
            FloatOp::Div(f) => format!("fdiv{}", f.bits()),
            FloatOp::Neg(f) => format!("fneg{}", f.bits()),
            FloatOp::Abs(f) => format!("fabs{}", f.bits()),
            FloatOp::Sqrt(f) => format!("fsqrt{}", f.bits()),
            FloatOp::Eq(f) => format!("feq{}", f.bits()),
            FloatOp::Lt(f) => format!("flt{}", f.bits()),
            FloatOp::Le(f) => format!("fle{}", f.bits()),
            FloatOp::IsNan(f) => format!("isnan{}", f.bits()),
            FloatOp::IsInf(f) => format!("isinf{}", f.bits()),
            FloatOp::Convert(a, b) => format!("f{}_to_f{}", a.bits(), b.bits()),
            FloatOp::FromInt(t, f) => format!(
                "{}{}_to_f{}",
                if t.is_signed() { "i" } else { "u" },
                t.bits(),
                f.bits()
            ),
            FloatOp::ToInt(f, t) => format!(
                "f{}_to_{}{}",
                f.bits(),
                if t.is_signed() { "i" } else { "u" },
                t.bits()
            ),
            FloatOp::ToIntOk(f, t) => format!(
                "f{}_fits_{}{}",
                f.bits(),
                if t.is_signed() { "i" } else { "u" },
                t.bits()
            ),
        }
    }
}

/// A side-effect-free, well-typed expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// A constant of the given type (already in range: use [`Type::wrap`]); Bool constants are 0/1.
    Const(i128, Type),
    Var(VarId),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// Conversion: Int→Int truncates or sign/zero-extends by the source signedness; Int→Bool is
    /// `!= 0`; Bool→Int is 0/1.
    Cast(Type, Box<Expr>),
    /// `if c then a else b`; c is Bool, a and b have one type.
    Ite(Box<Expr>, Box<Expr>, Box<Expr>),
    /// An IEEE 754 operation on operands of the types [`FloatOp`] names (as many as its arity).
    Float(FloatOp, Vec<Expr>),
}

impl Expr {
    pub fn bool(b: bool) -> Expr {
        Expr::Const(b as i128, Type::Bool)
    }
    #[allow(clippy::should_implement_trait)]
    pub fn not(e: Expr) -> Expr {
        Expr::Unary(UnOp::Not, Box::new(e))
    }
    pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Binary(op, Box::new(a), Box::new(b))
    }
    pub fn ite(c: Expr, a: Expr, b: Expr) -> Expr {
        Expr::Ite(Box::new(c), Box::new(a), Box::new(b))
    }
    pub fn cast(ty: Type, e: Expr) -> Expr {
        Expr::Cast(ty, Box::new(e))
    }

    /// The type of the expression, given the program's variable table.
    pub fn ty(&self, vars: &[Var]) -> Type {
        match self {
            Expr::Const(_, t) => *t,
            Expr::Var(v) => vars[v.0 as usize].ty,
            Expr::Unary(UnOp::Not, _) => Type::Bool,
            Expr::Unary(_, a) => a.ty(vars),
            Expr::Binary(op, a, _) => {
                if op.is_comparison() || op.is_logical() {
                    Type::Bool
                } else {
                    a.ty(vars)
                }
            }
            Expr::Cast(t, _) => *t,
            Expr::Ite(_, a, _) => a.ty(vars),
            Expr::Float(op, _) => op.result_ty(),
        }
    }

    /// Calls `f` on every constant of the expression (with its type), in left-to-right order.
    pub fn for_each_const(&self, f: &mut impl FnMut(i128, Type)) {
        match self {
            Expr::Const(c, t) => f(*c, *t),
            Expr::Var(_) => {}
            Expr::Unary(_, a) | Expr::Cast(_, a) => a.for_each_const(f),
            Expr::Binary(_, a, b) => {
                a.for_each_const(f);
                b.for_each_const(f);
            }
            Expr::Ite(c, a, b) => {
                c.for_each_const(f);
                a.for_each_const(f);
                b.for_each_const(f);
            }
            Expr::Float(_, xs) => xs.iter().for_each(|x| x.for_each_const(f)),
        }
    }

    /// Calls `f` on every variable the expression reads.
    pub fn for_each_var(&self, f: &mut impl FnMut(VarId)) {
        match self {
            Expr::Const(..) => {}
            Expr::Var(v) => f(*v),
            Expr::Unary(_, a) | Expr::Cast(_, a) => a.for_each_var(f),
            Expr::Binary(_, a, b) => {
                a.for_each_var(f);
                b.for_each_var(f);
            }
            Expr::Ite(c, a, b) => {
                c.for_each_var(f);
                a.for_each_var(f);
                b.for_each_var(f);
            }
            Expr::Float(_, xs) => xs.iter().for_each(|x| x.for_each_var(f)),
        }
    }
}

/// Why an edge leads to the error location.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// `reach_error()` or `__VERIFIER_error()`.
    ReachError,
    /// A failed `assert(expr)` / `__assert_fail` call; the text of the assertion when known.
    AssertFail(String),
}

/// The operation labelling a CFG edge.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// No effect (joins, `goto`, declarations without initialiser).
    Skip,
    /// `lhs := rhs`.
    Assign(VarId, Expr),
    /// `lhs := *` from `__VERIFIER_nondet_*()` (or an uninitialised read made explicit), the value
    /// constrained to the variable's type.
    Nondet(VarId),
    /// Continue only if the Bool condition holds (branch conditions, `__VERIFIER_assume`).
    Assume(Expr),
    /// A call to a function without a body that is not a verifier builtin: a scheduler primitive
    /// once bound to a scheduler description, otherwise an external function whose return value is
    /// nondeterministic and which may write the listed variables (the cells its pointer arguments
    /// may point to).
    Call {
        func: String,
        args: Vec<CallArg>,
        ret: Option<VarId>,
        may_write: Vec<VarId>,
    },
    /// Start/end of an atomic section (`__VERIFIER_atomic_begin/end`, bodies of
    /// `__VERIFIER_atomic_*` functions).
    AtomicBegin,
    AtomicEnd,
    /// Property violation: the edge goes to the CFG's error location.
    Error(ErrorKind),
    /// A construct the engines cannot analyse soundly: reaching this edge makes a SUCCESSFUL
    /// verdict impossible (the engine answers UNKNOWN with this reason unless it finds a real error).
    Unsupported(String),
}

/// An argument of a primitive or external call.
#[derive(Clone, Debug, PartialEq)]
pub enum CallArg {
    /// A scalar value (for `&x` this is the constant address of x's object).
    Value(Expr),
    /// A function designator, e.g. the start routine of `pthread_create`: the thread entry
    /// created for it.
    Thread(ThreadId),
    /// A string literal.
    Str(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    pub from: LocId,
    pub to: LocId,
    pub op: Op,
    /// The source position of the statement this edge comes from.
    pub loc: Loc,
}

/// A loop: its head and the back edges that return to it.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopInfo {
    /// Stable id shown by `schedmc parse --dump loops` and used by `--unwindset`.
    pub id: u32,
    pub head: LocId,
    pub back_edges: Vec<EdgeId>,
    pub loc: Loc,
}

/// The inlined control-flow graph of one thread entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Cfg {
    /// The C function this thread starts in (`main` for the main thread).
    pub name: String,
    pub num_locs: u32,
    pub entry: LocId,
    pub exit: LocId,
    pub error: LocId,
    pub edges: Vec<Edge>,
    /// Outgoing edges of each location, in edge order.
    pub out: Vec<Vec<EdgeId>>,
    /// The source position of each location (the statement it precedes), for traces.
    pub loc_src: Vec<Loc>,
    /// The function (after inlining, the innermost inlined C function) each location belongs to.
    pub loc_func: Vec<String>,
    pub loops: Vec<LoopInfo>,
    /// The thread-entry parameter (`void *arg`), if the entry function takes one.
    pub param: Option<VarId>,
    /// The entry function's second parameter, if it takes one (a function pended to the
    /// FreeRTOS timer service task, `void f(void *, uint32_t)`): set by the scheduler step
    /// that starts the instance, arbitrary when that step gives it no value.
    pub param2: Option<VarId>,
    /// The variable receiving the entry function's return value, if it returns one.
    pub ret: Option<VarId>,
}

impl Cfg {
    pub fn edge(&self, e: EdgeId) -> &Edge {
        &self.edges[e.0 as usize]
    }
    pub fn out_edges(&self, l: LocId) -> impl Iterator<Item = (EdgeId, &Edge)> {
        self.out[l.0 as usize]
            .iter()
            .map(move |&e| (e, &self.edges[e.0 as usize]))
    }
}

/// A lowered program.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub vars: Vec<Var>,
    pub objects: Vec<Object>,
    /// `threads[0]` is the main thread; the others are the functions whose address the program
    /// takes (candidate thread entries), each inlined into its own CFG.
    pub threads: Vec<Cfg>,
    /// Width of pointers on the target.
    pub pointer_bits: u16,
    /// Name of the target profile the program was typed against.
    pub target: String,
    /// The variables holding values of a floating type (by index into `vars`), with their
    /// format: what traces print as numbers. Only for display; the IR's semantics does not
    /// depend on it (floating values are bit patterns operated on by [`FloatOp`]s).
    pub floats: std::collections::BTreeMap<u32, FloatFmt>,
}

impl Program {
    /// The floating format of a variable holding a `float`/`double` value, if it does.
    pub fn float_fmt(&self, v: VarId) -> Option<FloatFmt> {
        self.floats.get(&v.0).copied()
    }

    pub fn var(&self, v: VarId) -> &Var {
        &self.vars[v.0 as usize]
    }
    /// True for a variable every thread may access (globals, statics, heap cells, locals whose
    /// address escapes): what a preemption point and one shared access are about.
    pub fn is_shared(&self, v: VarId) -> bool {
        self.var(v).scope == Scope::Global
    }
    pub fn thread(&self, t: ThreadId) -> &Cfg {
        &self.threads[t.0 as usize]
    }
    pub fn main(&self) -> &Cfg {
        &self.threads[0]
    }
    /// The thread entry for a C function name.
    pub fn thread_by_name(&self, name: &str) -> Option<ThreadId> {
        self.threads
            .iter()
            .position(|c| c.name == name)
            .map(|i| ThreadId(i as u32))
    }
    /// True when some variable, constant or conversion has a 128-bit integer type. The
    /// integer encodings (`WrappedInt`, `Integer`) represent values and type ranges as `i128`,
    /// which cannot hold `unsigned __int128` values from 2^127 up nor the 2^128 modulus, so the
    /// engines that use them analyse such programs in exact bit-vectors instead.
    pub fn has_128_bit_values(&self) -> bool {
        fn wide(t: Type) -> bool {
            matches!(t, Type::Int { bits, .. } if bits >= 128)
        }
        fn in_expr(e: &Expr) -> bool {
            match e {
                Expr::Const(_, t) => wide(*t),
                Expr::Var(_) => false,
                Expr::Cast(t, a) => wide(*t) || in_expr(a),
                Expr::Unary(_, a) => in_expr(a),
                Expr::Binary(_, a, b) => in_expr(a) || in_expr(b),
                Expr::Ite(c, a, b) => in_expr(c) || in_expr(a) || in_expr(b),
                Expr::Float(op, xs) => {
                    matches!(op, FloatOp::FromInt(t, _) | FloatOp::ToInt(_, t) | FloatOp::ToIntOk(_, t) if wide(*t))
                        || xs.iter().any(in_expr)
                }
            }
        }
        self.vars.iter().any(|v| wide(v.ty))
            || self.threads.iter().any(|c| {
                c.edges.iter().any(|e| match &e.op {
                    Op::Assign(_, x) | Op::Assume(x) => in_expr(x),
                    Op::Call { args, .. } => args
                        .iter()
                        .any(|a| matches!(a, CallArg::Value(x) if in_expr(x))),
                    _ => false,
                })
            })
    }

    /// True when some expression is an IEEE 754 operation ([`Expr::Float`]): the integer
    /// encodings can only over-approximate those, so the engines start in exact bit-vectors.
    pub fn has_float_ops(&self) -> bool {
        fn in_expr(e: &Expr) -> bool {
            match e {
                Expr::Const(..) | Expr::Var(_) => false,
                Expr::Cast(_, a) | Expr::Unary(_, a) => in_expr(a),
                Expr::Binary(_, a, b) => in_expr(a) || in_expr(b),
                Expr::Ite(c, a, b) => in_expr(c) || in_expr(a) || in_expr(b),
                Expr::Float(..) => true,
            }
        }
        self.threads.iter().any(|c| {
            c.edges.iter().any(|e| match &e.op {
                Op::Assign(_, x) | Op::Assume(x) => in_expr(x),
                Op::Call { args, .. } => args
                    .iter()
                    .any(|a| matches!(a, CallArg::Value(x) if in_expr(x))),
                _ => false,
            })
        })
    }

    /// True when the program can create threads (some call passes a thread entry).
    pub fn is_concurrent(&self) -> bool {
        self.threads.iter().any(|c| {
            c.edges.iter().any(|e| {
                matches!(&e.op, Op::Call { args, .. } if args.iter().any(|a| matches!(a, CallArg::Thread(_))))
            })
        })
    }
}
