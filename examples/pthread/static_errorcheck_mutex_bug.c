// expect: FAILED
// glibc's static initialiser of an error-checking mutex: a second lock by its owner fails
// (EDEADLK) instead of deadlocking, and the worker goes on as if it held the mutex twice, then
// updates the counter after its only unlock... while the main thread may update it too.
#define _GNU_SOURCE
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
int counter;

void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  int again = pthread_mutex_lock(&m); // EDEADLK: not taken twice
  counter = counter + 1;
  if (again == 0)
    pthread_mutex_unlock(&m);
  pthread_mutex_unlock(&m); // free: the update below is unprotected
  int c = counter;
  counter = c + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  int c = counter;
  counter = c + 2;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  assert(counter == 4);
  return 0;
}
