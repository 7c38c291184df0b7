// expect: SUCCESSFUL
// An error-checking mutex (POSIX): relocking by the owner fails with EDEADLK instead of
// deadlocking, trylock by the owner fails with EBUSY, and unlocking a mutex the caller does
// not hold fails with EPERM, leaving it held by its owner.
#include <errno.h>
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m;
int counter;

void *worker(void *arg) {
  (void)arg;
  // the main thread may hold the mutex: unlocking it here must fail and change nothing
  assert(pthread_mutex_unlock(&m) == EPERM);
  pthread_mutex_lock(&m);
  int c = counter;
  counter = c + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&m, &a);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  assert(pthread_mutex_lock(&m) == 0);
  assert(pthread_mutex_lock(&m) == EDEADLK);
  assert(pthread_mutex_trylock(&m) == EBUSY);
  int c = counter;
  counter = c + 2;
  assert(pthread_mutex_unlock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == EPERM);
  pthread_join(t, 0);
  assert(counter == 3);
  return 0;
}
