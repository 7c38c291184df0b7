// expect: UNKNOWN
// cc: skip the only path to the failing assertion overflows int (undefined behaviour, C11 6.5p5)
// Reduced from SV-COMP loop-zilu/benchmark40_polynomial (expected verdict true): the product
// fits when the loop starts and overflows after a few decrements.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    if (!(x * y >= 0))
        return 0;
    while (__VERIFIER_nondet_bool()) {
        if (x > 0)
            y++;
        else
            x--;
    }
    assert(x * y >= 0);
    return 0;
}
