// expect: FAILED
// args: --engine bmc
// cc: skip %i is outside the specialised formats: sscanf stays an unmodelled function that may write anything to x
#include <assert.h>
#include <stdio.h>
int main(void) { int x = 0; sscanf("7", "%i", &x); assert(x == 7); return 0; }
