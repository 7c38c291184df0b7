// expect: SUCCESSFUL
// args: --engine bmc
// pthread_join stores the joined thread's return value through its second argument.
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
