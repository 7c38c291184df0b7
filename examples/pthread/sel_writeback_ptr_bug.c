// expect: FAILED
// `*p = c ? 5 : *p` through a pointer, racing with another thread's store: when `c` is 0 the
// statement reads `x` and stores the value back, so the other thread's `x = 1` in between is
// lost and `x` can end 0 (a conditional write "if c then x = 5" could never lose it).
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
  int *p = &x;
  pthread_create(&t, 0, writer, 0);
  *p = c ? 5 : *p;
  pthread_join(t, 0);
  assert(x == 1 || x == 5);
  return 0;
}
