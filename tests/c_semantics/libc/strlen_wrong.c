// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <string.h>
int main(void) { char b[8] = "four"; assert(strlen(b) == 5); return 0; }
