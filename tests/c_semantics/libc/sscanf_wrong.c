// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int main(void)
{
    int a = 0, b = 0;
    int r = sscanf("3 x", "%d %d", &a, &b);
    assert(r == 2);
    return 0;
}
