// expect: FAILED
// args: --por none
// Like symmetric_ids_bug, but the handles are not kept (one variable, never read), so states
// that differ only in which worker is where are candidates for covers up to permutation: the
// workers' ids (their locals) must keep them apart. Only worker 2 writing last fails; a
// checker thread looks at the slot after all writes.
#include <pthread.h>
#include <verifier.h>

int last;
int done;
pthread_mutex_t m;

void *worker(void *arg) {
  int id = (int)(long)arg;
  pthread_mutex_lock(&m);
  last = id;
  done = done + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

void *check(void *arg) {
  pthread_mutex_lock(&m);
  if (done == 3 && last == 2)
    reach_error();
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t, c;
  pthread_mutex_init(&m, 0);
  for (int i = 0; i < 3; i++)
    pthread_create(&t, 0, worker, (void *)(long)(i + 1));
  pthread_create(&c, 0, check, 0);
  return 0;
}
