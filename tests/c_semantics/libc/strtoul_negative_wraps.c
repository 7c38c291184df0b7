// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
#include <limits.h>
int main(void) { assert(strtoul("-1", 0, 10) == ULONG_MAX); assert(strtoul("4294967296", 0, 10) == 4294967296UL); return 0; }
