// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int main(void)
{
    unsigned x = 0;
    sscanf("10", "%x", &x);
    assert(x == 10);
    return 0;
}
