// expect: FAILED
// The joined thread's exit value (pthread_exit's argument) reaches `ret` (POSIX
// pthread_join): the assertion fails.
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
