// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { const char *s = "hello"; assert(strchr(s, 'l') == s + 2); assert(strchr(s, 'z') == 0); assert(strchr(s, 0) == s + 5); return 0; }
