// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) { srand(1); int r = rand(); assert(r >= 0 && r <= RAND_MAX); return 0; }
