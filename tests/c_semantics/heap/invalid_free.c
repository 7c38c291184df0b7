// expect: UNKNOWN
// cc: skip undefined behaviour (free of a pointer into the middle of a block)
// free of a pointer that malloc did not return: no verdict.
#include <assert.h>
#include <stdlib.h>

int main(void) {
    int *p = malloc(4 * sizeof(int));
    free(p + 1);
    assert(0);
    return 0;
}
