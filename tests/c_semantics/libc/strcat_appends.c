// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char d[12] = "foo"; strcat(d, "bar"); assert(strlen(d) == 6 && d[3] == 'b' && d[5] == 'r'); return 0; }
