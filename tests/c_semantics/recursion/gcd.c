// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
unsigned gcd(unsigned a, unsigned b) { return b == 0 ? a : gcd(b, a % b); } int main(void) { assert(gcd(48, 18) == 6); assert(gcd(17, 5) == 1); return 0; }
