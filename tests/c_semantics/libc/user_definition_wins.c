// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
int atoi(const char *s) { return 42; } int main(void) { assert(atoi("1") == 42); return 0; }
