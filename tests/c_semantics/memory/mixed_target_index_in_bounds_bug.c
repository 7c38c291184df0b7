// expect: FAILED
// cc: skip nondeterministic input and a function without a body
// As mixed_target_index_in_bounds.c, but the assertion on a's cells fails at i == 3 (a[3] is
// 4): the counterexample reads a cell of a within its bounds, so it is evidence.
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
    assert(x != 4);
  return 0;
}
