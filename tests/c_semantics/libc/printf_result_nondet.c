// expect: FAILED
// args: --engine bmc
// cc: skip printf returns 3 natively; its result is nondeterministic for schedmc
#include <assert.h>
#include <stdio.h>
int main(void) { int r = printf("hi\n"); assert(r == 3); return 0; }
