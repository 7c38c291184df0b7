// expect: FAILED
// args: --malloc-may-fail
// cc: skip the failing allocation is asked for by an option
// With --malloc-may-fail, malloc may return NULL.
#include <assert.h>
#include <stdlib.h>

int main(void) {
    int *p = malloc(sizeof(int));
    assert(p != NULL);
    *p = 1;
    return 0;
}
