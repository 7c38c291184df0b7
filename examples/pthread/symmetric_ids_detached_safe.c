// expect: SUCCESSFUL
// args: --por none
// The safe twin of symmetric_ids_detached_bug: the checker thread expects an id no worker
// has (4), so every interleaving passes; the workers differ in their ids, covers up to
// permutation rename their locals.
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
  if (done == 3 && last == 4)
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
