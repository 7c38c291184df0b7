// expect: UNKNOWN
// cc: skip nondeterministic input; undefined behaviour when q is p (natively another address)
// p = a + j with j in [5, 12] lies past a (in our layout possibly inside b); q is p or b. Reading
// *q on the branch where q is p is undefined behaviour: it must not read b's cell (a FAILED built
// on b[k]) but stop at the out-of-bounds dereference: UNKNOWN.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
  int j = __VERIFIER_nondet_int();
  if (j < 5 || j > 12)
    return 0;
  int *p = a + j;
  int *q = __VERIFIER_nondet_int() ? p : b;
  int x = *q;
  assert(x < 5 || q == b);
  return 0;
}
