// expect: SUCCESSFUL
// cc: skip nondeterministic input (selection_in_object_cc.c checks the in-range reads natively)
// q is a + j with j in [0, 3] (formed inside a) or b: the read lies inside the object q came
// from and gives a[j] or b[0] exactly; the proof stands.
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
    assert(x == 5);
  return 0;
}
