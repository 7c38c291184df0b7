// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
enum mid { X = 1, Y = 0x100000000 }; int main(void) { assert(sizeof(X) == 4 && sizeof(Y) == 8 && sizeof(enum mid) == 8 && Y > X); return 0; }
