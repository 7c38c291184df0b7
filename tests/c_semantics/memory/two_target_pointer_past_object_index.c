// expect: UNKNOWN
// cc: skip nondeterministic input; undefined behaviour when q is a + j
// q is a + j with j in [5, 8] (formed past a: undefined behaviour, C11 6.5.6p8) or b, then
// indexed back into a's range (q[i], j + i in [0, 3]). The address lies inside a but the pointer
// was formed past it: the read on that branch is undefined (natively it may give a[j + i]): not
// SUCCESSFUL built on a's cell, UNKNOWN.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
  int j = __VERIFIER_nondet_int();
  int i = __VERIFIER_nondet_int();
  if (j < 5 || j > 8 || i > 0 || j + i < 0 || j + i > 3)
    return 0;
  int c = __VERIFIER_nondet_int();
  int *q = c ? a + j : b;
  int x = q[i];
  if (c)
    assert(x == a[j + i]);
  return 0;
}
