// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { assert(strncmp("abcX", "abcY", 4) == 0); return 0; }
