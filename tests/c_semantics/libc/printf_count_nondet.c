// expect: SUCCESSFUL
// cc: skip nondeterministic input
#include <assert.h>
#include <stdio.h>
int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = __VERIFIER_nondet_int();
    int r = printf("%d\n", x);
    assert(r >= 2 && r <= 12);
    if (x >= 0 && x < 10)
        assert(r == 2);
    return 0;
}
