// expect: SUCCESSFUL
// args: --engine auto
// target: ilp32
// (under lp64 a join in a loop over a handle array whose body reads the joined value is not bound yet: UNKNOWN, 'non-constant argument to pthread_join', as before this model)
// Threads created and joined in loops over a handle array; each returns (or gives
// pthread_exit) a pointer to its result slot, and main sums what the joins hand back.
#include <assert.h>
#include <pthread.h>
#define N 3
int results[N];
int ids[N];

void *worker(void *arg) {
  int id = *(int *)arg;
  results[id] = id * 10;
  if (id == 1)
    pthread_exit(&results[id]);
  return &results[id];
}

int main(void) {
  pthread_t t[N];
  int sum = 0;
  for (int i = 0; i < N; i++) {
    ids[i] = i;
    pthread_create(&t[i], 0, worker, &ids[i]);
  }
  for (int i = 0; i < N; i++) {
    void *r;
    pthread_join(t[i], &r);
    sum += *(int *)r;
  }
  assert(sum == 30);
  return 0;
}
