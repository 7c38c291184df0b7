// expect: SUCCESSFUL
// args: --engine bmc
#include <assert.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
    char s[4] = "zzz";
    assert(snprintf(s, sizeof s, "%d", 123456) == 6 && strcmp(s, "123") == 0);
    assert(snprintf(0, 0, "%x", 4096u) == 4);
    char t[8] = "abcdefg";
    assert(snprintf(t, 1, "%s", "hello") == 5 && t[0] == 0 && t[1] == 'b');
    return 0;
}
