// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { assert(strnlen("hello", 3) == 3); assert(strnlen("hi", 9) == 2); return 0; }
