// Verified by tests/examples.rs (unbounded_thread_creation_is_an_honest_unknown): UNKNOWN,
// `--engine esst --timeout 10`.
// main creates workers forever; each worker takes a spin lock made of an atomic test of
// `lock`, bumps `next` and checks the bump while it holds the lock: safe for any number of
// workers. The thread-modular proof cannot show it (its rely says which values other threads
// write to each global, not that none writes `next` while this one holds the lock), and the
// bounded search (at most K created threads, K = 1, 2, ...) finds no error: the verdict says
// why it stops, never SUCCESSFUL.
#include <pthread.h>
#include <verifier.h>

int lock, next;

void *worker(void *arg) {
  int c;
  __VERIFIER_atomic_begin();
  __VERIFIER_assume(lock == 0);
  lock = 1;
  __VERIFIER_atomic_end();
  c = next;
  next = c + 1;
  if (next != c + 1)
    reach_error();
  __VERIFIER_atomic_begin();
  lock = 0;
  __VERIFIER_atomic_end();
  return 0;
}

int main(void) {
  pthread_t t;
  while (1)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
