// expect: UNKNOWN
// target: ilp32
// cc: skip nondeterministic input; undefined behaviour for every i >= 4
// On a 32-bit target the byte offset of p[i] is i * 4 modulo 2^32: p[1 << 30] has the address
// of p[0]. Every index >= 4 lies outside a, so the read is undefined behaviour, not a read of
// a[0] (which would make the assertion fail): UNKNOWN, never FAILED.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int a[4] = {1, 2, 3, 4};
int main(void) {
    int i = __VERIFIER_nondet_int();
    if (i < 4)
        return 0;
    int *p = a;
    if (i % 2 == 0)
        assert(p[i] != 1);
    return 0;
}
