// expect: SUCCESSFUL
// cc: skip nondeterministic input and a function without a body (mixed_target_index_cc.c in the
// commit's notes checks the in-range reads natively)
// q points to a[4] or to whatever get_ptr() returned (a target the analysis does not know), and
// is indexed by an input in [0, 3]: on the branch where q is a, every read lies within a, so
// the assertion on a's cells is proved (the address guard holds on each path).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern int *get_ptr(void);
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 3)
    return 0;
  int *q = a;
  if (__VERIFIER_nondet_int())
    q = get_ptr();
  int x = q[i];
  if (q == a)
    assert(x == i + 1);
  return 0;
}
