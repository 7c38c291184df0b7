// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
int len(const char *s) { return *s ? 1 + len(s + 1) : 0; } int main(void) { assert(len("hello") == 5 && len("") == 0); return 0; }
