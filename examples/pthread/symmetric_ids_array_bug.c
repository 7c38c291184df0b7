// expect: FAILED
// Three workers of one entry get pointers to their own slot of an id array (`&ids[i]`) and
// dereference them; their handles go to an array main never reads (main joins only the
// checker). The dereference is lowered to a selection over every int-sized object, the
// handle array's cells among them, in branches the argument never selects (the checker's
// NULL argument goes to the checker's parameter only): the handles stay unread
// (`sched::symmetry`), so covers up to permutation apply, renaming the workers' ids. A checker
// thread fails when workers 2 and 3 finished first (sum 5 after two): a cover that merged
// worker 1's states with another's would miss it.
#include <pthread.h>
#include <verifier.h>

int sum;
int done;
pthread_mutex_t m;

void *worker(void *arg) {
  int id = *(int *)arg;
  pthread_mutex_lock(&m);
  sum = sum + id;
  done = done + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

void *check(void *arg) {
  pthread_mutex_lock(&m);
  if (done == 2 && sum == 5)
    reach_error();
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[3], c;
  int ids[3];
  pthread_mutex_init(&m, 0);
  pthread_create(&c, 0, check, 0);
  for (int i = 0; i < 3; i++) {
    ids[i] = i + 1;
    pthread_create(&t[i], 0, worker, &ids[i]);
  }
  pthread_join(c, 0);
  return 0;
}
