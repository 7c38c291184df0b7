// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { assert(strcmp("abc", "abd") < 0); assert(strcmp("b", "abc") > 0); assert(strcmp("ab", "abc") < 0); return 0; }
