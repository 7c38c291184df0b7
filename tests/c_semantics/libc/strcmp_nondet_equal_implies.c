// expect: SUCCESSFUL
// args: --engine bmc --unwind 4
// cc: skip nondeterministic input
#include <assert.h>
#include <string.h>
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char b[3];
  b[0] = __VERIFIER_nondet_char(); b[1] = __VERIFIER_nondet_char(); b[2] = 0;
  if (strcmp(b, "ok") == 0) assert(b[0] == 'o' && b[1] == 'k');
  return 0;
}
