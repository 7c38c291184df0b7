// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int main(void) { assert(BUFSIZ < 100); return 0; }
