// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int main(void)
{
    int x = -1234;
    assert(printf("hi\n") == 3);
    assert(printf("%d:%s|%5c|%-6x|%+.4d|%#o\n", x, "abc", 'q', 255u, 7, 8u) == 33);
    assert(fprintf(stderr, "%lu %lld %hhu\n", 4000000000UL, -5LL, 300) == 17);
    return 0;
}
