// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
enum w { N = -1, M = 0x100000000 }; int main(void) { assert(N < 0 && M > 0 && sizeof(enum w) == 8 && sizeof(N) == 4); return 0; }
