// expect: FAILED
// The assertion fails before any out-of-bounds access is reached: FAILED stands.
#include <assert.h>
int main(void) {
    int a[3] = {1, 2, 3};
    int i = 0;
    while (i < 3 && a[i] != 2)
        i++;
    assert(i != 1);
    a[i + 2] = 0;
    return a[0];
}
