// expect: UNKNOWN
// cc: skip nondeterministic input and a function without a body; undefined behaviour when q is a + j
// q is a + j with j in [5, 8] (formed past a: undefined behaviour, C11 6.5.6p8) or whatever
// get_ptr() returned, then indexed back into a's range (q[i], j + i in [0, 3]). The address lies
// inside a but the pointer was formed past it: the read on that branch is not a[j + i] (natively
// it may be), nor the unknown target's any value (a FAILED built on it): UNKNOWN.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern int *get_ptr(void);
int a[4] = {1, 2, 3, 4};
int main(void) {
  int j = __VERIFIER_nondet_int();
  int i = __VERIFIER_nondet_int();
  if (j < 5 || j > 8 || i > 0 || j + i < 0 || j + i > 3)
    return 0;
  int c = __VERIFIER_nondet_int();
  int *q = c ? a + j : get_ptr();
  int x = q[i];
  if (c)
    assert(x == a[j + i]);
  return 0;
}
