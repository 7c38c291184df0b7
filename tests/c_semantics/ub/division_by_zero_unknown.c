// expect: UNKNOWN
// cc: skip division by zero is undefined behaviour (C11 6.5.5p5)
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    int q = a / b;
    assert(b != 0 || q == 0);
    return 0;
}
