// expect: UNKNOWN
// cc: skip nondeterministic input; undefined behaviour when i == 4
// An index from the environment in [0, 4] through a pointer to int a[4], another array after
// it: the read at i == 4 lies outside a (undefined behaviour), so the program is neither
// proved nor refuted with a value from a's last cell or from b.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
    int i = __VERIFIER_nondet_int();
    if (i < 0 || i > 4)
        return 0;
    int *p = a;
    int x = p[i];
    assert(x >= 0);
    return 0;
}
