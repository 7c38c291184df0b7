// expect: FAILED
// A variable-length array with constant inner bounds: b[1][0] is the fourth int.
#include <assert.h>
int main(void) {
    int m = 3;
    int b[2][m];
    int *p = &b[0][0];
    b[1][0] = 9;
    assert(p[4] == 9);
    return 0;
}
