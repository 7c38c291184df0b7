// expect: SUCCESSFUL
#include <assert.h>

struct point { int x, y; };

int main(void) {
    int a[4] = { [2] 9, [0] 1 };
    struct point p = { y: 3, x: 4 };
    assert(a[0] == 1 && a[1] == 0 && a[2] == 9 && a[3] == 0);
    assert(p.x == 4 && p.y == 3);
    return 0;
}
