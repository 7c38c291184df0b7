// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { const char *s = "hello"; assert(strrchr(s, 'l') == s + 3); assert(strrchr(s, 'q') == 0); return 0; }
