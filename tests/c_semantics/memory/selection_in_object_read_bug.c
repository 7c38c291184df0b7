// expect: FAILED
// cc: skip nondeterministic input (selection_in_object_cc_bug.c checks the reads natively)
// As selection_in_object_read.c with a wrong expectation on b's branch: FAILED.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j > 3)
    return 0;
  int c = __VERIFIER_nondet_int();
  int *q = c ? a + j : b;
  int x = *q;
  if (c)
    assert(x == j + 1);
  else
    assert(x == j + 1);
  return 0;
}
