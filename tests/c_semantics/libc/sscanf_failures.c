// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int main(void)
{
    int a = 7, b = 8;
    assert(sscanf("", "%d", &a) == EOF && a == 7);
    assert(sscanf("   ", "%d", &a) == EOF);
    assert(sscanf("abc", "%d", &a) == 0 && a == 7);
    assert(sscanf("5 x", "%d %d", &a, &b) == 1 && a == 5 && b == 8);
    assert(sscanf("5", "%d %d", &a, &b) == 1);
    assert(sscanf("-", "%d", &a) == 0);
    assert(sscanf("1:2", "%d-%d", &a, &b) == 1 && a == 1);
    assert(sscanf("9 10", "%*d %d", &a) == 1 && a == 10);
    assert(sscanf("50%", "%d%%", &a) == 1 && a == 50);
    return 0;
}
