// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
int main(void) { assert(atoi("12a3") == 123); return 0; }
