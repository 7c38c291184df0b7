// expect: SUCCESSFUL
// Pointer arithmetic and comparison within one heap block.
#include <assert.h>
#include <stdlib.h>

int main(void) {
    int *a = malloc(6 * sizeof(int));
    int *end = a + 6;
    int n = 0;
    for (int *p = a; p < end; p++) {
        *p = n;
        n++;
    }
    assert(n == 6);
    assert(end - a == 6);
    assert(a + 4 > a + 1);
    int *mid = a + 3;
    assert(*mid == 3 && mid[-1] == 2 && *(end - 1) == 5);
    free(a);
    return 0;
}
