//! The hosted environment of `main(int argc, char **argv)`, modelled as CBMC does: `argc >= 1`,
//! `argv[argc] == NULL`, and each `argv[i]` (`i < argc`) a NUL-terminated string of arbitrary
//! characters. The model is bounded: at most [`MAX_ARGS`] arguments of at most
//! [`MAX_ARG_LEN`] characters each (the counts cells can hold); a proof under it is qualified
//! by [`ARGV_NOTE`] (see `driver`), while every counterexample is one the real program can
//! have.

use super::*;
use crate::frontend::types::IntKind;
use crate::ir::{BinOp, Op};

/// Most command-line arguments (argc) the model allows.
pub const MAX_ARGS: u64 = 4;
/// Most characters of one argument (without its NUL).
pub const MAX_ARG_LEN: u64 = 15;
/// Name of the object holding `argv[0..=MAX_ARGS]`: its presence marks a program whose
/// verdict depends on the bound.
pub const ARGV_OBJECT: &str = "argv$";
/// The model's own copy of argc.
const ARGC_VAR: &str = "argc$";
/// The qualification of a SUCCESSFUL verdict of a program that reads argc/argv.
pub const ARGV_NOTE: &str =
    "assuming at most 4 command-line arguments of at most 15 characters each (argc/argv model)";

impl<'a> Lowerer<'a> {
    /// Gives `argc` (cell `argc`) and `argv` (cell `argv`) their model values at the start of
    /// main.
    pub(crate) fn main_args(&mut self, argc: VarId, argv: VarId, loc: Loc) {
        let argc_ty = self.vars[argc.0 as usize].ty;
        let pt = self.ptr_type();
        let char_ty = CType::Int(IntKind::Char);
        let string_ty = CType::Array(Box::new(char_ty.clone()), Some(MAX_ARG_LEN + 1));
        let array_ty = CType::Array(Box::new(CType::ptr_to(char_ty)), Some(MAX_ARGS + 1));
        // the model reads a hidden copy, so that reads of argc are the program's own
        let count = self.new_var(ARGC_VAR, argc_ty, Scope::Global, Some(0), true, Some(loc));
        self.b.emit(Op::Nondet(count));
        self.b.emit(Op::Assume(Expr::bin(
            BinOp::And,
            Expr::bin(BinOp::Ge, Expr::Var(count), Expr::Const(1, argc_ty)),
            Expr::bin(
                BinOp::Le,
                Expr::Var(count),
                Expr::Const(MAX_ARGS as i128, argc_ty),
            ),
        )));
        self.b.emit(Op::Assign(argc, Expr::Var(count)));
        let arr = self.new_slot(ARGV_OBJECT, &array_ty, Scope::Global, false, loc);
        let arr_cells: Vec<VarId> = self.slots[arr].cells.iter().map(|(_, v)| *v).collect();
        for (i, &cell) in arr_cells.iter().enumerate() {
            if (i as u64) < MAX_ARGS {
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
                let present =
                    Expr::bin(BinOp::Lt, Expr::Const(i as i128, argc_ty), Expr::Var(count));
                self.b.emit(Op::Assign(
                    cell,
                    Expr::ite(present, addr, Expr::Const(0, pt)),
                ));
            } else {
                self.b.emit(Op::Assign(cell, Expr::Const(0, pt)));
            }
        }
        let o = self.slot_object(arr);
        let base = self.objs[o.0 as usize].base as i128;
        self.b.emit(Op::Assign(argv, Expr::Const(base, pt)));
    }
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
