// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char d[6] = "zzzzz"; strncpy(d, "ab", 5); assert(d[0] == 'a' && d[1] == 'b' && d[2] == 0 && d[4] == 0); return 0; }
