// expect: FAILED
// args: --engine bmc --mm tso
// SB with a fence in one thread only (C11 `atomic_thread_fence(memory_order_seq_cst)`):
// the other thread's write can still wait in its store buffer, so r0 == 0 && r1 == 0 stays
// allowed on TSO and PSO (forbidden on SC).
#include <pthread.h>
#include <stdatomic.h>
#include <verifier.h>

int x, y, r0, r1;

void *p0(void *arg) {
  x = 1;
  atomic_thread_fence(memory_order_seq_cst);
  r0 = y;
  return 0;
}

void *p1(void *arg) {
  y = 1;
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
