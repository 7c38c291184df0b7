// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdarg.h>
int count(int n, ...) { return n; } int main(void) { va_list ap; (void)ap; assert(count(2, 1, 2) == 2); return 0; }
