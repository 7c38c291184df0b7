// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) { int x = -3; assert(abs(x) == -3); return 0; }
