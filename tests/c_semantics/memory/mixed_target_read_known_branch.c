// expect: FAILED
// cc: skip nondeterministic input and a function without a body
// As mixed_target_read_unknown_branch.c, but the assertion is checked only when p points to
// g, whose value 0 fails it: the counterexample reads g's cell, not the unknown target, so it
// is evidence and stays FAILED.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern int *get_ptr(void);
int g = 0;
int main(void) {
  int *p = &g;
  if (__VERIFIER_nondet_int())
    p = get_ptr();
  int x = *p;
  if (p == &g)
    assert(x != 0);
  return 0;
}
