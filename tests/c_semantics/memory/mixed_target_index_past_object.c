// expect: UNKNOWN
// cc: skip nondeterministic input; undefined behaviour when q is a and i == 4
// q points to a[4] or to whatever get_ptr() returned, and is indexed by an input in [0, 4]: at
// i == 4 on the branch where q is a, the read lies past a (undefined behaviour; natively it
// reads b[0]). The assertion does not depend on the value read, but the path is undefined:
// UNKNOWN naming the out-of-bounds dereference, not SUCCESSFUL.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern int *get_ptr(void);
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 4)
    return 0;
  int *q = a;
  if (__VERIFIER_nondet_int())
    q = get_ptr();
  int x = q[i];
  assert(i <= 4);
  return x;
}
