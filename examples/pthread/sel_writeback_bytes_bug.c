// expect: FAILED
// `b[0] = c ? 5 : b[0]` through a byte view of an int (a byte-precise object), racing with
// another thread's store: when `c` is 0 the statement reads the byte and stores it back, so the
// other thread's `x = 1` in between is lost and `x` can end 0.
#include <pthread.h>
#include <assert.h>

int x;
int c;

void *writer(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  unsigned char *b = (unsigned char *)&x;
  pthread_create(&t, 0, writer, 0);
  b[0] = c ? 5 : b[0];
  pthread_join(t, 0);
  assert(x == 1 || x == 5);
  return 0;
}
