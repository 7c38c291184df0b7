// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); } int main(void) { assert(fact(5) == 120); assert(fact(1) == 1); return 0; }
