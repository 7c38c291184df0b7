// expect: SUCCESSFUL
// args: --engine bmc
// cc: skip implicit declarations of library functions (a cc error in C99)
#include <assert.h>
int main(void) { char b[4] = "ab"; assert(strlen(b) == 2); assert(abs(-2) == 2); return 0; }
