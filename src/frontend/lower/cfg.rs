//! The CFG builder: locations created in program order, forward jumps through labels that are
//! bound when their position is reached, and pending edges whose memory accesses are resolved
//! after the points-to analysis.

use crate::diag::Loc;
use crate::ir::{Expr, LocId, Op, Type, VarId};

/// A jump target that may not have a location yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Label(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tgt {
    Loc(LocId),
    Label(Label),
}

/// A write through a pointer, expanded after points-to into one assignment per candidate cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Store {
    pub addr: Expr,
    pub val: Expr,
    /// Size in bytes of the accessed scalar and its bit-field position.
    pub size: u64,
    pub bitfield: Option<(u16, u16)>,
    /// IR type of the stored value.
    pub ty: Type,
    /// A member of a packed struct ([`super::lvalue::Place::Mem`]): no alignment requirement.
    pub packed: bool,
    /// The lowering counter where it was lowered (`lifetime`).
    pub seq: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub enum POp {
    Ir(Op),
    Store(Store),
    /// `free(addr)`, checked against the heap objects it may point to (`heap`).
    Free(super::heap::Free),
    /// An observation of address values (`observe`), guarded after points-to.
    Observe(super::observe::Observe),
    /// At the start of `main`: the choice of the symbolic base addresses (`bases`); nothing
    /// (and no location) when no object's address is observed as an integer.
    Bases,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PEdge {
    pub from: LocId,
    pub to: Tgt,
    pub op: POp,
    pub loc: Loc,
}

/// One CFG under construction.
#[derive(Clone, Debug, Default)]
pub struct Builder {
    pub locs: Vec<(Loc, String)>,
    pub edges: Vec<PEdge>,
    pub labels: Vec<Option<LocId>>,
    /// The current open location (no outgoing edge yet); `None` after a jump (dead code).
    pub cur: Option<LocId>,
    pub src: Loc,
    pub func: String,
    /// Locations with at least one outgoing edge.
    pub has_out: Vec<bool>,
}

impl Builder {
    pub fn new_loc(&mut self) -> LocId {
        self.locs.push((self.src, self.func.clone()));
        self.has_out.push(false);
        LocId(self.locs.len() as u32 - 1)
    }

    pub fn new_label(&mut self) -> Label {
        self.labels.push(None);
        Label(self.labels.len() as u32 - 1)
    }

    /// The current location, creating an (unreachable) one after a jump.
    pub fn here(&mut self) -> LocId {
        match self.cur {
            Some(l) => l,
            None => {
                let l = self.new_loc();
                self.cur = Some(l);
                l
            }
        }
    }

    /// Binds a label to the current position.
    fn label_slot(&mut self, l: Label) -> &mut Option<LocId> {
        let i = l.0 as usize;
        if i >= self.labels.len() {
            self.labels.resize(i + 1, None);
        }
        &mut self.labels[i]
    }

    pub fn place(&mut self, l: Label) -> LocId {
        if let Some(at) = *self.label_slot(l) {
            // already bound (a loop head reused): jump there
            if let Some(c) = self.cur {
                if c != at {
                    self.edge(c, Tgt::Loc(at), POp::Ir(Op::Skip));
                }
            }
            self.cur = Some(at);
            return at;
        }
        let at = self.here();
        *self.label_slot(l) = Some(at);
        at
    }

    /// Binds a label to a fresh location (used when the current location must stay distinct).
    pub fn place_fresh(&mut self, l: Label) -> LocId {
        let at = self.new_loc();
        if let Some(c) = self.cur {
            self.edge(c, Tgt::Loc(at), POp::Ir(Op::Skip));
        }
        *self.label_slot(l) = Some(at);
        self.cur = Some(at);
        at
    }

    /// Sets the source position of what follows; an open current location takes it too (it
    /// is the location the next statement starts at).
    pub fn set_src(&mut self, loc: Loc) {
        self.src = loc;
        if let Some(c) = self.cur {
            if !self.has_out[c.0 as usize] {
                self.locs[c.0 as usize].0 = loc;
                self.locs[c.0 as usize].1 = self.func.clone();
            }
        }
    }

    pub fn edge(&mut self, from: LocId, to: Tgt, op: POp) {
        self.has_out[from.0 as usize] = true;
        let loc = self.src;
        self.edges.push(PEdge { from, to, op, loc });
    }

    /// Emits `op` from the current location to a fresh one, which becomes current.
    pub fn emit(&mut self, op: Op) {
        self.emit_p(POp::Ir(op));
    }

    pub fn emit_p(&mut self, op: POp) {
        let from = self.here();
        let to = self.new_loc();
        self.edge(from, Tgt::Loc(to), op);
        self.cur = Some(to);
    }

    /// `goto l`: an edge to the label; the position after it is dead.
    pub fn jump(&mut self, l: Label) {
        if let Some(c) = self.cur {
            self.edge(c, Tgt::Label(l), POp::Ir(Op::Skip));
        }
        self.cur = None;
    }

    /// A conditional edge to a label (the current location stays current).
    pub fn branch_to(&mut self, cond: Expr, l: Label) {
        let c = self.here();
        self.edge(c, Tgt::Label(l), POp::Ir(Op::Assume(cond)));
    }

    /// An edge with `op` to a label; the position after it is dead.
    pub fn emit_to(&mut self, op: Op, l: Label) {
        if let Some(c) = self.cur {
            self.edge(c, Tgt::Label(l), POp::Ir(op));
        }
        self.cur = None;
    }

    pub fn resolve(&self, t: Tgt) -> Option<LocId> {
        match t {
            Tgt::Loc(l) => Some(l),
            Tgt::Label(l) => self.labels.get(l.0 as usize).copied().flatten(),
        }
    }
}

/// Every variable an op reads or writes (for renumbering and analyses).
pub fn op_exprs_mut(op: &mut Op, f: &mut impl FnMut(&mut Expr)) {
    match op {
        Op::Assign(_, e) | Op::Assume(e) => f(e),
        Op::Call { args, .. } => {
            for a in args {
                if let crate::ir::CallArg::Value(e) = a {
                    f(e)
                }
            }
        }
        _ => {}
    }
}

/// Rewrites every variable reference of an expression.
pub fn map_vars(e: &Expr, f: &mut impl FnMut(VarId) -> Expr) -> Expr {
    match e {
        Expr::Const(..) => e.clone(),
        Expr::Var(v) => f(*v),
        Expr::Unary(o, a) => Expr::Unary(*o, Box::new(map_vars(a, f))),
        Expr::Binary(o, a, b) => {
            Expr::Binary(*o, Box::new(map_vars(a, f)), Box::new(map_vars(b, f)))
        }
        Expr::Cast(t, a) => Expr::Cast(*t, Box::new(map_vars(a, f))),
        Expr::Ite(c, a, b) => Expr::Ite(
            Box::new(map_vars(c, f)),
            Box::new(map_vars(a, f)),
            Box::new(map_vars(b, f)),
        ),
        Expr::Float(op, xs) => Expr::Float(*op, xs.iter().map(|x| map_vars(x, f)).collect()),
    }
}
