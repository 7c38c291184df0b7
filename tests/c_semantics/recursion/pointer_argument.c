// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
void fill(int *a, int n) { if (n == 0) return; a[n - 1] = n; fill(a, n - 1); } int main(void) { int a[4] = {0}; fill(a, 4); assert(a[0] == 1 && a[3] == 4); return 0; }
