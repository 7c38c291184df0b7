// expect: FAILED
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
    int a[4] = {2, 9, 7, 1};
    qsort(a, 4, sizeof a[0], cmp);
    assert(a[3] == 7);
    return 0;
}
