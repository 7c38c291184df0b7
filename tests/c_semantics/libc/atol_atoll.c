// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) { assert(atol("-2147483649") == -2147483649L); assert(atoll("9000000000") == 9000000000LL); return 0; }
