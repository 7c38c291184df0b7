// expect: SUCCESSFUL
// args: --engine bmc --mm pso
// Independent reads of independent writes (IRIW): two writers, two readers reading x and y
// in opposite orders. The readers disagreeing on the order of the writes (r0 == 1, r1 == 0,
// r2 == 1, r3 == 0) is forbidden on SC, x86-TSO and PSO (stores become visible to all other
// threads at once).
#include <pthread.h>
#include <verifier.h>

int x, y, r0, r1, r2, r3;

void *w0(void *arg) {
  x = 1;
  return 0;
}

void *w1(void *arg) {
  y = 1;
  return 0;
}

void *rd0(void *arg) {
  r0 = x;
  r1 = y;
  return 0;
}

void *rd1(void *arg) {
  r2 = y;
  r3 = x;
  return 0;
}

int main(void) {
  pthread_t a, b, c, d;
  pthread_create(&a, 0, w0, 0);
  pthread_create(&b, 0, w1, 0);
  pthread_create(&c, 0, rd0, 0);
  pthread_create(&d, 0, rd1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  pthread_join(d, 0);
  if (r0 == 1 && r1 == 0 && r2 == 1 && r3 == 0)
    reach_error();
  return 0;
}
