// expect: FAILED
// args: --engine bmc --mm tso
// SB with store forwarding (SB+rfi): each thread reads its own write back, then the other
// location. r0 == 1, r1 == 0, r2 == 1, r3 == 0 is forbidden on SC and allowed on x86-TSO and
// PSO: each thread reads its own write from its store buffer before the write is visible.
#include <pthread.h>
#include <verifier.h>

int x, y, r0, r1, r2, r3;

void *p0(void *arg) {
  x = 1;
  r0 = x;
  r1 = y;
  return 0;
}

void *p1(void *arg) {
  y = 1;
  r2 = y;
  r3 = x;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (r0 == 1 && r1 == 0 && r2 == 1 && r3 == 0)
    reach_error();
  if (r0 != 1 || r2 != 1)
    reach_error(); // a thread always reads its own latest write
  return 0;
}
