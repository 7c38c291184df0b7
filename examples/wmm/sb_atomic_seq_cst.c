// expect: SUCCESSFUL
// args: --engine bmc --mm tso
// Store buffering with C11 atomics written as plain assignments: `x = 1` on an `atomic_int`
// is a sequentially consistent store (an xchg or mov+mfence on x86), so the outcome
// r0 == 0 && r1 == 0 is forbidden under every model.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int r0, r1;

void *p0(void *arg) {
  x = 1;
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
  assert(!(r0 == 0 && r1 == 0));
  return 0;
}
