// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
#include <limits.h>
int main(void) { assert(strtoull("18446744073709551615", 0, 10) == 18446744073709551615ULL); assert(strtoull("18446744073709551616", 0, 10) == 18446744073709551615ULL); assert(strtoll("-9223372036854775808", 0, 10) == LLONG_MIN); return 0; }
