// expect: FAILED
// Three workers update two counters; worker k owns counter k % 2 and locks the mutex of the same
// index, `&locks[id]`, computed from its argument, but updates counter 0 whatever its id: the
// workers of id 1 race with those of id 0 and an update of counter 0 can be lost.
#include <pthread.h>
#include <verifier.h>

#define N 3

pthread_mutex_t locks[2];
int counter[2];

void *worker(void *arg) {
  int id = *(int *)arg;
  pthread_mutex_lock(&locks[id]);
  int c = counter[0];
  counter[0] = c + 1;
  pthread_mutex_unlock(&locks[id]);
  return 0;
}

int main(void) {
  pthread_t t[N];
  int ids[N];
  for (int i = 0; i < 2; i++)
    pthread_mutex_init(&locks[i], 0);
  for (int i = 0; i < N; i++) {
    ids[i] = i % 2;
    pthread_create(&t[i], 0, worker, &ids[i]);
  }
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  if (counter[0] != 3)
    reach_error();
  return 0;
}
