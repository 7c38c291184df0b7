// expect: SUCCESSFUL
// cc: skip threads
#include <assert.h>
#include <threads.h>
int counter = 0;
mtx_t m;
int worker(void *arg) { mtx_lock(&m); counter++; mtx_unlock(&m); return 0; }
int main(void) {
  thrd_t a, b;
  mtx_init(&m, mtx_plain);
  thrd_create(&a, worker, 0);
  thrd_create(&b, worker, 0);
  thrd_join(a, 0);
  thrd_join(b, 0);
  assert(counter == 2);
  return 0;
}
