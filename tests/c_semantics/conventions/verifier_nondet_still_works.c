// expect: FAILED
// args: --engine bmc
// cc: skip verifier built-ins
#include <assert.h>
extern int __VERIFIER_nondet_int(void); int main(void) { int x = __VERIFIER_nondet_int(); assert(x != 42); return 0; }
