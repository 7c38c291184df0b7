// expect: SUCCESSFUL
// Two workers created in a loop each count their own iterations in a thread-local counter
// (`__thread`) while they add to a shared total under a mutex. Every worker's counter starts
// at its declared initial value whatever the others did, so each sees exactly its own count.
#include <pthread.h>
#include <verifier.h>

#define N 2

__thread int mine = 0;
int total;
pthread_mutex_t m;

void *worker(void *arg) {
  for (int k = 0; k < 2; k++) {
    mine = mine + 1;
    pthread_mutex_lock(&m);
    total = total + 1;
    pthread_mutex_unlock(&m);
  }
  if (mine != 2)
    reach_error();
  return 0;
}

int main(void) {
  pthread_t t[N];
  pthread_mutex_init(&m, 0);
  mine = 40;
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  if (total != 2 * N || mine != 40)
    reach_error();
  return 0;
}
