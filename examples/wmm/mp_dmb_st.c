// expect: SUCCESSFUL
// args: --engine bmc --mm pso
// MP with ARM's store barrier `dmb ishst` between the writes: stores before it become visible
// before stores after it, so r0 == 1 && r1 == 0 is forbidden under every model (the reader's
// loads stay in order in the models schedmc implements; on real ARM the reader would need a
// barrier too). Compare mp_pso.
#include <pthread.h>
#include <verifier.h>

int data, flag, r0, r1;

void *p0(void *arg) {
  data = 1;
  __asm__ __volatile__("dmb ishst" ::: "memory");
  flag = 1;
  return 0;
}

void *p1(void *arg) {
  r0 = flag;
  r1 = data;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, p0, 0);
  pthread_create(&b, 0, p1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (r0 == 1 && r1 == 0)
    reach_error();
  return 0;
}
