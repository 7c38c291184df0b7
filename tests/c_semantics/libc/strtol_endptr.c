// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) { const char *s = " 42abc"; char *e; long v = strtol(s, &e, 10); assert(v == 42 && e == s + 3); v = strtol("abc", &e, 10); assert(v == 0); return 0; }
