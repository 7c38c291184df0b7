// expect: FAILED
// args: --engine bmc --mm pso
// MP where the flag is set by a relaxed read-modify-write. Under TSO the RMW drains the store
// buffer (x86 `lock`), and stores stay in order anyway: r0 == 1 && r1 == 0 is forbidden.
// Under PSO a relaxed RMW is a bare `cas` on the flag's address: the earlier store of the data
// may still be buffered when the flag is set, so the outcome is allowed.
#include <pthread.h>
#include <stdatomic.h>
#include <verifier.h>

int data, r0, r1;
atomic_int flag;

void *p0(void *arg) {
  data = 1;
  atomic_fetch_add_explicit(&flag, 1, memory_order_relaxed);
  return 0;
}

void *p1(void *arg) {
  r0 = atomic_load_explicit(&flag, memory_order_relaxed);
  r1 = data;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (r0 == 1 && r1 == 0)
    reach_error();
  return 0;
}
