// expect: FAILED
// args: --engine bmc
// cc: skip nondeterministic input
// The exit value depends on an input: a join may hand back `&g` (pthread_exit) or NULL.
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int g;

void *worker(void *arg) {
  int x = __VERIFIER_nondet_int();
  if (x > 5)
    pthread_exit((void *)&g);
  return 0;
}

int main(void) {
  pthread_t t;
  void *ret = (void *)1;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, &ret);
  assert(ret == 0);
  return 0;
}
