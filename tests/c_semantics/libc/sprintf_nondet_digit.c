// expect: SUCCESSFUL
// args: --engine bmc --unwind 12
// cc: skip nondeterministic input
#include <assert.h>
#include <stdio.h>
int __VERIFIER_nondet_int(void);
int main(void)
{
    char b[8];
    int d = __VERIFIER_nondet_int();
    if (d < 0 || d > 9)
        return 0;
    sprintf(b, "<%d>", d);
    assert(b[0] == '<' && b[1] == '0' + d && b[2] == '>' && b[3] == 0);
    return 0;
}
