// expect: UNKNOWN
// cc: skip undefined behaviour (write past the end of a block of symbolic size)
// a[n] is one past the end of the block: the error after it is not a verdict.
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n <= 0 || n > 8)
        return 0;
    int *a = malloc(n * sizeof(int));
    a[n] = 1;
    assert(0);
    return 0;
}
