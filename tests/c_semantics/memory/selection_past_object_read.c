// expect: UNKNOWN
// cc: skip nondeterministic input and a function without a body; undefined behaviour when q is a + j
// q is a + j with j in [5, 8] (formed past a, beyond its one-past-the-end address) or whatever
// get_ptr() returned. Reading *q on the first branch is undefined behaviour (C11 6.5.6p8): the
// pointer keeps the provenance of a although its address lies past it, so the read must not be
// taken for the target the analysis does not know (any value, SUCCESSFUL). UNKNOWN naming the
// out-of-bounds dereference.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern int *get_ptr(void);
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
  int j = __VERIFIER_nondet_int();
  if (j < 5 || j > 8)
    return 0;
  int *q = __VERIFIER_nondet_int() ? a + j : get_ptr();
  if (q == a + 4)
    return 0; /* get_ptr() may return a's one-past-the-end address */
  int x = *q;
  assert(j <= 8);
  return x;
}
