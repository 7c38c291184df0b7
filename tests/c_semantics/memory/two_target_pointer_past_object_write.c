// expect: UNKNOWN
// cc: skip nondeterministic input; undefined behaviour when q is p (natively another address)
// As two_target_pointer_past_object_read.c with j in [5, 8] and a write: *q = 0 on the branch where q is p
// (past a; at j == 5 our layout puts it at b[0]) must not write b's cell (a FAILED built on
// b[k] == 0): UNKNOWN.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
  int j = __VERIFIER_nondet_int();
  if (j < 5 || j > 8)
    return 0;
  int *p = a + j;
  int *q = __VERIFIER_nondet_int() ? p : b;
  *q = 0;
  assert(q == b || (b[0] && b[1] && b[2] && b[3]));
  return 0;
}
