// expect: FAILED
// Two threads increment a shared counter twice each without a lock. `counter += 1` is a
// load and a store, and a thread may be preempted between them, so an increment can be lost:
// after both threads joined, the counter may be less than 4.
#include <pthread.h>
#include <verifier.h>

int counter;

void *worker(void *arg) {
  int i;
  for (i = 0; i < 2; i++) {
    int tmp = counter;
    counter = tmp + 1;
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  if (counter != 4)
    reach_error();
  return 0;
}
