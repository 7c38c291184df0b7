// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { assert(strcmp("abc", "abC") == 0); return 0; }
