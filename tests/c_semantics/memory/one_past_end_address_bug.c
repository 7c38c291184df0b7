// expect: FAILED
// The address one past the end is valid to form and compare; the loop stops there, having
// summed 6, not 5.
#include <assert.h>
int main(void) {
    int a[3] = {1, 2, 3};
    int sum = 0;
    int *end = &a[3];
    for (int *q = a; q != end; q++)
        sum += *q;
    assert(end - a == 3);
    assert(sum == 5);
    return 0;
}
