// expect: UNKNOWN
// args: --engine bmc
// cc: skip register_cb has no body
#include <assert.h>
int x; void cb(void) { x = 1; } void register_cb(void (*f)(void)); int main(void) { register_cb(cb); assert(x == 0); return 0; }
