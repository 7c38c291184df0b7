// expect: FAILED
// args: --engine bmc
// cc: skip verifier built-ins
#include <assert.h>
long nondet_whatever(void); int main(void) { long v = nondet_whatever(); assert(v != 123456789012L); return 0; }
