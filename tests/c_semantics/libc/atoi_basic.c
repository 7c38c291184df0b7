// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) { assert(atoi("123") == 123); assert(atoi("-45") == -45); assert(atoi("  +7x") == 7); assert(atoi("x7") == 0); return 0; }
