// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <limits.h>
int main(void) { assert(CHAR_BIT == 8 && INT_MAX == 2147483647 && UCHAR_MAX == 255 && LONG_MAX > INT_MAX); return 0; }
