// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
#include <limits.h>
int main(void) { assert(strtol("99999999999999999999", 0, 10) == LONG_MAX); assert(strtol("-99999999999999999999", 0, 10) == LONG_MIN); return 0; }
