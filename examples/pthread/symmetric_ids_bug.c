// expect: FAILED
// args: --por none
// Three workers of one entry differ only in their argument (their id, passed by value): each
// writes its id to a shared slot. Only the interleaving where worker 2 writes last leaves 2
// there; the workers are not interchangeable (their locals differ), so no cover up to
// permutation may merge worker 2's states with another worker's.
#include <pthread.h>
#include <verifier.h>

int last;

void *worker(void *arg) {
  int id = (int)(long)arg;
  last = id;
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, worker, (void *)(long)(i + 1));
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  if (last == 2)
    reach_error();
  return 0;
}
