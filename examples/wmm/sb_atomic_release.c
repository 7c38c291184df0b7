// expect: FAILED
// args: --engine bmc --mm tso
// Store buffering with C11 atomics: release stores and seq_cst loads. A release store
// compiles to a plain store on x86 (and SPARC), so the write may wait in the store buffer
// while the later load reads memory: r0 == 0 && r1 == 0 is allowed under TSO and PSO.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r0, r1;

void *p0(void *arg) {
  atomic_store_explicit(&x, 1, memory_order_release);
  r0 = atomic_load(&y);
  return 0;
}

void *p1(void *arg) {
  atomic_store_explicit(&y, 1, memory_order_release);
  r1 = atomic_load(&x);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(!(r0 == 0 && r1 == 0));
  return 0;
}
