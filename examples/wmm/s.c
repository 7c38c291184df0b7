// expect: FAILED
// args: --engine bmc --mm pso
// S: p0 writes x = 2 then y = 1; p1 reads y, then writes x = 1. r0 == 1 with final x == 2 is
// forbidden on SC and x86-TSO and allowed on PSO (p0's write of y passes its write of x).
#include <pthread.h>
#include <verifier.h>

int x, y, r0;

void *p0(void *arg) {
  x = 2;
  y = 1;
  return 0;
}

void *p1(void *arg) {
  r0 = y;
  x = 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (r0 == 1 && x == 2)
    reach_error();
  return 0;
}
