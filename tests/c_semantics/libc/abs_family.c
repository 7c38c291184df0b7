// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) { assert(abs(-5) == 5 && abs(5) == 5); assert(labs(-7L) == 7L); assert(llabs(-9LL) == 9LL); return 0; }
