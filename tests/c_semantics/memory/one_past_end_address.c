// expect: SUCCESSFUL
// `&a[N]` and `a + N` on an array of N elements are the address one past its end: valid to
// form, compare and subtract (C11 6.5.6p8), here as loop bounds and in a struct and a 2-D array.
#include <assert.h>
int one[1];
struct S {
    int len;
    int arr[2];
} s = {2, {3, 4}};
int main(void) {
    int *p = &one[1];
    assert(p == one + 1 && p - one == 1 && p > &one[0]);
    int a[3] = {1, 2, 3};
    int sum = 0;
    for (int *q = a; q != &a[3]; q++)
        sum += *q;
    assert(sum == 6);
    int n = 0;
    for (int *q = s.arr; q < &s.arr[2]; q++)
        n += *q;
    assert(n == 7);
    int m[2][3];
    assert(&m[0][3] == &m[1][0]);
    assert((int *)&m[2] == &m[1][3]);
    return 0;
}
