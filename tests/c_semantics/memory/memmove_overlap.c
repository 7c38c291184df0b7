// expect: SUCCESSFUL
// memmove with overlapping ranges inside one array.
#include <assert.h>
#include <string.h>

int main(void) {
    int a[5] = {1, 2, 3, 4, 5};
    memmove(&a[1], &a[0], 3 * sizeof(int));
    assert(a[0] == 1 && a[1] == 1 && a[2] == 2 && a[3] == 3 && a[4] == 5);
    memmove(&a[0], &a[2], 2 * sizeof(int));
    assert(a[0] == 2 && a[1] == 3);
    return 0;
}
