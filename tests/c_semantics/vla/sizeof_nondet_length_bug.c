// expect: FAILED
// cc: skip nondeterministic length
// `sizeof` is not the modelled capacity of the array (a wrong SUCCESSFUL before).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 10)
        return 0;
    int a[n];
    assert(sizeof(a) == 16 * sizeof(int));
    return 0;
}
