// expect: FAILED
// Thread a publishes 1 and then counts an odd local value up by 2 until it equals 4, which it
// never does (unsigned arithmetic wraps, the value stays odd): a loop with an exit edge that is
// never taken. main, after starting a, sees a's value once a spins.
#include <pthread.h>
#include <verifier.h>

int g;

void *a(void *p) {
  unsigned x = 1;
  g = 1;
  while (x != 4)
    x += 2;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, a, 0);
  if (g == 1)
    reach_error();
  return 0;
}
