// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int main(void) { int x = 5; printf("%d\n", x); assert(x == 5); puts("done"); putchar('\n'); fflush(stdout); return 0; }
