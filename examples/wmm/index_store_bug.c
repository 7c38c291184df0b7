// expect: FAILED
// args: --engine bmc --mm pso
// As index_store.c, but idx is chosen nondeterministically: with idx == 1, thread a's
// store to c[1] may reach memory after b's (both orders are allowed), so c[1] == 1 at the end.
#include <pthread.h>
#include <verifier.h>

int c[2], idx;

void *a(void *arg) {
  c[idx] = 1;
  return 0;
}

void *b(void *arg) {
  c[1] = 2;
  return 0;
}

int main(void) {
  idx = __VERIFIER_nondet_int();
  __VERIFIER_assume(idx == 0 || idx == 1);
  pthread_t ta, tb;
  pthread_create(&ta, 0, a, 0);
  pthread_create(&tb, 0, b, 0);
  pthread_join(ta, 0);
  pthread_join(tb, 0);
  if (c[1] != 2)
    reach_error();
  return 0;
}
