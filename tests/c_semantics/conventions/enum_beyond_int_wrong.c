// expect: FAILED
// args: --engine bmc
#include <assert.h>
enum big { A = 0x8000000000000000 }; int main(void) { assert(A == 0); return 0; }
