// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int g = 1; int main(void) { fprintf(stderr, "g=%d\n", g); assert(g == 1); return 0; }
