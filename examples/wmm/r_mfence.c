// expect: SUCCESSFUL
// args: --engine bmc --mm pso
// R with fences in both threads: final y == 2 with r0 == 0 is forbidden on SC, TSO and PSO.
#include <pthread.h>
#include <verifier.h>

int x, y, r0;

void *p0(void *arg) {
  x = 1;
  __sync_synchronize();
  y = 1;
  return 0;
}

void *p1(void *arg) {
  y = 2;
  __asm__ __volatile__("mfence" ::: "memory");
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
