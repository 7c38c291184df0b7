// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char d[6] = "zzzzz"; strncpy(d, "abcdef", 3); assert(d[2] == 'c' && d[3] == 'z'); return 0; }
