// expect: SUCCESSFUL
// args: --engine bmc --mm tso
// Message passing (MP): p0 writes the data, then the flag; p1 reads the flag, then the data.
// r0 == 1 && r1 == 0 (flag seen, stale data) is forbidden on SC and x86-TSO (writes become
// visible in program order, reads are not reordered) and allowed on PSO (see mp_pso.c).
#include <pthread.h>
#include <verifier.h>

int data, flag, r0, r1;

void *p0(void *arg) {
  data = 1;
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
