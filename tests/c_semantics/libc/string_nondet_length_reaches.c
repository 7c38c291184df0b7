// expect: FAILED
// args: --engine bmc --unwind 6
// cc: skip nondeterministic input
#include <assert.h>
#include <string.h>
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char b[5];
  for (int i = 0; i < 4; i++) b[i] = __VERIFIER_nondet_char();
  b[4] = 0;
  assert(strlen(b) != 3);
  return 0;
}
