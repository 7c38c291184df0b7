// expect: SUCCESSFUL
// cc: skip nondeterministic size
// An array of n elements, n chosen nondeterministically (at most 10).
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n <= 0 || n > 10)
        return 0;
    int *a = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        a[i] = 2 * i;
    assert(a[n - 1] == 2 * n - 2);
    assert(a[0] == 0);
    free(a);
    return 0;
}
