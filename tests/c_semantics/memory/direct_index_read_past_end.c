// expect: UNKNOWN
// cc: skip undefined behaviour (read past the end of an array through a direct index)
// x = a[i] on int a[3] with i == 3 reachable: the value is not defined, so neither a proof
// nor a counterexample.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int a[3] = {0, 0, 0};
    int i = __VERIFIER_nondet_int();
    if (i >= 0 && i <= 3) {
        int x = a[i];
        assert(x == 0);
    }
    return 0;
}
