// expect: FAILED
// args: --engine bmc
// Store buffering: the outcome r0 == 1 && r1 == 1 is allowed on SC (both writes before both
// reads), so the check is violated.
#include <pthread.h>
#include <verifier.h>

int x, y, r0, r1;

void *p0(void *arg) {
  x = 1;
  r0 = y;
  return 0;
}

void *p1(void *arg) {
  y = 1;
  r1 = x;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (r0 == 1 && r1 == 1)
    reach_error();
  return 0;
}
