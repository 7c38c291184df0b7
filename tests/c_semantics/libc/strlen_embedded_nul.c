// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char b[8] = "ab\0cd"; assert(strlen(b) == 2); assert(strlen(b + 3) == 2); return 0; }
