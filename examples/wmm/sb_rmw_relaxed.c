// expect: FAILED
// args: --engine bmc --mm pso
// SB with a relaxed read-modify-write of a third variable between each store and load. Under
// TSO the RMW is a locked instruction (x86 `lock xadd`): it drains the store buffer, so
// r0 == 0 && r1 == 0 is forbidden. Under PSO a relaxed RMW is a bare `cas` on its own address
// (no `membar`): the store to x may still be buffered, the outcome is allowed.
#include <pthread.h>
#include <stdatomic.h>
#include <verifier.h>

int x, y, r0, r1;
atomic_int z0, z1;

void *p0(void *arg) {
  x = 1;
  atomic_fetch_add_explicit(&z0, 1, memory_order_relaxed);
  r0 = y;
  return 0;
}

void *p1(void *arg) {
  y = 1;
  atomic_fetch_add_explicit(&z1, 1, memory_order_relaxed);
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
