// expect: SUCCESSFUL
// args: --engine bmc
// cc: skip verifier built-ins
#include <assert.h>
char nondet_char(void); int main(void) { char c = nondet_char(); assert(c >= -128 && c <= 127); return 0; }
