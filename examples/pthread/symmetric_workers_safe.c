// expect: SUCCESSFUL
// args: --por none
// Four identical workers (one handle variable reused, never joined) each increment a shared
// counter under a mutex; a checker thread may observe any prefix, never more than four
// increments. The workers are interchangeable: ESST covers states up to permutations of them.
#include <pthread.h>
#include <verifier.h>

int x;
pthread_mutex_t m;

void *check(void *arg) {
  pthread_mutex_lock(&m);
  if (x > 4)
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
