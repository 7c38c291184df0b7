// expect: UNKNOWN
// cc: skip undefined behaviour (a read through the address one past the end of an array)
// &a[3] on int a[3] is a valid address, but reading through it is undefined behaviour: not a
// read of b, neither a proof nor a counterexample.
#include <assert.h>
int main(void) {
    int a[3] = {1, 2, 3};
    int b = 7;
    int *end = &a[3];
    int x = *end;
    assert(x != b);
    return 0;
}
