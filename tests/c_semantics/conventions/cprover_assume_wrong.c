// expect: FAILED
// args: --engine bmc
// cc: skip verifier built-ins
#include <assert.h>
int nondet_int(void); int main(void) { int x = nondet_int(); __CPROVER_assume(x > 0 && x < 10); assert(x < 9); return 0; }
