// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}
int main(void)
{
    int a[6] = {1, 3, 5, 7, 9, 11};
    int k = 7, m = 4;
    int *p = bsearch(&k, a, 6, sizeof(int), cmp);
    assert(p == &a[3]);
    assert(bsearch(&m, a, 6, sizeof(int), cmp) == 0);
    k = 1;
    assert(bsearch(&k, a, 6, sizeof(int), cmp) == a);
    assert(bsearch(&k, a, 0, sizeof(int), cmp) == 0);
    return 0;
}
