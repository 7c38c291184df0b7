// Verified by tests/examples.rs (unbounded_thread_creation_is_an_honest_unknown): UNKNOWN,
// `--engine esst --timeout 10`.
// main creates workers forever; each worker sets the flag and checks it: every worker
// writes the same value, so the error is unreachable for any number of threads. There is no
// proof for unboundedly many threads yet: the bounded search (at most K created threads,
// K = 1, 2, ...) finds no error and the verdict says why it stops.
#include <pthread.h>
#include <verifier.h>

int flag;

void *worker(void *arg) {
  flag = 1;
  if (flag != 1)
    reach_error();
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
