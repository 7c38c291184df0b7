//! Lowering: typed AST to the IR, one inlined CFG per thread entry.
//!
//! Structure:
//! - `decl`: C types from declaration specifiers and declarators, scopes, file-scope symbols.
//! - `expr`: expressions to pure IR expressions plus edges for their side effects.
//! - `lvalue`: places (slot cells, memory through pointers), their addresses, reads and writes.
//! - `assign`: assignments, compound assignments, increments (the value is the value stored).
//! - `quant`: CBMC's `__CPROVER_forall` / `__CPROVER_exists`, expanded over constant bounds.
//! - `stmt`: statements to CFG fragments (labels, loops, switch, goto).
//! - `call`: calls: verifier builtins, inlining of defined functions, external calls.
//! - `init`: static (constant) and automatic initialisers.
//! - `pointsto`: the flow-insensitive points-to analysis over the whole lowered program and
//!   the resolution of loads/stores through pointers into `Ite` chains over candidate cells.
//! - `cfg`: the CFG builder (program-order locations, labels).
//! - `bytes`: byte-precise objects (accessed under more than one type), in the target's byte
//!   order, and the rounds that find them.
//! - `mem`: the byte-wise built-ins `memcpy`, `memmove`, `memset`, `memcmp`.
//! - `libc_mutex`: glibc's static initialisers of recursive / error-checking mutexes.
//! - `libc_overflow`: GCC's checked arithmetic built-ins (`__builtin_add_overflow`, ...).
//!
//! - `observe`: undefined behaviour guards (division), short-circuit evaluation contexts, and
//!   the observations of address values whose outcome depends on the memory layout.
//!
//! - `heap`: `malloc`/`calloc`/`realloc`/`free`: bounded instances per allocation site.
//!
//! Memory model: every C object (variable instance, string literal, heap instance) is a `Slot`
//! whose scalar cells are IR variables (one per byte for objects accessed under more than one
//! type: `bytes`); an object whose address is taken also gets an
//! `ir::Object` with an abstract base address. Objects too large to flatten (or heap blocks
//! beyond what `heap` models) are *summarised*: writes to them are dropped and reads are
//! reported unsupported, which is sound for reachability.

mod access;
mod assemble;
mod assign;
mod bases;
mod bytes;
mod call;
mod cfg;
mod decl;
mod edge_conds;
pub mod env;
mod expr;
mod float;
mod fold;
pub mod heap;
mod init;
mod libc_mutex;
mod libc_overflow;
mod lifetime;
mod lvalue;
mod mem;
mod observe;
mod pointsto;
mod provenance;
mod quant;
mod stmt;
#[cfg(test)]
mod tests;
mod varargs;

use crate::diag::{Diag, DiagKind, Loc, SourceMap};
use crate::frontend::ast;
use crate::frontend::types::{CType, CellShape, FuncType, StructId, TypeTable};
use crate::ir::{self, Expr, ObjectId, Scope, ThreadId, Type, VarId};
use crate::target::Target;
use cfg::{Builder, Label};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// Most scalar cells one object may have before it is summarised.
pub const MAX_CELLS: usize = 4096;
/// Cells given to a variable-length array whose bound is not a known constant.
pub const VLA_CAP: u64 = 16;

/// Lowers a translation unit: `threads[0]` is `main`, followed by one CFG per function whose
/// address is taken. Returns the program and warnings.
pub fn lower(
    tu: &ast::TranslationUnit,
    target: &Target,
    sources: &SourceMap,
) -> Result<(ir::Program, Vec<Diag>), Diag> {
    lower_entry(tu, target, sources, None, DEFAULT_RECURSION_DEPTH)
}

/// Nested recursive calls inlined when no bound is given (`--unwind` sets it).
pub const DEFAULT_RECURSION_DEPTH: u32 = 10;
/// Most inlined instances of one recursive function (a branching recursion grows
/// exponentially with the depth): beyond, a further recursive call is unsupported.
pub const MAX_RECURSIVE_INSTANCES: u32 = 2048;

/// [`lower`] inlining recursive calls up to `depth` nested recursive calls of a function; a
/// deeper call is an `Unsupported` edge (so UNKNOWN where reachable, never SUCCESSFUL).
pub fn lower_with_recursion(
    tu: &ast::TranslationUnit,
    target: &Target,
    sources: &SourceMap,
    depth: u32,
) -> Result<(ir::Program, Vec<Diag>), Diag> {
    lower_entry(tu, target, sources, None, depth)
}

