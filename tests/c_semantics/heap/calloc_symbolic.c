// expect: SUCCESSFUL
// cc: skip nondeterministic size
// calloc of a nondeterministic number of elements: every element is zero.
#include <assert.h>
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    unsigned i = __VERIFIER_nondet_uint();
    if (n == 0 || n > 16 || i >= n)
        return 0;
    short *a = calloc(n, sizeof(short));
    assert(a[i] == 0);
    a[i] = 3;
    assert(a[i] == 3);
    free(a);
    return 0;
}
