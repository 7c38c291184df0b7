// expect: FAILED
// args: --engine bmc
// cc: skip verifier built-ins
#include <assert.h>
_Bool nondet_bool(void); int main(void) { _Bool b = nondet_bool(); assert(b); return 0; }
