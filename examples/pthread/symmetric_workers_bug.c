// expect: FAILED
// args: --por none
// Four identical workers (one handle variable reused, never joined) each increment a shared
// counter under a mutex; the checker thread wrongly expects at most three increments, and it
// sees four when it runs after every worker (symmetry must not hide that interleaving).
#include <pthread.h>
#include <verifier.h>

int x;
pthread_mutex_t m;

void *check(void *arg) {
  pthread_mutex_lock(&m);
  if (x > 3)
    reach_error();
  pthread_mutex_unlock(&m);
  return 0;
}

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  x = x + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t, c;
  pthread_mutex_init(&m, 0);
  pthread_create(&c, 0, check, 0);
  for (int i = 0; i < 4; i++)
    pthread_create(&t, 0, worker, 0);
  return 0;
}
