//! Globals only `main` touches: partial-order BMC keeps them as SSA values of the main
//! instance instead of shared-memory events.
//!
//! A global variable that no CFG but `main`'s names (in an expression, an assigned or
//! possibly written cell, or through a constant address passed to a call) can be neither read
//! nor written by another thread: the lowering names every cell a dereference may reach
//! (a selection among cells), so a pointer to it that escapes to a thread makes that thread's
//! CFG name it. Such a global needs no read events, write events or `rf` choices, and an edge
//! that touches only such globals (and locals) starts no group: like a local computation it
//! commutes with every other thread's steps. This matters for programs whose `main` parses
//! its arguments (`sscanf(argv[1], ...)` reads the `argv` strings through a pointer at a
//! symbolic offset: dozens of cells per read). Under SC only: under TSO/PSO the replay
//! (`sched::storebuf`) buffers main's stores to them too, and each needs its flush step.
//! When `main` itself can be created as a thread
//! (a second instance of its CFG), nothing is main-only.

use crate::ir::{CallArg, Op, Program, Scope, ThreadId};

/// Per variable (by index): a global that only `main`'s CFG names.
pub(crate) fn main_only_globals(prog: &Program) -> Vec<bool> {
    let mut named_elsewhere = vec![false; prog.vars.len()];
    let mut main_spawned = false;
    for (t, cfg) in prog.threads.iter().enumerate() {
        for e in &cfg.edges {
            if let Op::Call { args, .. } = &e.op {
                main_spawned |= args
                    .iter()
                    .any(|a| matches!(a, CallArg::Thread(id) if *id == ThreadId(0)));
            }
            if t != 0 {
                mark_named(prog, &e.op, &mut named_elsewhere);
            }
        }
    }
    prog.vars
        .iter()
        .enumerate()
        .map(|(i, v)| !main_spawned && v.scope == Scope::Global && !named_elsewhere[i])
        .collect()
}

/// Marks every variable `op` names, and every cell of an object a constant address in a
/// call's arguments points into.
fn mark_named(prog: &Program, op: &Op, out: &mut [bool]) {
    let mut consts: Vec<i128> = Vec::new();
    let mut var = |v: crate::ir::VarId| out[v.0 as usize] = true;
    match op {
        Op::Assign(v, e) => {
            var(*v);
            e.for_each_var(&mut var);
        }
        Op::Nondet(v) => var(*v),
        Op::Assume(e) => e.for_each_var(&mut var),
        Op::Call {
            args,
            ret,
            may_write,
            ..
        } => {
            for v in ret.iter().chain(may_write.iter()) {
                var(*v);
            }
            for a in args {
                if let CallArg::Value(e) = a {
                    e.for_each_var(&mut var);
                    e.for_each_const(&mut |c, _| consts.push(c));
                }
            }
        }
        Op::Skip | Op::AtomicBegin | Op::AtomicEnd | Op::Error(_) | Op::Unsupported(_) => {}
    }
    for c in consts {
        let Ok(a) = u64::try_from(c) else { continue };
        for o in &prog.objects {
            if a >= o.base && a < o.base + o.size.max(1) {
                for (_, cell) in &o.cells {
                    out[cell.0 as usize] = true;
                }
            }
        }
    }
}
