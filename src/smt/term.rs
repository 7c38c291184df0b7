//! Terms and sorts in Yices' global term table: construction, inspection, printing.
//!
//! Every constructor takes the global Yices lock (see [`super::lock`]). Ill-sorted
//! constructions (e.g. adding a Boolean to an integer) are programming errors of the caller and
//! panic with Yices' error message; well-typed IR never triggers them.
//!
//! Terms are never garbage-collected: they live as long as the process (Yices hash-conses
//! them, so rebuilding the same term is cheap and yields the same [`Term`]).

use super::lock::lock;
use std::collections::{HashMap, HashSet};
use std::ffi::{CStr, CString};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};
use yices2::sys;
use yices2::sys::term_constructor as K;

/// A Yices term (`term_t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Term(pub(crate) sys::term_t);

/// A Yices type (`type_t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sort(pub(crate) sys::type_t);

/// The names given to [`Term::var`], by term.
static NAMES: LazyLock<Mutex<HashMap<sys::term_t, String>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));
static NAME_COUNTER: AtomicU64 = AtomicU64::new(0);

/// The current Yices error message (call with the lock held, right after the failing call).
pub(crate) fn error_string() -> String {
    // SAFETY: contract 2 and 5 (the caller holds the lock): the message is copied before `yices_free_string` releases it.
    unsafe {
        let p = sys::yices_error_string();
        if p.is_null() {
            return "unknown yices error".to_string();
        }
        let s = CStr::from_ptr(p).to_string_lossy().into_owned();
        sys::yices_free_string(p);
        s
    }
}

/// Checks a returned term (lock held); panics with Yices' message on `NULL_TERM`.
fn mk(t: sys::term_t, what: &str) -> Term {
    if t < 0 {
        panic!("smt: {what} failed: {}", error_string());
    }
    Term(t)
}

fn mk_sort(t: sys::type_t, what: &str) -> Sort {
    if t < 0 {
        panic!("smt: {what} failed: {}", error_string());
    }
    Sort(t)
}

pub fn bool_sort() -> Sort {
    let _g = lock();
    // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
    mk_sort(unsafe { sys::yices_bool_type() }, "bool_sort")
}

pub fn int_sort() -> Sort {
    let _g = lock();
    // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
    mk_sort(unsafe { sys::yices_int_type() }, "int_sort")
}

pub fn bv_sort(bits: u32) -> Sort {
    let _g = lock();
    // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
    mk_sort(unsafe { sys::yices_bv_type(bits) }, "bv_sort")
}

impl Sort {
    pub fn is_bool(self) -> bool {
        self == bool_sort()
    }
    pub fn is_int(self) -> bool {
        self == int_sort()
    }
    /// The width of a bit-vector sort.
    pub fn bv_width(self) -> Option<u32> {
        let _g = lock();
        // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
        unsafe {
            if sys::yices_type_is_bitvector(self.0) != 0 {
                Some(sys::yices_bvtype_size(self.0))
            } else {
                None
            }
        }
    }
    /// The raw Yices `type_t`.
    pub fn raw(self) -> sys::type_t {
        self.0
    }
}

impl fmt::Display for Sort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _g = lock();
        // SAFETY: contract 2, 3 and 5: lock held; the printed string is copied before it is freed.
        let s = unsafe {
            let p = sys::yices_type_to_string(self.0, 1 << 20, 1, 0);
            if p.is_null() {
                return write!(f, "<type {}>", self.0);
            }
            let s = CStr::from_ptr(p).to_string_lossy().into_owned();
            sys::yices_free_string(p);
            s
        };
        f.write_str(&s)
    }
}

