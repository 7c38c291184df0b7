// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <ctype.h>
int main(void) { assert(isalpha('_')); return 0; }
