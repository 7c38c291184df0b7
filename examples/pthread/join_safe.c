// expect: SUCCESSFUL
// pthread_join orders the threads: main reads the result only after the worker finished,
// so it always sees the worker's final value.
#include <pthread.h>
#include <verifier.h>

int result;
int input;

void *worker(void *arg) {
  result = input * 2;
  result = result + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  input = __VERIFIER_nondet_int();
  __VERIFIER_assume(input >= 0 && input < 1000);
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  if (result != 2 * input + 1)
    reach_error();
  return 0;
}
