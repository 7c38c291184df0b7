// expect: SUCCESSFUL
// args: --engine bmc
// cc: skip verifier built-ins
#include <assert.h>
struct s { int a; int b; }; struct s nondet_s(void); int main(void) { struct s v = nondet_s(); __CPROVER_assume(v.a == v.b); assert(v.a - v.b == 0); return 0; }
