// expect: UNKNOWN
// cc: skip undefined behaviour: q[i] = 0 with q == a and i == 5 writes past a
// The write of two_target_index_past_object.c: with q == a and i == 5 the store's address is b's
// first cell in our layout, but the store is outside a (undefined behaviour), not a write of
// b[0] that the assertion then sees.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 5)
    return 0;
  int *q = __VERIFIER_nondet_int() ? a : b;
  q[i] = 0;
  assert(b[0] == 5 || q == b);
  return 0;
}
