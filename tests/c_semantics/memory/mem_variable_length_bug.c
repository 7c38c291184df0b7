// expect: FAILED
// memset with a variable length clears one element too many for the check.
#include <assert.h>
#include <string.h>

int main(void) {
    int a[3] = {7, 7, 7};
    int n = 2;
    memset(a, 0, n * sizeof(int));
    assert(a[2] == 0);
    return 0;
}
