// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdatomic.h>
atomic_long v = 10;
int main(void) {
  long e = 10;
  assert(atomic_compare_exchange_strong(&v, &e, 20) && v == 20);
  e = 3;
  assert(!atomic_compare_exchange_weak(&v, &e, 30) && e == 20 && v == 20);
  return 0;
}
