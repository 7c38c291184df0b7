// expect: FAILED
// args: --engine bmc
// As workers_in_loop_safe.c, but the last worker is not joined: main may read the counter
// before it incremented.
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
  for (int k = 0; k < N - 1; k++)
    pthread_join(t[k], 0);
  pthread_mutex_lock(&m);
  if (counter != N)
    reach_error();
  pthread_mutex_unlock(&m);
  return 0;
}
