// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) { assert(strtol("0x10", 0, 0) == 10); return 0; }
