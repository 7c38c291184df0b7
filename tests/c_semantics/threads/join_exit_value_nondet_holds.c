// expect: SUCCESSFUL
// cc: skip nondeterministic input
// Whatever the input, the join hands back `&g` or NULL, and only those.
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
  assert(ret == 0 || ret == (void *)&g);
  return 0;
}
