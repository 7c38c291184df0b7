// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <inttypes.h>
int main(void) { int64_t x = INT64_MAX; uint8_t y = UINT8_MAX; assert(x > 0 && y == 255); return 0; }
