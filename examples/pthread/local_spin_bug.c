// expect: FAILED
// Thread a publishes 1 and then waits on a local flag that nothing sets: the loop has an exit
// edge but never takes it. A preemptive scheduler still switches away from the spinning
// thread, so b can see a's value. (Before loops of purely local edges got a preemption point
// (`ir::spin`), the model let a keep the processor forever: a wrong SUCCESSFUL.)
#include <pthread.h>
#include <verifier.h>

int g;

void *a(void *p) {
  int done = 0;
  g = 1;
  while (done == 0) {
  }
  return 0;
}

void *b(void *p) {
  if (g == 1)
    reach_error();
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  return 0;
}
