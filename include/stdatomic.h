/* stdatomic.h -- schedmc's <stdatomic.h>. The atomic types are the `_Atomic` integer types:
   a load or store of such an object is one access, and `++`, `--` and compound assignments
   naming an `_Atomic` variable are one atomic step (through a pointer they are not: more
   interleavings, never fewer). The atomic_* operations are generic macros that run inside an
   atomic section (__VERIFIER_atomic_begin/end). The engines explore sequentially consistent
   executions unless --mm tso|pso (partial-order BMC) is given; see __SCHEDMC_RMW_FENCE
   below for what the memory orders of stores and read-modify-writes mean there. A
   memory_order argument of a load or fence weaker than seq_cst orders nothing TSO/PSO
   reorders (loads stay in order). */
#ifndef __SCHEDMC_STDATOMIC_H
#define __SCHEDMC_STDATOMIC_H
#include <stddef.h>
#include <stdint.h>

typedef enum memory_order {
    memory_order_relaxed,
    memory_order_consume,
    memory_order_acquire,
    memory_order_release,
    memory_order_acq_rel,
    memory_order_seq_cst
} memory_order;

typedef _Atomic _Bool atomic_bool;
typedef _Atomic char atomic_char;
typedef _Atomic signed char atomic_schar;
typedef _Atomic unsigned char atomic_uchar;
typedef _Atomic short atomic_short;
typedef _Atomic unsigned short atomic_ushort;
typedef _Atomic int atomic_int;
typedef _Atomic unsigned int atomic_uint;
typedef _Atomic long atomic_long;
typedef _Atomic unsigned long atomic_ulong;
typedef _Atomic long long atomic_llong;
typedef _Atomic unsigned long long atomic_ullong;
typedef _Atomic size_t atomic_size_t;
typedef _Atomic ptrdiff_t atomic_ptrdiff_t;
typedef _Atomic intptr_t atomic_intptr_t;
typedef _Atomic uintptr_t atomic_uintptr_t;
typedef _Atomic intmax_t atomic_intmax_t;
typedef _Atomic uintmax_t atomic_uintmax_t;
typedef struct { _Bool __flag; } atomic_flag;

#define ATOMIC_FLAG_INIT { 0 }
#define ATOMIC_VAR_INIT(v) (v)
#define ATOMIC_BOOL_LOCK_FREE 2
#define ATOMIC_INT_LOCK_FREE 2
#define ATOMIC_LONG_LOCK_FREE 2
#define ATOMIC_POINTER_LOCK_FREE 2
#define kill_dependency(y) (y)
#define atomic_init(obj, v) ((void)(*(obj) = (v)))
#define atomic_is_lock_free(obj) 1
#define atomic_thread_fence(order) __atomic_thread_fence(order)
#define atomic_signal_fence(order) ((void)(order))

#define atomic_load(obj) \
    ({ __VERIFIER_atomic_begin(); __typeof__(*(obj)) __schedmc_v = *(obj); \
       __VERIFIER_atomic_end(); __schedmc_v; })
#define atomic_load_explicit(obj, order) ((void)(order), atomic_load(obj))
/* Under PSO an atomic section that writes (a read-modify-write, a seq_cst store) is atomic
   on its own addresses only; a seq_cst store and a release, acq_rel or seq_cst
   read-modify-write are preceded by a full fence (C11 to SPARC: membar before the store or
   cas; the cas's load and store are one step and later loads stay in order, so the membar
   orders every earlier store before it and everything after). Relaxed, consume and acquire
   read-modify-writes are not. Under TSO every writing atomic section is a full fence (x86
   locked instructions) and under SC the fence is a no-op: it is only emitted under --mm pso
   (the driver defines __SCHEDMC_MM_PSO), since an empty atomic section costs interleavings. */
#ifdef __SCHEDMC_MM_PSO
#define __SCHEDMC_RMW_FENCE(order) \
    ((order) >= memory_order_release ? __sync_synchronize() : (void)0)
#define __SCHEDMC_SC_FENCE() __sync_synchronize()
#else
#define __SCHEDMC_RMW_FENCE(order) ((void)(order))
#define __SCHEDMC_SC_FENCE() ((void)0)
#endif
#define atomic_store(obj, v) \
    ({ __typeof__(*(obj)) __schedmc_n = (v); __SCHEDMC_SC_FENCE(); \
       __VERIFIER_atomic_begin(); *(obj) = __schedmc_n; __VERIFIER_atomic_end(); (void)0; })
