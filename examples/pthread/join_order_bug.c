// expect: FAILED
// Two identical workers are created through a handle array; main takes the mutex they need and
// then joins the first slot only. When worker 0 alone finished before main took the mutex, the
// join returns with x == 1 (the error); when worker 1 alone finished, worker 0 waits for the
// mutex forever (a deadlock, not an error). The two states differ only by exchanging the workers
// together with their slots: exchanging handle slots along with instances is not a symmetry of
// a program that joins the slots in order (a reduction covering one state by the other could
// miss this bug).
#include <pthread.h>
#include <verifier.h>

pthread_mutex_t m;
int x;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  x = x + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[2];
  pthread_mutex_init(&m, 0);
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  pthread_mutex_lock(&m);
  pthread_join(t[0], 0);
  if (x == 1)
    reach_error();
  return 0;
}
