// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char a[8] = "hello"; char b[8]; strcpy(b, a); assert(strcmp(a, b) == 0); b[0] = 'j'; assert(strcmp(a, b) < 0); return 0; }
