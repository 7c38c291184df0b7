// expect: FAILED
// cc: skip a race: cc runs one interleaving
#include <assert.h>
#include <threads.h>
int counter = 0;
int worker(void *arg) { int t = counter; thrd_yield(); counter = t + 1; return 0; }
int main(void) {
  thrd_t a, b;
  thrd_create(&a, worker, 0);
  thrd_create(&b, worker, 0);
  thrd_join(a, 0);
  thrd_join(b, 0);
  assert(counter == 2);
  return 0;
}
