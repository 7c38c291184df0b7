// expect: FAILED
// args: --engine bmc --unwind 10
// cc: skip the written text is nondeterministic for schedmc
#include <assert.h>
#include <stdio.h>
int main(void) { char b[8]; int r = snprintf(b, sizeof b, "%d", 42); if (r >= 0) assert(b[0] == '4'); return 0; }