/// [`lower_with_recursion`] with `entry` (default `main`) as the first thread.
pub fn lower_entry(
    tu: &ast::TranslationUnit,
    target: &Target,
    sources: &SourceMap,
    entry: Option<&str>,
    recursion_depth: u32,
) -> Result<(ir::Program, Vec<Diag>), Diag> {
    lower_entry_heap(
        tu,
        target,
        sources,
        entry,
        recursion_depth,
        heap::HeapOptions::default(),
        &[],
    )
}

/// [`lower_entry`] with the options of the heap model, and `extra_entries`: functions that are
/// thread entries whether or not the program takes their address (interrupt handlers).
pub fn lower_entry_heap(
    tu: &ast::TranslationUnit,
    target: &Target,
    sources: &SourceMap,
    entry: Option<&str>,
    recursion_depth: u32,
    heap_opts: heap::HeapOptions,
    extra_entries: &[String],
) -> Result<(ir::Program, Vec<Diag>), Diag> {
    // the C library's models (`frontend::libc`): written to divide only by non-zero values
    let model_files: HashSet<crate::diag::FileId> = (0..sources.len())
        .map(|i| crate::diag::FileId(i as u32))
        .filter(|f| sources.name(*f).starts_with("<schedmc>/libc/"))
        .collect();
    // objects found to be accessed under more than one type are byte-precise in the next round
    let mut byte_slots: HashMap<SlotId, String> = HashMap::new();
    let mut live_slots: HashSet<SlotId> = HashSet::new();
    let mut round = 0;
    loop {
        round += 1;
        let mut l = Lowerer::new(tu, target);
        l.model_files = model_files.clone();
        if let Some(e) = entry {
            l.entry = e.to_string();
        }
        l.recursion_depth = recursion_depth;
        l.heap_opts = heap_opts;
        l.extra_entries = extra_entries.iter().cloned().collect();
        l.byte_slots = byte_slots.clone();
        l.live_slots = live_slots.clone();
        let r = l.run().and_then(|_| l.finish());
        let new: Vec<(SlotId, String)> = l
            .need_bytes
            .borrow()
            .iter()
            .filter(|(s, _)| !byte_slots.contains_key(s))
            .map(|(s, n)| (*s, n.clone()))
            .collect();
        // automatic objects reached outside their scope get a `live` flag next round
        // (`lifetime`)
        let new_live: Vec<SlotId> = l
            .need_live
            .iter()
            .filter(|s| !live_slots.contains(*s))
            .copied()
            .collect();
        if new.is_empty() && (new_live.is_empty() || r.is_err() || round >= MAX_BYTE_ROUNDS) {
            let p = r?;
            if !new_live.is_empty() {
                // no round left to flag them: such accesses stay unchecked; say so
                return Err(Diag::unsupported(
                    None,
                    "objects accessed after their scope still found in the last lowering round"
                        .to_string(),
                ));
            }
            return Ok((p, l.warnings));
        }
        live_slots.extend(new_live);
        if new.is_empty() {
            continue;
        }
        if round >= MAX_BYTE_ROUNDS {
            return Err(Diag::unsupported(
                None,
                format!(
                    "objects accessed under several types still found after {MAX_BYTE_ROUNDS} lowering rounds (`{}`)",
                    new[0].1
                ),
            ));
        }
        byte_slots.extend(new);
    }
}

/// Most lowerings of one program while byte-precise objects are being discovered.
const MAX_BYTE_ROUNDS: u32 = 6;

pub(crate) type SlotId = usize;
/// (byte offset, bit-field position) of a cell.
pub(crate) type CellKey = (u64, Option<(u16, u16)>);
pub(crate) type FuncId = usize;

