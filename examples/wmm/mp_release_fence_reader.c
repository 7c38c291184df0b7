// expect: FAILED
// args: --engine bmc --mm pso
// MP with the release fence on the wrong side (between the reader's loads): it orders the
// reader's earlier accesses before its later stores, but the writer's two stores may still
// become visible out of order under PSO, so r0 == 1 && r1 == 0 stays allowed there
// (forbidden under SC and TSO). A release fence is not a full fence.
#include <pthread.h>
#include <stdatomic.h>
#include <verifier.h>

int data, flag, r0, r1;

void *p0(void *arg) {
  data = 1;
  flag = 1;
  return 0;
}

void *p1(void *arg) {
  r0 = flag;
  atomic_thread_fence(memory_order_release);
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
