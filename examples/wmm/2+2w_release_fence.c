// expect: SUCCESSFUL
// args: --engine bmc --mm pso
// 2+2W with a release fence between each thread's two writes (C11 to SPARC PSO:
// `membar #StoreStore` in effect): the writes become visible in program order, so final
// x == 1 && y == 1 (each thread's first write last in coherence) is forbidden under every
// model. Compare 2+2w_pso (no fences: allowed under PSO).
#include <pthread.h>
#include <stdatomic.h>
#include <verifier.h>

int x, y;

void *p0(void *arg) {
  x = 1;
  atomic_thread_fence(memory_order_release);
  y = 2;
  return 0;
}

void *p1(void *arg) {
  y = 1;
  atomic_thread_fence(memory_order_acq_rel);
  x = 2;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (x == 1 && y == 1)
    reach_error();
  return 0;
}
