// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
int main(void) { assert(twice(4) == 8); return 0; }
int twice(int v) { return 2 * v; }
