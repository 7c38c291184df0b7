// expect: FAILED
// main sets a thread-local flag before creating the worker, expecting the worker to see it;
// but the worker has its own copy, which starts at the declared initial value 0.
#include <pthread.h>
#include <verifier.h>

_Thread_local int ready = 0;

void *worker(void *arg) {
  if (!ready)
    reach_error();
  return 0;
}

int main(void) {
  pthread_t t;
  ready = 1;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return 0;
}
