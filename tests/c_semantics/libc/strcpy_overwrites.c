// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char d[8] = "abcdef"; strcpy(d, "q"); assert(d[1] == 'b'); return 0; }
