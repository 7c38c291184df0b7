// expect: SUCCESSFUL
// args: --engine bmc --mm pso
// MP where a release fence precedes a relaxed read-modify-write of the flag: the fence
// (`membar #LoadStore|#StoreStore` on SPARC) orders the buffered data store before the
// `cas`'s store, so r0 == 1 && r1 == 0 is forbidden under every model. Compare
// mp_rmw_relaxed (no fence: allowed under PSO, the `cas` is atomic on its own address only).
#include <pthread.h>
#include <stdatomic.h>
#include <verifier.h>

int data, r0, r1;
atomic_int flag;

void *p0(void *arg) {
  data = 1;
  atomic_thread_fence(memory_order_release);
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
