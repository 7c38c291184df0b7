// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { const char *s = "abcabd"; assert(strstr(s, "ab") == s + 3); return 0; }
