//! glibc's static initialisers of typed mutexes: `PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP`
//! and `PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP` (`include/pthread.h` defines them as the
//! marker constants below, value 0 like `PTHREAD_MUTEX_INITIALIZER`).
//!
//! The scheduler keeps a mutex's type (`sched::state::MutexKind`), so an object initialised
//! with a marker gets a call of the primitive `__schedmc_mutex_init_kind(&m, 0x100 | type)`
//! (`schedulers/pthread.toml`: `mutex-create` with the POSIX type): for a file-scope object at
//! the start of `main`, for an automatic one at its declaration. A block-scope `static` one
//! (its declaration runs on every call) is unsupported.

use super::*;
use crate::frontend::ast::{ExprKind, Initializer};
use crate::ir::{CallArg, Op};

/// The primitive that creates a mutex of a given POSIX type.
pub const MUTEX_INIT_KIND: &str = "__schedmc_mutex_init_kind";

/// The POSIX mutex type a static initialiser asks for, if it is one of the markers.
pub(crate) fn static_mutex_kind(init: &Option<Initializer>) -> Option<i128> {
    let Some(Initializer::Expr(e)) = init else {
        return None;
    };
    match &e.kind {
        ExprKind::Ident(n) if n == "__schedmc_recursive_mutex_initializer" => Some(1),
        ExprKind::Ident(n) if n == "__schedmc_errorcheck_mutex_initializer" => Some(2),
        _ => None,
    }
}

impl Lowerer<'_> {
    /// Emits the creation of the mutex object `s` with POSIX type `kind`.
    pub(crate) fn emit_mutex_init_kind(&mut self, s: SlotId, kind: i128) {
        let o = self.slot_object(s);
        let base = self.objs[o.0 as usize].base;
        let pt = self.ptr_type();
        self.b.emit(Op::Call {
            func: MUTEX_INIT_KIND.to_string(),
            args: vec![
                CallArg::Value(Expr::Const(base as i128, pt)),
                CallArg::Value(Expr::Const(0x100 | kind, Type::int(32, true))),
            ],
            ret: None,
            may_write: Vec::new(),
        });
    }

    /// At the start of `main`: the file-scope mutexes with a typed static initialiser.
    pub(crate) fn emit_static_mutex_kinds(&mut self) {
        for (s, kind) in std::mem::take(&mut self.static_mutexes) {
            self.emit_mutex_init_kind(s, kind);
        }
    }
}
