// expect: FAILED
// args: --engine bmc
// fib_bench-2 shape: 144 is reachable (the threads alternate strictly), which needs NUM
// context switches in one interleaving.
#include <pthread.h>
#include <verifier.h>

#define NUM 5
int i = 1, j = 1;

void *t1(void *arg) {
  for (int k = 0; k < NUM; k++)
    i += j;
  return 0;
}

void *t2(void *arg) {
  for (int k = 0; k < NUM; k++)
    j += i;
  return 0;
}

int main(void) {
  pthread_t id1, id2;
  pthread_create(&id1, 0, t1, 0);
  pthread_create(&id2, 0, t2, 0);
  if (i >= 144 || j >= 144)
    reach_error();
  return 0;
}
