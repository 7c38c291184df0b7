// expect: FAILED
// The join is missing: main reads the result while the worker may not have finished (or not
// even started), and sees a partial or initial value.
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
  if (result != 2 * input + 1)
    reach_error();
  pthread_join(t, 0);
  return 0;
}
