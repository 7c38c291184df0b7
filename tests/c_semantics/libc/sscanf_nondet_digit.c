// expect: SUCCESSFUL
// args: --engine bmc --unwind 4
// cc: skip nondeterministic input
#include <assert.h>
#include <stdio.h>
char __VERIFIER_nondet_char(void);
int main(void)
{
    char s[3];
    s[0] = __VERIFIER_nondet_char();
    s[1] = 0;
    s[2] = 0;
    int v = -1;
    int r = sscanf(s, "%d", &v);
    if (s[0] >= '0' && s[0] <= '9')
        assert(r == 1 && v == s[0] - '0');
    else if (s[0] == 0 || s[0] == ' ')
        assert(r == EOF && v == -1);
    return 0;
}
