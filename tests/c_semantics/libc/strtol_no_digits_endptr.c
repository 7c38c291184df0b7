// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) { const char *s = "  -x"; char *e; long v = strtol(s, &e, 10); assert(v == 0 && e == s); return 0; }
