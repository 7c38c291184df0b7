// expect: FAILED
// args: --engine bmc
// cc: skip sscanf has no model: it may write anything to x
#include <assert.h>
#include <stdio.h>
int main(void) { int x = 0; sscanf("7", "%d", &x); assert(x == 7); return 0; }
