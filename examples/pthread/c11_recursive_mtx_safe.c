// expect: SUCCESSFUL
// C11 <threads.h>: a mutex created with mtx_plain | mtx_recursive may be taken again by its
// owner; each lock is matched by an unlock, so every update of the counter is protected.
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
  int c = counter;
  counter = c + 1;
  mtx_unlock(&m);
  return 0;
}

int main(void) {
  mtx_init(&m, mtx_plain | mtx_recursive);
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
