// expect: SUCCESSFUL
// cc: skip threads
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
atomic_int counter;
void *worker(void *arg) { atomic_fetch_add(&counter, 1); return 0; }
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(atomic_load(&counter) == 2);
  return 0;
}