/* A store weaker than seq_cst is a plain store of the atomic object (one access; x86 and
   SPARC compile release and relaxed stores to plain stores): under --mm tso|pso it is not a
   fence. */
#define atomic_store_explicit(obj, v, order) \
    ((order) == memory_order_seq_cst ? atomic_store(obj, v) : (void)(*(obj) = (v)))
#define atomic_exchange_explicit(obj, v, order) \
    ({ __typeof__(*(obj)) __schedmc_n = (v); __SCHEDMC_RMW_FENCE(order); \
       __VERIFIER_atomic_begin(); \
       __typeof__(*(obj)) __schedmc_o = *(obj); *(obj) = __schedmc_n; \
       __VERIFIER_atomic_end(); __schedmc_o; })
#define atomic_exchange(obj, v) atomic_exchange_explicit(obj, v, memory_order_seq_cst)
#define atomic_compare_exchange_strong_explicit(obj, expected, desired, s, f) \
    ({ __typeof__(*(obj)) __schedmc_n = (desired); _Bool __schedmc_ok; \
       (void)(f); __SCHEDMC_RMW_FENCE(s); __VERIFIER_atomic_begin(); \
       if (*(obj) == *(expected)) { *(obj) = __schedmc_n; __schedmc_ok = 1; } \
       else { *(expected) = *(obj); __schedmc_ok = 0; } \
       __VERIFIER_atomic_end(); __schedmc_ok; })
#define atomic_compare_exchange_weak_explicit(obj, expected, desired, s, f) \
    atomic_compare_exchange_strong_explicit(obj, expected, desired, s, f)
#define atomic_compare_exchange_strong(obj, expected, desired) \
    atomic_compare_exchange_strong_explicit(obj, expected, desired, memory_order_seq_cst, \
                                            memory_order_seq_cst)
#define atomic_compare_exchange_weak(obj, expected, desired) \
    atomic_compare_exchange_strong(obj, expected, desired)
#define __SCHEDMC_ATOMIC_FETCH(obj, v, op, order) \
    ({ __typeof__(*(obj)) __schedmc_n = (v); __SCHEDMC_RMW_FENCE(order); \
       __VERIFIER_atomic_begin(); \
       __typeof__(*(obj)) __schedmc_o = *(obj); *(obj) = __schedmc_o op __schedmc_n; \
       __VERIFIER_atomic_end(); __schedmc_o; })
#define atomic_fetch_add_explicit(obj, v, order) __SCHEDMC_ATOMIC_FETCH(obj, v, +, order)
#define atomic_fetch_sub_explicit(obj, v, order) __SCHEDMC_ATOMIC_FETCH(obj, v, -, order)
#define atomic_fetch_or_explicit(obj, v, order) __SCHEDMC_ATOMIC_FETCH(obj, v, |, order)
#define atomic_fetch_xor_explicit(obj, v, order) __SCHEDMC_ATOMIC_FETCH(obj, v, ^, order)
#define atomic_fetch_and_explicit(obj, v, order) __SCHEDMC_ATOMIC_FETCH(obj, v, &, order)
#define atomic_fetch_add(obj, v) atomic_fetch_add_explicit(obj, v, memory_order_seq_cst)
#define atomic_fetch_sub(obj, v) atomic_fetch_sub_explicit(obj, v, memory_order_seq_cst)
#define atomic_fetch_or(obj, v) atomic_fetch_or_explicit(obj, v, memory_order_seq_cst)
#define atomic_fetch_xor(obj, v) atomic_fetch_xor_explicit(obj, v, memory_order_seq_cst)
#define atomic_fetch_and(obj, v) atomic_fetch_and_explicit(obj, v, memory_order_seq_cst)
#define atomic_flag_test_and_set_explicit(f, order) \
    ({ __SCHEDMC_RMW_FENCE(order); __VERIFIER_atomic_begin(); \
       _Bool __schedmc_o = (f)->__flag; (f)->__flag = 1; \
       __VERIFIER_atomic_end(); __schedmc_o; })
#define atomic_flag_test_and_set(f) atomic_flag_test_and_set_explicit(f, memory_order_seq_cst)
#define atomic_flag_clear(f) ((void)((f)->__flag = 0))
#define atomic_flag_clear_explicit(f, order) atomic_flag_clear(f)

void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
#endif
