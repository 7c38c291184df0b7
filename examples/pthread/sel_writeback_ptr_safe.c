// expect: SUCCESSFUL
// `*p = c ? 5 : *p` through a pointer under a mutex the other thread's store also takes: the
// read and the store-back are not separated by the other store, so `x` ends 1 or 5.
#include <pthread.h>
#include <assert.h>

int x;
int c;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *writer(void *arg) {
  pthread_mutex_lock(&m);
  x = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  int *p = &x;
  pthread_create(&t, 0, writer, 0);
  pthread_mutex_lock(&m);
  *p = c ? 5 : *p;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  assert(x == 1 || x == 5);
  return 0;
}
