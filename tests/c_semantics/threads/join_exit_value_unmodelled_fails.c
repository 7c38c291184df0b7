// expect: UNKNOWN
// cc: skip the exit value is not modelled: a counterexample through it is UNKNOWN (cc: fails)
// The joined thread's exit value (pthread_exit's argument) reaches `ret`: the assertion fails
// in C. It was SUCCESSFUL (the join left `ret` unchanged); any value for it is UNKNOWN now.
#include <assert.h>
#include <pthread.h>

void *worker(void *arg) {
  pthread_exit((void *)7);
  return 0;
}

int main(void) {
  pthread_t t;
  void *ret = (void *)1;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, &ret);
  assert(ret != (void *)7);
  return 0;
}
