// expect: SUCCESSFUL
// The safe twin of local_spin_bug: a spins on a local flag after publishing 1, and b checks a
// value no thread ever writes.
#include <pthread.h>
#include <verifier.h>

int g;

void *a(void *p) {
  int done = 0;
  g = 1;
  while (done == 0) {
  }
  return 0;
}

void *b(void *p) {
  if (g == 2)
    reach_error();
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  return 0;
}
