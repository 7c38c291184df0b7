// expect: UNKNOWN
// args: --engine bmc
// cc: skip %i is outside the specialised formats: sscanf stays an unmodelled library function
// Its havoc may write anything to x, but the real sscanf stores 7: the counterexample is not
// claimed (UNKNOWN: depends on unmodelled function sscanf).
#include <assert.h>
#include <stdio.h>
int main(void) { int x = 0; sscanf("7", "%i", &x); assert(x == 7); return 0; }
