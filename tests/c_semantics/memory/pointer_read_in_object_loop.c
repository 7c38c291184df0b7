// expect: SUCCESSFUL
// A loop reading an array through a pointer stops at its last element: every read lies in
// the object, and the sum is exact (no out-of-bounds guard can fail).
#include <assert.h>
int a[4] = {1, 2, 3, 4};
int b[4] = {5, 6, 7, 8};
int main(void) {
    int *p = a;
    int s = 0;
    for (int k = 0; k < 4; k++)
        s += p[k];
    int *q = b + 3;
    for (int k = 0; k < 4; k++)
        s += *(q - k);
    assert(s == 36);
    return 0;
}
