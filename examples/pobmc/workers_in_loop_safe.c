// expect: SUCCESSFUL
// args: --engine bmc
// Thread instances created in a loop, handles in an array, each increment under a mutex; after
// all joins the counter is exact.
#include <pthread.h>
#include <verifier.h>

#define N 3
int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  counter = counter + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int k = 0; k < N; k++)
    pthread_create(&t[k], 0, worker, 0);
  for (int k = 0; k < N; k++)
    pthread_join(t[k], 0);
  if (counter != N)
    reach_error();
  return 0;
}
