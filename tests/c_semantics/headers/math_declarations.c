// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <math.h>
int main(void) { int x = 3; assert(x * x == 9); return 0; }
