// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int main(void) { int r = puts("x"); assert(r >= 0 || r == EOF); return 0; }
