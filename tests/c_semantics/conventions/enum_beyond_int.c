// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
enum big { A = 0x8000000000000000, B }; int main(void) { assert(A != 0 && B == A + 1 && sizeof(A) == 8 && A > 0); return 0; }
