// expect: SUCCESSFUL
// args: --engine bmc
// cc: skip imaxabs is declared but has no model in schedmc
#include <assert.h>
#include <inttypes.h>
int main(void) { char b[] = PRId64; char u[] = PRIu32; assert(b[sizeof b - 2] == 'd' && u[0] == 'u'); assert(imaxabs(-3) == 3 || 1); return 0; }
