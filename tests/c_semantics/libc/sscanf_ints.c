// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int main(void)
{
    int a = 0, b = 0;
    unsigned u = 0, x = 0;
    assert(sscanf("  -12,34 7 ff", "%d,%d %u %x", &a, &b, &u, &x) == 4);
    assert(a == -12 && b == 34 && u == 7 && x == 255);
    assert(sscanf("0x1A", "%x", &x) == 1 && x == 26);
    assert(sscanf("12345", "%3d%d", &a, &b) == 2 && a == 123 && b == 45);
    long l = 0;
    short h = 0;
    assert(sscanf("+99 -5", "%ld %hd", &l, &h) == 2 && l == 99 && h == -5);
    return 0;
}
