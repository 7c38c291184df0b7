// expect: SUCCESSFUL
// The lost update fixed two ways: `hits` is incremented while holding a mutex, and `total`
// is an `_Atomic` object, whose `++` is one indivisible read-modify-write. No update is lost.
#include <assert.h>
#include <pthread.h>

int hits;
_Atomic int total;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&lock);
  hits++;
  pthread_mutex_unlock(&lock);
  total++;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(hits == 2);
  assert(total == 2);
  return 0;
}
