// expect: SUCCESSFUL
// As sel_writeback_bug.c, with both stores under one mutex: `x = c ? 5 : x;` reads and stores
// x inside the critical section, so b's store is never lost.
#include <pthread.h>
#include <verifier.h>

int x, c;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *a(void *arg) {
  pthread_mutex_lock(&m);
  x = c ? 5 : x;
  pthread_mutex_unlock(&m);
  return 0;
}

void *b(void *arg) {
  pthread_mutex_lock(&m);
  x = 7;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t ta, tb;
  pthread_create(&ta, 0, a, 0);
  pthread_create(&tb, 0, b, 0);
  pthread_join(ta, 0);
  pthread_join(tb, 0);
  if (x != 7)
    reach_error();
  return 0;
}
