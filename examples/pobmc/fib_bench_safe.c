// expect: SUCCESSFUL
// args: --engine bmc
// SV-COMP's fib_bench-1 shape: two threads add each other's variable NUM times; i and j stay
// Fibonacci-bounded (at most the 2*NUM+2-th Fibonacci number). Interleaving-based search
// struggles; partial-order BMC unwinds both loops fully and proves it.
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
  if (i > 144 || j > 144)
    reach_error();
  return 0;
}
