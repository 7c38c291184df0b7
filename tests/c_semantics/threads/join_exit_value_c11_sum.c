// expect: SUCCESSFUL
// target: ilp32
// (under lp64 a join in a loop over a handle array whose body reads the joined value is not bound yet: UNKNOWN, 'non-constant argument to pthread_join', as before this model)
// C11 threads in a loop: each returns (or gives thrd_exit) its id times 10; the joins' results
// are summed.
#include <assert.h>
#include <threads.h>
#define N 3
int ids[N];

int worker(void *arg) {
  int id = *(int *)arg;
  if (id == 2)
    thrd_exit(id * 10);
  return id * 10;
}

int main(void) {
  thrd_t t[N];
  int sum = 0;
  for (int i = 0; i < N; i++) {
    ids[i] = i;
    thrd_create(&t[i], worker, &ids[i]);
  }
  for (int i = 0; i < N; i++) {
    int r;
    thrd_join(t[i], &r);
    sum += r;
  }
  assert(sum == 30);
  return 0;
}
