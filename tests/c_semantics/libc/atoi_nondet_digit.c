// expect: SUCCESSFUL
// args: --engine bmc --unwind 4
// cc: skip nondeterministic input
#include <assert.h>
#include <stdlib.h>
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char b[2];
  b[0] = __VERIFIER_nondet_char(); b[1] = 0;
  __VERIFIER_assume(b[0] >= '0' && b[0] <= '9');
  int v = atoi(b);
  assert(v >= 0 && v <= 9 && v == b[0] - '0');
  return 0;
}
extern void __VERIFIER_assume(int);
