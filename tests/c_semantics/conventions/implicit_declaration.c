// expect: FAILED
// args: --engine bmc
// cc: skip implicit declaration of a function without a body
#include <assert.h>
int main(void) { int x = 0; x = undeclared_function(5); assert(x == 0); return 0; }
