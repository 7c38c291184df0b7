// expect: FAILED
// args: --engine bmc --mm pso
// SB with C11 release fences after the stores: a release fence orders earlier accesses
// before later *stores* only (C11; C11 to SPARC PSO: `membar #LoadStore|#StoreStore`; x86
// gcc and clang compile it to no instruction), so each load may still run while the other
// thread's store is buffered: r0 == 0 && r1 == 0 is allowed under TSO and PSO (forbidden
// under SC). Compare sb_mfence: a seq_cst fence forbids it. (Clang's SPARC back end emits a
// full `membar` here, which is stronger than the mapping; the answer holds for the weakest
// mapping C11 permits.)
#include <pthread.h>
#include <stdatomic.h>
#include <verifier.h>

int x, y, r0, r1;

void *p0(void *arg) {
  x = 1;
  atomic_thread_fence(memory_order_release);
  r0 = y;
  return 0;
}

void *p1(void *arg) {
  y = 1;
  atomic_thread_fence(memory_order_acq_rel);
  r1 = x;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (r0 == 0 && r1 == 0)
    reach_error();
  return 0;
}
