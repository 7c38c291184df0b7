// expect: SUCCESSFUL
// realloc keeps the prefix of the old block and gives room for more elements.
#include <assert.h>
#include <stdlib.h>

int main(void) {
    int *a = malloc(2 * sizeof(int));
    a[0] = 10;
    a[1] = 20;
    a = realloc(a, 4 * sizeof(int));
    a[2] = 30;
    a[3] = 40;
    assert(a[0] == 10 && a[1] == 20);
    assert(a[0] + a[1] + a[2] + a[3] == 100);
    int *b = realloc(NULL, sizeof(int)); /* realloc(NULL, n) is malloc(n) */
    *b = 7;
    assert(*b == 7);
    free(a);
    free(b);
    return 0;
}
