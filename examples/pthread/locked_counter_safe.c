// expect: SUCCESSFUL
// The racy counter fixed with a mutex: each increment is done while holding `lock`, so none
// is lost and after both threads joined the counter is exactly 4.
#include <pthread.h>
#include <verifier.h>

int counter;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  int i;
  for (i = 0; i < 2; i++) {
    pthread_mutex_lock(&lock);
    int tmp = counter;
    counter = tmp + 1;
    pthread_mutex_unlock(&lock);
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
