// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { const char *s = "hello"; assert(strchr(s, 'o') == s + 3); return 0; }
