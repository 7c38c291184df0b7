// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}
int main(void)
{
    int a[5] = {2, 4, 6, 8, 10};
    int k = 10;
    int *p = bsearch(&k, a, 5, sizeof(int), cmp);
    assert(p == &a[3]);
    return 0;
}
