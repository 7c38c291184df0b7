// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int main(void) { int r = putchar('A'); assert(r == 'A' || r == EOF); return 0; }
