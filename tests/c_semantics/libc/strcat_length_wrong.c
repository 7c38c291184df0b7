// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char d[12] = "foo"; strcat(d, "bar"); assert(strlen(d) == 5); return 0; }
