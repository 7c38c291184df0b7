// expect: SUCCESSFUL
// cc: skip threads: cc runs one interleaving
// A proof does not depend on the (unmodelled, any) exit value the join stores.
#include <assert.h>
#include <pthread.h>

int done;

void *worker(void *arg) {
  done = 1;
  return (void *)7;
}

int main(void) {
  pthread_t t;
  void *ret = 0;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, &ret);
  assert(done == 1);
  return 0;
}
