// expect: FAILED
// args: --engine bmc --mm tso
// R: p0 writes x then y; p1 writes y = 2, then reads x. Final y == 2 with r0 == 0 is
// forbidden on SC and allowed on x86-TSO and PSO (p1's write waits in its buffer while p1
// reads x from memory).
#include <pthread.h>
#include <verifier.h>

int x, y, r0;

void *p0(void *arg) {
  x = 1;
  y = 1;
  return 0;
}

void *p1(void *arg) {
  y = 2;
  r0 = x;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (y == 2 && r0 == 0)
    reach_error();
  return 0;
}
