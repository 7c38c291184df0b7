// expect: SUCCESSFUL
// args: --engine bmc --mm pso
// MP with a C11 release fence between the writes. C11 to SPARC PSO: a release fence is
// `membar #LoadStore|#StoreStore` (PSO keeps loads in order, so #StoreStore is what counts):
// the data is visible before the flag and r0 == 1 && r1 == 0 is forbidden under every model.
// (Herd-style: MP+membar.st+po; x86 compiles the fence to nothing, TSO keeps W->W anyway.)
// Compare mp_pso (no fence: allowed under PSO).
#include <pthread.h>
#include <stdatomic.h>
#include <verifier.h>

int data, flag, r0, r1;

void *p0(void *arg) {
  data = 1;
  atomic_thread_fence(memory_order_release);
  flag = 1;
  return 0;
}

void *p1(void *arg) {
  r0 = flag;
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
