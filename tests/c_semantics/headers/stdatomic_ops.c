// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdatomic.h>
atomic_int a;
int main(void) {
  atomic_store(&a, 5);
  int old = atomic_fetch_add(&a, 3);
  assert(old == 5 && atomic_load(&a) == 8);
  assert(atomic_fetch_sub(&a, 2) == 8 && a == 6);
  assert(atomic_exchange(&a, 1) == 6 && a == 1);
  atomic_fetch_or(&a, 6); assert(a == 7);
  atomic_fetch_and(&a, 3); assert(a == 3);
  atomic_fetch_xor(&a, 1); assert(a == 2);
  return 0;
}
