// expect: FAILED
// cc: skip nondeterministic input
#include <assert.h>
#include <stdio.h>
int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = __VERIFIER_nondet_int();
    int r = printf("%x", (unsigned)x);
    assert(r < 8);
    return 0;
}
