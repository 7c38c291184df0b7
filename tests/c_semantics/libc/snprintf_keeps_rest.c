// expect: SUCCESSFUL
// args: --engine bmc --unwind 10
#include <assert.h>
#include <stdio.h>
int main(void) { char b[8]; b[7] = 'z'; int r = snprintf(b, 4, "%s", "abcdef"); assert(b[7] == 'z'); return 0; }
