// expect: FAILED
// args: --engine bmc --mm pso
// 2+2W under PSO: the writes of each thread go to different addresses and may become visible
// out of program order, so final x == 1 && y == 1 is allowed.
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
