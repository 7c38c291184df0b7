// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { assert(strncmp("abcX", "abcY", 3) == 0); assert(strncmp("abcX", "abcY", 4) < 0); assert(strncmp("a", "b", 0) == 0); return 0; }