/// A C object: its flattened scalar cells.
#[derive(Clone, Debug)]
pub(crate) struct Slot {
    pub name: String,
    pub ty: CType,
    pub cells: Vec<(CellShape, VarId)>,
    pub index: HashMap<CellKey, Vec<usize>>,
    pub obj: Option<ObjectId>,
    /// Too large or of unknown size: no cells, writes dropped, reads unsupported.
    pub summarized: bool,
    pub has_union: bool,
    /// One `uint8_t` cell per byte (the object is accessed under more than one type).
    pub bytes: bool,
    pub scope: Scope,
    /// Declared with an incomplete type not yet completed.
    pub incomplete: bool,
    /// An alignment request on the object (`_Alignas`, `aligned(N)`, `aligned_alloc`): its
    /// address is a multiple of it, and not of twice it (0: the type's alignment).
    pub align: u64,
    pub loc: Loc,
}

#[derive(Clone, Debug)]
pub(crate) enum ObjKind {
    Slot(SlotId),
    Func(FuncId),
}

#[derive(Clone, Debug)]
pub(crate) struct ObjInfo {
    pub name: String,
    pub base: u64,
    pub size: u64,
    pub kind: ObjKind,
}

/// What an identifier denotes.
#[derive(Clone, Debug)]
pub(crate) enum Sym {
    Var(SlotId),
    Func(FuncId),
    /// An enumeration constant: its value and type (`int`, or the enum's type beyond `int`).
    Enum(i128, crate::frontend::types::IntKind),
    Typedef(CType),
}

#[derive(Clone, Debug)]
pub(crate) struct FuncInfo<'a> {
    pub name: String,
    pub ty: Rc<FuncType>,
    pub def: Option<&'a ast::FunctionDef>,
    pub thread: Option<ThreadId>,
    pub obj: Option<ObjectId>,
    pub address_taken: bool,
    pub has_backward_goto: bool,
    /// The body calls `va_start` (its calls record their variable arguments, `varargs`).
    pub uses_va_start: bool,
    pub loc: Loc,
}

/// One inlined function instance (or the file-scope context).
#[derive(Debug, Default)]
pub(crate) struct Frame {
    pub func: Option<FuncId>,
    pub fname: String,
    pub display: String,
    pub scopes: Vec<HashMap<String, Sym>>,
    pub tags: Vec<HashMap<String, StructId>>,
    pub labels: HashMap<String, (Label, Loc)>,
    pub placed: HashSet<String>,
    pub ret: Option<SlotId>,
    pub ret_ty: Option<CType>,
    pub exit: Option<Label>,
    pub breaks: Vec<Label>,
    pub conts: Vec<Label>,
    pub switches: Vec<HashMap<usize, Label>>,
    pub loop_depth: u32,
    /// The slots of this call's variable arguments (`varargs`).
    pub va_area: Option<SlotId>,
    /// Automatic objects in scope, with the scope depth of their declaration (`lifetime`).
    pub lives: Vec<(usize, SlotId)>,
    /// Every automatic object of this frame (ended with the call, `lifetime`).
    pub all_lives: Vec<SlotId>,
    /// The scope depths of the enclosing loops and switches, beside `breaks` and `conts`.
    pub brk_depths: Vec<usize>,
    pub cont_depths: Vec<usize>,
}

/// A read through a pointer, resolved after the points-to analysis.
#[derive(Clone, Debug)]
pub(crate) struct LoadInfo {
    pub addr: Expr,
    pub size: u64,
    pub bitfield: Option<(u16, u16)>,
    pub ty: Type,
    /// Not a read: the allocated size of the heap object `addr` points to the start of
    /// (`realloc`).
    pub heap_size: bool,
    /// A member of a packed struct ([`lvalue::Place::Mem`]): no alignment requirement.
    pub packed: bool,
    /// The lowering counter where it was lowered (`lifetime`).
    pub seq: u64,
}

/// A finished CFG before memory accesses are resolved.
pub(crate) struct Built {
    pub b: Builder,
    pub name: String,
    pub entry: ir::LocId,
    pub exit: Label,
    pub error: Label,
    pub param: Option<VarId>,
    pub param2: Option<VarId>,
    pub ret: Option<VarId>,
    pub thread: ThreadId,
}

