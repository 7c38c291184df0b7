// expect: SUCCESSFUL
// args: --engine bmc --mm pso
// Load buffering (LB): each thread reads one location, then writes the other. r0 == 1 &&
// r1 == 1 would need a write to become visible before an earlier read: forbidden on SC,
// x86-TSO and PSO (only a write followed by something is relaxed there).
#include <pthread.h>
#include <verifier.h>

int x, y, r0, r1;

void *p0(void *arg) {
  r0 = x;
  y = 1;
  return 0;
}

void *p1(void *arg) {
  r1 = y;
  x = 1;
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
