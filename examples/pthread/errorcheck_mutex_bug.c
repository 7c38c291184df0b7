// expect: FAILED
// An error-checking mutex whose relock by the owner fails (EDEADLK) rather than blocking; the
// program treats every nonzero result as "someone else holds it" and skips its update, so the
// final count can miss the main thread's increment.
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m;
int counter;

void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  counter = counter + 1;
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
  pthread_mutex_lock(&m);
  if (pthread_mutex_lock(&m) == 0) // relock: EDEADLK, never 0
    counter = counter + 2;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  assert(counter == 3);
  return 0;
}
