// expect: SUCCESSFUL
// A normal (default-type) mutex relocked by its owner deadlocks (POSIX): the worker never
// gets past its second lock, so the assertion after it is unreachable. (Unlocking a normal
// mutex the caller does not hold is undefined in POSIX; schedmc makes that unlock fail with
// EPERM and change nothing.)
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m;

void *worker(void *arg) {
  (void)arg;
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_NORMAL);
  pthread_mutex_init(&m, &a);
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m); // blocks forever
  assert(0);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return 0;
}
