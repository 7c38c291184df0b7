// expect: SUCCESSFUL
// args: --engine bmc --unwind 10
#include <assert.h>
#include <stdio.h>
#include <string.h>
int main(void) { char b[8]; int r = snprintf(b, sizeof b, "%d", 12345678); assert(r < 0 || strlen(b) < 8); return 0; }
