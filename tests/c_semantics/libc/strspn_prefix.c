// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { assert(strspn("aabxc", "ab") == 3); assert(strcspn("aabxc", "xc") == 3); assert(strspn("", "a") == 0); return 0; }
