// expect: SUCCESSFUL
// The safe twin of spin_tail_bug: whatever the interleaving, g is never 3.
#include <pthread.h>
#include <verifier.h>

int g;

void *a(void *p) {
  g = 1;
  if (g == 3)
    reach_error();
  return 0;
}

void *b(void *p) {
  g = 2;
  for (;;) {
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  return 0;
}
