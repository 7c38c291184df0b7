// expect: FAILED
// A recursive mutex taken twice by the worker but given back only... twice too early: the
// helper's unlock leaves it held once, the worker then unlocks before its second update, so
// the main thread's update can come between the worker's read and write of the counter.
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m;
int counter;

void add(int d) {
  pthread_mutex_lock(&m); // held twice
  counter = counter + d;
  pthread_mutex_unlock(&m); // held once
}

void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  add(1);
  pthread_mutex_unlock(&m); // free: the update below is unprotected
  int c = counter;
  counter = c + 1;
  return 0;
}

int main(void) {
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&m, &a);
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