pub(crate) struct Lowerer<'a> {
    pub tu: &'a ast::TranslationUnit,
    pub target: &'a Target,
    pub types: TypeTable,
    pub vars: Vec<ir::Var>,
    pub names: HashSet<String>,
    pub slots: Vec<Slot>,
    pub objs: Vec<ObjInfo>,
    pub next_addr: u64,
    pub globals: HashMap<String, Sym>,
    pub gtags: HashMap<String, StructId>,
    pub funcs: Vec<FuncInfo<'a>>,
    pub func_by_name: HashMap<String, FuncId>,
    /// Thread entries (index = ThreadId); `threads[0]` is main.
    pub threads: Vec<FuncId>,
    pub warnings: Vec<Diag>,
    pub b: Builder,
    pub thread: ThreadId,
    pub frames: Vec<Frame>,
    pub inline_stack: Vec<FuncId>,
    /// Nested recursive calls of one function that are inlined (see `lower_with_recursion`).
    pub recursion_depth: u32,
    /// The integer type of every enum tag defined so far.
    pub enum_tags: HashMap<String, CType>,
    pub struct_memo: HashMap<usize, StructId>,
    pub static_memo: HashMap<(usize, usize), SlotId>,
    /// File-scope objects declared `_Atomic` (directly or through an atomic typedef) and the
    /// typedef names whose type is `_Atomic`: `++`, `--` and compound assignments naming such
    /// an object are one atomic step.
    pub atomic_slots: HashSet<SlotId>,
    pub atomic_typedefs: HashSet<String>,
    /// Objects declared `_Thread_local` / `__thread` (`decl::thread_local_slot`): every thread
    /// entry reads and writes its own copy, `(declared slot, thread) -> copy`.
    pub tls_slots: HashSet<SlotId>,
    pub tls_copies: HashMap<(SlotId, ThreadId), SlotId>,
    pub strings: HashMap<Vec<u8>, SlotId>,
    /// Wide string literals' objects.
    pub wide_strings: HashMap<(ast::WideKind, Vec<u32>), SlotId>,
    pub inst_count: HashMap<String, u32>,
    pub loads: HashMap<VarId, LoadInfo>,
    /// Variables assigned anywhere by name (for the constant bound of VLAs).
    pub written_names: HashSet<String>,
    /// Global initialisers that are not constants: assigned at the start of main.
    pub dyn_inits: Vec<(SlotId, &'a ast::Initializer, Loc)>,
    pub built: Vec<Built>,
    pub error_label: Option<Label>,
    /// Expression nesting depth (guards against stack overflow on absurd inputs).
    pub depth: u32,
    pub tmp_count: u32,
    /// Set while evaluating `sizeof` operands (no code is kept).
    pub scratch: bool,
    /// The cells of a floating type, with their format ([`ir::Program::floats`]).
    pub floats: std::collections::BTreeMap<u32, ir::FloatFmt>,
    /// Conditions under which the side-effect-free operand being lowered is evaluated
    /// (`observe`): the left operands of enclosing `&&`, `||`, `?:`.
    pub eval_ctx: Vec<Expr>,
    /// The next cast of a pointer to an integer is not an observation of its value (its
    /// result is cast back to a pointer, or compared for equality with another such cast).
    pub quiet_addr_cast: bool,
    /// An address was converted to an integer where no code can be emitted (a static
    /// initialiser being evaluated as a constant): its location. The value then depends on
    /// the layout, so the initialiser is not a constant (`init::const_init_value`).
    pub const_addr_as_int: Option<Loc>,
    /// The subscript being lowered is the operand of `&` (`&s.arr[2]`): an index one past the
    /// end of a member array or an inner dimension makes an address, not an access (`access`).
    pub addr_operand: bool,
    /// Files of the C library's models, whose divisions are not guarded (`observe`).
    pub model_files: HashSet<crate::diag::FileId>,
    /// Element type expected for the result of an allocation being lowered.
    pub alloc_hint: Option<CType>,
    /// Variables that receive arbitrary values from the environment (nondet calls, external
    /// results, argv): their pointer targets are unknown.
    pub nondet_sources: HashSet<VarId>,
    /// Constant initial values of scalar locals (for VLA bounds).
    pub const_inits: HashMap<VarId, i128>,
    /// Non-constant global initialisers, run at the start of main.
    pub late_inits: Vec<(SlotId, &'a ast::Initializer, Loc)>,
    /// File-scope variables declared only `extern` (never defined in this file): their value
    /// is unknown, so they get a nondeterministic value at the start of main when used.
    pub extern_only: Vec<SlotId>,
    /// Names used as values somewhere (from the pre-scan of function bodies).
    pub value_names: HashSet<String>,
    /// The entry function's name (`main` unless `--entry` says otherwise).
    pub entry: String,
    /// Functions that are thread entries even when no code takes their address (the scheduler
    /// description's interrupt handlers: the vector table is outside the program).
    pub extra_entries: HashSet<String>,
    /// Union members chosen by the initialiser being flattened: (union offset, union size,
    /// member offset, member size).
    pub union_members: Vec<(u64, u64, u64, u64)>,
    pub heap_count: u32,
    /// The alignment the next heap block is given (`aligned_alloc`; 0: its type's).
    pub alloc_align: u64,
    /// File-scope mutexes with a typed static initialiser (`libc_mutex`): (object, type).
    pub static_mutexes: Vec<(SlotId, i128)>,
    /// Slot and cell index of every cell variable (filled before resolution).
    pub cell_owner: HashMap<VarId, (SlotId, usize)>,
    /// Slots (with their names, as a check) represented byte by byte in this lowering.
    pub byte_slots: HashMap<SlotId, String>,
    /// Automatic `_Bool` scalars declared without an initialiser: one byte cell holding any
    /// value of the byte until written (CBMC's model; `_Bool` is not guaranteed to be 0 or 1
    /// then); a read gives the byte ([`Lowerer::raw_bool_read`]).
    pub raw_bools: HashSet<SlotId>,
    /// Set while the next slot created is such a `_Bool`.
    pub raw_bool_next: bool,
    /// Body instances of quantifiers expanded so far (`quant`).
    pub quant_instances: usize,
    /// The length (an `int64` variable set at the declaration) of each variable-length array
    /// whose bound is not a known constant: its type has the modelled capacity, `sizeof`
    /// uses the length.
    pub vla_len: HashMap<SlotId, VarId>,
    /// Slots found to be accessed under more than one type.
    pub need_bytes: std::cell::RefCell<HashMap<SlotId, String>>,
    /// Byte cells whose static initial value is part of a constant (possibly an address).
    pub byte_inits: Vec<(VarId, i128)>,
    /// Precisely modelled heap objects, by object index.
    pub heap: HashMap<u32, heap::HeapObj>,
    /// Summary objects of allocation sites (blocks not modelled precisely).
    pub heap_summaries: HashSet<u32>,
    /// Locals declared in the outermost block of the first thread's entry function (`main`):
    /// live for the whole execution, like objects of static storage duration (`bases`).
    pub lifelong_locals: HashSet<SlotId>,
    pub heap_opts: heap::HeapOptions,
    /// `free`s lowered (heap accesses are checked for use after free only when there are).
    pub frees: u32,
    /// `struct __schedmc_va_slot`, what `va_list` points to (`varargs`).
    pub va_slot: Option<StructId>,
    /// The lowering counter of scopes and accesses (`lifetime`).
    pub life_seq: u64,
    /// Automatic objects' scopes as intervals of `life_seq` (end `u64::MAX` while open).
    pub scoped_life: HashMap<SlotId, (u64, u64)>,
    /// Automatic objects given a `live` flag in this round (found by the previous one).
    pub live_slots: HashSet<SlotId>,
    pub live_flag: HashMap<SlotId, VarId>,
    /// Automatic objects an access may reach outside their scope, found in this round.
    pub need_live: HashSet<SlotId>,
    /// Where each thread's lowering starts on the `life_seq` counter.
    pub thread_seqs: Vec<(u64, ThreadId)>,
}

impl<'a> Lowerer<'a> {
    fn new(tu: &'a ast::TranslationUnit, target: &'a Target) -> Self {
        Lowerer {
            tu,
            target,
            types: TypeTable::new(),
            vars: Vec::new(),
            names: HashSet::new(),
            slots: Vec::new(),
            objs: Vec::new(),
            next_addr: if target.pointer_bits <= 16 {
                0x100
            } else {
                0x1000
            },
            globals: HashMap::new(),
            gtags: HashMap::new(),
            funcs: Vec::new(),
            func_by_name: HashMap::new(),
            threads: Vec::new(),
            warnings: Vec::new(),
            b: Builder::default(),
            thread: ThreadId(0),
            frames: vec![Frame {
                fname: String::new(),
                ..Default::default()
            }],
            inline_stack: Vec::new(),
            recursion_depth: DEFAULT_RECURSION_DEPTH,
            enum_tags: HashMap::new(),
            struct_memo: HashMap::new(),
            static_memo: HashMap::new(),
            atomic_slots: HashSet::new(),
            atomic_typedefs: HashSet::new(),
            tls_slots: HashSet::new(),
            tls_copies: HashMap::new(),
            strings: HashMap::new(),
            wide_strings: HashMap::new(),
            inst_count: HashMap::new(),
            loads: HashMap::new(),
            written_names: HashSet::new(),
            dyn_inits: Vec::new(),
            built: Vec::new(),
            error_label: None,
            depth: 0,
            tmp_count: 0,
            scratch: false,
            floats: std::collections::BTreeMap::new(),
            eval_ctx: Vec::new(),
            quiet_addr_cast: false,
            const_addr_as_int: None,
            addr_operand: false,
            model_files: HashSet::new(),
            alloc_hint: None,
            nondet_sources: HashSet::new(),
            const_inits: HashMap::new(),
            late_inits: Vec::new(),
            extern_only: Vec::new(),
            value_names: HashSet::new(),
            entry: "main".to_string(),
            extra_entries: HashSet::new(),
            union_members: Vec::new(),
            heap_count: 0,
            alloc_align: 0,
            static_mutexes: Vec::new(),
            cell_owner: HashMap::new(),
            byte_slots: HashMap::new(),
            raw_bools: HashSet::new(),
            raw_bool_next: false,
            quant_instances: 0,
            vla_len: HashMap::new(),
            need_bytes: Default::default(),
            byte_inits: Vec::new(),
            heap: HashMap::new(),
            heap_opts: heap::HeapOptions::default(),
            heap_summaries: HashSet::new(),
            lifelong_locals: HashSet::new(),
            life_seq: 0,
            scoped_life: HashMap::new(),
            live_slots: HashSet::new(),
            live_flag: HashMap::new(),
            need_live: HashSet::new(),
            thread_seqs: Vec::new(),
            frees: 0,
            va_slot: None,
        }
    }

    pub fn type_err(&self, loc: Loc, msg: impl Into<String>) -> Diag {
        Diag::error(DiagKind::Type, Some(loc), msg)
    }

    pub fn warn(&mut self, loc: Loc, msg: impl Into<String>) {
        self.warnings
            .push(Diag::warning(DiagKind::Type, Some(loc), msg));
    }

    /// A fresh IR variable with a unique name.
    pub fn new_var(
        &mut self,
        name: &str,
        ty: Type,
        scope: Scope,
        init: Option<i128>,
        is_temp: bool,
        loc: Option<Loc>,
    ) -> VarId {
        let mut n = name.to_string();
        if self.names.contains(&n) {
            let mut k = 2;
            loop {
                let c = format!("{}'{}", name, k);
                if !self.names.contains(&c) {
                    n = c;
                    break;
                }
                k += 1;
            }
        }
        self.names.insert(n.clone());
        self.vars.push(ir::Var {
            name: n,
            ty,
            scope,
            init,
            is_temp,
            loc,
        });
        VarId(self.vars.len() as u32 - 1)
    }

    pub fn local_scope(&self) -> Scope {
        Scope::Local(self.thread)
    }

    /// A scalar temporary of the current thread.
    pub fn temp(&mut self, ty: Type) -> VarId {
        self.tmp_count += 1;
        let n = format!("tmp${}", self.tmp_count);
        let s = self.local_scope();
        self.new_var(&n, ty, s, None, true, None)
    }

    /// A temporary for the value read through a pointer whose target the analysis does not
    /// know (e.g. a pointer a scheduler primitive returned): any value, and a counterexample
    /// through it is not evidence ([`crate::frontend::libc::reads_unknown_target`]).
    pub fn unknown_read_temp(&mut self, ty: Type) -> VarId {
        self.tmp_count += 1;
        let n = format!(
            "{}{}",
            crate::frontend::libc::UNKNOWN_READ_PREFIX,
            self.tmp_count
        );
        let s = self.local_scope();
        self.new_var(&n, ty, s, None, true, None)
    }

    /// Creates a slot (object) for a C variable of type `ty` with fresh cells.
    pub fn new_slot(
        &mut self,
        name: &str,
        ty: &CType,
        scope: Scope,
        is_temp: bool,
        loc: Loc,
    ) -> SlotId {
        let mut slot = Slot {
            name: name.to_string(),
            ty: ty.clone(),
            cells: Vec::new(),
            index: HashMap::new(),
            obj: None,
            summarized: false,
            has_union: false,
            bytes: false,
            scope,
            incomplete: false,
            align: 0,
            loc,
        };
        let id = self.slots.len();
        self.fill_cells(id, &mut slot, is_temp);
        self.slots.push(slot);
        self.slots.len() - 1
    }

    fn fill_cells(&mut self, id: SlotId, slot: &mut Slot, is_temp: bool) {
        let ty = slot.ty.clone();
        let Some(size) = self.types.size_of(&ty, self.target) else {
            slot.incomplete = true;
            return;
        };
        slot.incomplete = false;
        if (self.wants_bytes(id, &slot.name) || self.raw_bool_next)
            && size as usize <= MAX_CELLS
            && size > 0
        {
            slot.bytes = true;
            let init = (slot.scope == Scope::Global).then_some(0);
            for i in 0..size {
                let v = self.new_var(
                    &format!("{}<{}>", slot.name, i),
                    Type::int(8, false),
                    slot.scope,
                    init,
                    is_temp,
                    Some(slot.loc),
                );
                let c = CellShape {
                    path: format!("<{}>", i),
                    offset: i,
                    ty: CType::Int(crate::frontend::types::IntKind::UChar),
                    bitfield: None,
                };
                slot.index.entry((i, None)).or_default().push(i as usize);
                slot.cells.push((c, v));
            }
            return;
        }
        match self.types.cells(&ty, self.target, MAX_CELLS) {
            Some(cells) => {
                slot.has_union = type_has_union(&self.types, &ty);
                for c in cells {
                    let irt = match (&c.ty, c.bitfield) {
                        (CType::Int(k), Some((_, w))) => {
                            crate::frontend::types::bitfield_ir_type(*k, w, self.target)
                        }
                        (t, _) => crate::frontend::types::ir_type(t, self.target)
                            .unwrap_or(Type::int(8, false)),
                    };
                    let init = if slot.scope == Scope::Global {
                        Some(0)
                    } else {
                        None
                    };
                    let v = self.new_var(
                        &format!("{}{}", slot.name, c.path),
                        irt,
                        slot.scope,
                        init,
                        is_temp,
                        Some(slot.loc),
                    );
                    if let CType::Float(_) = c.ty {
                        if let Some(f) = ir::FloatFmt::of_bits(irt.bits()) {
                            self.floats.insert(v.0, f);
                        }
                    }
                    let i = slot.cells.len();
                    slot.index
                        .entry((c.offset, c.bitfield))
                        .or_default()
                        .push(i);
                    slot.cells.push((c, v));
                }
            }
            None => slot.summarized = true,
        }
    }

    /// Completes a slot declared with an incomplete type.
    pub fn complete_slot(&mut self, s: SlotId, ty: &CType) {
        let mut slot = self.slots[s].clone();
        slot.ty = ty.clone();
        let is_temp = false;
        self.fill_cells(s, &mut slot, is_temp);
        self.slots[s] = slot;
    }

    /// The object of a slot, created (with a fresh base address) on first use.
    pub fn slot_object(&mut self, s: SlotId) -> ObjectId {
        if let Some(o) = self.slots[s].obj {
            return o;
        }
        let ty = self.slots[s].ty.clone();
        let size = if self.slots[s].summarized {
            self.types.size_of(&ty, self.target).unwrap_or(0).max(
                if self.target.pointer_bits <= 16 {
                    0x100
                } else {
                    0x10000
                },
            )
        } else {
            self.types.size_of(&ty, self.target).unwrap_or(1)
        };
        let name = self.slots[s].name.clone();
        let requested = self.slots[s].align;
        let o = if requested > 0 {
            // exactly the requested alignment: a program may not rely on more
            let a = requested;
            let mut base = crate::frontend::types::align_up(self.next_addr, a);
            if base.is_multiple_of(2 * a) {
                base += a;
            }
            let size = size.max(1);
            self.next_addr = base + size + a;
            self.objs.push(ObjInfo {
                name,
                base,
                size,
                kind: ObjKind::Slot(s),
            });
            ObjectId(self.objs.len() as u32 - 1)
        } else {
            let align = self.types.align_of(&ty, self.target).unwrap_or(1);
            self.new_object(name, size, align, ObjKind::Slot(s))
        };
        self.slots[s].obj = Some(o);
        o
    }

    /// Records the alignment request `req` of a declaration on its object (the strictest of
    /// several declarations).
    pub(crate) fn request_align(&mut self, s: SlotId, req: Option<u64>) {
        if let Some(a) = req {
            // an alignment request never makes an object less aligned than its type
            let t = self
                .types
                .align_of(&self.slots[s].ty, self.target)
                .unwrap_or(1);
            self.slots[s].align = self.slots[s].align.max(a).max(t);
        }
    }

    pub fn new_object(&mut self, name: String, size: u64, align: u64, kind: ObjKind) -> ObjectId {
        let a = align.max(4);
        let base = crate::frontend::types::align_up(self.next_addr, a);
        let size = size.max(1);
        self.next_addr = base + size + a;
        self.objs.push(ObjInfo {
            name,
            base,
            size,
            kind,
        });
        ObjectId(self.objs.len() as u32 - 1)
    }

    pub fn func_object(&mut self, f: FuncId) -> ObjectId {
        if let Some(o) = self.funcs[f].obj {
            return o;
        }
        let name = self.funcs[f].name.clone();
        let o = self.new_object(name, 1, 4, ObjKind::Func(f));
        self.funcs[f].obj = Some(o);
        o
    }

    pub fn ptr_type(&self) -> Type {
        Type::Int {
            bits: self.target.pointer_bits,
            signed: false,
        }
    }

    pub fn frame(&self) -> &Frame {
        self.frames.last().expect("a frame")
    }

    pub fn frame_mut(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("a frame")
    }

    /// Looks an identifier up in the current function instance's scopes, then file scope.
    pub fn lookup(&self, name: &str) -> Option<Sym> {
        let f = self.frame();
        for s in f.scopes.iter().rev() {
            if let Some(x) = s.get(name) {
                return Some(x.clone());
            }
        }
        self.globals.get(name).cloned()
    }

    pub fn lookup_tag(&self, name: &str) -> Option<StructId> {
        let f = self.frame();
        for s in f.tags.iter().rev() {
            if let Some(x) = s.get(name) {
                return Some(*x);
            }
        }
        self.gtags.get(name).copied()
    }

    pub fn bind(&mut self, name: &str, s: Sym) {
        let f = self.frames.last_mut().expect("frame");
        match f.scopes.last_mut() {
            Some(sc) if f.func.is_some() => {
                sc.insert(name.to_string(), s);
            }
            _ => {
                self.globals.insert(name.to_string(), s);
            }
        }
    }

    pub fn bind_tag(&mut self, name: &str, id: StructId) {
        let f = self.frames.last_mut().expect("frame");
        match f.tags.last_mut() {
            Some(sc) if f.func.is_some() => {
                sc.insert(name.to_string(), id);
            }
            _ => {
                self.gtags.insert(name.to_string(), id);
            }
        }
    }

    /// True when code being lowered now may run more than once per thread.
    pub fn in_loop(&self) -> bool {
        self.frames
            .iter()
            .any(|f| f.loop_depth > 0 || f.func.is_some_and(|id| self.funcs[id].has_backward_goto))
    }

    fn run(&mut self) -> Result<(), Diag> {
        self.collect_file_scope()?;
        self.find_thread_entries()?;
        self.eval_global_inits()?;
        let main = match self.func_by_name.get(self.entry.as_str()) {
            Some(&m) if self.funcs[m].def.is_some() => m,
            _ => {
                return Err(Diag::error(
                    DiagKind::Type,
                    None,
                    format!("the program has no `{}` function", self.entry),
                ))
            }
        };
        let _ = main;
        for t in 0..self.threads.len() {
            self.lower_thread(ThreadId(t as u32))?;
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<ir::Program, Diag> {
        pointsto::finish(self)
    }
}

fn type_has_union(tt: &TypeTable, ty: &CType) -> bool {
    match ty {
        CType::Array(e, _) => type_has_union(tt, e),
        CType::Struct(id) => {
            let d = tt.get(*id);
            d.kind == crate::frontend::types::Aggregate::Union
                || d.fields.iter().any(|f| type_has_union(tt, &f.ty))
        }
        _ => false,
    }
}
