// expect: FAILED
// `x = c ? 5 : x;` with c == 0 reads x and stores it back: another thread's store between the
// read and the store is lost (x ends 0). The self-selection must be a read and a store, not
// the lowering's conditional write whose keep arm is no access.
#include <pthread.h>
#include <verifier.h>

int x, c;

void *a(void *arg) {
  x = c ? 5 : x;
  return 0;
}

void *b(void *arg) {
  x = 7;
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
