// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char a[2] = { (char)0xE9, 0 }; assert(strcmp(a, "a") > 0); return 0; }
