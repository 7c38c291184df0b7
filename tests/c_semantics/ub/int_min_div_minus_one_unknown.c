// expect: UNKNOWN
// cc: skip INT_MIN / -1 overflows: undefined behaviour (C11 6.5.5p6); SMT-LIB's division would give INT_MIN
#include <assert.h>
#include <limits.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int a = __VERIFIER_nondet_int();
    int r = a % -1;
    assert(r == 0);
    return 0;
}
