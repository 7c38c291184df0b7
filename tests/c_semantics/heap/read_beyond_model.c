// expect: UNKNOWN
// cc: skip nondeterministic size; the read lies beyond the elements modelled
// Reading element 100 of a large block of symbolic size: beyond the modelled prefix.
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int len = __VERIFIER_nondet_int();
    if (len <= 200 || len > 1000)
        return 0;
    int *data = malloc(len * sizeof(int));
    data[100] = 5;
    assert(data[100] == 5);
    return 0;
}
