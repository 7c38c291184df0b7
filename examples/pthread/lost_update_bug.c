// expect: FAILED
// Two threads count a hit each with `hits++`, without a lock. The increment is one C
// statement but two memory accesses (a load and a store), and a thread may be preempted
// between them: both threads can load 0 and store 1, so one update is lost.
#include <assert.h>
#include <pthread.h>

int hits;

void *worker(void *arg) {
  hits++;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(hits == 2);
  return 0;
}
