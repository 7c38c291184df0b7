// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdbool.h>
int main(void) { bool b = 5; assert(b == true && sizeof(bool) == 1 && !false); return 0; }
