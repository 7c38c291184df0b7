// expect: UNKNOWN
// args: --engine bmc
// cc: skip a number beyond int is undefined behaviour for sscanf
#include <assert.h>
#include <stdio.h>
int main(void)
{
    int a = 0;
    sscanf("99999999999", "%d", &a);
    assert(a != 0);
    return 0;
}
