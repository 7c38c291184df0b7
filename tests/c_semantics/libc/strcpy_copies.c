// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char d[8]; char *r = strcpy(d, "xyz"); assert(r == d); assert(d[0] == 'x' && d[2] == 'z' && d[3] == 0); return 0; }
