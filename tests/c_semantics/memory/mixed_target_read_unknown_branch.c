// expect: UNKNOWN
// cc: skip nondeterministic input and a function without a body
// p points to g or to whatever get_ptr() returned (a target the analysis does not know): the
// read *p is g's cell or any value. The assertion fails only through the unknown branch, so
// the counterexample is not evidence: UNKNOWN naming the read, not FAILED.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern int *get_ptr(void);
int g = 1;
int main(void) {
  int *p = &g;
  if (__VERIFIER_nondet_int())
    p = get_ptr();
  int x = *p;
  assert(x == 1);
  return 0;
}
