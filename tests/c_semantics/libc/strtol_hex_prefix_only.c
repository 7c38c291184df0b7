// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) { const char *s = "0x"; char *e; long v = strtol(s, &e, 16); assert(v == 0 && e == s + 1); return 0; }
