// expect: FAILED
// C11 <threads.h>: a recursive mutex (mtx_recursive) taken twice by the worker but released
// twice before its last update: the main thread's update can come between the worker's read
// and write of the counter.
#include <threads.h>
#include <assert.h>

mtx_t m;
int counter;

void add(int d) {
  mtx_lock(&m); // held twice
  counter = counter + d;
  mtx_unlock(&m); // held once
}

int worker(void *arg) {
  (void)arg;
  mtx_lock(&m);
  add(1);
  mtx_unlock(&m); // free: the update below is unprotected
  int c = counter;
  counter = c + 1;
  return 0;
}

int main(void) {
  mtx_init(&m, mtx_recursive);
  thrd_t t;
  thrd_create(&t, worker, 0);
  mtx_lock(&m);
  int c = counter;
  counter = c + 2;
  mtx_unlock(&m);
  thrd_join(t, 0);
  assert(counter == 4);
  return 0;
}
