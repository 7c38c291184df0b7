// expect: UNKNOWN
// cc: skip the exit value is not modelled: a counterexample through it is UNKNOWN (cc: holds)
// pthread_join stores the joined thread's return value through its second argument; schedmc
// does not model that value yet, so it is any value: the assertion (true in C) may fail in the
// model, and a counterexample through the join is UNKNOWN, never FAILED.
#include <assert.h>
#include <pthread.h>

void *worker(void *arg) { return (void *)7; }

int main(void) {
  pthread_t t;
  void *ret = (void *)1;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, &ret);
  assert(ret == (void *)7);
  return 0;
}
