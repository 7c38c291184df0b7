// expect: FAILED
// memset on a heap array sets every byte, so the element is not 1.
#include <assert.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    int *a = malloc(3 * sizeof(int));
    memset(a, 1, 3 * sizeof(int));
    assert(a[1] == 1);
    free(a);
    return 0;
}
