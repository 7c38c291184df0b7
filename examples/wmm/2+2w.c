// expect: SUCCESSFUL
// args: --engine bmc --mm tso
// 2+2W: p0 writes x = 1 then y = 2, p1 writes y = 1 then x = 2. Final x == 1 && y == 1 needs
// both second writes to be overwritten by the other thread's first write: forbidden on SC and
// x86-TSO (writes become visible in program order), allowed on PSO (see 2+2w_pso.c).
#include <pthread.h>
#include <verifier.h>

int x, y;

void *p0(void *arg) {
  x = 1;
  y = 2;
  return 0;
}

void *p1(void *arg) {
  y = 1;
  x = 2;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (x == 1 && y == 1)
    reach_error();
  return 0;
}
