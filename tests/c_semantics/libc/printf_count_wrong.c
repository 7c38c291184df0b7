// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int main(void)
{
    int r = printf("%d\n", 100);
    assert(r == 3);
    return 0;
}
