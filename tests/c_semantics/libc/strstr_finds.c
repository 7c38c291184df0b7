// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { const char *s = "abcabd"; assert(strstr(s, "abd") == s + 3); assert(strstr(s, "") == s); assert(strstr(s, "xy") == 0); return 0; }
