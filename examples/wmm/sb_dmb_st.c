// expect: FAILED
// args: --engine bmc --mm pso
// SB with ARM's store barrier `dmb ishst` (and `dmb ishld` in the other thread) after the
// stores: neither orders a store before a later load, so r0 == 0 && r1 == 0 stays allowed
// under TSO and PSO (forbidden under SC). Compare sb_mfence (`dmb ish` is a full fence).
#include <pthread.h>
#include <verifier.h>

int x, y, r0, r1;

void *p0(void *arg) {
  x = 1;
  __asm__ __volatile__("dmb ishst" ::: "memory");
  r0 = y;
  return 0;
}

void *p1(void *arg) {
  y = 1;
  __asm__ __volatile__("dmb ishld" ::: "memory");
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
