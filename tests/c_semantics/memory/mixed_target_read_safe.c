// expect: SUCCESSFUL
// cc: skip nondeterministic input and a function without a body
// The mixed read of mixed_target_read_unknown_branch.c where the assertion only constrains the
// known branch, which holds: the unknown branch costs nothing, the proof stands.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern int *get_ptr(void);
int g = 1;
int main(void) {
  int *p = &g;
  if (__VERIFIER_nondet_int())
    p = get_ptr();
  int x = *p;
  if (p == &g)
    assert(x == 1);
  return 0;
}
