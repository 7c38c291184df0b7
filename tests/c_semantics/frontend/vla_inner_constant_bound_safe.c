// expect: SUCCESSFUL
// A variable-length array whose inner bounds are never-assigned variables with constant
// initialisers has exactly those bounds (layout, sizeof, row pointers).
#include <assert.h>
int MAX = 3;
int main(void) {
    unsigned int n = 4;
    int a[n][n][n];
    a[n / 2][n - 1][n - 1] = 1;
    assert(a[2][3][3] == 1);
    assert(sizeof(a[0]) == 4 * 4 * sizeof(int));
    assert(sizeof a == n * n * n * sizeof(int));
    int b[MAX][MAX];
    assert(b[0] < b[MAX - 1]);
    assert((char *)b[1] - (char *)b[0] == 3 * sizeof(int));
    int *p = &b[0][0];
    b[1][2] = 7;
    assert(p[5] == 7);
    return 0;
}
