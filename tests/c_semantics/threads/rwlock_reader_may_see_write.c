// expect: FAILED
// cc: skip threads: cc runs one interleaving (the writer may run before the reader)
#include <assert.h>
#include <pthread.h>
int shared;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
void *w(void *a) { pthread_rwlock_wrlock(&rw); shared = 1; pthread_rwlock_unlock(&rw); return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  pthread_rwlock_rdlock(&rw);
  int s = shared;
  pthread_rwlock_unlock(&rw);
  pthread_join(t, 0);
  assert(s == 0);
  return 0;
}
