// expect: FAILED
// thrd_join stores the thread's result through its second argument (C11 7.26.5.6): `res` is 5.
#include <assert.h>
#include <threads.h>

int worker(void *arg) { return 5; }

int main(void) {
  thrd_t t;
  int res = 0;
  thrd_create(&t, worker, 0);
  thrd_join(t, &res);
  assert(res != 5);
  return 0;
}
