// expect: UNKNOWN
// args: --engine bmc
// cc: skip does not terminate
#include <assert.h>
int f(int n) { return f(n + 1); } int main(void) { f(0); assert(1); return 0; }
