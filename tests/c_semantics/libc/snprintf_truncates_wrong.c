// expect: FAILED
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
int main(void)
{
    char s[3];
    int r = snprintf(s, sizeof s, "%s", "abc");
    assert(r == 2);
    return 0;
}
