// expect: SUCCESSFUL
// args: --engine bmc --mm pso
// Write-to-read causality (WRC): p1 sees p0's write of x, then writes y; p2 sees y and reads
// x. r0 == 1 && r1 == 1 && r2 == 0 is forbidden on SC, x86-TSO and PSO (stores are
// multi-copy atomic, reads are not reordered).
#include <pthread.h>
#include <verifier.h>

int x, y, r0, r1, r2;

void *p0(void *arg) {
  x = 1;
  return 0;
}

void *p1(void *arg) {
  r0 = x;
  y = 1;
  return 0;
}

void *p2(void *arg) {
  r1 = y;
  r2 = x;
  return 0;
}

int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_create(&c, 0, p2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  if (r0 == 1 && r1 == 1 && r2 == 0)
    reach_error();
  return 0;
}
