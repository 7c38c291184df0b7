// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
enum big { A = 0x100000000 }; enum big g; int main(void) { g = A; assert(g == 0x100000000 && sizeof g == 8); return 0; }
