// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char a[6] = "same"; assert(strcmp(a, "same") == 0); return 0; }
