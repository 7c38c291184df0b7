// expect: SUCCESSFUL
// cc: skip nondeterministic size
// A block of unbounded symbolic size: its first elements are modelled; writes are anywhere.
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int len = __VERIFIER_nondet_int();
    if (len <= 0 || len > 1000000)
        return 0;
    int *data = malloc(len * sizeof(int));
    data[0] = 7;
    data[len - 1] = 9;
    assert(len == 1 || data[0] == 7);
    free(data);
    return 0;
}
