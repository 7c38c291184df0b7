// expect: SUCCESSFUL
// args: --engine esst
// Two workers are created through a handle array; main joins one chosen nondeterministically
// (`t[k]`, an index the scheduler state does not know). The join is split over the handles the
// array holds, each case guarded by the index selecting it: after the join, the chosen worker
// has finished and its flag is set.
#include <pthread.h>
#include <verifier.h>

#define N 2

int done[N];

void *worker(void *arg) {
  int id = *(int *)arg;
  done[id] = 1;
  return 0;
}

int main(void) {
  pthread_t t[N];
  int ids[N];
  for (int i = 0; i < N; i++) {
    ids[i] = i;
    pthread_create(&t[i], 0, worker, &ids[i]);
  }
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= k && k < N);
  pthread_join(t[k], 0);
  if (done[k] != 1)
    reach_error();
  return 0;
}
