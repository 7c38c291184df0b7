// expect: SUCCESSFUL
// args: --engine kinduction
#include <assert.h>
int pow2(int n) { return n == 0 ? 1 : 2 * pow2(n - 1); } int main(void) { assert(pow2(6) == 64); return 0; }