macro_rules! binop {
    ($($(#[$m:meta])* $name:ident => $f:ident;)*) => {
        $(
            $(#[$m])*
            pub fn $name(self, o: Term) -> Term {
                let _g = lock();
                // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
                mk(unsafe { sys::$f(self.0, o.0) }, stringify!($name))
            }
        )*
    };
}

macro_rules! unop {
    ($($(#[$m:meta])* $name:ident => $f:ident;)*) => {
        $(
            $(#[$m])*
            pub fn $name(self) -> Term {
                let _g = lock();
                // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
                mk(unsafe { sys::$f(self.0) }, stringify!($name))
            }
        )*
    };
}

// The API names (`not`, `add`, ...) are fixed by the engines; they are not the std::ops traits.
#[allow(clippy::should_implement_trait)]
impl Term {
    /// A new uninterpreted constant (fresh on every call, even for a repeated name). `name` is
    /// kept for [`Term::name`]; the name registered in Yices (used when printing) is `name`
    /// if still free, else `name!k` for a unique counter `k`.
    pub fn var(name: &str, sort: Sort) -> Term {
        let _g = lock();
        let t = mk(
            // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
            unsafe { sys::yices_new_uninterpreted_term(sort.0) },
            "new_uninterpreted_term",
        );
        let mut yname = name.to_string();
        loop {
            let Ok(c) = CString::new(yname.clone()) else {
                // A name with a NUL byte: fall back to a neutral one.
                yname = format!("v!{}", NAME_COUNTER.fetch_add(1, Ordering::Relaxed));
                continue;
            };
            // SAFETY: contract 2 and 5: lock held; `c` is a live NUL-terminated `CString`.
            let taken = unsafe { sys::yices_get_term_by_name(c.as_ptr()) } >= 0;
            if !taken && !yname.is_empty() {
                // SAFETY: contract 2, 3 and 5: lock held; `self` is a valid term and `c` a live NUL-terminated `CString`.
                unsafe {
                    sys::yices_set_term_name(t.0, c.as_ptr());
                }
                break;
            }
            yname = format!(
                "{}!{}",
                name.replace('\0', ""),
                NAME_COUNTER.fetch_add(1, Ordering::Relaxed)
            );
        }
        NAMES
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(t.0, name.to_string());
        t
    }

    pub fn tt() -> Term {
        let _g = lock();
        // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
        mk(unsafe { sys::yices_true() }, "true")
    }
    pub fn ff() -> Term {
        let _g = lock();
        // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
        mk(unsafe { sys::yices_false() }, "false")
    }
    pub fn bool(b: bool) -> Term {
        if b {
            Term::tt()
        } else {
            Term::ff()
        }
    }

    /// An integer constant.
    pub fn int(v: i128) -> Term {
        let _g = lock();
        if let Ok(x) = i64::try_from(v) {
            // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
            mk(unsafe { sys::yices_int64(x) }, "int")
        } else {
            let c = CString::new(v.to_string()).expect("digits");
            // SAFETY: contract 2, 3 and 5: lock held; the pointer and length come from a live local buffer of valid terms/words.
            mk(unsafe { sys::yices_parse_rational(c.as_ptr()) }, "int")
        }
    }

    /// A bit-vector constant of width `bits`; `v` is taken modulo 2^bits (two's complement).
    pub fn bv(bits: u32, v: i128) -> Term {
        let _g = lock();
        if bits <= 64 {
            // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
            mk(unsafe { sys::yices_bvconst_uint64(bits, v as u64) }, "bv")
        } else {
            let a: Vec<i32> = (0..bits).map(|i| ((v >> i.min(127)) & 1) as i32).collect();
            mk(
                // SAFETY: contract 2, 3 and 5: lock held; the pointer and length come from a live local buffer of valid terms/words.
                unsafe { sys::yices_bvconst_from_array(bits, a.as_ptr()) },
                "bv",
            )
        }
    }

    pub fn and(ts: &[Term]) -> Term {
        let _g = lock();
        let mut v: Vec<sys::term_t> = ts.iter().map(|t| t.0).collect();
        mk(
            // SAFETY: contract 2, 3 and 5: lock held; the pointer and length come from a live local buffer of valid terms/words.
            unsafe { sys::yices_and(v.len() as u32, v.as_mut_ptr()) },
            "and",
        )
    }
    pub fn or(ts: &[Term]) -> Term {
        let _g = lock();
        let mut v: Vec<sys::term_t> = ts.iter().map(|t| t.0).collect();
        mk(
            // SAFETY: contract 2, 3 and 5: lock held; the pointer and length come from a live local buffer of valid terms/words.
            unsafe { sys::yices_or(v.len() as u32, v.as_mut_ptr()) },
            "or",
        )
    }
    pub fn ite(c: Term, a: Term, b: Term) -> Term {
        let _g = lock();
        // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
        mk(unsafe { sys::yices_ite(c.0, a.0, b.0) }, "ite")
    }

    unop! {
        not => yices_not;
        /// Integer negation.
        neg => yices_neg;
        bvneg => yices_bvneg;
        bvnot => yices_bvnot;
    }

    binop! {
        and2 => yices_and2;
        or2 => yices_or2;
        xor2 => yices_xor2;
        implies => yices_implies;
        iff => yices_iff;
        /// Equality of two terms of one sort (Booleans included).
        eq => yices_eq;
        neq => yices_neq;
        add => yices_add;
        sub => yices_sub;
        /// Product (non-linear when neither factor is constant: only MCSAT accepts that).
        mul => yices_mul;
        lt => yices_arith_lt_atom;
        le => yices_arith_leq_atom;
        gt => yices_arith_gt_atom;
        ge => yices_arith_geq_atom;
        /// Yices/SMT-LIB `div`: `x = y*q + r` with `0 <= r < |y|` (floor for positive `y`).
        int_div_floor => yices_idiv;
        /// Yices/SMT-LIB `mod`: the `r` above, always non-negative.
        int_mod => yices_imod;
        bvadd => yices_bvadd;
        bvsub => yices_bvsub;
        bvmul => yices_bvmul;
        bvand => yices_bvand2;
        bvor => yices_bvor2;
        bvxor => yices_bvxor2;
        /// Shift left; an amount >= width gives 0.
        bvshl => yices_bvshl;
        /// Logical shift right; an amount >= width gives 0.
        bvlshr => yices_bvlshr;
        /// Arithmetic shift right; an amount >= width gives 0 or -1 (sign fill).
        bvashr => yices_bvashr;
        /// Signed division truncating toward zero (`x / 0` is -1 for x >= 0, 1 for x < 0).
        bvsdiv => yices_bvsdiv;
        /// Signed remainder, sign of the dividend (`x % 0 = x`).
        bvsrem => yices_bvsrem;
        /// Unsigned division (`x / 0` is all ones).
        bvudiv => yices_bvdiv;
        /// Unsigned remainder (`x % 0 = x`).
        bvurem => yices_bvrem;
        bvslt => yices_bvslt_atom;
        bvsle => yices_bvsle_atom;
        bvsgt => yices_bvsgt_atom;
        bvsge => yices_bvsge_atom;
        bvult => yices_bvlt_atom;
        bvule => yices_bvle_atom;
        bvugt => yices_bvgt_atom;
        bvuge => yices_bvge_atom;
        /// Concatenation: `self` is the high part.
        bvconcat => yices_bvconcat2;
    }

    /// Sign-extends by `extra` bits.
    pub fn sign_extend(self, extra: u32) -> Term {
        let _g = lock();
        mk(
            // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
            unsafe { sys::yices_sign_extend(self.0, extra) },
            "sign_extend",
        )
    }
    /// Zero-extends by `extra` bits.
    pub fn zero_extend(self, extra: u32) -> Term {
        let _g = lock();
        mk(
            // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
            unsafe { sys::yices_zero_extend(self.0, extra) },
            "zero_extend",
        )
    }
    /// Bits `hi..=lo`.
    pub fn extract(self, hi: u32, lo: u32) -> Term {
        let _g = lock();
        // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
        mk(unsafe { sys::yices_bvextract(self.0, lo, hi) }, "extract")
    }

    // ---------------------------------------------------------------- inspection

    pub fn sort(self) -> Sort {
        let _g = lock();
        // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
        mk_sort(unsafe { sys::yices_type_of_term(self.0) }, "type_of_term")
    }
    pub fn is_bool(self) -> bool {
        let _g = lock();
        // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
        unsafe { sys::yices_term_is_bool(self.0) != 0 }
    }
    pub fn is_int(self) -> bool {
        let _g = lock();
        // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
        unsafe { sys::yices_term_is_int(self.0) != 0 }
    }
    pub fn is_bv(self) -> bool {
        let _g = lock();
        // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
        unsafe { sys::yices_term_is_bitvector(self.0) != 0 }
    }
    /// Width of a bit-vector term (0 for other terms).
    pub fn bv_width(self) -> u32 {
        let _g = lock();
        // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
        unsafe {
            if sys::yices_term_is_bitvector(self.0) != 0 {
                sys::yices_term_bitsize(self.0)
            } else {
                0
            }
        }
    }
    pub fn is_true(self) -> bool {
        self == Term::tt()
    }
    pub fn is_false(self) -> bool {
        self == Term::ff()
    }
    /// True for uninterpreted constants (the terms made by [`Term::var`]).
    pub fn is_var(self) -> bool {
        let _g = lock();
        constructor(self.0) == K::YICES_UNINTERPRETED_TERM
    }

    /// The value of an integer constant term.
    pub fn int_const(self) -> Option<i128> {
        let _g = lock();
        if constructor(self.0) != K::YICES_ARITH_CONSTANT {
            return None;
        }
        to_string_locked(self.0).trim().parse::<i128>().ok()
    }

    /// The value of a bit-vector constant term, read as signed or unsigned (widths <= 128).
    pub fn bv_const(self, signed: bool) -> Option<i128> {
        let _g = lock();
        if constructor(self.0) != K::YICES_BV_CONSTANT {
            return None;
        }
        // SAFETY: contract 2 and 3: lock held; `self` is a valid term.
        let n = unsafe { sys::yices_term_bitsize(self.0) } as usize;
        let mut bits = vec![0i32; n];
        // SAFETY: contract 2, 3 and 5: lock held; `bits` has one slot per bit of the term.
        if unsafe { sys::yices_bv_const_value(self.0, bits.as_mut_ptr()) } < 0 {
            return None;
        }
        bits_to_i128(&bits, signed)
    }

    /// Simultaneous substitution of `to[i]` for the uninterpreted constants `from[i]`.
    pub fn subst(self, from: &[Term], to: &[Term]) -> Term {
        assert_eq!(from.len(), to.len(), "subst: length mismatch");
        if from.is_empty() {
            return self;
        }
        let _g = lock();
        let f: Vec<sys::term_t> = from.iter().map(|t| t.0).collect();
        let m: Vec<sys::term_t> = to.iter().map(|t| t.0).collect();
        mk(
            // SAFETY: contract 2, 3 and 5: lock held; the pointer and length come from a live local buffer of valid terms/words.
            unsafe { sys::yices_subst_term(f.len() as u32, f.as_ptr(), m.as_ptr(), self.0) },
            "subst",
        )
    }

    /// The uninterpreted constants occurring in the term, sorted and deduplicated.
    pub fn free_vars(self) -> Vec<Term> {
        let _g = lock();
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut stack = vec![self.0];
        while let Some(t) = stack.pop() {
            if !seen.insert(t) {
                continue;
            }
            if constructor(t) == K::YICES_UNINTERPRETED_TERM {
                out.push(Term(t));
            } else {
                stack.extend(children(t));
            }
        }
        out.sort();
        out
    }

    /// The Boolean atoms: maximal Boolean subterms whose top symbol is not a connective
    /// (not/and/or/xor/implies/iff, Boolean ite); Boolean constants excluded. Deduplicated, in
    /// order of first occurrence (depth first, left to right).
    pub fn atoms(self) -> Vec<Term> {
        let _g = lock();
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        atoms_rec(self.0, &mut seen, &mut out);
        out
    }

    /// The two sides of an equality between non-Boolean terms or of an arithmetic `>=`
    /// (`(= a b)`, `(>= a b)`; a one-child atom `(= t 0)` / `(>= t 0)` gives `(t, 0)`), else None.
    pub fn cmp_sides(self) -> Option<(Term, Term)> {
        let _g = lock();
        if !matches!(
            constructor(self.0),
            K::YICES_EQ_TERM | K::YICES_ARITH_GE_ATOM
        ) {
            return None;
        }
        match children(self.0)[..] {
            [a, b] if !is_bool_raw(a) && !is_bool_raw(b) => Some((Term(a), Term(b))),
            // SAFETY: contract 2 and 3: lock held; the arguments are valid term/type indices or plain values.
            [a] if !is_bool_raw(a) => Some((Term(a), Term(unsafe { sys::yices_zero() }))),
            _ => None,
        }
    }

    /// The two sides of an equality between integer terms (`(= a b)`; a one-child atom
    /// `(= t 0)` gives `(t, 0)`), else None.
    pub fn int_eq_sides(self) -> Option<(Term, Term)> {
        let is_eq = {
            let _g = lock();
            constructor(self.0) == K::YICES_EQ_TERM
        };
        let (a, b) = if is_eq {
            self.cmp_sides()?
        } else {
            return None;
        };
        (a.is_int() && b.is_int()).then_some((a, b))
    }

    /// The name given to [`Term::var`] (None for other terms).
    pub fn name(self) -> Option<String> {
        NAMES
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&self.0)
            .cloned()
    }

    /// Number of distinct subterms (DAG size), a cheap measure of term complexity.
    pub fn dag_size(self) -> usize {
        let _g = lock();
        let mut seen = HashSet::new();
        let mut stack = vec![self.0];
        while let Some(t) = stack.pop() {
            if seen.insert(t) {
                stack.extend(children(t));
            }
        }
        seen.len()
    }

    /// The raw Yices `term_t`.
    pub fn raw(self) -> sys::term_t {
        self.0
    }
}

/// Term constructor (lock held). Positive/negative polarity: `not t` reports `YICES_NOT_TERM`.
pub(crate) fn constructor(t: sys::term_t) -> K {
    // SAFETY: contract 2 and 3 (the caller holds the lock): `t` is a valid term index.
    unsafe { sys::yices_term_constructor(t) }
}

pub(crate) fn to_string_locked(t: sys::term_t) -> String {
    // SAFETY: contract 2, 3 and 5 (the caller holds the lock): the printed string is copied before it is freed.
    unsafe {
        let p = sys::yices_term_to_string(t, u32::MAX / 4, 1, 0);
        if p.is_null() {
            return format!("<term {t}>");
        }
        let s = CStr::from_ptr(p).to_string_lossy().into_owned();
        sys::yices_free_string(p);
        s
    }
}

pub(crate) fn bits_to_i128(bits: &[i32], signed: bool) -> Option<i128> {
    let n = bits.len();
    // an `unsigned __int128` of 2^127 and above is held as the negative `i128` of the same
    // bits (as `ir::semantics` reads it)
    if n == 0 || n > 128 {
        return None;
    }
    let mut v: u128 = 0;
    for (i, b) in bits.iter().enumerate() {
        if *b != 0 {
            v |= 1u128 << i;
        }
    }
    if signed && bits[n - 1] != 0 && n < 128 {
        v |= !0u128 << n;
    }
    Some(v as i128)
}

// GMP rationals, for `yices_sum_component` (not in the generated bindings). The layout is
// GMP's `__mpq_struct`: two `__mpz_struct { int alloc; int size; mp_limb_t *d; }`.
#[repr(C)]
struct Mpz {
    alloc: i32,
    size: i32,
    d: *mut u64,
}
#[repr(C)]
struct Mpq {
    num: Mpz,
    den: Mpz,
}
extern "C" {
    fn __gmpq_init(q: *mut Mpq);
    fn __gmpq_clear(q: *mut Mpq);
    fn yices_sum_component(t: sys::term_t, i: i32, coeff: *mut Mpq, term: *mut sys::term_t) -> i32;
}

/// The immediate subterms of `t` (lock held); constants and variables have none.
pub(crate) fn children(t: sys::term_t) -> Vec<sys::term_t> {
    let k = constructor(t);
    let mut out = Vec::new();
    // SAFETY: contract 2, 3 and 5 (the caller holds the lock): `t` is a valid term; the GMP rationals are initialised before use and cleared after, the out-variables are locals.
    unsafe {
        match k {
            K::YICES_BOOL_CONSTANT
            | K::YICES_ARITH_CONSTANT
            | K::YICES_BV_CONSTANT
            | K::YICES_SCALAR_CONSTANT
            | K::YICES_VARIABLE
            | K::YICES_UNINTERPRETED_TERM
            | K::YICES_CONSTRUCTOR_ERROR => {}
            K::YICES_SELECT_TERM | K::YICES_BIT_TERM => {
                let a = sys::yices_proj_arg(t);
                if a >= 0 {
                    out.push(a);
                }
            }
            K::YICES_ARITH_SUM => {
                let n = sys::yices_term_num_children(t);
                let mut q = std::mem::MaybeUninit::<Mpq>::uninit();
                __gmpq_init(q.as_mut_ptr());
                for i in 0..n.max(0) {
                    let mut c: sys::term_t = -1;
                    if yices_sum_component(t, i, q.as_mut_ptr(), &mut c) == 0 && c >= 0 {
                        out.push(c);
                    }
                }
                __gmpq_clear(q.as_mut_ptr());
            }
            K::YICES_BV_SUM => {
                let n = sys::yices_term_num_children(t);
                let w = sys::yices_term_bitsize(t) as usize;
                let mut bits = vec![0i32; w.max(1)];
                for i in 0..n.max(0) {
                    let mut c: sys::term_t = -1;
                    if sys::yices_bvsum_component(t, i, bits.as_mut_ptr(), &mut c) == 0 && c >= 0 {
                        out.push(c);
                    }
                }
            }
            K::YICES_POWER_PRODUCT => {
                let n = sys::yices_term_num_children(t);
                for i in 0..n.max(0) {
                    let mut c: sys::term_t = -1;
                    let mut e: u32 = 0;
                    if sys::yices_product_component(t, i, &mut c, &mut e) == 0 && c >= 0 {
                        out.push(c);
                    }
                }
            }
            _ => {
                let n = sys::yices_term_num_children(t);
                for i in 0..n.max(0) {
                    let c = sys::yices_term_child(t, i);
                    if c >= 0 {
                        out.push(c);
                    }
                }
            }
        }
    }
    out
}

fn is_bool_raw(t: sys::term_t) -> bool {
    // SAFETY: contract 2 and 3 (the caller holds the lock): `t` is a valid term index.
    unsafe { sys::yices_term_is_bool(t) != 0 }
}

fn atoms_rec(t: sys::term_t, seen: &mut HashSet<sys::term_t>, out: &mut Vec<Term>) {
    if !seen.insert(t) {
        return;
    }
    let k = constructor(t);
    let connective = match k {
        K::YICES_BOOL_CONSTANT => return,
        K::YICES_NOT_TERM | K::YICES_OR_TERM | K::YICES_XOR_TERM => true,
        // Boolean ite (then/else Boolean) and iff (equality of Booleans).
        K::YICES_ITE_TERM | K::YICES_EQ_TERM => children(t).iter().all(|&c| is_bool_raw(c)),
        _ => false,
    };
    if connective {
        for c in children(t) {
            atoms_rec(c, seen, out);
        }
    } else {
        // An atom: never look inside (Boolean subterms below a non-Boolean ite, e.g. the
        // condition of an integer ite, belong to that atom).
        out.push(Term(t));
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = {
            let _g = lock();
            to_string_locked(self.0)
        };
        f.write_str(&s)
    }
}
