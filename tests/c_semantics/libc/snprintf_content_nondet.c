// expect: FAILED
// args: --engine bmc --unwind 10
// cc: skip %p is outside the specialised formats: the written text is nondeterministic for schedmc
#include <assert.h>
#include <stdio.h>
int main(void) { char b[32]; int r = snprintf(b, sizeof b, "%p", (void *)b); if (r >= 0) assert(b[0] == '0'); return 0; }
