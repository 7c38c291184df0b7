// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char d[6] = "zzzzz"; strncpy(d, "abcdef", 3); assert(d[3] == 0); return 0; }
