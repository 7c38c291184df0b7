// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <ctype.h>
int main(void) { const char *s = "a1b22c333"; int n = 0; for (int i = 0; s[i]; i++) if (isdigit((unsigned char)s[i])) n++; assert(n == 6); return 0; }
