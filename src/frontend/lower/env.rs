//! The hosted environment of `main(int argc, char **argv)`, modelled as CBMC does: `argc >= 1`,
//! `argv[argc] == NULL`, and each `argv[i]` (`i < argc`) a NUL-terminated string of arbitrary
//! characters. `argc` is unbounded (up to what the address space can hold, see
//! [`Lowerer::main_args`]); the first [`MODELLED_ARGS`] entries of `argv` are modelled, and a
//! read of a later entry lies outside the `argv` object, where the access's bounds guard
//! (`edge_conds::access_guards`) makes the path UNKNOWN with [`ARGV_BEYOND`] (never a value).
//! Each argument has at most [`MAX_ARG_LEN`] characters: a proof under that bound is
//! qualified by [`ARGV_NOTE`] (see `driver`), while every counterexample is one the real
//! program can have.

use super::*;
use crate::frontend::types::IntKind;
use crate::ir::{BinOp, Op};

/// How many entries of `argv` (`argv[0..MODELLED_ARGS]`) the model holds.
pub const MODELLED_ARGS: u64 = 5;
/// Most characters of one argument (without its NUL).
pub const MAX_ARG_LEN: u64 = 15;
/// Name of the object holding `argv[0..MODELLED_ARGS]`: its presence marks a program whose
/// verdict depends on the bound.
pub const ARGV_OBJECT: &str = "argv$";
/// The model's own copy of argc.
const ARGC_VAR: &str = "argc$";
/// The qualification of a SUCCESSFUL verdict of a program that reads argc/argv.
pub const ARGV_NOTE: &str =
    "assuming command-line arguments of at most 15 characters each (argc/argv model)";
/// Why a read of `argv[i]` for `i >= MODELLED_ARGS` is UNKNOWN.
pub const ARGV_BEYOND: &str =
    "access to argv beyond the 5 entries modelled (argc/argv model: argc is unbounded)";

impl<'a> Lowerer<'a> {
    /// Gives `argc` (cell `argc`) and `argv` (cell `argv`) their model values at the start of
    /// main.
    pub(crate) fn main_args(&mut self, argc: VarId, argv: VarId, loc: Loc) {
        let argc_ty = self.vars[argc.0 as usize].ty;
        let pt = self.ptr_type();
        let char_ty = CType::Int(IntKind::Char);
        let string_ty = CType::Array(Box::new(char_ty.clone()), Some(MAX_ARG_LEN + 1));
        let array_ty = CType::Array(Box::new(CType::ptr_to(char_ty)), Some(MODELLED_ARGS));
        // the model reads a hidden copy, so that reads of argc are the program's own
        let count = self.new_var(ARGC_VAR, argc_ty, Scope::Global, Some(0), true, Some(loc));
        self.b.emit(Op::Nondet(count));
        // argc is unbounded but for the memory it needs: the argv array of argc + 1 pointers
        // is an object, and no object spans half the address space (objects larger than
        // PTRDIFF_MAX are unsupported by GCC; `offset_wrap_guard` relies on the same bound).
        // Within it no address `&argv[i]` (i <= argc) wraps around
        let pb = self.target.pointer_bits;
        let ps = (pb / 8) as i128;
        let fits = (1i128 << (pb - 1)) / ps - 2;
        let max = fits.min(argc_ty.max_value());
        self.b.emit(Op::Assume(Expr::bin(
            BinOp::And,
            Expr::bin(BinOp::Ge, Expr::Var(count), Expr::Const(1, argc_ty)),
            Expr::bin(BinOp::Le, Expr::Var(count), Expr::Const(max, argc_ty)),
        )));
        self.b.emit(Op::Assign(argc, Expr::Var(count)));
        let arr = self.new_slot(ARGV_OBJECT, &array_ty, Scope::Global, false, loc);
        let arr_cells: Vec<VarId> = self.slots[arr].cells.iter().map(|(_, v)| *v).collect();
        for (i, &cell) in arr_cells.iter().enumerate() {
            let s = self.new_slot(&format!("argv${i}"), &string_ty, Scope::Global, false, loc);
            let cells: Vec<VarId> = self.slots[s].cells.iter().map(|(_, v)| *v).collect();
            for (j, &c) in cells.iter().enumerate() {
                if j + 1 < cells.len() {
                    self.b.emit(Op::Nondet(c));
                } else {
                    self.b
                        .emit(Op::Assign(c, Expr::Const(0, self.vars[c.0 as usize].ty)));
                }
            }
            let o = self.slot_object(s);
            let addr = Expr::Const(self.objs[o.0 as usize].base as i128, pt);
            let present = Expr::bin(BinOp::Lt, Expr::Const(i as i128, argc_ty), Expr::Var(count));
            self.b.emit(Op::Assign(
                cell,
                Expr::ite(present, addr, Expr::Const(0, pt)),
            ));
        }
        let o = self.slot_object(arr);
        let base = self.objs[o.0 as usize].base as i128;
        self.b.emit(Op::Assign(argv, Expr::Const(base, pt)));
    }
}

