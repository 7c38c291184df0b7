// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
int nondet_int(void) { return 4; } int main(void) { assert(nondet_int() == 4); return 0; }
