// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) { assert(strtol("ff", 0, 16) == 255); assert(strtol("0x1A", 0, 0) == 26); assert(strtol("017", 0, 0) == 15); assert(strtol("101", 0, 2) == 5); assert(strtol("z", 0, 36) == 35); return 0; }
