// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { const char *s = "hello world"; assert(strpbrk(s, "ow") == s + 4); assert(strpbrk(s, "Q") == 0); return 0; }
