// expect: FAILED
// args: --engine bmc --mm tso
// Store buffering (SB): each thread writes its flag, then reads the other's. The outcome
// r0 == 0 && r1 == 0 is forbidden under SC and allowed on x86-TSO and PSO (a write waits in
// the store buffer while the later read of the other address goes to memory).
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
  if (r0 == 0 && r1 == 0)
    reach_error();
  return 0;
}
