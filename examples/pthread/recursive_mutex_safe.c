// expect: SUCCESSFUL
// A recursive mutex: the worker takes it twice (an outer function and a helper that locks
// again), updates the counter, and gives it back twice. POSIX: the owner's relock counts and
// the mutex is free only after as many unlocks. The main thread's update under the same mutex
// therefore never interleaves with the worker's.
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m;
int counter;

void add(int d) {
  pthread_mutex_lock(&m); // the owner locks again: held twice
  int c = counter;
  counter = c + d;
  pthread_mutex_unlock(&m); // held once
}

void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  add(1);
  assert(counter == 1 || counter == 3);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  int ty = -1;
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutexattr_gettype(&a, &ty);
  assert(ty == PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&m, &a);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  int c = counter;
  counter = c + 2;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  assert(counter == 3);
  // trylock by the owner counts too
  assert(pthread_mutex_lock(&m) == 0);
  assert(pthread_mutex_trylock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == 0);
  assert(pthread_mutex_unlock(&m) != 0); // no longer held: EPERM
  return 0;
}
