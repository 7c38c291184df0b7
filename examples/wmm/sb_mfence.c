// expect: SUCCESSFUL
// args: --engine bmc --mm tso
// SB with a full fence between the write and the read in both threads (x86 `mfence`,
// `__sync_synchronize`): r0 == 0 && r1 == 0 is forbidden on SC, TSO and PSO.
#include <pthread.h>
#include <verifier.h>

int x, y, r0, r1;

void *p0(void *arg) {
  x = 1;
  __asm__ __volatile__("mfence" ::: "memory");
  r0 = y;
  return 0;
}

void *p1(void *arg) {
  y = 1;
  __sync_synchronize();
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
