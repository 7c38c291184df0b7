// expect: SUCCESSFUL
// A check-then-act on a shared flag made atomic: each thread claims the single resource
// only if nobody holds it, inside __VERIFIER_atomic_begin/end, so at most one thread is ever
// in the critical region.
#include <pthread.h>
#include <verifier.h>

int owner;
int inside;

void *worker(void *arg) {
  int me = (int)(long)arg;
  int got = 0;
  __VERIFIER_atomic_begin();
  if (owner == 0) {
    owner = me;
    got = 1;
  }
  __VERIFIER_atomic_end();
  if (got) {
    inside += 1;
    if (inside != 1)
      reach_error();
    inside -= 1;
    owner = 0;
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, (void *)1);
  pthread_create(&t2, 0, worker, (void *)2);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
