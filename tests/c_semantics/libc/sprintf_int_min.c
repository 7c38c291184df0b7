// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
    char b[32];
    assert(sprintf(b, "%d", INT_MIN) == 11 && strcmp(b, "-2147483648") == 0);
    assert(sprintf(b, "%u", UINT_MAX) == 10 && strcmp(b, "4294967295") == 0);
    assert(sprintf(b, "%.0d", 0) == 0 && b[0] == 0);
    assert(sprintf(b, "%#x", 0u) == 1 && strcmp(b, "0") == 0);
    return 0;
}
