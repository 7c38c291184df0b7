// expect: SUCCESSFUL
// Three workers are created and joined in loops; their handles live in an array and each gets a
// pointer to its own element of an id array. Each adds its id to a shared sum under a mutex;
// after joining all of them main sees 1 + 2 + 3.
#include <pthread.h>
#include <verifier.h>

#define N 3

int sum;
pthread_mutex_t m;

void *worker(void *arg) {
  int id = *(int *)arg;
  pthread_mutex_lock(&m);
  sum = sum + id;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[N];
  int ids[N];
  pthread_mutex_init(&m, 0);
  for (int i = 0; i < N; i++) {
    ids[i] = i + 1;
    pthread_create(&t[i], 0, worker, &ids[i]);
  }
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  if (sum != 6)
    reach_error();
  return 0;
}
