// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { assert(strlen("") == 0); assert(strlen("abc") == 3); return 0; }
