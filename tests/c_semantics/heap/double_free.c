// expect: UNKNOWN
// cc: skip undefined behaviour (double free)
// The error is reached only after a double free: no verdict.
#include <assert.h>
#include <stdlib.h>

int main(void) {
    int *p = malloc(sizeof(int));
    free(p);
    free(p);
    assert(0);
    return 0;
}
