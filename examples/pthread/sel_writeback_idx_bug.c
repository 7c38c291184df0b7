// expect: FAILED
// `a[i] = c ? 5 : a[i]` at a symbolic index, racing with another thread's store: when `c` is 0 the
// statement reads `a[0]` and stores the value back, so the other thread's `a[0] = 1` in between is
// lost and `a[0]` can end 0 (a conditional write "if c then a[i] = 5" could never lose it).
#include <pthread.h>
#include <assert.h>

int a[2];
int c;

void *writer(void *arg) {
  a[0] = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  int i = c;
  pthread_create(&t, 0, writer, 0);
  a[i] = c ? 5 : a[i];
  pthread_join(t, 0);
  assert(a[0] == 1 || a[0] == 5);
  return 0;
}
