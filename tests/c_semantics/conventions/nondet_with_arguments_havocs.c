// expect: FAILED
// args: --engine bmc
// cc: skip verifier built-ins
#include <assert.h>
void nondet_fill(int *p); int main(void) { int x = 0; nondet_fill(&x); assert(x == 0); return 0; }
