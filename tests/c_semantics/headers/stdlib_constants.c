// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) { assert(EXIT_SUCCESS == 0 && EXIT_FAILURE == 1 && RAND_MAX == 2147483647); div_t d; d.quot = 1; d.rem = 2; assert(d.quot + d.rem == 3); return 0; }
