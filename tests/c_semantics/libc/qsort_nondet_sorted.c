// expect: SUCCESSFUL
// args: --engine bmc
// cc: skip nondeterministic input
#include <assert.h>
#include <stdlib.h>
int __VERIFIER_nondet_int(void);
static int cmp(const void *a, const void *b)
{
    unsigned char x = *(const unsigned char *)a, y = *(const unsigned char *)b;
    return x - y;
}
int main(void)
{
    unsigned char a[3];
    for (int i = 0; i < 3; i++)
        a[i] = (unsigned char)__VERIFIER_nondet_int();
    qsort(a, 3, 1, cmp);
    assert(a[0] <= a[1] && a[1] <= a[2]);
    return 0;
}
