// expect: FAILED
// cc: skip nondeterministic size
// For len == 1, data[len - 1] is data[0], overwritten with 9.
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
    assert(data[0] == 7);
    free(data);
    return 0;
}
