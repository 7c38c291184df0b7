// expect: SUCCESSFUL
// cc: skip nondeterministic length
// The length of a VLA is whatever the bound evaluates to at the declaration.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 10)
        return 0;
    int a[n];
    assert(sizeof(a) == n * sizeof(int));
    return 0;
}
