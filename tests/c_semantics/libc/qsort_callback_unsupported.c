// expect: UNKNOWN
// args: --engine bmc
// cc: skip qsort has no model
#include <assert.h>
#include <stdlib.h>
int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; } int main(void) { int a[3] = {3, 1, 2}; qsort(a, 3, sizeof(int), cmp); assert(a[0] == 1); return 0; }