/// For an access whose candidates (`others`: base and size of each object at an offset the
/// analysis does not know) include the model's `argv` object: the address of `argv[argc]`.
/// A read of a pointer there is NULL (C11 5.1.2.2.1p2) wherever argc lies, beyond the modelled
/// entries too; any other address past them is the model's limit ([`ARGV_BEYOND`]).
pub(super) fn argv_end(l: &Lowerer, others: &[(u64, u64)]) -> Option<Expr> {
    let (base, _) = others
        .iter()
        .find(|(b, _)| l.objs.iter().any(|o| o.base == *b && o.name == ARGV_OBJECT))?;
    let count = l.vars.iter().position(|v| v.name == ARGC_VAR)?;
    let pt = l.ptr_type();
    let ps = (l.target.pointer_bits / 8) as i128;
    let argc = Expr::Cast(pt, Box::new(Expr::Var(VarId(count as u32))));
    Some(Expr::bin(
        BinOp::Add,
        Expr::Const(*base as i128, pt),
        Expr::bin(BinOp::Mul, argc, Expr::Const(ps, pt)),
    ))
}

/// Whether `prog` reads main's `argc` or `argv` (or what argv points to) anywhere besides the
/// model's own initialisation: then its verdict depends on the model's bounds.
pub fn reads_main_args(prog: &crate::ir::Program) -> bool {
    use crate::ir::{CallArg, Expr as E};
    let Some(count) = prog.vars.iter().position(|v| v.name == ARGC_VAR) else {
        return false;
    };
    let Some(main) = prog.threads.first() else {
        return false;
    };
    let mut watched: HashSet<u32> = prog
        .vars
        .iter()
        .enumerate()
        .filter(|(_, v)| v.name.starts_with(ARGV_OBJECT))
        .map(|(i, _)| i as u32)
        .collect();
    let argv_base = prog
        .objects
        .iter()
        .find(|o| o.name == ARGV_OBJECT)
        .map(|o| o.base as i128);
    for e in &main.edges {
        match &e.op {
            Op::Assign(x, E::Var(y)) if y.0 as usize == count => {
                watched.insert(x.0);
            }
            Op::Assign(x, E::Const(c, _)) if Some(*c) == argv_base => {
                watched.insert(x.0);
            }
            _ => {}
        }
    }
    fn reads(e: &E, w: &HashSet<u32>) -> bool {
        match e {
            E::Const(..) => false,
            E::Var(v) => w.contains(&v.0),
            E::Unary(_, a) | E::Cast(_, a) => reads(a, w),
            E::Binary(_, a, b) => reads(a, w) || reads(b, w),
            E::Ite(c, a, b) => reads(c, w) || reads(a, w) || reads(b, w),
            E::Float(_, xs) => xs.iter().any(|x| reads(x, w)),
        }
    }
    prog.threads
        .iter()
        .flat_map(|c| c.edges.iter())
        .any(|e| match &e.op {
            Op::Assign(_, x) | Op::Assume(x) => reads(x, &watched),
            Op::Call { args, .. } => args.iter().any(|a| match a {
                CallArg::Value(x) => reads(x, &watched),
                _ => false,
            }),
            _ => false,
        })
}
