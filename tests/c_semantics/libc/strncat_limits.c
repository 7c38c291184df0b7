// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char d[12] = "ab"; strncat(d, "cdef", 2); assert(strlen(d) == 4 && d[3] == 'd' && d[4] == 0); return 0; }
