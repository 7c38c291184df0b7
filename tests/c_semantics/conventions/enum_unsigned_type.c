// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
enum e { P, Q }; int main(void) { enum e v = -1; assert(!(v < 0)); return 0; }
