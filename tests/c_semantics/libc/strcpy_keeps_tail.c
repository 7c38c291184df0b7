// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char d[8] = "abcdef"; strcpy(d, "q"); assert(d[1] == 0 && d[2] == 'c'); return 0; }
