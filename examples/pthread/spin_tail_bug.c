// expect: FAILED
// Thread b publishes 2 and then idles in an endless empty loop. A preemptive scheduler still
// switches away from the idling thread, so thread a can see b's value between its own write
// and its check. (Before the spin loop was made a preemption point (`ir::spin`), the idle
// loop kept the processor forever in the model: a wrong SUCCESSFUL.)
#include <pthread.h>
#include <verifier.h>

int g;

void *a(void *p) {
  g = 1;
  if (g != 1)
    reach_error();
  return 0;
}

void *b(void *p) {
  g = 2;
  for (;;) {
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  return 0;
}
