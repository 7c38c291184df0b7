// expect: FAILED
// args: --engine bmc --mm pso
// MP under PSO: the two writes go to different addresses and may become visible out of
// program order (one store buffer per address), so r0 == 1 && r1 == 0 is allowed.
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
