// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int main(void) { FILE *f = stderr; (void)f; assert(EOF == -1 && SEEK_END == 2); return 0; }
