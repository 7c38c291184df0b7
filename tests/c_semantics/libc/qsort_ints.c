// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
int main(void)
{
    int a[5] = {3, -1, 4, 1, 5};
    qsort(a, 5, sizeof a[0], cmp);
    assert(a[0] == -1 && a[1] == 1 && a[2] == 3 && a[3] == 4 && a[4] == 5);
    return 0;
}
